//! Text a player writes goes where others read it: labels in orders and names in positions
//! into reports posted to forums (Markdown, BBCode) and onto readers' terminals, player names
//! into mail headers. What could act there (control characters, line breaks, markup
//! brackets) is refused where it is written, naming the file and line; any plain name can
//! be mailed.

use std::path::Path;

use crate::support::*;

/// The shipped Solo 1776 example in `d`, with its demo secrets.
fn solo_example(d: &Path) {
    let ex = root().join("games/solo-1776/examples");
    std::fs::copy(ex.join("demo-game.yaml"), d.join("game.yaml")).unwrap();
    copy_dir(&ex.join("demo-secrets"), &d.join("s"));
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// A transport's label is the player's own text: markup, line breaks and control characters
/// in it went into the Markdown and BBCode reports (a working link, a forged heading, a code
/// fence turning the verification block inside out) and onto the terminal of anyone running
/// `show` on the game. A plain label, apostrophes and numbers included, is taken.
#[test]
fn labels_in_orders_are_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    solo_example(d);
    let long = "x".repeat(65);
    let cases = [
        ("convoy\n\n# All dice verified fair", "a line break"),
        ("[url=https://evil.example]BGG[/url]", "`[`"),
        ("![x](https://evil.example/t.png)", "`[`"),
        ("<img src=x onerror=alert(1)>", "`<`"),
        ("a ``` fence", "`` ` ``"),
        ("clear\u{1b}[2J", "a control character (U+001B)"),
        ("\u{202e}Honest", "a control character (U+202E)"),
        (long.as_str(), "65 characters"),
    ];
    for (label, want) in cases {
        // As a player writes it, the label in a flow mapping, as a quoted string.
        let orders = format!(
            "side: british\nturn:\n  transports:\n    - {{id: {}}}\n",
            serde_json::to_string(label).unwrap()
        );
        write(d, "o.yaml", &orders);
        let err = refused(d, &["orders", "game.yaml", "o.yaml"]);
        assert!(
            err.contains("the orders file `o.yaml` line")
                && err.contains("turn.transports[0].id")
                && err.contains(want),
            "{label:?}: {err}"
        );
    }
    write(
        d,
        "o.yaml",
        "side: british\nturn:\n  transports: [{id: \"Howe's convoy #1 (Hessians)\"}]\n",
    );
    ok(d, &["orders", "game.yaml", "o.yaml"]);
}

/// A position file is the player's writing too: a town name with a control character made an
/// SVG board no XML reader takes, and a PNG error that blamed adjutant's own template.
#[test]
fn names_in_a_position_file_are_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    solo_example(d);
    let pos = stdout(&ok(d, &["position", "game.yaml"]));
    assert!(pos.contains("name: Boston"), "{pos}");
    write(
        d,
        "pos.yaml",
        &pos.replacen("name: Boston", "name: \"Bos\\bton\"", 1),
    );
    let err = refused(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "s-plain",
            "--mode",
            "self",
            "--secrets",
            "s2",
            "--position",
            "pos.yaml",
            "-o",
            "g2.yaml",
        ],
    );
    assert!(
        err.contains("pos.yaml` line ") && err.contains("towns[0].name") && err.contains("U+0008"),
        "{err}"
    );
    assert!(!d.join("g2.yaml").exists());
}

/// Player names go into mail headers and the HTML replay: a line break or a bidi override
/// is refused when the game is made (a reversed header in the replay; a forged line in an
/// error), and so is a name too long for a header line; a name with commas, brackets,
/// parentheses, a colon or quotes is quoted in the headers, where `send` refused it.
#[test]
fn player_names_are_plain_and_any_plain_name_can_be_mailed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let new = |id: &str, names: &[String]| {
        let mut args = vec![
            "new",
            "--id",
            id,
            "--hotseat",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ];
        for n in names {
            args.extend(["--name", n.as_str()]);
        }
        args.extend([
            "--email",
            "crown=alice@example.org",
            "--email",
            "patriot=bob@example.org",
        ]);
        command(d, &args).output().unwrap()
    };
    for (name, want) in [
        ("Alice\nBcc: eve@example.org", "a line break"),
        ("\u{202e}Honest Player", "U+202E"),
        (&"n".repeat(65), "65 characters"),
    ] {
        let o = new("ss-names", &[format!("crown={name}")]);
        let err = stderr(&o);
        assert!(!o.status.success(), "{name:?}");
        assert!(
            err.contains("--name crown") && err.contains(want),
            "{name:?}: {err}"
        );
        assert!(!d.join("g.yaml").exists());
    }
    let o = new(
        "ss-names",
        &[
            "crown=Smith, John (Kansas) [Crown]: \"Red\"".into(),
            "patriot=bob@example.org".into(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    write(d, "o.yaml", "supply: []\n");
    ok(
        d,
        &[
            "orders",
            "g.yaml",
            "o.yaml",
            "--secrets",
            "s",
            "-o",
            "p.yaml",
        ],
    );
    ok(d, &["send", "g.yaml", "p.yaml", "--via", "eml:out.eml"]);
    let mail = read(&d.join("out.eml"));
    assert!(mail.lines().all(|l| l.len() <= 998));
    let parsed = mail_parser::MessageParser::default()
        .parse(mail.as_bytes())
        .unwrap();
    let from = parsed.from().and_then(|a| a.first()).unwrap();
    assert_eq!(
        from.name(),
        Some("Smith, John (Kansas) [Crown]: \"Red\""),
        "{mail}"
    );
    assert_eq!(from.address(), Some("alice@example.org"));
}

/// A game file is checked by replaying it, not by the rules' view of what a player may write:
/// a solitaire player who writes records with their own adjutant (here through the library,
/// past the orders file's check) can put control characters into a label that verifies.
/// A reader who runs `show` or `report` on that file gets them escaped (they cleared the
/// screen and set the window's title), and the SVG board stays XML.
#[test]
fn a_crafted_label_reaches_no_reader_as_a_control_character() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    solo_example(d);
    let path = d.join("game.yaml");
    let l = adjutant::app::load_game(&path, None).unwrap();
    let file = adjutant::app::OrdersFile {
        text: String::new(),
        game: None,
        side: None,
        orders: serde_json::json!({"turn": {"transports": [{"id": "x\u{1b}[2J\u{1b}]0;owned\u{7}\u{8}"}]}}),
    };
    let mut commit = adjutant::app::Commit::new();
    let got = adjutant::app::play(&mut commit, &l, &file, None, &d.join("s"), None).unwrap();
    commit.commit().unwrap();
    adjutant::app::save_game(&path, &got.game).unwrap();
    ok(d, &["verify", "game.yaml"]);
    for args in [
        vec!["show", "game.yaml"],
        vec!["report", "game.yaml", "--steps", "all"],
        vec![
            "report",
            "game.yaml",
            "--steps",
            "all",
            "--format",
            "markdown",
        ],
        vec![
            "report",
            "game.yaml",
            "--steps",
            "all",
            "--format",
            "bbcode",
        ],
        vec!["report", "game.yaml", "--steps", "all", "--format", "stats"],
        vec!["report", "game.yaml", "--format", "svg"],
    ] {
        let out = stdout(&ok(d, &args));
        assert!(
            !out.contains(|c: char| c.is_control() && c != '\n' && c != '\t' && c != '\r'),
            "{args:?}:\n{out:?}"
        );
    }
    let report = stdout(&ok(d, &["report", "game.yaml", "--steps", "all"]));
    assert!(report.contains("\\u{1b}[2J"), "{report}");
    ok(
        d,
        &["report", "game.yaml", "--format", "png", "-o", "board.png"],
    );
}
