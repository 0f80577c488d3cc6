//! What the British player sends: one British turn (`turn`), with the board facts the bot
//! needs and the British moves it reacts to; or, when the bot waits in the middle of a turn,
//! the result of a combat (`combat`, 14) or of a fleet engagement (`engagement`, 16, for the
//! Continental Navy; `fleet_engagement`, 17, for the French battle fleets).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::{Date, NavalSp};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Turn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<CombatResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engagement: Option<EngagementResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet_engagement: Option<FleetEngagementResult>,
}

/// Self-play draws these orders' open fields through their JSON form, the default.
impl crate::engine::ranges::Draw for Orders {}

impl Orders {
    pub fn keys(&self) -> Vec<&'static str> {
        let mut k = Vec::new();
        if self.turn.is_some() {
            k.push("turn");
        }
        if self.combat.is_some() {
            k.push("combat");
        }
        if self.engagement.is_some() {
            k.push("engagement");
        }
        if self.fleet_engagement.is_some() {
            k.push("fleet_engagement");
        }
        k
    }
}

/// Who holds a town.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    British,
    American,
}

/// One British turn: the facts first (in this order), then the British moves, then the
/// American turn the bot plays.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Corrects the date of this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// The BRE number now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bre: Option<i64>,
    /// Town control: town id to `british` or `american`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub control: BTreeMap<String, Holder>,
    /// Area control (12, condition 2): area id to `british` or `american`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub areas: BTreeMap<String, Holder>,
    /// Naval SP deployed (17, duty 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval: Option<NavalSp>,
    /// American supply units in an area's army now (17, duty 2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub supply: BTreeMap<String, i64>,
    /// American losses from combats the player fought on the board this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<Loss>,
    /// Corrections of an army's place or strength (the board as it is).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armies: Vec<ArmyFact>,
    /// Corrections of a town's priority, strategic mark or fort.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub towns: Vec<TownFact>,
    /// Corrections of a location's requisite SP (12).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requisite: Vec<RequisiteFact>,
    /// American forts the British captured or destroyed, as `<area>-<location>` (12, 15).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forts_lost: Vec<String>,
    /// The Continental Navy deployed, not deployed or lost (16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub navy: Option<NavyFact>,
    /// American replacements arriving this turn (15).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replacements: Vec<Replacement>,
    /// The French intervene with this many battle fleets (17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub french_intervention: Option<Intervention>,
    /// British transports at sea this turn, each stack once (16).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transports: Vec<Transport>,
    /// British reinforcements of a location (17: the French may intercept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforce: Vec<Reinforce>,
    /// British battle fleets spending the turn searching for the French (17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<Search>,
    /// Areas whose American army the British scout (12, rules 1-11).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scout: Vec<String>,
    /// British attacks on American armies this turn (14: no (BE) roll).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<Attack>,
    /// Whether the bot then plays the American turn (12, 13, 15, 17); `false` only records.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub american_turn: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loss {
    /// An army id, a fort as `<area>-<location>`, or a detachment id: one of the three.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detachment: Option<String>,
    #[serde(default)]
    pub sp: i64,
    #[serde(default)]
    pub artillery: i64,
    #[serde(default)]
    pub supply: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyFact {
    pub army: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<i64>,
    /// On the board at this town; `""` takes it off the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dragoons: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TownFact {
    pub town: String,
    /// 1, 2, 3, or 0 for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategic: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequisiteFact {
    pub area: String,
    pub location: i64,
    pub sp: i64,
}

/// 16: the Continental Navy as the player's board has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavyFact {
    Deployed,
    NotDeployed,
    Lost,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    pub area: String,
    #[serde(default)]
    pub sp: i64,
    #[serde(default)]
    pub artillery: i64,
    #[serde(default)]
    pub supply: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Intervention {
    pub fleets: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transport {
    /// The player's name for the transport or stack.
    pub id: String,
    #[serde(default)]
    pub escorted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforce {
    pub area: String,
    /// The OB location reinforced (the French operate in location 15).
    #[serde(default = "fifteen")]
    pub location: i64,
}

fn fifteen() -> i64 {
    15
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    pub fleets: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub army: String,
}

/// 14: what a combat cost the Americans, and where it left the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatResult {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sp: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub artillery: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub supply: i64,
    /// The BRE number after the combat.
    pub bre: i64,
    /// Who holds the town fought for afterwards, if the combat was for one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub town: Option<Holder>,
}

/// 16: the outcome of a fleet engagement for the Continental Navy.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngagementResult {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damaged: bool,
    /// How many quarters a damaged navy is out of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quarters: Option<i64>,
}

/// 17: the outcome of a fleet engagement of the French battle fleets (after a British search
/// finds them, or when they attack a British reinforcement).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetEngagementResult {
    /// French battle fleets sunk or out of play.
    #[serde(default)]
    pub french_lost: i64,
}

impl crate::engine::replay::Keyed for Orders {
    fn keys(&self) -> Vec<&'static str> {
        Orders::keys(self)
    }
}

/// The rule each orders key answers to, as the checks of its facts cite it, for a value there
/// that cannot be read; the turn as a whole runs rules 12 to 17.
pub const RULES_BY_KEY: &[(&str, &str)] = &[
    ("turn", "12-17"),
    ("turn.bre", "12"),
    ("turn.control", "13"),
    ("turn.areas", "12"),
    ("turn.naval", "17"),
    ("turn.supply", "17"),
    ("turn.losses", "14"),
    ("turn.armies", "12"),
    ("turn.towns", "13"),
    ("turn.requisite", "12"),
    ("turn.forts_lost", "15"),
    ("turn.navy", "16"),
    ("turn.replacements", "15"),
    ("turn.french_intervention", "17"),
    ("turn.transports", "16"),
    ("turn.reinforce", "17"),
    ("turn.search", "17"),
    ("turn.scout", "12"),
    ("turn.attacks", "14"),
    ("combat", "14"),
    ("engagement", "16"),
    ("fleet_engagement", "17"),
];
