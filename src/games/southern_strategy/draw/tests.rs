//! The typed draw held to the JSON draw.

use std::time::Duration;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::*;
use crate::engine::game::Game;
use crate::engine::selfplay;
use crate::games::southern_strategy::data::Data;
use crate::games::southern_strategy::orders::March;
use crate::games::southern_strategy::SouthernStrategy;

fn data() -> Data {
    crate::games::southern_strategy::test_data()
}

/// Draws `orders` with `ranges` open a few times in a row both ways, from two streams
/// seeded with `seed`, and says where the orders drawn or the numbers taken first differ.
fn same_both_ways(orders: &Orders, ranges: &[Range], seed: u64) -> Result<(), String> {
    let mut typed_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut json_rng = typed_rng.clone();
    for i in 0..3 {
        let typed = orders.draw_open(ranges, &mut typed_rng);
        let json = ranges::draw_json(orders, ranges, &mut json_rng);
        if typed != json {
            return Err(format!(
                "draw {i} from seed {seed} of {orders:?} with {ranges:?}: typed {typed:?}, JSON {json:?}"
            ));
        }
        if typed_rng != json_rng {
            return Err(format!(
                "draw {i} from seed {seed} of {orders:?} with {ranges:?}: the typed draw took other numbers from the stream"
            ));
        }
    }
    Ok(())
}

/// `same_both_ways` for many seeds.
fn agree(orders: &Orders, ranges: &[Range]) {
    for seed in 0..64 {
        same_both_ways(orders, ranges, seed).unwrap();
    }
}

/// At every position of some seeded self-play games, each candidate with open fields draws
/// the same orders both ways. Nearly all of them are drawn typed, so the typed draw is what
/// is being held to the JSON draw.
#[test]
fn the_typed_draw_gives_the_json_draws_orders_wherever_self_play_goes() {
    let data = data();
    let (mut open, mut typed) = (0usize, 0usize);
    let mut failures = Vec::new();
    let forever = Duration::from_secs(u64::MAX / 4);
    selfplay::run_observed::<SouthernStrategy>(&data, 30, forever, |st, _| {
        let Some(a) = SouthernStrategy::awaiting(&data, st) else {
            return;
        };
        for c in SouthernStrategy::candidates(&data, st, &a.side) {
            if c.ranges.is_empty() {
                continue;
            }
            open += 1;
            typed += usize::from(plan(&c.orders, &c.ranges).is_some());
            for seed in 0..3 {
                if let Err(e) = same_both_ways(&c.orders, &c.ranges, seed) {
                    failures.push(e);
                }
            }
        }
    });
    assert!(
        failures.is_empty(),
        "{} differences, the first: {}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n")
    );
    assert!(open > 1000, "only {open} candidates with open fields");
    assert!(
        typed * 10 >= open * 9,
        "only {typed} of {open} candidates were drawn typed"
    );
}

fn march(groups: Vec<Group>) -> Orders {
    Orders {
        full: Some(Action::March(March {
            from: "SAV".into(),
            groups,
        })),
        ..Orders::default()
    }
}

fn group(to: &str, units: u32) -> Group {
    Group {
        to: to.into(),
        units,
        leader: false,
        subordinate: false,
        food: None,
        war: None,
    }
}

fn areas(ids: &[&str]) -> Vec<Value> {
    ids.iter().map(|a| json!(a)).collect()
}

/// A range naming a field the orders do not hold (an attack's units in a march, the first
/// of no supply moves) draws nothing, and the ranges after it draw as they would without it.
#[test]
fn a_path_that_leads_nowhere_draws_nothing() {
    let o = march(vec![group("EBN", 2)]);
    let ranges = vec![
        Range::amount("full.attack.units", 1, 8),
        Range::amount("supply[0].food", 0, 3),
        Range::amount("battle.accept.retreat", 0, 3),
        Range::amount("full.march.groups[0].units", 1, 7),
    ];
    assert!(plan(&o, &ranges).is_some());
    agree(&o, &ranges);
}

/// A field the orders' JSON form leaves out (War not committed yet, no return after the
/// attack, no `commit`) is written, as the JSON draw adds a missing last key.
#[test]
fn a_field_left_out_is_written() {
    let o = Orders {
        full: Some(Action::Attack(Attack {
            from: "BFT".into(),
            to: "CHS".into(),
            units: 8,
            war: None,
            carry_food: 0,
            carry_war: 0,
            return_after: false,
        })),
        ..Orders::default()
    };
    let ranges = vec![
        Range::amount("full.attack.war", 1, 4),
        Range::either("full.attack.return_after"),
        Range::amount("commit", 1, 3),
    ];
    assert!(plan(&o, &ranges).is_some());
    agree(&o, &ranges);
    let drawn = o.draw_open(&ranges, &mut ChaCha8Rng::seed_from_u64(1));
    assert!(drawn.is_some_and(|d| d.commit.is_some()));
}

/// The length of a list is drawn where its range stands: before the entries' ranges, the
/// new entries (copies of the first) are drawn too; after them, they are copies of the
/// drawn first entry.
#[test]
fn a_lists_length_is_drawn_where_its_range_stands() {
    let o = march(vec![group("EBN", 4), group("BFT", 3)]);
    let length = Range::amount("full.march.groups", 1, 3);
    let entries = vec![
        Range::one_of("full.march.groups[*].to", areas(&["EBN", "BFT", "SUN"])),
        Range::amount("full.march.groups[*].units", 1, 7),
        Range::amount("full.march.groups[*].food", 0, 2),
        Range::either("full.march.groups[*].leader"),
        Range::either("full.march.groups[0].subordinate"),
    ];
    let before: Vec<Range> = std::iter::once(length.clone())
        .chain(entries.clone())
        .collect();
    let after: Vec<Range> = entries.into_iter().chain([length]).collect();
    for ranges in [before, after] {
        assert!(plan(&o, &ranges).is_some());
        agree(&o, &ranges);
    }
    let supply = Orders {
        supply: vec![
            SupplyMove {
                from: "SAV".into(),
                to: "EBN".into(),
                food: 1,
                war: 0,
            },
            SupplyMove {
                from: "EBN".into(),
                to: "SAV".into(),
                food: 0,
                war: 1,
            },
        ],
        ..Orders::default()
    };
    let ranges = vec![
        Range::amount("supply", 0, 3),
        Range::one_of("supply[*].from", areas(&["SAV", "EBN"])),
        Range::one_of("supply[*].to", areas(&["SAV", "EBN"])),
        Range::amount("supply[*].war", 0, 2),
    ];
    assert!(plan(&supply, &ranges).is_some());
    agree(&supply, &ranges);
}

/// The fields few self-play games reach: a refusal's War, an embarkation that places the
/// Subordinate Leader, the ports a leaving navy's cargo goes ashore in (or nowhere).
#[test]
fn the_fields_self_play_seldom_reaches_are_drawn_alike() {
    let refuse = Orders {
        battle: Some(BattleDecision::Refuse(Refuse {
            to: "AUG".into(),
            food: 1,
            war: 1,
        })),
        ..Orders::default()
    };
    let ranges = vec![
        Range::one_of("battle.refuse.to", areas(&["AUG", "NIN", "CAM"])),
        Range::amount("battle.refuse.food", 0, 2),
        Range::amount("battle.refuse.war", 0, 2),
    ];
    let embark = Orders {
        full: Some(Action::Transport(Transport::EmbarkPlacing {
            embark: Embark {
                from: "CHS".into(),
                units: 5,
                to_zone: "Z1".into(),
                food: 2,
                war: 1,
            },
            subordinate: crate::games::southern_strategy::orders::SubordinatePlacement::Stays,
        })),
        ..Orders::default()
    };
    let embarking = vec![
        Range::one_of("full.transport.embark.to_zone", areas(&["Z1", "Z2"])),
        Range::amount("full.transport.embark.units", 1, 5),
        Range::amount("full.transport.embark.food", 0, 3),
        Range::amount("full.transport.embark.war", 0, 3),
    ];
    let unload = Orders {
        answer: Some(Answer::Unload(Unload {
            army: Some("CHS".into()),
            supplies: None,
        })),
        ..Orders::default()
    };
    let ports =
        |ids: &[&str]| -> Vec<Value> { std::iter::once(Value::Null).chain(areas(ids)).collect() };
    let unloading = vec![
        Range::one_of("answer.unload.army", ports(&["CHS", "GEO"])),
        Range::one_of("answer.unload.supplies", ports(&["CHS", "GEO", "WIL"])),
    ];
    for (orders, ranges) in [(refuse, ranges), (embark, embarking), (unload, unloading)] {
        assert!(plan(&orders, &ranges).is_some());
        agree(&orders, &ranges);
    }
}

/// What the typed draw cannot be sure to draw as the JSON draw does goes through JSON:
/// names it does not know, values of another kind than the field's, an empty `one_of`, an
/// empty list whose length is open, two lengths for one list.
#[test]
fn what_the_typed_draw_does_not_know_goes_through_json() {
    let o = march(vec![group("EBN", 2)]);
    let retreat = |retreat: Vec<Id>| Orders {
        battle: Some(BattleDecision::Accept(Accept {
            commit: CommitRule::Count(1),
            retreat,
        })),
        ..Orders::default()
    };
    let cases = vec![
        (
            o.clone(),
            vec![Range::amount("full.march.groups[1].units", 1, 4)],
        ),
        (
            o.clone(),
            vec![Range::amount("full.march.groups[0].cost", 1, 4)],
        ),
        (o.clone(), vec![Range::amount("supply_after[0].food", 0, 2)]),
        (
            o.clone(),
            vec![Range::amount("full.march.groups[0].leader", 0, 1)],
        ),
        (
            o.clone(),
            vec![Range::one_of(
                "full.march.groups[0].to",
                [json!("EBN"), Value::Null],
            )],
        ),
        (
            o.clone(),
            vec![Range::one_of("full.march.groups[0].subordinate", [])],
        ),
        (
            o.clone(),
            vec![
                Range::amount("full.march.groups", 0, 2),
                Range::amount("full.march.groups", 1, 2),
            ],
        ),
        (Orders::default(), vec![Range::amount("supply", 0, 2)]),
        (
            retreat(Vec::new()),
            vec![
                Range::amount("battle.accept.retreat", 0, 2),
                Range::one_of("battle.accept.retreat[*]", areas(&["AUG", "NIN"])),
            ],
        ),
        (
            retreat(Vec::new()),
            vec![Range::amount("battle.accept.retreat", 0, 2)],
        ),
    ];
    for (orders, ranges) in cases {
        assert!(plan(&orders, &ranges).is_none(), "{ranges:?}");
        agree(&orders, &ranges);
    }
}

/// A name's remembered reading is its reading, written in the code or made at run time, and
/// however often it is asked for.
#[test]
fn a_remembered_name_reads_as_it_did() {
    for name in [
        "full.attack.units",
        "supply[*].to",
        "supply",
        "no.such.field",
    ] {
        for _ in 0..3 {
            let written = Range::amount(name, 0, 1);
            let made = Range::amount(name.to_string(), 0, 1);
            assert_eq!(field_of(&written), read(name), "{name}");
            assert_eq!(field_of(&made), read(name), "{name}");
        }
    }
}
