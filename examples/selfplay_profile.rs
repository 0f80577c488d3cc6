//! A profiling target: typed self-play for a fixed number of games, for `perf record`
//! (`cargo run --release --example selfplay_profile -- [games] [the-lost-cause]`).
use std::time::Duration;

use adjutant::engine::game::Game;
use adjutant::engine::selfplay;

fn load<G: Game>(files: &[(&str, &str)]) -> G::Data {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    G::load_data(&files).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let forever = Duration::from_secs(u64::MAX / 4);
    let t = match args.get(2).map(String::as_str) {
        Some("the-lost-cause") => {
            use adjutant::games::the_lost_cause::{TheLostCause, DATA_FILES};
            selfplay::run::<TheLostCause>(&load::<TheLostCause>(DATA_FILES), games, forever)
        }
        _ => {
            use adjutant::games::southern_strategy::{SouthernStrategy, DATA_FILES, DISPLAY_FILES};
            let files: Vec<_> = DATA_FILES.iter().chain(DISPLAY_FILES).copied().collect();
            selfplay::run::<SouthernStrategy>(&load::<SouthernStrategy>(&files), games, forever)
        }
    };
    eprintln!(
        "{} games ({} ended, {} stuck), {} steps in {:.2?}",
        t.games, t.completed, t.stuck, t.steps, t.elapsed
    );
}
