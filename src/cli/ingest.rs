//! `adjutant ingest`: read packets from mail, one message (a file or standard input, for
//! procmail, maildrop or a `.forward` pipe) or every new message of a Maildir.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::app::{self, Games};
use crate::engine::atomic::io;
use crate::engine::error::printable;

/// Find the packet in a mail message (or each new message of a Maildir) and adjudicate it
#[derive(clap::Args)]
// The outputs of one message: a run over a Maildir or an IMAP folder takes many, into their
// own game files and replies, and one `--out` or `--reply` for them all kept only the last and
// lost the others. (`--report` is kept: a folder's reports are written one after another.)
#[command(group(
    clap::ArgGroup::new("one_message_outputs")
        .args(["out", "reply"])
        .multiple(true)
        .conflicts_with_all(["maildir", "imap"])
))]
#[command(group(clap::ArgGroup::new("folder").args(["maildir", "imap"])))]
// Required through a group: a flag's own `false` counts for `requires`, a group's does not.
#[command(group(clap::ArgGroup::new("watching").args(["watch"])))]
pub struct Args {
    /// The message, as an .eml file (`-` for standard input)
    #[arg(required_unless_present_any = ["maildir", "imap"])]
    message: Option<PathBuf>,
    /// Process every message in the Maildir's `new/`: good ones move to `cur/`, refused ones to
    /// `rejected/` with the reason in `rejected/log.txt`; a move never replaces a file (a name
    /// taken gets `.1`, `.2` ...)
    #[arg(long, value_name = "DIR", conflicts_with_all = ["message", "imap"])]
    maildir: Option<PathBuf>,
    /// Read the IMAP folder of your config's `mail.imap`: each message holding a packet for a
    /// known game is taken and filed in `mail.imap.file_into`; other mail is left alone, and
    /// nothing is deleted
    #[arg(long, conflicts_with = "message")]
    imap: bool,
    /// With `--imap`: keep reading the folder, every `--interval` seconds
    #[arg(long, requires = "folder", conflicts_with_all = ["maildir", "message"])]
    watch: bool,
    /// With `--watch`: seconds between two reads of the folder
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        requires = "watching"
    )]
    interval: u64,
    /// With `--watch`: stop after this many reads [default: never]
    #[arg(long, value_name = "N", requires = "watching")]
    polls: Option<u64>,
    /// The game file the packet belongs to
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "games",
        required_unless_present = "games"
    )]
    game: Option<PathBuf>,
    /// A folder of game files named `<game id>.yaml`
    #[arg(long, value_name = "DIR")]
    games: Option<PathBuf>,
    /// Only check the packet; change nothing
    #[arg(long)]
    check: bool,
    /// With `--maildir`: first move the messages refused before (in `rejected/`) back to
    /// `new/` (with `--check`: check them where they are, moving nothing); with `--imap`: look
    /// again at the messages looked at before. To take them after fixing what was wrong on
    /// your side
    #[arg(long, requires = "folder")]
    retry: bool,
    /// With `--maildir` or `--imap`: mark the messages taken as read (they stay unread
    /// otherwise, so your mail client still shows them as new)
    #[arg(long, requires = "folder")]
    mark_read: bool,
    /// Adjutant's bot plays this side: after each message taken it mails any reply packet
    /// and, when the decision is the bot's, its orders (by the config's `mail.via`), so an
    /// opponent can play it by mail (with `--imap --watch`, or `--maildir` run by cron)
    #[arg(long, value_name = "SIDE", conflicts_with = "check")]
    bot: Option<String>,
    #[command(flatten)]
    thinking: super::bot::Thinking,
    #[command(flatten)]
    out: super::adjudicate::Outputs,
    #[command(flatten)]
    common: super::Common,
}

/// What a message taken brought: what to say, and whether the bot's turn after it failed (its
/// packet not written, or not mailed: the message is still taken, since the game moved on, and
/// the run exits 3).
struct Taken {
    said: String,
    mail_failed: bool,
    /// The game the bot took its turn in (or tried to), with `--bot`.
    bot_game: Option<PathBuf>,
}

/// `reports` is what this run wrote before into a `--report` file (a folder's messages are
/// written there one after another); a message taken adds its report to it.
fn one(a: &Args, raw: &[u8], reports: &mut String) -> anyhow::Result<Taken> {
    let mut mail_failed = false;
    let mut bot_game = None;
    let mut commit = app::Commit::new();
    let games = match (&a.game, &a.games) {
        (Some(f), _) => Games::File(f),
        (None, Some(d)) => Games::Folder(d),
        (None, None) => anyhow::bail!("give `--game FILE` or `--games DIR`"),
    };
    let config = crate::config::Config::load(&crate::config::default_path())?;
    let data = a.common.data_in(Some(&config));
    let done = app::ingest_message(
        &mut commit,
        raw,
        &games,
        &a.common.secrets_dir(),
        &data,
        a.check,
    )?;
    if let Some(w) = &done.from_warning {
        eprintln!("warning: {}", printable(w));
    }
    if let Some(c) = &done.choice {
        eprintln!("{}", printable(c));
    }
    let step = match done.received {
        None if done.already_applied => format!(
            "already applied: step {} is in `{}` (a copy of a mail taken before, or of a packet this copy wrote); nothing changed",
            done.step,
            done.game_path.display()
        ),
        None => format!("checked: the packet fits `{}`", done.game_path.display()),
        Some(received) => {
            // Steps whose dice this copy keyed were adjudicated here; the others' results came
            // in the packet and were checked (a reply to one's own orders).
            let held = app::Held::of(&done.loaded, &a.common.secrets_dir());
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for s in &received.steps {
                if held.sides.contains(&s.adjudicated_by) {
                    ours.push(s.step);
                } else {
                    theirs.push(s.step);
                }
            }
            let list = |steps: &[u64]| {
                let noun = if steps.len() == 1 { "step" } else { "steps" };
                let numbers: Vec<String> = steps.iter().map(u64::to_string).collect();
                format!("{noun} {}", numbers.join(", "))
            };
            let templates = a.common.templates(&done.loaded.game.id)?;
            if let Some(id) = &done.message_id {
                let target = a.out.out.as_deref().unwrap_or(&done.game_path);
                app::stage_thread(&mut commit, target, &done.loaded.game.id, done.step, id)?;
            }
            let to_stdout = a.out.report == Path::new("-");
            let written = super::adjudicate::write_results(
                commit,
                &done.game_path,
                &a.out,
                &done.loaded,
                received,
                &templates,
                super::adjudicate::Run {
                    hotseat: false,
                    notes: "",
                    earlier: if to_stdout { "" } else { reports },
                },
            )?;
            if !to_stdout {
                *reports = written.report;
            }
            let reply = written.reply;
            let target = a.out.out.clone().unwrap_or(done.game_path.clone());
            let mut said = match (ours.is_empty(), theirs.is_empty()) {
                (false, true) => {
                    format!("adjudicated into `{}` ({})", target.display(), list(&ours))
                }
                (true, true) => format!("taken into `{}`", target.display()),
                (true, false) => format!(
                    "taken into `{}`: the result of {} checked",
                    target.display(),
                    list(&theirs)
                ),
                _ => format!(
                    "adjudicated into `{}` ({}; the result of {} checked)",
                    target.display(),
                    list(&ours),
                    list(&theirs)
                ),
            };
            if let Some(side) = &a.bot {
                // The message is taken whatever becomes of the bot's turn: the game has moved
                // on, and taking the message again would only find it applied.
                let (words, failed) = bot_turn(a, &config, &target, side, reply.as_deref());
                said.push_str(&words);
                mail_failed = failed;
                bot_game = Some(target);
            }
            said
        }
    };
    Ok(Taken {
        said: step,
        mail_failed,
        bot_game,
    })
}

/// `--bot`: the bot decides in each game (the `--game`, or each of `--games`) whose decision
/// is its own, mail or no mail, bar those in `tried` (whose turn a message of this run took
/// already). A run whose bot could not write its packet, or a game the bot moves first in,
/// would otherwise wait for a message that never comes. Says what it did, one line a game, and
/// whether any of it failed.
fn owed_turns(a: &Args, config: &crate::config::Config, tried: &[PathBuf]) -> (Vec<String>, bool) {
    let Some(side) = a.bot.as_deref().filter(|_| !a.check) else {
        return (Vec::new(), false);
    };
    let games: Vec<PathBuf> = match (&a.game, &a.games) {
        (Some(f), _) => vec![f.clone()],
        (None, Some(d)) => {
            let mut found: Vec<PathBuf> = std::fs::read_dir(d)
                .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            found.sort();
            // A game of the folder is `<id>.yaml` (thread files, packets and the like are not).
            found.retain(|p| {
                let Some(stem) = p
                    .file_name()
                    .and_then(|n| n.to_str()?.strip_suffix(".yaml"))
                else {
                    return false;
                };
                crate::engine::atomic::read(p)
                    .ok()
                    .and_then(|t| crate::engine::gamefile::GameFile::parse(&t).ok())
                    .is_some_and(|g| g.id == stem)
            });
            found
        }
        (None, None) => Vec::new(),
    };
    let (mut said, mut failed) = (Vec::new(), false);
    for game in games.iter().filter(|g| !tried.contains(g)) {
        let (words, turn_failed) = bot_turn(a, config, game, side, None);
        failed |= turn_failed;
        if !words.is_empty() {
            said.push(format!(
                "`{}`: {}",
                game.display(),
                words.trim_start_matches("; ")
            ));
        }
    }
    (said, failed)
}

/// `--bot`: mails the reply packet a run wrote, then, while the decision is the bot's, its
/// orders as a packet made with the bot's own secret. Says what went out (or why not), and
/// whether a packet could not be made or mailed; it never fails, since what went out before a
/// failure must be said.
fn bot_turn(
    a: &Args,
    config: &crate::config::Config,
    game: &Path,
    side: &str,
    reply: Option<&Path>,
) -> (String, bool) {
    let mut said = String::new();
    let failed = std::cell::Cell::new(false);
    let send_packet = |packet_path: &Path| -> anyhow::Result<String> {
        let l = a.common.load_game(game)?;
        let send = app::Send {
            game,
            packet: app::read_packet(packet_path)?,
            packet_path: Some(packet_path),
            to: Vec::new(),
            cc: Vec::new(),
            via: app::via(None, &config.mail)?,
            attach_game: None,
            board: false,
            mail: &config.mail,
        };
        Ok(app::send(&l, &send, &a.common.templates(&l.game.id)?)?)
    };
    // The game file has moved on by the time a packet is mailed, so a mail that fails does not
    // refuse the message (taking it again would find it applied): it says how to send the
    // packet once the mail works, and the run exits 3 so that a bot run by cron does not stall
    // unnoticed.
    let mail = |packet_path: &Path| -> String {
        match send_packet(packet_path) {
            Ok(where_to) => format!("; mailed `{}` ({where_to})", packet_path.display()),
            Err(e) => {
                failed.set(true);
                format!(
                "; could not mail `{}`: {e:#}; the game has moved on, so send it with `adjutant resend {} --send --secrets {}` once the mail works",
                packet_path.display(),
                game.display(),
                a.common.secrets_dir().display()
            )
            }
        }
    };
    if let Some(r) = reply {
        said.push_str(&mail(r));
    }
    // What went out so far is said whatever becomes of the decision: a reply that could not be
    // mailed must be resent before anything the bot decides next.
    let decided = || -> anyhow::Result<Option<(PathBuf, u64)>> {
        // Locked before it is read, as `bot -o` does: another run cannot move the game on
        // between the read the bot decides from and the write of its orders.
        let mut commit = app::Commit::new();
        commit.lock(game)?;
        let l = a.common.load_game(game)?;
        let deciding = l
            .game
            .awaiting
            .as_ref()
            .is_some_and(|w| w.side == side && w.decision != "adjudicate");
        if !deciding {
            return Ok(None);
        }
        let own = app::own_secret(&l.game, side, &a.common.secrets_dir())?;
        let choice = app::bot_decide(
            &l,
            Some(side),
            &a.thinking.playing(&l.game, side, Some(&own))?,
            None,
        )?;
        let (gf, packet) = app::write_orders(
            &mut commit,
            &l,
            &choice.file,
            Some(side),
            &a.common.secrets_dir(),
            None,
        )?;
        let dir = game.parent().map(Path::to_path_buf).unwrap_or_default();
        let out = dir.join(format!("{}-step-{}.packet.yaml", gf.id, packet.record.step));
        commit.commit_packet(&out, &packet, game, &gf)?;
        Ok(Some((out, packet.record.step)))
    };
    match decided() {
        Ok(None) => {}
        Ok(Some((out, step))) => {
            said.push_str(&format!("; the bot ({side}) decided step {step}"));
            said.push_str(&mail(&out));
        }
        Err(e) => {
            failed.set(true);
            said.push_str(&format!(
                "; the bot ({side}) could not decide: {e:#}; the next `ingest --bot` run decides, mail or no mail"
            ));
        }
    }
    (said, failed.get())
}

/// The refusal log in `rejected/`. No message moved there is given this name.
const REJECTED_LOG: &str = "log.txt";

/// Moves a message file into `dir` (made if missing) under its own name and `suffix`, or,
/// when that name is taken, the first free `<name>.<n><suffix>`; returns the name it got. A
/// move never replaces a file: a rename would, and lose the mail (or the log) there. The file
/// is linked under its new name, which fails if the name is taken, then unlinked from the old
/// one; a run stopped between the two leaves the message in both folders, never in neither.
fn move_to(msg: &Path, dir: &Path, suffix: &str) -> anyhow::Result<String> {
    std::fs::create_dir_all(dir).map_err(io("make the folder", dir))?;
    let name = msg
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Room for the `.N` of a taken name and the suffix within a file name's 255 bytes: a
    // message with a longest name is filed under its name cut short, not left in `new/`.
    let name = crate::engine::atomic::cut_name(&name, 255 - 6 - suffix.len().min(200)).to_string();
    let reserved = dir.file_name().is_some_and(|d| d == "rejected");
    for n in 0..10_000u32 {
        let candidate = match n {
            0 => format!("{name}{suffix}"),
            n => format!("{name}.{n}{suffix}"),
        };
        if reserved && candidate == REJECTED_LOG {
            continue;
        }
        let to = dir.join(&candidate);
        let linked = match std::fs::hard_link(msg, &to) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // A file system without hard links: a rename, once the name is seen to be free.
            Err(_) if std::fs::symlink_metadata(&to).is_err() => {
                std::fs::rename(msg, &to).map_err(io("move", msg))?;
                false
            }
            Err(_) => continue,
            Ok(()) => true,
        };
        if linked {
            std::fs::remove_file(msg).map_err(io("move", msg))?;
        }
        return Ok(candidate);
    }
    Err(crate::engine::Error::Io {
        path: dir.join(&name),
        action: "move a message to",
        source: std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "that name and 10000 others are taken",
        ),
    }
    .into())
}

/// Whether `e` is a failure of this side's file system rather than a fault of the message.
fn is_local_failure(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref::<crate::engine::Error>(),
        Some(crate::engine::Error::Io { .. })
    )
}

/// The messages of `rejected/` (all but its log), in name order.
fn rejected_messages(maildir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let rejected = maildir.join("rejected");
    let Ok(entries) = std::fs::read_dir(&rejected) else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    for e in entries {
        let p = e.map_err(io("read", &rejected))?.path();
        if p.is_file() && p.file_name().is_some_and(|n| n != REJECTED_LOG) {
            found.push(p);
        }
    }
    found.sort();
    Ok(found)
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    // Mistakes on this side are found before any message is moved.
    if let Some(d) = &a.games {
        if !d.is_dir() {
            anyhow::bail!("`--games {}` is not a folder", d.display());
        }
    }
    if a.imap {
        return imap(&a);
    }
    if let Some(maildir) = &a.maildir {
        if !maildir.join("new").is_dir() {
            anyhow::bail!(
                "`{}` is not a Maildir: it has no `new/` folder",
                maildir.display()
            );
        }
        let again = if a.retry {
            rejected_messages(maildir)?
        } else {
            Vec::new()
        };
        let n = super::counted(again.len(), "refused message", "refused messages");
        if a.check && a.retry {
            // `--check` changes nothing: they are checked where they are.
            eprintln!("{n} would be moved back to `new/` to be taken again (checked below where they are)");
        } else if a.retry {
            for p in &again {
                move_to(p, &maildir.join("new"), "")?;
            }
            eprintln!("{n} moved back to `new/` to be taken again");
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(maildir.join("new"))
            .map_err(io("read", &maildir.join("new")))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        if a.check {
            files.extend(again);
        }
        let (mut good, mut bad, mut failed) = (0, 0, 0);
        let mut tried = Vec::new();
        let mut reports = String::new();
        for f in files {
            // Another run of `ingest` on the same Maildir may hold this message, and take it
            // away: wait for it, and skip a message that is gone.
            let name = shown(&f);
            // A message that cannot be locked or read is this side's failure (its rights, the
            // disk): it stays in `new/` for the next run, and the batch goes on.
            let held = crate::engine::atomic::Lock::exclusive(&f).map_err(anyhow::Error::from);
            if held.is_err() && !f.exists() {
                continue;
            }
            let raw = held.and_then(|held| Ok((held, read_message(&f)?)));
            let (_held, raw) = match raw {
                Ok(r) => r,
                Err(e) => {
                    failed += 1;
                    eprintln!(
                        "{name}: not taken, it cannot be read: {}; the message stays in `new/` for the next run",
                        printable(&format!("{e:#}"))
                    );
                    continue;
                }
            };
            match one(&a, &raw, &mut reports) {
                Ok(taken) => {
                    good += 1;
                    if taken.mail_failed {
                        failed += 1;
                    }
                    tried.extend(taken.bot_game);
                    eprintln!("{name}: {}", printable(&taken.said));
                    if !a.check {
                        // Maildir's info suffix: `S` is the Seen flag.
                        let flags = if a.mark_read { ":2,S" } else { ":2," };
                        move_to(&f, &maildir.join("cur"), flags)?;
                    }
                }
                // This side's file system failed (a rename, a write): the message is not at
                // fault, so it stays in `new/` for the next run, which takes it.
                Err(e) if is_local_failure(&e) => {
                    failed += 1;
                    eprintln!(
                        "{name}: not taken, the file system failed: {}; the message stays in `new/` for the next run",
                        printable(&format!("{e:#}"))
                    );
                }
                Err(e) => {
                    bad += 1;
                    let why = printable(&format!("{e:#}"));
                    eprintln!("{name}: refused: {why}");
                    if !a.check {
                        let rejected = maildir.join("rejected");
                        let name = one_line(&move_to(&f, &rejected, "")?);
                        let log = rejected.join(REJECTED_LOG);
                        use std::io::Write;
                        std::fs::OpenOptions::new()
                            .create(true)
                            .append(true)
                            .open(&log)
                            .and_then(|mut l| writeln!(l, "{name}: {}", one_line(&why)))
                            .map_err(io("write", &log))?;
                    }
                }
            }
        }
        let config = crate::config::Config::load(&crate::config::default_path())?;
        let (owed, owed_failed) = owed_turns(&a, &config, &tried);
        for line in owed {
            eprintln!("{}", printable(&line));
        }
        failed += usize::from(owed_failed);
        // `--check` takes nothing: what it found fit is "checked".
        eprintln!(
            "{} {}, {bad} refused",
            super::counted(good, "message", "messages"),
            if a.check { "checked" } else { "taken" }
        );
        return Ok(if failed > 0 {
            ExitCode::from(3)
        } else if bad == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let path = a
        .message
        .as_deref()
        .expect("clap requires a message without --maildir");
    let raw = read_message(path)?;
    let done =
        one(&a, &raw, &mut String::new()).map_err(|e| match e.downcast::<crate::engine::Error>() {
            // A refused packet is named by the file it came in, as `adjudicate` names it.
            Ok(e @ crate::engine::Error::Packet { .. }) if path != Path::new("-") => {
                anyhow::Error::new(e).context(format!("the message `{}`", path.display()))
            }
            Ok(e) if path != Path::new("-") => {
                let e = app::naming_file(e, "the message", path);
                let in_message = format!("the packet in the message `{}`", path.display());
                app::renamed(e, "the packet", in_message).into()
            }
            Ok(e) => e.into(),
            Err(e) => e,
        });
    // The bot's owed turns are taken whatever the message was: a refused one too (a mail that
    // is no packet, through procmail).
    let config = crate::config::Config::load(&crate::config::default_path())?;
    let tried: Vec<PathBuf> = done
        .as_ref()
        .ok()
        .and_then(|d| d.bot_game.clone())
        .into_iter()
        .collect();
    let (owed, owed_failed) = owed_turns(&a, &config, &tried);
    if let Ok(d) = &done {
        eprintln!("{}", printable(&d.said));
    }
    for line in owed {
        eprintln!("{}", printable(&line));
    }
    let done = done?;
    Ok(if done.mail_failed || owed_failed {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// `--imap` (and `--watch`): each read of the folder reports what it took and refused.
fn imap(a: &Args) -> anyhow::Result<ExitCode> {
    let config = crate::config::Config::load(&crate::config::default_path())?;
    let Some(settings) = config.mail.imap.clone() else {
        anyhow::bail!(
            "no `mail.imap` settings in your config `{}` (host, user, password_env or password_file)",
            crate::config::default_path().display()
        );
    };
    let games = match (&a.game, &a.games) {
        (Some(f), _) => Games::File(f),
        (None, Some(d)) => Games::Folder(d),
        (None, None) => anyhow::bail!("give `--game FILE` or `--games DIR`"),
    };
    let mut refused = 0;
    let mut mail_failed = false;
    let mut poll = 0;
    let mut reports = String::new();
    loop {
        poll += 1;
        let mut tried = Vec::new();
        let mut take = |raw: &[u8]| {
            match one(a, raw, &mut reports) {
                Ok(taken) => {
                    mail_failed |= taken.mail_failed;
                    tried.extend(taken.bot_game);
                    app::Outcome::Taken(taken.said)
                }
                // This side's file system failed: the message is not at fault, and stays
                // unmarked for the next read, as a Maildir's stays in `new/`.
                Err(e) if is_local_failure(&e) => {
                    mail_failed = true;
                    app::Outcome::Failed(format!("{e:#}"))
                }
                Err(e) => app::Outcome::Refused(format!("{e:#}")),
            }
        };
        match app::imap_batch(
            &settings,
            &games,
            a.retry && poll == 1,
            a.mark_read,
            &mut take,
        ) {
            Ok(tally) => {
                for (uid, outcome) in &tally.done {
                    match outcome {
                        app::Outcome::Taken(what) => {
                            eprintln!("message {uid}: {}", printable(what))
                        }
                        app::Outcome::Refused(why) => {
                            refused += 1;
                            eprintln!("message {uid}: refused: {}", printable(why))
                        }
                        app::Outcome::Failed(why) => eprintln!(
                            "message {uid}: not taken, the file system failed: {}; it stays in the folder, unmarked, for the next read",
                            printable(why)
                        ),
                    }
                }
                for (uid, size) in &tally.too_big {
                    eprintln!(
                        "message {uid}: {size} bytes, more than the {} adjutant reads; left alone",
                        crate::mail::ingest::MAX_MESSAGE
                    );
                }
                let (owed, owed_failed) = owed_turns(a, &config, &tried);
                for line in owed {
                    eprintln!("{}", printable(&line));
                }
                mail_failed |= owed_failed;
                if !a.watch || !tally.done.is_empty() {
                    let taken = tally
                        .done
                        .iter()
                        .filter(|(_, o)| matches!(o, app::Outcome::Taken(_)))
                        .count();
                    let failed = tally
                        .done
                        .iter()
                        .filter(|(_, o)| matches!(o, app::Outcome::Failed(_)))
                        .count();
                    eprintln!(
                        "{}: {} taken, {} refused, {}{} left alone",
                        settings.folder,
                        super::counted(taken, "message", "messages"),
                        tally
                            .done
                            .iter()
                            .filter(|(_, o)| matches!(o, app::Outcome::Refused(_)))
                            .count(),
                        if failed > 0 {
                            format!("{failed} not taken for a local failure, ")
                        } else {
                            String::new()
                        },
                        super::counted(tally.others + tally.too_big.len(), "other", "others")
                    );
                }
            }
            // A server that is down for a while does not stop a watch.
            Err(e) if a.watch => eprintln!("error: {}", printable(&e.to_string())),
            Err(e) => return Err(e.into()),
        }
        if !a.watch || a.polls.is_some_and(|n| poll >= n) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_secs(a.interval));
    }
    Ok(if mail_failed {
        ExitCode::from(3)
    } else if refused == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A message as `ingest` takes it, from a file or standard input (`-`): at most one byte more
/// than the largest message adjutant reads, which is enough for the scan to refuse it, so an
/// endless input (`/dev/zero`, a runaway pipe) is never read whole.
fn read_message(path: &Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let limit = crate::mail::ingest::MAX_MESSAGE as u64 + 1;
    let mut raw = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(limit)
            .read_to_end(&mut raw)
            .map_err(io("read", path))?;
    } else {
        std::fs::File::open(path)
            .map_err(io("read", path))?
            .take(limit)
            .read_to_end(&mut raw)
            .map_err(io("read", path))?;
    }
    Ok(raw)
}

/// A path as `ingest` prints and logs it: a message's file name may be the sender's choice, so
/// control characters and line breaks in it are escaped (`\u{1b}`, `\n`).
fn shown(p: &Path) -> String {
    one_line(&p.display().to_string())
}

/// `printable`, with line breaks and tabs escaped too: a name or a reason in a one-line entry.
fn one_line(text: &str) -> String {
    printable(text).replace('\n', "\\n").replace('\t', "\\t")
}
