//! The bot's estimate of a position (`Game::value`): who is winning, from what is on the
//! board and how long the Crown has. It judges only what 14.0 and the material of war say; the
//! search does the rest.
//!
//! The year-end losses of Political Will (13.5) run the track down to 0 by themselves, so the
//! Crown wins only by getting somewhere first: 10 Cities and Forts at a Victory Check, or the
//! track pushed up to 9. The estimate is the chance of either:
//! - the *race*: the Cities and Forts the Crown holds, against the 10 it needs by the last
//!   Victory Check before the losses alone would end the war, at a steady rate of gain per
//!   check left; a City or Fort it still lacks counts for a share of one, larger the nearer a
//!   Crown army stands, and its material (Units on the map, irregulars in the Partisan Boxes,
//!   supplies under its armies) for fractions of one. Every space of Political Will the Crown
//!   gains moves that last check later, and so counts too;
//! - the *peace*: how near the track is to 9.
//!
//! Either chance is lessened by the risk that Cornwallis, thinly escorted, is captured.
//!
//! Each margin goes through a logistic curve. The weights are judgement, not measurement; the
//! strength benchmark (`cargo bench --bench strength`) is how a change to them is judged.

use super::data::Data;
use super::state::{LeaderRank, Side, State};
use super::victory::{crown_cities_and_forts, DECISIVE};

/// Cities and Forts the Crown can be expected to add per Victory Check left.
const GAIN: f64 = 0.4;
/// How many Cities and Forts short of the pace make the race about three times less likely
/// to be won than lost.
const RACE_SCALE: f64 = 1.5;
/// What holding 10 already is worth besides: the Crown has only to stay until the check.
const HELD: f64 = 1.0;
/// How many spaces short of 9 make the peace about three times less likely than not.
const PEACE_SCALE: f64 = 0.5;
/// The chance that Cornwallis is captured (14.0) with a one-Unit escort; it falls with the
/// square of his army's Units.
const CAPTURE: f64 = 0.3;
/// Cities' worth of a City or Fort the Crown still needs, one march from its nearest Crown
/// army; each further step away keeps `REACH_DECAY` of it.
const REACH: f64 = 0.3;
const REACH_DECAY: f64 = 0.7;
/// Cities' worth per Unit on the map more than the enemy's.
const UNIT: f64 = 0.15;
/// Cities' worth per irregular in a Partisan Box more than the enemy's.
const PARTISAN: f64 = 0.05;
/// Cities' worth per supply cube under an army, more than the enemy's.
const SUPPLY: f64 = 0.03;

/// The chance that `side` wins: 1 or 0 once the game is over.
pub fn value(data: &Data, st: &State, side: Side) -> f64 {
    if let Some(o) = &st.outcome {
        return if o.winner == side { 1.0 } else { 0.0 };
    }
    let starving = Starving::of(st);
    let will = i32::from(st.political_will) + starving.will;
    let held = crown_cities_and_forts(data, st);
    let race = logistic(
        (race_margin(data, st, held, will, starving.cities) + material(st) + reach(data, st, held))
            / RACE_SCALE,
    );
    let to_peace = f64::from(will) - (f64::from(data.tracks.political_will.max) - 0.5);
    let peace = logistic(to_peace / PEACE_SCALE);
    let crown = (1.0 - (1.0 - race) * (1.0 - peace)) * (1.0 - capture_risk(st));
    match side {
        Side::Crown => crown,
        Side::Patriot => 1.0 - crown,
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What the sieges will do at this turn's end (13.1): a besieged army without Food surrenders,
/// which moves Political Will (14.0, 10.4) and, for a Crown army, gives up a City or Fort.
struct Starving {
    will: i32,
    cities: i32,
}

impl Starving {
    fn of(st: &State) -> Starving {
        let mut s = Starving { will: 0, cities: 0 };
        for area in &st.sieges {
            let Some(army) = st.army(area) else { continue };
            if st.supplies_at(area).food > 0 {
                continue;
            }
            let leader = i32::from(army.leader.is_some());
            match army.side {
                Side::Crown => {
                    s.will -= 1 + i32::from(army.leader == Some(LeaderRank::Subordinate));
                    s.cities -= i32::from(!st.holds.contains(area));
                }
                Side::Patriot => s.will += 1 + leader,
            }
        }
        s
    }
}

/// How far the Crown, holding `held` Cities and Forts, is ahead of the pace to 10 (14.0) by
/// the last Victory Check before the year-end losses alone (13.5) take Political Will (`will`,
/// as it will be after this turn's sieges) to 0. `lost` Cities and Forts are about to be given
/// up.
fn race_margin(data: &Data, st: &State, held: usize, will: i32, lost: i32) -> f64 {
    let held = (held as i32 + lost) as f64;
    let bonus = if held >= DECISIVE as f64 { HELD } else { 0.0 };
    // Half a City short counts as even: the margin is the distance to the threshold.
    held + bonus + GAIN * f64::from(checks_left(data, st, will).saturating_sub(1))
        - (DECISIVE as f64 - 0.5)
}

/// Victory Checks left, this turn's included, until the year-end losses alone would put
/// Political Will at its minimum (the check that follows them counts: 14.0 looks at the
/// Cities and Forts first).
pub fn checks_left(data: &Data, st: &State, mut will: i32) -> u32 {
    let turns = &data.tracks.campaign_turn;
    let track = &data.tracks.political_will;
    if will <= i32::from(track.min) {
        return 1;
    }
    let mut space = st.turn.space;
    let mut years_ended = st.years_ended;
    for n in 1..=30 {
        if space >= turns.spaces {
            let loss = if years_ended == 0 {
                track.year_end_loss.first
            } else {
                track.year_end_loss.later
            };
            will -= i32::from(loss);
            years_ended += 1;
            if will <= i32::from(track.min) {
                return n;
            }
            space = 1;
        } else {
            space += 1;
        }
    }
    30
}

/// The Crown's lead in material, in Cities' worth (negative when the Patriots lead).
pub fn material(st: &State) -> f64 {
    let units = f64::from(st.units_on_map(Side::Crown)) - f64::from(st.units_on_map(Side::Patriot));
    let partisans: f64 = st
        .partisans
        .values()
        .map(|p| f64::from(p.loyalists) - f64::from(p.militia))
        .sum();
    let supplies: f64 = st
        .supplies
        .iter()
        .filter_map(|(area, s)| {
            let army = st.army(area)?;
            let sign = if army.side == Side::Crown { 1.0 } else { -1.0 };
            Some(sign * f64::from(s.total()))
        })
        .sum();
    UNIT * units + PARTISAN * partisans + SUPPLY * supplies
}

/// How near the Crown's armies stand to the Cities and Forts it still needs for 10 (14.0): a
/// playout of a few steps cannot see a march of several turns, so the estimate counts, for
/// each of the nearest ones it lacks, a share of a City that shrinks with the distance.
fn reach(data: &Data, st: &State, held: usize) -> f64 {
    let n = data.areas().count();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for (area, army) in &st.armies {
        if army.side == Side::Crown {
            if let Some(i) = data.position(area) {
                dist[i] = 0;
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        for &j in data.adjacent_at(i) {
            if dist[j] == u32::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let mut lacking: Vec<u32> = data
        .areas()
        .enumerate()
        .filter(|(i, a)| a.is_city_or_fort() && dist[*i] > 0 && !st.held(&a.id))
        .map(|(i, _)| dist[i])
        .filter(|d| *d != u32::MAX)
        .collect();
    lacking.sort_unstable();
    let needed = DECISIVE.saturating_sub(held);
    lacking
        .iter()
        .take(needed)
        .map(|d| REACH * REACH_DECAY.powi(*d as i32 - 1))
        .sum()
}

/// How likely Cornwallis's capture (14.0) is, from the Units with him: a small escort is
/// how an instant victory is given away.
fn capture_risk(st: &State) -> f64 {
    let ashore = st
        .armies
        .values()
        .find(|a| a.side == Side::Crown && a.leader == Some(LeaderRank::Leader))
        .map(|a| a.units);
    let aboard = st
        .navies
        .cargo
        .get(&Side::Crown)
        .filter(|c| c.leader == Some(LeaderRank::Leader))
        .map(|c| c.units);
    match ashore.or(aboard) {
        Some(units) => CAPTURE / f64::from(units.max(1)).powi(2),
        None => 0.0,
    }
}
