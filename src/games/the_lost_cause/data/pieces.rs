//! The counters of The Lost Cause: armies, leaders, resources, fortifications, bases and the
//! set-up.

use super::*;

/// One face of a Union army unit (2.3).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Form {
    pub id: String,
    pub name: String,
    pub initiative: i32,
    pub battle: i32,
}

/// A Union army, named by the colour its spaces and card symbols share (7.1).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// `blue`, `yellow`, `brown`, `green` or `orange`.
    pub id: String,
    pub theater: UnionTheater,
    pub home: String,
    /// The Northern Invasion space behind the Home Base, if any (13.2).
    #[serde(default)]
    pub invasion: Option<String>,
    /// The track it marches along from its Home Base.
    pub track: String,
    /// Every face it can show; the first is the one it enters play with.
    pub forms: Vec<Form>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnionLeader {
    pub id: String,
    pub name: String,
    /// Added to the Initiative Rolls of the armies of the theater it commands (7.1).
    pub initiative: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfederateLeader {
    pub id: String,
    pub name: String,
    /// Rolled against for Conditional Battle actions (9.1).
    pub initiative: i32,
    /// Added to Battle Resolution rolls (9.1.1).
    pub battle: i32,
    /// Rolled against as National Military Advisor (9.6, 10.x).
    pub admin: i32,
    /// The year it enters the Leader Cup (14.3); absent for set-up leaders.
    #[serde(default)]
    pub arrives: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourceKind {
    CoastalForts,
    CommerceRaider,
    EuropeanMunitions,
    Forts,
    Gunboats,
    Ironclads,
    Railroads,
    Submarines,
    Torpedoes,
}

impl ResourceKind {
    /// 16.0: the naval markers, for cards that name them.
    pub fn is_naval(self) -> bool {
        matches!(
            self,
            ResourceKind::CoastalForts
                | ResourceKind::CommerceRaider
                | ResourceKind::Gunboats
                | ResourceKind::Ironclads
                | ResourceKind::Submarines
                | ResourceKind::Torpedoes
        )
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resource {
    pub id: String,
    pub kind: ResourceKind,
    /// What a Union army or the Blockade must roll over to remove it (6.2.1), if anything.
    #[serde(default)]
    pub obstacle: Option<i32>,
    /// One use: set aside after use instead of going back to the cup (16.1).
    #[serde(default)]
    pub x: bool,
    /// The year it enters the Resource Cup (14.3).
    pub year: u32,
}

/// A named Fortified marker printed for a space (3.0 #2).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fortification {
    pub space: String,
    pub obstacle: i32,
}

/// When an Advanced Base marker can be placed (7.3 #5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BaseMarker {
    /// In the stock from the start.
    Start,
    /// Set aside until a card makes it available (3.0 #2).
    Card,
    /// The back of another space's Fortified marker: usable once that marker is removed.
    BackOf(String),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvancedBase {
    pub space: String,
    pub marker: BaseMarker,
}

/// Where the pieces start (3.0).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub year: u32,
    pub morale: i32,
    pub recognition: i32,
    pub blockade: i32,
    /// Armies on the map at the start: army id to space.
    pub armies: BTreeMap<String, String>,
    pub union_commanders: BTreeMap<UnionTheater, String>,
    pub confederate_commanders: BTreeMap<Theater, String>,
    pub advisor: String,
    /// Leaders in the Leader Cup at the start.
    pub leader_cup: Vec<String>,
    /// Cards dealt for the first year; the rest of that year's stack waits (14.6).
    pub first_year_cards: usize,
    /// Cards dealt for each later year except the last (14.6).
    pub cards_per_year: usize,
    /// The year whose draw pile takes every card left (14.6).
    pub last_year: u32,
    /// The year whose stack the Broadsheet cards start in.
    pub broadsheets_join: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub format: String,
    pub armies: Vec<Army>,
    pub union_leaders: Vec<UnionLeader>,
    pub confederate_leaders: Vec<ConfederateLeader>,
    pub resources: Vec<Resource>,
    pub fortifications: Vec<Fortification>,
    pub advanced_bases: Vec<AdvancedBase>,
    pub setup: Setup,
}
