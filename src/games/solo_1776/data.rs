//! The areas, starting scenario and reconstructed tables of the solo 1776 American bot, read
//! from `games/solo-1776/` and checked before any rule runs: six areas in the order of the
//! rule 17 landing table, the OB locations 0, 5, 10 and 15 of each (12), unique town ids,
//! real neighbours, and tables with a row for every face of the die.

use std::collections::{BTreeMap, BTreeSet};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::engine::Error;

pub const SCENARIO: &str = "scenario.yaml";
pub const TABLES: &str = "tables.yaml";
pub const FORMAT: &str = "adjutant-solo-1776/1";

/// 12: the four locations of an area on the Off-Board chart, from the wilderness (0) to the
/// coastal waters (15).
pub const LOCATIONS: [u32; 4] = [0, 5, 10, 15];

/// A town hex of the game board, listed under the OB location it is within one move of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TownDef {
    pub id: String,
    pub name: String,
    /// 1, 2 or 3; none when the town is no target of the bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<u8>,
    /// A strategic town hex (15: replacements go where one is uncontrolled).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strategic: bool,
    /// British controlled at the start.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub british: bool,
    /// A fort stands in the town hex (13, step 1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fort: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub north: Option<String>,
    #[serde(default)]
    pub south: Option<String>,
    /// The British control the area at the start (12, condition 2).
    #[serde(default)]
    pub british_control: bool,
    /// This area's own requisite SP per location, where it differs from the default.
    #[serde(default, deserialize_with = "location_keyed")]
    pub requisite: BTreeMap<u32, u32>,
    #[serde(deserialize_with = "location_keyed")]
    pub locations: BTreeMap<u32, Vec<TownDef>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Date {
    pub year: u32,
    pub month: u32,
}

impl Date {
    /// The quarter of the year, 1 to 4.
    pub fn quarter(self) -> Quarter {
        Quarter {
            year: self.year,
            quarter: (self.month - 1) / 3 + 1,
        }
    }

    pub fn next(self) -> Date {
        if self.month == 12 {
            Date {
                year: self.year + 1,
                month: 1,
            }
        } else {
            Date {
                year: self.year,
                month: self.month + 1,
            }
        }
    }
}

/// A quarter of a year (16: a damaged Continental Navy is out for quarters; 17: the French
/// roll once a quarter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quarter {
    pub year: u32,
    pub quarter: u32,
}

impl Quarter {
    pub fn plus(self, n: u32) -> Quarter {
        let i = self.year * 4 + self.quarter - 1 + n;
        Quarter {
            year: i / 4,
            quarter: i % 4 + 1,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyDef {
    pub id: String,
    pub name: String,
    pub area: String,
    pub location: u32,
    pub sp: u32,
    #[serde(default)]
    pub dragoons: u32,
    #[serde(default)]
    pub artillery: u32,
    #[serde(default)]
    pub supply: u32,
}

/// 16: the Continental Navy counter's naval SP (a reconstruction: rules 1-11 give it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContinentalNavy {
    pub sp: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalSp {
    pub american: i32,
    pub british: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub date: Date,
    pub bre: i32,
    pub naval: NavalSp,
    pub armies: Vec<ArmyDef>,
    /// American forts garrisoned at the start (15), each in a town fort the Americans hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forts: Vec<FortSetup>,
}

/// A fort garrisoned at the start: its town hex (a town with a fort that the British do not
/// hold) and its garrison.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FortSetup {
    pub area: String,
    pub location: u32,
    pub town: String,
    pub garrison: Stores,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub format: String,
    pub kind: String,
    #[serde(deserialize_with = "location_keyed")]
    pub requisite: BTreeMap<u32, u32>,
    pub areas: Vec<AreaDef>,
    pub setup: Setup,
    pub end: Date,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BCheck {
    pub base: i32,
    #[serde(deserialize_with = "die_keyed")]
    pub priority: BTreeMap<i32, i32>,
    pub fort: i32,
    #[serde(deserialize_with = "die_keyed")]
    pub bre: BTreeMap<i32, i32>,
    pub at_requisite: i32,
    /// The target is kept within these before rolling (a 1 always passes, a 6 always fails).
    #[serde(default = "one")]
    pub min_target: i32,
    #[serde(default = "five")]
    pub max_target: i32,
}

fn one() -> i32 {
    1
}

fn five() -> i32 {
    5
}

fn one_sp() -> u32 {
    1
}

/// 12: which priority towns keep an army in its location (condition 4) and draw it up (the
/// Up restriction); the bot marches only on British-held ones (13) (RULINGS.md, A1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PriorityTowns {
    /// Only priority towns the British hold: the bot's targets.
    #[default]
    BritishHeld,
    /// Every town with a priority, the Americans' own too.
    AnyPriority,
}

/// 12: what adjutant adds to the fort requirements (RULINGS.md, A5).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FortDef {
    /// SP the army keeps to march on after building and garrisoning a fort.
    #[serde(default = "one_sp")]
    pub march_on_sp: u32,
    /// 15 with 12 (RULINGS A17): whether a town fort the Americans hold is an American fort.
    #[serde(default)]
    pub town_forts: TownForts,
    /// 12 (RULINGS A33): a location with no town at all is said to have no town hex to build
    /// in; absent or false (the first thirteen editions), the reason said the British held
    /// every town of it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub townless_told: bool,
}

impl FortDef {
    /// 15 with 12 (RULINGS A17): whether a town fort the Americans hold is an American fort.
    pub fn garrisons_town_forts(&self) -> bool {
        self.town_forts == TownForts::Garrisoned
    }
}

impl Default for FortDef {
    fn default() -> Self {
        FortDef {
            march_on_sp: 1,
            town_forts: TownForts::default(),
            townless_told: false,
        }
    }
}

/// 15 with 12: a fort printed in a town hex (Fort Ticonderoga) that the Americans hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TownForts {
    /// The first three editions: only the forts the bot built are garrisoned, and an army
    /// could build one more in the town fort's location.
    #[default]
    Unmanned,
    /// The text: it is an American fort on the board, so it keeps a garrison (15) and counts
    /// as its location's one fort (A5).
    Garrisoned,
}

/// What a British scouting roll finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scouted {
    Nothing,
    Location,
    Strength,
}

/// Where the area-change randomiser sends half an army moving up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaChange {
    Stay,
    North,
    South,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offboard {
    pub up_below: i32,
    pub down_at_least: i32,
    #[serde(default)]
    pub priority_towns: PriorityTowns,
    /// 12 (RULINGS.md, A23): which target an Up move's reason names.
    #[serde(default)]
    pub up_reason: UpReason,
    /// 12 (RULINGS.md, A2, A24): whether condition 1 gives way to condition 5.
    #[serde(default)]
    pub up_damping: UpDamping,
    /// 13 with 12 (RULINGS.md, A31): whether an army of 0 SP on the board with a British-held
    /// priority within a move evades to the OB, as an army whose checks all failed; absent or
    /// false (the first fourteen editions), it went straight to its OB move, and where that
    /// move left it in place (location 0) it stayed at its town.
    #[serde(default)]
    pub zero_sp_evades: bool,
}

/// 12: whether an army that condition 1 draws up only by priority towns of its own goes up
/// when the BRE number would send it down by condition 5 (RULINGS.md, A2, A24). Rule 12
/// ranks the Up conditions above the Down ones, so the eighth edition follows that order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpDamping {
    /// The first seven editions: such an army does not go up while the BRE number is at
    /// condition 5's bound (A2's old damping).
    #[default]
    #[serde(rename = "condition_5")]
    Condition5,
    /// The text's order: condition 1, with a target the Up restriction allows, moves the army
    /// up whatever the Down conditions would say.
    None,
}

/// 12: the target an Up move's reason names when several allow it (RULINGS.md, A23). The
/// reason is part of the record, so the first six editions' wording stays with their games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpReason {
    /// The first six editions: the first priority town above, in location order, whoever
    /// holds it.
    #[default]
    FirstFound,
    /// What draws the army up: a British-held town it can march on first, then a French
    /// battle fleet deployed higher, then a town of its own to hold.
    Deciding,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stores {
    pub sp: u32,
    pub artillery: u32,
    pub supply: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrenchDef {
    pub land_element: Stores,
    pub capacity_per_fleet: u32,
    /// 12, 17 duty 3 (RULINGS A16): the half a sea invasion leaves behind did not move on the
    /// OB and is entrenched; absent (the first two editions), it is not.
    #[serde(default)]
    pub invasion_entrenches: bool,
    /// 17 duty 3 (A25): an army moving down from location 15 where the fleets are, which they
    /// do not carry off because they already have a duty or have invaded this quarter, is told
    /// (`true`); the first seven editions said nothing.
    #[serde(default)]
    pub invasion_skip_told: bool,
    /// 17 duty 1 (A26): the fleets withdraw to the West Indies when a British turn reports the
    /// naval SP 2 or more against the Americans, before its reinforcements are checked for
    /// interception (`true`); the first eight editions waited for the American turn.
    #[serde(default)]
    pub withdraw_when_reported: bool,
    /// 17: a roll's reason counts one fleet as "1 battle fleet" (`true`); the first eight
    /// editions wrote "1 battle fleets", and the reason is part of the roll's record.
    #[serde(default)]
    pub counted_fleets: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub format: String,
    pub kind: String,
    pub b_check: BCheck,
    #[serde(deserialize_with = "die_keyed")]
    pub be_roll: BTreeMap<i32, i32>,
    #[serde(deserialize_with = "die_keyed")]
    pub scouting: BTreeMap<i32, Scouted>,
    #[serde(deserialize_with = "die_keyed")]
    pub area_change: BTreeMap<i32, AreaChange>,
    pub combats_per_turn: u32,
    pub offboard: Offboard,
    pub french: FrenchDef,
    #[serde(default)]
    pub fort: FortDef,
    /// 14, 16, 17 (RULINGS A19-A21): facts of a British turn the rules bound.
    #[serde(default)]
    pub reports: Reports,
    /// 14: what a combat's record keeps of the town fought for.
    #[serde(default)]
    pub combat_record: CombatRecord,
    /// 12, 17: what the record of a force put into an area keeps of the army it went to.
    #[serde(default)]
    pub landing_record: LandingRecord,
    /// 16 with 17 duty 1 (RULINGS A32): the Continental Navy's own naval SP, which a damage
    /// takes off the American naval SP deployed until it returns; absent (the first thirteen
    /// editions), a damaged navy left the naval SP as reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continental_navy: Option<ContinentalNavy>,
}

/// 12, 17 (RULINGS A6, A30): what the record of a force put into an area (a French land
/// element, a sea invasion, half an army changing area) keeps of the army it went to. The
/// first eleven editions named the army alone, so a force that became the army of an area
/// with none read as joining it; a game keeps the edition it began with, so its record still
/// verifies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingRecord {
    /// The twelfth edition: the record says when the force became the area's army
    /// (`formed`).
    #[serde(default)]
    pub formed_told: bool,
}

/// 14: what a combat's record keeps of the town fought for. The first seven editions kept
/// only `taken`, read as "the Americans hold the town after the combat", so a British attack
/// on a town the Americans held read as the town taken when they kept it and still British
/// when they lost it; a game keeps the edition it began with, so its record still verifies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatRecord {
    /// The eighth edition: the result names what the combat did to the town (`town_result`),
    /// and `taken` is true only for a town the Americans took from the British.
    #[serde(default)]
    pub town_result: bool,
}

/// Which facts of a British turn are held to the bounds the rules set (RULINGS A19-A21).
/// Each is off in the first four editions, whose games took those facts as written; a game
/// keeps the edition it began with, so its record still verifies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reports {
    /// 17 (A19): the French intervene once; a second `french_intervention` is refused.
    #[serde(default)]
    pub one_intervention: bool,
    /// 16, 17 (A20): the date goes forward only; a `date` before the game's is refused.
    #[serde(default)]
    pub date_forward: bool,
    /// 14 (A21): `attacks` names each American army once.
    #[serde(default)]
    pub one_attack_per_army: bool,
    /// 12, 14, 16 (A22): the transports, scouted areas and attacked armies of a month
    /// reported over several files are held to once across the files.
    #[serde(default)]
    pub once_a_month: bool,
    /// 15 with 12 (A27): a fort in a town the Americans hold is lost with its town, so
    /// `forts_lost` naming it is refused unless the same report gives the town to the
    /// British; absent or false (the first eight editions), it was taken, and rebuilt.
    #[serde(default)]
    pub town_fort_lost_with_town: bool,
    /// 14 with 12 (A28): the British attack only an army on the board, at a town; absent or
    /// false (the first nine editions), an attack on an army off the board was fought too.
    #[serde(default)]
    pub attacks_on_board_only: bool,
    /// 14, 15 (A29): a board loss or replacements of 0 SP, 0 artillery and 0 supply are
    /// refused; absent or false (the first ten editions), they were taken.
    #[serde(default)]
    pub nothing_refused: bool,
    /// 14 with 12 (A31): a board loss falls only on an army on the board, at a town; absent
    /// or false (the first twelve editions), a loss of an army off the board was taken too.
    #[serde(default)]
    pub losses_on_board_only: bool,
    /// 14 with 12 (A35): a detachment stands on the Off-Board chart, where no combat on the
    /// board reaches it, so a board loss of one is refused; absent or false (the first
    /// fifteen editions), it was taken.
    #[serde(default)]
    pub detachment_losses_refused: bool,
}

#[derive(Debug, Clone)]
pub struct Data {
    pub scenario: Scenario,
    pub tables: Tables,
}

/// Maps keyed by a number: YAML keys arrive as strings once the file passes through JSON.
fn keyed<'de, D, K, V>(d: D, what: &'static str) -> Result<BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: std::str::FromStr + Ord,
    V: Deserialize<'de>,
{
    let raw: BTreeMap<String, V> = BTreeMap::deserialize(d)?;
    raw.into_iter()
        .map(|(k, v)| {
            k.trim()
                .parse::<K>()
                .map(|n| (n, v))
                .map_err(|_| serde::de::Error::custom(format!("`{k}` is not {what}")))
        })
        .collect()
}

fn die_keyed<'de, D, V>(d: D) -> Result<BTreeMap<i32, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    keyed(d, "a number")
}

fn location_keyed<'de, D, V>(d: D) -> Result<BTreeMap<u32, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    keyed(d, "an OB location (0, 5, 10 or 15)")
}

fn parse<T: DeserializeOwned>(files: &[(String, String)], name: &str) -> Result<T, Error> {
    let text = crate::engine::game::data_file(files, name)?;
    // Through JSON, so that numeric keys and enums read the same way as orders do.
    let v: serde_json::Value = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
        what: format!("game data `{name}`"),
        source,
    })?;
    serde_json::from_value(v).map_err(|e| Error::Data {
        file: name.into(),
        entry: "-".into(),
        message: e.to_string(),
    })
}

fn bad(file: &str, entry: &str, message: String) -> Error {
    Error::Data {
        file: file.into(),
        entry: entry.into(),
        message,
    }
}

impl Data {
    pub fn load(files: &[(String, String)]) -> Result<Data, Error> {
        let data = Data {
            scenario: parse(files, SCENARIO)?,
            tables: parse(files, TABLES)?,
        };
        data.check()?;
        Ok(data)
    }

    fn check(&self) -> Result<(), Error> {
        let s = &self.scenario;
        let t = &self.tables;
        for (file, format, kind, want) in [
            (SCENARIO, &s.format, &s.kind, "scenario"),
            (TABLES, &t.format, &t.kind, "tables"),
        ] {
            if format != FORMAT {
                return Err(bad(file, "format", format!("`{format}` is not `{FORMAT}`")));
            }
            if kind != want {
                return Err(bad(file, "kind", format!("`{kind}` is not `{want}`")));
            }
        }
        if s.areas.len() != 6 {
            return Err(bad(
                SCENARIO,
                "areas",
                format!(
                    "17: the landing table has six areas; the file has {}",
                    s.areas.len()
                ),
            ));
        }
        let only_locations = |file: &str, entry: &str, keys: Vec<u32>| -> Result<(), Error> {
            for k in keys {
                if !LOCATIONS.contains(&k) {
                    return Err(bad(
                        file,
                        entry,
                        format!("12: `{k}` is not an OB location (0, 5, 10 or 15)"),
                    ));
                }
            }
            Ok(())
        };
        only_locations(SCENARIO, "requisite", s.requisite.keys().copied().collect())?;
        if LOCATIONS.iter().any(|l| !s.requisite.contains_key(l)) {
            return Err(bad(
                SCENARIO,
                "requisite",
                "12: a requisite SP is needed for each of 0, 5, 10 and 15".into(),
            ));
        }
        let ids: BTreeSet<&str> = s.areas.iter().map(|a| a.id.as_str()).collect();
        if ids.len() != s.areas.len() {
            return Err(bad(SCENARIO, "areas", "two areas share an id".into()));
        }
        let mut towns = BTreeSet::new();
        for a in &s.areas {
            let entry = format!("area `{}`", a.id);
            only_locations(SCENARIO, &entry, a.locations.keys().copied().collect())?;
            only_locations(SCENARIO, &entry, a.requisite.keys().copied().collect())?;
            for n in [&a.north, &a.south].into_iter().flatten() {
                if !ids.contains(n.as_str()) || n == &a.id {
                    return Err(bad(SCENARIO, &entry, format!("unknown neighbour `{n}`")));
                }
            }
            for town in a.locations.values().flatten() {
                if !towns.insert(town.id.as_str()) {
                    return Err(bad(
                        SCENARIO,
                        &entry,
                        format!("town `{}` is listed twice", town.id),
                    ));
                }
                if town.priority.is_some_and(|p| !(1..=3).contains(&p)) {
                    return Err(bad(
                        SCENARIO,
                        &entry,
                        format!("town `{}`: a priority is 1, 2 or 3", town.id),
                    ));
                }
            }
        }
        let mut armies = BTreeSet::new();
        let mut areas_held = BTreeSet::new();
        for a in &s.setup.armies {
            let entry = format!("setup army `{}`", a.id);
            if !ids.contains(a.area.as_str()) {
                return Err(bad(SCENARIO, &entry, format!("unknown area `{}`", a.area)));
            }
            only_locations(SCENARIO, &entry, vec![a.location])?;
            if !armies.insert(a.id.as_str()) {
                return Err(bad(SCENARIO, &entry, "the id is used twice".into()));
            }
            if !areas_held.insert(a.area.as_str()) {
                return Err(bad(
                    SCENARIO,
                    &entry,
                    "12: the Americans keep one army per area".into(),
                ));
            }
            if a.dragoons > a.sp {
                return Err(bad(SCENARIO, &entry, "more dragoon SP than SP".into()));
            }
        }
        let mut fort_places = BTreeSet::new();
        for f in &s.setup.forts {
            let entry = format!("setup fort at `{}`", f.town);
            let Some(area) = s.areas.iter().find(|a| a.id == f.area) else {
                return Err(bad(SCENARIO, &entry, format!("unknown area `{}`", f.area)));
            };
            only_locations(SCENARIO, &entry, vec![f.location])?;
            let town = area
                .locations
                .get(&f.location)
                .and_then(|towns| towns.iter().find(|t| t.id == f.town));
            if !town.is_some_and(|t| t.fort && !t.british) {
                return Err(bad(
                    SCENARIO,
                    &entry,
                    format!(
                        "15: a garrisoned fort stands in a town with a fort that the Americans hold, listed in location {} of `{}`",
                        f.location, f.area
                    ),
                ));
            }
            if !fort_places.insert((f.area.as_str(), f.location)) {
                return Err(bad(
                    SCENARIO,
                    &entry,
                    "12 (RULINGS A5): a location has one fort".into(),
                ));
            }
        }
        if s.end < s.setup.date || !(1..=12).contains(&s.setup.date.month) {
            return Err(bad(
                SCENARIO,
                "end",
                "the last turn comes before the first".into(),
            ));
        }
        let full = |name: &str, keys: Vec<i32>| -> Result<(), Error> {
            if (1..=6).any(|d| !keys.contains(&d)) {
                return Err(bad(
                    TABLES,
                    name,
                    "the table needs a row for each die 1 to 6".into(),
                ));
            }
            Ok(())
        };
        full("be_roll", t.be_roll.keys().copied().collect())?;
        full("scouting", t.scouting.keys().copied().collect())?;
        full("area_change", t.area_change.keys().copied().collect())?;
        if t.b_check.bre.is_empty() {
            return Err(bad(TABLES, "b_check.bre", "the BRE rows are empty".into()));
        }
        if !(1..=6).contains(&t.b_check.min_target) || t.b_check.max_target < t.b_check.min_target {
            return Err(bad(
                TABLES,
                "b_check",
                "the target bounds lie within 1 to 6, the lower first".into(),
            ));
        }
        if t.combats_per_turn == 0 {
            return Err(bad(
                TABLES,
                "combats_per_turn",
                "an army fights at least one combat".into(),
            ));
        }
        Ok(())
    }

    /// The areas in the order of the landing table (17).
    pub fn areas(&self) -> &[AreaDef] {
        &self.scenario.areas
    }

    pub fn area(&self, id: &str) -> Option<&AreaDef> {
        self.scenario.areas.iter().find(|a| a.id == id)
    }

    /// Finds an area by its id or its name, in any case, as players write them in orders.
    pub fn find_area(&self, text: &str) -> Option<&AreaDef> {
        let t = text.trim();
        self.area(t).or_else(|| {
            self.scenario
                .areas
                .iter()
                .find(|a| a.id.eq_ignore_ascii_case(t) || a.name.eq_ignore_ascii_case(t))
        })
    }

    /// 17: the area of a landing-table roll.
    pub fn landing(&self, die: u8) -> &AreaDef {
        &self.scenario.areas[(die as usize).clamp(1, 6) - 1]
    }

    /// Rows of a die-keyed table; results past either end use that end's row.
    pub fn row<V: Copy>(table: &BTreeMap<i32, V>, n: i32) -> V {
        // The row at or below `n`; below the lowest row, the lowest.
        *table
            .range(..=n)
            .next_back()
            .or_else(|| table.iter().next())
            .expect("checked non-empty")
            .1
    }
}
