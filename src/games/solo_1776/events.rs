//! Every decision of the American bot and every roll it makes, as plain values with the rule
//! and the reason; the templates in `templates/solo-1776/` turn them into the report.

use serde::{Deserialize, Serialize};

use super::data::{AreaChange, Date, Quarter, Scouted};
use super::state::{Duty, Force, Initiator};

/// 16: why the Continental Navy's naval SP changed: it is out of the game, or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavyChange {
    Out,
    Back,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A board fact the British player reported, as the bot now holds it.
    Reported {
        rule: String,
        what: String,
    },
    /// A British scouting roll (12; the table is rules 1-11's, reconstructed).
    Scouted {
        area: String,
        army: Option<String>,
        die: u8,
        result: Scouted,
        entrenched: bool,
        location: Option<u32>,
        sp: Option<u32>,
    },
    /// 16: a British transport and the Continental Navy.
    Transport {
        transport: String,
        die: Option<u8>,
        engaged: bool,
        reason: String,
    },
    /// 16: the navy's state after a fleet engagement.
    NavyDamaged {
        transport: String,
        back: Quarter,
    },
    NavyUndamaged {
        transport: String,
    },
    /// 16: a damaged navy comes back into the game.
    NavyReturns,
    /// 16 with 17 duty 1 (RULINGS A32, from the fourteenth edition): the naval SP deployed once
    /// the Continental Navy is out of the game, or back in it.
    NavalSp {
        american: i32,
        british: i32,
        navy: NavyChange,
    },
    /// 17: a French land element comes ashore in location 15 of the area rolled.
    FrenchLanding {
        fleet: u32,
        die: u8,
        area: String,
        joined: Option<String>,
        /// The area had no army, and the land element became it (12; RULINGS A30, from the
        /// twelfth edition).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        formed: bool,
    },
    /// 17: the quarter's French Intervention Table roll.
    FrenchOperating {
        die: u8,
        area: String,
    },
    /// 17: the French battle fleets' duty this turn, with where and why.
    FrenchDuty {
        duty: Duty,
        area: String,
        reason: String,
    },
    /// 17 duty 3: half an army carried to another area instead of moving down.
    SeaInvasion {
        army: String,
        from: String,
        die: u8,
        to: Option<String>,
        sp: u32,
        joined: Option<String>,
        /// The area had no army, and the invading half became it (RULINGS A30).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        formed: bool,
        reason: String,
    },
    /// 17 duty 3 (A25): the fleets where an army moves down from location 15 do not carry it
    /// off, and why.
    NoSeaInvasion {
        army: String,
        area: String,
        reason: String,
    },
    /// 17: a British reinforcement where the French operate.
    Interception {
        area: String,
        location: u32,
        die: Option<u8>,
        target: Option<u8>,
        attacked: bool,
        reason: String,
    },
    /// 17: the British search roll.
    Search {
        fleets: u32,
        die: u8,
        found: bool,
    },
    /// 17: French battle fleets lost in a fleet engagement, as the player reported.
    FrenchFleetsLost {
        lost: u32,
        left: u32,
        reason: String,
    },
    /// 12, 15: an American fort the British captured or destroyed, with its garrison.
    FortLost {
        fort: String,
        area: String,
        location: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        town: Option<String>,
        garrison: Force,
        reason: String,
    },
    /// 12: a detachment moves towards its army, or joins it.
    DetachmentMoved {
        detachment: String,
        area: String,
        from: u32,
        to: u32,
        joined: Option<String>,
    },
    /// 12: a detachment becomes the army of an area that has none.
    DetachmentPromoted {
        detachment: String,
        army: String,
        area: String,
    },
    /// 13: a (B) check (also 14's continuation and re-roll).
    BCheck {
        rule: String,
        army: String,
        town: String,
        priority: Option<u8>,
        die: u8,
        target: i32,
        success: bool,
        reason: String,
    },
    /// 13: the army marches on a priority town.
    Marched {
        army: String,
        area: String,
        town: String,
        reason: String,
    },
    /// 13: every check failed: the army evades to the OB. With a reason, it had no check to
    /// make and leaves the board by its rule 12 move.
    Evaded {
        army: String,
        area: String,
        location: u32,
        from: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// 12: an OB move, up or down, with the condition that decided it.
    Moved {
        army: String,
        area: String,
        from: u32,
        to: u32,
        condition: u8,
        reason: String,
    },
    /// 12: an Up condition held but the move was not allowed.
    UpRefused {
        army: String,
        condition: u8,
        reason: String,
    },
    /// 12: no condition moved the army: it stays (entrenched).
    Stayed {
        army: String,
        area: String,
        location: u32,
        reason: String,
    },
    /// 12: the area-change randomiser of an Up move.
    AreaChange {
        army: String,
        die: u8,
        result: AreaChange,
        to: Option<String>,
        moved: Force,
        joined: Option<String>,
        /// The area had no army, and the half became it (RULINGS A6, A30).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        formed: bool,
        reason: String,
    },
    /// 12: a fort built before moving down from 10 or 5, in the town hex chosen and why.
    FortBuilt {
        army: String,
        area: String,
        location: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        town: Option<String>,
        garrison: Force,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// 12: the requirements for a fort are not met.
    NoFort {
        army: String,
        area: String,
        location: u32,
        reason: String,
    },
    /// 12: a fort destroyed before moving down from 15: the bot's own, or the one in the
    /// town hex the army leaves.
    FortDestroyed {
        army: String,
        area: String,
        location: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        town: Option<String>,
        rejoined: Force,
    },
    /// 14: the (BE) roll of an American attack, or why there is none.
    BeRoll {
        army: String,
        die: u8,
        shift: i32,
    },
    NoBeRoll {
        army: String,
        reason: String,
    },
    /// 14: a combat the player now fights on the board.
    Combat {
        army: String,
        town: Option<String>,
        initiated: Initiator,
        round: u32,
    },
    /// 14: its result as the player reported it. `taken`: the Americans took the town from
    /// the British (in the first seven editions' games: the Americans hold it afterwards,
    /// whoever held it before).
    CombatResult {
        army: String,
        lost: Force,
        bre_before: i32,
        bre_after: i32,
        town: Option<String>,
        taken: bool,
        /// What the combat did to the town, from the eighth edition's tables
        /// (`combat_record.town_result`); absent in earlier games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        town_result: Option<TownResult>,
    },
    /// 14: the army stops fighting this turn.
    CombatOver {
        army: String,
        reason: String,
    },
    /// 15: replacements placed.
    Replacements {
        area: String,
        force: Force,
        joined: Option<String>,
        detachment: Option<String>,
        location: u32,
        reason: String,
    },
    /// 15: an SP made the area's dragoon SP.
    Dragoon {
        army: String,
        reason: String,
    },
    /// 15: SP, artillery or supply sent to bring a fort's garrison up.
    Garrison {
        army: String,
        fort: String,
        sent: Force,
        garrison: Force,
        reason: String,
    },
    /// The American turn is over and the date moves on.
    TurnEnds {
        next: Date,
    },
    /// The last turn has been played.
    GameOver {
        date: Date,
    },
}

/// 14: what a combat did to the town it was fought for, by who held it before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TownResult {
    /// British before, American after: the Americans took it.
    Taken,
    /// British before and after.
    StillBritish,
    /// American before and after: the Americans held it (against a British attack).
    Held,
    /// American before, British after: the British took it.
    Lost,
}
