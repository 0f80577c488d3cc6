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
    /// A step adjudicated in this copy whose result is not sent yet: its dice can only be
    /// checked once the reveal that keys them is mailed.
    pub pending: Option<u64>,
    pub awaiting: Option<Awaiting>,
    /// A solitaire game's dice party, `witness` or `self` (dice-protocol section 5).
    pub dice_party: Option<String>,
    /// The protocol version of the file: 1 (unsigned) or 2 (signed).
    pub version: u32,
    /// How many signatures were checked (version 2: one a record).
    pub signatures: usize,
}

/// Replays a game file and checks everything; in a version 2 game, every signature too, all
/// in one batch before the replay (the first step whose signature fails is named once the
/// replay reaches it, so an earlier divergence is still reported first).
pub fn verify(rules: &dyn Rules, gf: &GameFile) -> Result<Summary, Error> {
    let mut replay = Replay::from_genesis(rules, gf)?;
    let hashes = gf
        .log
        .iter()
        .map(|r| r.hash())
        .collect::<Result<Vec<_>, _>>()?;
    let bad_signature = if replay.version >= 2 {
        replay.check_signatures = false;
        signature_batch(&replay, gf, &hashes)?.check().err()
    } else {
        None
    };
    let mut steps_replayed = 0;
    for (rec, hash) in gf.log.iter().zip(hashes) {
        let step = rec.step;
        let diverged = |e: Error| match e {
            Error::Packet { step, message } => Error::Divergence { step, message },
            other => Error::Divergence {
                step,
                message: other.to_string(),
            },
        };
        if bad_signature == Some(step) {
            return Err(diverged(super::sign::bad_record(step, &rec.by)));
        }
        if replay.push_hashed(rec, hash).map_err(diverged)?.is_some() {
            steps_replayed += 1;
        }
    }
    let last = gf.log.len() as u64;
    let diverged = |message: String| Error::Divergence {
        step: last,
        message,
    };
    let file_state = to_hex(&state_hash(&gf.state)?);
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
                return Err(diverged(format!(
                    "the state in the game file (hash `{file_state}`) is not the state of its pending result (`{}`): the state was edited",
                    pending.state
                )));
            }
            rules.awaiting(&gf.state)?
        }
        None => {
            let replayed = to_hex(&state_hash(&replay.state)?);
            if replayed != file_state {
                return Err(diverged(format!(
                    "the state in the game file (hash `{file_state}`) is not the state the log leads to (`{replayed}`): the state was edited"
                )));
            }
            replay.file_awaiting()?
        }
    };
    if expected_awaiting != gf.awaiting {
        return Err(diverged(format!(
            "the file says it awaits {:?}, the log says {:?}",
            gf.awaiting, expected_awaiting
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
        awaiting: gf.awaiting.clone(),
        dice_party: replay.dice_party().map(str::to_string),
        version: replay.version,
        signatures: if replay.version >= 2 { gf.log.len() } else { 0 },
    })
}

/// Every record's signature with the message it must cover and its sender's key. Records that
/// cannot even be read for this (no signature, an unknown sender) are left to the replay, which
/// names what is wrong with them.
fn signature_batch(
    replay: &Replay,
    gf: &GameFile,
    hashes: &[super::canon::Hash],
) -> Result<super::sign::Batch, Error> {
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
    Ok(batch)
}
