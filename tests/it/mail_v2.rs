//! Packets that survive mail (issue 16): version 2 armour keeps every line within 72
//! characters and carries a checksum, so a packet a mail client changed is told apart from a
//! missing one; inline PGP signing is undone; version 1 packets still load.

use std::path::{Path, PathBuf};

use crate::mail::{check_fixtures, demo_secrets, mail_dir, manifest, MAIL_GAME};
use crate::support::*;

fn v2_dir() -> PathBuf {
    mail_dir().join("v2")
}

#[test]
fn every_v2_fixture_gives_its_expected_result() {
    let fixtures = manifest(&v2_dir());
    assert!(fixtures.len() >= 6, "only {} fixtures", fixtures.len());
    check_fixtures(&v2_dir(), &fixtures);
}

/// The fixtures' packets were armoured by `make_fixtures.py` from the format's description;
/// adjutant writes the same bytes, so the description and the code agree.
#[test]
fn the_fixture_packets_are_what_adjutant_writes() {
    for name in [
        "step-3.packet.txt",
        "step-2.packet.txt",
        "long-line.packet.txt",
    ] {
        let text = read(&v2_dir().join(name));
        let packet = adjutant::app::parse_packet_text(&text).unwrap();
        assert_eq!(packet.format, "adjutant-packet/2");
        assert_eq!(adjutant::app::packet_text(&packet).unwrap(), text, "{name}");
        assert!(text.lines().all(|l| l.chars().count() <= 72), "{name}");
    }
}

fn demo_game(dir: &Path) -> PathBuf {
    let game = dir.join("game.yaml");
    std::fs::copy(root().join(MAIL_GAME), &game).unwrap();
    game
}

fn ingest(dir: &Path, msg: &Path) -> std::process::Output {
    let secrets = PathBuf::from(demo_secrets());
    run(
        dir,
        &[
            "ingest",
            msg.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            secrets.to_str().unwrap(),
        ],
    )
}

#[test]
fn a_clear_signed_packet_is_adjudicated() {
    let tmp = tempfile::tempdir().unwrap();
    demo_game(tmp.path());
    let o = ingest(tmp.path(), &v2_dir().join("pgp-clearsigned.eml"));
    assert!(o.status.success(), "{}", stderr(&o));
    ok(tmp.path(), &["verify", "game.yaml"]);
}

/// A packet a mail client wrapped, or edited, is refused with the hint, and the game file
/// stays as it was.
#[test]
fn a_changed_packet_is_refused_with_the_attach_hint() {
    let tmp = tempfile::tempdir().unwrap();
    let game = demo_game(tmp.path());
    let before = read(&game);
    for name in [
        "outlook-wrap-76-v1.eml",
        "damaged-value-v2.eml",
        "damaged-line-lost-v2.eml",
    ] {
        let o = ingest(tmp.path(), &v2_dir().join(name));
        let err = stderr(&o);
        assert!(!o.status.success(), "{name}");
        assert!(
            err.contains("the mail client changed the packet: attach the file instead"),
            "{name}: {err}"
        );
        assert!(
            !err.contains("could not find expected"),
            "{name}: raw YAML: {err}"
        );
        assert_eq!(read(&game), before);
    }
    // A mail without armour is missing a packet, not damaged.
    let err = stderr(&ingest(tmp.path(), &mail_dir().join("no-packet.eml")));
    assert!(err.contains("no adjutant packet"), "{err}");
}

/// The same packet file, attached rather than pasted, goes through.
#[test]
fn a_version_2_packet_file_is_adjudicated_and_a_version_1_file_still_is() {
    for file in [
        v2_dir().join("step-3.packet.txt"),
        mail_dir().join("example-step-3.packet.yaml"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        demo_game(tmp.path());
        let secrets = PathBuf::from(demo_secrets());
        ok(
            tmp.path(),
            &[
                "adjudicate",
                "game.yaml",
                file.to_str().unwrap(),
                "--secrets",
                secrets.to_str().unwrap(),
            ],
        );
        ok(tmp.path(), &["verify", "game.yaml"]);
    }
}

/// Replies (issue 16, fault 1): the new packet pasted above or below the quoted old one is the
/// one used, and `ingest` says so.
#[test]
fn a_reply_quoting_the_older_packet_gives_the_new_one() {
    for name in [
        "gmail-reply-quoting-older.eml",
        "outlook-reply-original-message.eml",
        "apple-mail-reply-bottom-posted.eml",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        demo_game(tmp.path());
        let o = ingest(tmp.path(), &v2_dir().join(name));
        let err = stderr(&o);
        assert!(o.status.success(), "{name}: {err}");
        assert!(
            err.contains("used the packet for step 3")
                && err.contains("ignored the quoted packet for step 2"),
            "{name}: {err}"
        );
        ok(tmp.path(), &["verify", "game.yaml"]);
    }
}

/// Two packets, neither quoted (a client that pastes the old mail as it is): alone, a message
/// is ambiguous; with the game, the packet for its next step is the one.
#[test]
fn of_two_unquoted_packets_the_one_for_the_next_step_is_used() {
    let both = format!(
        "From: crown@example.org\nSubject: step 3\nMessage-ID: <both@example.org>\n\nNew:\n{}\nOld:\n{}",
        read(&v2_dir().join("step-3.packet.txt")),
        read(&v2_dir().join("step-2.packet.txt"))
    );
    let e = adjutant::mail::ingest::read_message(both.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("two different packets"), "{e}");
    let tmp = tempfile::tempdir().unwrap();
    demo_game(tmp.path());
    let msg = write(tmp.path(), "both.eml", &both);
    let o = ingest(tmp.path(), &msg);
    assert!(o.status.success(), "{}", stderr(&o));
    // Neither was quoted: the note does not call the one passed over quoted.
    let said = stderr(&o);
    assert!(
        said.contains("used the packet for step 3")
            && said.contains("ignored the packet for step 2")
            && !said.contains("quoted"),
        "{said}"
    );
}

/// A mail holding the packet and a damaged copy of it (a relay changed a byte of the copy):
/// the packet is used, and the note says a damaged copy was passed over, where it said nothing.
#[test]
fn a_damaged_copy_beside_the_packet_is_said_to_be_ignored() {
    let good = read(&v2_dir().join("step-3.packet.txt"));
    let damaged = good.replacen("pass_track: 5", "pass_track: 4", 1);
    assert_ne!(damaged, good);
    let both = format!(
        "From: crown@example.org\nSubject: step 3\nMessage-ID: <damaged@example.org>\n\n{good}\nAgain:\n{damaged}"
    );
    let tmp = tempfile::tempdir().unwrap();
    demo_game(tmp.path());
    let msg = write(tmp.path(), "damaged.eml", &both);
    let o = ingest(tmp.path(), &msg);
    let said = stderr(&o);
    assert!(o.status.success(), "{said}");
    assert!(
        said.contains("used the packet for step 3")
            && said.contains("ignored a damaged copy that could not be read"),
        "{said}"
    );
}
