//! What happened, as plain values; templates turn them into the after-action report.

use serde::{Deserialize, Serialize};

use super::data::{CardKind, Casualty, RaidResult, Symbol, Theater, UnionTheater};
use super::rolls::Versus;
use super::state::{Control, Outcome, Place};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// 3.0: the player began the war.
    Started,
    /// 14.6: a year's Draw Pile was dealt.
    YearBegins {
        year: u32,
        cards: u32,
        held_back: u32,
    },
    /// 4.0 month step 1.
    CardRevealed {
        card: String,
        kind: CardKind,
        year: u32,
        headline: String,
    },
    /// 5.1: a Broadsheet card's effect.
    Broadsheet {
        card: String,
        effect: String,
    },
    /// 6.1: something on the card could not be done and was skipped.
    Ignored {
        rule: String,
        what: String,
    },
    /// 6.2: a roll against a value.
    Roll {
        rule: String,
        what: String,
        dice: Vec<i32>,
        drm: i32,
        /// The modifiers making up `drm`, from the seventh edition on (L52).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        modifiers: Vec<super::rolls::Modifier>,
        result: i32,
        against: i32,
        versus: Versus,
    },
    /// The Rebel Yell card re-rolled a roll, with no modifiers.
    RebelYell {
        card: String,
        what: String,
        dice: Vec<i32>,
        result: i32,
        against: i32,
        versus: Versus,
    },
    /// Friction of War turned a Directed action into a Conditional one.
    Friction,
    /// 12.0.
    Morale {
        rule: String,
        from: i32,
        to: i32,
        why: String,
        /// Where key spaces changed hands (12.0), from the seventh edition on (L54): the key
        /// spaces the Union holds after the change, by id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holds: Option<Vec<String>>,
    },
    /// 9.5 and cards: the ER/EP marker moved or turned.
    Recognition {
        rule: String,
        from: i32,
        to: i32,
        emancipation: bool,
    },
    /// 9.5.1, 9.5.2.
    EuropeanNavies {
        rule: String,
        intervention: bool,
    },
    /// 7.4, 14.4, 16.9: the Naval Blockade marker moved.
    Blockade {
        rule: String,
        from: i32,
        to: i32,
    },
    /// 14.1.
    MississippiClosed,
    /// 13.8.
    StrategicControl {
        rule: String,
        space: String,
        control: Control,
    },
    /// 8.5.1: spaces Union controlled for good.
    Held {
        rule: String,
        spaces: Vec<String>,
    },
    /// 8.3: spaces that are no longer behind a Union army and hold no base are the South's
    /// again (the Army of the Gulf's return to Ship Island, 8.6.2).
    Regained {
        rule: String,
        spaces: Vec<String>,
    },
    /// 6.0: an army entered play.
    ArmyPlaced {
        army: String,
        form: String,
        space: String,
    },
    ArmyRemoved {
        rule: String,
        army: String,
    },
    Flipped {
        rule: String,
        army: String,
        form: String,
    },
    /// 8.8.1, 8.9.2: the Eastern Army Group formed.
    Combined {
        rule: String,
    },
    /// 7.2.
    UnionCommander {
        rule: String,
        theater: UnionTheater,
        leader: String,
        replaced: Option<String>,
    },
    /// 11.0: a follow-up marker placed.
    InitiativeMarker {
        army: String,
        symbol: Symbol,
        drm: i32,
    },
    /// 11.0: a marker taken off to act.
    InitiativeResolved {
        army: String,
        symbol: Symbol,
    },
    /// 9.1.1, 9.2.3: markers taken off by a Confederate success.
    InitiativeRemoved {
        rule: String,
        army: String,
        markers: u32,
    },
    /// 7.3 #1.
    Recovered {
        rule: String,
        army: String,
    },
    Disrupted {
        rule: String,
        army: String,
    },
    /// 7.3 #2-#4, 7.4: an obstacle removed.
    ObstacleCleared {
        rule: String,
        army: String,
        obstacle: String,
        space: String,
    },
    /// 7.3 #5.
    AdvancedBase {
        rule: String,
        army: String,
        space: String,
    },
    /// 3.0 #2: a set-aside Advanced Base marker came into the stock.
    BaseReleased {
        space: String,
    },
    /// 7.3 #6.
    Marched {
        rule: String,
        army: String,
        from: String,
        to: String,
    },
    /// 8.4: the way an army takes from a branching space.
    Branch {
        rule: String,
        army: String,
        track: String,
    },
    Retreated {
        rule: String,
        army: String,
        from: String,
        to: String,
    },
    Recalled {
        rule: String,
        army: String,
        from: String,
        to: String,
    },
    /// 13.2.
    NorthernInvasion {
        rule: String,
        army: String,
        space: String,
    },
    /// 9.1.1: the outcome of a battle (`above` is a Confederate victory).
    Battle {
        rule: String,
        leader: String,
        army: String,
        result: Versus,
    },
    /// 9.1.2.
    Casualty {
        rule: String,
        leader: String,
        die: i32,
        result: Casualty,
    },
    /// 9.1.2, 9.8, 10.4: a leader called up from the cup.
    LeaderCalledUp {
        rule: String,
        theater: Theater,
        leader: Option<String>,
        replaced: String,
    },
    /// 9.9.
    LeaderGone {
        rule: String,
        leader: String,
    },
    /// 10.4.
    Advisor {
        rule: String,
        leader: String,
        /// The Advisor `leader` replaces, back to the Leader Cup (from the eighth edition,
        /// RULINGS L55).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        returned: Option<String>,
    },
    /// 10.4.
    Switched {
        rule: String,
        theater: Theater,
        commander: Option<String>,
        advisor: Option<String>,
    },
    /// 9.2, 10.5.
    Raid {
        rule: String,
        army: String,
        die: i32,
        drm: i32,
        result: RaidResult,
    },
    ResourceDrawn {
        rule: String,
        resource: String,
    },
    /// 14.5: an Available Resource lost to the infrastructure.
    ResourceLost {
        rule: String,
        resource: String,
    },
    /// 16.1.
    ResourceRemoved {
        rule: String,
        resource: String,
        to_cup: bool,
    },
    /// 10.2.
    ResourcePlaced {
        rule: String,
        resource: String,
        to: Place,
    },
    /// 9.6.
    NavalPlaced {
        rule: String,
        resource: String,
        to: String,
    },
    /// 16.9.
    Submarines {
        rule: String,
        die: i32,
        hit: bool,
    },
    /// 9.7.
    RaiderSails {
        rule: String,
        resource: String,
        to: Place,
    },
    RaiderReturns {
        rule: String,
        resource: String,
        success: bool,
    },
    /// 16.4.
    Munitions {
        rule: String,
        resource: String,
        to: i32,
    },
    MunitionsExhausted {
        resource: String,
    },
    /// 16.8.
    RailroadsSpent {
        resource: String,
        theater: Theater,
    },
    /// 16.10.
    Torpedoes {
        resource: String,
        stopped: String,
    },
    /// 14.0: a phase of the Year End Sequence begins.
    YearEndPhase {
        rule: String,
        phase: String,
    },
    /// 14.2.
    Election {
        lincoln: bool,
        weak: bool,
    },
    /// 14.3.
    YearAdvanced {
        year: u32,
        leaders: Vec<String>,
        resources: Vec<String>,
    },
    /// 15.0.
    GameOver {
        outcome: Outcome,
    },
}
