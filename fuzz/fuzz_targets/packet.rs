//! The packet checker: any text as a packet received for the shipped Southern Strategy example.
#![no_main]

use adjutant::engine::gamefile::GameFile;
use adjutant::engine::session::Replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(packet) = adjutant::app::parse_packet_text(text) else { return };
    let gf = GameFile::parse(include_str!("../../games/southern-strategy/examples/demo-game.yaml"))
        .expect("the shipped example parses");
    let rules = adjutant::games::load(&gf.game, None).expect("built-in rules load");
    let mut replay = Replay::from_file(rules.as_ref(), &gf).expect("the example replays");
    let _ = replay.push(&packet.record);
});
