//! Game files of protocol version 1 (unsigned) still load, verify and play on, under version
//! 1's rules: the examples shipped before version 2 are kept in `tests/data/v1/`.

use adjutant::engine::gamefile::GameFile;

use crate::support::*;

#[test]
fn version_1_games_still_verify_and_play_on_unsigned() {
    for (game, orders) in [
        ("southern-strategy", "crown-impulse.yaml"),
        ("the-lost-cause", "command.yaml"),
        ("solo-1776", "british-turn.yaml"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let from = root().join("tests/data/v1").join(game);
        std::fs::copy(from.join("game.yaml"), d.join("game.yaml")).unwrap();
        std::fs::create_dir_all(d.join("secrets")).unwrap();
        for e in std::fs::read_dir(from.join("secrets")).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, d.join("secrets").join(p.file_name().unwrap())).unwrap();
        }
        let before = GameFile::parse(&read(&d.join("game.yaml"))).unwrap();
        assert_eq!(
            (before.format.as_str(), before.version()),
            ("adjutant/1", 1)
        );
        ok(d, &["verify", "game.yaml"]);
        let orders = root()
            .join("games")
            .join(game)
            .join("examples")
            .join(orders);
        ok(
            d,
            &[
                "play",
                "game.yaml",
                orders.to_str().unwrap(),
                "--secrets",
                "secrets",
            ],
        );
        let after = GameFile::parse(&read(&d.join("game.yaml"))).unwrap();
        assert_eq!(after.format, "adjutant/1", "{game}: the version is kept");
        assert!(
            after.log.len() > before.log.len(),
            "{game}: the game went on"
        );
        assert!(
            after.log.iter().all(|r| r.sig.is_none()),
            "{game}: version 1 records carry no signature"
        );
        assert!(after.players.values().all(|p| p.key.is_none()));
        let out = stdout(&ok(d, &["verify", "game.yaml"]));
        assert!(out.contains("version 1"), "{game}: verify says so:\n{out}");
    }
}

/// The README's way to move a version 1 game to the newest version: its position, a new game
/// from it.
#[test]
fn a_version_1_game_goes_on_in_the_newest_version_from_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let old = root().join("tests/data/v1/southern-strategy/game.yaml");
    let o = ok(d, &["position", old.to_str().unwrap(), "-o", "pos.yaml"]);
    assert!(stdout(&o).is_empty());
    ok(
        d,
        &[
            "new",
            "--id",
            "ss-moved",
            "--demo",
            "--secrets",
            "s",
            "--position",
            "pos.yaml",
            "-o",
            "game.yaml",
        ],
    );
    let before = GameFile::parse(&read(&old)).unwrap();
    let moved = GameFile::parse(&read(&d.join("game.yaml"))).unwrap();
    assert_eq!(moved.version(), 3);
    assert_eq!(
        moved.state, before.state,
        "the game starts where the old one stood"
    );
    assert_eq!(moved.start.as_ref(), Some(&before.state));
    assert_eq!(moved.awaiting, before.awaiting);
    let orders = root().join("games/southern-strategy/examples/crown-impulse.yaml");
    ok(
        d,
        &[
            "play",
            "game.yaml",
            orders.to_str().unwrap(),
            "--secrets",
            "s",
        ],
    );
    ok(d, &["verify", "game.yaml"]);
    // A position of a past step is the state the log leads to there.
    let o = ok(d, &["position", old.to_str().unwrap(), "--at", "1"]);
    let past: serde_json::Value = serde_yaml::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        past["state"]["phase"]["side"], "patriot",
        "after the Crown's supply phase"
    );
    let err = fails(d, &["position", old.to_str().unwrap(), "--at", "9"]);
    assert!(err.contains("step 9 has no adjudicated result"), "{err}");
    // The header names the state by the step `--at` takes for it (it said "at step 3" for the
    // state after step 2, which `--at 3` refused), and `--at` takes that step.
    let now = stdout(&ok(d, &["position", "game.yaml"]));
    let head = now.lines().next().unwrap();
    let step: String = head
        .split("after step ")
        .nth(1)
        .unwrap_or_else(|| panic!("{head}"))
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let at = stdout(&ok(d, &["position", "game.yaml", "--at", &step]));
    assert_eq!(
        serde_yaml::from_str::<serde_json::Value>(&at).unwrap()["state"],
        serde_yaml::from_str::<serde_json::Value>(&now).unwrap()["state"],
        "{head}"
    );
    // Editing the start breaks the genesis, so `verify` refuses the game.
    let text = read(&d.join("game.yaml")).replacen("political_will: 4", "political_will: 5", 1);
    std::fs::write(d.join("edited.yaml"), text).unwrap();
    assert!(!run(d, &["verify", "edited.yaml"]).status.success());
}

/// Copies a player's folder of a fixture (its `game.yaml` and `secrets`) into `to`, the
/// secrets made private again (git keeps no modes but the executable bit).
fn copy_player(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to.join("secrets")).unwrap();
    std::fs::copy(from.join("game.yaml"), to.join("game.yaml")).unwrap();
    for e in std::fs::read_dir(from.join("secrets")).unwrap() {
        let p = e.unwrap().path();
        let copy = to.join("secrets").join(p.file_name().unwrap());
        std::fs::copy(&p, &copy).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
    }
}

/// A version 2 game keeps version 2's standing policies (dice-protocol 3.1): made by the
/// adjutant before version 3 (`tests/data/v2/southern-strategy-policy`), its Patriot policy
/// answers a Crown attack when this adjutant adjudicates it, the result reveals the whole
/// policy, never rows, and the packet is the very one the older adjutant wrote; the Crown
/// takes it and both copies verify.
#[test]
fn a_version_2_game_reveals_its_policy_whole_as_before() {
    let fixture = root().join("tests/data/v2/southern-strategy-policy");
    let dir = tempfile::tempdir().unwrap();
    let (c, p) = (dir.path().join("crown"), dir.path().join("patriot"));
    copy_player(&fixture.join("crown"), &c);
    copy_player(&fixture.join("patriot"), &p);
    assert_eq!(
        GameFile::parse(&read(&p.join("game.yaml")))
            .unwrap()
            .version(),
        2
    );
    let attack = fixture.join("attack.packet.yaml");
    let report = stdout(&ok(
        &p,
        &[
            "adjudicate",
            "game.yaml",
            attack.to_str().unwrap(),
            "--secrets",
            "secrets",
        ],
    ));
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Battle at Beaufort")
            && flat.contains("this result reveals it, so it is public now"),
        "{report}"
    );
    write(&p, "pass.yaml", "limited: skip\nfull: pass\n");
    ok(
        &p,
        &[
            "orders",
            "game.yaml",
            "pass.yaml",
            "--secrets",
            "secrets",
            "-o",
            "reveal.packet.yaml",
        ],
    );
    let sent = adjutant::app::parse_packet_text(&read(&p.join("reveal.packet.yaml"))).unwrap();
    let before =
        adjutant::app::parse_packet_text(&read(&fixture.join("reveal.packet.yaml"))).unwrap();
    assert_eq!(
        sent.record, before.record,
        "the same packet as the older adjutant's"
    );
    let result = sent.record.result.as_ref().unwrap();
    assert!(result.policy.is_some() && result.policy_rows.is_empty());
    // The other policy answer (for an army at Wilmington) travels too, as version 2 has it.
    assert!(read(&p.join("reveal.packet.yaml")).contains("Cape Fear"));
    ok(
        &c,
        &[
            "adjudicate",
            "game.yaml",
            p.join("reveal.packet.yaml").to_str().unwrap(),
            "--secrets",
            "secrets",
        ],
    );
    for d in [&c, &p] {
        let out = stdout(&ok(d, &["verify", "game.yaml"]));
        assert!(out.contains("protocol version 2"), "{out}");
    }
}
