//! Receiving a packet or a witness answer and adjudicating the step it completes; `play` and `verify`.

use std::path::{Path, PathBuf};

use super::*;
use crate::engine::atomic;
use crate::engine::canon::from_hex;
use crate::engine::game::Rules;
use crate::engine::gamefile::GameFile;
use crate::engine::record::Packet;
use crate::engine::secrets::{self, Secret};
use crate::engine::session::{self, DiceRequest, Received, Replay, WITNESS};
use crate::engine::verify::{self, Summary};
use crate::engine::witness;
use crate::engine::Error;

/// Each party's chain elements and signing key from its secret in `dir`, checked against the
/// game's anchor.
fn secret_reveals<'a>(
    gf: &'a GameFile,
    dir: &'a Path,
) -> impl Fn(&str, u64) -> Result<session::Contribution, Error> + 'a {
    move |party, index| {
        let secret = super::own_secret(gf, party, dir)?;
        session::Contribution::of_secret(gf, &secret, party, index)
    }
}

/// Where an adjudication finds a committed standing policy by its side and commitment: among
/// those this run committed and has not written yet (`committed`), else in the side's policies
/// file in `dir`.
/// A policy read from its file is held to its commitment here, where the file is known, so a
/// file changed since (a restored old copy, an edit) is named.
fn policy_source<'a>(
    l: &'a Loaded,
    dir: &'a Path,
    committed: &'a [(String, String, crate::engine::record::PolicyReveal)],
) -> impl Fn(&str, &str) -> Result<crate::engine::record::PolicyReveal, Error> + 'a {
    move |side, commit| match committed.iter().find(|(s, c, _)| s == side && c == commit) {
        Some((_, _, p)) => Ok(p.clone()),
        None => {
            let p = secrets::load_policy(dir, &l.game.id, side, commit)?;
            let hash =
                crate::engine::policy_rows::commitment(l.rules.as_ref(), l.game.version(), &p)?;
            if crate::engine::canon::to_hex(&hash) != commit {
                return Err(Error::Secrets {
                    message: format!(
                        "`{}` holds a policy under the commitment `{commit}` that does not match it: the file was changed since `{side}` committed that policy; restore it from the backup of your secrets",
                        secrets::policies_path(dir, &l.game.id, side).display()
                    ),
                });
            }
            Ok(p)
        }
    }
}

/// `adjudicate`: receives a packet with the receiver's secret from `secrets_dir`, and stages
/// the receiver's ledger in `commit`.
pub fn adjudicate(
    commit: &mut Commit,
    l: &Loaded,
    packet: &Packet,
    secrets_dir: &Path,
) -> Result<Received, Error> {
    refuse_own_packet(l, packet, secrets_dir)?;
    let reveal_of = secret_reveals(&l.game, secrets_dir);
    let committed = commit.policies.clone();
    let policy_of = policy_source(l, secrets_dir, &committed);
    let received = session::receive(
        l.rules.as_ref(),
        &l.game,
        &packet.record,
        &reveal_of,
        &policy_of,
    )
    .map_err(|e| conflicting(l, packet, e))?;
    note_uses(commit, secrets_dir, l, &received.uses)?;
    Ok(received)
}

/// A packet for a new step sent by a side whose secret is here, to be adjudicated by one whose
/// secret is not: the player's own packet fed back (an echo of their mail, after their game
/// file was restored from a copy made before they wrote it). Reading the opponent's secret
/// failed as if the file system had.
pub(crate) fn refuse_own_packet(
    l: &Loaded,
    packet: &Packet,
    secrets_dir: &Path,
) -> Result<(), Error> {
    let rec = &packet.record;
    let held = Held::of(l, secrets_dir);
    let new_step = rec.step > l.game.log.len() as u64;
    if !(new_step && held.sides.contains(&rec.by) && held.sides.len() < l.game.players.len()) {
        return Ok(());
    }
    // Only a packet that fits the game as its sender's next record: one that merely names the
    // side, or breaks the turn order, gets the refusal of what is wrong with it.
    let fits = Replay::from_file(l.rules.as_ref(), &l.game).is_ok_and(|mut r| r.push(rec).is_ok());
    if fits {
        return Err(Error::Packet {
            step: rec.step,
            message: format!(
                "it is your own packet ({}'s step {}), which your opponent adjudicates, not you. If your game file lost it (a copy restored from before you wrote it), write the same orders again with `adjutant orders`: they make the same packet and put its step back in your game file",
                l.rules.side_name(&rec.by),
                rec.step
            ),
        });
    }
    Ok(())
}

/// A packet for a step the log already holds with another record: signed by its sender's key
/// in this game, not a stale copy (which it was called) but a second, different record signed
/// for one step, which the protocol forbids (dice-protocol 2.3); signed by another key, a
/// packet of another game under the same id (or a forged one), which accuses nobody.
fn conflicting(l: &Loaded, packet: &Packet, e: Error) -> Error {
    let rec = &packet.record;
    let logged = rec
        .step
        .checked_sub(1)
        .and_then(|i| l.game.log.get(i as usize));
    let signed_here = || {
        let replay = Replay::from_file(l.rules.as_ref(), &l.game);
        match (replay, rec.hash()) {
            (Ok(r), Ok(h)) => r.check_signature(rec, &h).is_ok(),
            _ => false,
        }
    };
    match (e, logged) {
        (Error::Packet { step, .. }, Some(logged))
            if step == rec.step && logged != rec && rec.game == l.game.id =>
        {
            let by = l.rules.side_name(&rec.by);
            let message = if signed_here() {
                format!(
                    "step {step} is already in the log with a different record, signed by {by}: two different records for one step break the protocol (dice-protocol 2.3); keep both packets as evidence"
                )
            } else {
                format!(
                    "step {step} is already in the log, and this packet is not signed with {by}'s key in this game: it belongs to another game under the same id `{}`, or was forged",
                    l.game.id
                )
            };
            Error::Packet { step, message }
        }
        (e, _) => e,
    }
}

/// The refusal for a witness-mode game asked to roll with a secret held here.
fn needs_witness(l: &Loaded, command: &str) -> Result<(), Error> {
    if session::dice_party(l.rules.as_ref(), &l.game) == Some(WITNESS) {
        return Err(Error::Format {
            what: command.into(),
            message: format!(
                "the dice of `{}` come from its witness: record your orders with `adjutant orders GAME ORDERS -o PACKET`, post the hash it prints, and give the witness's answer to `adjutant adjudicate GAME --witness ANSWER`",
                l.game.id
            ),
        });
    }
    Ok(())
}

/// `adjudicate GAME` without a packet: the step the game file itself owes (orders written with
/// `orders -o` in a self-mode solitaire game, or by a hot-seat player), adjudicated with the
/// secret of its adjudicator held here.
pub fn adjudicate_owed(
    commit: &mut Commit,
    l: &Loaded,
    secrets_dir: &Path,
) -> Result<Received, Error> {
    needs_witness(l, "adjudicate")?;
    // In a game by mail each player holds one secret: a step the other side must adjudicate
    // is not this player's to do, whatever file is missing.
    if let Some(w) = l
        .game
        .awaiting
        .as_ref()
        .filter(|w| w.decision == "adjudicate")
    {
        let held = super::Held::of(l, secrets_dir);
        if !held.sides.is_empty() && !held.sides.contains(&w.side) {
            let name = |s: &str| l.rules.side_name(s);
            return Err(Error::Format {
                what: "adjudicate".into(),
                message: format!(
                    "the game waits for {} to adjudicate, with {}'s secret; `{}` holds {}'s. Your packet is with your opponent (if it was lost, `adjutant resend` writes it again)",
                    name(&w.side),
                    name(&w.side),
                    secrets_dir.display(),
                    held.words(l)
                ),
            });
        }
    }
    let reveal_of = secret_reveals(&l.game, secrets_dir);
    let committed = commit.policies.clone();
    let policy_of = policy_source(l, secrets_dir, &committed);
    let received = session::adjudicate_owed(l.rules.as_ref(), &l.game, &reveal_of, &policy_of)?;
    note_uses(commit, secrets_dir, l, &received.uses)?;
    Ok(received)
}

/// What a witness-mode game waits for: the record hash to post for the witness, with the step
/// and the witness's element it needs. `None` when it waits for no witness.
pub fn witness_request(rules: &dyn Rules, gf: &GameFile) -> Result<Option<DiceRequest>, Error> {
    if session::dice_party(rules, gf) != Some(WITNESS) {
        return Ok(None);
    }
    Ok(Replay::from_file(rules, gf)?.dice_request())
}

/// Reads a witness answer file (the one line `witness answer` prints, or its YAML).
pub fn read_witness_answer(path: &Path) -> Result<witness::Answer, Error> {
    witness::Answer::parse(&atomic::read_limited(path, 64 << 10)?)
}

/// `adjudicate GAME --witness ANSWER`: checks that the answer is the witness's for the last
/// record (its game, the hash it answers, its element and its chain) and adjudicates that
/// step with it; the result becomes the witness's record in the log.
pub fn adjudicate_witness(l: &Loaded, answer: &witness::Answer) -> Result<Received, Error> {
    let refuse = |message: String| Error::Format {
        what: "the witness answer".into(),
        message,
    };
    if session::dice_party(l.rules.as_ref(), &l.game) != Some(WITNESS) {
        return Err(refuse(format!(
            "game `{}` is not in witness mode; its dice come from a secret you hold (`adjutant adjudicate GAME`)",
            l.game.id
        )));
    }
    if answer.game != l.game.id {
        return Err(refuse(format!(
            "it is for game `{}`, not `{}`",
            answer.game, l.game.id
        )));
    }
    let Some(request) = witness_request(l.rules.as_ref(), &l.game)? else {
        let used = l
            .game
            .log
            .iter()
            .find(|r| r.by == WITNESS && r.prev == answer.record);
        return Err(refuse(match used {
            Some(r) => format!(
                "it was used already: step {} is the witness record it made",
                r.step
            ),
            None => "no step of this game waits for the witness".into(),
        }));
    };
    if answer.record != request.record {
        return Err(refuse(format!(
            "it answers the hash `{}`, but step {} waits with the hash `{}`; ask the witness to answer that one",
            answer.record, request.step, request.record
        )));
    }
    if answer.element != request.element {
        return Err(refuse(format!(
            "it reveals the witness's element {}, but this game needs its element {}: the witness has answered other hashes for this game (a reader sees them in its published answers), and each element keys one step in turn, so this game can take no more of its answers. To play on, start a new game from here with a new witness: `adjutant position GAME-FILE -o pos.yaml`, then `adjutant new --position pos.yaml --id NEW-ID --mode witness --anchor witness=LINE` with the public line of a new witness (`adjutant witness new --game-id NEW-ID`)",
            answer.element,
            request.element
        )));
    }
    let reveal = from_hex(&answer.reveal).ok_or_else(|| {
        refuse(format!(
            "its reveal `{}` is not 64 lower-case hex digits",
            answer.reveal.escape_debug()
        ))
    })?;
    // The witness's signature for its record: empty in a version 1 game, which has none.
    let sig = if l.game.version() >= 2 {
        // The witness signed this element for this one record hash: an answer asked for
        // other orders cannot be pinned to these.
        let sig = answer.sig.clone().ok_or_else(|| {
            refuse(format!(
                "it is not signed; a `{}` game takes only signed `{}` answers",
                l.game.format,
                witness::ANSWER_FORMAT
            ))
        })?;
        let key = l
            .game
            .players
            .get(WITNESS)
            .and_then(|p| p.key.as_deref())
            .and_then(crate::engine::sign::parse_public)
            .ok_or_else(|| {
                refuse("the game file holds no valid public key of the witness".into())
            })?;
        let record = from_hex(&answer.record)
            .ok_or_else(|| refuse("the hash it answers is not 64 lower-case hex digits".into()))?;
        if !answer.signed_by(&key, &record, &reveal, &sig) {
            return Err(refuse(format!(
                "its signature is not the witness's signature of element {} for the hash `{}`: the answer was changed, or given for another record",
                answer.element, answer.record
            )));
        }
        sig
    } else if answer.format == witness::ANSWER_FORMAT {
        // A witness that signs serves only signed games: this one was made, or edited, to a
        // version whose answers anyone could pin to other orders.
        return Err(refuse(format!(
            "it is a signed `{}` answer, which a witness gives only for games of version 2 and later, but this game file is version 1 (`{}`), whose answers are unsigned: the file was made or edited to an older version than its witness serves",
            witness::ANSWER_FORMAT,
            l.game.format
        )));
    } else {
        String::new()
    };
    let reveal_of = |party: &str, index: u64| {
        if party == WITNESS && index == answer.element {
            Ok(session::Contribution {
                reveal,
                signer: session::Signer::Answer(sig.clone()),
            })
        } else {
            Err(refuse(format!(
                "it holds element {} of `{WITNESS}`, not element {index} of `{party}`",
                answer.element
            )))
        }
    };
    session::adjudicate_owed(l.rules.as_ref(), &l.game, &reveal_of, &|_, _| {
        Err(refuse("a solitaire game has no standing policies".into()))
    })
}

/// `verify GAME --witness-answers FILE`: holds a witness game to the answers its witness
/// posted (`witness::check_posted`).
pub fn check_witness_answers(l: &Loaded, path: &Path) -> Result<witness::PostedCheck, Error> {
    let what = format!("the witness answers `{}`", path.display());
    if session::dice_party(l.rules.as_ref(), &l.game) != Some(WITNESS) {
        return Err(Error::Format {
            what,
            message: format!(
                "game `{}` has no witness: its dice come from {}",
                l.game.id,
                match session::dice_party(l.rules.as_ref(), &l.game) {
                    Some(_) => "the player's own second chain (self mode)",
                    None => "its players' secrets",
                }
            ),
        });
    }
    // A long game's answers are a few hundred lines of about 400 bytes.
    let posted = witness::parse_posted(&atomic::read_limited(path, 16 << 20)?, &what)?;
    let request = witness_request(l.rules.as_ref(), &l.game)?;
    let waiting = request.as_ref().map(|r| (r.record.as_str(), r.element));
    witness::check_posted(&l.game, &posted, waiting, &what)
}

/// `witness new`: a witness's secret for a game id, saved with mode 0600 at `out` (default: in
/// `secrets_dir`, named as every secret is). Returns where it is and the public line
/// `ANCHOR:KEY` for the player.
pub fn witness_new(
    secrets_dir: &Path,
    game_id: &str,
    chain_length: u64,
    out: Option<&Path>,
) -> Result<(PathBuf, String), Error> {
    let mut commit = Commit::new();
    let made = stage_witness_new(&mut commit, secrets_dir, game_id, chain_length, out)?;
    commit.commit()?;
    Ok(made)
}

/// `witness_new` staged in `commit`, its public line printed with it (`keys`): the secret is
/// in place before the line goes out, and taken back if none of it did.
pub fn stage_witness_new(
    commit: &mut Commit,
    secrets_dir: &Path,
    game_id: &str,
    chain_length: u64,
    out: Option<&Path>,
) -> Result<(PathBuf, String), Error> {
    session::check_id(game_id)?;
    secrets::check_chain_length(chain_length)?;
    let s = Secret::generate(game_id, WITNESS, chain_length)?;
    let path = secrets::stage_before_output(&mut commit.staged, secrets_dir, out, &s)?;
    Ok((path, s.public_line()?))
}

/// `witness answer`: the witness's chain element for a published record hash, recorded in the
/// ledger beside the secret before it is given, so that the same hash always gets the same
/// element and a new hash the next one. Returns the answer and whether it is a new one.
///
/// The ledger is read and written under the secret's lock, so two answers at once never hand
/// out one element for two hashes.
pub fn witness_answer(
    secret_path: &Path,
    record: &str,
    out: &Path,
) -> Result<(witness::Answer, bool), Error> {
    let mut commit = Commit::new();
    commit.lock(secret_path)?;
    let secret = secrets::load_file(secret_path)?;
    let ledger_path = witness::ledger_path(secret_path);
    let mut ledger = witness::load_ledger(&ledger_path, &secret.game)?;
    let (answer, new) = witness::answer(&secret, &mut ledger, record)?;
    if new {
        let mut staged = crate::engine::atomic::Staged::new();
        witness::stage_ledger(&mut staged, &ledger_path, &ledger)?;
        commit.staged.append(&mut staged)?;
    }
    commit.add(out, format!("{}\n", answer.to_line()).as_bytes())?;
    commit.commit()?;
    Ok((answer, new))
}

/// `play` (hot-seat): the side to act writes its orders and the other side's secret, held
/// here too, adjudicates them at once. In a self-mode solitaire game the second secret is the
/// player's `self` chain.
pub fn play(
    commit: &mut Commit,
    l: &Loaded,
    file: &OrdersFile,
    side: Option<&str>,
    secrets_dir: &Path,
    policy: Option<&Path>,
) -> Result<Received, Error> {
    needs_witness(l, "play")?;
    let (_, packet) = write_orders(commit, l, file, side, secrets_dir, policy)?;
    adjudicate(commit, l, &packet, secrets_dir)
}

/// `verify`, with the secrets in `secrets_dir` (if any) checking the dice of a result the
/// file holds unsent: a secret of this game that matches its anchor gives the element that
/// keys them; without one they are checked as far as anyone can before the result is mailed.
pub fn verify(l: &Loaded, secrets_dir: Option<&Path>) -> Result<Summary, Error> {
    let gf = &l.game;
    // A secret file there for the party that does not serve is said, not passed over.
    let refused = std::cell::RefCell::new(None);
    let held = |party: &str, index: u64| {
        let element = held_secret(gf, party, secrets_dir?)
            .and_then(|secret| secret.map(|s| s.element(index)).transpose());
        element.unwrap_or_else(|e| {
            *refused.borrow_mut() = Some(e.to_string());
            None
        })
    };
    let mut summary = verify::verify_holding(l.rules.as_ref(), gf, &held)?;
    summary.pending_secret_refused = refused.into_inner();
    Ok(summary)
}
