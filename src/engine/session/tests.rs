//! The exchange of records on the engine's toy game: both dice modes, signatures, refusals.

use std::collections::BTreeMap;

use serde_json::json;

use super::*;
use crate::engine::canon::sha256;
use crate::engine::toy;
use crate::engine::verify::verify;

const ID: &str = "toy-1";

fn secret(party: &str) -> Secret {
    let seed = sha256(format!("toy seed {party}").as_bytes());
    Secret::from_seed(ID, party, 16, &seed, false)
}

fn player(party: &str) -> Player {
    let s = secret(party);
    Player {
        name: String::new(),
        email: String::new(),
        anchor: to_hex(&s.anchor().unwrap()),
        key: Some(sign::public_hex(&s.signing_key().unwrap())),
    }
}

/// Signs a record again with its sender's key, as a sender who wrote it that way would.
fn resign(rec: &mut Record) {
    let key = secret(&rec.by).signing_key().unwrap();
    rec.sig = Some(Sig::from(sign::sign(
        &key,
        &sign::record_message(&rec.game, &rec.hash().unwrap()),
    )));
}

fn contribution(party: &str, index: u64) -> Result<Contribution, Error> {
    Ok(Contribution {
        reveal: secret(party).element(index)?,
        signer: Signer::Key(secret(party).signing_key()?),
    })
}

/// A toy game whose players are `solo` and the named dice parties.
fn game(rules: &dyn Rules, parties: &[&str]) -> Result<GameFile, Error> {
    let mut players = BTreeMap::new();
    for p in std::iter::once(&"solo").chain(parties) {
        players.insert(p.to_string(), player(p));
    }
    create(rules, ID, players, 16, None)
}

fn by_secret(party: &str, index: u64) -> Result<Contribution, Error> {
    contribution(party, index)
}

fn no_policy(_: &str, _: &str) -> Result<PolicyReveal, Error> {
    panic!("a solitaire game has no policies")
}

#[test]
fn a_solitaire_game_has_its_player_and_exactly_one_dice_party() {
    let rules = toy::rules();
    let r = rules.as_ref();
    for ok in [&[SELF][..], &[WITNESS]] {
        let gf = game(r, ok).unwrap();
        assert_eq!(dice_party(r, &gf), Some(ok[0]));
        assert_eq!(parties(r, &gf), vec!["solo".to_string(), ok[0].to_string()]);
    }
    for bad in [
        &[][..],
        &[SELF, WITNESS],
        &["referee"],
        &[WITNESS, "referee"],
    ] {
        let e = game(r, bad).unwrap_err().to_string();
        assert!(e.contains("one dice party"), "{bad:?}: {e}");
    }
}

#[test]
fn the_mode_is_bound_into_the_genesis_hash() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let mut gf = game(r, &[WITNESS]).unwrap();
    let witness = genesis_hash(r, &gf).unwrap();
    let p = gf.players.remove(WITNESS).unwrap();
    gf.players.insert(SELF.into(), p);
    assert_ne!(genesis_hash(r, &gf).unwrap(), witness);
}

/// Self mode, as `play` runs it: each step the player's record, then the `self` record
/// with its result; then `verify` replays the whole file.
#[test]
fn self_mode_plays_a_whole_game_that_verifies() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let mut gf = game(r, &[SELF]).unwrap();
    let mut scores = Vec::new();
    while gf.awaiting.is_some() {
        let Prepared { record: rec, .. } =
            prepare(r, &gf, "solo", json!({"roll": 2}), &secret("solo"), None).unwrap();
        let got = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap();
        let out = got
            .outgoing
            .expect("the dice party's record goes in at once");
        assert_eq!(out.by, SELF);
        assert!(out.orders.is_none());
        assert_eq!(got.steps.len(), 1);
        assert_eq!(got.steps[0].adjudicated_by, SELF);
        assert_eq!(got.steps[0].rolls[0].d6.as_ref().unwrap().len(), 2);
        gf = got.game;
        assert!(gf.pending.is_none());
        scores.push(gf.state["score"].as_u64().unwrap());
    }
    let by: Vec<&str> = gf.log.iter().map(|r| r.by.as_str()).collect();
    assert_eq!(by, ["solo", SELF, "solo", SELF, "solo", SELF]);
    let s = verify(r, &gf).unwrap();
    assert_eq!((s.steps_replayed, s.rolls), (3, 3));
    assert_eq!(s.dice_party.as_deref(), Some(SELF));
    assert!(s.awaiting.is_none());
    assert!(scores.windows(2).all(|w| w[0] < w[1]), "{scores:?}");
}

/// Orders recorded first (`orders -o`), then the step the file owes adjudicated: the same
/// records as in one go.
#[test]
fn adjudicating_the_owed_step_gives_the_same_records_as_play() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let start = game(r, &[SELF]).unwrap();
    let Prepared {
        game: written,
        record: rec,
        ..
    } = prepare(r, &start, "solo", json!({"roll": 3}), &secret("solo"), None).unwrap();
    assert_eq!(written.awaiting.as_ref().unwrap().side, SELF);
    assert_eq!(written.awaiting.as_ref().unwrap().decision, "adjudicate");
    let request = Replay::from_file(r, &written)
        .unwrap()
        .dice_request()
        .unwrap();
    assert_eq!(request.step, 1);
    assert_eq!(request.element, 1);
    assert_eq!(request.record, to_hex(&rec.hash().unwrap()));
    let later = adjudicate_owed(r, &written, &by_secret, &no_policy).unwrap();
    let at_once = receive(r, &start, &rec, &by_secret, &no_policy).unwrap();
    assert_eq!(later.game, at_once.game);
    assert_eq!(later.outgoing, at_once.outgoing);
    // Nothing is owed any more.
    assert!(adjudicate_owed(r, &later.game, &by_secret, &no_policy).is_err());
}

#[test]
fn an_element_that_is_not_the_dice_partys_next_is_refused() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let gf = game(r, &[WITNESS]).unwrap();
    let Prepared { game: written, .. } =
        prepare(r, &gf, "solo", json!({"roll": 1}), &secret("solo"), None).unwrap();
    let forged = |_: &str, _: u64| {
        Ok(Contribution {
            reveal: sha256(b"a guess"),
            signer: Signer::Answer(String::new()),
        })
    };
    let e = adjudicate_owed(r, &written, &forged, &no_policy).unwrap_err();
    assert!(
        e.to_string()
            .contains("is not element 1 of the chain of `witness`"),
        "{e}"
    );
    // The witness's element 2 in place of 1 (a witness that answered another hash first).
    let skipped = |p: &str, _: u64| contribution(p, 2);
    assert!(adjudicate_owed(r, &written, &skipped, &no_policy).is_err());
    // The player's own chain in place of the witness's.
    let own = |_: &str, i: u64| contribution("solo", i + 1);
    assert!(adjudicate_owed(r, &written, &own, &no_policy).is_err());
    assert!(adjudicate_owed(r, &written, &by_secret, &no_policy).is_ok());
}

#[test]
fn a_solitaire_game_refuses_standing_policies() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let gf = game(r, &[SELF]).unwrap();
    let policy = PolicyReveal {
        salt: to_hex(&sha256(b"salt")),
        policy: json!({}),
    };
    let e = prepare(
        r,
        &gf,
        "solo",
        json!({"roll": 1}),
        &secret("solo"),
        Some(policy.policy.clone()),
    )
    .unwrap_err();
    assert!(e.to_string().contains("no standing policies"), "{e}");
    // A record carrying a commitment anyway is refused on receipt and by verify.
    let Prepared {
        record: mut rec, ..
    } = prepare(r, &gf, "solo", json!({"roll": 1}), &secret("solo"), None).unwrap();
    rec.policy_commit = Some(to_hex(&policy.commitment().unwrap()));
    let e = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap_err();
    assert!(
        e.to_string().contains("its signature is not `solo`'s"),
        "{e}"
    );
    resign(&mut rec);
    let e = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap_err();
    assert!(e.to_string().contains("no standing policies"), "{e}");
}

#[test]
fn the_dice_party_cannot_send_orders_or_skip_the_result() {
    let rules = toy::rules();
    let r = rules.as_ref();
    let gf = game(r, &[SELF]).unwrap();
    let Prepared {
        game: written,
        record: rec,
        ..
    } = prepare(r, &gf, "solo", json!({"roll": 1}), &secret("solo"), None).unwrap();
    let good = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap();
    let reply = good.outgoing.unwrap();
    // A refused push leaves its replay half-advanced, so each try gets a fresh one.
    let replay = || Replay::from_file(r, &written).unwrap();
    let mut with_orders = reply.clone();
    with_orders.orders = Some(json!({"roll": 1}));
    let e = replay().push(&with_orders).unwrap_err().to_string();
    assert!(e.contains("its signature is not `self`'s"), "{e}");
    resign(&mut with_orders);
    let e = replay().push(&with_orders).unwrap_err().to_string();
    assert!(e.contains("the decision is `solo`'s"), "{e}");
    let mut bare = reply.clone();
    bare.result = None;
    resign(&mut bare);
    let e = replay().push(&bare).unwrap_err().to_string();
    assert!(e.contains("does not carry the result of step 1"), "{e}");
    assert!(replay().push(&reply).is_ok());
}
