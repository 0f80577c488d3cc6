//! `ingest` and `send`: packets in and out by mail.

use std::path::{Path, PathBuf};

use super::*;
use crate::engine::atomic;
use crate::engine::record::Packet;
use crate::engine::session::{self, Received, Replay};
use crate::engine::Error;
use crate::mail::send::Via;
use crate::mail::thread::{self, Thread};
use crate::report::text::Templates;

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
    /// Which of several packets in the message was used, when there were several.
    pub choice: Option<String>,
    /// The packet is the very record the log already holds for its step: nothing was done.
    pub already_applied: bool,
    /// The step the message brought and its Message-ID, for the mail thread.
    pub step: u64,
    pub message_id: Option<String>,
}

/// `ingest`: the packet of one mail message, found, checked against its game and (unless
/// `check`) adjudicated. Nothing is written here.
pub fn ingest_message(
    commit: &mut Commit,
    raw: &[u8],
    games: &Games,
    secrets_dir: &Path,
    data_dir: &dyn Fn(&str) -> Option<PathBuf>,
    check: bool,
) -> Result<Ingested, Error> {
    let scan = crate::mail::ingest::scan(raw)?;
    // The game: the one every packet names, else the one of the packet chosen without it.
    let id = match scan.games().as_slice() {
        [one] => one.to_string(),
        _ => scan.pick(&|_| false)?.packet.record.game,
    };
    let id = &id;
    let game_path = match games {
        Games::File(p) => p.to_path_buf(),
        Games::Folder(dir) => {
            session::check_id(id)?;
            let p = dir.join(format!("{id}.yaml"));
            if !p.exists() {
                return Err(Error::Format {
                    what: "the message".into(),
                    message: format!(
                        "its packet is for game `{id}`, which is not in `{}` (no `{}` there)",
                        dir.display(),
                        p.display()
                    ),
                });
            }
            p
        }
    };
    commit.lock(&game_path)?;
    let loaded = load_game(&game_path, data_dir(id).as_deref())?;
    let next = loaded.game.log.len() as u64 + 1;
    let found = scan.pick(&|p| p.record.game == loaded.game.id && p.record.step == next)?;
    let choice = choice_note(&found);
    // A second copy of a mail already taken (a resend, a mail delivered twice) is no error.
    let rec = &found.packet.record;
    let already_applied = rec.game == loaded.game.id
        && rec
            .step
            .checked_sub(1)
            .and_then(|i| loaded.game.log.get(i as usize))
            == Some(rec);
    let by = &found.packet.record.by;
    let expected = loaded
        .game
        .players
        .get(by)
        .map(|p| p.email.clone())
        .unwrap_or_default();
    let from_warning = match &found.from {
        Some(f) if !expected.is_empty() && !f.eq_ignore_ascii_case(&expected) => Some(format!(
            "the message comes from `{f}`, but `{by}` plays from `{expected}` (the packet's signature, not the address, proves who sent it)"
        )),
        _ => None,
    };
    let received = if already_applied {
        None
    } else if check {
        // What taking it would refuse before any dice, `--check` refuses too.
        refuse_own_packet(&loaded, &found.packet, secrets_dir)?;
        let mut replay = Replay::from_file(loaded.rules.as_ref(), &loaded.game)?;
        replay.push(&found.packet.record)?;
        None
    } else {
        Some(adjudicate(commit, &loaded, &found.packet, secrets_dir)?)
    };
    Ok(Ingested {
        game_path,
        loaded,
        received,
        from_warning,
        choice,
        already_applied,
        step: found.packet.record.step,
        message_id: found.message_id.clone(),
    })
}

/// Which packet of several a message's was used, and which were passed over.
fn choice_note(found: &crate::mail::ingest::Found) -> Option<String> {
    if found.ignored.is_empty() && found.damaged.is_empty() {
        return None;
    }
    let mut parts = vec![format!(
        "used the packet for step {} (from `{}`)",
        found.packet.record.step, found.packet.record.by
    )];
    if !found.ignored.is_empty() {
        let steps: Vec<String> = found
            .ignored
            .iter()
            .map(|p| p.record.step.to_string())
            .collect();
        let (noun, pronoun) = if steps.len() == 1 {
            ("packet", "it")
        } else {
            ("packets", "they")
        };
        let quoted = if found.ignored_quoted { "quoted " } else { "" };
        parts.push(format!(
            "ignored the {quoted}{noun} for step {}: {pronoun} did not fit the game's next step",
            steps.join(", ")
        ));
    }
    // A damaged copy beside the packet used (a relay's change, a bad paste) is said, not
    // passed over in silence.
    for why in &found.damaged {
        parts.push(format!(
            "ignored a damaged copy that could not be read ({why})"
        ));
    }
    Some(parts.join("; "))
}

/// What `send` mails and how.
pub struct Send<'a> {
    /// The game file, beside which the mail thread is kept.
    pub game: &'a Path,
    pub packet: Packet,
    /// The file the packet was read from, if any: a mail written to a file (`eml:FILE`) may
    /// not go over it.
    pub packet_path: Option<&'a Path>,
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub via: Via,
    pub attach_game: Option<&'a Path>,
    pub board: bool,
    pub mail: &'a crate::config::MailConfig,
}

/// `send`: mails a packet to the opponent with the report of the latest step as the body, the
/// packet armoured in the body and attached, and on request the game file and the board (PNG).
/// Nothing is written but the message itself, so a failed send changes no game file.
pub fn send(l: &Loaded, s: &Send, templates: &Templates) -> Result<String, Error> {
    let packet = &s.packet;
    let rec = &packet.record;
    if rec.game != l.game.id {
        return Err(Error::Format {
            what: "send".into(),
            message: format!("the packet is for game `{}`, not `{}`", rec.game, l.game.id),
        });
    }
    // The mail's subject, report and board come from the game file, so the packet must be
    // its last record: an older one would go out under a later step's report.
    let refuse = |message: String| Error::Format {
        what: "send".into(),
        message,
    };
    match l.game.log.last() {
        Some(last) if last.step > rec.step => {
            let now = if last.by == rec.by {
                format!(
                    "it is not the packet your opponent waits for; `adjutant resend {} --send` mails the one that is",
                    s.game.display()
                )
            } else {
                format!(
                    "step {} is {}'s, so nothing of yours waits to be mailed: it is yours to decide or answer next (`adjutant orders {}` lists the options)",
                    last.step,
                    l.rules.side_name(&last.by),
                    s.game.display()
                )
            };
            return Err(refuse(format!(
                "the packet is for step {}, but the game file has gone on to step {}: {now}",
                rec.step, last.step
            )));
        }
        Some(last) if last == rec => {}
        _ => {
            return Err(refuse(format!(
                "the packet's step {} is not the last record of the game file: send a packet written from this game file (`adjutant orders {} ORDERS -o PACKET`)",
                rec.step,
                s.game.display()
            )))
        }
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
                key: None,
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
            // Quoted, so that a name with a comma, a colon or brackets stays one name.
            let name = p.name.replace('\\', "\\\\").replace('"', "\\\"");
            format!("\"{name}\" <{}>", p.email)
        }
    };
    let from = match &s.mail.from {
        Some(f) => f.clone(),
        None if me.email.is_empty() => {
            return Err(Error::Format {
                what: "sending".into(),
                message: format!(
                    "no sender address: set `mail.from` in your config, or `{}`'s address in the game file (`new --email {}=ADDRESS`)",
                    rec.by, rec.by
                ),
            })
        }
        None => address(&me),
    };
    let mut to = s.to.clone();
    if to.is_empty() {
        if player(&opponent).email.is_empty() {
            return Err(Error::Format {
                what: "sending".into(),
                message: format!(
                    "no recipient: give `--to ADDRESS`; the game file has no address for `{opponent}`"
                ),
            });
        }
        to.push(address(&player(&opponent)));
    }
    let mut cc = s.mail.cc.clone();
    cc.extend(s.cc.iter().cloned());
    let steps = crate::report::log::Selection::Last.pick(crate::report::log::steps(&l.game));
    let report = render(
        l,
        &l.game,
        super::Worded::bare(&steps),
        None,
        Format::Text,
        templates,
    )?;
    let armoured = packet_text(packet)?;
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
        // PNG, not SVG: every mail client shows a PNG inline, few show an SVG.
        let state = &l.game.state;
        let png = board_png(l, &l.game, state, l.game.log.len() as u64, templates)?
            .ok_or_else(|| super::report::no_board(&l.game))?;
        attachments.push((format!("{}-board.png", l.game.id), "image/png".into(), png));
    }
    let mut thread = Thread::load(s.game, &l.game.id)?;
    let message_id = thread::message_id(rec, &from)?;
    let out = crate::mail::send::Outgoing {
        from,
        to,
        cc,
        subject: subject(l, rec)?,
        body: format!("{report}\n\n{}{armoured}", orders_words(l, rec, templates)?),
        attachments,
        in_reply_to: thread.in_reply_to(rec.step),
        references: thread.references(rec.step),
        message_id: Some(message_id.clone()),
    };
    if let Via::Eml(path) = &s.via {
        // The message is one more output: it may not go over a file this command reads or
        // writes besides.
        let thread_file = thread::path(s.game);
        let config = crate::config::default_path();
        let others = [
            (Some(s.game), "the game file"),
            (s.packet_path, "the packet it carries"),
            (
                Some(thread_file.as_path()),
                "the game's mail thread, which this command notes",
            ),
            (
                Some(config.as_path()),
                "adjutant's config file, which holds the mail settings",
            ),
        ];
        if let Some((_, what)) = others
            .iter()
            .find(|(p, _)| p.is_some_and(|p| atomic::names_input(path, p)))
        {
            return Err(Error::Io {
                path: path.clone(),
                action: "write",
                source: std::io::Error::other(format!(
                    "it is {what}; write the mail to a file of its own"
                )),
            });
        }
    }
    let sent = crate::mail::send::send(&out, &s.via, s.mail.smtp.as_ref())?;
    thread.note(rec.step, &message_id);
    // The thread file only links the mails: the mail went out whether or not it is written.
    Ok(
        match thread
            .to_text()
            .and_then(|t| atomic::write(&thread::path(s.game), t.as_bytes()))
        {
            Ok(()) => sent,
            Err(e) => format!("{sent} (but the mail thread was not noted: {e})"),
        },
    )
}

/// The orders a packet carries, in the words reports use, for the mail's text: the opponent
/// reads them before adjudicating (they are in the packet anyway). Empty for a packet of a
/// result alone.
fn orders_words(
    l: &Loaded,
    rec: &crate::engine::record::Record,
    templates: &Templates,
) -> Result<String, Error> {
    let Some(orders) = &rec.orders else {
        return Ok(String::new());
    };
    let words =
        super::report::event_words(l, templates, &[("orders", vec![orders.clone()])])?.remove(0);
    let line = format!(
        "{}'s orders for step {}: {}",
        l.rules.side_name(&rec.by),
        rec.step,
        words.trim()
    );
    Ok(format!("{}\n\n", crate::report::text::wrap_text(&line, 72)))
}

/// One subject a game, the step and what it carries after it:
/// `[adjutant ss-2027-alice-bob] step 12: Crown's impulse`. Mail clients that thread by
/// subject and those that thread by `References` both keep a game together.
pub fn subject(l: &Loaded, rec: &crate::engine::record::Record) -> Result<String, Error> {
    let side = |s: &str| l.rules.side_name(s);
    let what = if rec.orders.is_some() {
        // The sender's copy still holds the state the orders were given in.
        match l.rules.awaiting(&l.game.state)? {
            Some(w) if w.side == rec.by => format!(
                "{}'s {}",
                side(&rec.by),
                crate::engine::error::decision_words(&w.decision)
            ),
            _ => format!("{}'s orders", side(&rec.by)),
        }
    } else {
        match &rec.result {
            Some(r) => format!("result of step {} from {}", r.step, side(&rec.by)),
            None => format!("{}'s packet", side(&rec.by)),
        }
    };
    Ok(format!("[adjutant {}] step {}: {what}", rec.game, rec.step))
}

/// Notes in the game's mail thread the Message-ID of the mail that brought step `step`, to be
/// written with the game file `game_path`.
pub fn stage_thread(
    commit: &mut Commit,
    game_path: &Path,
    game_id: &str,
    step: u64,
    message_id: &str,
) -> Result<(), Error> {
    if game_path == Path::new("-") {
        return Ok(());
    }
    let mut thread = Thread::load(game_path, game_id)?;
    thread.note(step, message_id);
    commit.add(&thread::path(game_path), thread.to_text()?.as_bytes())
}

/// The refusal of `eml:` with no file after it, in `--via` (a usage error) or the config.
pub const EML_WITHOUT_FILE: &str =
    "`eml:` names no file: give the file to write the message to, as `eml:FILE`";

/// How to send, from `--via` or the config's `mail.via`: `smtp`, `sendmail` (the default) or
/// `eml:FILE`.
pub fn via(given: Option<&str>, mail: &crate::config::MailConfig) -> Result<Via, Error> {
    let text = given.or(mail.via.as_deref()).unwrap_or("sendmail");
    match text {
        "smtp" => Ok(Via::Smtp),
        "sendmail" => Ok(Via::Sendmail(mail.sendmail.clone())),
        "eml:" => Err(Error::Format {
            what: "sending".into(),
            message: format!("{EML_WITHOUT_FILE} (in `--via` or the config's `mail.via`)"),
        }),
        v if v.starts_with("eml:") => Ok(Via::Eml(PathBuf::from(&v[4..]))),
        v => Err(Error::Format {
            what: "sending".into(),
            message: format!("`{v}` is not `smtp`, `sendmail` or `eml:FILE` (in `--via` or the config's `mail.via`)"),
        }),
    }
}
