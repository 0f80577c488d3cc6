//! Tampering: single random changes to a finished game's file (a roll, a reveal, an order, a
//! state value, a hash, a signature; a record deleted, swapped or duplicated) must each be
//! refused by `verify` or by the parser, naming the step.

use adjutant::engine::gamefile::GameFile;
use adjutant::engine::verify::verify;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use crate::support::*;

fn finished_game() -> GameFile {
    let g = TwoPlayers::new("ss-test-tamper-sweep");
    crate::cli::play_by_mail(&g, |gf| gf.awaiting.is_none() && gf.pending.is_none());
    GameFile::parse(&g.game_text("crown")).unwrap()
}

fn flip_hex(s: &mut String, rng: &mut ChaCha8Rng) {
    let i = (rng.next_u32() as usize) % s.len();
    let c = s.as_bytes()[i];
    let new = if c == b'0' { '1' } else { '0' };
    s.replace_range(i..=i, &new.to_string());
}

/// One random change; returns what it did, or `None` when the chosen change does not apply.
fn mutate(gf: &mut GameFile, rng: &mut ChaCha8Rng) -> Option<String> {
    let n = gf.log.len();
    let i = (rng.next_u32() as usize) % n;
    match rng.next_u32() % 13 {
        0 => {
            let r = gf.log[i].result.as_mut()?;
            let roll = r.rolls.iter_mut().find(|r| r.d6.is_some())?;
            let d6 = roll.d6.as_mut()?;
            d6[0] = if d6[0] == 6 { 1 } else { d6[0] + 1 };
            Some(format!("a die in step {}", i + 1))
        }
        1 => {
            flip_hex(&mut gf.log[i].reveal, rng);
            Some(format!("the reveal of step {}", i + 1))
        }
        2 => {
            let o = gf.log[i].orders.as_mut()?;
            o["supply"] = json!([{"from": "SAV", "to": "EBN", "food": 1}]);
            Some(format!("the orders of step {}", i + 1))
        }
        3 => {
            let pw = gf.state["political_will"].as_u64()?;
            gf.state["political_will"] = json!(if pw == 9 { 8 } else { pw + 1 });
            Some("the state's Political Will".into())
        }
        4 => {
            let r = gf.log[i].result.as_mut()?;
            flip_hex(&mut r.state, rng);
            Some(format!("the state hash in step {}", i + 1))
        }
        5 => {
            flip_hex(&mut gf.log[i].prev, rng);
            Some(format!("the prev hash of step {}", i + 1))
        }
        6 => {
            gf.log.remove(i);
            Some(format!("record {} deleted", i + 1))
        }
        7 if i + 1 < n => {
            gf.log.swap(i, i + 1);
            Some(format!("records {} and {} swapped", i + 1, i + 2))
        }
        8 => {
            let r = gf.log[i].clone();
            gf.log.insert(i, r);
            Some(format!("record {} duplicated", i + 1))
        }
        9 => {
            let sig = gf.log[i].sig.as_mut()?;
            flip_hex(&mut sig.0, rng);
            Some(format!("the signature of step {}", i + 1))
        }
        10 => {
            gf.log[i].sig = None;
            Some(format!("the signature of step {} removed", i + 1))
        }
        11 if i + 1 < n => {
            let other = gf.log[i + 1].sig.clone();
            gf.log[i].sig = other;
            Some(format!(
                "the signature of step {} copied to step {}",
                i + 2,
                i + 1
            ))
        }
        12 => {
            // A record changed and signed again by someone who holds no secret of this game.
            let r = &mut gf.log[i];
            r.orders.as_mut()?["forged"] = json!(true);
            let key = adjutant::engine::sign::signing_key(&r.game, &r.by, &[7u8; 32]);
            let message = adjutant::engine::sign::record_message(&r.game, &r.hash().ok()?);
            r.sig = Some(adjutant::engine::sign::sign(&key, &message).into());
            Some(format!(
                "the orders of step {} signed with a stranger's key",
                i + 1
            ))
        }
        _ => None,
    }
}

#[test]
fn a_thousand_random_mutations_are_all_refused() {
    let gf = finished_game();
    let rules = adjutant::games::load(&gf.game, None).unwrap();
    verify(rules.as_ref(), &gf).expect("the untouched game verifies");
    let mut rng = ChaCha8Rng::seed_from_u64(1776);
    let (mut tried, mut accepted) = (0, Vec::new());
    while tried < 1000 {
        let mut m = gf.clone();
        let Some(what) = mutate(&mut m, &mut rng) else {
            continue;
        };
        tried += 1;
        // Through the file, as a reader would get it: parsing may refuse it first.
        let text = m.to_yaml().unwrap();
        let refused = match GameFile::parse(&text) {
            Err(_) => true,
            Ok(parsed) => match verify(rules.as_ref(), &parsed) {
                Err(e) => {
                    let msg = e.to_string();
                    assert!(msg.contains("step"), "a refusal names the step: {msg}");
                    true
                }
                Ok(_) => false,
            },
        };
        if !refused {
            accepted.push(what);
        }
    }
    assert!(
        accepted.is_empty(),
        "{} of {tried} mutations were accepted: {accepted:?}",
        accepted.len()
    );
}

/// Whose decision a game file awaits is checked against its log; the sentence describing it
/// (`detail`) is words a newer adjutant may put better, so older wording still verifies.
#[test]
fn the_awaited_decision_is_checked_and_its_wording_is_not() {
    let g = TwoPlayers::new("ss-test-awaiting-words");
    let mut gf = GameFile::parse(&g.game_text("crown")).unwrap();
    let rules = adjutant::games::load(&gf.game, None).unwrap();
    let a = gf
        .awaiting
        .as_mut()
        .expect("the game awaits the Crown's supply phase");
    a.detail = Some("an older adjutant's words for the same decision".into());
    verify(rules.as_ref(), &gf).expect("the wording of the decision is not checked");
    gf.awaiting.as_mut().unwrap().decision = "impulse".into();
    let e = verify(rules.as_ref(), &gf).unwrap_err().to_string();
    assert!(e.contains("awaits"), "{e}");
}

/// A game file that gives a key twice is refused with the line of the repeat, as orders,
/// positions and packets are: a YAML reader keeps the last of the two without a word, so a
/// reader of the file would see one army (or one record's orders) and `show` and `verify`
/// another. Both `show` and `verify` accepted such a file.
#[test]
fn a_game_file_giving_a_key_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = read(&root().join("games/southern-strategy/examples/demo-game.yaml"));
    let army = "    CHS:\n      side: patriot\n      units: 2\n";
    let record = "  orders:\n    supply: []\n  sig:";
    assert!(text.contains(army) && text.contains(record), "{text}");
    // The value a reader meets first is forged; the last, which a YAML reader keeps, is true.
    let forged_units = "      units: 20";
    let forged_moves = "    supply: [{from: SAV, to: D, food: 4, war: 4}]";
    for (name, edited, forged) in [
        (
            "army.yaml",
            text.replacen(
                army,
                &army.replace(
                    "      units: 2\n",
                    &format!("{forged_units}\n      units: 2\n"),
                ),
                1,
            ),
            forged_units,
        ),
        (
            "record.yaml",
            text.replacen(
                record,
                &format!("  orders:\n{forged_moves}\n    supply: []\n  sig:"),
                1,
            ),
            forged_moves,
        ),
    ] {
        write(d, name, &edited);
        // The repeat is the line after the forged one.
        let repeat = edited.lines().position(|l| l == forged).unwrap() + 2;
        for args in [
            vec!["verify", name],
            vec!["show", name],
            vec!["orders", name],
        ] {
            let err = refused(d, &args);
            assert!(
                err.contains("given twice") && err.contains(&format!("line {repeat}:")),
                "{args:?}: {err}"
            );
        }
    }
}

/// A game file's `start:` is a position, checked as `new --position` checks one: edited at step
/// 0 together with the state (so that nothing else tells), an army of 40 units in Charlotte
/// was verified, shown and played from, though `new --position` refuses it (2.2: 20 units exist).
#[test]
fn a_start_position_no_rule_allows_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let scenario = root().join("games/southern-strategy/scenarios/sample-turn.yaml");
    ok(
        d,
        &[
            "new",
            "--id",
            "club-1",
            "--hotseat",
            "--secrets",
            "s",
            "--position",
            scenario.to_str().unwrap(),
            "-o",
            "club.yaml",
        ],
    );
    let text = read(&d.join("club.yaml"));
    // Charlotte's army, in `start:` and in `state:`: its units made 40 in both.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut edited = 0;
    for i in 0..lines.len() {
        if lines[i] == "    CLT:" {
            if let Some(u) = lines[i + 1..]
                .iter()
                .position(|l| l.starts_with("      units: "))
            {
                lines[i + 1 + u] = "      units: 40".into();
                edited += 1;
            }
            if edited == 2 {
                break;
            }
        }
    }
    assert_eq!(edited, 2, "{text}");
    write(d, "forged.yaml", &(lines.join("\n") + "\n"));
    for args in [vec!["verify", "forged.yaml"], vec!["show", "forged.yaml"]] {
        let err = refused(d, &args);
        assert!(
            err.contains("`forged.yaml`") && err.contains("start") && err.contains("2.2"),
            "{args:?}: {err}"
        );
    }
    // `verify` says the game starts from a position: only the players know which they agreed
    // on, and a legal one mailed by an opponent passes every check.
    let said = stdout(&ok(d, &["verify", "club.yaml"]));
    assert!(said.contains("start: a position (`start:`)"), "{said}");
    let demo = root().join("games/southern-strategy/examples/demo-game.yaml");
    let said = stdout(&ok(d, &["verify", demo.to_str().unwrap()]));
    assert!(!said.contains("start:"), "{said}");
}

/// A repeated key spelled another way (escaped, `"politic\x61l_will"`) is refused all the
/// same; where its line cannot be told from the text, the refusal names the mapping it is in
/// and says so, where it named the mapping's first key as the repeat, or a key of the same
/// name in the next mapping (the other player's `name:` for a repeated crown `name`).
#[test]
fn a_repeat_spelled_another_way_names_its_mapping_not_a_wrong_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = read(&root().join("games/southern-strategy/examples/demo-game.yaml"));
    let will = text
        .lines()
        .find(|l| l.starts_with("  political_will: "))
        .unwrap()
        .to_string();
    let edited = text.replacen(
        &format!("{will}\n"),
        &format!("{will}\n  \"politic\\x61l_will\": 9\n"),
        1,
    );
    write(d, "will.yaml", &edited);
    let state_line = edited.lines().position(|l| l == "state:").unwrap() + 1;
    let err = refused(d, &["show", "will.yaml"]);
    assert!(
        err.contains("given twice")
            && err.contains(&format!(
                "in the mapping that begins on line {}",
                state_line + 1
            ))
            && !err.contains(": line "),
        "{err}"
    );
    // Crown's name given twice, the second time escaped: Patriot's `name:` is not the repeat.
    let crown_name = edited
        .lines()
        .position(|l| l.starts_with("    name: "))
        .unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines.insert(crown_name + 1, "    \"n\\x61me\": Mallory".into());
    write(d, "name.yaml", &(lines.join("\n") + "\n"));
    let err = refused(d, &["show", "name.yaml"]);
    assert!(
        err.contains("given twice") && err.contains("in the mapping that begins on line"),
        "{err}"
    );
}
