//! The Lost Cause in the words a player knows: what the record holds as ids (a leader in a
//! dice label, a theater in a skipped action, the NONE marker) reads as names in every
//! report, option and `show`, whatever the game and its dice.

use adjutant::engine::dice::KeyedDice;
use adjutant::engine::game::Game;
use adjutant::games::the_lost_cause::{self as tlc, orders::Orders, TheLostCause};
use adjutant::report::text::{with_lookups, Templates};
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{json, Value};

use crate::support::{fails, ok, root, write};

fn data() -> tlc::data::Data {
    super::lost_cause::data_with(&[])
}

/// Whether `word` stands in `line` as a whole word (not inside a longer id or word).
fn has_word(line: &str, word: &str) -> bool {
    let inside = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(inside) && !after.is_some_and(inside)
    })
}

/// Ids that differ from their names, longest name first, from the game's lookups; an id
/// that is also an English word of the cards' own text (`overland`) is left out.
fn ids(lookups: &Value) -> Vec<(String, String)> {
    let card_text = lookups["cards"].to_string();
    let mut ids = Vec::new();
    for map in ["spaces", "leaders", "forms", "resources", "tracks"] {
        for (id, name) in lookups[map].as_object().unwrap() {
            let name = name.as_str().unwrap_or_default();
            if !id.eq_ignore_ascii_case(name) && !has_word(&card_text, id) {
                ids.push((id.clone(), name.to_string()));
            }
        }
    }
    ids.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    ids
}

/// What in `line` is an id, a lowercase theater, the NONE marker read as a name, or a Rust
/// list, if anything.
fn not_words(line: &str, ids: &[(String, String)]) -> Option<String> {
    let mut rest = line.to_string();
    for (_, n) in ids {
        rest = rest.replace(n.as_str(), " ");
    }
    if let Some((id, name)) = ids.iter().find(|(id, _)| has_word(&rest, id)) {
        return Some(format!("the id `{id}` where `{name}` belongs"));
    }
    for t in ["east", "west", "mississippi"] {
        for what in ["theater", "command", "commander"] {
            let w = format!("{t} {what}");
            if has_word(line, &w) {
                return Some(format!("`{w}`, not the theater's name"));
            }
        }
    }
    if has_word(line, "None") {
        return Some("the NONE marker read as a leader called None".into());
    }
    for pat in ["[\"", "\"]", "[decatur"] {
        if line.contains(pat) {
            return Some(format!("a Rust list `{pat}`"));
        }
    }
    None
}

/// The text report of `steps` (as JSON) ending at `st`, rendered by the built-in template alone.
fn report_text(steps: &Value, st: &tlc::state::State, lookups: &Value) -> String {
    let ctx = with_lookups(
        json!({"title": "words", "id": "words", "game": "the-lost-cause", "steps": steps,
            "reveals": [], "tip": "", "at_step": 1, "verification_block": "", "state": st,
            "awaiting": null}),
        lookups,
    );
    Templates::new(None)
        .render("the-lost-cause/report.txt", &ctx)
        .unwrap()
}

/// Seeded games: every report line (dice, decisions, events, status), every option listed
/// and every `show` along the way names what it names.
#[test]
fn seeded_lost_cause_games_print_names_not_ids() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let ids = ids(&lookups);
    let templates = Templates::new(None);
    let mut lines = 0;
    for seed in 0..24u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut st, _) = TheLostCause::setup(&data);
        let mut steps = Vec::new();
        let mut checked: Vec<(String, String)> = Vec::new();
        for step in 0..3000u64 {
            if st.question.is_none() {
                break;
            }
            let options = TheLostCause::legal_options(&data, &st, tlc::SIDE);
            for o in &options {
                checked.push((format!("option at step {step}"), o.summary.clone()));
            }
            let awaiting = TheLostCause::awaiting(&data, &st);
            let show = templates
                .render(
                    "the-lost-cause/show.txt",
                    &with_lookups(
                        json!({"title": "show", "state": TheLostCause::view(&data, &st), "awaiting": awaiting}),
                        &lookups,
                    ),
                )
                .unwrap();
            checked.push((format!("show at step {step}"), show));
            let pick = &options[(rng.next_u32() as usize) % options.len()];
            let v: Value = serde_yaml::from_str(&pick.example).unwrap();
            let orders: Orders = serde_json::from_value(v).unwrap();
            let mut key = [3u8; 32];
            key[..8].copy_from_slice(&seed.to_be_bytes());
            key[8..16].copy_from_slice(&step.to_be_bytes());
            let mut dice = KeyedDice::new(&key);
            let (next, events) =
                TheLostCause::apply(&data, &st, tlc::SIDE, &orders, None, &mut dice).unwrap();
            steps.push(
                json!({"step": step + 1, "ordered_by": tlc::SIDE, "adjudicated_by": "self",
                "orders": serde_json::to_value(&orders).unwrap(), "rolls": dice.into_rolls(),
                "events": events}),
            );
            st = next;
        }
        for template in ["report.txt", "report.md", "report.bbcode"] {
            let ctx = with_lookups(
                json!({"title": "self-play", "id": "words", "game": "the-lost-cause",
                    "steps": steps, "reveals": [], "tip": "", "at_step": steps.len(),
                    "verification_block": "", "state": st, "awaiting": null}),
                &lookups,
            );
            let text = templates
                .render(&format!("the-lost-cause/{template}"), &ctx)
                .unwrap();
            // The text report folds a long roll onto a line six columns in; a name folded
            // there (`Army of the Tennessee` / `(riverine)`) is read whole, as a reader does.
            let text = text.replace("\n      ", " ");
            checked.push((template.to_string(), text));
        }
        for (what, text) in checked {
            for line in text.lines() {
                lines += 1;
                if let Some(bad) = not_words(line, &ids) {
                    panic!("seed {seed}, {what}: {bad} in the line\n{line}");
                }
            }
        }
    }
    assert!(lines > 10_000, "only {lines} lines read");
}

/// One step holding each record value that names something by id, rendered through the
/// report templates and `show`.
#[test]
fn the_lost_cause_report_turns_recorded_ids_into_names() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (mut st, _) = TheLostCause::setup(&data);
    st.union_commanders
        .insert(tlc::data::UnionTheater::West, "none".into());
    let events = json!([
        {"event": "ignored", "rule": "7.1", "what": "sherman cannot take the command"},
        {"event": "ignored", "rule": "6.1", "what": "halleck cannot take the command"},
        {"event": "ignored", "rule": "6.1", "what": "the east theater has no leader"},
        {"event": "ignored", "rule": "6.1", "what": "nothing to attack in the mississippi theater"},
        {"event": "union_commander", "rule": "7.2", "theater": "west", "leader": "none", "replaced": "halleck"},
        {"event": "union_commander", "rule": "7.2", "theater": "west", "leader": "sherman", "replaced": "none"},
        {"event": "roll", "rule": "9.1", "what": "Lee's Initiative Roll", "dice": [1], "drm": 0, "result": 1, "against": 1, "versus": "below"},
        {"event": "resource_drawn", "rule": "9.4", "resource": "ironclads-1"},
        {"event": "card_revealed", "card": "31", "kind": "headline", "year": 1863, "headline": "Repulse at Gettysburg! Pickett's Charge Shattered"},
        {"event": "raid", "rule": "9.2", "army": "blue", "die": 5, "drm": 1, "result": "recalled"},
        {"event": "morale", "rule": "12.0", "from": 8, "to": 7, "why": "the card"},
    ]);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": {"command": {"battle": {"theater": "mississippi", "army": "brown"}}},
        "events": events,
        "rolls": [{"why": "9.1.2 casualty check: je-johnston", "d6": [5]},
                  {"why": "14.6 shuffle the 1862 stack", "shuffle": {"order": [2, 0, 1]}}]}]);
    let text = report_text(&steps, &st, &lookups);
    for want in [
        "9.1.2 casualty check: J.E. Johnston: 5",
        "Skipped: the card's change of command: Grant and Sherman, once in command of their theaters, are never moved, so Sherman is not placed (7.1).",
        "Skipped: the card's change of command: Halleck already holds a command (6.1).",
        "Skipped: the East theater has no leader (6.1).",
        "Skipped: nothing to attack in the Mississippi theater (6.1).",
        "No one takes the Union West command (the NONE marker), replacing Halleck (7.2).",
        "Sherman takes the Union West command, which had no one (the NONE marker) (7.2).",
        "Lee's Initiative Roll: rolled 1: it would equal 1, but a natural 1 always fails (9.1, 6.2.2).",
        "An Ironclads marker is drawn",
        "Special rule (6.0): Pickett's Charge: -1",
        "rolled 5 +1 (Decatur, 13.8.2) = 6: it is recalled (9.2).",
        "14.6 shuffle the 1862 stack: 3 cards, shuffled into the order 3 1 2 (places in the stack before the shuffle)",
        "a Battle in the Mississippi theater: attack the brown army",
        "Confederate morale 8 -> 7: Headline card 31 (12.0).",
    ] {
        assert!(
            text.replace('\n', " ").replace("      ", "").contains(want),
            "`{want}` not in\n{text}"
        );
    }
    let show = Templates::new(None)
        .render(
            "the-lost-cause/show.txt",
            &with_lookups(
                json!({"title": "show", "state": st, "awaiting": null}),
                &lookups,
            ),
        )
        .unwrap();
    assert!(
        show.contains("Union commanders: East Scott, West no one (the NONE marker)"),
        "{show}"
    );
}

/// What the reports print is read back: a theater, an army or a space by its name in any
/// case, as well as by its id; and a refusal lists the choices as words, not as a Rust list.
#[test]
fn orders_may_name_what_the_reports_name() {
    use super::support::{fails, ok, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The shipped example as it was made with the second edition of the data, at a Command
    // action with the green army to attack in the West (the current example's dice differ),
    // with the demo secrets it was made with.
    std::fs::copy(
        super::support::root().join("tests/data/tlc-second-edition/demo-game.yaml"),
        d.join("demo-game.yaml"),
    )
    .unwrap();
    std::fs::create_dir(d.join("s")).unwrap();
    for side in ["csa", "self"] {
        let name = format!("tlc-example.{side}.secret.yaml");
        std::fs::copy(
            super::support::root()
                .join("tests/data/tlc-second-edition/secrets")
                .join(&name),
            d.join("s").join(&name),
        )
        .unwrap();
    }
    let wrong = write(
        d,
        "wrong.yaml",
        "command: {battle: {theater: West, army: Blue}}\n",
    );
    let err = fails(
        d,
        &[
            "play",
            "demo-game.yaml",
            wrong.to_str().unwrap(),
            "--secrets",
            "s",
        ],
    );
    assert!(
        err.contains(
            "cannot attack the blue army in the West theater now; it could attack the green army"
        ),
        "{err}"
    );
    let named = write(
        d,
        "named.yaml",
        "command: {battle: {theater: WEST, army: Green}}\n",
    );
    let out = ok(
        d,
        &[
            "play",
            "demo-game.yaml",
            named.to_str().unwrap(),
            "--secrets",
            "s",
        ],
    );
    // The report wraps its lines: read it as one run of words.
    let text = stdout(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        text.contains("a Battle in the West theater: attack the green army"),
        "{text}"
    );
    let verified = stdout(&ok(d, &["verify", "demo-game.yaml"]));
    assert!(
        verified.contains("next: the Confederate player ("),
        "the side by its name: {verified}"
    );
}

/// A space is found by its id or by its name in any case; a Resource marker by its id or by
/// the name printed on it when no other marker bears that name.
#[test]
fn spaces_and_markers_are_found_by_name_or_id() {
    let data = data();
    for text in ["decatur", "Decatur", "DECATUR", " decatur "] {
        assert_eq!(data.find_space(text), Some("decatur"), "{text}");
    }
    // The rulebook spells it with one `l`, and so do the data and the reports.
    assert_eq!(data.find_space("miliken's bend"), Some("milikens-bend"));
    assert_eq!(data.find_space("milikens-bend"), Some("milikens-bend"));
    assert_eq!(data.find_space("Atlantis"), None);
    assert_eq!(data.find_army("Green"), Some("green"));
    assert_eq!(data.find_resource("Submarines"), Some("submarines"));
    assert_eq!(data.find_resource("GUNBOATS-1"), Some("gunboats-1"));
    let v: Value = serde_yaml::from_str("battle: {reclaim: Decatur}").unwrap();
    let orders: Orders = serde_json::from_value(v).expect("orders read");
    assert_eq!(
        orders.by_id(&data).battle,
        Some(tlc::orders::Target::Reclaim("decatur".into()))
    );
}

/// 6.2.1: a roll against a value passes only above it, so a tie fails, and the report says
/// which; a Morale Test's tie has no effect (9.3, 14.5). 14.5: when the Southern
/// Infrastructure result leaves no choice (Confederate Morale already at its maximum of 12,
/// the Resource Cup empty, or no Available Resource to lose), the report says why none was
/// asked.
#[test]
fn a_roll_says_whether_it_passed_and_a_skipped_choice_says_why() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (st, _) = TheLostCause::setup(&data);
    let roll =
        |rule: &str, what: &str, dice: Value, drm: i32, result: i32, against: i32, versus: &str| {
            json!({"event": "roll", "rule": rule, "what": what, "dice": dice, "drm": drm,
               "result": result, "against": against, "versus": versus})
        };
    let events = json!([
        roll("7.1", "Army of the Potomac Initiative Roll", json!([4]), -1, 3, 3, "equal"),
        roll("10.0", "Lee's Administrative roll", json!([2]), 0, 2, 2, "equal"),
        roll("10.0", "Lee's Administrative roll", json!([5]), 0, 5, 2, "above"),
        roll("9.4", "War Effort roll", json!([3]), 0, 3, 5, "below"),
        roll("9.3", "Morale Test", json!([3, 4]), 0, 7, 7, "equal"),
        roll("14.5", "Morale Test", json!([2, 3]), 1, 6, 12, "below"),
        {"event": "resource_drawn", "rule": "14.5", "resource": "ironclads-1"},
        roll("14.5", "Morale Test", json!([6, 5]), 0, 11, 9, "above"),
        {"event": "morale", "rule": "14.5", "from": 9, "to": 8, "why": "the infrastructure is failing"},
    ]);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": {"start": true}, "events": events, "rolls": []}]);
    let text = report_text(&steps, &st, &lookups);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Army of the Potomac Initiative Roll: rolled 4 -1 = 3, which only equals 3: failed (7.1, 6.2.1).",
        "Lee's Administrative roll: rolled 2, which only equals 2: failed (10.0, 6.2.1).",
        "Lee's Administrative roll: rolled 5, which beats 2: passed (10.0).",
        "War Effort roll: rolled 3, which falls short of 5: failed (9.4).",
        "Morale Test: rolled 3+4 = 7, which equals 7: no effect (9.3).",
        "Confederate Morale is already at its maximum of 12, so there is no choice to make: a Resource marker is drawn (14.5).",
        "No Resource marker is Available to lose, so there is no choice to make: Confederate Morale falls (14.5).",
    ] {
        assert!(flat.contains(want), "`{want}` not in\n{text}");
    }
}

/// 9.2: a raid that makes an army retreat, or recalls it, when it stands at its Base says it
/// stays, as a battle does ("it retreats" with nothing moving read as a fault); one that does
/// move it says nothing more.
#[test]
fn a_raid_on_an_army_at_its_base_says_it_stays() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (st, _) = TheLostCause::setup(&data);
    let raid = |result: &str| json!({"event": "raid", "rule": "9.2", "army": "green", "die": 4, "drm": 1, "result": result});
    let steps = |events: Value| {
        json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
            "orders": {"start": true}, "events": events, "rolls": []}])
    };
    let text = report_text(&steps(json!([raid("retreat")])), &st, &lookups);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("it retreats (9.2). The green army is at its Base already, so it stays."),
        "{text}"
    );
    let moved = json!([raid("recalled"), {"event": "recalled", "rule": "9.2", "army": "green",
        "from": "nashville", "to": "louisville"}]);
    let text = report_text(&steps(moved), &st, &lookups);
    assert!(text.contains("it is recalled (9.2)."), "{text}");
    assert!(!text.contains("at its Base already"), "{text}");
}

/// 9.6: a naval move's orders, as a report words them, say which space the marker leaves: two
/// Gunboats may both be on the map, and the records name the marker by its id alone.
#[test]
fn a_naval_move_in_a_report_says_where_the_marker_left() {
    use adjutant::report::text::{with_lookups, Templates};
    use serde_json::json;
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["resources"]["gunboats-1"] = json!({"space": "memphis"});
    let mut orders = json!({"naval": {"move": {"resource": "gunboats-1", "to": "vicksburg"}}});
    rules
        .annotate_step(&st, None, &mut orders, &mut [])
        .unwrap();
    assert_eq!(orders["naval"]["move"]["from"], "memphis");
    let mut other = json!({"start": true});
    rules.annotate_step(&st, None, &mut other, &mut []).unwrap();
    assert_eq!(
        other,
        json!({"start": true}),
        "nothing added where nothing moves"
    );
    let ctx = with_lookups(json!({"state": st}), &rules.lookups());
    let words = Templates::new(None)
        .call_macros(
            "the-lost-cause/events.txt",
            &ctx,
            &[("orders", vec![orders])],
        )
        .unwrap();
    assert!(
        words[0].contains("move the Gunboats marker from Memphis to Vicksburg"),
        "{}",
        words[0]
    );
}

/// Orders name a Union army by its colour or by the name the reports print for it (`Army of
/// the Potomac`, which was refused with a message calling it another army); a name that is no
/// army is refused with the colours to choose from.
#[test]
fn orders_name_a_union_army_as_the_reports_print_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = root().join("games/the-lost-cause/examples/demo-game.yaml");
    let game = game.to_str().unwrap();
    for (army, legal) in [
        ("Army of the Potomac", true),
        ("army of the potomac", true),
        ("the blue army", true),
        ("purple", false),
    ] {
        for orders in [
            format!("command: {{battle: {{theater: East, army: {army}}}}}\n"),
            format!("command: {{raid: {{army: {army}}}}}\n"),
        ] {
            write(d, "o.yaml", &orders);
            if legal {
                ok(d, &["orders", game, "o.yaml"]);
            } else {
                let err = fails(d, &["orders", game, "o.yaml"]);
                assert!(
                    err.contains("7.1: there is no Union army `purple`")
                        && err.contains("(blue, yellow, brown, green or orange)"),
                    "{err}"
                );
            }
        }
    }
}

/// 6.2.2 (RULINGS L52): a roll's line says where its modifiers come from, each with its value
/// when there are several, as the rulebook's example of play counts Lee's battle: it read
/// "rolled 2 +3 = 5", which a reader could not check. And (L54) a morale change for key spaces
/// says which the Union holds after it.
#[test]
fn a_roll_names_where_its_modifiers_come_from() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (st, _) = TheLostCause::setup(&data);
    let events = json!([
        {"event": "roll", "rule": "9.1.1", "what": "Lee's battle against the Army of the Potomac", "dice": [2], "drm": 3,
         "modifiers": [{"drm": 2, "why": "Lee's Battle DRM"}, {"drm": 1, "why": "the card's special rule"}],
         "result": 5, "against": 3, "versus": "above"},
        {"event": "roll", "rule": "7.1", "what": "Army of the Potomac Initiative Roll", "dice": [5], "drm": -1,
         "modifiers": [{"drm": -1, "why": "the card"}], "result": 4, "against": 3, "versus": "above"},
        {"event": "roll", "rule": "9.4", "what": "War Effort roll", "dice": [4], "drm": 1, "result": 5, "against": 3, "versus": "above"},
        // Modifiers that cancel out are named all the same (L52).
        {"event": "roll", "rule": "9.4", "what": "War Effort roll", "dice": [1], "drm": 0,
         "modifiers": [{"drm": 1, "why": "Northern Invasion"}, {"drm": -1, "why": "Command action"}],
         "result": 1, "against": 3, "versus": "below"},
        {"event": "morale", "rule": "12.0", "from": 9, "to": 8, "why": "the Union took key spaces", "holds": ["forts-henry-donelson", "memphis", "new-orleans"]},
        {"event": "morale", "rule": "12.0", "from": 8, "to": 9, "why": "the South regained key spaces", "holds": []},
        // A fall past the track's end reads as the 0 box it reaches (12.0).
        {"event": "morale", "rule": "12.0", "from": 2, "to": -1, "why": "the Union took key spaces", "holds": ["memphis"]},
    ]);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": {"command": "war_effort"}, "events": events, "rolls": []}]);
    let text = report_text(&steps, &st, &lookups)
        .replace('\n', " ")
        .replace("      ", "");
    for want in [
        "rolled 2 +3 (Lee's Battle DRM +2, the card's special rule +1) = 5",
        "rolled 5 -1 (the card) = 4",
        // A game begun before the seventh edition recorded the sum alone.
        "rolled 4 +1 = 5",
        "rolled 1 +0 (Northern Invasion +1, Command action -1) = 1, which falls short of 3",
        // L54: which key spaces the Union holds after the change.
        "Confederate morale 9 -> 8: the Union took key spaces; the Union now holds Forts Henry & Donelson, Memphis and New Orleans (12.0).",
        "Confederate morale 8 -> 9: the South regained key spaces; the Union now holds no key space (12.0).",
        "Confederate morale 2 -> 0: the Union took key spaces; the Union now holds Memphis (12.0).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
}

/// 10.4 (RULINGS L55): a commander promoted to Advisor names the Advisor going back to the
/// Leader Cup; a record of the earlier editions, without it, reads as it did.
#[test]
fn a_promotion_names_the_advisor_going_back_to_the_cup() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (st, _) = TheLostCause::setup(&data);
    let events = json!([
        {"event": "advisor", "rule": "10.4", "leader": "je-johnston", "returned": "lee"},
        {"event": "advisor", "rule": "10.4", "leader": "polk"},
    ]);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": {"command": {"shuffle": {"theater": "east", "promote": true}}}, "events": events, "rolls": []}]);
    let text = report_text(&steps, &st, &lookups)
        .replace('\n', " ")
        .replace("      ", "");
    for want in [
        "J.E. Johnston becomes National Military Advisor, and Lee, Advisor until now, goes back to the Leader Cup (10.4).",
        "Polk becomes National Military Advisor (10.4).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
}

/// 8.5.1 and 8.7.1: an army's course is a roll on a table, not a test: a 3 read "which only
/// equals 3: failed (8.5.1, 6.2.1)". It says which side of the table the roll fell on. And a
/// skipped action whose words name their rule cites it once with the skip's: "stays combined
/// (8.8.1) (6.1)" read as two brackets.
#[test]
fn a_course_roll_reads_as_a_table_and_a_skip_cites_its_rules_once() {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let (st, _) = TheLostCause::setup(&data);
    let events = json!([
        {"event": "roll", "rule": "8.5.1", "what": "The Army of the Tennessee's course from Vicksburg (4+: it joins the Western Army Group)",
         "dice": [3], "drm": 0, "result": 3, "against": 3, "versus": "equal"},
        {"event": "roll", "rule": "8.7.1", "what": "The green army's course from Atlanta (4+: Montgomery)",
         "dice": [5], "drm": 0, "result": 5, "against": 3, "versus": "above"},
        {"event": "ignored", "rule": "6.1", "what": "the Eastern Army Group stays combined (8.8.1)"},
        {"event": "ignored", "rule": "6.1", "what": "the Commerce Raider is not in play"},
    ]);
    // As a report reads a step: its events annotated from the state before it.
    let mut events: Vec<Value> = serde_json::from_value(events).unwrap();
    let mut orders = json!({"start": true});
    TheLostCause::annotate_step(&data, &st, None, &mut orders, &mut events);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": orders, "events": events, "rolls": []}]);
    let text = report_text(&steps, &st, &lookups);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "(4+: it joins the Western Army Group): rolled 3, under 4 (8.5.1).",
        "(4+: Montgomery): rolled 5, 4 or more (8.7.1).",
        "Skipped: the Eastern Army Group stays combined (8.8.1, 6.1).",
        "Skipped: the Commerce Raider is not in play (6.1).",
    ] {
        assert!(flat.contains(want), "`{want}` not in\n{text}");
    }
    assert!(!flat.contains("failed (8.5.1"), "{text}");
}

/// Each line in `events` as the report prints it (the `event` macro, no neighbours).
fn event_lines(events: &[Value]) -> Vec<String> {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let ctx = with_lookups(json!({"state": st}), &rules.lookups());
    let calls: Vec<(&str, Vec<Value>)> =
        events.iter().map(|e| ("event", vec![e.clone()])).collect();
    Templates::new(None)
        .call_macros("the-lost-cause/events.txt", &ctx, &calls)
        .unwrap()
}

/// 5.1 (Broadsheet cards), 13.8.3: lines a play-tester found citing no rule, or not the rule
/// of the card that acts. Friction of War making a Directed action Conditional cited none; its
/// cancelling a Conditional one cited only 6.0 (Conditional actions are subject to Broadsheet
/// cards), not the card's own rule; the Rebel Yell re-roll cited none; Knoxville's +1 for
/// Railroads cited none, where Decatur's reads "(Decatur, 13.8.2)".
#[test]
fn broadsheet_and_strategic_space_lines_cite_their_rules() {
    let railroads = json!({"drm": 1, "why": "Railroads with Knoxville Confederate"});
    let lines = event_lines(&[
        json!({"event": "friction"}),
        json!({"event": "ignored", "rule": "6.0", "what": "Friction of War cancels this Conditional action"}),
        json!({"event": "rebel_yell", "card": "A", "what": "Polk's Initiative Roll", "dice": [3],
               "result": 3, "against": 2, "versus": "above"}),
        json!({"event": "roll", "rule": "9.1.1", "what": "Polk's battle against the Army of the Gulf",
               "dice": [1], "drm": 1, "modifiers": [railroads.clone()], "result": 2, "against": 2,
               "versus": "below"}),
        json!({"event": "roll", "rule": "9.1.1", "what": "Polk's battle against the Army of the Gulf",
               "dice": [1], "drm": 2, "modifiers": [{"drm": 1, "why": "Polk's Battle DRM"}, railroads],
               "result": 3, "against": 2, "versus": "below"}),
    ]);
    assert_eq!(
        lines[0],
        "Friction of War (Broadsheet card, 5.1): this Directed action becomes Conditional (6.0)."
    );
    assert_eq!(
        lines[1],
        "Skipped: Friction of War (Broadsheet card, 5.1) cancels this Conditional action (6.0)."
    );
    assert!(
        lines[2].ends_with("(Broadsheet card A, 5.1)."),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("(Railroads with Knoxville Confederate, 13.8.3)"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains("Railroads with Knoxville Confederate (13.8.3) +1"),
        "{}",
        lines[4]
    );
}

/// 8.4: a branch read "The green army takes the Georgia, from Atlanta track", the track's
/// name run into the sentence; the name is set off in quotes, as one name.
#[test]
fn a_branch_sets_the_tracks_name_off() {
    let lines = event_lines(&[
        json!({"event": "branch", "rule": "8.4", "army": "green", "track": "atlanta-savannah"}),
    ]);
    assert_eq!(
        lines[0],
        "The green army takes the track \"Georgia, from Atlanta\" (8.4)."
    );
}

/// 5.1 with 6.0: Friction of War's lines in a report read "cancels this Conditional action"
/// and "this Directed action becomes Conditional" without saying which of the card's actions
/// they were. They name the card's line now (card 10: a Conditional Battle action in the
/// Mississippi theater, then a Directed Naval action), with its rule; the record keeps its
/// words.
#[test]
fn friction_of_war_names_the_action_it_cancels() {
    use crate::support::{game_at, read, stdout};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let demo = read(&root().join("games/the-lost-cause/examples/demo-game.yaml"));
    // Friction of War revealed, and card 10 next: it is played once the card in play is done.
    let game = game_at(d, "g.yaml", &demo, |st| {
        st["friction"] = json!(true);
        for stack in st["stacks"].as_object_mut().unwrap().values_mut() {
            stack.as_array_mut().unwrap().retain(|c| c != "10");
        }
        let pile = st["draw_pile"].as_array_mut().unwrap();
        pile.retain(|c| c != "10");
        pile.insert(0, json!("10"));
    });
    let game = game.to_str().unwrap();
    write(d, "o.yaml", "command: {switch: {theater: east}}\n");
    ok(d, &["play", game, "o.yaml", "--secrets", "g.yaml-secrets"]);
    let text = stdout(&ok(d, &["report", game]));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Skipped: Friction of War (Broadsheet card, 5.1) cancels the card's Conditional Battle action in the Mississippi theater (9.1, 6.0).",
        "Friction of War (Broadsheet card, 5.1): the card's Directed Naval action becomes Conditional (9.6, 6.0).",
    ] {
        assert!(flat.contains(want), "`{want}` not in\n{text}");
    }
    let recorded = read(&d.join("g.yaml"));
    assert!(
        recorded.contains("what: Friction of War cancels this Conditional action"),
        "the record keeps its words"
    );
    ok(d, &["verify", game]);
}

/// 5.1 with 6.0: a step that resumes a Confederate line paused inside it (a Command action
/// asking how to use it) showed that line's friction event when it paused, so the step's
/// friction events are the next lines'; one paused for Railroads before the line (16.8) has
/// not reached the line's own yet. Card 1's lines: Command (Directed), Command (Conditional),
/// War Effort (Directed).
#[test]
fn friction_of_war_names_the_lines_after_a_pause() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["card"] = json!("1");
    st["card_friction"] = json!(true);
    let events = || {
        vec![
            json!({"event": "ignored", "rule": "6.0", "what": "Friction of War cancels this Conditional action"}),
            json!({"event": "friction"}),
        ]
    };
    let named = |st: &Value| {
        let mut ev = events();
        rules
            .annotate_step(st, None, &mut json!(null), &mut ev)
            .unwrap();
        ev.iter()
            .map(|e| format!("{} ({})", e["action"], e["cites"]))
            .collect::<Vec<_>>()
    };
    st["cursor"] = json!({"step": "confederate", "line": 0});
    st["question"] = json!({"ask": "command", "symbol": "square"});
    assert_eq!(
        named(&st),
        [
            "\"Command action\" (\"10.0\")",
            "\"War Effort action\" (\"9.4\")"
        ]
    );
    st["cursor"] = json!({"step": "confederate", "line": 1});
    st["question"] = json!({"ask": "railroads", "line": 1});
    assert_eq!(
        named(&st),
        [
            "\"Command action\" (\"10.0\")",
            "\"War Effort action\" (\"9.4\")"
        ]
    );
}

/// 5.1 with 6.2.2: the Rebel Yell question after a natural 1 read as a tie ("3 against 3"),
/// where the roll is lost whatever its total (European Munitions winning ties, 16.4, does not
/// save it). The question says so, from the die the paused line drew; a natural 2 on two dice
/// the same; a roll that is no natural reads as it did.
#[test]
fn a_rebel_yell_question_after_a_natural_1_says_it_is_lost() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let detail = |roll: &str, result: &str, drawn: Value| {
        let mut st = setup.clone();
        st["question"] = json!({"ask": "reroll", "roll": roll, "result": result});
        st["task"] = json!({"answers": [], "drawn": drawn, "events_shown": 1});
        rules.awaiting(&st).unwrap().unwrap().detail.unwrap()
    };
    let battle = "Beauregard's battle against the Army of the Cumberland";
    let got = detail(battle, "3 against 3", json!([{"d6": [1]}]));
    assert_eq!(
        got,
        "Rebel Yell: re-roll Beauregard's battle against the Army of the Cumberland (a natural 1, lost as it stands whatever its total of 3 against 3, 6.2.2), or keep the result"
    );
    let got = detail("Morale Test", "4 against 4", json!([{"d6": [1, 1]}]));
    assert!(
        got.contains(
            "(a natural 2 on two dice, lost as it stands whatever its total of 4 against 4, 6.2.2)"
        ),
        "{got}"
    );
    let got = detail(battle, "3 against 3", json!([{"d6": [2]}]));
    assert_eq!(
        got,
        "Rebel Yell: re-roll Beauregard's battle against the Army of the Cumberland (3 against 3), or keep the result"
    );
}

/// 7.1 (with the 18.0 example): a Headline card's Mandatory line moving the ER/EP marker is a
/// Union action, but its line cited 9.5, the Confederate Diplomatic action. It cites 7.1 and
/// names the card; a passed Diplomatic roll's move (also after the Commerce Raider's return)
/// still cites 9.5, and the record keeps its rule.
#[test]
fn a_cards_move_of_european_recognition_cites_the_union_action() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let recognition = |from: i32, to: i32, emancipation: bool| {
        json!({"event": "recognition", "rule": "9.5", "from": from, "to": to,
               "emancipation": emancipation})
    };
    let diplomatic = json!({"event": "roll", "rule": "9.5", "what": "Diplomatic roll",
        "dice": [5], "drm": 0, "result": 5, "against": 1, "versus": "above"});
    let mut events = vec![
        json!({"event": "card_revealed", "card": "19", "kind": "headline", "year": 1862,
               "headline": "Lee Turned Back at Antietam; Lincoln Answers with Emancipation"}),
        recognition(2, 1, true),
        diplomatic.clone(),
        recognition(1, 2, true),
        diplomatic,
        json!({"event": "raider_returns", "rule": "9.7", "success": true}),
        recognition(2, 3, true),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    let lines = event_lines(&events);
    assert_eq!(
        lines[1],
        "European Recognition 2 -> 1: Headline card 19 (Emancipation Proclamation side, 7.1)."
    );
    assert_eq!(
        lines[3],
        "European Recognition 1 -> 2 (Emancipation Proclamation side, 9.5)."
    );
    assert_eq!(
        lines[6],
        "European Recognition 2 -> 3 (Emancipation Proclamation side, 9.5)."
    );
}

/// 6.0: a placement triangle for an army already in play is ignored; its line read "Skipped:
/// the brown army is already in play or gone (6.0)", naming neither the placement nor which
/// of the two it was. It names the card's placement and why (card 7 places the brown army at
/// Cairo and the green one at Louisville); the record keeps its words.
#[test]
fn a_skipped_placement_says_which_and_why() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["card"] = json!("7");
    st["removed"] = json!(["green"]);
    let skipped = |army: &str| {
        json!({"event": "ignored", "rule": "6.0",
               "what": format!("the {army} army is already in play or gone")})
    };
    let mut events = vec![skipped("brown"), skipped("green")];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    let lines = event_lines(&events);
    assert_eq!(
        lines[0],
        "Skipped: the card places the brown army at Cairo, but that army is already in play (6.0)."
    );
    assert_eq!(
        lines[1],
        "Skipped: the card places the green army at Louisville, but that army has left play for good (6.0)."
    );
    assert_eq!(
        events[0]["what"],
        "the brown army is already in play or gone"
    );
}

/// 16.0: a Resource marker named by a word that names none (`dragons`) was refused as "not in
/// the Available box", or "the Navy cannot put the dragons marker on Memphis", as if such a
/// marker existed. The error names the unknown word, the orders key, and the names taken.
#[test]
fn an_unknown_resource_name_is_refused_with_the_names_taken() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = root().join("games/the-lost-cause/examples/demo-game.yaml");
    let game = game.to_str().unwrap();
    for (orders, path, rule) in [
        (
            "command: {place: {resource: dragons, space: memphis}}\n",
            "command.place.resource",
            "10.2",
        ),
        (
            "command: {naval: {place: {resource: dragons, to: memphis}}}\n",
            "command.naval.place.resource",
            "10.3",
        ),
    ] {
        write(d, "o.yaml", orders);
        let err = fails(d, &["orders", game, "o.yaml"]);
        for want in [
            format!("(`{path}`): {rule}: no Resource marker is called `dragons` (16.0)"),
            "Coastal Forts, Commerce Raider, European Munitions, Forts, Gunboats, Ironclads, Railroads, Submarines or Torpedoes".into(),
        ] {
            assert!(err.contains(&want), "`{want}` not in {err}");
        }
    }
    // A known name that is merely not Available keeps its own refusal.
    write(
        d,
        "o.yaml",
        "command: {place: {resource: Forts, space: memphis}}\n",
    );
    let err = fails(d, &["orders", game, "o.yaml"]);
    assert!(!err.contains("no Resource marker is called"), "{err}");
}

/// 4.0, 6.3, 5.1: `show` left out the card in play, the lines of its sequence still to run,
/// and Friction of War, so a player answering a Command action could not see what the card
/// still held. It names the card and lists its lines in words from the one in progress, and
/// says where Friction of War acts.
#[test]
fn show_names_the_card_in_play_and_its_lines_still_to_run() {
    let game = root().join("games/the-lost-cause/examples/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let text = crate::support::stdout(&ok(dir.path(), &["show", game.to_str().unwrap()]));
    let want = "Card in play: Headline card 9, \"Scott Steps Down; Young McClellan to Command All the Armies\"\n\
        Still to run on it (the first is in progress):\n  \
        - a Conditional Command action (10.0)\n  \
        - a Directed War Effort action (9.4)\n  \
        - the Union Initiative check (11.0)\n";
    assert!(text.contains(want), "`{want}` not in\n{text}");
    assert!(!text.contains("Friction of War"), "{text}");
    // Card 7 at its first Union line, Friction of War acting on it, and a second one revealed.
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["card"] = json!("7");
    st["cursor"] = json!({"step": "union", "line": 0});
    st["card_friction"] = json!(true);
    st["friction"] = json!(true);
    let ctx = with_lookups(
        json!({"title": "show", "state": st, "awaiting": null}),
        &rules.lookups(),
    );
    let text = Templates::new(None)
        .render("the-lost-cause/show.txt", &ctx)
        .unwrap();
    for want in [
        "  - the brown army enters play at Cairo (6.0)\n",
        "  - the green army enters play at Louisville (6.0)\n",
        "Friction of War: acts on this card: its Conditional Confederate actions are cancelled and its Directed ones become Conditional (5.1, 6.0)\n",
        "Friction of War: revealed; it acts on the next Headline card (5.1, 6.0)\n",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
    let ids = ids(&rules.lookups());
    for line in text.lines() {
        assert_eq!(not_words(line, &ids), None, "{line}");
    }
}

/// 14.1, 14.3, 14.4, 14.5: a Year End phase's line says what its checks found, followed through the
/// step's events from the state before it; in seeded games each agrees with the state the
/// Year End line actually began from (the step replayed with its dice up to that line).
#[test]
fn year_end_phases_say_what_they_found_as_the_state_stood() {
    use std::cell::RefCell;
    let data = data();
    let mut checked = 0;
    crate::lost_cause::seeded_steps(&data, 0..12, 5, |s| {
        let crate::lost_cause::SeededStep {
            seed,
            step,
            before: st,
            orders,
            key,
            events,
            ..
        } = s;
        let year_ends: RefCell<Vec<tlc::state::State>> = RefCell::new(Vec::new());
        let mut replay = st.clone();
        tlc::month::run_until(
            &data,
            &mut replay,
            &mut KeyedDice::new(&key),
            vec![orders.clone()],
            |s| {
                if s.cursor == tlc::state::Cursor::YearEnd && s.task.events_shown == 0 {
                    year_ends.borrow_mut().push(s.clone());
                }
                false
            },
        )
        .unwrap();
        let mut events: Vec<Value> = events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        TheLostCause::annotate_step(&data, st, None, &mut json!(null), &mut events);
        let year_ends = year_ends.into_inner();
        let mut at = None;
        for e in &events {
            if e["event"] != "year_end_phase" {
                continue;
            }
            if e["rule"] == "14.1" {
                at = Some(at.map_or(0, |i| i + 1));
            }
            let (Some(i), Some(found)) = (at, e["found"].as_str()) else {
                continue;
            };
            let s = &year_ends[i];
            let want = match e["rule"].as_str().unwrap() {
                "14.1" if s.blockade >= 6 => "in box 6".to_string(),
                "14.1" => format!("in box {},", s.blockade),
                "14.4" => format!("European Recognition is in box {}", s.recognition),
                // 14.1 may have cost a morale point or two since the Year End began.
                "14.2" => {
                    let m = (0..=2)
                        .map(|lost| s.morale - lost)
                        .find(|m| found.contains(&format!("Confederate morale, {m},")))
                        .unwrap_or(s.morale);
                    format!("Confederate morale, {m},")
                }
                "14.3" if s.year >= 1865 => format!("{} was the war's last year", s.year),
                "14.3" => format!("from {} to {}", s.year, s.year + 1),
                _ => {
                    let c = serde_json::to_value(s.strategic["shenandoah-valley"]).unwrap();
                    match c.as_str().unwrap() {
                        "confederate" => "is Confederate controlled".to_string(),
                        "union" => "is Union controlled".to_string(),
                        _ => "is devastated".to_string(),
                    }
                }
            };
            assert!(
                found.contains(&want),
                "seed {seed} step {step}: `{want}` not in `{found}`"
            );
            if e["rule"] == "14.4" && s.armies.values().any(|a| a.invading) {
                assert!(found.contains("Northern Invasion space,"), "{found}");
            }
            checked += 1;
        }
    });
    assert!(checked > 50, "only {checked} phases checked");
}

/// 9.2.2: a Raid's Recalled result on an army already at its Base said nothing of it staying
/// when the same army retreated from a battle cards later in the step: the search for its
/// move ran on to the next raid. Only the events that carry the result out count.
#[test]
fn a_recall_that_moves_nothing_says_so_whatever_comes_later_in_the_step() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let raid = json!({"event": "raid", "rule": "9.2", "army": "blue", "die": 6, "drm": 0,
                      "result": "recalled"});
    let later = json!([
        {"event": "initiative_removed", "rule": "9.2.3", "army": "blue", "markers": 1},
        {"event": "card_revealed", "card": "23", "kind": "headline", "year": 1864, "headline": "x"},
        {"event": "battle", "rule": "9.1.1", "leader": "lee", "army": "blue", "result": "above"},
        {"event": "retreated", "rule": "9.1.1", "army": "blue", "from": "manassas", "to": "washington-dc"},
    ]);
    let ctx = with_lookups(json!({"state": st}), &rules.lookups());
    let lines = Templates::new(None)
        .call_macros(
            "the-lost-cause/events.txt",
            &ctx,
            &[("event", vec![raid, Value::Null, later])],
        )
        .unwrap();
    assert_eq!(
        lines[0],
        "Raid against the blue army: rolled 6: it is recalled (9.2). The blue army is at its Base already, so it stays."
    );
}

/// 16.8: the Railroads question before a card's Confederate action read "before the card's
/// Confederate action 2", a number the player had to count out on the card; it names the
/// action (card 9: a Conditional Command action, then a Directed War Effort action).
#[test]
fn the_railroads_question_names_the_action_it_comes_before() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["card"] = json!("9");
    st["cursor"] = json!({"step": "confederate", "line": 1});
    st["question"] = json!({"ask": "railroads", "line": 1});
    let got = rules.awaiting(&st).unwrap().unwrap().detail.unwrap();
    let want = "16.8 Railroads, before the card's Confederate action 2, a Directed War Effort action (9.4): spend them";
    assert!(got.contains(want), "`{want}` not in `{got}`");
}

/// 6.1: a card's line for an army not in play read "Skipped: the green army is not in play",
/// without saying which of the card's lines was skipped. It names the line (card 8: the blue
/// army's Conditional action at -1, then the green army's Conditional action).
#[test]
fn a_skipped_army_line_names_the_line() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let mut events = vec![
        json!({"event": "card_revealed", "card": "8", "kind": "headline", "year": 1861,
               "headline": "Disaster at Ball's Bluff: Senator Baker Among the Dead"}),
        json!({"event": "ignored", "rule": "6.1", "what": "the green army is not in play"}),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    assert_eq!(
        event_lines(&events)[1],
        "Skipped: the green army's Conditional action (7.1, 7.3): that army is not in play (6.1)."
    );
}

/// 9.1.2 (RULINGS L10): a leader lost with the Leader Cup empty read "No leader is left for
/// the West command of A.S. Johnston", as if the command were his to keep. It says the
/// command stays empty, and why.
#[test]
fn an_empty_command_says_it_stays_empty_and_why() {
    let lines = event_lines(&[json!({"event": "leader_called_up", "rule": "9.1.2",
        "theater": "west", "leader": null, "replaced": "as-johnston"})]);
    assert_eq!(
        lines[0],
        "The West command stays empty after A.S. Johnston: no leader is left in the Leader Cup (9.1.2)."
    );
}

/// 14.5: with the Shenandoah Valley Confederate controlled, the Domestic phase's line said "a
/// Resource marker is drawn" even when the draw then found the Resource Cup empty (the skip
/// line after it corrected it). It says the cup is empty where the draw finds it so, and that
/// a marker is drawn where one is.
#[test]
fn a_domestic_phase_with_an_empty_resource_cup_says_so() {
    let data = data();
    let (mut st, _) = TheLostCause::setup(&data);
    st.strategic.insert(
        "shenandoah-valley".into(),
        serde_json::from_value(json!("confederate")).unwrap(),
    );
    let phase = json!({"event": "year_end_phase", "rule": "14.5", "phase": "Domestic"});
    let found = |after: Value| {
        let mut events = vec![phase.clone(), after];
        TheLostCause::annotate_step(&data, &st, None, &mut json!(null), &mut events);
        event_lines(&events[..1]).join("\n")
    };
    let empty =
        found(json!({"event": "ignored", "rule": "14.5", "what": "the Resource Cup is empty"}));
    assert!(
        empty.contains("so a Resource marker would be drawn, but the Resource Cup is empty"),
        "{empty}"
    );
    let drawn = found(json!({"event": "resource_drawn", "rule": "14.5", "resource": "forts-1"}));
    assert!(drawn.contains("so a Resource marker is drawn;"), "{drawn}");
}

/// Each line in `events` as the report prints it, with the event before it (`prev`) and the
/// events after it (`following`), as the reports call the macro.
fn step_lines(events: &[Value]) -> Vec<String> {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let ctx = with_lookups(json!({"state": st}), &rules.lookups());
    Templates::new(None)
        .call_macros(
            "the-lost-cause/events.txt",
            &ctx,
            &crate::support::event_calls(events),
        )
        .unwrap()
}

/// 7.1: a Headline card's line that flips a Union army to another face (card 26: the brown
/// army becomes the Army of the Tennessee on its riverine side) is a Union army action, but
/// its line cited 6.0, the kinds of action in general. It cites 7.1; the record keeps its
/// rule.
#[test]
fn a_cards_flip_of_an_army_cites_the_union_army_action() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let mut events = vec![
        json!({"event": "card_revealed", "card": "26", "kind": "headline", "year": 1863,
               "headline": "Van Dorn Burns Holly Springs; Grant Takes His Army to the River"}),
        json!({"event": "flipped", "rule": "6.0", "army": "brown",
               "form": "army-of-the-tennessee-riverine"}),
        json!({"event": "flipped", "rule": "8.9", "army": "yellow",
               "form": "army-of-the-potomac-peninsula"}),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    let lines = event_lines(&events);
    assert_eq!(
        lines[1],
        "The brown army becomes the Army of the Tennessee (riverine) (7.1)."
    );
    assert!(lines[2].ends_with("(8.9)."), "{}", lines[2]);
    let show = adjutant::games::the_lost_cause::card_lines::card_lines(&data());
    let line = show["26"]["union"][0].as_str().unwrap();
    assert!(line.ends_with("(7.1)"), "{line}");
}

/// 5.1, 6.2 (RULINGS L7): a Directed Leader Shuffle that Friction of War made Conditional
/// rolls against the National Military Advisor's Administrative Value, and its roll cited only
/// 6.2. It cites the action's rule (9.8), the card that made it Conditional (5.1) and the
/// ruling that sets the value rolled against (card 24's first Confederate line).
#[test]
fn a_friction_roll_cites_the_action_the_card_and_the_ruling() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["card"] = json!("24");
    st["card_friction"] = json!(true);
    st["cursor"] = json!({"step": "confederate", "line": 0});
    st["question"] = Value::Null;
    let mut events = vec![
        json!({"event": "friction"}),
        json!({"event": "roll", "rule": "6.2", "what": "Lee's Administrative roll", "dice": [3],
               "drm": 0, "result": 3, "against": 2, "versus": "above"}),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    let lines = event_lines(&events);
    assert_eq!(
        lines[1],
        "Lee's Administrative roll: rolled 3, which beats 2: passed (6.2, 9.8, 5.1, RULINGS L7)."
    );
    assert_eq!(events[1]["rule"], "6.2", "the copy keeps the roll's rule");
    // A card's own Conditional lines roll the same way, without the card: a Conditional War
    // Effort, then after a Conditional Battle a Conditional Diplomatic action.
    let data = super::lost_cause::data_with(&[json!({"id": "T1", "year": 1862,
        "kind": "headline", "headline": "test card", "confederate": [
            {"do": "war_effort", "symbol": "square"},
            {"do": "battle", "theater": "east", "symbol": "square"},
            {"do": "diplomatic", "symbol": "square"}]})]);
    let (st, _) = TheLostCause::setup(&data);
    let admin = json!({"event": "roll", "rule": "6.2", "what": "Lee's Administrative roll",
        "dice": [2], "drm": 0, "result": 2, "against": 2, "versus": "equal"});
    let mut events = vec![
        json!({"event": "card_revealed", "card": "T1", "kind": "headline", "year": 1862,
               "headline": "test card"}),
        admin.clone(),
        json!({"event": "roll", "rule": "7.1", "what": "Lee's Initiative Roll", "dice": [1],
               "drm": 0, "result": 1, "against": 2, "versus": "below"}),
        admin,
    ];
    TheLostCause::annotate_step(&data, &st, None, &mut json!(null), &mut events);
    let lines = event_lines(&events);
    assert!(
        lines[1].ends_with("(6.2, 6.2.1, 9.4, RULINGS L7)."),
        "{}",
        lines[1]
    );
    assert!(
        lines[3].ends_with("(6.2, 6.2.1, 9.5, RULINGS L7)."),
        "{}",
        lines[3]
    );
}

/// 14.3: the Year Marker phase's line read "Year End: Year Marker (14.3).", saying nothing of
/// what the phase did. It says where the Year marker went, and the line after says what
/// arrived for the new year; at the end of the last year it says the war ends there.
#[test]
fn the_year_marker_line_says_where_the_marker_went() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["year"] = json!(1862);
    let phase = json!({"event": "year_end_phase", "rule": "14.3", "phase": "Year Marker"});
    let mut events = vec![
        phase.clone(),
        json!({"event": "year_advanced", "year": 1863, "leaders": ["hood"],
               "resources": ["ironclads-1", "submarines"]}),
        json!({"event": "year_end_phase", "rule": "14.4", "phase": "International"}),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    let lines = step_lines(&events);
    assert_eq!(
        lines[0],
        "Year End: Year Marker: the Year marker advances from 1862 to 1863 (14.3)."
    );
    assert_eq!(
        lines[1],
        "Arriving in 1863: Hood goes into the Leader Cup; the Ironclads and Submarines markers go into the Resource Cup (14.3)."
    );
    let mut events = vec![
        phase.clone(),
        json!({"event": "year_advanced", "year": 1864, "leaders": [], "resources": []}),
    ];
    st["year"] = json!(1863);
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    assert_eq!(
        step_lines(&events)[1],
        "No Confederate leader or Resource arrives in 1864 (14.3)."
    );
    st["year"] = json!(1865);
    let mut events = vec![phase];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    assert_eq!(
        step_lines(&events)[0],
        "Year End: Year Marker: 1865 was the war's last year, so the marker goes no further and the war ends (14.3)."
    );
}

/// 9.1.1, 9.2.3: the Initiative markers a Confederate success takes off read "1 Initiative
/// marker taken off the green army", a sentence with no verb that opens on a numeral. It says
/// which markers go: every one on the army.
#[test]
fn initiative_markers_taken_off_read_as_a_sentence() {
    let removed = |n: u32| json!({"event": "initiative_removed", "rule": "9.1.1", "army": "green", "markers": n});
    let lines = event_lines(&[removed(1), removed(2)]);
    assert_eq!(
        lines[0],
        "The Initiative marker on the green army is taken off (9.1.1)."
    );
    assert_eq!(
        lines[1],
        "Both Initiative markers on the green army are taken off (9.1.1)."
    );
    let lines = event_lines(&[removed(3)]);
    assert_eq!(
        lines[0],
        "All 3 Initiative markers on the green army are taken off (9.1.1)."
    );
}

/// 5.1 (RULINGS L6): a step that only kept a roll Rebel Yell could have re-rolled, with
/// nothing after it, read "The position is unchanged.", as if the decision had done nothing.
/// It says the roll stands and the card stays in hand for later.
#[test]
fn keeping_a_roll_says_rebel_yell_stays_in_hand() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let ctx = with_lookups(json!({"state": st}), &rules.lookups());
    let lines = Templates::new(None)
        .call_macros(
            "the-lost-cause/events.txt",
            &ctx,
            &[("quiet", vec![json!({"orders": {"reroll": false}})])],
        )
        .unwrap();
    assert_eq!(
        lines[0],
        "The roll stands, and the Rebel Yell card stays in hand for later (5.1)."
    );
}

/// 16.1: whether a used Resource marker goes back into the Resource Cup or is set aside is
/// 16.1's "X" rule, but the line cited only the marker's own rule ("The Forts marker goes back
/// into the Resource Cup (16.5)."). It cites 16.1 beside it.
#[test]
fn a_used_resource_cites_the_x_marker_rule() {
    let removed = |resource: &str, rule: &str, to_cup: bool| json!({"event": "resource_removed", "rule": rule, "resource": resource, "to_cup": to_cup});
    let lines = event_lines(&[
        removed("forts-1", "16.5", true),
        removed("railroads-1", "16.8", false),
        removed("railroads-1", "16.1", false),
    ]);
    assert_eq!(
        lines[0],
        "The Forts marker goes back into the Resource Cup (16.5, 16.1)."
    );
    assert_eq!(
        lines[1],
        "The Railroads marker is used up and set aside (16.8, 16.1)."
    );
    assert_eq!(
        lines[2],
        "The Railroads marker is used up and set aside (16.1)."
    );
}

/// 14.2: the Election phase's line read "Year End: Election of 1864 (14.2).", saying nothing
/// the lines after it do not. It says what the North rolls against: Confederate morale as
/// it stands then, after the Blockade's loss earlier in the step.
#[test]
fn the_election_line_says_what_the_north_rolls_against() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["year"] = json!(1864);
    st["morale"] = json!(4);
    let mut events = vec![
        json!({"event": "year_end_phase", "rule": "14.1", "phase": "Union Blockade Effects"}),
        json!({"event": "morale", "rule": "14.1", "from": 4, "to": 3, "why": "the Blockade is complete"}),
        json!({"event": "year_end_phase", "rule": "14.2", "phase": "Election of 1864"}),
    ];
    rules
        .annotate_step(&st, None, &mut json!(null), &mut events)
        .unwrap();
    assert_eq!(
        event_lines(&events)[2],
        "Year End: Election of 1864: Lincoln stands for re-election, and the North must roll more than Confederate morale, 3, on two dice (14.2)."
    );
}

/// 8.9, 13.8.4: two spaces are named like regions, and read wrong without their article:
/// "The yellow army marches from Fortress Monroe to Peninsula", "Shenandoah Valley is now
/// Union controlled", "spend them to stop the yellow army's march into Peninsula?". The
/// report and the Torpedoes question say "the Peninsula" and "the Shenandoah Valley"; the
/// record keeps its words.
#[test]
fn the_peninsula_and_the_valley_read_with_their_article() {
    let lines = event_lines(&[
        json!({"event": "marched", "rule": "7.3", "army": "yellow", "from": "fortress-monroe",
               "to": "peninsula"}),
        json!({"event": "strategic_control", "rule": "13.8.1", "space": "shenandoah-valley",
               "control": "union"}),
        json!({"event": "torpedoes", "resource": "torpedoes-1",
               "stopped": "the yellow army's march into Peninsula"}),
        json!({"event": "strategic_control", "rule": "13.8.1", "space": "decatur",
               "control": "union"}),
    ]);
    assert_eq!(
        lines[0],
        "The yellow army marches from Fortress Monroe to the Peninsula (7.3)."
    );
    assert_eq!(
        lines[1],
        "The Shenandoah Valley is now Union controlled (13.8.1)."
    );
    assert!(
        lines[2].contains("stops the yellow army's march into the Peninsula (16.10)."),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "Decatur is now Union controlled (13.8.1).");
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["question"] = json!({"ask": "torpedoes", "what": "the yellow army's march into Peninsula"});
    let got = rules.awaiting(&st).unwrap().unwrap().detail.unwrap();
    assert!(
        got.contains("stop the yellow army's march into the Peninsula?"),
        "{got}"
    );
}

/// 9.4, 14.5: a draw from an empty Resource Cup read "Skipped: the Resource Cup is empty", a
/// reason where the thing skipped belongs. It names the draw; the record keeps its words.
#[test]
fn an_empty_cup_names_the_draw_it_skips() {
    let lines = event_lines(&[
        json!({"event": "ignored", "rule": "14.5", "what": "the Resource Cup is empty"}),
    ]);
    assert_eq!(
        lines[0],
        "Skipped: the Resource marker draw, as the Resource Cup is empty (14.5)."
    );
}

/// 7.1 with 7.3 #1: a Headline card's Union line that disrupts an army places a Disruption
/// marker, a Union Army action on the card (7.1); 7.3 #1 is what the marker does at the army's
/// next activation. The card's line (`show`) and the report's line cited 7.3, the activation
/// list, though no activation happens then. Both now cite 7.1 and 7.3 #1; the record keeps its
/// rule, and a Raid's disruption still cites the table's rule.
#[test]
fn a_cards_disruption_cites_the_card_action_and_the_marker() {
    let lines = event_lines(&[
        json!({"event": "disrupted", "rule": "7.3", "army": "blue"}),
        json!({"event": "disrupted", "rule": "10.5", "army": "blue"}),
    ]);
    assert_eq!(lines[0], "The blue army is disrupted (7.1, 7.3 #1).");
    assert_eq!(lines[1], "The blue army is disrupted (10.5).");
    let cards = tlc::card_lines::card_lines(&data());
    assert_eq!(
        cards["12"]["union"][0],
        "the blue army is disrupted (7.1, 7.3 #1)"
    );
}

/// 7.3 #1: an activated army with a Disruption marker does not move and removes it, the
/// first entry of the activation list; the line cited the whole list (7.3). The record keeps
/// its rule.
#[test]
fn a_recovery_cites_the_first_entry_of_the_activation_list() {
    let lines = event_lines(&[json!({"event": "recovered", "rule": "7.3", "army": "blue"})]);
    assert_eq!(
        lines[0],
        "The blue army recovers from its disruption (7.3 #1)."
    );
}

/// 6.2.1: a Conditional action whose roll fails is not taken, and the report showed the
/// failed roll and then nothing of the action the player had just ordered (a Command to place
/// Forts, then the next card), leaving a forum reader to guess. A failed Administrative roll
/// (a Command's, 10.0, or a card line's, 6.2) or Naval roll (9.6) says the action is not
/// carried out, a failed Initiative Roll before a battle (9.1) that no battle is fought; a
/// passed roll, a Union army's roll and a roll the player may still re-roll with Rebel Yell
/// (the step ends asking, 5.1) say nothing more.
#[test]
fn a_failed_conditional_roll_says_the_action_is_not_carried_out() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    st["cursor"] = json!({"step": "confederate", "line": 0});
    st["question"] = Value::Null;
    let roll = |rule: &str, what: &str, die: i32, versus: &str| {
        json!({"event": "roll", "rule": rule, "what": what, "dice": [die], "drm": 0,
               "result": die, "against": 2, "versus": versus})
    };
    let admin = "Lee's Administrative roll";
    let mut events = vec![
        roll("10.0", admin, 2, "equal"),
        roll("10.0", admin, 1, "below"),
        roll("10.0", admin, 5, "above"),
        roll("6.2", admin, 2, "equal"),
        roll(
            "9.6",
            "Naval roll against Lee's Administrative Value",
            1,
            "below",
        ),
        roll("7.1", "Army of the Potomac Initiative Roll", 1, "below"),
        roll("9.1", "Bragg's Initiative Roll", 2, "equal"),
    ];
    let after = st.clone();
    rules
        .annotate_step(&st, Some(&after), &mut json!(null), &mut events)
        .unwrap();
    let lines = event_lines(&events);
    let not_taken = ", so the action is not carried out (";
    assert_eq!(
        lines[0],
        "Lee's Administrative roll: rolled 2, which only equals 2: failed, so the action is not carried out (10.0, 6.2.1)."
    );
    assert_eq!(
        lines[1],
        "Lee's Administrative roll: rolled 1, which falls short of 2: failed, so the action is not carried out (10.0)."
    );
    assert_eq!(
        lines[2],
        "Lee's Administrative roll: rolled 5, which beats 2: passed (10.0)."
    );
    assert!(
        lines[3].contains(&format!("failed{not_taken}6.2, 6.2.1")),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains(&format!("failed{not_taken}9.6)")),
        "{}",
        lines[4]
    );
    assert!(lines[5].ends_with("failed (7.1)."), "{}", lines[5]);
    assert_eq!(
        lines[6],
        "Bragg's Initiative Roll: rolled 2, which only equals 2: failed, so no battle is fought (9.1, 6.2.1)."
    );
    assert_eq!(events[0]["rule"], "10.0", "the copy keeps the roll's rule");
    // The step that ends asking whether to re-roll, or whose state after is not known.
    let mut asking = after.clone();
    asking["question"] = json!({"ask": "reroll", "roll": admin, "result": "2 against 2"});
    for after in [Some(&asking), None] {
        let mut events = vec![roll("10.0", admin, 2, "equal")];
        rules
            .annotate_step(&st, after, &mut json!(null), &mut events)
            .unwrap();
        assert_eq!(
            event_lines(&events)[0],
            "Lee's Administrative roll: rolled 2, which only equals 2: failed (10.0, 6.2.1).",
            "after: {after:?}"
        );
    }
}

/// 5.1 with 6.2.1: a Rebel Yell re-roll of a Conditional roll that fails again read "...
/// which only equals 2: failed (Broadsheet card A, 5.1)" and no more, where the first roll's
/// line, had there been no card to re-roll it with, says the battle or the action is lost. A
/// re-rolled battle roll, a pass and a natural 6 say nothing more.
#[test]
fn a_failed_rebel_yell_reroll_says_what_is_lost() {
    let yell = |what: &str, die: i32, versus: &str| {
        json!({"event": "rebel_yell", "card": "A", "what": what, "dice": [die], "result": die,
               "against": 2, "versus": versus})
    };
    let lines = event_lines(&[
        yell("J.E. Johnston's Initiative Roll", 2, "equal"),
        yell("Lee's Administrative roll", 1, "below"),
        yell("Naval roll against Lee's Administrative Value", 2, "equal"),
        yell("J.E. Johnston's Initiative Roll", 5, "above"),
        yell("Polk's battle against the Army of the Gulf", 1, "below"),
    ]);
    assert_eq!(
        lines[0],
        "Rebel Yell! J.E. Johnston's Initiative Roll re-rolled: 2, no modifiers, which only equals 2: failed, so no battle is fought (Broadsheet card A, 5.1)."
    );
    assert!(
        lines[1].ends_with("failed, so the action is not carried out (Broadsheet card A, 5.1)."),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with("failed, so the action is not carried out (Broadsheet card A, 5.1)."),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].ends_with("passed (Broadsheet card A, 5.1)."),
        "{}",
        lines[3]
    );
    assert!(!lines[4].contains("so no battle"), "{}", lines[4]);
}

/// 10.5 and 9.2: a Diversionary Campaign (or a Raid) whose roll disrupts its target said so
/// twice: "rolled 3: it is disrupted (10.5)" and then "The blue army is disrupted (10.5)". The
/// line after the roll says what the result puts on the army, a Disruption marker (another,
/// where it carried one); a card's disruption with no roll before it reads as before.
#[test]
fn a_diversions_disruption_is_said_once_with_its_marker() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (st, _) = rules.setup().unwrap();
    let lines = |events: Vec<Value>| {
        let mut events = events;
        rules
            .annotate_step(&st, None, &mut json!(null), &mut events)
            .unwrap();
        event_lines(&events)
    };
    let roll = |result: &str| json!({"event": "raid", "rule": "10.5", "army": "blue", "die": 3, "drm": 0, "result": result});
    let disrupted = json!({"event": "disrupted", "rule": "10.5", "army": "blue"});
    let once = lines(vec![roll("disrupted"), disrupted.clone()]);
    assert!(
        once[0].ends_with("rolled 3: it is disrupted (10.5)."),
        "{once:?}"
    );
    assert_eq!(once[1], "The blue army takes a Disruption marker (10.5).");
    let twice = lines(vec![
        roll("disrupted"),
        disrupted.clone(),
        roll("disrupted"),
        disrupted.clone(),
    ]);
    assert_eq!(
        twice[3],
        "The blue army takes another Disruption marker: it now carries 2, each removed by one activation (10.5)."
    );
    let card = lines(vec![
        json!({"event": "disrupted", "rule": "7.3", "army": "blue"}),
    ]);
    assert_eq!(card[0], "The blue army is disrupted (7.1, 7.3 #1).");
}

/// The report of one step with `orders` and `events`, annotated from `before` as the report
/// annotates it, rendered by the built-in text template.
fn annotated_report(before: &tlc::state::State, orders: Value, events: Vec<Value>) -> String {
    let data = data();
    let lookups = TheLostCause::lookups(&data);
    let mut orders = orders;
    let mut events = events;
    TheLostCause::annotate_step(&data, before, None, &mut orders, &mut events);
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": orders, "events": events, "rolls": []}]);
    report_text(&steps, before, &lookups)
}

/// 9.1.2, 14.5 (found at the table): an empty Cup gave two lines that said the same thing: the
/// skipped draw ("Skipped: calling up a new commander, as the Leader Cup is empty") and then
/// the empty command ("... stays empty after A.S. Johnston: no leader is left in the Leader
/// Cup"); the Domestic phase's line ("... but the Resource Cup is empty") and then the skipped
/// draw. Each empty Cup is said once; the record keeps both events.
#[test]
fn an_empty_cup_is_said_once() {
    let (st, _) = TheLostCause::setup(&data());
    let text = annotated_report(
        &st,
        json!({}),
        vec![
            json!({"event": "ignored", "rule": "9.1.2", "what": "the Leader Cup is empty"}),
            json!({"event": "leader_called_up", "rule": "9.1.2", "theater": "west",
                   "leader": null, "replaced": "as-johnston"}),
        ],
    );
    assert_eq!(text.matches("Leader Cup").count(), 1, "{text}");
    assert!(
        text.contains("The West command stays empty after A.S. Johnston: no leader is left in the Leader Cup (9.1.2)."),
        "{text}"
    );
    let mut st = st;
    st.strategic.insert(
        "shenandoah-valley".into(),
        serde_json::from_value(json!("confederate")).unwrap(),
    );
    let text = annotated_report(
        &st,
        json!({}),
        vec![
            json!({"event": "year_end_phase", "rule": "14.5", "phase": "Domestic"}),
            json!({"event": "ignored", "rule": "14.5", "what": "the Resource Cup is empty"}),
        ],
    );
    assert_eq!(text.matches("Resource Cup is empty").count(), 1, "{text}");
}

/// 12.0 (found at the table): a morale line read "the Union took key spaces" where one key
/// space changed hands. The line names the spaces that changed hands, "a key space" for one,
/// read from the state before the step and the spaces the record says the Union holds after
/// it (or, in editions whose record does not say, the state after the step); the record keeps
/// its words.
#[test]
fn a_key_space_taken_is_named_in_the_singular() {
    let (st, _) = TheLostCause::setup(&data());
    let took = |holds: Value| {
        annotated_report(
            &st,
            json!({}),
            vec![
                json!({"event": "morale", "rule": "12.0", "from": 10, "to": 9,
                        "why": "the Union took key spaces", "holds": holds}),
            ],
        )
    };
    let one = took(json!(["chattanooga"]));
    assert!(
        one.contains("Confederate morale 10 -> 9: the Union took Chattanooga, a key space, and holds no other (12.0)."),
        "{one}"
    );
    assert!(!one.contains("key spaces"), "{one}");
    let two = took(json!(["chattanooga", "memphis"]));
    assert!(
        two.contains(
            "the Union took Chattanooga and Memphis, key spaces, and holds no other (12.0)."
        ),
        "{two}"
    );
    // A space held before is named as held still, and those taken are not named twice.
    let mut holding = st.clone();
    holding.held.insert("mobile".into());
    let three = annotated_report(
        &holding,
        json!({}),
        vec![
            json!({"event": "morale", "rule": "12.0", "from": 10, "to": 9,
                     "why": "the Union took key spaces", "holds": ["chattanooga", "memphis", "mobile"]}),
        ],
    );
    assert!(
        three.contains(
            "the Union took Chattanooga and Memphis, key spaces; it also holds Mobile (12.0)."
        ),
        "{three}"
    );
}

/// 9.6 (found at the table): a Naval action ordered as `naval: pass` rolls, and a passed roll
/// was followed by nothing, so the report did not say why no marker moved. The roll's line
/// says the orders chose to do nothing.
#[test]
fn a_passed_naval_roll_with_naval_pass_says_so() {
    let (st, _) = TheLostCause::setup(&data());
    let roll = json!({"event": "roll", "rule": "9.6",
        "what": "Naval roll against Lee's Administrative Value", "dice": [5], "drm": 0,
        "result": 5, "against": 2, "versus": "above"});
    for orders in [
        json!({"naval": "pass"}),
        json!({"command": {"naval": "pass"}}),
    ] {
        let text = annotated_report(&st, orders.clone(), vec![roll.clone()]);
        assert!(
            text.contains("which beats 2: passed, but the orders pass (`naval: pass`): the Navy places and moves nothing (9.6)."),
            "{orders}: {text}"
        );
    }
}

/// 9.2 (found at the table): a card's Raid line read "a Directed Raid action (9.2)", in
/// `show` and in the questions that name a card's line, without the theater the card limits it
/// to or the results the card lists for the die, which decide what the raid does (9.2: a roll
/// the card does not list has no effect). The line says both.
#[test]
fn a_cards_raid_line_says_its_results() {
    let cards = tlc::card_lines::card_lines(&data());
    let line = cards["20"]["confederate"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|l| l.contains("Raid"))
        .unwrap()
        .to_string();
    assert_eq!(
        line,
        "a Directed Raid action against a Union army in the East theater: on 4 or 5 it retreats, on 6 it is recalled, on any other roll no effect (9.2, 9.2.1, 9.2.2)"
    );
    let cards26 = cards["26"]["confederate"].to_string();
    assert!(
        cards26.contains("Raid action against a Union army in the Mississippi theater: on 4 it retreats, on 5 or 6 it is recalled,"),
        "{cards26}"
    );
}

/// 7.1, 16.10 (found at the table): card 48 activates the green army on two lines. Torpedoes
/// stopped its first march and the second line marched it, but the report went from "A
/// Torpedoes marker stops the green army's march into Savannah" straight to "The green army
/// marches ... to Savannah", as if the stop had failed. The march's line says it is the card's
/// second line for that army, the first having been stopped. The army is read from the card's
/// line the step re-runs, not from the words of the stop: whatever they say (the army by its
/// face's name here), the line is the same.
#[test]
fn a_march_after_torpedoes_says_it_is_the_cards_next_line() {
    let (st, _) = TheLostCause::setup(&data());
    let mut v = serde_json::to_value(&st).unwrap();
    v["card"] = json!("48");
    v["cursor"] = json!({"step": "union", "line": 1});
    v["question"] = json!({"ask": "torpedoes", "what": "the green army's march into Savannah"});
    let before: tlc::state::State = serde_json::from_value(v).unwrap();
    for stopped in [
        "the green army's march into Savannah",
        "the Army of the Cumberland's march into Savannah",
    ] {
        let text = annotated_report(
            &before,
            json!({"torpedoes": true}),
            vec![
                json!({"event": "torpedoes", "resource": "torpedoes-1", "stopped": stopped}),
                json!({"event": "marched", "rule": "7.3", "army": "green", "from": "atlanta", "to": "savannah"}),
            ],
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("The green army marches from Atlanta to Savannah on the card's second line for it, Torpedoes having stopped the march of the line before (7.1, 7.3)."),
            "{stopped}: {text}"
        );
    }
}

/// 13.8.4 (found playing a whole game through the command line): the -1 to an Eastern
/// Initiative Roll while the Union holds the Shenandoah Valley read "(the Union holds the
/// Shenandoah Valley)" with no rule, where Decatur's +1 to a Raid cites 13.8.2 and
/// Knoxville's +1 for Railroads 13.8.3. It cites 13.8.4.
#[test]
fn the_shenandoah_valleys_initiative_penalty_cites_its_rule() {
    let (st, _) = TheLostCause::setup(&data());
    let text = annotated_report(
        &st,
        json!({}),
        vec![json!({"event": "roll", "rule": "9.1",
            "what": "A.S. Johnston's Initiative Roll", "dice": [5], "drm": -1,
            "modifiers": [{"drm": -1, "why": "the Union holds the Shenandoah Valley"}],
            "result": 4, "against": 2, "versus": "above"})],
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "rolled 5 -1 (the Union holds the Shenandoah Valley, 13.8.4) = 4, which beats 2"
        ),
        "{text}"
    );
}
