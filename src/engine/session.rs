//! The exchange of records between the sides: creating a game, writing a packet from orders,
//! and receiving a packet (checking it, verifying the result it reports, adjudicating its
//! orders). `Replay` is the one place that checks a record against the log, for `adjudicate`
//! and `verify` alike.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use ed25519_dalek::SigningKey;

use super::canon::{from_hex, to_hex, Hash};
use super::chain;
use super::dice::{KeyedDice, ReportedDice, Roll};
use super::game::{Awaiting, Rules};
use super::gamefile::{DiceSettings, GameFile, Player, DICE_PROTOCOL, FORMAT, FORMAT_1};
use super::ledger::Usage;
use super::policy_rows;
use super::record::{state_hash, Genesis, PolicyReveal, Record, Sig, StepResult};
use super::secrets::Secret;
use super::sign;
use super::Error;

/// One adjudicated step as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct StepView {
    pub step: u64,
    /// The side whose orders were adjudicated.
    pub ordered_by: String,
    /// The side whose chain element keyed the dice.
    pub adjudicated_by: String,
    pub orders: Value,
    pub rolls: Vec<Roll>,
    pub events: Vec<Value>,
    pub state: String,
    /// The commitment of the adjudicator's standing policy, when the step used it and its
    /// result reveals it (dice-protocol section 3.1).
    pub policy: Option<String>,
    /// Version 3: the rows of that policy the result reveals (`battle.CHS`), the rest hidden
    /// (section 3.2); empty where it reveals the whole policy or none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub policy_rows: Vec<String>,
    /// The record that carries this step's dice and result when it is one of its own, with no
    /// orders (a solitaire game's `self` or witness record): reports number steps by record,
    /// as `verify` and `--steps` do, and say which number such a record took, so that the
    /// numbers they skip are accounted for. Set by the report (`app::report::render`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_in: Option<u64>,
}

impl StepView {
    /// Notes the standing policy `result` reveals: the commitment it matched (a whole policy's
    /// own, in versions 1 and 2; for rows, the commitment in force they were checked against,
    /// asked of `in_force` only then) and the names of the rows.
    pub fn note_policy(&mut self, result: &StepResult, in_force: impl FnOnce() -> Option<String>) {
        self.policy = if result.policy_rows.is_empty() {
            result.policy_commitment()
        } else {
            in_force()
        };
        self.policy_rows = result.policy_rows.iter().map(|r| r.row.clone()).collect();
    }
}

/// What `receive` did.
#[derive(Debug)]
pub struct Received {
    pub game: GameFile,
    /// The steps whose results this run verified or produced, in order.
    pub steps: Vec<StepView>,
    /// The state before each of `steps`, by step: what a report of them reads besides the
    /// events (`Game::annotate_step`), without replaying the game from its start.
    pub before: BTreeMap<u64, Value>,
    /// A record to mail at once, when the next decision is not the receiver's.
    pub outgoing: Option<Record>,
    /// The chain elements this run used, by party, for the parties' ledgers.
    pub uses: Vec<(String, Usage)>,
}

mod genesis;
mod log;

pub use genesis::*;
pub use log::*;

/// What a step's dice come from when it is adjudicated: the key `K_e` that its adjudicator's
/// chain element gives (dice-protocol section 2), or, for a result not mailed yet whose
/// element is still secret, the rolls the result reports, given back in order
/// (`ReportedDice`): the step's events and state are then checked, the values of its rolls
/// not.
#[derive(Debug, Clone, Copy)]
pub enum StepDice<'a> {
    Key(&'a Hash),
    Reported(&'a [Roll]),
}

/// Applies a record's orders with the step's dice, under the adjudicator's policy.
pub fn adjudicate(
    rules: &dyn Rules,
    adjudicator: &str,
    state: &Value,
    rec: &Record,
    dice: StepDice<'_>,
    policy: Option<&Value>,
) -> Result<(Value, StepView), Error> {
    let orders = rec.orders.clone().unwrap_or(Value::Null);
    let (next, events, rolls) = match dice {
        StepDice::Key(key) => {
            let mut dice = KeyedDice::new(key);
            let (next, events) = rules.apply(state, &rec.by, &orders, policy, &mut dice)?;
            (next, events, dice.into_rolls())
        }
        StepDice::Reported(reported) => {
            let mut dice = ReportedDice::new(reported);
            let (next, events) = rules.apply(state, &rec.by, &orders, policy, &mut dice)?;
            (next, events, dice.into_rolls())
        }
    };
    let view = StepView {
        step: rec.step,
        ordered_by: rec.by.clone(),
        adjudicated_by: adjudicator.to_string(),
        orders,
        rolls,
        events,
        state: to_hex(&state_hash(&next)?),
        policy: None,
        policy_rows: Vec::new(),
        result_in: None,
    };
    Ok((next, view))
}

/// Version 3 (dice-protocol 3.2): a step adjudicated reading its adjudicator's standing
/// policy row by row. The step runs without the policy; while a run ends waiting for the
/// adjudicator at a decision whose row has not been read, `row` reveals that row and the step
/// runs again from the start, with the same dice, under the rows read so far. A row read
/// again (its answer gave none, or one the rules refused) leaves the pause. Returns the last
/// run and the rows read, in the order read.
pub fn adjudicate_by_rows(
    rules: &dyn Rules,
    adjudicator: &str,
    state: &Value,
    rec: &Record,
    dice: StepDice<'_>,
    mut row: impl FnMut(&str) -> Result<policy_rows::RowReveal, Error>,
) -> Result<(Value, StepView, Vec<policy_rows::RowReveal>), Error> {
    let mut read: Vec<policy_rows::RowReveal> = Vec::new();
    let (mut next, mut view) = adjudicate(rules, adjudicator, state, rec, dice, None)?;
    while let Some(name) = rules.policy_row(&next, adjudicator)? {
        if read.iter().any(|r| r.row == name) {
            break;
        }
        read.push(row(&name)?);
        let answers: Vec<(String, Value)> = read
            .iter()
            .map(|r| (r.row.clone(), r.answer.clone()))
            .collect();
        let policy = rules.policy_of_rows(&answers)?;
        (next, view) = adjudicate(rules, adjudicator, state, rec, dice, policy.as_ref())?;
    }
    Ok((next, view, read))
}

/// Checks orders against the current decision without keeping anything: the rules run on a
/// copy with throw-away dice, so an illegal order is found before it is mailed.
pub fn check_orders(
    rules: &dyn Rules,
    gf: &GameFile,
    side: &str,
    orders: &Value,
) -> Result<(), Error> {
    check_orders_at(rules, &Replay::from_file(rules, gf)?, gf, side, orders)
}

/// `check_orders` on a replay already made.
fn check_orders_at(
    rules: &dyn Rules,
    replay: &Replay,
    gf: &GameFile,
    side: &str,
    orders: &Value,
) -> Result<(), Error> {
    check_sender(replay, gf, side)?;
    rules.check_orders_shape(&gf.state, orders)?;
    let mut dice = KeyedDice::new(&[0u8; 32]);
    rules
        .apply(&gf.state, side, orders, None, &mut dice)
        .map(|_| ())
}

/// Checks that `side` may send the next record of this game file: nothing waits for
/// adjudication first, and the decision is `side`'s.
pub fn check_may_send(rules: &dyn Rules, gf: &GameFile, side: &str) -> Result<(), Error> {
    check_sender(&Replay::from_file(rules, gf)?, gf, side)
}

fn check_sender(replay: &Replay, gf: &GameFile, side: &str) -> Result<(), Error> {
    let step = replay.next_step;
    // The player's own orders, checked before any packet exists: they are refused as orders.
    let refuse = |message: String| Error::Format {
        what: format!("orders for step {step}"),
        message,
    };
    // The owed step first: while it waits, the default sender is its adjudicator, which in a
    // solitaire game is the dice party and no side.
    if let (Some(owed), None) = (replay.owed(), &gf.pending) {
        let by = replay.adjudicator_of(&owed.by);
        // What to do: the receiver adjudicates; the sender, whose packet went out, waits for
        // its result or writes it again for a lost mail; a solitaire player asks the witness.
        // Which of the two this copy's holder is, the game file does not say.
        let next = if by == WITNESS {
            "post its record hash to the witness and take its answer with `adjutant adjudicate GAME --witness ANSWER`".to_string()
        } else {
            format!(
                "`{by}` adjudicates that packet (`adjutant adjudicate GAME PACKET`); if you are `{}`, your packet went out already, and if the mail was lost `adjutant resend GAME -o FILE` writes it again",
                owed.by
            )
        };
        return Err(refuse(format!(
            "step {} (the orders of `{}`) awaits adjudication by `{by}` first; {next}",
            owed.step, owed.by
        )));
    }
    if !replay.rules.sides().contains(&side) {
        return Err(refuse(format!("`{side}` is not a side of this game")));
    }
    match &gf.awaiting {
        None => Err(refuse("the game is over".into())),
        // The sides by name, as the game's words name them (`Crown`, not `crown`).
        Some(a) if a.side != side => Err(refuse(format!(
            "it is {}'s decision ({}), not {}'s",
            replay.rules.side_name(&a.side),
            crate::engine::error::decision_words(&a.decision),
            replay.rules.side_name(side)
        ))),
        Some(_) => Ok(()),
    }
}

/// What the dice party of a solitaire game must answer for the step the log owes: the hash
/// `T_e` to publish and the element of its chain that will key the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiceRequest {
    /// `witness` or `self`.
    pub party: String,
    /// The step whose orders wait for their dice.
    pub step: u64,
    /// `T_e`, the hash of that step's record, in hex.
    pub record: String,
    /// The index of the party's chain element that keys the step.
    pub element: u64,
}

const NO_SOLITAIRE_POLICY: &str =
    "a solitaire game has no standing policies: nobody else decides during your turn";

/// A party's part in a step it adjudicates: its chain element `r`, and how its record is
/// signed.
pub struct Contribution {
    pub reveal: Hash,
    pub signer: Signer,
}

/// Who signs a record (protocol version 2).
pub enum Signer {
    /// The party's own key, from its secret held here.
    Key(SigningKey),
    /// A witness record: the witness's signature of its answer, as given.
    Answer(String),
}

impl Contribution {
    /// The contribution of a secret held here: element `index` and the secret's signing key.
    pub fn of_secret(
        gf: &GameFile,
        secret: &Secret,
        party: &str,
        index: u64,
    ) -> Result<Contribution, Error> {
        Ok(Contribution {
            reveal: secret_element(gf, secret, party, index)?,
            signer: Signer::Key(secret.signing_key()?),
        })
    }
}

/// A party's contribution by party and index: where `receive` gets the receiver's `r`, from a
/// secret held here or from a witness's answer.
pub type RevealOf<'a> = dyn Fn(&str, u64) -> Result<Contribution, Error> + 'a;

/// A stored standing policy by party and commitment.
pub type PolicyOf<'a> = dyn Fn(&str, &str) -> Result<PolicyReveal, Error> + 'a;

/// Writes `side`'s orders as the next record, carrying the result this copy owes, and keeps
/// it in the log so the reply can be checked against it. Returns the new game file and the
/// record to mail.
pub fn prepare(
    rules: &dyn Rules,
    gf: &GameFile,
    side: &str,
    orders: Value,
    secret: &Secret,
    policy: Option<Value>,
) -> Result<Prepared, Error> {
    let replay = Replay::from_file(rules, gf)?;
    if policy.is_some() && replay.dice_party().is_some() {
        return Err(Error::Format {
            what: "the policy".into(),
            message: NO_SOLITAIRE_POLICY.into(),
        });
    }
    check_orders_at(rules, &replay, gf, side, &orders)?;
    if let Some(p) = &policy {
        rules.check_policy_shape(p)?;
    }
    let index = replay.reveals_by(side) + 1;
    // Hidden by a salt only this secret makes, the same for the same element (3.1).
    let policy = match policy {
        Some(policy) => Some(PolicyReveal {
            salt: to_hex(&secret.policy_salt(index)?),
            policy,
        }),
        None => None,
    };
    let policy = policy.as_ref();
    let mut rec = Record {
        game: gf.id.clone(),
        step: replay.next_step,
        prev: to_hex(&replay.tip),
        by: side.to_string(),
        reveal: to_hex(&secret_element(gf, secret, side, index)?),
        result: gf.pending.clone(),
        orders: Some(orders),
        policy_commit: policy
            .map(|p| policy_rows::commitment(rules, replay.version, p).map(|h| to_hex(&h)))
            .transpose()?,
        sig: None,
    };
    let hash = rec.hash()?;
    if replay.version >= 2 {
        rec.sig = Some(Sig::from(sign::sign(
            &secret.signing_key()?,
            &sign::record_message(&gf.id, &hash),
        )));
    }
    if gf.pending.is_some() {
        check_pending(rules, gf, &rec, hash)?;
    }
    let mut next = gf.clone();
    next.pending = None;
    next.log.push(rec.clone());
    next.awaiting = Replay::from_file(rules, &next)?.file_awaiting()?;
    let usage = Usage::Sent {
        element: index,
        record: to_hex(&hash),
    };
    Ok(Prepared {
        game: next,
        record: rec,
        usage,
        policy: policy.cloned(),
    })
}

/// The result this copy computed and keeps unsent (`GameFile::pending`), checked before a
/// record carries it out under the player's signature: the log replayed from the genesis, and
/// the owed step adjudicated again with the element `rec` reveals, as the opponent will. An
/// edited pending result is refused here, before the ledger counts the element as sent.
fn check_pending(rules: &dyn Rules, gf: &GameFile, rec: &Record, hash: Hash) -> Result<(), Error> {
    let mut replay = Replay::from_genesis(rules, gf)?;
    for r in &gf.log {
        replay.push(r)?;
    }
    replay.push_hashed(rec, hash).map(|_| ()).map_err(|e| Error::Format {
        what: "the game file".into(),
        message: format!(
            "its pending result of step {} is not what the rules and your dice give ({}): the file was edited. Run `adjutant verify` on it, and go on from an unedited copy",
            gf.pending.as_ref().map_or(0, |p| p.step),
            e.into_reason()
        ),
    })
}

/// What `prepare` made: the game file holding the new record, the record to mail, the
/// sender's chain element it used, for the sender's ledger, and the policy it commits to.
#[derive(Debug)]
pub struct Prepared {
    pub game: GameFile,
    pub record: Record,
    pub usage: Usage,
    /// The standing policy the record commits to, with its salt, to keep until revealed.
    pub policy: Option<PolicyReveal>,
}

/// A party's chain element `index` from its secret, checked against the game's anchor so that
/// a wrong secrets file is caught before anything is mailed.
pub fn secret_element(
    gf: &GameFile,
    secret: &Secret,
    side: &str,
    index: u64,
) -> Result<Hash, Error> {
    check_secret(gf, secret, side)?;
    secret.element(index)
}

/// Whether `secret` is the one `side` began `gf` with: its game, side, chain length and
/// anchor.
pub fn check_secret(gf: &GameFile, secret: &Secret, side: &str) -> Result<(), Error> {
    if secret.game != gf.id || secret.side != side {
        return Err(Error::Secrets {
            message: format!(
                "the secret is for `{}` / `{}`, not `{}` / `{side}`",
                secret.game, secret.side, gf.id
            ),
        });
    }
    if secret.chain_length != gf.dice.chain_length {
        return Err(Error::Secrets {
            message: format!(
                "the secret of `{side}` makes a chain of {} elements, the game file's is {}: it is not the secret this game began with",
                secret.chain_length, gf.dice.chain_length
            ),
        });
    }
    if secret.anchor()? != anchor_of(gf, side)? {
        return Err(Error::Secrets {
            message: format!("the secret of `{side}` does not match the anchor in the game file"),
        });
    }
    // A game begun for this secret is of its protocol: a copy saying another was edited, and
    // an older version's unsigned records would let the mail's handlers change orders.
    if let Some(p) = secret.protocol.as_ref().filter(|p| **p != gf.dice.protocol) {
        return Err(Error::Secrets {
            message: format!(
                "the secret of `{side}` was made for a game of dice protocol `{p}`, but this game file says `{}` (format `{}`): a game begun with it is of `{p}`, so this copy was edited, to records nobody signs or policies revealed whole. Take the game file from your own earlier copy, or begin the game again",
                gf.dice.protocol, gf.format
            ),
        });
    }
    Ok(())
}

/// Receives a record from the other side: checks it, verifies the result it reports, and
/// adjudicates its orders with the receiver's next chain element, which `reveal_of` gives by
/// party and index. When the next decision is not the receiver's, the result goes out at once
/// as a record of its own.
///
/// # Errors
/// Any check that fails refuses the whole packet; the game file is not changed.
pub fn receive(
    rules: &dyn Rules,
    gf: &GameFile,
    rec: &Record,
    reveal_of: &RevealOf,
    policy_of: &PolicyOf,
) -> Result<Received, Error> {
    let mut replay = Replay::from_file(rules, gf)?;
    let mut steps = Vec::new();
    let mut before = BTreeMap::new();
    let start = replay.state.clone();
    if let Some(view) = replay.push(rec)? {
        before.insert(view.step, start);
        steps.push(view);
    }
    let mut next = gf.clone();
    next.pending = None;
    next.log.push(rec.clone());
    next.state = replay.state.clone();
    answer_owed(rules, replay, next, (steps, before), reveal_of, policy_of)
}

/// Adjudicates the step whose record is already the last of the log and still owes its
/// result: in a solitaire game the player's record waits there for the dice party's element
/// (the player's second secret in self mode, the witness's answer in witness mode).
///
/// # Errors
/// When no step awaits a result, when this copy already adjudicated it, or when the element
/// `reveal_of` gives is not the next of the party's chain.
pub fn adjudicate_owed(
    rules: &dyn Rules,
    gf: &GameFile,
    reveal_of: &RevealOf,
    policy_of: &PolicyOf,
) -> Result<Received, Error> {
    let replay = Replay::from_file(rules, gf)?;
    let refuse = |message: String| Error::Format {
        what: "adjudicate".into(),
        message,
    };
    let Some(owed) = replay.owed() else {
        return Err(refuse(
            "no step in this game file awaits adjudication".into(),
        ));
    };
    if gf.pending.is_some() {
        return Err(refuse(format!(
            "step {} was adjudicated in this copy already; its result goes out with your next orders",
            owed.step
        )));
    }
    answer_owed(
        rules,
        replay,
        gf.clone(),
        (Vec::new(), BTreeMap::new()),
        reveal_of,
        policy_of,
    )
}

/// Adjudicates the step `replay` owes, if any, into `next` (the game file with the log so far).
fn answer_owed(
    rules: &dyn Rules,
    replay: Replay,
    mut next: GameFile,
    (mut steps, mut before): (Vec<StepView>, BTreeMap<u64, Value>),
    reveal_of: &RevealOf,
    policy_of: &PolicyOf,
) -> Result<Received, Error> {
    let mut outgoing = None;
    let mut uses = Vec::new();
    if let Some(owed) = replay.owed().cloned() {
        let me = replay.adjudicator_of(&owed.by);
        let index = replay.reveals_by(&me) + 1;
        let Contribution { reveal: r, signer } = reveal_of(&me, index)?;
        if !chain::reveal_is_valid(&replay.id, &me, index, &r, &replay.last_reveal[&me]) {
            return Err(Error::Secrets {
                message: format!(
                    "`{}` is not element {index} of the chain of `{me}` anchored in this game file (a forged or mistaken answer, or another game's secret)",
                    to_hex(&r)
                ),
            });
        }
        let owed_hash = replay.tip;
        let key = chain::step_key(&replay.id, owed.step, &owed_hash, &r);
        let dice = StepDice::Key(&key);
        let committed = |me: &str, commit: &str| -> Result<PolicyReveal, Error> {
            let p = policy_of(me, commit)?;
            if to_hex(&policy_rows::commitment(rules, replay.version, &p)?) != commit {
                return Err(Error::Secrets {
                    message: format!(
                        "the stored policy of `{me}` does not match its commitment `{commit}`"
                    ),
                });
            }
            Ok(p)
        };
        let mut revealed_rows = Vec::new();
        let (state, mut view, policy) = match replay.commits.get(&me) {
            None => {
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, dice, None)?;
                (s, v, None)
            }
            // Version 1 reveals the policy in force in every result.
            Some(commit) if replay.version < 2 => {
                let p = committed(&me, commit)?;
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, dice, Some(&p.policy))?;
                (s, v, Some(p))
            }
            // Version 3 reveals the rows the step reads, one by one (dice-protocol 3.2).
            Some(commit) if replay.version >= 3 => {
                let mut rows = None;
                let (s, v, read) = adjudicate_by_rows(
                    rules,
                    &me,
                    &replay.state,
                    &owed,
                    dice,
                    |name| {
                        if rows.is_none() {
                            rows = Some(policy_rows::rows_of(rules, &committed(&me, commit)?)?);
                        }
                        rows.as_ref()
                            .and_then(|r| r.reveal(name))
                            .ok_or_else(|| Error::Format {
                                what: "the policy".into(),
                                message: format!("the rules asked for row `{name}`, which this game's policies do not have"),
                            })
                    },
                )?;
                revealed_rows = read;
                (s, v, None)
            }
            // Version 2 keeps it hidden unless the step reaches a decision it answers.
            Some(commit) => {
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, dice, None)?;
                if policy_asked(rules, &me, &s)? {
                    let p = committed(&me, commit)?;
                    let (s, v) =
                        adjudicate(rules, &me, &replay.state, &owed, dice, Some(&p.policy))?;
                    (s, v, Some(p))
                } else {
                    (s, v, None)
                }
            }
        };
        let result = StepResult {
            step: view.step,
            rolls: view.rolls.clone(),
            events: view.events.clone(),
            state: view.state.clone(),
            policy,
            policy_rows: revealed_rows,
        };
        view.note_policy(&result, || replay.commits.get(&me).cloned());
        uses.push((
            me.clone(),
            Usage::Keyed {
                element: index,
                record: to_hex(&owed_hash),
            },
        ));
        before.insert(view.step, replay.state.clone());
        steps.push(view);
        next.state = state;
        let decides_next = rules.awaiting(&next.state)?.map(|a| a.side);
        if decides_next.as_deref() == Some(me.as_str()) {
            next.pending = Some(result);
        } else {
            let mut out = Record {
                game: replay.id.clone(),
                step: replay.next_step,
                prev: to_hex(&owed_hash),
                by: me.clone(),
                reveal: to_hex(&r),
                result: Some(result),
                orders: None,
                policy_commit: None,
                sig: None,
            };
            let hash = out.hash()?;
            if replay.version >= 2 {
                out.sig = Some(Sig::from(match signer {
                    Signer::Key(k) => sign::sign(&k, &sign::record_message(&replay.id, &hash)),
                    Signer::Answer(sig) => sig,
                }));
            }
            uses.push((
                me.clone(),
                Usage::Sent {
                    element: index,
                    record: to_hex(&hash),
                },
            ));
            next.log.push(out.clone());
            outgoing = Some(out);
        }
    }
    next.awaiting = if next.pending.is_some() {
        rules.awaiting(&next.state)?
    } else {
        Replay::from_file(rules, &next)?.file_awaiting()?
    };
    Ok(Received {
        game: next,
        steps,
        before,
        outgoing,
        uses,
    })
}

#[cfg(test)]
mod tests;
