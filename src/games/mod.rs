//! The games adjutant knows, each a full rulebook in its own module, and the registry that
//! loads one by the name a game file gives.

use std::path::Path;

use crate::engine::canon::{sha256, to_hex};
use crate::engine::game::{Game, Loaded, Rules};
use crate::engine::Error;

pub mod solo_1776;
pub mod southern_strategy;
pub mod the_lost_cause;

/// The names `new --game` accepts.
pub const NAMES: &[&str] = &[
    southern_strategy::SouthernStrategy::NAME,
    the_lost_cause::TheLostCause::NAME,
    solo_1776::Solo1776::NAME,
];

/// Every side of every game, in the games' order: the names `keys --side` accepts, besides a
/// solitaire game's `witness` and `self`.
pub fn all_sides() -> Vec<&'static str> {
    [
        southern_strategy::SouthernStrategy::SIDES,
        the_lost_cause::TheLostCause::SIDES,
        solo_1776::Solo1776::SIDES,
    ]
    .concat()
}

/// Loads a game's rules with its data: the copy built into adjutant, or the files in
/// `data_dir` (for owners of the printed game who transcribe its real values).
pub fn load(name: &str, data_dir: Option<&Path>) -> Result<Box<dyn Rules>, Error> {
    let current = editions(name).first().copied().unwrap_or_default();
    load_edition(name, current, data_dir)
}

/// Each game's editions of its pinned data built into adjutant, the current one first: a
/// game file begun with an older one (before the tables were retuned, or before a reading
/// followed the text) is loaded with it. None for a game adjutant does not know.
fn editions(name: &str) -> &'static [&'static [(&'static str, &'static str)]] {
    match name {
        southern_strategy::SouthernStrategy::NAME => &[
            southern_strategy::DATA_FILES,
            southern_strategy::DATA_FILES_V11,
            southern_strategy::DATA_FILES_V10,
            southern_strategy::DATA_FILES_V9,
            southern_strategy::DATA_FILES_V8,
            southern_strategy::DATA_FILES_V7,
            southern_strategy::DATA_FILES_V6,
            southern_strategy::DATA_FILES_V5,
            southern_strategy::DATA_FILES_V4,
            southern_strategy::DATA_FILES_V3,
            southern_strategy::DATA_FILES_V2,
            southern_strategy::DATA_FILES_V1,
        ],
        the_lost_cause::TheLostCause::NAME => &[
            the_lost_cause::DATA_FILES,
            the_lost_cause::DATA_FILES_V9,
            the_lost_cause::DATA_FILES_V8,
            the_lost_cause::DATA_FILES_V7,
            the_lost_cause::DATA_FILES_V6,
            the_lost_cause::DATA_FILES_V5,
            the_lost_cause::DATA_FILES_V4,
            the_lost_cause::DATA_FILES_V3,
            the_lost_cause::DATA_FILES_V2,
            the_lost_cause::DATA_FILES_V1,
        ],
        solo_1776::Solo1776::NAME => &[
            solo_1776::DATA_FILES,
            solo_1776::DATA_FILES_V15,
            solo_1776::DATA_FILES_V14,
            solo_1776::DATA_FILES_V13,
            solo_1776::DATA_FILES_V12,
            solo_1776::DATA_FILES_V11,
            solo_1776::DATA_FILES_V10,
            solo_1776::DATA_FILES_V9,
            solo_1776::DATA_FILES_V8,
            solo_1776::DATA_FILES_V7,
            solo_1776::DATA_FILES_V6,
            solo_1776::DATA_FILES_V5,
            solo_1776::DATA_FILES_V4,
            solo_1776::DATA_FILES_V3,
            solo_1776::DATA_FILES_V2,
            solo_1776::DATA_FILES_V1,
        ],
        _ => &[],
    }
}

/// The game `name` with the `pinned` files of one of its editions (or those in `data_dir`),
/// and its own display files.
fn load_edition(
    name: &str,
    pinned: &[(&str, &str)],
    data_dir: Option<&Path>,
) -> Result<Box<dyn Rules>, Error> {
    match name {
        southern_strategy::SouthernStrategy::NAME => {
            load_game::<southern_strategy::SouthernStrategy>(
                pinned,
                southern_strategy::DISPLAY_FILES,
                data_dir,
            )
        }
        the_lost_cause::TheLostCause::NAME => load_game::<the_lost_cause::TheLostCause>(
            pinned,
            the_lost_cause::DISPLAY_FILES,
            data_dir,
        ),
        solo_1776::Solo1776::NAME => load_game::<solo_1776::Solo1776>(pinned, &[], data_dir),
        other => Err(Error::Format {
            what: "the game".into(),
            message: format!(
                "`{other}` is not a game adjutant knows; it knows {}",
                crate::engine::error::listed(NAMES, "and")
            ),
        }),
    }
}

/// Whether `pins` (a game file's data hashes) pin exactly the texts of `files`.
fn pins_files(pins: &std::collections::BTreeMap<String, String>, files: &[(&str, &str)]) -> bool {
    files
        .iter()
        .all(|(n, t)| pins.get(*n).is_some_and(|h| *h == data_hash(t)))
}

/// Loads the rules for a game file that pins `pins`: the built-in edition of the data whose
/// hashes it pins (an older one for a game begun before the tables were retuned), else the
/// current one (which then refuses the file, naming the file that differs).
pub fn load_pinned(
    name: &str,
    pins: &std::collections::BTreeMap<String, String>,
) -> Result<Box<dyn Rules>, Error> {
    match editions(name).iter().find(|files| pins_files(pins, files)) {
        Some(files) => load_edition(name, files, None),
        None => load(name, None),
    }
}

/// `pinned` files decide the rules and are pinned by hash in every game file; `display`
/// files only draw pictures and may differ between the players. A data folder without a
/// display file uses the built-in one.
fn load_game<G: Game>(
    pinned: &[(&str, &str)],
    display: &[(&str, &str)],
    data_dir: Option<&Path>,
) -> Result<Box<dyn Rules>, Error> {
    let mut files = Vec::new();
    for (name, text) in pinned.iter().chain(display) {
        let text = match data_dir {
            // A folder of transcribed rules data need not draw its own pictures.
            Some(dir) if display.iter().any(|(d, _)| d == name) && !dir.join(name).exists() => {
                text.to_string()
            }
            Some(dir) => {
                let p = dir.join(name);
                crate::engine::atomic::reading_file(&p, "the data folder");
                std::fs::read_to_string(&p).map_err(|source| Error::Io {
                    path: p,
                    action: "read game data",
                    source,
                })?
            }
            None => text.to_string(),
        };
        files.push((name.to_string(), text));
    }
    let hashes = files
        .iter()
        .filter(|(n, _)| pinned.iter().any(|(p, _)| p == n))
        .map(|(n, t)| (n.clone(), data_hash(t)))
        .collect();
    let data = G::load_data(&files)?;
    Ok(Box::new(Loaded::<G> { data, hashes }))
}

/// Whether a game file's pinned data is a copy built into adjutant, of any edition (not a
/// player's own tables given with `--data`).
pub fn is_built_in_data(name: &str, pinned: &std::collections::BTreeMap<String, String>) -> bool {
    editions(name).iter().any(|files| pins_files(pinned, files))
}

/// The hash pinning a data file: SHA-256 of its text with line ends made `\n`, so a checkout
/// with other line ends still matches.
pub fn data_hash(text: &str) -> String {
    to_hex(&sha256(text.replace("\r\n", "\n").as_bytes()))
}
