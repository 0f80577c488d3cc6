//! The draw of an option's open fields (`engine::ranges`) that self-play and the bot make,
//! written straight into the typed Southern Strategy orders. The JSON draw writes the orders
//! out, draws into them and reads them back, which took about a tenth of self-play's time.
//!
//! The typed draw gives the very orders the JSON draw gives from the same random stream. Each
//! range takes its numbers with the same calls (`ranges::uniform`, `ranges::pick`), once for
//! each field it names, in the same order. A field the orders do not hold (an attack's units
//! when the orders march) draws nothing. A field the JSON form leaves out (a `return_after`
//! that is no) is written all the same, as the JSON draw adds a missing last key. Where the
//! typed draw could not be sure to match, the whole draw goes through JSON: a range name it
//! does not know, values of another kind than the field's, no values at all, an empty list
//! whose length is open, or two lengths drawn for one list.

use std::borrow::Cow;
use std::cell::Cell;

use rand_chacha::rand_core::Rng;
use serde_json::Value;

use super::orders::{
    Accept, Action, Answer, Attack, BattleDecision, CommitRule, Embark, Group, Orders, Refuse,
    Skirmish, SupplyMove, Transport, Unload,
};
use super::state::Id;
use crate::engine::ranges::{self, Draw, Range, Values};

impl Draw for Orders {
    fn draw_open(&self, ranges: &[Range], rng: &mut impl Rng) -> Option<Self> {
        let Some(plan) = plan(self, ranges) else {
            return ranges::draw_json(self, ranges, rng);
        };
        let mut o = self.clone();
        for step in plan.iter().flatten() {
            step.draw(&mut o, rng);
        }
        Some(o)
    }
}

/// The most ranges the typed draw plans for (an option opens at most seven); more go through
/// the JSON draw. The plan is kept on the stack: self-play draws at most steps, and two lists
/// allocated at each draw cost about a tenth of it.
const MOST_STEPS: usize = 8;

/// Which entries of a list a range names: the first (`[0]`) or each in turn (`[*]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entries {
    First,
    Each,
}

/// A field the typed draw knows, by the kind of value it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Number(Number),
    Area(Area),
    MaybeArea(MaybeArea),
    Flag(Flag),
    /// How many entries a list has.
    Length(List),
}

/// A field holding a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    /// `commit`.
    Commit,
    /// `battle.refuse.food`.
    RefuseFood,
    /// `battle.refuse.war`.
    RefuseWar,
    /// `battle.accept.commit`.
    AcceptCommit,
    /// `supply[0].food`, `supply[*].food`.
    SupplyFood(Entries),
    /// `supply[0].war`, `supply[*].war`.
    SupplyWar(Entries),
    /// `full.skirmish.units`.
    SkirmishUnits,
    /// `full.skirmish.war`.
    SkirmishWar,
    /// `full.march.groups[0].units`, `full.march.groups[*].units`.
    GroupUnits(Entries),
    /// `full.march.groups[0].food`, `full.march.groups[*].food`.
    GroupFood(Entries),
    /// `full.march.groups[0].war`, `full.march.groups[*].war`.
    GroupWar(Entries),
    /// `full.attack.units`.
    AttackUnits,
    /// `full.attack.war`.
    AttackWar,
    /// `full.attack.carry_food`.
    AttackCarryFood,
    /// `full.attack.carry_war`.
    AttackCarryWar,
    /// `full.transport.embark.units`.
    EmbarkUnits,
    /// `full.transport.embark.food`.
    EmbarkFood,
    /// `full.transport.embark.war`.
    EmbarkWar,
}

/// A field holding the id of an area or a sea zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Area {
    /// `battle.refuse.to`.
    RefuseTo,
    /// `battle.accept.retreat[*]`.
    Retreat,
    /// `supply[0].from`, `supply[*].from`.
    SupplyFrom(Entries),
    /// `supply[0].to`, `supply[*].to`.
    SupplyTo(Entries),
    /// `full.march.groups[0].to`, `full.march.groups[*].to`.
    GroupTo(Entries),
    /// `full.transport.embark.to_zone`.
    EmbarkZone,
}

/// A field holding the id of an area, or nothing (`null`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MaybeArea {
    /// `answer.unload.army`.
    UnloadArmy,
    /// `answer.unload.supplies`.
    UnloadSupplies,
}

/// A field holding yes or no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flag {
    /// `full.march.groups[0].leader`, `full.march.groups[*].leader`.
    GroupLeader(Entries),
    /// `full.march.groups[0].subordinate`, `full.march.groups[*].subordinate`.
    GroupSubordinate(Entries),
    /// `full.attack.return_after`.
    ReturnAfter,
}

/// A list whose length a range may draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    /// `supply`.
    Supply,
    /// `full.march.groups`.
    Groups,
    /// `battle.accept.retreat`.
    Retreat,
}

/// `name` split into an entry of the list `list` and the key in it: `supply[0].food` is the
/// first entry of `supply` and `food`.
fn in_list<'n>(name: &'n str, list: &str) -> Option<(Entries, &'n str)> {
    let rest = name.strip_prefix(list)?;
    if let Some(key) = rest.strip_prefix("[0].") {
        Some((Entries::First, key))
    } else {
        rest.strip_prefix("[*].").map(|key| (Entries::Each, key))
    }
}

/// `read` of the range's name, remembered for the names written in the rules' code: self-play draws the same few
/// dozen names again and again, and reading one took about a fifth of a draw. A name borrowed
/// for the life of the program never changes, so where its text lies and its length tell
/// which it is; a name made at run time is read every time.
fn field_of(range: &Range) -> Option<Field> {
    const SLOTS: usize = 64;
    type Slot = Cell<Option<(usize, usize, Option<Field>)>>;
    thread_local! {
        static SEEN: [Slot; SLOTS] = const { [const { Cell::new(None) }; SLOTS] };
    }
    let Cow::Borrowed(text) = range.name else {
        return read(&range.name);
    };
    let (at, n) = (text.as_ptr() as usize, text.len());
    SEEN.with(|seen| {
        let slot = &seen[(at ^ (at >> 6) ^ n) % SLOTS];
        match slot.get() {
            Some((a, b, field)) if (a, b) == (at, n) => field,
            _ => {
                let field = read(text);
                slot.set(Some((at, n, field)));
                field
            }
        }
    })
}

/// The field a range's name (its path in the orders' JSON form) names, when the typed draw
/// knows it.
fn read(name: &str) -> Option<Field> {
    use Field::*;
    if let Some((e, key)) = in_list(name, "supply") {
        return Some(match key {
            "from" => Area(self::Area::SupplyFrom(e)),
            "to" => Area(self::Area::SupplyTo(e)),
            "food" => Number(self::Number::SupplyFood(e)),
            "war" => Number(self::Number::SupplyWar(e)),
            _ => return None,
        });
    }
    if let Some((e, key)) = in_list(name, "full.march.groups") {
        return Some(match key {
            "to" => Area(self::Area::GroupTo(e)),
            "units" => Number(self::Number::GroupUnits(e)),
            "food" => Number(self::Number::GroupFood(e)),
            "war" => Number(self::Number::GroupWar(e)),
            "leader" => Flag(self::Flag::GroupLeader(e)),
            "subordinate" => Flag(self::Flag::GroupSubordinate(e)),
            _ => return None,
        });
    }
    Some(match name {
        "commit" => Number(self::Number::Commit),
        "battle.refuse.to" => Area(self::Area::RefuseTo),
        "battle.refuse.food" => Number(self::Number::RefuseFood),
        "battle.refuse.war" => Number(self::Number::RefuseWar),
        "battle.accept.commit" => Number(self::Number::AcceptCommit),
        "battle.accept.retreat" => Length(List::Retreat),
        "battle.accept.retreat[*]" => Area(self::Area::Retreat),
        "supply" => Length(List::Supply),
        "full.march.groups" => Length(List::Groups),
        "full.skirmish.units" => Number(self::Number::SkirmishUnits),
        "full.skirmish.war" => Number(self::Number::SkirmishWar),
        "full.attack.units" => Number(self::Number::AttackUnits),
        "full.attack.war" => Number(self::Number::AttackWar),
        "full.attack.carry_food" => Number(self::Number::AttackCarryFood),
        "full.attack.carry_war" => Number(self::Number::AttackCarryWar),
        "full.attack.return_after" => Flag(self::Flag::ReturnAfter),
        "full.transport.embark.to_zone" => Area(self::Area::EmbarkZone),
        "full.transport.embark.units" => Number(self::Number::EmbarkUnits),
        "full.transport.embark.food" => Number(self::Number::EmbarkFood),
        "full.transport.embark.war" => Number(self::Number::EmbarkWar),
        "answer.unload.army" => MaybeArea(self::MaybeArea::UnloadArmy),
        "answer.unload.supplies" => MaybeArea(self::MaybeArea::UnloadSupplies),
        _ => return None,
    })
}

/// What one range draws, in the typed orders.
#[derive(Debug, Clone, Copy)]
enum Step<'r> {
    /// A number from `min` to `max` for each field.
    Number(Number, u32, u32),
    /// One of these area ids for each field; they are all text, and there is at least one.
    Area(Area, &'r [Value]),
    /// One of these for each field; they are all text or `null`, and there is at least one.
    MaybeArea(MaybeArea, &'r [Value]),
    /// One of these for each field; they are all `true` or `false`, and there is at least one.
    Flag(Flag, &'r [Value]),
    /// A length from `min` to `max` for the list.
    Length(List, u32, u32),
}

/// The steps that draw `ranges` into `orders` exactly as the JSON draw would, in order, or
/// `None` when the typed draw cannot be sure of that and the JSON draw must do it.
fn plan<'r>(orders: &Orders, ranges: &'r [Range]) -> Option<[Option<Step<'r>>; MOST_STEPS]> {
    if ranges.len() > MOST_STEPS {
        return None;
    }
    let mut steps = [None; MOST_STEPS];
    for (step, r) in steps.iter_mut().zip(ranges) {
        *step = Some(match (field_of(r)?, &r.values) {
            (Field::Number(n), Values::Amount { min, max }) => Step::Number(n, *min, *max),
            // A list grows by copies of its first entry, so an empty one would grow by `null`
            // entries, which are no orders. A second length for the same list could find it
            // emptied by the first.
            (Field::Length(l), Values::Amount { min, max }) => {
                let lengths = ranges
                    .iter()
                    .filter(|r| field_of(r) == Some(Field::Length(l)));
                if lengths.count() != 1 || len(orders, l) == Some(0) {
                    return None;
                }
                Step::Length(l, *min, *max)
            }
            // A `one_of` with no values draws nothing, but the JSON draw still adds the field
            // as `null`, which a yes-or-no field does not read.
            (Field::Area(a), Values::OneOf { one_of })
                if !one_of.is_empty() && one_of.iter().all(Value::is_string) =>
            {
                Step::Area(a, one_of)
            }
            (Field::MaybeArea(a), Values::OneOf { one_of })
                if !one_of.is_empty() && one_of.iter().all(|v| v.is_string() || v.is_null()) =>
            {
                Step::MaybeArea(a, one_of)
            }
            (Field::Flag(f), Values::OneOf { one_of })
                if !one_of.is_empty() && one_of.iter().all(Value::is_boolean) =>
            {
                Step::Flag(f, one_of)
            }
            _ => return None,
        });
    }
    Some(steps)
}

impl Step<'_> {
    /// Draws this step's values from `rng` and writes them into `o`.
    fn draw(&self, o: &mut Orders, rng: &mut impl Rng) {
        match *self {
            Step::Number(field, min, max) => field.write(o, &mut || ranges::uniform(rng, min, max)),
            Step::Area(field, values) => field.write(o, &mut || {
                let v = &values[picked(rng, values)];
                Id::new(v.as_str().expect("the plan keeps areas as text"))
            }),
            Step::MaybeArea(field, values) => {
                field.write(o, &mut || values[picked(rng, values)].as_str().map(Id::new))
            }
            Step::Flag(field, values) => field.write(o, &mut || {
                let v = &values[picked(rng, values)];
                v.as_bool().expect("the plan keeps yes or no as booleans")
            }),
            // As in the JSON draw, a list the orders do not hold draws nothing.
            Step::Length(list, min, max) => {
                if len(o, list).is_some() {
                    let n = ranges::uniform(rng, min, max) as usize;
                    match list {
                        List::Supply => resize(&mut o.supply, n),
                        List::Groups => {
                            if let Some(Action::March(m)) = &mut o.full {
                                resize(&mut m.groups, n);
                            }
                        }
                        List::Retreat => {
                            if let Some(a) = accept(o) {
                                resize(&mut a.retreat, n);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The index of the value a `one_of` range takes.
fn picked(rng: &mut impl Rng, values: &[Value]) -> usize {
    ranges::pick(rng, values.len()).expect("the plan keeps only ranges with values")
}

/// As the JSON draw resizes a list: it grows by copies of its first entry and shrinks from its
/// end. The plan leaves an empty list to the JSON draw.
fn resize<T: Clone>(items: &mut Vec<T>, n: usize) {
    if let Some(first) = items.first().cloned() {
        items.resize(n, first);
    }
}

/// How many entries `list` has in `o`, or `None` when `o` has no such list (its path leads
/// nowhere). The supply moves are always there, as the JSON form leaves them out only when
/// there are none.
fn len(o: &Orders, list: List) -> Option<usize> {
    match (list, &o.full, &o.battle) {
        (List::Supply, ..) => Some(o.supply.len()),
        (List::Groups, Some(Action::March(m)), _) => Some(m.groups.len()),
        (List::Retreat, _, Some(BattleDecision::Accept(a))) => Some(a.retreat.len()),
        _ => None,
    }
}

/// The entries of `items` that `e` names.
fn entries<T>(items: &mut [T], e: Entries) -> &mut [T] {
    match e {
        Entries::First => {
            let first = items.len().min(1);
            &mut items[..first]
        }
        Entries::Each => items,
    }
}

/// The march's groups that `e` names; none when the full action is no march.
fn groups(o: &mut Orders, e: Entries) -> &mut [Group] {
    match &mut o.full {
        Some(Action::March(m)) => entries(&mut m.groups, e),
        _ => &mut [],
    }
}

/// The supply moves that `e` names.
fn supply(o: &mut Orders, e: Entries) -> &mut [SupplyMove] {
    entries(&mut o.supply, e)
}

fn refuse(o: &mut Orders) -> Option<&mut Refuse> {
    match &mut o.battle {
        Some(BattleDecision::Refuse(r)) => Some(r),
        _ => None,
    }
}

fn accept(o: &mut Orders) -> Option<&mut Accept> {
    match &mut o.battle {
        Some(BattleDecision::Accept(a)) => Some(a),
        _ => None,
    }
}

fn skirmish(o: &mut Orders) -> Option<&mut Skirmish> {
    match &mut o.full {
        Some(Action::Skirmish(s)) => Some(s),
        _ => None,
    }
}

fn attack(o: &mut Orders) -> Option<&mut Attack> {
    match &mut o.full {
        Some(Action::Attack(a)) => Some(a),
        _ => None,
    }
}

/// The embarkation of a Transport, with or without the Subordinate Leader's placing.
fn embark(o: &mut Orders) -> Option<&mut Embark> {
    match &mut o.full {
        Some(Action::Transport(
            Transport::Embark(e) | Transport::EmbarkPlacing { embark: e, .. },
        )) => Some(e),
        _ => None,
    }
}

fn unload(o: &mut Orders) -> Option<&mut Unload> {
    match &mut o.answer {
        Some(Answer::Unload(u)) => Some(u),
        _ => None,
    }
}

impl Number {
    /// Writes `next()` into each field this names in `o`, entries in order, and nothing where
    /// `o` has no such field.
    fn write(self, o: &mut Orders, next: &mut impl FnMut() -> u32) {
        match self {
            Number::Commit => o.commit = Some(CommitRule::Count(next())),
            Number::AcceptCommit => {
                if let Some(a) = accept(o) {
                    a.commit = CommitRule::Count(next());
                }
            }
            Number::AttackWar => {
                if let Some(a) = attack(o) {
                    a.war = Some(next());
                }
            }
            Number::SupplyFood(e) => supply(o, e).iter_mut().for_each(|m| m.food = next()),
            Number::SupplyWar(e) => supply(o, e).iter_mut().for_each(|m| m.war = next()),
            Number::GroupUnits(e) => groups(o, e).iter_mut().for_each(|g| g.units = next()),
            Number::GroupFood(e) => groups(o, e).iter_mut().for_each(|g| g.food = Some(next())),
            Number::GroupWar(e) => groups(o, e).iter_mut().for_each(|g| g.war = Some(next())),
            single => {
                if let Some(field) = single.field(o) {
                    *field = next();
                }
            }
        }
    }

    /// The one plain number this names in `o`, where `o` has it. The fields `write` fills in
    /// itself (lists, and numbers held in an `Option` or a `CommitRule`) have none here.
    fn field(self, o: &mut Orders) -> Option<&mut u32> {
        match self {
            Number::RefuseFood => refuse(o).map(|r| &mut r.food),
            Number::RefuseWar => refuse(o).map(|r| &mut r.war),
            Number::SkirmishUnits => skirmish(o).map(|s| &mut s.units),
            Number::SkirmishWar => skirmish(o).map(|s| &mut s.war),
            Number::AttackUnits => attack(o).map(|a| &mut a.units),
            Number::AttackCarryFood => attack(o).map(|a| &mut a.carry_food),
            Number::AttackCarryWar => attack(o).map(|a| &mut a.carry_war),
            Number::EmbarkUnits => embark(o).map(|e| &mut e.units),
            Number::EmbarkFood => embark(o).map(|e| &mut e.food),
            Number::EmbarkWar => embark(o).map(|e| &mut e.war),
            Number::Commit
            | Number::AcceptCommit
            | Number::AttackWar
            | Number::SupplyFood(_)
            | Number::SupplyWar(_)
            | Number::GroupUnits(_)
            | Number::GroupFood(_)
            | Number::GroupWar(_) => None,
        }
    }
}

impl Area {
    /// Writes `next()` into each field this names in `o`, entries in order, and nothing where
    /// `o` has no such field.
    fn write(self, o: &mut Orders, next: &mut impl FnMut() -> Id) {
        match self {
            Area::RefuseTo => {
                if let Some(r) = refuse(o) {
                    r.to = next();
                }
            }
            Area::Retreat => {
                if let Some(a) = accept(o) {
                    a.retreat.iter_mut().for_each(|to| *to = next());
                }
            }
            Area::SupplyFrom(e) => supply(o, e).iter_mut().for_each(|m| m.from = next()),
            Area::SupplyTo(e) => supply(o, e).iter_mut().for_each(|m| m.to = next()),
            Area::GroupTo(e) => groups(o, e).iter_mut().for_each(|g| g.to = next()),
            Area::EmbarkZone => {
                if let Some(e) = embark(o) {
                    e.to_zone = next();
                }
            }
        }
    }
}

impl MaybeArea {
    /// Writes `next()` into the field this names in `o`, and nothing where `o` has no such
    /// field.
    fn write(self, o: &mut Orders, next: &mut impl FnMut() -> Option<Id>) {
        if let Some(u) = unload(o) {
            match self {
                MaybeArea::UnloadArmy => u.army = next(),
                MaybeArea::UnloadSupplies => u.supplies = next(),
            }
        }
    }
}

impl Flag {
    /// Writes `next()` into each field this names in `o`, entries in order, and nothing where
    /// `o` has no such field.
    fn write(self, o: &mut Orders, next: &mut impl FnMut() -> bool) {
        match self {
            Flag::GroupLeader(e) => groups(o, e).iter_mut().for_each(|g| g.leader = next()),
            Flag::GroupSubordinate(e) => {
                groups(o, e).iter_mut().for_each(|g| g.subordinate = next());
            }
            Flag::ReturnAfter => {
                if let Some(a) = attack(o) {
                    a.return_after = next();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
