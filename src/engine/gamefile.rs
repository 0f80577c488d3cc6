//! The game file: one YAML document holding a game's identity, players, current state, whose
//! decision it is, and the append-only log of records.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::game::Awaiting;
use super::record::{Record, StepResult};
use super::Error;

pub const FORMAT: &str = "adjutant/1";
pub const DICE_PROTOCOL: &str = "adjutant-dice/1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// `adjutant/1`.
    pub format: String,
    /// Which rules: `southern-strategy`.
    pub game: String,
    /// Unique per game; part of every hash.
    pub id: String,
    pub dice: DiceSettings,
    /// Hashes pinning the game data files used, by file name.
    pub data: BTreeMap<String, String>,
    pub players: BTreeMap<String, Player>,
    /// The whole current state, readable by a person.
    pub state: Value,
    /// Who must act next; absent once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaiting: Option<Awaiting>,
    /// A step this copy's owner adjudicated whose result goes out in their next record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<StepResult>,
    pub log: Vec<Record>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSettings {
    /// `adjutant-dice/1`.
    pub protocol: String,
    /// N, the length of every side's hash chain.
    pub chain_length: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// The chain anchor `x_0`.
    pub anchor: String,
}

impl GameFile {
    pub fn parse(text: &str) -> Result<GameFile, Error> {
        let gf: GameFile = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
            what: "the game file".into(),
            source,
        })?;
        if gf.format != FORMAT {
            return Err(Error::Format {
                what: "the game file".into(),
                message: format!(
                    "format `{}` is not `{FORMAT}`; this adjutant reads `{FORMAT}`",
                    gf.format
                ),
            });
        }
        if gf.dice.protocol != DICE_PROTOCOL {
            return Err(Error::Format {
                what: "the game file".into(),
                message: format!(
                    "dice protocol `{}` is not `{DICE_PROTOCOL}`",
                    gf.dice.protocol
                ),
            });
        }
        Ok(gf)
    }

    pub fn to_yaml(&self) -> Result<String, Error> {
        serde_yaml::to_string(self).map_err(|e| Error::Encode(e.to_string()))
    }

    /// How many records `side` has sent: its next reveal is chain element `count + 1`.
    pub fn reveals_by(&self, side: &str) -> u64 {
        self.log.iter().filter(|r| r.by == side).count() as u64
    }
}
