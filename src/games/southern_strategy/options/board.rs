//! The position as the options read it: for each area of the map, by its place in the map's
//! list (`Data::area_at`), the army there, its supplies, and whether it is besieged (11.0) or
//! Held by a Loyalist (8.4). It is read from the state once per `offer`, so that building the
//! options, which self-play does at every step, looks nothing up by id: the rules below ask
//! about an area and its neighbours by place.

use std::cell::Cell;

use super::super::data::{Area, Data};
use super::super::state::{Army, Id, Side, State, Supplies};

/// What stands in one area.
#[derive(Clone, Copy, Default)]
struct Spot {
    army: Option<Army>,
    supplies: Supplies,
    besieged: bool,
    held: bool,
}

pub(super) struct Board<'d> {
    pub data: &'d Data,
    lists: Lists,
}

/// The lists a board is read into.
#[derive(Default)]
struct Lists {
    spots: Vec<Spot>,
    /// Each side's armies with their places, in the order the state lists them (by area id),
    /// which is the order the options go through them in.
    crown: Vec<(usize, Army)>,
    patriot: Vec<(usize, Army)>,
    /// The places of the areas holding supplies, in the state's order.
    stocked: Vec<usize>,
}

thread_local! {
    /// The lists of the last board read on this thread, kept for the next: self-play reads a
    /// board at every step, and allocating its lists anew cost about a tenth of reading it.
    static SPARE: Cell<Lists> = const {
        Cell::new(Lists {
            spots: Vec::new(),
            crown: Vec::new(),
            patriot: Vec::new(),
            stocked: Vec::new(),
        })
    };
}

impl Drop for Board<'_> {
    fn drop(&mut self) {
        SPARE.set(std::mem::take(&mut self.lists));
    }
}

impl<'d> Board<'d> {
    /// The board of `st`. An area the state names that is not on the map is left out: no rule
    /// reaches it over the map (`position::check` refuses such a position anyway).
    pub fn new(data: &'d Data, st: &State) -> Board<'d> {
        let mut lists = SPARE.take();
        let Lists {
            spots,
            crown,
            patriot,
            stocked,
        } = &mut lists;
        spots.clear();
        spots.resize(data.map.areas.len(), Spot::default());
        crown.clear();
        patriot.clear();
        for (area, army) in &st.armies {
            if let Some(i) = data.position_of_id(area) {
                spots[i].army = Some(*army);
                match army.side {
                    Side::Crown => crown.push((i, *army)),
                    Side::Patriot => patriot.push((i, *army)),
                }
            }
        }
        stocked.clear();
        for (area, s) in &st.supplies {
            if let Some(i) = data.position_of_id(area) {
                spots[i].supplies = *s;
                stocked.push(i);
            }
        }
        for area in &st.sieges {
            if let Some(i) = data.position_of_id(area) {
                spots[i].besieged = true;
            }
        }
        for area in &st.holds {
            if let Some(i) = data.position_of_id(area) {
                spots[i].held = true;
            }
        }
        Board { data, lists }
    }

    /// How many areas the map has: the places run from 0 to this.
    pub fn len(&self) -> usize {
        self.lists.spots.len()
    }

    pub fn area(&self, i: usize) -> &'d Area {
        self.data.area_at(i)
    }

    /// The places of the areas adjacent to the one at `i`, in the map's order for it.
    pub fn adjacent(&self, i: usize) -> &'d [usize] {
        self.data.adjacent_at(i)
    }

    /// The places of the Port Cities (and anchored Points) on sea zone `zone` (2.1), in the
    /// map's order.
    pub fn ports_on(&self, zone: &Id) -> impl Iterator<Item = usize> + use<'d> {
        self.data.ports_at(zone).iter().copied()
    }

    /// The place in the map's list of colonies of the colony of the area at `i`.
    pub fn colony_at(&self, i: usize) -> Option<usize> {
        self.data.colony_at(i)
    }

    /// The armies of `side` with their places, in the state's order.
    pub fn armies_of(&self, side: Side) -> impl Iterator<Item = (usize, &Army)> + '_ {
        let armies = match side {
            Side::Crown => &self.lists.crown,
            Side::Patriot => &self.lists.patriot,
        };
        armies.iter().map(|(i, army)| (*i, army))
    }

    /// The places of the areas holding supplies, in the state's order.
    pub fn stocked(&self) -> &[usize] {
        &self.lists.stocked
    }

    pub fn army(&self, i: usize) -> Option<&Army> {
        self.lists.spots[i].army.as_ref()
    }

    pub fn army_of(&self, i: usize, side: Side) -> Option<&Army> {
        self.army(i).filter(|a| a.side == side)
    }

    /// Whether an enemy of `side` has an army at `i`.
    pub fn enemy_of(&self, i: usize, side: Side) -> bool {
        self.army(i).is_some_and(|a| a.side != side)
    }

    pub fn supplies(&self, i: usize) -> Supplies {
        self.lists.spots[i].supplies
    }

    /// 11.0.
    pub fn besieged(&self, i: usize) -> bool {
        self.lists.spots[i].besieged
    }

    /// 8.4.
    pub fn held(&self, i: usize) -> bool {
        self.lists.spots[i].held
    }

    /// `supply::is_supply_node`: supplies of `side` may move to, from and through the area: a
    /// friendly army is there, or (for the Crown) a Loyalist Holds it and no army is there
    /// (5.2, 5.3); nothing moves in or out of a siege (11.1).
    pub fn is_supply_node(&self, side: Side, i: usize) -> bool {
        let s = &self.lists.spots[i];
        !s.besieged
            && match &s.army {
                Some(a) => a.side == side,
                None => side == Side::Crown && s.held,
            }
    }

    /// `supply::limit` (5.5): what the area may hold: 8 in a City or Fort, one plus the units
    /// of the army carrying them on a Point.
    pub fn limit(&self, i: usize) -> u32 {
        if self.area(i).is_city_or_fort() {
            self.data.pieces.storage_limit
        } else {
            self.army(i).map_or(0, |a| a.units + 1)
        }
    }
}
