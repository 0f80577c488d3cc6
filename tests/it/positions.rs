//! Positions (`new --position`): the rules' own checks accept every state a game can reach, so
//! `adjutant position` always writes a position a new game can start from, and refuse a broken
//! position with the rule it breaks and the line of the file.

use adjutant::engine::dice::KeyedDice;
use adjutant::engine::game::Game;
use adjutant::engine::selfplay::first_accepted;
use adjutant::games::southern_strategy::{self as ss, SouthernStrategy};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::support::{command, root};

fn data() -> ss::data::Data {
    let files: Vec<(String, String)> = ss::DATA_FILES
        .iter()
        .chain(ss::DISPLAY_FILES)
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    ss::data::Data::load(&files).unwrap()
}

#[test]
fn every_state_self_play_reaches_is_a_valid_position() {
    let data = data();
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut st, _) = SouthernStrategy::setup(&data);
        for step in 0..1500u64 {
            if let Err(e) = SouthernStrategy::check_position(&data, &st) {
                panic!("seed {seed} step {step}: the state reached is refused as a position: {e}\n{st:?}");
            }
            checked += 1;
            let Some(a) = SouthernStrategy::awaiting(&data, &st) else {
                break;
            };
            let mut key = [7u8; 32];
            key[..8].copy_from_slice(&seed.to_be_bytes());
            key[8..16].copy_from_slice(&step.to_be_bytes());
            let candidates = SouthernStrategy::candidates(&data, &st, &a.side);
            st = first_accepted(&mut rng, candidates, |o| {
                SouthernStrategy::apply(&data, &st, &a.side, &o, None, &mut KeyedDice::new(&key))
                    .ok()
                    .map(|(next, _)| next)
            })
            .expect("some option is legal");
        }
    }
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
            "  pass_track: 5\n",
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
        let o = command(
            d,
            &[
                "new",
                "--id",
                "bad",
                "--hotseat",
                "--secrets",
                "s",
                "--position",
                "bad.yaml",
                "-o",
                "g.yaml",
            ],
        )
        .output()
        .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(!o.status.success(), "`{to}` was accepted");
        let head = "the position `bad.yaml` line ";
        let at = err
            .find(&head)
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
