//! `Replay`: the log replayed record by record, the one place that checks a record against
//! it (link, step, sender, signature, chain reveal, the result it reports), for `adjudicate`
//! and `verify` alike.

use std::collections::BTreeMap;

use ed25519_dalek::VerifyingKey;
use serde_json::Value;

use super::*;

/// The log replayed so far: everything needed to check the next record.
pub struct Replay<'a> {
    pub(super) rules: &'a dyn Rules,
    /// The protocol version of the game file: 1 (unsigned), 2 (signed) or 3 (signed, policies
    /// revealed row by row).
    pub version: u32,
    /// Version 2: each party's public key.
    pub(super) keys: BTreeMap<String, VerifyingKey>,
    /// Whether `push` checks each record's signature; `verify` checks them all in one batch
    /// first instead.
    pub check_signatures: bool,
    /// The dice party of a solitaire game, from the game file's players.
    pub(super) dice_party: Option<String>,
    pub id: String,
    pub state: Value,
    pub next_step: u64,
    pub tip: Hash,
    pub(super) last_reveal: BTreeMap<String, Hash>,
    pub(super) reveals: BTreeMap<String, u64>,
    /// The last record with orders, while its result is still owed, and its hash.
    pub(super) owed: Option<(Record, Hash)>,
    /// Each side's latest policy commitment (dice-protocol section 3.1).
    pub(super) commits: BTreeMap<String, String>,
    /// The owed step's result, when this copy computed it itself (`GameFile::pending`): the
    /// state is already past it, and a record carrying it needs no re-adjudication.
    pub(super) pending: Option<StepResult>,
    pub rolls_checked: usize,
}

impl<'a> Replay<'a> {
    /// A replay before any record, at `state` with `tip` as the last hash: each party's
    /// anchor as its last reveal. The caller has checked the file (`check_file`).
    fn before_any_record(
        rules: &'a dyn Rules,
        gf: &GameFile,
        state: Value,
        tip: Hash,
    ) -> Result<Replay<'a>, Error> {
        let mut last_reveal = BTreeMap::new();
        for party in parties(rules, gf) {
            let anchor = anchor_of(gf, &party)?;
            last_reveal.insert(party, anchor);
        }
        Ok(Replay {
            rules,
            version: gf.version(),
            keys: keys_of(rules, gf)?,
            check_signatures: true,
            dice_party: dice_party(rules, gf).map(str::to_string),
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

    /// Starts from the set-up, as `verify` does.
    pub fn from_genesis(rules: &'a dyn Rules, gf: &GameFile) -> Result<Replay<'a>, Error> {
        check_file(rules, gf)?;
        let state = start_state(rules, gf)?;
        let tip = genesis_hash(rules, gf)?;
        Replay::before_any_record(rules, gf, state, tip)
    }

    /// Starts from the file's current state, trusting its own log (no rules are re-run).
    pub fn from_file(rules: &'a dyn Rules, gf: &GameFile) -> Result<Replay<'a>, Error> {
        check_file(rules, gf)?;
        let tip = match gf.log.last() {
            Some(r) => r.hash()?,
            None => genesis_hash(rules, gf)?,
        };
        let mut replay = Replay::before_any_record(rules, gf, gf.state.clone(), tip)?;
        for r in &gf.log {
            replay.last_reveal.insert(r.by.clone(), r.reveal_bytes()?);
            *replay.reveals.entry(r.by.clone()).or_insert(0) += 1;
        }
        replay.next_step = gf.log.len() as u64 + 1;
        replay.owed = match gf.log.last() {
            Some(r) if r.orders.is_some() => Some((r.clone(), tip)),
            _ => None,
        };
        replay.commits = latest_commits(&gf.log)
            .into_iter()
            .map(|(side, (_, commit))| (side, commit))
            .collect();
        replay.pending = gf.pending.clone();
        Ok(replay)
    }

    pub fn awaiting(&self) -> Result<Option<Awaiting>, Error> {
        self.rules.awaiting(&self.state)
    }

    /// A party's public key (version 2).
    pub fn key(&self, party: &str) -> Option<&VerifyingKey> {
        self.keys.get(party)
    }

    /// The dice party of a solitaire game (`witness` or `self`).
    pub fn dice_party(&self) -> Option<&str> {
        self.dice_party.as_deref()
    }

    /// The party that adjudicates `by`'s orders in this game.
    pub fn adjudicator_of(&self, by: &str) -> String {
        adjudicator_of(self.rules, self.dice_party(), by)
    }

    fn is_party(&self, name: &str) -> bool {
        self.rules.sides().contains(&name) || self.dice_party() == Some(name)
    }

    /// What the dice party of a solitaire game must answer now: the owed step, its record hash
    /// `T_e` and the element of the party's chain that keys it. `None` when nothing is owed or
    /// the game has two sides.
    pub fn dice_request(&self) -> Option<DiceRequest> {
        let party = self.dice_party()?;
        let (owed, hash) = self.owed.as_ref()?;
        Some(DiceRequest {
            party: party.to_string(),
            step: owed.step,
            record: to_hex(hash),
            element: self.reveals_by(party) + 1,
        })
    }

    /// The side that must send the next record, or `None` when the game is over.
    pub fn next_sender(&self) -> Result<Option<String>, Error> {
        if let Some((owed, _)) = &self.owed {
            return Ok(Some(self.adjudicator_of(&owed.by)));
        }
        Ok(self.awaiting()?.map(|a| a.side))
    }

    /// Whose decision the game file should show.
    pub fn file_awaiting(&self) -> Result<Option<Awaiting>, Error> {
        if let Some((owed, _)) = &self.owed {
            return Ok(Some(Awaiting {
                side: self.adjudicator_of(&owed.by),
                decision: "adjudicate".into(),
                detail: Some(format!(
                    "the orders of {} in step {}",
                    self.rules.side_name(&owed.by),
                    owed.step
                )),
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
        let hash = rec.hash()?;
        self.push_hashed(rec, hash)
    }

    /// The message `rec`'s signature must cover: the record's hash, or for a witness record the
    /// witness's answer (its element, the record hash it answers and its reveal).
    pub fn signed_message(&self, rec: &Record, hash: &Hash) -> Result<Vec<u8>, Error> {
        signed_message(
            self.dice_party(),
            &self.id,
            rec,
            hash,
            self.reveals_by(&rec.by) + 1,
        )
    }

    /// Checks the signature of `rec` (version 2), or that it has none (version 1).
    pub fn check_signature(&self, rec: &Record, hash: &Hash) -> Result<(), Error> {
        let step = rec.step;
        match (&rec.sig, self.version) {
            (None, 1) => Ok(()),
            (Some(_), 1) => Err(Error::Packet {
                step,
                message: format!("it carries a signature, but this is a `{FORMAT_1}` game, whose records have none"),
            }),
            (None, _) => Err(Error::Packet {
                step,
                message: format!(
                    "it is not signed (`sig`); every record of a `{}` game is signed by its sender",
                    GameFile::names_of(self.version).0
                ),
            }),
            (Some(_), _) if !self.check_signatures => Ok(()),
            (Some(sig), _) => {
                let message = self.signed_message(rec, hash)?;
                if sign::verify(&self.keys[&rec.by], &message, sig) {
                    Ok(())
                } else {
                    Err(sign::bad_record(step, &rec.by))
                }
            }
        }
    }

    /// The party whose next chain element keys the step the log owes a result for, and that
    /// element's index: who holds a pending result of it, and what checks its dice.
    pub fn owed_keyer(&self) -> Option<(String, u64)> {
        let (owed, _) = self.owed.as_ref()?;
        let party = self.adjudicator_of(&owed.by);
        let index = self.reveals_by(&party) + 1;
        Some((party, index))
    }

    /// Checks `result`, which a copy holds for the step the log owes and has not mailed
    /// (`GameFile::pending`), by adjudicating that step again: with the dice `reveal` keys,
    /// the keyer's next chain element, where it is known; else with the rolls the result
    /// reports, which checks its events and state and leaves only the values of its rolls to
    /// the reveal. The log is not advanced.
    pub fn check_pending(
        &mut self,
        result: &StepResult,
        reveal: Option<&Hash>,
    ) -> Result<StepView, Error> {
        let Some((owed, owed_hash)) = self.owed.clone() else {
            return Err(Error::Packet {
                step: result.step,
                message: "the file holds a pending result, but no step awaits one".into(),
            });
        };
        let (_, view) = self.check_result(&owed, &owed_hash, reveal, result, owed.step)?;
        Ok(view)
    }

    /// The state the owed step leads to under `result`, its dice as the result reports them:
    /// for naming where a file's edited state differs from it.
    pub fn pending_state(&mut self, result: &StepResult) -> Result<Value, Error> {
        let Some((owed, owed_hash)) = self.owed.clone() else {
            return Err(Error::Packet {
                step: result.step,
                message: "the file holds a pending result, but no step awaits one".into(),
            });
        };
        let (state, _) = self.check_result(&owed, &owed_hash, None, result, owed.step)?;
        Ok(state)
    }

    /// `push` with the record's hash already computed.
    pub fn push_hashed(&mut self, rec: &Record, hash: Hash) -> Result<Option<StepView>, Error> {
        let step = rec.step;
        let refuse = |message: String| Error::Packet { step, message };
        if rec.game != self.id {
            return Err(refuse(format!(
                "it is for game `{}`, not `{}`",
                rec.game, self.id
            )));
        }
        if !self.is_party(&rec.by) {
            return Err(refuse(format!("`{}` is not a side of this game", rec.by)));
        }
        // A record for the next step that does not follow this log belongs to another game
        // under this id (a rematch) or another copy, whose keys need not be this game's: said
        // so before its signature is read, which would call it changed or forged.
        if rec.step == self.next_step && rec.prev != to_hex(&self.tip) {
            return Err(not_following(rec, self.next_step));
        }
        self.check_signature(rec, &hash)?;
        if rec.step + 1 == self.next_step && hash == self.tip {
            return Err(refuse(format!(
                "step {} is already in the log, as its last record: a packet you wrote goes by mail to your opponent, who adjudicates it; one you received was applied already",
                rec.step
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
            return Err(not_following(rec, self.next_step));
        }
        let Some(expected) = self.next_sender()? else {
            return Err(refuse(
                "the game is over; no further records are accepted".into(),
            ));
        };
        if rec.policy_commit.is_some() && self.dice_party.is_some() {
            return Err(refuse(NO_SOLITAIRE_POLICY.into()));
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
                let (state, v) =
                    self.check_result(&owed, &owed_hash, Some(&reveal), result, step)?;
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
                self.rules.check_orders_shape(&self.state, orders)?;
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
        reveal: Option<&Hash>,
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
        let adjudicator = self.adjudicator_of(&owed.by);
        let key = reveal.map(|r| chain::step_key(&self.id, owed.step, owed_hash, r));
        let dice = match &key {
            Some(key) => StepDice::Key(key),
            None => StepDice::Reported(&result.rolls),
        };
        let commit = self.commits.get(&adjudicator).cloned();
        if let Some(first) = result.policy_rows.first() {
            if self.version < 3 {
                return Err(refuse(format!(
                    "its result reveals row `{}` of a policy, but only a `{}` game reveals policies row by row",
                    first.row,
                    GameFile::names_of(3).0
                )));
            }
            if commit.is_none() {
                return Err(refuse(format!(
                    "its result reveals row `{}` of a policy, but `{adjudicator}` committed none",
                    first.row
                )));
            }
        }
        let (state, mut view) = match (commit, &result.policy) {
            (Some(c), revealed) if self.version >= 3 => {
                if revealed.is_some() {
                    return Err(refuse(format!(
                        "its result reveals `{adjudicator}`'s whole policy; in an `{}` game a result reveals only the rows the step read",
                        GameFile::names_of(3).0
                    )));
                }
                // The game's rows, listed only once a row is read.
                let mut names = None;
                let shown = &result.policy_rows;
                let mut k = 0;
                let (s, v, read) = adjudicate_by_rows(
                    self.rules,
                    &adjudicator,
                    &self.state,
                    owed,
                    dice,
                    |name| {
                        let Some(r) = shown.get(k) else {
                            return Err(refuse(format!(
                                "step {} reached a decision that row `{name}` of `{adjudicator}`'s committed policy (`{c}`) answers, but the result does not reveal that row",
                                owed.step
                            )));
                        };
                        k += 1;
                        if r.row != name {
                            return Err(refuse(format!(
                                "its result reveals row `{}` of `{adjudicator}`'s policy where step {} reads row `{name}`",
                                r.row, owed.step
                            )));
                        }
                        let names = names.get_or_insert_with(|| self.rules.policy_rows());
                        match policy_rows::root_of(r, names) {
                            Ok(root) if to_hex(&root) == c => Ok(r.clone()),
                            Ok(_) => Err(refuse(format!(
                                "row `{name}` of the policy it reveals does not match `{adjudicator}`'s commitment `{c}`"
                            ))),
                            Err(m) => Err(refuse(format!("the policy row it reveals: {m}"))),
                        }
                    },
                )?;
                if let Some(extra) = shown.get(read.len()) {
                    let again = read.iter().any(|r| r.row == extra.row);
                    return Err(refuse(if again {
                        format!(
                            "its result reveals row `{}` of `{adjudicator}`'s policy twice; step {} reads it once",
                            extra.row, owed.step
                        )
                    } else {
                        format!(
                            "its result reveals row `{}` of `{adjudicator}`'s policy, which step {} does not read; a row is revealed only by the result that used it",
                            extra.row, owed.step
                        )
                    }));
                }
                (s, v)
            }
            (None, None) => adjudicate(self.rules, &adjudicator, &self.state, owed, dice, None)?,
            (None, Some(_)) => {
                return Err(refuse(format!(
                    "its result reveals a policy, but `{adjudicator}` committed none"
                )))
            }
            (Some(c), revealed) => {
                let check = |p: &PolicyReveal| -> Result<(), Error> {
                    if to_hex(&p.commitment()?) != c {
                        return Err(refuse(format!(
                            "the policy it reveals does not match `{adjudicator}`'s commitment `{c}`"
                        )));
                    }
                    Ok(())
                };
                if self.version < 2 {
                    // Version 1 reveals the policy in force in every result.
                    let Some(p) = revealed else {
                        return Err(refuse(format!(
                            "`{adjudicator}` adjudicated step {} under the policy it committed (`{c}`), but the result does not reveal it",
                            owed.step
                        )));
                    };
                    check(p)?;
                    adjudicate(
                        self.rules,
                        &adjudicator,
                        &self.state,
                        owed,
                        dice,
                        Some(&p.policy),
                    )?
                } else {
                    // Version 2 reveals a policy only in the result of a step that reached a
                    // decision it answers; whether it did is seen without it.
                    let plain =
                        adjudicate(self.rules, &adjudicator, &self.state, owed, dice, None)?;
                    match (policy_asked(self.rules, &adjudicator, &plain.0)?, revealed) {
                        (false, None) => plain,
                        (false, Some(_)) => {
                            return Err(refuse(format!(
                                "its result reveals `{adjudicator}`'s policy, but step {} reached no decision a policy answers; a policy is revealed only by the result that used it",
                                owed.step
                            )))
                        }
                        (true, None) => {
                            return Err(refuse(format!(
                                "step {} reached a decision that `{adjudicator}`'s committed policy (`{c}`) answers, but the result does not reveal the policy",
                                owed.step
                            )))
                        }
                        (true, Some(p)) => {
                            check(p)?;
                            adjudicate(self.rules, &adjudicator, &self.state, owed, dice, Some(&p.policy))?
                        }
                    }
                }
            }
        };
        if let Some(k) = first_difference(&view.rolls, &result.rolls) {
            return Err(refuse(match key {
                Some(_) => format!(
                    "the result of step {} reports roll {} as {}, but the dice give {}",
                    owed.step,
                    k + 1,
                    describe_roll(result.rolls.get(k)),
                    describe_roll(view.rolls.get(k))
                ),
                None => format!(
                    "the result of step {} reports roll {} as {}, but the rules roll {} there",
                    owed.step,
                    k + 1,
                    describe_roll(result.rolls.get(k)),
                    view.rolls
                        .get(k)
                        .map_or("nothing".into(), |r| format!("`{}`", r.why))
                ),
            }));
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
        if key.is_some() {
            self.rolls_checked += view.rolls.len();
        }
        view.note_policy(result, || self.commits.get(&adjudicator).cloned());
        Ok((state, view))
    }
}

/// The message a record's signature covers (see `Replay::signed_message`); `index` is the
/// sender's chain index of its reveal.
pub fn signed_message(
    dice_party: Option<&str>,
    id: &str,
    rec: &Record,
    hash: &Hash,
    index: u64,
) -> Result<Vec<u8>, Error> {
    if dice_party == Some(WITNESS) && rec.by == WITNESS {
        let answered = from_hex(&rec.prev).ok_or_else(|| Error::Packet {
            step: rec.step,
            message: format!(
                "its prev `{}` is not 64 lower-case hex digits",
                rec.prev.escape_debug()
            ),
        })?;
        return Ok(sign::answer_message(
            id,
            index,
            &answered,
            &rec.reveal_bytes()?,
        ));
    }
    Ok(sign::record_message(id, hash))
}

fn first_difference(a: &[Roll], b: &[Roll]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&k| a.get(k) != b.get(k))
}

/// A roll in words, for a refusal: `6.0 initiative: crown: 4 2`, `a draw of item 3 of 7`.
fn describe_roll(r: Option<&Roll>) -> String {
    let Some(r) = r else {
        return "nothing".into();
    };
    let what = match (&r.d6, &r.draw, &r.shuffle) {
        (Some(d6), _, _) => d6.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
        (_, Some(d), _) => format!("item {} of {} drawn", d.index + 1, d.of),
        (_, _, Some(s)) => format!(
            "a shuffle of {} into the order {}",
            s.of,
            s.order
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => "no die".into(),
    };
    format!("`{}: {what}`", r.why)
}

/// Whether the state after a step adjudicated without a policy waits for `adjudicator` to
/// answer a question a standing policy answers (dice-protocol section 3.1): then the step must
/// be adjudicated with the adjudicator's committed policy, which its result reveals.
pub fn policy_asked(rules: &dyn Rules, adjudicator: &str, state: &Value) -> Result<bool, Error> {
    Ok(match rules.awaiting(state)? {
        Some(a) => a.side == adjudicator && rules.policy_decisions().contains(&a.decision.as_str()),
        None => false,
    })
}

/// Each side's latest standing policy commitment in `log`, with the step of the record that
/// made it: what is in force after it (dice-protocol section 3.1).
pub fn latest_commits(log: &[Record]) -> BTreeMap<String, (u64, String)> {
    let mut commits = BTreeMap::new();
    for r in log {
        if let Some(c) = &r.policy_commit {
            commits.insert(r.by.clone(), (r.step, c.clone()));
        }
    }
    commits
}

/// The state after each adjudicated step, replayed from the set-up (step 0 is the start): what
/// a report of past steps and the replay viewer draw. Every record is checked as `verify`
/// checks it, signatures aside; a copy holding its own pending result adds that step.
pub fn states(rules: &dyn Rules, gf: &GameFile) -> Result<BTreeMap<u64, Value>, Error> {
    let mut replay = Replay::from_genesis(rules, gf)?;
    replay.check_signatures = false;
    let mut out = BTreeMap::new();
    out.insert(0, replay.state.clone());
    for rec in &gf.log {
        if let Some(view) = replay.push(rec)? {
            out.insert(view.step, replay.state.clone());
        }
    }
    if let Some(p) = &gf.pending {
        out.insert(p.step, gf.state.clone());
    }
    Ok(out)
}

/// The refusal of a record whose `prev` is not the hash of the step before it in this log.
fn not_following(rec: &Record, next_step: u64) -> Error {
    let before = next_step - 1;
    Error::Packet {
        step: rec.step,
        message: format!(
            "it does not follow this game file: its prev `{}` is not the hash of step {before} here, so it belongs to another game under the same id (an earlier match, begun with other secrets), to another copy of this game or an edited log, or was itself edited",
            rec.prev
        ),
    }
}
