//! Reports: every format of the shipped example against a reviewed snapshot, the board
//! picture's structure, and user templates.

use std::path::Path;

use crate::support::*;

/// The example game after its first impulse, made afresh in a temporary folder.
fn example_game() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.yaml");
    play_example(&out);
    (dir, out)
}

/// Compares `text` with `tests/snapshots/NAME`; `UPDATE_SNAPSHOTS=1` writes it instead, for a
/// person to review in the diff.
fn snapshot(name: &str, text: &str) {
    let p = root().join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&p).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1 and review it",
            p.display()
        )
    });
    assert!(want == text, "{name} differs from its snapshot; if the change is right, run with UPDATE_SNAPSHOTS=1\n--- got ---\n{text}");
}

fn report(game: &Path, format: &str, steps: &str) -> String {
    stdout(&ok(
        game.parent().unwrap(),
        &[
            "report",
            game.to_str().unwrap(),
            "--format",
            format,
            "--steps",
            steps,
        ],
    ))
}

#[test]
fn every_format_matches_its_snapshot() {
    let (_d, game) = example_game();
    snapshot("example-all.txt", &report(&game, "text", "all"));
    snapshot("example-all.md", &report(&game, "markdown", "all"));
    snapshot("example-all.bbcode", &report(&game, "bbcode", "all"));
    snapshot("example-stats.txt", &report(&game, "stats", "all"));
    snapshot("example-board.svg", &report(&game, "svg", "last"));
    snapshot("example-turn.md", &report(&game, "markdown", "turn:1780.3"));
}

#[test]
fn mail_text_is_wrapped_for_mail_readers() {
    let (_d, game) = example_game();
    let text = report(&game, "text", "all");
    for line in text.lines() {
        let long_token = line.split(' ').any(|w| w.len() > 40);
        assert!(
            line.chars().count() <= 72 || long_token,
            "line over 72 columns: {line}"
        );
    }
}

#[test]
fn the_board_is_well_formed_and_shows_every_army_and_marker() {
    let (_d, game) = example_game();
    let svg = report(&game, "svg", "last");
    let doc = roxmltree::Document::parse(&svg).expect("the board is well-formed XML");
    let gf = adjutant::engine::gamefile::GameFile::parse(&read(&game)).unwrap();
    for (area, army) in gf.state["armies"].as_object().unwrap() {
        let g = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(&format!("area-{area}")))
            .unwrap_or_else(|| panic!("no area {area}"));
        let titles: Vec<String> = g
            .descendants()
            .filter(|n| n.has_tag_name("title"))
            .filter_map(|n| n.text().map(str::to_string))
            .collect();
        let want = format!(
            "{}: {} units",
            army["side"].as_str().unwrap(),
            army["units"]
        );
        assert!(
            titles.iter().any(|t| t.starts_with(&want)),
            "area {area}: {titles:?} has no `{want}`"
        );
    }
    assert!(svg.contains(">RN<"), "the Crown navy is drawn");
    for id in ["partisans", "tracks", "seas", "lines"] {
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id)),
            "no `{id}` group"
        );
    }
    // Markers: a siege, a hold and a dug-in army, put into a copy of the state.
    let marked = game_at(
        game.parent().unwrap(),
        "marked.yaml",
        &read(&game),
        |state| {
            // 11.0: two Crown armies beside Charleston besiege it; 8.4: the Loyalist Holding
            // Augusta comes from Georgia's pool.
            state["armies"]["BFT"] = serde_json::json!({"side": "crown", "units": 1});
            state["armies"]["MCK"] = serde_json::json!({"side": "crown", "units": 1});
            state["sieges"] = serde_json::json!(["CHS"]);
            state["holds"] = serde_json::json!(["AUG"]);
            let pool = state["pool"]["GA"]["loyalists"].as_u64().unwrap();
            state["pool"]["GA"]["loyalists"] = (pool - 1).into();
        },
    );
    let svg = report(&marked, "svg", "last");
    assert!(
        svg.contains("<title>under siege</title>")
            && svg.contains("<title>held by Loyalists</title>"),
        "markers drawn"
    );
}

#[test]
fn a_user_template_overrides_the_built_in_one() {
    let (d, game) = example_game();
    let t = d.path().join("tpl/southern-strategy");
    std::fs::create_dir_all(&t).unwrap();
    std::fs::write(
        t.join("report.md"),
        "CUSTOM {{ id }} {{ steps|length }} steps\n",
    )
    .unwrap();
    let o = ok(
        d.path(),
        &[
            "report",
            game.to_str().unwrap(),
            "--format",
            "markdown",
            "--steps",
            "all",
            "--templates",
            "tpl",
        ],
    );
    let id = adjutant::engine::gamefile::GameFile::parse(&read(&game))
        .unwrap()
        .id;
    assert_eq!(stdout(&o), format!("CUSTOM {id} 3 steps\n"));
}

#[test]
fn a_per_game_template_setting_in_the_players_config_is_used() {
    let (d, game) = example_game();
    let t = d.path().join("per-game/southern-strategy");
    std::fs::create_dir_all(&t).unwrap();
    std::fs::write(t.join("report.md"), "PER GAME {{ id }}\n").unwrap();
    let config = d.path().join("config.yaml");
    let per_game = d.path().join("per-game");
    let id = adjutant::engine::gamefile::GameFile::parse(&read(&game))
        .unwrap()
        .id;
    std::fs::write(
        &config,
        format!(
            "format: adjutant-config/1\ngames:\n  {id}:\n    templates: {}\n",
            per_game.display()
        ),
    )
    .unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .args(["report", game.to_str().unwrap(), "--format", "markdown"])
        .env("ADJUTANT_CONFIG", &config)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("PER GAME {id}\n"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_broken_user_template_names_its_file_and_line() {
    let (d, game) = example_game();
    let t = d.path().join("tpl/southern-strategy");
    std::fs::create_dir_all(&t).unwrap();
    std::fs::write(t.join("report.md"), "line one\nline two {% if %}\n").unwrap();
    let err = fails(
        d.path(),
        &[
            "report",
            game.to_str().unwrap(),
            "--format",
            "markdown",
            "--templates",
            "tpl",
        ],
    );
    assert!(err.contains("southern-strategy/report.md, line 2"), "{err}");
}

/// The Lost Cause's shipped example, one answer on: its forum report in every text format.
#[test]
fn the_lost_cause_reports_match_their_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/the-lost-cause/examples");
    let game = d.join("game.yaml");
    std::fs::copy(ex.join("demo-game.yaml"), &game).unwrap();
    ok(
        d,
        &[
            "play",
            "game.yaml",
            ex.join("command.yaml").to_str().unwrap(),
            "--secrets",
            ex.join("demo-secrets").to_str().unwrap(),
        ],
    );
    snapshot("lost-cause-all.txt", &report(&game, "text", "all"));
    snapshot("lost-cause-all.md", &report(&game, "markdown", "all"));
    snapshot("lost-cause-all.bbcode", &report(&game, "bbcode", "all"));
    snapshot(
        "lost-cause-show.txt",
        &stdout(&ok(d, &["show", "game.yaml"])),
    );
    let e = super::support::fails(d, &["report", "game.yaml", "--format", "svg"]);
    assert!(e.contains("picture") || e.contains("svg"), "{e}");
}

/// Every Southern Strategy event reads as words in a report: one sample of each kind the
/// rules define (checked against the enum in `events.rs`) is rendered, and no line may show
/// an id-keyed value or a JSON object.
#[test]
fn every_southern_strategy_event_is_told_in_words() {
    use adjutant::engine::game::Game;
    use adjutant::games::southern_strategy::{self as ss, events::Event, SouthernStrategy};
    let samples = serde_json::json!([
        {"event": "campaign_turn", "year": 1781, "space": 1, "winter": true},
        {"event": "supplies_generated", "side": "crown", "area": "SAV", "food": 2, "war": 1, "majority": true},
        {"event": "no_generation", "side": "crown", "area": "SAV", "reason": "under siege"},
        {"event": "supplies_moved", "side": "crown", "from": "SAV", "to": "EBN", "food": 1, "war": 0},
        {"event": "supplies_discarded", "side": "crown", "area": "EBN", "food": 0, "war": 1},
        {"event": "supplies_abandoned", "side": "patriot", "area": "CHS", "food": 1, "war": 1},
        {"event": "supply_phase_done", "side": "crown"},
        {"event": "initiative", "crown": 3, "patriot": 2, "first": "crown", "pass_track": 3, "tie": false},
        {"event": "impulse_skipped", "side": "crown", "kind": "limited"},
        {"event": "passed", "side": "crown", "pass_track": 2},
        {"event": "impulse_phase_ended", "reason": "both passed"},
        {"event": "foraged", "side": "crown", "colony": "GA", "area": "SAV", "food": 1},
        {"event": "recruited", "side": "crown", "colony": "GA", "area": "SAV"},
        {"event": "raided", "colony": "SC", "die": 5, "modifier": 1, "total": 6, "success": true, "target": "GRB", "effect": "hold"},
        {"event": "unit_eliminated", "side": "crown", "area": "ORB"},
        {"event": "food_destroyed", "area": "ORB"},
        {"event": "held", "area": "AUG"},
        {"event": "marched", "side": "patriot", "from": "CHW", "food_paid": 1, "activated_units": 4,
         "groups": [{"to": "WIL", "units": 4, "leader": true, "food": 0, "war": 0}], "stayed": 2, "subordinate_stays": true},
        {"event": "subordinate_rejoined", "side": "crown", "area": "SAV"},
        {"event": "hold_eliminated", "area": "AUG"},
        {"event": "attack_launched", "side": "crown", "from": "SAV", "to": "EBN", "units": 6, "food_paid": 2, "war": 2},
        {"event": "attack_launched", "side": "crown", "from": "SAV", "to": "EBN", "units": 6, "food_paid": 2, "carried": {"food": 0, "war": 3}},
        {"event": "attack_committed", "side": "crown", "area": "EBN", "war": 2, "dice": 2},
        {"event": "policy_answered", "side": "patriot", "area": "EBN"},
        {"event": "battle_refused", "side": "patriot", "from": "EBN", "to": "AUG", "food": 0, "war": 0},
        {"event": "battle_joined", "attacker": "crown", "area": "EBN", "attacker_units": 6, "defender_units": 2, "attacker_dice": 2, "defender_dice": 1},
        {"event": "battle_roll", "side": "crown", "faces": [1, 4], "hits": 1},
        {"event": "dug_in_hit_ignored", "area": "CHS"},
        {"event": "battle_won", "winner": "crown", "attacker_total": 7, "defender_total": 1},
        {"event": "morale_check", "side": "patriot", "die": 3, "needed": 6, "passed": false},
        {"event": "retreated", "side": "patriot", "from": "EBN", "to": "AUG", "food": 0, "war": 0},
        {"event": "attacker_returned", "side": "crown", "to": "SAV", "units": 5},
        {"event": "surrendered", "side": "patriot", "area": "CHS", "units": 2, "leader": "leader"},
        {"event": "siege_declared", "area": "WIL", "by": "crown"},
        {"event": "siege_lifted", "area": "WIL"},
        {"event": "siege_food", "area": "WIL"},
        {"event": "navy_moved", "side": "crown", "from": "D", "to": "C"},
        {"event": "sea_battle_roll", "side": "crown", "faces": [5, 4], "modifier": 1, "total": 10},
        {"event": "navy_defeated", "side": "patriot", "zone": "C"},
        {"event": "navy_removed", "side": "crown", "zone": "C"},
        {"event": "navy_return_roll", "side": "crown", "die": 2, "needed": 2, "returns": true},
        {"event": "navy_returned", "side": "crown", "zone": "D"},
        {"event": "transported", "from": "CHS", "units": 4, "food": 1, "war": 1, "zone": "B", "subordinate": "stays"},
        {"event": "landed", "area": "WIL", "units": 4, "food": 1, "war": 1},
        {"event": "cargo_lost", "side": "crown", "food": 1, "war": 0},
        {"event": "commander_arrived", "name": "Greene", "area": "RIC", "units": 6, "food": 2, "war": 2},
        {"event": "skirmished", "from": "CHS", "to": "ORB", "units": 2, "war": 1},
        {"event": "dug_in", "side": "crown", "area": "SAV"},
        {"event": "dug_in_removed", "areas": ["SAV"]},
        {"event": "irregular_drawn", "side": "patriot", "colony": "SC", "swamp_fox": false, "placed": true, "replaced": null},
        {"event": "irregulars_to_cup", "side": "crown", "colony": "SC", "swamp_fox": false},
        {"event": "political_will", "from": 4, "to": 3, "reason": "13.5 end of 1780"},
        {"event": "victory", "winner": "patriot", "how": "14.0 Political Will at 0"}
    ]);
    let samples = samples.as_array().unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for s in samples {
        let e: Event = serde_json::from_value(s.clone())
            .unwrap_or_else(|err| panic!("sample {s} is not an event: {err}"));
        kinds.insert(
            serde_json::to_value(&e).unwrap()["event"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    // Every variant of the enum has a sample.
    let source =
        std::fs::read_to_string(root().join("src/games/southern_strategy/events.rs")).unwrap();
    let body = &source[source.find("pub enum Event {").unwrap()..];
    let body = &body[..body.find("\n}\n").unwrap()];
    let variants: Vec<&str> = body
        .lines()
        .filter_map(|l| {
            let t = l.strip_prefix("    ")?;
            let first = t.chars().next()?;
            (first.is_ascii_uppercase()).then(|| t.split([' ', ',', '{']).next().unwrap())
        })
        .collect();
    assert_eq!(
        variants.len(),
        kinds.len(),
        "a sample for each of {variants:?}, have {kinds:?}"
    );
    let data_files: Vec<(String, String)> = ss::DATA_FILES
        .iter()
        .chain(ss::DISPLAY_FILES)
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let data = ss::data::Data::load(&data_files).unwrap();
    let templates = adjutant::report::text::Templates::new(None);
    let steps = serde_json::json!([{"step": 1, "ordered_by": "crown", "adjudicated_by": "patriot",
        "orders": {"commit": 2}, "rolls": [], "events": samples}]);
    let mut ctx = serde_json::json!({"title": "events", "id": "events", "game": "southern-strategy",
        "steps": steps, "reveals": [], "tip": "", "at_step": 1, "verification_block": ""});
    for (k, v) in SouthernStrategy::lookups(&data).as_object().unwrap() {
        ctx[k] = v.clone();
    }
    let text = templates
        .render("southern-strategy/report.txt", &ctx)
        .unwrap();
    if std::env::var_os("SHOW_EVENTS").is_some() {
        eprintln!("{text}");
    }
    for line in text.lines() {
        assert!(
            !line.contains("\"event\"")
                && !line.contains("{\"")
                && !line.contains("event:")
                && !line.contains("  war"),
            "a raw value in the report: {line}"
        );
    }
    for name in [
        "Greene heads south",
        "commits 2 war",
        "standing policy",
        "sea zone B",
    ] {
        assert!(text.contains(name), "`{name}` missing from:\n{text}");
    }
}
