//! The game file loader and `verify`: any text as a game file.
#![no_main]

use adjutant::engine::gamefile::GameFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(gf) = GameFile::parse(text) else { return };
    let Ok(rules) = adjutant::games::load(&gf.game, None) else { return };
    if adjutant::engine::session::check_file(rules.as_ref(), &gf).is_ok() {
        let _ = adjutant::engine::verify::verify(rules.as_ref(), &gf);
    }
});
