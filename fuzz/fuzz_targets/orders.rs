//! The orders parser and checker: any text as an orders file for the shipped example games.
#![no_main]

use adjutant::app::{self, Loaded};
use adjutant::engine::gamefile::GameFile;
use libfuzzer_sys::fuzz_target;

fn example(text: &str) -> Loaded {
    let game = GameFile::parse(text).expect("the shipped example parses");
    let rules = adjutant::games::load(&game.game, None).expect("built-in rules load");
    Loaded { rules, game }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(file) = app::parse_orders(text) else { return };
    for l in [
        example(include_str!("../../games/southern-strategy/examples/demo-game.yaml")),
        example(include_str!("../../games/the-lost-cause/examples/demo-game.yaml")),
    ] {
        let _ = app::check_orders(&l, &file, None);
    }
});
