//! The bot's estimate of a position (`Game::value`): who is winning, from what is on the
//! board. It judges only what 14.0 and the material of war say; the search does the rest.
//!
//! The score is the Crown's lead in points: the Political Will track counts most (14.0 ends
//! the war at 0 or 9), then the Cities and Forts the Crown holds (10 is a Decisive Victory),
//! the Units on the map (2.2), the irregulars in the Partisan Boxes (5.1's majority) and the
//! supplies each side's armies stand on (5.5). A logistic curve turns the lead into a chance
//! of winning. The weights are judgement, not measurement; the strength benchmark
//! (`cargo bench --bench strength`) is how a change to them is judged.

use super::data::Data;
use super::state::{Side, State};
use super::victory::crown_cities_and_forts;

/// Points per space of Political Will above its middle.
const WILL: f64 = 1.0;
/// Points per City or Fort the Crown holds.
const CITY: f64 = 0.3;
/// Points per Unit on the map more than the enemy's.
const UNIT: f64 = 0.15;
/// Points per irregular in a Partisan Box more than the enemy's.
const PARTISAN: f64 = 0.05;
/// Points per supply cube under an army, more than the enemy's.
const SUPPLY: f64 = 0.03;
/// How many points of lead make a side about three times as likely to win as to lose.
const SCALE: f64 = 1.0;

/// The chance that `side` wins: 1 or 0 once the game is over.
pub fn value(data: &Data, st: &State, side: Side) -> f64 {
    if let Some(o) = &st.outcome {
        return if o.winner == side { 1.0 } else { 0.0 };
    }
    let crown = 1.0 / (1.0 + (-crown_lead(data, st) / SCALE).exp());
    match side {
        Side::Crown => crown,
        Side::Patriot => 1.0 - crown,
    }
}

/// The Crown's lead in points (negative when the Patriots lead).
pub fn crown_lead(data: &Data, st: &State) -> f64 {
    let pw = &data.tracks.political_will;
    let middle = f64::from(pw.min + pw.max) / 2.0;
    let will = f64::from(st.political_will) - middle;
    let cities = crown_cities_and_forts(data, st) as f64;
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
    WILL * will + CITY * cities + UNIT * units + PARTISAN * partisans + SUPPLY * supplies
}
