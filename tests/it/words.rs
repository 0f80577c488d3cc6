//! Every event and every order of every game reads as words, in every report format and in
//! `show`: one sample of each kind the rules define (checked against the types in the game's
//! `events.rs` and `orders.rs`, so a new kind without its words fails here), rendered through
//! the shipped templates, and no line may show a raw value, a field name or an id where a
//! name belongs.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use crate::support::*;

/// One game's samples for `assert_told_in_words`.
struct Samples<'a> {
    /// The game's name: its templates folder and its name in the registry.
    game: &'a str,
    /// Its module under `src/games/`.
    module: &'a str,
    /// At least one event of every kind.
    events: Value,
    /// Orders that together name every variant and field of `orders_types`.
    orders: Vec<Value>,
    /// Types of `orders.rs` (`struct Orders`, `enum Action`) whose every field or variant the
    /// orders samples must name.
    orders_types: &'a [&'a str],
    /// The state the report ends with and `show` shows: the setup, changed to hold more.
    state: fn(&mut Value),
    /// Lookups (id to name) whose ids must never show where their names belong.
    named: &'a [&'a str],
    /// Words each report must hold, to show the samples were rendered and not skipped.
    says: &'a [&'a str],
}

/// The fields of a struct or the variants of an enum, snake_case, read from the source:
/// `decl` is `struct Orders` or `enum Event`.
fn members(path: &str, decl: &str) -> Vec<String> {
    let source = read(&root().join(path));
    let head = format!("{decl} {{");
    let start = source
        .find(&head)
        .unwrap_or_else(|| panic!("no `{head}` in {path}"));
    let body = &source[start..];
    let body = &body[..body.find("\n}\n").unwrap()];
    body.lines()
        .filter_map(|l| {
            let t = l.strip_prefix("    ")?;
            if t.starts_with(' ') {
                return None;
            }
            if decl.starts_with("struct") {
                let field = t.strip_prefix("pub ")?.split(':').next()?;
                return Some(field.to_string());
            }
            let first = t.chars().next()?;
            first.is_ascii_uppercase().then(|| {
                let name = t.split([' ', ',', '{', '(']).next().unwrap();
                snake(name)
            })
        })
        .collect()
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Every object key and string in a value.
fn names_in(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.insert(k.clone());
                names_in(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| names_in(x, out)),
        Value::String(s) => {
            out.insert(s.clone());
        }
        _ => {}
    }
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

/// What in `line` is a raw value rather than words, if anything.
fn raw_in(line: &str, field_names: &BTreeSet<String>) -> Option<String> {
    // The templates' own fallback for a kind they have no line for.
    if line.contains("has no words for") {
        return Some("the fallback for a kind with no words".into());
    }
    for pat in [
        "{\"",
        "\":",
        "[\"",
        "[{",
        "(\"",
        "Some(",
        "\"event\"",
        "event:",
    ] {
        if line.contains(pat) {
            return Some(format!("`{pat}`"));
        }
    }
    field_names
        .iter()
        .find(|f| has_word(line, f))
        .map(|f| format!("the name `{f}`"))
}

/// Renders every sample through the game's report templates and `show`, and checks that each
/// reads as words.
fn assert_told_in_words<E: DeserializeOwned + Serialize>(s: Samples) {
    let rules = adjutant::games::load(s.game, None).unwrap();
    let src = format!("src/games/{}", s.module);

    // Every kind of event has a sample, and every sample is an event the rules could make.
    let events = s.events.as_array().unwrap().clone();
    let mut kinds = BTreeSet::new();
    let mut field_names = BTreeSet::new();
    for e in &events {
        let typed: E = serde_json::from_value(e.clone())
            .unwrap_or_else(|err| panic!("sample {e} is not a {} event: {err}", s.game));
        let v = serde_json::to_value(&typed).unwrap();
        kinds.insert(v["event"].as_str().unwrap().to_string());
        field_names.extend(v.as_object().unwrap().keys().cloned());
    }
    let variants: BTreeSet<String> = members(&format!("{src}/events.rs"), "enum Event")
        .into_iter()
        .collect();
    assert_eq!(
        variants.difference(&kinds).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "event kinds with no sample"
    );
    field_names.extend(kinds.iter().cloned());

    // Every kind of orders has a sample, and every sample is orders the rules read.
    let mut named = BTreeSet::new();
    let (start, _) = rules.setup().unwrap();
    for o in &s.orders {
        rules
            .check_orders_shape(&start, o)
            .unwrap_or_else(|err| panic!("sample {o} is not {} orders: {err}", s.game));
        names_in(o, &mut named);
        if let Some(m) = o.as_object() {
            field_names.extend(m.keys().cloned());
        }
    }
    for t in s.orders_types {
        for m in members(&format!("{src}/orders.rs"), t) {
            assert!(named.contains(&m), "no orders sample names `{m}` of `{t}`");
            field_names.insert(m);
        }
    }
    // Only names no sentence would use: ids with an underscore.
    field_names.retain(|f| f.contains('_'));

    let (mut state, _) = rules.setup().unwrap();
    (s.state)(&mut state);
    rules
        .check_position(&state)
        .unwrap_or_else(|e| panic!("the sample state is not a position the rules accept: {e}"));
    let awaiting = rules.awaiting(&state).unwrap();
    let options: Vec<String> = match &awaiting {
        Some(a) => rules
            .legal_options(&state, &a.side)
            .unwrap()
            .into_iter()
            .map(|o| o.summary)
            .collect(),
        None => Vec::new(),
    };
    let side = rules.sides()[0];
    let mut steps = vec![
        json!({"step": 1, "ordered_by": side, "adjudicated_by": side,
        "orders": s.orders[0], "events": events, "state": "",
        "rolls": [{"why": "a test roll", "d6": [3, 4]}, {"why": "a test draw", "draw": {"index": 0, "of": 3}},
                  {"why": "a test shuffle", "shuffle": {"order": [2, 0, 1]}}]}),
    ];
    for (i, o) in s.orders.iter().enumerate().skip(1) {
        steps.push(
            json!({"step": i + 1, "ordered_by": side, "adjudicated_by": side,
            "orders": o, "events": [], "rolls": [], "state": ""}),
        );
    }
    let lookups = rules.lookups();
    let ctx = json!({"title": "every event", "id": "words", "game": s.game, "demo": false,
        "dice_mode": null, "steps": steps, "first_step": 1, "last_step": s.orders.len(),
        "awaiting": awaiting, "outgoing": null, "pending": null,
        "pending_by": awaiting.as_ref().map(|a| a.side.clone()), "at_step": s.orders.len(),
        "tip": "", "reveals": [], "state": state, "options": options, "verification_block": ""});
    let ctx = adjutant::report::text::with_lookups(ctx, &lookups);
    let show_ctx = adjutant::report::text::with_lookups(
        json!({"title": "show", "state": state, "awaiting": awaiting}),
        &lookups,
    );
    let templates = adjutant::report::text::Templates::new(None);
    let mut ids: Vec<(String, String)> = Vec::new();
    for map in s.named {
        let m = lookups[*map]
            .as_object()
            .unwrap_or_else(|| panic!("no lookup `{map}`"));
        for (id, name) in m {
            let name = name.as_str().unwrap_or_default();
            if !id.eq_ignore_ascii_case(name) {
                ids.push((id.clone(), name.to_string()));
            }
        }
    }
    // Longer names first, so a name inside another is taken out with the longer one.
    ids.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    for (template, c) in [
        ("report.txt", &ctx),
        ("report.md", &ctx),
        ("report.bbcode", &ctx),
        ("show.txt", &show_ctx),
    ] {
        let name = format!("{}/{template}", s.game);
        let text = templates.render(&name, c).unwrap();
        if std::env::var_os("SHOW_WORDS").is_some() {
            eprintln!("===== {name}\n{text}");
        }
        // Orders that say something are not reported as saying nothing (`commit: all` was).
        if template == "report.txt" {
            let empty = s
                .orders
                .iter()
                .filter(|o| {
                    o.as_object().is_some_and(|m| {
                        m.values()
                            .all(|v| v.as_array().is_some_and(|a| a.is_empty()))
                    })
                })
                .count();
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            let nothing = flat.matches("Orders: no moves").count();
            assert!(
                nothing <= empty,
                "{name}: {nothing} orders read as no moves, {empty} empty\n{text}"
            );
        }
        for line in text.lines() {
            if let Some(what) = raw_in(line, &field_names) {
                panic!("{name}: {what} in the line\n{line}\n--- whole text ---\n{text}");
            }
            // A value that printed as nothing leaves two spaces, or a space before a stop
            // (`show` lines up columns with spaces, so only the reports are held to this).
            let words = line.trim();
            let verification = ["game id", "at step", "record hash", "check with"]
                .iter()
                .any(|label| words.starts_with(label));
            if template != "show.txt"
                && !verification
                && (words.contains("  ") || words.contains(" ,") || words.contains(" ."))
            {
                panic!("{name}: a missing value in the line\n{line}");
            }
            // An id may be a word of a name (`riverine` in "Mississippi River, riverine"):
            // only what is left once the names are taken out must hold none.
            let mut rest = line.to_string();
            for (_, n) in &ids {
                rest = rest.replace(n.as_str(), " ");
            }
            if let Some((id, name_)) = ids.iter().find(|(id, _)| has_word(&rest, id)) {
                panic!("{name}: the id `{id}` where `{name_}` belongs:\n{line}");
            }
        }
        if template != "show.txt" {
            for want in s.says {
                assert!(
                    text.contains(want),
                    "{name}: `{want}` missing from:\n{text}"
                );
            }
        }
    }
}

#[test]
fn every_southern_strategy_event_and_order_is_told_in_words() {
    assert_told_in_words::<adjutant::games::southern_strategy::events::Event>(Samples {
        game: "southern-strategy",
        module: "southern_strategy",
        events: json!([
            {"event": "campaign_turn", "year": 1781, "space": 1, "winter": true},
            {"event": "supplies_generated", "side": "crown", "area": "SAV", "food": 2, "war": 1, "majority": true},
            {"event": "no_generation", "side": "crown", "area": "SAV", "reason": "under siege (11.1)"},
            {"event": "supplies_moved", "side": "crown", "from": "SAV", "to": "EBN", "food": 1, "war": 0},
            {"event": "supplies_discarded", "side": "crown", "area": "EBN", "food": 0, "war": 1},
            {"event": "supplies_abandoned", "side": "patriot", "area": "CHS", "food": 1, "war": 1},
            {"event": "supply_phase_done", "side": "crown"},
            {"event": "supply_moves_not_made", "side": "patriot", "moves": 1},
            {"event": "supply_moves_not_made", "side": "patriot", "moves": 2},
            {"event": "initiative", "crown": 3, "patriot": 2, "first": "crown", "pass_track": 3, "tie": false},
            {"event": "impulse_skipped", "side": "crown", "kind": "limited"},
            {"event": "passed", "side": "crown", "pass_track": 2},
            {"event": "passed", "side": "patriot", "pass_track": 1},
            {"event": "impulse_phase_ended", "reason": "7.0 both players passed in turn"},
            {"event": "impulse_phase_ended", "reason": "7.0 the Pass Marker reached 0"},
            {"event": "foraged", "side": "crown", "colony": "GA", "area": "SAV", "food": 1},
            {"event": "recruited", "side": "crown", "colony": "GA", "area": "SAV"},
            {"event": "raided", "colony": "SC", "die": 5, "modifier": 1, "total": 6, "success": true, "target": "GRB", "effect": "eliminate the holding Loyalist"},
            {"event": "raided", "colony": "NC", "die": 2, "modifier": 1, "total": 3, "success": false, "target": "WIL", "effect": "eliminate a Crown Unit"},
            {"event": "unit_eliminated", "side": "crown", "area": "ORB"},
            {"event": "food_destroyed", "area": "ORB"},
            {"event": "held", "area": "AUG"},
            {"event": "marched", "side": "patriot", "from": "CHW", "food_paid": 1, "activated_units": 1,
             "groups": [{"to": "WIL", "units": 1, "leader": true, "food": 0, "war": 0}], "stayed": 1, "subordinate_stays": true},
            {"event": "subordinate_rejoined", "side": "crown", "area": "SAV"},
            {"event": "hold_eliminated", "area": "AUG"},
            {"event": "attack_launched", "side": "crown", "from": "SAV", "to": "EBN", "units": 1, "food_paid": 2, "war": 2},
            {"event": "attack_launched", "side": "crown", "from": "SAV", "to": "EBN", "units": 6, "food_paid": 2, "carried": {"food": 0, "war": 3}},
            {"event": "attack_committed", "side": "crown", "area": "EBN", "war": 2, "dice": 2},
            {"event": "policy_answered", "side": "patriot", "area": "EBN"},
            {"event": "battle_refused", "side": "patriot", "from": "EBN", "to": "AUG", "food": 0, "war": 0},
            {"event": "battle_joined", "attacker": "crown", "area": "EBN", "attacker_units": 1, "defender_units": 1, "attacker_dice": 1, "defender_dice": 1},
            {"event": "battle_roll", "side": "crown", "faces": [1, 4], "hits": 1},
            {"event": "dug_in_hit_ignored", "area": "CHS"},
            {"event": "battle_won", "winner": "crown", "attacker_total": 1, "defender_total": 1},
            {"event": "morale_check", "side": "patriot", "die": 3, "needed": 6, "passed": false},
            {"event": "retreated", "side": "patriot", "from": "EBN", "to": "AUG", "food": 0, "war": 0},
            {"event": "attacker_returned", "side": "crown", "to": "SAV", "units": 1},
            {"event": "return_barred", "side": "patriot", "from": "MCK", "to": "CHS", "units": 6},
            {"event": "surrendered", "side": "patriot", "area": "CHS", "units": 1, "leader": "leader"},
            {"event": "siege_declared", "area": "WIL", "by": "crown"},
            {"event": "siege_lifted", "area": "WIL"},
            {"event": "siege_food", "area": "WIL"},
            {"event": "navy_moved", "side": "crown", "from": "D", "to": "C"},
            {"event": "sea_battle_roll", "side": "crown", "faces": [5, 4], "modifier": 1, "total": 10},
            {"event": "navy_defeated", "side": "patriot", "zone": "C"},
            {"event": "navy_removed", "side": "crown", "zone": "C"},
            {"event": "navy_return_roll", "side": "crown", "die": 2, "needed": 2, "returns": true},
            {"event": "navy_returned", "side": "crown", "zone": "D"},
            {"event": "transported", "from": "CHS", "units": 1, "food": 1, "war": 1, "zone": "B", "subordinate": "stays"},
            {"event": "landed", "area": "WIL", "units": 1, "food": 1, "war": 1},
            {"event": "landed", "area": "SUN", "units": 1, "food": 2, "war": 0, "aboard": {"food": 0, "war": 1}},
            {"event": "cargo_lost", "side": "crown", "food": 1, "war": 0},
            {"event": "commander_arrived", "name": "Greene", "area": "RIC", "units": 1, "food": 2, "war": 2},
            {"event": "commander_arrived", "name": "Gates", "area": "RIC", "units": 6, "food": 0, "war": 0, "besieged": true},
            {"event": "skirmished", "from": "CHS", "to": "ORB", "units": 1, "war": 1},
            {"event": "dug_in", "side": "crown", "area": "SAV"},
            {"event": "dug_in_removed", "areas": ["SAV"]},
            {"event": "irregular_drawn", "side": "patriot", "colony": "SC", "swamp_fox": false, "placed": true, "replaced": null},
            {"event": "irregular_drawn", "side": "patriot", "colony": "SC", "swamp_fox": true, "placed": true, "replaced": "crown"},
            {"event": "raided", "colony": "SC", "die": 4, "modifier": 2, "total": 6, "success": true, "target": "ORB", "effect": "destroy a carried Food"},
            {"event": "irregulars_to_cup", "side": "crown", "colony": "SC", "swamp_fox": false},
            {"event": "political_will", "from": 4, "to": 3, "reason": "13.5 end of 1780"},
            {"event": "victory", "winner": "patriot", "how": "14.0 Political Will at 0"}
        ]),
        orders: vec![
            json!({"supply": [{"from": "SAV", "to": "EBN", "food": 1}], "limited": "skip",
                   "full": {"march": {"from": "SAV", "groups": [{"to": "EBN", "units": 1, "leader": true}]}},
                   "supply_after": [{"from": "EBN", "to": "SAV", "war": 1}]}),
            json!({"limited": {"forage": "SAV"}, "full": "pass"}),
            json!({"limited": {"recruit": "SAV"}, "full": {"dig_in": "SAV"}}),
            json!({"limited": {"hold": "AUG"}, "full": {"attack": {"from": "SAV", "to": "EBN", "units": 1, "war": 1}}}),
            json!({"limited": {"raid": {"colony": "SC", "hold": "GRB"}},
                   "full": {"attack": {"from": "SAV", "to": "EBN", "units": 6, "carry_war": 2}}}),
            json!({"full": {"skirmish": {"from": "CHS", "to": "ORB", "units": 1, "war": 1}}}),
            json!({"full": {"transport": {"embark": {"from": "CHS", "units": 1, "to_zone": "B", "subordinate": "stays"}}}}),
            json!({"full": {"transport": {"land": "WIL"}}}),
            json!({"full": {"navy": {"move": "C"}}}),
            json!({"full": {"navy": "battle"}}),
            json!({"battle": {"refuse": {"to": "AUG"}}}),
            json!({"battle": {"accept": {"commit": 1}}}),
            json!({"battle": {"accept": {"commit": "match"}}}),
            json!({"commit": 1}),
            json!({"commit": "all"}),
            json!({"commit": "match"}),
            json!({"answer": {"navy_zone": "D"}}),
            json!({"answer": {"commander": "RIC"}}),
            json!({"answer": {"unload": {"army": "WIL", "supplies": "WIL"}}}),
            json!({"answer": {"excess": [{"from": "EBN", "to": "SAV", "war": 3}]}}),
        ],
        orders_types: &[
            "struct Orders",
            "enum Action",
            "enum Answer",
            "enum BattleDecision",
            "enum NavyAction",
            "enum TransportText",
        ],
        state: |st| {
            // 9.3, 11.0, 8.4, 8.5: an army and supplies aboard the Crown navy, a siege, a
            // hold, and the Swamp Fox in his box.
            st["navies"]["crown"] = json!("C");
            st["navies"]["cargo"] =
                json!({"crown": {"units": 1, "leader": "subordinate", "food": 1, "war": 2}});
            st["armies"]["BFT"] = json!({"side": "crown", "units": 1});
            st["armies"]["MCK"] = json!({"side": "crown", "units": 1});
            st["sieges"] = json!(["CHS"]);
            st["holds"] = json!(["AUG"]);
            let pool = st["pool"]["GA"]["loyalists"].as_u64().unwrap();
            st["pool"]["GA"]["loyalists"] = json!(pool - 1);
            // 8.5: the Swamp Fox is in play from the first campaign turn's end.
            st["partisans"]["SC"]["swamp_fox"] = json!(true);
            st["turn"]["space"] = json!(4);
            st["campaign_turns"] = json!(2);
            let cup = st["cup"].as_array_mut().unwrap();
            cup.retain(|c| c["swamp_fox"] != json!(true));
        },
        named: &["areas", "colonies"],
        says: &[
            "Greene heads south",
            "commits 2 war",
            "standing policy",
            "sea zone B",
            "the Swamp Fox",
            "1 unit ",
            "1 die ",
            // A supply amount of nothing is left out, not told as "0 war".
            "Crown moves 1 food from Savannah to Ebenezer",
            "Ebenezer discards 1 war:",
            // 9.3: a Transport always carries a leader.
            "1 unit and its leader sail from",
        ],
    });
}

#[test]
fn every_lost_cause_event_and_answer_is_told_in_words() {
    assert_told_in_words::<adjutant::games::the_lost_cause::events::Event>(Samples {
        game: "the-lost-cause",
        module: "the_lost_cause",
        events: json!([
            {"event": "started"},
            {"event": "year_begins", "year": 1861, "cards": 9, "held_back": 1},
            {"event": "card_revealed", "card": "11", "kind": "headline", "year": 1861, "headline": "Rebel Envoys Taken off a British Steamer: War with England?"},
            {"event": "card_revealed", "card": "A", "kind": "broadsheet", "year": 1861, "headline": "Rebel Yell"},
            {"event": "broadsheet", "card": "A", "effect": "RebelYell"},
            {"event": "ignored", "rule": "6.1", "what": "the green army is not in play"},
            {"event": "roll", "rule": "9.5", "what": "Diplomatic roll", "dice": [1], "drm": 1, "result": 2, "against": 0, "versus": "below"},
            {"event": "roll", "rule": "10.6", "what": "Morale Test", "dice": [2, 6], "drm": -1, "result": 7, "against": 10, "versus": "below"},
            {"event": "rebel_yell", "card": "A", "what": "Diplomatic roll", "dice": [5], "result": 5, "against": 2, "versus": "above"},
            {"event": "friction"},
            {"event": "morale", "rule": "10.6", "from": 10, "to": 9, "why": "the Morale Test fell short"},
            {"event": "recognition", "rule": "9.5", "from": 0, "to": 1, "emancipation": true},
            {"event": "european_navies", "rule": "9.5.1", "intervention": false},
            {"event": "blockade", "rule": "7.4", "from": 0, "to": 1},
            {"event": "mississippi_closed"},
            {"event": "strategic_control", "rule": "13.8", "space": "shenandoah-valley", "control": "union"},
            {"event": "held", "rule": "8.5.1", "spaces": ["memphis", "milikens-bend"]},
            {"event": "regained", "rule": "8.3", "spaces": ["baton-rouge", "port-hudson"]},
            {"event": "army_placed", "army": "blue", "form": "army-of-the-potomac", "space": "washington"},
            {"event": "army_removed", "rule": "8.8.1", "army": "yellow"},
            {"event": "flipped", "rule": "8.8.1", "army": "blue", "form": "eastern-army-group"},
            {"event": "combined", "rule": "8.8.1"},
            {"event": "union_commander", "rule": "7.2", "theater": "east", "leader": "mcclellan", "replaced": "scott"},
            {"event": "initiative_marker", "army": "blue", "symbol": "circle", "drm": -1},
            {"event": "initiative_resolved", "army": "blue", "symbol": "square"},
            {"event": "initiative_removed", "rule": "9.1.1", "army": "blue", "markers": 1},
            {"event": "recovered", "rule": "7.3", "army": "blue"},
            {"event": "disrupted", "rule": "10.5", "army": "blue"},
            {"event": "obstacle_cleared", "rule": "7.3", "army": "brown", "obstacle": "gunboats-1", "space": "memphis"},
            {"event": "obstacle_cleared", "rule": "16.5", "army": "brown", "obstacle": "vicksburg-fortified", "space": "vicksburg"},
            {"event": "obstacle_cleared", "rule": "7.4", "army": "blockade", "obstacle": "coastal-forts-1", "space": "blockade"},
            {"event": "advanced_base", "rule": "7.3", "army": "brown", "space": "shiloh-corinth"},
            {"event": "base_released", "space": "shiloh-corinth"},
            {"event": "marched", "rule": "7.3", "army": "blue", "from": "washington", "to": "manassas"},
            {"event": "branch", "rule": "8.4", "army": "brown", "track": "riverine"},
            {"event": "retreated", "rule": "9.1.1", "army": "blue", "from": "manassas", "to": "washington"},
            {"event": "recalled", "rule": "9.2", "army": "blue", "from": "manassas", "to": "washington"},
            {"event": "northern_invasion", "rule": "13.2", "army": "blue", "space": "washington"},
            {"event": "battle", "rule": "9.1.1", "leader": "je-johnston", "army": "blue", "result": "above"},
            {"event": "casualty", "rule": "9.1.2", "leader": "je-johnston", "die": 1, "result": "wounded"},
            {"event": "leader_called_up", "rule": "9.1.2", "theater": "east", "leader": "lee", "replaced": "je-johnston"},
            {"event": "leader_called_up", "rule": "9.1.2", "theater": "west", "leader": null, "replaced": "as-johnston"},
            {"event": "leader_gone", "rule": "9.9", "leader": "polk"},
            {"event": "advisor", "rule": "10.4", "leader": "je-johnston"},
            {"event": "switched", "rule": "10.4", "theater": "east", "commander": "lee", "advisor": "je-johnston"},
            {"event": "raid", "rule": "9.2", "army": "blue", "die": 4, "drm": 1, "result": "retreat_disrupted"},
            {"event": "resource_drawn", "rule": "9.4", "resource": "railroads-1"},
            {"event": "resource_lost", "rule": "14.5", "resource": "forts-1"},
            {"event": "resource_removed", "rule": "16.1", "resource": "railroads-1", "to_cup": false},
            {"event": "resource_placed", "rule": "10.2", "resource": "forts-1", "to": {"space": "manassas"}},
            {"event": "resource_placed", "rule": "10.2", "resource": "european-munitions", "to": {"morale_box": 0}},
            {"event": "naval_placed", "rule": "9.6", "resource": "ironclads-1", "to": "blockade"},
            {"event": "naval_placed", "rule": "9.6", "resource": "gunboats-1", "to": "memphis"},
            {"event": "submarines", "rule": "16.9", "die": 5, "hit": true},
            {"event": "raider_sails", "rule": "9.7", "resource": "commerce-raider", "to": {"raiding": "recognition"}},
            {"event": "raider_sails", "rule": "9.7", "resource": "commerce-raider", "to": "available"},
            {"event": "raider_returns", "rule": "16.3", "resource": "commerce-raider", "success": false},
            {"event": "munitions", "rule": "16.4", "resource": "european-munitions", "to": 1},
            {"event": "munitions_exhausted", "resource": "european-munitions"},
            {"event": "railroads_spent", "resource": "railroads-1", "theater": "mississippi"},
            {"event": "torpedoes", "resource": "torpedoes-1", "stopped": "the Blockade's advance"},
            {"event": "year_end_phase", "rule": "14.1", "phase": "Mississippi River"},
            {"event": "election", "lincoln": true, "weak": true},
            {"event": "year_advanced", "year": 1862, "leaders": ["hood"], "resources": ["railroads-2", "gunboats-1"]},
            {"event": "game_over", "outcome": {"victory": false, "how": "morale_collapse", "level": "Decisive Union Victory",
              "morale": 0, "headlines_played": 1}}
        ]),
        orders: vec![
            json!({"start": true}),
            json!({"battle": {"army": "blue"}}),
            json!({"battle": {"reclaim": "decatur"}}),
            json!({"raid": "blue"}),
            json!({"command": {"battle": {"theater": "east", "army": "blue"}}}),
            json!({"command": {"place": {"resource": "forts-1", "space": "manassas"}}}),
            json!({"command": {"naval": {"place": {"resource": "ironclads-1", "to": "blockade"}}}}),
            json!({"command": {"switch": {"theater": "west"}}}),
            json!({"command": {"shuffle": {"theater": "west", "promote": true}}}),
            json!({"command": {"raid": {"army": "blue"}}}),
            json!({"command": "morale_test"}),
            json!({"command": "war_effort"}),
            json!({"command": "diplomatic"}),
            json!({"command": {"commerce_raider": "morale"}}),
            json!({"command": {"commerce_raider": "available"}}),
            json!({"naval": {"move": {"resource": "gunboats-1", "to": "memphis"}}}),
            json!({"naval": {"submarines": {"resource": "submarines"}}}),
            json!({"naval": {"commerce_raider": "recognition"}}),
            json!({"naval": "pass"}),
            json!({"raider": "blockade"}),
            json!({"raider": "stay"}),
            json!({"reroll": true}),
            json!({"reroll": false}),
            json!({"torpedoes": true}),
            json!({"torpedoes": false}),
            json!({"railroads": [{"theater": "west", "army": "brown"}]}),
            json!({"railroads": []}),
            json!({"railroads": {"spend": [{"theater": "east", "army": "blue"}], "ask": "every_action"}}),
            json!({"railroads": {"spend": [], "ask": "after_last"}}),
            json!({"initiative_order": ["blue", "brown"]}),
            json!({"initiative_order": [{"army": "blue", "marker": 2}, "brown", "blue"]}),
            json!({"infrastructure": "morale"}),
            json!({"infrastructure": "resource"}),
        ],
        orders_types: &[
            "struct Orders",
            "enum Target",
            "enum Command",
            "enum Naval",
            "enum RaiderTo",
            "enum Infrastructure",
            "struct RailroadsPlan",
            "struct MarkerPick",
        ],
        state: |st| {
            // 16.0: a Resource in every kind of place, a named Fortification, and the European
            // navies on the Blockade Track.
            st["resources"]["forts-1"] = json!({"space": "manassas"});
            st["resources"]["coastal-forts-1"] = json!("blockade");
            st["resources"]["commerce-raider"] = json!({"raiding": "morale"});
            st["resources"]["railroads-1"] = json!("available");
            st["resources"]["european-munitions"] = json!({"morale_box": 2});
            st["resources"]["ironclads-1"] = json!("blockade");
            st["navies"] = json!("recognition");
        },
        named: &["spaces", "leaders", "forms", "resources", "tracks"],
        says: &[
            "J.E. Johnston",
            "Railroads",
            "keep the Torpedoes",
            "re-roll with Rebel Yell",
            "but a natural 1 always fails (",
            ", 6.2.2).",
            "The Initiative marker on ",
        ],
    });
}

#[test]
fn every_solo_1776_event_and_answer_is_told_in_words() {
    assert_told_in_words::<adjutant::games::solo_1776::events::Event>(Samples {
        game: "solo-1776",
        module: "solo_1776",
        events: json!([
            {"event": "reported", "rule": "12", "what": "the BRE number is 2"},
            {"event": "scouted", "area": "middle-states", "army": "washington", "die": 4, "result": "strength", "entrenched": true, "location": 10, "sp": 12},
            {"event": "scouted", "area": "deep-south", "army": null, "die": 1, "result": "nothing", "entrenched": false, "location": null, "sp": null},
            {"event": "transport", "transport": "howe-convoy", "die": 5, "engaged": true, "reason": "the navy engages"},
            {"event": "navy_damaged", "transport": "howe-convoy", "back": {"year": 1777, "quarter": 1}},
            {"event": "navy_undamaged", "transport": "howe-convoy"},
            {"event": "navy_returns"},
            {"event": "naval_sp", "american": 0, "british": 2, "navy": "out"},
            {"event": "naval_sp", "american": 1, "british": 2, "navy": "back"},
            {"event": "french_landing", "fleet": 1, "die": 2, "area": "deep-south", "joined": "southern"},
            {"event": "french_operating", "die": 3, "area": "south-central"},
            {"event": "french_duty", "duty": "west_indies", "area": "west-indies", "reason": "no American army needs them"},
            {"event": "sea_invasion", "army": "washington", "from": "middle-states", "die": 2, "to": "south-central", "sp": 1, "joined": "virginia", "reason": "the French carry them"},
            {"event": "no_sea_invasion", "army": "washington", "area": "middle-states", "reason": "the French battle fleets there already have their duty this turn (to carry a supply)"},
            {"event": "interception", "area": "south-central", "location": 15, "die": 6, "target": 4, "attacked": true, "reason": "the French attack"},
            {"event": "search", "fleets": 1, "die": 5, "found": true},
            {"event": "french_fleets_lost", "lost": 1, "left": 0, "reason": "the fleet engagement after the British search"},
            {"event": "fort_lost", "fort": "middle-states-10", "area": "middle-states", "location": 10, "town": "trenton", "garrison": {"sp": 0, "artillery": 1}, "reason": "its garrison lost every SP"},
            {"event": "detachment_moved", "detachment": "replacements-deep-south", "area": "deep-south", "from": 0, "to": 5, "joined": "southern"},
            {"event": "detachment_promoted", "detachment": "replacements-deep-south", "army": "southern", "area": "deep-south"},
            {"event": "b_check", "rule": "13", "army": "washington", "town": "perth-amboy", "priority": 3, "die": 2, "target": 3, "success": true, "reason": "the town is British"},
            {"event": "marched", "army": "washington", "area": "middle-states", "town": "perth-amboy", "reason": "a (B) check passed"},
            {"event": "evaded", "army": "washington", "area": "middle-states", "location": 10, "from": "perth-amboy"},
            {"event": "evaded", "army": "washington", "area": "middle-states", "location": 10, "from": "perth-amboy", "reason": "no check to make"},
            {"event": "moved", "army": "washington", "area": "middle-states", "from": 10, "to": 15, "condition": 1, "reason": "it has the requisite SP"},
            {"event": "up_refused", "army": "washington", "condition": 2, "reason": "no location above"},
            {"event": "stayed", "army": "washington", "area": "middle-states", "location": 10, "reason": "no condition holds"},
            {"event": "area_change", "army": "washington", "die": 6, "result": "north", "to": "new-england", "moved": {"sp": 1, "artillery": 1, "supply": 1}, "joined": "northern", "reason": "half the army goes north"},
            {"event": "fort_built", "army": "washington", "area": "middle-states", "location": 10, "garrison": {"sp": 1, "artillery": 0, "supply": 1}},
            {"event": "fort_built", "army": "washington", "area": "middle-states", "location": 10, "town": "trenton", "garrison": {"sp": 5}, "reason": "Trenton: the town hex the army leaves"},
            {"event": "no_fort", "army": "washington", "area": "middle-states", "location": 10, "reason": "too few SP"},
            {"event": "fort_destroyed", "army": "washington", "area": "middle-states", "location": 15, "rejoined": {"sp": 1}},
            {"event": "fort_destroyed", "army": "washington", "area": "middle-states", "location": 15, "town": "new-york", "rejoined": {"sp": 0}},
            {"event": "be_roll", "army": "washington", "die": 5, "shift": 1},
            {"event": "no_be_roll", "army": "washington", "reason": "a British attack"},
            {"event": "combat", "army": "washington", "town": "new-york", "initiated": "american", "round": 1},
            {"event": "combat_result", "army": "washington", "lost": {"sp": 1, "artillery": 1}, "bre_before": 1, "bre_after": 2, "town": "new-york", "taken": false},
            {"event": "combat_over", "army": "washington", "reason": "it lost"},
            {"event": "replacements", "area": "deep-south", "force": {"sp": 1}, "joined": null, "detachment": "replacements-deep-south", "location": 0, "reason": "the army is elsewhere"},
            {"event": "replacements", "area": "middle-states", "force": {"sp": 2, "supply": 1}, "joined": "washington", "detachment": null, "location": 10, "reason": "the army is there"},
            {"event": "dragoon", "army": "washington", "reason": "an SP becomes dragoons"},
            {"event": "garrison", "army": "washington", "fort": "middle-states-15", "sent": {"sp": 1}, "garrison": {"sp": 2, "supply": 1}, "reason": "the fort is short"},
            {"event": "turn_ends", "next": {"year": 1776, "month": 8}},
            {"event": "game_over", "date": {"year": 1781, "month": 12}}
        ]),
        orders: vec![
            json!({"turn": {"date": {"year": 1776, "month": 7}, "bre": 1, "control": {"perth-amboy": "british"},
                   "areas": {"canada": "british"}, "naval": {"american": 1, "british": 5}, "supply": {"middle-states": 2},
                   "losses": [{"army": "washington", "sp": 1}], "armies": [{"army": "washington", "sp": 11}],
                   "towns": [{"town": "perth-amboy", "fort": true}], "replacements": [{"area": "middle-states", "sp": 2}],
                   "requisite": [{"area": "middle-states", "location": 10, "sp": 8}], "forts_lost": ["middle-states-10"], "navy": "not_deployed",
                   "french_intervention": {"fleets": 1}, "transports": [{"id": "howe-convoy"}],
                   "reinforce": [{"area": "south-central"}], "search": {"fleets": 1}, "scout": ["middle-states"],
                   "attacks": [{"army": "washington"}]}}),
            json!({"turn": {"american_turn": false}}),
            json!({"combat": {"sp": 1, "artillery": 1, "bre": 2, "town": "american"}}),
            json!({"combat": {"bre": 1}}),
            json!({"engagement": {"damaged": true, "quarters": 1}}),
            json!({"engagement": {"damaged": false}}),
            json!({"fleet_engagement": {"french_lost": 1}}),
        ],
        orders_types: &["struct Orders", "struct Turn"],
        state: |st| {
            // 12, 17: a detachment, a fort, and the French fleets off an area.
            st["detachments"]["replacements-deep-south"] = json!({"area": "deep-south",
                "location": 0, "sp": 1, "dragoons": 0, "artillery": 0, "supply": 0});
            st["forts"]["middle-states-15"] = json!({"area": "middle-states", "location": 15,
                "garrison": {"sp": 1, "dragoons": 0, "artillery": 0, "supply": 1}});
            st["french"] = json!({"fleets": 1, "at": "south-central", "operating": "south-central", "landed": 1});
        },
        named: &["areas", "towns", "armies"],
        says: &[
            "Washington's army",
            "Perth Amboy",
            "1 quarter",
            "with 1 battle fleet:",
            "to the fort in location 15 of Middle States",
        ],
    });
}

/// The line saying whose decision it is names areas and sea zones, not their ids, and counts
/// units in the singular when there is one (`crown attacks EBN from SAV` was the fault).
#[test]
fn the_southern_strategy_decision_line_names_areas_and_sea_zones() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let detail = |phase: Value| {
        let mut st = setup.clone();
        // The navy's cargo, for the unload questions, which name only what it carries.
        if let Some(cargo) = phase.get("cargo") {
            st["navies"]["cargo"] = json!({"crown": cargo});
        }
        // And the zone the Crown navy leaves from, where one is given.
        if let Some(zone) = phase.get("zone") {
            st["navies"]["crown"] = zone.clone();
        }
        st["phase"] = phase;
        st["phase"].as_object_mut().unwrap().remove("cargo");
        st["phase"].as_object_mut().unwrap().remove("zone");
        rules.awaiting(&st).unwrap().unwrap().detail.unwrap()
    };
    let attack = json!({"side": "crown", "from": "SAV", "to": "EBN", "units": 1,
        "leader": "leader", "war_committed": 1, "carried": {"food": 0, "war": 0}});
    let cases = [
        (
            json!({"step": "battle", "attack": attack}),
            "Crown attacks Ebenezer from Savannah with 1 unit led by Cornwallis and 1 war",
        ),
        (
            json!({"step": "commit", "attack": attack, "accept": {"commit": 0}}),
            "the defender of Ebenezer accepts battle",
        ),
        // RULINGS B1: with the attackers' War open, the defender's number binds only if the
        // attacker's is fixed first; carrying 1 War it is, the attackers having to commit it.
        (
            json!({"step": "battle", "attack": {"side": "crown", "from": "SAV", "to": "EBN",
                "units": 2, "leader": "leader", "war_committed": 0, "carried": {"food": 0, "war": 3}}}),
            "how many war supplies you would commit (10.3: a number, all, or match); it binds you only if",
        ),
        (
            json!({"step": "battle", "attack": {"side": "crown", "from": "SAV", "to": "EBN",
                "units": 2, "leader": "leader", "war_committed": 0, "carried": {"food": 0, "war": 1}}}),
            "how many war supplies you commit (10.3: a number, all, or match); the attackers must commit the 1 war they carry (10.2), so the number you give binds you",
        ),
        (
            json!({"step": "decision", "side": "crown", "resume": "place_navies",
                   "question": {"ask": "navy_zone", "zones": ["C", "D"]}}),
            "choose its sea zone: C (Off South Carolina), D (Off Georgia)",
        ),
        (
            json!({"step": "decision", "side": "patriot", "resume": "commander",
                   "question": {"ask": "commander", "areas": ["RIC"]}}),
            "choose his Virginia area: Richmond",
        ),
        (
            json!({"step": "decision", "side": "crown", "resume": "sieges",
                   "question": {"ask": "unload", "army_ports": ["CHS"], "supply_ports": []},
                   "cargo": {"units": 3, "leader": "leader", "food": 2, "war": 0}}),
            "land its army (Charleston), and its supplies can go ashore nowhere;",
        ),
        // 5.4: with the navy in zone C, the ports of that zone where the army lands become
        // friendly, so the supplies may go ashore there: the question said "nowhere" above an
        // option landing them in Charleston or Georgetown.
        (
            json!({"step": "decision", "side": "crown", "resume": "sieges",
                   "question": {"ask": "unload", "army_ports": ["CHS", "GEO", "SAV"], "supply_ports": []},
                   "cargo": {"units": 3, "leader": "leader", "food": 2, "war": 0}, "zone": "C"}),
            "land its army (Charleston, Georgetown, Savannah), and its supplies can go ashore only where the army lands (Charleston, Georgetown);",
        ),
        (
            json!({"step": "decision", "side": "crown", "resume": "sieges",
                   "question": {"ask": "unload", "army_ports": [], "supply_ports": ["GEO"]},
                   "cargo": {"units": 0, "food": 2, "war": 1}}),
            "for the winter with 2 food and 1 war aboard; land its supplies (Georgetown); what stays aboard is lost",
        ),
    ];
    for (phase, want) in cases {
        let got = detail(phase);
        assert!(got.contains(want), "`{want}` not in `{got}`");
        assert!(!got.contains("army (nowhere)"), "{got}");
        assert!(!got.contains('`'), "order syntax in `{got}`");
    }
}

/// The Lost Cause's question names spaces and lists armies in words, not as lists of ids.
#[test]
fn the_lost_cause_question_names_spaces_and_armies() {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let detail = |question: Value| {
        let mut st = setup.clone();
        st["question"] = question;
        rules.awaiting(&st).unwrap().unwrap().detail.unwrap()
    };
    let cases = [
        (
            json!({"ask": "battle_target", "theater": "west", "armies": ["brown", "green"], "reclaim": ["decatur"]}),
            "9.1 Battle action in the West theater: attack the brown or green army, or reclaim Decatur",
        ),
        (
            json!({"ask": "raid_target", "armies": ["blue", "yellow", "green"]}),
            "9.2 Raid: target the blue, yellow or green army",
        ),
        (
            json!({"ask": "initiative_order", "armies": ["blue", "brown"]}),
            "the markers on the blue and brown armies",
        ),
        (
            json!({"ask": "initiative_order", "armies": ["blue", "brown"], "markers": [
                {"army": "blue", "marker": 1, "symbol": "square", "drm": 1},
                {"army": "blue", "marker": 2, "symbol": "circle"},
                {"army": "brown", "marker": 1, "symbol": "circle"}]}),
            "the markers: blue 1 (Conditional, +1), blue 2 (Directed), brown 1 (Directed); an army's markers go together",
        ),
        (
            json!({"ask": "railroads", "line": 1}),
            "16.8 Railroads, before the card's Confederate action 2: spend them on Directed Battles or keep them",
        ),
        (
            json!({"ask": "reroll", "roll": "Morale Test", "result": "3 against 4"}),
            "Rebel Yell: re-roll Morale Test (3 against 4), or keep the result",
        ),
        (json!({"ask": "start"}), "start the war (3.0)"),
    ];
    for (question, want) in cases {
        let got = detail(question);
        assert!(got.contains(want), "`{want}` not in `{got}`");
        assert!(!got.contains("[\""), "a list of ids in `{got}`");
        // Words for the reader of a report, not the syntax of the answer (`orders` shows that).
        assert!(
            !got.contains('`') && !got.contains('{'),
            "order syntax in `{got}`"
        );
    }
}

/// `show` says where in the sequence of play the game stands in words ("phase: decision" told
/// the reader nothing).
#[test]
fn the_southern_strategy_show_words_the_phase() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let show = |phase: Value| {
        let mut st = setup.clone();
        st["phase"] = phase;
        let ctx = adjutant::report::text::with_lookups(
            json!({"title": "show", "state": st, "awaiting": null}),
            &rules.lookups(),
        );
        adjutant::report::text::Templates::new(None)
            .render("southern-strategy/show.txt", &ctx)
            .unwrap()
    };
    let cases = [
        (
            json!({"step": "supply", "side": "patriot"}),
            "; Patriot's supply phase (5.2)",
        ),
        (
            json!({"step": "decision", "side": "crown", "resume": "place_navies",
                   "question": {"ask": "navy_zone", "zones": ["C"]}}),
            "; a returning navy is placed (12.4)",
        ),
        (json!({"step": "over"}), "; the game is over"),
    ];
    for (phase, want) in cases {
        let text = show(phase);
        assert!(text.contains(want), "`{want}` not in\n{text}");
        assert!(!text.contains("phase: "), "{text}");
    }
}

/// A supply line is a network (5.3 joins a Loyalist-held area to areas it does not touch), so
/// `orders` lists its areas instead of drawing them as a chain `A - B - C`.
#[test]
fn a_supply_move_lists_the_areas_of_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let game = root().join("games/southern-strategy/examples/sample-turn/demo-game.yaml");
    let text = stdout(&ok(dir.path(), &["orders", game.to_str().unwrap()]));
    assert!(
        text.contains(
            "from Waxhaws to Charlotte: food 0-4, war 0-2 (the supply line of Waxhaws (4 food 2 war, limit 7) and Charlotte (2 food 1 war, limit 8))"
        ),
        "{text}"
    );
    assert!(!text.contains(") - "), "{text}");
}

/// 9.6 with 10.5: the record notes a dug-in defender's ignored hit before the roll it comes out
/// of, and the roll's `hits` after it: the report read "The dug-in defenders of Augusta ignore
/// the first hit (9.6)." above "Crown rolls 3, 4: 0 hits.", though a 3 is a Crown hit. It now
/// tells the roll as rolled, then the hit ignored and what the roll eliminated.
#[test]
fn a_dug_in_defence_tells_the_roll_before_the_hit_it_ignores() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let lines = |events: Value| -> Vec<String> {
        let mut events: Vec<Value> = serde_json::from_value(events).unwrap();
        let mut orders = json!({"commit": 4});
        rules
            .annotate_step(&setup, None, &mut orders, &mut events)
            .unwrap();
        let ctx = adjutant::report::text::with_lookups(json!({"state": setup}), &rules.lookups());
        adjutant::report::text::Templates::new(None)
            .call_macros(
                "southern-strategy/events.txt",
                &ctx,
                &crate::support::event_calls(&events),
            )
            .unwrap()
    };
    let joined = json!({"event": "battle_joined", "attacker": "crown", "area": "AUG", "attacker_units": 4,
        "defender_units": 2, "attacker_dice": 4, "defender_dice": 1});
    let got = lines(json!([
        joined,
        {"event": "dug_in_hit_ignored", "area": "AUG"},
        {"event": "battle_roll", "side": "crown", "faces": [3, 4], "hits": 0},
    ]));
    assert_eq!(got[1], "Crown rolls 3, 4: 1 hit (10.5).", "{got:?}");
    assert_eq!(
        got[2], "The dug-in defenders of Augusta ignore the first hit (9.6): none eliminated.",
        "{got:?}"
    );
    let got = lines(json!([
        joined,
        {"event": "dug_in_hit_ignored", "area": "AUG"},
        {"event": "battle_roll", "side": "crown", "faces": [1, 2, 3, 3], "hits": 2},
    ]));
    assert_eq!(got[1], "Crown rolls 1, 2, 3, 3: 4 hits (10.5).", "{got:?}");
    assert_eq!(
        got[2],
        "The dug-in defenders of Augusta ignore the first hit (9.6): 3 hits left, with only 2 units there to eliminate.",
        "{got:?}"
    );
}

/// A report's `Orders:` line names all an attack or a Transport carries: it read "carrying 4
/// war" for an attack carrying 1 food and 4 war, and "transport 5 units from Savannah to sea
/// zone C" for units sailing with 1 food and 1 war, which the events below then named.
#[test]
fn the_orders_line_names_what_an_attack_or_a_transport_carries() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let (setup, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": setup}), &rules.lookups());
    let cases = [
        (
            json!({"full": {"attack": {"from": "SAV", "to": "EBN", "units": 4, "carry_food": 1, "carry_war": 4}}}),
            "carrying 1 food and 4 war, the War to commit chosen if the defender accepts",
        ),
        (
            json!({"full": {"attack": {"from": "SAV", "to": "EBN", "units": 4, "war": 2, "carry_food": 1}}}),
            "with 4 units and 2 war, carrying 1 food",
        ),
        (
            json!({"full": {"transport": {"embark": {"from": "SAV", "to_zone": "C", "units": 5, "food": 1, "war": 1}}}}),
            "transport 5 units from Savannah to sea zone C (Off South Carolina) with 1 food and 1 war",
        ),
    ];
    for (orders, want) in cases {
        let got = adjutant::report::text::Templates::new(None)
            .call_macros(
                "southern-strategy/events.txt",
                &ctx,
                &[("orders", vec![orders])],
            )
            .unwrap();
        assert!(got[0].contains(want), "`{want}` not in {got:?}");
    }
}

/// Plays the `orders` on a new hot-seat game begun at the state `position` in `d`, with the
/// demo secrets (so the dice of a game id are always the same); the report of the last, on
/// one line.
fn played_from(d: &std::path::Path, id: &str, position: &Value, orders: &[&str]) -> String {
    write_position(d, "pos.yaml", "southern-strategy", position);
    ok(
        d,
        &[
            "new",
            "--id",
            id,
            "--demo",
            "--secrets",
            "s",
            "--position",
            "pos.yaml",
            "-o",
            "game.yaml",
        ],
    );
    let mut report = String::new();
    for (k, o) in orders.iter().enumerate() {
        let name = format!("o{k}.yaml");
        write(d, &name, o);
        report = stdout(&ok(d, &["play", "game.yaml", &name, "--secrets", "s"]));
    }
    flat(&report)
}

/// Text wrapped for mail, on one line.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 9.2 with 9.3 and 12.3: the Subordinate Leader's army landing where the Leader's stands
/// joins it, and the report says he comes off, as it does for a march; a landing said only
/// "3 units and the Subordinate Leader land in Savannah".
#[test]
fn a_landing_that_joins_the_leader_says_the_subordinate_comes_off() {
    let dir = tempfile::tempdir().unwrap();
    let report = played_from(
        dir.path(),
        "ss-landing-joins",
        &landing_on_the_leader(),
        &["full: {transport: {land: SAV}}\n"],
    );
    assert!(
        report.contains("land in Savannah with 1 food and 1 war and join the army there, the Subordinate Leader coming off (9.3, 9.2)."),
        "{report}"
    );
    let show = flat(&stdout(&ok(dir.path(), &["show", "game.yaml"])));
    assert!(show.contains("Savannah 7 units, Cornwallis"), "{show}");
}

/// 12.3 with 5.4: a navy leaving for the winter with an army and no supplies aboard offers
/// the landing without a port for supplies, and a port named anyway is told plainly; the
/// example named one, and the report read "Crown moves no supplies from sea zone D to
/// Savannah".
#[test]
fn a_winter_landing_with_nothing_aboard_names_no_supplies() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let first = played_from(
        d,
        "ss-winter-empty",
        &winter_with_an_army_aboard(),
        &["full: pass\n"],
    );
    let listed = stdout(&ok(d, &["orders", "game.yaml"]));
    let answer = listed
        .lines()
        .find(|l| l.contains("unload:"))
        .unwrap_or_else(|| panic!("no unload answer listed:\n{first}\n{listed}"));
    assert!(!answer.contains("supplies"), "{answer}");
    assert!(listed.contains("no supplies aboard"), "{listed}");
    write(
        d,
        "w.yaml",
        "answer: {unload: {army: SAV, supplies: SAV}}\n",
    );
    let report = flat(&stdout(&ok(
        d,
        &["play", "game.yaml", "w.yaml", "--secrets", "s"],
    )));
    assert!(!report.contains("moves no supplies"), "{report}");
    assert!(
        report.contains("The Crown navy has no supplies aboard to put ashore in Savannah (5.4)."),
        "{report}"
    );
    assert!(
        report.contains("the Subordinate Leader coming off (9.3, 9.2)"),
        "{report}"
    );
}

/// 12.1 with 9.3: `orders` names the sea zones a navy may move between as the reports do
/// ("from D to C" before), and a navy with an army aboard told to move is told the army lands
/// first (it was told to "land them or transport them", and a Transport is no option there).
#[test]
fn navy_moves_name_their_sea_zones_and_an_army_aboard_lands_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut empty = landing_on_the_leader();
    empty["navies"]["cargo"] = json!({});
    empty["armies"]["SAV"]["units"] = json!(7);
    played_from(d, "ss-navy-words", &empty, &[]);
    let listed = flat(&stdout(&ok(d, &["orders", "game.yaml"])));
    assert!(
        listed.contains(
            "move the navy (12.1) from sea zone D (Off Georgia) to sea zone C (Off South Carolina)"
        ),
        "{listed}"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    played_from(d, "ss-navy-aboard", &landing_on_the_leader(), &[]);
    write(d, "m.yaml", "full: {navy: {move: C}}\n");
    let err = refused(d, &["orders", "game.yaml", "m.yaml"]);
    assert!(
        err.contains("12.0")
            && err.contains("the army lands first")
            && !err.contains("transport them"),
        "{err}"
    );
}

/// 13.2: the HTML replay words each roll as the game's text report does: a draw from the
/// Irregular Cup is "counter 2 of the 3 in the cup" in both, where the page said "item 2 of 3".
#[test]
fn the_html_replay_words_a_cup_draw_as_the_text_report_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut st = landing_on_the_leader();
    st["navies"]["cargo"] = json!({});
    st["armies"]["SAV"]["units"] = json!(7);
    st["armies"]["CHS"] = json!({"side": "patriot", "units": 2, "leader": "leader"});
    st["cup"] = json!([{"side": "patriot", "colony": "NC"}, {"side": "crown", "colony": "GA"},
                       {"side": "patriot", "colony": "VA"}]);
    st["pool"]["NC"]["militia"] = json!(4);
    st["pool"]["GA"]["loyalists"] = json!(4);
    st["pool"]["VA"]["militia"] = json!(4);
    st["pass_track"] = json!(1);
    st["phase"] =
        json!({"step": "impulse", "side": "patriot", "kind": "full", "previous_passed": true});
    let text = played_from(d, "ss-html-draws", &st, &["full: pass\n"]);
    assert!(text.contains("in the cup"), "{text}");
    ok(
        d,
        &[
            "report",
            "game.yaml",
            "--format",
            "html",
            "-o",
            "replay.html",
        ],
    );
    let page = flat(&read(&d.join("replay.html")));
    assert!(
        !page.contains("item "),
        "a roll worded by the generic macro"
    );
    let draws: Vec<&str> = text
        .split("13.2 ")
        .skip(1)
        .filter_map(|t| t.split(" in the cup").next())
        .filter_map(|t| t.split(": ").nth(1))
        .collect();
    assert!(!draws.is_empty(), "{text}");
    for d in draws {
        assert!(
            page.contains(&format!("{d} in the cup")),
            "`{d}` not in the page"
        );
    }
}

/// 12.3 with 5.4 (RULINGS N13): a navy leaving for the winter with supplies aboard and no
/// friendly port in its zone loses them without pausing the game for the one answer that
/// loses them; the game paused for `answer: {unload: {}}`, a mail exchange for nothing.
#[test]
fn a_winter_unload_with_no_port_is_not_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut st = winter_with_an_army_aboard();
    st["armies"] = json!({"CHS": {"side": "crown", "units": 3, "leader": "leader"},
                          "GEO": {"side": "patriot", "units": 2, "leader": "leader"}});
    st["supplies"] = json!({"CHS": {"food": 2, "war": 2}, "GEO": {"food": 1, "war": 1}});
    st["navies"] = json!({"crown": "B", "french": "D", "cargo": {"crown": {"food": 3, "war": 2}}});
    let report = played_from(d, "ss-winter-no-port", &st, &["full: pass\n"]);
    assert!(
        report.contains("The Crown navy's cargo is lost: 3 food and 2 war (12.3)."),
        "{report}"
    );
    let game = read(&d.join("game.yaml"));
    assert!(!game.contains("decision: answer"), "{report}");
    let listed = stdout(&ok(d, &["orders", "game.yaml"]));
    assert!(!listed.contains("unload"), "{listed}");
    // An army aboard with no port to land in and no supplies aboard: a Crown port in the zone
    // (Savannah) could take supplies, but there are none, so nothing is left to choose either.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut st = winter_with_an_army_aboard();
    st["armies"] = json!({"SAV": {"side": "crown", "units": 2},
                          "AUG": {"side": "crown", "units": 4, "leader": "leader"},
                          "SUN": {"side": "crown", "units": 2},
                          "BFT": {"side": "patriot", "units": 1},
                          "CHS": {"side": "patriot", "units": 2},
                          "GEO": {"side": "patriot", "units": 1},
                          "RIC": {"side": "patriot", "units": 2, "leader": "leader"}});
    st["supplies"] = json!({"GRB": {"food": 0, "war": 1}, "SAV": {"food": 1, "war": 1},
                            "AUG": {"food": 2, "war": 2}});
    st["navies"] = json!({"crown": "D", "french": "A",
                          "cargo": {"crown": {"units": 3, "leader": "subordinate"}}});
    let report = played_from(d, "ss-winter-no-landing", &st, &["full: pass\n"]);
    assert!(
        report.contains("is lost as its navy leaves for the winter"),
        "{report}"
    );
    assert!(
        !read(&d.join("game.yaml")).contains("decision: answer"),
        "{report}"
    );
}

/// `landing_on_the_leader` with `armies`, `supplies` and `holds` in place of its own, and the
/// phase `phase`.
fn position_with(armies: Value, supplies: Value, holds: Value, phase: Value) -> Value {
    let mut st = landing_on_the_leader();
    st["armies"] = armies;
    st["supplies"] = supplies;
    st["holds"] = holds;
    st["phase"] = phase;
    st["navies"] = json!({});
    st
}

/// 10.1 with 8.4 and 9.2: a refusing army's arrival (a Loyalist Hold falling, the Subordinate
/// Leader coming off as two armies join) is told after the refusal that brought it, where the
/// report told the Hold eliminated before the army had fallen back into the Fort.
#[test]
fn a_refusal_is_told_before_what_its_arrival_does() {
    let impulse =
        json!({"step": "impulse", "side": "crown", "kind": "full", "previous_passed": false});
    let cases = [
        (
            position_with(
                json!({"AUG": {"side": "crown", "units": 5, "leader": "leader"},
                       "SLD": {"side": "patriot", "units": 3, "leader": "leader"}}),
                json!({"AUG": {"food": 2, "war": 4}, "SLD": {"food": 2, "war": 2}}),
                json!(["N96"]),
                impulse.clone(),
            ),
            "full: {attack: {from: AUG, to: SLD, units: 5, carry_war: 4}}\n",
            "battle: {refuse: {to: N96, food: 1}}\n",
            "The Loyalists holding Ninety Six are eliminated",
        ),
        (
            position_with(
                json!({"HHS": {"side": "crown", "units": 6, "leader": "leader"},
                       "CAM": {"side": "patriot", "units": 3, "leader": "subordinate"},
                       "SNW": {"side": "patriot", "units": 2, "leader": "leader"}}),
                json!({"HHS": {"food": 2, "war": 5}, "CAM": {"food": 2, "war": 2}}),
                json!([]),
                impulse.clone(),
            ),
            "full: {attack: {from: HHS, to: CAM, units: 6, carry_war: 5}}\n",
            "battle: {refuse: {to: SNW, food: 1}}\n",
            "the Subordinate Leader comes off",
        ),
    ];
    told_before_arrival(cases, "ss-refusal-order", "refuses battle and falls back");
}

/// 10.7 with 8.4 and 9.2: a retreating army's arrival (a Loyalist Hold falling, the Subordinate
/// Leader coming off as two armies join) is told after the retreat that brought it, as a
/// refusal's is; the report told "The Patriot armies join in Camden" before the beaten army had
/// retreated there. Both battles are on a Point, where the morale check fails without a roll,
/// and the defenders commit no War, so the attackers win whatever the dice.
#[test]
fn a_retreat_is_told_before_what_its_arrival_does() {
    let impulse =
        json!({"step": "impulse", "side": "crown", "kind": "full", "previous_passed": false});
    let cases = [
        (
            position_with(
                json!({"AUG": {"side": "crown", "units": 5, "leader": "leader"},
                       "SLD": {"side": "patriot", "units": 3, "leader": "leader"}}),
                json!({"AUG": {"food": 2, "war": 4}, "SLD": {"food": 2}}),
                json!(["N96"]),
                impulse.clone(),
            ),
            "full: {attack: {from: AUG, to: SLD, units: 5, carry_war: 1}}\n",
            "battle: {accept: {commit: 0, retreat: [N96]}}\n",
            "The Loyalists holding Ninety Six are eliminated",
        ),
        (
            position_with(
                json!({"GRB": {"side": "crown", "units": 6, "leader": "leader"},
                       "HHS": {"side": "patriot", "units": 3, "leader": "subordinate"},
                       "CAM": {"side": "patriot", "units": 2, "leader": "leader"}}),
                json!({"GRB": {"food": 2, "war": 5}, "HHS": {"food": 2}}),
                json!([]),
                impulse.clone(),
            ),
            "full: {attack: {from: GRB, to: HHS, units: 6, carry_war: 1}}\n",
            "battle: {accept: {commit: 0, retreat: [CAM]}}\n",
            "the Subordinate Leader comes off",
        ),
    ];
    told_before_arrival(cases, "ss-retreat-order", "retreats from");
}

/// Plays each case (a position, the attack, the defender's answer, and words its arrival
/// tells) in a game of id `id-<n>`, and checks the report tells `first` before the arrival.
fn told_before_arrival(cases: [(Value, &str, &str, &str); 2], id: &str, first: &str) {
    for (n, (mut position, attack, answer, arrival)) in cases.into_iter().enumerate() {
        if position["holds"] == json!(["N96"]) {
            // The Loyalist holding Ninety Six comes out of South Carolina's pool (2.3).
            position["pool"]["SC"]["loyalists"] = json!(4);
        }
        let dir = tempfile::tempdir().unwrap();
        let report = played_from(
            dir.path(),
            &format!("{id}-{n}"),
            &position,
            &[attack, answer],
        );
        let told = report.find(first);
        let after = report.find(arrival);
        assert!(
            told.is_some() && after.is_some() && told < after,
            "{report}"
        );
    }
}

/// 8.3 (RULINGS P7), 8.5, 13.1: a raid that takes an army's last Unit says the army is gone
/// and its supplies go back to the stock; a South Carolina action with the Swamp Fox in play
/// says the Militia spent goes back into the cup; a starved army names its leader. The report
/// said only "A Crown Unit in Monck's Corner is eliminated", nothing of the Militia's way back,
/// and "2 units and its subordinate eliminated".
#[test]
fn raids_the_swamp_fox_and_surrenders_say_what_becomes_of_everything() {
    let limited =
        json!({"step": "impulse", "side": "patriot", "kind": "limited", "previous_passed": false});
    let mut raid = position_with(
        json!({"MCK": {"side": "crown", "units": 1},
               "SAV": {"side": "crown", "units": 3, "leader": "leader"},
               "SLD": {"side": "patriot", "units": 1}}),
        json!({"MCK": {"food": 0, "war": 2}, "SLD": {"food": 1, "war": 0}}),
        json!([]),
        limited.clone(),
    );
    // Three Militia: two left after the one spent and the Swamp Fox add 3, so a die of 3 or
    // more succeeds (8.3); the game ids are tried until one does.
    raid["partisans"]["SC"] = json!({"loyalists": 0, "militia": 3, "swamp_fox": true});
    raid["pool"]["SC"]["militia"] = json!(2);
    raid["campaign_turns"] = json!(2);
    raid["turn"]["space"] = json!(4);
    let report = (0..30)
        .map(|n| {
            let dir = tempfile::tempdir().unwrap();
            played_from(
                dir.path(),
                &format!("ss-raid-last-unit-{n}"),
                &raid,
                &["limited: {raid: {colony: SC, unit: MCK}}\nfull: pass\n"],
            )
        })
        .find(|r| r.contains("success (8.3)"))
        .expect("one of 30 raids succeeds");
    assert!(
        report.contains("it was the army's last, so the army is gone and the 2 war it carried go back to the stock (8.3, RULINGS P7)"),
        "{report}"
    );
    assert!(
        report.contains("the Militia spent goes back into the Irregular Cup (8.5)"),
        "{report}"
    );
    let mut starving = position_with(
        json!({"SAV": {"side": "crown", "units": 3, "leader": "leader"},
               "AUG": {"side": "crown", "units": 2, "leader": "subordinate"},
               "EBN": {"side": "patriot", "units": 2},
               "SLD": {"side": "patriot", "units": 2, "leader": "leader"}}),
        json!({"SAV": {"food": 2, "war": 2}, "AUG": {"food": 0, "war": 2},
               "EBN": {"food": 1, "war": 1}, "SLD": {"food": 1, "war": 1}}),
        json!([]),
        json!({"step": "impulse", "side": "patriot", "kind": "full", "previous_passed": true}),
    );
    starving["sieges"] = json!(["AUG"]);
    starving["pass_track"] = json!(1);
    let dir = tempfile::tempdir().unwrap();
    let report = played_from(dir.path(), "ss-starved", &starving, &["full: pass\n"]);
    assert!(
        report.contains("2 units and the Subordinate Leader eliminated (13.1, 11.2)"),
        "{report}"
    );
}

/// 12.2: the supplies aboard a navy a sea battle sinks are lost with it, and the report says
/// so, as the winter's loss of cargo (12.3) always did. The game is a play-tester's, kept
/// whole with its dice.
#[test]
fn a_navy_sunk_at_sea_loses_its_cargo_in_words() {
    let fixture = root().join("tests/data/ss-sea-battle/cargo-lost.yaml");
    let dir = tempfile::tempdir().unwrap();
    let report = flat(&stdout(&ok(
        dir.path(),
        &["report", fixture.to_str().unwrap(), "--steps", "1"],
    )));
    assert!(
        report.contains("leaves the map; the 3 food and 2 war aboard are lost with it (12.2)."),
        "{report}"
    );
}

/// Cornwallis with 4 units in Savannah; the Subordinate Leader with 3 units, 1 Food and 1 War
/// aboard the Crown navy off Georgia, at the Crown's full impulse of the third space of 1780.
fn landing_on_the_leader() -> Value {
    let boxes = json!({"loyalists": 0, "militia": 0});
    let pool = json!({"militia": 5, "loyalists": 5});
    let war = json!({"food": 0, "war": 1});
    json!({
        "armies": {"SAV": {"side": "crown", "units": 4, "leader": "leader"}},
        "campaign_turns": 1, "cup": [], "holds": [], "leaders_lost": 0,
        "navies": {"crown": "D", "french": "A",
                   "cargo": {"crown": {"units": 3, "leader": "subordinate", "food": 1, "war": 1}}},
        "partisans": {"GA": boxes, "NC": boxes, "SC": boxes, "VA": boxes},
        "pass_track": 3, "patriot_commander": "Gates",
        "phase": {"step": "impulse", "side": "crown", "kind": "full", "previous_passed": false},
        "political_will": 4,
        "pool": {"GA": pool, "NC": pool, "SC": pool, "VA": pool},
        "sieges": [],
        "supplies": {"GRB": war, "MOT": war, "N96": war, "WAT": war, "SAV": {"food": 1, "war": 1}},
        "turn": {"year": 1780, "space": 3}, "years_ended": 0, "initiative": "crown",
    })
}

/// The same army aboard, with no supplies, at the Patriot's full impulse of the next space
/// after a pass: passing ends the turn, and the navy leaves for the winter (12.3).
fn winter_with_an_army_aboard() -> Value {
    let mut st = landing_on_the_leader();
    st["armies"]["CHS"] = json!({"side": "patriot", "units": 2});
    st["armies"]["RIC"] = json!({"side": "patriot", "units": 2, "leader": "leader"});
    st["campaign_turns"] = json!(2);
    st["cup"] = json!([{"side": "patriot", "colony": "SC", "swamp_fox": true}]);
    st["navies"]["cargo"]["crown"] = json!({"units": 3, "leader": "subordinate"});
    st["phase"] =
        json!({"step": "impulse", "side": "patriot", "kind": "full", "previous_passed": true});
    st["turn"]["space"] = json!(4);
    st
}

/// 12.2: each sea battle roll names the parts of its modifier (the Political Will track's
/// naval modifier, and +1 for the side beginning the battle), and when neither total reaches
/// 10 the report says that neither navy is defeated, where it ended on the two rolls. Games
/// are tried by id (the demo secrets fix each one's dice) until both endings have been read.
#[test]
fn a_sea_battle_names_its_modifiers_and_says_when_neither_navy_is_defeated() {
    let mut st = landing_on_the_leader();
    st["navies"] = json!({"crown": "C", "french": "C"});
    st["armies"]["SAV"]["units"] = json!(7);
    // A red space of 1: the Crown adds it, the Patriots take it off (and add 1 for beginning).
    st["political_will"] = json!(6);
    st["phase"] =
        json!({"step": "impulse", "side": "patriot", "kind": "full", "previous_passed": false});
    let (mut neither, mut defeat) = (0, 0);
    for k in 0..60 {
        let dir = tempfile::tempdir().unwrap();
        let text = played_from(
            dir.path(),
            &format!("ss-sea-{k}"),
            &st,
            &["full: {navy: battle}\n"],
        );
        // What follows "Crown rolls " up to the end of its sentence.
        let roll = |side: &str| {
            text.split(&format!("Sea battle (12.2): {side} rolls "))
                .nth(1)
                .and_then(|t| t.split('.').next())
                .unwrap_or_else(|| panic!("no {side} roll: {text}"))
                .to_string()
        };
        let (crown, patriot) = (roll("Crown"), roll("Patriot"));
        assert!(
            crown.contains("+1 (+1 naval modifier on the Political Will track) = ")
                && !crown.contains("beginning"),
            "{crown}"
        );
        assert!(
            patriot.contains(
                "+0 (-1 naval modifier on the Political Will track, +1 for beginning the battle) = "
            ),
            "{patriot}"
        );
        let total = |roll: &str| -> i64 {
            let (faces, rest) = roll.split_once(',').unwrap();
            let sum: i64 = faces
                .split(" + ")
                .map(|f| f.trim().parse::<i64>().unwrap())
                .sum();
            let t: i64 = rest
                .rsplit("= ")
                .next()
                .unwrap()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .unwrap();
            assert_eq!(t, sum + if roll == crown { 1 } else { 0 }, "{roll}");
            t
        };
        let (c, p) = (total(&crown), total(&patriot));
        let said = text.contains("Neither navy reached 10: both stay in the zone.");
        assert_eq!(said, c < 10 && p < 10, "{text}");
        if said {
            neither += 1;
        } else {
            defeat += 1;
            assert!(text.contains("is defeated in sea zone C"), "{text}");
        }
        if neither > 0 && defeat > 0 {
            return;
        }
    }
    panic!("60 games gave {neither} battles with no defeat and {defeat} with one");
}

/// 10.4 with 9.5 and 10.8: skirmishers whose roll wipes out the army they attack see it
/// surrender before they go back to their own army: the battle ends at once (10.4), and the
/// return comes after it. The report told the return first, then the surrender.
#[test]
fn skirmishers_go_back_after_the_army_they_wiped_out_surrenders() {
    let boxes = json!({"loyalists": 0, "militia": 0});
    let pool = json!({"militia": 5, "loyalists": 5});
    let st = json!({
        "armies": {"CAM": {"side": "patriot", "units": 5, "leader": "leader"},
                   "HHS": {"side": "crown", "units": 3},
                   "WAX": {"side": "crown", "units": 2, "leader": "leader"}},
        "campaign_turns": 7, "cup": [{"side": "patriot", "colony": "SC", "swamp_fox": true}],
        "holds": [], "leaders_lost": 0, "navies": {},
        "partisans": {"GA": boxes, "NC": boxes, "SC": boxes, "VA": boxes},
        "pass_track": 3, "initiative": "patriot", "patriot_commander": "Greene",
        "phase": {"side": "patriot", "step": "impulse", "kind": "full", "previous_passed": false},
        "political_will": 4,
        "pool": {"GA": pool, "NC": pool, "SC": pool, "VA": pool},
        "sieges": [],
        "supplies": {"CAM": {"food": 3, "war": 5}, "WAX": {"food": 1, "war": 1}},
        "turn": {"space": 4, "year": 1781}, "years_ended": 1,
    });
    let back =
        "The 2 skirmishing units go back to Camden and rejoin Greene's army there (9.5, 10.8).";
    let (mut wiped, mut not) = (0, 0);
    for k in 0..40 {
        let dir = tempfile::tempdir().unwrap();
        let text = played_from(
            dir.path(),
            &format!("ss-skirmish-{k}"),
            &st,
            &["full: {skirmish: {from: CAM, to: WAX, units: 2, war: 3}}\n"],
        );
        let returned = text.find(back).unwrap_or_else(|| panic!("{text}"));
        match text.find("The Crown army at Waxhaws surrenders") {
            Some(surrender) => {
                assert!(surrender < returned, "{text}");
                wiped += 1;
            }
            None => not += 1,
        }
        if wiped > 0 && not > 0 {
            return;
        }
    }
    panic!("40 skirmishes: {wiped} wiped the army out, {not} did not");
}

/// 13.3: a counter going into the Irregular Cup at the turn's end comes from beside the board,
/// for an army of its side in the colony, and the report says both; "A Georgia Loyalist goes
/// into the Irregular Cup" read as if a counter had left its Partisan Box.
#[test]
fn a_counter_put_in_the_cup_says_where_from_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = winter_with_an_army_aboard();
    st["navies"] = json!({"crown": "D", "french": "A"});
    let report = played_from(dir.path(), "ss-cup-words", &st, &["full: pass\n"]);
    for (colony, counter, side) in [
        ("Georgia", "Loyalist", "Crown"),
        ("South Carolina", "Militia", "Patriot"),
        ("Virginia", "Militia", "Patriot"),
    ] {
        let line = format!(
            "A {colony} {counter} from beside the board goes into the Irregular Cup: a {side} army stands in {colony} (13.3)."
        );
        assert!(report.contains(&line), "{line}\n{report}");
    }
}
