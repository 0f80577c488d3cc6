//! What each command does, as library functions over files: load, check, adjudicate, write
//! atomically, report. The CLI only turns arguments into calls to these.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::engine::atomic;
use crate::engine::canon::{from_hex, to_hex, Hash};
use crate::engine::chain::DEFAULT_CHAIN_LENGTH;
use crate::engine::game::{LegalOption, Rules};
use crate::engine::gamefile::{GameFile, Player};
use crate::engine::locate;
use crate::engine::record::{Packet, Record};
use crate::engine::secrets::{self, Secret};
use crate::engine::session::{self, DiceRequest, Received, Replay, StepView, SELF, WITNESS};
use crate::engine::verify::{self, Summary};
use crate::engine::witness;
use crate::engine::Error;
use crate::games;
use crate::report::text::{with_lookups, Templates};

/// A game file with the rules it names.
pub struct Loaded {
    pub rules: Box<dyn Rules>,
    pub game: GameFile,
}

pub fn load_game(path: &Path, data_dir: Option<&Path>) -> Result<Loaded, Error> {
    let text = atomic::read(path)?;
    let game = GameFile::parse(&text)?;
    let rules = games::load(&game.game, data_dir)?;
    session::check_file(rules.as_ref(), &game)?;
    Ok(Loaded { rules, game })
}

pub fn save_game(path: &Path, gf: &GameFile) -> Result<(), Error> {
    let text = format!(
        "# adjutant game file: edit nothing below; `adjutant verify` detects any change to the log or state.\n{}",
        gf.to_yaml()?
    );
    atomic::write(path, text.as_bytes())
}

/// `keys`: makes the secret for a game and side (or reads the one already made) and returns
/// its path, its anchor, and whether it was new.
pub fn keys(
    dir: &Path,
    game_id: &str,
    side: &str,
    chain_length: u64,
) -> Result<(PathBuf, String, bool), Error> {
    session::check_id(game_id)?;
    let path = secrets::path(dir, game_id, side);
    if path.exists() {
        let s = secrets::load(dir, game_id, side)?;
        return Ok((path, to_hex(&s.anchor()?), false));
    }
    let s = Secret::generate(game_id, side, chain_length)?;
    let path = secrets::save(dir, &s)?;
    Ok((path, to_hex(&s.anchor()?), true))
}

/// How `new` learns each side's anchor.
pub enum Anchors {
    /// Given by the players (`--anchor side=HEX`).
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
}

pub fn new_game(opts: NewGame) -> Result<GameFile, Error> {
    let rules = games::load(opts.game, opts.data_dir)?;
    new_game_with(rules.as_ref(), opts)
}

/// `new` with rules already loaded.
pub(crate) fn new_game_with(rules: &dyn Rules, opts: NewGame) -> Result<GameFile, Error> {
    session::check_id(opts.id)?;
    let n = opts.chain_length.unwrap_or(DEFAULT_CHAIN_LENGTH);
    let bad = |message: String| Error::Format {
        what: "new".into(),
        message,
    };
    let given = match &opts.anchors {
        Anchors::Given(m) => m.clone(),
        _ => BTreeMap::new(),
    };
    let solitaire = session::is_solitaire(rules);
    let party = match (solitaire, opts.mode) {
        (false, None) => None,
        (false, Some(m)) => {
            return Err(bad(format!(
                "`--mode {m}` is for solitaire games; {} has the sides {:?}",
                opts.game,
                rules.sides()
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
    for name in &names {
        let anchor = match (given.get(*name), &opts.anchors) {
            (Some(a), _) => a.clone(),
            (None, _) if *name == WITNESS => return Err(bad(format!(
                "no anchor for the witness: give `--anchor {WITNESS}=HEX`, the anchor `adjutant witness new` printed for your witness"
            ))),
            (None, Anchors::Hotseat) => {
                let s = Secret::generate(opts.id, name, n)?;
                secrets::save(opts.secrets_dir, &s)?;
                to_hex(&s.anchor()?)
            }
            (None, Anchors::Demo) => {
                let s = Secret::demo(opts.id, name, n);
                secrets::save(opts.secrets_dir, &s)?;
                to_hex(&s.anchor()?)
            }
            // A solitaire player's own chains (its side and, in self mode, `self`) are made
            // here, or read when `keys` made them before.
            (None, Anchors::Given(_)) if solitaire => own_chain(opts.secrets_dir, opts.id, name, n)?,
            (None, Anchors::Given(_)) => return Err(bad(format!(
                "no anchor for `{name}`: give `--anchor {name}=HEX` (from `adjutant keys`), or `--hotseat`"
            ))),
        };
        players.insert(
            name.to_string(),
            Player {
                name: opts.names.get(*name).cloned().unwrap_or_default(),
                email: opts.emails.get(*name).cloned().unwrap_or_default(),
                anchor,
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
    session::create(rules, opts.id, players, n)
}

/// A chain of the player's own for a new solitaire game: the secret `keys` made before, if it
/// is there, else a new one.
fn own_chain(dir: &Path, id: &str, party: &str, n: u64) -> Result<String, Error> {
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
        return Ok(to_hex(&s.anchor()?));
    }
    let s = Secret::generate(id, party, n)?;
    secrets::save(dir, &s)?;
    Ok(to_hex(&s.anchor()?))
}

/// An orders file: the game's orders, with optional `game:` and `side:` lines that guard
/// against using it with the wrong game or side.
pub struct OrdersFile {
    pub text: String,
    pub game: Option<String>,
    pub side: Option<String>,
    pub orders: Value,
}

pub fn read_orders(path: &Path) -> Result<OrdersFile, Error> {
    let text = atomic::read(path)?;
    parse_orders(&text)
}

pub fn parse_orders(text: &str) -> Result<OrdersFile, Error> {
    let value: Value = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
        what: "the orders file".into(),
        source,
    })?;
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
    Ok(OrdersFile {
        text: text.to_string(),
        game,
        side,
        orders: Value::Object(map),
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
        other => other,
    }
}

pub fn legal_options(l: &Loaded, side: &str) -> Result<Vec<LegalOption>, Error> {
    l.rules.legal_options(&l.game.state, side)
}

/// `orders` without `-o`: checks the orders and returns the side they are for.
pub fn check_orders(l: &Loaded, file: &OrdersFile, side: Option<&str>) -> Result<String, Error> {
    let side = sending_side(&l.game, Some(file), side)?;
    session::check_orders(l.rules.as_ref(), &l.game, &side, &file.orders)
        .map_err(|e| with_line(e, &file.text))?;
    Ok(side)
}

/// `orders -o`: checks the orders, then returns the new game file (holding the record) and
/// the packet to mail.
///
/// With `policy`, the packet also commits to a new hidden standing policy (dice-protocol
/// section 3.1), kept privately beside the secrets until a result reveals it.
pub fn write_orders(
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<&Path>,
) -> Result<(GameFile, Packet), Error> {
    // `prepare` checks the orders itself, before anything is written.
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
    let secret = secrets::load(secrets_dir, &l.game.id, &side)?;
    let policy = match policy {
        Some(p) => {
            let text = atomic::read(p)?;
            let value: Value = serde_yaml::from_str(&text).map_err(|source| Error::Yaml {
                what: "the policy file".into(),
                source,
            })?;
            l.rules.check_policy_shape(&value)?;
            Some(secrets::new_policy(value)?)
        }
        None => None,
    };
    let (gf, rec) = session::prepare(
        l.rules.as_ref(),
        &l.game,
        &side,
        file.orders.clone(),
        &secret,
        policy.as_ref(),
    )
    .map_err(|e| with_line(e, &file.text))?;
    if let Some(p) = &policy {
        secrets::save_policy(secrets_dir, &l.game.id, &side, p)?;
    }
    Ok((gf, Packet::new(rec)))
}

/// Reads a packet file: the armoured text adjutant writes, or the bare YAML inside it.
pub fn read_packet(path: &Path) -> Result<Packet, Error> {
    parse_packet_text(&atomic::read(path)?)
}

pub fn parse_packet_text(text: &str) -> Result<Packet, Error> {
    let mut blocks = crate::mail::ingest::armoured_blocks(text);
    match blocks.len() {
        0 => Packet::parse(text),
        1 => Packet::parse(&blocks.remove(0)?),
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
        "# adjutant packet for `{}`, step {}: paste all of this into a mail, or attach the file.\n{}",
        packet.record.game,
        packet.record.step,
        crate::mail::armour(&packet.to_yaml()?)
    ))
}

/// Each party's chain elements from its secret in `dir`, checked against the game's anchor.
fn secret_reveals<'a>(
    gf: &'a GameFile,
    dir: &'a Path,
) -> impl Fn(&str, u64) -> Result<Hash, Error> + 'a {
    move |party, index| {
        let secret = secrets::load(dir, &gf.id, party)?;
        session::secret_element(gf, &secret, party, index)
    }
}

/// `adjudicate`: receives a packet with the receiver's secret from `secrets_dir`.
pub fn adjudicate(l: &Loaded, packet: &Packet, secrets_dir: &Path) -> Result<Received, Error> {
    let id = l.game.id.clone();
    let reveal_of = secret_reveals(&l.game, secrets_dir);
    let policy_of = |side: &str, commit: &str| secrets::load_policy(secrets_dir, &id, side, commit);
    session::receive(
        l.rules.as_ref(),
        &l.game,
        &packet.record,
        &reveal_of,
        &policy_of,
    )
}

/// The refusal for a witness-mode game asked to roll with a secret held here.
fn needs_witness(l: &Loaded) -> Result<(), Error> {
    if session::dice_party(l.rules.as_ref(), &l.game) == Some(WITNESS) {
        return Err(Error::Format {
            what: "adjudicate".into(),
            message: format!(
                "the dice of `{}` come from its witness: record your orders with `adjutant orders GAME ORDERS -o PACKET`, post the hash it prints, and give the witness's answer to `adjutant adjudicate GAME --witness ANSWER`",
                l.game.id
            ),
        });
    }
    Ok(())
}

/// `adjudicate GAME` without a packet: the step the game file itself owes (orders written with
/// `orders -o` in a self-mode solitaire game, or by a hot-seat player), adjudicated with the
/// secret of its adjudicator held here.
pub fn adjudicate_owed(l: &Loaded, secrets_dir: &Path) -> Result<Received, Error> {
    needs_witness(l)?;
    let id = l.game.id.clone();
    let reveal_of = secret_reveals(&l.game, secrets_dir);
    let policy_of = |side: &str, commit: &str| secrets::load_policy(secrets_dir, &id, side, commit);
    session::adjudicate_owed(l.rules.as_ref(), &l.game, &reveal_of, &policy_of)
}

/// What a witness-mode game waits for: the record hash to post for the witness, with the step
/// and the witness's element it needs. `None` when it waits for no witness.
pub fn witness_request(rules: &dyn Rules, gf: &GameFile) -> Result<Option<DiceRequest>, Error> {
    if session::dice_party(rules, gf) != Some(WITNESS) {
        return Ok(None);
    }
    Ok(Replay::from_file(rules, gf)?.dice_request())
}

/// Reads a witness answer file (the one line `witness answer` prints, or its YAML).
pub fn read_witness_answer(path: &Path) -> Result<witness::Answer, Error> {
    witness::Answer::parse(&atomic::read(path)?)
}

/// `adjudicate GAME --witness ANSWER`: checks that the answer is the witness's for the last
/// record (its game, the hash it answers, its element and its chain) and adjudicates that
/// step with it; the result becomes the witness's record in the log.
pub fn adjudicate_witness(l: &Loaded, answer: &witness::Answer) -> Result<Received, Error> {
    let refuse = |message: String| Error::Format {
        what: "the witness answer".into(),
        message,
    };
    if session::dice_party(l.rules.as_ref(), &l.game) != Some(WITNESS) {
        return Err(refuse(format!(
            "game `{}` is not in witness mode; its dice come from a secret you hold (`adjutant adjudicate GAME`)",
            l.game.id
        )));
    }
    if answer.game != l.game.id {
        return Err(refuse(format!(
            "it is for game `{}`, not `{}`",
            answer.game, l.game.id
        )));
    }
    let Some(request) = witness_request(l.rules.as_ref(), &l.game)? else {
        let used = l
            .game
            .log
            .iter()
            .find(|r| r.by == WITNESS && r.prev.eq_ignore_ascii_case(&answer.record));
        return Err(refuse(match used {
            Some(r) => format!(
                "it was used already: step {} is the witness record it made",
                r.step
            ),
            None => "no step of this game waits for the witness".into(),
        }));
    };
    if !answer.record.eq_ignore_ascii_case(&request.record) {
        return Err(refuse(format!(
            "it answers the hash `{}`, but step {} waits with the hash `{}`; ask the witness to answer that one",
            answer.record, request.step, request.record
        )));
    }
    if answer.element != request.element {
        return Err(refuse(format!(
            "it reveals the witness's element {}, but this game needs its element {} (the witness has answered other hashes for this game; a reader sees them in its published answers)",
            answer.element, request.element
        )));
    }
    let reveal = from_hex(&answer.reveal.to_ascii_lowercase()).ok_or_else(|| {
        refuse(format!(
            "its reveal `{}` is not 64 hex digits",
            answer.reveal
        ))
    })?;
    let reveal_of = |party: &str, index: u64| {
        if party == WITNESS && index == answer.element {
            Ok(reveal)
        } else {
            Err(refuse(format!(
                "it holds element {} of `{WITNESS}`, not element {index} of `{party}`",
                answer.element
            )))
        }
    };
    session::adjudicate_owed(l.rules.as_ref(), &l.game, &reveal_of, &|_, _| {
        Err(refuse("a solitaire game has no standing policies".into()))
    })
}

/// `witness new`: a witness's secret for a game id, saved with mode 0600 at `out` (default: in
/// `secrets_dir`, named as every secret is). Returns where it is and the anchor for the player.
pub fn witness_new(
    secrets_dir: &Path,
    game_id: &str,
    chain_length: u64,
    out: Option<&Path>,
) -> Result<(PathBuf, String), Error> {
    session::check_id(game_id)?;
    let s = Secret::generate(game_id, WITNESS, chain_length)?;
    let path = match out {
        Some(p) => {
            secrets::save_to(p, &s)?;
            p.to_path_buf()
        }
        None => secrets::save(secrets_dir, &s)?,
    };
    Ok((path, to_hex(&s.anchor()?)))
}

/// `witness answer`: the witness's chain element for a published record hash, recorded in the
/// ledger beside the secret before it is given, so that the same hash always gets the same
/// element and a new hash the next one. Returns the answer and whether it is a new one.
pub fn witness_answer(secret_path: &Path, record: &str) -> Result<(witness::Answer, bool), Error> {
    let secret = secrets::load_file(secret_path)?;
    let ledger_path = witness::ledger_path(secret_path);
    let mut ledger = witness::load_ledger(&ledger_path, &secret.game)?;
    let (answer, new) = witness::answer(&secret, &mut ledger, record)?;
    if new {
        witness::save_ledger(&ledger_path, &ledger)?;
    }
    Ok((answer, new))
}

/// `play` (hot-seat): the side to act writes its orders and the other side's secret, held
/// here too, adjudicates them at once. In a self-mode solitaire game the second secret is the
/// player's `self` chain.
pub fn play(
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<&Path>,
) -> Result<Received, Error> {
    needs_witness(l)?;
    let (_, packet) = write_orders(l, file, side, secrets_dir, policy)?;
    adjudicate(l, &packet, secrets_dir)
}

pub fn verify(l: &Loaded) -> Result<Summary, Error> {
    verify::verify(l.rules.as_ref(), &l.game)
}

fn is_demo(gf: &GameFile) -> bool {
    gf.players.iter().any(|(side, p)| {
        let demo = Secret::demo(&gf.id, side, gf.dice.chain_length);
        demo.anchor()
            .map(|a| to_hex(&a) == p.anchor)
            .unwrap_or(false)
    })
}

fn title(gf: &GameFile) -> String {
    match gf.game.as_str() {
        "southern-strategy" => {
            "Supply Lines of the American Revolution: The Southern Strategy".into()
        }
        "the-lost-cause" => "The Lost Cause: The American Civil War, 1861-1865".into(),
        "solo-1776" => "1776: the solo American bot".into(),
        other => other.to_string(),
    }
}

/// The text report of the steps a run adjudicated or verified.
pub fn report(
    l: &Loaded,
    gf: &GameFile,
    steps: &[StepView],
    outgoing: Option<&Record>,
    templates: &Templates,
) -> Result<String, Error> {
    render(l, gf, steps, outgoing, Format::Text, templates)
}

/// The formats `report` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text for mail, wrapped at 72 columns.
    Text,
    /// Markdown for Reddit, Discord or GitHub.
    Markdown,
    /// BBCode for BoardGameGeek.
    Bbcode,
    /// An SVG picture of the board as it stands.
    Svg,
    /// Dice statistics.
    Stats,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "text" | "txt" | "mail" => Format::Text,
            "markdown" | "md" => Format::Markdown,
            "bbcode" | "bgg" => Format::Bbcode,
            "svg" | "board" => Format::Svg,
            "stats" => Format::Stats,
            _ => return None,
        })
    }
}

/// Renders `steps` of a game (and its current state) in `format`.
pub fn render(
    l: &Loaded,
    gf: &GameFile,
    steps: &[StepView],
    outgoing: Option<&Record>,
    format: Format,
    templates: &Templates,
) -> Result<String, Error> {
    let replay = Replay::from_file(l.rules.as_ref(), gf)?;
    let reveals: Vec<Value> = gf
        .log
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            steps
                .iter()
                .any(|s| s.step == r.step || s.step + 1 == r.step)
        })
        .map(|(i, r)| {
            let index = gf.log[..=i].iter().filter(|x| x.by == r.by).count();
            json!({"side": r.by, "index": index, "step": r.step, "reveal": r.reveal})
        })
        .collect();
    let lookups = l.rules.lookups();
    let ctx = json!({
        "title": title(gf),
        "game": gf.game,
        "id": gf.id,
        "demo": is_demo(gf),
        "dice_mode": session::dice_party(l.rules.as_ref(), gf),
        "steps": steps,
        "first_step": steps.first().map(|s| s.step),
        "last_step": steps.last().map(|s| s.step),
        "awaiting": gf.awaiting,
        "outgoing": outgoing.map(|r| r.step),
        "pending": gf.pending.as_ref().map(|p| p.step),
        "pending_by": gf.awaiting.as_ref().map(|a| a.side.clone()),
        "at_step": gf.log.len(),
        "tip": to_hex(&replay.tip),
        "reveals": reveals,
        "state": gf.state,
        "board": crate::report::board::layout(&lookups),
        "tallies": crate::report::stats::dice_statistics(steps),
        "options": match &gf.awaiting {
            Some(a) => l.rules.legal_options(&gf.state, &a.side)?.into_iter().map(|o| o.summary).collect(),
            None => Vec::new(),
        },
    });
    let name = match format {
        Format::Text => format!("{}/report.txt", gf.game),
        Format::Markdown => format!("{}/report.md", gf.game),
        Format::Bbcode => format!("{}/report.bbcode", gf.game),
        Format::Svg => format!("{}/board.svg", gf.game),
        Format::Stats => "stats.txt".to_string(),
    };
    if format == Format::Svg && !templates.exists(&name) {
        return Err(Error::Format {
            what: "the report".into(),
            message: format!(
                "`{}` has no board picture; use `--format text`, `markdown`, `bbcode` or `stats`",
                gf.game
            ),
        });
    }
    let mut ctx = with_lookups(ctx, &lookups);
    ctx["verification_block"] = json!(templates.render("verification.txt", &ctx)?);
    let text = templates.render(&name, &ctx)?;
    Ok(if format == Format::Text {
        crate::report::text::wrap_text(&text, 72)
    } else {
        text
    })
}

/// `report`: any of the formats for a selection of the log's steps.
pub fn report_steps(
    l: &Loaded,
    selection: &crate::report::log::Selection,
    format: Format,
    templates: &Templates,
) -> Result<String, Error> {
    let steps = selection.pick(crate::report::log::steps(&l.game));
    if steps.is_empty() && format != Format::Svg {
        return Err(Error::Format {
            what: "report".into(),
            message: "no adjudicated step matches that selection".into(),
        });
    }
    render(l, &l.game, &steps, None, format, templates)
}

/// `show`: the current state in words.
pub fn show(l: &Loaded, templates: &Templates) -> Result<String, Error> {
    let ctx = json!({
        "title": format!("{} - game `{}`", title(&l.game), l.game.id),
        "state": l.game.state,
        "awaiting": l.game.awaiting,
    });
    templates.render(
        &format!("{}/show.txt", l.game.game),
        &with_lookups(ctx, &l.rules.lookups()),
    )
}

/// Where `ingest` finds the game a packet names.
pub enum Games<'a> {
    /// This one game file.
    File(&'a Path),
    /// A folder of game files named `<game id>.yaml`.
    Folder(&'a Path),
}

/// What `ingest` did with one message.
pub struct Ingested {
    pub game_path: PathBuf,
    pub loaded: Loaded,
    /// `None` with `--check`: the packet was checked, nothing adjudicated.
    pub received: Option<Received>,
    /// A `From:` address that is not the sending player's, as a warning.
    pub from_warning: Option<String>,
}

/// `ingest`: the packet of one mail message, found, checked against its game and (unless
/// `check`) adjudicated. Nothing is written here.
pub fn ingest_message(
    raw: &[u8],
    games: &Games,
    secrets_dir: &Path,
    data_dir: Option<&Path>,
    check: bool,
) -> Result<Ingested, Error> {
    let found = crate::mail::ingest::read_message(raw)?;
    let id = &found.packet.record.game;
    let game_path = match games {
        Games::File(p) => p.to_path_buf(),
        Games::Folder(dir) => {
            session::check_id(id)?;
            let p = dir.join(format!("{id}.yaml"));
            if !p.exists() {
                return Err(Error::Format {
                    what: "the message".into(),
                    message: format!(
                        "its packet is for game `{id}`, which is not in `{}`",
                        dir.display()
                    ),
                });
            }
            p
        }
    };
    let loaded = load_game(&game_path, data_dir)?;
    let by = &found.packet.record.by;
    let expected = loaded
        .game
        .players
        .get(by)
        .map(|p| p.email.clone())
        .unwrap_or_default();
    let from_warning = match &found.from {
        Some(f) if !expected.is_empty() && !f.eq_ignore_ascii_case(&expected) => Some(format!(
            "the message comes from `{f}`, but `{by}` plays from `{expected}` (the chain reveal, not the address, proves who sent it)"
        )),
        _ => None,
    };
    let received = if check {
        let mut replay = Replay::from_file(loaded.rules.as_ref(), &loaded.game)?;
        replay.push(&found.packet.record)?;
        None
    } else {
        Some(adjudicate(&loaded, &found.packet, secrets_dir)?)
    };
    Ok(Ingested {
        game_path,
        loaded,
        received,
        from_warning,
    })
}

/// What `send` mails and how.
pub struct Send<'a> {
    pub packet: &'a Path,
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub via: crate::mail::send::Via,
    pub attach_game: Option<&'a Path>,
    pub board: bool,
    pub mail: &'a crate::config::MailConfig,
}

/// `send`: mails a packet to the opponent with the report of the latest step as the body, the
/// packet armoured in the body and attached, and on request the game file and the board.
/// Nothing is written but the message itself, so a failed send changes no game file.
pub fn send(l: &Loaded, s: &Send, templates: &Templates) -> Result<String, Error> {
    let packet = read_packet(s.packet)?;
    let rec = &packet.record;
    if rec.game != l.game.id {
        return Err(Error::Format {
            what: "send".into(),
            message: format!("the packet is for game `{}`, not `{}`", rec.game, l.game.id),
        });
    }
    let player = |side: &str| {
        l.game
            .players
            .get(side)
            .cloned()
            .unwrap_or(crate::engine::gamefile::Player {
                name: String::new(),
                email: String::new(),
                anchor: String::new(),
            })
    };
    let me = player(&rec.by);
    let opponent = session::adjudicator_of(
        l.rules.as_ref(),
        session::dice_party(l.rules.as_ref(), &l.game),
        &rec.by,
    );
    let address = |p: &crate::engine::gamefile::Player| {
        if p.name.is_empty() {
            p.email.clone()
        } else {
            format!("{} <{}>", p.name, p.email)
        }
    };
    let from = s.mail.from.clone().unwrap_or_else(|| address(&me));
    let mut to = s.to.clone();
    if to.is_empty() && !player(&opponent).email.is_empty() {
        to.push(address(&player(&opponent)));
    }
    let mut cc = s.mail.cc.clone();
    cc.extend(s.cc.iter().cloned());
    let steps = crate::report::log::Selection::Last.pick(crate::report::log::steps(&l.game));
    let report = render(l, &l.game, &steps, None, Format::Text, templates)?;
    let armoured = packet_text(&packet)?;
    let mut attachments = vec![(
        format!("{}-step-{}.packet.yaml", rec.game, rec.step),
        "text/plain; charset=utf-8".to_string(),
        armoured.clone().into_bytes(),
    )];
    if let Some(game) = s.attach_game {
        attachments.push((
            format!("{}.yaml", l.game.id),
            "application/x-yaml".into(),
            atomic::read(game)?.into_bytes(),
        ));
    }
    if s.board {
        let svg = render(l, &l.game, &steps, None, Format::Svg, templates)?;
        attachments.push((
            format!("{}-board.svg", l.game.id),
            "image/svg+xml".into(),
            svg.into_bytes(),
        ));
    }
    let out = crate::mail::send::Outgoing {
        from,
        to,
        cc,
        subject: format!("[adjutant] {} step {} from {}", rec.game, rec.step, rec.by),
        body: format!("{report}\n\n{armoured}"),
        attachments,
    };
    crate::mail::send::send(&out, &s.via, s.mail.smtp.as_ref())
}

#[cfg(test)]
mod tests {
    //! The solitaire modes through the app's functions, on the engine's toy game (a real
    //! solitaire rulebook is not needed to check the dice party's paths).

    use super::*;
    use crate::engine::toy;

    struct Solo {
        dir: tempfile::TempDir,
    }

    impl Solo {
        fn new() -> Solo {
            Solo {
                dir: tempfile::tempdir().unwrap(),
            }
        }
        fn secrets(&self) -> PathBuf {
            self.dir.path().join("secrets")
        }
        fn witness_secret(&self) -> PathBuf {
            self.dir.path().join("witness/toy-1.witness.secret.yaml")
        }
        fn create(&self, mode: Option<&str>, anchors: Anchors) -> Result<Loaded, Error> {
            let rules = toy::rules();
            let game = new_game_with(
                rules.as_ref(),
                NewGame {
                    game: "toy-solitaire",
                    id: "toy-1",
                    anchors,
                    mode,
                    names: BTreeMap::new(),
                    emails: BTreeMap::new(),
                    secrets_dir: &self.secrets(),
                    data_dir: None,
                    chain_length: Some(16),
                },
            )?;
            Ok(Loaded { rules, game })
        }
        /// A witness-mode game with its witness's secret made apart, as `witness new` does.
        fn witnessed(&self) -> Loaded {
            let (_, anchor) = witness_new(
                Path::new("/nonexistent"),
                "toy-1",
                16,
                Some(&self.witness_secret()),
            )
            .unwrap();
            let anchors = Anchors::Given([(WITNESS.to_string(), anchor)].into());
            self.create(Some(WITNESS), anchors).unwrap()
        }
        /// `orders -o`: the player's record, written into the game file.
        fn orders(&self, l: &Loaded, n: u32) -> (Loaded, Record) {
            let file = parse_orders(&format!("roll: {n}\n")).unwrap();
            let (game, packet) = write_orders(l, &file, None, &self.secrets(), None).unwrap();
            (
                Loaded {
                    rules: toy::rules(),
                    game,
                },
                packet.record,
            )
        }
    }

    fn answer_for(s: &Solo, l: &Loaded) -> witness::Answer {
        let request = witness_request(l.rules.as_ref(), &l.game).unwrap().unwrap();
        witness_answer(&s.witness_secret(), &request.record)
            .unwrap()
            .0
    }

    #[test]
    fn self_mode_makes_both_secrets_and_plays_to_the_end() {
        let s = Solo::new();
        let mut l = s
            .create(Some(SELF), Anchors::Given(BTreeMap::new()))
            .unwrap();
        assert!(secrets::path(&s.secrets(), "toy-1", "solo").exists());
        assert!(secrets::path(&s.secrets(), "toy-1", SELF).exists());
        let mut rounds = 0;
        while l.game.awaiting.is_some() {
            let file = parse_orders("roll: 2\n").unwrap();
            let got = play(&l, &file, None, &s.secrets(), None).unwrap();
            assert_eq!(got.outgoing.as_ref().unwrap().by, SELF);
            l.game = got.game;
            rounds += 1;
        }
        assert_eq!(rounds, toy::STEPS);
        let summary = verify(&l).unwrap();
        assert_eq!(summary.steps_replayed, toy::STEPS as usize);
        assert_eq!(summary.dice_party.as_deref(), Some(SELF));
        // `--hotseat` for a solitaire game is self mode too.
        let other = Solo::new();
        let h = other.create(None, Anchors::Hotseat).unwrap();
        assert_eq!(session::dice_party(h.rules.as_ref(), &h.game), Some(SELF));
    }

    #[test]
    fn self_mode_adjudicates_orders_recorded_first() {
        let s = Solo::new();
        let l = s
            .create(Some(SELF), Anchors::Given(BTreeMap::new()))
            .unwrap();
        let (written, _) = s.orders(&l, 4);
        assert!(witness_request(written.rules.as_ref(), &written.game)
            .unwrap()
            .is_none());
        let got = adjudicate_owed(&written, &s.secrets()).unwrap();
        assert_eq!(got.game.log.len(), 2);
        assert_eq!(got.game.log[1].by, SELF);
        assert_eq!(got.steps[0].rolls[0].d6.as_ref().unwrap().len(), 4);
    }

    #[test]
    fn witness_mode_plays_to_the_end_with_a_separate_witness() {
        let s = Solo::new();
        let mut l = s.witnessed();
        assert!(!secrets::path(&s.secrets(), "toy-1", WITNESS).exists());
        assert!(play(
            &l,
            &parse_orders("roll: 1\n").unwrap(),
            None,
            &s.secrets(),
            None
        )
        .is_err());
        let mut step = 0;
        while l.game.awaiting.is_some() {
            let (written, rec) = s.orders(&l, 3);
            let answer = answer_for(&s, &written);
            assert_eq!(answer.record, to_hex(&rec.hash().unwrap()));
            step += 1;
            assert_eq!(answer.element, step);
            // The player's own secret folder cannot stand in for the witness.
            assert!(adjudicate_owed(&written, &s.secrets()).is_err());
            let got = adjudicate_witness(&written, &answer).unwrap();
            let out = got.outgoing.unwrap();
            assert_eq!((out.by.as_str(), &out.reveal), (WITNESS, &answer.reveal));
            assert_eq!(
                out.prev, answer.record,
                "the witness record links to the hash answered"
            );
            l.game = got.game;
        }
        let summary = verify(&l).unwrap();
        assert_eq!(summary.steps_replayed, toy::STEPS as usize);
        assert_eq!(summary.dice_party.as_deref(), Some(WITNESS));
        // The ledger holds one answer per step, each for the `prev` of its witness record.
        let ledger =
            witness::load_ledger(&witness::ledger_path(&s.witness_secret()), "toy-1").unwrap();
        let prevs: Vec<&str> = l
            .game
            .log
            .iter()
            .filter(|r| r.by == WITNESS)
            .map(|r| r.prev.as_str())
            .collect();
        let answered: Vec<&str> = ledger.answers.iter().map(|e| e.record.as_str()).collect();
        assert_eq!(prevs, answered);
    }

    #[test]
    fn a_witness_answer_for_another_hash_or_a_forged_reveal_is_refused() {
        let s = Solo::new();
        let l = s.witnessed();
        let (written, _) = s.orders(&l, 2);
        // Orders again before the witness answered: the step waits for the witness.
        let again = parse_orders("roll: 5\n").unwrap();
        let e = write_orders(&written, &again, None, &s.secrets(), None)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("awaits adjudication by `witness` first"), "{e}");
        let good = answer_for(&s, &written);
        let mut wrong_hash = good.clone();
        wrong_hash.record = to_hex(&crate::engine::canon::sha256(b"other orders"));
        let e = adjudicate_witness(&written, &wrong_hash)
            .unwrap_err()
            .to_string();
        assert!(e.contains("ask the witness to answer that one"), "{e}");
        let mut forged = good.clone();
        forged.reveal = to_hex(&crate::engine::canon::sha256(b"a guess"));
        let e = adjudicate_witness(&written, &forged)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is not element 1 of the chain of `witness`"),
            "{e}"
        );
        let mut other_game = good.clone();
        other_game.game = "toy-2".into();
        assert!(adjudicate_witness(&written, &other_game).is_err());
        // A witness asked about a second hash for the same step gives its next element,
        // which this game cannot use: re-rolling with other orders shows.
        let (second, _) = witness_answer(&s.witness_secret(), &wrong_hash.record).unwrap();
        assert_eq!(second.element, 2);
        let mut reused = second.clone();
        reused.record = good.record.clone();
        let e = adjudicate_witness(&written, &reused)
            .unwrap_err()
            .to_string();
        assert!(e.contains("needs its element 1"), "{e}");
        let done = adjudicate_witness(&written, &good).unwrap();
        let e = adjudicate_witness(
            &Loaded {
                rules: toy::rules(),
                game: done.game,
            },
            &good,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("used already: step 2"), "{e}");
        // Nothing awaits the witness before the orders are written.
        assert!(adjudicate_witness(&l, &good).is_err());
    }

    #[test]
    fn verify_refuses_a_tampered_witness_record() {
        let s = Solo::new();
        let l = s.witnessed();
        let (written, _) = s.orders(&l, 5);
        let answer = answer_for(&s, &written);
        let done = adjudicate_witness(&written, &answer).unwrap().game;
        let check = |gf: &GameFile| verify::verify(l.rules.as_ref(), gf);
        assert!(check(&done).is_ok());
        let mut die = done.clone();
        let faces = die.log[1].result.as_mut().unwrap().rolls[0]
            .d6
            .as_mut()
            .unwrap();
        faces[0] = faces[0] % 6 + 1;
        let e = check(&die).unwrap_err().to_string();
        assert!(e.contains("at step 2") && e.contains("roll 1"), "{e}");
        let mut reveal = done.clone();
        reveal.log[1].reveal = to_hex(&crate::engine::canon::sha256(b"x"));
        let e = check(&reveal).unwrap_err().to_string();
        assert!(e.contains("at step 2") && e.contains("`witness`"), "{e}");
        let mut mode = done.clone();
        let p = mode.players.remove(WITNESS).unwrap();
        mode.players.insert(SELF.into(), p);
        for r in &mut mode.log {
            if r.by == WITNESS {
                r.by = SELF.into();
            }
        }
        assert!(check(&mode).is_err(), "the mode is bound at creation");
    }

    #[test]
    fn the_witness_ledger_repeats_an_answer_and_gives_a_new_hash_the_next_element() {
        let s = Solo::new();
        let _ = s.witnessed();
        let h1 = to_hex(&crate::engine::canon::sha256(b"1"));
        let h2 = to_hex(&crate::engine::canon::sha256(b"2"));
        let (a1, new1) = witness_answer(&s.witness_secret(), &h1).unwrap();
        let (again, new_again) = witness_answer(&s.witness_secret(), &h1).unwrap();
        let (a2, new2) = witness_answer(&s.witness_secret(), &h2).unwrap();
        assert!(new1 && !new_again && new2);
        assert_eq!(a1, again);
        assert_eq!((a1.element, a2.element), (1, 2));
        assert_ne!(a1.reveal, a2.reveal);
    }

    #[test]
    fn new_solitaire_games_need_a_mode_and_solitaire_refuses_policies() {
        let s = Solo::new();
        let e = s
            .create(None, Anchors::Given(BTreeMap::new()))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("--mode self"), "{e}");
        let e = s
            .create(Some(WITNESS), Anchors::Given(BTreeMap::new()))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("no anchor for the witness"), "{e}");
        let e = s
            .create(Some("referee"), Anchors::Given(BTreeMap::new()))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("not `referee`"), "{e}");
        let l = s
            .create(Some(SELF), Anchors::Given(BTreeMap::new()))
            .unwrap();
        let policy = s.dir.path().join("policy.yaml");
        std::fs::write(&policy, "{}\n").unwrap();
        let file = parse_orders("roll: 1\n").unwrap();
        let e = write_orders(&l, &file, None, &s.secrets(), Some(&policy))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("no standing policies"), "{e}");
        // Two-player games take no mode.
        let ss = games::load("southern-strategy", None).unwrap();
        let e = new_game_with(
            ss.as_ref(),
            NewGame {
                game: "southern-strategy",
                id: "ss-1",
                anchors: Anchors::Hotseat,
                mode: Some(SELF),
                names: BTreeMap::new(),
                emails: BTreeMap::new(),
                secrets_dir: &s.secrets(),
                data_dir: None,
                chain_length: Some(16),
            },
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("for solitaire games"), "{e}");
    }

    #[test]
    fn reports_name_the_dice_mode() {
        let templates = Templates::new(None);
        let ctx = |mode: Option<&str>| {
            json!({"title": "T", "id": "toy-1", "game": "toy", "demo": false, "dice_mode": mode,
                   "at_step": 2, "tip": "00", "reveals": []})
        };
        let header = templates.render("header.txt", &ctx(Some(SELF))).unwrap();
        assert!(header.contains("could have looked ahead"), "{header}");
        let block = templates
            .render("verification.txt", &ctx(Some(SELF)))
            .unwrap();
        assert!(block.contains("self mode"), "{block}");
        let footer = templates
            .render("footer.txt", &json!({"outgoing": 2, "dice_mode": SELF}))
            .unwrap();
        assert!(footer.contains("`self` record"), "{footer}");
        let block = templates
            .render("verification.txt", &ctx(Some(WITNESS)))
            .unwrap();
        assert!(block.contains("witness mode"), "{block}");
        let header = templates.render("header.txt", &ctx(Some(WITNESS))).unwrap();
        assert!(header.contains("witness mode"), "{header}");
        let two = templates.render("header.txt", &ctx(None)).unwrap();
        assert!(!two.contains("mode"), "{two}");
    }
}
