//! The `Game` trait every rulebook implements, and `Rules`, its object-safe form that the
//! engine drives with plain JSON values.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dice::Dice;
use super::error::{Error, OrderError};
use super::ranges::{Draw, Range};
use super::written::{from_written, orders_from_written, policy_from_written};

/// Who must decide next, and what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Awaiting {
    pub side: String,
    /// A short name for the decision: `supply`, `impulse`, ...
    pub decision: String,
    /// A sentence for the player: `limited impulse (Militia or Loyalist action, or skip)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// One thing a player may order at the current decision, for `orders` to list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalOption {
    /// What the option is, in words, with its cost and the ranges of its amounts:
    /// `attack Charleston from Beaufort: 1-8 units, war 1-4, carry food 0-3 war 0-2`.
    pub summary: String,
    /// An orders snippet that takes it, in YAML, with one legal value in each open field.
    pub example: String,
    /// The fields of the orders the option leaves open, each with the values the rules allow
    /// there (`full.attack.units` from 1 to 8); see `ranges`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ranges: Vec<Range>,
}

/// Parts a player may add to the listed options without being options of their own: The
/// Southern Strategy's supply moves, which go with any action of a full impulse but a pass
/// (5.2, 9.0). Listing every move with every action would make a list of hundreds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Additions {
    /// What may go with the options, in a clause with its rule, for a report's list of them:
    /// `supply moves may go with any action above but a pass (5.2, 9.0)`.
    pub what: String,
    /// How the parts combine with the options, in a sentence: where they go in the orders.
    pub how: String,
    /// Each part with its snippet; each goes with at least one listed option.
    pub parts: Vec<LegalOption>,
}

/// An option as typed orders, before it is tried: orders that take it (one value in each open
/// field) and the ranges of its open fields. Self-play draws its picks from these.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<O> {
    pub orders: O,
    pub ranges: Vec<Range>,
}

/// An option with nothing left open.
impl<O> From<O> for Candidate<O> {
    fn from(orders: O) -> Self {
        Candidate {
            orders,
            ranges: Vec::new(),
        }
    }
}

impl<O: Draw> Candidate<O> {
    /// Orders that take this option with every open field drawn uniformly in its range
    /// (`ranges::draw`, or the orders' own `Draw`). `None` when nothing is open, or when the
    /// drawn orders do not read as orders (a range naming a field the orders do not have).
    pub fn draw(&self, rng: &mut impl Rng) -> Option<O> {
        if self.ranges.is_empty() {
            return None;
        }
        self.orders.draw_open(&self.ranges, rng)
    }
}

/// The candidates of one decision, built one at a time: self-play draws about one option of
/// ten at a step, and building only those it draws saves building the rest (see
/// `Game::lazy_candidates`).
pub trait LazyCandidates<O> {
    /// How many candidates there are: the length of `Game::candidates`.
    fn len(&self) -> usize;
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Candidate `k` of `Game::candidates`, for `k` below `len`. Each is taken at most once.
    fn take(&mut self, k: usize) -> Candidate<O>;
}

/// `Game::candidates` built all at once, for a game without a lazy form.
struct Eager<O>(Vec<Option<Candidate<O>>>);

impl<O> LazyCandidates<O> for Eager<O> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn take(&mut self, k: usize) -> Candidate<O> {
        self.0[k].take().expect("each candidate is taken once")
    }
}

/// The text of the data file `name` among `files`, or an error naming it as missing.
pub fn data_file<'f>(files: &'f [(String, String)], name: &str) -> Result<&'f str, Error> {
    files
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, text)| text.as_str())
        .ok_or_else(|| Error::Data {
            file: name.into(),
            entry: "-".into(),
            message: "the file is missing".into(),
        })
}

/// How many draws `listed` tries for an example when a candidate's own orders are refused.
pub const EXAMPLE_DRAWS: usize = 24;

/// The options `orders` lists: each candidate (its words, and orders with their ranges) that
/// `accepted` lets through, with `example` writing its orders as a snippet. Where the
/// candidate's own orders are refused but it leaves fields open, a few draws inside its ranges
/// (from a fixed seed, so the listing is the same every time) may still find legal orders to
/// show; only a candidate with none is left out.
pub fn listed<O, C>(
    candidates: Vec<(String, C)>,
    accepted: impl Fn(&O) -> bool,
    example: impl Fn(&O) -> String,
) -> Vec<LegalOption>
where
    O: Draw,
    C: Into<Candidate<O>>,
{
    candidates
        .into_iter()
        .filter_map(|(summary, c)| {
            let c: Candidate<O> = c.into();
            let shown = if accepted(&c.orders) {
                example(&c.orders)
            } else {
                let mut rng = ChaCha8Rng::seed_from_u64(0);
                let found = (0..EXAMPLE_DRAWS)
                    .filter_map(|_| c.draw(&mut rng))
                    .find(|o| accepted(o))?;
                example(&found)
            };
            Some(LegalOption {
                summary,
                example: shown,
                ranges: c.ranges,
            })
        })
        .collect()
}

/// A rulebook. Everything here is pure: no IO, no clock, no global randomness.
pub trait Game: 'static {
    /// The `game:` value in a game file.
    const NAME: &'static str;
    /// The sides, in the order the rules name them (the first acts first on ties).
    const SIDES: &'static [&'static str];
    type Data;
    type State: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug;
    /// Self-play and the bot draw their open fields through `Draw`; its default goes through
    /// JSON.
    type Orders: Draw + Clone;
    type Event: Serialize + DeserializeOwned;
    /// Standing answers a side commits to in advance for decisions that fall in the other
    /// side's turn (dice-protocol section 3.1), such as how to meet an attack.
    type Policy: Serialize + DeserializeOwned;
    /// The decisions (`Awaiting::decision`) a standing policy may answer, such as `battle`. A
    /// committed policy is revealed only in the result of a step that stopped at one of these
    /// for its owner when adjudicated without it (dice-protocol section 3.1).
    const POLICY_DECISIONS: &'static [&'static str] = &[];

    /// Reads and checks the game's data files, given as (file name, text) pairs.
    fn load_data(files: &[(String, String)]) -> Result<Self::Data, Error>;
    /// The state after set-up, advanced to the first decision. Set-up draws no dice.
    fn setup(data: &Self::Data) -> (Self::State, Vec<Self::Event>);
    /// `None` once the game is over.
    fn awaiting(data: &Self::Data, state: &Self::State) -> Option<Awaiting>;
    /// The side `awaiting` names, without the words for the player: self-play and the bot
    /// ask at every step. The default asks `awaiting`.
    fn deciding(data: &Self::Data, state: &Self::State) -> Option<Cow<'static, str>> {
        Self::awaiting(data, state).map(|a| Cow::Owned(a.side))
    }
    /// Applies one side's orders and runs the rules up to the next decision. `policy` is the
    /// other side's committed standing policy, if any: where it covers a decision of that side
    /// the rules follow it instead of pausing.
    ///
    /// # Errors
    /// An `OrderError` naming the rule when the orders are illegal; the state is untouched.
    fn apply(
        data: &Self::Data,
        state: &Self::State,
        side: &str,
        orders: &Self::Orders,
        policy: Option<&Self::Policy>,
        dice: &mut dyn Dice,
    ) -> Result<(Self::State, Vec<Self::Event>), OrderError>;
    /// `apply` with no policy, writing the state it reaches into `next` and its events into
    /// `events` (both emptied first), for self-play and the bot, which try order after order:
    /// a game may copy `state` into the room `next` already has instead of allocating anew.
    /// On an error, `next` and `events` hold anything.
    ///
    /// # Errors
    /// As `apply`.
    fn apply_into(
        data: &Self::Data,
        state: &Self::State,
        side: &str,
        orders: &Self::Orders,
        dice: &mut dyn Dice,
        next: &mut Self::State,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), OrderError> {
        let (st, ev) = Self::apply(data, state, side, orders, None, dice)?;
        *next = st;
        *events = ev;
        Ok(())
    }
    /// What `side` may order now.
    fn legal_options(data: &Self::Data, state: &Self::State, side: &str) -> Vec<LegalOption>;
    /// What `side` may add to the options `legal_options` lists (`Additions`); none by default.
    fn legal_additions(_data: &Self::Data, _state: &Self::State, _side: &str) -> Option<Additions> {
        None
    }
    /// The options `legal_options` would list, as typed orders with their ranges and before
    /// they are tried: some may still be refused. Self-play samples these, drawing the open
    /// fields and trying each pick (see `selfplay`). The default reads the examples of
    /// `legal_options`; a game whose options are built as typed orders returns them without
    /// the listing's trial runs and words.
    fn candidates(
        data: &Self::Data,
        state: &Self::State,
        side: &str,
    ) -> Vec<Candidate<Self::Orders>> {
        Self::legal_options(data, state, side)
            .into_iter()
            .filter_map(|o| {
                Some(Candidate {
                    orders: super::flow::read(&o.example)?,
                    ranges: o.ranges,
                })
            })
            .collect()
    }
    /// `candidates`, built only as they are taken: self-play and the bot's playouts try
    /// about one option a step. The default builds the whole list at once.
    fn lazy_candidates<'a>(
        data: &'a Self::Data,
        state: &'a Self::State,
        side: &'a str,
    ) -> Box<dyn LazyCandidates<Self::Orders> + 'a> {
        Box::new(Eager(
            Self::candidates(data, state, side)
                .into_iter()
                .map(Some)
                .collect(),
        ))
    }
    /// Lookups for templates, such as area names by id.
    fn lookups(data: &Self::Data) -> Value;
    /// What the board picture shows of `state` that only the rules can tell, such as who
    /// controls each space. The default tells nothing.
    fn board_facts(_data: &Self::Data, _state: &Self::State) -> Value {
        Value::Null
    }
    /// Checks that `state` is a position the rules could reach, for `new --position`: piece
    /// limits, places, tracks, whose decision it is. The default accepts any state.
    ///
    /// # Errors
    /// The first fault, with the rule it breaks and the path of the bad value in the state.
    fn check_position(_data: &Self::Data, _state: &Self::State) -> Result<(), OrderError> {
        Ok(())
    }
    /// What the rules do by themselves from a checked position before anyone decides (no dice):
    /// a Southern Strategy position at the start of a campaign turn runs its winter removal
    /// and generation. The default starts where the position stands.
    fn begin(_data: &Self::Data, state: &Self::State) -> Self::State {
        state.clone()
    }
    /// For the bot (`crate::bot`): how `state` stands for `side`, from 0 (lost) to 1 (won):
    /// exact once the game is over, the rules' own estimate before (material, tracks). `None`
    /// for a game adjutant has no bot for, which is the default.
    fn value(_data: &Self::Data, _state: &Self::State, _side: &str) -> Option<f64> {
        None
    }
    /// For the bot (`crate::bot`): whether `value` can judge `state` as it stands. A battle
    /// waiting for its answers cannot be: its result is not yet on the board, and the estimate
    /// would judge the attack by its cost alone. The search then judges such a position only
    /// by what follows it (`bot::Settings::sooner`). The default is always.
    fn settled(_data: &Self::Data, _state: &Self::State) -> bool {
        true
    }
    /// For the bot's playouts (`crate::bot`): whether the random player for `side` leaves
    /// `orders` out while the rules accept something else, as a move no one who knows the game
    /// makes at random, in a search deciding for `searching` (a Southern Strategy pass that
    /// ends the impulse phase). The default leaves out nothing.
    fn playout_avoids(
        _data: &Self::Data,
        _state: &Self::State,
        _side: &str,
        _orders: &Self::Orders,
        _searching: &str,
    ) -> bool {
        false
    }
    /// For the bot: `first` and `then`, the orders of a decision the same side makes next, as
    /// one orders file, where the rules take them together and the first rolls nothing (a
    /// Southern Strategy limited impulse skipped, then the full impulse): one packet and one
    /// mail instead of two. `then` `None` asks whether `first` could take more at all (the
    /// orders back are then `first`'s own). `None` (the default) sends each decision on its
    /// own.
    fn merge_orders(_first: &Self::Orders, _then: Option<&Self::Orders>) -> Option<Self::Orders> {
        None
    }
    /// `orders` without what changes nothing under the rules (an area listed again in an
    /// ordered list, where only its first place counts): the bot weighs one of each such
    /// pair, not both. The default leaves the orders as they are.
    fn simplest(orders: Self::Orders) -> Self::Orders {
        orders
    }
    /// Checks what a standing policy names against the data, beyond its shape (the areas it
    /// names exist, one answer for each), when it is committed: a name that fits nothing
    /// would otherwise be found only once an attack reveals the row it left empty.
    ///
    /// # Errors
    /// An `OrderError` naming the rule and the path of the bad value in the policy.
    fn check_policy(_data: &Self::Data, _policy: &Self::Policy) -> Result<(), OrderError> {
        Ok(())
    }
    /// Dice-protocol version 3 (section 3.2) commits a standing policy row by row, so that a
    /// result reveals only the answer it used: the rows' names, one for each answer a policy
    /// may give, fixed by the data and the same for every policy. None for a game without
    /// policies (the default).
    fn policy_rows(_data: &Self::Data) -> Vec<String> {
        Vec::new()
    }
    /// The answer `policy` gives in each of `policy_rows`, in their order: exactly what the
    /// rules read from the whole policy at that row's decision, `null` where it gives none.
    fn policy_answers(_data: &Self::Data, _policy: &Self::Policy) -> Vec<Value> {
        Vec::new()
    }
    /// The row of the decision `state` awaits of `side`, when it is one a policy answers.
    fn policy_row(_data: &Self::Data, _state: &Self::State, _side: &str) -> Option<String> {
        None
    }
    /// A policy giving only the answers of `rows` (each a name of `policy_rows` and its answer
    /// as `policy_answers` gives it): at those rows' decisions the rules read from it what they
    /// read from the whole policy.
    ///
    /// # Errors
    /// An answer this game's policies cannot hold.
    fn policy_of_rows(
        _data: &Self::Data,
        _rows: &[(String, Value)],
    ) -> Result<Option<Self::Policy>, String> {
        Ok(None)
    }
    /// For the bot: a standing policy for `side` (its answers to decisions that fall in the
    /// other side's turn), each answer what `decide` orders at a position the rules set up
    /// where that decision is asked. `None` for a game without policies or bot (the default),
    /// or when the policy would answer nothing.
    fn bot_policy(
        _data: &Self::Data,
        _state: &Self::State,
        _side: &str,
        _decide: &mut dyn FnMut(&Self::State) -> Option<Self::Orders>,
    ) -> Option<Self::Policy> {
        None
    }
    /// Whether a report needs the state before each step for `annotate_step` (it then replays
    /// the log to have them).
    const ANNOTATES_STEPS: bool = false;
    /// Words a report needs that a step's record does not hold, read from the state `before`
    /// the step (which leader leads an army) and, where the caller has it, the state `after`
    /// it (what a step's events leave standing, such as the armies around a siege that
    /// lifted): added as fields to the copies of its orders and events the report renders.
    /// The records keep what they hold, which `verify` compares.
    fn annotate_step(
        _data: &Self::Data,
        _before: &Self::State,
        _after: Option<&Self::State>,
        _orders: &mut Value,
        _events: &mut [Value],
    ) {
    }
    /// The board as it stands now, for `show`, reports and pictures. A game that pauses in the
    /// middle of a turn and keeps the state from before it (the solo bot waiting for a combat
    /// result) replays the turn up to the pause; the default is the state itself.
    fn view(_data: &Self::Data, state: &Self::State) -> Self::State {
        state.clone()
    }
    /// The rule an orders value at `path` (`raider`, `turn.control.quebec`) answers to in
    /// `state`, cited when the value cannot be read at all, as its other refusals cite it
    /// (one key may answer different rules at different pauses); `None` names none.
    fn orders_rule(_state: &Self::State, _path: &str) -> Option<&'static str> {
        None
    }
    /// `orders_rule` for a standing policy's values (`battle.armies.CHS`, `attack.commit`).
    fn policy_rule(_path: &str) -> Option<&'static str> {
        None
    }
}

/// A loaded game (rules plus checked data), driven through JSON values.
pub trait Rules {
    fn name(&self) -> &'static str;
    fn sides(&self) -> &'static [&'static str];
    /// Hashes pinning each data file, by file name.
    fn data_hashes(&self) -> &BTreeMap<String, String>;
    fn setup(&self) -> Result<(Value, Vec<Value>), Error>;
    fn awaiting(&self, state: &Value) -> Result<Option<Awaiting>, Error>;
    /// Checks that `orders` has the shape this game's orders take (a fault citing the rule its
    /// key answers to in `state`).
    fn check_orders_shape(&self, state: &Value, orders: &Value) -> Result<(), Error>;
    /// Checks that `policy` has the shape this game's policies take.
    fn check_policy_shape(&self, policy: &Value) -> Result<(), Error>;
    /// Checks a position a game may start from (`new --position`): a state of this game's
    /// shape that keeps every rule `Game::check_position` knows. A rules fault comes back as
    /// `Error::Position` with the path of the bad value under `state`.
    fn check_position(&self, state: &Value) -> Result<(), Error>;
    /// The state a game starting from a checked `position` is played from (`Game::begin`).
    fn begin(&self, position: &Value) -> Result<Value, Error>;
    /// `Game::POLICY_DECISIONS`.
    fn policy_decisions(&self) -> &'static [&'static str];
    /// `Game::policy_rows`.
    fn policy_rows(&self) -> Vec<String>;
    /// `Game::policy_answers` of a policy of this game's shape.
    fn policy_answers(&self, policy: &Value) -> Result<Vec<Value>, Error>;
    /// `Game::policy_row`.
    fn policy_row(&self, state: &Value, side: &str) -> Result<Option<String>, Error>;
    /// `Game::policy_of_rows`, as a value; `None` for a game without policies.
    fn policy_of_rows(&self, rows: &[(String, Value)]) -> Result<Option<Value>, Error>;
    fn apply(
        &self,
        state: &Value,
        side: &str,
        orders: &Value,
        policy: Option<&Value>,
        dice: &mut dyn Dice,
    ) -> Result<(Value, Vec<Value>), Error>;
    fn legal_options(&self, state: &Value, side: &str) -> Result<Vec<LegalOption>, Error>;
    /// `Game::legal_additions`.
    fn legal_additions(&self, state: &Value, side: &str) -> Result<Option<Additions>, Error>;
    fn lookups(&self) -> Value;
    /// `Game::ANNOTATES_STEPS`.
    fn annotates_steps(&self) -> bool;
    /// `Game::annotate_step` on a report's copy of a step's orders and events.
    fn annotate_step(
        &self,
        before: &Value,
        after: Option<&Value>,
        orders: &mut Value,
        events: &mut [Value],
    ) -> Result<(), Error>;
    /// Orders as the lines of an orders file, in the order of the game's own orders type
    /// (`supply` before `limited`, `from` before `food`), as `orders` prints its examples:
    /// plain values list their keys alphabetically.
    fn orders_lines(&self, orders: &Value) -> String;
    /// A side or dice party as messages name it (`crate::engine::error::side_words`).
    fn side_name(&self, side: &str) -> String {
        crate::engine::error::side_words(&self.lookups(), side)
    }
    /// Whose decision and which, in words: `Crown (supply)`.
    fn awaiting_words(&self, w: &Awaiting) -> String {
        format!(
            "{} ({})",
            self.side_name(&w.side),
            crate::engine::error::decision_words(&w.decision)
        )
    }
    /// `Game::view`: the board as it stands now.
    fn view(&self, state: &Value) -> Result<Value, Error>;
    /// `Game::board_facts`.
    fn board_facts(&self, state: &Value) -> Result<Value, Error>;
    /// `orders` read as this game's orders and written back: every field the way the game
    /// writes it (defaults filled in), so two ways of writing the same orders compare equal.
    fn canonical_orders(&self, orders: &Value) -> Result<Value, Error>;
    /// The bot's standing policy for `side` at `state` (`Game::bot_policy`), each answer
    /// searched with `settings`; `None` for a game without one.
    fn bot_policy(
        &self,
        state: &Value,
        side: &str,
        settings: &crate::bot::Settings,
    ) -> Result<Option<Value>, Error>;
    /// The bot's decision for `side` at `state` (`crate::bot::decide`), its orders as plain
    /// values; `None` for a game adjutant has no bot for.
    fn bot(
        &self,
        state: &Value,
        side: &str,
        settings: &crate::bot::Settings,
    ) -> Result<Option<crate::bot::Decision<Value>>, Error>;
    /// The key a position is known by in `Settings::been` (`crate::bot::position_key`).
    fn position_key(&self, state: &Value) -> Result<[u8; 32], Error>;
}

pub struct Loaded<G: Game> {
    pub data: G::Data,
    pub hashes: BTreeMap<String, String>,
}

fn from_value<T: DeserializeOwned>(what: &str, v: &Value) -> Result<T, Error> {
    T::deserialize(v).map_err(|e| Error::Format {
        what: what.to_string(),
        message: e.to_string(),
    })
}

fn to_value<T: Serialize>(v: &T) -> Result<Value, Error> {
    serde_json::to_value(v).map_err(|e| Error::Encode(e.to_string()))
}

impl<G: Game> Loaded<G> {
    pub fn state(&self, v: &Value) -> Result<G::State, Error> {
        from_value("game state", v)
    }
}

impl<G: Game> Rules for Loaded<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn sides(&self) -> &'static [&'static str] {
        G::SIDES
    }
    fn data_hashes(&self) -> &BTreeMap<String, String> {
        &self.hashes
    }
    fn setup(&self) -> Result<(Value, Vec<Value>), Error> {
        let (state, events) = G::setup(&self.data);
        Ok((
            to_value(&state)?,
            events.iter().map(to_value).collect::<Result<_, _>>()?,
        ))
    }
    fn awaiting(&self, state: &Value) -> Result<Option<Awaiting>, Error> {
        Ok(G::awaiting(&self.data, &self.state(state)?))
    }
    fn check_orders_shape(&self, state: &Value, orders: &Value) -> Result<(), Error> {
        orders_from_written::<G>(&self.state(state)?, orders).map(|_| ())
    }
    fn check_policy_shape(&self, policy: &Value) -> Result<(), Error> {
        let policy: G::Policy = policy_from_written::<G>(policy)?;
        G::check_policy(&self.data, &policy).map_err(|e| Error::Shape {
            what: "the policy".into(),
            path: e.path.clone(),
            line: None,
            message: format!("{}: {}", e.rule, e.message),
        })
    }
    fn check_position(&self, state: &Value) -> Result<(), Error> {
        // A position is the player's own writing, as orders are: a number beyond any count
        // (which the rules' sums would overflow) is refused with where it sits.
        // Paths under the position's `state:`.
        let in_state = |e: Error| {
            let under =
                |p: Option<String>| Some(p.map_or("state".into(), |p| format!("state.{p}")));
            e.in_position("the position".into(), under, |_| None)
        };
        let st: G::State = from_written("the position", state).map_err(in_state)?;
        G::check_position(&self.data, &st).map_err(|fault| {
            in_state(Error::Position {
                what: "the position".into(),
                fault: Box::new(fault),
            })
        })
    }
    fn begin(&self, position: &Value) -> Result<Value, Error> {
        to_value(&G::begin(&self.data, &self.state(position)?))
    }
    fn policy_decisions(&self) -> &'static [&'static str] {
        G::POLICY_DECISIONS
    }
    fn policy_rows(&self) -> Vec<String> {
        G::policy_rows(&self.data)
    }
    fn policy_answers(&self, policy: &Value) -> Result<Vec<Value>, Error> {
        let policy: G::Policy = policy_from_written::<G>(policy)?;
        Ok(G::policy_answers(&self.data, &policy))
    }
    fn policy_row(&self, state: &Value, side: &str) -> Result<Option<String>, Error> {
        Ok(G::policy_row(&self.data, &self.state(state)?, side))
    }
    fn policy_of_rows(&self, rows: &[(String, Value)]) -> Result<Option<Value>, Error> {
        G::policy_of_rows(&self.data, rows)
            .map_err(|message| Error::Shape {
                what: "a revealed policy row".into(),
                path: None,
                line: None,
                message,
            })?
            .map(|p| to_value(&p))
            .transpose()
    }
    fn apply(
        &self,
        state: &Value,
        side: &str,
        orders: &Value,
        policy: Option<&Value>,
        dice: &mut dyn Dice,
    ) -> Result<(Value, Vec<Value>), Error> {
        let state = self.state(state)?;
        let orders: G::Orders = orders_from_written::<G>(&state, orders)?;
        let policy: Option<G::Policy> = policy.map(policy_from_written::<G>).transpose()?;
        let (next, events) = G::apply(&self.data, &state, side, &orders, policy.as_ref(), dice)?;
        Ok((
            to_value(&next)?,
            events.iter().map(to_value).collect::<Result<_, _>>()?,
        ))
    }
    fn legal_options(&self, state: &Value, side: &str) -> Result<Vec<LegalOption>, Error> {
        Ok(G::legal_options(&self.data, &self.state(state)?, side))
    }
    fn legal_additions(&self, state: &Value, side: &str) -> Result<Option<Additions>, Error> {
        Ok(G::legal_additions(&self.data, &self.state(state)?, side))
    }
    fn lookups(&self) -> Value {
        G::lookups(&self.data)
    }
    fn annotates_steps(&self) -> bool {
        G::ANNOTATES_STEPS
    }
    fn orders_lines(&self, orders: &Value) -> String {
        // Read as the game's type and written back through YAML's own values, which keep a
        // struct's field order where plain JSON values sort their keys.
        match G::Orders::deserialize(orders)
            .ok()
            .and_then(|o| serde_yaml::to_value(&o).ok())
        {
            Some(typed) => crate::engine::flow::to_lines(&typed),
            None => crate::engine::flow::to_lines(orders),
        }
    }
    fn annotate_step(
        &self,
        before: &Value,
        after: Option<&Value>,
        orders: &mut Value,
        events: &mut [Value],
    ) -> Result<(), Error> {
        let after = after.map(|a| self.state(a)).transpose()?;
        G::annotate_step(
            &self.data,
            &self.state(before)?,
            after.as_ref(),
            orders,
            events,
        );
        Ok(())
    }
    fn view(&self, state: &Value) -> Result<Value, Error> {
        to_value(&G::view(&self.data, &self.state(state)?))
    }
    fn board_facts(&self, state: &Value) -> Result<Value, Error> {
        Ok(G::board_facts(&self.data, &self.state(state)?))
    }
    fn bot_policy(
        &self,
        state: &Value,
        side: &str,
        settings: &crate::bot::Settings,
    ) -> Result<Option<Value>, Error> {
        let st = self.state(state)?;
        let mut decide = |hypothetical: &G::State| {
            let defender = G::awaiting(&self.data, hypothetical)?.side;
            crate::bot::decide::<G>(&self.data, hypothetical, &defender, settings).map(|d| d.orders)
        };
        G::bot_policy(&self.data, &st, side, &mut decide)
            .map(|p| to_value(&p))
            .transpose()
    }
    fn canonical_orders(&self, orders: &Value) -> Result<Value, Error> {
        to_value(&from_written::<G::Orders>("orders", orders)?)
    }
    fn bot(
        &self,
        state: &Value,
        side: &str,
        settings: &crate::bot::Settings,
    ) -> Result<Option<crate::bot::Decision<Value>>, Error> {
        let st = self.state(state)?;
        if G::value(&self.data, &st, side).is_none() {
            return Ok(None);
        }
        let Some(mut d) = crate::bot::decide::<G>(&self.data, &st, side, settings) else {
            return Ok(None);
        };
        if let Some(merged) = self.then_same_side(&st, side, &d.orders, settings) {
            // The choice as explained is the orders sent; its share and chance are the first
            // search's, whose playouts the explanation counts.
            if let Some(chosen) = d.considered.first_mut() {
                chosen.orders = merged.clone();
            }
            d.orders = merged;
        }
        d.map_orders(to_value).map(Some)
    }
    fn position_key(&self, state: &Value) -> Result<[u8; 32], Error> {
        Ok(crate::bot::position_key(&self.state(state)?))
    }
}

impl<G: Game> Loaded<G> {
    /// The bot's `first` orders merged with its decision at the same side's next decision
    /// (`Game::merge_orders`), when `first` rolls no die and leads straight to it, and the
    /// merged orders reach the position the two would.
    fn then_same_side(
        &self,
        st: &G::State,
        side: &str,
        first: &G::Orders,
        settings: &crate::bot::Settings,
    ) -> Option<G::Orders> {
        G::merge_orders(first, None)?;
        let next = crate::bot::dice_free_next::<G>(&self.data, st, side, first)?;
        if G::awaiting(&self.data, &next)?.side != side {
            return None;
        }
        let then = crate::bot::decide::<G>(&self.data, &next, side, settings)?;
        let merged = G::merge_orders(first, Some(&then.orders))?;
        // One file must do what the two would: the same position, under the same dice (the
        // first rolls none, so the second's come first either way).
        let key = [0u8; 32];
        let mut dice = crate::engine::dice::KeyedDice::new(&key);
        let (together, _) = G::apply(&self.data, st, side, &merged, None, &mut dice).ok()?;
        let mut dice = crate::engine::dice::KeyedDice::new(&key);
        let (apart, _) = G::apply(&self.data, &next, side, &then.orders, None, &mut dice).ok()?;
        (together == apart).then_some(merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Roll {
        dice: u32,
    }

    impl Draw for Roll {}

    /// An option whose own orders are refused is still listed when a value inside its range
    /// is accepted, with that value in its example; one with no accepted value is not.
    #[test]
    fn listed_finds_a_legal_example_inside_the_ranges() {
        let open = |max| Candidate {
            orders: Roll { dice: 9 },
            ranges: vec![Range::amount("dice", 1, max)],
        };
        let options = listed(
            vec![
                ("roll 1-5 dice".to_string(), open(5)),
                ("roll 9 dice".to_string(), Candidate::from(Roll { dice: 9 })),
            ],
            |r: &Roll| (3..=4).contains(&r.dice),
            |r| format!("dice: {}", r.dice),
        );
        assert_eq!(options.len(), 1);
        assert!(["dice: 3", "dice: 4"].contains(&options[0].example.as_str()));
        assert_eq!(options[0].ranges, open(5).ranges);
    }
}
