//! Mail faults a hostile tester found (third hunt): errors that did not name the message
//! file, options that were ignored, a long game file name, and terminal escapes in errors.

use crate::mail::crown_packet;
use crate::support::*;

/// The Crown's first packet, with the armoured text edited by `edit`, in the Patriot's folder.
fn edited_packet(edit: impl Fn(&str) -> String) -> (TwoPlayers, std::path::PathBuf) {
    let (g, packet) = crown_packet();
    let text = edit(&read(&packet));
    let p = write(&g.side_dir("patriot"), "edited.packet.yaml", &text);
    (g, p)
}

fn ingest_check(g: &TwoPlayers, msg: &std::path::Path) -> String {
    refused(
        &g.side_dir("patriot"),
        &[
            "ingest",
            msg.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
            "--check",
        ],
    )
}

/// A packet that arrived changed, or nested too deep, is refused naming the message file.
#[test]
fn a_damaged_packet_in_a_message_names_the_message_file() {
    let (g, p) = edited_packet(|t| t.replacen("by: crown", "by: patriot", 1));
    let err = ingest_check(&g, &p);
    assert!(err.contains("changed the packet"), "{err}");
    assert!(err.contains("edited.packet.yaml"), "names the file: {err}");
    let (g, p) = edited_packet(|t| {
        t.replacen(
            "-----BEGIN ADJUTANT PACKET-----\n",
            &format!("-----BEGIN ADJUTANT PACKET-----\nzz: {}\n", "[".repeat(70)),
            1,
        )
    });
    let err = ingest_check(&g, &p);
    assert!(err.contains("nested more than"), "{err}");
    assert!(err.contains("edited.packet.yaml"), "names the file: {err}");
}

/// `--watch` goes with `--imap` only: with `--maildir` it is a usage error, not ignored.
#[test]
fn watch_with_maildir_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(t.join("md").join(sub)).unwrap();
    }
    let o = run(t, &["ingest", "--maildir", "md", "--games", ".", "--watch"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--watch"), "{}", stderr(&o));
}

/// Options that belong to another way of reading mail are usage errors, not ignored: one
/// `--out` (or `--reply`, or `--report FILE`) for every message of a Maildir kept only the
/// last game's result, filed both messages as taken and moved neither game file on; and
/// `--retry`, `--mark-read`, `--polls` or `--interval` with a single message did nothing.
#[test]
fn options_of_another_way_of_reading_mail_are_usage_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(t.join("md").join(sub)).unwrap();
    }
    std::fs::write(t.join("md/new/1.eml"), "Subject: hi\n\nno packet\n").unwrap();
    let maildir = ["ingest", "--maildir", "md", "--games", "."];
    for (extra, named) in [
        (&["--out", "out.yaml"][..], "--out"),
        (&["--reply", "r.yaml"][..], "--reply"),
    ] {
        let args: Vec<&str> = maildir.iter().chain(extra).copied().collect();
        let o = run(t, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(named), "{}", stderr(&o));
        assert!(t.join("md/new/1.eml").exists(), "the message was not moved");
    }
    let one = ["ingest", "md/new/1.eml", "--games", "."];
    for (extra, named) in [
        (&["--retry"][..], "--retry"),
        (&["--mark-read"][..], "--mark-read"),
        (&["--polls", "3"][..], "--polls"),
        (&["--interval", "5"][..], "--interval"),
    ] {
        let args: Vec<&str> = one.iter().chain(extra).copied().collect();
        let o = run(t, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(named), "{}", stderr(&o));
    }
}

/// A Maildir run writes the report of every message it takes into `--report FILE`, one after
/// another, each with its game: the file is not the last message's report alone.
#[test]
fn a_maildir_run_writes_every_report_into_its_report_file() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    for sub in ["md/new", "md/cur", "md/tmp", "games", "secrets"] {
        std::fs::create_dir_all(t.join(sub)).unwrap();
    }
    let ids = ["ss-reports-a", "ss-reports-b"];
    for id in ids {
        let (g, packet) = crate::mail::crown_packet_of(id);
        crate::mail_thread::send_eml(&g.side_dir("crown"), &packet, "m.eml");
        let crown = g.side_dir("crown");
        std::fs::copy(crown.join("m.eml"), t.join(format!("md/new/{id}.eml"))).unwrap();
        std::fs::copy(g.game("patriot"), t.join(format!("games/{id}.yaml"))).unwrap();
        for f in std::fs::read_dir(g.side_dir("patriot").join("secrets")).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, t.join("secrets").join(f.file_name().unwrap())).unwrap();
        }
    }
    let args = [
        "ingest",
        "--maildir",
        "md",
        "--games",
        "games",
        "--secrets",
        "secrets",
        "--report",
        "reports.txt",
    ];
    let before: Vec<String> = ids
        .iter()
        .map(|id| read(&t.join(format!("games/{id}.yaml"))))
        .collect();
    let o = run(t, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("2 messages taken, 0 refused"),
        "{}",
        stderr(&o)
    );
    let reports = read(&t.join("reports.txt"));
    let at: Vec<usize> = ids
        .iter()
        .map(|id| {
            reports
                .find(id)
                .unwrap_or_else(|| panic!("{id} in {reports}"))
        })
        .collect();
    assert!(at[0] < at[1], "in the order taken: {reports}");
    for (id, before) in ids.iter().zip(&before) {
        let after = read(&t.join(format!("games/{id}.yaml")));
        assert_ne!(&after, before, "{id} took its packet");
    }
}

/// `--via eml:` with no file after the colon is a usage error saying what is missing.
#[test]
fn an_eml_via_without_a_file_is_a_usage_error() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let before = files(&c);
    let o = run(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            "eml:",
            "--secrets",
            "secrets",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("eml:FILE"), "{}", stderr(&o));
    assert_eq!(files(&c), before);
}

/// A game file whose name is as long as a name may be (240 characters and `.yaml`) is
/// rewritten in place: the staging file beside it keeps within the system's name limit.
#[test]
fn a_game_file_with_a_long_name_is_rewritten_in_place() {
    let (g, packet) = crown_packet();
    let p = g.side_dir("patriot");
    let long = format!("{}.yaml", "y".repeat(240));
    std::fs::rename(p.join("game.yaml"), p.join(&long)).unwrap();
    let before = read(&p.join(&long));
    ok(
        &p,
        &[
            "adjudicate",
            &long,
            packet.to_str().unwrap(),
            "--secrets",
            "secrets",
            "--report",
            "r.txt",
        ],
    );
    assert_ne!(read(&p.join(&long)), before);
    ok(&p, &["verify", &long]);
    let stray: Vec<String> = std::fs::read_dir(&p)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

/// A control character in text an error quotes from a file (an unsigned player address) is
/// written escaped, never sent raw to the terminal.
#[test]
fn terminal_escapes_in_a_quoted_value_are_escaped() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let game = c.join("game.yaml");
    let text = read(&game).replacen(
        "email: bob@example.org",
        "email: \"bob\\e]0;pwned\\a@example.org\"",
        1,
    );
    assert!(text.contains("pwned"));
    std::fs::write(&game, text).unwrap();
    let err = refused(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            "eml:out.eml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(err.contains("pwned"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}]0;pwned\\u{7}"), "{err}");
}

/// A player who restored their game file from a copy made before their last `orders -o` and
/// then fed in their own packet (an echo from a mailing list, the copy in their Sent folder)
/// was told a file could not be read, their opponent's secret, and the run exited 3 as if the
/// file system had failed: a Maildir run left the message in `new/` and failed every time.
/// The packet is refused as input (exit 1) saying it is their own, and how to put it back: the
/// same orders write the same packet and game file again.
#[test]
fn your_own_packet_fed_back_is_refused_as_yours() {
    let g = TwoPlayers::new("ss-own-echo");
    let c = g.side_dir("crown");
    let before = g.game_text("crown");
    let packet = g.send("crown", "c1", "supply: []\n");
    let sent = g.game_text("crown");
    write(&c, "game.yaml", &before);
    for args in [
        vec![
            "adjudicate",
            "game.yaml",
            "c1.packet.yaml",
            "--secrets",
            "secrets",
        ],
        vec![
            "ingest",
            "c1.packet.yaml",
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
        vec![
            "ingest",
            "c1.packet.yaml",
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
            "--check",
        ],
    ] {
        let o = run(&c, &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("your own")
                && err.contains("same orders")
                && !err.contains("could not read"),
            "{err}"
        );
        assert_eq!(g.game_text("crown"), before, "the game file is unchanged");
    }
    // The way back it names: the same orders write the same packet and game file.
    ok(
        &c,
        &[
            "orders",
            "game.yaml",
            "c1.orders.yaml",
            "--secrets",
            "secrets",
            "-o",
            "again.packet.yaml",
        ],
    );
    assert_eq!(read(&c.join("again.packet.yaml")), read(&packet));
    assert_eq!(g.game_text("crown"), sent);
}

/// A number written with a decimal point (`4.0`) in a packet's record or a game file could not
/// be hashed, and every command said only "cannot encode: canonical JSON allows integers
/// only, found `4.0`": no file, no line, no step. It is refused as the file's fault, with its
/// line and path.
#[test]
fn a_number_with_a_decimal_point_is_named_where_it_is_written() {
    let g = TwoPlayers::new("ss-fraction");
    let packet = g.send("crown", "c1", "supply: [{from: SAV, to: D, food: 1}]\n");
    g.receive("patriot", &packet);
    // The Patriot's packet carries the result of the Crown's step.
    let reply = g.send("patriot", "p1", "supply: []\n");
    let c = g.side_dir("crown");
    let text = read(&reply);
    let edited = text.replacen("food: 1\n", "food: 1.0\n", 1);
    assert_ne!(edited, text, "the result moves 1 food:\n{text}");
    write(&c, "edited.packet.yaml", &edited);
    let before = g.game_text("crown");
    let o = run(
        &c,
        &[
            "adjudicate",
            "game.yaml",
            "edited.packet.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("edited.packet.yaml")
            && err.contains(" line ")
            && err.contains("record.result.events[0].food")
            && err.contains("whole number"),
        "{err}"
    );
    assert_eq!(g.game_text("crown"), before);
    // The same in a game file's state, for `show` and `verify`.
    let game = before.clone();
    let at = game
        .find("\n  pass_track: ")
        .expect("the state has a Pass Track");
    let end = at + game[at + 1..].find('\n').unwrap() + 1;
    let edited = format!("{}.0{}", &game[..end], &game[end..]);
    write(&c, "edited.yaml", &edited);
    for cmd in ["show", "verify"] {
        let o = run(&c, &[cmd, "edited.yaml", "--secrets", "secrets"]);
        assert_eq!(o.status.code(), Some(1), "{cmd}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("edited.yaml")
                && err.contains(" line ")
                && err.contains("state.pass_track")
                && err.contains("whole number"),
            "{cmd}: {err}"
        );
    }
}

/// A mail with a text and an HTML version of the packet (as Gmail and Outlook send), or HTML
/// alone, was taken with a note that a damaged copy had been ignored: the HTML made text had
/// lost the packet's indents, and the README tells a player seeing that note to ask for the
/// packet as an attachment, every time. A damaged copy in a rendering is no news when the
/// packet was read whole; one damaged copy found in two readings is named once.
#[test]
fn a_text_and_html_mail_is_taken_without_a_damaged_copy_note() {
    let (g, packet) = crate::mail::crown_packet();
    let text = read(&packet);
    let html_lines = |sep: &str| {
        text.lines()
            .map(|l| {
                l.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
            })
            .collect::<Vec<_>>()
            .join(sep)
    };
    let p = g.side_dir("patriot");
    let alt = format!(
        "From: Alice <alice@example.org>\nSubject: move\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"b\"\n\n--b\nContent-Type: text/plain; charset=utf-8\n\nHi Bob\n\n{text}\n--b\nContent-Type: text/html; charset=utf-8\n\n<html><body><div>Hi Bob<br><br>{}</div></body></html>\n--b--\n",
        html_lines("<br>\n")
    );
    let html = format!(
        "From: Alice <alice@example.org>\nSubject: move\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n<html><body><p>Hi Bob</p><div>{}</div></body></html>\n",
        html_lines("<br>")
    );
    write(&p, "alt.eml", &alt);
    write(&p, "html.eml", &html);
    let check = |file: &str| {
        let o = run(
            &p,
            &[
                "ingest",
                file,
                "--game",
                "game.yaml",
                "--secrets",
                "secrets",
                "--check",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stderr(&o));
        format!("{}{}", stdout(&o), stderr(&o))
    };
    for file in ["alt.eml", "html.eml"] {
        let said = check(file);
        assert!(
            said.contains("checked") && !said.contains("damaged"),
            "{file}: {said}"
        );
    }
    // A text body changed in transit beside an intact attachment: one damaged copy, said once.
    let c = g.side_dir("crown");
    ok(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            "eml:sent.eml",
            "--secrets",
            "secrets",
        ],
    );
    let sent = read(&c.join("sent.eml"));
    let at = sent.find("supply: []").expect("the orders are in the body");
    let changed = format!(
        "{}supply: [{{}}]{}",
        &sent[..at],
        &sent[at + "supply: []".len()..]
    );
    write(&p, "changed.eml", &changed);
    let said = check("changed.eml");
    assert_eq!(said.matches("damaged copy").count(), 1, "{said}");
}
