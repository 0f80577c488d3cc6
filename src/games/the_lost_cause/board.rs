//! Where the board picture draws each space (`board.yaml`): picture data only, not pinned by
//! game files, checked against the map so every space has a place.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::data::Map;
use crate::engine::Error;

pub const BOARD: &str = "board.yaml";

/// A place on the schematic grid: `col` west to east, `row` north to south.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub col: f64,
    pub row: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub format: String,
    pub kind: String,
    pub spaces: BTreeMap<String, Place>,
    pub strategic: BTreeMap<String, Place>,
}

fn bad(message: String) -> Error {
    Error::Format {
        what: format!("the-lost-cause data `{BOARD}`"),
        message,
    }
}

impl Board {
    /// The board file among `files`, checked against `map`; `None` when it is not there (the
    /// rules need no picture).
    pub fn load(files: &[(String, String)], map: &Map) -> Result<Option<Board>, Error> {
        let Some((_, text)) = files.iter().find(|(n, _)| n == BOARD) else {
            return Ok(None);
        };
        let board: Board = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
            what: format!("the-lost-cause data `{BOARD}`"),
            source,
        })?;
        if board.format != "adjutant-lost-cause-board/1" || board.kind != "board" {
            return Err(bad(format!(
                "format `{}` and kind `{}` are not `adjutant-lost-cause-board/1` and `board`",
                board.format, board.kind
            )));
        }
        for s in &map.spaces {
            if !board.spaces.contains_key(&s.id) {
                return Err(bad(format!("space `{}` has no place", s.id)));
            }
        }
        for s in &map.strategic {
            if !board.strategic.contains_key(&s.id) {
                return Err(bad(format!("strategic space `{}` has no place", s.id)));
            }
        }
        for id in board.spaces.keys() {
            if !map.spaces.iter().any(|s| &s.id == id) {
                return Err(bad(format!("`{id}` is not a space of the map")));
            }
        }
        for id in board.strategic.keys() {
            if !map.strategic.iter().any(|s| &s.id == id) {
                return Err(bad(format!("`{id}` is not a strategic space of the map")));
            }
        }
        Ok(Some(board))
    }
}
