//! The game file: one YAML document holding a game's identity, players, current state, whose
//! decision it is, and the append-only log of records.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::game::Awaiting;
use super::record::{Record, StepResult};
use super::Error;

/// The format of new game files: version 3, whose records and witness answers are signed
/// (as in version 2) and whose standing policies are committed row by row, each result
/// revealing only the row it used (dice-protocol section 3.2).
pub const FORMAT: &str = "adjutant/3";
pub const DICE_PROTOCOL: &str = "adjutant-dice/3";
/// Version 2 game files still load, verify and play on under version 2's rules (a policy is
/// committed whole and revealed whole when a step needs it).
pub const FORMAT_2: &str = "adjutant/2";
pub const DICE_PROTOCOL_2: &str = "adjutant-dice/2";
/// Version 1 game files still load, verify and play on under version 1's rules (unsigned).
pub const FORMAT_1: &str = "adjutant/1";
pub const DICE_PROTOCOL_1: &str = "adjutant-dice/1";

/// The dice protocols this adjutant plays, newest first.
pub const DICE_PROTOCOLS: [&str; 3] = [DICE_PROTOCOL, DICE_PROTOCOL_2, DICE_PROTOCOL_1];

/// Each format this adjutant reads, its dice protocol and its version.
const VERSIONS: [(&str, &str, u32); 3] = [
    (FORMAT, DICE_PROTOCOL, 3),
    (FORMAT_2, DICE_PROTOCOL_2, 2),
    (FORMAT_1, DICE_PROTOCOL_1, 1),
];

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
    /// The position the game started from, when it is not the rulebook's set-up
    /// (`new --position`). The genesis hash binds it, and `verify` replays from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Value>,
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
    /// Version 2: the party's Ed25519 public key, which signs its records (or, for a witness,
    /// its answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl GameFile {
    pub fn parse(text: &str) -> Result<GameFile, Error> {
        // A key given twice is refused, as in orders and packets: a reader of the file would
        // take the first (an army, a record's orders), and the parse keeps the last.
        let gf: GameFile = super::input::parse_written(text, "the game file")?;
        if let Some(found) = gf.first_fraction() {
            let line = super::locate::line_of(text, &found.0);
            return Err(super::canon::fraction_refused("the game file", found, line));
        }
        let Some((_, protocol, _)) = VERSIONS.iter().find(|(f, _, _)| *f == gf.format) else {
            return Err(Error::Format {
                what: "the game file".into(),
                message: format!(
                    "format `{}` is not one this adjutant reads (`{FORMAT}`, or `{FORMAT_2}` and `{FORMAT_1}` for older games)",
                    gf.format
                ),
            });
        };
        if gf.dice.protocol != *protocol {
            return Err(Error::Format {
                what: "the game file".into(),
                message: format!(
                    "a `{}` game file uses dice protocol `{protocol}`, not `{}`",
                    gf.format, gf.dice.protocol
                ),
            });
        }
        Ok(gf)
    }

    /// The first number of the file's values (the state, the records, the pending result)
    /// that is not whole, with its path.
    fn first_fraction(&self) -> Option<(String, String)> {
        super::canon::first_fraction(&self.state, "state")
            .or_else(|| {
                self.pending
                    .as_ref()
                    .and_then(|p| p.first_fraction("pending"))
            })
            .or_else(|| {
                self.log
                    .iter()
                    .enumerate()
                    .find_map(|(i, r)| r.first_fraction(&format!("log[{i}]")))
            })
    }

    /// The protocol version: 1 (unsigned), 2 (signed records and witness answers) or 3 (as 2,
    /// with policies revealed row by row). A file `parse` accepted has one.
    pub fn version(&self) -> u32 {
        VERSIONS
            .iter()
            .find(|(f, _, _)| *f == self.format)
            .map_or(3, |(_, _, v)| *v)
    }

    /// The format and dice protocol of `version`.
    pub fn names_of(version: u32) -> (&'static str, &'static str) {
        VERSIONS
            .iter()
            .find(|(_, _, v)| *v == version)
            .map_or((FORMAT, DICE_PROTOCOL), |(f, p, _)| (f, p))
    }

    pub fn to_yaml(&self) -> Result<String, Error> {
        serde_yaml::to_string(self).map_err(|e| Error::Encode(e.to_string()))
    }

    /// How many records `side` has sent: its next reveal is chain element `count + 1`.
    pub fn reveals_by(&self, side: &str) -> u64 {
        self.log.iter().filter(|r| r.by == side).count() as u64
    }
}
