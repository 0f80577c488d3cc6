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

/// 8.1-8.4: the irregular actions open to `side`, each as the action it orders.
pub(super) fn irregular_options<S: Sink<Action>>(
    board: &Board,
    irregular: &Irregular,
    side: Side,
    out: &mut S,
) {
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
            out.offer(
                || Action::Forage(a.id).into(),
                || {
                    format!(
                        "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                        data.colony_name(&a.colony),
                        a.name
                    )
                },
            );
        }
        let own = if side == Side::Crown {
            p.loyalists
        } else {
            p.militia
        };
        let banned = side == Side::Patriot && a.colony == "SC" && p.swamp_fox;
        if own >= 2 && !banned {
            out.offer(
                || Action::Recruit(a.id).into(),
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
                || Action::Hold(a.id).into(),
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
                Action::Raid(Raid {
                    colony: c.id,
                    hold: hold.cloned(),
                    unit: unit.cloned(),
                    food: food.cloned(),
                })
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
