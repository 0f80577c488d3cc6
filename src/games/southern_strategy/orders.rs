//! The orders a Southern Strategy player writes for one decision, and the helpers that read
//! area names from them.
//!
//! ```yaml
//! supply:                 # 5.2: moves before the action (or the whole supply phase)
//!   - {from: Savannah, to: Ebenezer, food: 1}
//! limited: skip           # 7.0: or {forage: Savannah}, {recruit: Savannah}, {hold: Augusta},
//!                         # {raid: {colony: SC, hold: GRB | unit: ORB | food: ORB}}
//! full:                   # 7.0: pass, {forage: ...}, {march: ...} or {dig_in: ...}
//!   march:
//!     from: Savannah
//!     groups:
//!       - {to: Ebenezer, units: 6, leader: true, food: 2, war: 2}
//!       - {to: Savannah, units: 2, subordinate: true}   # 9.2: stay under the Subordinate
//! supply_after:           # 5.2: moves after the action
//!   - {from: Ebenezer, to: Savannah, war: 1}
//! ```

use serde::{Deserialize, Serialize};

use super::data::{Area, Data};
use super::state::{Id, Key};
use crate::engine::error::{OrderError, Path};

/// The rule each key of the orders answers to (`engine::written::rule_under`), cited when a
/// value there cannot be read at all, as the rule's own refusals cite it.
pub const RULES_BY_KEY: &[(&str, &str)] = &[
    ("supply", "5.2"),
    ("supply_after", "5.2"),
    ("limited", "7.0"),
    ("full", "7.0"),
    ("limited.recruit", "8.1"),
    ("full.recruit", "8.1"),
    ("limited.forage", "8.2"),
    ("full.forage", "8.2"),
    ("limited.raid", "8.3"),
    ("full.raid", "8.3"),
    ("limited.hold", "8.4"),
    ("full.hold", "8.4"),
    ("full.march", "9.1"),
    ("full.transport", "9.3"),
    ("full.attack", "9.4"),
    ("full.skirmish", "9.5"),
    ("full.dig_in", "9.6"),
    ("full.navy", "12.0"),
    ("full.navy.move", "12.1"),
    ("full.navy.battle", "12.2"),
    ("battle", "10.1"),
    ("battle.refuse", "10.1"),
    ("battle.accept", "10.3"),
    ("commit", "10.2"),
    ("answer", "4.0"),
    ("answer.unload", "12.3"),
    ("answer.navy_zone", "12.4"),
    ("answer.commander", "13.4"),
    ("answer.excess", "5.5"),
];

/// `RULES_BY_KEY` for a standing policy (dice-protocol 3.1): its battle answers (10.1, 10.3)
/// and its attack's commitment (10.2).
pub const POLICY_RULES_BY_KEY: &[(&str, &str)] = &[("battle", "10.1"), ("attack", "10.2")];

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supply: Vec<SupplyMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limited: Option<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full: Option<Action>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supply_after: Vec<SupplyMove>,
    /// The answer to a question between impulses (12.3, 12.4, 13.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// The defender's answer to an attack (10.1, 10.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleDecision>,
    /// The War Supplies committed at a pause for them: the attacker's once the defender has
    /// accepted battle (10.2), a number or `all` it carries; the defender's once the
    /// attacker's are fixed (10.3, RULINGS B1), a number, `all` it holds or `match`. A number
    /// is written as it was before the words were taken, so old records read the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<CommitRule>,
}

/// Answers to the questions of `Phase::Decision`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// 12.4: the sea zone the returning navy enters.
    NavyZone(Id),
    /// 13.4: the Virginia area the new Patriot commander enters.
    Commander(Id),
    /// 12.3: where the cargo goes ashore; a part left out is lost.
    Unload(Unload),
    /// 5.5 (RULINGS S12): the moves that put right the excess an attack left.
    Excess(Vec<SupplyMove>),
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unload {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<Id>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplies: Option<Id>,
}

/// 12.0: a naval activation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavyAction {
    /// 12.1: to an adjacent sea zone.
    Move(Id),
    /// 12.2: a sea battle with the enemy navy in the same zone.
    Battle,
}

/// 9.3: Transport, out of a port or into one.
///
/// Both embarkations are written `embark:`; the one that places the Subordinate Leader (9.2)
/// adds `subordinate: stays` or `subordinate: aboard`. It is a variant of its own so that an
/// `Embark` written without it needs no new field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "TransportText", into = "TransportText")]
pub enum Transport {
    Embark(Embark),
    /// 9.2: an embarkation that splits the Leader's army and places the Subordinate Leader.
    EmbarkPlacing {
        embark: Embark,
        subordinate: SubordinatePlacement,
    },
    /// Land the transported army in this Port City.
    Land(Id),
}

/// 9.2 with 9.3: where the Subordinate Leader goes when a Transport splits the Leader's army.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubordinatePlacement {
    /// He commands the units left in the port; the Leader sails with the rest.
    Stays,
    /// He sails with at most 4 units; the Leader stays in the port with the rest.
    Aboard,
}

/// `Transport` as it is written in the orders.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum TransportText {
    Embark(EmbarkText),
    Land(Id),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EmbarkText {
    from: Id,
    units: u32,
    to_zone: Id,
    #[serde(default)]
    food: u32,
    #[serde(default)]
    war: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    subordinate: Option<SubordinatePlacement>,
}

impl From<TransportText> for Transport {
    fn from(t: TransportText) -> Self {
        match t {
            TransportText::Land(port) => Transport::Land(port),
            TransportText::Embark(e) => {
                let embark = Embark {
                    from: e.from,
                    units: e.units,
                    to_zone: e.to_zone,
                    food: e.food,
                    war: e.war,
                };
                match e.subordinate {
                    None => Transport::Embark(embark),
                    Some(subordinate) => Transport::EmbarkPlacing {
                        embark,
                        subordinate,
                    },
                }
            }
        }
    }
}

impl From<Transport> for TransportText {
    fn from(t: Transport) -> Self {
        let text = |e: Embark, subordinate| {
            TransportText::Embark(EmbarkText {
                from: e.from,
                units: e.units,
                to_zone: e.to_zone,
                food: e.food,
                war: e.war,
                subordinate,
            })
        };
        match t {
            Transport::Embark(e) => text(e, None),
            Transport::EmbarkPlacing {
                embark,
                subordinate,
            } => text(embark, Some(subordinate)),
            Transport::Land(port) => TransportText::Land(port),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Embark {
    pub from: Id,
    pub units: u32,
    /// The sea zone, adjacent to the navy's, that the navy carries the army to.
    pub to_zone: Id,
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

/// A side's standing answers, committed hidden in one of its packets (dice-protocol 3.1) and
/// used when the other side's orders reach a decision of this side:
///
/// ```yaml
/// battle:
///   default: {accept: {commit: all, retreat: [Augusta]}}
///   armies:
///     Charleston: {refuse: {to: Monck's Corner}}
///     Camden: {accept: {commit: match}}      # as many War Supplies as the attacker has dice
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    #[serde(default)]
    pub battle: BattlePolicy,
    /// 10.2: what this side commits when it attacks and the defender accepts, so the battle
    /// is fought in the same exchange; the defender sees it only once it has accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackPolicy>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackPolicy {
    /// A number of War Supplies (never more than the attackers carry), or `all` they carry.
    pub commit: AttackCommit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AttackCommit {
    Count(u32),
    All(AllWord),
}

impl<'de> Deserialize<'de> for AttackCommit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(WarAmount(&["all"]))? {
            Amount::Count(n) => Ok(AttackCommit::Count(n)),
            Amount::Word(_) => Ok(AttackCommit::All(AllWord::All)),
        }
    }
}

/// A War amount as written: a whole number, or one of the words allowed there.
enum Amount {
    Count(u32),
    Word(&'static str),
}

/// Reads a War amount, naming what may be written there when it is something else (an
/// untagged enum's error said only that no variant matched).
struct WarAmount(&'static [&'static str]);

impl serde::de::Visitor<'_> for WarAmount {
    type Value = Amount;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a whole number of War Supplies")?;
        for (i, w) in self.0.iter().enumerate() {
            let sep = if i + 1 == self.0.len() { " or" } else { "," };
            write!(f, "{sep} `{w}`")?;
        }
        Ok(())
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Amount, E> {
        u32::try_from(n)
            .map(Amount::Count)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Amount, E> {
        match u64::try_from(n) {
            Ok(n) => self.visit_u64(n),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(n), &self)),
        }
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Amount, E> {
        self.0
            .iter()
            .find(|w| **w == s)
            .map(|w| Amount::Word(w))
            .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(s), &self))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AllWord {
    All,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattlePolicy {
    /// For an attacked army the policy does not name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<PolicyAnswer>,
    /// By the area of the attacked army (id or name).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub armies: std::collections::BTreeMap<String, PolicyAnswer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyAnswer {
    Refuse(Refuse),
    Accept(PolicyAccept),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyAccept {
    #[serde(default)]
    pub commit: CommitRule,
    #[serde(default)]
    pub retreat: Vec<Id>,
}

/// How many War Supplies a policy commits: a number, `all`, or `match` (as many as the
/// attacker has battle dice), never more than the defender holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CommitRule {
    Count(u32),
    Word(CommitWord),
}

impl<'de> Deserialize<'de> for CommitRule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match d.deserialize_any(WarAmount(&["all", "match"]))? {
            Amount::Count(n) => CommitRule::Count(n),
            Amount::Word("all") => CommitRule::Word(CommitWord::All),
            Amount::Word(_) => CommitRule::Word(CommitWord::Match),
        })
    }
}

impl Default for CommitRule {
    fn default() -> Self {
        CommitRule::Count(0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CommitWord {
    All,
    Match,
}

/// What the defender of an attack decides (10.1, 10.3, 10.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleDecision {
    /// 10.1: refuse battle, moving the whole army to one adjacent area.
    Refuse(Refuse),
    /// 10.3: accept, expending `commit` War Supplies for dice; `retreat` lists where to go, in
    /// order of preference, if a morale check fails (10.7).
    Accept(Accept),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refuse {
    pub to: Id,
    /// With a leader, the army may take up to half its units (rounded down) in supplies.
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accept {
    /// 10.3: a number, `all`, or `match` (as many as the attacker's battle dice), decided
    /// once the attacker's commitment (10.2) is known.
    #[serde(default)]
    pub commit: CommitRule,
    #[serde(default)]
    pub retreat: Vec<Id>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyMove {
    pub from: Id,
    pub to: Id,
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Skip a limited impulse (7.0).
    Skip,
    /// Skip a full impulse: passing (7.0).
    Pass,
    /// 8.2: expend an irregular of the army's Colony to give it 1 Food.
    Forage(Id),
    /// 8.1: expend two irregulars of the army's Colony to add a Unit to it.
    Recruit(Id),
    /// 8.3: expend a Militia of a Colony to attempt a Raid on one target there.
    Raid(Raid),
    /// 8.4: move a Loyalist from its Colony's Partisan Box to Hold the named City or Fort.
    Hold(Id),
    /// 9.1.
    March(March),
    /// 9.6: the army in the named City or Fort digs in.
    DigIn(Id),
    /// 9.4: an army with a leader attacks an adjacent enemy army.
    Attack(Attack),
    /// 9.5: one or two Patriot units skirmish against an enemy army on a Point.
    Skirmish(Skirmish),
    /// 9.3: the Crown carries an army by sea, or lands it.
    Transport(Transport),
    /// 12.0: the navy moves or gives battle.
    Navy(NavyAction),
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Skip => "skip",
            Action::Pass => "pass",
            Action::Forage(_) => "forage",
            Action::Recruit(_) => "recruit",
            Action::Raid(_) => "raid",
            Action::Hold(_) => "hold",
            Action::March(_) => "march",
            Action::DigIn(_) => "dig_in",
            Action::Attack(_) => "attack",
            Action::Skirmish(_) => "skirmish",
            Action::Transport(_) => "transport",
            Action::Navy(_) => "navy",
        }
    }
}

/// 9.4 and 10.2: who attacks, where, and with what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub from: Id,
    pub to: Id,
    /// The units that attack, with the leader; the rest stay.
    pub units: u32,
    /// War Supplies committed for battle dice (10.2), shown to the defender with the attack.
    /// Left out, the attackers commit from the War they carry once the defender has accepted
    /// (10.1 comes before 10.2): by a `commit:` answer, or hidden in the attacker's policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub war: Option<u32>,
    /// Other supplies the attacking units carry (5.5): into the area if they win, to the
    /// defender if they lose.
    #[serde(default)]
    pub carry_food: u32,
    #[serde(default)]
    pub carry_war: u32,
    /// 11.3: an army attacking out of a siege goes back to its City or Fort if it wins.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub return_after: bool,
}

/// 9.5 and 10.8.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skirmish {
    pub from: Id,
    pub to: Id,
    /// One or two units.
    pub units: u32,
    /// War Supplies expended, one die each.
    pub war: u32,
}

/// 8.3: the Colony the Militia comes from, and exactly one target in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Raid {
    pub colony: Id,
    /// Eliminate the Loyalist Holding this City or Fort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<Id>,
    /// Eliminate a Unit of the small leaderless Crown army on this Point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Id>,
    /// Remove a Food carried by the Crown army on this Point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub food: Option<Id>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct March {
    pub from: Id,
    pub groups: Vec<Group>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub to: Id,
    pub units: u32,
    /// Whether the army's leader goes with this group.
    #[serde(default)]
    pub leader: bool,
    /// 9.2: a Subordinate Leader takes command of this group (at most 4 units). A group whose
    /// `to` is the army's own area is the units that stay, under the Subordinate Leader.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subordinate: bool,
    /// Supplies the group takes along (5.5); when leaving a Point with every unit in one group,
    /// the default is all it can carry.
    #[serde(default)]
    pub food: Option<u32>,
    #[serde(default)]
    pub war: Option<u32>,
}

/// Reads an area named in the orders by its id or name, ignoring case; `path` is where the
/// orders name it.
pub fn area<'d>(
    data: &'d Data,
    text: &(impl Key + ?Sized),
    path: impl Into<String>,
) -> Result<&'d Area, OrderError> {
    data.find_area_key(text).ok_or_else(|| {
        let text = text.as_id_str();
        let help = data.area_hint(text);
        OrderError::new("2.1", format!("there is no area `{text}` on the map{help}")).at(path)
    })
}

/// A refusal under `rule` at the orders path `key`.
pub fn err(rule: &str, message: String, key: impl Into<String>) -> OrderError {
    OrderError::new(rule, message).at(key)
}

/// 9.0 and 9.6: the army an activation names in `area`: one of `side`'s, and not Dug-In
/// (a dug-in army cannot be activated for the rest of the turn). `rule` is the activation's.
pub fn activated_army(
    st: &super::state::State,
    area: &Area,
    side: super::state::Side,
    rule: &str,
    to_do: &str,
    key: Path<'_>,
) -> Result<super::state::Army, OrderError> {
    let Some(army) = st.army_of(&area.id, side).cloned() else {
        return Err(err(
            rule,
            format!("you have no army in `{}` to {to_do}", area.name),
            key,
        ));
    };
    if army.dug_in {
        return Err(err(
            "9.6",
            format!(
                "the army in `{}` is dug in and cannot be activated this turn",
                area.name
            ),
            key,
        ));
    }
    Ok(army)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::southern_strategy::test_data;

    /// An area named in orders is found by its `Id` exactly as by its text: ids, names, other
    /// cases, spaces around, and text that names nothing (2.1).
    #[test]
    fn an_area_held_as_an_id_is_found_as_its_text_is() {
        let data = test_data();
        let mut texts: Vec<String> = vec![
            String::new(),
            "nowhere".into(),
            "an area name longer than an inline id".into(),
        ];
        for a in data.areas() {
            for t in [a.id.to_string(), a.name.clone()] {
                texts.push(format!(" {t} "));
                texts.push(t.to_lowercase());
                texts.push(t);
            }
        }
        for t in &texts {
            let by_text = area(&data, t.as_str(), "to").map(|a| a.id);
            let by_id = area(&data, &Id::new(t), "to").map(|a| a.id);
            assert_eq!(by_id.as_ref().ok(), by_text.as_ref().ok(), "{t:?}");
            if let (Err(x), Err(y)) = (by_id, by_text) {
                assert_eq!(x.to_string(), y.to_string(), "{t:?}");
            }
        }
    }
}
