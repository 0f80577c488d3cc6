//! `keys` and `new`: a party's secret, and a new game file from the parties' public lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::*;
use crate::engine::atomic;
use crate::engine::canon::from_hex;
use crate::engine::chain::DEFAULT_CHAIN_LENGTH;
use crate::engine::game::Rules;
use crate::engine::gamefile::{GameFile, Player};
use crate::engine::secrets::{self, Secret};
use crate::engine::session::{self, SELF, WITNESS};
use crate::engine::Error;
use crate::games;

/// What `keys` did.
pub struct Keys {
    pub path: PathBuf,
    /// The public line `ANCHOR:KEY` to send the other player.
    pub line: String,
    /// Whether the secret was made now (else it was shown, on request).
    pub created: bool,
    /// The game the secret already serves, by genesis hash, when it has been used.
    pub serves: Option<String>,
}

/// A side as `keys --side` may write it, in any case (`Crown`), as the games name it
/// (`crown`): a secret made for a side no game has could never be used.
fn known_side(side: &str) -> Result<String, Error> {
    use crate::engine::session::{SELF, WITNESS};
    let lower = side.trim().to_ascii_lowercase();
    let sides = crate::games::all_sides();
    if sides.contains(&lower.as_str()) || lower == WITNESS || lower == SELF {
        return Ok(lower);
    }
    Err(Error::Format {
        what: "the side".into(),
        message: format!(
            "`{side}` is not a side of any game adjutant knows: {} (or `{WITNESS}`, `{SELF}` for a solitaire game's dice)",
            crate::engine::error::ticked(&sides, "or")
        ),
    })
}

/// `keys`: makes a new secret for a game and side and returns its public line. A secret serves
/// one game only, so an existing one is never handed back as if new: with `show` its line is
/// printed (saying so), else the run is refused. A new secret is staged in `commit`, to be in
/// place before its line goes out (staged by the caller, `Commit::print`) and taken back if
/// none of it did.
pub fn keys(
    commit: &mut Commit,
    dir: &Path,
    game_id: &str,
    side: &str,
    chain_length: u64,
    show: bool,
) -> Result<Keys, Error> {
    let side = &known_side(side)?;
    secrets::check_names(game_id, side)?;
    let path = secrets::path(dir, game_id, side);
    if show {
        let s = secrets::load(dir, game_id, side)?;
        let ledger = crate::engine::ledger::load(
            &crate::engine::ledger::path(dir, game_id, side),
            game_id,
            side,
        )?;
        return Ok(Keys {
            path,
            line: s.public_line()?,
            created: false,
            serves: ledger.genesis,
        });
    }
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(Error::Secrets {
            message: format!(
                "a secret for `{game_id}` / `{side}` exists already (`{}`); a secret serves one game only, so it is not handed out again as new. For a new game choose a new game id; to print the public line of the game this secret was made for, add `--show`",
                path.display()
            ),
        });
    }
    secrets::check_chain_length(chain_length)?;
    let s = Secret::generate(game_id, side, chain_length)?;
    let path = secrets::stage_before_output(&mut commit.staged, dir, None, &s)?;
    Ok(Keys {
        path,
        line: s.public_line()?,
        created: true,
        serves: None,
    })
}

/// Reads a public line `ANCHOR:KEY` as `keys` and `witness new` print it (spaces and line
/// breaks a mail added are dropped).
pub fn parse_public_line(party: &str, line: &str) -> Result<(String, String), Error> {
    let clean: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = |message: String| Error::Format {
        what: format!("the public line of `{party}`"),
        message,
    };
    let Some((anchor, key)) = clean.split_once(':') else {
        return Err(bad(format!(
            "`{}` is not `ANCHOR:KEY`: give the whole line `adjutant keys` (or `witness new`) printed; a bare anchor comes from an adjutant older than version 2",
            clean.escape_debug()
        )));
    };
    if from_hex(anchor).is_none() {
        return Err(bad(format!(
            "its anchor `{}` is not 64 lower-case hex digits",
            anchor.escape_debug()
        )));
    }
    if crate::engine::sign::parse_public(key).is_none() {
        return Err(bad(format!(
            "its key `{}` is not an Ed25519 public key in 64 lower-case hex digits",
            key.escape_debug()
        )));
    }
    Ok((anchor.to_string(), key.to_string()))
}

/// How `new` learns each side's anchor.
pub enum Anchors {
    /// Given by the players (`--anchor side=ANCHOR:KEY`, each the line `keys` printed).
    Given(BTreeMap<String, String>),
    /// Both secrets made here, for face-to-face play (`--hotseat`).
    Hotseat,
    /// The published demo secrets, for examples and tutorials (`--demo`).
    Demo,
}

pub struct NewGame<'a> {
    pub game: &'a str,
    pub id: &'a str,
    pub anchors: Anchors,
    /// A solitaire game's dice mode, `self` or `witness` (dice-protocol section 5): the name
    /// of its dice party. Left out, it follows from `--anchor witness=` or `--anchor self=`,
    /// and `--hotseat` or `--demo` mean `self`.
    pub mode: Option<&'a str>,
    pub names: BTreeMap<String, String>,
    pub emails: BTreeMap<String, String>,
    pub secrets_dir: &'a Path,
    pub data_dir: Option<&'a Path>,
    pub chain_length: Option<u64>,
    /// A position to start from instead of the set-up (`new --position`).
    pub position: Option<PositionFile>,
}

/// The format of a position file.
pub const POSITION_FORMAT: &str = "adjutant-position/1";

/// `position`: a game's current state, or the state after step `at` (the log replayed and
/// checked up to it), as a position file for `new --position`.
pub fn position(l: &Loaded, at: Option<u64>) -> Result<String, Error> {
    let pending = l.game.pending.as_ref().map(|p| p.step);
    let state = match at {
        None => l.game.state.clone(),
        // A step this copy adjudicated, whose result is not in the log yet: the state now.
        Some(step) if Some(step) == pending => l.game.state.clone(),
        Some(step) => {
            let mut replay = session::Replay::from_genesis(l.rules.as_ref(), &l.game)?;
            let mut found = None;
            // The steps with results, and which step each record's result belongs to.
            let mut steps = Vec::new();
            let mut result_of = None;
            for rec in &l.game.log {
                if let Some(view) = replay.push(rec)? {
                    if rec.step == step {
                        result_of = Some(view.step);
                    }
                    if view.step == step {
                        found = Some(replay.state.clone());
                        break;
                    }
                    steps.push(view.step);
                }
            }
            found.ok_or_else(|| {
                let hint = match result_of {
                    Some(s) => format!("record {step} carries the result of step {s}: give `--at {s}`; "),
                    None => String::new(),
                };
                let known = if steps.is_empty() {
                    "no step has a result yet".to_string()
                } else {
                    format!("the steps with results are {}", super::report::number_spans(&steps))
                };
                Error::Format {
                    what: "position".into(),
                    message: format!(
                        "step {step} has no adjudicated result in this game file's log ({hint}{known})"
                    ),
                }
            })?
        }
    };
    let v = serde_json::json!({"format": POSITION_FORMAT, "game": l.game.game, "state": state});
    let text = serde_yaml::to_string(&v).map_err(|e| Error::Encode(e.to_string()))?;
    // Named as `--at` names it: by the last step whose result the state holds.
    let from = match at {
        Some(s) => format!("after step {s}"),
        None => match &l.game.pending {
            Some(p) => format!(
                "after step {} (adjudicated in this copy; its result goes out with the next record)",
                p.step
            ),
            // The last result the log carries is that of the step the state follows.
            None => match l
                .game
                .log
                .iter()
                .rev()
                .find_map(|r| r.result.as_ref().map(|res| res.step))
            {
                Some(s) => format!("after step {s}"),
                None => "before its first step".to_string(),
            },
        },
    };
    Ok(format!(
        "# adjutant position: game `{}` {from}. Start a game from it with `adjutant new --game {} --position FILE`.\n{text}",
        l.game.id, l.game.game
    ))
}

/// A position file as read: its state, and its text and name for errors that point at a line.
#[derive(Debug, Clone)]
pub struct PositionFile {
    pub path: std::path::PathBuf,
    pub text: String,
    /// The game it is a position of (its `game:` line).
    pub game: String,
    pub state: Value,
}

impl PositionFile {
    /// Checks the position against the rules; a fault names the file and the line of the bad
    /// value.
    pub fn check(&self, rules: &dyn Rules) -> Result<(), Error> {
        let what = format!("the position `{}`", self.path.display());
        // Names a position gives (a town's) go into reports and boards others read.
        crate::engine::written::require_plain(
            &self.state,
            &self.text,
            what.clone(),
            "state.",
            "a name in a position is plain text, as reports and boards print it",
        )?;
        rules.check_position(&self.state).map_err(|e| match e {
            Error::Format { message, .. } => Error::Format { what, message },
            other => other.in_position(
                what,
                |p| p,
                |p| crate::engine::locate::line_of(&self.text, p),
            ),
        })
    }
}

/// Reads a position file: `format: adjutant-position/1`, `game:` and the `state:` to start
/// from, in the game's own state format (as a game file shows it).
pub fn read_position(path: &Path, game: Option<&str>) -> Result<PositionFile, Error> {
    let text = atomic::read(path)?;
    let what = format!("the position `{}`", path.display());
    let v: Value = crate::engine::input::parse_written(&text, &what)?;
    let bad = |message: String| Error::Format {
        what: what.clone(),
        message,
    };
    if v["format"] != POSITION_FORMAT {
        return Err(bad(format!("it must say `format: {POSITION_FORMAT}`")));
    }
    let Some(its) = v["game"].as_str() else {
        return Err(bad(
            "it names no game (`game: southern-strategy`, `the-lost-cause` or `solo-1776`)".into(),
        ));
    };
    if let Some(game) = game.filter(|g| *g != its) {
        return Err(bad(format!(
            "it is a position of `{its}`, not of `{game}` (given with `--game`)"
        )));
    }
    match v.get("state") {
        Some(s) if s.is_object() => Ok(PositionFile {
            path: path.to_path_buf(),
            game: its.to_string(),
            state: s.clone(),
            text,
        }),
        _ => Err(bad("it has no `state:` mapping".into())),
    }
}

/// A new game: its file, and the secrets made here for it (hot-seat, demo, a solitaire
/// player's own chains), which the caller saves with the game file.
#[derive(Debug)]
pub struct Created {
    pub game: GameFile,
    pub secrets: Vec<Secret>,
    /// The first decision in words, its side by name: `Crown (supply)`.
    pub first: Option<String>,
}

pub fn new_game(opts: NewGame) -> Result<Created, Error> {
    let rules = games::load(opts.game, opts.data_dir)?;
    new_game_with(rules.as_ref(), opts)
}

/// Stages the secrets a new game made, beside the game file, in `dir`: in place before the
/// game file goes out (`new -o -` prints it, its anchors theirs; they went into place after
/// it, so a run stopped between printed a game nobody could play), and taken back if the game
/// file does not.
pub fn stage_secrets(commit: &mut Commit, dir: &Path, made: &[Secret]) -> Result<(), Error> {
    for s in made {
        secrets::stage_before_output(&mut commit.staged, dir, None, s)?;
    }
    Ok(())
}

/// `new` with rules already loaded.
pub(crate) fn new_game_with(rules: &dyn Rules, opts: NewGame) -> Result<Created, Error> {
    session::check_id(opts.id)?;
    let n = opts.chain_length.unwrap_or(DEFAULT_CHAIN_LENGTH);
    secrets::check_chain_length(n)?;
    let bad = |message: String| Error::Format {
        what: "new".into(),
        message,
    };
    // Names and addresses go into mail headers and the HTML replay others read.
    for (flag, given, longest) in [
        ("name", &opts.names, crate::engine::written::MAX_LABEL),
        ("email", &opts.emails, 254),
    ] {
        for (side, text) in given {
            if let Some(fault) = crate::engine::written::name_fault(text, longest) {
                return Err(bad(format!("`--{flag} {side}=...`: {fault}")));
            }
        }
    }
    let given = match &opts.anchors {
        Anchors::Given(m) => m.clone(),
        _ => BTreeMap::new(),
    };
    let solitaire = session::is_solitaire(rules);
    let party = match (solitaire, opts.mode) {
        (false, None) => None,
        (false, Some(m)) => {
            return Err(bad(format!(
                "`--mode {m}` is for solitaire games; {} has the sides {}",
                opts.game,
                crate::engine::error::ticked(rules.sides(), "and")
            )))
        }
        (true, Some(m)) => Some(
            *session::DICE_PARTIES
                .iter()
                .find(|p| **p == m)
                .ok_or_else(|| bad(format!("`--mode` is `self` or `witness`, not `{m}`")))?,
        ),
        (true, None) => match &opts.anchors {
            Anchors::Hotseat | Anchors::Demo => Some(SELF),
            Anchors::Given(m) => Some(
                *session::DICE_PARTIES
                    .iter()
                    .find(|p| m.contains_key(**p))
                    .ok_or_else(|| {
                        bad(format!(
                            "{} is a solitaire game: say where its dice come from, `--mode self` (you hold the dice chain too) or `--mode witness --anchor {WITNESS}=HEX` (from `adjutant witness new`)",
                            opts.game
                        ))
                    })?,
            ),
        },
    };
    let mut names: Vec<&str> = rules.sides().to_vec();
    names.extend(party);
    let mut players = BTreeMap::new();
    let mut made = Vec::new();
    for name in &names {
        let line = match (given.get(*name), &opts.anchors) {
            (Some(a), _) => a.clone(),
            (None, _) if *name == WITNESS => return Err(bad(format!(
                "no anchor for the witness: give `--anchor {WITNESS}=HEX`, the anchor `adjutant witness new` printed for your witness"
            ))),
            (None, Anchors::Hotseat) => {
                let s = Secret::generate(opts.id, name, n)?;
                let line = s.public_line()?;
                made.push(s);
                line
            }
            (None, Anchors::Demo) => {
                let s = Secret::demo(opts.id, name, n);
                let line = s.public_line()?;
                made.push(s);
                line
            }
            // A solitaire player's own chains (its side and, in self mode, `self`) are made
            // here, or read when `keys` made them before.
            (None, Anchors::Given(_)) if solitaire => {
                own_chain(opts.secrets_dir, opts.id, name, n, &mut made)?
            }
            (None, Anchors::Given(_)) => return Err(bad(format!(
                "no anchor for `{name}`: give `--anchor {name}=HEX` (from `adjutant keys`), or `--hotseat`"
            ))),
        };
        let (anchor, key) = parse_public_line(name, &line)?;
        players.insert(
            name.to_string(),
            Player {
                name: opts.names.get(*name).cloned().unwrap_or_default(),
                email: opts.emails.get(*name).cloned().unwrap_or_default(),
                anchor,
                key: Some(key),
            },
        );
    }
    let known = names
        .iter()
        .chain(session::DICE_PARTIES.iter().filter(|_| solitaire));
    for extra in given.keys() {
        if !known.clone().any(|k| k == extra) {
            return Err(bad(format!("`{extra}` is not a side of {}", opts.game)));
        }
        if !names.contains(&extra.as_str()) {
            return Err(bad(format!(
                "`{extra}` is not the dice party of this game, which is in `{}` mode",
                party.unwrap_or_default()
            )));
        }
    }
    for s in &made {
        if std::fs::symlink_metadata(secrets::path(opts.secrets_dir, &s.game, &s.side)).is_ok() {
            return Err(Error::Secrets {
                message: format!(
                    "a secret for `{}` / `{}` exists already in `{}`; a secret serves one game only: choose a new game id",
                    s.game,
                    s.side,
                    opts.secrets_dir.display()
                ),
            });
        }
    }
    if let Some(p) = &opts.position {
        p.check(rules)?;
    }
    let game = session::create(rules, opts.id, players, n, opts.position.map(|p| p.state))?;
    let first = game.awaiting.as_ref().map(|w| rules.awaiting_words(w));
    Ok(Created {
        game,
        secrets: made,
        first,
    })
}

/// A chain of the player's own for a new solitaire game: the secret `keys` made before, if it
/// is there, else a new one (added to `made`, to be saved with the game file).
fn own_chain(
    dir: &Path,
    id: &str,
    party: &str,
    n: u64,
    made: &mut Vec<Secret>,
) -> Result<String, Error> {
    secrets::check_names(id, party)?;
    if secrets::path(dir, id, party).exists() {
        let s = secrets::load(dir, id, party)?;
        if s.chain_length != n {
            return Err(Error::Secrets {
                message: format!(
                    "the secret of `{party}` has chain length {}, not {n}; give `--chain-length {}`",
                    s.chain_length, s.chain_length
                ),
            });
        }
        return s.public_line();
    }
    let s = Secret::generate(id, party, n)?;
    let line = s.public_line()?;
    made.push(s);
    Ok(line)
}
