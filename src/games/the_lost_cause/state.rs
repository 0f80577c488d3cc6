//! The whole position of a game of The Lost Cause, as plain data: the tracks, the armies
//! and their routes, the leaders, the resources, the cards, and where in the sequence of
//! play (4.0) the game stands.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::data::{Symbol, Theater, UnionTheater};

/// A Union Initiative (follow-up) marker on an army (11.0): the action it will perform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    pub symbol: Symbol,
    #[serde(default)]
    pub drm: i32,
}

/// One Union Initiative marker as the Initiative question lists it (11.0, 10.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerListed {
    pub army: String,
    /// Counted from 1, in the order the army's markers were placed.
    pub marker: usize,
    pub symbol: Symbol,
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub drm: i32,
}

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

/// A Union army on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyState {
    /// The face it shows (a form id of its army).
    pub form: String,
    /// The spaces of its line of operation from its Home Base, as far as it has been sent:
    /// the tracks it has taken, joined at their branching spaces (8.4).
    pub route: Vec<String>,
    /// Its place on `route`.
    pub at: usize,
    /// In its Northern Invasion space, behind its Home Base (13.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invading: bool,
    /// Disruption markers (7.3 #1, 10.5).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub disrupted: u32,
    /// Union Initiative markers, in the order they were placed (11.0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initiative: Vec<Marker>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ArmyState {
    /// The space the army occupies, not counting a Northern Invasion.
    pub fn space(&self) -> &str {
        &self.route[self.at]
    }
}

/// Who holds a Strategic space (13.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    Confederate,
    Union,
    /// The Shenandoah Valley after Sheridan's Ride (13.8.4).
    Devastated,
}

/// The European Navies marker on box 6 of the Blockade Track (9.5.1, 9.5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Navies {
    /// Set aside.
    None,
    /// Recognition: the Blockade stops at box 5.
    Recognition,
    /// Military Intervention: also pushes the Blockade back each year (14.4).
    Intervention,
}

/// The three markers the Commerce Raider can sail with (9.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrackMarker {
    Morale,
    Recognition,
    Blockade,
}

/// Where a Resource marker is (16.0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// In the Resource Cup.
    Cup,
    /// In the Available Confederate Resources box.
    Available,
    /// On a space of the map (Forts, Gunboats, Ironclads).
    Space(String),
    /// Stacked with the Naval Blockade marker (Coastal Forts, Ironclads).
    Blockade,
    /// Sailing with a track marker (the Commerce Raider).
    Raiding(TrackMarker),
    /// On box n of the Morale Track (European Munitions, 16.4).
    MoraleBox(i32),
    /// Not yet arrived (its year is still to come, 14.3).
    Future,
    /// Out of the game (an X marker used, 16.1).
    Gone,
}

/// 16.8: when the game asks whether to spend Railroads markers, while the player holds any: a
/// standing order the player sets in a Railroads answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RailroadsAsk {
    /// Once a month, after the card's last Confederate action.
    #[default]
    AfterLast,
    /// Before each Confederate action of the card, and after the last.
    EveryAction,
}

impl RailroadsAsk {
    fn is_default(&self) -> bool {
        *self == RailroadsAsk::AfterLast
    }
}

/// Where the game stands in the sequence of play (4.0). Each value is one "line" the
/// engine runs whole: a line that needs the player's decision pauses and is run again from
/// its start once the decision arrives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Cursor {
    /// Before the first card: the player starts the game.
    Start,
    /// Month step 1: reveal the top card of the Draw Pile.
    Reveal,
    /// Month step 2: the Union lines of the card in play.
    Union { line: usize },
    /// Then its Confederate lines.
    Confederate { line: usize },
    /// The month's chance to spend Railroads after the card's last Confederate action (16.8);
    /// the chances before each action belong to `Confederate`.
    Railroads,
    /// The Union Initiative check (11.0).
    Initiative,
    /// The card leaves play (5.1, 5.2).
    EndMonth,
    /// The Year End Sequence (14.0).
    YearEnd,
    /// The game is over (15.0).
    Over,
}

/// A decision only the player can make (the answer comes in the next orders).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Start the war (3.0).
    Start,
    /// 9.1: which Union army the theater's leader attacks, or which Strategic space it
    /// reclaims instead.
    BattleTarget {
        theater: Theater,
        armies: Vec<String>,
        reclaim: Vec<String>,
    },
    /// 9.2: which Union army a Raid targets.
    RaidTarget { armies: Vec<String> },
    /// 10.0: how to use a Command action.
    Command { symbol: Symbol },
    /// 9.6: what the Confederate Navy does if the Naval action succeeds.
    Naval,
    /// 9.7: where the Commerce Raider sails.
    Raider,
    /// Rebel Yell: re-roll the roll just made, with no DRMs.
    Reroll { roll: String, result: String },
    /// 16.10: spend Torpedoes to stop this Union action.
    Torpedoes { what: String },
    /// 16.8: spend Railroads for Directed Battle actions, before the card's Confederate action
    /// `line` (counted from 0), or after its last when `line` is absent.
    Railroads {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<usize>,
    },
    /// 11.0: the order in which the Union Initiative markers are resolved: the marked armies,
    /// and (when every marker is ordered, 10.5) each marker.
    InitiativeOrder {
        armies: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        markers: Vec<MarkerListed>,
    },
    /// 14.5 #2: which way the Southern Infrastructure result goes.
    Infrastructure { good: bool },
}

impl Question {
    /// The orders key that answers it.
    pub fn key(&self) -> &'static str {
        match self {
            Question::Start => "start",
            Question::BattleTarget { .. } => "battle",
            Question::RaidTarget { .. } => "raid",
            Question::Command { .. } => "command",
            Question::Naval => "naval",
            Question::Raider => "raider",
            Question::Reroll { .. } => "reroll",
            Question::Torpedoes { .. } => "torpedoes",
            Question::Railroads { .. } => "railroads",
            Question::InitiativeOrder { .. } => "initiative_order",
            Question::Infrastructure { .. } => "infrastructure",
        }
    }

    /// The rule the question comes from.
    pub fn rule(&self) -> &'static str {
        match self {
            Question::Start => "3.0",
            Question::BattleTarget { .. } => "9.1",
            Question::RaidTarget { .. } => "9.2",
            Question::Command { .. } => "10.0",
            Question::Naval => "9.6",
            Question::Raider => "9.7",
            Question::Reroll { .. } => "5.1",
            Question::Torpedoes { .. } => "16.10",
            Question::Railroads { .. } => "16.8",
            Question::InitiativeOrder { .. } => "11.0",
            Question::Infrastructure { .. } => "14.5",
        }
    }
}

/// A value drawn from the dice during a line that paused: replayed, not re-rolled, when the
/// line runs again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Drawn {
    D6(Vec<u8>),
    Draw(usize),
    Shuffle(Vec<usize>),
}

/// A line in progress: the answers given so far, the dice already drawn, and how many of
/// its events the player has already been shown.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    #[serde(default)]
    pub answers: Vec<serde_json::Value>,
    #[serde(default)]
    pub drawn: Vec<Drawn>,
    #[serde(default)]
    pub events_shown: usize,
}

/// How the game ended (15.0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub victory: bool,
    /// `morale_collapse`, `election` or `survival`.
    pub how: String,
    pub level: String,
    #[serde(default)]
    pub motto: String,
    pub morale: i32,
    pub headlines_played: u32,
    /// 15.3: the level was shifted one step for European Recognition.
    #[serde(default)]
    pub shifted: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub year: u32,
    /// The Confederate Morale box, 0 to 12 (12.0).
    pub morale: i32,
    /// Turned over by the Election of 1864 (14.2).
    #[serde(default)]
    pub morale_flipped: bool,
    /// The ER/EP marker's box, 0 to 6 (9.5).
    pub recognition: i32,
    /// The ER/EP marker shows Emancipation Proclamation (-2 on Diplomatic actions).
    #[serde(default)]
    pub emancipation: bool,
    /// The Naval Blockade marker's box, 0 to 6 (7.4).
    pub blockade: i32,
    /// The Blockade marker shows "Mississippi River Closed" (14.1).
    #[serde(default)]
    pub mississippi_closed: bool,
    pub navies: Navies,
    /// Union armies in play, by army id.
    pub armies: BTreeMap<String, ArmyState>,
    /// Armies that have left play for good.
    #[serde(default)]
    pub removed: Vec<String>,
    /// Advanced Base markers on the map, by space (8.1).
    #[serde(default)]
    pub bases: BTreeSet<String>,
    /// Set-aside Advanced Base markers a card has released (3.0 #2).
    #[serde(default)]
    pub bases_released: BTreeSet<String>,
    /// Named Fortified markers still on the map, by space (3.0 #2).
    pub fortified: BTreeSet<String>,
    /// Spaces Union controlled for good: 8.5.1, 8.8.1, and the conquests of armies that
    /// have left play.
    #[serde(default)]
    pub held: BTreeSet<String>,
    /// Strategic spaces, by id (13.8).
    pub strategic: BTreeMap<String, Control>,
    /// The morale the Union's key spaces are costing right now (12.0).
    pub flags_taken: i32,
    /// Every Resource marker, by id.
    pub resources: BTreeMap<String, Place>,
    pub union_commanders: BTreeMap<UnionTheater, String>,
    /// Confederate Theater Commanders; an empty box when the cup ran dry.
    pub commanders: BTreeMap<Theater, Option<String>>,
    /// The National Military Advisor.
    pub advisor: Option<String>,
    /// The Leader Cup, in a listed order for fair draws.
    pub leader_cup: Vec<String>,
    /// Leaders killed or removed by attrition (9.9).
    #[serde(default)]
    pub leaders_gone: Vec<String>,
    /// The Draw Pile, top first.
    pub draw_pile: Vec<String>,
    /// The stacks waiting for later years (14.6), by year.
    pub stacks: BTreeMap<u32, Vec<String>>,
    /// 16.8: when the game asks about Railroads (a standing order).
    #[serde(default, skip_serializing_if = "RailroadsAsk::is_default")]
    pub railroads_ask: RailroadsAsk,
    /// The Rebel Yell card is in the player's hand.
    #[serde(default)]
    pub rebel_yell: Option<String>,
    /// Friction of War was revealed: it acts on the next Headline card.
    #[serde(default)]
    pub friction: bool,
    /// The card in play this month.
    #[serde(default)]
    pub card: Option<String>,
    /// Friction of War acts on the card in play.
    #[serde(default)]
    pub card_friction: bool,
    pub headlines_played: u32,
    pub cursor: Cursor,
    #[serde(default)]
    pub question: Option<Question>,
    #[serde(default)]
    pub task: Task,
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

impl State {
    /// The resources at a place, in id order.
    pub fn resources_at(&self, place: &Place) -> Vec<String> {
        self.resources
            .iter()
            .filter(|(_, p)| *p == place)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// The marker on a space of the map of a kind, if any.
    pub fn marker_on(
        &self,
        data: &super::data::Data,
        space: &str,
        kind: super::data::ResourceKind,
    ) -> Option<String> {
        self.resources
            .iter()
            .find(|(id, p)| {
                matches!(p, Place::Space(s) if s == space)
                    && data.resource(id).map(|r| r.kind) == Some(kind)
            })
            .map(|(id, _)| id.clone())
    }

    pub fn is_over(&self) -> bool {
        self.cursor == Cursor::Over
    }

    /// 9.1: whether a Confederate leader holds the theater's Command box, to fight its
    /// battles; the box can be empty once the Leader Cup is (RULINGS L10).
    pub fn has_leader(&self, theater: Theater) -> bool {
        self.commanders.get(&theater).is_some_and(Option::is_some)
    }
}
