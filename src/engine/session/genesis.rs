//! Who plays a game, what its genesis hash binds, and the checks every game file passes.

use std::collections::BTreeMap;

use ed25519_dalek::VerifyingKey;
use serde_json::Value;

use super::*;
use crate::engine::error::ticked;

/// The dice party of a solitaire game that keeps an outside witness's chain
/// (dice-protocol section 5).
pub const WITNESS: &str = "witness";
/// The dice party of a solitaire game whose second chain the player holds too.
pub const SELF: &str = "self";
/// The names a solitaire game's dice party may have: its only entry in `players` beside the
/// player's side. The name is an anchor's key, so it is part of the genesis hash and the mode is
/// fixed when the game is created.
pub const DICE_PARTIES: &[&str] = &[WITNESS, SELF];

/// Whether the rules have one side only: then a dice party keys the dice instead of an opponent.
pub fn is_solitaire(rules: &dyn Rules) -> bool {
    rules.sides().len() == 1
}

/// The dice party of a solitaire game file (`witness` or `self`), `None` for a two-player game.
pub fn dice_party<'a>(rules: &dyn Rules, gf: &'a GameFile) -> Option<&'a str> {
    if !is_solitaire(rules) {
        return None;
    }
    gf.players
        .keys()
        .map(String::as_str)
        .find(|p| DICE_PARTIES.contains(p))
}

/// Everyone who sends records in this game: the sides, then the dice party of a solitaire game.
pub fn parties(rules: &dyn Rules, gf: &GameFile) -> Vec<String> {
    let mut out: Vec<String> = rules.sides().iter().map(|s| s.to_string()).collect();
    out.extend(dice_party(rules, gf).map(str::to_string));
    out
}

/// The party that adjudicates `by`'s orders: the other side, or in a solitaire game its dice
/// party (`dice_party`, as `Replay` holds it).
pub fn adjudicator_of(rules: &dyn Rules, dice_party: Option<&str>, by: &str) -> String {
    if let Some(party) = dice_party {
        return party.to_string();
    }
    let sides = rules.sides();
    sides
        .iter()
        .find(|s| **s != by)
        .unwrap_or(&sides[0])
        .to_string()
}

/// Game ids go into every hash and into file names, so they are kept plain.
pub fn check_id(id: &str) -> Result<(), Error> {
    crate::engine::input::check_name("the game id", id)
}

pub(super) fn anchor_of(gf: &GameFile, side: &str) -> Result<Hash, Error> {
    let player = gf.players.get(side).ok_or_else(|| Error::Format {
        what: "the game file".into(),
        message: format!("no player for side `{side}`"),
    })?;
    from_hex(&player.anchor).ok_or_else(|| Error::Format {
        what: "the game file".into(),
        message: format!("the anchor of `{side}` is not 64 hex digits"),
    })
}

/// A party's public key (protocol version 2).
pub(super) fn key_of(gf: &GameFile, party: &str) -> Result<VerifyingKey, Error> {
    let bad = |message: String| Error::Format {
        what: "the game file".into(),
        message,
    };
    let player = gf
        .players
        .get(party)
        .ok_or_else(|| bad(format!("no player for side `{party}`")))?;
    let key = player.key.as_deref().ok_or_else(|| {
        bad(format!(
            "`{party}` has no public key (`key`), which a `{}` game needs",
            gf.format
        ))
    })?;
    sign::parse_public(key).ok_or_else(|| {
        bad(format!(
            "the public key of `{party}` is not a valid Ed25519 key in 64 lower-case hex digits"
        ))
    })
}

/// `T_0`: the hash of everything fixed at creation. Version 2 binds each party's public key
/// too, beside its anchor: both come from the party's fresh secret, so two games never share
/// a genesis, and so never share dice. The state bound is the position as written (`start`),
/// else the set-up.
pub fn genesis_hash(rules: &dyn Rules, gf: &GameFile) -> Result<Hash, Error> {
    let pinned = match &gf.start {
        Some(position) => position.clone(),
        None => rules.setup()?.0,
    };
    let anchors = gf
        .players
        .iter()
        .map(|(s, p)| (s.as_str(), p.anchor.as_str()))
        .collect();
    let v2 = gf.version() >= 2;
    let (format, dice) = GameFile::names_of(gf.version());
    let keys = v2.then(|| {
        gf.players
            .iter()
            .map(|(s, p)| (s.as_str(), p.key.as_deref().unwrap_or("")))
            .collect()
    });
    Genesis {
        format,
        dice,
        game: rules.name(),
        id: &gf.id,
        data: &gf.data,
        chain_length: gf.dice.chain_length,
        anchors,
        keys,
        state: to_hex(&state_hash(&pinned)?),
    }
    .hash()
}

/// Checks that the file's current state is the one its log leads to, by the state hash the
/// log carries (the latest result's, the pending result's, or the set-up's): a cheap check
/// every command makes before acting on a game file, so an edited state is never played on.
pub fn check_current_state(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let carried = match &gf.pending {
        Some(p) => p.state.clone(),
        None => match gf.log.iter().rev().find_map(|r| r.result.as_ref()) {
            Some(result) => result.state.clone(),
            None => to_hex(&state_hash(&start_state(rules, gf)?)?),
        },
    };
    let actual = to_hex(&state_hash(&gf.state)?);
    if actual != carried {
        return Err(Error::Format {
            what: "the game file".into(),
            message: format!(
                "its state was edited: it does not match the state hash its log carries for step {} (`{carried}`, the file's state hashes to `{actual}`). Run `adjutant verify` on it to see where it differs, and go on from an unedited copy",
                gf.log.len()
            ),
        });
    }
    Ok(())
}

/// The state a game started from: its position (`new --position`) as the rules begin it
/// (`Rules::begin`), else the set-up.
pub fn start_state(rules: &dyn Rules, gf: &GameFile) -> Result<Value, Error> {
    match &gf.start {
        Some(s) => rules.begin(s),
        None => Ok(rules.setup()?.0),
    }
}

/// The game's start position (`start:`), checked as `new --position` checked it: the genesis
/// hash binds it, but whoever edits it at step 0 can edit the hash along with it, and nothing
/// else in the file would tell a position no rule allows. A fault is placed under `start`.
fn check_start(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let Some(start) = &gf.start else {
        return Ok(());
    };
    let under_start = |p: Option<String>| p.map(|p| p.replacen("state", "start", 1));
    rules
        .check_position(start)
        .map_err(|e| e.in_position("the game file".into(), under_start, |_| None))
}

/// Creates a game file from the set-up (or the position `start`) and each side's player,
/// anchor and public key.
pub fn create(
    rules: &dyn Rules,
    id: &str,
    players: BTreeMap<String, Player>,
    chain_length: u64,
    start: Option<Value>,
) -> Result<GameFile, Error> {
    check_id(id)?;
    crate::engine::secrets::check_chain_length(chain_length)?;
    let state = match &start {
        Some(position) => {
            rules.check_position(position)?;
            rules.begin(position)?
        }
        None => rules.setup()?.0,
    };
    let gf = GameFile {
        format: FORMAT.into(),
        game: rules.name().into(),
        id: id.into(),
        dice: DiceSettings {
            protocol: DICE_PROTOCOL.into(),
            chain_length,
        },
        data: rules.data_hashes().clone(),
        players,
        awaiting: rules.awaiting(&state)?,
        start,
        state,
        pending: None,
        log: Vec::new(),
    };
    check_file(rules, &gf)?;
    Ok(gf)
}

/// Checks that a game file belongs to these rules and data.
pub fn check_file(rules: &dyn Rules, gf: &GameFile) -> Result<(), Error> {
    let bad = |message: String| Error::Format {
        what: "the game file".into(),
        message,
    };
    if gf.game != rules.name() {
        return Err(bad(format!(
            "it is a `{}` game, not `{}`",
            gf.game,
            rules.name()
        )));
    }
    check_id(&gf.id)?;
    for (file, hash) in rules.data_hashes() {
        match gf.data.get(file) {
            Some(h) if h == hash => {}
            Some(h) => {
                return Err(bad(format!(
                    "it was made with game data `{file}` of hash `{h}`, but the data in use has `{hash}`; use the data files the game was made with (`--data`)"
                )))
            }
            None => return Err(bad(format!("it does not pin game data `{file}`"))),
        }
    }
    if gf.data.len() != rules.data_hashes().len() {
        return Err(bad("it pins data files these rules do not use".into()));
    }
    let sides: Vec<&str> = gf.players.keys().map(String::as_str).collect();
    if is_solitaire(rules) {
        let side = rules.sides()[0];
        let party: Vec<&str> = sides.iter().copied().filter(|s| *s != side).collect();
        if !sides.contains(&side) || party.len() != 1 || !DICE_PARTIES.contains(&party[0]) {
            return Err(bad(format!(
                "its players are {}; a solitaire game has its player `{side}` and one dice party, `{WITNESS}` or `{SELF}`",
                ticked(&sides, "and")
            )));
        }
        // Dice-protocol section 5: the dice party answers each step at once, in a record of
        // its own, so no result waits in the player's copy. One there was put in by hand.
        if let Some(p) = &gf.pending {
            return Err(bad(format!(
                "it holds a pending result of step {}, but a solitaire game never keeps one: its dice party's record carries every result. Run `adjutant verify` on a copy without it",
                p.step
            )));
        }
    } else {
        let mut expected: Vec<&str> = rules.sides().to_vec();
        expected.sort();
        if sides != expected {
            return Err(bad(format!(
                "its players are {}, the game's sides are {}",
                ticked(&sides, "and"),
                ticked(&expected, "and")
            )));
        }
    }
    for party in parties(rules, gf) {
        anchor_of(gf, &party)?;
        if gf.version() >= 2 {
            key_of(gf, &party)?;
        } else if gf.start.is_some() {
            return Err(bad(format!(
                "a `{FORMAT_1}` game always starts from the set-up; it has no `start`"
            )));
        } else if gf.players[&party].key.is_some() {
            return Err(bad(format!(
                "a `{FORMAT_1}` game has no public keys, but `{party}` has one"
            )));
        }
    }
    check_start(rules, gf)
}

/// Each party's public key in a version 2 game; none in version 1.
pub(super) fn keys_of(
    rules: &dyn Rules,
    gf: &GameFile,
) -> Result<BTreeMap<String, VerifyingKey>, Error> {
    let mut keys = BTreeMap::new();
    if gf.version() >= 2 {
        for party in parties(rules, gf) {
            let key = key_of(gf, &party)?;
            keys.insert(party, key);
        }
    }
    Ok(keys)
}
