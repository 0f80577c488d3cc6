//! What the British player may send now, for `orders` to list, and the decision in words.

use super::data::Data;
use super::orders::{CombatResult, EngagementResult, FleetEngagementResult, Holder, Orders, Turn};
use super::state::{Initiator, Question, State};

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub fn month(m: u32) -> &'static str {
    MONTHS[(m.clamp(1, 12) - 1) as usize]
}

/// The decision as a sentence for the player.
pub fn describe(st: &State) -> String {
    match &st.question {
        None => format!(
            "the British turn of {} {}: report the board facts and British moves; the bot then plays the American turn",
            month(st.date.month),
            st.date.year
        ),
        Some(Question::Combat {
            army,
            town,
            initiated,
            round,
            shift,
            ..
        }) => format!(
            "14: fight combat {round} of {}{} on the board{}{}, then report the American losses{}",
            st.armies.get(army).map_or(army.clone(), |a| a.words(army)),
            st.armies.get(army).map_or(String::new(), |a| format!(
                " ({} SP, {} artillery, {} supply)",
                a.force.sp, a.force.artillery, a.force.supply
            )),
            town.as_ref().map_or(String::new(), |t| format!(
                " for {}",
                st.town(t).map_or(t.as_str(), |(_, _, def)| def.name.as_str())
            )),
            match (initiated, shift) {
                (Initiator::American, Some(0)) => " (an American attack, no (BE) column shift)".to_string(),
                (Initiator::American, Some(s)) => format!(" (an American attack, (BE) column shift {s:+})"),
                _ => " (a British attack: no (BE) roll)".to_string(),
            },
            if town.is_some() {
                ", the BRE number and who holds the town"
            } else {
                " and the BRE number"
            }
        ),
        Some(Question::Engagement { transport }) => format!(
            "16: fight the Continental Navy's fleet engagement with {}, then report whether the navy was damaged",
            crate::engine::error::label_words(transport)
        ),
        Some(Question::FleetEngagement { what }) => format!(
            "17: fight {what} ({}), then report how many French battle fleets were lost",
            match st.french.fleets {
                1 => "1 French battle fleet".to_string(),
                n => format!("{n} French battle fleets"),
            }
        ),
    }
}

/// One of each kind of fact a British turn may report, each on its own, with a value the
/// position makes likely: a changed BRE number, a British attack on each army on the board,
/// scouting each army's area, a town taken where an army stands (or given back to the
/// Americans where their army stands at it), board losses (of an army, a garrison or a
/// detachment), an army's supply units, replacements, a transport at sea, the Continental
/// Navy's change, the French coming in, the search for their fleets and British
/// reinforcements where they are. A player
/// reports several at once; listing each lets `orders` show what may be reported, and random
/// play reach every path of the bot they lead to.
fn turn_facts(data: &Data, st: &State) -> Vec<(String, Turn)> {
    use super::orders::{
        Attack, Intervention, Loss, NavyFact, Reinforce, Replacement, Search, Transport,
    };
    let t = || Turn {
        american_turn: true,
        ..Turn::default()
    };
    let mut out = vec![
        (
            format!("the BRE number rises to {} (12)", st.bre + 1),
            Turn {
                bre: Some(i64::from(st.bre) + 1),
                ..t()
            },
        ),
        (
            format!("the BRE number falls to {} (12)", st.bre - 1),
            Turn {
                bre: Some(i64::from(st.bre) - 1),
                ..t()
            },
        ),
    ];
    // 17 duty 1: the naval SP decide whether the French fleets go to the West Indies, so an
    // example of them is offered (the British adding 2 SP).
    let naval = super::data::NavalSp {
        american: st.naval.american,
        british: st.naval.british + 2,
    };
    out.push((
        format!(
            "the naval SP deployed are {} American, {} British (17)",
            naval.american, naval.british
        ),
        Turn {
            naval: Some(naval),
            ..t()
        },
    ));
    let area_name = |id: &str| data.area(id).map_or(id.to_string(), |a| a.name.clone());
    // 12 condition 2: an army in location 5 of a British-controlled area may go up; the
    // control of each area with an army is offered changing hands.
    for area in data.areas() {
        if st.army_in(&area.id).is_none() {
            continue;
        }
        let (holder, side) = if st.areas[&area.id].british_control {
            (Holder::American, "Americans")
        } else {
            (Holder::British, "British")
        };
        out.push((
            format!("the {side} control {} (12)", area.name),
            Turn {
                areas: [(area.id.clone(), holder)].into(),
                ..t()
            },
        ));
    }
    // 14: a fort's garrison can lose SP in a combat on the board (a fort left with none is
    // lost, A13; 15 then tops the garrison up), cited as the report and a refused loss cite it.
    for (key, f) in &st.forts {
        if f.garrison.sp == 0 {
            continue;
        }
        let place = match f.town.as_ref().and_then(|t| st.town(t)) {
            Some((_, _, town)) => format!("the fort at {}", town.name),
            None => format!(
                "the American fort in location {} of {}",
                f.location,
                area_name(&f.area)
            ),
        };
        out.push((
            format!("the garrison of {place} lost 1 SP in a combat on the board (14)"),
            Turn {
                losses: vec![Loss {
                    army: None,
                    fort: Some(key.clone()),
                    detachment: None,
                    sp: 1,
                    artillery: 0,
                    supply: 0,
                }],
                ..t()
            },
        ));
    }
    // 14 with A13 and A31: a loss can fall on a detachment, of what it holds: an SP, or with
    // none (a supply the French carried, 17 duty 2) an artillery or supply unit; from the
    // sixteenth edition none can, as a detachment stands on the Off-Board chart (A35).
    let detachments = (!data.tables.reports.detachment_losses_refused)
        .then_some(&st.detachments)
        .into_iter()
        .flatten();
    for (key, det) in detachments {
        let f = det.force;
        let (what, sp, artillery, supply) = if f.sp > 0 {
            ("1 SP", 1, 0, 0)
        } else if f.artillery > 0 {
            ("1 artillery", 0, 1, 0)
        } else if f.supply > 0 {
            ("1 supply", 0, 0, 1)
        } else {
            continue;
        };
        out.push((
            format!(
                "{} lost {what} in a combat on the board (14)",
                detachment_words(st, key, &det.area, det.location, &area_name(&det.area))
            ),
            Turn {
                losses: vec![Loss {
                    army: None,
                    fort: None,
                    detachment: Some(key.clone()),
                    sp,
                    artillery,
                    supply,
                }],
                ..t()
            },
        ));
    }
    // 15 with A27: a fort the British capture. One in a town the Americans hold stands with
    // its town, so its capture is offered with the town taken, the report the rules accept;
    // one without a town (the first editions' forts) is offered on its own. A fort whose
    // location has no army is offered too: nothing else lists its town.
    for (key, f) in &st.forts {
        let town = f.town.as_ref().and_then(|t| st.town(t));
        let (words, control) = match town {
            Some((_, _, town)) if !town.british => (
                format!(
                    "the British capture the fort at {}, taking the town (15)",
                    town.name
                ),
                [(town.id.clone(), Holder::British)].into(),
            ),
            _ => (
                format!(
                    "the British capture or destroy the American fort in location {} of {} (15)",
                    f.location,
                    area_name(&f.area)
                ),
                Default::default(),
            ),
        };
        out.push((
            words,
            Turn {
                control,
                forts_lost: vec![key.clone()],
                ..t()
            },
        ));
    }
    for (id, a) in &st.armies {
        let army = a.words(id);
        if a.at.is_some() {
            out.push((
                format!("the British attack {army} on the board (14)"),
                Turn {
                    attacks: vec![Attack { army: id.clone() }],
                    ..t()
                },
            ));
            out.push((
                format!("{army} lost 1 SP in a combat on the board (14)"),
                Turn {
                    losses: vec![Loss {
                        army: Some(id.clone()),
                        fort: None,
                        detachment: None,
                        sp: 1,
                        artillery: 0,
                        supply: 0,
                    }],
                    ..t()
                },
            ));
        } else {
            out.push((
                format!("the British scout {} (12)", area_name(&a.area)),
                Turn {
                    scout: vec![a.area.clone()],
                    ..t()
                },
            ));
        }
        // 13 with 14 (A7, A9, A21, A34): an army that failed to take a British-held town
        // stands on the board at it, where the British defenders may attack and fight on, and
        // the town's control after their combats is reported as a fact. No other American
        // force on the board can take a town in the British turn, so it is offered only there.
        if let Some((_, _, town)) = a.at.as_ref().and_then(|t| st.town(t)) {
            if town.british {
                out.push((
                    format!("the Americans take {} from the British (13)", town.name),
                    Turn {
                        control: [(town.id.clone(), Holder::American)].into(),
                        ..t()
                    },
                ));
            }
        }
        // 13 takes the fact for any town: one with no priority (Hillsborough) still counts for
        // replacements (15) and loses its fort with it (A17, A27), so each is offered.
        for town in st
            .location(&a.area, a.location)
            .towns
            .iter()
            .filter(|t| !t.british)
        {
            out.push((
                format!("the British take {} from the Americans (13)", town.name),
                Turn {
                    control: [(town.id.clone(), Holder::British)].into(),
                    ..t()
                },
            ));
        }
        out.push((
            format!("{army} holds 2 supply units now (17)"),
            Turn {
                supply: [(a.area.clone(), 2)].into(),
                ..t()
            },
        ));
        out.push((
            format!(
                "American replacements: 2 SP arrive in {}, with {army} or where rule 15 places them (15)",
                area_name(&a.area)
            ),
            Turn {
                replacements: vec![Replacement {
                    area: a.area.clone(),
                    sp: 2,
                    artillery: 0,
                    supply: 0,
                }],
                ..t()
            },
        ));
    }
    out.push((
        "a British transport at sea (16)".into(),
        Turn {
            transports: vec![Transport {
                id: "transport".into(),
                escorted: false,
            }],
            ..t()
        },
    ));
    let (navy, words) = match st.navy.out {
        Some(_) => (NavyFact::Deployed, "the Continental Navy is deployed (16)"),
        None => (
            NavyFact::NotDeployed,
            "the Continental Navy is not deployed (16)",
        ),
    };
    out.push((
        words.into(),
        Turn {
            navy: Some(navy),
            ..t()
        },
    ));
    if st.french.fleets == 0 && st.french.landed == 0 {
        out.push((
            "the French intervene with 2 battle fleets (17)".into(),
            Turn {
                french_intervention: Some(Intervention { fleets: 2 }),
                ..t()
            },
        ));
    } else if st.french.fleets > 0 {
        out.push((
            "2 British battle fleets search for the French (17)".into(),
            Turn {
                search: Some(Search { fleets: 2 }),
                ..t()
            },
        ));
        if let Some(area) = &st.french.at {
            out.push((
                format!(
                    "British reinforcements reach location 15 of {} (17)",
                    area_name(area)
                ),
                Turn {
                    reinforce: vec![Reinforce {
                        area: area.clone(),
                        location: 15,
                    }],
                    ..t()
                },
            ));
        }
    }
    out
}

/// A detachment in words: where it is, and what made it (`words::detachment_source`), since
/// two of one area may stand in one location (the land elements of a French intervention).
fn detachment_words(st: &State, id: &str, area: &str, location: u32, area_name: &str) -> String {
    let made = super::words::detachment_source(id, area, |a| st.armies.get(a).map(|x| x.words(a)));
    format!(
        "the detachment in location {location} of {area_name}{}",
        made.map_or(String::new(), |m| format!(" ({m})"))
    )
}

/// Answers worth offering now; the caller keeps those the rules accept.
pub fn candidates(data: &Data, st: &State) -> Vec<(String, Orders)> {
    let o = Orders::default;
    match &st.question {
        None => vec![
            (
                "the American turn, no board facts changed".into(),
                Orders {
                    turn: Some(Turn {
                        american_turn: true,
                        ..Turn::default()
                    }),
                    ..o()
                },
            ),
            (
                format!(
                    "the BRE number is {} again (12), and the American turn",
                    st.bre
                ),
                Orders {
                    turn: Some(Turn {
                        bre: Some(st.bre.into()),
                        american_turn: true,
                        ..Turn::default()
                    }),
                    ..o()
                },
            ),
            (
                "only record the facts given (no American turn)".into(),
                Orders {
                    turn: Some(Turn {
                        american_turn: false,
                        ..Turn::default()
                    }),
                    ..o()
                },
            ),
        ]
        .into_iter()
        .chain(turn_facts(data, st).into_iter().map(|(words, turn)| {
            (
                format!("{words}, and the American turn"),
                Orders {
                    turn: Some(turn),
                    ..o()
                },
            )
        }))
        .collect(),
        Some(Question::Combat {
            army, town, bre, ..
        }) => {
            let bre = *bre;
            // 14 (with A7): each answer says what becomes of the town, in the words of who
            // holds it now: after a British attack on an army at a town the Americans hold,
            // the plain result is the attack beaten off and the town kept.
            // The state keeps the board from before the paused turn; the town's holder is the
            // one the turn's facts left it with (`in_turn`).
            let board = super::in_turn(data, st);
            let held = town
                .as_ref()
                .and_then(|t| board.as_ref().unwrap_or(st).town(t))
                .map(|(_, _, t)| t);
            let (keep, lose) = match held {
                Some(t) if t.british => (
                    Some((Holder::British, format!("the British keep {}", t.name))),
                    Some((Holder::American, format!("the Americans take {}", t.name))),
                ),
                Some(t) => (
                    Some((Holder::American, format!("the Americans hold {}", t.name))),
                    Some((Holder::British, format!("the British take {}", t.name))),
                ),
                None => (None, None),
            };
            // The army as the turn left it: one at 0 SP (A31) loses no SP, so its answers
            // that move the BRE number or the town take none, and one of them takes an
            // artillery unit instead, if it has one.
            let force = board
                .as_ref()
                .unwrap_or(st)
                .armies
                .get(army)
                .map(|a| a.force)
                .unwrap_or_default();
            let lost = u32::from(force.sp > 0);
            let result = |sp: u32, after: i32, town: &Option<(Holder, String)>| {
                let bre_words = match after.cmp(&bre) {
                    std::cmp::Ordering::Equal => format!("the BRE number stays {bre}"),
                    std::cmp::Ordering::Less => format!("the BRE number falls to {after}"),
                    std::cmp::Ordering::Greater => format!("the BRE number rises to {after}"),
                };
                let losses = if sp == 0 {
                    "no American losses".to_string()
                } else {
                    format!("the Americans lose {sp} SP")
                };
                (
                    match town {
                        Some((_, words)) => format!("{losses}, {bre_words}; {words}"),
                        None => format!("{losses}, {bre_words}"),
                    },
                    CombatResult {
                        sp: sp.into(),
                        bre: after.into(),
                        town: town.as_ref().map(|(h, _)| *h),
                        ..CombatResult::default()
                    },
                )
            };
            let mut v = vec![result(0, bre, &keep)];
            if lost > 0 {
                v.push(result(lost, bre, &keep));
            } else if force.artillery > 0 {
                let (words, c) = result(0, bre, &keep);
                v.push((
                    words.replacen("no American losses", "the Americans lose 1 artillery", 1),
                    CombatResult { artillery: 1, ..c },
                ));
            }
            v.push(result(lost, bre - 1, &keep));
            v.push(result(lost, bre + 1, &keep));
            // An army with no SP may lose its town to the British, but takes none from them.
            let takes = matches!(lose, Some((Holder::American, _)));
            if lose.is_some() && (lost > 0 || !takes) {
                v.push(result(lost, bre, &lose));
            }
            v.into_iter()
                .map(|(s, c)| {
                    (
                        s,
                        Orders {
                            combat: Some(c),
                            ..o()
                        },
                    )
                })
                .collect()
        }
        Some(Question::Engagement { .. }) => vec![
            (
                "the Continental Navy came through undamaged".into(),
                Orders {
                    engagement: Some(EngagementResult::default()),
                    ..o()
                },
            ),
            (
                "the Continental Navy was damaged: out for 2 quarters".into(),
                Orders {
                    engagement: Some(EngagementResult {
                        damaged: true,
                        quarters: Some(2),
                    }),
                    ..o()
                },
            ),
        ],
        // 17: the engagement may cost the French any number of the fleets in play, none to
        // all (counted on the board the paused turn has reached: its facts may bring them in).
        Some(Question::FleetEngagement { .. }) => {
            let fleets = super::in_turn(data, st)
                .as_ref()
                .unwrap_or(st)
                .french
                .fleets;
            (0..=fleets)
                .map(|n| {
                    let lost = match n {
                        0 => "no battle fleets".to_string(),
                        1 => "1 battle fleet".to_string(),
                        n => format!("{n} battle fleets"),
                    };
                    (
                        format!("the French lost {lost}"),
                        Orders {
                            fleet_engagement: Some(FleetEngagementResult {
                                french_lost: n.into(),
                            }),
                            ..o()
                        },
                    )
                })
                .collect()
        }
    }
}
