//! What each command does, as library functions over files: load, check, adjudicate, write
//! atomically, report. The CLI only turns arguments into calls to these.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::engine::atomic;
use crate::engine::canon::to_hex;
use crate::engine::game::Rules;
use crate::engine::gamefile::GameFile;
use crate::engine::secrets;
use crate::engine::session;
use crate::engine::Error;
use crate::games;

/// A game file with the rules it names.
pub struct Loaded {
    pub rules: Box<dyn Rules>,
    pub game: GameFile,
}

/// Loads a game file to act on: its format, rules and data, that its current state is the one
/// its log carries, and that its records link up and carry their senders' signatures (an
/// edited state or record is refused, naming what to run), and that a result it holds unsent
/// follows from the rules. The decision it awaits is put in the words its state gives.
pub fn load_game(path: &Path, data_dir: Option<&Path>) -> Result<Loaded, Error> {
    load_game_with(path, &|_| data_dir.map(Path::to_path_buf))
}

/// `load_game` with the data folder chosen by the game's id (`--data`, else the player's
/// config for that game), read from the file.
pub fn load_game_with(
    path: &Path,
    data_for: &dyn Fn(&str) -> Option<PathBuf>,
) -> Result<Loaded, Error> {
    let mut l = load_game_unchecked_with(path, data_for)?;
    session::check_current_state(l.rules.as_ref(), &l.game).map_err(|e| in_file(e, path))?;
    crate::engine::verify::check_log(l.rules.as_ref(), &l.game).map_err(|e| in_file(e, path))?;
    crate::engine::verify::check_pending_result(l.rules.as_ref(), &l.game)
        .map_err(|e| in_file(e, path))?;
    // Whose decision it is was checked; the words for it are the state's, not the file's.
    l.game.awaiting = crate::engine::verify::check_awaiting(l.rules.as_ref(), &l.game)
        .map_err(|e| in_file(e, path))?;
    Ok(l)
}

/// Loads a game file for `verify`, which checks the state itself and says where it differs,
/// with the data folder chosen by the game's id.
pub fn load_game_unchecked_with(
    path: &Path,
    data_for: &dyn Fn(&str) -> Option<PathBuf>,
) -> Result<Loaded, Error> {
    let text = atomic::read(path)?;
    let game = GameFile::parse(&text).map_err(|e| in_file(e, path))?;
    let rules = match data_for(&game.id) {
        Some(dir) => games::load(&game.game, Some(&dir))?,
        None => games::load_pinned(&game.game, &game.data)?,
    };
    session::check_file(rules.as_ref(), &game).map_err(|e| in_file(e, path))?;
    Ok(Loaded { rules, game })
}

/// The secret `side` began `gf` with, where `dir` holds one: `None` when the folder holds no
/// secret of the side; a file there that cannot be used, or is not the secret the game began
/// with, is an error. The bot seeds its search from it; `verify` checks a pending roll with it.
pub fn held_secret(
    gf: &GameFile,
    side: &str,
    dir: &Path,
) -> Result<Option<secrets::Secret>, Error> {
    if !secrets::path(dir, &gf.id, side).exists() {
        return Ok(None);
    }
    own_secret(gf, side, dir).map(Some)
}

/// `held_secret` for a run that must have it (one that writes a packet of the bot's): a
/// missing secret is an error naming the file looked for.
pub fn own_secret(gf: &GameFile, side: &str, dir: &Path) -> Result<secrets::Secret, Error> {
    let secret = secrets::load(dir, &gf.id, side)?;
    // A secret that does not fit the game names its file: which one was read is the question.
    session::check_secret(gf, &secret, side).map_err(|e| match e {
        Error::Secrets { message } => Error::Secrets {
            message: format!(
                "{message} (the secret read: `{}`)",
                secrets::path(dir, &gf.id, side).display()
            ),
        },
        other => other,
    })?;
    Ok(secret)
}

/// Names the file in an error about "the game file".
fn in_file(e: Error, path: &Path) -> Error {
    naming_file(e, "the game file", path)
}

/// Names the file `path` in an error about `what` ("the orders file", "the packet").
pub(crate) fn naming_file(e: Error, what: &str, path: &Path) -> Error {
    renamed(e, what, format!("{what} `{}`", path.display()))
}

/// `e`, where it is about `what` (a format or YAML fault), said to be about `to` instead.
pub(crate) fn renamed(e: Error, what: &str, to: String) -> Error {
    match e {
        Error::Format { what: w, message } if w == what => Error::Format { what: to, message },
        Error::Yaml { what: w, source } if w == what => Error::Yaml { what: to, source },
        Error::Position { what: w, fault } if w == what => Error::Position { what: to, fault },
        Error::Shape {
            what: w,
            path,
            line,
            message,
        } if w == what => Error::Shape {
            what: to,
            path,
            line,
            message,
        },
        other => other,
    }
}

/// `e` naming the orders file at `path` it is about: a rule's refusal or a value of the wrong
/// shape (errors reading the file name it already).
pub fn in_orders_file(e: Error, path: &Path) -> Error {
    match e {
        Error::Orders(oe) => Error::Orders(oe.in_file(path)),
        Error::Shape {
            what,
            path: at,
            line,
            message,
        } if what == "orders" => Error::Shape {
            what: format!("the orders file `{}`", path.display()),
            path: at,
            line,
            message,
        },
        other => other,
    }
}

/// The text of a game file.
pub fn game_text(gf: &GameFile) -> Result<String, Error> {
    Ok(format!(
        "# adjutant game file: edit nothing below; `adjutant verify` detects any change to the log or state.\n{}",
        gf.to_yaml()?
    ))
}

/// Writes a game file on its own, all or nothing.
pub fn save_game(path: &Path, gf: &GameFile) -> Result<(), Error> {
    atomic::write(path, game_text(gf)?.as_bytes())
}

/// What one command writes, made visible together when all of it is ready (the game file
/// last), and the locks it holds until then. Dropping it without `commit` changes nothing.
#[derive(Default)]
pub struct Commit {
    staged: atomic::Staged,
    locks: Vec<(PathBuf, atomic::Lock)>,
    /// Ledgers read (under their secret's lock) and changed by this command.
    ledgers: BTreeMap<PathBuf, (crate::engine::ledger::Ledger, bool)>,
    /// Standing policies committed by this command (side, commitment, policy), staged but not
    /// written yet: a step adjudicated later in the same run (the bot's attack in `play --bot`)
    /// reads them here.
    policies: Vec<(String, String, crate::engine::record::PolicyReveal)>,
}

/// A point in a `Commit` to go back to (`Commit::savepoint`).
pub struct Savepoint {
    staged: atomic::Mark,
    ledgers: BTreeMap<PathBuf, (crate::engine::ledger::Ledger, bool)>,
    policies: usize,
}

impl Commit {
    pub fn new() -> Commit {
        Commit::default()
    }

    /// Locks a file for this command's read-modify-write (waiting for another run that holds
    /// it). Standard input and files that do not exist yet need no lock.
    pub fn lock(&mut self, path: &Path) -> Result<(), Error> {
        if path == Path::new("-") || !path.exists() {
            return Ok(());
        }
        let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if self.locks.iter().any(|(p, _)| *p == key) {
            return Ok(());
        }
        let lock = atomic::Lock::exclusive(&key)?;
        self.locks.push((key, lock));
        Ok(())
    }

    pub fn add(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        self.staged.add(path, bytes)
    }

    pub fn add_kind(&mut self, path: &Path, bytes: &[u8], kind: atomic::Kind) -> Result<(), Error> {
        self.staged.add_kind(path, bytes, kind)
    }

    /// Stages the game file, to be written after everything else.
    pub fn add_game(&mut self, path: &Path, gf: &GameFile) -> Result<(), Error> {
        self.staged.add_last(path, game_text(gf)?.as_bytes())
    }

    /// Stages `text` for standard output: it is written with the command's other outputs,
    /// before any file is put into place, so that a standard output that fails (a full disk,
    /// a closed pipe) leaves every file as it was. What a command prints once its files are
    /// written would fail with them already changed.
    pub fn print(&mut self, text: &str) {
        self.staged.add_stdout(text.as_bytes());
    }

    /// Stages a packet made by this command together with the game file that records it, the
    /// game file last.
    pub fn add_packet(
        &mut self,
        out: &Path,
        packet: &crate::engine::record::Packet,
        game: &Path,
        gf: &GameFile,
    ) -> Result<(), Error> {
        self.add(out, packet_text(packet)?.as_bytes())?;
        self.add_game(game, gf)
    }

    /// Writes a packet made by this command together with the game file that records it, the
    /// game file last, or neither (with any ledger and policy staged before).
    pub fn commit_packet(
        mut self,
        out: &Path,
        packet: &crate::engine::record::Packet,
        game: &Path,
        gf: &GameFile,
    ) -> Result<(), Error> {
        self.add_packet(out, packet, game, gf)?;
        self.commit()
    }

    /// What this command has staged so far, to go back to (`roll_back`) when a step after it
    /// fails and the steps before it are written all the same (`play_bots`).
    pub fn savepoint(&self) -> Savepoint {
        Savepoint {
            staged: self.staged.mark(),
            ledgers: self.ledgers.clone(),
            policies: self.policies.len(),
        }
    }

    /// Forgets what was staged after `point`: the ledgers as they were then, the outputs and
    /// policies staged since dropped. Locks taken since are kept until the commit.
    pub fn roll_back(&mut self, point: Savepoint) {
        self.staged.truncate(point.staged);
        self.ledgers = point.ledgers;
        self.policies.truncate(point.policies);
    }

    pub fn commit(self) -> Result<(), Error> {
        let Commit {
            mut staged,
            locks,
            ledgers,
            policies: _,
        } = self;
        // The ledgers go first, before even standard output: an element is on record as used
        // before anything that reveals it leaves the process.
        let mut first = atomic::Staged::new();
        for (path, (ledger, changed)) in &ledgers {
            if *changed {
                first.add_guard(path, crate::engine::ledger::to_text(ledger)?.as_bytes())?;
            }
        }
        first.append(&mut staged)?;
        let result = first.commit();
        drop(locks);
        result
    }
}

/// Records in each party's ledger the chain elements a run used, under the secret's lock, and
/// stages the ledgers. A party whose secret is not in `secrets_dir` (a witness) keeps its own.
///
/// # Errors
/// When an element was already used for a different record, or the secret serves another game.
pub fn note_uses(
    commit: &mut Commit,
    secrets_dir: &Path,
    l: &Loaded,
    uses: &[(String, crate::engine::ledger::Usage)],
) -> Result<(), Error> {
    use crate::engine::ledger;
    if uses.is_empty() {
        return Ok(());
    }
    let genesis = to_hex(&session::genesis_hash(l.rules.as_ref(), &l.game)?);
    for (party, usage) in uses {
        secrets::check_names(&l.game.id, party)?;
        let secret = secrets::path(secrets_dir, &l.game.id, party);
        if !secret.exists() {
            continue;
        }
        // A published demo secret protects nothing: anyone can compute its dice. It keeps no
        // ledger, so the shipped examples can be played again as they are.
        if secrets::load(secrets_dir, &l.game.id, party)?.demo {
            continue;
        }
        let path = ledger::path(secrets_dir, &l.game.id, party);
        if !commit.ledgers.contains_key(&path) {
            commit.lock(&secret)?;
            let ledger = ledger::load(&path, &l.game.id, party)?;
            commit.ledgers.insert(path.clone(), (ledger, false));
        }
        let (ledger, changed) = commit.ledgers.get_mut(&path).expect("inserted above");
        // A solitaire player has no receiver to mail to: a used element means orders played
        // already in another copy of the game file.
        if ledger.record(&genesis, usage, session::is_solitaire(l.rules.as_ref()))? {
            *changed = true;
        }
    }
    Ok(())
}

mod adjudicate;
mod bot;
mod create;
mod inbox;
mod mail;
mod orders;
mod report;
#[cfg(test)]
mod tests;

pub use adjudicate::*;
pub use bot::*;
pub use create::*;
pub use inbox::*;
pub use mail::*;
pub use orders::*;
pub use report::*;
