//! Steps a reader meets in every game: one that changed nothing on the board still says what
//! was decided (keeping the Railroads, a raider that stays, a British turn of facts only), and
//! the line saying what comes next is words, not the syntax of the orders that answer it.

use adjutant::engine::dice::KeyedDice;
use adjutant::report::text::{with_lookups, Templates};
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{json, Value};

/// What seeded games of `game` passed through: the steps as a report records them, the
/// state they ended at, and each "next" line's words.
struct Played {
    steps: Vec<Value>,
    state: Value,
    next_lines: Vec<String>,
}

/// Plays `games` seeded games of `game` (at most `max_steps` steps each), picking uniformly
/// among the options `orders` lists and playing each one's example orders.
fn play(game: &str, seed: u64, max_steps: usize) -> Played {
    let rules = adjutant::games::load(game, None).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut st, _) = rules.setup().unwrap();
    let mut steps = Vec::new();
    let mut next_lines = Vec::new();
    for step in 0..max_steps as u64 {
        let Some(awaiting) = rules.awaiting(&st).unwrap() else {
            break;
        };
        next_lines.push(awaiting.detail.clone().unwrap_or_default());
        let options = rules.legal_options(&st, &awaiting.side).unwrap();
        assert!(
            !options.is_empty(),
            "{game}, seed {seed}: no option at step {step}"
        );
        let pick = &options[(rng.next_u32() as usize) % options.len()];
        let orders: Value = serde_yaml::from_str(&pick.example).unwrap();
        let mut key = [7u8; 32];
        key[..8].copy_from_slice(&seed.to_be_bytes());
        key[8..16].copy_from_slice(&step.to_be_bytes());
        let mut dice = KeyedDice::new(&key);
        let (next, events) = rules
            .apply(&st, &awaiting.side, &orders, None, &mut dice)
            .unwrap();
        steps.push(json!({"step": step + 1, "ordered_by": awaiting.side,
            "adjudicated_by": "self", "orders": orders, "rolls": dice.into_rolls(),
            "events": events}));
        st = next;
    }
    Played {
        steps,
        state: st,
        next_lines,
    }
}

/// The text report of `p`, through the built-in templates.
fn report(game: &str, format: &str, p: &Played) -> String {
    let rules = adjutant::games::load(game, None).unwrap();
    let ctx = with_lookups(
        json!({"title": "quiet", "id": "quiet", "game": game, "steps": p.steps,
            "reveals": [], "tip": "", "at_step": p.steps.len(), "verification_block": "",
            "state": rules.view(&p.state).unwrap(), "awaiting": null}),
        &rules.lookups(),
    );
    Templates::new(None)
        .render(&format!("{game}/report.{format}"), &ctx)
        .unwrap()
}

/// Plays seeded games of `game` and reads their reports: no step reads "(nothing)", no
/// "next" line holds order syntax, at least `min_quiet` steps had no event, and each of
/// `said` is how some report words one of them.
fn check(
    game: &str,
    seeds: std::ops::Range<u64>,
    max_steps: usize,
    min_quiet: usize,
    said: &[&str],
) {
    let mut quiet = 0;
    let mut unsaid: Vec<&str> = said.to_vec();
    for seed in seeds {
        let p = play(game, seed, max_steps);
        quiet += p
            .steps
            .iter()
            .filter(|s| s["events"].as_array().is_some_and(|e| e.is_empty()))
            .count();
        for format in ["txt", "md", "bbcode"] {
            let text = report(game, format, &p);
            unsaid.retain(|w| !text.contains(w));
            for line in text.lines() {
                assert!(
                    !line.contains("(nothing)"),
                    "{game}, seed {seed}, report.{format}: a step that changed nothing does not say what was decided:\n{line}"
                );
            }
        }
        for line in &p.next_lines {
            for syntax in ["`", ": []", "{", "true`"] {
                assert!(
                    !line.contains(syntax),
                    "{game}, seed {seed}: the next decision's words hold order syntax `{syntax}`:\n{line}"
                );
            }
        }
    }
    // The games reached steps with no event, so the words above were read.
    assert!(
        quiet >= min_quiet,
        "{game}: only {quiet} steps without an event were played"
    );
    assert!(unsaid.is_empty(), "{game}: no report said {unsaid:?}");
}

#[test]
fn a_lost_cause_step_that_changed_nothing_says_what_was_decided() {
    check(
        "the-lost-cause",
        0..40,
        400,
        3,
        &[
            "- The Railroads are kept for later (16.8).",
            "- The raider stays where it is (9.7).",
        ],
    );
}

#[test]
fn a_solo_1776_turn_of_facts_only_says_so() {
    check(
        "solo-1776",
        0..4,
        200,
        3,
        &["- The facts are recorded; no American turn is played."],
    );
}

#[test]
fn the_southern_strategy_next_line_is_words() {
    check("southern-strategy", 0..2, 250, 0, &[]);
}
