//! What each command does, as library functions over files: load, check, adjudicate, write
//! atomically, report. The CLI only turns arguments into calls to these.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::engine::atomic;
use crate::engine::canon::to_hex;
use crate::engine::chain::DEFAULT_CHAIN_LENGTH;
use crate::engine::game::{LegalOption, Rules};
use crate::engine::gamefile::{GameFile, Player};
use crate::engine::locate;
use crate::engine::record::{Packet, Record};
use crate::engine::secrets::{self, Secret};
use crate::engine::session::{self, Received, Replay, StepView};
use crate::engine::verify::{self, Summary};
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
    pub names: BTreeMap<String, String>,
    pub emails: BTreeMap<String, String>,
    pub secrets_dir: &'a Path,
    pub data_dir: Option<&'a Path>,
    pub chain_length: Option<u64>,
}

pub fn new_game(opts: NewGame) -> Result<GameFile, Error> {
    let rules = games::load(opts.game, opts.data_dir)?;
    session::check_id(opts.id)?;
    let n = opts.chain_length.unwrap_or(DEFAULT_CHAIN_LENGTH);
    let mut players = BTreeMap::new();
    for side in rules.sides() {
        let anchor = match &opts.anchors {
            Anchors::Given(m) => m.get(*side).cloned().ok_or_else(|| Error::Format {
                what: "new".into(),
                message: format!("no anchor for `{side}`: give `--anchor {side}=HEX` (from `adjutant keys`), or `--hotseat`"),
            })?,
            Anchors::Hotseat | Anchors::Demo => {
                let s = match opts.anchors {
                    Anchors::Demo => Secret::demo(opts.id, side, n),
                    _ => Secret::generate(opts.id, side, n)?,
                };
                secrets::save(opts.secrets_dir, &s)?;
                to_hex(&s.anchor()?)
            }
        };
        players.insert(
            side.to_string(),
            Player {
                name: opts.names.get(*side).cloned().unwrap_or_default(),
                email: opts.emails.get(*side).cloned().unwrap_or_default(),
                anchor,
            },
        );
    }
    if let Anchors::Given(m) = &opts.anchors {
        if let Some(extra) = m.keys().find(|k| !rules.sides().contains(&k.as_str())) {
            return Err(Error::Format {
                what: "new".into(),
                message: format!("`{extra}` is not a side of {}", opts.game),
            });
        }
    }
    session::create(rules.as_ref(), opts.id, players, n)
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

/// `adjudicate`: receives a packet with the receiver's secret from `secrets_dir`.
pub fn adjudicate(l: &Loaded, packet: &Packet, secrets_dir: &Path) -> Result<Received, Error> {
    let id = l.game.id.clone();
    let reveal_of = |side: &str, index: u64| {
        let secret = secrets::load(secrets_dir, &id, side)?;
        session::secret_element(&l.game, &secret, side, index)
    };
    let policy_of = |side: &str, commit: &str| secrets::load_policy(secrets_dir, &id, side, commit);
    session::receive(
        l.rules.as_ref(),
        &l.game,
        &packet.record,
        &reveal_of,
        &policy_of,
    )
}

/// `play` (hot-seat): the side to act writes its orders and the other side's secret, held
/// here too, adjudicates them at once.
pub fn play(
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<&Path>,
) -> Result<Received, Error> {
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
