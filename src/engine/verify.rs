//! `verify`: replays a game file from its set-up and checks every link, reveal, roll, event
//! and state hash (dice-protocol.md section 6), naming the first step that diverges.

use serde::Serialize;

use super::canon::to_hex;
use super::game::{Awaiting, Rules};
use super::gamefile::GameFile;
use super::record::state_hash;
use super::session::Replay;
use super::Error;

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub game: String,
    pub id: String,
    pub records: usize,
    /// Steps whose dice and outcome were re-adjudicated and matched.
    pub steps_replayed: usize,
    pub rolls: usize,
    pub state: String,
    /// A step adjudicated in this copy whose result is not sent yet. It was adjudicated again:
    /// its events and state follow from the rolls it reports, whose values can be checked
    /// only with the element that keys them, mailed with the result.
    pub pending: Option<u64>,
    /// The party whose secret, held here, gave that element, so that the pending step's dice
    /// were checked too.
    pub pending_keyed_by: Option<String>,
    /// Why a secret found for that party did not serve (another game's, another chain's).
    pub pending_secret_refused: Option<String>,
    pub awaiting: Option<Awaiting>,
    /// A solitaire game's dice party, `witness` or `self` (dice-protocol section 5).
    pub dice_party: Option<String>,
    /// The protocol version of the file: 1 (unsigned), 2 (signed) or 3 (signed, policies
    /// revealed row by row).
    pub version: u32,
    /// How many signatures were checked (version 2: one a record).
    pub signatures: usize,
}

/// `verify_holding` with no secret held: a pending result is checked from the rolls it
/// reports.
pub fn verify(rules: &dyn Rules, gf: &GameFile) -> Result<Summary, Error> {
    verify_holding(rules, gf, &|_, _| None)
}

/// Where an edited state `file` first differs from the state `led` the log leads to, as the
/// end of a refusal: ` (first at `state.x`: the file has 9, the log leads to 8)`.
fn edited_at(file: &serde_json::Value, led: &serde_json::Value) -> String {
    super::canon::first_difference(file, led, "state")
        .map(|d| format!(" (first {d})"))
        .unwrap_or_default()
}

/// Replays a game file and checks everything; in a version 2 game, every signature too, all in
/// one batch on a second thread while the replay runs. The first step that fails either check
/// is named: a bad signature at or before the step where the replay diverged wins, as the
/// likelier cause. A result the file holds unsent is adjudicated again too, with the element
/// that keys its dice where `held` gives it (the holder's own secret: party and index in,
/// element out), else with the rolls it reports.
pub fn verify_holding(
    rules: &dyn Rules,
    gf: &GameFile,
    held: &dyn Fn(&str, u64) -> Option<super::canon::Hash>,
) -> Result<Summary, Error> {
    let mut replay = Replay::from_genesis(rules, gf)?;
    let hashes = record_hashes(&gf.log)?;
    let batch = if replay.version >= 2 {
        replay.check_signatures = false;
        Some(signature_batch(&replay, gf, &hashes))
    } else {
        None
    };
    let (replayed, bad_signature) = std::thread::scope(|scope| {
        let checked = batch.as_ref().map(|b| scope.spawn(move || b.check().err()));
        let replayed = replay_log(&mut replay, gf, hashes);
        let bad = checked.and_then(|h| h.join().unwrap_or(Some(0)));
        (replayed, bad)
    });
    let signature_error = |step: u64| {
        let by = gf
            .log
            .iter()
            .find(|r| r.step == step)
            .map(|r| r.by.as_str())
            .unwrap_or("?");
        divergence(step, super::sign::bad_record(step, by))
    };
    let steps_replayed = match (replayed, bad_signature) {
        (Err((at, _)), Some(k)) if k <= at => return Err(signature_error(k)),
        (Err((_, e)), _) => return Err(e),
        (Ok(_), Some(k)) => return Err(signature_error(k)),
        (Ok(n), None) => n,
    };
    let last = gf.log.len() as u64;
    let diverged = |message: String| Error::Divergence {
        step: last,
        message,
    };
    let file_state = to_hex(&state_hash(&gf.state)?);
    let mut pending_keyed_by = None;
    let expected_awaiting = match &gf.pending {
        Some(pending) => {
            let owed = replay.owed().ok_or_else(|| {
                diverged("the file holds a pending result, but no step awaits one".into())
            })?;
            if pending.step != owed.step {
                return Err(diverged(format!(
                    "the pending result is for step {}, but step {} awaits one",
                    pending.step, owed.step
                )));
            }
            if pending.state != file_state {
                let place = replay
                    .pending_state(pending)
                    .map_or_else(|_| String::new(), |s| edited_at(&gf.state, &s));
                return Err(diverged(format!(
                    "the state in the game file (hash `{file_state}`) is not the state of its pending result (`{}`): the state was edited{place}",
                    pending.state
                )));
            }
            let step = owed.step;
            let reveal = replay
                .owed_keyer()
                .and_then(|(party, index)| held(&party, index).map(|r| (party, r)));
            replay
                .check_pending(pending, reveal.as_ref().map(|(_, r)| r))
                .map_err(|e| Error::Divergence {
                    step,
                    message: format!("the result this copy holds unsent: {}", e.into_reason()),
                })?;
            pending_keyed_by = reveal.map(|(party, _)| party);
            rules.awaiting(&gf.state)?
        }
        None => {
            let replayed = to_hex(&state_hash(&replay.state)?);
            if replayed != file_state {
                let place = edited_at(&gf.state, &replay.state);
                return Err(diverged(format!(
                    "the state in the game file (hash `{file_state}`) is not the state the log leads to (`{replayed}`): the state was edited{place}"
                )));
            }
            replay.file_awaiting()?
        }
    };
    if let Some((said, due)) = awaiting_differs(rules, &gf.awaiting, &expected_awaiting) {
        return Err(diverged(format!(
            "the file says it awaits {said}, the log says {due}"
        )));
    }
    Ok(Summary {
        game: gf.game.clone(),
        id: gf.id.clone(),
        records: gf.log.len(),
        steps_replayed,
        rolls: replay.rolls_checked,
        state: file_state,
        pending: gf.pending.as_ref().map(|p| p.step),
        pending_keyed_by,
        pending_secret_refused: None,
        awaiting: expected_awaiting,
        dice_party: replay.dice_party().map(str::to_string),
        version: replay.version,
        signatures: if replay.version >= 2 { gf.log.len() } else { 0 },
    })
}

/// Every record's hash `T_e`, the two halves of the log hashed side by side.
fn record_hashes(log: &[super::record::Record]) -> Result<Vec<super::canon::Hash>, Error> {
    let hash_all = |part: &[super::record::Record]| {
        part.iter().map(|r| r.hash()).collect::<Result<Vec<_>, _>>()
    };
    let (first, second) = log.split_at(log.len() / 2);
    let (a, b) = std::thread::scope(|scope| {
        let other = scope.spawn(|| hash_all(second));
        (hash_all(first), other.join())
    });
    let mut hashes = a?;
    hashes.extend(b.map_err(|_| Error::Encode("a hashing thread failed".into()))??);
    Ok(hashes)
}

/// Pushes every record of the log; the number of steps re-adjudicated, or the step that
/// diverged and why.
fn replay_log(
    replay: &mut Replay,
    gf: &GameFile,
    hashes: Vec<super::canon::Hash>,
) -> Result<usize, (u64, Error)> {
    let mut steps_replayed = 0;
    for (rec, hash) in gf.log.iter().zip(hashes) {
        let diverged = |e: Error| match divergence(rec.step, e) {
            Error::Divergence { step, message } => (step, Error::Divergence { step, message }),
            other => (rec.step, other),
        };
        if replay.push_hashed(rec, hash).map_err(diverged)?.is_some() {
            steps_replayed += 1;
        }
    }
    Ok(steps_replayed)
}

/// A refusal of the record of `step` as `verify` reports it: the step where the log diverges.
fn divergence(step: u64, e: Error) -> Error {
    match e {
        Error::Packet { step, message } => Error::Divergence { step, message },
        other => Error::Divergence {
            step,
            message: other.to_string(),
        },
    }
}

/// Every record's signature with the message it must cover and its sender's key. Records that
/// cannot even be read for this (no signature, an unknown sender) are left to the replay, which
/// names what is wrong with them.
fn signature_batch(
    replay: &Replay,
    gf: &GameFile,
    hashes: &[super::canon::Hash],
) -> super::sign::Batch {
    let mut batch = super::sign::Batch::default();
    let mut sent: std::collections::BTreeMap<&str, u64> = Default::default();
    for (rec, hash) in gf.log.iter().zip(hashes) {
        let index = sent.entry(rec.by.as_str()).or_insert(0);
        *index += 1;
        let (Some(sig), Some(key)) = (&rec.sig, replay.key(&rec.by)) else {
            continue;
        };
        let Ok(message) =
            super::session::signed_message(replay.dice_party(), &gf.id, rec, hash, *index)
        else {
            continue;
        };
        batch.push(rec.step, *key, message, sig);
    }
    batch
}

/// Whether the file's `awaiting` says whose decision it is, and which, as its state and log do
/// (the same comparison `verify` makes, from the file's own log): an edited one is refused
/// before `show` or `orders` repeats it. Returns the awaiting the state gives, whose sentence
/// (`detail`) is the one to print: the file's own is not signed, and may be an older
/// adjutant's wording or an edit.
pub fn check_awaiting(rules: &dyn Rules, gf: &GameFile) -> Result<Option<Awaiting>, Error> {
    let expected = if gf.pending.is_some() {
        rules.awaiting(&gf.state)?
    } else {
        Replay::from_file(rules, gf)?.file_awaiting()?
    };
    match awaiting_differs(rules, &gf.awaiting, &expected) {
        None => Ok(expected),
        Some((said, due)) => Err(Error::Format {
            what: "the game file".into(),
            message: format!(
                "its `awaiting` was edited: it says it awaits {said}, but its state and log await {due}. Run `adjutant verify` on it, and go on from an unedited copy"
            ),
        }),
    }
}

/// Where a file's `awaiting` names another decision than `expected` (whose, and which), both
/// in words. The `detail` sentence is words for the player, which a newer adjutant may word
/// better, so an old file's wording is no difference.
fn awaiting_differs(
    rules: &dyn Rules,
    said: &Option<Awaiting>,
    expected: &Option<Awaiting>,
) -> Option<(String, String)> {
    let who = |a: &Option<Awaiting>| a.as_ref().map(|a| (a.side.clone(), a.decision.clone()));
    if who(said) == who(expected) {
        return None;
    }
    let words = |a: &Option<Awaiting>| match a {
        Some(a) => rules.awaiting_words(a),
        None => "nothing (the game is over)".to_string(),
    };
    Some((words(said), words(expected)))
}

/// The quick half of `verify`, which every command makes before acting on a game file: the
/// records link up (each `prev` the hash of the record before, the first the genesis hash,
/// which covers the game's start), and from version 2 each carries its sender's signature. So
/// an edited record, or an edited start, is refused before anything is played on it, and a
/// packet made on it can never leave the player's own ledger ahead of the game. Replaying each
/// step's dice and events is left to `verify`.
pub fn check_log(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let replay = Replay::from_genesis(rules, gf)?;
    let hashes = record_hashes(&gf.log)?;
    if replay.version >= 2 {
        if let Some(rec) = gf.log.iter().find(|r| r.sig.is_none()) {
            return Err(edited_log(rec.step, "carries no signature".into()));
        }
        if let Err(step) = signature_batch(&replay, gf, &hashes).check() {
            let by = gf
                .log
                .iter()
                .find(|r| r.step == step)
                .map_or("?", |r| r.by.as_str());
            return Err(edited_log(
                step,
                format!("does not carry `{by}`'s signature of what it now says"),
            ));
        }
    }
    let mut tip = replay.tip;
    for (rec, hash) in gf.log.iter().zip(&hashes) {
        if rec.prev != to_hex(&tip) {
            let before = match rec.step {
                1 => "the game's genesis (its players, data and start)".to_string(),
                n => format!("the record of step {}", n - 1),
            };
            return Err(edited_log(
                rec.step,
                format!("does not follow {before}: its `prev` is not that hash"),
            ));
        }
        tip = *hash;
    }
    Ok(())
}

/// The result a copy holds unsent (`pending`), checked as `verify` checks it, from the rolls
/// it reports, before any command acts on the copy: it is not signed, so its state and its
/// state hash could be edited together. Replaying the log costs a few milliseconds even for a
/// long game, and only a copy holding a pending result pays it.
pub fn check_pending_result(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let Some(pending) = &gf.pending else {
        return Ok(());
    };
    let mut replay = Replay::from_genesis(rules, gf)?;
    replay.check_signatures = false;
    for rec in &gf.log {
        replay
            .push(rec)
            .map_err(|e| edited_log(rec.step, format!("does not replay ({})", e.into_reason())))?;
    }
    replay.check_pending(pending, None).map_err(|e| Error::Format {
        what: "the game file".into(),
        message: format!(
            "its pending result of step {} is not what the rules give ({}): the file was edited. Run `adjutant verify` on it, and go on from an unedited copy",
            pending.step,
            e.into_reason()
        ),
    })?;
    Ok(())
}

/// The refusal of a game file whose log was edited at the record of `step`, saying `why`.
fn edited_log(step: u64, why: String) -> Error {
    let message = format!(
        "its log was edited: the record of step {step} {why}. Run `adjutant verify` on it to see where it differs, and go on from an unedited copy"
    );
    Error::Format {
        what: "the game file".into(),
        message,
    }
}
