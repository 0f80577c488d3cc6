//! Options of the irregulars (8.0): an army's foraging, recruiting and Holding, and the
//! Patriot's raids in a Colony.

use std::cell::Cell;

use super::*;
use crate::games::southern_strategy::state::Partisans;

/// What the irregular actions ask of the state, read once per decision: each Colony's
/// Partisan Box and whether the side may act there (8.0), by the Colony's place in the map's
/// list, and whether any Food is left beside the board. Every pass over the options
/// (self-play's count, then each pick) asks about every army's Colony, and looking each up in
/// the state again cost more than the options.
pub(super) struct Irregular {
    colonies: Vec<(Partisans, bool)>,
    /// 8.2: a forage takes a Food from beside the board.
    food_left: bool,
}

thread_local! {
    /// The list of the last Boxes read on this thread, kept for the next (see `Board`).
    static SPARE: Cell<Vec<(Partisans, bool)>> = const { Cell::new(Vec::new()) };
}

impl Drop for Irregular {
    fn drop(&mut self) {
        SPARE.set(std::mem::take(&mut self.colonies));
    }
}

impl Irregular {
    pub(super) fn new(data: &Data, st: &State, side: Side) -> Irregular {
        let listed = &data.map.colonies;
        let facts = |p: Partisans| (p, irregulars::may_act_with(p, side));
        // A Colony with no Box in the state has an empty one.
        let mut colonies = SPARE.take();
        colonies.clear();
        colonies.resize(listed.len(), facts(Partisans::default()));
        for (id, p) in &st.partisans {
            if let Some(c) = listed.iter().position(|c| c.id == *id) {
                colonies[c] = facts(*p);
            }
        }
        Irregular {
            colonies,
            food_left: supply::stock(data, st).food > 0,
        }
    }

    /// The Partisan Box of the Colony at place `c` and whether the side may act there (`None`:
    /// a Colony the map does not list, which has no Box, so nobody may act there).
    fn colony(&self, c: Option<usize>) -> (Partisans, bool) {
        c.map_or((Partisans::default(), false), |c| self.colonies[c])
    }
}

/// 8.1-8.4: the irregular actions open to `acting`'s side, each as the orders `impulse` makes
/// of its action.
pub(super) fn irregular_options<S: Sink<Orders>>(
    acting: &Options,
    impulse: fn(Action) -> Orders,
    out: &mut S,
) {
    let (board, irregular, side) = (acting.board(), acting.irregular(), acting.side);
    let data = board.data;
    for (i, _) in board.armies_of(side) {
        if !out.section() {
            continue;
        }
        let a = board.area(i);
        let (p, may_act) = irregular.colony(board.colony_at(i));
        if board.besieged(i) || !may_act {
            continue;
        }
        if irregular.food_left {
            forage_option(acting, i, impulse, out);
        }
        let own = if side == Side::Crown {
            p.loyalists
        } else {
            p.militia
        };
        let banned = side == Side::Patriot && a.colony == "SC" && p.swamp_fox;
        if own >= 2 && !banned {
            out.offer(
                || impulse(Action::Recruit(a.id)).into(),
                || {
                    format!(
                        "recruit (8.1): 2 counters of {} for 1 Unit to the army in {}",
                        data.colony_name(&a.colony),
                        a.name
                    )
                },
            );
        }
        if side == Side::Crown && a.is_city_or_fort() && !board.held(i) {
            out.offer(
                || impulse(Action::Hold(a.id)).into(),
                || {
                    format!(
                        "hold (8.4): a {} Loyalist Holds {}",
                        data.colony_name(&a.colony),
                        a.name
                    )
                },
            );
        }
    }
    if side == Side::Patriot {
        for (k, c) in data.map.colonies.iter().enumerate() {
            if !out.section() || !irregular.colony(Some(k)).1 {
                continue;
            }
            let raid = |hold: Option<&Id>, unit: Option<&Id>, food: Option<&Id>| {
                impulse(Action::Raid(Raid {
                    colony: c.id,
                    hold: hold.cloned(),
                    unit: unit.cloned(),
                    food: food.cloned(),
                }))
                .into()
            };
            for &i in data.colony_areas(k) {
                let a = board.area(i);
                let crown = board.army_of(i, Side::Crown);
                if board.held(i) && crown.is_none() {
                    out.offer(
                        || raid(Some(&a.id), None, None),
                        || format!("raid (8.3) in {}: the Loyalist Holding {}", c.name, a.name),
                    );
                }
                if let Some(army) = crown.filter(|_| !a.is_city_or_fort()) {
                    if army.leader.is_none() && army.units <= 2 {
                        out.offer(
                            || raid(None, Some(&a.id), None),
                            || {
                                format!(
                                    "raid (8.3) in {}: a Unit of the Crown army on {}",
                                    c.name, a.name
                                )
                            },
                        );
                    }
                    if board.supplies(i).food > 0 {
                        out.offer(
                            || raid(None, None, Some(&a.id)),
                            || {
                                format!(
                                    "raid (8.3) in {}: a Food of the Crown army on {}",
                                    c.name, a.name
                                )
                            },
                        );
                    }
                }
            }
        }
    }
}

/// 8.2: a forage for the army at place `i`. Into an army already at its limit (5.5) the Food
/// puts it one over, which must move on along its supply line after the action
/// (`supply_after`) where the line has room: the option then carries that move, to any area of
/// the line with room, with as much as the player likes of what the army holds. Where the line
/// has none, the forage alone is legal, and the excess is discarded, War before Food.
fn forage_option<S: Sink<Orders>>(
    acting: &Options,
    i: usize,
    impulse: fn(Action) -> Orders,
    out: &mut S,
) {
    let board = acting.board();
    let (data, a) = (board.data, board.area(i));
    let held = board.supplies(i);
    let at_limit = held.total() >= board.limit(i);
    // Where the Food may move on to, and the most any one area there takes. Read only when
    // the option is built or worded: the lines are traced then, not to count the options.
    let room = || -> (Vec<Id>, u32) {
        if !at_limit {
            return (Vec::new(), 0);
        }
        let to: Vec<(Id, u32)> = acting.lines().room_beside(a.id).collect();
        let most = to.iter().map(|(_, r)| *r).max().unwrap_or(0);
        (to.into_iter().map(|(id, _)| id).collect(), most)
    };
    let food_most = |most: u32| (held.food + 1).min(most);
    let war_most = |most: u32| held.war.min(most);
    // A move carries something (5.2): with no War to move, at least 1 Food.
    let food_least = |most: u32| least(food_most(most), war_most(most));
    out.offer(
        || {
            let orders = impulse(Action::Forage(a.id));
            let (to, most) = room();
            let Some(&first) = to.first() else {
                return orders.into();
            };
            Open::default()
                .one_of("supply_after[0].to", ids(&to))
                .amount("supply_after[0].food", food_least(most), food_most(most))
                .amount("supply_after[0].war", 0, war_most(most))
                .with(Orders {
                    supply_after: vec![SupplyMove {
                        from: a.id,
                        to: first,
                        food: 1,
                        war: 0,
                    }],
                    ..orders
                })
        },
        || {
            let forage = format!(
                "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                data.colony_name(&a.colony),
                a.name
            );
            let (to, most) = room();
            if !at_limit {
                forage
            } else if to.is_empty() {
                // 5.5 discards the excess War before Food: the forage's Food stays where
                // the army holds any War.
                let over = (held.total() + 1).saturating_sub(board.limit(i));
                let war = over.min(held.war);
                let food = over - war;
                format!(
                    "{forage}, already at its limit with no room on its supply line: {} over the limit {} discarded{} (5.5)",
                    words::supplies(food, war),
                    if over == 1 { "is" } else { "are" },
                    if war > 0 { ", War before Food" } else { "" }
                )
            } else {
                format!(
                    "{forage}, already at its limit: then move supplies on from {} (`supply_after`, 5.5) to {}: {}, at least 1 in all",
                    a.name,
                    either_of(data, &to),
                    move_amounts(
                        (food_least(most), food_most(most)),
                        (0, war_most(most))
                    )
                )
            }
        },
    );
}
