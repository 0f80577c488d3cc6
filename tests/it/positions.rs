//! Positions (`new --position`): the rules' own checks accept every state a game can reach, so
//! `adjutant position` always writes a position a new game can start from, and refuse a broken
//! position with the rule it breaks and the line of the file.

use adjutant::engine::dice::KeyedDice;
use adjutant::engine::game::Game;
use adjutant::engine::selfplay::{first_accepted, play_one};
use adjutant::games::southern_strategy::{self as ss, SouthernStrategy};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::support::{command, root};

fn data() -> ss::data::Data {
    super::support::southern_data()
}

/// Plays `games` seeded games of `G` by random legal picks and checks every state reached with
/// the rules' position check; returns how many states were checked.
fn walk<G: Game>(data: &G::Data, games: u64, max_steps: u64) -> usize
where
    G::State: std::fmt::Debug,
{
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut st, _) = G::setup(data);
        for step in 0..max_steps {
            if let Err(e) = G::check_position(data, &st) {
                panic!("{} seed {seed} step {step}: the state reached is refused as a position: {e}\n{st:?}", G::NAME);
            }
            checked += 1;
            let Some(a) = G::awaiting(data, &st) else {
                break;
            };
            let mut key = [7u8; 32];
            key[..8].copy_from_slice(&seed.to_be_bytes());
            key[8..16].copy_from_slice(&step.to_be_bytes());
            let candidates = G::candidates(data, &st, &a.side);
            st = first_accepted(&mut rng, candidates, |c, rng| {
                play_one::<G, _>(c, rng, |o| {
                    G::apply(data, &st, &a.side, o, None, &mut KeyedDice::new(&key))
                        .ok()
                        .map(|(next, _)| next)
                })
            })
            .expect("some option is legal");
        }
    }
    checked
}

#[test]
fn every_state_self_play_reaches_is_a_valid_position() {
    let checked = walk::<SouthernStrategy>(&data(), 60, 1500);
    assert!(checked > 10_000, "only {checked} states were checked");
}

/// A position that breaks a rule is refused through the CLI: the error names the file, the
/// line of the bad value, its path and the rule, and no game file or secret appears.
#[test]
fn a_bad_position_is_refused_with_its_rule_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let example = root().join("games/southern-strategy/examples/demo-game.yaml");
    let out = command(d, &["position", example.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let good = String::from_utf8(out.stdout).unwrap();
    // The example's Pass Marker stands where its initiative roll put it (6.0).
    let pass_line = good
        .lines()
        .find(|l| l.starts_with("  pass_track: "))
        .map(|l| format!("{l}\n"))
        .expect("the example position has a Pass Marker");
    // (what to change, into what, the rule, the path, text on the line the error points at)
    let faults: &[(&str, &str, &str, &str, &str)] = &[
        (
            "  political_will: 4\n",
            "  political_will: 12\n",
            "14.0",
            "state.political_will",
            "political_will: 12",
        ),
        (
            "  turn:\n    space: 3\n",
            "  turn:\n    space: 7\n",
            "13.5",
            "state.turn.space",
            "space: 7",
        ),
        (
            "    SAV:\n      leader: leader\n      side: crown\n      units: 8\n",
            "    SAV:\n      leader: subordinate\n      side: crown\n      units: 8\n",
            "9.2",
            "state.armies.SAV.units",
            "units: 8",
        ),
        (
            "    CHS:\n      side: patriot\n",
            "    Charleston:\n      side: patriot\n",
            "2.1",
            "state.armies.Charleston",
            "Charleston:",
        ),
        (
            "  supplies:\n",
            "  supplies:\n    EBN:\n      food: 1\n",
            "5.5",
            "state.supplies.EBN",
            "EBN:",
        ),
        (
            "  pool:\n    GA:\n      loyalists: 3\n",
            "  pool:\n    GA:\n      loyalists: 4\n",
            "2.3",
            "state.partisans.GA.loyalists",
            "loyalists: 0",
        ),
        (
            "  holds: []\n",
            "  holds: [EBN]\n  # a Point\n",
            "2.3",
            "state.partisans.GA.loyalists",
            "loyalists: 0",
        ),
        (
            // 8.5, 13.3: in the first campaign turn the Swamp Fox enters the cup only at its
            // end; an impulse of that turn cannot have him there.
            "  cup:\n",
            "  cup:\n  - colony: SC\n    side: patriot\n    swamp_fox: true\n",
            "8.5",
            "state.cup",
            "cup:",
        ),
        (
            pass_line.as_str(),
            "  pass_track: 9\n",
            "6.0",
            "state.pass_track",
            "pass_track: 9",
        ),
    ];
    for (from, to, rule, path, on_line) in faults {
        assert!(good.contains(from), "the example position has no `{from}`");
        let bad = good.replacen(from, to, 1);
        std::fs::write(d.join("bad.yaml"), &bad).unwrap();
        let o = command(d, &new_from_bad("southern-strategy"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(!o.status.success(), "`{to}` was accepted");
        let head = "the position `bad.yaml` line ";
        let at = err
            .find(head)
            .unwrap_or_else(|| panic!("no line in: {err}"));
        let line: usize = err[at + head.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            err.contains(&format!("(`{path}`): {rule}: ")),
            "for `{to}` expected rule {rule} at `{path}`, got: {err}"
        );
        let text = bad.lines().nth(line - 1).unwrap();
        assert!(
            text.contains(on_line),
            "line {line} is `{text}`, not the bad value `{on_line}`: {err}"
        );
        assert!(
            !d.join("g.yaml").exists() && !d.join("s").exists(),
            "a refused position left files"
        );
    }
}

/// The Lost Cause: every state a seeded game reaches is a position the rules accept.
#[test]
fn every_state_of_the_lost_cause_is_a_valid_position() {
    use adjutant::games::the_lost_cause::TheLostCause;
    let checked = walk::<TheLostCause>(&super::lost_cause::data_with(&[]), 20, 3000);
    assert!(checked > 1_000, "only {checked} states were checked");
}

/// The solo 1776 bot: the same for every state its listed answers reach.
#[test]
fn every_state_of_the_solo_1776_bot_is_a_valid_position() {
    use adjutant::games::solo_1776::Solo1776;
    let checked = walk::<Solo1776>(&super::solo_1776::data(), 20, 400);
    assert!(checked > 100, "only {checked} states were checked");
}

/// The set-up of `game` with the value at `key` (`supplies.CHS.food`) made `value`; the key
/// must be there.
fn set_up_with(game: &str, key: &str, value: serde_json::Value) -> serde_json::Value {
    let rules = adjutant::games::load(game, None).unwrap();
    let mut state = rules.setup().unwrap().0;
    let mut at = &mut state;
    for part in key.split('.') {
        at = &mut at[part];
    }
    assert!(!at.is_null(), "{game}: no `{key}` in the set-up");
    *at = value;
    state
}

/// `new` of a `game` with the demo secrets from the position `bad.yaml`.
fn new_from_bad(game: &str) -> [&str; 12] {
    [
        "new",
        "--game",
        game,
        "--id",
        "bad",
        "--demo",
        "--secrets",
        "s",
        "--position",
        "bad.yaml",
        "-o",
        "g.yaml",
    ]
}

/// The solitaire games refuse a broken position with the rule it breaks, through the CLI.
#[test]
fn a_bad_solitaire_position_is_refused_with_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (game, key, value, rule) in [
        ("the-lost-cause", "morale", serde_json::json!(20), "12.0"),
        (
            "the-lost-cause",
            "draw_pile",
            serde_json::json!(["no-such-card"]),
            "5.0",
        ),
        ("solo-1776", "bre", serde_json::json!(12), "12"),
        // A war waiting for no decision and without an outcome: the game would be over with
        // no result (it was accepted, and every order then refused as too late).
        (
            "the-lost-cause",
            "question",
            serde_json::Value::Null,
            "15.0",
        ),
        // Knoxville the Union's though every space it connects to is Confederate: the rules
        // settle it back at the first step, so it is no position they could reach.
        (
            "the-lost-cause",
            "strategic.knoxville",
            serde_json::json!("union"),
            "13.8.1",
        ),
    ] {
        super::support::write_position(d, "bad.yaml", game, &set_up_with(game, key, value));
        let o = command(d, &new_from_bad(game)).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(!o.status.success(), "{game}: `{key}` accepted");
        assert!(
            err.contains(&format!("(`state.{key}`): {rule}: ")),
            "{game}: expected rule {rule} at `state.{key}`, got: {err}"
        );
        assert!(!d.join("g.yaml").exists());
    }
}

/// Numbers no game holds and places no route has, in a position of each game: each is refused
/// with its place in the file (and its rule where one decides it), where they crashed adjutant
/// or were summed past the rules' number types (4294967295 Loyalists and 1 more wrapped to a
/// legal count), or where a month 13 was taken as a date.
#[test]
fn a_position_beyond_any_count_or_route_is_refused_not_crashed_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let huge = serde_json::json!(4_294_967_295u64);
    // A month out of range is placed at the date it is part of.
    for (game, key, value, wanted) in [
        (
            "southern-strategy",
            "supplies.CHS.food",
            huge.clone(),
            "more than any count",
        ),
        (
            "southern-strategy",
            "partisans.GA.loyalists",
            huge.clone(),
            "more than any count",
        ),
        (
            "southern-strategy",
            "leaders_lost",
            huge.clone(),
            "more than any count",
        ),
        (
            "the-lost-cause",
            "headlines_played",
            huge.clone(),
            "more than any count",
        ),
        (
            "the-lost-cause",
            "armies.blue.at",
            serde_json::json!(6),
            "8.0: the blue army's route has 5 spaces",
        ),
        (
            "the-lost-cause",
            "armies.blue.at",
            serde_json::json!(5),
            "8.0: the blue army's route has 5 spaces",
        ),
        (
            "solo-1776",
            "date.month",
            serde_json::json!(13),
            "1776: `{year: 1776, month: 13}` is no turn of the game",
        ),
        (
            "solo-1776",
            "date.month",
            serde_json::json!(0),
            "1776: `{year: 1776, month: 0}` is no turn of the game",
        ),
        (
            "solo-1776",
            "date.month",
            huge.clone(),
            "more than any count",
        ),
    ] {
        super::support::write_position(d, "bad.yaml", game, &set_up_with(game, key, value));
        let err = super::support::refused(d, &new_from_bad(game));
        assert!(
            err.contains("the position `bad.yaml` line ")
                && [key, key.trim_end_matches(".month")]
                    .iter()
                    .any(|k| err.contains(&format!("(`state.{k}`): ")))
                && err.contains(wanted),
            "{game} `{key}`: {err}"
        );
    }
}

/// The Lost Cause example's position, written by `position` in `d`: its text and its value.
fn lost_cause_demo_position(d: &std::path::Path) -> (String, serde_json::Value) {
    let demo = super::support::root().join("games/the-lost-cause/examples/demo-game.yaml");
    super::support::ok(d, &["position", demo.to_str().unwrap(), "-o", "pos.yaml"]);
    let text = super::support::read(&d.join("pos.yaml"));
    let pos = serde_yaml::from_str(&text).unwrap();
    (text, pos)
}

/// `new` of a self-mode Lost Cause game `id` from the position `file`, written to `g.yaml`.
fn new_lost_cause_self(id: &'static str, file: &'static str) -> [&'static str; 13] {
    [
        "new",
        "--game",
        "the-lost-cause",
        "--id",
        id,
        "--mode",
        "self",
        "--secrets",
        "s",
        "--position",
        file,
        "-o",
        "g.yaml",
    ]
}

/// 4.0: a Lost Cause position at a line past the card in play's lines is refused: it asked a
/// question no line of the card puts, and a game was made from it that nobody could play.
#[test]
fn a_lost_cause_position_past_its_cards_lines_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (text, mut pos) = lost_cause_demo_position(d);
    let line = &mut pos["state"]["cursor"]["line"];
    assert!(
        line.is_u64(),
        "the example stops at a line of its card: {text}"
    );
    *line = serde_json::json!(99999);
    super::support::write(d, "bad.yaml", &serde_yaml::to_string(&pos).unwrap());
    let new = new_lost_cause_self;
    let err = super::support::refused(d, &new("bad", "bad.yaml"));
    assert!(
        err.contains("(`state.cursor`): 4.0: ") && err.contains("lines"),
        "{err}"
    );
    // The position as written is taken.
    super::support::ok(d, &new("good", "pos.yaml"));
}

/// 5.2: a Lost Cause position counting the Headline card in play as not yet played was refused
/// with "48 Headline cards exist, but 29 are left and 19 played", which adds up and names no
/// fault: the card in play was counted among those left and among those played. The refusal
/// now says how many are still to come, the count it needs (the card in play among them) and
/// the count written, and cites the rule of the Headline cards, 5.2 (it cited 5.1, the
/// Broadsheet cards).
#[test]
fn a_lost_cause_headline_count_off_by_the_card_in_play_says_the_count_it_needs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let example = root().join("games/the-lost-cause/examples/demo-game.yaml");
    let text = super::support::stdout(&super::support::ok(
        d,
        &["position", example.to_str().unwrap()],
    ));
    let mut pos: serde_json::Value = serde_yaml::from_str(&text).unwrap();
    let st = &mut pos["state"];
    let played = st["headlines_played"].as_u64().unwrap();
    let card = st["card"].as_str().unwrap().to_string();
    let to_come = st["draw_pile"]
        .as_array()
        .unwrap()
        .iter()
        .chain(
            st["stacks"]
                .as_object()
                .unwrap()
                .values()
                .flat_map(|s| s.as_array().unwrap()),
        )
        .filter(|c| c.as_str().unwrap().parse::<u32>().is_ok())
        .count() as u64;
    assert_eq!(to_come + played, 48, "the example's count holds");
    st["headlines_played"] = serde_json::json!(played - 1);
    super::support::write(d, "bad.yaml", &serde_yaml::to_string(&pos).unwrap());
    let err = super::support::refused(d, &new_from_bad("the-lost-cause"));
    assert!(
        err.contains(&format!(
            "(`state.headlines_played`): 5.2: 48 Headline cards exist and {to_come} are still to come (in the draw pile and the year stacks), so {played} have been played, card {card} in play among them, not {}",
            played - 1
        )),
        "{err}"
    );
}

/// 13.2 with 8.1 (RULINGS L24, L56): an army is driven into its Northern Invasion space only
/// from its Home Base, and stays on that space of its route while it invades, so a position
/// with an invading army anywhere else on its route describes nothing play can reach, and the
/// army's march home would name a space it never stood on. It is refused, naming the army's
/// place on the route; the same army at its Home Base is taken.
#[test]
fn a_lost_cause_army_invading_away_from_its_home_base_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (_, mut pos) = lost_cause_demo_position(d);
    let blue = &mut pos["state"]["armies"]["blue"];
    assert_eq!(blue["route"][0], "washington", "the Potomac starts at home");
    blue["invading"] = serde_json::json!(true);
    blue["at"] = serde_json::json!(0);
    super::support::write(d, "home.yaml", &serde_yaml::to_string(&pos).unwrap());
    pos["state"]["armies"]["blue"]["at"] = serde_json::json!(2);
    super::support::write(d, "away.yaml", &serde_yaml::to_string(&pos).unwrap());
    let new = new_lost_cause_self;
    let err = super::support::refused(d, &new("away", "away.yaml"));
    assert!(
        err.contains("(`state.armies.blue.invading`): 13.2: ")
            && err.contains("Fredericksburg")
            && err.contains("Home Base"),
        "{err}"
    );
    assert!(!d.join("g.yaml").exists(), "a refused position left a game");
    super::support::ok(d, &new("home", "home.yaml"));
}

/// A Southern Strategy position pausing for a question the rules would not ask is refused with
/// the question they would ask in words (it printed that question as JSON), and (RULINGS N15)
/// one asking where the new commander enters when only one Virginia area is open is refused:
/// he enters it without a question.
#[test]
fn a_southern_strategy_position_with_the_wrong_question_says_the_right_one_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let demo = super::support::root().join("games/southern-strategy/examples/demo-game.yaml");
    super::support::ok(d, &["position", demo.to_str().unwrap(), "-o", "pos.yaml"]);
    let mut pos: serde_json::Value =
        serde_yaml::from_str(&super::support::read(&d.join("pos.yaml"))).unwrap();
    pos["state"]["phase"] = serde_json::json!({"step": "decision", "side": "patriot",
        "question": {"ask": "commander", "areas": ["RIC"]}, "resume": "political_will"});
    super::support::write(d, "asks.yaml", &serde_yaml::to_string(&pos).unwrap());
    for area in ["PTB", "YRK", "PTS", "WMB", "CPT", "SUF", "DAN"] {
        pos["state"]["armies"][area] = serde_json::json!({"side": "crown", "units": 1});
    }
    super::support::write(d, "one.yaml", &serde_yaml::to_string(&pos).unwrap());
    let new = |file: &'static str| {
        [
            "new",
            "--id",
            "q",
            "--hotseat",
            "--secrets",
            "s",
            "--position",
            file,
            "-o",
            "g.yaml",
        ]
    };
    let err = super::support::refused(d, &new("asks.yaml"));
    assert!(
        err.contains("(`state.phase.question`): 4.0: ")
            && err.contains("choose his Virginia area: Petersburg, Richmond")
            && !err.contains('{'),
        "{err}"
    );
    let err = super::support::refused(d, &new("one.yaml"));
    assert!(
        err.contains("(`state.phase.question`): 13.4: ")
            && err.contains("Richmond the only Virginia area open")
            && err.contains("N15"),
        "{err}"
    );
    assert!(!d.join("g.yaml").exists());
}
