//! What a player may order at the decision in hand, so nobody has to guess: each option as
//! typed orders with words for its cost. `orders` lists the words with the orders written as a
//! snippet (`engine::flow`); self-play takes the orders alone, and no text is built for it.
//!
//! An option with amounts (units, supplies, War committed) or with a choice of areas among
//! which nothing else changes is offered once, as orders holding one legal value in each open
//! field and the range of each (`engine::ranges`): `attack Charleston from Beaufort: 1-8
//! units, war 1-4, ...`. The ranges are what the rules could allow, worked out from the
//! position; a value inside one may still be refused together with the others (units beyond
//! what the Food pays for, supplies beyond what the units carry), and self-play draws again.
//! Range names are paths into the whole orders (`full.attack.units`, `supply[0].food`): each
//! part of the orders an option fills goes in one place.

use std::cell::OnceCell;

use serde_json::Value;

use super::data::Data;
use super::march::food_cost;
use super::orders::{
    Accept, Action, Answer, Attack, BattleDecision, CommitRule, Embark, Group, March, NavyAction,
    Orders, Raid, Refuse, Skirmish, SubordinatePlacement, SupplyMove, Transport, Unload,
};
use super::state::{merged_command, Army, ImpulseKind, LeaderRank, Phase, Question, Side, State};
use super::state::{Id, Supplies, SUBORDINATE_UNITS};
use super::supply;
use super::{battle, irregulars, words};
use crate::engine::error::Path;
use crate::engine::game::Candidate;
use crate::engine::ranges::Range;

mod answers;
mod army;
mod board;
mod irregular;
mod lazy;
mod march_on;
mod supply_moves;

pub use answers::supply_landings;
use answers::{battle_options, unload_options};
use army::*;
use board::Board;
use irregular::{irregular_options, Irregular};
pub use lazy::Lazy;
use supply_moves::*;

/// Where options go. An option comes as two closures, `item` for its orders and ranges and
/// `summary` for its words, and a sink calls only those it needs: self-play counts the
/// options and builds only the one it draws (`Pick`), since most steps try one option of
/// about ten and building the others (their orders, ranges and range values) cost more than
/// the rest of the step's options.
///
/// A pass over the options is cut into sections (an army's options, a supply line's moves),
/// each opened by `section`: a sink that wants none of a section's options says so, and the
/// pass skips to the next section without working out which of its options exist. Every
/// pass opens the same sections in the same order, and after a `false` offers nothing until
/// it opens the next.
pub trait Sink<T> {
    fn offer(&mut self, item: impl FnOnce() -> Candidate<T>, summary: impl FnOnce() -> String);

    /// Opens the next section: whether to offer its options. The default wants them all.
    fn section(&mut self) -> bool {
        true
    }
}

/// The options with their words, for `orders`.
#[derive(Default)]
pub struct Listing(pub Vec<(String, Candidate<Orders>)>);

impl Sink<Orders> for Listing {
    fn offer(
        &mut self,
        item: impl FnOnce() -> Candidate<Orders>,
        summary: impl FnOnce() -> String,
    ) {
        self.0.push((summary(), item()));
    }
}

/// The bare orders with their ranges, for `Game::candidates`.
pub struct Bare(pub Vec<Candidate<Orders>>);

/// Room for the options of a usual decision from the start: an option's orders are large,
/// and growing the list step by step would copy them again each time.
impl Default for Bare {
    fn default() -> Self {
        Bare(Vec::with_capacity(32))
    }
}

impl Sink<Orders> for Bare {
    fn offer(
        &mut self,
        item: impl FnOnce() -> Candidate<Orders>,
        _summary: impl FnOnce() -> String,
    ) {
        self.0.push(item());
    }
}

/// A sink for a part of the orders (an action, some supply moves) feeding a sink of whole
/// orders: `wrap` completes the orders and `words` the summary. The part's ranges already name
/// their fields in the whole orders (`full.attack.units`): each part goes in one place.
struct Lift<'s, S, W, D> {
    sink: &'s mut S,
    wrap: W,
    words: D,
}

impl<T, S, W, D> Sink<T> for Lift<'_, S, W, D>
where
    S: Sink<Orders>,
    W: Fn(T) -> Orders,
    D: Fn(String) -> String,
{
    fn offer(&mut self, item: impl FnOnce() -> Candidate<T>, summary: impl FnOnce() -> String) {
        let Lift { sink, wrap, words } = self;
        sink.offer(
            || {
                let item = item();
                Candidate {
                    orders: wrap(item.orders),
                    ranges: item.ranges,
                }
            },
            || words(summary()),
        );
    }

    fn section(&mut self) -> bool {
        self.sink.section()
    }
}

fn lift<S, W, D>(sink: &mut S, wrap: W, words: D) -> Lift<'_, S, W, D> {
    Lift { sink, wrap, words }
}

fn full(a: Action) -> Orders {
    Orders {
        full: Some(a),
        ..Orders::default()
    }
}

fn limited(a: Action) -> Orders {
    Orders {
        limited: Some(a),
        ..Orders::default()
    }
}

/// Orders of supply moves, with `limited` as the limited impulse.
fn supply_moves(limited: Option<Action>) -> impl Fn(Vec<SupplyMove>) -> Orders {
    move |supply| Orders {
        supply,
        limited: limited.clone(),
        ..Orders::default()
    }
}

/// The orders as the snippet `orders` prints.
pub fn example(o: &Orders) -> String {
    if *o == Orders::default() {
        "supply: []".to_string()
    } else {
        crate::engine::flow::to_lines(o)
    }
}

/// The ranges an option leaves open, gathered as it is built. A range with one value is not
/// open: the example holds that value.
struct Open(Vec<Range>);

/// With room from the start for the most ranges an option opens (a split march's seven), so
/// that gathering them allocates once.
impl Default for Open {
    fn default() -> Self {
        Open(Vec::with_capacity(7))
    }
}

impl Open {
    fn amount(&mut self, name: &'static str, min: u32, max: u32) -> &mut Self {
        if min < max {
            self.0.push(Range::amount(name, min, max));
        }
        self
    }

    fn either(&mut self, name: &'static str, open: bool) -> &mut Self {
        if open {
            self.0.push(Range::either(name));
        }
        self
    }

    fn one_of(&mut self, name: &'static str, values: Vec<Value>) -> &mut Self {
        if values.len() > 1 {
            self.0.push(Range::one_of(name, values));
        }
        self
    }

    fn with<T>(&mut self, orders: T) -> Candidate<T> {
        Candidate {
            orders,
            ranges: std::mem::take(&mut self.0),
        }
    }
}

/// `a-b`, or `a` alone when they are the same.
fn span(min: u32, max: u32) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min}-{max}")
    }
}

/// `food 0-2, war 0-2` for a supply move's amounts, least and most of each kind, leaving out a
/// kind none of which can move (`war 1`, not `food 0, war 1`).
fn move_amounts(food: (u32, u32), war: (u32, u32)) -> String {
    match (food.1, war.1) {
        (_, 0) => format!("food {}", span(food.0, food.1)),
        (0, _) => format!("war {}", span(war.0, war.1)),
        _ => format!("food {}, war {}", span(food.0, food.1), span(war.0, war.1)),
    }
}

/// Area names joined with commas and a last `or`.
fn either_of(data: &Data, ids: &[impl AsRef<str>]) -> String {
    joined(data, ids, "or")
}

/// Area names joined with commas and a last `and`.
fn all_of(data: &Data, ids: &[impl AsRef<str>]) -> String {
    joined(data, ids, "and")
}

fn joined(data: &Data, ids: &[impl AsRef<str>], last_word: &str) -> String {
    let names: Vec<&str> = ids
        .iter()
        .map(|a| data.area(a.as_ref()).name.as_str())
        .collect();
    match names.split_last() {
        None => "nowhere".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} {last_word} {last}", rest.join(", ")),
    }
}

/// 5.5: whether an area where `side`'s supplies lie holds more than its limit.
fn over_limits(board: &Board, side: Side) -> bool {
    board
        .stocked()
        .iter()
        .any(|&i| board.is_supply_node(side, i) && board.supplies(i).total() > board.limit(i))
}

/// `moving 1 food and 2 war from Orangeburg to Charleston to bring the supplies within their
/// limits (5.5)`: the moves that bring the supply lines within their limits.
fn moves_words(data: &Data, moves: &[SupplyMove]) -> String {
    let each: Vec<String> = moves
        .iter()
        .map(|m| {
            format!(
                "{} from {} to {}",
                words::supplies(m.food, m.war),
                data.area(&m.from).name,
                data.area(&m.to).name
            )
        })
        .collect();
    format!(
        "moving {} to bring the supplies within their limits (5.5)",
        each.join(", ")
    )
}

/// What happens before an impulse's action to bring the supplies within their limits (5.5):
/// `moving 1 food from Orangeburg to Charleston to bring ...`, `2 war over the limit are
/// discarded in Charleston (5.5)`, or both.
fn first_words(data: &Data, moves: &[SupplyMove], discarded: &[super::events::Event]) -> String {
    let mut parts = Vec::new();
    if !moves.is_empty() {
        parts.push(moves_words(data, moves));
    }
    for e in discarded {
        if let super::events::Event::SuppliesDiscarded {
            area, food, war, ..
        } = e
        {
            parts.push(format!(
                "{} over the limit {} discarded in {} (5.5)",
                words::supplies(*food, *war),
                if food + war == 1 { "is" } else { "are" },
                data.area(area).name
            ));
        }
    }
    parts.join(", then ")
}

/// `1-8 units`, `1 unit`.
fn units_words(min: u32, max: u32) -> String {
    words::units(&span(min, max))
}

/// `, carrying food 0-3 and war 0-2`, without what there is none of.
fn carrying(food: u32, war: u32) -> String {
    carrying_from((0, food), (0, war))
}

/// `carrying`, for amounts that start above 0: `food` and `war` as their least and most.
fn carrying_from(food: (u32, u32), war: (u32, u32)) -> String {
    match (food.1, war.1) {
        (0, 0) => String::new(),
        (_, 0) => format!(", carrying food {}", span(food.0, food.1)),
        (0, _) => format!(", carrying war {}", span(war.0, war.1)),
        _ => format!(
            ", carrying food {} and war {}",
            span(food.0, food.1),
            span(war.0, war.1)
        ),
    }
}

fn ids(areas: &[impl AsRef<str>]) -> Vec<Value> {
    areas.iter().map(|a| Value::from(a.as_ref())).collect()
}

/// Every option worth listing for `side` now, in the order `orders` shows them. Each is built
/// to be legal, and the caller still tries each before listing it.
pub fn offer<S: Sink<Orders>>(data: &Data, st: &State, side: Side, out: &mut S) {
    Options::new(data, st, side).offer(out);
}

/// 5.2 and 9.0: the supply moves `side` may make before the action of its full impulse now,
/// each as orders of the moves alone. They go with any action but a pass, so `orders` lists
/// them beside the actions instead of once with each (`Game::legal_additions`); in a limited
/// impulse they are options of their own, with the impulse skipped.
pub fn full_impulse_moves(data: &Data, st: &State, side: Side) -> Listing {
    let mut out = Listing::default();
    if let Phase::Impulse {
        side: s,
        kind: ImpulseKind::Full,
        ..
    } = st.phase
    {
        if s == side {
            let options = Options::new(data, st, side);
            supply_options(
                options.board(),
                options.lines(),
                st,
                side,
                &mut lift(&mut out, supply_moves(None), |s| s),
            );
        }
    }
    out
}

/// The options of one decision, read from a position built once (the board, the supply
/// lines): self-play counts the options and then builds each one it draws, each a pass over
/// the options, and reading the position anew for every pass would cost more than the passes.
pub struct Options<'a> {
    data: &'a Data,
    st: &'a State,
    side: Side,
    board: OnceCell<Board<'a>>,
    lines: OnceCell<SupplyLines>,
    irregular: OnceCell<Irregular>,
}

impl<'a> Options<'a> {
    pub fn new(data: &'a Data, st: &'a State, side: Side) -> Options<'a> {
        Options {
            data,
            st,
            side,
            board: OnceCell::new(),
            lines: OnceCell::new(),
            irregular: OnceCell::new(),
        }
    }

    /// Built on first use: the decisions outside the supply phase and the impulses read no
    /// board.
    fn board(&self) -> &Board<'a> {
        self.board.get_or_init(|| Board::new(self.data, self.st))
    }

    fn lines(&self) -> &SupplyLines {
        self.lines
            .get_or_init(|| SupplyLines::new(self.board(), self.side))
    }

    /// Read only for an impulse.
    fn irregular(&self) -> &Irregular {
        self.irregular
            .get_or_init(|| Irregular::new(self.data, self.st, self.side))
    }

    /// An impulse's options: the actions from `acting`, the position after the moves `fix`
    /// that bring the supplies within their limits and the discards that follow them (each
    /// action then carries those moves, and its words end with `first`), and the supply moves
    /// from this position.
    fn offer_impulse<S: Sink<Orders>>(
        &self,
        acting: &Options,
        kind: ImpulseKind,
        fix: &[SupplyMove],
        first: &str,
        out: &mut S,
    ) {
        let (st, side) = (self.st, self.side);
        let board = self.board();
        let fixing = |mut o: Orders| {
            if o.supply.is_empty() {
                o.supply = fix.to_vec();
            }
            o
        };
        let fix_words = |s: String| {
            if first.is_empty() {
                s
            } else {
                format!("{s}; first {first}")
            }
        };
        if kind == ImpulseKind::Limited {
            out.offer(
                || limited(Action::Skip).into(),
                || "skip the limited impulse (no penalty)".to_string(),
            );
            irregular_options(
                acting,
                limited,
                &mut lift(
                    &mut lift(out, fixing, fix_words),
                    |o| o,
                    |s| format!("limited: {s}"),
                ),
            );
            supply_options(
                board,
                self.lines(),
                st,
                side,
                &mut lift(out, supply_moves(Some(Action::Skip)), |s| {
                    format!("{s}, then skip the limited impulse")
                }),
            );
            full_options(
                acting,
                &mut lift(
                    &mut lift(out, fixing, fix_words),
                    |mut o: Orders| {
                        o.limited = Some(Action::Skip);
                        o
                    },
                    |s| format!("skip the limited impulse, then {s}"),
                ),
            );
        } else {
            full_options(acting, &mut lift(out, fixing, fix_words));
        }
    }

    /// Every option, in the order `orders` shows them.
    pub fn offer<S: Sink<Orders>>(&self, out: &mut S) {
        let (data, st, side) = (self.data, self.st, self.side);
        match &st.phase {
            Phase::Over | Phase::TurnStart => {}
            Phase::Supply { side: s } if *s == side => {
                let board = self.board();
                let lines = self.lines();
                supply_options(
                    board,
                    lines,
                    st,
                    side,
                    &mut lift(out, supply_moves(None), |s| s),
                );
                if out.section() {
                    out.offer(
                        || Orders::default().into(),
                        || "end your supply phase without moving anything".to_string(),
                    );
                }
            }
            Phase::Impulse { side: s, kind, .. } if *s == side => {
                // 5.5 with 10.7 (RULINGS S10): supplies beyond their limits at the start of the
                // impulse (a won battle's spoils) are put right before anything acts, so every
                // action is offered after the moves that do it, worded and ranged from where
                // the moves leave the supplies; the supply options offer the moves themselves.
                if over_limits(self.board(), side) {
                    let fix = self.lines().fix();
                    let mut moved = st.clone();
                    let mut discarded = Vec::new();
                    let mended = supply::move_supplies(
                        data,
                        &mut moved,
                        side,
                        fix,
                        Path::root("supply"),
                        &mut Vec::new(),
                    )
                    .and_then(|()| {
                        supply::enforce_limits(data, &mut moved, side, None, &mut discarded)
                    });
                    if mended.is_ok() {
                        let acting = Options::new(data, &moved, side);
                        let first = first_words(data, fix, &discarded);
                        return self.offer_impulse(&acting, *kind, fix, &first, out);
                    }
                }
                self.offer_impulse(self, *kind, &[], "", out);
            }
            Phase::Battle { attack, .. } if attack.side.other() == side => {
                battle_options(data, st, attack, out);
            }
            Phase::Commit { attack, .. } if attack.side == side => {
                let most = attack.carried.war;
                let commit = || {
                    Open::default().amount("commit", 1, most).with(Orders {
                        commit: Some(CommitRule::Count(most)),
                        ..Orders::default()
                    })
                };
                out.offer(commit, || {
                    format!(
                        "the defender accepted battle: commit war {} of the {most} the attackers carry (10.2)",
                        span(1, most)
                    )
                });
            }
            Phase::Defend { attack, .. } if attack.side.other() == side => {
                let most = st.supplies_at(&attack.to).war;
                let commit = || {
                    Open::default().amount("commit", 0, most).with(Orders {
                        commit: Some(CommitRule::Count(most)),
                        ..Orders::default()
                    })
                };
                out.offer(commit, || {
                    format!(
                        "the attacker has committed its war: commit war {} of the {most} you hold (10.3)",
                        span(0, most)
                    )
                });
            }
            Phase::Decision {
                side: s, question, ..
            } if *s == side => {
                let answer = |a| Orders {
                    answer: Some(a),
                    ..Orders::default()
                };
                match question {
                    Question::NavyZone { zones } => {
                        for z in zones {
                            out.offer(
                                || answer(Answer::NavyZone(*z)).into(),
                                || format!("return the navy to sea zone {z} (12.4)"),
                            );
                        }
                    }
                    Question::Commander { areas } => {
                        for a in areas {
                            out.offer(
                                || answer(Answer::Commander(*a)).into(),
                                || format!("the new commander enters {} (13.4)", data.area(a).name),
                            );
                        }
                    }
                    Question::Unload {
                        army_ports,
                        supply_ports,
                    } => unload_options(
                        data,
                        st,
                        side,
                        army_ports,
                        supply_ports,
                        &mut lift(out, |u| answer(Answer::Unload(u)), |s| s),
                    ),
                    // 5.5 (RULINGS S12): the moves along the attacker's lines, the ones that
                    // put the excess right among them.
                    Question::Excess { .. } => supply_options(
                        self.board(),
                        self.lines(),
                        st,
                        side,
                        &mut lift(out, |m| answer(Answer::Excess(m)), |s| s),
                    ),
                }
            }
            Phase::Supply { .. }
            | Phase::Impulse { .. }
            | Phase::Battle { .. }
            | Phase::Commit { .. }
            | Phase::Defend { .. }
            | Phase::Decision { .. } => {}
        }
    }
}

/// 7.0: the full impulse: passing, an irregular action, or an activation.
fn full_options<S: Sink<Orders>>(acting: &Options, out: &mut S) {
    if out.section() {
        out.offer(
            || full(Action::Pass).into(),
            || "pass the full impulse (the Pass Marker moves back one space)".to_string(),
        );
    }
    let words = |s| format!("full: {s}");
    irregular_options(acting, full, &mut lift(out, |o| o, words));
    let (board, st, side) = (acting.board(), acting.st, acting.side);
    // A march may carry the moves after it (`supply_after`), so the armies' options are whole
    // orders.
    let mut orders = lift(out, |o| o, words);
    army_options(board, st, side, &mut orders);
    naval_options(board, st, side, &mut lift(&mut orders, full, |s| s));
}
