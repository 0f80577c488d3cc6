//! What the player may answer now, for `orders` to list, and the question in words.

use super::confederate::{armies_in, fort_spaces, naval_options, reclaimable};
use super::data::{Data, ResourceKind, Theater};
use super::initiative;
use super::orders::{
    Command, Infrastructure, InitiativeEntry, Naval, Orders, RaiderTo, RailroadBattle, Railroads,
    RailroadsPlan, Target,
};
use super::state::{Marker, Place, Question, RailroadsAsk, State, TrackMarker};

/// A Resource marker's name as printed on it (16.0).
pub fn resource_name(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::CoastalForts => "Coastal Forts",
        ResourceKind::CommerceRaider => "Commerce Raider",
        ResourceKind::EuropeanMunitions => "European Munitions",
        ResourceKind::Forts => "Forts",
        ResourceKind::Gunboats => "Gunboats",
        ResourceKind::Ironclads => "Ironclads",
        ResourceKind::Railroads => "Railroads",
        ResourceKind::Submarines => "Submarines",
        ResourceKind::Torpedoes => "Torpedoes",
    }
}

/// A resource by its name, for words the player reads; an unknown id as it is.
fn resource(data: &Data, id: &str) -> String {
    data.resource(id)
        .map_or_else(|| id.to_string(), |r| resource_name(r.kind).to_string())
}

/// A space of the map or a Strategic space by its name.
/// Spaces whose names read with "the" before them, as the report's `sp` names them
/// (templates/the-lost-cause/events.txt): "on the Peninsula", not "on Peninsula".
const NAMED_WITH_THE: [&str; 2] = ["peninsula", "shenandoah-valley"];

pub(super) fn space(data: &Data, id: &str) -> String {
    if id == "blockade" {
        return "the Naval Blockade marker".into();
    }
    if NAMED_WITH_THE.contains(&id) {
        let name = if data.has_space(id) {
            data.space(id).name.clone()
        } else {
            data.strategic(id)
                .map_or_else(|| id.to_string(), |s| s.name.clone())
        };
        return format!("the {name}");
    }
    if data.has_space(id) {
        return data.space(id).name.clone();
    }
    data.strategic(id)
        .map_or_else(|| id.to_string(), |s| s.name.clone())
}

/// Union armies listed as words, for errors: `the blue or green army`, or `no Union army`.
pub(super) fn army_words(armies: &[String]) -> String {
    if armies.is_empty() {
        "no Union army".into()
    } else {
        format!("the {} army", either(armies))
    }
}

/// Ids listed as words: `blue`, `blue or green`, `blue, green or brown`.
pub(super) fn either(words: &[String]) -> String {
    listed(words, "or")
}

use crate::engine::error::listed;

/// Where a Commerce Raider action sends the raider (9.7), from where it is now (`at`): a
/// raider in the Resource Cup only comes out to the Available box, and one sent to the marker
/// it sails with already, or told to stay, stays where it is.
pub(super) fn raider_words(r: RaiderTo, at: Option<&Place>) -> String {
    match (at, r.marker()) {
        // `available` is refused out of the cup; worded for the record all the same.
        _ if r == RaiderTo::Available || at == Some(&Place::Cup) => {
            "the raider comes out of the Resource Cup to the Available box (9.7)".into()
        }
        (Some(Place::Raiding(m)), to) if to.is_none() || to == Some(*m) => {
            format!("the raider stays with {}", track_marker(*m))
        }
        (Some(Place::Available), None) => "the raider stays in the Available box".into(),
        (_, Some(to)) => format!("the raider sails with {}", track_marker(to)),
        (_, None) => "the raider stays where it is".into(),
    }
}

/// A track marker the Commerce Raider sails with, by name (9.7).
pub(super) fn track_marker(m: TrackMarker) -> &'static str {
    match m {
        TrackMarker::Morale => "the Confederate Morale marker",
        TrackMarker::Recognition => "the ER/EP marker",
        TrackMarker::Blockade => "the Naval Blockade marker",
    }
}

/// Why the Navy cannot do `n` now (9.6), with what it could do instead; a Commerce Raider
/// order says where the raider is and the order that fits.
/// Returns the rule to cite with the words: 9.6 for the Naval action, or the marker's own rule
/// where the place it names is one the marker may not take (16.2, 16.6, 16.7).
pub(super) fn naval_refusal(
    data: &Data,
    st: &State,
    n: &Naval,
    options: &[Naval],
) -> (&'static str, String) {
    if let Naval::CommerceRaider(to) = n {
        match (super::navy::raider_place(st, data), to.marker()) {
            (Some(Place::Cup), Some(m)) => {
                return (
                    "9.6",
                    format!(
                        "the Commerce Raider is in the Resource Cup, so it cannot sail with {} yet: a Commerce Raider action brings it out to the Available box (9.7), ordered as `commerce_raider: available`",
                        track_marker(m)
                    ),
                )
            }
            (Some(Place::Available | Place::Raiding(_)), None) if *to == RaiderTo::Available => {
                return ("9.6", "the Commerce Raider is already out of the Resource Cup: a Naval action sails it with the Confederate Morale, ER/EP or Naval Blockade marker (9.7)".into());
            }
            (Some(at @ (Place::Available | Place::Raiding(_))), None) => {
                let leave = match at {
                    Place::Raiding(m) => format!(
                        "; to leave it with {}, order `commerce_raider: {}`",
                        track_marker(m),
                        serde_json::to_value(m)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_string))
                            .unwrap_or_default()
                    ),
                    _ => String::new(),
                };
                return (
                    "9.6",
                    format!(
                        "a Naval action sails the Commerce Raider with the Confederate Morale, ER/EP or Naval Blockade marker (9.7){leave}"
                    ),
                );
            }
            (None | Some(Place::Future | Place::Gone), _) => {
                return ("9.6", "the Commerce Raider is not in play (6.1)".into())
            }
            _ => {}
        }
    }
    // Each a verb phrase after "it could": a raider's action is a noun in the list.
    let could: Vec<String> = options
        .iter()
        .map(|o| match o {
            Naval::CommerceRaider(_) => format!("take a {}", naval_words(data, st, o)),
            _ => naval_words(data, st, o),
        })
        .collect();
    let instead = if could.is_empty() {
        "it has nothing it could do but pass".to_string()
    } else {
        format!("it could {}", listed(&could, "or"))
    };
    let placed = match n {
        Naval::Place { resource, to } | Naval::Move { resource, to } => data
            .resource(resource)
            .and_then(|r| super::navy::spot_refusal(data, st, r.kind, to)),
        _ => None,
    };
    match placed {
        Some((rule, why)) => (
            rule,
            format!(
                "the Navy cannot {}: {why}; {instead}",
                naval_words(data, st, n)
            ),
        ),
        None => (
            "9.6",
            format!(
                "the Navy cannot {} now; {instead}",
                naval_words(data, st, n)
            ),
        ),
    }
}

/// An Initiative marker in words: `Conditional, +1`.
fn marker_words(m: &Marker) -> String {
    let shape = m.symbol.name();
    match m.drm {
        0 => shape.to_string(),
        d => format!("{shape}, {d:+}"),
    }
}

/// 6.2.2: the roll a Rebel Yell question is about (the last dice the paused line drew) as a
/// natural failure, a 1 on one die or a 2 on two, which fails whatever its modifiers make of
/// it: its total alone could read as a tie.
fn natural_failure(task: &super::state::Task) -> Option<&'static str> {
    let faces = task.drawn.iter().rev().find_map(|d| match d {
        super::state::Drawn::D6(faces) => Some(faces),
        _ => None,
    })?;
    match faces.as_slice() {
        [1] => Some("a natural 1"),
        [1, 1] => Some("a natural 2 on two dice"),
        _ => None,
    }
}

/// The question as a sentence for the player; `task` is the paused line's progress, whose
/// dice say what a roll offered for a re-roll came to.
pub fn describe(data: &Data, st: &State, q: &Question) -> String {
    let task = &st.task;
    match q {
        Question::Start => "start the war (3.0)".into(),
        Question::BattleTarget {
            theater,
            armies,
            reclaim,
        } => {
            let mut choices = Vec::new();
            if !armies.is_empty() {
                choices.push(format!("attack the {} army", either(armies)));
            }
            if !reclaim.is_empty() {
                let names: Vec<String> = reclaim.iter().map(|s| space(data, s)).collect();
                choices.push(format!("reclaim {}", either(&names)));
            }
            format!(
                "9.1 Battle action in the {} theater: {}",
                theater.title(),
                choices.join(", or ")
            )
        }
        Question::RaidTarget { armies } => {
            format!("9.2 Raid: target the {} army", either(armies))
        }
        Question::Command { symbol } => format!(
            "10.0 {} Command action: choose its use",
            symbol.name()
        ),
        Question::Naval => "9.6 Naval action: choose what the Navy does if the roll passes".into(),
        Question::Raider => "9.7 Commerce Raider action: choose where it sails".into(),
        Question::Reroll { roll, result } => match natural_failure(task) {
            Some(natural) => format!(
                "Rebel Yell: re-roll {roll} ({natural}, lost as it stands whatever its total of {result}, 6.2.2), or keep the result"
            ),
            None => format!("Rebel Yell: re-roll {roll} ({result}), or keep the result"),
        },
        // The record names the Peninsula (8.9) as the map does, without its article.
        Question::Torpedoes { what } => format!(
            "16.10 Torpedoes: spend them to stop {}?",
            what.replace(" into Peninsula", " into the Peninsula")
        ),
        Question::Railroads { line } => format!(
            "16.8 Railroads, {}: spend them on Directed Battles or keep them, and choose whether to be asked again before each Confederate action or only after the last",
            match line {
                // The line by its words, as `show` lists it: "action 1" alone named nothing
                // the card's reader could find.
                Some(l) => match st.card.as_deref().and_then(|c| data.find_card(c)).and_then(|c| c.confederate.get(*l)) {
                    Some(a) => format!(
                        "before the card's Confederate action {}, {}",
                        l + 1,
                        super::card_lines::confederate_line(a)
                    ),
                    None => format!("before the card's Confederate action {}", l + 1),
                },
                None => "after the card's last Confederate action".into(),
            }
        ),
        Question::InitiativeOrder { armies, markers } if markers.is_empty() => format!(
            "11.0 Union Initiative: the order to resolve the markers on the {} armies",
            listed(armies, "and")
        ),
        Question::InitiativeOrder { markers, .. } => {
            let each: Vec<String> = markers
                .iter()
                .map(|m| {
                    let marker = Marker {
                        symbol: m.symbol,
                        drm: m.drm,
                    };
                    format!("{} {} ({})", m.army, m.marker, marker_words(&marker))
                })
                .collect();
            format!(
                "11.0 Union Initiative: the order to resolve the markers: {}; an army's markers go together in the order placed, or one at a time",
                each.join(", ")
            )
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

pub(super) fn target_words(data: &Data, t: &Target) -> String {
    match t {
        Target::Army(a) => format!("attack the {a} army"),
        Target::Reclaim(s) => format!("reclaim {}", space(data, s)),
    }
}

pub(super) fn naval_words(data: &Data, st: &State, n: &Naval) -> String {
    match n {
        Naval::Place { resource: r, to } => {
            format!(
                "put the {} marker on {}",
                resource(data, r),
                space(data, to)
            )
        }
        Naval::Move { resource: r, to } => {
            // Two markers of a kind may both be on the map: where it comes from tells them
            // apart.
            let from = match st.resources.get(r) {
                Some(Place::Space(s)) => format!(" from {}", space(data, s)),
                Some(Place::Blockade) => " from the Naval Blockade marker".to_string(),
                _ => String::new(),
            };
            format!(
                "move the {} marker{from} to {}",
                resource(data, r),
                space(data, to)
            )
        }
        Naval::Submarines { resource: r } => {
            format!("send the {} against the Blockade", resource(data, r))
        }
        Naval::CommerceRaider(to) => format!(
            "Commerce Raider action: {}",
            raider_words(*to, super::navy::raider_place(st, data).as_ref())
        ),
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
                    target_words(data, &t),
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
                    naval_words(data, st, &n),
                    Orders {
                        naval: Some(n),
                        ..o()
                    },
                )
            })
            .collect(),
        // 9.7: on a track marker, naming that marker leaves the raider in place, so `stay`
        // would be the same option twice; from the Available box only `stay` leaves it there.
        Question::Raider => {
            let place = super::navy::raider_place(st, data);
            let stay = (!matches!(place, Some(Place::Raiding(_)))).then_some(RaiderTo::Stay);
            [RaiderTo::Morale, RaiderTo::Recognition, RaiderTo::Blockade]
                .into_iter()
                .chain(stay)
                .map(|r| {
                    (
                        format!("Commerce Raider: {}", raider_words(r, place.as_ref())),
                        Orders {
                            raider: Some(r),
                            ..o()
                        },
                    )
                })
                .collect()
        }
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
        Question::Railroads { .. } => {
            let mut out = vec![(
                "keep the Railroads".to_string(),
                Orders {
                    railroads: Some(Railroads::Spend(Vec::new())),
                    ..o()
                },
            )];
            // 16.8: the standing order for when the game asks, changed with no battle.
            let other = match st.railroads_ask {
                RailroadsAsk::AfterLast => (
                    RailroadsAsk::EveryAction,
                    "keep the Railroads, and ask before each Confederate action from now on",
                ),
                RailroadsAsk::EveryAction => (
                    RailroadsAsk::AfterLast,
                    "keep the Railroads, and ask only after a card's last Confederate action from now on",
                ),
            };
            out.push((
                other.1.to_string(),
                Orders {
                    railroads: Some(Railroads::Plan(RailroadsPlan {
                        spend: Vec::new(),
                        ask: Some(other.0),
                    })),
                    ..o()
                },
            ));
            // 16.8 with 9.1 (RULINGS L57): a theater with no leader fights no battle.
            for t in Theater::ALL.into_iter().filter(|t| st.has_leader(*t)) {
                for target in targets(data, st, t) {
                    out.push((
                        format!(
                            "Railroads: {} in the {} theater",
                            target_words(data, &target),
                            t.title()
                        ),
                        Orders {
                            railroads: Some(Railroads::Spend(vec![RailroadBattle {
                                theater: t,
                                target,
                            }])),
                            ..o()
                        },
                    ));
                }
            }
            out
        }
        Question::InitiativeOrder { armies, markers } if markers.is_empty() => {
            let mut rev = armies.clone();
            rev.reverse();
            let mut out = vec![(
                format!(
                    "resolve in the order: the {} army",
                    armies.join(", then the ")
                ),
                Orders {
                    initiative_order: Some(
                        armies.iter().cloned().map(InitiativeEntry::Army).collect(),
                    ),
                    ..o()
                },
            )];
            if rev != *armies {
                out.push((
                    format!("resolve in the order: the {} army", rev.join(", then the ")),
                    Orders {
                        initiative_order: Some(
                            rev.into_iter().map(InitiativeEntry::Army).collect(),
                        ),
                        ..o()
                    },
                ));
            }
            out
        }
        Question::InitiativeOrder { markers, .. } => {
            let marked = initiative::from_listed(markers);
            initiative::orderings(&marked, 24)
                .into_iter()
                .map(|order| {
                    let words: Vec<String> = order
                        .iter()
                        .map(|(army, k)| {
                            let ms = &marked.iter().find(|(a, _)| a == army).expect("listed").1;
                            let m = &ms[*k];
                            if ms.len() == 1 {
                                format!("the {army} army's marker ({})", marker_words(m))
                            } else {
                                format!("the {army} army's marker {} ({})", k + 1, marker_words(m))
                            }
                        })
                        .collect();
                    (
                        format!("resolve in the order: {}", words.join(", then ")),
                        Orders {
                            initiative_order: Some(initiative::answer(&order)),
                            ..o()
                        },
                    )
                })
                .collect()
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
    // 10.1: a Battle action goes to the theater's commander; without one it could do nothing.
    for t in Theater::ALL
        .into_iter()
        .filter(|t| st.commanders.get(t).cloned().flatten().is_some())
    {
        for target in targets(data, st, t) {
            out.push((
                format!(
                    "10.1 Battle in the {} theater: {}",
                    t.title(),
                    target_words(data, &target)
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
                        format!(
                            "10.2 put the {} marker in {}",
                            resource(data, &r),
                            space(data, &s)
                        ),
                        Command::Place {
                            resource: r.clone(),
                            space: Some(s),
                        },
                    ));
                }
            }
            Some(ResourceKind::EuropeanMunitions) => out.push((
                format!(
                    "10.2 put the {} marker on the Morale Track",
                    resource(data, &r)
                ),
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
            format!("10.3 Naval action at -1: {}", naval_words(data, st, &n)),
            Command::Naval(n),
        ));
    }
    // 9.6: on a passed roll the Navy "may" act, so it may also do nothing, as on a card.
    out.push((
        "10.3 Naval action at -1, the Navy doing nothing if the roll passes".into(),
        Command::Naval(Naval::Pass),
    ));
    for t in Theater::ALL {
        out.push((
            format!("10.4 switch the Advisor with the {} commander", t.title()),
            Command::Switch { theater: t },
        ));
        // 10.4 as per 9.8: the shuffle draws from the Leader Cup; with the cup empty it cannot
        // be performed and is ignored (6.1). The choice stays (RULINGS L58), saying so.
        let cup_empty = st.leader_cup.is_empty();
        out.push((
            if cup_empty {
                format!(
                    "10.4 Leader Shuffle in the {} theater: the Leader Cup is empty, so it changes nothing (9.8, 6.1)",
                    t.title()
                )
            } else {
                format!("10.4 Leader Shuffle in the {} theater", t.title())
            },
            Command::Shuffle {
                theater: t,
                promote: false,
            },
        ));
        // 10.4: only a commander replaced may be promoted; in an empty box the promotion
        // would be the plain shuffle listed above under other words, and with the cup empty
        // no one replaces him.
        if !cup_empty && st.commanders.get(&t).cloned().flatten().is_some() {
            out.push((
                format!(
                    "10.4 Leader Shuffle in the {} theater, promoting its commander to Advisor",
                    t.title()
                ),
                Command::Shuffle {
                    theater: t,
                    promote: true,
                },
            ));
        }
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
    // 9.7: a raider in the Resource Cup comes out to the Available box, wherever the order
    // says it would sail; only from the box or a track marker does it sail.
    let place = super::navy::raider_place(st, data);
    if place == Some(Place::Cup) {
        out.push((
            "10.9 Commerce Raider action: the raider comes out of the Resource Cup to the Available box (9.7)".into(),
            Command::CommerceRaider(RaiderTo::Available),
        ));
    } else if let Some(place) = place {
        // From a track marker, naming the marker it is on leaves it in place; from the
        // Available box, `stay` does (9.7 lets the player perform the action or not).
        let stay = (place == Place::Available).then_some(RaiderTo::Stay);
        for r in [RaiderTo::Morale, RaiderTo::Recognition, RaiderTo::Blockade]
            .into_iter()
            .chain(stay)
        {
            out.push((
                format!(
                    "10.9 Commerce Raider action: {}",
                    raider_words(r, Some(&place))
                ),
                Command::CommerceRaider(r),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 9.7 with 10.9: a raider in the Resource Cup only comes out to the Available box, so the
    /// Command action offers that, not three voyages it would not make.
    #[test]
    fn a_raider_in_the_cup_is_offered_its_way_out_only() {
        let data = super::super::tests::data();
        let (mut st, _) = <super::super::TheLostCause as crate::engine::game::Game>::setup(&data);
        let raider = st
            .resources
            .keys()
            .find(|id| data.resource(id).map(|r| r.kind) == Some(ResourceKind::CommerceRaider))
            .cloned()
            .expect("the pieces have a Commerce Raider");
        let words = |st: &State| -> Vec<String> {
            command_candidates(&data, st)
                .into_iter()
                .map(|(w, _)| w)
                .filter(|w| w.starts_with("10.9"))
                .collect()
        };
        st.resources.insert(raider.clone(), Place::Cup);
        assert_eq!(
            words(&st),
            vec!["10.9 Commerce Raider action: the raider comes out of the Resource Cup to the Available box (9.7)"]
        );
        // From the box it sails with one of the three markers, or stays there: the rules
        // took `stay`, which the list left out.
        st.resources.insert(raider, Place::Available);
        let sails = words(&st);
        assert_eq!(sails.len(), 4, "{sails:?}");
        assert_eq!(
            sails.iter().filter(|w| w.contains("sails with")).count(),
            3,
            "{sails:?}"
        );
        assert!(
            sails.contains(
                &"10.9 Commerce Raider action: the raider stays in the Available box".to_string()
            ),
            "{sails:?}"
        );
    }
}
