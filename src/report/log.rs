//! The adjudicated steps of a game file, read back from its records for reports: each
//! record's result joined with the orders it answered.

use serde_json::Value;

use crate::engine::gamefile::GameFile;
use crate::engine::session::StepView;

/// Every adjudicated step in the log, then the pending one if this copy holds it.
pub fn steps(gf: &GameFile) -> Vec<StepView> {
    let mut out = Vec::new();
    for r in &gf.log {
        let Some(result) = &r.result else { continue };
        let Some(ordered) = gf.log.get(result.step as usize - 1) else {
            continue;
        };
        let mut view = StepView {
            step: result.step,
            ordered_by: ordered.by.clone(),
            adjudicated_by: r.by.clone(),
            orders: ordered.orders.clone().unwrap_or(Value::Null),
            rolls: result.rolls.clone(),
            events: result.events.clone(),
            state: result.state.clone(),
            policy: None,
            policy_rows: Vec::new(),
            result_in: None,
        };
        view.note_policy(result, || in_force(gf, &r.by, result.step));
        out.push(view);
    }
    if let (Some(p), Some(last)) = (&gf.pending, gf.log.last()) {
        let by = gf
            .awaiting
            .as_ref()
            .map(|a| a.side.clone())
            .unwrap_or_default();
        let mut view = StepView {
            step: p.step,
            ordered_by: last.by.clone(),
            adjudicated_by: by.clone(),
            orders: last.orders.clone().unwrap_or(Value::Null),
            rolls: p.rolls.clone(),
            events: p.events.clone(),
            state: p.state.clone(),
            policy: None,
            policy_rows: Vec::new(),
            result_in: None,
        };
        view.note_policy(p, || in_force(gf, &by, p.step));
        out.push(view);
    }
    out
}

/// The standing policy commitment of `by` in force when step `step` was adjudicated: its
/// latest in the records up to the step's own orders.
fn in_force(gf: &GameFile, by: &str, step: u64) -> Option<String> {
    let upto = gf.log.len().min(step as usize);
    crate::engine::session::latest_commits(&gf.log[..upto])
        .remove(by)
        .map(|(_, commit)| commit)
}

/// `steps` as a reader sees them: a die's recorded reason that names a place or an army by
/// its id (the Southern Strategy's raid, 8.3: `8.3 raid in SC: patriot`; solo 1776's
/// `scouting roll: middle-states`) names it by its name. The game's lookups say which of
/// them a reason may name (`dice_names`; the `colonies` when they do not say), and after
/// which phrases it holds a label the player made up (`dice_labels`: a transport's
/// `howe-convoy`), printed as words. The records keep the reason as rolled, which `verify`
/// compares: only the words of a report change.
pub fn roll_words(steps: &[StepView], lookups: &Value) -> Vec<StepView> {
    let names: Vec<&serde_json::Map<String, Value>> = match lookups["dice_names"].as_array() {
        Some(maps) => maps
            .iter()
            .filter_map(|m| lookups[m.as_str()?].as_object())
            .collect(),
        None => lookups["colonies"].as_object().into_iter().collect(),
    };
    let labels: Vec<&str> = lookups["dice_labels"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // Reasons recorded without a rule number (solo 1776's `scouting roll: ...`), and the
    // number the report puts before them, as every other reason has one.
    let rules: Vec<(&str, &str)> = lookups["dice_rules"]
        .as_object()
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.as_str(), v.as_str()?)))
                .collect()
        })
        .unwrap_or_default();
    if names.is_empty() && labels.is_empty() && rules.is_empty() {
        return steps.to_vec();
    }
    let numbered = |why: String| -> String {
        match rules.iter().find(|(p, _)| why.starts_with(p)) {
            Some((_, rule)) => format!("{rule} {why}"),
            None => why,
        }
    };
    let name_of = |word: &str| names.iter().find_map(|m| m.get(word)?.as_str());
    let words = |why: &str| -> String {
        if let Some((phrase, label)) = labels.iter().find_map(|p| Some((*p, why.strip_prefix(p)?)))
        {
            return format!("{phrase}{}", crate::engine::error::label_words(label));
        }
        why.split(' ')
            .map(|w| {
                let word = w.trim_end_matches([':', ',']);
                match name_of(word) {
                    Some(name) => format!("{name}{}", &w[word.len()..]),
                    None => w.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    steps
        .iter()
        .map(|s| {
            let mut s = s.clone();
            for r in &mut s.rolls {
                r.why = numbered(words(&r.why));
            }
            s
        })
        .collect()
}

/// Whether any of `steps` marks the start of a campaign turn or the end of a month: a game
/// without such marks, nor a turn or date in its state, has no turns to select.
pub fn marks_turns(steps: &[StepView]) -> bool {
    marks(steps, "campaign_turn") || marks(steps, "turn_ends")
}

fn marks(steps: &[StepView], kind: &str) -> bool {
    steps
        .iter()
        .any(|s| s.events.iter().any(|e| e["event"] == kind))
}

/// The steps of the month `year.month` in a game whose turns end with a `turn_ends` event
/// naming the next month (the solo 1776 bot): a step belongs to the month its turn began in;
/// the first steps, before any turn ended, to the month before the first one named.
fn by_month(steps: Vec<StepView>, year: u32, month: u32) -> Vec<StepView> {
    let next_of = |s: &StepView| {
        s.events
            .iter()
            .find(|e| e["event"] == "turn_ends")
            .map(|e| {
                let y = e["next"]["year"].as_u64().unwrap_or(0);
                let m = e["next"]["month"].as_u64().unwrap_or(0);
                (y, m)
            })
    };
    let wanted = (year as u64, month as u64);
    let mut current = steps.iter().find_map(next_of).map(|(y, m)| {
        if m <= 1 {
            (y.saturating_sub(1), 12)
        } else {
            (y, m - 1)
        }
    });
    let mut out = Vec::new();
    for s in steps {
        let next = next_of(&s);
        if current == Some(wanted) {
            out.push(s);
        }
        if next.is_some() {
            current = next;
        }
    }
    out
}

/// Which steps a report covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// The last adjudicated step.
    Last,
    /// Steps `from` to `to`, inclusive.
    Steps(u64, u64),
    /// The campaign turn `(year, space)`: from the step that began it to the one before the
    /// next began (games mark a turn's start with a `campaign_turn` event).
    Turn(u32, u32),
    All,
}

impl Selection {
    /// Reads `last`, `all`, `12`, `12-20` or `turn:1780.3`.
    pub fn parse(text: &str) -> Option<Selection> {
        let t = text.trim();
        match t {
            "last" => return Some(Selection::Last),
            "all" => return Some(Selection::All),
            _ => {}
        }
        if let Some(turn) = t.strip_prefix("turn:") {
            let (y, s) = turn.split_once('.')?;
            return Some(Selection::Turn(y.parse().ok()?, s.parse().ok()?));
        }
        match t.split_once('-') {
            Some((a, b)) => Some(Selection::Steps(a.parse().ok()?, b.parse().ok()?)),
            None => t.parse().ok().map(|n| Selection::Steps(n, n)),
        }
    }

    pub fn pick(&self, steps: Vec<StepView>) -> Vec<StepView> {
        self.pick_from(steps, None)
    }

    /// `pick`, knowing the campaign turn `(year, space)` the game began in, when its state
    /// tells: that first turn has no marker of its own, and only it is every step up to the
    /// first marker (any other turn before the first marker has no steps).
    pub fn pick_from(&self, steps: Vec<StepView>, start: Option<(u64, u64)>) -> Vec<StepView> {
        match self {
            Selection::All => steps,
            Selection::Last => steps.into_iter().last().into_iter().collect(),
            Selection::Steps(a, b) => steps
                .into_iter()
                .filter(|s| s.step >= *a && s.step <= *b)
                .collect(),
            Selection::Turn(year, month)
                if marks(&steps, "turn_ends") && !marks(&steps, "campaign_turn") =>
            {
                by_month(steps, *year, *month)
            }
            Selection::Turn(year, space) => {
                let starts = |s: &StepView| {
                    s.events
                        .iter()
                        .find(|e| e["event"] == "campaign_turn")
                        .map(|e| (e["year"].as_u64(), e["space"].as_u64()))
                };
                // The first turn starts at set-up, before any step: it is every step up to the
                // first marker when the turn asked for comes before that marker.
                let first = steps.iter().find_map(starts);
                let wanted = (*year as u64, *space as u64);
                let mut inside = match (first, start) {
                    (_, Some(start)) => wanted == start,
                    (Some((Some(y), Some(sp))), None) => wanted < (y, sp),
                    // A game that marks no campaign turns and has none in its state (The
                    // Lost Cause): no step is in one.
                    (None, None) => false,
                    _ => true,
                };
                let mut out = Vec::new();
                for s in steps {
                    if let Some((y, sp)) = starts(&s) {
                        let this = y == Some(*year as u64) && sp == Some(*space as u64);
                        if inside && !this {
                            // The step that starts the next turn also ends this one.
                            out.push(s);
                            break;
                        }
                        inside = inside || this;
                    }
                    if inside {
                        out.push(s);
                    }
                }
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Roll;
    use serde_json::json;

    fn step(whys: &[&str]) -> StepView {
        StepView {
            step: 1,
            ordered_by: "patriot".into(),
            adjudicated_by: "crown".into(),
            orders: Value::Null,
            rolls: whys
                .iter()
                .map(|w| Roll {
                    why: w.to_string(),
                    d6: Some(vec![3]),
                    draw: None,
                    shuffle: None,
                })
                .collect(),
            events: Vec::new(),
            state: String::new(),
            policy: None,
            policy_rows: Vec::new(),
            result_in: None,
        }
    }

    #[test]
    fn a_colony_id_in_a_dice_reason_reads_as_its_name_and_nothing_else_changes() {
        let lookups = json!({"colonies": {"SC": "South Carolina", "NC": "North Carolina"}});
        let got = roll_words(
            &[step(&[
                "8.3 raid in SC: patriot",
                "13.2 irregular 1 of 3 from the cup",
                "10.7 morale check: crown",
            ])],
            &lookups,
        );
        let whys: Vec<&str> = got[0].rolls.iter().map(|r| r.why.as_str()).collect();
        assert_eq!(
            whys,
            [
                "8.3 raid in South Carolina: patriot",
                "13.2 irregular 1 of 3 from the cup",
                "10.7 morale check: crown"
            ]
        );
        // A game without colonies keeps its reasons as they are.
        let plain = roll_words(&[step(&["8.3 raid in SC: patriot"])], &json!({}));
        assert_eq!(plain[0].rolls[0].why, "8.3 raid in SC: patriot");
    }

    /// Solo 1776 names the lookups its dice reasons use (areas and armies), the phrase after
    /// which a reason holds the player's own label for a transport (16), and the rule number
    /// its scouting roll was recorded without (12).
    #[test]
    fn solo_1776_dice_reasons_name_areas_armies_and_transports_in_words() {
        let lookups = json!({
            "areas": {"middle-states": "Middle States"},
            "armies": {"washington": "Washington's army"},
            "dice_names": ["areas", "armies"],
            "dice_labels": ["16 Continental Navy half way along the course of "],
            "dice_rules": {"scouting roll:": "12"}});
        let got = roll_words(
            &[step(&[
                "scouting roll: middle-states",
                "14 (BE) roll: washington, combat 1",
                "12 area-change randomiser: washington moving up",
                "17 French interception: British reinforcement of middle-states",
                "16 Continental Navy half way along the course of howe-convoy",
            ])],
            &lookups,
        );
        let whys: Vec<&str> = got[0].rolls.iter().map(|r| r.why.as_str()).collect();
        assert_eq!(
            whys,
            [
                "12 scouting roll: Middle States",
                "14 (BE) roll: Washington's army, combat 1",
                "12 area-change randomiser: Washington's army moving up",
                "17 French interception: British reinforcement of Middle States",
                "16 Continental Navy half way along the course of Howe convoy",
            ]
        );
    }
}
