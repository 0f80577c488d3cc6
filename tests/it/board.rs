//! Board pictures (issue 15): for each game, the board of its shipped example and of positions
//! random self-play reaches is well-formed SVG that names every space and shows every army,
//! no label crowds another or runs off the picture, the PNG is the picture drawn, and
//! `send --board` attaches it. The shipped examples' boards are kept as reviewed snapshots.

use std::path::{Path, PathBuf};

use adjutant::app::{board_svg, load_game, Loaded};
use adjutant::engine::dice::KeyedDice;
use adjutant::report::text::Templates;
use serde_json::{json, Value};

use crate::support::*;

const GAMES: [&str; 3] = ["southern-strategy", "the-lost-cause", "solo-1776"];

/// The shipped example of `game`, loaded.
fn example(game: &str) -> Loaded {
    load_game(
        &root()
            .join("games")
            .join(game)
            .join("examples/demo-game.yaml"),
        None,
    )
    .unwrap()
}

/// States random play of `game` passes through, every `every` steps from the set-up, for
/// `steps` steps or to the end: positions with armies in many places, sieges, markers and
/// fleets that the examples do not reach.
fn selfplay_states(game: &str, seed: u8, steps: u32, every: u32) -> Vec<(u64, Value)> {
    let rules = adjutant::games::load(game, None).unwrap();
    let mut st = rules.setup().unwrap().0;
    let mut out = Vec::new();
    for step in 0..steps {
        if step % every == 0 {
            out.push((u64::from(step), st.clone()));
        }
        let Some(a) = rules.awaiting(&st).unwrap() else {
            break;
        };
        let options = rules.legal_options(&st, &a.side).unwrap();
        let pick = &options[(step as usize * 7 + seed as usize) % options.len()];
        let orders: Value = serde_yaml::from_str(&pick.example).unwrap();
        let mut key = [seed; 32];
        key[1..5].copy_from_slice(&step.to_be_bytes());
        st = rules
            .apply(&st, &a.side, &orders, None, &mut KeyedDice::new(&key))
            .unwrap()
            .0;
    }
    out.push((u64::from(steps), st));
    out
}

/// The example's state of `game` with every kind of piece and marker the picture draws put
/// in: what a long game shows at once, and more.
fn marked(game: &str, l: &Loaded) -> Value {
    let mut st = l.game.state.clone();
    match game {
        "southern-strategy" => {
            // An army with a leader and a full load of supplies on every area: the most
            // crowded picture there can be.
            let areas: Vec<String> = l.rules.lookups()["geometry"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["id"].as_str().unwrap().to_string())
                .collect();
            for (k, a) in areas.iter().enumerate() {
                let side = if k % 2 == 0 { "crown" } else { "patriot" };
                let leader = if k % 3 == 0 { "leader" } else { "subordinate" };
                st["armies"][a] =
                    json!({"side": side, "units": 12, "leader": leader, "dug_in": k % 4 == 0});
                st["supplies"][a] = json!({"food": 10, "war": 10});
            }
            st["sieges"] = json!(["CHS", "CAM"]);
            st["holds"] = json!(["AUG", "N96"]);
            st["navies"] = json!({"crown": "A", "french": "A",
                "cargo": {"crown": {"units": 3, "leader": "subordinate", "food": 1, "war": 1},
                          "patriot": {"units": 2, "food": 0, "war": 3}}});
            st["phase"] = json!({"step": "battle", "previous_passed": false, "attack": {
                "side": "crown", "from": "CHS", "to": "BFT", "units": 4, "leader": "leader",
                "carried": {"food": 1, "war": 0}, "war_committed": 2}});
            st["partisans"]["SC"] = json!({"militia": 2, "loyalists": 1, "swamp_fox": true});
        }
        "the-lost-cause" => {
            st["armies"] = json!({
                "blue": {"form": "army-of-the-potomac-late", "route": ["washington", "manassas", "fredericksburg", "spotsylvania", "richmond-petersburg"], "at": 3, "disrupted": 2,
                         "initiative": [{"symbol": "circle", "drm": 1}, {"symbol": "arrow"}]},
                "yellow": {"form": "army-of-the-james", "route": ["fortress-monroe", "peninsula", "bermuda-hundred", "richmond-petersburg"], "at": 2},
                "brown": {"form": "army-of-the-tennessee", "route": ["cairo", "forts-henry-donelson", "shiloh-corinth", "memphis", "milikens-bend", "vicksburg"], "at": 5, "disrupted": 1},
                "green": {"form": "army-of-the-cumberland", "route": ["louisville"], "at": 0, "invading": true},
                "orange": {"form": "army-of-the-gulf", "route": ["ship-island", "new-orleans", "baton-rouge"], "at": 2, "initiative": [{"symbol": "square"}]},
            });
            st["bases"] = json!(["shiloh-corinth", "chattanooga"]);
            st["held"] = json!(["memphis"]);
            st["fortified"] = json!(["atlanta", "mobile", "vicksburg", "richmond-petersburg"]);
            st["strategic"] = json!({"decatur": "union", "knoxville": "confederate", "shenandoah-valley": "devastated"});
            for (r, p) in [
                ("forts-1", json!({"space": "vicksburg"})),
                ("forts-2", json!({"space": "vicksburg"})),
                ("gunboats-1", json!({"space": "vicksburg"})),
                ("ironclads-1", json!({"space": "mobile"})),
                ("coastal-forts-1", json!("blockade")),
                ("commerce-raider", json!({"raiding": "recognition"})),
                ("european-munitions", json!({"morale_box": 8})),
                ("railroads-1", json!("available")),
                ("torpedoes-1", json!("gone")),
            ] {
                st["resources"][r] = p;
            }
            st["recognition"] = json!(6);
            st["navies"] = json!("intervention");
            st["mississippi_closed"] = json!(true);
            st["morale_flipped"] = json!(true);
        }
        _ => {
            st["armies"]["washington"]["at"] = json!("trenton");
            st["armies"]["washington"]["entrenched"] = json!(true);
            // Four pieces in one location (an army, two detachments, a fort) and five towns in
            // another: a row grows to hold them (they ran into the row below and over the
            // requisite line).
            st["detachments"] = json!({
                "d1": {"area": "middle-states", "location": 10, "sp": 3, "dragoons": 0, "artillery": 1, "supply": 0},
                "d2": {"area": "deep-south", "location": 15, "sp": 1, "dragoons": 0, "artillery": 0, "supply": 1},
                "d3": {"area": "middle-states", "location": 10, "sp": 2, "dragoons": 1, "artillery": 0, "supply": 0},
            });
            let towns = st["areas"]["middle-states"]["locations"]["15"]["towns"]
                .as_array_mut()
                .unwrap();
            for (id, name) in [
                ("elizabethtown", "Elizabethtown Point"),
                ("brunswick", "New Brunswick"),
                ("staten", "Staten Island"),
            ] {
                towns.push(json!({"id": id, "name": name}));
            }
            st["forts"] = json!({"middle-states-10": {"area": "middle-states", "location": 10,
                "garrison": {"sp": 2, "dragoons": 0, "artillery": 1, "supply": 1}}});
            st["french"] = json!({"fleets": 2, "at": "south-central", "operating": "south-central", "duty": "blockade", "landed": 1});
            st["navy"] = json!({"damaged": true, "back": {"year": 1778, "quarter": 2}});
            st["areas"]["middle-states"]["british_control"] = json!(true);
            st["areas"]["middle-states"]["locations"]["10"]["towns"][0]["british"] = json!(true);
            // A position may name a town with up to 64 letters: beside the pieces of its
            // location (the two detachments above) it ran into their labels.
            st["areas"]["middle-states"]["locations"]["10"]["towns"][1]["name"] =
                json!("The Very Long Township of Lower Makefield by the Delaware River!");
        }
    }
    st
}

/// The board pictures a test looks at for `game`: its example's, one with every marker, and
/// self-play's.
fn boards(game: &str) -> (Loaded, Vec<(String, Value)>) {
    let l = example(game);
    let mut states = vec![
        ("the example".to_string(), l.game.state.clone()),
        ("every marker".to_string(), marked(game, &l)),
    ];
    // Solitaire self-play ends sooner: look at it more often.
    let every = if game == "southern-strategy" { 80 } else { 15 };
    for seed in [1u8, 2] {
        for (step, st) in selfplay_states(game, seed, 400, every) {
            states.push((format!("self-play seed {seed} step {step}"), st));
        }
    }
    (l, states)
}

fn svg_of(l: &Loaded, state: &Value) -> String {
    board_svg(l, &l.game, state, 0, &Templates::new(None))
        .unwrap()
        .expect("the game has a board")
}

/// A line of text on the picture and the box it takes, measured as the layout measures it.
#[derive(Debug)]
struct Label {
    text: String,
    group: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

/// An attribute of `n` or of the nearest ancestor that has it.
fn inherited<'a>(n: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    n.ancestors().find_map(|a| a.attribute(name))
}

/// Every `<text>` of the picture with its box: 0.6 em a letter, from 0.8 em above the
/// baseline to 0.25 em below.
fn labels(doc: &roxmltree::Document) -> Vec<Label> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            assert!(
                inherited(n, "transform").is_none(),
                "text under a transform cannot be measured: {:?}",
                n.text()
            );
            let num = |a: &str| n.attribute(a).unwrap_or("0").parse::<f64>().unwrap();
            let size: f64 = inherited(n, "font-size").unwrap().parse().unwrap();
            let text: String = n
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect();
            let w = text.chars().count() as f64 * size * 0.6;
            let (x, y) = (num("x"), num("y"));
            let x0 = match inherited(n, "text-anchor") {
                Some("middle") => x - w / 2.0,
                Some("end") => x - w,
                _ => x,
            };
            let group = n
                .ancestors()
                .find_map(|a| a.attribute("id"))
                .unwrap_or("")
                .to_string();
            Label {
                text,
                group,
                x0,
                y0: y - 0.8 * size,
                x1: x0 + w,
                y1: y + 0.25 * size,
            }
        })
        .collect()
}

fn overlap(a: &Label, b: &Label) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// Every pair of crowding labels and every label off the picture.
fn crowding(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let size = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap();
    let (w, h) = (size("width"), size("height"));
    let ls = labels(&doc);
    let mut faults = Vec::new();
    for (i, a) in ls.iter().enumerate() {
        if a.x0 < 0.0 || a.y0 < 0.0 || a.x1 > w || a.y1 > h {
            faults.push(format!("`{}` runs off the {w}x{h} picture", a.text));
        }
        for b in &ls[i + 1..] {
            if overlap(a, b) {
                faults.push(format!(
                    "`{}` ({}) crowds `{}` ({})",
                    a.text, a.group, b.text, b.group
                ));
            }
        }
    }
    faults
}

/// The group of the picture with this id.
fn group<'a>(doc: &'a roxmltree::Document, id: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no `{id}` in the picture"))
}

fn titles(n: roxmltree::Node) -> Vec<String> {
    n.descendants()
        .filter(|d| d.has_tag_name("title"))
        .filter_map(|d| d.text().map(str::to_string))
        .collect()
}

/// The words of a group's `<text>` lines, joined: a name split over two lines reads whole.
fn words(n: roxmltree::Node) -> String {
    lines_of(n, |_| true)
}

/// The words of a group's `<text>` lines that `keep` keeps, joined.
fn lines_of(n: roxmltree::Node, keep: impl Fn(roxmltree::Node) -> bool) -> String {
    n.descendants()
        .filter(|d| d.has_tag_name("text") && keep(*d))
        .map(|d| {
            d.descendants()
                .filter(|t| t.is_text())
                .filter_map(|t| t.text())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks one board: every space named in its group, every army of `state` shown where it is.
fn check_board(game: &str, l: &Loaded, state: &Value, svg: &str) {
    let doc = roxmltree::Document::parse(svg).expect("the board is well-formed XML");
    let look = l.rules.lookups();
    let name = |v: &Value| v.as_str().unwrap().to_string();
    match game {
        "southern-strategy" => {
            for a in look["geometry"].as_array().unwrap() {
                let g = group(&doc, &format!("area-{}", name(&a["id"])));
                assert!(words(g).contains(&name(&a["name"])), "{}", words(g));
            }
            for z in look["seas"].as_array().unwrap() {
                let g = group(&doc, &format!("sea-{}", name(&z["id"])));
                assert!(words(g).contains(&name(&z["name"])));
            }
            for (area, army) in state["armies"].as_object().unwrap() {
                let want = army_title(&name(&army["side"]), army["units"].as_u64().unwrap());
                let t = titles(group(&doc, &format!("area-{area}")));
                assert!(t.iter().any(|t| t.starts_with(&want)), "{area}: {t:?}");
            }
            // What a navy carries (units, a leader, supplies) is drawn with it at sea.
            let cargo = state["navies"]["cargo"].as_object();
            for (side, load) in cargo.into_iter().flatten() {
                let navy = if side == "crown" { "crown" } else { "french" };
                let zone = name(&state["navies"][navy]);
                let t = titles(group(&doc, &format!("sea-{zone}"))).join(" | ");
                let units = load["units"].as_u64().unwrap_or(0);
                if units > 0 {
                    assert!(t.contains(&army_title(side, units)), "{side} aboard: {t}");
                }
                for (kind, amount) in [("food", &load["food"]), ("war", &load["war"])] {
                    if amount.as_u64().unwrap_or(0) > 0 {
                        assert!(t.contains(&format!("{amount} {kind}")), "{side}: {t}");
                    }
                }
            }
            // An attacking force waiting for its battle is drawn on its way (9.4, 10.0).
            if let Some(at) = state["phase"].get("attack") {
                let want = army_title(&name(&at["side"]), at["units"].as_u64().unwrap());
                let t = titles(group(&doc, "attack")).join(" | ");
                assert!(t.contains(&want), "the attack: {t}");
                assert!(t.contains(&name(&look["areas"][name(&at["to"])])), "{t}");
                // What the attackers carry is printed under them, as an area's supplies are.
                let (food, war) = (&at["carried"]["food"], &at["carried"]["war"]);
                if food.as_u64().unwrap_or(0) + war.as_u64().unwrap_or(0) > 0 {
                    let printed = words(group(&doc, "attack"));
                    assert!(
                        printed.contains(&format!("{food}F {war}W")),
                        "the attackers' supplies: {printed}"
                    );
                    // Under their counter, centred on it: it was drawn above and to its left,
                    // where it read as the supplies of the area beside.
                    let g = group(&doc, "attack");
                    let num = |n: roxmltree::Node, a: &str| -> f64 {
                        n.attribute(a)
                            .and_then(|v| v.parse().ok())
                            .unwrap_or(f64::NAN)
                    };
                    let counter = g
                        .descendants()
                        .find(|d| d.has_tag_name("rect") && d.attribute("fill") != Some("#f7f1e1"))
                        .expect("the attackers' counter");
                    let label = g
                        .descendants()
                        .find(|d| {
                            d.has_tag_name("text") && d.text().is_some_and(|t| t.ends_with('W'))
                        })
                        .expect("the attackers' supplies");
                    let (x, w) = (num(counter, "x"), num(counter, "width"));
                    let bottom = num(counter, "y") + num(counter, "height");
                    let (lx, ly) = (num(label, "x"), num(label, "y"));
                    assert!(
                        (lx - (x + w / 2.0)).abs() < 1.0 && ly > bottom,
                        "the label at ({lx}, {ly}) is not under the counter at x {x}..{} bottom {bottom}",
                        x + w
                    );
                }
            }
        }
        "the-lost-cause" => {
            let pic = &look["picture"];
            for s in pic["spaces"]
                .as_array()
                .unwrap()
                .iter()
                .chain(pic["strategic"].as_array().unwrap())
            {
                let g = group(&doc, &format!("space-{}", name(&s["id"])));
                let named = lines_of(g, |t| t.attribute("class") == Some("name"));
                assert_eq!(named, name(&s["name"]));
            }
            // A month paused at a question is drawn as it stands at the pause (`Game::view`):
            // an Initiative marker being resolved has left its army already.
            let viewed = l.rules.view(state).unwrap();
            for (id, army) in viewed["armies"].as_object().unwrap() {
                let form = pic["armies"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|d| d["id"] == id.as_str())
                    .map(|d| name(&d["forms"][name(&army["form"])]["name"]))
                    .unwrap();
                let route = army["route"].as_array().unwrap();
                let at = route[army["at"].as_u64().unwrap() as usize]
                    .as_str()
                    .unwrap();
                let want = format!("the {id} army: {form} (");
                let t = titles(group(&doc, &format!("army-{id}")));
                assert!(
                    t.iter().any(|t| t.starts_with(&want)),
                    "{id}: want `{want}` in {t:?}"
                );
                if army["invading"] != true {
                    assert!(
                        t.iter().any(|t| t.contains(&name(&look["spaces"][at]))),
                        "{id} not at {at}: {t:?}"
                    );
                }
                // 11.0: each Union Initiative marker by its kind, in the order placed.
                let markers = army["initiative"].as_array().cloned().unwrap_or_default();
                if !markers.is_empty() {
                    let kinds: Vec<&str> = markers
                        .iter()
                        .map(|m| match m["symbol"].as_str().unwrap() {
                            "square" => "Conditional",
                            "circle" => "Directed",
                            _ => "Mandatory",
                        })
                        .collect();
                    assert!(
                        t.iter().any(|t| kinds.iter().all(|k| t.contains(k))),
                        "{id}'s markers {kinds:?} not named: {t:?}"
                    );
                }
            }
        }
        _ => {
            for (id, area) in state["areas"].as_object().unwrap() {
                let g = group(&doc, &format!("area-{id}"));
                assert!(words(g).contains(&name(&look["areas"][id])));
                for loc in area["locations"].as_object().unwrap().values() {
                    for t in loc["towns"].as_array().unwrap() {
                        let g = group(&doc, &format!("town-{}", name(&t["id"])));
                        // A name too long for its cell is cut short, and whole in its title.
                        let full = name(&t["name"]);
                        let drawn = words(g);
                        let shown = drawn.split(" P").next().unwrap_or_default();
                        let cut = shown.strip_suffix('…').unwrap_or(shown);
                        assert!(
                            drawn.starts_with(&full)
                                || (shown.ends_with('…') && cut.len() > 8 && full.starts_with(cut)),
                            "{drawn}"
                        );
                        assert!(titles(g).iter().any(|t| t.starts_with(&full)), "{full}");
                    }
                }
            }
            // A turn paused at a question (a combat's result) is drawn as the turn's facts
            // left the board (`Game::view`): its losses already taken.
            let viewed = l.rules.view(state).unwrap();
            for (id, army) in viewed["armies"].as_object().unwrap() {
                let want = format!("{}: {} SP", name(&army["name"]), army["sp"]);
                let t = titles(group(&doc, &format!("army-{id}")));
                assert!(
                    t.iter().any(|t| t.starts_with(&want)),
                    "{id}: want `{want}` in {t:?}"
                );
            }
            // A detachment shows its dragoons, artillery and supply as the army's counter does
            // (D, A, S), not only its SP.
            let shown = |g: roxmltree::Node, piece: &Value| {
                let drawn = words(g);
                for (key, letter) in [("dragoons", "D"), ("artillery", "A"), ("supply", "S")] {
                    let n = piece[key].as_u64().unwrap_or(0);
                    if n > 0 {
                        assert!(drawn.contains(&format!("{n}{letter}")), "{key}: {drawn}");
                    }
                }
            };
            // Detachments and forts are looked for as the board draws them, at the pause: a
            // detachment the paused turn has already joined to its army is gone (12).
            for (id, d) in viewed["detachments"].as_object().unwrap() {
                shown(group(&doc, &format!("detachment-{id}")), d);
            }
            // A fort's label says it is the garrison and what it holds, its artillery and
            // supply as a detachment shows them: "5 SP" alone did not say whose SP.
            for (id, f) in viewed["forts"].as_object().unwrap() {
                let g = group(&doc, &format!("fort-{id}"));
                let drawn = words(g);
                let sp = &f["garrison"]["sp"];
                assert!(
                    drawn.starts_with(&format!("garrison {sp} SP")),
                    "{id}: {drawn}"
                );
                shown(g, &f["garrison"]);
            }
        }
    }
}

#[test]
fn every_board_names_every_space_and_shows_every_army() {
    for game in GAMES {
        let (l, states) = boards(game);
        for (what, state) in &states {
            let svg = svg_of(&l, state);
            let check = std::panic::AssertUnwindSafe(|| check_board(game, &l, state, &svg));
            std::panic::catch_unwind(check)
                .unwrap_or_else(|_| panic!("{game}, {what}: the board above is wrong"));
        }
    }
}

#[test]
fn no_label_crowds_another_or_runs_off_any_board() {
    let mut all = Vec::new();
    for game in GAMES {
        let (l, states) = boards(game);
        for (what, state) in &states {
            for f in crowding(&svg_of(&l, state)) {
                all.push(format!("{game}, {what}: {f}"));
            }
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// The measure the crowding test relies on finds crowding: two names drawn on one spot.
#[test]
fn the_crowding_check_finds_two_names_on_one_spot() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" font-size="10"><text x="10" y="20">Camden</text><text x="30" y="22">Cheraw</text><text x="90" y="45">Off</text></svg>"#;
    let faults = crowding(svg);
    assert_eq!(faults.len(), 2, "{faults:?}");
}

/// The Southern Strategy's sea zones, the Partisan Boxes and the legend sit clear of each
/// other: no sea zone reaches the column beside the map, and no area's name lies on a sea.
#[test]
fn southern_strategy_seas_stay_clear_of_the_panel_and_the_names() {
    let l = example("southern-strategy");
    let svg = svg_of(&l, &l.game.state);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let panel_x = labels(&doc)
        .iter()
        .find(|t| t.text == "Partisan Boxes")
        .unwrap()
        .x0;
    let names: Vec<Label> = labels(&doc)
        .into_iter()
        .filter(|t| t.group.starts_with("area-"))
        .collect();
    for e in doc.descendants().filter(|n| n.has_tag_name("ellipse")) {
        let v = |a: &str| e.attribute(a).unwrap().parse::<f64>().unwrap();
        let (x0, x1) = (v("cx") - v("rx"), v("cx") + v("rx"));
        let (y0, y1) = (v("cy") - v("ry"), v("cy") + v("ry"));
        assert!(
            x1 < panel_x,
            "a sea zone reaches {x1}, the panel starts at {panel_x}"
        );
        for n in &names {
            assert!(
                !(n.x0 < x1 && x0 < n.x1 && n.y0 < y1 && y0 < n.y1),
                "`{}` lies on a sea zone",
                n.text
            );
        }
    }
}

/// `report -o FILE --format png` writes the picture at twice the SVG's size, in many colours;
/// without `-o`, into a pipe, it writes the same bytes.
#[test]
fn png_boards_are_the_pictures_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let mut firsts = 0;
    for game in GAMES {
        let g = root()
            .join("games")
            .join(game)
            .join("examples/demo-game.yaml");
        let g = g.to_str().unwrap();
        let svg = stdout(&ok(dir.path(), &["report", g, "--format", "svg"]));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let size = |a: &str| -> u32 {
            doc.root_element()
                .attribute(a)
                .unwrap()
                .parse::<f64>()
                .unwrap()
                .round() as u32
        };
        let out = dir.path().join(format!("{game}.png"));
        ok(
            dir.path(),
            &["report", g, "--format", "png", "-o", out.to_str().unwrap()],
        );
        let bytes = std::fs::read(&out).unwrap();
        let pix = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
        assert_eq!(
            (pix.width(), pix.height()),
            (2 * size("width"), 2 * size("height")),
            "{game}"
        );
        let colours: std::collections::BTreeSet<[u8; 4]> = pix
            .pixels()
            .iter()
            .map(|p| [p.red(), p.green(), p.blue(), p.alpha()])
            .collect();
        assert!(colours.len() > 50, "{game}: only {} colours", colours.len());
        let piped = run(dir.path(), &["report", g, "--format", "png"]);
        assert!(piped.status.success());
        assert_eq!(piped.stdout, bytes, "{game}: the piped PNG differs");
        // `--steps` picks the position drawn, as it does for the SVG: the board after step 1
        // is another picture than today's (the header names the step at least).
        // (Only where step 1 is not also the last.)
        let svg_first = stdout(&ok(
            dir.path(),
            &["report", g, "--format", "svg", "--steps", "1"],
        ));
        if svg_first != svg {
            firsts += 1;
            let first = run(
                dir.path(),
                &["report", g, "--format", "png", "--steps", "1"],
            );
            assert!(first.status.success(), "{game}");
            assert!(
                first.stdout != bytes,
                "{game}: --steps 1 drew today's board"
            );
        }
    }
    assert!(firsts >= 1, "no example has a step 1 before its last");
}

/// A PNG would garble a terminal: with standard output on one and no `-o`, `report` refuses
/// and says how to write the picture.
#[cfg(unix)]
#[test]
fn png_is_not_written_to_a_terminal() {
    use std::os::fd::FromRawFd;
    let (mut leader, mut follower) = (0, 0);
    // SAFETY: openpty fills in two new descriptors, each owned by one File below.
    let r = unsafe {
        libc::openpty(
            &mut leader,
            &mut follower,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "no pseudo-terminal");
    let (_leader, tty) = unsafe {
        (
            std::fs::File::from_raw_fd(leader),
            std::fs::File::from_raw_fd(follower),
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let g = root().join("games/solo-1776/examples/demo-game.yaml");
    let o = command(
        dir.path(),
        &["report", g.to_str().unwrap(), "--format", "png"],
    )
    .stdout(tty)
    .output()
    .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("not for the terminal") && err.contains("-o"),
        "{err}"
    );
}

/// Snapshots of the shipped examples' boards, reviewed by eye (`UPDATE_SNAPSHOTS=1` rewrites
/// them); the Southern Strategy's is `example-board.svg`, after its first impulse.
#[test]
fn the_example_boards_match_their_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    for (game, name) in [
        ("the-lost-cause", "lost-cause-board.svg"),
        ("solo-1776", "solo-1776-board.svg"),
    ] {
        let g = root()
            .join("games")
            .join(game)
            .join("examples/demo-game.yaml");
        let svg = stdout(&ok(
            dir.path(),
            &["report", g.to_str().unwrap(), "--format", "svg"],
        ));
        crate::report::snapshot(name, &svg);
    }
}

/// A data folder without the picture's own files still draws boards, with the built-in ones.
#[test]
fn a_data_folder_without_board_files_draws_with_the_built_in_ones() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    for (game, files) in [
        (
            "southern-strategy",
            adjutant::games::southern_strategy::DATA_FILES,
        ),
        (
            "the-lost-cause",
            adjutant::games::the_lost_cause::DATA_FILES,
        ),
    ] {
        let d = data.join(game);
        std::fs::create_dir_all(&d).unwrap();
        for (n, t) in files {
            write(&d, n, t);
        }
        let g = root()
            .join("games")
            .join(game)
            .join("examples/demo-game.yaml");
        let svg = stdout(&ok(
            dir.path(),
            &[
                "report",
                g.to_str().unwrap(),
                "--format",
                "svg",
                "--data",
                d.to_str().unwrap(),
            ],
        ));
        roxmltree::Document::parse(&svg).unwrap();
    }
}

/// Where `send --board` put its PNG: the attachment of an .eml, decoded.
pub fn board_attachment(eml: &Path) -> Vec<u8> {
    use mail_parser::MimeHeaders;
    let raw = std::fs::read(eml).unwrap();
    let msg = mail_parser::MessageParser::default().parse(&raw).unwrap();
    let part = msg
        .attachments()
        .find(|a| {
            a.attachment_name()
                .is_some_and(|n| n.ends_with("-board.png"))
        })
        .expect("a board attachment");
    let ct = part.content_type().unwrap();
    assert_eq!((ct.ctype(), ct.subtype()), ("image", Some("png")));
    part.contents().to_vec()
}

/// Saves the PNG of each board a test looks at into `$SAVE_BOARDS` (a folder), for a person to
/// look at; checks each is a PNG either way.
#[test]
fn every_board_draws_as_png() {
    let save: Option<PathBuf> = std::env::var_os("SAVE_BOARDS").map(PathBuf::from);
    for game in GAMES {
        let (l, states) = boards(game);
        for (k, (_, state)) in states.iter().enumerate() {
            let png = adjutant::app::board_png(&l, &l.game, state, k as u64, &Templates::new(None))
                .unwrap()
                .unwrap();
            resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG");
            if let Some(d) = &save {
                std::fs::create_dir_all(d).unwrap();
                std::fs::write(d.join(format!("{game}-{k}.png")), &png).unwrap();
            }
        }
    }
}

/// How a Southern Strategy army's picture is titled: its side's name and its units in words.
pub(crate) fn army_title(side: &str, units: u64) -> String {
    let mut chars = side.chars();
    let side: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    match units {
        1 => format!("{side}: 1 unit"),
        n => format!("{side}: {n} units"),
    }
}

/// The Lost Cause's header names the decision waiting in words ("next: the Confederate
/// player, a Command action"), not by the record's key ("..., command"), and its footer
/// never counts cards "for 1866": the cards held back at the end of the last year of the war
/// wait for no year.
#[test]
fn the_lost_cause_board_words_the_decision_and_the_last_stack() {
    let l = example("the-lost-cause");
    let svg = svg_of(&l, &l.game.state);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let text = words(doc.root());
    assert!(
        text.contains("next: the Confederate player, a Command action"),
        "{text}"
    );
    let mut over = l.game.state.clone();
    over["year"] = serde_json::json!(1865);
    over["stacks"] = serde_json::json!({"1866": ["1", "2", "3"]});
    over["draw_pile"] = serde_json::json!([]);
    let svg = svg_of(&l, &over);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let text = words(doc.root());
    assert!(!text.contains("for 1866"), "{text}");
    assert!(
        text.contains("3 held back after the war's last year"),
        "{text}"
    );
}
