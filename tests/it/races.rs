//! Two runs at once, as a hostile player or an unlucky one starts them: two `keys`, two
//! witness answers, two adjudications or two ingests of the same game at the same moment.
//! Each race ends with one winner and nothing lost or shared.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;

use crate::cli::parse;
use crate::support::*;

/// Starts `adjutant` with `args` in `dir` without waiting.
fn spawn(dir: &Path, args: &[&str]) -> std::process::Child {
    command(dir, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs two commands at once; returns their outputs.
fn both(dir: &Path, a: &[&str], b: &[&str]) -> [std::process::Output; 2] {
    let (x, y) = (spawn(dir, a), spawn(dir, b));
    [x.wait_with_output().unwrap(), y.wait_with_output().unwrap()]
}

const TRIES: usize = 50;

#[test]
fn two_keys_at_once_leave_one_secret_and_print_its_line() {
    for k in 0..TRIES {
        let dir = tempfile::tempdir().unwrap();
        let args = [
            "keys",
            "--id",
            "g-race",
            "--side",
            "crown",
            "--secrets",
            "s",
        ];
        let outs = both(dir.path(), &args, &args);
        let won: Vec<_> = outs.iter().filter(|o| o.status.success()).collect();
        assert_eq!(won.len(), 1, "try {k}: exactly one `keys` makes the secret");
        let shown = ok(dir.path(), &[&args[..], &["--show"]].concat());
        assert_eq!(
            stdout(won[0]),
            stdout(&shown),
            "try {k}: the printed line survives"
        );
        let lost = outs.iter().find(|o| !o.status.success()).unwrap();
        let e = stderr(lost);
        assert!(
            e.contains("exists already") || e.contains("already exists"),
            "{e}"
        );
    }
}

#[test]
fn two_witness_answers_at_once_never_share_an_element() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "w-race",
            "--chain-length",
            "1000",
            "--out",
            "w.secret",
        ],
    );
    let hash = |n: usize| {
        adjutant::engine::canon::to_hex(&adjutant::engine::canon::sha256(
            format!("record {n}").as_bytes(),
        ))
    };
    let mut elements = BTreeMap::new();
    for k in 0..TRIES {
        let (h1, h2) = (hash(2 * k), hash(2 * k + 1));
        let outs = both(
            d,
            &["witness", "answer", "--secret", "w.secret", &h1],
            &["witness", "answer", "--secret", "w.secret", &h2],
        );
        for (o, h) in outs.iter().zip([&h1, &h2]) {
            assert!(o.status.success(), "{}", stderr(o));
            let a = adjutant::engine::witness::Answer::parse(&stdout(o)).unwrap();
            assert_eq!(&a.record, h);
            assert!(
                elements.insert(a.element, h.clone()).is_none(),
                "try {k}: element {} given twice",
                a.element
            );
        }
    }
    let ledger =
        adjutant::engine::witness::load_ledger(&d.join("w.secret.answers.yaml"), "w-race").unwrap();
    assert_eq!(
        ledger.answers.len(),
        2 * TRIES,
        "no answer lost from the ledger"
    );
    for e in &ledger.answers {
        assert_eq!(elements.get(&e.element), Some(&e.record));
    }
}

/// Two runs of `run` at once on the patriot's copy, `TRIES` times from the same start: one
/// takes the packet, the other waits and finds it taken (`second`: what it says, and whether
/// that is a success); the game verifies every time.
fn race_on_the_game(run: impl Fn(&Path, &str) -> Vec<String>, second: (&str, bool)) {
    let g = TwoPlayers::new("ss-atk-race");
    let c1 = g.send("crown", "c1", "supply: []\n");
    let p = g.side_dir("patriot");
    let start = files(&p);
    for k in 0..TRIES {
        for (path, bytes) in &start {
            std::fs::write(path, bytes).unwrap();
        }
        for stray in files(&p).keys().filter(|f| !start.contains_key(*f)) {
            std::fs::remove_file(stray).unwrap();
        }
        let (a, b) = (run(&p, c1.to_str().unwrap()), run(&p, c1.to_str().unwrap()));
        let outs = both(
            &p,
            &a.iter().map(String::as_str).collect::<Vec<_>>(),
            &b.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let (says, succeeds) = second;
        let lost: Vec<_> = outs.iter().filter(|o| stderr(o).contains(says)).collect();
        assert_eq!(
            lost.len(),
            1,
            "try {k}: {} / {}",
            stderr(&outs[0]),
            stderr(&outs[1])
        );
        assert_eq!(lost[0].status.success(), succeeds, "try {k}");
        let won = outs.iter().filter(|o| o.status.success()).count();
        assert_eq!(won, if succeeds { 2 } else { 1 }, "try {k}");
        let gf = parse(&g.game_text("patriot"));
        assert_eq!(gf.log.len(), 1, "try {k}: the step is in the log once");
        assert!(gf.pending.is_some(), "try {k}: the result is kept");
        ok(&p, &["verify", "game.yaml"]);
    }
}

#[test]
fn two_adjudications_at_once_lose_no_update() {
    race_on_the_game(
        |_, packet| {
            [
                "adjudicate",
                "game.yaml",
                packet,
                "--secrets",
                "secrets",
                "--report",
                "/dev/null",
            ]
            .map(String::from)
            .to_vec()
        },
        ("already in the log", false),
    );
}

/// The second `ingest` of one mail finds it already applied, and that is no error.
#[test]
fn two_ingests_at_once_lose_no_update() {
    race_on_the_game(
        |dir, packet| {
            let mail = dir.join("mail.eml");
            if !mail.exists() {
                let body = read(Path::new(packet));
                std::fs::write(
                    &mail,
                    format!("From: crown@example.org\nSubject: step 1\n\n{body}"),
                )
                .unwrap();
            }
            [
                "ingest",
                "mail.eml",
                "--game",
                "game.yaml",
                "--secrets",
                "secrets",
                "--report",
                "/dev/null",
            ]
            .map(String::from)
            .to_vec()
        },
        ("already applied", true),
    );
}
