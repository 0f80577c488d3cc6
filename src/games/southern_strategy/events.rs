//! What happened, as plain values in player terms; templates turn them into text.

use serde::{Deserialize, Serialize};

use super::state::{Id, ImpulseKind, Side, Supplies};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupMoved {
    pub to: Id,
    pub units: u32,
    #[serde(default)]
    pub leader: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subordinate: bool,
    pub food: u32,
    pub war: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// 4.0: a new campaign turn begins.
    CampaignTurn { year: u32, space: u8, winter: bool },
    /// 5.1: a City generated supplies.
    SuppliesGenerated {
        side: Side,
        area: Id,
        food: u32,
        war: u32,
        majority: bool,
    },
    /// 5.1: a City could not generate, and why.
    NoGeneration {
        side: Side,
        area: Id,
        reason: String,
    },
    /// 5.2: supplies moved along a supply line.
    SuppliesMoved {
        side: Side,
        from: Id,
        to: Id,
        food: u32,
        war: u32,
    },
    /// 5.5: supplies discarded because no move could bring an area within its limit.
    SuppliesDiscarded {
        side: Side,
        area: Id,
        food: u32,
        war: u32,
    },
    /// 5.5: supplies left on a Point with no army to carry them.
    SuppliesAbandoned {
        side: Side,
        area: Id,
        food: u32,
        war: u32,
    },
    /// 5.2: a side finished its supply phase moves.
    SupplyPhaseDone { side: Side },
    /// 14.0 (RULINGS T3): an instant victory ended the game in the full impulse, so the supply
    /// moves the orders list for after it are not made.
    SupplyMovesNotMade { side: Side, moves: u32 },
    /// 6.0: both players rolled for initiative.
    Initiative {
        crown: u8,
        patriot: u8,
        first: Side,
        pass_track: u8,
        tie: bool,
    },
    /// 7.0: a limited impulse was skipped.
    ImpulseSkipped { side: Side, kind: ImpulseKind },
    /// 7.0: a full impulse was skipped, which is passing.
    Passed { side: Side, pass_track: u8 },
    /// 7.0: the impulse phase ended.
    ImpulsePhaseEnded { reason: String },
    /// 8.2: an irregular was expended to forage.
    Foraged {
        side: Side,
        colony: Id,
        area: Id,
        food: u32,
    },
    /// 8.1: two irregulars expended for a new Unit.
    Recruited { side: Side, colony: Id, area: Id },
    /// 8.3: a Raid was rolled: the die, the Militia still in the box (with the Swamp Fox),
    /// and whether the total reached 6.
    Raided {
        colony: Id,
        die: u8,
        modifier: u32,
        total: u32,
        success: bool,
        target: String,
        effect: String,
    },
    /// 8.3: a Crown Unit on a Point was eliminated by a Raid.
    UnitEliminated { side: Side, area: Id },
    /// 8.3: a Food cube carried on a Point was destroyed by a Raid.
    FoodDestroyed { area: Id },
    /// 8.4: a Loyalist now Holds a City or Fort.
    Held { area: Id },
    /// 9.1: an army marched.
    Marched {
        side: Side,
        from: Id,
        food_paid: u32,
        activated_units: u32,
        groups: Vec<GroupMoved>,
        stayed: u32,
        /// 9.2: the units that stayed are now under the Subordinate Leader.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        subordinate_stays: bool,
    },
    /// 9.2: the Subordinate Leader's army joined the Leader's; the Subordinate Leader comes off.
    SubordinateRejoined { side: Side, area: Id },
    /// 9.1: a Loyalist Holding an area was eliminated by an enemy army entering it.
    HoldEliminated { area: Id },
    /// 9.4: an attack is launched and waits for the defender (10.1).
    AttackLaunched {
        side: Side,
        from: Id,
        to: Id,
        units: u32,
        food_paid: u32,
        /// War committed with the attack; absent when the attackers commit after the defender
        /// accepts (10.1 before 10.2), from the War they carry.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        war: Option<u32>,
        /// What the attackers carry, shown when the commitment waits.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        carried: Option<Supplies>,
    },
    /// 10.2: the attacker commits its War Supplies after the defender accepted.
    AttackCommitted {
        side: Side,
        area: Id,
        war: u32,
        dice: u32,
    },
    /// Dice-protocol 3.1: a side's committed standing policy answers for it: the defender's
    /// answer to an attack (10.1, 10.3) or the attacker's commitment (10.2).
    PolicyAnswered { side: Side, area: Id },
    /// 10.1: the defender refused battle.
    BattleRefused {
        side: Side,
        from: Id,
        to: Id,
        food: u32,
        war: u32,
    },
    /// 10.2-10.3: battle is joined with these dice.
    BattleJoined {
        attacker: Side,
        area: Id,
        attacker_units: u32,
        defender_units: u32,
        attacker_dice: u32,
        defender_dice: u32,
    },
    /// 10.4, 10.5, 10.8: a side's battle dice and the units they eliminated.
    BattleRoll {
        side: Side,
        faces: Vec<u8>,
        hits: u32,
    },
    /// 9.6: a dug-in defender ignored the first hit.
    DugInHitIgnored { area: Id },
    /// 10.6: who won, by units plus leaders.
    BattleWon {
        winner: Side,
        attacker_total: u32,
        defender_total: u32,
    },
    /// 10.7: the defender's morale check (no die at a Point: it fails).
    MoraleCheck {
        side: Side,
        die: Option<u8>,
        needed: u32,
        passed: bool,
    },
    /// 10.7: the defender retreated, abandoning its supplies.
    Retreated {
        side: Side,
        from: Id,
        to: Id,
        food: u32,
        war: u32,
    },
    /// 10.7: the attackers went back to where the impulse began.
    AttackerReturned { side: Side, to: Id, units: u32 },
    /// 11.3 (RULINGS B15): victorious attackers out of a siege could not go back to their City,
    /// which the beaten defender retreated into; they stay in the area `from` they won.
    ReturnBarred {
        side: Side,
        from: Id,
        to: Id,
        units: u32,
    },
    /// 10.4: an army surrendered; its units and leader are eliminated.
    Surrendered {
        side: Side,
        area: Id,
        units: u32,
        leader: Option<super::state::LeaderRank>,
    },
    /// 11.0: a siege is declared.
    SiegeDeclared { area: Id, by: Side },
    /// 11.3: a siege is lifted.
    SiegeLifted { area: Id },
    /// 13.1: a besieged army eats 1 Food.
    SiegeFood { area: Id },
    /// 12.1: a navy moved.
    NavyMoved { side: Side, from: Id, to: Id },
    /// 12.2: one side's sea battle roll.
    SeaBattleRoll {
        side: Side,
        faces: Vec<u8>,
        modifier: i32,
        total: i32,
    },
    /// 12.2: a navy was defeated and left the map.
    NavyDefeated { side: Side, zone: Id },
    /// 12.3: a navy left the map for the winter.
    NavyRemoved { side: Side, zone: Id },
    /// 12.4: a roll for a navy's return.
    NavyReturnRoll {
        side: Side,
        die: u8,
        needed: u8,
        returns: bool,
    },
    /// 12.4: a navy came back into a sea zone.
    NavyReturned { side: Side, zone: Id },
    /// 9.3: an army went aboard and the navy carried it to a zone.
    Transported {
        from: Id,
        units: u32,
        food: u32,
        war: u32,
        zone: Id,
        /// 9.2: where the Transport placed the Subordinate Leader, if it did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subordinate: Option<super::orders::SubordinatePlacement>,
    },
    /// 9.3: an army landed from the sea.
    Landed {
        area: Id,
        units: u32,
        food: u32,
        war: u32,
        /// From the ninth edition (RULINGS S13): what stayed aboard, over the Port City's
        /// limit or kept out of a siege (11.1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aboard: Option<Supplies>,
    },
    /// 12.3, 5.4: supplies aboard a navy were lost.
    CargoLost { side: Side, food: u32, war: u32 },
    /// 13.4: the new Patriot commander came south.
    CommanderArrived {
        name: String,
        area: Id,
        units: u32,
        food: u32,
        war: u32,
        /// 11.1 (RULINGS S9): the area is under siege, so he brought no supplies in.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        besieged: bool,
    },
    /// 9.5: a skirmish.
    Skirmished {
        from: Id,
        to: Id,
        units: u32,
        war: u32,
    },
    /// 9.6: an army dug in.
    DugIn { side: Side, area: Id },
    /// 13.0 step 1: dug-in markers removed.
    DugInRemoved { areas: Vec<Id> },
    /// 13.2: a counter drawn from the Irregular Cup and where it went.
    IrregularDrawn {
        side: Side,
        colony: Id,
        swamp_fox: bool,
        placed: bool,
        replaced: Option<Side>,
    },
    /// 13.3 and 8.5: counters put into the Irregular Cup.
    IrregularsToCup {
        side: Side,
        colony: Id,
        swamp_fox: bool,
    },
    /// 13.5 and 10/14: the British Political Will marker moved.
    PoliticalWill { from: u8, to: u8, reason: String },
    /// 14.0: the game is won.
    Victory { winner: Side, how: String },
}
