//! `adjutant witness`: a witness's secret and its answers, which need no game file. (The game
//! side of witness and self mode is tested in the library on a toy solitaire game.)

use std::path::Path;

use adjutant::engine::canon::{sha256, to_hex};
use adjutant::engine::secrets;

use crate::support::*;

fn hash(text: &str) -> String {
    to_hex(&sha256(text.as_bytes()))
}

fn answer(dir: &Path, h: &str) -> (String, String) {
    let o = ok(dir, &["witness", "answer", "--secret", "w.secret.yaml", h]);
    (stdout(&o), stderr(&o))
}

#[test]
fn a_witness_answers_each_hash_once_and_repeats_itself_for_lost_mail() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "tlc-1",
            "--chain-length",
            "32",
            "--out",
            "w.secret.yaml",
        ],
    );
    let line = stdout(&o).trim().to_string();
    assert!(stderr(&o).contains(&format!("--anchor witness={line}")));
    let anchor = line.split(':').next().unwrap().to_string();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(d.join("w.secret.yaml"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let secret = secrets::load_file(&d.join("w.secret.yaml")).unwrap();
    assert_eq!(
        (secret.game.as_str(), secret.side.as_str()),
        ("tlc-1", "witness")
    );
    assert_eq!(to_hex(&secret.anchor().unwrap()), anchor);

    let (t1, t2) = (hash("record 1"), hash("record 2"));
    let (first, note) = answer(d, &t1);
    assert!(note.contains("element 1"), "{note}");
    let x1 = to_hex(&secret.element(1).unwrap());
    let parsed = adjutant::engine::witness::Answer::parse(&first).unwrap();
    assert_eq!(
        (
            parsed.format.as_str(),
            parsed.element,
            &parsed.record,
            &parsed.reveal
        ),
        ("adjutant-witness/2", 1, &t1, &x1)
    );
    // The answer is signed for this element and this record hash only.
    let key = secret.signing_key().unwrap();
    let message = adjutant::engine::sign::answer_message(
        "tlc-1",
        1,
        &adjutant::engine::canon::from_hex(&t1).unwrap(),
        &secret.element(1).unwrap(),
    );
    assert!(adjutant::engine::sign::verify(
        &key.verifying_key(),
        &message,
        parsed.sig.as_deref().unwrap()
    ));
    let (again, note) = answer(d, &t1.to_uppercase());
    assert_eq!(again, first, "the same hash gets the same answer");
    assert!(note.contains("answered before"), "{note}");
    let (second, _) = answer(d, &t2);
    let x2 = to_hex(&secret.element(2).unwrap());
    assert!(
        second.contains(&format!("element: 2, for: {t2}, reveal: {x2}")),
        "{second}"
    );
    let ledger = read(&d.join("w.answers.yaml"));
    assert!(ledger.contains(&t1) && ledger.contains(&t2), "{ledger}");
    assert!(!ledger.contains(&x1), "the ledger holds no reveal");
    // The answer can go to a file, for the player's `adjudicate --witness`.
    ok(
        d,
        &[
            "witness",
            "answer",
            "--secret",
            "w.secret.yaml",
            &t2,
            "-o",
            "a.yaml",
        ],
    );
    assert_eq!(read(&d.join("a.yaml")), second);
}

#[test]
fn a_witness_secret_goes_to_the_secrets_folder_by_default_and_is_made_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["witness", "new", "--game-id", "tlc-2", "--secrets", "s"];
    ok(d, &args);
    assert!(d.join("s/tlc-2.witness.secret.yaml").exists());
    let e = fails(d, &args);
    assert!(e.contains("already exists"), "{e}");
}

#[test]
fn bad_hashes_and_readable_or_wrong_secrets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "tlc-3",
            "--out",
            "w.secret.yaml",
        ],
    );
    let e = fails(
        d,
        &["witness", "answer", "--secret", "w.secret.yaml", "abc"],
    );
    assert!(e.contains("64 hex digits"), "{e}");
    assert!(!d.join("w.answers.yaml").exists());
    // A player's secret is not a witness's.
    fixed_secret(&d.join("p"), "tlc-3", "csa");
    let e = fails(
        d,
        &[
            "witness",
            "answer",
            "--secret",
            "p/tlc-3.csa.secret.yaml",
            &hash("r"),
        ],
    );
    assert!(e.contains("not a witness's"), "{e}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let p = d.join("w.secret.yaml");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = fails(
            d,
            &["witness", "answer", "--secret", "w.secret.yaml", &hash("r")],
        );
        assert!(e.contains("chmod 600"), "{e}");
    }
}

#[test]
fn a_two_player_game_takes_no_dice_mode() {
    let dir = tempfile::tempdir().unwrap();
    let e = fails(
        dir.path(),
        &[
            "new",
            "--id",
            "ss-x",
            "--hotseat",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    assert!(e.contains("for solitaire games"), "{e}");
    assert!(!dir.path().join("g.yaml").exists());
}

/// A hostile reader's attack: the last element of a chain is its seed, from which the signing
/// key comes too. A witness that handed it out when its chain ran out would let anyone sign
/// answers as the witness. The chain of 16 answers 15 hashes, none revealing the seed, and
/// refuses the sixteenth, leaving its ledger as it was.
#[test]
fn a_witness_never_reveals_its_seed_when_its_chain_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "tlc-short",
            "--chain-length",
            "16",
            "--out",
            "w.secret.yaml",
        ],
    );
    let secret = secrets::load_file(&d.join("w.secret.yaml")).unwrap();
    let seed = secret.seed.clone();
    for n in 1..16 {
        let (text, _) = answer(d, &hash(&format!("record {n}")));
        let parsed = adjutant::engine::witness::Answer::parse(&text).unwrap();
        assert_ne!(parsed.reveal, seed, "answer {n} reveals the seed");
    }
    let before = files(d);
    let err = fails(
        d,
        &[
            "witness",
            "answer",
            "--secret",
            "w.secret.yaml",
            &hash("record 16"),
        ],
    );
    assert!(err.contains("used up") && !err.contains(&seed), "{err}");
    assert!(before == files(d), "a refused answer changed a file");
}

/// `verify --witness-answers` holds a witness game to the answers its witness posted: every
/// witness record must follow the hash the witness answered with its element, and an answer
/// the game did not use (a player who asked twice for one step) is named. An answer for the
/// step the game waits for is not left over.
#[test]
fn verify_holds_a_witness_game_to_the_answers_its_witness_posted() {
    let dir = tempfile::tempdir().unwrap();
    let (w, p) = witness_game(dir.path(), "solo-1776", "s1776-wa", "game.yaml");
    let step = |orders: &str| {
        write(&p, "o.yaml", orders);
        let h = record_hash(&p, "game.yaml", "o.yaml");
        let (a, _) = answer(&w, &h);
        (h, a.trim().to_string())
    };
    let (_, a1) = step("turn: {}\n");
    write(&p, "a1.yaml", &a1);
    ok(&p, &with_witness_answer("a1.yaml"));
    let verify = |posted: &str| {
        write(&p, "posted.txt", posted);
        ["verify", "game.yaml", "--witness-answers", "posted.txt"]
    };
    let out = stdout(&ok(&p, &verify(&format!("- {a1}"))));
    assert!(out.contains("witness answers: 1 posted, each for the record the game played it with; none left over"), "{out}");
    // The same answer posted twice (a lost mail answered again) is one answer.
    let out = stdout(&ok(&p, &verify(&format!("{a1}\n{a1}"))));
    assert!(out.contains("witness answers: 1 posted"), "{out}");
    // No answer for element 1: the reader cannot hold the game to one.
    let err = refused(&p, &verify("# nothing yet\n"));
    assert!(err.contains("element 1") && err.contains("step 2"), "{err}");
    // The next orders wait for the witness, which has answered them: not left over.
    let (h2, a2) = step("turn: {}\n");
    let out = stdout(&ok(&p, &verify(&format!("{a1}\n{a2}"))));
    assert!(
        out.contains(
            "2 posted, 1 for the records the game played them with and 1 for the step it waits for"
        ),
        "{out}"
    );
    // The player asks again for the same step with other orders: the witness's second
    // answer is one this game never used.
    let stray = answer(&w, &hash("other orders")).0.trim().to_string();
    let err = refused(&p, &verify(&format!("{a1}\n{a2}\n{stray}")));
    assert!(
        err.contains("posted.txt` line 3") && err.contains("element 3") && err.contains("asked"),
        "{err}"
    );
    assert!(!err.contains(&h2), "{err}");
    // An answer from another witness, or changed, is refused for its signature.
    let forged = a1.replacen("element: 1", "element: 2", 1);
    let err = refused(&p, &verify(&forged));
    assert!(
        err.contains("line 1") && err.contains("not the witness's"),
        "{err}"
    );
    // A game with no witness takes no witness answers.
    ok(
        &p,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "s1776-self",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "self.yaml",
        ],
    );
    let err = refused(
        &p,
        &["verify", "self.yaml", "--witness-answers", "posted.txt"],
    );
    assert!(err.contains("no witness"), "{err}");
}

/// A witness interrupted once its answer is printed, before its files are put into place, has
/// spent the element: the ledger was put into place after the answer was printed, so the next
/// hash got the same element, signed for a second record, and the player could choose between
/// two sets of dice for one step.
#[test]
fn a_witness_stopped_once_its_answer_is_out_has_spent_the_element() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "tlc-stop",
            "--chain-length",
            "16",
            "--out",
            "w.secret.yaml",
        ],
    );
    let o = command(
        d,
        &["witness", "answer", "--secret", "w.secret.yaml", &hash("a")],
    )
    .env("ADJUTANT_FAIL_AFTER_OUTPUT", "1")
    .output()
    .unwrap();
    assert!(!o.status.success());
    let printed = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(printed.contains("element: 1"), "{printed}");
    let (second, _) = answer(d, &hash("b"));
    assert!(second.contains("element: 2"), "{second}");
    // The first hash asked again gets its own answer back.
    assert_eq!(answer(d, &hash("a")).0, printed);
}
