//! `cargo bench --bench strength`: how strong the Southern Strategy bot is, from one run on the
//! machine at hand. Each figure is a win rate over whole games from set-up, the bot taking
//! the Crown in even-numbered games and the Patriots in odd ones, with its 95% Wilson
//! interval. Games still going after `MAX_STEPS` count as not won.
//!
//! Environment: `GAMES` (default 200 per opponent), `PLAYOUTS` (the bot's budget per decision,
//! default 200), `OPPONENTS` (`random,greedy`; empty for the timing alone), `SKIP_TIMING` (no
//! timing of the default budget), `LOSSES` (print how each game the bot lost ended), and
//! `HORIZON`, `EXPLORATION`, `WIDTHS` to try other search settings. The README's figures ran
//! one opponent per core; 200 games take 10 to 20 minutes each at a few hundred playouts.

/// The allocator the `adjutant` binary uses, so the figures are the product's.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::time::{Duration, Instant};

use adjutant::bot::players::{self, Bot, Greedy, Player, Random};
use adjutant::bot::{Budget, Settings};
use adjutant::engine::game::Game;
use adjutant::games::southern_strategy::{self as ss, SouthernStrategy as SS};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The Wilson score interval for `k` wins in `n` games, at 95%.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    let (k, n) = (k as f64, n as f64);
    let z = 1.96f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

/// Settings to try, from `HORIZON`, `EXPLORATION`, `WIDTHS` and `SOONER`.
fn tune(s: &mut Settings) {
    if let Some(h) = std::env::var("HORIZON").ok().and_then(|v| v.parse().ok()) {
        s.horizon = h;
    }
    if let Some(c) = std::env::var("EXPLORATION")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        s.exploration = c;
    }
    if let Some(w) = std::env::var("WIDTHS").ok().and_then(|v| v.parse().ok()) {
        s.widths = w;
    }
    if let Some(k) = std::env::var("SOONER").ok().and_then(|v| v.parse().ok()) {
        s.sooner = k;
    }
}

fn main() {
    let data = <SS as Game>::load_data(
        &ss::DATA_FILES
            .iter()
            .chain(ss::DISPLAY_FILES)
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect::<Vec<_>>(),
    )
    .expect("built-in data");
    let games = env("GAMES", 200);
    let playouts = env("PLAYOUTS", 200) as u32;
    let opponents = std::env::var("OPPONENTS").unwrap_or_else(|_| "random,greedy".into());

    if std::env::var("SKIP_TIMING").is_err() {
        // The default budget's time per decision, on every tenth position of two seeded games:
        // one of random play, and one the bot (at 100 playouts) plays as the Crown against
        // random play, whose positions are those a bot's opponent meets.
        let mut times = Vec::new();
        let mut bot = Bot::new(Budget::Playouts(adjutant::bot::DEFAULT_PLAYOUTS), 1);
        let mut positions = Vec::new();
        let mut keep = |st: &ss::state::State, side: &str, _: &ss::orders::Orders| {
            positions.push((st.clone(), side.to_string()))
        };
        players::play_match::<SS>(
            &data,
            &mut [&mut Random::new(1), &mut Random::new(2)],
            7,
            &mut keep,
        );
        players::play_match::<SS>(
            &data,
            &mut [&mut Bot::new(Budget::Playouts(100), 3), &mut Random::new(4)],
            8,
            &mut keep,
        );
        for (st, side) in positions.iter().step_by(10) {
            let t = Instant::now();
            let _ = <Bot as Player<SS>>::decide(&mut bot, &data, st, side);
            times.push(t.elapsed());
        }
        times.sort();
        println!(
        "bot, default budget ({} playouts): median {:.2?}, slowest {:.2?} a decision on one core ({} positions)",
        adjutant::bot::DEFAULT_PLAYOUTS,
        times[times.len() / 2],
        times.last().copied().unwrap_or(Duration::ZERO),
        times.len()
    );
    }

    for opponent in opponents.split(',').filter(|o| !o.is_empty()) {
        let t = Instant::now();
        let mut won = 0;
        let mut unfinished = 0;
        // Wins by the bot's side: [as the Crown, as the Patriots].
        let mut won_as = [0usize; 2];
        for g in 0..games {
            let mut bot = Bot::new(Budget::Playouts(playouts), g as u64);
            tune(&mut bot.settings);
            let mut other: Box<dyn Player<SS>> = match opponent {
                "random" => Box::new(Random::new(1000 + g as u64)),
                "greedy" => Box::new(Greedy::new(1000 + g as u64)),
                other => panic!("unknown opponent {other}"),
            };
            let bot_side = g % 2;
            let (result, end) = if bot_side == 0 {
                players::play_match_to_end::<SS>(
                    &data,
                    &mut [&mut bot, other.as_mut()],
                    g as u64,
                    |_, _, _| {},
                )
            } else {
                players::play_match_to_end::<SS>(
                    &data,
                    &mut [other.as_mut(), &mut bot],
                    g as u64,
                    |_, _, _| {},
                )
            };
            match result {
                players::Result::Won(k) if k == bot_side => {
                    won += 1;
                    won_as[bot_side] += 1;
                }
                players::Result::Won(_) => {}
                players::Result::Unfinished => unfinished += 1,
            }
            if std::env::var("LOSSES").is_ok() && result != players::Result::Won(bot_side) {
                println!(
                    "  game {g}, bot as the {}: lost by {} in {} {} (Political Will {}, {} Cities and Forts for the Crown)",
                    if bot_side == 0 { "Crown" } else { "Patriots" },
                    end.outcome.as_ref().map_or("no end", |o| o.how.as_str()),
                    end.turn.year,
                    end.turn.space,
                    end.political_will,
                    ss::victory::crown_cities_and_forts(&data, &end),
                );
            }
        }
        let (lo, hi) = wilson(won, games);
        println!(
            "  as the Crown {} of {}, as the Patriots {} of {}",
            won_as[0],
            games.div_ceil(2),
            won_as[1],
            games / 2
        );
        println!(
            "bot ({playouts} playouts) against {opponent}: won {won} of {games} ({:.1}%, 95% interval {:.1}% to {:.1}%; {unfinished} unfinished) in {:.0?}",
            100.0 * won as f64 / games as f64,
            100.0 * lo,
            100.0 * hi,
            t.elapsed()
        );
    }
}
