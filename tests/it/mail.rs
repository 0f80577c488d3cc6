//! Mail in: the fixture corpus of messages shaped like real clients' (and hostile ones), each
//! with its expected result, a message adjudicated end to end, and a Maildir batch.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::support::*;

#[derive(Deserialize)]
pub(crate) struct Fixture {
    file: String,
    #[serde(default)]
    #[allow(dead_code)]
    client: Option<String>,
    #[serde(default)]
    generated: bool,
    expect: Expect,
}

#[derive(Deserialize)]
pub(crate) struct Expect {
    #[serde(default)]
    packet_step: Option<u64>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    error: Option<String>,
    /// The steps of the other packets, passed over (quoted ones in a reply).
    #[serde(default)]
    ignored: Vec<u64>,
}

/// The game the mail fixtures' packets belong to: the shipped example as it was when they were
/// made, kept with the first edition of the data it pins (the example itself was made again when
/// the data changed, and its packets with it).
pub(crate) const MAIL_GAME: &str = "tests/data/ss-first-edition/demo-game.yaml";

pub(crate) fn mail_dir() -> PathBuf {
    root().join("tests/mail")
}

pub(crate) fn manifest(dir: &Path) -> Vec<Fixture> {
    serde_yaml::from_str(&read(&dir.join("manifest.yaml"))).expect("manifest.yaml")
}

/// The fixture's bytes; generated ones (the 20 MB attachment) are made in `tmp` first.
fn fixture_bytes(dir: &Path, f: &Fixture, tmp: &Path) -> Vec<u8> {
    if f.generated {
        let gen = mail_dir().join(format!(
            "make_{}",
            f.file
                .trim_end_matches(".eml")
                .replace("-attachment", "")
                .replace('-', "_")
        ));
        let script = if gen.with_extension("py").exists() {
            gen.with_extension("py")
        } else {
            mail_dir().join("make_huge.py")
        };
        let out = std::process::Command::new("python3")
            .arg(&script)
            .arg(tmp)
            .output()
            .expect("python3 runs the fixture generator");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return std::fs::read(tmp.join(&f.file)).unwrap();
    }
    std::fs::read(dir.join(&f.file)).unwrap()
}

#[test]
fn every_fixture_gives_its_expected_result() {
    let fixtures = manifest(&mail_dir());
    assert!(fixtures.len() >= 20, "only {} fixtures", fixtures.len());
    check_fixtures(&mail_dir(), &fixtures);
}

/// Reads every fixture of a manifest and compares what ingest makes of it with what the
/// manifest expects.
pub(crate) fn check_fixtures(dir: &Path, fixtures: &[Fixture]) {
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for f in fixtures {
        let raw = fixture_bytes(dir, f, tmp.path());
        let got = adjutant::mail::ingest::read_message(&raw);
        let problem = match (&got, &f.expect.error) {
            (Ok(found), None) => {
                let mut p = None;
                if let Some(step) = f.expect.packet_step {
                    if found.packet.record.step != step {
                        p = Some(format!(
                            "packet step {} not {step}",
                            found.packet.record.step
                        ));
                    }
                }
                if f.expect.from.is_some() && found.from != f.expect.from {
                    p = Some(format!("from {:?} not {:?}", found.from, f.expect.from));
                }
                let ignored: Vec<u64> = found.ignored.iter().map(|p| p.record.step).collect();
                if ignored != f.expect.ignored {
                    p = Some(format!("ignored {ignored:?} not {:?}", f.expect.ignored));
                }
                p
            }
            (Ok(found), Some(e)) => Some(format!(
                "found packet step {}, expected error `{e}`",
                found.packet.record.step
            )),
            (Err(e), None) => Some(format!("refused: {e}")),
            (Err(e), Some(want)) => (!e.to_string().contains(want.as_str()))
                .then(|| format!("error `{e}` lacks `{want}`")),
        };
        if let Some(p) = problem {
            failures.push(format!("{}: {p}", f.file));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures:\n{}",
        failures.len(),
        fixtures.len(),
        failures.join("\n")
    );
}

fn example_copy(dir: &Path) -> PathBuf {
    let game = dir.join("ss-example.yaml");
    std::fs::copy(root().join(MAIL_GAME), &game).unwrap();
    game
}

/// `ingest` of a message into a copy of the example game, with the demo secrets.
fn ingest_example(msg: &Path, game: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "ingest".to_string(),
        msg.display().to_string(),
        "--game".into(),
        game.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(["--secrets".to_string(), demo_secrets()]);
    args
}

/// The demo secrets of `MAIL_GAME`, whose packets the mail fixtures carry.
pub(crate) fn demo_secrets() -> String {
    root()
        .join("tests/data/ss-first-edition/demo-secrets")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_mailed_packet_is_adjudicated_and_the_game_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let game = example_copy(tmp.path());
    let msg = mail_dir().join("gmail-plain.eml");
    let o = ok(
        tmp.path(),
        &ingest_example(&msg, &game, &[])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(
        stdout(&o).contains("marches from Savannah"),
        "{}",
        stdout(&o)
    );
    ok(tmp.path(), &["verify", game.to_str().unwrap()]);
    // The same message again (delivered twice, or resent) is already applied, and changes
    // nothing.
    let before = read(&game);
    let o = ok(
        tmp.path(),
        &ingest_example(&msg, &game, &[])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(stderr(&o).contains("already applied"), "{}", stderr(&o));
    assert_eq!(read(&game), before);
}

#[test]
fn check_mode_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let game = example_copy(tmp.path());
    let before = read(&game);
    let msg = mail_dir().join("reply-quoting-packet.eml");
    let o = ok(
        tmp.path(),
        &ingest_example(&msg, &game, &["--check"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(stderr(&o).contains("checked"), "{}", stderr(&o));
    assert_eq!(read(&game), before);
}

#[test]
fn a_maildir_batch_takes_the_good_and_moves_the_bad_aside() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let id = adjutant::engine::gamefile::GameFile::parse(&read(&root().join(MAIL_GAME)))
        .unwrap()
        .id;
    std::fs::copy(root().join(MAIL_GAME), games.join(format!("{id}.yaml"))).unwrap();
    let md = tmp.path().join("Maildir");
    std::fs::create_dir_all(md.join("new")).unwrap();
    for (i, f) in [
        "apple-mail.eml",
        "no-packet.eml",
        "two-packets.eml",
        "truncated-armour.eml",
    ]
    .iter()
    .enumerate()
    {
        std::fs::copy(mail_dir().join(f), md.join("new").join(format!("{i}-{f}"))).unwrap();
    }
    let o = run(
        tmp.path(),
        &[
            "ingest",
            "--maildir",
            md.to_str().unwrap(),
            "--games",
            games.to_str().unwrap(),
            "--secrets",
            &demo_secrets(),
        ],
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "some were refused: {}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("1 message taken, 3 refused"),
        "{}",
        stderr(&o)
    );
    let names = |d: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(md.join(d))
            .map(|r| {
                r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    assert_eq!(names("new"), Vec::<String>::new());
    assert_eq!(
        names("cur"),
        vec!["0-apple-mail.eml:2,".to_string()],
        "left unread"
    );
    assert_eq!(
        names("rejected").len(),
        4,
        "three messages and the log: {:?}",
        names("rejected")
    );
    let log = read(&md.join("rejected/log.txt"));
    // Of the two packets in `two-packets.eml` (steps 3 and 4), the one for the game's next
    // step, 4 once `apple-mail.eml` brought step 3, is the one tried: a copy of step 3 with
    // its step changed, refused as not following step 3 (its prev is step 2's hash).
    assert!(
        log.contains("no adjutant packet")
            && log.contains(
                "2-two-packets.eml: packet for step 4 refused: it does not follow this game file"
            )
            && log.contains("truncated"),
        "{log}"
    );
    ok(
        tmp.path(),
        &["verify", games.join(format!("{id}.yaml")).to_str().unwrap()],
    );
}

/// The Patriot feeds a received message to `ingest`: found, checked, adjudicated, verified.
pub(crate) fn patriot_ingests_and_verifies(g: &TwoPlayers, message: &Path) {
    let p = g.side_dir("patriot");
    let o = ok(
        &p,
        &[
            "ingest",
            message.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(stderr(&o).contains("adjudicated"), "{}", stderr(&o));
    ok(&p, &["verify", "game.yaml"]);
}

/// Two players with addresses, the Crown's first packet written.
pub(crate) fn crown_packet() -> (TwoPlayers, PathBuf) {
    crown_packet_of("ss-test-send")
}

/// `crown_packet` in a game of id `id`: the id decides the initiative roll, which some tests
/// need one way.
pub(crate) fn crown_packet_of(id: &str) -> (TwoPlayers, PathBuf) {
    let g = TwoPlayers::new(id);
    for side in ["crown", "patriot"] {
        let p = g.game(side);
        let text = read(&p)
            .replacen(
                "  crown:\n    name: ''\n    email: ''",
                "  crown:\n    name: Alice\n    email: alice@example.org",
                1,
            )
            .replacen(
                "  patriot:\n    name: ''\n    email: ''",
                "  patriot:\n    name: Bob\n    email: bob@example.org",
                1,
            );
        assert!(
            text.contains("bob@example.org"),
            "the test could set the addresses"
        );
        std::fs::write(&p, text).unwrap();
    }
    let packet = g.send("crown", "c1", "supply: []\n");
    (g, packet)
}

#[test]
fn a_sent_eml_is_ingested_by_the_opponent_closing_the_loop() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let eml = c.join("out.eml");
    ok(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            &format!("eml:{}", eml.display()),
            "--board",
            "--attach-game",
        ],
    );
    let raw = read(&eml);
    assert!(
        raw.contains("To: Bob <bob@example.org>")
            && raw.contains("From: Alice <alice@example.org>"),
        "{raw}"
    );
    assert!(
        raw.contains("Subject: [adjutant ss-test-send] step 1: Crown's supply"),
        "{raw}"
    );
    // The orders the packet carries, in words, for the opponent to read before adjudicating.
    assert!(raw.contains("Crown's orders for step 1: no moves"), "{raw}");
    assert!(raw.contains("ss-test-send.yaml"), "the game attached");
    // The board goes as a PNG every mail client shows.
    let png = crate::board::board_attachment(&eml);
    let pix = resvg::tiny_skia::Pixmap::decode_png(&png).expect("the board is a PNG");
    assert!(pix.width() > 1000 && pix.height() > 1000);
    // The opponent feeds the message to ingest: found, checked, adjudicated.
    patriot_ingests_and_verifies(&g, &eml);
}

#[cfg(unix)]
#[test]
fn send_hands_the_message_to_sendmail() {
    use std::os::unix::fs::PermissionsExt;
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    // A stand-in sendmail that keeps what it is given, as the real one would queue it.
    let fake = c.join("fake-sendmail");
    let kept = c.join("kept.eml");
    std::fs::write(&fake, format!("#!/bin/sh\ncat > '{}'\n", kept.display())).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let config = c.join("config.yaml");
    std::fs::write(&config, format!("format: adjutant-config/1\nmail:\n  via: sendmail\n  sendmail: {}\n  cc: [referee@example.org]\n", fake.display())).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .args(["send", "game.yaml", packet.to_str().unwrap()])
        .current_dir(&c)
        .env("ADJUTANT_CONFIG", &config)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let raw = read(&kept);
    assert!(
        raw.contains("Cc: referee@example.org") && raw.contains("-----BEGIN ADJUTANT PACKET-----"),
        "{raw}"
    );
    // A sendmail that refuses says why, in its own words, and one that is not there is named:
    // the errors said `internal client error: ` and `No such file or directory`. This one
    // closes its input unread: adjutant's write into the closed pipe must fail, not kill it
    // (SIGPIPE, which it keeps for its own standard output).
    std::fs::write(
        &fake,
        "#!/bin/sh\nexec 0<&-\nsleep 0.3\necho 'queue full, try later' >&2\nexit 75\n",
    )
    .unwrap();
    let send = |config: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
            // The board's picture makes the message larger than a pipe holds, so the write
            // waits for the sendmail to read, and meets the pipe it closed.
            .args(["send", "game.yaml", packet.to_str().unwrap(), "--board"])
            .current_dir(&c)
            .env("ADJUTANT_CONFIG", config)
            .output()
            .unwrap()
    };
    let o = send(&config);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("`{}`", fake.display()))
            && err.contains("75")
            && err.contains("queue full, try later"),
        "{err}"
    );
    let missing = c.join("missing.yaml");
    std::fs::write(
        &missing,
        "format: adjutant-config/1\nmail:\n  via: sendmail\n  sendmail: /nonexistent/sendmail\n",
    )
    .unwrap();
    let o = send(&missing);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("`/nonexistent/sendmail`"), "{err}");
}

#[test]
fn a_failed_send_changes_nothing_and_says_what_to_do() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let before = read(&g.game("crown"));
    let err = fails(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            "sendmail",
            "--to",
            "not an address",
        ],
    );
    assert!(
        err.contains("not a mail address") && err.contains("nothing was changed"),
        "{err}"
    );
    assert_eq!(read(&g.game("crown")), before);
}

/// A real SMTP server (aiosmtpd, STARTTLS and AUTH required) on 127.0.0.1 receives what `send`
/// sends; the received message then goes through `ingest` on the other side.
#[test]
#[ignore = "needs aiosmtpd from PyPI and openssl; .ci/run installs them and runs it"]
fn send_by_smtp_with_starttls_and_auth_to_a_real_local_server() {
    use std::io::BufRead;
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    let tmp = tempfile::tempdir().unwrap();
    // A self-signed certificate made the usual way (OpenSSL marks it as an authority, which
    // was refused as `CaUsedAsEndEntity`), trusted as the config's `ca_file`.
    let (cert, key) = crate::servers::certificate(tmp.path(), "cert", false);
    let inbox = tmp.path().join("inbox");
    std::fs::create_dir_all(&inbox).unwrap();
    let mut server = std::process::Command::new("python3")
        .arg(mail_dir().join("smtp_server.py"))
        .args([
            "--cert",
            cert.to_str().unwrap(),
            "--key",
            key.to_str().unwrap(),
            "--out",
            inbox.to_str().unwrap(),
            "--user",
            "alice",
            "--password-env",
            "ADJ_TEST_SMTP_PW",
            "--seconds",
            "60",
        ])
        .env("ADJ_TEST_SMTP_PW", "s3cret")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 starts the SMTP server");
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line
        .trim()
        .strip_prefix("READY ")
        .unwrap_or_else(|| panic!("server said `{line}`"))
        .parse()
        .unwrap();
    let config = c.join("config.yaml");
    std::fs::write(
        &config,
        format!(
            "format: adjutant-config/1\nmail:\n  via: smtp\n  smtp:\n    host: localhost\n    port: {port}\n    tls: starttls\n    user: alice\n    password_env: ADJ_TEST_SMTP_PW\n    ca_file: {}\n",
            cert.display()
        ),
    )
    .unwrap();
    let send = |pw: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
            .args(["send", "game.yaml", packet.to_str().unwrap()])
            .current_dir(&c)
            .env("ADJUTANT_CONFIG", &config)
            .env("ADJ_TEST_SMTP_PW", pw)
            .output()
            .unwrap()
    };
    let good = send("s3cret");
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    drop(server.stdin.take());
    let _ = server.wait();
    let received = inbox.join("1.eml");
    assert!(received.exists(), "the server received the message");
    patriot_ingests_and_verifies(&g, &received);
}

/// A packet `ingest` refuses from a message file is named by that file, as `adjudicate` names
/// a packet file: here the mail fixtures' packet, which belongs to another game than the
/// shipped example made again since.
#[test]
fn a_refused_packet_names_the_message_file() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game.yaml");
    std::fs::copy(
        root().join("games/southern-strategy/examples/demo-game.yaml"),
        &game,
    )
    .unwrap();
    let msg = mail_dir().join("gmail-plain.eml");
    let args = ingest_example(&msg, &game, &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = fails(tmp.path(), &args);
    assert!(
        err.contains(&format!("the message `{}`", msg.display()))
            && err.contains("packet for step 3 refused"),
        "{err}"
    );
}

/// A packet the game has gone past is not mailed with the report and subject of a later step:
/// `send` refuses it and mails nothing. Where the sender has written a later record, it points
/// to `resend` for the packet the opponent waits for; where the opponent has answered, nothing
/// of the sender's waits to be mailed (and `resend` would refuse too), so it says the decision
/// is theirs.
#[test]
fn send_refuses_a_packet_the_game_has_gone_past() {
    let (g, old) = crown_packet();
    g.receive("patriot", &old);
    let answer = g.send("patriot", "p1", "supply: []\n");
    // The Crown adjudicates, and its next record is its result or its own orders.
    let (_, reply) = g.receive("crown", &answer);
    let next = match reply {
        Some(reply) => reply,
        None => g.send("crown", "c2", "limited: skip\nfull: pass\n"),
    };
    let c = g.side_dir("crown");
    let before = files(&c);
    let eml = c.join("stale.eml");
    let send = |dir: &std::path::Path, packet: &std::path::Path| {
        refused(
            dir,
            &[
                "send",
                "game.yaml",
                packet.to_str().unwrap(),
                "--via",
                &format!("eml:{}", eml.display()),
            ],
        )
    };
    let err = send(&c, &old);
    assert!(
        err.contains("the packet is for step 1, but the game file has gone on to step 3: it is not the packet your opponent waits for; `adjutant resend game.yaml --send` mails the one that is"),
        "{err}"
    );
    assert!(!err.contains("mail the packet file by hand"), "{err}");
    assert!(!eml.exists(), "nothing was mailed");
    assert_eq!(files(&c), before, "nothing changed");
    g.receive("patriot", &next);
    let err = send(&g.side_dir("patriot"), &answer);
    assert!(
        err.contains("the packet is for step 2, but the game file has gone on to step 3: step 3 is Crown's, so nothing of yours waits to be mailed: it is yours to decide or answer next"),
        "{err}"
    );
    assert!(!err.contains("resend"), "{err}");
    assert!(!eml.exists(), "nothing was mailed");
}
