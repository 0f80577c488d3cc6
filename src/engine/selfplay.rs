//! Seeded random self-play of whole games through the typed `Game` interface, for the
//! benchmark and profiling.
//!
//! At every step the player picks among the legal options without listing them all: it draws
//! candidates (`Game::candidates`) at random without replacement and plays the first the rules
//! accept. A candidate with open fields (`engine::ranges`) is tried with its amounts drawn
//! uniformly inside their ranges, up to `DRAWS` times, and then as its own orders (the
//! example `orders` would show). Every option with nothing open is then equally likely to be
//! played, as if the whole list had been tried first and one picked from it, and an option with
//! amounts nearly so (less often only when most of its draws are refused); a step costs one
//! trial run (plus one per refused draw) instead of one per option.

use std::time::{Duration, Instant};

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dice::KeyedDice;
use super::game::{Candidate, Game};

/// What a run of self-play did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub games: usize,
    /// Games that reached their end.
    pub completed: usize,
    /// Games that stopped at a decision with no legal option (a bug in the rules code).
    pub stuck: usize,
    pub steps: usize,
    pub elapsed: Duration,
}

/// The longest game played; a game still going after this many steps is counted unfinished.
pub const MAX_STEPS: usize = 3000;

/// How many times a candidate's open amounts are drawn before its own orders are tried.
pub const DRAWS: usize = 4;

/// Plays games until `max_games` or `budget` is reached (whichever comes first). Game `g`
/// draws its picks from a ChaCha8 stream seeded with `g`, and keys its dice by `g` and the
/// step.
pub fn run<G: Game>(data: &G::Data, max_games: usize, budget: Duration) -> Tally {
    run_observed::<G>(data, max_games, budget, |_, _| {})
}

/// `run`, showing `observe` every state the games pass through (the set-up's, then each
/// step's) with the events that led to it: for checking that a change to the rules code
/// leaves the seeded games as they were.
pub fn run_observed<G: Game>(
    data: &G::Data,
    max_games: usize,
    budget: Duration,
    mut observe: impl FnMut(&G::State, &[G::Event]),
) -> Tally {
    let t = Instant::now();
    let mut tally = Tally::default();
    while tally.games < max_games && t.elapsed() < budget {
        let g = tally.games;
        let mut rng = ChaCha8Rng::seed_from_u64(g as u64);
        let (st, mut events) = G::setup(data);
        observe(&st, &events);
        // Each order tried is played into `next`, which keeps its room from step to step, as
        // the places left to draw do in `remaining`. The two states are boxed so that a step
        // swaps two pointers instead of two states.
        let mut next = Box::new(st.clone());
        let mut st = Box::new(st);
        let mut remaining = Vec::new();
        for step in 0..MAX_STEPS {
            let Some(side) = G::deciding(data, &st) else {
                tally.completed += 1;
                break;
            };
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&(g as u64).to_be_bytes());
            key[8..16].copy_from_slice(&(step as u64).to_be_bytes());
            let played = {
                let mut candidates = G::lazy_candidates(data, &st, &side);
                first_accepted_in(&mut rng, &mut remaining, candidates.len(), |k, rng| {
                    play_one::<G, _>(candidates.take(k), rng, |orders| {
                        let mut dice = KeyedDice::new(&key);
                        G::apply_into(data, &st, &side, orders, &mut dice, &mut next, &mut events)
                            .ok()
                    })
                })
            };
            if played.is_none() {
                tally.stuck += 1;
                break;
            }
            observe(&next, &events);
            std::mem::swap(&mut st, &mut next);
            tally.steps += 1;
        }
        tally.games += 1;
    }
    tally.elapsed = t.elapsed();
    tally
}

/// Tries candidate `c`: up to `DRAWS` draws of its open amounts, then its own orders; what
/// `attempt` gave for the first it accepted.
pub fn play_one<G: Game, R>(
    c: Candidate<G::Orders>,
    rng: &mut ChaCha8Rng,
    mut attempt: impl FnMut(&G::Orders) -> Option<R>,
) -> Option<R> {
    if !c.ranges.is_empty() {
        for _ in 0..DRAWS {
            if let Some(r) = c.draw(rng).and_then(|o| attempt(&o)) {
                return Some(r);
            }
        }
    }
    attempt(&c.orders)
}

/// Draws `candidates` at random without replacement until `attempt` accepts one, and returns
/// what it gave: each candidate `attempt` would accept is returned equally often. `attempt`
/// gets the same random stream for drawing inside the candidate. `None` when it accepts none.
pub fn first_accepted<O, R>(
    rng: &mut ChaCha8Rng,
    candidates: Vec<O>,
    mut attempt: impl FnMut(O, &mut ChaCha8Rng) -> Option<R>,
) -> Option<R> {
    let mut entries: Vec<Option<O>> = candidates.into_iter().map(Some).collect();
    first_accepted_of(rng, entries.len(), |k, rng| {
        attempt(entries[k].take().expect("each place is drawn once"), rng)
    })
}

/// `first_accepted` over the places `0..n` of a list whose entries are built only when
/// drawn (`Game::lazy_candidates`): the draw behind both, so a list drawn whole and one drawn
/// place by place try the same entries in the same order with the same random numbers.
pub fn first_accepted_of<R>(
    rng: &mut ChaCha8Rng,
    n: usize,
    attempt: impl FnMut(usize, &mut ChaCha8Rng) -> Option<R>,
) -> Option<R> {
    first_accepted_in(rng, &mut Vec::new(), n, attempt)
}

/// `first_accepted_of`, keeping the places left to draw in `remaining` (emptied first), so
/// that a caller drawing at every step allocates the list once.
pub fn first_accepted_in<R>(
    rng: &mut ChaCha8Rng,
    remaining: &mut Vec<usize>,
    n: usize,
    mut attempt: impl FnMut(usize, &mut ChaCha8Rng) -> Option<R>,
) -> Option<R> {
    remaining.clear();
    remaining.extend(0..n);
    while !remaining.is_empty() {
        // The modulo's bias is below n / 2^64: nothing a game of a few thousand steps can
        // show.
        let i = (rng.next_u64() % remaining.len() as u64) as usize;
        if let Some(r) = attempt(remaining.swap_remove(i), rng) {
            return Some(r);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accepted_candidate_is_drawn_equally_often() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0u32; 12];
        let draws = 60_000;
        for _ in 0..draws {
            // Only multiples of 3 are accepted, spread through the list, so a sampler that
            // favoured early or late entries would show it.
            let got = first_accepted(&mut rng, (0..12).collect(), |n: usize, _| {
                n.is_multiple_of(3).then_some(n)
            })
            .unwrap();
            counts[got] += 1;
        }
        let expected = f64::from(draws) / 4.0;
        for (n, c) in counts.iter().enumerate() {
            if n % 3 == 0 {
                let off = (f64::from(*c) - expected).abs() / expected;
                assert!(off < 0.03, "{n} drawn {c} times, expected about {expected}");
            } else {
                assert_eq!(*c, 0, "{n} is refused yet was returned");
            }
        }
    }

    /// The places `first_accepted_of` tries are the entries `first_accepted` tries, in the
    /// same order, drawing the same numbers (self-play's games rest on it): each attempt here
    /// also draws, as `play_one` does, and refuses most entries.
    #[test]
    fn drawing_places_tries_what_drawing_entries_tries() {
        for seed in 0..200 {
            for n in [0, 1, 2, 5, 13, 40] {
                let refuse = |k: usize, rng: &mut ChaCha8Rng| {
                    let roll = rng.next_u64();
                    (k % 7 == 3 && roll.is_multiple_of(3)).then_some(k)
                };
                let (mut by_entry, mut by_place) = (Vec::new(), Vec::new());
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let got = first_accepted(&mut rng, (0..n).collect(), |k: usize, rng| {
                    by_entry.push(k);
                    refuse(k, rng)
                });
                let after = rng.next_u64();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let got_of = first_accepted_of(&mut rng, n, |k, rng| {
                    by_place.push(k);
                    refuse(k, rng)
                });
                assert_eq!(got, got_of, "seed {seed}, {n} entries");
                assert_eq!(by_entry, by_place, "seed {seed}, {n} entries");
                assert_eq!(after, rng.next_u64(), "seed {seed}: the streams part");
            }
        }
    }

    #[test]
    fn nothing_accepted_is_none_after_trying_each_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut tried = Vec::new();
        let got: Option<()> = first_accepted(&mut rng, vec![1, 2, 3], |n, _| {
            tried.push(n);
            None
        });
        assert_eq!(got, None);
        tried.sort();
        assert_eq!(tried, vec![1, 2, 3]);
    }
}
