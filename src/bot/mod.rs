//! The bot: a player that decides by Monte Carlo tree search over the rules' own options.
//!
//! Why this method. A wargame turn has dice everywhere and a branching factor in the hundreds
//! (every march, split and supply amount), and adjutant's rules are code, not a formula a
//! search could differentiate. Monte Carlo tree search needs only what the rules already give:
//! the options of a decision (`Game::candidates`), the step that applies one (`Game::apply`)
//! and the rules' own dice. It spends its playouts where the results are promising and
//! converges on the best move as the budget grows; no hand-written script has to foresee a
//! position.
//!
//! How it searches (`tree`):
//! - **Decisions.** A node is a position with someone to decide. Its edges are the options
//!   that side may order: each candidate as listed, plus a few draws of its open amounts
//!   (how many units march, how much War is committed). An option the rules refuse there is
//!   dropped the first time it is tried. Each side picks by UCB1 on its own chance of winning,
//!   so the opponent's replies are searched as hard as the bot's own moves.
//! - **Chance.** Orders are applied with dice drawn fresh on every visit (`QuickDice`, which
//!   rolls as the real dice do). Each different result is a child of its own, so a battle's
//!   outcomes are searched in proportion to how often the dice give them. This is sampled
//!   expectimax inside UCT.
//! - **Playouts.** A new position is played on by the random self-play player for `horizon`
//!   steps, then judged by the rules' estimate (`Game::value`: material and the tracks), or by
//!   the result if the game ended. A whole random game to the end would take hundreds of
//!   steps and say little: random play does not win wars the way a player does.
//! - **Backing up.** A result goes back up the tree blended, at each step, with the estimate
//!   of the position that step reached (`Settings::sooner`), so a line is judged by all the
//!   positions it passes through and a gain made now is worth more than the same gain later.
//! - **The choice.** The most visited option at the root; its share of the visits and its
//!   estimated chance of winning are what `--explain` prints.
//!
//! What it knows. The search starts from the state of the game file, which every player
//! holds, and draws its own dice: it never sees a secret, an unrevealed chain element, or the
//! opponent's hidden policy. Where that policy would answer (a battle), the search treats the
//! opponent as deciding there, as a player would. All its randomness comes from
//! `Settings::seed`, so a decision made with a budget in playouts can be made again exactly.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::engine::game::{Candidate, Game};

pub mod players;
mod tree;

/// How long the bot thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// A fixed number of playouts: the same decision every time for the same seed.
    Playouts(u32),
    /// As many playouts as fit in this time (at least one).
    Think(Duration),
}

/// The default budget: about a fifth of a second a decision on the project's 2-core machine
/// (the README's Performance section), and reproducible. It was 1000 until the strength runs
/// showed the bot as the Crown winning 96 of 100 games against the greedy player at 5000
/// where it won 83 at 1000, for a decision still far inside the 2 s it may take.
pub const DEFAULT_PLAYOUTS: u32 = 5000;

#[derive(Debug, Clone)]
pub struct Settings {
    pub budget: Budget,
    /// Everything random in the search (its dice, the order it tries options, its playouts)
    /// comes from this seed.
    pub seed: u64,
    /// How many steps a playout plays at random before the rules' estimate judges it.
    pub horizon: usize,
    /// UCB1's exploration weight (chances of winning run from 0 to 1).
    pub exploration: f64,
    /// How much a position counts for itself, against what follows it. Each result backed up
    /// the tree is `sooner` times the rules' estimate of the position an option led to, plus
    /// the rest times the result from there on (the next position's, or the playout's), so a
    /// line is judged by every position it passes through, the nearest counting most. A gain
    /// made now then counts for more than the same gain put off: judged by where the playouts
    /// end alone, a side far ahead could not tell the pass that ends the impulse phase, and
    /// with it a siege (13.1), from a round of Navy moves that only puts the pass off, and
    /// chased the Navy. 0 judges by the playout alone.
    pub sooner: f64,
    /// How many draws of its open amounts a candidate with ranges adds as options besides its
    /// own orders.
    pub widths: usize,
    /// The most positions the tree keeps (`MAX_NODES`): past it, a playout still runs and
    /// counts, but the position it starts from is not kept.
    pub max_nodes: usize,
    /// The positions the game has already stood in (`position_key`). An option that leads
    /// back to one of them without a die is not played while any other is left: two sides
    /// that each gain nothing by ending a round of free moves (the Navies' moves, 12.1) could
    /// otherwise go round it for ever, and a game that never ends is won by nobody.
    pub been: Arc<HashSet<[u8; 32]>>,
}

/// The position `orders` lead to from `state`, when the rules accept them and they roll no
/// die: the same whatever the dice. `None` otherwise.
pub fn dice_free_next<G: Game>(
    data: &G::Data,
    state: &G::State,
    side: &str,
    orders: &G::Orders,
) -> Option<G::State> {
    let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
    let (next, _) = G::apply(data, state, side, orders, None, &mut dice).ok()?;
    dice.into_rolls().is_empty().then_some(next)
}

/// The key of a position in `Settings::been`: the SHA-256 of its state as JSON.
pub fn position_key<S: Serialize>(state: &S) -> [u8; 32] {
    let json = serde_json::to_vec(state).expect("a state serializes");
    Sha256::digest(&json).into()
}

/// The default `Settings::sooner`. Against the greedy player at 200 playouts, the bot as the
/// Crown won 48 of 100 games judging by the playouts alone, 61 with 0.2, 65 with 0.3 and 59
/// with 0.5 (README, "Sooner, not later").
pub const SOONER: f64 = 0.3;

/// The default `Settings::max_nodes`. A kept position costs about 5 KB with its options, so
/// the tree stays under about 300 MB however long the bot thinks: unbounded, `--think 10s`
/// held 840 MB on the project's machine, and the hour `--think` allows would have run out of
/// memory. The default budget keeps at most 5,000 positions, far below it; `--think 2s` on that
/// machine reaches it (about 55,000 playouts).
pub const MAX_NODES: usize = 50_000;

impl Settings {
    pub fn new(budget: Budget, seed: u64) -> Settings {
        Settings {
            budget,
            seed,
            horizon: 16,
            exploration: 0.5,
            sooner: SOONER,
            widths: 2,
            max_nodes: MAX_NODES,
            been: Arc::default(),
        }
    }
}

/// One option the search weighed at the root.
#[derive(Debug, Clone, Serialize)]
pub struct Considered<O> {
    pub orders: O,
    /// Playouts through this option.
    pub visits: u32,
    /// Its share of all playouts, from 0 to 1.
    pub share: f64,
    /// The deciding side's estimated chance of winning after it, from 0 to 1.
    pub value: f64,
}

/// What the bot decided, and what else it weighed (most visited first, the choice first).
#[derive(Debug, Clone, Serialize)]
pub struct Decision<O> {
    pub orders: O,
    pub considered: Vec<Considered<O>>,
    pub playouts: u32,
    /// The rules left one option (the others refused, or none listed): nothing was weighed.
    pub alone: bool,
    /// How many positions the search tree kept (at most `Settings::max_nodes`).
    pub nodes: usize,
}

impl<O> Decision<O> {
    /// The same decision with its orders written another way (as plain values).
    pub fn map_orders<P, E>(self, f: impl Fn(&O) -> Result<P, E>) -> Result<Decision<P>, E> {
        Ok(Decision {
            orders: f(&self.orders)?,
            considered: self
                .considered
                .into_iter()
                .map(|c| {
                    Ok(Considered {
                        orders: f(&c.orders)?,
                        visits: c.visits,
                        share: c.share,
                        value: c.value,
                    })
                })
                .collect::<Result<_, E>>()?,
            playouts: self.playouts,
            alone: self.alone,
            nodes: self.nodes,
        })
    }
}

/// The bot's decision for `side` at `state`: `None` when `side` has nothing to decide there
/// (or no option the rules accept).
pub fn decide<G: Game>(
    data: &G::Data,
    state: &G::State,
    side: &str,
    settings: &Settings,
) -> Option<Decision<G::Orders>> {
    tree::search::<G>(data, state, side, settings)
}

/// The most values of a candidate's one open amount that the search weighs each of.
const ENUMERATED: u32 = 8;

/// The options a search weighs at a position: each candidate's own orders and, for one with
/// open amounts, `widths` draws inside its ranges (from a seed taken from the candidate, so the
/// same position always gives the same list), without repeats. Where the decision is one
/// candidate whose only open field is one amount of a few values (how much War to commit,
/// 10.2 and 10.3) it is weighed at every value instead: two draws would leave most of them
/// untried, and the amount is the whole decision. Among other candidates every value would
/// spread the playouts thinner over one option's amounts: against random play at 300
/// playouts the bot won 96.5% of 200 games weighing every value everywhere, 98.5% this way.
pub fn options<G: Game>(
    data: &G::Data,
    state: &G::State,
    side: &str,
    widths: usize,
) -> Vec<G::Orders> {
    use rand_chacha::rand_core::SeedableRng;
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let candidates = G::candidates(data, state, side);
    let alone = candidates.len() == 1;
    for c in candidates {
        // The candidate's own key seeds its draws, so a position always lists the same.
        let Ok(key) = serde_json::to_string(&c.orders) else {
            continue;
        };
        let variants = match every_value(&c).filter(|_| alone) {
            Some(each) => each,
            None if !c.ranges.is_empty() && widths > 0 => {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(fnv(key.as_bytes()));
                (0..widths).filter_map(|_| c.draw(&mut rng)).collect()
            }
            None => Vec::new(),
        };
        // Each as its simplest orders, so that two drawn the same in effect (a retreat area
        // listed twice) are weighed once.
        for o in variants.into_iter().chain([c.orders]).map(G::simplest) {
            if let Ok(k) = serde_json::to_string(&o) {
                if seen.insert(k) {
                    out.push(o);
                }
            }
        }
    }
    out
}

/// The orders of `c` at each value of its one open amount, when that is all it leaves open
/// and it has at most `ENUMERATED` values.
fn every_value<O: crate::engine::ranges::Draw>(c: &Candidate<O>) -> Option<Vec<O>> {
    use crate::engine::ranges::{Range, Values};
    let [Range {
        name,
        values: Values::Amount { min, max },
    }] = c.ranges.as_slice()
    else {
        return None;
    };
    if name.contains("[*]") || max.saturating_sub(*min) >= ENUMERATED {
        return None;
    }
    use rand_chacha::rand_core::SeedableRng;
    // A range of one value takes nothing from the stream, so any seed will do.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    Some(
        (*min..=*max)
            .filter_map(|v| {
                c.orders
                    .draw_open(&[Range::amount(name.clone(), v, v)], &mut rng)
            })
            .collect(),
    )
}

/// FNV-1a, for seeds that must not change between builds (unlike `DefaultHasher`).
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
