//! Players to measure the bot against, and a match between two of them: the uniform random
//! player of self-play, a one-step greedy player, and the bot itself.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Budget, Settings};
use crate::engine::dice::QuickDice;
use crate::engine::game::Game;
use crate::engine::selfplay;

/// Something that decides for one side.
pub trait Player<G: Game> {
    /// Orders for `side` at `state`; `None` when it finds none the rules accept.
    fn decide(&mut self, data: &G::Data, state: &G::State, side: &str) -> Option<G::Orders>;
}

/// Picks uniformly among the options the rules accept, its amounts drawn inside their ranges
/// (the self-play player).
pub struct Random {
    rng: ChaCha8Rng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for Random {
    fn decide(&mut self, data: &G::Data, state: &G::State, side: &str) -> Option<G::Orders> {
        let candidates = G::candidates(data, state, side);
        selfplay::first_accepted(&mut self.rng, candidates, |c, rng| {
            selfplay::play_one::<G, _>(c, rng, |orders| {
                let mut dice = QuickDice::new(0);
                G::apply(data, state, side, orders, None, &mut dice)
                    .ok()
                    .map(|_| orders.clone())
            })
        })
    }
}

/// Takes the option that most improves the rules' estimate for its side (`Game::value`: for
/// The Southern Strategy a material and Political Will score), averaged over a few rolls of
/// the dice; the first of equals in the listed order.
pub struct Greedy {
    rng: ChaCha8Rng,
    /// Rolls of the dice per option.
    pub samples: usize,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: 4,
        }
    }
}

impl<G: Game> Player<G> for Greedy {
    fn decide(&mut self, data: &G::Data, state: &G::State, side: &str) -> Option<G::Orders> {
        let mut best: Option<(f64, G::Orders)> = None;
        for orders in super::options::<G>(data, state, side, 2) {
            let mut sum = 0.0;
            let mut legal = true;
            for _ in 0..self.samples {
                let mut dice = QuickDice::new(self.rng.next_u64());
                match G::apply(data, state, side, &orders, None, &mut dice) {
                    Ok((next, _)) => sum += G::value(data, &next, side).unwrap_or(0.5),
                    Err(_) => {
                        legal = false;
                        break;
                    }
                }
            }
            if !legal {
                continue;
            }
            let mean = sum / self.samples as f64;
            if best.as_ref().is_none_or(|(b, _)| mean > *b) {
                best = Some((mean, orders));
            }
        }
        best.map(|(_, o)| o)
    }
}

/// The bot, each decision searched with `settings` and a seed of its own. It keeps the
/// positions it has decided in and those its own orders led to without a die
/// (`Settings::been`), as the game file's log gives them to `adjutant bot`.
pub struct Bot {
    pub settings: Settings,
    decisions: u64,
}

impl Bot {
    pub fn new(budget: Budget, seed: u64) -> Bot {
        Bot {
            settings: Settings::new(budget, seed),
            decisions: 0,
        }
    }
}

impl<G: Game> Player<G> for Bot {
    fn decide(&mut self, data: &G::Data, state: &G::State, side: &str) -> Option<G::Orders> {
        std::sync::Arc::make_mut(&mut self.settings.been).insert(super::position_key(state));
        let orders = {
            let mut s = self.settings.clone();
            s.seed = self
                .settings
                .seed
                .wrapping_add(self.decisions.wrapping_mul(0x9e37_79b9));
            self.decisions += 1;
            super::decide::<G>(data, state, side, &s)?.orders
        };
        if let Some(next) = super::dice_free_next::<G>(data, state, side, &orders) {
            std::sync::Arc::make_mut(&mut self.settings.been).insert(super::position_key(&next));
        }
        Some(orders)
    }
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result {
    /// The index in `G::SIDES` of the winner.
    Won(usize),
    /// Unfinished after `selfplay::MAX_STEPS` steps, or stuck with nothing legal.
    Unfinished,
}

/// Plays a whole game from set-up, `players[k]` deciding for `G::SIDES[k]`, the dice drawn
/// from `seed`. Every decision is checked by the rules as any orders are.
pub fn play_match<G: Game>(
    data: &G::Data,
    players: &mut [&mut dyn Player<G>],
    seed: u64,
    each_step: impl FnMut(&G::State, &str, &G::Orders),
) -> Result {
    play_match_to_end(data, players, seed, each_step).0
}

/// `play_match`, with the position the game stopped at (to say how it was won).
pub fn play_match_to_end<G: Game>(
    data: &G::Data,
    players: &mut [&mut dyn Player<G>],
    seed: u64,
    mut each_step: impl FnMut(&G::State, &str, &G::Orders),
) -> (Result, G::State) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut state, _) = G::setup(data);
    for _ in 0..selfplay::MAX_STEPS {
        let Some(a) = G::awaiting(data, &state) else {
            return (winner::<G>(data, &state), state);
        };
        let Some(k) = G::SIDES.iter().position(|s| *s == a.side) else {
            return (Result::Unfinished, state);
        };
        let Some(orders) = players[k].decide(data, &state, &a.side) else {
            return (Result::Unfinished, state);
        };
        each_step(&state, &a.side, &orders);
        let mut dice = QuickDice::new(rng.next_u64());
        match G::apply(data, &state, &a.side, &orders, None, &mut dice) {
            Ok((next, _)) => state = next,
            Err(_) => return (Result::Unfinished, state),
        }
    }
    (Result::Unfinished, state)
}

/// The side whose value is 1 at the end.
fn winner<G: Game>(data: &G::Data, state: &G::State) -> Result {
    G::SIDES
        .iter()
        .position(|s| G::value(data, state, s).is_some_and(|v| v >= 1.0))
        .map_or(Result::Unfinished, Result::Won)
}
