//! The card deck of The Lost Cause: the actions its cards give each side, battle modifiers
//! and broadsheets.

use super::*;

/// The three action symbols (6.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symbol {
    /// Conditional: an Initiative Roll must pass first (6.2).
    Square,
    /// Directed: always happens, unless a Broadsheet card says otherwise.
    Circle,
    /// Mandatory: always happens; no Broadsheet card touches it.
    Arrow,
}

impl Symbol {
    /// The symbol's name in the rules (6.0): Conditional, Directed or Mandatory.
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Square => "Conditional",
            Symbol::Circle => "Directed",
            Symbol::Arrow => "Mandatory",
        }
    }
}

fn circle() -> Symbol {
    Symbol::Circle
}

/// A Union line on a Headline card, performed in order (6.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum UnionAction {
    /// An army acts (7.3), or with `initiative` gets a follow-up marker instead (11.0).
    Army {
        army: String,
        symbol: Symbol,
        #[serde(default)]
        drm: i32,
        #[serde(default)]
        initiative: bool,
    },
    /// A Union Naval action on the Blockade Track (7.4).
    Blockade,
    /// A placement triangle: the army enters play there, as a free extra (6.0).
    Place { army: String, space: String },
    /// A new Theater Commander (7.2); ignored if the leader is already in play (6.1), or if
    /// the card sacks a leader (`replaces`, as in "East: Flip Scott to McClellan") who does
    /// not hold that command box (6.1, RULINGS L50).
    Commander {
        theater: UnionTheater,
        leader: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replaces: Option<String>,
    },
    /// An army shows another face (`form`).
    Flip { army: String, form: String },
    /// An army leaves play.
    Remove { army: String },
    /// A Disruption marker on an army (7.3 #1).
    Disrupt { army: String },
    /// The Army of the Potomac sails to the Peninsula, or back (8.9, 13.1).
    Peninsula { sail: Sail },
    /// An Advanced Base marker set aside at the start becomes available (3.0 #2).
    BaseAvailable { space: String },
    /// The Confederate morale marker moves (12.0).
    Morale { delta: i32 },
    /// The ER/EP marker moves, and may turn to Emancipation Proclamation: a Union Mandatory
    /// action (7.1, as in the 18.0 example), box 5 or 6 bringing 9.5.1 or 9.5.2.
    Recognition {
        delta: i32,
        #[serde(default)]
        emancipation: bool,
    },
    /// Sheridan's Ride: the Shenandoah Valley is devastated (13.8.4).
    Devastate { strategic: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sail {
    /// To the Peninsula: the yellow army becomes the Army of the Potomac, the blue one the
    /// Army of Virginia.
    Out,
    /// Back to northern Virginia (13.1).
    Back,
}

/// A Confederate line on a Headline card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum ConfederateAction {
    /// `[Theater]: Battle action` (9.1), with a casualty check after it when `casualty`.
    Battle {
        theater: Theater,
        symbol: Symbol,
        /// On the Initiative Roll.
        #[serde(default)]
        drm: i32,
        /// On the Battle Resolution roll.
        #[serde(default)]
        battle_drm: i32,
        #[serde(default)]
        casualty: bool,
    },
    /// `Raid!` (9.2): the results the card lists, by die roll.
    Raid {
        #[serde(default = "circle")]
        symbol: Symbol,
        /// Only armies in this theater may be targeted, if given.
        #[serde(default)]
        theater: Option<Theater>,
        #[serde(deserialize_with = "super::tables::die_keyed")]
        results: BTreeMap<i32, RaidResult>,
    },
    /// `Dixie: Morale Test action` (9.3), with the year's last digit added or taken off.
    MoraleTest {
        #[serde(default = "circle")]
        symbol: Symbol,
        #[serde(default)]
        year: i32,
    },
    /// `Resource: War Effort action` (9.4); `draw` skips the roll.
    WarEffort {
        #[serde(default = "circle")]
        symbol: Symbol,
        #[serde(default)]
        draw: bool,
    },
    /// `Europe: Diplomatic action` (9.5).
    Diplomatic {
        #[serde(default = "circle")]
        symbol: Symbol,
    },
    /// `CSN: Naval action` (9.6).
    Naval {
        #[serde(default = "circle")]
        symbol: Symbol,
    },
    /// `Sea: Commerce Raider action` (9.7).
    CommerceRaider {
        #[serde(default = "circle")]
        symbol: Symbol,
    },
    /// `[Theater]: Leader Shuffle action` (9.8).
    LeaderShuffle {
        theater: Theater,
        #[serde(default = "circle")]
        symbol: Symbol,
    },
    /// Leader Attrition (9.9).
    LeaderAttrition {
        #[serde(default = "circle")]
        symbol: Symbol,
    },
    /// `CSA: Command action` (10.0).
    Command { symbol: Symbol },
    /// The morale marker moves by card (12.0).
    Morale { delta: i32 },
}

impl ConfederateAction {
    pub fn symbol(&self) -> Symbol {
        match self {
            ConfederateAction::Battle { symbol, .. }
            | ConfederateAction::Raid { symbol, .. }
            | ConfederateAction::MoraleTest { symbol, .. }
            | ConfederateAction::WarEffort { symbol, .. }
            | ConfederateAction::Diplomatic { symbol }
            | ConfederateAction::Naval { symbol }
            | ConfederateAction::CommerceRaider { symbol }
            | ConfederateAction::LeaderShuffle { symbol, .. }
            | ConfederateAction::LeaderAttrition { symbol }
            | ConfederateAction::Command { symbol } => *symbol,
            ConfederateAction::Morale { .. } => Symbol::Arrow,
        }
    }
}

/// A card's standing special rule (the asterisk, 6.0): an extra DRM on every Confederate
/// Battle Resolution roll in a theater this month (all theaters when none is given).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleModifier {
    #[serde(default)]
    pub theater: Option<Theater>,
    pub drm: i32,
}

/// What a Broadsheet card does (5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Broadsheet {
    /// Kept in hand; re-rolls one Confederate roll with no DRMs, then goes to next year's
    /// stack.
    RebelYell,
    /// The next Headline card's Directed Confederate actions become Conditional, and its
    /// Conditional ones are lost.
    FrictionOfWar,
    /// A War Effort draw (9.4) at once.
    BlockadeRunners,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Headline,
    Broadsheet,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The number of a Headline card, the letter of a Broadsheet card.
    pub id: String,
    pub year: u32,
    pub kind: CardKind,
    pub headline: String,
    /// The historical text, in the transcriber's own words.
    #[serde(default)]
    pub flavor: String,
    /// The printed special rule, for reports.
    #[serde(default)]
    pub special: Option<String>,
    #[serde(default)]
    pub union: Vec<UnionAction>,
    #[serde(default)]
    pub confederate: Vec<ConfederateAction>,
    #[serde(default)]
    pub battle_modifiers: Vec<BattleModifier>,
    /// What a Broadsheet card does.
    #[serde(default)]
    pub broadsheet: Option<Broadsheet>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub format: String,
    /// `sample` for the shipped play-testing deck, `transcribed` for a copy of a real one.
    pub edition: String,
    pub cards: Vec<Card>,
}
