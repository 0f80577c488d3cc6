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
pub fn snapshot(name: &str, text: &str) {
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

/// The dice statistics' table: every column's cells start under its heading, after a space,
/// however long a side's name or a reason is. A game of two sides has a side column naming
/// each side as the game does (`sides`: Crown, Patriot), with `other` for a roll no side
/// made and `all` for the total; a game of one side (a solitaire game) has no side column and
/// totals its dice once. No side cell is an id (`je-johnston`) or a bare `-`.
pub fn assert_columns_line_up(stats: &str, sides: &[&str]) {
    let header = stats
        .lines()
        .find(|l| l.starts_with("side") || l.starts_with("reason"))
        .expect("a header line");
    assert_eq!(
        header.starts_with("side"),
        !sides.is_empty(),
        "a side column only for a game of two sides:\n{header}"
    );
    let rows: Vec<&str> = stats.lines().skip_while(|l| *l != header).skip(1).collect();
    for heading in ["reason", "dice"] {
        let at = header.find(heading).expect("a column");
        for row in &rows {
            let (before, after) = row.split_at(at);
            assert!(
                (at == 0 || before.ends_with(' ')) && after.starts_with(|c: char| c != ' '),
                "the {heading} column does not line up:\n{header}\n{row}"
            );
        }
    }
    let dice_at = header.find("dice").unwrap();
    for row in &rows {
        assert!(
            row[dice_at..].starts_with(|c: char| c.is_ascii_digit()),
            "{header}\n{row}"
        );
    }
    let totals = rows.iter().filter(|l| l.contains("all rolls")).count();
    if sides.is_empty() {
        assert_eq!(totals, 1, "{stats}");
        return;
    }
    let reason_at = header.find("reason").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for row in &rows {
        let side = row[..reason_at].trim_end();
        assert!(
            sides.contains(&side) || side == "other" || side == "all",
            "`{side}` is no side of the game:\n{header}\n{row}"
        );
        if side != "all" {
            seen.insert(side);
        }
    }
    assert_eq!(totals, seen.len() + 1, "{stats}");
}

#[test]
fn every_format_matches_its_snapshot() {
    let (_d, game) = example_game();
    snapshot("example-all.txt", &report(&game, "text", "all"));
    snapshot("example-all.md", &report(&game, "markdown", "all"));
    snapshot("example-all.bbcode", &report(&game, "bbcode", "all"));
    let stats = report(&game, "stats", "all");
    assert_columns_line_up(&stats, &["Crown", "Patriot"]);
    snapshot("example-stats.txt", &stats);
    snapshot("example-board.svg", &report(&game, "svg", "last"));
    snapshot("example-turn.md", &report(&game, "markdown", "turn:1780.3"));
}

/// `--steps turn:Y.S` picks the steps of that campaign turn; a turn before the game began (or
/// after the last step) has none and is refused, never answered with the first turn's steps.
#[test]
fn a_turn_outside_the_game_selects_nothing() {
    let (_d, game) = example_game();
    let first = report(&game, "markdown", "turn:1780.3");
    assert!(first.contains("Step 1"), "{first}");
    for turn in [
        "turn:1780.2",
        "turn:1780.1",
        "turn:1779.3",
        "turn:1700.1",
        "turn:1790.2",
    ] {
        let err = fails(
            game.parent().unwrap(),
            &["report", game.to_str().unwrap(), "--steps", turn],
        );
        assert!(err.contains("no adjudicated step matches"), "{turn}: {err}");
        // It said "a step's result travels in a record of its own", which is about step
        // numbers, not turns.
        assert!(
            err.contains("no step falls in turn") && !err.contains("travels"),
            "{turn}: {err}"
        );
    }
    // A turn written without its space is a usage error that says how a turn is written.
    let err = fails(
        game.parent().unwrap(),
        &["report", game.to_str().unwrap(), "--steps", "turn:1780"],
    );
    assert!(
        err.contains("turn:1780.3") && !err.contains("YEAR.SPACE"),
        "{err}"
    );
}

/// The Lost Cause marks no campaign turns (its war runs by years and cards), so `--steps
/// turn:Y.S` names none of its steps and is refused, saying how its steps are selected; it
/// printed the whole war, as if every step were in every turn.
#[test]
fn a_turn_of_a_game_without_campaign_turns_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lost_cause_one_answer_on(d);
    for turn in ["turn:1861.1", "turn:1862.1", "turn:1899.1"] {
        let err = fails(d, &["report", "game.yaml", "--steps", turn]);
        assert!(err.contains("no adjudicated step matches"), "{turn}: {err}");
        assert!(
            err.contains("this game has no campaign turns"),
            "{turn}: {err}"
        );
    }
}

/// A picture of a selection that names no adjudicated step is refused as the text reports
/// refuse it, never drawn as the game stands now under a title that names another step.
#[test]
fn a_picture_of_no_step_is_refused() {
    let (_d, game) = example_game();
    let dir = game.parent().unwrap();
    for format in ["svg", "png"] {
        let out = dir.join(format!("board.{format}"));
        let err = fails(
            dir,
            &[
                "report",
                game.to_str().unwrap(),
                "--format",
                format,
                "--steps",
                "999",
                "-o",
                out.to_str().unwrap(),
            ],
        );
        assert!(
            err.contains("no adjudicated step matches"),
            "{format}: {err}"
        );
        assert!(!out.exists(), "{format}: nothing is written");
    }
}

#[test]
fn mail_text_is_wrapped_for_mail_readers() {
    let (_d, game) = example_game();
    assert_mail_width(&report(&game, "text", "all"));
    assert_dice_lines_hang(&report(&game, "text", "all"));
}

/// The forum formats read right where they are posted: Markdown for Reddit, Discord and
/// GitHub, BBCode for BoardGameGeek; the mail text fits 72 columns, hashes included.
#[test]
fn forum_reports_use_only_what_the_forums_read() {
    let (_d, game) = example_game();
    assert_forum_markdown(&report(&game, "markdown", "all"));
    assert_bgg_bbcode(&report(&game, "bbcode", "all"));
    assert_mail_width(&report(&game, "text", "all"));
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
        let want = crate::board::army_title(
            army["side"].as_str().unwrap(),
            army["units"].as_u64().unwrap(),
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

/// The board picture on its own is safe to open in a browser too: markup in a name is text.
#[test]
fn a_hostile_area_name_is_text_in_the_svg_board() {
    const HOSTILE: &str = "</script><script>alert(1)</script><img src=x onerror=alert(2)>";
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = d.join("data");
    std::fs::create_dir(&data).unwrap();
    for f in std::fs::read_dir(root().join("games/southern-strategy")).unwrap() {
        let f = f.unwrap();
        if f.file_type().unwrap().is_file() {
            std::fs::copy(f.path(), data.join(f.file_name())).unwrap();
        }
    }
    let map = read(&data.join("map.yaml"));
    let hostile = format!("name: \"Savannah{HOSTILE}\",");
    std::fs::write(
        data.join("map.yaml"),
        map.replace("name: Savannah,", &hostile),
    )
    .unwrap();
    ok(
        d,
        &[
            "new",
            "--id",
            "hostile",
            "--demo",
            "--secrets",
            "s",
            "--data",
            "data",
            "-o",
            "game.yaml",
        ],
    );
    let svg = stdout(&ok(
        d,
        &["report", "game.yaml", "--format", "svg", "--data", "data"],
    ));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
    assert!(doc
        .descendants()
        .any(|n| n.text() == Some(format!("Savannah{HOSTILE}").as_str())));
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
    // A game's template at the top of the folder is not used, and the player is told where it
    // goes; a folder that is not there is refused (both went unsaid, the built-in one used).
    std::fs::write(d.path().join("tpl/show.txt"), "LOOSE\n").unwrap();
    let o = ok(
        d.path(),
        &["show", game.to_str().unwrap(), "--templates", "tpl"],
    );
    assert!(!stdout(&o).contains("LOOSE"));
    assert!(
        stderr(&o).contains("`tpl/show.txt` is not used")
            && stderr(&o).contains("`tpl/southern-strategy/show.txt`"),
        "{}",
        stderr(&o)
    );
    let err = fails(
        d.path(),
        &["show", game.to_str().unwrap(), "--templates", "no-such"],
    );
    assert!(
        err.contains("the templates folder `no-such` does not exist"),
        "{err}"
    );
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

/// The Lost Cause's shipped example in `d` as `game.yaml`, played one answer on
/// (`command.yaml`).
pub fn lost_cause_one_answer_on(d: &Path) -> std::path::PathBuf {
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
    game
}

/// The Lost Cause's shipped example, one answer on: its forum report in every text format
/// (its board is in `board.rs`).
#[test]
fn the_lost_cause_reports_match_their_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = lost_cause_one_answer_on(d);
    snapshot("lost-cause-all.txt", &report(&game, "text", "all"));
    snapshot("lost-cause-all.md", &report(&game, "markdown", "all"));
    snapshot("lost-cause-all.bbcode", &report(&game, "bbcode", "all"));
    assert_forum_markdown(&report(&game, "markdown", "all"));
    assert_bgg_bbcode(&report(&game, "bbcode", "all"));
    assert_mail_width(&report(&game, "text", "all"));
    snapshot(
        "lost-cause-show.txt",
        &stdout(&ok(d, &["show", "game.yaml"])),
    );
}

/// A tester's finding: a roll too long for a mail reader was folded at the roll's own indent,
/// so its tail (`7 8 10 3 11 1 12 4 9 (card numbers)` after 14.6's shuffle, `up: 5` after a
/// solo 1776 area change) read as a roll of its own. The tail now hangs two spaces further in,
/// as a "What happened" line's does.
#[test]
fn a_roll_too_long_for_a_line_hangs_under_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let game = lost_cause_one_answer_on(dir.path());
    let text = report(&game, "text", "all");
    assert!(assert_dice_lines_hang(&text) > 0, "no roll folded:\n{text}");
    assert!(
        text.contains("\n      1 2 8 11 12 3 5 4 7 6 (card numbers)\n"),
        "{text}"
    );
    assert_mail_width(&text);
}

/// `show` of an edited copy of `game`: the position `edit` makes, started as a new game.
fn show_of(game: &Path, name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let dir = game.parent().unwrap();
    let edited = game_at(dir, name, &read(game), edit);
    stdout(&ok(dir, &["show", edited.to_str().unwrap()]))
}

/// Checks `text` against its snapshot and that it holds each of `lines`, which say what the
/// snapshot is there to show.
fn shows(name: &str, text: &str, lines: &[&str]) {
    for want in lines {
        assert!(text.contains(want), "`{want}` missing from:\n{text}");
    }
    snapshot(name, text);
}

/// 9.3, 11.0: `show` lists a Southern Strategy army and supplies aboard a navy, and every
/// siege with who is inside and who besieges it.
#[test]
fn southern_strategy_show_lists_cargo_at_sea_and_sieges() {
    let (_d, game) = example_game();
    let text = show_of(&game, "at-sea.yaml", |st| {
        // The two Crown Units at Savannah are aboard the navy off Georgia under a Subordinate
        // Leader (9.3: a transported army has one) with a War cube, and
        // Charleston is besieged by two Crown armies beside it.
        st["armies"].as_object_mut().unwrap().remove("SAV");
        st["navies"]["cargo"] = serde_json::json!({"crown": {"units": 2, "leader": "subordinate", "food": 0, "war": 1}});
        st["supplies"].as_object_mut().unwrap().remove("SAV");
        st["armies"]["BFT"] = serde_json::json!({"side": "crown", "units": 1});
        st["armies"]["MCK"] = serde_json::json!({"side": "crown", "units": 1});
        st["sieges"] = serde_json::json!(["CHS"]);
    });
    shows(
        "southern-strategy-show-at-sea.txt",
        &text,
        &[
            "Crown navy: in sea zone D (Off Georgia), carrying an army of 2 units with its Subordinate Leader and 0 food 1 war",
            "Sieges: Charleston (the Patriot army inside, under siege by the Crown) (11.0)",
            "2 units, under siege",
        ],
    );
}

/// 16.0, 3.0, 9.5.1: The Lost Cause's `show` lists the Resources on the map, on the Blockade
/// and sailing with a track marker, the standing Fortifications, and the European navies.
#[test]
fn lost_cause_show_lists_resources_fortifications_and_navies() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    std::fs::copy(
        root().join("games/the-lost-cause/examples/demo-game.yaml"),
        &game,
    )
    .unwrap();
    let text = show_of(&game, "placed.yaml", |st| {
        st["resources"]["forts-1"] = serde_json::json!({"space": "manassas"});
        st["resources"]["coastal-forts-1"] = serde_json::json!("blockade");
        st["resources"]["commerce-raider"] = serde_json::json!({"raiding": "morale"});
        st["resources"]["railroads-1"] = serde_json::json!("available");
        st["recognition"] = serde_json::json!(5);
        st["navies"] = serde_json::json!("recognition");
    });
    shows(
        "lost-cause-show-placed.txt",
        &text,
        &[
            "Resources available: Railroads",
            "Resources on the map: Forts at Manassas",
            "On the Naval Blockade marker: Coastal Forts",
            "Commerce Raider: on the Confederate Morale marker",
            "Fortifications standing: Atlanta, Forts Henry & Donelson",
            "European navies: on box 6 of the Blockade Track",
        ],
    );
}

/// 12, 17: solo 1776's `show` lists detachments, American forts and what the French fleets
/// are doing, by name.
#[test]
fn solo_1776_show_lists_detachments_forts_and_the_french() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    std::fs::copy(
        root().join("games/solo-1776/examples/demo-game.yaml"),
        &game,
    )
    .unwrap();
    let text = show_of(&game, "french.yaml", |st| {
        st["detachments"]["replacements-deep-south"] = serde_json::json!({"area": "deep-south",
            "location": 0, "sp": 1, "dragoons": 0, "artillery": 0, "supply": 0});
        st["forts"]["middle-states-15"] = serde_json::json!({"area": "middle-states",
            "location": 15, "town": "perth-amboy",
            "garrison": {"sp": 1, "dragoons": 0, "artillery": 0, "supply": 1}});
        st["french"] = serde_json::json!({"fleets": 1, "at": "south-central",
            "operating": "south-central", "landed": 1});
    });
    shows(
        "solo-1776-show-french.txt",
        &text,
        &[
            "a detachment (`replacements-deep-south`): 1 SP, 0 artillery, 0 supply",
            "an American fort (`middle-states-15`) at Perth Amboy: garrison 1 SP, 0 artillery, 1 supply",
            "operating off South Central this quarter; 1 land element ashore so far",
            "Washington's army: 12 SP",
        ],
    );
}

/// A report of past steps ends with the position after its last step, not today's: the next
/// decision then was the Patriot's supply phase, whatever the game has done since.
#[test]
fn a_report_of_past_steps_ends_where_those_steps_left_the_game() {
    let (_d, game) = example_game();
    let past = report(&game, "text", "1");
    assert!(
        past.contains("This report ends at step 1; the game has gone on to step 3."),
        "{past}"
    );
    assert!(past.contains("Next: Patriot, supply"), "{past}");
    let now = report(&game, "text", "all");
    assert!(!now.contains("This report ends at step"), "{now}");
    assert!(now.contains("Next: Patriot, impulse"), "{now}");
    let md = report(&game, "markdown", "1-1");
    assert!(md.contains("**Next:** Patriot, supply"), "{md}");
}

/// 10.4: every two attacking units the defender's roll eliminates cost the attacker a battle
/// die, and the report says so where the defender's roll is told; the attacker's own roll
/// costs nothing, and one unit lost costs no die.
#[test]
fn a_battle_report_says_when_the_attacker_loses_dice_for_units_lost() {
    use adjutant::report::text::{with_lookups, Templates};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("probe.txt"),
        "{%- from \"southern-strategy/events.txt\" import event -%}\n{% for e in events %}{{ event(e, loop.previtem, events[loop.index:]) }}\n{% endfor %}",
    )
    .unwrap();
    let templates = Templates::new(Some(dir.path()));
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let told = |defender_hits: u32| {
        let events = serde_json::json!([
            {"event": "battle_joined", "attacker": "crown", "area": "EBN", "attacker_units": 6,
             "defender_units": 3, "attacker_dice": 3, "defender_dice": 3},
            {"event": "battle_roll", "side": "patriot", "faces": [1, 2, 6], "hits": defender_hits},
            {"event": "battle_roll", "side": "crown", "faces": [1, 2], "hits": 2},
        ]);
        let ctx = with_lookups(serde_json::json!({"events": events}), &rules.lookups());
        templates.render("probe.txt", &ctx).unwrap()
    };
    let text = told(2);
    assert!(
        text.contains("The attacker loses 1 battle die for the units lost, 2 left (10.4)."),
        "{text}"
    );
    assert_eq!(text.matches("battle die").count(), 1, "{text}");
    assert!(!told(1).contains("battle di"), "{}", told(1));
    // 12.2, 12.3: an army lost at sea is not said to surrender "at C".
    let ctx = with_lookups(
        serde_json::json!({"events": [{"event": "surrendered", "side": "crown", "area": "C",
            "units": 6, "leader": "leader"}]}),
        &rules.lookups(),
    );
    let lost = templates.render("probe.txt", &ctx).unwrap();
    assert!(
        lost.contains(
            "The Crown army at sea in sea zone C (Off South Carolina) is lost with its navy"
        ),
        "{lost}"
    );
}

/// 9.1.1: a Union army beaten at its Base has nowhere to retreat; the report says it stays,
/// rather than leaving the reader to wonder why nothing moved.
#[test]
fn a_union_army_beaten_at_its_base_is_said_to_stay() {
    use adjutant::report::text::{with_lookups, Templates};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("probe.txt"),
        "{%- from \"the-lost-cause/events.txt\" import event -%}\n{% for e in events %}{{ event(e, loop.previtem, events[loop.index:]) }}\n{% endfor %}",
    )
    .unwrap();
    let templates = Templates::new(Some(dir.path()));
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let told = |after: serde_json::Value| {
        let mut events = vec![serde_json::json!({"event": "battle", "rule": "9.1.1",
            "leader": "lee", "army": "blue", "result": "above"})];
        events.extend(after.as_array().unwrap().iter().cloned());
        let ctx = with_lookups(serde_json::json!({"events": events}), &rules.lookups());
        templates.render("probe.txt", &ctx).unwrap()
    };
    let stays = "stands at its Base with nowhere to retreat, so it stays (9.1.1)";
    assert!(
        told(serde_json::json!([])).contains(stays),
        "{}",
        told(serde_json::json!([]))
    );
    let retreated = told(serde_json::json!([{"event": "retreated", "rule": "9.1.1",
        "army": "blue", "from": "manassas", "to": "washington"}]));
    assert!(!retreated.contains(stays), "{retreated}");
}

/// The solo 1776 example, its first British turn played: every text format and `show`
/// against reviewed snapshots, and the forum formats read right where they are posted.
#[test]
fn solo_1776_reports_match_their_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/solo-1776/examples");
    let game = d.join("game.yaml");
    std::fs::copy(ex.join("demo-game.yaml"), &game).unwrap();
    ok(
        d,
        &[
            "play",
            "game.yaml",
            ex.join("british-turn.yaml").to_str().unwrap(),
            "--secrets",
            ex.join("demo-secrets").to_str().unwrap(),
        ],
    );
    snapshot("solo-1776-all.txt", &report(&game, "text", "all"));
    snapshot("solo-1776-all.md", &report(&game, "markdown", "all"));
    snapshot("solo-1776-all.bbcode", &report(&game, "bbcode", "all"));
    let stats = report(&game, "stats", "all");
    assert_columns_line_up(&stats, &[]);
    snapshot("solo-1776-stats.txt", &stats);
    snapshot(
        "solo-1776-show.txt",
        &stdout(&ok(d, &["show", "game.yaml"])),
    );
    assert_forum_markdown(&report(&game, "markdown", "all"));
    assert_bgg_bbcode(&report(&game, "bbcode", "all"));
    assert_mail_width(&report(&game, "text", "all"));
    assert_dice_lines_hang(&report(&game, "text", "all"));
}

/// 5.4: supplies moved aboard the navy go to a sea zone, which the report names as one
/// (`sea zone D (Off Georgia)`), never by its bare id.
#[test]
fn supplies_moved_aboard_the_navy_name_the_sea_zone() {
    let dir = tempfile::tempdir().unwrap();
    ok(
        dir.path(),
        &[
            "new",
            "--id",
            "ss-sea-words",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    write(
        dir.path(),
        "o.yaml",
        "supply: [{from: SAV, to: D, food: 1, war: 1}]\n",
    );
    let text = stdout(&ok(
        dir.path(),
        &["play", "g.yaml", "o.yaml", "--secrets", "s"],
    ));
    // Mail lines are wrapped: read the words, not the lines.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("from Savannah to sea zone D (Off Georgia) (5.4)"),
        "{text}"
    );
    assert!(!text.contains(" to D "), "{text}");
}

/// A game just made has no step to report: `report` says so and where the set-up is shown;
/// `verify` counts its nothing in good English, and `show` ends its last line.
#[test]
fn a_new_game_reports_that_nothing_was_adjudicated_yet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--id",
            "r-new",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let err = fails(d, &["report", "g.yaml"]);
    assert!(err.contains("no adjudicated step yet"), "{err}");
    assert!(err.contains("adjutant show"), "{err}");
    write(d, "c1.yaml", "supply: []\n");
    ok(d, &["play", "g.yaml", "c1.yaml", "--secrets", "s"]);
    let v = stdout(&ok(d, &["verify", "g.yaml"]));
    assert!(
        v.contains(": 1 record, 0 steps re-adjudicated, 0 random draws checked"),
        "{v}"
    );
    write(d, "p1.yaml", "supply: []\n");
    ok(d, &["play", "g.yaml", "p1.yaml", "--secrets", "s"]);
    // After both supply phases: how many records hold the initiative roll depends on who won
    // it, but each count agrees with its noun.
    let v = stdout(&ok(d, &["verify", "g.yaml"]));
    let counts = v.split(": ").nth(1).unwrap().lines().next().unwrap();
    let mut seen = 0;
    for part in counts.split(", ") {
        let mut words = part.split(' ');
        let n: u32 = words.next().unwrap().parse().unwrap();
        let noun = words
            .rfind(|w| !matches!(*w, "checked" | "re-adjudicated"))
            .unwrap();
        assert_eq!(noun.ends_with('s'), n != 1, "`{part}` in {v}");
        seen += 1;
    }
    assert!(
        seen == 3 && v.contains(" re-adjudicated, ") && !v.contains(": 1 record,"),
        "{v}"
    );
    let show = stdout(&ok(d, &["show", "g.yaml"]));
    assert!(show.ends_with('\n'), "show ends its last line");
}

/// A game played against the bot keeps each of its steps' results in a record of its own, so
/// some record numbers name no step. Asking for one is refused with the steps there are, as
/// `--steps all` shows them.
#[test]
fn a_number_that_names_no_step_is_refused_with_the_steps_there_are() {
    let dir = tempfile::tempdir().unwrap();
    // Whether the Crown's supply phase already leaves such a number depends on who wins the
    // initiative (6.0), which the players' own chains decide: new games until one does.
    let found = (0..20).find_map(|k| {
        let d = dir.path().join(k.to_string());
        std::fs::create_dir(&d).unwrap();
        let id = format!("ss-vs-bot-{k}");
        ok(
            &d,
            &[
                "new",
                "--id",
                &id,
                "--hotseat",
                "--secrets",
                "s",
                "-o",
                "game.yaml",
            ],
        );
        write(&d, "supply.yaml", "supply: []\n");
        ok(
            &d,
            &[
                "play",
                "game.yaml",
                "supply.yaml",
                "--bot",
                "patriot",
                "--playouts",
                "20",
                "--secrets",
                "s",
            ],
        );
        let all = stdout(&ok(&d, &["report", "game.yaml", "--steps", "all"]));
        let shown: Vec<u64> = all
            .lines()
            .filter_map(|l| {
                l.strip_prefix("Step ")?
                    .split([':', ' '])
                    .next()?
                    .parse()
                    .ok()
            })
            .collect();
        let missing = (1..*shown.last()?).find(|n| !shown.contains(n))?;
        Some((d, shown, missing))
    });
    let (d, shown, missing) = found.expect("a game with a record number that names no step");
    let err = fails(
        &d,
        &["report", "game.yaml", "--steps", &missing.to_string()],
    );
    let listed = err
        .split("the game's steps are ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_else(|| panic!("{err}"));
    // The list, read back, is the steps `--steps all` shows.
    let mut read_back = Vec::new();
    for part in listed.split(", ") {
        match part.split_once('-') {
            Some((a, b)) => read_back.extend(a.parse::<u64>().unwrap()..=b.parse().unwrap()),
            None => read_back.push(part.parse().unwrap()),
        }
    }
    assert_eq!(read_back, shown, "{err}");
}

/// A whole Southern Strategy game played by mail at the table (two players, two secrets
/// folders, 142 steps: battles, sieges, a sea battle, raids, policies, the bot for one side),
/// kept as it was played. It verifies, and its reports read as a player's words in every
/// format: no raw values, no bare draw numbers.
#[test]
fn a_game_played_at_the_table_reads_cleanly_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    std::fs::copy(root().join("tests/data/ss-table-game/game.yaml"), &game).unwrap();
    ok(dir.path(), &["verify", "game.yaml"]);
    for format in ["text", "markdown", "bbcode"] {
        let text = report(&game, format, "all");
        for raw in ["{\"", "Some(", "None", "item 1 of", "item 5 of"] {
            assert!(
                !text.contains(raw),
                "the {format} report prints `{raw}`:\n{text}"
            );
        }
        // 13.2: a draw from the cup names what it counts.
        assert!(
            text.contains("counter 5 of the 5 in the cup"),
            "{format}:\n{text}"
        );
    }
    // `show` lists the armies by side and then by the area's name, as a player looks them up.
    let shown = stdout(&ok(dir.path(), &["show", "game.yaml"]));
    let armies: Vec<(String, String)> = shown
        .lines()
        .skip_while(|l| *l != "Armies")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let cols: Vec<&str> = l
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            (cols[0].to_string(), cols[1].to_string())
        })
        .collect();
    assert!(armies.len() >= 4, "{shown}");
    let mut sorted = armies.clone();
    sorted.sort();
    assert_eq!(armies, sorted, "{shown}");
}

/// A report waiting for a full impulse says that supply moves may go with its actions, which
/// the options it lists left out: a player mailed the list chose among the actions alone.
#[test]
fn a_report_at_a_full_impulse_says_supply_moves_may_go_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let demo = read(&root().join("games/southern-strategy/examples/demo-game.yaml"));
    let game = game_at(d, "full.yaml", &demo, |_| {});
    // The shipped example waits for the Crown's limited impulse; sent alone, the full one is next.
    write(d, "l.yaml", "limited: skip\n");
    ok(
        d,
        &[
            "play",
            "full.yaml",
            "l.yaml",
            "--secrets",
            "full.yaml-secrets",
        ],
    );
    let text = stdout(&ok(d, &["report", game.to_str().unwrap()]));
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("Beside these, supply moves may go with any action above but a pass (5.2, 9.0): 1 open now, which `adjutant orders GAME-FILE` lists."),
        "{text}"
    );
}

/// A solitaire game's step numbers are the records' (what `--steps N`, `verify` and the HTML
/// replay's `#step=N` count), and the dice and result of a step go back in a record of their
/// own (the `self` chain's), which carries no orders and is no step of its own. A report of
/// several steps read "Step 1", then "Step 3", with nothing said of step 2. Each step's
/// heading now says which step holds its result, so every number from the first to the last
/// is accounted for, in every format.
#[test]
fn a_report_accounts_for_every_step_number_it_skips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/solo-1776/examples");
    let game = d.join("game.yaml");
    let secrets = ex.join("demo-secrets");
    let mut from = ex.join("demo-game.yaml");
    // Two British turns that only give the BRE number: no transport at sea, so no fleet
    // engagement pauses the first.
    for i in 0..2 {
        let file = write(
            d,
            &format!("t{i}.yaml"),
            "game: solo-1776-example\nside: british\nturn: {bre: 1}\n",
        );
        ok(
            d,
            &[
                "play",
                from.to_str().unwrap(),
                file.to_str().unwrap(),
                "--secrets",
                secrets.to_str().unwrap(),
                "--out",
                game.to_str().unwrap(),
            ],
        );
        from = game.clone();
    }
    for format in ["text", "markdown", "bbcode"] {
        let text = report(&game, format, "all");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (step, result) in [(1, 2), (3, 4)] {
            assert!(
                flat.contains(&format!("Step {step} (its result is step {result})")),
                "{format}: step {step}'s result, step {result}, not said:\n{text}"
            );
        }
    }
}
