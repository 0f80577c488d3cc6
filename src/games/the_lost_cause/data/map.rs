//! The map of The Lost Cause (2.1): theaters, spaces, strategic spaces and tracks.

use super::*;

/// The Confederate theaters of war (2.1). The Union's West includes the Mississippi.
///
/// Written lowercase (`east`), and read in any case (`West`), as the reports name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Theater {
    East,
    West,
    Mississippi,
}

impl Theater {
    pub const ALL: [Theater; 3] = [Theater::East, Theater::West, Theater::Mississippi];
    pub fn name(self) -> &'static str {
        match self {
            Theater::East => "east",
            Theater::West => "west",
            Theater::Mississippi => "mississippi",
        }
    }
    /// The theater as the board and the reports name it: `East`, `West`, `Mississippi`.
    pub fn title(self) -> &'static str {
        match self {
            Theater::East => "East",
            Theater::West => "West",
            Theater::Mississippi => "Mississippi",
        }
    }
    /// The Union command box that covers this Confederate theater (2.1).
    pub fn union_command(self) -> UnionTheater {
        match self {
            Theater::East => UnionTheater::East,
            _ => UnionTheater::West,
        }
    }
}

impl<'de> Deserialize<'de> for Theater {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Theater::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "`{text}` is not a theater: East, West or Mississippi"
                ))
            })
    }
}

/// The Union's two theater command boxes (2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnionTheater {
    East,
    West,
}

/// The shape of a space decides what it does (13.x).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// An ordinary space of a track.
    Square,
    /// Morale flags, otherwise ordinary (13.4).
    Diamond,
    /// Set up with a Fortified marker; morale flags; may hold an Advanced Base (13.5).
    Hexagon,
    /// A branching space where an Advanced Base is built (13.7).
    Round,
    /// A Union Home Base (13.1).
    Home,
    /// A Northern Invasion space behind a Home Base (13.2).
    Invasion,
    /// The Red River: on the map only to show where card 35 happens (13.6).
    Star,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub id: String,
    pub name: String,
    pub shape: Shape,
    pub theater: Theater,
    /// Tattered Confederate flags: morale lost while the Union controls the space (12.0).
    #[serde(default)]
    pub flags: u32,
    /// Blue along the bottom: Gunboats, Ironclads and Torpedoes work here (13.3).
    #[serde(default)]
    pub river: bool,
}

/// A starburst space beside the tracks (13.8).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strategic {
    pub id: String,
    pub name: String,
    pub theater: Theater,
    /// The track boxes whose control decides this space's control (13.8.1).
    pub connected: Vec<String>,
}

/// One line of operation: the spaces in marching order, the first being the Base it starts
/// from (a Home Base or a branching space).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub id: String,
    pub name: String,
    pub spaces: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub format: String,
    pub spaces: Vec<Space>,
    pub strategic: Vec<Strategic>,
    pub tracks: Vec<Track>,
}
