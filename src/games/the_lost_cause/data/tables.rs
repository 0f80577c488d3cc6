//! The tables of The Lost Cause: casualties, raids and the levels they are read at.

use super::*;

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
    pub readings: crate::games::the_lost_cause::readings::Readings,
}

/// Maps keyed by a die roll: YAML keys arrive as strings once the file passes through JSON.
pub(super) fn die_keyed<'de, D, V>(d: D) -> Result<BTreeMap<i32, V>, D::Error>
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
