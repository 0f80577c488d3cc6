//! Mail ingest: any bytes as a mail message.
#![no_main]

use libfuzzer_sys::fuzz_target;

static QUIET: std::sync::Once = std::sync::Once::new();

fuzz_target!(|data: &[u8]| {
    // libfuzzer-sys aborts on any panic, even one adjutant catches: ingest catches the panics
    // of mail-parser 0.11 on some broken multipart mail and refuses the mail. A panic that
    // escapes still aborts when it unwinds into libFuzzer.
    QUIET.call_once(|| std::panic::set_hook(Box::new(|_| {})));
    let _ = adjutant::mail::ingest::read_message(data);
});
