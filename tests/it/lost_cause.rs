//! The Lost Cause rules cases: each file in `tests/cases/the-lost-cause/` gives cards of its
//! own (a scripted deck), a state as changes to the set-up, the player's answers in order,
//! the scripted dice, and where to stop; then what must follow, as for the two-player game.

use std::path::Path;

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::the_lost_cause::{
    self as tlc, data::Data, orders::Orders, state::State, TheLostCause,
};
use serde::Deserialize;
use serde_json::Value;

use super::cases::{compare, Expect};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    /// Play with the first edition's data (`tables.yaml` without `readings`), as a game begun
    /// with it does.
    #[serde(default)]
    first_edition: bool,
    /// Cards added to the deck for this case.
    #[serde(default)]
    deck: Vec<Value>,
    #[serde(default)]
    state: serde_json::Map<String, Value>,
    /// The player's answers, given in turn as the questions come.
    #[serde(default)]
    orders: Vec<Value>,
    #[serde(default)]
    dice: Vec<u32>,
    /// Stop when the cursor reaches this line (`{step: end_month}`); else at the next
    /// question without an answer, or the end of the war.
    #[serde(default)]
    until: Option<Value>,
    expect: Expect,
}

/// The built-in data with extra cards in the deck.
pub fn data_with(extra: &[Value]) -> Data {
    data_of(tlc::DATA_FILES, extra)
}

/// An edition of the built-in data with extra cards in the deck.
pub fn data_of(files: &[(&str, &str)], extra: &[Value]) -> Data {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| {
            if *n == tlc::data::DECK && !extra.is_empty() {
                let mut deck: Value = serde_yaml::from_str(t).unwrap();
                deck["cards"]
                    .as_array_mut()
                    .unwrap()
                    .extend(extra.iter().cloned());
                (n.to_string(), serde_yaml::to_string(&deck).unwrap())
            } else {
                (n.to_string(), t.to_string())
            }
        })
        .collect();
    Data::load(&files).expect("the data with the case's cards loads")
}

/// The set-up state with some top-level keys replaced.
pub fn state_with(data: &Data, changes: serde_json::Map<String, Value>) -> Result<State, String> {
    let (setup, _) = TheLostCause::setup(data);
    let mut state = serde_json::to_value(&setup).unwrap();
    for (k, v) in changes {
        if state.get(&k).is_none()
            && !matches!(
                k.as_str(),
                "rebel_yell" | "card" | "outcome" | "railroads_ask"
            )
        {
            return Err(format!("the state has no key `{k}`"));
        }
        state[&k] = v;
    }
    serde_json::from_value(state).map_err(|e| format!("bad state: {e}"))
}

fn run_case(path: &Path) -> Result<(), String> {
    run_case_with(None, path)
}

/// A case run with the data files of `edition`, or with those the case names (today's, or the
/// first edition's with `first_edition: true`).
pub fn run_case_with(edition: Option<&[(&str, &str)]>, path: &Path) -> Result<(), String> {
    let case: Case = super::cases::read_case(path)?;
    let edition = edition.unwrap_or(if case.first_edition {
        tlc::DATA_FILES_V1
    } else {
        tlc::DATA_FILES
    });
    let data = data_of(edition, &case.deck);
    let mut state = state_with(&data, case.state)?;
    let answers: Vec<Orders> = case
        .orders
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad orders: {e}"))?;
    let until: Option<tlc::state::Cursor> = case
        .until
        .map(serde_json::from_value)
        .transpose()
        .map_err(|e| format!("bad `until`: {e}"))?;
    let mut dice = ScriptedDice::new(case.dice);
    let result = super::cases::catching(|| {
        tlc::month::run_until(&data, &mut state, &mut dice, answers, |s| {
            until.as_ref().is_some_and(|u| &s.cursor == u)
        })
        .map(|events| (state.clone(), events))
    })?;
    compare::<tlc::events::Event, State>(&case.rule, result, case.expect, dice.unused())
}

/// One step of a seeded Lost Cause game: the seed and the step's number, the state before it,
/// the orders picked, the key its dice were drawn with, and what it gave.
pub struct SeededStep<'a> {
    pub seed: u64,
    pub step: u64,
    pub before: &'a State,
    pub orders: &'a Orders,
    pub key: [u8; 32],
    pub after: &'a State,
    pub events: &'a [tlc::events::Event],
}

/// Plays the seeded games `seeds` to their ends, each step an option drawn from those listed
/// and its dice keyed by `fill`, the seed and the step; `each` sees every step.
pub fn seeded_steps(
    data: &Data,
    seeds: std::ops::Range<u64>,
    fill: u8,
    mut each: impl FnMut(SeededStep),
) {
    use adjutant::engine::dice::KeyedDice;
    use rand_chacha::rand_core::{Rng, SeedableRng};
    for seed in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut st, _) = TheLostCause::setup(data);
        for step in 0..3000u64 {
            if st.question.is_none() {
                break;
            }
            let options = TheLostCause::legal_options(data, &st, tlc::SIDE);
            let pick = &options[(rng.next_u32() as usize) % options.len()];
            let v: Value = serde_yaml::from_str(&pick.example).unwrap();
            let orders: Orders = serde_json::from_value(v).unwrap();
            let mut key = [fill; 32];
            key[..8].copy_from_slice(&seed.to_be_bytes());
            key[8..16].copy_from_slice(&step.to_be_bytes());
            let (next, events) = TheLostCause::apply(
                data,
                &st,
                tlc::SIDE,
                &orders,
                None,
                &mut KeyedDice::new(&key),
            )
            .unwrap();
            each(SeededStep {
                seed,
                step,
                before: &st,
                orders: &orders,
                key,
                after: &next,
                events: &events,
            });
            st = next;
        }
    }
}

#[test]
fn the_lost_cause_rules_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/the-lost-cause");
    super::cases::run_folder(&dir, run_case);
}

/// 18.0, the rulebook's example of play, re-enacted with its stated rolls: late 1862, three
/// cards left (#19, Broadsheet C, #13), the player holding Rebel Yell and one Railroads.
#[test]
fn example_of_play_18_0() {
    use tlc::state::{Cursor, Place};
    let data = data_with(&[]);
    let (setup, _) = TheLostCause::setup(&data);
    let year_cards = |y: u32| -> Vec<Value> {
        data.deck
            .cards
            .iter()
            .filter(|c| c.year == y && c.kind == tlc::data::CardKind::Headline)
            .map(|c| Value::String(c.id.clone()))
            .collect()
    };
    let mut held_back: Vec<Value> = year_cards(1862)
        .into_iter()
        .filter(|c| c != "19" && c != "13")
        .collect();
    held_back.push("B".into());
    held_back.extend(year_cards(1863));
    let mut resources = serde_json::to_value(&setup.resources).unwrap();
    resources["railroads-1"] = "available".into();
    for r in [
        "railroads-2",
        "forts-2",
        "gunboats-1",
        "torpedoes-1",
        "european-munitions",
    ] {
        resources[r] = "cup".into();
    }
    let changes = serde_json::json!({
        "year": 1862,
        "morale": 9,
        "recognition": 3,
        "blockade": 3,
        "armies": {
            "brown": {"form": "army-of-the-tennessee", "route": ["cairo", "forts-henry-donelson", "shiloh-corinth"], "at": 1},
            "blue": {"form": "army-of-the-potomac", "route": ["washington", "manassas", "fredericksburg", "spotsylvania", "richmond-petersburg"], "at": 2},
            "green": {"form": "army-of-the-cumberland", "route": ["louisville", "lexington-bowling-green", "nashville", "chattanooga", "atlanta"], "at": 2}
        },
        "fortified": ["new-orleans", "port-hudson", "vicksburg", "mobile", "atlanta", "richmond-petersburg"],
        "union_commanders": {"east": "halleck", "west": "none"},
        "commanders": {"east": "lee", "west": "as-johnston", "mississippi": "beauregard"},
        "advisor": "je-johnston",
        "leader_cup": ["polk"],
        "resources": resources,
        "rebel_yell": "A",
        "draw_pile": ["19", "C", "13"],
        "stacks": {"1863": held_back, "1864": year_cards(1864)},
        "headlines_played": 19,
        "cursor": {"step": "reveal"},
        "question": null
    });
    let mut st = state_with(&data, changes.as_object().unwrap().clone()).unwrap();
    // The cup at the Domestic Phase, after the 1863 arrivals, in its listed order.
    let mut cup: Vec<String> = st.resources_at(&Place::Cup);
    cup.extend(["ironclads-1".to_string(), "submarines".to_string()]);
    cup.sort();
    let gunboat = cup.iter().position(|r| r == "gunboats-1").unwrap() as u32;
    cup.retain(|r| r != "gunboats-1");
    let munitions = cup.iter().position(|r| r == "european-munitions").unwrap() as u32;
    let stack_1863 = st.stacks[&1863].len() + 2; // with Broadsheets A and C, used this month
    let mut dice = vec![
        4,       // #19: the Army of the Tennessee's Initiative Roll
        3,       // Lee's Initiative Roll for the Command action passed along
        2,       // Lee's battle at Fredericksburg: 2 + 2 + 1 = 5
        2,       // A.S. Johnston's battle against the Army of the Cumberland
        4,       // #13: the Army of the Cumberland's Initiative Roll
        6,       // the Army of the Tennessee's Initiative Roll
        1,       // Beauregard's Initiative Roll (Friction of War made it Conditional)
        5,       // Beauregard's casualty check: a mortal wound
        0,       // Polk is called up from the Leader Cup
        1,       // the Railroads battle of New Orleans
        2,       // ... re-rolled with Rebel Yell: 2, a draw
        gunboat, // Domestic Phase: the Shenandoah Valley's draw
        3, 4,         // Southern Infrastructure: 7 against morale 8
        munitions, // ... and the Resource it brings
    ];
    dice.extend(std::iter::repeat_n(0, stack_1863 - 1)); // 14.6: the 1863 shuffle
    let answers: Vec<Orders> = [
        serde_json::json!({"command": {"battle": {"theater": "east", "army": "blue"}}}),
        serde_json::json!({"command": {"battle": {"theater": "west", "army": "green"}}}),
        serde_json::json!({"reroll": false}),
        serde_json::json!({"railroads": []}),
        serde_json::json!({"battle": {"army": "orange"}}),
        serde_json::json!({"reroll": false}),
        serde_json::json!({"railroads": [{"theater": "mississippi", "army": "orange"}]}),
        serde_json::json!({"reroll": true}),
        serde_json::json!({"infrastructure": "resource"}),
    ]
    .into_iter()
    .map(|v| serde_json::from_value(v).unwrap())
    .collect();
    let mut scripted = ScriptedDice::new(dice);
    let stop = |s: &State| s.year == 1863 && s.cursor == Cursor::Reveal;
    let mut events = tlc::month::run_until(&data, &mut st, &mut scripted, vec![], stop).unwrap();
    for a in answers {
        let q = st.question.clone();
        let more = tlc::month::run_until(&data, &mut st, &mut scripted, vec![a.clone()], stop)
            .unwrap_or_else(|e| {
                panic!(
                    "{e} answering {q:?} with {a:?}; events so far:\n{}",
                    events
                        .iter()
                        .map(|e| serde_json::to_string(e).unwrap())
                        .collect::<Vec<_>>()
                        .join("\n")
                )
            });
        events.extend(more);
    }
    assert_eq!(scripted.unused(), 0);
    let events: Vec<Value> = events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    // Every event the example's text states, in its order, with the rolls and modifiers it
    // gives (the events it does not mention, such as the Army of the Gulf entering play, may
    // come between).
    let want = [
        serde_json::json!({"event": "card_revealed", "card": "19", "kind": "headline", "year": 1862, "headline": "Lee Turned Back at Antietam; Lincoln Answers with Emancipation"}),
        // #19: the Army of the Tennessee rolls 4 against its Initiative of 2, no DRM (no Union
        // commander in the West), and marches; Forts Henry & Donelson cost a morale point.
        serde_json::json!({"event": "roll", "rule": "7.1", "what": "Army of the Tennessee Initiative Roll", "dice": [4], "drm": 0, "result": 4, "against": 2, "versus": "above"}),
        serde_json::json!({"event": "marched", "rule": "7.3", "army": "brown", "from": "forts-henry-donelson", "to": "shiloh-corinth"}),
        serde_json::json!({"event": "morale", "rule": "12.0", "from": 9, "to": 8, "why": "the Union took key spaces", "holds": ["forts-henry-donelson"]}),
        serde_json::json!({"event": "initiative_marker", "army": "blue", "symbol": "circle", "drm": 0}),
        serde_json::json!({"event": "recognition", "rule": "9.5", "from": 3, "to": 2, "emancipation": true}),
        // Lee passes his Initiative (3 against 1), then battles: 2 + 2 (Lee) + 1 (the card) = 5,
        // each modifier named as the example names it (L52).
        serde_json::json!({"event": "roll", "rule": "10.1", "what": "Lee's Initiative Roll", "dice": [3], "drm": 0, "result": 3, "against": 1, "versus": "above"}),
        serde_json::json!({"event": "roll", "rule": "9.1.1", "what": "Lee's battle against the Army of the Potomac", "dice": [2], "drm": 3, "modifiers": [{"drm": 2, "why": "Lee's Battle DRM"}, {"drm": 1, "why": "the card's special rule"}], "result": 5, "against": 3, "versus": "above"}),
        serde_json::json!({"event": "battle", "rule": "9.1.1", "leader": "lee", "army": "blue", "result": "above"}),
        serde_json::json!({"event": "initiative_removed", "rule": "9.1.1", "army": "blue", "markers": 1}),
        serde_json::json!({"event": "retreated", "rule": "9.1.1", "army": "blue", "from": "fredericksburg", "to": "manassas"}),
        // A.S. Johnston, Directed, rolls 2 with no DRM against 3: a defeat, not re-rolled.
        serde_json::json!({"event": "roll", "rule": "9.1.1", "what": "A.S. Johnston's battle against the Army of the Cumberland", "dice": [2], "drm": 0, "result": 2, "against": 3, "versus": "below"}),
        serde_json::json!({"event": "battle", "rule": "9.1.1", "leader": "as-johnston", "army": "green", "result": "below"}),
        serde_json::json!({"event": "card_revealed", "card": "C", "kind": "broadsheet", "year": 1862, "headline": "Friction of War"}),
        serde_json::json!({"event": "broadsheet", "card": "C", "effect": "FrictionOfWar"}),
        serde_json::json!({"event": "card_revealed", "card": "13", "kind": "headline", "year": 1862, "headline": "Fremont Out, Halleck In; Farragut Runs the Forts and Takes New Orleans"}),
        serde_json::json!({"event": "ignored", "rule": "6.1", "what": "halleck cannot take the command"}),
        serde_json::json!({"event": "marched", "rule": "7.3", "army": "blue", "from": "manassas", "to": "fredericksburg"}),
        serde_json::json!({"event": "roll", "rule": "7.1", "what": "Army of the Cumberland Initiative Roll", "dice": [4], "drm": 0, "result": 4, "against": 3, "versus": "above"}),
        serde_json::json!({"event": "marched", "rule": "7.3", "army": "green", "from": "nashville", "to": "chattanooga"}),
        serde_json::json!({"event": "roll", "rule": "7.1", "what": "Army of the Tennessee Initiative Roll", "dice": [6], "drm": 0, "result": 6, "against": 2, "versus": "above"}),
        serde_json::json!({"event": "advanced_base", "rule": "7.3", "army": "brown", "space": "shiloh-corinth"}),
        serde_json::json!({"event": "marched", "rule": "7.3", "army": "orange", "from": "ship-island", "to": "new-orleans"}),
        serde_json::json!({"event": "initiative_marker", "army": "orange", "symbol": "circle", "drm": 0}),
        // Friction of War makes Beauregard's Directed battle Conditional: a natural 1 fails
        // (6.2.2) whatever his +1, and the card's casualty check kills him.
        serde_json::json!({"event": "friction"}),
        serde_json::json!({"event": "roll", "rule": "9.1", "what": "Beauregard's Initiative Roll", "dice": [1], "drm": 1, "modifiers": [{"drm": 1, "why": "the card"}], "result": 2, "against": 2, "versus": "below"}),
        serde_json::json!({"event": "casualty", "rule": "9.1.2", "leader": "beauregard", "die": 5, "result": "killed"}),
        serde_json::json!({"event": "leader_called_up", "rule": "9.1.2", "theater": "mississippi", "leader": "polk", "replaced": "beauregard"}),
        serde_json::json!({"event": "ignored", "rule": "6.0", "what": "Friction of War cancels this Conditional action"}),
        // The Railroads battle: an X marker, out of play; Knoxville gives +1 (16.8, 13.8.3), but
        // the 1 is an automatic defeat; Rebel Yell's re-roll, with no DRM, is a 2: a draw.
        serde_json::json!({"event": "railroads_spent", "resource": "railroads-1", "theater": "mississippi"}),
        serde_json::json!({"event": "resource_removed", "resource": "railroads-1", "rule": "16.8", "to_cup": false}),
        serde_json::json!({"event": "roll", "rule": "9.1.1", "what": "Polk's battle against the Army of the Gulf", "dice": [1], "drm": 1, "modifiers": [{"drm": 1, "why": "Railroads with Knoxville Confederate"}], "result": 2, "against": 2, "versus": "below"}),
        serde_json::json!({"event": "rebel_yell", "card": "A", "what": "Polk's battle against the Army of the Gulf", "dice": [2], "result": 2, "against": 2, "versus": "equal"}),
        serde_json::json!({"event": "battle", "rule": "9.1.1", "leader": "polk", "army": "orange", "result": "equal"}),
        serde_json::json!({"event": "initiative_removed", "rule": "9.1.1", "army": "orange", "markers": 1}),
        // The Year End: Hood, the Ironclads and the Submarines come in; the Shenandoah Valley
        // draws the Gunboats; infrastructure rolls 7 against morale 8 and draws the Munitions;
        // twelve cards make the 1863 pile.
        serde_json::json!({"event": "year_advanced", "year": 1863, "leaders": ["hood"], "resources": ["ironclads-1", "submarines"]}),
        serde_json::json!({"event": "resource_drawn", "rule": "14.5", "resource": "gunboats-1"}),
        serde_json::json!({"event": "roll", "rule": "14.5", "what": "Morale Test", "dice": [3, 4], "drm": 0, "result": 7, "against": 8, "versus": "below"}),
        serde_json::json!({"event": "resource_drawn", "rule": "14.5", "resource": "european-munitions"}),
        serde_json::json!({"event": "year_begins", "year": 1863, "cards": 12, "held_back": 13}),
    ];
    // The example's Union Initiative checks find no marker left, so nothing more happens; and
    // no other battle, morale change or card comes between.
    for kind in ["battle", "morale", "card_revealed", "casualty"] {
        let stated = want.iter().filter(|w| w["event"] == kind).count();
        let seen = events.iter().filter(|e| e["event"] == kind).count();
        assert_eq!(
            seen, stated,
            "`{kind}` events beyond those the example states"
        );
    }
    let mut at = 0;
    for w in &want {
        match events[at..].iter().position(|e| e == w) {
            Some(k) => at += k + 1,
            None => panic!(
                "missing, in order: {w}\nall events:\n{}",
                events
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }
    // Nothing the example rules out happened: no morale change after 8, no marker left.
    assert_eq!(st.morale, 8);
    assert_eq!(st.recognition, 2);
    assert!(st.emancipation);
    assert!(st.armies.values().all(|a| a.initiative.is_empty()));
    assert_eq!(st.armies["blue"].space(), "fredericksburg");
    assert_eq!(st.armies["green"].space(), "chattanooga");
    assert_eq!(st.armies["orange"].space(), "new-orleans");
    assert!(st.bases.contains("shiloh-corinth"));
    assert!(
        st.fortified.contains("new-orleans"),
        "New Orleans' fortification still stands"
    );
    assert_eq!(
        st.commanders[&tlc::data::Theater::Mississippi].as_deref(),
        Some("polk")
    );
    assert!(st.leaders_gone.contains(&"beauregard".to_string()));
    assert_eq!(
        st.resources["railroads-1"],
        Place::Gone,
        "the Railroads marker is an X marker"
    );
    assert_eq!(
        st.resources_at(&Place::Available),
        vec!["european-munitions".to_string(), "gunboats-1".to_string()]
    );
    assert_eq!(st.rebel_yell, None);
    assert_eq!(st.draw_pile.len(), 12, "14.6: twelve cards for 1863");
    let pile_and_next: Vec<&String> = st.draw_pile.iter().chain(st.stacks[&1864].iter()).collect();
    for card in ["A", "C", "B"] {
        assert!(
            pile_and_next.iter().any(|c| *c == card),
            "Broadsheet {card} is back among the cards"
        );
    }
    assert_eq!(st.year, 1863);
    assert_eq!(st.headlines_played, 21);
}

/// Picks one of the listed answers with a seeded generator.
pub fn pick_answer(l: &adjutant::app::Loaded, rng: &mut rand_chacha::ChaCha8Rng) -> String {
    use rand_chacha::rand_core::Rng;
    let options = adjutant::app::legal_options(l, tlc::SIDE).unwrap();
    assert!(!options.is_empty(), "no option at {:?}", l.game.awaiting);
    options[(rng.next_u32() as usize) % options.len()]
        .example
        .clone()
}

/// A whole war, 1861 to its end, in self mode from a seed; then the game file verifies, the
/// command line agrees, and the report names the mode.
#[test]
fn a_whole_game_in_self_mode_verifies() {
    use super::support::{new_solitaire, play_solitaire, Solitaire};
    use rand_chacha::rand_core::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    let path = new_solitaire(dir.path(), "the-lost-cause", "tlc-whole-self", None, 512);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1861);
    let (steps, _) = play_solitaire(&path, Solitaire::SelfMode, 2000, |l| {
        pick_answer(l, &mut rng)
    });
    let l = adjutant::app::load_game(&path, None).unwrap();
    let state: State = serde_json::from_value(l.game.state.clone()).unwrap();
    let outcome = state.outcome.expect("the war ended with an outcome");
    assert!(state.year >= 1861 && !outcome.level.is_empty());
    assert_eq!(
        l.game.log.len(),
        2 * steps,
        "one player record and one dice record a step"
    );
    let summary = adjutant::app::verify(&l, None).unwrap();
    assert_eq!(summary.steps_replayed as usize, steps);
    let out = super::support::ok(dir.path(), &["verify", path.to_str().unwrap()]);
    assert!(
        super::support::stdout(&out).contains("self mode"),
        "{}",
        super::support::stdout(&out)
    );
    let report = super::support::ok(
        dir.path(),
        &["report", path.to_str().unwrap(), "--steps", "all"],
    );
    let text = super::support::stdout(&report);
    assert!(text.contains("THE WAR IS OVER"), "{text}");
    assert!(text.contains("self mode"), "{text}");
    // The dice statistics of a whole war: one side, so no side column; a leader's casualty
    // check (9.1.2) names the leader in the reason, never as a side.
    let stats = super::support::stdout(&super::support::ok(
        dir.path(),
        &[
            "report",
            path.to_str().unwrap(),
            "--format",
            "stats",
            "--steps",
            "all",
        ],
    ));
    super::report::assert_columns_line_up(&stats, &[]);
    let lookups = l.rules.lookups();
    for (id, name) in lookups["leaders"].as_object().unwrap() {
        if id.contains('-') {
            assert!(
                !stats.contains(id.as_str()),
                "`{id}` for `{name}`:\n{stats}"
            );
        }
    }
    if text.contains("9.1.2 casualty check") {
        assert!(stats.contains("9.1.2 casualty check: "), "{stats}");
    }
}

/// The same in witness mode: a witness who holds only its secret answers each record hash;
/// every witness record's `prev` is a hash the witness's ledger shows it answered.
#[test]
fn a_whole_game_in_witness_mode_verifies_against_the_witness_ledger() {
    use super::support::{check_witnessed, new_solitaire, play_solitaire, Solitaire};
    use rand_chacha::rand_core::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    let wdir = dir.path().join("witness");
    let id = "tlc-whole-witness";
    let (wsecret, anchor) =
        adjutant::app::witness_new(&wdir, id, 512, Some(&wdir.join("w.yaml"))).unwrap();
    let path = new_solitaire(dir.path(), "the-lost-cause", id, Some(anchor), 512);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1862);
    let (_, answered) = play_solitaire(&path, Solitaire::Witness(&wsecret), 2000, |l| {
        pick_answer(l, &mut rng)
    });
    check_witnessed(&path, &answered);
    let l = adjutant::app::load_game(&path, None).unwrap();
    let state: State = serde_json::from_value(l.game.state.clone()).unwrap();
    assert!(state.outcome.is_some());
}

/// The shipped example (games/the-lost-cause/examples) is exactly what its commands make,
/// and its Command answer is accepted: rerun regenerate.sh when this fails.
#[test]
fn the_shipped_lost_cause_example_is_what_the_commands_make() {
    use super::support::ok;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // regenerate.sh tries game ids until one stops at a Command action: the one it found.
    let shipped = super::support::read(
        &super::support::root().join("games/the-lost-cause/examples/demo-game.yaml"),
    );
    let id = shipped
        .lines()
        .find_map(|l| l.strip_prefix("id: "))
        .expect("the example names its game");
    let ex = super::support::rebuild_example(
        d,
        "the-lost-cause",
        id,
        &["csa=Demo Player"],
        &["start.yaml"],
    );
    let out = ok(
        d,
        &[
            "play",
            "demo-game.yaml",
            ex.join("command.yaml").to_str().unwrap(),
            "--secrets",
            "s",
        ],
    );
    assert!(super::support::stdout(&out).contains("Morale Test"));
    ok(d, &["verify", "demo-game.yaml"]);
}

/// The deck is checked when it loads: a card naming an unknown army, a Broadsheet card with
/// action lines, or a Morale Test with a year factor other than -1, 0 or 1 is refused.
#[test]
fn a_deck_with_a_bad_card_is_refused_when_it_loads() {
    let bad = [
        (
            serde_json::json!({"id": "X1", "year": 1862, "kind": "headline", "headline": "x",
            "union": [{"do": "army", "army": "purple", "symbol": "circle"}]}),
            "unknown army `purple`",
        ),
        (
            serde_json::json!({"id": "X2", "year": 1862, "kind": "broadsheet", "headline": "x", "broadsheet": "rebel_yell",
            "confederate": [{"do": "diplomatic"}]}),
            "no action lines",
        ),
        (
            serde_json::json!({"id": "X3", "year": 1862, "kind": "headline", "headline": "x",
            "confederate": [{"do": "morale_test", "year": 2}]}),
            "not 2",
        ),
    ];
    for (card, want) in bad {
        let files: Vec<(String, String)> = tlc::DATA_FILES
            .iter()
            .map(|(n, t)| {
                if *n == tlc::data::DECK {
                    let mut deck: Value = serde_yaml::from_str(t).unwrap();
                    deck["cards"].as_array_mut().unwrap().push(card.clone());
                    (n.to_string(), serde_yaml::to_string(&deck).unwrap())
                } else {
                    (n.to_string(), t.to_string())
                }
            })
            .collect();
        let e = Data::load(&files).expect_err("refused").to_string();
        assert!(e.contains(want), "{e}");
    }
}

/// `orders` lists the new answers so that players and self-play find them: every order of
/// one army's different markers, one army's markers either side of another's (10.5, 11.0),
/// and the Railroads standing order (16.8).
#[test]
fn the_options_list_marker_orders_and_the_railroads_standing_order() {
    use adjutant::engine::dice::ScriptedDice;
    let data = data_with(&[serde_json::json!(
        {"id": "T1", "year": 1862, "kind": "headline", "headline": "test card"})]);
    let blue = |markers: Value| {
        serde_json::json!({"form": "army-of-the-potomac", "route": ["washington", "manassas",
            "fredericksburg", "spotsylvania", "richmond-petersburg"], "at": 0, "initiative": markers})
    };
    let green = serde_json::json!({"form": "army-of-the-cumberland", "route": ["louisville",
        "lexington-bowling-green", "nashville", "chattanooga", "atlanta"], "at": 0,
        "initiative": [{"symbol": "circle"}]});
    let examples = |changes: Value| -> Vec<String> {
        let mut st = state_with(&data, changes.as_object().unwrap().clone()).unwrap();
        tlc::month::run_until(
            &data,
            &mut st,
            &mut ScriptedDice::new(vec![]),
            vec![],
            |_| false,
        )
        .unwrap();
        assert!(st.question.is_some(), "the game asks");
        TheLostCause::legal_options(&data, &st, tlc::SIDE)
            .into_iter()
            .map(|o| o.example)
            .collect()
    };
    let one_army = examples(serde_json::json!({"year": 1862, "card": "T1",
        "armies": {"blue": blue(serde_json::json!([{"symbol": "square", "drm": 1}, {"symbol": "circle"}]))},
        "cursor": {"step": "initiative"}, "question": null}));
    assert_eq!(
        one_army,
        vec![
            "initiative_order: [blue]",
            "initiative_order: [{army: blue, marker: 2}, {army: blue, marker: 1}]"
        ]
    );
    let two_armies = examples(serde_json::json!({"year": 1862, "card": "T1",
        "armies": {"blue": blue(serde_json::json!([{"symbol": "circle"}, {"symbol": "circle"}])),
                   "green": green},
        "cursor": {"step": "initiative"}, "question": null}));
    assert_eq!(
        two_armies,
        vec![
            "initiative_order: [blue, green]",
            "initiative_order: [green, blue]",
            "initiative_order: [blue, green, blue]"
        ]
    );
    let railroads = examples(serde_json::json!({"year": 1862, "card": "T1",
        "resources": {"railroads-1": "available"}, "cursor": {"step": "railroads"}, "question": null}));
    assert!(
        railroads.contains(&"railroads: {spend: [], ask: every_action}".to_string()),
        "{railroads:?}"
    );
}

/// 14.3 comes before 14.5: when the Southern Infrastructure question stops the Year End
/// Sequence, the year has already turned and the Blockade's morale loss has been taken. What
/// `show` and the report's status line show (`Game::view`) must agree with the events the
/// report has just told, not with the state from before the paused line.
#[test]
fn a_year_end_paused_for_the_infrastructure_shows_the_year_it_announced() {
    use adjutant::games::the_lost_cause::events::Event;
    use adjutant::games::the_lost_cause::state::{Place, Question};
    let data = data_with(&[]);
    let mut checked = 0;
    seeded_steps(&data, 0..40, 7, |s| {
        let SeededStep {
            seed,
            step,
            after: st,
            events,
            ..
        } = s;
        if !matches!(st.question, Some(Question::Infrastructure { .. })) {
            return;
        }
        let Some((year, resources)) = events.iter().rev().find_map(|e| match e {
            Event::YearAdvanced {
                year, resources, ..
            } => Some((*year, resources.clone())),
            _ => None,
        }) else {
            return;
        };
        let shown = TheLostCause::view(&data, st);
        assert_eq!(shown.year, year, "seed {seed} step {step}: the year told");
        for r in &resources {
            // In the cup, or already drawn from it by 14.4 or 14.5.
            assert_ne!(
                shown.resources.get(r),
                Some(&Place::Future),
                "seed {seed} step {step}: {r} has come into the game"
            );
        }
        if let Some(morale) = events.iter().rev().find_map(|e| match e {
            Event::Morale { to, .. } => Some(*to),
            _ => None,
        }) {
            assert_eq!(
                shown.morale, morale,
                "seed {seed} step {step}: the morale told"
            );
        }
        assert_eq!(
            shown.question, st.question,
            "the question stays the state's"
        );
        checked += 1;
    });
    assert!(
        checked > 3,
        "only {checked} year ends paused for the infrastructure"
    );
}

/// 10.3 with 9.6: a Command action spent on a Naval action may leave the Navy doing nothing
/// when its roll passes ("may"), as a card's Naval action may; the rules accepted
/// `command: {naval: pass}`, but `orders` never listed it, so no listed-option test walked it.
#[test]
fn a_naval_command_that_does_nothing_is_listed() {
    use super::support::{ok, root, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy(
        root().join("games/the-lost-cause/examples/demo-game.yaml"),
        d.join("game.yaml"),
    )
    .unwrap();
    let listed = stdout(&ok(d, &["orders", "game.yaml"]));
    assert!(listed.contains("command: {naval: pass}"), "{listed}");
    assert!(
        listed.contains("10.3 Naval action at -1, the Navy doing nothing if the roll passes"),
        "{listed}"
    );
    write(d, "pass.yaml", "command: {naval: pass}\n");
    ok(d, &["orders", "game.yaml", "pass.yaml"]);
}

/// 8.3 (the rulebook's illustrated example): with the Army of the James at Bermuda Hundred,
/// the Union controls Fortress Monroe (its Home Base) and the Peninsula behind it, Bermuda
/// Hundred is contested, and Richmond & Petersburg ahead stays the South's.
#[test]
fn example_8_3_bermuda_hundred_is_contested() {
    use tlc::control::{holder, Holder};
    let data = data_with(&[]);
    let changes = serde_json::json!({"armies": {"yellow": {"form": "army-of-the-james",
        "route": ["fortress-monroe", "peninsula", "bermuda-hundred", "richmond-petersburg"],
        "at": 2}}});
    let st = state_with(&data, changes.as_object().unwrap().clone()).unwrap();
    for (space, want) in [
        ("fortress-monroe", Holder::Union),
        ("peninsula", Holder::Union),
        ("bermuda-hundred", Holder::Contested),
        ("richmond-petersburg", Holder::Confederate),
    ] {
        assert_eq!(holder(&data, &st, space), want, "{space}");
    }
}
