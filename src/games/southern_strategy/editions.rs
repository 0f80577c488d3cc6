//! The data files of each edition of the game built into adjutant, the current one first
//! (`games::editions`): a game file pins its data by hash, so the pieces file of every
//! edition whose readings (`readings.rs`) a game may have begun with is kept. The map, tracks
//! and set-up are the same in every edition.

use super::data;

/// An edition's files: the shared map, tracks and set-up, with its own `pieces` file (a path
/// under `games/southern-strategy/`).
macro_rules! edition {
    ($pieces:literal) => {
        &[
            (
                data::MAP,
                include_str!("../../../games/southern-strategy/map.yaml"),
            ),
            (
                data::TRACKS,
                include_str!("../../../games/southern-strategy/tracks.yaml"),
            ),
            (
                data::PIECES,
                include_str!(concat!("../../../games/southern-strategy/", $pieces)),
            ),
            (
                data::SETUP,
                include_str!("../../../games/southern-strategy/setup.yaml"),
            ),
        ]
    };
}

/// The data files, as built into adjutant.
pub const DATA_FILES: &[(&str, &str)] = edition!("pieces.yaml");

/// The data files of the first edition (before the readings of RULINGS S7 and N11), kept so
/// that game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V1: &[(&str, &str)] = edition!("v1/pieces.yaml");

/// The data files of the eleventh edition (the readings of the tenth and N15's, before T3's
/// supply moves after an instant victory left unmade), kept so that game files begun with them
/// still load with the pieces file they pin.
pub const DATA_FILES_V11: &[(&str, &str)] = edition!("v11/pieces.yaml");

/// The data files of the tenth edition (the readings of the ninth, S14's and N13's, before
/// N15's new commander entering without a pause where only one area is open), kept so that
/// game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V10: &[(&str, &str)] = edition!("v10/pieces.yaml");

/// The data files of the ninth edition (the readings of the eighth and S13's, before S14's
/// sieges lifting before an attacker's excess is weighed and N13's winter unload without a
/// pause where nothing is to be chosen), kept so that game files begun with them still load
/// with the pieces file they pin.
pub const DATA_FILES_V9: &[(&str, &str)] = edition!("v9/pieces.yaml");

/// The data files of the eighth edition (the readings of the seventh and S12's, before S13's
/// landing within the Port City's limits), kept so that game files begun with them still load
/// with the pieces file they pin.
pub const DATA_FILES_V8: &[(&str, &str)] = edition!("v8/pieces.yaml");

/// The data files of the seventh edition (the readings of RULINGS S7, S9, S10, S11, N11, B1,
/// B4, B16, B17, B18 and N12, before S12's attacker putting an excess right at once), kept so
/// that game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V7: &[(&str, &str)] = edition!("v7/pieces.yaml");

/// The data files of the sixth edition (the readings of RULINGS S7, S9, S10, S11, N11, B1,
/// B16, B17 and B18, before B4's retreat lists of adjacent areas and N12's winter removal
/// after Cornwallis is lost), kept so that game files begun with them still load with the
/// pieces file they pin.
pub const DATA_FILES_V6: &[(&str, &str)] = edition!("v6/pieces.yaml");

/// The data files of the fifth edition (the readings of RULINGS S7, S9, N11, B16 and B1, before
/// S10's limits before each action, B17's and B18's skirmishes and S11's sortie), kept so that
/// game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V5: &[(&str, &str)] = edition!("v5/pieces.yaml");

/// The data files of the fourth edition (the readings of RULINGS S7, S9, N11 and B16, before
/// B1's order of commitments), kept so that game files begun with them still load with the
/// pieces file they pin.
pub const DATA_FILES_V4: &[(&str, &str)] = edition!("v4/pieces.yaml");

/// The data files of the third edition (the readings of RULINGS S7, N11 and B16, before S9),
/// kept so that game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V3: &[(&str, &str)] = edition!("v3/pieces.yaml");

/// The data files of the second edition (the readings of RULINGS S7 and N11, before B16), kept
/// so that game files begun with them still load with the pieces file they pin.
pub const DATA_FILES_V2: &[(&str, &str)] = edition!("v2/pieces.yaml");
