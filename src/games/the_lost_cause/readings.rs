//! Which reading of the rulebook a game plays by, where adjutant's first rulings went against
//! the text or its rulings (RULINGS.md L17, L31, L43, L47), or took an answer the rules give
//! no meaning to (L48, L49), or missed a case the text decides (L51), or
//! recorded less than a reader needs (L52, L54, L55), or took the start of an army's route for
//! its Home Base (L56), or spent a Railroads marker on a battle no leader could fight (L57).
//! The choice is data (`readings` in
//! `tables.yaml`), so that a game file, which pins its data by hash, always replays by the
//! readings it began with: the first edition's `tables.yaml` has no `readings`, and each
//! reading defaults to the first.

use serde::{Deserialize, Serialize};

/// How adjutant reads rules its first edition read against the text (RULINGS.md). Each
/// defaults to the first edition's reading, so old data keeps its games as they began.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Readings {
    /// 8.3, 8.6.2 (L31).
    #[serde(default)]
    pub gulf_return: GulfReturn,
    /// 10.5, 11.0 (L17).
    #[serde(default)]
    pub initiative_order: InitiativeOrder,
    /// 9.7 with Rebel Yell (L43).
    #[serde(default)]
    pub raider_return: RaiderReturn,
    /// 8.8.1, 8.9.2 with 10.5 and 11.0 (L47).
    #[serde(default)]
    pub eastern_army_group: EasternArmyGroup,
    /// 3.0 (L48).
    #[serde(default)]
    pub start_answer: StartAnswer,
    /// 10.2, 16.4 (L49).
    #[serde(default)]
    pub munitions_space: MunitionsSpace,
    /// 8.3, 12.0 (L51).
    #[serde(default)]
    pub revisited_space: RevisitedSpace,
    /// 6.2.2 (L52).
    #[serde(default)]
    pub roll_modifiers: RollModifiers,
    /// 9.5.1, 9.5.2, 12.0 with a card's `recognition` line (L53).
    #[serde(default)]
    pub card_recognition: CardRecognition,
    /// 12.0 (L54).
    #[serde(default)]
    pub key_spaces: KeySpaces,
    /// 10.4 (L55).
    #[serde(default)]
    pub advisor_return: AdvisorReturn,
    /// 8.1, 13.1, 13.2 (L56).
    #[serde(default)]
    pub home_base: HomeBase,
    /// 16.8, 9.1 (L57).
    #[serde(default)]
    pub leaderless_railroads: LeaderlessRailroads,
}

/// 16.8, 9.1: what becomes of a Railroads marker spent for a battle in a theater whose
/// Command box is empty (RULINGS L10), where no Confederate leader can fight it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderlessRailroads {
    /// The first nine editions: the marker is spent and set aside (16.1), and the battle is
    /// skipped (6.1).
    #[default]
    Spent,
    /// The order is refused and the marker stays Available.
    Refused,
}

/// 8.1, 13.1, 13.2, 14.4: which space is an army's Home Base, where a retreat may turn into a
/// Northern Invasion, the Army of the Potomac sails back from the Peninsula, and the armies
/// stand for the Year End's European Recognition.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HomeBase {
    /// The first eight editions: the first space of the army's route, which a position may
    /// begin at an Advanced Base.
    #[default]
    RouteStart,
    /// The space the army's track begins at (`home` in `pieces.yaml`), wherever its route
    /// begins.
    Space,
}

/// 10.4: what the record of a commander promoted to Advisor says of the Advisor he replaces.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvisorReturn {
    /// The first seven editions: nothing, though that leader goes back to the Leader Cup.
    #[default]
    Unnamed,
    /// The leader going back to the Leader Cup.
    Named,
}

/// 12.0: what the record of a morale change for key spaces says of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeySpaces {
    /// The first six editions: that the Union took key spaces, or the South regained some.
    #[default]
    Unnamed,
    /// Also the key spaces the Union holds after the change.
    Named,
}

/// How a card that moves the European Recognition marker up moves it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardRecognition {
    /// The first six editions: the number alone, so box 5 or 6 reached by a card brought no
    /// Recognition or Intervention.
    #[default]
    Number,
    /// Box by box, each with its effects, as a Diplomatic success moves it.
    Boxes,
}

/// 6.2.2: what a roll's record says of its modifiers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollModifiers {
    /// The first six editions: their sum only.
    #[default]
    Total,
    /// Each modifier with where it comes from (Lee's Battle DRM, the card, a Northern
    /// Invasion), as the rulebook's own example counts them, so a reader can check the sum.
    Named,
}

/// 8.3: who holds a space a Union army stands on that its route passed through before (the
/// Deep South track leads the Army of the Tennessee back through Jackson and Meridian).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevisitedSpace {
    /// The first five editions: the Union, as a space behind the army.
    #[default]
    Controlled,
    /// The text: contested, as every space a Union army occupies; only the spaces behind
    /// the one it stands on are controlled.
    Contested,
}

/// 3.0: what the answer to the start of the war may be.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartAnswer {
    /// The first four editions: any answer starts the war, `start: false` too.
    #[default]
    Any,
    /// Only `start: true`: the war has no other beginning, so `false` is refused.
    TrueOnly,
}

/// 10.2, 16.4: a `space` given with European Munitions, which go on the Morale Track.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MunitionsSpace {
    /// The first four editions: the space is dropped without a word.
    #[default]
    Ignored,
    /// The order is refused, naming where the marker goes.
    Refused,
}

/// 8.8.1 and 8.9.2: what the Eastern Army Group takes over when the blue and yellow armies
/// combine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EasternArmyGroup {
    /// The first three editions: the army whose advance combined them, its track, Initiative
    /// markers and Disruption; when that is the yellow army, the blue army's are lost.
    #[default]
    AdvancingArmy,
    /// The group is the blue army (8.8: the blue army "replaced with the Eastern Army Group
    /// ... functions in the same way"): it stands on the blue track at Richmond & Petersburg
    /// with the blue army's markers and Disruption, and the yellow army's go out of play with
    /// it (L17).
    BlueArmy,
}

/// 9.7: where the Commerce Raider goes after the roll it modified, when Rebel Yell re-rolled it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaiderReturn {
    /// The first and second editions: by the roll that stands, the re-roll's.
    #[default]
    FinalRoll,
    /// The text: by the roll it modified, the first; the re-roll has no modifiers.
    ModifiedRoll,
}

/// 10.5, 11.0: what the player puts in order when Union Initiative markers are resolved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeOrder {
    /// The first edition: the armies, asked only when two or more carry markers; each army's
    /// markers act in the order they were placed.
    #[default]
    ByArmy,
    /// The text: every marker, one army's too, asked whenever the order can matter.
    EachMarker,
}

/// 8.6.2: who holds the river spaces without a base that the Army of the Gulf leaves behind when
/// it goes back from Vicksburg to Ship Island.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GulfReturn {
    /// The first edition: they stay Union controlled.
    #[default]
    Union,
    /// 8.3's text: no longer behind a Union army, they are the South's again.
    Confederate,
}
