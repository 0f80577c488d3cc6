//! The map, counters, tables and deck of The Lost Cause, read from `games/the-lost-cause/`
//! and checked before any rule runs: every id unique, every reference real, every track a
//! chain of real spaces, and a deck with the cards each year needs (14.6).

use std::collections::{BTreeMap, BTreeSet};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::engine::Error;

pub const MAP: &str = "map.yaml";
pub const PIECES: &str = "pieces.yaml";
pub const TABLES: &str = "tables.yaml";
pub const DECK: &str = "deck.yaml";

/// The Confederate theaters of war (2.1). The Union's West includes the Mississippi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theater {
    East,
    West,
    Mississippi,
}

impl Theater {
    pub const ALL: [Theater; 3] = [Theater::East, Theater::West, Theater::Mississippi];
    pub fn name(self) -> &'static str {
        match self {
            Theater::East => "east",
            Theater::West => "west",
            Theater::Mississippi => "mississippi",
        }
    }
    /// The Union command box that covers this Confederate theater (2.1).
    pub fn union_command(self) -> UnionTheater {
        match self {
            Theater::East => UnionTheater::East,
            _ => UnionTheater::West,
        }
    }
}

/// The Union's two theater command boxes (2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnionTheater {
    East,
    West,
}

/// The shape of a space decides what it does (13.x).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// An ordinary space of a track.
    Square,
    /// Morale flags, otherwise ordinary (13.4).
    Diamond,
    /// Set up with a Fortified marker; morale flags; may hold an Advanced Base (13.5).
    Hexagon,
    /// A branching space where an Advanced Base is built (13.7).
    Round,
    /// A Union Home Base (13.1).
    Home,
    /// A Northern Invasion space behind a Home Base (13.2).
    Invasion,
    /// The Red River: on the map only to show where card 35 happens (13.6).
    Star,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub id: String,
    pub name: String,
    pub shape: Shape,
    pub theater: Theater,
    /// Tattered Confederate flags: morale lost while the Union controls the space (12.0).
    #[serde(default)]
    pub flags: u32,
    /// Blue along the bottom: Gunboats, Ironclads and Torpedoes work here (13.3).
    #[serde(default)]
    pub river: bool,
}

/// A starburst space beside the tracks (13.8).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strategic {
    pub id: String,
    pub name: String,
    pub theater: Theater,
    /// The track boxes whose control decides this space's control (13.8.1).
    pub connected: Vec<String>,
}

/// One line of operation: the spaces in marching order, the first being the Base it starts
/// from (a Home Base or a branching space).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub id: String,
    pub name: String,
    pub spaces: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub format: String,
    pub spaces: Vec<Space>,
    pub strategic: Vec<Strategic>,
    pub tracks: Vec<Track>,
}

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

/// What the Leader Casualty Table does to a leader (9.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Casualty {
    Unhurt,
    /// Back to the Leader Cup; a new leader is called up.
    Wounded,
    /// Out of the game; a new leader is called up.
    Killed,
}

/// A Raid or Diversionary Campaign result on a Union army (9.2, 10.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaidResult {
    NoEffect,
    Retreat,
    Recalled,
    /// A Disruption marker on the army (7.3 #1).
    Disrupted,
    /// A Disruption marker, and the army retreats.
    RetreatDisrupted,
    /// Backfire: the army gains a Directed Union Initiative marker (11.0).
    Initiative,
    /// Backfire: the South loses one morale.
    MoraleLoss,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    pub min: i32,
    pub name: String,
    pub motto: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub format: String,
    /// Indexed by the die, 1 to 6.
    #[serde(deserialize_with = "die_keyed")]
    pub leader_casualty: BTreeMap<i32, Casualty>,
    /// Indexed by the modified die; lower results use the lowest row, higher the highest.
    #[serde(deserialize_with = "die_keyed")]
    pub diversionary_campaign: BTreeMap<i32, RaidResult>,
    /// 15.1: by Headline cards played, best first; the first whose `min` is met applies.
    pub defeat: Vec<Level>,
    /// 15.2: by morale, best first.
    pub victory: Vec<Level>,
    /// Where adjutant follows the rulebook's text rather than its first edition's rulings;
    /// absent in the first edition's file.
    #[serde(default)]
    pub readings: super::readings::Readings,
}

/// Maps keyed by a die roll: YAML keys arrive as strings once the file passes through JSON.
fn die_keyed<'de, D, V>(d: D) -> Result<BTreeMap<i32, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    let raw: BTreeMap<String, V> = BTreeMap::deserialize(d)?;
    raw.into_iter()
        .map(|(k, v)| {
            k.trim()
                .parse::<i32>()
                .map(|k| (k, v))
                .map_err(|_| serde::de::Error::custom(format!("`{k}` is not a die roll")))
        })
        .collect()
}

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
    /// A new Theater Commander (7.2); ignored if the leader is already in play (6.1).
    Commander {
        theater: UnionTheater,
        leader: String,
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
    /// The ER/EP marker moves, and may turn to Emancipation Proclamation (9.5).
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
        #[serde(deserialize_with = "die_keyed")]
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

/// Everything, checked and indexed.
#[derive(Debug, Clone)]
pub struct Data {
    pub map: Map,
    pub pieces: Pieces,
    pub tables: Tables,
    pub deck: Deck,
    /// Where the picture draws each space, when `board.yaml` was given.
    pub board: Option<super::board::Board>,
    space_index: BTreeMap<String, usize>,
    track_index: BTreeMap<String, usize>,
    card_index: BTreeMap<String, usize>,
}

fn parse<T: DeserializeOwned>(files: &[(String, String)], name: &str) -> Result<T, Error> {
    let (_, text) = files
        .iter()
        .find(|(n, _)| n == name)
        .ok_or_else(|| Error::Format {
            what: format!("the-lost-cause data `{name}`"),
            message: "the file is missing".into(),
        })?;
    let value: serde_json::Value = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
        what: format!("the-lost-cause data `{name}`"),
        source,
    })?;
    serde_json::from_value(value).map_err(|e| Error::Format {
        what: format!("the-lost-cause data `{name}`"),
        message: e.to_string(),
    })
}

fn bad(name: &str, message: String) -> Error {
    Error::Format {
        what: format!("the-lost-cause data `{name}`"),
        message,
    }
}

impl Data {
    pub fn load(files: &[(String, String)]) -> Result<Data, Error> {
        let mut data = Data::index(
            parse(files, MAP)?,
            parse(files, PIECES)?,
            parse(files, TABLES)?,
            parse(files, DECK)?,
        )?;
        data.check()?;
        data.board = super::board::Board::load(files, &data.map)?;
        Ok(data)
    }

    fn index(map: Map, pieces: Pieces, tables: Tables, deck: Deck) -> Result<Data, Error> {
        fn unique<'a>(
            file: &str,
            what: &str,
            ids: impl Iterator<Item = &'a String>,
        ) -> Result<BTreeMap<String, usize>, Error> {
            let mut index = BTreeMap::new();
            for (i, id) in ids.enumerate() {
                if index.insert(id.clone(), i).is_some() {
                    return Err(bad(file, format!("{what} `{id}` appears twice")));
                }
            }
            Ok(index)
        }
        let space_index = unique(MAP, "space", map.spaces.iter().map(|s| &s.id))?;
        let track_index = unique(MAP, "track", map.tracks.iter().map(|t| &t.id))?;
        let card_index = unique(DECK, "card", deck.cards.iter().map(|c| &c.id))?;
        unique(PIECES, "army", pieces.armies.iter().map(|a| &a.id))?;
        unique(
            PIECES,
            "leader",
            pieces
                .union_leaders
                .iter()
                .map(|l| &l.id)
                .chain(pieces.confederate_leaders.iter().map(|l| &l.id)),
        )?;
        unique(PIECES, "resource", pieces.resources.iter().map(|r| &r.id))?;
        unique(
            PIECES,
            "army form",
            pieces
                .armies
                .iter()
                .flat_map(|a| a.forms.iter().map(|f| &f.id)),
        )?;
        Ok(Data {
            map,
            pieces,
            tables,
            deck,
            board: None,
            space_index,
            track_index,
            card_index,
        })
    }

    fn check(&self) -> Result<(), Error> {
        let space = |file: &str, what: &str, id: &str| -> Result<(), Error> {
            if self.space_index.contains_key(id) {
                Ok(())
            } else {
                Err(bad(file, format!("{what} names unknown space `{id}`")))
            }
        };
        for f in [&self.map.format, &self.pieces.format, &self.tables.format] {
            if f != "adjutant-lost-cause/1" {
                return Err(bad(
                    MAP,
                    format!("format `{f}` is not `adjutant-lost-cause/1`"),
                ));
            }
        }
        if self.deck.format != "adjutant-lost-cause-deck/1" {
            return Err(bad(
                DECK,
                format!(
                    "format `{}` is not `adjutant-lost-cause-deck/1`",
                    self.deck.format
                ),
            ));
        }
        for t in &self.map.tracks {
            if t.spaces.len() < 2 {
                return Err(bad(
                    MAP,
                    format!("track `{}` has fewer than two spaces", t.id),
                ));
            }
            for s in &t.spaces {
                space(MAP, &format!("track `{}`", t.id), s)?;
            }
        }
        for s in &self.map.strategic {
            for c in &s.connected {
                space(MAP, &format!("strategic space `{}`", s.id), c)?;
            }
        }
        for a in &self.pieces.armies {
            space(PIECES, &format!("army `{}`", a.id), &a.home)?;
            if let Some(i) = &a.invasion {
                space(PIECES, &format!("army `{}`", a.id), i)?;
            }
            let t = self.track(&a.track).ok_or_else(|| {
                bad(
                    PIECES,
                    format!("army `{}` names unknown track `{}`", a.id, a.track),
                )
            })?;
            if t.spaces[0] != a.home {
                return Err(bad(
                    PIECES,
                    format!(
                        "army `{}`: its track `{}` does not start at its home `{}`",
                        a.id, t.id, a.home
                    ),
                ));
            }
            if a.forms.is_empty() {
                return Err(bad(PIECES, format!("army `{}` has no forms", a.id)));
            }
        }
        for f in &self.pieces.fortifications {
            space(PIECES, "a fortification", &f.space)?;
        }
        for b in &self.pieces.advanced_bases {
            space(PIECES, "an advanced base", &b.space)?;
            if let BaseMarker::BackOf(s) = &b.marker {
                if !self.pieces.fortifications.iter().any(|f| &f.space == s) {
                    return Err(bad(
                        PIECES,
                        format!("the advanced base at `{}` is the back of a fortification at `{s}` that does not exist", b.space),
                    ));
                }
            }
        }
        let su = &self.pieces.setup;
        for (army, at) in &su.armies {
            self.army(army)
                .ok_or_else(|| bad(PIECES, format!("set-up names unknown army `{army}`")))?;
            space(PIECES, "set-up", at)?;
        }
        for l in su.union_commanders.values() {
            if !self.pieces.union_leaders.iter().any(|u| &u.id == l) {
                return Err(bad(
                    PIECES,
                    format!("set-up names unknown Union leader `{l}`"),
                ));
            }
        }
        for l in su
            .confederate_commanders
            .values()
            .chain(std::iter::once(&su.advisor))
            .chain(&su.leader_cup)
        {
            if self.confederate_leader(l).is_none() {
                return Err(bad(
                    PIECES,
                    format!("set-up names unknown Confederate leader `{l}`"),
                ));
            }
        }
        for t in Theater::ALL {
            if !su.confederate_commanders.contains_key(&t) {
                return Err(bad(
                    PIECES,
                    format!(
                        "set-up has no Confederate commander in the {} theater",
                        t.name()
                    ),
                ));
            }
        }
        if self.tables.leader_casualty.len() != 6
            || (1..=6).any(|d| !self.tables.leader_casualty.contains_key(&d))
        {
            return Err(bad(
                TABLES,
                "the leader casualty table needs a row for each die 1 to 6".into(),
            ));
        }
        if self.tables.diversionary_campaign.is_empty() {
            return Err(bad(
                TABLES,
                "the diversionary campaign table is empty".into(),
            ));
        }
        self.check_deck()
    }

    fn check_deck(&self) -> Result<(), Error> {
        let su = &self.pieces.setup;
        let armies: BTreeSet<&str> = self.pieces.armies.iter().map(|a| a.id.as_str()).collect();
        for c in &self.deck.cards {
            let here = |m: String| bad(DECK, format!("card `{}`: {m}", c.id));
            match c.kind {
                CardKind::Headline => {
                    if c.broadsheet.is_some() {
                        return Err(here("a Headline card has no Broadsheet effect".into()));
                    }
                    if c.year < su.year || c.year >= su.last_year {
                        return Err(here(format!(
                            "year {} is outside {}-{}",
                            c.year,
                            su.year,
                            su.last_year - 1
                        )));
                    }
                }
                CardKind::Broadsheet => {
                    if c.broadsheet.is_none() {
                        return Err(here(
                            "a Broadsheet card needs its `broadsheet` effect".into(),
                        ));
                    }
                    if !c.union.is_empty() || !c.confederate.is_empty() {
                        return Err(here(
                            "a Broadsheet card has no action lines; its effect is `broadsheet` (5.1)"
                                .into(),
                        ));
                    }
                }
            }
            for a in &c.confederate {
                if let ConfederateAction::MoraleTest { year, .. } = a {
                    if !(-1..=1).contains(year) {
                        return Err(here(format!(
                            "a Morale Test's `year` is 1 (plus the year), -1 (minus) or 0, not {year} (9.3)"
                        )));
                    }
                }
            }
            for a in &c.union {
                match a {
                    UnionAction::Army { army, .. }
                    | UnionAction::Flip { army, .. }
                    | UnionAction::Remove { army }
                    | UnionAction::Disrupt { army }
                    | UnionAction::Place { army, .. }
                        if !armies.contains(army.as_str()) =>
                    {
                        return Err(here(format!("unknown army `{army}`")));
                    }
                    _ => {}
                }
                match a {
                    UnionAction::Place { space, .. } | UnionAction::BaseAvailable { space }
                        if !self.space_index.contains_key(space) =>
                    {
                        return Err(here(format!("unknown space `{space}`")));
                    }
                    UnionAction::Flip { army, form }
                        if !self
                            .army(army)
                            .is_some_and(|a| a.forms.iter().any(|f| &f.id == form)) =>
                    {
                        return Err(here(format!("army `{army}` has no form `{form}`")));
                    }
                    UnionAction::Commander { leader, .. }
                        if !self.pieces.union_leaders.iter().any(|l| &l.id == leader) =>
                    {
                        return Err(here(format!("unknown Union leader `{leader}`")));
                    }
                    UnionAction::Devastate { strategic } if self.strategic(strategic).is_none() => {
                        return Err(here(format!("unknown strategic space `{strategic}`")));
                    }
                    _ => {}
                }
            }
        }
        for year in su.year..su.last_year {
            let n = self
                .deck
                .cards
                .iter()
                .filter(|c| c.kind == CardKind::Headline && c.year == year)
                .count();
            let need = if year == su.year {
                su.first_year_cards
            } else {
                su.cards_per_year
            };
            if n < need.min(su.cards_per_year) {
                return Err(bad(
                    DECK,
                    format!("{year} has {n} Headline cards; at least {need} are needed"),
                ));
            }
        }
        Ok(())
    }

    pub fn space(&self, id: &str) -> &Space {
        &self.map.spaces[self.space_index[id]]
    }

    pub fn has_space(&self, id: &str) -> bool {
        self.space_index.contains_key(id)
    }

    pub fn track(&self, id: &str) -> Option<&Track> {
        self.track_index.get(id).map(|&i| &self.map.tracks[i])
    }

    pub fn card(&self, id: &str) -> &Card {
        &self.deck.cards[self.card_index[id]]
    }

    pub fn has_card(&self, id: &str) -> bool {
        self.card_index.contains_key(id)
    }

    pub fn army(&self, id: &str) -> Option<&Army> {
        self.pieces.armies.iter().find(|a| a.id == id)
    }

    pub fn form(&self, army: &str, form: &str) -> &Form {
        self.army(army)
            .and_then(|a| a.forms.iter().find(|f| f.id == form))
            .expect("forms are checked when the state is read")
    }

    pub fn strategic(&self, id: &str) -> Option<&Strategic> {
        self.map.strategic.iter().find(|s| s.id == id)
    }

    pub fn union_leader(&self, id: &str) -> Option<&UnionLeader> {
        self.pieces.union_leaders.iter().find(|l| l.id == id)
    }

    pub fn confederate_leader(&self, id: &str) -> Option<&ConfederateLeader> {
        self.pieces.confederate_leaders.iter().find(|l| l.id == id)
    }

    pub fn resource(&self, id: &str) -> Option<&Resource> {
        self.pieces.resources.iter().find(|r| r.id == id)
    }

    pub fn fortification(&self, space: &str) -> Option<&Fortification> {
        self.pieces.fortifications.iter().find(|f| f.space == space)
    }

    pub fn advanced_base(&self, space: &str) -> Option<&AdvancedBase> {
        self.pieces.advanced_bases.iter().find(|b| b.space == space)
    }
}
