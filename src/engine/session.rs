//! The exchange of records between the sides: creating a game, writing a packet from orders,
//! and receiving a packet (checking it, verifying the result it reports, adjudicating its
//! orders). `Replay` is the one place that checks a record against the log, for `adjudicate`
//! and `verify` alike.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::canon::{from_hex, to_hex, Hash};
use super::chain;
use super::dice::{KeyedDice, Roll};
use super::game::{Awaiting, Rules};
use super::gamefile::{DiceSettings, GameFile, Player, DICE_PROTOCOL, FORMAT};
use super::record::{state_hash, Genesis, PolicyReveal, Record, StepResult};
use super::secrets::Secret;
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
}

/// What `receive` did.
#[derive(Debug)]
pub struct Received {
    pub game: GameFile,
    /// The steps whose results this run verified or produced, in order.
    pub steps: Vec<StepView>,
    /// A record to mail at once, when the next decision is not the receiver's.
    pub outgoing: Option<Record>,
}

/// The side that adjudicates `by`'s orders: the other side.
pub fn adjudicator_of(rules: &dyn Rules, by: &str) -> String {
    let sides = rules.sides();
    sides
        .iter()
        .find(|s| **s != by)
        .unwrap_or(&sides[0])
        .to_string()
}

/// Game ids go into every hash and into file names, so they are kept plain.
pub fn check_id(id: &str) -> Result<(), Error> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        && !id.starts_with('.');
    if ok {
        Ok(())
    } else {
        Err(Error::Format {
            what: "the game id".into(),
            message: format!("`{id}` must be 1 to 64 letters, digits, `-`, `_` or `.`"),
        })
    }
}

fn anchor_of(gf: &GameFile, side: &str) -> Result<Hash, Error> {
    let player = gf.players.get(side).ok_or_else(|| Error::Format {
        what: "the game file".into(),
        message: format!("no player for side `{side}`"),
    })?;
    from_hex(&player.anchor).ok_or_else(|| Error::Format {
        what: "the game file".into(),
        message: format!("the anchor of `{side}` is not 64 hex digits"),
    })
}

/// `T_0`: the hash of everything fixed at creation.
pub fn genesis_hash(rules: &dyn Rules, gf: &GameFile, setup_state: &Value) -> Result<Hash, Error> {
    let anchors = gf
        .players
        .iter()
        .map(|(s, p)| (s.as_str(), p.anchor.as_str()))
        .collect();
    Genesis {
        format: FORMAT,
        dice: DICE_PROTOCOL,
        game: rules.name(),
        id: &gf.id,
        data: &gf.data,
        chain_length: gf.dice.chain_length,
        anchors,
        state: to_hex(&state_hash(setup_state)?),
    }
    .hash()
}

/// Creates a game file from the set-up and each side's player and anchor.
pub fn create(
    rules: &dyn Rules,
    id: &str,
    players: BTreeMap<String, Player>,
    chain_length: u64,
) -> Result<GameFile, Error> {
    check_id(id)?;
    let (state, _events) = rules.setup()?;
    let gf = GameFile {
        format: FORMAT.into(),
        game: rules.name().into(),
        id: id.into(),
        dice: DiceSettings {
            protocol: DICE_PROTOCOL.into(),
            chain_length,
        },
        data: rules.data_hashes().clone(),
        players,
        awaiting: rules.awaiting(&state)?,
        state,
        pending: None,
        log: Vec::new(),
    };
    check_file(rules, &gf)?;
    Ok(gf)
}

/// Checks that a game file belongs to these rules and data.
pub fn check_file(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let bad = |message: String| Error::Format {
        what: "the game file".into(),
        message,
    };
    if gf.game != rules.name() {
        return Err(bad(format!(
            "it is a `{}` game, not `{}`",
            gf.game,
            rules.name()
        )));
    }
    check_id(&gf.id)?;
    for (file, hash) in rules.data_hashes() {
        match gf.data.get(file) {
            Some(h) if h == hash => {}
            Some(h) => {
                return Err(bad(format!(
                    "it was made with game data `{file}` of hash `{h}`, but the data in use has `{hash}`; use the same data files as your opponent (`--data`)"
                )))
            }
            None => return Err(bad(format!("it does not pin game data `{file}`"))),
        }
    }
    if gf.data.len() != rules.data_hashes().len() {
        return Err(bad("it pins data files these rules do not use".into()));
    }
    let sides: Vec<&str> = gf.players.keys().map(String::as_str).collect();
    let mut expected: Vec<&str> = rules.sides().to_vec();
    expected.sort();
    if sides != expected {
        return Err(bad(format!(
            "its players are {sides:?}, the game's sides are {expected:?}"
        )));
    }
    for side in rules.sides() {
        anchor_of(gf, side)?;
    }
    Ok(())
}

/// The log replayed so far: everything needed to check the next record.
pub struct Replay<'a> {
    rules: &'a dyn Rules,
    pub id: String,
    pub state: Value,
    pub next_step: u64,
    pub tip: Hash,
    last_reveal: BTreeMap<String, Hash>,
    reveals: BTreeMap<String, u64>,
    /// The last record with orders, while its result is still owed, and its hash.
    owed: Option<(Record, Hash)>,
    /// Each side's latest policy commitment (dice-protocol section 3.1).
    commits: BTreeMap<String, String>,
    /// The owed step's result, when this copy computed it itself (`GameFile::pending`): the
    /// state is already past it, and a record carrying it needs no re-adjudication.
    pending: Option<StepResult>,
    pub rolls_checked: usize,
}

impl<'a> Replay<'a> {
    /// Starts from the set-up, as `verify` does.
    pub fn from_genesis(rules: &'a dyn Rules, gf: &GameFile) -> Result<Replay<'a>, Error> {
        check_file(rules, gf)?;
        let (state, _) = rules.setup()?;
        let tip = genesis_hash(rules, gf, &state)?;
        let mut last_reveal = BTreeMap::new();
        for side in rules.sides() {
            last_reveal.insert(side.to_string(), anchor_of(gf, side)?);
        }
        Ok(Replay {
            rules,
            id: gf.id.clone(),
            state,
            next_step: 1,
            tip,
            last_reveal,
            reveals: BTreeMap::new(),
            owed: None,
            commits: BTreeMap::new(),
            pending: None,
            rolls_checked: 0,
        })
    }

    /// Starts from the file's current state, trusting its own log (no rules are re-run).
    pub fn from_file(rules: &'a dyn Rules, gf: &GameFile) -> Result<Replay<'a>, Error> {
        check_file(rules, gf)?;
        let mut last_reveal = BTreeMap::new();
        let mut reveals = BTreeMap::new();
        for side in rules.sides() {
            last_reveal.insert(side.to_string(), anchor_of(gf, side)?);
        }
        for r in &gf.log {
            last_reveal.insert(r.by.clone(), r.reveal_bytes()?);
            *reveals.entry(r.by.clone()).or_insert(0) += 1;
        }
        let tip = match gf.log.last() {
            Some(r) => r.hash()?,
            None => genesis_hash(rules, gf, &rules.setup()?.0)?,
        };
        let owed = match gf.log.last() {
            Some(r) if r.orders.is_some() => Some((r.clone(), tip)),
            _ => None,
        };
        Ok(Replay {
            rules,
            id: gf.id.clone(),
            state: gf.state.clone(),
            next_step: gf.log.len() as u64 + 1,
            tip,
            last_reveal,
            reveals,
            owed,
            commits: latest_commits(&gf.log),
            pending: gf.pending.clone(),
            rolls_checked: 0,
        })
    }

    pub fn awaiting(&self) -> Result<Option<Awaiting>, Error> {
        self.rules.awaiting(&self.state)
    }

    /// The side that must send the next record, or `None` when the game is over.
    pub fn next_sender(&self) -> Result<Option<String>, Error> {
        if let Some((owed, _)) = &self.owed {
            return Ok(Some(adjudicator_of(self.rules, &owed.by)));
        }
        Ok(self.awaiting()?.map(|a| a.side))
    }

    /// Whose decision the game file should show.
    pub fn file_awaiting(&self) -> Result<Option<Awaiting>, Error> {
        if let Some((owed, _)) = &self.owed {
            return Ok(Some(Awaiting {
                side: adjudicator_of(self.rules, &owed.by),
                decision: "adjudicate".into(),
                detail: Some(format!("the orders of `{}` in step {}", owed.by, owed.step)),
            }));
        }
        self.awaiting()
    }

    pub fn owed(&self) -> Option<&Record> {
        self.owed.as_ref().map(|(r, _)| r)
    }

    pub fn reveals_by(&self, side: &str) -> u64 {
        self.reveals.get(side).copied().unwrap_or(0)
    }

    /// Checks `rec` against the log so far and advances past it: link, step, sender, chain
    /// reveal, and the result it reports (re-adjudicated here and compared). Returns the view
    /// of the step whose result it carried.
    pub fn push(&mut self, rec: &Record) -> Result<Option<StepView>, Error> {
        let step = rec.step;
        let refuse = |message: String| Error::Packet { step, message };
        if rec.game != self.id {
            return Err(refuse(format!(
                "it is for game `{}`, not `{}`",
                rec.game, self.id
            )));
        }
        if rec.step != self.next_step {
            return Err(refuse(if rec.step < self.next_step {
                format!(
                    "step {} is already in the log (a stale or replayed packet); the game is at step {}",
                    rec.step,
                    self.next_step - 1
                )
            } else {
                format!(
                    "the game file is at step {}; the packets between are missing",
                    self.next_step - 1
                )
            }));
        }
        if rec.prev != to_hex(&self.tip) {
            return Err(refuse(format!(
                "its prev `{}` is not the hash of step {} in this game file (another copy of the game, or an edited log)",
                rec.prev,
                self.next_step - 1
            )));
        }
        let Some(expected) = self.next_sender()? else {
            return Err(refuse(
                "the game is over; no further records are accepted".into(),
            ));
        };
        if !self.rules.sides().contains(&rec.by.as_str()) {
            return Err(refuse(format!("`{}` is not a side of this game", rec.by)));
        }
        if rec.by != expected {
            return Err(refuse(format!(
                "it comes from `{}`, but it is `{expected}`'s turn to send",
                rec.by
            )));
        }
        let index = self.reveals_by(&rec.by) + 1;
        let reveal = rec.reveal_bytes()?;
        if !chain::reveal_is_valid(
            &self.id,
            &rec.by,
            index,
            &reveal,
            &self.last_reveal[&rec.by],
        ) {
            return Err(refuse(format!(
                "its reveal does not hash to the previous chain element of `{}` (a forged or damaged packet)",
                rec.by
            )));
        }
        let mut view = None;
        match (self.owed.take(), &rec.result) {
            (Some((owed, _)), Some(result)) if self.pending.is_some() => {
                if self.pending.take().as_ref() != Some(result) {
                    return Err(refuse(format!(
                        "the result it carries for step {} is not the one this copy adjudicated",
                        owed.step
                    )));
                }
            }
            (Some((owed, owed_hash)), Some(result)) => {
                let (state, v) = self.check_result(&owed, &owed_hash, &reveal, result, step)?;
                self.state = state;
                view = Some(v);
            }
            (Some((owed, _)), None) => {
                return Err(refuse(format!(
                    "it does not carry the result of step {}",
                    owed.step
                )))
            }
            (None, Some(_)) => {
                return Err(refuse(
                    "it carries a result, but no step awaited one".into(),
                ))
            }
            (None, None) => {}
        }
        let hash = rec.hash()?;
        match &rec.orders {
            Some(orders) => {
                let awaiting = self.awaiting()?;
                match awaiting {
                    Some(a) if a.side == rec.by => {}
                    Some(a) => {
                        return Err(refuse(format!(
                            "it carries orders from `{}`, but the decision is `{}`'s",
                            rec.by, a.side
                        )))
                    }
                    None => return Err(refuse("it carries orders, but the game is over".into())),
                }
                self.rules.check_orders_shape(orders)?;
                self.owed = Some((rec.clone(), hash));
            }
            None if rec.result.is_none() => {
                return Err(refuse("it carries neither a result nor orders".into()))
            }
            None => {}
        }
        if let Some(commit) = &rec.policy_commit {
            if from_hex(commit).is_none() {
                return Err(refuse(format!(
                    "its policy commitment `{commit}` is not 64 hex digits"
                )));
            }
            self.commits.insert(rec.by.clone(), commit.clone());
        }
        self.last_reveal.insert(rec.by.clone(), reveal);
        *self.reveals.entry(rec.by.clone()).or_insert(0) += 1;
        self.tip = hash;
        self.next_step += 1;
        Ok(view)
    }

    /// Re-adjudicates the owed step with the key the reveal completes and compares it with the
    /// result reported.
    fn check_result(
        &mut self,
        owed: &Record,
        owed_hash: &Hash,
        reveal: &Hash,
        result: &StepResult,
        step: u64,
    ) -> Result<(Value, StepView), Error> {
        let refuse = |message: String| Error::Packet { step, message };
        if result.step != owed.step {
            return Err(refuse(format!(
                "its result is for step {}, but step {} is the one awaiting a result",
                result.step, owed.step
            )));
        }
        let adjudicator = adjudicator_of(self.rules, &owed.by);
        let policy = match (self.commits.get(&adjudicator), &result.policy) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(refuse(format!("its result reveals a policy, but `{adjudicator}` committed none")))
            }
            (Some(c), None) => {
                return Err(refuse(format!(
                    "`{adjudicator}` adjudicated step {} under the policy it committed (`{c}`), but the result does not reveal it",
                    owed.step
                )))
            }
            (Some(c), Some(p)) => {
                if &to_hex(&p.commitment()?) != c {
                    return Err(refuse(format!(
                        "the policy it reveals does not match `{adjudicator}`'s commitment `{c}`"
                    )));
                }
                Some(&p.policy)
            }
        };
        let key = chain::step_key(&self.id, owed.step, owed_hash, reveal);
        let (state, view) = adjudicate(self.rules, &self.state, owed, &key, policy)?;
        if let Some(k) = first_difference(&view.rolls, &result.rolls) {
            return Err(refuse(format!(
                "the result of step {} reports roll {} as {}, but the dice give {}",
                owed.step,
                k + 1,
                describe_roll(result.rolls.get(k)),
                describe_roll(view.rolls.get(k))
            )));
        }
        if view.events != result.events {
            return Err(refuse(format!(
                "the events reported for step {} differ from what the rules give",
                owed.step
            )));
        }
        if view.state != result.state {
            return Err(refuse(format!(
                "the state hash reported for step {} is `{}`, the rules give `{}`",
                owed.step, result.state, view.state
            )));
        }
        self.rolls_checked += view.rolls.len();
        Ok((state, view))
    }
}

fn first_difference(a: &[Roll], b: &[Roll]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&k| a.get(k) != b.get(k))
}

fn describe_roll(r: Option<&Roll>) -> String {
    match r {
        None => "nothing".into(),
        Some(r) => serde_json::to_string(r).unwrap_or_default(),
    }
}

/// Each side's latest policy commitment in a log.
fn latest_commits(log: &[Record]) -> BTreeMap<String, String> {
    let mut commits = BTreeMap::new();
    for r in log {
        if let Some(c) = &r.policy_commit {
            commits.insert(r.by.clone(), c.clone());
        }
    }
    commits
}

/// Applies a record's orders with the dice keyed by `key`, under the adjudicator's policy.
pub fn adjudicate(
    rules: &dyn Rules,
    state: &Value,
    rec: &Record,
    key: &Hash,
    policy: Option<&Value>,
) -> Result<(Value, StepView), Error> {
    let orders = rec.orders.clone().unwrap_or(Value::Null);
    let mut dice = KeyedDice::new(key);
    let (next, events) = rules.apply(state, &rec.by, &orders, policy, &mut dice)?;
    let view = StepView {
        step: rec.step,
        ordered_by: rec.by.clone(),
        adjudicated_by: adjudicator_of(rules, &rec.by),
        orders,
        rolls: dice.into_rolls(),
        events,
        state: to_hex(&state_hash(&next)?),
    };
    Ok((next, view))
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
    rules.check_orders_shape(orders)?;
    let mut dice = KeyedDice::new(&[0u8; 32]);
    rules
        .apply(&gf.state, side, orders, None, &mut dice)
        .map(|_| ())
}

fn check_sender(replay: &Replay, gf: &GameFile, side: &str) -> Result<(), Error> {
    let step = replay.next_step;
    let refuse = |message: String| Error::Packet { step, message };
    if !replay.rules.sides().contains(&side) {
        return Err(refuse(format!("`{side}` is not a side of this game")));
    }
    if let (Some(owed), None) = (replay.owed(), &gf.pending) {
        return Err(refuse(format!(
            "step {} (the orders of `{}`) awaits adjudication by `{}` first",
            owed.step,
            owed.by,
            adjudicator_of(replay.rules, &owed.by)
        )));
    }
    match &gf.awaiting {
        None => Err(refuse("the game is over".into())),
        Some(a) if a.side != side => Err(refuse(format!(
            "the decision is `{}`'s, not `{side}`'s",
            a.side
        ))),
        Some(_) => Ok(()),
    }
}

/// Writes `side`'s orders as the next record, carrying the result this copy owes, and keeps
/// it in the log so the reply can be checked against it. Returns the new game file and the
/// record to mail.
pub fn prepare(
    rules: &dyn Rules,
    gf: &GameFile,
    side: &str,
    orders: Value,
    secret: &Secret,
    policy: Option<&PolicyReveal>,
) -> Result<(GameFile, Record), Error> {
    let replay = Replay::from_file(rules, gf)?;
    check_orders_at(rules, &replay, gf, side, &orders)?;
    if let Some(p) = policy {
        rules.check_policy_shape(&p.policy)?;
    }
    let index = replay.reveals_by(side) + 1;
    let rec = Record {
        game: gf.id.clone(),
        step: replay.next_step,
        prev: to_hex(&replay.tip),
        by: side.to_string(),
        reveal: to_hex(&reveal_for(gf, secret, side, index)?),
        result: gf.pending.clone(),
        orders: Some(orders),
        policy_commit: policy
            .map(|p| p.commitment().map(|h| to_hex(&h)))
            .transpose()?,
    };
    let mut next = gf.clone();
    next.pending = None;
    next.log.push(rec.clone());
    next.awaiting = Replay::from_file(rules, &next)?.file_awaiting()?;
    Ok((next, rec))
}

/// The sender's chain element `index`, checked against the game's anchor so that a wrong
/// secrets file is caught before anything is mailed.
fn reveal_for(gf: &GameFile, secret: &Secret, side: &str, index: u64) -> Result<Hash, Error> {
    if secret.game != gf.id || secret.side != side {
        return Err(Error::Secrets {
            message: format!(
                "the secret is for `{}` / `{}`, not `{}` / `{side}`",
                secret.game, secret.side, gf.id
            ),
        });
    }
    if secret.chain_length != gf.dice.chain_length || secret.anchor()? != anchor_of(gf, side)? {
        return Err(Error::Secrets {
            message: format!("the secret of `{side}` does not match the anchor in the game file"),
        });
    }
    secret.element(index)
}

/// Receives a record from the other side: checks it, verifies the result it reports, and
/// adjudicates its orders with the receiver's next chain element. When the next decision is
/// not the receiver's, the result goes out at once as a record of its own.
///
/// # Errors
/// Any check that fails refuses the whole packet; the game file is not changed.
pub fn receive(
    rules: &dyn Rules,
    gf: &GameFile,
    rec: &Record,
    secret_of: &dyn Fn(&str) -> Result<Secret, Error>,
    policy_of: &dyn Fn(&str, &str) -> Result<PolicyReveal, Error>,
) -> Result<Received, Error> {
    let mut replay = Replay::from_file(rules, gf)?;
    let mut steps = Vec::new();
    steps.extend(replay.push(rec)?);
    let mut next = gf.clone();
    next.pending = None;
    next.log.push(rec.clone());
    next.state = replay.state.clone();
    let mut outgoing = None;
    if let Some(owed) = replay.owed().cloned() {
        let me = adjudicator_of(rules, &owed.by);
        let secret = secret_of(&me)?;
        let r = reveal_for(gf, &secret, &me, replay.reveals_by(&me) + 1)?;
        let key = chain::step_key(&gf.id, owed.step, &replay.tip, &r);
        let policy = match replay.commits.get(&me) {
            Some(commit) => {
                let p = policy_of(&me, commit)?;
                if &to_hex(&p.commitment()?) != commit {
                    return Err(Error::Secrets {
                        message: format!(
                            "the stored policy of `{me}` does not match its commitment `{commit}`"
                        ),
                    });
                }
                Some(p)
            }
            None => None,
        };
        let (state, view) = adjudicate(
            rules,
            &replay.state,
            &owed,
            &key,
            policy.as_ref().map(|p| &p.policy),
        )?;
        let result = StepResult {
            step: view.step,
            rolls: view.rolls.clone(),
            events: view.events.clone(),
            state: view.state.clone(),
            policy,
        };
        steps.push(view);
        next.state = state;
        let decides_next = rules.awaiting(&next.state)?.map(|a| a.side);
        if decides_next.as_deref() == Some(me.as_str()) {
            next.pending = Some(result);
        } else {
            let out = Record {
                game: gf.id.clone(),
                step: replay.next_step,
                prev: to_hex(&replay.tip),
                by: me.clone(),
                reveal: to_hex(&r),
                result: Some(result),
                orders: None,
                policy_commit: None,
            };
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
        outgoing,
    })
}
