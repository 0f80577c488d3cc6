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
