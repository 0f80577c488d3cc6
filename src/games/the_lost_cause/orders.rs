//! What the player may order: one answer to the decision the game is waiting for. Each
//! key answers one kind of question (`state::Question::key`).

use serde::{Deserialize, Serialize};

use super::data::Theater;
use super::state::{RailroadsAsk, TrackMarker};
use crate::engine::error::OrderError;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// `start: true` begins the war (3.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<bool>,
    /// 9.1: the target of a Battle action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Target>,
    /// 9.2: the army a Raid targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raid: Option<String>,
    /// 10.0: the use of a Command action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Command>,
    /// 9.6: what the Navy does if its roll passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval: Option<Naval>,
    /// 9.7: where the Commerce Raider goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raider: Option<RaiderTo>,
    /// Rebel Yell: `true` re-rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<bool>,
    /// 16.10: `true` spends Torpedoes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torpedoes: Option<bool>,
    /// 16.8: one Directed Battle per Railroads marker spent (`[]` keeps them), and perhaps
    /// when the game asks from now on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub railroads: Option<Railroads>,
    /// 11.0, 10.5: the order of the Union Initiative markers: an army for its markers, or
    /// one marker of an army by number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_order: Option<Vec<InitiativeEntry>>,
    /// 14.5 #2: which way to take the Southern Infrastructure result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infrastructure: Option<Infrastructure>,
}

/// Self-play draws these orders' open fields through their JSON form, the default.
impl crate::engine::ranges::Draw for Orders {}

/// What a Battle action attacks (9.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// A Union army in the theater, by colour: `{army: blue}`.
    Army(String),
    /// A Union controlled Strategic space of the theater: `{reclaim: decatur}` (13.8.1).
    Reclaim(String),
}

/// `Target` as serde derives it, which reads every order as before.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields, remote = "Target")]
enum TargetDef {
    Army(String),
    Reclaim(String),
}

/// Read as derived; a battle naming neither `army` nor `reclaim` beside its theater (10.1,
/// 16.8) is told what is missing, where serde said "no variant of enum Target found in
/// flattened data".
impl<'de> Deserialize<'de> for Target {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        TargetDef::deserialize(d).map_err(|e| {
            if e.to_string().starts_with("no variant of enum") {
                D::Error::custom(
                    "9.1: a battle names its target: `army:` (the Union army it attacks) or `reclaim:` (the Strategic space it takes back, 13.8.1)",
                )
            } else {
                e
            }
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailroadBattle {
    pub theater: Theater,
    #[serde(flatten)]
    pub target: Target,
}

/// 16.8: the answer to the Railroads question. The short form lists the battles to fight now;
/// the long form also sets the standing order for when the game asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Railroads {
    /// `railroads: [{theater: east, army: blue}]`, or `railroads: []` to keep them.
    Spend(Vec<RailroadBattle>),
    /// `railroads: {spend: [...], ask: every_action}`.
    Plan(RailroadsPlan),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailroadsPlan {
    #[serde(default)]
    pub spend: Vec<RailroadBattle>,
    /// When the game asks from now on; absent leaves the standing order as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask: Option<RailroadsAsk>,
}

impl Railroads {
    /// The battles to fight now, one marker each.
    pub fn battles(&self) -> &[RailroadBattle] {
        match self {
            Railroads::Spend(b) => b,
            Railroads::Plan(p) => &p.spend,
        }
    }

    /// The standing order given with the answer, if any.
    pub fn ask(&self) -> Option<RailroadsAsk> {
        match self {
            Railroads::Spend(_) => None,
            Railroads::Plan(p) => p.ask,
        }
    }
}

/// A list is the short form, a mapping the long one; each form's own errors are kept, where
/// an untagged enum would only say that neither matched.
impl<'de> Deserialize<'de> for Railroads {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let v = serde_json::Value::deserialize(d)?;
        if v.is_array() {
            serde_json::from_value(v)
                .map(Railroads::Spend)
                .map_err(D::Error::custom)
        } else if v.is_object() {
            serde_json::from_value(v)
                .map(Railroads::Plan)
                .map_err(D::Error::custom)
        } else {
            Err(D::Error::custom(
                "expected a list of battles or `{spend: [...], ask: ...}`",
            ))
        }
    }
}

/// 11.0, 10.5: one entry of `initiative_order`. An army named once stands for all its markers
/// (but those named by number) in the order they were placed; an army named once for each of
/// those markers takes the next of them at each mention. `{army: blue, marker: 2}` is the blue
/// army's second marker, counted in the order they were placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum InitiativeEntry {
    Army(String),
    Marker(MarkerPick),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerPick {
    pub army: String,
    /// Counted from 1, in the order the markers were placed.
    pub marker: usize,
}

impl InitiativeEntry {
    pub fn army(&self) -> &str {
        match self {
            InitiativeEntry::Army(a) => a,
            InitiativeEntry::Marker(m) => &m.army,
        }
    }
}

/// A string is an army, a mapping one marker; each form's own errors are kept.
impl<'de> Deserialize<'de> for InitiativeEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(a) => Ok(InitiativeEntry::Army(a)),
            v @ serde_json::Value::Object(_) => serde_json::from_value(v)
                .map(InitiativeEntry::Marker)
                .map_err(D::Error::custom),
            _ => Err(D::Error::custom(
                "expected an army (`blue`) or one of its markers (`{army: blue, marker: 2}`)",
            )),
        }
    }
}

/// The ten uses of a Command action (10.1-10.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// 10.1: pass the action to a Theater Commander as a Battle action.
    Battle {
        theater: Theater,
        #[serde(flatten)]
        target: Target,
    },
    /// 10.2: put a Forts (on a space) or European Munitions marker into play.
    Place {
        resource: String,
        #[serde(default)]
        space: Option<String>,
    },
    /// 10.3: a Naval action at -1.
    Naval(Naval),
    /// 10.4: swap the National Military Advisor with a Theater Commander.
    Switch { theater: Theater },
    /// 10.4: a Leader Shuffle in a theater; `promote` makes the replaced commander the
    /// National Military Advisor.
    Shuffle {
        theater: Theater,
        #[serde(default)]
        promote: bool,
    },
    /// 10.5: a Diversionary Campaign against any Union army.
    Raid { army: String },
    /// 10.6: a Morale Test at minus the year.
    MoraleTest,
    /// 10.7: a War Effort action at -1.
    WarEffort,
    /// 10.8: a Diplomatic action at -1.
    Diplomatic,
    /// 10.9: a Commerce Raider action.
    CommerceRaider(RaiderTo),
}

/// The naval actions of 9.6.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Naval {
    /// Put an available Coastal Forts, Gunboats or Ironclads marker into play, on a space
    /// or `blockade`.
    Place { resource: String, to: String },
    /// Move a Gunboats or Ironclads marker already in play.
    Move { resource: String, to: String },
    /// Spend Submarines against the Blockade (16.9).
    Submarines { resource: String },
    /// A Commerce Raider action (9.7).
    CommerceRaider(RaiderTo),
    /// Do nothing.
    Pass,
}

/// Where the Commerce Raider goes (9.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaiderTo {
    Morale,
    Recognition,
    Blockade,
    /// Leave it where it is.
    Stay,
    /// Bring it out of the Resource Cup to the Available box, the only move a Commerce Raider
    /// action gives a raider in the cup (9.7).
    Available,
}

impl RaiderTo {
    pub fn marker(self) -> Option<TrackMarker> {
        match self {
            RaiderTo::Morale => Some(TrackMarker::Morale),
            RaiderTo::Recognition => Some(TrackMarker::Recognition),
            RaiderTo::Blockade => Some(TrackMarker::Blockade),
            RaiderTo::Stay | RaiderTo::Available => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Infrastructure {
    Morale,
    Resource,
}

impl Orders {
    /// The keys given, for checking that exactly one answers the question.
    pub fn keys(&self) -> Vec<&'static str> {
        let mut k = Vec::new();
        let mut add = |present: bool, key: &'static str| {
            if present {
                k.push(key)
            }
        };
        add(self.start.is_some(), "start");
        add(self.battle.is_some(), "battle");
        add(self.raid.is_some(), "raid");
        add(self.command.is_some(), "command");
        add(self.naval.is_some(), "naval");
        add(self.raider.is_some(), "raider");
        add(self.reroll.is_some(), "reroll");
        add(self.torpedoes.is_some(), "torpedoes");
        add(self.railroads.is_some(), "railroads");
        add(self.initiative_order.is_some(), "initiative_order");
        add(self.infrastructure.is_some(), "infrastructure");
        k
    }
}

pub fn err(rule: &str, message: String, key: &str) -> OrderError {
    OrderError::new(rule, message).at(key)
}

impl crate::engine::replay::Keyed for Orders {
    fn keys(&self) -> Vec<&'static str> {
        Orders::keys(self)
    }
}

/// Orders may name spaces, armies and Resource markers as the reports print them (`reclaim:
/// Decatur`, `army: Green`, `resource: Submarines`) or by their ids in any case; the rules
/// read ids. A name that fits nothing is left as written, for the rules to refuse by it.
impl Orders {
    pub fn by_id(mut self, data: &super::data::Data) -> Orders {
        let space = |s: &mut String| {
            if let Some(id) = data.find_space(s) {
                *s = id.to_string();
            }
        };
        let army = |a: &mut String| {
            if let Some(id) = data.find_army(a) {
                *a = id.to_string();
            }
        };
        let resource = |r: &mut String| {
            if let Some(id) = data.find_resource(r) {
                *r = id.to_string();
            }
        };
        let target = |t: &mut Target| match t {
            Target::Army(a) => army(a),
            Target::Reclaim(s) => space(s),
        };
        let naval = |n: &mut Naval| match n {
            Naval::Place { resource: r, to } | Naval::Move { resource: r, to } => {
                resource(r);
                if !to.eq_ignore_ascii_case("blockade") {
                    space(to);
                } else {
                    *to = "blockade".into();
                }
            }
            Naval::Submarines { resource: r } => resource(r),
            Naval::CommerceRaider(_) | Naval::Pass => {}
        };
        if let Some(t) = &mut self.battle {
            target(t);
        }
        if let Some(a) = &mut self.raid {
            army(a);
        }
        if let Some(n) = &mut self.naval {
            naval(n);
        }
        match &mut self.command {
            Some(Command::Battle { target: t, .. }) => target(t),
            Some(Command::Place {
                resource: r,
                space: s,
            }) => {
                resource(r);
                if let Some(s) = s {
                    space(s);
                }
            }
            Some(Command::Naval(n)) => naval(n),
            Some(Command::Raid { army: a }) => army(a),
            _ => {}
        }
        if let Some(rr) = &mut self.railroads {
            let battles = match rr {
                Railroads::Spend(b) => b,
                Railroads::Plan(p) => &mut p.spend,
            };
            for b in battles {
                target(&mut b.target);
            }
        }
        for e in self.initiative_order.iter_mut().flatten() {
            match e {
                InitiativeEntry::Army(a) => army(a),
                InitiativeEntry::Marker(m) => army(&mut m.army),
            }
        }
        self
    }
}

impl Orders {
    /// 16.0: a Resource marker the orders name by a word that is neither a marker's id nor a
    /// marker's name (`resource: dragons`) is refused by that word, with the names taken; the
    /// rules would refuse it only as "not in the Available box", as if such a marker existed.
    pub fn unknown_resources(&self, data: &super::data::Data) -> Result<(), OrderError> {
        let naval = |n: &Naval, at: &str| match n {
            Naval::Place { resource, .. } => {
                Some((resource.clone(), format!("{at}.place.resource")))
            }
            Naval::Move { resource, .. } => Some((resource.clone(), format!("{at}.move.resource"))),
            Naval::Submarines { resource } => {
                Some((resource.clone(), format!("{at}.submarines.resource")))
            }
            Naval::CommerceRaider(_) | Naval::Pass => None,
        };
        let named = [
            self.naval
                .as_ref()
                .and_then(|n| naval(n, "naval").map(|x| (x, "9.6"))),
            match &self.command {
                Some(Command::Place { resource, .. }) => {
                    Some(((resource.clone(), "command.place.resource".into()), "10.2"))
                }
                Some(Command::Naval(n)) => naval(n, "command.naval").map(|x| (x, "10.3")),
                _ => None,
            },
        ];
        for ((text, path), rule) in named.into_iter().flatten() {
            let known = data.find_resource(&text).is_some()
                || data
                    .pieces
                    .resources
                    .iter()
                    .any(|r| data.names_marker(&r.id, &text));
            if known {
                continue;
            }
            let mut names: Vec<String> = data
                .pieces
                .resources
                .iter()
                .map(|r| super::options::resource_name(r.kind).to_string())
                .collect();
            names.sort();
            names.dedup();
            return Err(err(
                rule,
                format!(
                    "no Resource marker is called `{text}` (16.0); a marker is named by its kind, {}, or by its id (`{}`)",
                    crate::engine::error::listed(&names, "or"),
                    data.pieces.resources.first().map_or("", |r| r.id.as_str())
                ),
                &path,
            ));
        }
        Ok(())
    }
}

/// The rule each orders key answers to (the question it answers, `state::Question::rule`, and
/// the Command action a `command` names), for a value there that cannot be read.
pub const RULES_BY_KEY: &[(&str, &str)] = &[
    ("start", "3.0"),
    ("battle", "9.1"),
    ("raid", "9.2"),
    ("command", "10.0"),
    ("command.battle", "10.1"),
    ("command.place", "10.2"),
    ("command.naval", "10.3"),
    ("command.switch", "10.4"),
    ("command.shuffle", "10.4"),
    ("command.raid", "10.5"),
    ("command.commerce_raider", "10.9"),
    ("naval", "9.6"),
    ("naval.commerce_raider", "9.7"),
    ("raider", "9.7"),
    ("reroll", "5.1"),
    ("torpedoes", "16.10"),
    ("railroads", "16.8"),
    ("initiative_order", "11.0"),
    ("infrastructure", "14.5"),
];
