//! Lost mail (issue 16, faults 3 and 4): the outstanding packet written or mailed again, a
//! duplicate mail taken as already applied, refused Maildir messages taken again after a fix,
//! messages left unread, and a game's data folder from the config.

use std::path::Path;

use crate::mail::{crown_packet, crown_packet_of, demo_secrets, mail_dir, MAIL_GAME};
use crate::support::*;

/// The first game id of `ss-test-resend-N` whose initiative roll goes to the Patriot (the
/// dice depend on the id and the data, so a change to either may move it).
fn patriot_initiative_id() -> String {
    for n in 0..20 {
        let id = format!("ss-test-resend-{n}");
        let (g, packet) = crown_packet_of(&id);
        g.receive("patriot", &packet);
        let reply = g.send("patriot", "p1", "supply: []\n");
        if g.receive("crown", &reply).1.is_some() {
            return id;
        }
    }
    panic!("no id gave the Patriot the initiative");
}

#[test]
fn resend_writes_the_outstanding_packet_again_byte_for_byte() {
    // A game whose initiative roll goes to the Patriot, so the Crown's answer to the Patriot's
    // supply phase is a result alone (below).
    let (g, packet) = crown_packet_of(&patriot_initiative_id());
    let c = g.side_dir("crown");
    ok(
        &c,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "-o",
            "again.yaml",
        ],
    );
    assert_eq!(read(&c.join("again.yaml")), read(&packet));
    let o = ok(&c, &["resend", "game.yaml", "--secrets", "secrets"]);
    assert_eq!(stdout(&o), read(&packet), "standard output by default");
    // Mailed again: the same message as the first `send` of it.
    let mail = |args: &[&str], eml: &str| {
        let mut v = args.to_vec();
        let via = format!("eml:{eml}");
        v.extend(["--via", via.as_str()]);
        ok(&c, &v);
        let raw = read(&c.join(eml));
        raw.lines()
            .find(|l| l.starts_with("Message-ID:"))
            .unwrap()
            .to_string()
    };
    let first = mail(&["send", "game.yaml", packet.to_str().unwrap()], "1.eml");
    let again = mail(
        &["resend", "game.yaml", "--secrets", "secrets", "--send"],
        "2.eml",
    );
    assert_eq!(first, again);
    assert!(!c.join("-").exists());
    // A send that fails writes no file either, the packet asked for with `-o` included.
    let before = files(&c);
    let err = fails(
        &c,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "-o",
            "kept.yaml",
            "--send",
            "--via",
            "eml:/nonexistent/x.eml",
        ],
    );
    assert!(err.contains("/nonexistent"), "{err}");
    let after = files(&c);
    assert!(
        after == before,
        "a failed send changed a file: {:?}",
        after.keys()
    );
    // Once the opponent's packet is in and its result goes out with your next orders,
    // nothing of yours is outstanding.
    let p = g.side_dir("patriot");
    g.receive("patriot", &packet);
    let err = fails(&p, &["resend", "game.yaml", "--secrets", "secrets"]);
    assert!(
        err.contains("its result goes out with your next orders"),
        "{err}"
    );
    let reply = g.send("patriot", "p1", "supply: []\n");
    ok(
        &p,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p-again.yaml",
        ],
    );
    assert_eq!(read(&p.join("p-again.yaml")), read(&reply));
    // A reply packet `adjudicate` wrote (a result alone) is outstanding too.
    let (_, crown_reply) = g.receive("crown", &reply);
    let r = crown_reply.expect("the Patriot decides next, so the Crown replies at once");
    ok(
        &c,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "-o",
            "c-again.yaml",
        ],
    );
    assert_eq!(read(&c.join("c-again.yaml")), read(&r));
    // Once the Patriot has taken that reply, the last record in its game file is the Crown's
    // and the next decision the Patriot's own: nothing of the Patriot's is outstanding, and
    // the Crown's packet must not go out again from the Patriot, in the Crown's name.
    g.receive("patriot", &r);
    let before = files(&p);
    let err = fails(
        &p,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "-o",
            "wrong.yaml",
        ],
    );
    assert!(err.contains("nothing of yours"), "{err}");
    assert!(
        err.contains("is Crown's"),
        "names whose the last record is: {err}"
    );
    let err = fails(
        &p,
        &[
            "resend",
            "game.yaml",
            "--secrets",
            "secrets",
            "--send",
            "--via",
            "eml:wrong.eml",
        ],
    );
    assert!(err.contains("nothing of yours"), "{err}");
    assert_eq!(files(&p), before, "a refused resend writes nothing");
}

fn demo_into(dir: &Path) -> String {
    let id = adjutant::engine::gamefile::GameFile::parse(&read(&root().join(MAIL_GAME)))
        .unwrap()
        .id;
    std::fs::create_dir_all(dir).unwrap();
    std::fs::copy(root().join(MAIL_GAME), dir.join(format!("{id}.yaml"))).unwrap();
    id
}

/// `ingest` of the Maildir `t/Maildir` for the games in `t/games`, with the demo secrets and
/// `extra` arguments.
fn ingest_maildir(t: &Path, extra: &[&str]) -> std::process::Command {
    let s = demo_secrets();
    let mut args = vec!["ingest", "--maildir", "Maildir", "--games", "games"];
    args.extend(["--secrets", s.as_str()]);
    args.extend(extra);
    command(t, &args)
}

/// The demo game in `t/games` and a Maildir `t/Maildir` with the folders `subs`.
fn maildir_beside_the_demo(t: &Path, subs: &[&str]) -> std::path::PathBuf {
    demo_into(&t.join("games"));
    let md = t.join("Maildir");
    for sub in subs {
        std::fs::create_dir_all(md.join(sub)).unwrap();
    }
    md
}

fn names(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .map(|r| {
            r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A message refused for a mistake on this side (the wrong games folder) is taken after the
/// fix with `--retry`; a taken message stays unread, and a second copy is already applied.
#[test]
fn refused_maildir_messages_are_taken_again_with_retry_and_stay_unread() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new"]);
    std::fs::create_dir_all(t.join("other-games")).unwrap();
    std::fs::copy(mail_dir().join("gmail-plain.eml"), md.join("new/1.eml")).unwrap();
    let ingest = |games: &str, extra: &[&str]| {
        let mut args = vec![
            "ingest",
            "--maildir",
            "Maildir",
            "--games",
            games,
            "--secrets",
        ];
        let s = demo_secrets();
        args.push(&s);
        args.extend(extra);
        run(t, &args)
    };
    let o = ingest("other-games", &[]);
    assert!(!o.status.success());
    // The refusal names the file it looked for.
    assert!(
        stderr(&o).contains("(no `other-games/ss-example-2.yaml` there)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&md.join("rejected")), vec!["1.eml", "log.txt"]);
    // The folder that does not exist is refused before any message moves.
    std::fs::copy(mail_dir().join("mutt-plain.eml"), md.join("new/2.eml")).unwrap();
    let o = ingest("no-such-folder", &[]);
    assert!(
        stderr(&o).contains("`--games no-such-folder` is not a folder"),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(&md.join("new")), vec!["2.eml"]);
    // Fixed: both are taken; the second is a copy of the first, already applied.
    let o = ingest("games", &["--retry"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("already applied"), "{}", stderr(&o));
    assert_eq!(
        names(&md.join("cur")),
        vec!["1.eml:2,", "2.eml:2,"],
        "unread"
    );
    assert_eq!(names(&md.join("rejected")), vec!["log.txt"]);
    // Asked to, ingest marks them read.
    std::fs::copy(mail_dir().join("apple-mail.eml"), md.join("new/3.eml")).unwrap();
    let o = ingest("games", &["--mark-read"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(names(&md.join("cur")).contains(&"3.eml:2,S".to_string()));
}

/// A game played with its own data folder, named in the config: `ingest` and the other
/// commands need no `--data`.
#[test]
fn the_config_gives_a_game_its_data_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let data = d.join("my data");
    copy_game_data("southern-strategy", &data, |f, t| {
        if f == "tracks.yaml" {
            t + "# the club's own copy\n"
        } else {
            t
        }
    });
    let data_arg = data.to_str().unwrap();
    ok(
        d,
        &[
            "new",
            "--id",
            "ss-own-data",
            "--demo",
            "--secrets",
            "s",
            "--data",
            data_arg,
            "-o",
            "game.yaml",
        ],
    );
    write(d, "o.yaml", "supply: []\n");
    ok(
        d,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "s",
            "--data",
            data_arg,
            "-o",
            "p.yaml",
        ],
    );
    let mail = format!(
        "From: a@example.org\nSubject: x\n\n{}",
        read(&d.join("p.yaml"))
    );
    write(d, "m.eml", &mail);
    let args = ["ingest", "m.eml", "--game", "game.yaml", "--secrets", "s"];
    let err = fails(d, &args);
    assert!(
        err.contains("data"),
        "without its data the game is refused: {err}"
    );
    let config = write(
        d,
        "config.yaml",
        &format!("format: adjutant-config/1\ngames:\n  ss-own-data:\n    data: {data_arg}\n"),
    );
    let o = command(d, &args)
        .env("ADJUTANT_CONFIG", &config)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    // The next commands of the mail cycle read the config too: they refused the game for
    // want of `--data` once `ingest` had taken its mail.
    for args in [
        vec!["show", "game.yaml"],
        vec!["orders", "game.yaml"],
        vec!["verify", "game.yaml", "--secrets", "s"],
        vec!["report", "game.yaml", "--format", "svg"],
    ] {
        let without = fails(d, &args);
        assert!(without.contains("data"), "{args:?}: {without}");
        let o = command(d, &args)
            .env("ADJUTANT_CONFIG", &config)
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

/// A packet saved as a file (what `orders -o` and `resend -o` write, its first line a
/// comment) is taken by `ingest` as the mail it would have come in, from a file or from
/// standard input: read as a mail, its comment was taken for a header and the packet lost.
#[test]
fn ingest_takes_a_packet_file_as_it_was_written() {
    let (g, packet) = crown_packet();
    let p = g.side_dir("patriot");
    assert!(read(&packet).starts_with("# adjutant packet"));
    let packet = packet.to_str().unwrap().to_string();
    let args = |m: &str| {
        vec![
            "ingest".to_string(),
            m.to_string(),
            "--game".into(),
            "game.yaml".into(),
            "--secrets".into(),
            "secrets".into(),
            "--check".into(),
        ]
    };
    let v = args(&packet);
    let v: Vec<&str> = v.iter().map(String::as_str).collect();
    let o = ok(&p, &v);
    assert!(stderr(&o).contains("the packet fits"), "{}", stderr(&o));
    let v = args("-");
    let v: Vec<&str> = v.iter().map(String::as_str).collect();
    let mut c = command(&p, &v);
    c.stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = c.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(read(Path::new(&packet)).as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "from standard input: {}", stderr(&o));
    // A file without a packet is refused by its name.
    write(&p, "letter.txt", "Dear Bob,\nno packet today.\n");
    let v = args("letter.txt");
    let v: Vec<&str> = v.iter().map(String::as_str).collect();
    let err = fails(&p, &v);
    assert!(err.contains("letter.txt"), "names the file: {err}");
    assert!(err.contains("no adjutant packet"), "{err}");
}

/// A hostile tester's finding: a message whose adjudication failed on this side's file system
/// (a rename refused) was moved to `rejected/` as if it were at fault, with exit status 1. It
/// stays in `new/`, the run exits 3 (the file system failed), and the next run takes it.
#[test]
fn a_local_failure_leaves_the_message_for_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new"]);
    std::fs::copy(mail_dir().join("gmail-plain.eml"), md.join("new/1.eml")).unwrap();
    let o = ingest_maildir(t, &[])
        .env("ADJUTANT_FAIL_AT_RENAME", "1")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("stays in `new/`"), "{}", stderr(&o));
    assert_eq!(names(&md.join("new")), vec!["1.eml"]);
    assert!(!md.join("rejected").exists());
    let o = ingest_maildir(t, &[]).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(&md.join("cur")), vec!["1.eml:2,"]);
}

/// Every file under `dir` with its bytes, as a sorted list of contents: a move may rename a
/// message, never lose one.
fn contents(dir: &Path) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = files(dir).into_values().collect();
    v.sort();
    v
}

/// A message whose name is as long as a file name may be is filed under its name cut short:
/// with `:2,` added it could not be moved to `cur/`, stayed in `new/`, and every later run
/// stopped at it before the messages after it.
#[test]
fn a_message_with_a_longest_name_is_filed_and_the_next_is_read() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new", "cur", "tmp"]);
    let long = "m".repeat(254);
    std::fs::copy(
        mail_dir().join("gmail-plain.eml"),
        md.join("new").join(&long),
    )
    .unwrap();
    let refused = std::fs::read(mail_dir().join("no-packet.eml")).unwrap();
    std::fs::write(md.join("new/zzz"), &refused).unwrap();
    let o = ingest_maildir(t, &[]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(names(&md.join("new")).is_empty(), "{}", stderr(&o));
    let filed = names(&md.join("cur"));
    assert!(
        filed
            .iter()
            .any(|n| n.starts_with("mmmm") && n.ends_with(":2,") && n.len() <= 255),
        "{filed:?}"
    );
    assert!(names(&md.join("rejected")).iter().any(|n| n == "zzz"));
}

/// A Maildir move never replaces a file: a refused message named like one refused before, or
/// like the refusal log, and a taken one named like one in `cur/`, each get a free name, and
/// the refusal lines go to the log alone, never into a message.
#[test]
fn maildir_moves_never_replace_a_file() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new", "cur", "tmp", "rejected"]);
    write(&md, "rejected/log.txt", "old log line\n");
    write(&md, "rejected/x", "PRECIOUS rejected\n");
    write(&md, "cur/y:2,", "PRECIOUS cur\n");
    let refused = std::fs::read(mail_dir().join("no-packet.eml")).unwrap();
    std::fs::write(md.join("new/x"), &refused).unwrap();
    std::fs::write(md.join("new/log.txt"), &refused).unwrap();
    std::fs::copy(mail_dir().join("gmail-plain.eml"), md.join("new/y")).unwrap();
    let ingest = |extra: &[&str]| ingest_maildir(t, extra).output().unwrap();
    let mut before = contents(&md);
    let o = ingest(&[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let log = read(&md.join("rejected/log.txt"));
    assert!(log.starts_with("old log line\n"), "{log}");
    assert_eq!(log.lines().count(), 3, "{log}");
    assert!(!log.contains("From:"), "no mail in the log: {log}");
    let mut after = contents(&md);
    // The log grew by its two lines; every other file is there, under whatever name.
    before.retain(|c| c != b"old log line\n");
    after.retain(|c| !c.starts_with(b"old log line\n"));
    assert_eq!(after, before, "a file was lost or changed");
    assert!(names(&md.join("new")).is_empty());
    assert_eq!(
        names(&md.join("cur")).len(),
        2,
        "{:?}",
        names(&md.join("cur"))
    );
    // `--retry` moves the refused messages back beside a new message of the same name.
    write(
        &md,
        "new/x",
        "From: a@example.org\nSubject: DIFFERENT\n\nhello\n",
    );
    let before = contents(&md);
    let o = ingest(&["--retry", "--check"]);
    assert!(
        stderr(&o).contains("3 refused messages would be moved back"),
        "{}",
        stderr(&o)
    );
    assert_eq!(contents(&md), before, "--check changes nothing");
    // Nothing was taken, and the summary says so.
    assert!(
        stderr(&o).contains("0 messages checked, 4 refused") && !stderr(&o).contains(" taken,"),
        "{}",
        stderr(&o)
    );
    let mut before: Vec<Vec<u8>> = contents(&md)
        .into_iter()
        .filter(|c| !c.starts_with(b"old log line\n"))
        .collect();
    let o = ingest(&["--retry"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let mut after: Vec<Vec<u8>> = contents(&md)
        .into_iter()
        .filter(|c| !c.starts_with(b"old log line\n"))
        .collect();
    before.sort();
    after.sort();
    assert_eq!(after, before, "a file was lost or changed");
    assert_eq!(
        names(&md.join("rejected")).len(),
        5,
        "{:?}",
        names(&md.join("rejected"))
    );
}

/// A message in `new/` that cannot be read (here a link to `/proc/self/mem`, whose first page
/// no process can read; a file of another user's, for anyone but root) is a failure on this
/// side: it stays in `new/`, the run exits 3, and the batch goes on to the packet after it.
/// It stopped the batch, on every run, and the packet behind it was never taken.
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_maildir_message_does_not_stop_the_batch() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new"]);
    std::os::unix::fs::symlink("/proc/self/mem", md.join("new/1-unreadable")).unwrap();
    std::fs::copy(mail_dir().join("gmail-plain.eml"), md.join("new/2.eml")).unwrap();
    let o = ingest_maildir(t, &[]).output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("1-unreadable: not taken") && err.contains("stays in `new/`"),
        "{err}"
    );
    assert_eq!(names(&md.join("new")), vec!["1-unreadable"]);
    assert_eq!(names(&md.join("cur")), vec!["2.eml:2,"]);
}

/// A message's file name is the sender's to choose in some setups: the names `ingest` prints
/// and logs are escaped, so a name cannot move the terminal's cursor or forge a log line.
#[test]
fn maildir_names_are_escaped_where_they_are_printed_and_logged() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let md = maildir_beside_the_demo(t, &["new"]);
    let name = "1\u{1b}[2J\nforged: adjudicated step 9";
    std::fs::copy(mail_dir().join("no-packet.eml"), md.join("new").join(name)).unwrap();
    let o = ingest_maildir(t, &[]).output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("1\\u{1b}[2J\\nforged"), "{err}");
    let log = read(&md.join("rejected/log.txt"));
    assert_eq!(log.lines().count(), 1, "{log:?}");
    assert!(!log.contains('\u{1b}'), "{log:?}");
    // The message itself is filed under its own name.
    assert!(md.join("rejected").join(name).exists());
}

/// A message saved with a byte-order mark before its headers (some Windows mail tools do) is
/// read as a mail, its base64 body decoded; it was read as a bare packet file and held none.
#[test]
fn a_saved_message_with_a_byte_order_mark_is_still_a_mail() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    demo_into(&t.join("games"));
    let mut raw = b"\xef\xbb\xbf".to_vec();
    raw.extend(std::fs::read(mail_dir().join("base64-body.eml")).unwrap());
    std::fs::write(t.join("bom.eml"), raw).unwrap();
    let s = demo_secrets();
    let o = run(
        t,
        &[
            "ingest",
            "bom.eml",
            "--games",
            "games",
            "--secrets",
            &s,
            "--check",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A player who lost the packet runs `orders` again: the refusal says the packet went out and
/// how to write it again, where it named a step the player never asked for and stopped there.
#[test]
fn orders_again_after_the_packet_says_how_to_write_it_again() {
    let (g, _packet) = crate::mail::crown_packet();
    let c = g.side_dir("crown");
    write(&c, "again.yaml", "supply: []\n");
    let err = fails(
        &c,
        &["orders", "game.yaml", "again.yaml", "--secrets", "secrets"],
    );
    assert!(
        err.contains("your packet went out already")
            && err.contains("adjutant resend GAME -o FILE"),
        "{err}"
    );
}
