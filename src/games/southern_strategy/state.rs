//! The state of a game of The Southern Strategy: plain values a person can read in the game
//! file, keyed by the map's area ids.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

pub use super::id::Id;
pub use super::id_map::{IdMap, IdSet, Key};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Crown,
    Patriot,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Crown => Side::Patriot,
            Side::Patriot => Side::Crown,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Crown => "crown",
            Side::Patriot => "patriot",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "crown" => Some(Side::Crown),
            "patriot" => Some(Side::Patriot),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeaderRank {
    /// The side's Leader (Cornwallis; Gates, later Greene).
    Leader,
    /// A Subordinate Leader (9.2).
    Subordinate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub side: Side,
    pub units: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderRank>,
    /// 9.6: dug in for the rest of the campaign turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dug_in: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supplies {
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

impl Supplies {
    pub fn total(&self) -> u32 {
        self.food + self.war
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
}

/// The counters in one Colony's Partisan Boxes (2.1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partisans {
    pub militia: u32,
    pub loyalists: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swamp_fox: bool,
}

/// The irregulars of one Colony beside the board, not in the cup or the boxes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    pub militia: u32,
    pub loyalists: u32,
}

/// A counter in the Irregular Cup (3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chit {
    pub side: Side,
    pub colony: Id,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swamp_fox: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImpulseKind {
    Limited,
    Full,
}

/// Where in the sequence of play (4.0) the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// 5.2: `side` may move supplies (the Crown first).
    Supply { side: Side },
    /// 7.0: `side` takes the `kind` impulse of its pair.
    Impulse {
        side: Side,
        kind: ImpulseKind,
        /// Whether the full impulse before this pair was a pass, for "both pass consecutively".
        #[serde(default)]
        previous_passed: bool,
    },
    /// 10.1: an attack waits for the defender to refuse or accept battle.
    Battle {
        attack: PendingAttack,
        /// Whether the full impulse before the attacker's pair was a pass (7.0).
        #[serde(default)]
        previous_passed: bool,
    },
    /// 10.2: the defender accepted an attack whose War the attacker has not committed yet; the
    /// attacker commits, then the battle is fought with the defender's `accept`.
    Commit {
        attack: PendingAttack,
        accept: super::orders::Accept,
        #[serde(default)]
        previous_passed: bool,
    },
    /// 10.3: the attacker committed by hand after reading the defender's answer, so the
    /// defender commits now that the attacker's War is fixed (RULINGS B1); then the battle is
    /// fought with the retreat the `accept` named.
    Defend {
        attack: PendingAttack,
        accept: super::orders::Accept,
        #[serde(default)]
        previous_passed: bool,
    },
    /// A decision between impulses (12.3, 12.4, 13.4): `side` answers `question`, then the
    /// sequence goes on from `resume`.
    Decision {
        side: Side,
        question: Question,
        resume: Stage,
    },
    /// The game has ended.
    Over,
    /// Only in a position file: a campaign turn begins here. When the game is made, its winter
    /// removal (12.3) and generation (5.1) run, and play starts at the Crown's supply moves.
    TurnStart,
}

impl Phase {
    /// A copy of the phase. A supply phase or an impulse, nearly every phase self-play meets,
    /// is a few plain fields and is copied here without a call to `Phase::clone`: the state is
    /// copied, and its phase read, for every order self-play tries.
    #[inline]
    pub fn copy(&self) -> Phase {
        match *self {
            Phase::Supply { side } => Phase::Supply { side },
            Phase::Impulse {
                side,
                kind,
                previous_passed,
            } => Phase::Impulse {
                side,
                kind,
                previous_passed,
            },
            ref other => other.clone(),
        }
    }
}

/// A question put to one side outside its impulses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// 12.4: where the returning navy is placed (any zone without the enemy navy).
    NavyZone { zones: Vec<Id> },
    /// 13.4: where the new Patriot commander enters Virginia.
    Commander { areas: Vec<Id> },
    /// 12.3, 5.4, 9.3: where the navy's cargo goes ashore before it leaves for the winter.
    Unload {
        army_ports: Vec<Id>,
        supply_ports: Vec<Id>,
    },
    /// 5.5 with 10.7 (RULINGS S12): the attacker's battle left `areas` over their limits with
    /// room on the line: the attacker moves the excess on before its full impulse ends.
    Excess {
        areas: Vec<Id>,
        /// Whether the full impulse before the attacker's pair was a pass (7.0).
        #[serde(default)]
        previous_passed: bool,
    },
}

/// The steps of the turn end (13.0) and of the next turn's start, in order, so a pause for a
/// decision can resume where it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The impulses are still going: a question inside them (S12) resumes with the next
    /// impulse, not with a step of the turn end.
    Impulses,
    Sieges,
    /// 12.4: the Crown rolls for its navy's return, and places it if it returns...
    NavyReturn,
    /// ...then the French roll, facing a Crown navy just placed (RULINGS.md N9).
    FrenchNavyReturn,
    /// Placing what is left to place (and where games saved before the French roll came
    /// after the Crown's placement resume).
    PlaceNavies,
    Irregulars,
    Commander,
    PoliticalWill,
    Victory,
    NextTurn,
    WinterRemoval,
    Generation,
}

/// The attacking force between the attack order and the battle (9.4, 10.0): its units have
/// left their area and stand at the edge of the target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PendingAttack {
    pub side: Side,
    pub from: Id,
    pub to: Id,
    pub units: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderRank>,
    /// War Supplies expended for battle dice (10.2); 0 until the attacker commits when the
    /// attack left it open.
    pub war_committed: u32,
    /// Supplies the attacking units carry besides (5.5).
    pub carried: Supplies,
    /// 11.3: go back to the besieged City or Fort after a victory.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub return_after: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub year: u32,
    /// 1 to 5 on the Campaign Turn Track.
    pub space: u8,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Navies {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crown: Option<Id>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub french: Option<Id>,
    /// What each side's navy carries: supplies (5.4) and, for the Crown, a transported army
    /// (9.3).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cargo: BTreeMap<Side, Cargo>,
    /// 12.4: navies that rolled their return and wait to be placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returning: Vec<Side>,
}

impl Navies {
    /// The sea zone of `side`'s navy (the French navy is the Patriot's).
    pub fn zone(&self, side: Side) -> Option<&Id> {
        match side {
            Side::Crown => self.crown.as_ref(),
            Side::Patriot => self.french.as_ref(),
        }
    }

    /// The zone `side`'s navy shares with the enemy navy, if both are in one: a sea battle
    /// may be fought there (12.2), and nothing aboard goes ashore (9.3, 5.4, RULINGS N8).
    pub fn shared_zone(&self, side: Side) -> Option<&Id> {
        self.zone(side)
            .filter(|z| self.zone(side.other()) == Some(*z))
    }

    pub fn set_zone(&mut self, side: Side, zone: Option<Id>) {
        match side {
            Side::Crown => self.crown = zone,
            Side::Patriot => self.french = zone,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cargo {
    #[serde(default)]
    pub units: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderRank>,
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

impl Cargo {
    pub fn is_empty(&self) -> bool {
        self.units == 0 && self.leader.is_none() && self.food == 0 && self.war == 0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub winner: Side,
    /// The rule and the way it was won: `14.0 Political Will at 0`.
    pub how: String,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub turn: Turn,
    pub phase: Phase,
    pub political_will: u8,
    pub pass_track: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Side>,
    /// The campaign turn being played, counting from 1 (8.5 and 13.3 act at the end of the
    /// first).
    pub campaign_turns: u32,
    /// How many year ends have passed (13.5 takes 1 space the first time, then 2).
    #[serde(default)]
    pub years_ended: u32,
    /// One army at most in an area; keyed by area id.
    pub armies: IdMap<Army>,
    /// Supplies stored in a City or Fort, or carried by the army on a Point; keyed by area id.
    pub supplies: IdMap<Supplies>,
    /// Cities and Forts Held by a Loyalist (8.4).
    #[serde(default)]
    pub holds: IdSet,
    pub partisans: IdMap<Partisans>,
    pub pool: IdMap<Pool>,
    pub cup: Vec<Chit>,
    pub navies: Navies,
    #[serde(default)]
    pub sieges: IdSet,
    pub patriot_commander: String,
    /// How many Patriot Leaders (not Subordinates) have been eliminated: the next commander
    /// is the next name in the data (13.4).
    #[serde(default)]
    pub leaders_lost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            turn: self.turn.clone(),
            phase: self.phase.clone(),
            political_will: self.political_will,
            pass_track: self.pass_track,
            initiative: self.initiative,
            campaign_turns: self.campaign_turns,
            years_ended: self.years_ended,
            armies: self.armies.clone(),
            supplies: self.supplies.clone(),
            holds: self.holds.clone(),
            partisans: self.partisans.clone(),
            pool: self.pool.clone(),
            cup: self.cup.clone(),
            navies: self.navies.clone(),
            sieges: self.sieges.clone(),
            patriot_commander: self.patriot_commander.clone(),
            leaders_lost: self.leaders_lost,
            outcome: self.outcome.clone(),
        }
    }

    /// Copies `source` into the lists this state already holds, without allocating where they
    /// have room: self-play copies the state into one scratch state for every order it tries.
    fn clone_from(&mut self, source: &Self) {
        // Every field by name, so that a field added to the state cannot be left out here.
        let State {
            turn,
            phase,
            political_will,
            pass_track,
            initiative,
            campaign_turns,
            years_ended,
            armies,
            supplies,
            holds,
            partisans,
            pool,
            cup,
            navies,
            sieges,
            patriot_commander,
            leaders_lost,
            outcome,
        } = self;
        turn.clone_from(&source.turn);
        *phase = source.phase.copy();
        *political_will = source.political_will;
        *pass_track = source.pass_track;
        *initiative = source.initiative;
        *campaign_turns = source.campaign_turns;
        *years_ended = source.years_ended;
        armies.clone_from(&source.armies);
        supplies.clone_from(&source.supplies);
        holds.clone_from(&source.holds);
        partisans.clone_from(&source.partisans);
        pool.clone_from(&source.pool);
        cup.clone_from(&source.cup);
        navies.clone_from(&source.navies);
        sieges.clone_from(&source.sieges);
        patriot_commander.clone_from(&source.patriot_commander);
        *leaders_lost = source.leaders_lost;
        outcome.clone_from(&source.outcome);
    }
}

impl State {
    /// The attack under way (10.0): waiting for the defender, or for the attacker's commitment.
    pub fn pending_attack(&self) -> Option<&PendingAttack> {
        match &self.phase {
            Phase::Battle { attack, .. }
            | Phase::Commit { attack, .. }
            | Phase::Defend { attack, .. } => Some(attack),
            _ => None,
        }
    }

    // The lookups below search by `Id`, not by `str`: the maps then compare keys as numbers.

    pub fn army(&self, area: &(impl Key + ?Sized)) -> Option<&Army> {
        self.armies.get(area)
    }

    pub fn army_of(&self, area: &(impl Key + ?Sized), side: Side) -> Option<&Army> {
        self.army(area).filter(|a| a.side == side)
    }

    pub fn supplies_at(&self, area: &(impl Key + ?Sized)) -> Supplies {
        self.supplies.get(area).copied().unwrap_or_default()
    }

    /// Whether `area` is under siege (11.0).
    pub fn besieged(&self, area: &(impl Key + ?Sized)) -> bool {
        self.sieges.contains(area)
    }

    /// Whether a Loyalist Holds `area` (8.4).
    pub fn held(&self, area: &(impl Key + ?Sized)) -> bool {
        self.holds.contains(area)
    }

    /// Adds `s` to an area's supplies, looking the area up once.
    pub fn add_supplies(&mut self, area: &(impl Key + ?Sized), s: Supplies) {
        // Nothing added leaves the map as it was, with no empty entry.
        if !s.is_empty() {
            let have = self.supplies.get_or_default(area.to_id());
            have.food += s.food;
            have.war += s.war;
        }
    }

    /// Sets an area's supplies, keeping the map free of empty entries so equal states hash
    /// alike.
    pub fn set_supplies(&mut self, area: &(impl Key + ?Sized), s: Supplies) {
        if s.is_empty() {
            self.supplies.remove(area);
        } else {
            self.supplies.insert(area.to_id(), s);
        }
    }

    /// 9.2: whether `side`'s one Subordinate Leader is in command of an army.
    pub fn subordinate_on_map(&self, side: Side) -> bool {
        self.armies
            .values()
            .any(|a| a.side == side && a.leader == Some(LeaderRank::Subordinate))
            || self
                .navies
                .cargo
                .get(&side)
                .is_some_and(|c| c.leader == Some(LeaderRank::Subordinate))
    }

    /// 2.2: the side's Units in play, counted against its pieces: its armies on land and the
    /// army its navy transports (9.3), which is still on the map, at sea.
    pub fn units_on_map(&self, side: Side) -> u32 {
        let ashore: u32 = self
            .armies
            .values()
            .filter(|a| a.side == side)
            .map(|a| a.units)
            .sum();
        ashore + self.navies.cargo.get(&side).map_or(0, |c| c.units)
    }

    /// Every cube out of the stock: on the map and aboard the navies.
    pub fn supplies_on_map(&self) -> Supplies {
        let mut t = Supplies::default();
        for s in self.supplies.values() {
            t.food += s.food;
            t.war += s.war;
        }
        for c in self.navies.cargo.values() {
            t.food += c.food;
            t.war += c.war;
        }
        t
    }
}

/// 9.2: the command of two armies that join: the Leader absorbs a Subordinate Leader.
pub fn merged_command(a: Option<LeaderRank>, b: Option<LeaderRank>) -> Option<LeaderRank> {
    match (a, b) {
        (Some(LeaderRank::Leader), _) | (_, Some(LeaderRank::Leader)) => Some(LeaderRank::Leader),
        (Some(LeaderRank::Subordinate), _) | (_, Some(LeaderRank::Subordinate)) => {
            Some(LeaderRank::Subordinate)
        }
        (None, None) => None,
    }
}

/// 9.2: a Subordinate Leader commands at most this many units.
pub const SUBORDINATE_UNITS: u32 = 4;
