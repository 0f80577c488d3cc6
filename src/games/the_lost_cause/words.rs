//! Words a report needs that a step's record does not hold, read from the state before the
//! step (`Game::annotate_step`): they go into the report's copy of the step's orders and
//! events, never into the record, which `verify` compares.

use std::collections::BTreeSet;

use serde_json::Value;

use super::data::{CardKind, ConfederateAction, Data, Symbol};
use super::orders::Orders;
use super::state::{Cursor, Place, Question, State};

/// Adds to a step's orders and events what the report's words need; `after` is the state the
/// step left, where the caller has it.
pub fn annotate(
    data: &Data,
    before: &State,
    after: Option<&State>,
    orders: &mut Value,
    events: &mut [Value],
) {
    by_id(data, before, orders);
    raider_was(data, before, orders);
    invading(data, before, events);
    shuffled_stack(data, before, events);
    card_in_play(data, before, events);
    card_recognition(data, before, events);
    card_army_rule(events);
    placement_skipped(data, before, events);
    army_line_skipped(data, before, events);
    year_end_found(data, before, events);
    cited_once(events);
    friction_lines(data, before, events);
    administrative_rolls(data, before, events);
    not_carried_out(after, events);
    disruption_markers(before, events);
    commander_kept(before, events);
    branch_case(data, events);
    key_spaces_changed(data, before, after, events);
    naval_pass(orders, events);
    cup_said_once(events);
    march_after_torpedoes(data, before, events);
}

/// 7.1, 16.10: a card may activate one army on two lines (card 48: the green army twice).
/// When Torpedoes stop the march of one line, the next line for that army may march it, and
/// its line followed the stop with nothing to say it was another of the card's actions. A
/// step that answers the Torpedoes question re-runs the line that asked (the cursor's), so the
/// army is the one that line activates, read from the card in play, and the step's first
/// `torpedoes` event is that line's stop. The army's next `marched` in the step comes from the
/// card's next line for that army: its copy gets `card_line`, that line's place among the
/// card's lines for the army (2 for the second).
/// Only a march can follow: a stop before an attack on an obstacle, a siege or an Advanced
/// Base leaves what stopped the army where it is, so the army's next activation in the step
/// does that again rather than march (7.3). A later `torpedoes` event comes from a later line,
/// whose army the step does not say, so the reading stops there.
fn march_after_torpedoes(data: &Data, before: &State, events: &mut [Value]) {
    use super::data::UnionAction;
    let (Cursor::Union { line }, Some(Question::Torpedoes { .. })) =
        (&before.cursor, &before.question)
    else {
        return;
    };
    let Some(card) = before.card.as_deref().and_then(|c| data.find_card(c)) else {
        return;
    };
    let Some(UnionAction::Army { army, .. }) = card.union.get(*line) else {
        return;
    };
    let of = |a: &UnionAction| matches!(a, UnionAction::Army { army: x, .. } if x == army);
    let Some(next) = card
        .union
        .iter()
        .enumerate()
        .skip(line + 1)
        .find(|(_, a)| of(a))
        .map(|(i, _)| i)
    else {
        return;
    };
    let place = card.union[..=next].iter().filter(|a| of(a)).count();
    let mut stopped = false;
    for e in events.iter_mut() {
        match e.get("event").and_then(Value::as_str) {
            Some("card_revealed") => return,
            Some("torpedoes") if stopped => return,
            Some("torpedoes") => stopped = true,
            Some("marched")
                if stopped && e.get("army").and_then(Value::as_str) == Some(army.as_str()) =>
            {
                if let Value::Object(o) = e {
                    o.insert("card_line".into(), place.into());
                }
                return;
            }
            _ => {}
        }
    }
}

/// 9.1.2, 14.5: an empty Cup is said once. A casualty's successor drawn from an empty Leader
/// Cup records the skipped draw and then the command left empty, whose line says the Cup is
/// empty; the Domestic phase's line (`year_end_found`) says the Resource Cup is empty before
/// the skipped draw's line. The skipped draw's copy gets `said: true`, and the report leaves
/// it out; the record keeps it.
fn cup_said_once(events: &mut [Value]) {
    fn field<'a>(x: &'a Value, k: &str) -> Option<&'a str> {
        x.get(k).and_then(Value::as_str)
    }
    let mut phase_says_empty = false;
    for i in 0..events.len() {
        let e = &events[i];
        if field(e, "event") == Some("year_end_phase") {
            phase_says_empty = field(e, "rule") == Some("14.5")
                && field(e, "found").is_some_and(|f| f.contains(super::confederate::CUP_EMPTY));
            continue;
        }
        if field(e, "event") != Some("ignored") {
            continue;
        }
        let said = match (field(e, "rule"), field(e, "what")) {
            (Some("9.1.2"), Some(super::battle::LEADER_CUP_EMPTY)) => {
                events.get(i + 1).is_some_and(|n| {
                    field(n, "event") == Some("leader_called_up")
                        && n.get("leader").is_none_or(Value::is_null)
                })
            }
            (Some("14.5"), Some(super::confederate::CUP_EMPTY)) => phase_says_empty,
            _ => false,
        };
        if said {
            if let Value::Object(o) = &mut events[i] {
                o.insert("said".into(), true.into());
            }
        }
    }
}

/// 12.0: a morale change for key spaces is recorded as "the Union took key spaces" or "the
/// South regained key spaces", one key space or several. The copy gets `spaces`: those that
/// changed hands, from the Union's key spaces before the step to those it holds after the
/// change (`holds`, from the seventh edition on; before it, the state after the step where the
/// step has one such change only), so the line names them, in the singular for one. Taken,
/// they also get `also`: the key spaces the Union held before and still holds, which the line
/// names in place of the whole of `holds`, so that a space just taken is not named twice.
fn key_spaces_changed(data: &Data, before: &State, after: Option<&State>, events: &mut [Value]) {
    use super::control::{union_key_space_ids, KEY_SPACES_REGAINED, KEY_SPACES_TAKEN};
    let is_change = |e: &Value| {
        e.get("event").and_then(Value::as_str) == Some("morale")
            && matches!(
                e.get("why").and_then(Value::as_str),
                Some(KEY_SPACES_TAKEN | KEY_SPACES_REGAINED)
            )
    };
    let changes = events.iter().filter(|e| is_change(e)).count();
    let mut held = union_key_space_ids(data, before);
    for e in events.iter_mut().filter(|e| is_change(e)) {
        let now: Option<BTreeSet<String>> = match e.get("holds") {
            Some(Value::Array(h)) => Some(
                h.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect(),
            ),
            _ if changes == 1 => after.map(|a| union_key_space_ids(data, a)),
            _ => None,
        };
        let Some(now) = now else {
            continue;
        };
        let took = e.get("why").and_then(Value::as_str) == Some(KEY_SPACES_TAKEN);
        let spaces: Vec<String> = if took {
            now.difference(&held).cloned().collect()
        } else {
            held.difference(&now).cloned().collect()
        };
        // Taken, the spaces are among those held now: the line names the others only.
        let also: Vec<String> = now.intersection(&held).cloned().collect();
        held = now;
        if let (false, Value::Object(o)) = (spaces.is_empty(), e) {
            o.insert("spaces".into(), spaces.into());
            if took {
                o.insert("also".into(), also.into());
            }
        }
    }
}

/// 9.6, 10.3: a Naval action ordered as `naval: pass` rolls, and a passed roll is followed
/// by nothing. Its roll's copy gets `naval_pass: true`, for the line to say why nothing moved.
fn naval_pass(orders: &Value, events: &mut [Value]) {
    let pass = ["/naval", "/command/naval"]
        .iter()
        .any(|p| orders.pointer(p).and_then(Value::as_str) == Some("pass"));
    if !pass {
        return;
    }
    for e in events.iter_mut() {
        let naval = e.get("event").and_then(Value::as_str) == Some("roll")
            && e.get("what")
                .and_then(Value::as_str)
                .is_some_and(|w| w.starts_with("Naval roll"));
        if let (true, Value::Object(o)) = (naval, e) {
            o.insert("naval_pass".into(), true.into());
        }
    }
}

/// 8.4: a branch is recorded under 8.4, which only says that the way on is decided "as
/// described in detail below"; the case that decides it (8.5-8.8) depends on the army and the
/// branching space, the first space of the track it takes. The copy gets `case`, cited beside
/// 8.4.
fn branch_case(data: &Data, events: &mut [Value]) {
    for e in events.iter_mut() {
        if e.get("event").and_then(Value::as_str) != Some("branch")
            || e.get("rule").and_then(Value::as_str) != Some("8.4")
        {
            continue;
        }
        let army = e.get("army").and_then(Value::as_str).unwrap_or_default();
        let from = e
            .get("track")
            .and_then(Value::as_str)
            .and_then(|t| data.track(t))
            .and_then(|t| t.spaces.first().cloned())
            .unwrap_or_default();
        let Some(case) = super::tracks::branch_case(army, &from) else {
            continue;
        };
        if let Value::Object(o) = e {
            o.insert("case".into(), case.into());
        }
    }
}

/// 7.1 with 6.1: a card naming Grant or Sherman for a box already theirs is ignored, and the
/// record cites 7.1 (the box holds Grant or Sherman, who are never moved) as for a card naming
/// another general for it. The report said "so Grant is not placed" of Grant, in command of
/// the East already. The copy gets `holds`: the theater the named leader commands when the
/// line is read, followed from the state before the step through the step's changes of
/// command.
fn commander_kept(before: &State, events: &mut [Value]) {
    let mut commanders: Vec<(Value, String)> = before
        .union_commanders
        .iter()
        .map(|(t, l)| (serde_json::to_value(t).unwrap_or_default(), l.clone()))
        .collect();
    for e in events.iter_mut() {
        let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        match text("event").as_deref() {
            Some("union_commander") => {
                if let (Some(t), Some(l)) = (e.get("theater").cloned(), text("leader")) {
                    commanders.retain(|(held, _)| *held != t);
                    commanders.push((t, l));
                }
            }
            Some("ignored") if text("rule").as_deref() == Some("7.1") => {
                let Some(leader) = text("what").and_then(|w| {
                    w.strip_suffix(" cannot take the command")
                        .map(str::to_string)
                }) else {
                    continue;
                };
                let held = commanders
                    .iter()
                    .find(|(_, l)| **l == leader)
                    .map(|(t, _)| t.clone());
                if let (Some(t), Value::Object(o)) = (held, e) {
                    o.insert("holds".into(), t);
                }
            }
            _ => {}
        }
    }
}

/// 7.3 #1, 10.5: an army may carry several Disruption markers, and each activation removes
/// one; the record says only that the army recovered, or was disrupted. A recovery that leaves
/// markers on the army read "recovers from its disruption" while `show` still printed it
/// disrupted. The copy of each such event gets `markers`: how many the army carries after it,
/// followed from the state before the step through the step's events.
/// A disruption that a Raid's or a Diversionary Campaign's roll has just announced (9.2,
/// 10.5) is marked `from_roll`, so that its line says what it puts on the army instead of
/// saying the army is disrupted a second time.
fn disruption_markers(before: &State, events: &mut [Value]) {
    let mut markers: std::collections::BTreeMap<String, u32> = before
        .armies
        .iter()
        .map(|(id, a)| (id.clone(), a.disrupted))
        .collect();
    let mut rolled: Option<Value> = None;
    for e in events.iter_mut() {
        let announced = rolled.take();
        if e["event"] == "raid"
            && matches!(
                e["result"].as_str(),
                Some("disrupted" | "retreat_disrupted")
            )
        {
            rolled = Some(e["army"].clone());
        }
        if e["event"] == "disrupted" && announced.is_some_and(|a| a == e["army"]) {
            e["from_roll"] = Value::Bool(true);
        }
        let Some(army) = e.get("army").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        let n = markers.entry(army).or_default();
        match e.get("event").and_then(Value::as_str) {
            Some("army_placed") => *n = 0,
            Some("disrupted") => *n += 1,
            Some("recovered") => *n = n.saturating_sub(1),
            _ => continue,
        }
        if let Value::Object(o) = e {
            if matches!(
                o.get("event").and_then(Value::as_str),
                Some("disrupted" | "recovered")
            ) {
                o.insert("markers".into(), (*n).into());
            }
        }
    }
}

/// 6.2.1: a Confederate roll a Conditional action needs (the Advisor's Administrative roll for
/// a Command, 10.0, or a card's line, 6.2; the Naval roll, 9.6 and 10.3; a leader's
/// Initiative Roll before a battle, 9.1 and 10.1) that fails means no action is taken, and
/// nothing else in the step showed that the action the player had ordered came to nothing.
/// Such a roll is marked `not_carried_out` with what is lost (`action` or `battle`) for its
/// line to say so. A failed roll the player may still re-roll with Rebel Yell (5.1) ends its
/// step with that question, and is left unmarked: the answer decides.
fn not_carried_out(after: Option<&State>, events: &mut [Value]) {
    let last = events.len().saturating_sub(1);
    let may_reroll = after.is_none_or(|a| matches!(a.question, Some(Question::Reroll { .. })));
    for (i, e) in events.iter_mut().enumerate() {
        if e.get("event").and_then(Value::as_str) != Some("roll")
            || e.get("versus").and_then(Value::as_str) == Some("above")
        {
            continue;
        }
        let lost = match e.get("rule").and_then(Value::as_str) {
            Some(super::confederate::ADMINISTRATIVE_RULE)
            | Some(super::confederate::COMMAND_ADMINISTRATIVE_RULE)
            | Some("9.6" | "10.3") => "action",
            Some("9.1" | "10.1") => "battle",
            _ => continue,
        };
        if i == last && may_reroll {
            continue;
        }
        if let Value::Object(o) = e {
            o.insert("not_carried_out".into(), lost.into());
        }
    }
}

/// The line a step resumes at on the card in play: one paused inside a line (a question it
/// asked) showed that line's first events in the step that paused; one paused for Railroads
/// before it (16.8) has not reached it yet.
fn resumed_line(before: &State) -> usize {
    match (&before.cursor, &before.question) {
        (Cursor::Confederate { line }, Some(Question::Railroads { line: Some(l) }))
            if l == line =>
        {
            *line
        }
        (Cursor::Confederate { line }, Some(_)) => line + 1,
        (Cursor::Confederate { line }, None) => *line,
        _ => 0,
    }
}

/// 6.2 (RULINGS L7): a Conditional Confederate action other than a Battle or a Command rolls
/// against the National Military Advisor's Administrative Value, and the record cites only 6.2
/// for the roll. Its copy cites (`cites`) the action's rule and the ruling too, and 5.1 where
/// Friction of War made a Directed action Conditional (the roll right after the `friction`
/// event, whose line `friction_lines` found). Without Friction of War, each such roll is the
/// first event of the card's next Conditional line of those kinds: Friction of War cancels
/// every Conditional line, so a card's rolls come all from one kind of line or the other.
fn administrative_rolls(data: &Data, before: &State, events: &mut [Value]) {
    let mut card = before.card.clone();
    let mut next = resumed_line(before);
    // The rules the friction event just before cites, if the event before is one.
    let mut friction: Option<String> = None;
    for e in events.iter_mut() {
        let kind = e.get("event").and_then(Value::as_str).unwrap_or_default();
        let rule = e.get("rule").and_then(Value::as_str);
        match kind {
            "card_revealed" => {
                card = e.get("card").and_then(Value::as_str).map(Into::into);
                next = 0;
                friction = None;
            }
            "friction" => {
                let cites = e.get("cites").and_then(Value::as_str).unwrap_or_default();
                friction = Some(cites.to_string());
            }
            "roll" if rule == Some(super::confederate::ADMINISTRATIVE_RULE) => {
                let cites = if let Some(action) = friction.take() {
                    Some(if action.is_empty() {
                        "5.1, RULINGS L7".to_string()
                    } else {
                        format!("{action}, 5.1, RULINGS L7")
                    })
                } else {
                    card.as_deref()
                        .and_then(|c| data.find_card(c))
                        .and_then(|c| {
                            let lines = &c.confederate;
                            let i = (next..lines.len()).find(|&i| {
                                lines[i].symbol() == Symbol::Square
                                    && !matches!(
                                        lines[i],
                                        ConfederateAction::Battle { .. }
                                            | ConfederateAction::Command { .. }
                                            | ConfederateAction::Morale { .. }
                                    )
                            })?;
                            next = i + 1;
                            Some(format!("{}, RULINGS L7", action_words(&lines[i]).1))
                        })
                };
                if let (Some(cites), Value::Object(o)) = (cites, e) {
                    o.insert("cites".into(), cites.into());
                }
            }
            _ => friction = None,
        }
    }
}

/// 5.1 with 6.0: Friction of War cancels the next Headline card's Conditional Confederate
/// actions and makes its Directed ones Conditional; the record says so without saying which
/// line it acted on. Each such event gets the card's line in words (`action`) and the rule of
/// that action (`cites`). A line with friction on records exactly one of the two events
/// (none for a Mandatory one) before anything else it does, so the events match the card's
/// non-Mandatory lines in order from the line the step starts at.
fn friction_lines(data: &Data, before: &State, events: &mut [Value]) {
    let mut card = before.card.clone();
    // A step that resumes a line paused inside it showed that line's friction event in the
    // step that paused.
    let mut next = resumed_line(before);
    for e in events.iter_mut() {
        let symbol = match e.get("event").and_then(Value::as_str) {
            Some("card_revealed") => {
                card = e.get("card").and_then(Value::as_str).map(Into::into);
                next = 0;
                continue;
            }
            Some("friction") => Symbol::Circle,
            Some("ignored")
                if e.get("what").and_then(Value::as_str)
                    == Some(super::confederate::FRICTION_CANCELS) =>
            {
                Symbol::Square
            }
            _ => continue,
        };
        let Some(c) = card.as_deref().and_then(|c| data.find_card(c)) else {
            continue;
        };
        let lines = &c.confederate;
        let Some(i) = (next..lines.len()).find(|&i| lines[i].symbol() != Symbol::Arrow) else {
            continue;
        };
        next = i + 1;
        if lines[i].symbol() != symbol {
            continue;
        }
        let (words, rule) = action_words(&lines[i]);
        if let Value::Object(o) = e {
            o.insert("action".into(), words.into());
            o.insert("cites".into(), rule.into());
        }
    }
}

/// A card's Confederate action as the report names it, with its rule (9.1-9.9, 10.0).
pub(super) fn action_words(action: &ConfederateAction) -> (String, &'static str) {
    match action {
        ConfederateAction::Battle { theater, .. } => (
            format!("Battle action in the {} theater", theater.title()),
            "9.1",
        ),
        ConfederateAction::Raid { .. } => ("Raid action".into(), "9.2"),
        ConfederateAction::MoraleTest { .. } => ("Morale Test action".into(), "9.3"),
        ConfederateAction::WarEffort { .. } => ("War Effort action".into(), "9.4"),
        ConfederateAction::Diplomatic { .. } => ("Diplomatic action".into(), "9.5"),
        ConfederateAction::Naval { .. } => ("Naval action".into(), "9.6"),
        ConfederateAction::CommerceRaider { .. } => ("Commerce Raider action".into(), "9.7"),
        ConfederateAction::LeaderShuffle { theater, .. } => (
            format!("Leader Shuffle action in the {} theater", theater.title()),
            "9.8",
        ),
        ConfederateAction::LeaderAttrition { .. } => ("Leader Attrition action".into(), "9.9"),
        ConfederateAction::Command { .. } => ("Command action".into(), "10.0"),
        ConfederateAction::Morale { .. } => ("morale line".into(), "12.0"),
    }
}

/// 6.1: a skipped action whose words end with the rule that keeps it (`the Eastern Army Group
/// stays combined (8.8.1)`) has that rule cited beside the event's own, in one bracket
/// (`cites`), where the line read "... (8.8.1) (6.1)".
fn cited_once(events: &mut [Value]) {
    for e in events.iter_mut() {
        if e.get("event").and_then(Value::as_str) != Some("ignored") {
            continue;
        }
        let Some(what) = e.get("what").and_then(Value::as_str) else {
            continue;
        };
        let Some((words, rule)) = what
            .strip_suffix(')')
            .and_then(|w| w.rsplit_once(" ("))
            .filter(|(_, r)| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit() || c == '.'))
        else {
            continue;
        };
        let (words, rule) = (words.to_string(), rule.to_string());
        e["what"] = Value::String(words);
        e["cites"] = Value::String(rule);
    }
}

/// 12.0: a morale change a card makes (`why: the card`) gets the card in play then (`card`,
/// `card_kind`), which may have been revealed in an earlier step.
fn card_in_play(data: &Data, before: &State, events: &mut [Value]) {
    let mut card = before.card.clone();
    for e in events.iter_mut() {
        match e.get("event").and_then(Value::as_str) {
            Some("card_revealed") => card = e.get("card").and_then(Value::as_str).map(Into::into),
            Some("morale") if e.get("why").and_then(Value::as_str) == Some("the card") => {
                if let (Some(c), Value::Object(o)) =
                    (card.as_deref().and_then(|c| data.find_card(c)), e)
                {
                    let kind = serde_json::to_value(c.kind).unwrap_or_default();
                    o.insert("card".into(), c.id.clone().into());
                    o.insert("card_kind".into(), kind);
                }
            }
            _ => {}
        }
    }
}

/// 7.1: a Headline card's Mandatory line that moves the ER/EP marker is a Union action (the
/// 18.0 example: "a Mandatory action adjusts the European Recognition marker"), but the record
/// cites 9.5, the Confederate Diplomatic action, for it as for a Diplomatic success. A move
/// cited 9.5 that no passed Diplomatic roll brought (the roll, a Rebel Yell re-roll of it,
/// or a question to re-roll it the step resumes from, with only the Commerce Raider's return
/// between) is the card's: its copy cites 7.1 and names the card in play.
fn card_recognition(data: &Data, before: &State, events: &mut [Value]) {
    const DIPLOMATIC: &str = super::confederate::DIPLOMATIC_ROLL;
    let mut card = before.card.clone();
    // At the step's start, the roll the paused line asked to re-roll, if any.
    let mut diplomatic =
        matches!(&before.question, Some(Question::Reroll { roll, .. }) if roll == DIPLOMATIC);
    for e in events.iter_mut() {
        let kind = e.get("event").and_then(Value::as_str).unwrap_or_default();
        match kind {
            "card_revealed" => {
                card = e.get("card").and_then(Value::as_str).map(Into::into);
                diplomatic = false;
            }
            "roll" | "rebel_yell" => {
                diplomatic = e.get("what").and_then(Value::as_str) == Some(DIPLOMATIC);
            }
            "raider_returns" => {}
            "recognition" if e.get("rule").and_then(Value::as_str) == Some("9.5") => {
                if !diplomatic {
                    if let Value::Object(o) = e {
                        o.insert("rule".into(), "7.1".into());
                        if let Some(c) = card.as_deref().and_then(|c| data.find_card(c)) {
                            o.insert("card".into(), c.id.clone().into());
                        }
                    }
                }
                diplomatic = false;
            }
            _ => diplomatic = false,
        }
    }
}

/// 7.1: a Headline card's line that flips a Union army to another face, or takes it out of
/// play, is a Union army action, but the record cites 6.0 (actions in general) for it. Only
/// such a line records a flip or a removal under 6.0 (a sail to or from the Peninsula cites
/// 8.9 or 13.1, an army group 8.x), so each one's copy cites 7.1.
fn card_army_rule(events: &mut [Value]) {
    for e in events.iter_mut() {
        let kind = e.get("event").and_then(Value::as_str);
        if matches!(kind, Some("flipped" | "army_removed"))
            && e.get("rule").and_then(Value::as_str) == Some(super::union::CARD_ARMY_RULE)
        {
            e["rule"] = Value::from("7.1");
        }
    }
}

/// 6.0: a placement triangle for an army already in play, or gone for good, is ignored; the
/// record says "the brown army is already in play or gone", naming neither the placement nor
/// which of the two kept it. The copy gets `placement`: the space the card in play places the
/// army at, and whether the army has left play (followed from the state before the step
/// through the step's events).
fn placement_skipped(data: &Data, before: &State, events: &mut [Value]) {
    use super::data::UnionAction;
    let mut card = before.card.clone();
    let mut gone: BTreeSet<String> = before.removed.iter().cloned().collect();
    for e in events.iter_mut() {
        let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        match text("event").as_deref() {
            Some("card_revealed") => card = text("card"),
            Some("army_removed") => {
                gone.extend(text("army"));
            }
            Some("combined") => {
                gone.insert("yellow".into());
            }
            Some("ignored") if text("rule").as_deref() == Some("6.0") => {
                let Some(army) = text("what")
                    .and_then(|w| super::union::skipped_placement(&w).map(str::to_string))
                else {
                    continue;
                };
                let Some(c) = card.as_deref().and_then(|c| data.find_card(c)) else {
                    continue;
                };
                let space = c.union.iter().find_map(|a| match a {
                    UnionAction::Place { army: a, space } if *a == army => Some(space.clone()),
                    _ => None,
                });
                if let (Some(space), Value::Object(o)) = (space, e) {
                    o.insert(
                        "placement".into(),
                        serde_json::json!({"army": army, "space": space, "gone": gone.contains(&army)}),
                    );
                }
            }
            _ => {}
        }
    }
}

/// 6.1: a card's line for an army not in play is ignored; the record says "the green army is
/// not in play" without saying which of the card's lines it was. The copy gets `line`: the
/// card's line in words (`the green army's Conditional action (7.1, 7.3)`), the n-th of the
/// card's lines for that army still to run when the step began (a step may resume inside the
/// card's Union lines, after a Torpedoes question).
fn army_line_skipped(data: &Data, before: &State, events: &mut [Value]) {
    use super::data::UnionAction;
    let mut card = before.card.clone();
    let mut from = match before.cursor {
        Cursor::Union { line } => line,
        _ => 0,
    };
    let mut used: std::collections::BTreeMap<String, usize> = Default::default();
    for e in events.iter_mut() {
        let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        match text("event").as_deref() {
            Some("card_revealed") => {
                card = text("card");
                from = 0;
                used.clear();
            }
            Some("ignored") if text("rule").as_deref() == Some("6.1") => {
                let Some(army) = text("what")
                    .and_then(|w| super::union::skipped_army_line(&w).map(str::to_string))
                else {
                    continue;
                };
                let Some(c) = card.as_deref().and_then(|c| data.find_card(c)) else {
                    continue;
                };
                let n = used.entry(army.clone()).or_default();
                let line = c
                    .union
                    .iter()
                    .skip(from)
                    .filter(|a| matches!(a, UnionAction::Army { army: a, .. } if *a == army))
                    .nth(*n);
                *n += 1;
                if let (Some(line), Value::Object(o)) = (line, e) {
                    o.insert(
                        "line".into(),
                        super::card_lines::union_line(data, line).into(),
                    );
                }
            }
            _ => {}
        }
    }
}

/// 14.1-14.5: a Year End phase's line said only that the phase ran ("Year End:
/// International (14.4)"), not what its checks found when nothing followed from them, nor
/// what the Election is rolled against, nor where the Year marker went. The copy
/// of each such phase event gets `found`: the checks in words with the values they were made
/// with, followed from the state before the step through the step's events (every change to
/// the Blockade, European Recognition, the Advanced Bases, the Strategic spaces and the
/// Northern Invasions has its event).
fn year_end_found(data: &Data, before: &State, events: &mut [Value]) {
    use super::state::Control;
    let mut blockade = before.blockade;
    let mut recognition = before.recognition;
    let mut bases = before.bases.clone();
    let mut closed = before.mississippi_closed;
    let mut shenandoah = before.strategic.get("shenandoah-valley").copied();
    let mut year = before.year;
    let mut morale = before.morale;
    let mut invading: BTreeSet<String> = before
        .armies
        .iter()
        .filter(|(_, a)| a.invading)
        .map(|(id, _)| id.clone())
        .collect();
    let name = |id: &str| super::options::space(data, id);
    for i in 0..events.len() {
        let e = &events[i];
        let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        let int = |k: &str| e.get(k).and_then(Value::as_i64).map(|v| v as i32);
        let found = match text("event").as_deref() {
            Some("blockade") => {
                blockade = int("to").unwrap_or(blockade);
                None
            }
            Some("recognition") => {
                recognition = int("to").unwrap_or(recognition);
                None
            }
            Some("advanced_base") => {
                bases.extend(text("space"));
                None
            }
            Some("mississippi_closed") => {
                closed = true;
                None
            }
            Some("strategic_control") if text("space").as_deref() == Some("shenandoah-valley") => {
                shenandoah = e
                    .get("control")
                    .and_then(|c| serde_json::from_value(c.clone()).ok());
                None
            }
            Some("combined") => {
                if shenandoah == Some(Control::Confederate) {
                    shenandoah = Some(Control::Union);
                }
                None
            }
            Some("northern_invasion") => {
                invading.extend(text("army"));
                None
            }
            Some("marched" | "retreated" | "recalled" | "army_removed") => {
                if let Some(a) = text("army") {
                    invading.remove(&a);
                }
                None
            }
            Some("morale") => {
                // The track ends at 0 (12.0): a fall past it is recorded as its sum.
                morale = int("to").map_or(morale, |m| m.max(0));
                None
            }
            Some("year_advanced") => {
                year = e.get("year").and_then(Value::as_u64).map_or(year, |y| y as u32);
                None
            }
            Some("year_end_phase") => match text("rule").as_deref() {
                // The year's `year_advanced` event follows the phase's line at once, unless
                // the war ended with the year.
                Some("14.2") => Some(format!(
                    "Lincoln stands for re-election, and the North must roll more than Confederate morale, {morale}, on two dice"
                )),
                Some("14.3") => Some(
                    match events
                        .get(i + 1)
                        .filter(|n| n.get("event").and_then(Value::as_str) == Some("year_advanced"))
                        .and_then(|n| n.get("year"))
                        .and_then(Value::as_u64)
                    {
                        Some(to) => format!("the Year marker advances from {year} to {to}"),
                        None => format!(
                            "{year} was the war's last year, so the marker goes no further and the war ends"
                        ),
                    },
                ),
                Some("14.1") => {
                    let blockade = if blockade >= 6 {
                        "the Blockade is complete, in box 6".to_string()
                    } else {
                        format!("the Blockade is in box {blockade}, short of box 6, so no morale is lost to it")
                    };
                    let river = ["new-orleans", "vicksburg", "shiloh-corinth"];
                    let missing: Vec<String> = river
                        .iter()
                        .filter(|s| !bases.contains(**s))
                        .map(|s| name(s))
                        .collect();
                    let river = if closed {
                        "the Mississippi River was closed already".to_string()
                    } else if missing.is_empty() {
                        "Union Advanced Bases stand at New Orleans, Vicksburg and Shiloh & Corinth"
                            .to_string()
                    } else {
                        format!(
                            "the Mississippi River stays open, with no Union Advanced Base at {}",
                            crate::engine::error::listed(&missing, "or")
                        )
                    };
                    Some(format!("{blockade}; {river}"))
                }
                Some("14.4") => {
                    let advanced = phase_holds(&events[i + 1..], "recognition", "14.4", None);
                    let europe = match recognition {
                        6 => "European Recognition is in box 6, so the Blockade falls back a box and a Resource marker comes as military aid".to_string(),
                        5 => "European Recognition is in box 5, so a Resource marker comes as military aid (the Blockade falls back only from box 6)".to_string(),
                        r => format!("European Recognition is in box {r}, short of box 5, so no Blockade fall-back and no military aid"),
                    };
                    let armies = if let Some(a) = invading.iter().next() {
                        let space = data
                            .army(a)
                            .and_then(|d| d.invasion.clone())
                            .map(|s| format!(", {}", name(&s)))
                            .unwrap_or_default();
                        if recognition >= 6 && !advanced {
                            format!("the {a} army is in its Northern Invasion space{space}, but Recognition is in its top box already")
                        } else {
                            format!("the {a} army is in its Northern Invasion space{space}, so Recognition advances")
                        }
                    } else if advanced {
                        "every Union army in play stands on its Home Base, so Recognition advances"
                            .to_string()
                    } else if recognition >= 6 {
                        "Recognition is in its top box already, so it cannot advance".to_string()
                    } else {
                        "not every Union army in play stands on its Home Base and none is in its Northern Invasion space, so Recognition does not advance".to_string()
                    };
                    Some(format!("{europe}; {armies}"))
                }
                Some("14.5") => {
                    let valley = match shenandoah {
                        // The draw finds the cup empty: the line after says it is skipped.
                        Some(Control::Confederate)
                            if phase_holds(
                                &events[i + 1..],
                                "ignored",
                                "14.5",
                                Some(super::confederate::CUP_EMPTY),
                            ) =>
                        {
                            "is Confederate controlled, so a Resource marker would be drawn, but the Resource Cup is empty"
                        }
                        Some(Control::Confederate) => {
                            "is Confederate controlled, so a Resource marker is drawn"
                        }
                        Some(Control::Union) => "is Union controlled, so no Resource marker is drawn",
                        _ => "is devastated, so no Resource marker is drawn",
                    };
                    Some(format!(
                        "the Shenandoah Valley {valley}; then Southern Infrastructure, a Morale Test"
                    ))
                }
                _ => None,
            },
            _ => None,
        };
        if let (Some(found), Value::Object(o)) = (found, &mut events[i]) {
            o.insert("found".into(), found.into());
        }
    }
}

/// Whether the events of a Year End phase (those after its line, up to the next phase's line)
/// hold an `event` of `rule` that says `what` (anything, with `None`).
fn phase_holds(after: &[Value], event: &str, rule: &str, what: Option<&str>) -> bool {
    fn field<'a>(x: &'a Value, k: &str) -> Option<&'a str> {
        x.get(k).and_then(Value::as_str)
    }
    after
        .iter()
        .take_while(|x| field(x, "event") != Some("year_end_phase"))
        .any(|x| {
            field(x, "event") == Some(event)
                && field(x, "rule") == Some(rule)
                && what.is_none_or(|w| field(x, "what") == Some(w))
        })
}

/// 14.6: the stack a year's shuffle took its cards from, in its order then, as `stack:` on
/// the year's `year_begins` event, so the dice line can name the shuffled cards by number (the
/// roll records places in the stack). The stack is the one in the state before the step, with
/// the Broadsheet cards that joined it during the step (RULINGS L4): Rebel Yell once used, and
/// any other at the end of its month, as the rules add them.
fn shuffled_stack(data: &Data, before: &State, events: &mut [Value]) {
    let mut stacks = before.stacks.clone();
    let mut year = before.year;
    let mut card = before.card.clone();
    let mut hand = before.rebel_yell.clone();
    // The end of the month of the card in play: a Broadsheet not held joins next year's stack.
    let end_month = |card: &mut Option<String>,
                     hand: &Option<String>,
                     stacks: &mut std::collections::BTreeMap<u32, Vec<String>>,
                     year: u32| {
        if let Some(c) = card.take() {
            let broadsheet = data.has_card(&c) && data.card(&c).kind == CardKind::Broadsheet;
            if broadsheet && hand.as_deref() != Some(c.as_str()) {
                stacks.entry(year + 1).or_default().push(c);
            }
        }
    };
    for e in events.iter_mut() {
        let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        match text("event").as_deref() {
            Some("card_revealed") => {
                end_month(&mut card, &hand, &mut stacks, year);
                card = text("card");
            }
            Some("broadsheet") if e.get("effect").and_then(Value::as_str) == Some("RebelYell") => {
                hand = text("card");
            }
            Some("rebel_yell") => {
                if let Some(c) = hand.take() {
                    stacks.entry(year + 1).or_default().push(c);
                }
            }
            Some("year_end_phase") => end_month(&mut card, &hand, &mut stacks, year),
            Some("year_advanced") => {
                end_month(&mut card, &hand, &mut stacks, year);
                year = e
                    .get("year")
                    .and_then(Value::as_u64)
                    .map_or(year, |y| y as u32);
            }
            Some("year_begins") => {
                end_month(&mut card, &hand, &mut stacks, year);
                let y = e
                    .get("year")
                    .and_then(Value::as_u64)
                    .map_or(year, |y| y as u32);
                year = y;
                if let (Some(stack), Value::Object(o)) = (stacks.remove(&y), e) {
                    o.insert("stack".into(), stack.into());
                }
            }
            _ => {}
        }
    }
}

/// 9.1.1, 9.2.1 (RULINGS L33): an army in its Northern Invasion space goes no further back,
/// so a battle it loses or a Raid's Retreat leaves it there, not "at its Base". Such a
/// `battle` or `raid` event gets `invading:` the space, followed through the step's events
/// from the state before it (an army driven into the space earlier in the step is in it).
fn invading(data: &Data, before: &State, events: &mut [Value]) {
    let mut now: BTreeSet<String> = before
        .armies
        .iter()
        .filter(|(_, a)| a.invading)
        .map(|(id, _)| id.clone())
        .collect();
    for e in events.iter_mut() {
        let Some(army) = e.get("army").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        match e.get("event").and_then(Value::as_str) {
            Some("northern_invasion") => {
                now.insert(army);
            }
            Some("marched" | "retreated" | "recalled" | "army_removed") => {
                now.remove(&army);
            }
            Some("battle" | "raid") if now.contains(&army) => {
                if let (Some(space), Value::Object(o)) =
                    (data.army(&army).and_then(|d| d.invasion.clone()), e)
                {
                    o.insert("invading".into(), Value::String(space));
                }
            }
            _ => {}
        }
    }
}

/// Orders name armies, spaces and markers as the player wrote them (`Army of the Potomac`,
/// `coastal forts`); the report's words go by ids, so its copy names each by the id the rules
/// read, and a marker's name two markers share by the one the order fits (as the rules pick it,
/// `confederate::named_command_marker`). Orders the rules could not read stay as written.
fn by_id(data: &Data, before: &State, orders: &mut Value) {
    let Ok(read) = serde_json::from_value::<Orders>(orders.clone()) else {
        return;
    };
    let mut read = read.by_id(data);
    if let Some(c) = read.command.take() {
        let fits = super::confederate::named_command_marker(data, before, c.clone());
        read.command = Some(fits.unwrap_or(c));
    }
    if let Some(n) = read.naval.take() {
        let options = super::navy::naval_options(data, before);
        let fits = super::navy::named_marker(data, before, &options, n.clone(), "naval");
        read.naval = Some(fits.unwrap_or(n));
    }
    if let Ok(v) = serde_json::to_value(&read) {
        *orders = v;
    }
}

/// 9.7: where the Commerce Raider was when a Commerce Raider order was given
/// (`raider_was: cup`, `available`, or the track marker it sailed with), since the same order
/// brings a raider out of the Resource Cup, sends it to sea, or leaves it where it is.
fn raider_was(data: &Data, before: &State, orders: &mut Value) {
    let ordered = [
        "/naval/commerce_raider",
        "/command/naval/commerce_raider",
        "/command/commerce_raider",
        "/raider",
    ]
    .iter()
    .any(|p| orders.pointer(p).is_some());
    if !ordered {
        return;
    }
    let was = match super::navy::raider_place(before, data) {
        Some(Place::Cup) => Value::from("cup"),
        Some(Place::Available) => Value::from("available"),
        Some(Place::Raiding(m)) => serde_json::to_value(m).unwrap_or_default(),
        _ => return,
    };
    if let Value::Object(o) = orders {
        o.insert("raider_was".into(), was);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::ScriptedDice;
    use crate::engine::game::Game;

    /// The events a Union line of a card records, from the set-up state.
    fn skip_of(line: super::super::data::UnionAction) -> Value {
        let data = super::super::tests::data();
        let (mut st, _) = super::super::TheLostCause::setup(&data);
        let mut dice = ScriptedDice::new(vec![]);
        let mut ctx = super::super::script::Ctx::new(&data, &mut dice, &Default::default())
            .expect("an empty task loads");
        super::super::union::line(&mut st, &mut ctx, &line).expect("the line runs");
        serde_json::to_value(&ctx.events[0]).expect("an event is a value")
    }

    /// 6.0, 6.1: the annotations read the army of a skipped placement or army line back from
    /// the record's words. The words the rules write for the skip (the blue army placed while
    /// in play, the green army's action while it is not) must be the words read, so a change
    /// to one that leaves the other behind fails here rather than silently dropping the
    /// report's words for the line.
    #[test]
    fn the_skips_the_rules_record_are_the_skips_the_report_reads() {
        use super::super::data::UnionAction;
        let placed = skip_of(UnionAction::Place {
            army: "blue".into(),
            space: "washington".into(),
        });
        assert_eq!(placed["event"], "ignored");
        let what = placed["what"].as_str().unwrap_or_default();
        assert_eq!(
            super::super::union::skipped_placement(what),
            Some("blue"),
            "{what}"
        );
        let line = skip_of(UnionAction::Army {
            army: "green".into(),
            symbol: Symbol::Square,
            drm: 0,
            initiative: false,
        });
        assert_eq!(line["event"], "ignored");
        let what = line["what"].as_str().unwrap_or_default();
        assert_eq!(
            super::super::union::skipped_army_line(what),
            Some("green"),
            "{what}"
        );
    }

    /// The report's template words two skips by the record's words for them (`skipped` in
    /// `events.txt`): those words must be the ones the rules write.
    #[test]
    fn the_skips_the_template_words_are_the_skips_the_rules_record() {
        let template = include_str!("../../../templates/the-lost-cause/events.txt");
        for what in [
            super::super::confederate::CUP_EMPTY,
            super::super::confederate::FRICTION_CANCELS,
        ] {
            assert!(
                template.contains(&format!("w == \"{what}\"")),
                "the template no longer reads `{what}`"
            );
        }
        let why = super::super::battle::SHENANDOAH_PENALTY;
        assert!(
            template.contains(&format!("why == \"{why}\"")),
            "the template no longer cites 13.8.4 for `{why}`"
        );
    }
}
