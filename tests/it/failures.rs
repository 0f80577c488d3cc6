//! Commands that fail and input meant to hurt, through the command line: a command that fails
//! half-way (a report, reply or packet that cannot be written, a kill mid-write) changes no
//! file, hostile input (huge, deeply nested, not text, a hostile file name) is refused quickly
//! with a message naming the file, and each failure exits with the documented status.

use std::path::Path;
use std::process::Stdio;

use crate::cli::{at_crown_impulse, parse, passing_orders};
use crate::support::*;

#[test]
fn a_command_that_fails_changes_no_file() {
    let g = TwoPlayers::new("ss-atk-fail");
    let c1 = g.send("crown", "c1", "supply: []\n");
    let p = g.side_dir("patriot");
    let c1 = c1.to_str().unwrap();
    let with_report = |report| {
        [
            "adjudicate",
            "game.yaml",
            c1,
            "--secrets",
            "secrets",
            "--report",
            report,
        ]
    };
    // A report that cannot be written: the game file, the ledger and the reply stay as they
    // were, and a retry is not refused as stale.
    let err = refused(&p, &with_report("/nonexistent/r.txt"));
    assert!(err.contains("/nonexistent"), "{err}");
    // A report that fails only as it is written (a full device) leaves them alone too.
    #[cfg(target_os = "linux")]
    {
        let err = refused(&p, &with_report("/dev/full"));
        assert!(err.contains("/dev/full"), "{err}");
    }
    // A packet that cannot be written by `orders -o` leaves the game file and ledger alone.
    write(&g.side_dir("crown"), "o.yaml", "supply: []\n");
    // /dev/null as the report is written to, never replaced.
    ok(&p, &with_report("/dev/null"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }
    let gf = parse(&g.game_text("patriot"));
    write(&p, "p2.yaml", passing_orders(&gf));
    let err = refused(
        &p,
        &[
            "orders",
            "game.yaml",
            "p2.yaml",
            "--secrets",
            "secrets",
            "-o",
            "/nonexistent/p.yaml",
        ],
    );
    assert!(err.contains("/nonexistent"), "{err}");
    // Outputs that fail only as they are written (a full disk behind standard output or a
    // device) change nothing either: the ledger does not spend the dice element on a packet
    // nobody could receive (it did, and then only the same orders were ever taken again).
    #[cfg(target_os = "linux")]
    {
        let err = refused(
            &p,
            &[
                "orders",
                "game.yaml",
                "p2.yaml",
                "--secrets",
                "secrets",
                "-o",
                "/dev/full",
            ],
        );
        assert!(err.contains("/dev/full"), "{err}");
    }
    // A game file reached through a symbolic link stays a link; its target is replaced.
    #[cfg(unix)]
    {
        let real = p.join("real");
        std::fs::create_dir_all(&real).unwrap();
        std::fs::rename(p.join("game.yaml"), real.join("game.yaml")).unwrap();
        std::os::unix::fs::symlink(real.join("game.yaml"), p.join("game.yaml")).unwrap();
        ok(
            &p,
            &[
                "orders",
                "game.yaml",
                "p2.yaml",
                "--secrets",
                "secrets",
                "-o",
                "p2.packet",
            ],
        );
        assert!(std::fs::symlink_metadata(p.join("game.yaml"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(parse(&read(&real.join("game.yaml"))).log.len(), 2);
        // No temporary file is left beside it.
        let stray: Vec<_> = files(&real)
            .into_keys()
            .filter(|f| f != &real.join("game.yaml"))
            .collect();
        assert!(stray.is_empty(), "{stray:?}");
    }
}

#[test]
fn hostile_input_is_refused_quickly_and_clearly() {
    let g = TwoPlayers::new("ss-atk-input");
    let d = g.side_dir("crown");
    // Deep nesting, in orders and in a game file.
    write(&d, "deep.yaml", &format!("supply: {}", "[".repeat(100_000)));
    let err = refused(&d, &["orders", "game.yaml", "deep.yaml"]);
    assert!(err.contains("nested more than 64"), "{err}");
    write(&d, "deep-game.yaml", &"{a: ".repeat(100_000));
    let err = refused(&d, &["verify", "deep-game.yaml"]);
    assert!(err.contains("nested more than 64"), "{err}");
    // Complex keys nested on one line: a 4 MB packet of them took the parser gigabytes.
    write(
        &d,
        "keys.packet.yaml",
        &format!(
            "format: adjutant-packet/2\nrecord:\n  {}x\n",
            "? ".repeat(2_000_000)
        ),
    );
    let err = refused(
        &d,
        &[
            "adjudicate",
            "game.yaml",
            "keys.packet.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(err.contains("nested more than 64"), "{err}");
    // A side or id that would lead out of the secrets folder.
    for (flag, value) in [("--side", "crown/../../y"), ("--id", "../escape")] {
        let mut args = vec!["keys", "--id", "g-x", "--side", "crown", "--secrets", "s"];
        let at = args.iter().position(|a| *a == flag).unwrap();
        args[at + 1] = value;
        let err = refused(&d, &args);
        // A side must be one a game has; an id, a safe file name.
        assert!(
            err.contains("must be 1 to 64 letters") || err.contains("is not a side of any game"),
            "{err}"
        );
    }
    assert!(!d.join("y.secret.yaml").exists() && !g.dir.path().join("y.secret.yaml").exists());
    // Chain lengths out of range are usage errors, exit status 2 as clap's own are, for each
    // command that takes one.
    for n in ["0", "1", "15", "100001", "18446744073709551615"] {
        for args in [
            &["keys", "--id", "g-n", "--side", "crown", "--secrets", "s"][..],
            &[
                "new",
                "--id",
                "g-n",
                "--hotseat",
                "--secrets",
                "s",
                "-o",
                "n.yaml",
            ][..],
            &["witness", "new", "--game-id", "w-n", "--out", "w-n.secret"][..],
        ] {
            let args: Vec<&str> = args.iter().copied().chain(["--chain-length", n]).collect();
            let err = refused(&d, &args);
            assert!(err.contains("16..=100000"), "{args:?}: {err}");
            assert_eq!(run(&d, &args).status.code(), Some(2), "{args:?}: {err}");
        }
    }
    // A damaged witness ledger: an error, not a crash.
    ok(
        &d,
        &["witness", "new", "--game-id", "w-x", "--out", "w.secret"],
    );
    write(
        &d,
        "w.secret.answers.yaml",
        &format!(
            "format: adjutant-witness-ledger/1\ngame: w-x\nanswers:\n- {{element: {}, for: {}}}\n",
            u64::MAX,
            "0".repeat(64)
        ),
    );
    let err = refused(
        &d,
        &["witness", "answer", "--secret", "w.secret", &"1".repeat(64)],
    );
    assert!(err.contains("ledger is damaged"), "{err}");
    // A secret that says it is a published demo but is not.
    let secret = d.join("secrets/ss-atk-input.crown.secret.yaml");
    let text = read(&secret);
    std::fs::write(&secret, format!("{text}demo: true\n")).unwrap();
    write(&d, "o.yaml", "supply: []\n");
    let err = refused(
        &d,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ],
    );
    assert!(err.contains("not the published demo seed"), "{err}");
    std::fs::write(&secret, &text).unwrap();
    // An orders file saved with a byte-order mark is read.
    write(&d, "bom.yaml", "\u{feff}supply: []\n");
    ok(&d, &["orders", "game.yaml", "bom.yaml"]);
    // A closed pipe ends `verify` quietly.
    let mut child = command(&d, &["verify", "game.yaml"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            out.status.success() || out.status.signal() == Some(libc_sigpipe()),
            "{:?}",
            out.status
        );
    }
    // A hostile file name is only a name.
    let odd = "-game \u{202e} name.yaml";
    std::fs::copy(g.game("crown"), d.join(odd)).unwrap();
    ok(&d, &["verify", "--", odd]);
}

fn libc_sigpipe() -> i32 {
    13
}

/// A failure says whose fault it is, with the exit status `adjutant --help` gives: 3 for a file
/// that cannot be read or written (with no list of options, which would not help), 1 for refused
/// input (a file too large, a packet that does not fit, named by its file), and a player who
/// runs the other side's step is told so rather than that a secret is missing.
#[test]
fn failures_name_the_file_and_exit_with_the_documented_status() {
    let g = TwoPlayers::new("ss-atk-status");
    let c = g.side_dir("crown");
    write(&c, "o.yaml", "supply: []\n");
    let status = |dir: &Path, args: &[&str]| {
        let before = files(dir);
        let o = run(dir, args);
        assert!(files(dir) == before, "{args:?} changed files");
        (o.status.code(), stderr(&o))
    };
    // The packet's folder does not exist: the file asked for is named, not a temporary one.
    let (code, err) = status(
        &c,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "no/such/p.yaml",
        ],
    );
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("`no/such/p.yaml`"), "{err}");
    assert!(!err.contains(".tmp"), "{err}");
    assert!(!err.contains("legal options"), "{err}");
    // A secrets folder without the player's secret.
    let (code, err) = status(
        &c,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "elsewhere",
            "-o",
            "p.yaml",
        ],
    );
    assert_eq!(code, Some(3), "{err}");
    assert!(!err.contains("legal options"), "{err}");
    // An orders file far too large is refused input.
    write(&c, "huge.yaml", &"#".repeat(2 << 20));
    let (code, err) = status(&c, &["orders", "game.yaml", "huge.yaml"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("huge.yaml") && err.contains("larger than"),
        "{err}"
    );
    // The Crown's packet, then the Crown asking to adjudicate its own step.
    let packet = g.send("crown", "c1", "supply: []\n");
    let (code, err) = status(&c, &["adjudicate", "game.yaml", "--secrets", "secrets"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("waits for Patriot to adjudicate"), "{err}");
    // A packet that does not fit is named by its file.
    let p = g.side_dir("patriot");
    let mut text = read(&packet);
    text = text.replace("ss-atk-status", "ss-atk-other");
    write(&p, "edited.packet", &text);
    let (code, err) = status(
        &p,
        &[
            "adjudicate",
            "game.yaml",
            "edited.packet",
            "--secrets",
            "secrets",
        ],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("edited.packet"),
        "names the packet file: {err}"
    );
}

/// What `args` wrote to standard output in a run stopped (by the test hook) once its outputs
/// were out and before its files went into place.
fn out_then_stopped(d: &std::path::Path, args: &[&str]) -> String {
    let o = command(d, args)
        .env("ADJUTANT_FAIL_AFTER_OUTPUT", "1")
        .output()
        .unwrap();
    assert!(!o.status.success(), "the run was stopped");
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// A hostile player's attack on "an element is used once": `orders -o -` is interrupted once
/// its packet is on standard output and before its files are put into place (Ctrl-C, a closed
/// terminal or a kill at that instant; the test hook aborts there). The packet went out, so
/// the ledger must already say its element did: it was put into place after the packet was
/// written, and a second run with other orders revealed the same element in a second packet,
/// letting the receiver choose between two sets of dice.
#[test]
fn a_run_killed_once_its_packet_is_out_has_spent_its_element() {
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    write(&d, "a.yaml", "limited: skip\nfull: pass\n");
    let to_stdout = [
        "orders",
        "game.yaml",
        "a.yaml",
        "--secrets",
        "secrets",
        "-o",
        "-",
    ];
    let packet = out_then_stopped(&d, &to_stdout);
    assert!(packet.contains("reveal:"), "the packet went out:\n{packet}");
    // Other orders for the same step are refused: their packet would reveal the same element.
    write(&d, "b.yaml", "limited: skip\n");
    let err = refused(
        &d,
        &[
            "orders",
            "game.yaml",
            "b.yaml",
            "--secrets",
            "secrets",
            "-o",
            "b.packet",
        ],
    );
    assert!(err.contains("already went out"), "{err}");
    assert!(!d.join("b.packet").exists());
    // The same orders write the same packet again.
    assert_eq!(stdout(&ok(&d, &to_stdout)), packet);
}

/// The same attack with a hidden standing policy committed (`--policy`, dice-protocol 3.1):
/// the salt that hides the policy was drawn afresh on every run, so the same orders and the
/// same policy made a different record, which the ledger refused; `resend` had no record to
/// send, and the game could not go on. The salt now comes from the player's secret and the
/// element the record reveals, so the same orders and policy write the same packet again.
#[test]
fn a_run_with_a_policy_killed_once_its_packet_is_out_writes_the_same_packet_again() {
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    write(&d, "a.yaml", "limited: skip\nfull: pass\n");
    write(
        &d,
        "policy.yaml",
        "battle:\n  default: {refuse: {to: Augusta}}\n",
    );
    let to_stdout = [
        "orders",
        "game.yaml",
        "a.yaml",
        "--policy",
        "policy.yaml",
        "--secrets",
        "secrets",
        "-o",
        "-",
    ];
    let packet = out_then_stopped(&d, &to_stdout);
    assert!(
        packet.contains("policy_commit:"),
        "the packet went out with its policy:\n{packet}"
    );
    // Another policy with the same orders is another record for the same element.
    write(
        &d,
        "other.yaml",
        "battle:\n  default: {accept: {commit: 0}}\n",
    );
    let mut other = to_stdout;
    other[4] = "other.yaml";
    let err = refused(&d, &other);
    assert!(err.contains("already went out"), "{err}");
    // The same orders and policy write the same packet again, and the game goes on from it.
    assert_eq!(stdout(&ok(&d, &to_stdout)), packet);
    let names: Vec<String> = std::fs::read_dir(d.join("secrets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".policies.yaml"))
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let kept = read(&d.join("secrets").join(&names[0]));
    assert_eq!(
        kept.matches("commit:").count(),
        1,
        "the policy is kept once, to be revealed later:\n{kept}"
    );
}

/// `ingest` reads a message from a pipe (procmail, `.forward`) or a file: an endless one is
/// refused once it passes the largest message adjutant reads. It was read whole before its
/// size was checked, and `/dev/zero` took the machine's memory.
#[cfg(target_os = "linux")]
#[test]
fn ingest_stops_reading_an_endless_message_at_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = root().join("games/southern-strategy/examples/demo-game.yaml");
    let game = game.to_str().unwrap();
    for from_stdin in [false, true] {
        let message = if from_stdin { "-" } else { "/dev/zero" };
        let mut child = command(d, &["ingest", message, "--game", game, "--check"])
            .stdin(if from_stdin {
                Stdio::from(std::fs::File::open("/dev/zero").unwrap())
            } else {
                Stdio::null()
            })
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if started.elapsed() > std::time::Duration::from_secs(120) {
                child.kill().unwrap();
                panic!("`ingest {message}` was still reading after two minutes");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(1), "{message}: {err}");
        assert!(err.contains("more than the 33554432"), "{message}: {err}");
    }
}

/// `orders -o -` into a pipe whose reader is gone: no byte went out, so the ledger is as it
/// was and other orders may still go; the run ends as a closed pipe ends a command. The
/// ledger was put into place before the write, and the closed pipe then killed the run
/// before it could be undone, so the step could never take other orders.
#[cfg(unix)]
#[test]
fn a_closed_pipe_that_took_no_byte_leaves_the_ledger_as_it_was() {
    use std::os::fd::FromRawFd;
    use std::os::unix::process::ExitStatusExt;
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    let ledger_before = files(&d.join("secrets"));
    write(&d, "a.yaml", "limited: skip\nfull: pass\n");
    let mut fds = [0; 2];
    // SAFETY: a new pipe; its read end is closed at once and its write end handed over.
    let writer = unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        libc::close(fds[0]);
        std::fs::File::from_raw_fd(fds[1])
    };
    let o = command(
        &d,
        &[
            "orders",
            "game.yaml",
            "a.yaml",
            "--secrets",
            "secrets",
            "-o",
            "-",
        ],
    )
    .stdout(Stdio::from(writer))
    .output()
    .unwrap();
    assert!(!o.status.success());
    assert_eq!(o.status.signal(), Some(libc::SIGPIPE), "{}", stderr(&o));
    assert!(
        files(&d.join("secrets")) == ledger_before,
        "the ledger changed"
    );
    write(&d, "b.yaml", "limited: skip\n");
    ok(
        &d,
        &[
            "orders",
            "game.yaml",
            "b.yaml",
            "--secrets",
            "secrets",
            "-o",
            "b.packet",
        ],
    );
}

/// A command whose answer goes to standard output, run with it on a full device, fails with
/// an error that says standard output could not be written, does not panic, and changes no
/// file: `show`, `orders` listing the options, `verify`, `hint`, and `keys` and `witness new`,
/// whose new secret is taken back (its line never reached anyone), so that a second run makes
/// one.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    let g = TwoPlayers::new("ss-full-stdout");
    let c = g.side_dir("crown");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let keys = [
        "keys",
        "--id",
        "ss-full-other",
        "--side",
        "crown",
        "--secrets",
        "s2",
    ];
    let witness = [
        "witness",
        "new",
        "--game-id",
        "ss-full-w",
        "--secrets",
        "s3",
    ];
    let runs: &[&[&str]] = &[
        &["show", "game.yaml"],
        &["orders", "game.yaml"],
        &["verify", "game.yaml"],
        &["hint", "game.yaml", "--playouts", "20"],
        &["completions", "bash"],
        &keys,
        &witness,
    ];
    for args in runs {
        let before = files(&c);
        let o = command(&c, args).stdout(full()).output().unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {err}");
        assert!(
            err.contains("could not write to standard output: No space left on device")
                && !err.contains("panicked"),
            "{args:?}: {err}"
        );
        assert!(files(&c) == before, "{args:?} changed files: {err}");
    }
    for args in [&keys[..], &witness[..]] {
        let line = stdout(&ok(&c, args));
        assert!(line.trim().len() > 32, "{args:?}: {line}");
    }
}

/// `orders -o` in a witness game prints the record hash to post for the witness. It was
/// printed once the game file, the packet and the ledger were in place, so a standard output
/// that failed (a full disk) failed the command, exit 3, with every file changed. The hash now
/// goes out with the command's other outputs, before any file is put into place: a failure
/// changes nothing, and the same orders then go through.
#[cfg(target_os = "linux")]
#[test]
fn a_witness_hash_that_cannot_be_printed_changes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let (_, p) = witness_game(dir.path(), "solo-1776", "s1776-full", "game.yaml");
    write(&p, "o.yaml", "turn: {}\n");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let before = files(&p);
    let o = command(
        &p,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "s",
            "-o",
            "packet.yaml",
        ],
    )
    .stdout(full)
    .output()
    .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("could not write to standard output: No space left on device"),
        "{err}"
    );
    assert!(files(&p) == before, "changed files: {err}");
    let hash = record_hash(&p, "game.yaml", "o.yaml");
    assert_eq!(hash.len(), 64, "{hash}");
}

/// `keys` and `witness new` print the public line of the secret they make. Into a pipe whose
/// reader is gone the run ends as a closed pipe ends a command, and the secret, whose line
/// nobody read, is not left behind: it stayed, as the closed pipe ended the run before it
/// could be taken back, and the next run was refused as making a secret that exists.
#[cfg(unix)]
#[test]
fn a_secret_whose_line_met_a_closed_pipe_is_not_kept() {
    use std::os::fd::FromRawFd;
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let keys = [
        "keys",
        "--id",
        "ss-pipe-keys",
        "--side",
        "crown",
        "--secrets",
        "s",
    ];
    let witness = ["witness", "new", "--game-id", "ss-pipe-w", "--secrets", "s"];
    for args in [&keys[..], &witness[..]] {
        let before = files(d);
        let mut fds = [0; 2];
        // SAFETY: a new pipe; its read end is closed at once and its write end handed over.
        let writer = unsafe {
            assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
            libc::close(fds[0]);
            std::fs::File::from_raw_fd(fds[1])
        };
        let o = command(d, args)
            .stdout(Stdio::from(writer))
            .output()
            .unwrap();
        assert_eq!(
            o.status.signal(),
            Some(libc::SIGPIPE),
            "{args:?}: {}",
            stderr(&o)
        );
        let after = files(d);
        assert!(after == before, "{args:?} left {:?}", after.keys());
        let line = stdout(&ok(d, args));
        assert!(line.trim().len() > 32, "{args:?}: {line}");
    }
}

/// `adjutant` with `args` in `dir` run with its standard output closed (`>&-`), which a
/// `Command` cannot do itself.
#[cfg(unix)]
fn with_stdout(dir: &Path, args: &[&str], redirect: &str) -> std::process::Output {
    let c = command(dir, args);
    let mut sh = std::process::Command::new("sh");
    sh.arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(c.get_program())
        .args(c.get_args())
        .current_dir(dir);
    for (k, v) in c.get_envs() {
        match v {
            Some(v) => sh.env(k, v),
            None => sh.env_remove(k),
        };
    }
    sh.output().unwrap()
}

/// A command run with its standard output closed (`adjutant show GAME >&-`) succeeded with
/// nothing written anywhere: the Rust runtime puts `/dev/null` in place of a closed standard
/// output before `main`. What it was asked to print went nowhere, as a report to a closed
/// output would, and `keys` kept a secret whose line nobody saw. It now fails as a full
/// standard output does, exit 3, naming it, and changes no file; a command that prints
/// nothing, or one whose output goes to `/dev/null` on purpose, runs as before.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    let g = TwoPlayers::new("ss-closed-stdout");
    let c = g.side_dir("crown");
    write(&c, "o.yaml", "supply: []\n");
    let runs: &[&[&str]] = &[
        &["show", "game.yaml"],
        &["orders", "game.yaml"],
        &["verify", "game.yaml"],
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "-",
        ],
        &[
            "keys",
            "--id",
            "ss-closed-other",
            "--side",
            "crown",
            "--secrets",
            "s2",
        ],
    ];
    for args in runs {
        let before = files(&c);
        let o = with_stdout(&c, args, ">&-");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {err}");
        assert!(
            err.contains("could not write to standard output") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
        assert!(files(&c) == before, "{args:?} changed files: {err}");
    }
    // Output thrown away on purpose is no error.
    let o = with_stdout(&c, &["show", "game.yaml"], ">/dev/null");
    assert!(o.status.success(), "{}", stderr(&o));
    // A command that prints nothing needs no standard output.
    let o = with_stdout(
        &c,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ],
        ">&-",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(c.join("p.yaml").exists());
}

/// `new --hotseat -o -` prints the game file, whose anchors are those of the secrets it makes.
/// A run stopped once the game is out (an interrupt, a kill; the test hook aborts there) must
/// have put the secrets in place already: they went into place after it, so the game printed
/// could never be played. And a game that could not be printed leaves no secret behind.
#[test]
fn a_new_game_printed_has_its_secrets_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "new",
        "--id",
        "ss-new-out",
        "--hotseat",
        "--secrets",
        "s",
        "-o",
        "-",
    ];
    let game = out_then_stopped(d, &args);
    assert!(game.contains("ss-new-out"), "the game went out:\n{game}");
    for side in ["crown", "patriot"] {
        let secret = d.join(format!("s/ss-new-out.{side}.secret.yaml"));
        assert!(secret.exists(), "no secret for the game printed: {side}");
    }
    #[cfg(target_os = "linux")]
    {
        let mut args = args;
        args[2] = "ss-new-full";
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let before = files(d);
        let o = command(d, &args).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
        assert!(files(d) == before, "{}", stderr(&o));
    }
}
