//! The solitaire modes through the app's functions, on the engine's toy game (a real
//! solitaire rulebook is not needed to check the dice party's paths).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::json;

use super::*;
use crate::engine::canon::to_hex;
use crate::engine::gamefile::GameFile;
use crate::engine::record::Record;
use crate::engine::secrets;
use crate::engine::session::{self, SELF, WITNESS};
use crate::engine::toy;
use crate::engine::verify;
use crate::engine::witness;
use crate::engine::Error;
use crate::games;
use crate::report::text::Templates;

struct Solo {
    dir: tempfile::TempDir,
}

impl Solo {
    fn new() -> Solo {
        Solo {
            dir: tempfile::tempdir().unwrap(),
        }
    }
    fn secrets(&self) -> PathBuf {
        self.dir.path().join("secrets")
    }
    fn witness_secret(&self) -> PathBuf {
        self.dir.path().join("witness/toy-1.witness.secret.yaml")
    }
    fn create(&self, mode: Option<&str>, anchors: Anchors) -> Result<Loaded, Error> {
        let rules = toy::rules();
        let created = new_game_with(
            rules.as_ref(),
            NewGame {
                game: "toy-solitaire",
                id: "toy-1",
                anchors,
                mode,
                names: BTreeMap::new(),
                emails: BTreeMap::new(),
                secrets_dir: &self.secrets(),
                data_dir: None,
                chain_length: Some(16),
                position: None,
            },
        )?;
        let mut commit = Commit::new();
        stage_secrets(&mut commit, &self.secrets(), &created.secrets)?;
        commit.commit()?;
        Ok(Loaded {
            rules,
            game: created.game,
        })
    }
    /// A witness-mode game with its witness's secret made apart, as `witness new` does.
    fn witnessed(&self) -> Loaded {
        let (_, anchor) = witness_new(
            Path::new("/nonexistent"),
            "toy-1",
            16,
            Some(&self.witness_secret()),
        )
        .unwrap();
        let anchors = Anchors::Given([(WITNESS.to_string(), anchor)].into());

        self.create(Some(WITNESS), anchors).unwrap()
    }
    /// `orders -o`: the player's record, written into the game file.
    fn orders(&self, l: &Loaded, n: u32) -> (Loaded, Record) {
        let file = parse_orders(&format!("roll: {n}\n")).unwrap();
        let (game, packet) =
            write_orders(&mut Commit::new(), l, &file, None, &self.secrets(), None).unwrap();
        (
            Loaded {
                rules: toy::rules(),
                game,
            },
            packet.record,
        )
    }
}

fn answer_for(s: &Solo, l: &Loaded) -> witness::Answer {
    let request = witness_request(l.rules.as_ref(), &l.game).unwrap().unwrap();
    witness_answer(&s.witness_secret(), &request.record, Path::new("/dev/null"))
        .unwrap()
        .0
}

#[test]
fn self_mode_makes_both_secrets_and_plays_to_the_end() {
    let s = Solo::new();
    let mut l = s
        .create(Some(SELF), Anchors::Given(BTreeMap::new()))
        .unwrap();
    assert!(secrets::path(&s.secrets(), "toy-1", "solo").exists());
    assert!(secrets::path(&s.secrets(), "toy-1", SELF).exists());
    let mut rounds = 0;
    while l.game.awaiting.is_some() {
        let file = parse_orders("roll: 2\n").unwrap();
        let got = play(&mut Commit::new(), &l, &file, None, &s.secrets(), None).unwrap();
        assert_eq!(got.outgoing.as_ref().unwrap().by, SELF);
        l.game = got.game;
        rounds += 1;
    }
    assert_eq!(rounds, toy::STEPS);
    let summary = verify(&l, None).unwrap();
    assert_eq!(summary.steps_replayed, toy::STEPS as usize);
    assert_eq!(summary.dice_party.as_deref(), Some(SELF));
    // `--hotseat` for a solitaire game is self mode too.
    let other = Solo::new();
    let h = other.create(None, Anchors::Hotseat).unwrap();
    assert_eq!(session::dice_party(h.rules.as_ref(), &h.game), Some(SELF));
}

#[test]
fn self_mode_adjudicates_orders_recorded_first() {
    let s = Solo::new();
    let l = s
        .create(Some(SELF), Anchors::Given(BTreeMap::new()))
        .unwrap();
    let (written, _) = s.orders(&l, 4);
    assert!(witness_request(written.rules.as_ref(), &written.game)
        .unwrap()
        .is_none());
    let got = adjudicate_owed(&mut Commit::new(), &written, &s.secrets()).unwrap();
    assert_eq!(got.game.log.len(), 2);
    assert_eq!(got.game.log[1].by, SELF);
    assert_eq!(got.steps[0].rolls[0].d6.as_ref().unwrap().len(), 4);
}

#[test]
fn witness_mode_plays_to_the_end_with_a_separate_witness() {
    let s = Solo::new();
    let mut l = s.witnessed();
    assert!(!secrets::path(&s.secrets(), "toy-1", WITNESS).exists());
    assert!(play(
        &mut Commit::new(),
        &l,
        &parse_orders("roll: 1\n").unwrap(),
        None,
        &s.secrets(),
        None
    )
    .is_err());
    let mut step = 0;
    while l.game.awaiting.is_some() {
        let (written, rec) = s.orders(&l, 3);
        let answer = answer_for(&s, &written);
        assert_eq!(answer.record, to_hex(&rec.hash().unwrap()));
        step += 1;
        assert_eq!(answer.element, step);
        // The player's own secret folder cannot stand in for the witness.
        assert!(adjudicate_owed(&mut Commit::new(), &written, &s.secrets()).is_err());
        let got = adjudicate_witness(&written, &answer).unwrap();
        let out = got.outgoing.unwrap();
        assert_eq!((out.by.as_str(), &out.reveal), (WITNESS, &answer.reveal));
        assert_eq!(
            out.prev, answer.record,
            "the witness record links to the hash answered"
        );
        l.game = got.game;
    }
    let summary = verify(&l, None).unwrap();
    assert_eq!(summary.steps_replayed, toy::STEPS as usize);
    assert_eq!(summary.dice_party.as_deref(), Some(WITNESS));
    // The ledger holds one answer per step, each for the `prev` of its witness record.
    let ledger = witness::load_ledger(&witness::ledger_path(&s.witness_secret()), "toy-1").unwrap();
    let prevs: Vec<&str> = l
        .game
        .log
        .iter()
        .filter(|r| r.by == WITNESS)
        .map(|r| r.prev.as_str())
        .collect();
    let answered: Vec<&str> = ledger.answers.iter().map(|e| e.record.as_str()).collect();
    assert_eq!(prevs, answered);
}

#[test]
fn a_witness_answer_for_another_hash_or_a_forged_reveal_is_refused() {
    let s = Solo::new();
    let l = s.witnessed();
    let (written, _) = s.orders(&l, 2);
    // Orders again before the witness answered: the step waits for the witness.
    let again = parse_orders("roll: 5\n").unwrap();
    let e = write_orders(
        &mut Commit::new(),
        &written,
        &again,
        None,
        &s.secrets(),
        None,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("awaits adjudication by `witness` first"), "{e}");
    let good = answer_for(&s, &written);
    let mut wrong_hash = good.clone();
    wrong_hash.record = to_hex(&crate::engine::canon::sha256(b"other orders"));
    let e = adjudicate_witness(&written, &wrong_hash)
        .unwrap_err()
        .to_string();
    assert!(e.contains("ask the witness to answer that one"), "{e}");
    let mut forged = good.clone();
    forged.reveal = to_hex(&crate::engine::canon::sha256(b"a guess"));
    let e = adjudicate_witness(&written, &forged)
        .unwrap_err()
        .to_string();
    assert!(e.contains("its signature is not the witness's"), "{e}");
    // Even a witness that signs a value off its chain is caught by the chain.
    let witness_key = secrets::load_file(&s.witness_secret())
        .unwrap()
        .signing_key()
        .unwrap();
    forged.sig = Some(crate::engine::sign::sign(
        &witness_key,
        &crate::engine::sign::answer_message(
            "toy-1",
            1,
            &crate::engine::canon::from_hex(&forged.record).unwrap(),
            &crate::engine::canon::from_hex(&forged.reveal).unwrap(),
        ),
    ));
    let e = adjudicate_witness(&written, &forged)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("is not element 1 of the chain of `witness`"),
        "{e}"
    );
    let mut other_game = good.clone();
    other_game.game = "toy-2".into();
    assert!(adjudicate_witness(&written, &other_game).is_err());
    // A witness asked about a second hash for the same step gives its next element,
    // which this game cannot use: re-rolling with other orders shows.
    let (second, _) = witness_answer(
        &s.witness_secret(),
        &wrong_hash.record,
        Path::new("/dev/null"),
    )
    .unwrap();
    assert_eq!(second.element, 2);
    let mut reused = second.clone();
    reused.record = good.record.clone();
    let e = adjudicate_witness(&written, &reused)
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs its element 1"), "{e}");
    let done = adjudicate_witness(&written, &good).unwrap();
    let e = adjudicate_witness(
        &Loaded {
            rules: toy::rules(),
            game: done.game,
        },
        &good,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("used already: step 2"), "{e}");
    // Nothing awaits the witness before the orders are written.
    assert!(adjudicate_witness(&l, &good).is_err());
}

#[test]
fn verify_refuses_a_tampered_witness_record() {
    let s = Solo::new();
    let l = s.witnessed();
    let (written, _) = s.orders(&l, 5);
    let answer = answer_for(&s, &written);
    let done = adjudicate_witness(&written, &answer).unwrap().game;
    let check = |gf: &GameFile| verify::verify(l.rules.as_ref(), gf);
    assert!(check(&done).is_ok());
    let mut die = done.clone();
    let faces = die.log[1].result.as_mut().unwrap().rolls[0]
        .d6
        .as_mut()
        .unwrap();
    faces[0] = faces[0] % 6 + 1;
    let e = check(&die).unwrap_err().to_string();
    assert!(e.contains("at step 2") && e.contains("roll 1"), "{e}");
    let mut reveal = done.clone();
    reveal.log[1].reveal = to_hex(&crate::engine::canon::sha256(b"x"));
    let e = check(&reveal).unwrap_err().to_string();
    assert!(e.contains("at step 2") && e.contains("`witness`"), "{e}");
    let mut mode = done.clone();
    let p = mode.players.remove(WITNESS).unwrap();
    mode.players.insert(SELF.into(), p);
    for r in &mut mode.log {
        if r.by == WITNESS {
            r.by = SELF.into();
        }
    }
    assert!(check(&mode).is_err(), "the mode is bound at creation");
}

#[test]
fn the_witness_ledger_repeats_an_answer_and_gives_a_new_hash_the_next_element() {
    let s = Solo::new();
    let _ = s.witnessed();
    let h1 = to_hex(&crate::engine::canon::sha256(b"1"));
    let h2 = to_hex(&crate::engine::canon::sha256(b"2"));
    let (a1, new1) = witness_answer(&s.witness_secret(), &h1, Path::new("/dev/null")).unwrap();
    let (again, new_again) =
        witness_answer(&s.witness_secret(), &h1, Path::new("/dev/null")).unwrap();
    let (a2, new2) = witness_answer(&s.witness_secret(), &h2, Path::new("/dev/null")).unwrap();
    assert!(new1 && !new_again && new2);
    assert_eq!(a1, again);
    assert_eq!((a1.element, a2.element), (1, 2));
    assert_ne!(a1.reveal, a2.reveal);
}

#[test]
fn new_solitaire_games_need_a_mode_and_solitaire_refuses_policies() {
    let s = Solo::new();
    let e = s
        .create(None, Anchors::Given(BTreeMap::new()))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--mode self"), "{e}");
    let e = s
        .create(Some(WITNESS), Anchors::Given(BTreeMap::new()))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no anchor for the witness"), "{e}");
    let e = s
        .create(Some("referee"), Anchors::Given(BTreeMap::new()))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("not `referee`"), "{e}");
    let l = s
        .create(Some(SELF), Anchors::Given(BTreeMap::new()))
        .unwrap();
    let policy = s.dir.path().join("policy.yaml");
    std::fs::write(&policy, "{}\n").unwrap();
    let file = parse_orders("roll: 1\n").unwrap();
    let e = write_orders(
        &mut Commit::new(),
        &l,
        &file,
        None,
        &s.secrets(),
        Some(&policy),
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("no standing policies"), "{e}");
    // Two-player games take no mode.
    let ss = games::load("southern-strategy", None).unwrap();
    let e = new_game_with(
        ss.as_ref(),
        NewGame {
            game: "southern-strategy",
            id: "ss-1",
            anchors: Anchors::Hotseat,
            mode: Some(SELF),
            names: BTreeMap::new(),
            emails: BTreeMap::new(),
            secrets_dir: &s.secrets(),
            data_dir: None,
            chain_length: Some(16),
            position: None,
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("for solitaire games"), "{e}");
}

#[test]
fn reports_name_the_dice_mode() {
    let templates = Templates::new(None);
    let ctx = |mode: Option<&str>| {
        json!({"title": "T", "id": "toy-1", "game": "toy", "demo": false, "dice_mode": mode,
               "at_step": 2, "tip": "00", "reveals": []})
    };
    let header = templates.render("header.txt", &ctx(Some(SELF))).unwrap();
    assert!(header.contains("could have looked ahead"), "{header}");
    let block = templates
        .render("verification.txt", &ctx(Some(SELF)))
        .unwrap();
    assert!(block.contains("self mode"), "{block}");
    let footer = templates
        .render("footer.txt", &json!({"outgoing": 2, "dice_mode": SELF}))
        .unwrap();
    assert!(footer.contains("`self` record"), "{footer}");
    let block = templates
        .render("verification.txt", &ctx(Some(WITNESS)))
        .unwrap();
    assert!(block.contains("witness mode"), "{block}");
    let header = templates.render("header.txt", &ctx(Some(WITNESS))).unwrap();
    assert!(header.contains("witness mode"), "{header}");
    let two = templates.render("header.txt", &ctx(None)).unwrap();
    assert!(!two.contains("mode"), "{two}");
}
