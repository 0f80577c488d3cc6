//! Orders files and packets: reading and checking orders, writing the packet that carries them.

use std::path::Path;

use serde_json::Value;

use super::*;
use crate::engine::atomic;
use crate::engine::game::{Additions, LegalOption};
use crate::engine::gamefile::GameFile;
use crate::engine::locate;
use crate::engine::record::Packet;
use crate::engine::secrets::{self};
use crate::engine::session::{self};
use crate::engine::Error;

/// An orders file: the game's orders, with optional `game:` and `side:` lines that guard
/// against using it with the wrong game or side.
pub struct OrdersFile {
    pub text: String,
    pub game: Option<String>,
    pub side: Option<String>,
    pub orders: Value,
}

/// The most an orders file, a packet or a policy may hold: a few kilobytes in practice.
pub const MAX_ORDERS_BYTES: u64 = 1 << 20;

pub fn read_orders(path: &Path) -> Result<OrdersFile, Error> {
    let text = atomic::read_limited(path, MAX_ORDERS_BYTES)?;
    parse_orders(&text).map_err(|e| naming_file(e, "the orders file", path))
}

pub fn parse_orders(text: &str) -> Result<OrdersFile, Error> {
    let value: Value = crate::engine::input::parse_written(text, "the orders file")?;
    let mut map = match value {
        Value::Object(m) => m,
        Value::Null => serde_json::Map::new(),
        _ => {
            return Err(Error::Format {
                what: "the orders file".into(),
                message: "it must be a YAML mapping (`key: value` lines)".into(),
            })
        }
    };
    let mut header = |k: &str| -> Result<Option<String>, Error> {
        match map.remove(k) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(Error::Format {
                what: "the orders file".into(),
                message: format!("`{k}` must be text, not `{other}`"),
            }),
        }
    };
    let game = header("game")?;
    let side = header("side")?;
    let orders = Value::Object(map);
    // Labels the player writes go into reports others read, on forums and terminals.
    crate::engine::written::require_plain(
        &orders,
        text,
        "the orders file".into(),
        "",
        "a name or label in orders is plain text, as reports posted to forums and mail print it",
    )?;
    Ok(OrdersFile {
        text: text.to_string(),
        game,
        side,
        orders,
    })
}

/// The side sending orders: the one named in the orders file or on the command line, which
/// must agree with each other, else the side whose decision it is.
fn sending_side(
    gf: &GameFile,
    file: Option<&OrdersFile>,
    side: Option<&str>,
) -> Result<String, Error> {
    if let Some(f) = file {
        if let Some(g) = &f.game {
            if g != &gf.id {
                return Err(Error::Format {
                    what: "the orders file".into(),
                    message: format!("it is for game `{g}`, not `{}`", gf.id),
                });
            }
        }
        if let (Some(a), Some(b)) = (&f.side, side) {
            if a != b {
                return Err(Error::Format {
                    what: "the orders file".into(),
                    message: format!("it is for side `{a}`, but `--side {b}` was given"),
                });
            }
        }
    }
    let named = side
        .map(str::to_string)
        .or_else(|| file.and_then(|f| f.side.clone()));
    match (named, &gf.awaiting) {
        (Some(s), _) => Ok(s),
        (None, Some(a)) => Ok(a.side.clone()),
        (None, None) => Err(Error::Format {
            what: "orders".into(),
            message: "the game is over".into(),
        }),
    }
}

/// Adds the orders file's line to a rule error.
fn with_line(e: Error, text: &str) -> Error {
    match e {
        Error::Orders(mut oe) => {
            if let Some(p) = &oe.path {
                oe.line = locate::line_of(text, p);
            }
            Error::Orders(oe)
        }
        Error::Shape {
            what,
            path: Some(path),
            line: None,
            message,
        } => Error::Shape {
            what,
            line: locate::line_of(text, &path),
            path: Some(path),
            message,
        },
        other => other,
    }
}

pub fn legal_options(l: &Loaded, side: &str) -> Result<Vec<LegalOption>, Error> {
    l.rules.legal_options(&l.game.state, side)
}

/// What `side` may add to the legal options (`Game::legal_additions`).
pub fn legal_additions(l: &Loaded, side: &str) -> Result<Option<Additions>, Error> {
    l.rules.legal_additions(&l.game.state, side)
}

/// Orders that name no side while the decision is the side whose secret the player's folder
/// does not hold: the opponent's turn. They were checked as the opponent's (and `-o` then
/// failed on a missing secret file).
fn refuse_out_of_turn(
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
) -> Result<(), Error> {
    let Some(w) = l.game.awaiting.as_ref() else {
        return Ok(());
    };
    if side.is_some() || file.side.is_some() || w.decision == "adjudicate" {
        return Ok(());
    }
    let held = Held::of(l, secrets_dir);
    if held.sides.is_empty() || held.sides.contains(&w.side) {
        return Ok(());
    }
    let name = |s: &str| l.rules.side_name(s);
    Err(Error::Format {
        what: "orders".into(),
        message: format!(
            "the game waits for {}'s orders, and `{}` holds {}'s secret: your opponent decides now (their packet comes by mail; `adjutant ingest` takes it)",
            name(&w.side),
            secrets_dir.display(),
            held.words(l)
        ),
    })
}

/// `orders` without `-o`: checks the orders and returns the side they are for.
pub fn check_orders(
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
) -> Result<String, Error> {
    refuse_out_of_turn(l, file, side, secrets_dir)?;
    let side = sending_side(&l.game, Some(file), side)?;
    session::check_orders(l.rules.as_ref(), &l.game, &side, &file.orders)
        .map_err(|e| with_line(e, &file.text))?;
    Ok(side)
}

/// `orders -o`: checks the orders, then returns the new game file (holding the record) and
/// the packet to mail. The sender's ledger (and a new policy) are staged in `commit`, under the
/// secret's lock.
///
/// With `policy`, the packet also commits to a new hidden standing policy (dice-protocol
/// section 3.1), kept privately beside the secrets until a result reveals it.
pub fn write_orders(
    commit: &mut Commit,
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<&Path>,
) -> Result<(GameFile, Packet), Error> {
    let (policy, policy_file) = match policy {
        Some(p) => {
            let text = atomic::read_limited(p, MAX_ORDERS_BYTES)?;
            let what = format!("the policy file `{}`", p.display());
            let value = crate::engine::input::parse_written(&text, &what)?;
            (Some(value), Some((what, text)))
        }
        None => (None, None),
    };
    write_orders_with(commit, l, file, side, secrets_dir, policy).map_err(|e| {
        match (e, policy_file) {
            // A policy of the wrong shape is placed in its own file, by name and line.
            (
                Error::Shape {
                    what,
                    path,
                    line: None,
                    message,
                },
                Some((file_what, text)),
            ) if what == "the policy" => Error::Shape {
                what: file_what,
                line: path.as_deref().and_then(|p| locate::line_of(&text, p)),
                path,
                message,
            },
            (e, _) => e,
        }
    })
}

/// `write_orders` with the policy (if any) as a value: the bot's, or one read from a file.
pub fn write_orders_with(
    commit: &mut Commit,
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<Value>,
) -> Result<(GameFile, Packet), Error> {
    // `prepare` checks the orders itself, before anything is written.
    refuse_out_of_turn(l, file, side, secrets_dir)?;
    let side = sending_side(&l.game, Some(file), side)?;
    if policy.is_some() && session::is_solitaire(l.rules.as_ref()) {
        return Err(Error::Format {
            what: "the policy".into(),
            message:
                "a solitaire game has no standing policies: nobody else decides during your turn"
                    .into(),
        });
    }
    // Before the secret is read: while a step waits for its dice the default side is the
    // dice party's, whose secret a witness-mode player does not hold.
    session::check_may_send(l.rules.as_ref(), &l.game, &side)?;
    let secret = super::own_secret(&l.game, &side, secrets_dir)?;
    commit.lock(&secrets::path(secrets_dir, &l.game.id, &side))?;
    if let Some(value) = &policy {
        l.rules.check_policy_shape(value)?;
    }
    let prepared = session::prepare(
        l.rules.as_ref(),
        &l.game,
        &side,
        file.orders.clone(),
        &secret,
        policy,
    )
    .map_err(|e| with_line(e, &file.text))?;
    note_uses(commit, secrets_dir, l, &[(side.clone(), prepared.usage)])?;
    if let Some(p) = &prepared.policy {
        let mut staged = crate::engine::atomic::Staged::new();
        // The commitment the record carries, which finds the policy again.
        let sent = prepared.record.policy_commit.as_deref().unwrap_or_default();
        secrets::stage_policy(&mut staged, secrets_dir, &l.game.id, &side, p, sent)?;
        commit.staged.append(&mut staged)?;
        commit
            .policies
            .push((side.clone(), sent.to_string(), p.clone()));
    }
    Ok((prepared.game, Packet::new(prepared.record)))
}

/// `resend` (and `orders --resend`): the last record of the game file as the packet it was, for a mail that
/// was lost. Only a record its owner's copy holds last and that no reply has followed: the
/// same bytes again change nothing for either side.
pub fn last_packet(l: &Loaded, side: Option<&str>, held: &Held) -> Result<Packet, Error> {
    let refuse = |message: String| Error::Format {
        what: "resend".into(),
        message,
    };
    let Some(last) = l.game.log.last() else {
        return Err(refuse("the game file holds no record yet".into()));
    };
    let whose = |s: &str| format!("{}'s", l.rules.side_name(s));
    if l.game.pending.is_some() {
        return Err(refuse(format!(
            "you adjudicated step {} after your last record; its result goes out with your next orders",
            last.step
        )));
    }
    if let Some(s) = side {
        if last.by != s {
            return Err(refuse(format!(
                "the last record (step {}) is {}, not {}: there is nothing of yours to send again",
                last.step,
                whose(&last.by),
                whose(s)
            )));
        }
    } else if held.sides.is_empty() {
        // Whose packet is outstanding depends on who asks: both players' game files end
        // with the same record.
        return Err(refuse(format!(
            "`{}` holds no secret of game `{}`, so whose packet to send is unknown: give your own secrets folder (`--secrets`), or your side (`--side`)",
            held.dir.display(),
            l.game.id
        )));
    } else if !held.sides.contains(&last.by) {
        return Err(refuse(format!(
            "the last record (step {}) is {}, who sent it: there is nothing of yours to send again (it is yours to decide or answer next)",
            last.step,
            whose(&last.by)
        )));
    }
    Ok(Packet::new(last.clone()))
}

/// A side the player names on the command line (`--side`, `--bot`), refused when the game has
/// no such side.
pub fn named_side(l: &Loaded, flag: &str, side: &str) -> Result<(), Error> {
    if l.rules.sides().contains(&side) {
        return Ok(());
    }
    Err(Error::Format {
        what: format!("`{flag} {side}`"),
        message: format!(
            "not a side of this game; its sides are {}",
            crate::engine::error::ticked(l.rules.sides(), "and")
        ),
    })
}

/// The sides of a game whose secrets a folder holds: the player running a command is the
/// side (or, playing hot seat, the sides) whose secret is at hand.
pub struct Held {
    pub dir: PathBuf,
    pub sides: Vec<String>,
}

impl Held {
    /// The held sides by name, for a message: `Crown`, `Crown and Patriot`.
    pub fn words(&self, l: &Loaded) -> String {
        crate::engine::error::listed(
            &self
                .sides
                .iter()
                .map(|s| l.rules.side_name(s))
                .collect::<Vec<_>>(),
            "and",
        )
    }

    pub fn of(l: &Loaded, dir: &Path) -> Held {
        Held {
            dir: dir.to_path_buf(),
            sides: l
                .game
                .players
                .keys()
                .filter(|s| crate::engine::secrets::path(dir, &l.game.id, s).exists())
                .cloned()
                .collect(),
        }
    }
}

/// Reads a packet file: the armoured text adjutant writes, or the bare YAML inside it.
pub fn read_packet(path: &Path) -> Result<Packet, Error> {
    parse_packet_text(&atomic::read_limited(path, 4 * MAX_ORDERS_BYTES)?).map_err(|e| {
        let e = naming_file(e, "the packet", path);
        naming_file(e, "the packet file", path)
    })
}

pub fn parse_packet_text(text: &str) -> Result<Packet, Error> {
    let mut blocks = crate::mail::armour::blocks(text);
    match blocks.len() {
        0 => Packet::parse(text),
        1 => {
            let block = blocks.remove(0);
            crate::mail::armour::read_block(&block.body?, block.first_line)
        }
        _ => Err(Error::Format {
            what: "the packet file".into(),
            message: "it holds more than one packet".into(),
        }),
    }
}

/// A packet as adjutant writes it: armoured, so the file can be pasted into a mail body as it
/// is, or attached.
pub fn packet_text(packet: &Packet) -> Result<String, Error> {
    Ok(format!(
        "# adjutant packet for `{}`, step {}.\n# Paste all of this into a mail, or attach the file.\n{}",
        packet.record.game,
        packet.record.step,
        crate::mail::armour(packet)?
    ))
}
