//! A profiling target: typed self-play for a fixed number of games, for `perf record`
//! (`cargo run --release --example selfplay_profile -- [games] [the-lost-cause] [--digest]`).
//!
//! With `--digest` it also prints a SHA-256 of every state and event the games pass through,
//! as JSON: a change meant only to make play faster must leave it as it was (the same seeds
//! give the same games), and its time then includes the serializing.
use std::time::Duration;

/// The allocator the `adjutant` binary uses.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use adjutant::engine::canon;
use adjutant::engine::game::Game;
use adjutant::engine::selfplay;
use sha2::{Digest, Sha256};

fn load<G: Game>(files: &[(&str, &str)]) -> G::Data {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    G::load_data(&files).unwrap()
}

/// Plays `games` games of `G`, feeding every state and event to `digest` when there is one.
fn play<G: Game>(data: &G::Data, games: usize, digest: Option<&mut Sha256>) -> selfplay::Tally {
    let forever = Duration::from_secs(u64::MAX / 4);
    match digest {
        None => selfplay::run::<G>(data, games, forever),
        Some(h) => selfplay::run_observed::<G>(data, games, forever, |st, events| {
            h.update(serde_json::to_vec(st).expect("a state serializes"));
            h.update(serde_json::to_vec(events).expect("events serialize"));
        }),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().filter(|a| a != "--digest").collect();
    let mut digest = std::env::args().any(|a| a == "--digest").then(Sha256::new);
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let t = match args.get(2).map(String::as_str) {
        Some("the-lost-cause") => {
            use adjutant::games::the_lost_cause::{TheLostCause, DATA_FILES};
            play::<TheLostCause>(&load::<TheLostCause>(DATA_FILES), games, digest.as_mut())
        }
        _ => {
            use adjutant::games::southern_strategy::{SouthernStrategy, DATA_FILES, DISPLAY_FILES};
            let files: Vec<_> = DATA_FILES.iter().chain(DISPLAY_FILES).copied().collect();
            play::<SouthernStrategy>(&load::<SouthernStrategy>(&files), games, digest.as_mut())
        }
    };
    eprintln!(
        "{} games ({} ended, {} stuck), {} steps in {:.2?}",
        t.games, t.completed, t.stuck, t.steps, t.elapsed
    );
    if let Some(h) = digest {
        eprintln!("digest {}", canon::to_hex(&h.finalize()));
    }
}
