//! What the player may answer now, for `orders` to list, and the question in words.

use super::confederate::{armies_in, fort_spaces, naval_options, reclaimable};
use super::data::{Data, ResourceKind, Theater};
use super::orders::{Command, Infrastructure, Naval, Orders, RaiderTo, RailroadBattle, Target};
use super::state::{Place, Question, State};

/// The question as a sentence for the player.
pub fn describe(q: &Question) -> String {
    match q {
        Question::Start => "start the war (3.0): `start: true`".into(),
        Question::BattleTarget {
            theater,
            armies,
            reclaim,
        } => format!(
            "9.1 Battle action in the {} theater: attack one of {armies:?} or reclaim one of {reclaim:?}",
            theater.name()
        ),
        Question::RaidTarget { armies } => format!("9.2 Raid: target one of {armies:?}"),
        Question::Command { symbol } => format!(
            "10.0 {} Command action: choose its use",
            match symbol {
                super::data::Symbol::Square => "Conditional",
                super::data::Symbol::Circle => "Directed",
                super::data::Symbol::Arrow => "Mandatory",
            }
        ),
        Question::Naval => "9.6 Naval action: choose what the Navy does if the roll passes".into(),
        Question::Raider => "9.7 Commerce Raider action: choose where it sails".into(),
        Question::Reroll { roll, result } => {
            format!("Rebel Yell: re-roll {roll} ({result})? `reroll: true` or `false`")
        }
        Question::Torpedoes { what } => format!("16.10 Torpedoes: spend them to stop {what}?"),
        Question::Railroads => {
            "16.8 Railroads: list the Directed Battles to fight with them, or `railroads: []`".into()
        }
        Question::InitiativeOrder { armies } => {
            format!("11.0 Union Initiative: the order to resolve the markers on {armies:?}")
        }
        Question::Infrastructure { good } => {
            if *good {
                "14.5 Southern Infrastructure held: draw a Resource or gain one morale".into()
            } else {
                "14.5 Southern Infrastructure failed: lose a random Available Resource or one morale".into()
            }
        }
    }
}

fn targets(data: &Data, st: &State, theater: Theater) -> Vec<Target> {
    armies_in(data, st, theater)
        .into_iter()
        .map(Target::Army)
        .chain(
            reclaimable(data, st, theater)
                .into_iter()
                .map(Target::Reclaim),
        )
        .collect()
}

fn target_words(t: &Target) -> String {
    match t {
        Target::Army(a) => format!("attack the {a} army"),
        Target::Reclaim(s) => format!("reclaim {s}"),
    }
}

fn naval_words(n: &Naval) -> String {
    match n {
        Naval::Place { resource, to } => format!("put {resource} on {to}"),
        Naval::Move { resource, to } => format!("move {resource} to {to}"),
        Naval::Submarines { resource } => format!("send {resource} against the Blockade"),
        Naval::CommerceRaider(to) => format!("Commerce Raider action ({to:?})"),
        Naval::Pass => "nothing".into(),
    }
}

/// Every answer worth trying for the current question, with a summary; the caller keeps
/// those the rules accept.
pub fn candidates(data: &Data, st: &State) -> Vec<(String, Orders)> {
    let Some(q) = &st.question else {
        return Vec::new();
    };
    let o = Orders::default;
    match q {
        Question::Start => vec![(
            "start the war".into(),
            Orders {
                start: Some(true),
                ..o()
            },
        )],
        Question::BattleTarget { theater, .. } => targets(data, st, *theater)
            .into_iter()
            .map(|t| {
                (
                    target_words(&t),
                    Orders {
                        battle: Some(t),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::RaidTarget { armies } => armies
            .iter()
            .map(|a| {
                (
                    format!("raid the {a} army"),
                    Orders {
                        raid: Some(a.clone()),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::Command { .. } => command_candidates(data, st)
            .into_iter()
            .map(|(s, c)| {
                (
                    s,
                    Orders {
                        command: Some(c),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::Naval => naval_options(data, st)
            .into_iter()
            .chain(std::iter::once(Naval::Pass))
            .map(|n| {
                (
                    naval_words(&n),
                    Orders {
                        naval: Some(n),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::Raider => [
            RaiderTo::Morale,
            RaiderTo::Recognition,
            RaiderTo::Blockade,
            RaiderTo::Stay,
        ]
        .into_iter()
        .map(|r| {
            (
                format!("the Commerce Raider: {r:?}"),
                Orders {
                    raider: Some(r),
                    ..o()
                },
            )
        })
        .collect(),
        Question::Reroll { .. } => [true, false]
            .into_iter()
            .map(|b| {
                (
                    if b {
                        "re-roll with Rebel Yell"
                    } else {
                        "keep the roll"
                    }
                    .into(),
                    Orders {
                        reroll: Some(b),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::Torpedoes { .. } => [true, false]
            .into_iter()
            .map(|b| {
                (
                    if b {
                        "spend Torpedoes"
                    } else {
                        "keep the Torpedoes"
                    }
                    .into(),
                    Orders {
                        torpedoes: Some(b),
                        ..o()
                    },
                )
            })
            .collect(),
        Question::Railroads => {
            let mut out = vec![(
                "keep the Railroads".to_string(),
                Orders {
                    railroads: Some(Vec::new()),
                    ..o()
                },
            )];
            for t in Theater::ALL {
                for target in targets(data, st, t) {
                    out.push((
                        format!(
                            "Railroads: {} in the {} theater",
                            target_words(&target),
                            t.name()
                        ),
                        Orders {
                            railroads: Some(vec![RailroadBattle { theater: t, target }]),
                            ..o()
                        },
                    ));
                }
            }
            out
        }
        Question::InitiativeOrder { armies } => {
            let mut rev = armies.clone();
            rev.reverse();
            let mut out = vec![(
                format!("resolve in the order {armies:?}"),
                Orders {
                    initiative_order: Some(armies.clone()),
                    ..o()
                },
            )];
            if rev != *armies {
                out.push((
                    format!("resolve in the order {rev:?}"),
                    Orders {
                        initiative_order: Some(rev),
                        ..o()
                    },
                ));
            }
            out
        }
        Question::Infrastructure { good } => [Infrastructure::Resource, Infrastructure::Morale]
            .into_iter()
            .map(|i| {
                let words = match (good, i) {
                    (true, Infrastructure::Resource) => "draw a Resource",
                    (true, Infrastructure::Morale) => "gain one morale",
                    (false, Infrastructure::Resource) => "lose a random Available Resource",
                    (false, Infrastructure::Morale) => "lose one morale",
                };
                (
                    words.to_string(),
                    Orders {
                        infrastructure: Some(i),
                        ..o()
                    },
                )
            })
            .collect(),
    }
}

fn command_candidates(data: &Data, st: &State) -> Vec<(String, Command)> {
    let mut out = Vec::new();
    for t in Theater::ALL {
        for target in targets(data, st, t) {
            out.push((
                format!(
                    "10.1 Battle in the {} theater: {}",
                    t.name(),
                    target_words(&target)
                ),
                Command::Battle { theater: t, target },
            ));
        }
    }
    for r in st.resources_at(&Place::Available) {
        match data.resource(&r).map(|d| d.kind) {
            Some(ResourceKind::Forts) => {
                for s in fort_spaces(data, st) {
                    out.push((
                        format!("10.2 put {r} in {s}"),
                        Command::Place {
                            resource: r.clone(),
                            space: Some(s),
                        },
                    ));
                }
            }
            Some(ResourceKind::EuropeanMunitions) => out.push((
                format!("10.2 put {r} on the Morale Track"),
                Command::Place {
                    resource: r.clone(),
                    space: None,
                },
            )),
            _ => {}
        }
    }
    for n in naval_options(data, st) {
        out.push((
            format!("10.3 Naval action at -1: {}", naval_words(&n)),
            Command::Naval(n),
        ));
    }
    for t in Theater::ALL {
        out.push((
            format!("10.4 switch the Advisor with the {} commander", t.name()),
            Command::Switch { theater: t },
        ));
        out.push((
            format!("10.4 Leader Shuffle in the {} theater", t.name()),
            Command::Shuffle {
                theater: t,
                promote: false,
            },
        ));
        out.push((
            format!(
                "10.4 Leader Shuffle in the {} theater, promoting its commander to Advisor",
                t.name()
            ),
            Command::Shuffle {
                theater: t,
                promote: true,
            },
        ));
    }
    for a in st.armies.keys() {
        out.push((
            format!("10.5 Diversionary Campaign against the {a} army"),
            Command::Raid { army: a.clone() },
        ));
    }
    out.push((
        "10.6 Morale Test at minus the year".into(),
        Command::MoraleTest,
    ));
    out.push(("10.7 War Effort at -1".into(), Command::WarEffort));
    out.push(("10.8 Diplomatic action at -1".into(), Command::Diplomatic));
    for r in [RaiderTo::Morale, RaiderTo::Recognition, RaiderTo::Blockade] {
        out.push((
            format!("10.9 Commerce Raider action: {r:?}"),
            Command::CommerceRaider(r),
        ));
    }
    out
}
