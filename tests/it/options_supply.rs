//! `options.rs` continued: every supply move, skirmish and irregular action the rules accept
//! in a few hand-built positions lies inside an option `orders` lists.

use adjutant::games::southern_strategy::orders::{Action, Orders, Raid, Skirmish, SupplyMove};
use adjutant::games::southern_strategy::state::{
    Cargo, Id, ImpulseKind, LeaderRank, Partisans, Phase, Side, State, Supplies,
};

use super::options::{check, data, full, groups, ids, marches, near, position, some};

/// Moves along a short supply line (Savannah - Ebenezer - Augusta, with Sunbury off the
/// navy's zone), in the supply phase and before skipping a limited impulse; and, where two
/// areas are over their limits, the lists of moves that mend them.
#[test]
fn every_accepted_supply_move_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("SAV", Side::Crown, 1, None, 3, 2),
            ("EBN", Side::Crown, 2, None, 1, 0),
            ("AUG", Side::Crown, 1, None, 0, 1),
            ("SUN", Side::Crown, 1, None, 0, 0),
        ],
    );
    st.navies.crown = Some("D".into());
    st.navies.cargo.insert(
        Side::Crown,
        Cargo {
            food: 1,
            war: 1,
            ..Cargo::default()
        },
    );
    let places = ["SAV", "EBN", "AUG", "SUN", "D", "C", "BFT"];
    let mut moves = Vec::new();
    for from in places {
        for to in places {
            for food in 0..=4 {
                for war in 0..=3 {
                    moves.push(vec![SupplyMove {
                        from: from.into(),
                        to: to.into(),
                        food,
                        war,
                    }]);
                }
            }
        }
    }
    moves.push(Vec::new());
    st.phase = Phase::Supply { side: Side::Crown };
    let space = moves
        .iter()
        .map(|m| Orders {
            supply: m.clone(),
            ..Orders::default()
        })
        .collect();
    check(&data, &st, Side::Crown, space, 40, "supply phase");
    // Ebenezer holds only food and Augusta only war: no option listed covers a move of
    // nothing from either (5.2), so `orders` says `food 1` there, not `food 0-1`, and
    // self-play never draws the empty move.
    no_empty_move_is_listed(&data, &st, &["EBN", "AUG"], &places);
    st.phase = Phase::Impulse {
        side: Side::Crown,
        kind: ImpulseKind::Limited,
        previous_passed: false,
    };
    let space = moves
        .iter()
        .map(|m| Orders {
            supply: m.clone(),
            limited: Some(Action::Skip),
            ..Orders::default()
        })
        .collect();
    check(
        &data,
        &st,
        Side::Crown,
        space,
        40,
        "moves, then skip the limited impulse",
    );

    // Ebenezer and Sunbury each carry two more than their armies can: every list of one
    // or two moves between the areas of the line.
    st.phase = Phase::Supply { side: Side::Crown };
    st.navies = Default::default();
    st.set_supplies("EBN", Supplies { food: 3, war: 2 });
    st.set_supplies("SUN", Supplies { food: 2, war: 2 });
    let line = ["SAV", "EBN", "AUG", "SUN"];
    let mut one = Vec::new();
    for from in line {
        for to in line {
            for food in 0..=2 {
                for war in 0..=2 {
                    one.push(SupplyMove {
                        from: from.into(),
                        to: to.into(),
                        food,
                        war,
                    });
                }
            }
        }
    }
    let mut space: Vec<Orders> = one
        .iter()
        .map(|m| Orders {
            supply: vec![m.clone()],
            ..Orders::default()
        })
        .collect();
    for a in &one {
        for b in &one {
            space.push(Orders {
                supply: vec![a.clone(), b.clone()],
                ..Orders::default()
            });
        }
    }
    space.push(Orders::default());
    check(
        &data,
        &st,
        Side::Crown,
        space,
        10,
        "mending two overloaded Points",
    );
}

/// The Patriot's own actions: a small army without a leader skirmishing and marching (all
/// of it must pay), Militia actions, and raids on every target.
#[test]
fn every_accepted_skirmish_and_irregular_action_is_listed() {
    let data = data();
    let mut st = position(
        &data,
        Side::Patriot,
        &[
            ("CAM", Side::Patriot, 2, None, 1, 2),
            ("HHS", Side::Crown, 2, None, 1, 0),
            ("CHS", Side::Crown, 1, None, 0, 0),
        ],
    );
    st.holds.insert("GEO".into());
    st.partisans.insert(
        "SC".into(),
        Partisans {
            militia: 3,
            loyalists: 1,
            swamp_fox: false,
        },
    );
    let mut space = Vec::new();
    for to in near(&data, "CAM") {
        for units in 0..=3 {
            for war in 0..=3 {
                space.push(full(Action::Skirmish(Skirmish {
                    from: "CAM".into(),
                    to: Id::new(&to),
                    units,
                    war,
                })));
            }
        }
    }
    space.extend(marches(
        "CAM",
        groups(
            1,
            &near(&data, "CAM"),
            &[0, 1, 2, 3],
            &some(0..=2),
            &some(0..=3),
        ),
    ));
    space.extend(marches(
        "CAM",
        groups(
            2,
            &ids(&data.area("CAM").adjacent),
            &[1],
            &some(0..=1),
            &some(0..=1),
        ),
    ));
    for a in data.areas() {
        let id = a.id;
        space.push(full(Action::Forage(Id::new(&id))));
        space.push(full(Action::Recruit(Id::new(&id))));
        space.push(full(Action::Hold(Id::new(&id))));
        space.push(full(Action::DigIn(Id::new(&id))));
        for colony in ["SC", "GA"] {
            let raid = |hold, unit, food| {
                full(Action::Raid(Raid {
                    colony: colony.into(),
                    hold,
                    unit,
                    food,
                }))
            };
            space.push(raid(Some(Id::new(&id)), None, None));
            space.push(raid(None, Some(Id::new(&id)), None));
            space.push(raid(None, None, Some(Id::new(&id))));
        }
    }
    space.push(full(Action::Pass));
    check(
        &data,
        &st,
        Side::Patriot,
        space,
        30,
        "the Patriot army in Camden",
    );
}

/// No option listed for the Crown at `st` covers a move of nothing from any of `from` to any
/// other of `places`.
fn no_empty_move_is_listed(
    data: &adjutant::games::southern_strategy::data::Data,
    st: &adjutant::games::southern_strategy::state::State,
    from: &[&str],
    places: &[&str],
) {
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let listed = SouthernStrategy::legal_options(data, st, "crown");
    let examples = super::options::examples(&listed);
    for f in from {
        for to in places.iter().filter(|t| *t != f) {
            let empty = serde_json::json!({"supply": [{"from": f, "to": to, "food": 0, "war": 0}]});
            for (example, option) in &examples {
                assert!(
                    !adjutant::engine::ranges::covers(example, &option.ranges, &empty),
                    "the empty move {empty} is covered by `{}`",
                    option.summary
                );
            }
        }
    }
}

/// 5.5: a supply move's listed amounts are those that can fit: the most room another area of
/// the line has, plus what the source holds beyond its limit. Orangeburg's army of 2 units
/// holds 1 food and 1 war of the 3 it may carry, so of Charleston's 3 food and 3 war at most 1
/// may go there; the list offered 0-3 of each, and all but 1 was refused. The top of each
/// range, alone, is accepted.
#[test]
fn a_supply_move_offers_only_what_can_fit() {
    use adjutant::engine::dice::KeyedDice;
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    let st = position(
        &data,
        Side::Patriot,
        &[
            ("CHS", Side::Patriot, 4, Some(LeaderRank::Leader), 3, 3),
            ("ORB", Side::Patriot, 2, Some(LeaderRank::Subordinate), 1, 1),
        ],
    );
    let mut limited = st.clone();
    limited.phase = Phase::Impulse {
        side: Side::Patriot,
        kind: ImpulseKind::Limited,
        previous_passed: false,
    };
    let listed = SouthernStrategy::legal_options(&data, &limited, "patriot");
    let mv = listed
        .iter()
        .find(|o| o.summary.contains("from Charleston to Orangeburg"))
        .unwrap_or_else(|| panic!("{listed:#?}"));
    assert!(mv.summary.contains(": food 0-1, war 0-1"), "{}", mv.summary);
    let rest =
        SouthernStrategy::legal_additions(&data, &st, "patriot").expect("moves beside the actions");
    assert!(
        rest.parts.iter().any(|p| p
            .summary
            .contains("from Charleston to Orangeburg: food 0-1, war 0-1")),
        "{rest:#?}"
    );
    for (food, war) in [(1, 0), (0, 1)] {
        let orders = Orders {
            supply: vec![SupplyMove {
                from: "CHS".into(),
                to: "ORB".into(),
                food,
                war,
            }],
            limited: Some(Action::Skip),
            ..Orders::default()
        };
        SouthernStrategy::apply(
            &data,
            &limited,
            "patriot",
            &orders,
            None,
            &mut KeyedDice::new(&[0; 32]),
        )
        .unwrap_or_else(|e| panic!("{orders:?}: {e}"));
    }
}

/// 8.2 with 5.5: a forage into an army already at its limit is legal with the moves that take
/// the excess on along its line after the action (`supply_after`), in a limited impulse or a
/// full one; `orders` lists it so, and where the line has no room, the forage alone (the Food is
/// discarded).
#[test]
fn a_forage_into_an_army_at_its_limit_is_listed_with_the_move_on_it_needs() {
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    // High Hills of Santee (a Point) holds 3 with 2 units: its limit. Camden on its line has
    // room; Fort Granby, also on it, is full.
    let mut st = position(
        &data,
        Side::Crown,
        &[
            ("HHS", Side::Crown, 2, None, 1, 2),
            ("CAM", Side::Crown, 1, None, 0, 0),
            ("GRB", Side::Crown, 1, None, 8, 0),
        ],
    );
    st.partisans.insert(
        "SC".into(),
        Partisans {
            militia: 0,
            loyalists: 2,
            swamp_fox: false,
        },
    );
    let forage = || Action::Forage("HHS".into());
    let mut space = Vec::new();
    for to in near(&data, "HHS") {
        for food in 0..=3 {
            for war in 0..=3 {
                let after = vec![SupplyMove {
                    from: "HHS".into(),
                    to: Id::new(&to),
                    food,
                    war,
                }];
                space.push(Orders {
                    supply_after: after.clone(),
                    ..full(forage())
                });
                space.push(Orders {
                    limited: Some(Action::Skip),
                    supply_after: after,
                    ..full(forage())
                });
            }
        }
    }
    space.push(full(forage()));
    check(&data, &st, Side::Crown, space.clone(), 8, "a full impulse");
    st.phase = Phase::Impulse {
        side: Side::Crown,
        kind: ImpulseKind::Limited,
        previous_passed: false,
    };
    let limited_space: Vec<Orders> = space
        .iter()
        .filter(|o| o.limited.is_none())
        .map(|o| Orders {
            limited: o.full.clone(),
            full: None,
            ..o.clone()
        })
        .chain(space.iter().filter(|o| o.limited.is_some()).cloned())
        .collect();
    check(
        &data,
        &st,
        Side::Crown,
        limited_space,
        16,
        "a limited impulse",
    );
    // With Camden full as well, nothing can move on: the forage stands alone, its Food lost.
    st.set_supplies("CAM", Supplies { food: 8, war: 0 });
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let alone = listed
        .iter()
        .find(|o| o.summary.starts_with("limited: forage (8.2)") && o.summary.contains("Santee"))
        .unwrap_or_else(|| panic!("no forage listed: {listed:#?}"));
    assert!(
        alone.summary.contains("discarded") && !alone.example.contains("supply_after"),
        "{alone:#?}"
    );
}

/// 9.1 with 5.5: a march may leave supplies over a limit, at the Point it leaves (fewer units
/// stay than the supplies left there need) or in the area it enters (a full Fort), and the
/// orders are legal when moves after the action (`supply_after`) take the excess on along the
/// supply line. `orders` listed no such march: each march's amounts were cut so that no excess
/// arose, so a march that relies on the moves after it (most units into the full Fort, one
/// left behind) was a path neither self-play nor the bot ever took. Every march from High
/// Hills of Santee that the rules refuse alone but accept with one move after it lies inside a
/// listed option.
#[test]
fn every_accepted_march_with_supplies_moved_on_after_it_is_listed() {
    use adjutant::engine::dice::KeyedDice;
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    let st = beside_a_full_fort(&data);
    let accepted = |o: &Orders| {
        SouthernStrategy::apply(&data, &st, "crown", o, None, &mut KeyedDice::new(&[7; 32])).is_ok()
    };
    let dests: Vec<String> = ["GRB", "MOT", "CAM"].map(String::from).to_vec();
    let areas = ["HHS", "GRB", "MOT", "CAM"];
    let mut space = Vec::new();
    let mut alone = 0;
    for march in marches(
        "HHS",
        groups(1, &dests, &[1, 2, 3, 4], &some(0..=3), &some(0..=3)),
    ) {
        if accepted(&march) {
            // Legal alone: the tests above list it; moves after it are supply moves (5.2).
            alone += 1;
            continue;
        }
        space.extend(with_one_move_after(&march, &areas));
    }
    assert!(alone > 0);
    // Most units into the full Fort: its excess moves on to Camden, or back to the units left
    // behind.
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let into_granby = listed
        .iter()
        .find(|o| o.summary.contains("to Fort Granby") && o.summary.contains("leaving Fort Granby"))
        .unwrap_or_else(|| panic!("no march into Fort Granby moving supplies on: {listed:#?}"));
    assert_eq!(
        into_granby.summary,
        "full: march (9.1) from High Hills of Santee (4 units with Cornwallis, 3 food 2 war) to Fort Granby: 1-3 units, carrying food 0-2 and war 0-2, leaving Fort Granby over its limit (5.5); Cornwallis goes with the group or stays with units left behind; the Subordinate Leader may command the group Cornwallis leaves (at most 2 units, 9.2); 1 food per 4 units that move; then move supplies on from Fort Granby (`supply_after`, 5.5) to Camden or High Hills of Santee: food 0-4, war 0-4, at least 1 in all",
        "{into_granby:#?}"
    );
    assert!(
        into_granby
            .example
            .contains("supply_after: [{from: GRB, to: CAM"),
        "{into_granby:#?}"
    );
    check(
        &data,
        &st,
        Side::Crown,
        space,
        20,
        "marches from High Hills of Santee with supplies moved on after them",
    );
}

/// Cornwallis's 4 units on High Hills of Santee (a Point) carry 3 food and 2 war, their limit
/// of 5. Fort Granby beside them is full (8); Camden, also beside them, has room for 6; Fort
/// Motte is empty.
fn beside_a_full_fort(data: &adjutant::games::southern_strategy::data::Data) -> State {
    position(
        data,
        Side::Crown,
        &[
            ("HHS", Side::Crown, 4, Some(LeaderRank::Leader), 3, 2),
            ("GRB", Side::Crown, 2, None, 4, 4),
            ("CAM", Side::Crown, 1, None, 1, 1),
        ],
    )
}

/// `orders` with each move after it (`supply_after`) between two of `areas`, of 0 to 2 food
/// and 0 to 2 war.
fn with_one_move_after<'a>(
    orders: &'a Orders,
    areas: &'a [&str],
) -> impl Iterator<Item = Orders> + 'a {
    areas.iter().flat_map(move |from| {
        areas.iter().flat_map(move |to| {
            (0..=2).flat_map(move |food| {
                (0..=2).map(move |war| Orders {
                    supply_after: vec![SupplyMove {
                        from: (*from).into(),
                        to: (*to).into(),
                        food,
                        war,
                    }],
                    ..orders.clone()
                })
            })
        })
    })
}

/// 9.1 with 5.5, for a split: a group going into a full Fort with supplies, or a Point left
/// with more than the units staying can carry, leaves an excess the moves after the action
/// take on, as for a march of one group (above). Every split from High Hills of Santee into
/// two groups that the rules refuse alone for a limit (5.5) but accept with one move after it
/// lies inside a listed option.
#[test]
fn every_accepted_split_with_supplies_moved_on_after_it_is_listed() {
    use adjutant::engine::dice::KeyedDice;
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    let st = beside_a_full_fort(&data);
    let tried = |o: &Orders| {
        SouthernStrategy::apply(&data, &st, "crown", o, None, &mut KeyedDice::new(&[7; 32]))
    };
    let dests: Vec<String> = ["GRB", "MOT", "CAM"].map(String::from).to_vec();
    let areas = ["HHS", "GRB", "MOT", "CAM"];
    let mut space = Vec::new();
    let mut over = 0;
    for split in marches(
        "HHS",
        groups(2, &dests, &[1, 2, 3], &some(0..=2), &some(0..=1)),
    ) {
        // Only one leader, and the Subordinate elsewhere (the cases above cover him).
        let Action::March(m) = split.full.as_ref().unwrap() else {
            unreachable!()
        };
        if m.groups.iter().any(|g| g.subordinate) || m.groups.iter().all(|g| g.leader) {
            continue;
        }
        match tried(&split) {
            Err(e) if e.rule == "5.5" && e.message.to_string().contains("over its limit") => {}
            _ => continue,
        }
        over += 1;
        space.extend(with_one_move_after(&split, &areas));
    }
    assert!(over > 0, "no split was refused for a limit alone");
    // Two units out of the Point, the rest too much for the units staying; or a group into the
    // full Fort: the excess moves on.
    let listed = SouthernStrategy::legal_options(&data, &st, "crown");
    let split_on = listed
        .iter()
        .find(|o| {
            o.summary
                .starts_with("full: split and march (9.1) from High Hills of Santee")
                && o.summary.contains("supply_after")
        })
        .unwrap_or_else(|| panic!("no split moving supplies on: {listed:#?}"));
    assert!(
        split_on.summary.contains("where it leaves High Hills of Santee or Fort Granby over its limit (5.5), move supplies on from there (`supply_after`, 5.5) to Camden, Fort Motte, Fort Watson or High Hills of Santee"),
        "{split_on:#?}"
    );
    assert!(
        split_on.example.contains("supply_after: [{from: HHS"),
        "{split_on:#?}"
    );
    check(
        &data,
        &st,
        Side::Crown,
        space,
        20,
        "splits from High Hills of Santee with supplies moved on after them",
    );
}

/// 9.1 with 5.5: a march may leave both ends over their limits: the Point it leaves (too few
/// units stay for what is kept there) and the full Fort it enters. The orders are legal with a
/// move after the action (`supply_after`) from each end; one move puts only one right. Three of
/// Cornwallis's four units into Fort Granby carrying 1 leave 3 with the one unit staying (it may
/// hold 2) and 9 in the Fort (it holds 8). Every march from High Hills of Santee that the rules
/// refuse alone and with any one move after it, but accept with a move from each end, lies
/// inside a listed option.
#[test]
fn every_accepted_march_with_supplies_moved_on_from_both_ends_is_listed() {
    use adjutant::engine::dice::KeyedDice;
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    let st = beside_a_full_fort(&data);
    let accepted = |o: &Orders| {
        SouthernStrategy::apply(&data, &st, "crown", o, None, &mut KeyedDice::new(&[7; 32])).is_ok()
    };
    let dests: Vec<String> = ["GRB", "MOT", "CAM"].map(String::from).to_vec();
    let areas = ["HHS", "GRB", "MOT", "CAM"];
    let mut space = Vec::new();
    let mut both = 0;
    for march in marches(
        "HHS",
        groups(1, &dests, &[1, 2, 3], &some(0..=2), &some(0..=2)),
    ) {
        if accepted(&march) || with_one_move_after(&march, &areas).any(|o| accepted(&o)) {
            continue;
        }
        let Action::March(m) = march.full.as_ref().unwrap() else {
            unreachable!()
        };
        let to = m.groups[0].to;
        let mut found = false;
        for first in
            with_one_move_after(&march, &areas).filter(|o| o.supply_after[0].from == Id::new("HHS"))
        {
            for second in
                with_one_move_after(&march, &areas).filter(|o| o.supply_after[0].from == to)
            {
                let mut orders = first.clone();
                orders.supply_after.push(second.supply_after[0].clone());
                found |= accepted(&orders);
                space.push(orders);
            }
        }
        both += usize::from(found);
    }
    assert!(both > 0, "no march needs a move from each end");
    check(
        &data,
        &st,
        Side::Crown,
        space,
        4,
        "marches from High Hills of Santee with supplies moved on from both ends",
    );
}

/// 9.1 and 9.2 with 5.5: a split whose group under the Subordinate Leader leaves an excess (the
/// Point left with more than the units staying may hold, or the full Fort it enters) is legal
/// with the move after the action (`supply_after`) that takes it on, as a split without him
/// (above). Every split from High Hills of Santee with one group under the Subordinate Leader
/// that the rules refuse alone for a limit but accept with one move after it lies inside a
/// listed option.
#[test]
fn every_accepted_split_under_the_subordinate_with_supplies_moved_on_after_it_is_listed() {
    use adjutant::engine::dice::KeyedDice;
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::SouthernStrategy;
    let data = data();
    let st = beside_a_full_fort(&data);
    let tried = |o: &Orders| {
        SouthernStrategy::apply(&data, &st, "crown", o, None, &mut KeyedDice::new(&[7; 32]))
    };
    let dests: Vec<String> = ["GRB", "MOT", "CAM"].map(String::from).to_vec();
    let areas = ["HHS", "GRB", "MOT", "CAM"];
    let mut space = Vec::new();
    let mut over = 0;
    for split in marches(
        "HHS",
        groups(2, &dests, &[1, 2, 3], &some(0..=2), &some(0..=1)),
    ) {
        let Action::March(m) = split.full.as_ref().unwrap() else {
            unreachable!()
        };
        if m.groups.iter().filter(|g| g.subordinate).count() != 1
            || m.groups.iter().all(|g| g.leader)
        {
            continue;
        }
        match tried(&split) {
            Err(e) if e.rule == "5.5" && e.message.to_string().contains("over its limit") => {}
            _ => continue,
        }
        over += 1;
        space.extend(with_one_move_after(&split, &areas));
    }
    assert!(
        over > 0,
        "no split under the Subordinate was refused for a limit alone"
    );
    check(
        &data,
        &st,
        Side::Crown,
        space,
        20,
        "splits under the Subordinate Leader from High Hills of Santee with supplies moved on after them",
    );
}
