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
