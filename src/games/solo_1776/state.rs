//! The whole position the American bot works from, as plain data: the date, the BRE number,
//! each area's OB locations with their towns (12), the American armies, detachments and
//! forts, the Continental Navy (16), the French battle fleets (17), and a British turn in
//! progress when the bot waits for a combat or fleet engagement result.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::data::{Date, NavalSp, Quarter, Stores, TownDef};

/// One OB location of an area: its requisite SP and the town hexes within one move of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    pub requisite: u32,
    pub towns: Vec<TownDef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// 12, condition 2: the British control the area (a board fact the player reports).
    pub british_control: bool,
    /// Keyed by 0, 5, 10 and 15.
    pub locations: BTreeMap<u32, Location>,
}

/// Strength points with their artillery and supply units.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub sp: u32,
    #[serde(default)]
    pub dragoons: u32,
    #[serde(default)]
    pub artillery: u32,
    #[serde(default)]
    pub supply: u32,
}

/// A force of the data's counts (a land element, a garrison at the start), with no dragoons.
impl From<Stores> for Force {
    fn from(s: Stores) -> Force {
        Force {
            sp: s.sp,
            dragoons: 0,
            artillery: s.artillery,
            supply: s.supply,
        }
    }
}

impl Force {
    /// Adds `o`, stopping at the largest number rather than wrapping: reported replacements,
    /// each a plausible count, could be listed thousands of times over.
    pub fn add(&mut self, o: Force) {
        self.sp = self.sp.saturating_add(o.sp);
        self.dragoons = self.dragoons.saturating_add(o.dragoons);
        self.artillery = self.artillery.saturating_add(o.artillery);
        self.supply = self.supply.saturating_add(o.supply);
    }

    /// Half of each (rounded down), taken out of this force (12: the half-army move).
    pub fn split_half(&mut self) -> Force {
        let half = Force {
            sp: self.sp / 2,
            dragoons: 0,
            artillery: self.artillery / 2,
            supply: self.supply / 2,
        };
        self.sp -= half.sp;
        self.artillery -= half.artillery;
        self.supply -= half.supply;
        self.dragoons = self.dragoons.min(self.sp);
        half
    }
}

/// An American army: the one of its area (12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub name: String,
    pub area: String,
    /// Its OB location, or on the game board the location whose towns it marched on.
    pub location: u32,
    /// On the game board at this town (13); off the board when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(flatten)]
    pub force: Force,
    /// 12: it did not move on the OB in its last turn, so scouting finds it entrenched.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub entrenched: bool,
}

impl Army {
    /// The army as messages name it: its name, or, for one a correction made (12), whose
    /// name is the label the player gave it (`greene-force`), that label in words (`Greene
    /// force`). The state keeps the label, which records quote.
    pub fn words(&self, id: &str) -> String {
        if self.name == id {
            crate::engine::error::label_words(id)
        } else {
            self.name.clone()
        }
    }
}

/// A detachment on the OB: it moves one location a turn towards its area's army (12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detachment {
    pub area: String,
    pub location: u32,
    #[serde(flatten)]
    pub force: Force,
}

/// An American fort and its garrison (12, 15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fort {
    pub area: String,
    pub location: u32,
    /// The town hex it stands in (forts built before version 0.x name none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub town: Option<String>,
    pub garrison: Force,
}

/// 16: the Continental Navy counter, face up or face down.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Navy {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damaged: bool,
    /// The quarter it returns in, when damaged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<Quarter>,
    /// Not deployed, or lost for good, as the player reported it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out: Option<NavyOut>,
}

/// 16: why the Continental Navy hunts no transports, besides damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavyOut {
    NotDeployed,
    Lost,
}

/// What the French battle fleets do this turn (17, in priority order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duty {
    /// 1: the naval SP difference is -2 or worse: to the West Indies.
    WestIndies,
    /// 2: an area is out of supply: carry one there.
    Supply,
    /// 3: one sea invasion a quarter.
    Invasion,
    /// 4: blockade where they operate.
    Blockade,
}

/// 17: all the French battle fleets in play, operating as one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct French {
    /// Battle fleets in play; 0 until the French intervene.
    #[serde(default)]
    pub fleets: u32,
    /// The area in whose location 15 they are; on the Naval OB Movement Chart when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// Where the quarter's French Intervention Table roll sends them for duties 3 and 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operating: Option<String>,
    /// The quarter of that roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<Quarter>,
    /// The quarter of the last sea invasion (one a quarter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invaded: Option<Quarter>,
    /// The duty of the last American turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duty: Option<Duty>,
    /// How many land elements have come ashore (for their detachments' names).
    #[serde(default)]
    pub landed: u32,
}

/// Who began a combat (14: only an American attack gets a (BE) roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Initiator {
    American,
    British,
}

/// A result only the British player can give, fought on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// 14: the result of a combat of an American army.
    Combat {
        army: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        town: Option<String>,
        initiated: Initiator,
        round: u32,
        /// The BRE number as the combat begins.
        bre: i32,
        /// The (BE) roll's column shift for the Americans, when they attacked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shift: Option<i32>,
    },
    /// 16: the result of the Continental Navy's fleet engagement with a transport.
    Engagement { transport: String },
    /// 17: the French battle fleets' losses in a fleet engagement, named by what led to it.
    FleetEngagement { what: String },
}

impl Question {
    pub fn key(&self) -> &'static str {
        match self {
            Question::Combat { .. } => "combat",
            Question::Engagement { .. } => "engagement",
            Question::FleetEngagement { .. } => "fleet_engagement",
        }
    }

    pub fn rule(&self) -> &'static str {
        match self {
            Question::Combat { .. } => "14",
            Question::Engagement { .. } => "16",
            Question::FleetEngagement { .. } => "17",
        }
    }
}

/// A British turn in progress: its orders, the answers given since, the dice already drawn,
/// and how many of its events the player has been shown. The turn is run again from its
/// start with these when the next answer arrives, so it reaches the same point with the same
/// dice (as The Lost Cause does with a line).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<u8>,
    #[serde(default)]
    pub events_shown: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The turn the British play next.
    pub date: Date,
    pub bre: i32,
    /// 17: naval SP deployed, as last reported.
    pub naval: NavalSp,
    pub areas: BTreeMap<String, Area>,
    pub armies: BTreeMap<String, Army>,
    #[serde(default)]
    pub detachments: BTreeMap<String, Detachment>,
    /// Keyed `<area>-<location>`: one fort to a location.
    #[serde(default)]
    pub forts: BTreeMap<String, Fort>,
    pub navy: Navy,
    #[serde(default)]
    pub french: French,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
    #[serde(default)]
    pub task: Task,
    /// The last turn has been played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub over: bool,
    /// 12, 14, 16 (RULINGS A22): what the files of the month so far have named, while its
    /// American turn waits (`american_turn: false`).
    #[serde(default, skip_serializing_if = "MonthSoFar::is_empty")]
    pub month: MonthSoFar,
}

/// The transports rolled for, areas scouted and armies attacked in the reports of a month
/// not yet ended: each once a month, however many files report it (RULINGS A22).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonthSoFar {
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub transports: BTreeSet<String>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub scouted: BTreeSet<String>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub attacked: BTreeSet<String>,
}

impl MonthSoFar {
    pub fn is_empty(&self) -> bool {
        self.transports.is_empty() && self.scouted.is_empty() && self.attacked.is_empty()
    }
}

pub fn fort_key(area: &str, location: u32) -> String {
    format!("{area}-{location}")
}

impl State {
    /// 17: whether the French Intervention Table roll the state holds was made this
    /// quarter. It is made at the first American turn of a quarter, so before that the state
    /// holds the last quarter's.
    pub fn french_rolled_this_quarter(&self) -> bool {
        self.french.rolled == Some(self.date.quarter())
    }

    pub fn location(&self, area: &str, loc: u32) -> &Location {
        &self.areas[area].locations[&loc]
    }

    /// The town and the location it is listed under.
    pub fn town(&self, id: &str) -> Option<(&str, u32, &TownDef)> {
        self.areas.iter().find_map(|(a, area)| {
            area.locations.iter().find_map(|(l, loc)| {
                loc.towns
                    .iter()
                    .find(|t| t.id == id)
                    .map(|t| (a.as_str(), *l, t))
            })
        })
    }

    pub fn town_mut(&mut self, id: &str) -> Option<&mut TownDef> {
        self.areas
            .values_mut()
            .flat_map(|a| a.locations.values_mut())
            .flat_map(|l| l.towns.iter_mut())
            .find(|t| t.id == id)
    }

    /// Finds a town by its id or its name, in any case, as players write them in orders.
    pub fn find_town(&self, text: &str) -> Option<String> {
        let t = text.trim();
        let towns = || {
            self.areas
                .values()
                .flat_map(|a| a.locations.values())
                .flat_map(|l| l.towns.iter())
        };
        towns()
            .find(|x| x.id == t)
            .or_else(|| {
                towns().find(|x| x.id.eq_ignore_ascii_case(t) || x.name.eq_ignore_ascii_case(t))
            })
            .map(|x| x.id.clone())
    }

    /// Finds an army by its id or its name, in any case, with or without the name's leading
    /// `the` (`the Northern army`, `Northern army`).
    pub fn find_army(&self, text: &str) -> Option<String> {
        let t = text.trim();
        if self.armies.contains_key(t) {
            return Some(t.to_string());
        }
        let bare = |s: &str| {
            let lower = s.to_ascii_lowercase();
            lower
                .strip_prefix("the ")
                .map_or(lower.clone(), str::to_string)
        };
        // An army a correction made is named in the reports by its label in words (`Greene
        // force` for `greene-force`), so that names it too.
        let spaced = |s: &str| bare(&s.replace(['-', '_'], " "));
        self.armies
            .iter()
            .find(|(id, a)| {
                id.eq_ignore_ascii_case(t)
                    || bare(&a.name) == bare(t)
                    || (a.name == **id && spaced(id) == spaced(t))
            })
            .map(|(id, _)| id.clone())
    }

    /// The army of an area (12: there is at most one).
    pub fn army_in(&self, area: &str) -> Option<&str> {
        self.armies
            .iter()
            .find(|(_, a)| a.area == area)
            .map(|(id, _)| id.as_str())
    }

    /// 17: American supply in an area: its army's and detachments'.
    pub fn supply_in(&self, area: &str) -> u32 {
        self.armies
            .values()
            .filter(|a| a.area == area)
            .map(|a| a.force.supply)
            .chain(
                self.detachments
                    .values()
                    .filter(|d| d.area == area)
                    .map(|d| d.force.supply),
            )
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::Force;

    /// Reported replacements listed thousands of times over stop at the largest count instead
    /// of wrapping round to a small one.
    #[test]
    fn a_force_stops_at_the_largest_count() {
        let mut f = Force {
            sp: u32::MAX - 1,
            ..Force::default()
        };
        f.add(Force {
            sp: 100_000,
            supply: 1,
            ..Force::default()
        });
        assert_eq!((f.sp, f.supply), (u32::MAX, 1));
    }
}
