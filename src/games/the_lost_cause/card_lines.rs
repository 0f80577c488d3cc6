//! The lines of each card of the deck in words, with their rules (4.0, 6.3), as `show` and
//! `orders` list them: the Union lines a card runs and the Confederate actions it offers.

use serde_json::Value;

use super::data::{ConfederateAction, Data};
use super::words::action_words;

/// Each card's lines in words, Union lines then Confederate ones (`union`, `confederate`), for
/// `show` to tell the card in play and the lines of its sequence still to run (4.0, 6.3).
pub fn card_lines(data: &Data) -> Value {
    let cards: serde_json::Map<String, Value> = data
        .deck
        .cards
        .iter()
        .map(|c| {
            let union: Vec<String> = c.union.iter().map(|a| union_line(data, a)).collect();
            let confederate: Vec<String> = c.confederate.iter().map(confederate_line).collect();
            let kind = serde_json::to_value(c.kind).unwrap_or_default();
            (
                c.id.clone(),
                serde_json::json!({"kind": kind, "union": union, "confederate": confederate}),
            )
        })
        .collect();
    Value::Object(cards)
}

/// A card's Union line as `show` lists it, with its rule.
pub(super) fn union_line(data: &Data, action: &super::data::UnionAction) -> String {
    use super::data::{Sail, UnionAction};
    let space = |id: &str| super::options::space(data, id);
    let leader = |id: &str| {
        data.union_leader(id)
            .map_or(id.to_string(), |l| l.name.clone())
    };
    let form = |army: &str, f: &str| {
        data.army(army)
            .and_then(|a| a.forms.iter().find(|x| x.id == f))
            .map_or(f.to_string(), |x| x.name.clone())
    };
    match action {
        UnionAction::Army {
            army,
            symbol,
            drm,
            initiative,
        } => {
            let drm = if *drm != 0 {
                format!(" {drm:+}")
            } else {
                String::new()
            };
            if *initiative {
                format!(
                    "a {}{drm} Union Initiative marker on the {army} army (11.0)",
                    symbol.name()
                )
            } else {
                format!("the {army} army's {} action{drm} (7.1, 7.3)", symbol.name())
            }
        }
        UnionAction::Blockade => "a Union Naval action on the Blockade (7.4)".into(),
        UnionAction::Place { army, space: s } => {
            format!("the {army} army enters play at {} (6.0)", space(s))
        }
        UnionAction::Commander {
            theater, leader: l, ..
        } => {
            let t = match theater {
                super::data::UnionTheater::East => "East",
                super::data::UnionTheater::West => "West",
            };
            format!("{} takes the Union {t} command (7.2)", leader(l))
        }
        UnionAction::Flip { army, form: f } => {
            format!("the {army} army becomes the {} (7.1)", form(army, f))
        }
        UnionAction::Remove { army } => format!("the {army} army leaves play (7.1)"),
        UnionAction::Disrupt { army } => format!("the {army} army is disrupted (7.1, 7.3 #1)"),
        UnionAction::Peninsula { sail: Sail::Out } => {
            "the Army of the Potomac sails to the Peninsula (8.9)".into()
        }
        UnionAction::Peninsula { sail: Sail::Back } => {
            "the Army of the Potomac sails back to northern Virginia (13.1)".into()
        }
        UnionAction::BaseAvailable { space: s } => {
            format!(
                "the {} Advanced Base marker comes into play (3.0)",
                space(s)
            )
        }
        UnionAction::Morale { delta } => format!("Confederate morale {delta:+} (12.0)"),
        UnionAction::Recognition {
            delta,
            emancipation,
        } => format!(
            "European Recognition {delta:+}{} (7.1)",
            if *emancipation {
                ", to the Emancipation Proclamation side"
            } else {
                ""
            }
        ),
        UnionAction::Devastate { strategic } => {
            format!("{} is devastated (13.8.4)", space(strategic))
        }
    }
}

/// A card's Confederate line as `show` lists it, with its rule.
pub fn confederate_line(action: &ConfederateAction) -> String {
    let (words, rule) = action_words(action);
    match action {
        ConfederateAction::Morale { delta } => {
            format!("Confederate morale {delta:+} ({rule})")
        }
        ConfederateAction::Battle { casualty, .. } => format!(
            "a {} {words}{} ({rule}{})",
            action.symbol().name(),
            if *casualty {
                ", then a casualty check"
            } else {
                ""
            },
            if *casualty { ", 9.1.2" } else { "" }
        ),
        ConfederateAction::Raid {
            theater, results, ..
        } => {
            let (outcomes, cites) = raid_results(results);
            format!(
                "a {} {words} against {}: {outcomes} ({rule}{cites})",
                action.symbol().name(),
                match theater {
                    Some(t) => format!("a Union army in the {} theater", t.title()),
                    None => "any Union army".into(),
                }
            )
        }
        _ => format!("a {} {words} ({rule})", action.symbol().name()),
    }
}

/// 9.2: what a card's Raid does on each roll, as the card lists it (faces with the same
/// result together, then "no effect" for the rolls it does not list), and the rules of those
/// results to cite after 9.2.
fn raid_results(
    results: &std::collections::BTreeMap<i32, super::data::RaidResult>,
) -> (String, String) {
    use super::data::RaidResult;
    let mut groups: Vec<(RaidResult, Vec<i32>)> = Vec::new();
    for (face, r) in results {
        match groups.iter_mut().find(|(g, _)| g == r) {
            Some((_, faces)) => faces.push(*face),
            None => groups.push((*r, vec![*face])),
        }
    }
    let words = |r: RaidResult| match r {
        RaidResult::NoEffect => "no effect",
        RaidResult::Retreat => "it retreats",
        RaidResult::Recalled => "it is recalled",
        RaidResult::Disrupted => "it is disrupted",
        RaidResult::RetreatDisrupted => "it is disrupted and retreats",
        RaidResult::Initiative => "it gains a Directed Initiative marker",
        RaidResult::MoraleLoss => "the South loses one morale",
    };
    let mut parts: Vec<String> = groups
        .iter()
        .map(|(r, faces)| {
            let faces: Vec<String> = faces.iter().map(i32::to_string).collect();
            let faces = match faces.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => faces.join(""),
            };
            format!("on {faces} {}", words(*r))
        })
        .collect();
    if results.len() < 6 {
        parts.push("on any other roll no effect".into());
    }
    let has = |f: &dyn Fn(&RaidResult) -> bool| results.values().any(f);
    let mut cites = String::new();
    if has(&|r| matches!(r, RaidResult::Retreat | RaidResult::RetreatDisrupted)) {
        cites.push_str(", 9.2.1");
    }
    if has(&|r| *r == RaidResult::Recalled) {
        cites.push_str(", 9.2.2");
    }
    (parts.join(", "), cites)
}
