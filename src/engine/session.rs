//! The exchange of records between the sides: creating a game, writing a packet from orders,
//! and receiving a packet (checking it, verifying the result it reports, adjudicating its
//! orders). `Replay` is the one place that checks a record against the log, for `adjudicate`
//! and `verify` alike.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use ed25519_dalek::{SigningKey, VerifyingKey};

use super::canon::{from_hex, to_hex, Hash};
use super::chain;
use super::dice::{KeyedDice, Roll};
use super::game::{Awaiting, Rules};
use super::gamefile::{
    DiceSettings, GameFile, Player, DICE_PROTOCOL, DICE_PROTOCOL_1, FORMAT, FORMAT_1,
};
use super::ledger::Usage;
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
}

/// What `receive` did.
#[derive(Debug)]
pub struct Received {
    pub game: GameFile,
    /// The steps whose results this run verified or produced, in order.
    pub steps: Vec<StepView>,
    /// A record to mail at once, when the next decision is not the receiver's.
    pub outgoing: Option<Record>,
    /// The chain elements this run used, by party, for the parties' ledgers.
    pub uses: Vec<(String, Usage)>,
    /// The adjudicator's standing policy that this run applied and revealed, if any.
    pub revealed_policy: Option<String>,
}

/// The dice party of a solitaire game that keeps an outside witness's chain
/// (dice-protocol section 5).
pub const WITNESS: &str = "witness";
/// The dice party of a solitaire game whose second chain the player holds too.
pub const SELF: &str = "self";
/// The names a solitaire game's dice party may have: its only entry in `players` beside the
/// player's side. The name is an anchor's key, so it is part of the genesis hash and the mode is
/// fixed when the game is created.
pub const DICE_PARTIES: &[&str] = &[WITNESS, SELF];

/// Whether the rules have one side only: then a dice party keys the dice instead of an opponent.
pub fn is_solitaire(rules: &dyn Rules) -> bool {
    rules.sides().len() == 1
}

/// The dice party of a solitaire game file (`witness` or `self`), `None` for a two-player game.
pub fn dice_party<'a>(rules: &dyn Rules, gf: &'a GameFile) -> Option<&'a str> {
    if !is_solitaire(rules) {
        return None;
    }
    gf.players
        .keys()
        .map(String::as_str)
        .find(|p| DICE_PARTIES.contains(p))
}

/// Everyone who sends records in this game: the sides, then the dice party of a solitaire game.
pub fn parties(rules: &dyn Rules, gf: &GameFile) -> Vec<String> {
    let mut out: Vec<String> = rules.sides().iter().map(|s| s.to_string()).collect();
    out.extend(dice_party(rules, gf).map(str::to_string));
    out
}

/// The party that adjudicates `by`'s orders: the other side, or in a solitaire game its dice
/// party (`dice_party`, as `Replay` holds it).
pub fn adjudicator_of(rules: &dyn Rules, dice_party: Option<&str>, by: &str) -> String {
    if let Some(party) = dice_party {
        return party.to_string();
    }
    let sides = rules.sides();
    sides
        .iter()
        .find(|s| **s != by)
        .unwrap_or(&sides[0])
        .to_string()
}

/// Game ids go into every hash and into file names, so they are kept plain.
pub fn check_id(id: &str) -> Result<(), Error> {
    super::input::check_name("the game id", id)
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

/// A party's public key (protocol version 2).
fn key_of(gf: &GameFile, party: &str) -> Result<VerifyingKey, Error> {
    let bad = |message: String| Error::Format {
        what: "the game file".into(),
        message,
    };
    let player = gf
        .players
        .get(party)
        .ok_or_else(|| bad(format!("no player for side `{party}`")))?;
    let key = player.key.as_deref().ok_or_else(|| {
        bad(format!(
            "`{party}` has no public key (`key`), which a `{FORMAT}` game needs"
        ))
    })?;
    sign::parse_public(key).ok_or_else(|| {
        bad(format!(
            "the public key of `{party}` is not a valid Ed25519 key in 64 lower-case hex digits"
        ))
    })
}

/// `T_0`: the hash of everything fixed at creation. Version 2 binds each party's public key
/// too, beside its anchor: both come from the party's fresh secret, so two games never share
/// a genesis, and so never share dice.
pub fn genesis_hash(rules: &dyn Rules, gf: &GameFile, setup_state: &Value) -> Result<Hash, Error> {
    let anchors = gf
        .players
        .iter()
        .map(|(s, p)| (s.as_str(), p.anchor.as_str()))
        .collect();
    let v2 = gf.version() >= 2;
    let keys = v2.then(|| {
        gf.players
            .iter()
            .map(|(s, p)| (s.as_str(), p.key.as_deref().unwrap_or("")))
            .collect()
    });
    Genesis {
        format: if v2 { FORMAT } else { FORMAT_1 },
        dice: if v2 { DICE_PROTOCOL } else { DICE_PROTOCOL_1 },
        game: rules.name(),
        id: &gf.id,
        data: &gf.data,
        chain_length: gf.dice.chain_length,
        anchors,
        keys,
        state: to_hex(&state_hash(setup_state)?),
    }
    .hash()
}

/// Checks that the file's current state is the one its log leads to, by the state hash the
/// log carries (the latest result's, the pending result's, or the set-up's): a cheap check
/// every command makes before acting on a game file, so an edited state is never played on.
pub fn check_current_state(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let carried = match &gf.pending {
        Some(p) => p.state.clone(),
        None => match gf.log.iter().rev().find_map(|r| r.result.as_ref()) {
            Some(result) => result.state.clone(),
            None => to_hex(&state_hash(&start_state(rules, gf)?)?),
        },
    };
    let actual = to_hex(&state_hash(&gf.state)?);
    if actual != carried {
        return Err(Error::Format {
            what: "the game file".into(),
            message: format!(
                "its state was edited: it does not match the state hash its log carries for step {} (`{carried}`, the file's state hashes to `{actual}`). Run `adjutant verify` on it to see where it differs, and go on from an unedited copy",
                gf.log.len()
            ),
        });
    }
    Ok(())
}

/// The state a game started from: its position (`new --position`), else the set-up.
pub fn start_state(rules: &dyn Rules, gf: &GameFile) -> Result<Value, Error> {
    match &gf.start {
        Some(s) => Ok(s.clone()),
        None => Ok(rules.setup()?.0),
    }
}

/// Creates a game file from the set-up (or the position `start`) and each side's player,
/// anchor and public key.
pub fn create(
    rules: &dyn Rules,
    id: &str,
    players: BTreeMap<String, Player>,
    chain_length: u64,
    start: Option<Value>,
) -> Result<GameFile, Error> {
    check_id(id)?;
    super::secrets::check_chain_length(chain_length)?;
    let state = match &start {
        Some(position) => {
            rules.check_position(position)?;
            position.clone()
        }
        None => rules.setup()?.0,
    };
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
        start,
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
    if is_solitaire(rules) {
        let side = rules.sides()[0];
        let party: Vec<&str> = sides.iter().copied().filter(|s| *s != side).collect();
        if !sides.contains(&side) || party.len() != 1 || !DICE_PARTIES.contains(&party[0]) {
            return Err(bad(format!(
                "its players are {sides:?}; a solitaire game has its player `{side}` and one dice party, `{WITNESS}` or `{SELF}`"
            )));
        }
    } else {
        let mut expected: Vec<&str> = rules.sides().to_vec();
        expected.sort();
        if sides != expected {
            return Err(bad(format!(
                "its players are {sides:?}, the game's sides are {expected:?}"
            )));
        }
    }
    for party in parties(rules, gf) {
        anchor_of(gf, &party)?;
        if gf.version() >= 2 {
            key_of(gf, &party)?;
        } else if gf.start.is_some() {
            return Err(bad(format!(
                "a `{FORMAT_1}` game always starts from the set-up; it has no `start`"
            )));
        } else if gf.players[&party].key.is_some() {
            return Err(bad(format!(
                "a `{FORMAT_1}` game has no public keys, but `{party}` has one"
            )));
        }
    }
    Ok(())
}

/// Each party's public key in a version 2 game; none in version 1.
fn keys_of(rules: &dyn Rules, gf: &GameFile) -> Result<BTreeMap<String, VerifyingKey>, Error> {
    let mut keys = BTreeMap::new();
    if gf.version() >= 2 {
        for party in parties(rules, gf) {
            let key = key_of(gf, &party)?;
            keys.insert(party, key);
        }
    }
    Ok(keys)
}

/// The log replayed so far: everything needed to check the next record.
pub struct Replay<'a> {
    rules: &'a dyn Rules,
    /// The protocol version of the game file: 1 (unsigned) or 2 (signed).
    pub version: u32,
    /// Version 2: each party's public key.
    keys: BTreeMap<String, VerifyingKey>,
    /// Whether `push` checks each record's signature; `verify` checks them all in one batch
    /// first instead.
    pub check_signatures: bool,
    /// The dice party of a solitaire game, from the game file's players.
    dice_party: Option<String>,
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
        let state = start_state(rules, gf)?;
        let tip = genesis_hash(rules, gf, &state)?;
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

    /// Starts from the file's current state, trusting its own log (no rules are re-run).
    pub fn from_file(rules: &'a dyn Rules, gf: &GameFile) -> Result<Replay<'a>, Error> {
        check_file(rules, gf)?;
        let mut last_reveal = BTreeMap::new();
        let mut reveals = BTreeMap::new();
        for party in parties(rules, gf) {
            let anchor = anchor_of(gf, &party)?;
            last_reveal.insert(party, anchor);
        }
        for r in &gf.log {
            last_reveal.insert(r.by.clone(), r.reveal_bytes()?);
            *reveals.entry(r.by.clone()).or_insert(0) += 1;
        }
        let tip = match gf.log.last() {
            Some(r) => r.hash()?,
            None => genesis_hash(rules, gf, &start_state(rules, gf)?)?,
        };
        let owed = match gf.log.last() {
            Some(r) if r.orders.is_some() => Some((r.clone(), tip)),
            _ => None,
        };
        Ok(Replay {
            rules,
            version: gf.version(),
            keys: keys_of(rules, gf)?,
            check_signatures: true,
            dice_party: dice_party(rules, gf).map(str::to_string),
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
    fn check_signature(&self, rec: &Record, hash: &Hash) -> Result<(), Error> {
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
                    "it is not signed (`sig`); every record of a `{FORMAT}` game is signed by its sender"
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
        self.check_signature(rec, &hash)?;
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
        let adjudicator = self.adjudicator_of(&owed.by);
        let key = chain::step_key(&self.id, owed.step, owed_hash, reveal);
        let commit = self.commits.get(&adjudicator).cloned();
        let (state, view) = match (commit, &result.policy) {
            (None, None) => adjudicate(self.rules, &adjudicator, &self.state, owed, &key, None)?,
            (None, Some(_)) => {
                return Err(refuse(format!("its result reveals a policy, but `{adjudicator}` committed none")))
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
                    adjudicate(self.rules, &adjudicator, &self.state, owed, &key, Some(&p.policy))?
                } else {
                    // Version 2 reveals a policy only in the result of a step that reached a
                    // decision it answers; whether it did is seen without it.
                    let plain =
                        adjudicate(self.rules, &adjudicator, &self.state, owed, &key, None)?;
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
                            adjudicate(self.rules, &adjudicator, &self.state, owed, &key, Some(&p.policy))?
                        }
                    }
                }
            }
        };
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
            message: format!("its prev `{}` is not 64 lower-case hex digits", rec.prev.escape_debug()),
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

fn describe_roll(r: Option<&Roll>) -> String {
    match r {
        None => "nothing".into(),
        Some(r) => serde_json::to_string(r).unwrap_or_default(),
    }
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
    adjudicator: &str,
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
        adjudicated_by: adjudicator.to_string(),
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

/// Checks that `side` may send the next record of this game file: nothing waits for
/// adjudication first, and the decision is `side`'s.
pub fn check_may_send(rules: &dyn Rules, gf: &GameFile, side: &str) -> Result<(), Error> {
    check_sender(&Replay::from_file(rules, gf)?, gf, side)
}

fn check_sender(replay: &Replay, gf: &GameFile, side: &str) -> Result<(), Error> {
    let step = replay.next_step;
    let refuse = |message: String| Error::Packet { step, message };
    // The owed step first: while it waits, the default sender is its adjudicator, which in a
    // solitaire game is the dice party and no side.
    if let (Some(owed), None) = (replay.owed(), &gf.pending) {
        return Err(refuse(format!(
            "step {} (the orders of `{}`) awaits adjudication by `{}` first",
            owed.step,
            owed.by,
            replay.adjudicator_of(&owed.by)
        )));
    }
    if !replay.rules.sides().contains(&side) {
        return Err(refuse(format!("`{side}` is not a side of this game")));
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
    pub fn of_secret(gf: &GameFile, secret: &Secret, party: &str, index: u64) -> Result<Contribution, Error> {
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
    policy: Option<&PolicyReveal>,
) -> Result<Prepared, Error> {
    let replay = Replay::from_file(rules, gf)?;
    if policy.is_some() && replay.dice_party().is_some() {
        return Err(Error::Format {
            what: "the policy".into(),
            message: NO_SOLITAIRE_POLICY.into(),
        });
    }
    check_orders_at(rules, &replay, gf, side, &orders)?;
    if let Some(p) = policy {
        rules.check_policy_shape(&p.policy)?;
    }
    let index = replay.reveals_by(side) + 1;
    let mut rec = Record {
        game: gf.id.clone(),
        step: replay.next_step,
        prev: to_hex(&replay.tip),
        by: side.to_string(),
        reveal: to_hex(&secret_element(gf, secret, side, index)?),
        result: gf.pending.clone(),
        orders: Some(orders),
        policy_commit: policy
            .map(|p| p.commitment().map(|h| to_hex(&h)))
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
    })
}

/// What `prepare` made: the game file holding the new record, the record to mail, and the
/// sender's chain element it used, for the sender's ledger.
#[derive(Debug)]
pub struct Prepared {
    pub game: GameFile,
    pub record: Record,
    pub usage: Usage,
}

/// A party's chain element `index` from its secret, checked against the game's anchor so that
/// a wrong secrets file is caught before anything is mailed.
pub fn secret_element(
    gf: &GameFile,
    secret: &Secret,
    side: &str,
    index: u64,
) -> Result<Hash, Error> {
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
    steps.extend(replay.push(rec)?);
    let mut next = gf.clone();
    next.pending = None;
    next.log.push(rec.clone());
    next.state = replay.state.clone();
    answer_owed(rules, replay, next, steps, reveal_of, policy_of)
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
    answer_owed(rules, replay, gf.clone(), Vec::new(), reveal_of, policy_of)
}

/// Adjudicates the step `replay` owes, if any, into `next` (the game file with the log so far).
fn answer_owed(
    rules: &dyn Rules,
    replay: Replay,
    mut next: GameFile,
    mut steps: Vec<StepView>,
    reveal_of: &RevealOf,
    policy_of: &PolicyOf,
) -> Result<Received, Error> {
    let mut outgoing = None;
    let mut uses = Vec::new();
    let mut revealed_policy = None;
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
        let committed = |me: &str, commit: &str| -> Result<PolicyReveal, Error> {
            let p = policy_of(me, commit)?;
            if to_hex(&p.commitment()?) != commit {
                return Err(Error::Secrets {
                    message: format!(
                        "the stored policy of `{me}` does not match its commitment `{commit}`"
                    ),
                });
            }
            Ok(p)
        };
        let (state, view, policy) = match replay.commits.get(&me) {
            None => {
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, &key, None)?;
                (s, v, None)
            }
            // Version 1 reveals the policy in force in every result.
            Some(commit) if replay.version < 2 => {
                let p = committed(&me, commit)?;
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, &key, Some(&p.policy))?;
                (s, v, Some(p))
            }
            // Version 2 keeps it hidden unless the step reaches a decision it answers.
            Some(commit) => {
                let (s, v) = adjudicate(rules, &me, &replay.state, &owed, &key, None)?;
                if policy_asked(rules, &me, &s)? {
                    let p = committed(&me, commit)?;
                    let (s, v) =
                        adjudicate(rules, &me, &replay.state, &owed, &key, Some(&p.policy))?;
                    revealed_policy = Some(commit.clone());
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
        };
        uses.push((
            me.clone(),
            Usage::Keyed {
                element: index,
                record: to_hex(&owed_hash),
            },
        ));
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
        outgoing,
        uses,
        revealed_policy,
    })
}

#[cfg(test)]
mod tests {
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
        let state = r.setup().unwrap().0;
        let witness = genesis_hash(r, &gf, &state).unwrap();
        let p = gf.players.remove(WITNESS).unwrap();
        gf.players.insert(SELF.into(), p);
        assert_ne!(genesis_hash(r, &gf, &state).unwrap(), witness);
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
        let Prepared { game: written, record: rec, .. } =
            prepare(r, &start, "solo", json!({"roll": 3}), &secret("solo"), None).unwrap();
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
            Some(&policy),
        )
        .unwrap_err();
        assert!(e.to_string().contains("no standing policies"), "{e}");
        // A record carrying a commitment anyway is refused on receipt and by verify.
        let Prepared { record: mut rec, .. } =
            prepare(r, &gf, "solo", json!({"roll": 1}), &secret("solo"), None).unwrap();
        rec.policy_commit = Some(to_hex(&policy.commitment().unwrap()));
        let e = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap_err();
        assert!(e.to_string().contains("its signature is not `solo`'s"), "{e}");
        resign(&mut rec);
        let e = receive(r, &gf, &rec, &by_secret, &no_policy).unwrap_err();
        assert!(e.to_string().contains("no standing policies"), "{e}");
    }

    #[test]
    fn the_dice_party_cannot_send_orders_or_skip_the_result() {
        let rules = toy::rules();
        let r = rules.as_ref();
        let gf = game(r, &[SELF]).unwrap();
        let Prepared { game: written, record: rec, .. } =
            prepare(r, &gf, "solo", json!({"roll": 1}), &secret("solo"), None).unwrap();
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
}
