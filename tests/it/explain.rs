//! A command line that explains itself (issue 16, fault 7): errors name the file, mail failures
//! say what to try, the exit status says what kind of failure it was, and the shell gets
//! completions and a man page.

use std::io::{Read, Write};

use crate::mail::crown_packet;
use crate::support::*;

fn code(o: &std::process::Output) -> Option<i32> {
    o.status.code()
}

#[test]
fn the_exit_status_tells_usage_refusal_and_io_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let o = run(d, &["no-such-command"]);
    assert_eq!(code(&o), Some(2), "usage");
    let o = run(d, &["verify", "missing.yaml"]);
    assert_eq!(code(&o), Some(3), "a file that cannot be read");
    assert!(stderr(&o).contains("`missing.yaml`"), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).matches("No such file").count(),
        1,
        "said once: {}",
        stderr(&o)
    );
    let o = run(d, &["ingest", "missing.eml", "--game", "g.yaml"]);
    assert_eq!(code(&o), Some(3));
    assert!(stderr(&o).contains("`missing.eml`"), "{}", stderr(&o));
    // Another kind of file given as a game: refused, and not echoed.
    let passwd = write(d, "passwd", &"root:x:0:0:root:/root:/bin/bash\n".repeat(30));
    let o = run(d, &["verify", passwd.to_str().unwrap()]);
    assert_eq!(code(&o), Some(1), "refused input");
    assert!(
        !stderr(&o).contains("/root:/bin/bash") && stderr(&o).len() < 400,
        "{}",
        stderr(&o)
    );
    let help = stdout(&ok(d, &["--help"]));
    assert!(
        help.contains("Exit status") && help.contains("3  the file system or the mail transport"),
        "{help}"
    );
}

#[test]
fn completions_and_a_man_page() {
    let tmp = tempfile::tempdir().unwrap();
    let bash = stdout(&ok(tmp.path(), &["completions", "bash"]));
    assert!(
        bash.contains("adjutant") && bash.contains("ingest"),
        "{bash}"
    );
    let zsh = stdout(&ok(tmp.path(), &["completions", "zsh"]));
    assert!(zsh.contains("#compdef adjutant"), "{zsh}");
    ok(tmp.path(), &["man", "-o", "adjutant.1"]);
    let man = read(&tmp.path().join("adjutant.1"));
    assert!(
        man.contains(".TH adjutant") && man.contains("resend"),
        "{man}"
    );
    assert!(
        man.contains("Exit status"),
        "the exit codes are in the man page"
    );
    // The page names a page for each command (`adjutant-keys(1)`): `--dir` writes them all,
    // the top page the same as `-o` writes.
    let dir = tmp.path().join("man1");
    std::fs::create_dir(&dir).unwrap();
    ok(tmp.path(), &["man", "--dir", "man1"]);
    assert_eq!(read(&dir.join("adjutant.1")), man);
    for named in man
        .split("adjutant\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)").map(|(name, _)| name))
    {
        let page = read(&dir.join(format!("adjutant-{named}.1")));
        assert!(page.contains(".TH adjutant-"), "adjutant-{named}: {page}");
    }
    let witness_new = read(&dir.join("adjutant-witness-new.1"));
    assert!(witness_new.contains("chain"), "{witness_new}");
    // A folder that is not there is refused, and nothing is written: a failure of the file
    // system (exit 3), as every other output into a missing folder is, not refused input.
    let o = command(tmp.path(), &["man", "--dir", "nowhere"])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("`nowhere`") && err.contains("no such folder"),
        "{err}"
    );
}

/// A config that sends by SMTP to `port` on 127.0.0.1 with `tls`.
fn smtp_config(dir: &std::path::Path, port: u16, tls: &str) -> std::path::PathBuf {
    write(
        dir,
        "config.yaml",
        &format!("format: adjutant-config/1\nmail:\n  via: smtp\n  smtp:\n    host: 127.0.0.1\n    port: {port}\n    tls: {tls}\n"),
    )
}

fn send(
    dir: &std::path::Path,
    packet: &std::path::Path,
    config: &std::path::Path,
) -> std::process::Output {
    command(dir, &["send", "game.yaml", packet.to_str().unwrap()])
        .env("ADJUTANT_CONFIG", config)
        .output()
        .unwrap()
}

#[test]
fn a_failed_send_says_what_to_try() {
    let (g, packet) = crown_packet();
    let c = g.side_dir("crown");
    // Nothing listens on the port.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let o = send(&c, &packet, &smtp_config(&c, port, "starttls"));
    assert_eq!(code(&o), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("check `mail.smtp.host` and `mail.smtp.port`"),
        "{}",
        stderr(&o)
    );
    // Implicit TLS against a server that greets in plain text, as on port 587.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        if let Ok((mut s, _)) = listener.accept() {
            let _ = s.write_all(b"220 localhost ESMTP ready\r\n");
            let mut buf = [0; 512];
            let _ = s.read(&mut buf);
        }
    });
    let o = send(&c, &packet, &smtp_config(&c, port, "implicit"));
    server.join().unwrap();
    assert_eq!(code(&o), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("port/TLS mismatch") && stderr(&o).contains("port 465"),
        "{}",
        stderr(&o)
    );
    // No config at all: the local sendmail, which is not there.
    let missing = write(
        &c,
        "sendmail.yaml",
        "format: adjutant-config/1\nmail:\n  sendmail: /nonexistent/sendmail\n",
    );
    let o = send(&c, &packet, &missing);
    assert_eq!(code(&o), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("mail.via: smtp"), "{}", stderr(&o));
    // A game without addresses: what to give.
    let t = TwoPlayers::new("ss-no-address");
    let p = t.send("crown", "c1", "supply: []\n");
    let err = fails(
        &t.side_dir("crown"),
        &[
            "send",
            "game.yaml",
            p.to_str().unwrap(),
            "--via",
            "eml:x.eml",
        ],
    );
    assert!(err.contains("no sender address: set `mail.from`"), "{err}");
}

/// `-o` names the file a command makes; `orders` also takes `--out`.
#[test]
fn orders_takes_out_as_well_as_packet() {
    let g = TwoPlayers::new("ss-out-flag");
    let d = g.side_dir("crown");
    write(&d, "o.yaml", "supply: []\n");
    ok(
        &d,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "--out",
            "p.yaml",
        ],
    );
    assert!(read(&d.join("p.yaml")).contains("BEGIN ADJUTANT PACKET"));
}
