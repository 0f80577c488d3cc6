//! What a position of The Lost Cause must satisfy to be played from (`new --position`): every
//! id is one of the data's, every track marker in its boxes, and every card, leader, army and
//! resource in exactly one place. A position is a state the rules could reach, not a free edit.

use std::collections::BTreeMap;

use super::control;
use super::data::{CardKind, Data};
use super::state::{Control, Cursor, Navies, Place, State};
use crate::engine::error::OrderError;

fn bad(rule: &str, path: impl Into<String>, message: String) -> OrderError {
    OrderError::new(rule, message).at(path)
}

/// Checks `st` against the rules; the first fault found is returned.
pub fn check(data: &Data, st: &State) -> Result<(), OrderError> {
    decision(st)?;
    lines(data, st)?;
    // The armies first: the flags and the Strategic spaces are read from where they stand.
    armies(data, st)?;
    tracks(data, st)?;
    strategic(data, st)?;
    cards(data, st)?;
    leaders(data, st)?;
    resources(data, st)?;
    Ok(())
}

/// 15.0: a war goes on until it has an outcome, and it goes on at a question the player
/// answers; a position with neither would be a game over with no result.
fn decision(st: &State) -> Result<(), OrderError> {
    if st.question.is_none() && st.outcome.is_none() {
        return Err(bad(
            "15.0",
            "question",
            "the position waits for no decision, yet the war has no outcome: give the question the player answers next (as `adjutant position` writes it), or the war's outcome".into(),
        ));
    }
    Ok(())
}

/// 4.0 (step 2 of the month): the card in play's actions are done line by line, the Union's
/// then the Confederacy's; a position between them stands at a line of the card in play, or
/// just past its last, and a question waits only at a line that puts one.
fn lines(data: &Data, st: &State) -> Result<(), OrderError> {
    let (line, side) = match st.cursor {
        Cursor::Union { line } => (line, Side::Union),
        Cursor::Confederate { line } => (line, Side::Confederate),
        _ => return Ok(()),
    };
    let Some(card) = st.card.as_deref().and_then(|c| data.find_card(c)) else {
        return Err(bad(
            "4.0",
            "cursor",
            "the position stands at a line of the card in play, but no card of the deck is in play"
                .into(),
        ));
    };
    let (count, whose) = match side {
        Side::Union => (card.union.len(), "Union"),
        Side::Confederate => (card.confederate.len(), "Confederate"),
    };
    let most = if st.question.is_some() {
        count
    } else {
        count + 1
    };
    if line >= most {
        return Err(bad(
            "4.0",
            "cursor",
            format!(
                "card {} has {count} {whose} lines (numbered from 0), so the month cannot stand at line {line}{}",
                card.id,
                if st.question.is_some() { " with a question waiting" } else { "" }
            ),
        ));
    }
    Ok(())
}

/// The two lists of a card's lines.
#[derive(Clone, Copy)]
enum Side {
    Union,
    Confederate,
}

/// 13.8.1: a Strategic space whose connected spaces are all Confederate is Confederate, one
/// none of whose connected spaces is Confederate is the Union's (unless devastated or held);
/// the rules settle it after every move, so a position cannot have it otherwise.
fn strategic(data: &Data, st: &State) -> Result<(), OrderError> {
    for s in &data.map.strategic {
        let Some(&now) = st.strategic.get(&s.id) else {
            continue;
        };
        let settled = control::strategic_control(data, st, s);
        if settled != now {
            let names: Vec<String> = s
                .connected
                .iter()
                .map(|c| data.space(c).name.clone())
                .collect();
            return Err(bad(
                "13.8.1",
                format!("strategic.{}", s.id),
                format!(
                    "{} is {}, but it is {} by the spaces it connects to ({})",
                    s.name,
                    control_words(now),
                    control_words(settled),
                    crate::engine::error::listed(&names, "and")
                ),
            ));
        }
    }
    Ok(())
}

fn control_words(c: Control) -> &'static str {
    match c {
        Control::Confederate => "Confederate",
        Control::Union => "the Union's",
        Control::Devastated => "devastated",
    }
}

/// 3.0, 7.4, 9.5, 12.0: the year and the track markers.
fn tracks(data: &Data, st: &State) -> Result<(), OrderError> {
    let su = &data.pieces.setup;
    if st.year < su.year || st.year > su.last_year {
        return Err(bad(
            "3.0",
            "year",
            format!("the war runs from {} to {}", su.year, su.last_year),
        ));
    }
    if !(0..=12).contains(&st.morale) {
        return Err(bad(
            "12.0",
            "morale",
            "the Morale Track has boxes 0 to 12".into(),
        ));
    }
    if !(0..=6).contains(&st.recognition) {
        return Err(bad(
            "9.5",
            "recognition",
            "the European Recognition Track has boxes 0 to 6".into(),
        ));
    }
    // 9.5.1: once the European navies are on the track the Blockade stops at box 5.
    let top = if st.navies == Navies::None { 6 } else { 5 };
    if !(0..=top).contains(&st.blockade) {
        return Err(bad(
            "7.4",
            "blockade",
            format!("the Naval Blockade marker goes from box 0 to box {top} now"),
        ));
    }
    if st.flags_taken != control::flags_taken(data, st) {
        return Err(bad(
            "12.0",
            "flags_taken",
            format!(
                "the Union holds key spaces worth {} Morale, not {}",
                control::flags_taken(data, st),
                st.flags_taken
            ),
        ));
    }
    Ok(())
}

/// 8.0: each army is one of the data's, showing one of its faces, on a route of map spaces.
/// (A route need not start at the Home Base: 8.6.2 sends an army on from Ship Island.)
fn armies(data: &Data, st: &State) -> Result<(), OrderError> {
    for (id, a) in &st.armies {
        let path = format!("armies.{id}");
        let Some(army) = data.army(id) else {
            return Err(bad("8.0", path, format!("there is no Union army `{id}`")));
        };
        if !army.forms.iter().any(|f| f.id == a.form) {
            return Err(bad(
                "8.0",
                format!("{path}.form"),
                format!("the {id} army has no face `{}`", a.form),
            ));
        }
        if let Some(s) = a.route.iter().find(|s| !data.has_space(s)) {
            return Err(bad(
                "8.0",
                format!("{path}.route"),
                format!("there is no space `{s}` on the map"),
            ));
        }
        if a.at >= a.route.len() {
            return Err(bad(
                "8.0",
                format!("{path}.at"),
                format!("the {id} army's route has {} spaces", a.route.len()),
            ));
        }
        if a.invading && army.invasion.is_none() {
            return Err(bad(
                "13.2",
                format!("{path}.invading"),
                format!("the {id} army has no Northern Invasion space"),
            ));
        }
        // 13.2 (RULINGS L24, L56): an army invades only from its Home Base, and keeps that
        // place on its route until it marches home or is recalled.
        if a.invading && !super::union::at_home_base(data, id, a) {
            return Err(bad(
                "13.2",
                format!("{path}.invading"),
                format!(
                    "the {id} army is invading, but its place on its route is {}, not its Home Base: an army is driven into its Northern Invasion space only from its Home Base",
                    data.space(a.space()).name
                ),
            ));
        }
        if st.removed.contains(id) {
            return Err(bad(
                "8.0",
                path,
                format!("the {id} army is both in play and removed"),
            ));
        }
    }
    Ok(())
}

/// 5.0, 5.2, 14.6: every card is in one place, and the Headline cards are all accounted for.
fn cards(data: &Data, st: &State) -> Result<(), OrderError> {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    let places = st
        .draw_pile
        .iter()
        .map(|c| ("draw_pile", c))
        .chain(st.stacks.values().flatten().map(|c| ("stacks", c)))
        .chain(st.card.iter().map(|c| ("card", c)))
        .chain(st.rebel_yell.iter().map(|c| ("rebel_yell", c)));
    for (key, c) in places {
        if !data.has_card(c) {
            return Err(bad(
                "5.0",
                key,
                format!("there is no card `{c}` in the deck"),
            ));
        }
        let n = seen.entry(c.as_str()).or_default();
        *n += 1;
        if *n > 1 {
            return Err(bad(
                "5.0",
                key,
                format!("card `{c}` is in more than one place"),
            ));
        }
    }
    let headline = |c: &str| data.card(c).kind == CardKind::Headline;
    let left = seen.keys().filter(|c| headline(c)).count() as u32;
    let in_play = st.card.as_deref().is_some_and(headline);
    let total = data
        .deck
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Headline)
        .count() as u32;
    // 5.2: a Headline card is played once revealed (the count goes up as it is, `month.rs`)
    // and leaves play after its use, so every card not still to come in the draw pile or a
    // year's stack has been played, the card in play among them.
    let to_come = left - u32::from(in_play);
    let played = total.saturating_sub(to_come);
    if st.headlines_played != played {
        let in_play = match st.card.as_deref().filter(|_| in_play) {
            Some(c) => format!(", card {c} in play among them"),
            None => String::new(),
        };
        return Err(bad(
            "5.2",
            "headlines_played",
            format!(
                "{total} Headline cards exist and {to_come} are still to come (in the draw pile and the year stacks), so {played} have been played{in_play}, not {}",
                st.headlines_played
            ),
        ));
    }
    Ok(())
}

/// 3.0 #4-5, 10.0, 18.0: each leader is in one place, and those due have arrived.
fn leaders(data: &Data, st: &State) -> Result<(), OrderError> {
    for (theater, l) in &st.union_commanders {
        if data.union_leader(l).is_none() {
            return Err(bad(
                "3.0",
                format!("union_commanders.{theater:?}").to_lowercase(),
                format!("there is no Union leader `{l}`"),
            ));
        }
    }
    let named = st
        .commanders
        .values()
        .flatten()
        .chain(st.advisor.iter())
        .chain(st.leader_cup.iter())
        .chain(st.leaders_gone.iter());
    for l in named.clone() {
        if data.confederate_leader(l).is_none() {
            return Err(bad(
                "3.0",
                "commanders",
                format!("there is no Confederate leader `{l}`"),
            ));
        }
    }
    for l in &data.pieces.confederate_leaders {
        let places = named.clone().filter(|x| **x == l.id).count();
        let due = l.arrives.is_none_or(|y| y <= st.year);
        if places != usize::from(due) {
            return Err(bad(
                "10.0",
                "leader_cup",
                format!(
                    "leader `{}` is in {places} places; {}",
                    l.id,
                    if due {
                        "he is in play and in exactly one"
                    } else {
                        "he has not arrived yet"
                    }
                ),
            ));
        }
    }
    Ok(())
}

/// 16.0: every Resource marker has a place, and none is in play before its year.
fn resources(data: &Data, st: &State) -> Result<(), OrderError> {
    for (id, place) in &st.resources {
        let Some(r) = data.resource(id) else {
            return Err(bad(
                "16.0",
                format!("resources.{id}"),
                format!("there is no Resource `{id}`"),
            ));
        };
        if let Place::Space(s) = place {
            if !data.has_space(s) {
                return Err(bad(
                    "16.0",
                    format!("resources.{id}"),
                    format!("there is no space `{s}` on the map"),
                ));
            }
        }
        if *place == Place::Future && r.year <= st.year {
            return Err(bad(
                "16.0",
                format!("resources.{id}"),
                format!("`{id}` arrives in {}, so it is no longer waiting", r.year),
            ));
        }
    }
    if let Some(r) = data
        .pieces
        .resources
        .iter()
        .find(|r| !st.resources.contains_key(&r.id))
    {
        return Err(bad(
            "16.0",
            "resources",
            format!("Resource `{}` has no place", r.id),
        ));
    }
    Ok(())
}
