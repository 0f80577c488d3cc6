//! Which reading of the rulebook a game plays by, where an earlier edition of adjutant read
//! against the text, or asked where there was nothing to choose (RULINGS.md S7, S9, N11, B16,
//! B1, S10, B17, B18, S11, S12, S13, S14, N13). The choice is data
//! (`readings` in `pieces.yaml`), so that a game file, which pins its data by hash, always
//! replays by the readings it began with: the first edition's `pieces.yaml` has no
//! `readings`, and each reading defaults to the first.

use serde::{Deserialize, Serialize};

/// How adjutant reads rules its first edition read against the text. Each defaults to the
/// first edition's reading, so old data keeps its games as they began.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Readings {
    /// 11.1 with 5.5, 9.3 and 5.4 (S7), and with 9.1 and 10.1 (S9).
    #[serde(default)]
    pub siege_supplies: SiegeSupplies,
    /// 13.4 with 2.2 (N11).
    #[serde(default)]
    pub commander_without_units: CommanderWithoutUnits,
    /// 9.6 with 10.7 (B16).
    #[serde(default)]
    pub dug_in_retreat: DugInRetreat,
    /// 10.2 before 10.3 (B1).
    #[serde(default)]
    pub defender_commitment: DefenderCommitment,
    /// 5.2 (S10).
    #[serde(default)]
    pub supply_limits: SupplyLimits,
    /// 9.6 with 10.8 (B17).
    #[serde(default)]
    pub skirmish_on_dug_in: SkirmishOnDugIn,
    /// 9.5 with 5.5 (B18).
    #[serde(default)]
    pub skirmish_war: SkirmishWar,
    /// 11.1 with 11.3 (S11).
    #[serde(default)]
    pub sortie_food: SortieFood,
    /// 10.7 (B4).
    #[serde(default)]
    pub retreat_list: RetreatList,
    /// 12.3 with 14.0 (N12).
    #[serde(default)]
    pub winter_removal_after_capture: WinterRemovalAfterCapture,
    /// 5.5 with 10.7 (S12), and with 11.3 (S14).
    #[serde(default)]
    pub attacker_excess: AttackerExcess,
    /// 9.3 with 5.5 (S13).
    #[serde(default)]
    pub landing: Landing,
    /// 12.3 with 5.4 (N13).
    #[serde(default)]
    pub winter_unload: WinterUnload,
    /// 13.4 (N15).
    #[serde(default)]
    pub commander_question: CommanderQuestion,
    /// 14.0 with 5.2 (T3).
    #[serde(default)]
    pub supplies_after_victory: SuppliesAfterVictory,
    /// 13.4 with 11.1 (S9).
    #[serde(default)]
    pub commander_into_siege: CommanderIntoSiege,
}

/// 13.4: whether a new commander entering a besieged City brings his supplies in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommanderIntoSiege {
    /// The first eleven editions: he brings them in, and the excess is discarded (S7).
    #[default]
    WithSupplies,
    /// No supplies go into a siege by land (11.1): they stay in the stock.
    NoSupplies,
}

/// 14.0: whether the supply moves after a full impulse are made when an instant victory
/// ended the game during it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuppliesAfterVictory {
    /// The first eleven editions: they are made after the victory.
    #[default]
    Made,
    /// The game is over: they are not made.
    NotMade,
}

/// 13.4: whether the game pauses for the new commander's area when only one is open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommanderQuestion {
    /// The first ten editions: the Patriot is asked even when one area is open.
    #[default]
    AlwaysAsked,
    /// Asked only with two or more areas open; with one, he enters it at once.
    AskedWithAChoice,
}

/// 12.3: whether the game pauses for a navy's winter unload that has nothing to choose.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinterUnload {
    /// The first nine editions: it pauses whenever a navy leaving for the winter has cargo,
    /// even with no port to put any of it in, where the only answer loses it all.
    #[default]
    AlwaysAsked,
    /// It pauses only where the owner has a port to choose; with none, the cargo is lost at
    /// once, as the one answer would lose it.
    AskedWithAChoice,
}

/// 9.3: what a Transport landing puts ashore of the supplies aboard.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// The first eight editions: everything aboard, the excess over the Port City's limit then
    /// moved on or discarded (5.5).
    #[default]
    Everything,
    /// The text: as much as the Port City's limit allows with the army landed, Food first; the
    /// rest stays aboard.
    WithinLimits,
}

/// 5.5 with 10.7: when an attacker whose battle left it over a supply limit puts it right.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackerExcess {
    /// The first seven editions: at its next impulse, as the defender may (S10).
    #[default]
    NextImpulse,
    /// At once, as the acting player; what cannot be moved is discarded, and where the line
    /// has room the attacker is asked for the moves before play goes on (the eighth and ninth
    /// editions: a siege the battle broke still closed the line while the excess was weighed).
    AtOnce,
    /// The text: `AtOnce`, once the sieges the battle broke have lifted (11.3, S14), so a City
    /// a sortie came out of takes its share of the excess.
    AfterSiegesLift,
}

impl Readings {
    /// 11.1 (S7): whether a siege keeps every supply in and out, and its area to its limit.
    pub fn sieges_sealed(&self) -> bool {
        matches!(
            self.siege_supplies,
            SiegeSupplies::Sealed | SiegeSupplies::Closed
        )
    }

    /// 11.1 (S9): whether an army entering a besieged City or Fort by a march or a refused
    /// battle brings no supplies in.
    pub fn sieges_closed_to_armies(&self) -> bool {
        self.siege_supplies == SiegeSupplies::Closed
    }

    /// 9.6 with 10.7 (B16): whether a beaten dug-in army keeps its marker as it retreats.
    pub fn retreat_keeps_dig_in(&self) -> bool {
        self.dug_in_retreat == DugInRetreat::KeepsMarker
    }

    /// 10.2 before 10.3 (B1): whether a defender whose answer the attacker saw before
    /// committing by hand commits its own War afresh once the attacker's is fixed.
    pub fn defender_commits_after_attacker(&self) -> bool {
        self.defender_commitment == DefenderCommitment::AfterAttacker
    }

    /// 5.2 and 10.7 (S10): whether the limits are put right before an impulse's action (after
    /// its `supply` moves, and after a limited action with a full impulse in the same orders),
    /// so that the action cannot spend an excess the moves, a forage or a won battle left.
    pub fn limits_after_each_moves(&self) -> bool {
        self.supply_limits == SupplyLimits::AfterEachMoves
    }

    /// 11.1 with 11.3 (S11): whether an army attacking out of a siege carries no Food.
    pub fn sortie_carries_no_food(&self) -> bool {
        self.sortie_food == SortieFood::Stays
    }

    /// 9.5 with 5.5 (B18): whether a skirmish's War is what its units carry, at most one
    /// plus their number.
    pub fn skirmish_war_carried(&self) -> bool {
        self.skirmish_war == SkirmishWar::Carried
    }

    /// 10.7 (B4): whether a defender's answer may list only areas adjacent to it to retreat
    /// to.
    pub fn retreat_list_adjacent(&self) -> bool {
        self.retreat_list == RetreatList::Adjacent
    }

    /// 12.3 with 14.0 (N12): whether the navies still leave the map when Cornwallis, left
    /// aboard, ends the game at the winter unload.
    pub fn navies_leave_after_capture(&self) -> bool {
        self.winter_removal_after_capture == WinterRemovalAfterCapture::Completed
    }

    /// 5.5 with 10.7 (S12): whether an attacker puts right at once the excess its battle left.
    pub fn attacker_excess_at_once(&self) -> bool {
        self.attacker_excess != AttackerExcess::NextImpulse
    }

    /// 11.3 with 5.5 (S14): whether the sieges a battle broke lift before the attacker's
    /// excess is weighed.
    pub fn sieges_lift_before_excess(&self) -> bool {
        self.attacker_excess == AttackerExcess::AfterSiegesLift
    }

    /// 12.3 (N13): whether a winter unload with no port to choose is played without asking.
    pub fn unload_asked_only_with_a_choice(&self) -> bool {
        self.winter_unload == WinterUnload::AskedWithAChoice
    }

    /// 13.4 with 11.1 (S9): whether a new commander entering a besieged City leaves his
    /// supplies in the stock.
    pub fn commander_brings_no_supplies_into_a_siege(&self) -> bool {
        self.commander_into_siege == CommanderIntoSiege::NoSupplies
    }

    /// 14.0 (T3): whether the supply moves after a full impulse are made once an instant
    /// victory in it has ended the game.
    pub fn supplies_moved_after_victory(&self) -> bool {
        self.supplies_after_victory == SuppliesAfterVictory::Made
    }

    /// 13.4 (N15): whether the new commander enters the one area open without a question.
    pub fn commander_asked_only_with_a_choice(&self) -> bool {
        self.commander_question == CommanderQuestion::AskedWithAChoice
    }

    /// 9.3 (S13): whether a landing puts ashore only what the Port City's limit allows.
    pub fn landing_within_limits(&self) -> bool {
        self.landing == Landing::WithinLimits
    }

    /// 9.6 with 10.8 (B17): whether a dug-in army ignores the first hit of a skirmish.
    pub fn skirmish_hit_ignored_when_dug_in(&self) -> bool {
        self.skirmish_on_dug_in == SkirmishOnDugIn::FirstHitIgnored
    }
}

/// 11.1: what may pass in and out of a besieged City or Fort.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiegeSupplies {
    /// The first edition: ordinary supply moves are refused, but a Transport takes supplies
    /// out and lands them in, the winter unload puts them ashore, and a besieged area may hold
    /// more than its limit.
    #[default]
    SupplyMovesOnly,
    /// The second and third editions: no supplies go in or out by land or by sea, a Transport
    /// included, and what a besieged area holds past its limit (after a battle, a return or a
    /// new commander) is discarded, War first, since it cannot be moved on (5.5); but an army
    /// marching in, or refusing battle into it, brought supplies with it.
    Sealed,
    /// The text: as `Sealed`, and an army entering by a march or a refused battle brings no
    /// supplies in either, since they would be moved to the City by land (S9).
    Closed,
}

/// 13.4: a new Patriot commander when no Patriot unit is left to go with him.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommanderWithoutUnits {
    /// The first edition: he enters with no units, an army of none.
    #[default]
    EntersAlone,
    /// The text: a leader is not a unit and an army is one or more units (2.2), so he does not
    /// enter this turn; 13.4 asks again at the next campaign turn's end.
    Waits,
}

/// 9.6 with 10.7: a dug-in army beaten in battle that retreats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DugInRetreat {
    /// The first and second editions: the marker stays behind in the City or Fort, so the
    /// army could be activated again in the same campaign turn.
    #[default]
    LosesMarker,
    /// The text: the army is Dug-In "for the remainder of the Campaign Turn", so it keeps the
    /// marker where it retreats to (it cannot be activated, cannot refuse battle and ignores
    /// one hit) until the turn end removes it.
    KeepsMarker,
}

/// 10.2 then 10.3: when the defender's War is fixed, for an attack whose War was not
/// committed with it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenderCommitment {
    /// The first four editions: the number (or `all`, `match`) given with the defender's
    /// answer binds it, though an attacker committing by hand reads it before choosing its
    /// own.
    #[default]
    WithAnswer,
    /// The text's order: the defender's commitment binds only if the attacker's War was fixed
    /// before the attacker could read it (given with the attack, or by the attacker's standing
    /// policy in the step that reads the answer); otherwise the defender is asked once the
    /// attacker has committed.
    AfterAttacker,
}

/// 5.2: when the supply limits must hold in an impulse.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupplyLimits {
    /// The first five editions: once, after all the orders of the impulse, so the moves
    /// ordered before an action could leave an army carrying more than it may while it acted.
    #[default]
    AfterTheOrders,
    /// The text: "after moving Supplies" the limits hold, so the moves ordered before the
    /// action (`supply`) are put right (or refused, or the excess discarded) before it acts,
    /// and so are a limited action with a full impulse in the same orders (as if sent alone,
    /// S3) and an excess a won battle left (10.7); the rest after the impulse as before.
    AfterEachMoves,
}

/// 9.6 with 10.8: a skirmish against a dug-in army (on a Point since B16).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkirmishOnDugIn {
    /// The first five editions: every hit counts.
    #[default]
    EveryHitCounts,
    /// The text: a Dug-In army ignores one hit "in Battle", and a skirmish is a battle (10.8
    /// calls it a Skirmish Battle), so its first hit is ignored.
    FirstHitIgnored,
}

/// 9.5 with 5.5: how much War a skirmish may expend.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkirmishWar {
    /// The first five editions: all the War its area holds, one die each.
    #[default]
    Held,
    /// The text: the skirmishers move to the enemy's Point (9.5), so the War they expend is
    /// what they carry there, one plus their units (5.5), as an attack's is (B11).
    Carried,
}

/// 11.1 with 11.3: what an army attacking out of a siege may carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SortieFood {
    /// The first five editions: Food and War, as any attack, so Food could leave the siege.
    #[default]
    Carried,
    /// The text: no supplies leave a besieged City by land (11.1), but a besieged army may
    /// attack, and fights with the War it carries (11.3, 5.5, 10.2): War goes, Food stays.
    Stays,
}

/// 10.7: which areas a defender's own answer may list to retreat to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RetreatList {
    /// The first six editions: any area of the map; one that is not adjacent is passed over.
    #[default]
    AnyArea,
    /// Only areas adjacent to the defender, where 10.7 can send it: a name that is not is
    /// refused, since passing over it sent the army somewhere its player did not name.
    Adjacent,
}

/// 12.3 with 14.0: the winter removal when the unload loses Cornwallis at sea.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinterRemovalAfterCapture {
    /// The first six editions: the game ended with the navies still in their zones.
    #[default]
    Stopped,
    /// The navies leave the map as 12.3 says, and then the game ends.
    Completed,
}
