//! The search tree of `bot`: decision nodes with one edge per option, and the different
//! results of an option's dice as the edge's children.

use std::cell::Cell;
use std::time::Instant;

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Budget, Considered, Decision, Settings};
use crate::engine::dice::QuickDice;
use crate::engine::game::Game;
use crate::engine::selfplay;

/// A position in the tree.
struct Node<G: Game> {
    state: G::State,
    /// The side to decide (its index in `G::SIDES`); `None` once the game is over.
    side: Option<usize>,
    /// `None` until the node is first passed through.
    edges: Option<Vec<Edge<G>>>,
    visits: u32,
    /// The rules' estimate of `state` for each side (`Game::value`), made once; `None` where
    /// it cannot judge the position (`Game::settled`).
    value: Option<Vec<f64>>,
}

/// An option at a node.
struct Edge<G: Game> {
    orders: G::Orders,
    visits: u32,
    /// The sum of the deciding side's results through this option.
    total: f64,
    /// The rules refused it here.
    refused: bool,
    /// The positions its dice led to, each searched on its own.
    outcomes: Vec<Node<G>>,
}

impl<G: Game> Edge<G> {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.total / f64::from(self.visits)
        }
    }
}

struct Search<'a, G: Game> {
    data: &'a G::Data,
    settings: &'a Settings,
    rng: ChaCha8Rng,
    /// The positions kept in the tree so far, the root included.
    nodes: usize,
    /// The side the search decides for.
    searching: &'static str,
}

fn side_index<G: Game>(side: &str) -> Option<usize> {
    G::SIDES.iter().position(|s| *s == side)
}

pub fn search<G: Game>(
    data: &G::Data,
    state: &G::State,
    side: &str,
    settings: &Settings,
) -> Option<Decision<G::Orders>> {
    let me = side_index::<G>(side)?;
    let mut s = Search::<G> {
        data,
        settings,
        rng: ChaCha8Rng::seed_from_u64(settings.seed),
        nodes: 1,
        searching: G::SIDES[me],
    };
    let mut root = s.node(state.clone());
    if root.side != Some(me) {
        return None;
    }
    s.expand(&mut root);
    if !settings.been.is_empty() {
        s.avoid_repeats(&mut root);
    }
    let started = Instant::now();
    let mut playouts = 0u32;
    loop {
        let done = match settings.budget {
            Budget::Playouts(n) => playouts >= n.max(1),
            Budget::Think(t) => playouts >= 1 && started.elapsed() >= t,
        };
        let edges = root.edges.as_ref().expect("expanded");
        let open = edges.iter().filter(|e| !e.refused).count();
        // A decision with one option left, once it is known to be legal, needs no search.
        if done || open == 0 || (open == 1 && edges.iter().any(|e| e.visits > 0)) {
            break;
        }
        s.visit(&mut root);
        playouts += 1;
    }
    let edges = root.edges.take().expect("expanded");
    let alone = edges.iter().filter(|e| !e.refused).count() == 1;
    let total: u32 = edges.iter().map(|e| e.visits).sum();
    let mut considered: Vec<Considered<G::Orders>> = edges
        .into_iter()
        .filter(|e| !e.refused && e.visits > 0)
        .map(|e| Considered {
            visits: e.visits,
            share: f64::from(e.visits) / f64::from(total.max(1)),
            value: e.mean(),
            orders: e.orders,
        })
        .collect();
    // Stable: among equals the option met first (in the seeded order) stays first.
    considered.sort_by(|a, b| {
        b.visits.cmp(&a.visits).then(
            b.value
                .partial_cmp(&a.value)
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
    let first = considered.first()?;
    Some(Decision {
        orders: first.orders.clone(),
        considered,
        playouts,
        alone,
        nodes: s.nodes,
    })
}

impl<G: Game> Search<'_, G> {
    fn node(&self, state: G::State) -> Node<G> {
        let side = G::deciding(self.data, &state).and_then(|side| side_index::<G>(&side));
        let value = self.judged(&state);
        Node {
            state,
            side,
            edges: None,
            visits: 0,
            value,
        }
    }

    /// Lists a node's options, in an order drawn from the search's seed (the order untried
    /// options are tried in).
    fn expand(&mut self, node: &mut Node<G>) {
        let Some(side) = node.side else {
            node.edges = Some(Vec::new());
            return;
        };
        let mut edges: Vec<Edge<G>> =
            super::options::<G>(self.data, &node.state, G::SIDES[side], self.settings.widths)
                .into_iter()
                .map(|orders| Edge {
                    orders,
                    visits: 0,
                    total: 0.0,
                    refused: false,
                    outcomes: Vec::new(),
                })
                .collect();
        for i in (1..edges.len()).rev() {
            let j = (self.rng.next_u64() % (i as u64 + 1)) as usize;
            edges.swap(i, j);
        }
        node.edges = Some(edges);
    }

    /// Leaves out of the root's options those that lead back, with no die rolled, to a
    /// position the game has already stood in (`Settings::been`), unless that would leave
    /// none. They are marked as refused, so no playout goes through them.
    fn avoid_repeats(&mut self, root: &mut Node<G>) {
        let Some(side) = root.side else {
            return;
        };
        let edges = root.edges.as_mut().expect("expanded");
        let repeats: Vec<bool> = edges
            .iter()
            .map(|e| {
                super::dice_free_next::<G>(self.data, &root.state, G::SIDES[side], &e.orders)
                    .is_some_and(|next| self.settings.been.contains(&super::position_key(&next)))
            })
            .collect();
        if repeats.iter().all(|r| *r) {
            return;
        }
        for (e, repeat) in edges.iter_mut().zip(repeats) {
            e.refused |= repeat;
        }
    }

    /// One playout through `node`: down the tree by UCB1, out of it at random, and the
    /// result (each side's chance of winning) back up.
    fn visit(&mut self, node: &mut Node<G>) -> Vec<f64> {
        let Some(side) = node.side else {
            return self.estimate(&node.state);
        };
        if node.edges.is_none() {
            self.expand(node);
        }
        loop {
            let edges = node.edges.as_mut().expect("expanded");
            let Some(i) = select(edges, node.visits, self.settings.exploration) else {
                // Nothing the rules accept: judge the position as it stands.
                node.visits += 1;
                return self.estimate(&node.state);
            };
            let mut dice = QuickDice::new(self.rng.next_u64());
            let applied = G::apply(
                self.data,
                &node.state,
                G::SIDES[side],
                &edges[i].orders,
                None,
                &mut dice,
            );
            let next = match applied {
                Ok((next, _)) => next,
                Err(_) => {
                    edges[i].refused = true;
                    continue;
                }
            };
            let known = edges[i].outcomes.iter().position(|c| c.state == next);
            // What an option gains at once counts beside what comes of it (`Settings::sooner`).
            let sooner = self.settings.sooner;
            let blend = |now: Option<&Vec<f64>>, later: Vec<f64>| -> Vec<f64> {
                match now {
                    Some(now) => now
                        .iter()
                        .zip(later)
                        .map(|(a, b)| sooner * a + (1.0 - sooner) * b)
                        .collect(),
                    None => later,
                }
            };
            let result = match known {
                Some(k) => {
                    let r = self.visit(&mut edges[i].outcomes[k]);
                    blend(edges[i].outcomes[k].value.as_ref(), r)
                }
                // The tree is as large as it may grow: the playout counts, but its position
                // is not kept (the next visit plays out from a fresh roll again).
                None if self.nodes >= self.settings.max_nodes => {
                    let now = self.judged(&next);
                    let r = self.playout(next);
                    blend(now.as_ref(), r)
                }
                None => {
                    self.nodes += 1;
                    let mut child = self.node(next.clone());
                    let r = blend(child.value.as_ref(), self.playout(next));
                    child.visits = 1;
                    edges[i].outcomes.push(child);
                    r
                }
            };
            edges[i].visits += 1;
            edges[i].total += result[side];
            node.visits += 1;
            return result;
        }
    }

    /// Plays on from `state` at random for the horizon, then judges where it got.
    fn playout(&mut self, mut state: G::State) -> Vec<f64> {
        let data = self.data;
        // Each order tried is played into `next`, which keeps its room from step to step, as
        // self-play does: a playout copies no state into fresh memory.
        let mut next = state.clone();
        let mut events = Vec::new();
        for _ in 0..self.settings.horizon {
            let Some(side) = G::deciding(data, &state) else {
                break;
            };
            let seed = self.rng.next_u64();
            // What the player avoids (`Game::playout_avoids`) is tried only when the rules
            // accept nothing else: the candidates are drawn again only if something was
            // avoided.
            let searching = self.searching;
            let avoided = Cell::new(false);
            let mut play = |avoid: bool, rng: &mut ChaCha8Rng| {
                let mut candidates = G::lazy_candidates(data, &state, &side);
                selfplay::first_accepted_of(rng, candidates.len(), |k, rng| {
                    selfplay::play_one::<G, _>(candidates.take(k), rng, |orders| {
                        if avoid && G::playout_avoids(data, &state, &side, orders, searching) {
                            avoided.set(true);
                            return None;
                        }
                        let mut dice = QuickDice::new(seed);
                        G::apply_into(
                            data,
                            &state,
                            &side,
                            orders,
                            &mut dice,
                            &mut next,
                            &mut events,
                        )
                        .ok()
                    })
                })
            };
            let mut played = play(true, &mut self.rng);
            if played.is_none() && avoided.get() {
                played = play(false, &mut self.rng);
            }
            if played.is_none() {
                break;
            }
            std::mem::swap(&mut state, &mut next);
        }
        self.estimate(&state)
    }

    /// The estimate of `state` where it can judge it (`Game::settled`), for the blend of
    /// `Settings::sooner`.
    fn judged(&self, state: &G::State) -> Option<Vec<f64>> {
        G::settled(self.data, state).then(|| self.estimate(state))
    }

    fn estimate(&self, state: &G::State) -> Vec<f64> {
        G::SIDES
            .iter()
            .map(|s| G::value(self.data, state, s).unwrap_or(0.5))
            .collect()
    }
}

/// UCB1 among the options not refused: an untried one first (in the node's order), else the
/// best mean plus the exploration bonus.
fn select<G: Game>(edges: &[Edge<G>], visits: u32, c: f64) -> Option<usize> {
    if let Some(i) = edges.iter().position(|e| !e.refused && e.visits == 0) {
        return Some(i);
    }
    let ln = f64::from(visits.max(1)).ln();
    edges
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.refused)
        .map(|(i, e)| (i, e.mean() + c * (ln / f64::from(e.visits)).sqrt()))
        .fold(None, |best: Option<(usize, f64)>, (i, u)| match best {
            Some((_, b)) if b >= u => best,
            _ => Some((i, u)),
        })
        .map(|(i, _)| i)
}
