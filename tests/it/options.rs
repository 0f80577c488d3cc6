//! Every order the rules accept is one `orders` lists: in a few small hand-built positions,
//! every order of a bounded space (each action, each area, each amount up to a little beyond
//! what the position holds, every split into groups) is tried, and each one `apply` accepts
//! must lie inside a listed option: the same shape and areas as its example, every open field
//! inside its range (`engine::ranges::covers`).
//!
//! Orders that combine parts of several options (supply moves before an attack, a limited
//! action with a full one, moves on two supply lines) are compositions of listed options and
//! are left out of the spaces, as are retreat lists naming areas the army could never reach.
//! A group's supplies are written out: a group that leaves them out takes what the rules
//! give it by default (5.5), which is one of the amounts written out.

use adjutant::engine::dice::KeyedDice;
use adjutant::engine::game::{Game, LegalOption};
use adjutant::engine::ranges;
use adjutant::games::southern_strategy::orders::{
    Accept, Action, Answer, Attack, BattleDecision, Embark, Group, March, NavyAction, Orders,
    Refuse, SubordinatePlacement, Transport, Unload,
};
use adjutant::games::southern_strategy::state::{
    Army, Cargo, Id, ImpulseKind, LeaderRank, Phase, Question, Side, Stage, State, Supplies,
};
use adjutant::games::southern_strategy::{self as ss, navy, SouthernStrategy};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

pub(crate) fn data() -> ss::data::Data {
    super::support::southern_data()
}

/// An army: area, side, units, leader, food, war.
type Placed = (&'static str, Side, u32, Option<LeaderRank>, u32, u32);

/// The set-up's turn with only `armies` on the map (and no supplies but theirs), at `side`'s
/// full impulse.
pub(crate) fn position(data: &ss::data::Data, side: Side, armies: &[Placed]) -> State {
    let (mut st, _) = SouthernStrategy::setup(data);
    st.armies.clear();
    st.supplies.clear();
    st.navies = Default::default();
    for (area, s, units, leader, food, war) in armies {
        st.armies.insert(
            (*area).into(),
            Army {
                side: *s,
                units: *units,
                leader: *leader,
                dug_in: false,
            },
        );
        st.set_supplies(
            area,
            Supplies {
                food: *food,
                war: *war,
            },
        );
    }
    st.phase = Phase::Impulse {
        side,
        kind: ImpulseKind::Full,
        previous_passed: false,
    };
    st
}

fn json(o: &Orders) -> Value {
    serde_json::to_value(o).unwrap()
}

/// Each listed option with its example orders as JSON, read once, for `ranges::covers`.
pub(crate) fn examples(listed: &[LegalOption]) -> Vec<(Value, &LegalOption)> {
    listed
        .iter()
        .map(|o| {
            let orders: Orders = adjutant::engine::flow::read(&o.example).unwrap();
            (json(&orders), o)
        })
        .collect()
}

/// The orders of `space` the rules accept that no option of `listed` covers; and how many
/// were accepted.
fn uncovered(
    data: &ss::data::Data,
    st: &State,
    side: Side,
    listed: &[LegalOption],
    space: &[Orders],
) -> (Vec<Orders>, usize) {
    let examples = examples(listed);
    let mut missed = Vec::new();
    let mut accepted = 0;
    for orders in space {
        let mut dice = KeyedDice::new(&[7; 32]);
        if SouthernStrategy::apply(data, st, side.name(), orders, None, &mut dice).is_err() {
            continue;
        }
        accepted += 1;
        let o = json(orders);
        if !examples
            .iter()
            .any(|(e, option)| ranges::covers(e, &option.ranges, &o))
        {
            missed.push(orders.clone());
        }
    }
    (missed, accepted)
}

/// Checks that every accepted order of `space` is covered, and that at least `least` were
/// accepted (so the space reaches what it is meant to).
pub(crate) fn check(
    data: &ss::data::Data,
    st: &State,
    side: Side,
    space: Vec<Orders>,
    least: usize,
    what: &str,
) {
    let listed = SouthernStrategy::legal_options(data, st, side.name());
    let (missed, accepted) = uncovered(data, st, side, &listed, &space);
    eprintln!("{what}: {} orders tried, {accepted} accepted", space.len());
    assert!(
        missed.is_empty(),
        "{what}: {} of {accepted} accepted orders are in no listed option, such as\n{}\nlisted:\n{}",
        missed.len(),
        missed
            .iter()
            .take(5)
            .map(|o| serde_json::to_string(o).unwrap())
            .collect::<Vec<_>>()
            .join("\n"),
        listed
            .iter()
            .map(|o| format!("- {}\n  {}\n  {}", o.summary, o.example, serde_json::to_string(&o.ranges).unwrap()))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        accepted >= least,
        "{what}: only {accepted} orders accepted, expected at least {least}"
    );
    check_ranges_accepted(data, st, side, what);
}

/// `v` with `value` written at `path` (keys and list indices, `full.march.groups[0].units`).
fn set_at(v: &mut Value, path: &str, value: Value) {
    let mut at = v;
    for part in path.split('.') {
        let (key, index) = match part.split_once('[') {
            Some((k, i)) => (k, i.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        at = &mut at[key];
        if let Some(i) = index {
            at = &mut at[i];
        }
    }
    *at = value;
}

/// The other way from `check`: every value each range of a listed option holds is one the
/// rules accept, with some values of its other ranges. A range is what the rules could allow
/// (`orders` prints it as the option's amounts: "1-2 units"), so a value no orders of the
/// option can take is a promise the rules then break.
pub(crate) fn check_ranges_accepted(data: &ss::data::Data, st: &State, side: Side, what: &str) {
    let (refused, tried) = refused_range_values(data, st, side);
    assert!(refused.is_empty(), "{what}: {}", refused.join("\n"));
    eprintln!("{what}: {tried} orders inside the listed ranges tried");
}

/// The most orders `refused_range_values` tries for one option: all the values of its ranges
/// together, so an option with more combinations (a split's ranges name each entry of a list
/// of groups) is left out.
const MOST_COMBINATIONS: usize = 400;

/// How many combinations of its ranges' values `refused_range_values` tries for an option with
/// more than `MOST_COMBINATIONS` that it samples.
const SAMPLES: usize = 3000;

/// For each option `orders` lists at `side`'s decision, each value of its ranges that the
/// rules refuse with every value of its other ranges, in words; and how many orders were
/// tried. All the values of an option's ranges are tried together, where they are few enough.
pub(crate) fn refused_range_values(
    data: &ss::data::Data,
    st: &State,
    side: Side,
) -> (Vec<String>, usize) {
    let listed = SouthernStrategy::legal_options(data, st, side.name());
    let mut tried = 0;
    let mut refused = Vec::new();
    for (example, option) in examples(&listed) {
        if option.ranges.iter().any(|r| r.name.contains("[*]")) {
            continue;
        }
        // Each range's values, as JSON.
        let values: Vec<Vec<Value>> = option
            .ranges
            .iter()
            .map(|r| match &r.values {
                ranges::Values::Amount { min, max } => (*min..=*max).map(Value::from).collect(),
                ranges::Values::OneOf { one_of } => one_of.clone(),
            })
            .collect();
        // A march with the move after it (`supply_after`) opens too many ranges to try them all
        // together: a seeded sample of its combinations is tried instead.
        let sampled = values.iter().map(Vec::len).product::<usize>() > MOST_COMBINATIONS;
        if sampled
            && !option
                .ranges
                .iter()
                .any(|r| r.name.starts_with("supply_after"))
        {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut samples = 0;
        let mut taken: Vec<Vec<bool>> = values.iter().map(|v| vec![false; v.len()]).collect();
        // Why each value was refused, the first time.
        let mut why: Vec<Vec<String>> = values
            .iter()
            .map(|v| vec![String::new(); v.len()])
            .collect();
        // Every combination, counted like an odometer.
        let mut pick = vec![0; values.len()];
        loop {
            let mut o = example.clone();
            for (k, r) in option.ranges.iter().enumerate() {
                set_at(&mut o, &r.name, values[k][pick[k]].clone());
            }
            if let Ok(orders) = serde_json::from_value::<Orders>(o) {
                tried += 1;
                let mut dice = KeyedDice::new(&[7; 32]);
                match SouthernStrategy::apply(data, st, side.name(), &orders, None, &mut dice) {
                    Ok(_) => {
                        for (k, &p) in pick.iter().enumerate() {
                            taken[k][p] = true;
                        }
                    }
                    // An action that leaves an excess where its line has room asks for moves
                    // after it (`supply_after`), which `orders` offers beside every action
                    // (5.2, 9.0): the value is taken, with those moves.
                    Err(e) if e.path.as_deref() == Some("supply_after") => {
                        for (k, &p) in pick.iter().enumerate() {
                            taken[k][p] = true;
                        }
                    }
                    Err(e) => {
                        for (k, &p) in pick.iter().enumerate() {
                            if why[k][p].is_empty() {
                                why[k][p] = format!("{} ({})", e.message, e.rule);
                            }
                        }
                    }
                }
            }
            if sampled {
                samples += 1;
                if samples == SAMPLES {
                    break;
                }
                for (p, v) in pick.iter_mut().zip(&values) {
                    *p = (rng.next_u32() as usize) % v.len();
                }
                continue;
            }
            let Some(k) = (0..pick.len()).find(|&k| pick[k] + 1 < values[k].len()) else {
                break;
            };
            pick[k] += 1;
            for p in &mut pick[..k] {
                *p = 0;
            }
        }
        for (k, r) in option.ranges.iter().enumerate() {
            for ((v, ok), why) in values[k].iter().zip(&taken[k]).zip(&why[k]) {
                if !ok {
                    refused.push(format!(
                        "the listed option `{}` holds {v} in `{}`, which the rules refuse with every value of its other ranges, first as: {why}\n{}",
                        option.summary, r.name, option.example
                    ));
                }
            }
        }
    }
    (refused, tried)
}

pub(crate) fn full(a: Action) -> Orders {
    Orders {
        full: Some(a),
        ..Orders::default()
    }
}

/// The areas' ids as strings, as orders write them.
pub(crate) fn ids(areas: &[ss::state::Id]) -> Vec<String> {
    areas.iter().map(|a| a.to_string()).collect()
}

/// `a` and the areas next to it, with one far away (refused wherever adjacency counts).
pub(crate) fn near(data: &ss::data::Data, a: &str) -> Vec<String> {
    let mut v: Vec<String> = data
        .area(a)
        .adjacent
        .iter()
        .map(|b| b.to_string())
        .collect();
    v.push(a.to_string());
    v.push("YRK".to_string());
    v
}

/// Every list of `n` groups to `to`, with units in `units`, leader and Subordinate flags,
/// and food and war each in `food` and `war`.
pub(crate) fn groups(
    n: usize,
    to: &[String],
    units: &[u32],
    food: &[Option<u32>],
    war: &[Option<u32>],
) -> Vec<Vec<Group>> {
    let mut one = Vec::new();
    for t in to {
        for &u in units {
            for leader in [false, true] {
                for subordinate in [false, true] {
                    for &f in food {
                        for &w in war {
                            one.push(Group {
                                to: Id::new(t),
                                units: u,
                                leader,
                                subordinate,
                                food: f,
                                war: w,
                            });
                        }
                    }
                }
            }
        }
    }
    let mut lists: Vec<Vec<Group>> = vec![Vec::new()];
    for _ in 0..n {
        lists = lists
            .into_iter()
            .flat_map(|l| {
                one.iter().map(move |g| {
                    let mut l = l.clone();
                    l.push(g.clone());
                    l
                })
            })
            .collect();
    }
    lists
}

pub(crate) fn marches(from: &str, lists: Vec<Vec<Group>>) -> Vec<Orders> {
    lists
        .into_iter()
        .map(|groups| {
            full(Action::March(March {
                from: Id::new(from),
                groups,
            }))
        })
        .collect()
}

pub(crate) fn some(r: std::ops::RangeInclusive<u32>) -> Vec<Option<u32>> {
    r.map(Some).collect()
}

/// A Crown army with its leader on a Point (Orangeburg) carrying supplies, next to a Patriot
/// army in Charleston and two empty Forts: marches of one group, splits, partial marches with
/// the Subordinate, and attacks with every number of units, War and carried supplies.
#[test]
fn every_accepted_march_and_attack_from_a_point_is_listed() {
    let data = data();
    let st = position(
        &data,
        Side::Crown,
        &[
            ("ORB", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2),
            ("CHS", Side::Patriot, 2, None, 0, 1),
        ],
    );
    let to = near(&data, "ORB");
    let mut space = marches(
        "ORB",
        groups(1, &to, &[0, 1, 2, 3, 4], &some(0..=3), &some(0..=3)),
    );
    let dests: Vec<String> = ["GRB", "MOT", "CHS"].map(String::from).to_vec();
    space.extend(marches(
        "ORB",
        groups(2, &dests, &[1, 2, 3], &some(0..=1), &some(0..=1)),
    ));
    space.extend(marches(
        "ORB",
        groups(3, &dests, &[1], &some(0..=1), &[Some(0)]),
    ));
    check(
        &data,
        &st,
        Side::Crown,
        space,
        100,
        "marches from Orangeburg",
    );

    let mut space = Vec::new();
    for t in &to {
        for units in 0..=4 {
            for war in std::iter::once(None).chain((0..=3).map(Some)) {
                for carry_food in 0..=3 {
                    for carry_war in 0..=3 {
                        for return_after in [false, true] {
                            space.push(full(Action::Attack(Attack {
                                from: "ORB".into(),
                                to: Id::new(t),
                                units,
                                war,
                                carry_food,
                                carry_war,
                                return_after,
                            })));
                        }
                    }
                }
            }
        }
    }
    check(
        &data,
        &st,
        Side::Crown,
        space.clone(),
        10,
        "attacks from Orangeburg",
    );

    // The same attacks after skipping the limited impulse, in one orders.
    let mut st = st;
    st.phase = Phase::Impulse {
        side: Side::Crown,
        kind: ImpulseKind::Limited,
        previous_passed: false,
    };
    for o in &mut space {
        o.limited = Some(Action::Skip);
    }
    check(
        &data,
        &st,
        Side::Crown,
        space,
        10,
        "skip, then attack from Orangeburg",
    );
}

/// A Leader's army on a Point beside a Fort held by its Subordinate Leader's army: groups
/// joining the Subordinate may bring it to four units at most (9.2), and the Subordinate's
/// army marches with its own commander.
#[test]
fn every_accepted_march_beside_a_subordinate_is_listed() {
    let data = data();
    let st = position(
        &data,
        Side::Crown,
        &[
            ("HHS", Side::Crown, 3, Some(LeaderRank::Leader), 2, 1),
            ("GRB", Side::Crown, 2, Some(LeaderRank::Subordinate), 1, 2),
        ],
    );
    let to = near(&data, "HHS");
    let mut space = marches(
        "HHS",
        groups(1, &to, &[1, 2, 3, 4], &some(0..=2), &some(0..=2)),
    );
    let next = &ids(&data.area("HHS").adjacent);
    space.extend(marches(
        "HHS",
        groups(2, next, &[1, 2], &some(0..=1), &some(0..=1)),
    ));
    space.extend(marches(
        "GRB",
        groups(
            1,
            &near(&data, "GRB"),
            &[1, 2, 3],
            &some(0..=2),
            &some(0..=2),
        ),
    ));
    space.extend(marches(
        "GRB",
        groups(
            2,
            &ids(&data.area("GRB").adjacent),
            &[1],
            &some(0..=1),
            &some(0..=1),
        ),
    ));
    check(
        &data,
        &st,
        Side::Crown,
        space,
        100,
        "marches beside the Subordinate in Fort Granby",
    );
}

/// 9.2: a march into an army the Subordinate Leader would then command lists only the units he
/// may have, at most 4 in all. The Subordinate's 2 units at Monck's Corner were offered "1-2
/// units" into Charleston, where 3 units wait without a leader, and 2 were refused; with 4
/// units, 1 may go with him and 3 without him. Each range's values are checked against what
/// the rules accept, and every accepted march is listed.
#[test]
fn a_march_the_subordinate_would_command_lists_only_what_he_may() {
    let data = data();
    for (units, most, with_him) in [(2, "1 unit;", None), (4, "1-3 units (with", Some(1))] {
        let st = position(
            &data,
            Side::Crown,
            &[
                (
                    "MCK",
                    Side::Crown,
                    units,
                    Some(LeaderRank::Subordinate),
                    1,
                    0,
                ),
                ("CHS", Side::Crown, 3, None, 3, 5),
                ("SAV", Side::Crown, 2, Some(LeaderRank::Leader), 1, 0),
            ],
        );
        let what = format!("marches of the Subordinate's {units} units from Monck's Corner");
        check(
            &data,
            &st,
            Side::Crown,
            marches(
                "MCK",
                groups(
                    1,
                    &near(&data, "MCK"),
                    &[1, 2, 3, 4],
                    &some(0..=2),
                    &some(0..=2),
                ),
            ),
            3,
            &what,
        );
        let listed = SouthernStrategy::legal_options(&data, &st, "crown");
        let to_charleston = listed
            .iter()
            .map(|o| o.summary.as_str())
            .find(|s| {
                s.contains("march (9.1) from Monck's Corner") && s.contains(" to Charleston:")
            })
            .unwrap_or_else(|| panic!("{listed:#?}"));
        assert!(
            to_charleston.contains(&format!("to Charleston: {most}")),
            "{what}: {to_charleston}"
        );
        if let Some(n) = with_him {
            assert!(
                to_charleston.contains(&format!("(with the Subordinate Leader, at most {n} unit: he commands at most 4, the 3 units in Charleston included, 9.2)")),
                "{what}: {to_charleston}"
            );
        }
    }
}

/// 9.2: the Subordinate Leader may take the group the Leader leaves only where he would
/// command at most 4 units: into Charlotte, where 3 units wait, 1 unit at most, and into
/// Salisbury, where 4 wait, none. Gates's march from Guilford Courthouse offered him "at most
/// 4 units" into both.
#[test]
fn the_subordinate_taking_a_group_is_offered_only_where_he_may_command_it() {
    let data = data();
    let st = position(
        &data,
        Side::Patriot,
        &[
            ("GLF", Side::Patriot, 4, Some(LeaderRank::Leader), 2, 2),
            ("CLT", Side::Patriot, 3, None, 1, 1),
            ("SBY", Side::Patriot, 4, None, 1, 1),
            ("CHS", Side::Crown, 2, Some(LeaderRank::Leader), 1, 0),
        ],
    );
    let to = near(&data, "GLF");
    let mut space = marches(
        "GLF",
        groups(1, &to, &[1, 2, 3, 4], &some(0..=1), &some(0..=2)),
    );
    let next = &ids(&data.area("GLF").adjacent);
    space.extend(marches(
        "GLF",
        groups(2, next, &[1, 2], &some(0..=1), &some(0..=1)),
    ));
    check(
        &data,
        &st,
        Side::Patriot,
        space,
        50,
        "marches of Gates's army from Guilford Courthouse",
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "patriot");
    let summary = |to: &str| {
        listed
            .iter()
            .map(|o| o.summary.as_str())
            .find(|s| {
                s.starts_with("full: march (9.1) from Guilford Courthouse")
                    && s.contains(&format!(" to {to}:"))
            })
            .unwrap_or_else(|| panic!("{listed:#?}"))
            .to_string()
    };
    let charlotte = summary("Charlotte");
    assert!(
        charlotte.contains("the Subordinate Leader may command the group Gates leaves (at most 1 unit here: he commands at most 4, the 3 units in Charlotte included, 9.2)"),
        "{charlotte}"
    );
    let salisbury = summary("Salisbury");
    assert!(!salisbury.contains("Subordinate"), "{salisbury}");
    let hillsborough = summary("Hillsborough");
    assert!(
        hillsborough.contains(
            "the Subordinate Leader may command the group Gates leaves (at most 3 units)"
        ),
        "{hillsborough}"
    );
    // A split says where he may take fewer.
    let split = listed
        .iter()
        .map(|o| o.summary.as_str())
        .find(|s| s.starts_with("full: split and march (9.1) from Guilford Courthouse"))
        .unwrap_or_else(|| panic!("{listed:#?}"));
    assert!(
        split.contains("the Subordinate Leader may command one group Gates leaves (at most 3 units; at most 1 unit into Charlotte, where 3 units wait, none into Salisbury, where 4 units wait: he commands at most 4, 9.2)"),
        "{split}"
    );
}

/// 11.1 (RULINGS S9): a Patriot army on a Point beside besieged Charleston, where another
/// Patriot army holds out: it may march in, carrying nothing, or elsewhere with its supplies;
/// the march into the siege is offered with no supplies to carry, and a split says so.
#[test]
fn every_accepted_march_beside_a_siege_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Patriot,
        &[
            ("ORB", Side::Patriot, 3, Some(LeaderRank::Leader), 3, 2),
            ("CHS", Side::Patriot, 2, None, 3, 0),
            ("BFT", Side::Crown, 2, None, 0, 0),
            ("MCK", Side::Crown, 2, None, 0, 0),
        ],
    );
    st.sieges.insert("CHS".into());
    let food = some(0..=2);
    let mut space = marches(
        "ORB",
        groups(1, &near(&data, "ORB"), &[1, 2, 3], &food, &food),
    );
    space.extend(marches(
        "ORB",
        groups(
            2,
            &ids(&data.area("ORB").adjacent),
            &[1, 2],
            &some(0..=1),
            &some(0..=1),
        ),
    ));
    check(
        &data,
        &st,
        Side::Patriot,
        space,
        50,
        "marches beside the siege of Charleston",
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "patriot");
    let into = listed
        .iter()
        .find(|o| {
            o.summary.starts_with("full: march (9.1) from Orangeburg")
                && o.summary.contains(" to Charleston:")
        })
        .unwrap_or_else(|| panic!("the march into Charleston is offered: {listed:#?}"));
    assert!(
        into.summary
            .contains("carrying no supplies into the siege (11.1)"),
        "{}",
        into.summary
    );
    for r in &into.ranges {
        let json = serde_json::to_string(r).unwrap();
        assert!(
            !(json.contains(".food") || json.contains(".war")) || json.contains("\"max\":0"),
            "supplies offered into the siege: {json}"
        );
    }
    let split = listed
        .iter()
        .find(|o| {
            o.summary
                .starts_with("full: split and march (9.1) from Orangeburg")
        })
        .expect("a split is offered");
    assert!(
        split
            .summary
            .contains("(none into besieged Charleston, 11.1)"),
        "{}",
        split.summary
    );
}

/// The same army in Charleston under siege: it may attack out (and go back after a victory,
/// 11.3), and do nothing else but dig in.
#[test]
fn every_accepted_attack_out_of_a_siege_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("CHS", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2),
            ("ORB", Side::Patriot, 2, None, 1, 1),
            ("MCK", Side::Patriot, 1, None, 0, 0),
        ],
    );
    st.sieges.insert("CHS".into());
    let mut space = vec![full(Action::DigIn("CHS".into())), full(Action::Pass)];
    for t in near(&data, "CHS") {
        for units in 0..=4 {
            for war in std::iter::once(None).chain((0..=3).map(Some)) {
                for carry_food in 0..=2 {
                    for carry_war in 0..=2 {
                        for return_after in [false, true] {
                            space.push(full(Action::Attack(Attack {
                                from: "CHS".into(),
                                to: Id::new(&t),
                                units,
                                war,
                                carry_food,
                                carry_war,
                                return_after,
                            })));
                        }
                    }
                }
            }
        }
    }
    space.extend(marches(
        "CHS",
        groups(1, &near(&data, "CHS"), &[1, 3], &[Some(0)], &[Some(0)]),
    ));
    check(
        &data,
        &st,
        Side::Crown,
        space,
        20,
        "attacks out of Charleston",
    );
    // Each sortie's snippet shows the field that sends the army back after a victory (11.3),
    // which its words offer.
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let sorties: Vec<&LegalOption> = listed
        .iter()
        .filter(|o| o.summary.contains("attack (9.4)"))
        .collect();
    assert!(
        !sorties.is_empty()
            && sorties
                .iter()
                .all(|o| o.summary.contains("(11.3)") && o.example.contains("return_after: true")),
        "{sorties:#?}"
    );
}

/// The defender of an attack with a leader and supplies: refusing to each area with what it
/// may take, accepting with every commitment and retreat list.
#[test]
fn every_accepted_answer_to_an_attack_is_listed() {
    let data = data();
    let st = position(
        &data,
        Side::Crown,
        &[
            ("ORB", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2),
            ("CHS", Side::Patriot, 4, Some(LeaderRank::Leader), 1, 2),
            ("MCK", Side::Crown, 1, None, 0, 0),
        ],
    );
    let attack = full(Action::Attack(Attack {
        from: "ORB".into(),
        to: "CHS".into(),
        units: 3,
        war: Some(2),
        carry_food: 1,
        carry_war: 0,
        return_after: false,
    }));
    let (st, _) = SouthernStrategy::apply(
        &data,
        &st,
        "crown",
        &attack,
        None,
        &mut KeyedDice::new(&[1; 32]),
    )
    .unwrap();
    assert!(matches!(st.phase, Phase::Battle { .. }));
    let battle = |b| Orders {
        battle: Some(b),
        ..Orders::default()
    };
    let around = near(&data, "CHS");
    let mut space = Vec::new();
    for to in &around {
        for food in 0..=2 {
            for war in 0..=3 {
                space.push(battle(BattleDecision::Refuse(Refuse {
                    to: Id::new(to),
                    food,
                    war,
                })));
            }
        }
    }
    // 10.7 (RULINGS B4): an area an enemy army holds (Monck's Corner) is never open to the
    // retreat, so the options leave it out; a list naming it is still accepted, and the
    // retreat passes over it (the case `battle-retreat-fallback-first-legal`).
    let next: Vec<&Id> = data
        .area("CHS")
        .adjacent
        .iter()
        .filter(|a| a.as_str() != "MCK")
        .collect();
    let mut retreats: Vec<Vec<Id>> = vec![Vec::new()];
    for a in &next {
        retreats.push(vec![Id::new(a)]);
        for b in &next {
            retreats.push(vec![Id::new(a), Id::new(b)]);
        }
    }
    for commit in 0..=3 {
        for retreat in &retreats {
            space.push(battle(BattleDecision::Accept(Accept {
                commit: adjutant::games::southern_strategy::orders::CommitRule::Count(commit),
                retreat: retreat.clone(),
            })));
        }
    }
    check(
        &data,
        &st,
        Side::Patriot,
        space,
        20,
        "answers to an attack on Charleston",
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "patriot");
    assert!(
        listed
            .iter()
            .all(|o| !o.summary.contains("Monck") || o.summary.starts_with("refuse")),
        "an enemy-held area offered for a retreat: {listed:#?}"
    );
}

/// A Crown army with its leader in a port off which the Crown navy lies: Transport with
/// every part of the army and its supplies to every zone, and the navy's own moves.
#[test]
fn every_accepted_transport_and_naval_action_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("SAV", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2),
            ("SUN", Side::Crown, 1, Some(LeaderRank::Subordinate), 1, 0),
        ],
    );
    st.navies.crown = Some("D".into());
    st.navies.french = Some("A".into());
    let zones = ["A", "B", "C", "D"];
    let mut space = Vec::new();
    for from in ["SAV", "SUN", "BFT", "EBN"] {
        for units in 0..=4 {
            for to_zone in zones {
                for food in 0..=3 {
                    for war in 0..=3 {
                        space.push(full(Action::Transport(Transport::Embark(Embark {
                            from: from.into(),
                            units,
                            to_zone: to_zone.into(),
                            food,
                            war,
                        }))));
                    }
                }
            }
        }
    }
    for z in zones {
        space.push(full(Action::Navy(NavyAction::Move(z.into()))));
    }
    space.push(full(Action::Navy(NavyAction::Battle)));
    check(
        &data,
        &st,
        Side::Crown,
        space,
        25,
        "transport out of Savannah and Sunbury",
    );

    // 9.2 with 9.3: with the Subordinate Leader off the map, the Leader's army may place him
    // as it sails, in command of the units left in port or of those aboard.
    let mut placing = st.clone();
    placing.armies.remove("SUN");
    let mut space = Vec::new();
    for units in 0..=4 {
        for subordinate in [SubordinatePlacement::Stays, SubordinatePlacement::Aboard] {
            for (food, war) in [(0, 0), (1, 2), (2, 2)] {
                space.push(full(Action::Transport(Transport::EmbarkPlacing {
                    embark: Embark {
                        from: "SAV".into(),
                        units,
                        to_zone: "C".into(),
                        food,
                        war,
                    },
                    subordinate,
                })));
            }
        }
    }
    check(
        &data,
        &placing,
        Side::Crown,
        space,
        12,
        "transport out of Savannah placing the Subordinate Leader",
    );

    // At sea with an army aboard, beside the French navy: landing, and a sea battle.
    st.armies.remove("SAV");
    st.navies.crown = Some("C".into());
    st.navies.french = Some("C".into());
    st.navies.cargo.insert(
        Side::Crown,
        Cargo {
            units: 3,
            leader: Some(LeaderRank::Leader),
            food: 1,
            war: 1,
        },
    );
    let mut space: Vec<Orders> = data
        .areas()
        .map(|a| full(Action::Transport(Transport::Land(Id::new(&a.id)))))
        .collect();
    for z in zones {
        space.push(full(Action::Navy(NavyAction::Move(z.into()))));
    }
    space.push(full(Action::Navy(NavyAction::Battle)));
    check(
        &data,
        &st,
        Side::Crown,
        space,
        1,
        "an army at sea beside the French navy",
    );
    st.navies.french = Some("A".into());
    let space: Vec<Orders> = data
        .areas()
        .map(|a| full(Action::Transport(Transport::Land(Id::new(&a.id)))))
        .collect();
    check(
        &data,
        &st,
        Side::Crown,
        space,
        2,
        "an army at sea off South Carolina",
    );
}

/// 12.3: the Crown navy leaves for the winter with an army and supplies aboard: every
/// landing of each, anywhere or nowhere.
#[test]
fn every_accepted_landing_before_the_winter_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("CHS", Side::Crown, 2, None, 1, 0),
            ("SAV", Side::Patriot, 2, None, 0, 0),
        ],
    );
    st.navies.crown = Some("C".into());
    st.navies.french = Some("B".into());
    st.navies.cargo.insert(
        Side::Crown,
        Cargo {
            units: 2,
            leader: Some(LeaderRank::Leader),
            food: 2,
            war: 1,
        },
    );
    st.phase = Phase::Decision {
        side: Side::Crown,
        question: Question::Unload {
            army_ports: navy::winter_army_ports(&data, &st, Side::Crown),
            supply_ports: navy::supply_ports(&data, &st, Side::Crown),
        },
        resume: Stage::WinterRemoval,
    };
    let places: Vec<Option<Id>> = std::iter::once(None)
        .chain(data.areas().map(|a| Some(a.id)))
        .collect();
    let mut space = Vec::new();
    for army in &places {
        for supplies in &places {
            space.push(Orders {
                answer: Some(Answer::Unload(Unload {
                    army: *army,
                    supplies: *supplies,
                })),
                ..Orders::default()
            });
        }
    }
    check(
        &data,
        &st,
        Side::Crown,
        space,
        8,
        "landing the cargo before the winter",
    );
}

/// The test above can fail: without the option for splitting an army, the splits the rules
/// accept are found uncovered.
#[test]
fn an_order_no_listed_option_covers_is_found() {
    let data = data();
    let st = position(
        &data,
        Side::Crown,
        &[("ORB", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2)],
    );
    let dests: Vec<String> = ["GRB", "MOT"].map(String::from).to_vec();
    let space = marches(
        "ORB",
        groups(2, &dests, &[1, 2], &some(0..=1), &some(0..=1)),
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let (missed, accepted) = uncovered(&data, &st, Side::Crown, &listed, &space);
    assert!(accepted > 0 && missed.is_empty());
    let without_splits: Vec<LegalOption> = listed
        .into_iter()
        .filter(|o| !o.summary.contains("split"))
        .collect();
    let (missed, _) = uncovered(&data, &st, Side::Crown, &without_splits, &space);
    assert_eq!(missed.len(), accepted);
}

/// 5.5 with 10.7 (RULINGS S10): supplies beyond their limits at the start of an impulse (a
/// won battle's spoils) must be moved on before anything acts. `orders` offered only the moves
/// and then skipping the limited impulse, and in a full impulse nothing at all ("no decision to
/// make"), though orders moving the excess and then acting were legal: every action is now
/// offered after the moves that bring the lines within their limits.
#[test]
fn every_action_is_offered_after_the_moves_an_excess_needs() {
    let data = data();
    // Monck's Corner (a Point) holds 2 food and 2 war for 1 unit, 2 over its limit of 2;
    // Charleston beside it has room.
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("MCK", Side::Crown, 1, None, 2, 2),
            ("CHS", Side::Crown, 3, Some(LeaderRank::Leader), 2, 1),
        ],
    );
    for kind in [ImpulseKind::Full, ImpulseKind::Limited] {
        st.phase = Phase::Impulse {
            side: Side::Crown,
            kind,
            previous_passed: false,
        };
        let listed = SouthernStrategy::legal_options(&data, &st, "crown");
        let marches: Vec<&str> = listed
            .iter()
            .map(|o| o.summary.as_str())
            .filter(|s| s.contains("march (9.1) from Charleston"))
            .collect();
        assert!(!marches.is_empty(), "{kind:?}: {listed:#?}");
        assert!(
            marches.iter().all(|s| s.contains(
                "; first moving 2 food from Monck's Corner to Charleston to bring the supplies within their limits (5.5)"
            )),
            "{kind:?}: {marches:#?}"
        );
        // The actions are worded and ranged from where the moves leave the supplies: the
        // march from Charleston may carry the Food brought to it.
        assert!(
            marches
                .iter()
                .all(|s| s.contains("Charleston (3 units with Cornwallis, 4 food 1 war)")),
            "{kind:?}: {marches:#?}"
        );
    }
}

/// 5.5 with S10: a single supply over the limit "is" discarded, not "are" ("first 1 war over
/// the limit are discarded in Ebenezer"). Cornwallis's 3 units on Ebenezer carry 2 food and 3
/// war, one over the 4 they may carry, with no friendly area on their line to take it.
#[test]
fn one_supply_over_the_limit_is_discarded_in_the_singular() {
    let data = data();
    let st = position(
        &data,
        Side::Crown,
        &[("EBN", Side::Crown, 3, Some(LeaderRank::Leader), 2, 3)],
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let discards: Vec<&str> = listed
        .iter()
        .map(|o| o.summary.as_str())
        .filter(|s| s.contains("over the limit"))
        .collect();
    assert!(!discards.is_empty(), "{listed:#?}");
    for s in discards {
        assert!(
            s.contains("first 1 war over the limit is discarded in Ebenezer (5.5)"),
            "{s}"
        );
    }
}

/// 5.5 with S10: an excess that cannot be moved (a City alone on its line) is discarded, War
/// first, before anything acts, so the attack is offered with what is left and its words say
/// what goes.
#[test]
fn actions_are_offered_with_what_a_discard_leaves() {
    let data = data();
    // Charleston holds 4 food and 6 war, 2 over the limit of 8, and no friendly army beside it.
    let st = position(
        &data,
        Side::Crown,
        &[
            ("CHS", Side::Crown, 6, Some(LeaderRank::Leader), 4, 6),
            ("MCK", Side::Patriot, 2, None, 0, 0),
        ],
    );
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let open: Vec<&LegalOption> = listed
        .iter()
        .filter(|o| {
            o.summary
                .contains("attack (9.4) Monck's Corner from Charleston committing war openly")
        })
        .collect();
    assert_eq!(open.len(), 1, "{listed:#?}");
    assert!(
        open[0].summary.contains("war 1-4,")
            && open[0]
                .summary
                .contains("first 2 war over the limit are discarded in Charleston (5.5)"),
        "{:#?}",
        open[0]
    );
    // Orders that count on the discarded War are refused, saying it went first.
    let all_war = full(Action::Attack(Attack {
        from: "CHS".into(),
        to: "MCK".into(),
        units: 6,
        war: Some(6),
        carry_food: 0,
        carry_war: 0,
        return_after: false,
    }));
    let e = SouthernStrategy::apply(
        &data,
        &st,
        "crown",
        &all_war,
        None,
        &mut KeyedDice::new(&[0; 32]),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .ends_with("; first the limits discarded 2 war in `Charleston` (5.5)"),
        "{e}"
    );
}

/// Every value of every range `orders` lists is one the rules accept with some values of the
/// option's other ranges, at positions seeded games reach: every fifth decision of two games,
/// each side's. The hand-built positions above try the marches; these reach the transports,
/// the supply moves, the answers to an attack and the skirmishes too.
#[test]
fn every_value_of_a_listed_range_is_accepted_in_seeded_games() {
    let data = data();
    let mut positions = Vec::new();
    let mut k = 0;
    adjutant::engine::selfplay::run_observed::<SouthernStrategy>(
        &data,
        2,
        std::time::Duration::from_secs(600),
        |st, _| {
            k += 1;
            if k % 5 == 0 {
                positions.push(st.clone());
            }
        },
    );
    let mut found = Vec::new();
    let mut tried = 0;
    for st in &positions {
        let Some(side) = SouthernStrategy::deciding(&data, st) else {
            continue;
        };
        let side = Side::parse(&side).unwrap();
        let (refused, n) = refused_range_values(&data, st, side);
        tried += n;
        found.extend(refused);
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "{} of the listed ranges' values are refused, such as\n{}",
        found.len(),
        found.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
    // The positions reached decisions with amounts to try.
    assert!(tried > 1000, "only {tried} orders tried");
}
