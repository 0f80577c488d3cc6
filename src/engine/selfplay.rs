//! Seeded random play of a whole game through the typed `Game` interface, for the benchmark
//! and profiling: at every step the legal options are listed (each tried on a copy, as
//! `orders` does) and one is played.

use std::time::{Duration, Instant};

use super::dice::KeyedDice;
use super::game::Game;

/// What a run of self-play did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub games: usize,
    pub completed: usize,
    pub steps: usize,
    pub elapsed: Duration,
}

/// Plays games until `max_games` or `budget` is reached (whichever comes first). Game `g`
/// picks option `(13 * step + g) mod n` and keys its dice by `g` and the step.
pub fn run<G: Game>(data: &G::Data, max_games: usize, budget: Duration) -> Tally {
    let t = Instant::now();
    let mut tally = Tally::default();
    while tally.games < max_games && t.elapsed() < budget {
        let g = tally.games;
        let (mut st, _) = G::setup(data);
        for step in 0..3000usize {
            let Some(a) = G::awaiting(data, &st) else {
                tally.completed += 1;
                break;
            };
            let options = G::legal_options(data, &st, &a.side);
            let pick = &options[(step * 13 + g) % options.len()];
            let v: serde_json::Value =
                serde_yaml::from_str(&pick.example).expect("a listed option is YAML");
            let orders: G::Orders = serde_json::from_value(v).expect("a listed option is orders");
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&(g as u64).to_be_bytes());
            key[8..16].copy_from_slice(&(step as u64).to_be_bytes());
            let mut dice = KeyedDice::new(&key);
            st = G::apply(data, &st, &a.side, &orders, None, &mut dice)
                .expect("a listed option is legal")
                .0;
            tally.steps += 1;
        }
        tally.games += 1;
    }
    tally.elapsed = t.elapsed();
    tally
}
