//! The map, counters, tables and deck of The Lost Cause, read from `games/the-lost-cause/`
//! and checked before any rule runs: every id unique, every reference real, every track a
//! chain of real spaces, and a deck with the cards each year needs (14.6).

use std::collections::{BTreeMap, BTreeSet};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::engine::Error;

pub const MAP: &str = "map.yaml";
pub const PIECES: &str = "pieces.yaml";
pub const TABLES: &str = "tables.yaml";
pub const DECK: &str = "deck.yaml";

mod deck;
mod map;
mod pieces;
mod tables;

pub use deck::*;
pub use map::*;
pub use pieces::*;
pub use tables::*;

/// Everything, checked and indexed.
#[derive(Debug, Clone)]
pub struct Data {
    pub map: Map,
    pub pieces: Pieces,
    pub tables: Tables,
    pub deck: Deck,
    /// Where the picture draws each space, when `board.yaml` was given.
    pub board: Option<super::board::Board>,
    space_index: BTreeMap<String, usize>,
    track_index: BTreeMap<String, usize>,
    card_index: BTreeMap<String, usize>,
}

fn parse<T: DeserializeOwned>(files: &[(String, String)], name: &str) -> Result<T, Error> {
    let (_, text) = files
        .iter()
        .find(|(n, _)| n == name)
        .ok_or_else(|| Error::Format {
            what: format!("the-lost-cause data `{name}`"),
            message: "the file is missing".into(),
        })?;
    let value: serde_json::Value = serde_yaml::from_str(text).map_err(|source| Error::Yaml {
        what: format!("the-lost-cause data `{name}`"),
        source,
    })?;
    serde_json::from_value(value).map_err(|e| Error::Format {
        what: format!("the-lost-cause data `{name}`"),
        message: e.to_string(),
    })
}

fn bad(name: &str, message: String) -> Error {
    Error::Format {
        what: format!("the-lost-cause data `{name}`"),
        message,
    }
}

impl Data {
    pub fn load(files: &[(String, String)]) -> Result<Data, Error> {
        let mut data = Data::index(
            parse(files, MAP)?,
            parse(files, PIECES)?,
            parse(files, TABLES)?,
            parse(files, DECK)?,
        )?;
        data.check()?;
        data.board = super::board::Board::load(files, &data.map)?;
        Ok(data)
    }

    fn index(map: Map, pieces: Pieces, tables: Tables, deck: Deck) -> Result<Data, Error> {
        fn unique<'a>(
            file: &str,
            what: &str,
            ids: impl Iterator<Item = &'a String>,
        ) -> Result<BTreeMap<String, usize>, Error> {
            let mut index = BTreeMap::new();
            for (i, id) in ids.enumerate() {
                if index.insert(id.clone(), i).is_some() {
                    return Err(bad(file, format!("{what} `{id}` appears twice")));
                }
            }
            Ok(index)
        }
        let space_index = unique(MAP, "space", map.spaces.iter().map(|s| &s.id))?;
        let track_index = unique(MAP, "track", map.tracks.iter().map(|t| &t.id))?;
        let card_index = unique(DECK, "card", deck.cards.iter().map(|c| &c.id))?;
        unique(PIECES, "army", pieces.armies.iter().map(|a| &a.id))?;
        unique(
            PIECES,
            "leader",
            pieces
                .union_leaders
                .iter()
                .map(|l| &l.id)
                .chain(pieces.confederate_leaders.iter().map(|l| &l.id)),
        )?;
        unique(PIECES, "resource", pieces.resources.iter().map(|r| &r.id))?;
        unique(
            PIECES,
            "army form",
            pieces
                .armies
                .iter()
                .flat_map(|a| a.forms.iter().map(|f| &f.id)),
        )?;
        Ok(Data {
            map,
            pieces,
            tables,
            deck,
            board: None,
            space_index,
            track_index,
            card_index,
        })
    }

    fn check(&self) -> Result<(), Error> {
        let space = |file: &str, what: &str, id: &str| -> Result<(), Error> {
            if self.space_index.contains_key(id) {
                Ok(())
            } else {
                Err(bad(file, format!("{what} names unknown space `{id}`")))
            }
        };
        for f in [&self.map.format, &self.pieces.format, &self.tables.format] {
            if f != "adjutant-lost-cause/1" {
                return Err(bad(
                    MAP,
                    format!("format `{f}` is not `adjutant-lost-cause/1`"),
                ));
            }
        }
        if self.deck.format != "adjutant-lost-cause-deck/1" {
            return Err(bad(
                DECK,
                format!(
                    "format `{}` is not `adjutant-lost-cause-deck/1`",
                    self.deck.format
                ),
            ));
        }
        for t in &self.map.tracks {
            if t.spaces.len() < 2 {
                return Err(bad(
                    MAP,
                    format!("track `{}` has fewer than two spaces", t.id),
                ));
            }
            for s in &t.spaces {
                space(MAP, &format!("track `{}`", t.id), s)?;
            }
        }
        for s in &self.map.strategic {
            for c in &s.connected {
                space(MAP, &format!("strategic space `{}`", s.id), c)?;
            }
        }
        for a in &self.pieces.armies {
            space(PIECES, &format!("army `{}`", a.id), &a.home)?;
            if let Some(i) = &a.invasion {
                space(PIECES, &format!("army `{}`", a.id), i)?;
            }
            let t = self.track(&a.track).ok_or_else(|| {
                bad(
                    PIECES,
                    format!("army `{}` names unknown track `{}`", a.id, a.track),
                )
            })?;
            if t.spaces[0] != a.home {
                return Err(bad(
                    PIECES,
                    format!(
                        "army `{}`: its track `{}` does not start at its home `{}`",
                        a.id, t.id, a.home
                    ),
                ));
            }
            if a.forms.is_empty() {
                return Err(bad(PIECES, format!("army `{}` has no forms", a.id)));
            }
        }
        for f in &self.pieces.fortifications {
            space(PIECES, "a fortification", &f.space)?;
        }
        for b in &self.pieces.advanced_bases {
            space(PIECES, "an advanced base", &b.space)?;
            if let BaseMarker::BackOf(s) = &b.marker {
                if !self.pieces.fortifications.iter().any(|f| &f.space == s) {
                    return Err(bad(
                        PIECES,
                        format!("the advanced base at `{}` is the back of a fortification at `{s}` that does not exist", b.space),
                    ));
                }
            }
        }
        let su = &self.pieces.setup;
        for (army, at) in &su.armies {
            self.army(army)
                .ok_or_else(|| bad(PIECES, format!("set-up names unknown army `{army}`")))?;
            space(PIECES, "set-up", at)?;
        }
        for l in su.union_commanders.values() {
            if !self.pieces.union_leaders.iter().any(|u| &u.id == l) {
                return Err(bad(
                    PIECES,
                    format!("set-up names unknown Union leader `{l}`"),
                ));
            }
        }
        for l in su
            .confederate_commanders
            .values()
            .chain(std::iter::once(&su.advisor))
            .chain(&su.leader_cup)
        {
            if self.confederate_leader(l).is_none() {
                return Err(bad(
                    PIECES,
                    format!("set-up names unknown Confederate leader `{l}`"),
                ));
            }
        }
        for t in Theater::ALL {
            if !su.confederate_commanders.contains_key(&t) {
                return Err(bad(
                    PIECES,
                    format!(
                        "set-up has no Confederate commander in the {} theater",
                        t.title()
                    ),
                ));
            }
        }
        if self.tables.leader_casualty.len() != 6
            || (1..=6).any(|d| !self.tables.leader_casualty.contains_key(&d))
        {
            return Err(bad(
                TABLES,
                "the leader casualty table needs a row for each die 1 to 6".into(),
            ));
        }
        if self.tables.diversionary_campaign.is_empty() {
            return Err(bad(
                TABLES,
                "the diversionary campaign table is empty".into(),
            ));
        }
        self.check_deck()
    }

    fn check_deck(&self) -> Result<(), Error> {
        let su = &self.pieces.setup;
        let armies: BTreeSet<&str> = self.pieces.armies.iter().map(|a| a.id.as_str()).collect();
        for c in &self.deck.cards {
            let here = |m: String| bad(DECK, format!("card `{}`: {m}", c.id));
            match c.kind {
                CardKind::Headline => {
                    if c.broadsheet.is_some() {
                        return Err(here("a Headline card has no Broadsheet effect".into()));
                    }
                    if c.year < su.year || c.year >= su.last_year {
                        return Err(here(format!(
                            "year {} is outside {}-{}",
                            c.year,
                            su.year,
                            su.last_year - 1
                        )));
                    }
                }
                CardKind::Broadsheet => {
                    if c.broadsheet.is_none() {
                        return Err(here(
                            "a Broadsheet card needs its `broadsheet` effect".into(),
                        ));
                    }
                    if !c.union.is_empty() || !c.confederate.is_empty() {
                        return Err(here(
                            "a Broadsheet card has no action lines; its effect is `broadsheet` (5.1)"
                                .into(),
                        ));
                    }
                }
            }
            for a in &c.confederate {
                if let ConfederateAction::MoraleTest { year, .. } = a {
                    if !(-1..=1).contains(year) {
                        return Err(here(format!(
                            "a Morale Test's `year` is 1 (plus the year), -1 (minus) or 0, not {year} (9.3)"
                        )));
                    }
                }
            }
            for a in &c.union {
                match a {
                    UnionAction::Army { army, .. }
                    | UnionAction::Flip { army, .. }
                    | UnionAction::Remove { army }
                    | UnionAction::Disrupt { army }
                    | UnionAction::Place { army, .. }
                        if !armies.contains(army.as_str()) =>
                    {
                        return Err(here(format!("unknown army `{army}`")));
                    }
                    _ => {}
                }
                match a {
                    UnionAction::Place { space, .. } | UnionAction::BaseAvailable { space }
                        if !self.space_index.contains_key(space) =>
                    {
                        return Err(here(format!("unknown space `{space}`")));
                    }
                    UnionAction::Flip { army, form }
                        if !self
                            .army(army)
                            .is_some_and(|a| a.forms.iter().any(|f| &f.id == form)) =>
                    {
                        return Err(here(format!("army `{army}` has no form `{form}`")));
                    }
                    UnionAction::Commander {
                        leader, replaces, ..
                    } => {
                        if let Some(unknown) = std::iter::once(leader)
                            .chain(replaces)
                            .find(|x| self.union_leader(x).is_none())
                        {
                            return Err(here(format!("unknown Union leader `{unknown}`")));
                        }
                    }
                    UnionAction::Devastate { strategic } if self.strategic(strategic).is_none() => {
                        return Err(here(format!("unknown strategic space `{strategic}`")));
                    }
                    _ => {}
                }
            }
        }
        for year in su.year..su.last_year {
            let n = self
                .deck
                .cards
                .iter()
                .filter(|c| c.kind == CardKind::Headline && c.year == year)
                .count();
            let need = if year == su.year {
                su.first_year_cards
            } else {
                su.cards_per_year
            };
            if n < need.min(su.cards_per_year) {
                return Err(bad(
                    DECK,
                    format!("{year} has {n} Headline cards; at least {need} are needed"),
                ));
            }
        }
        Ok(())
    }

    pub fn space(&self, id: &str) -> &Space {
        &self.map.spaces[self.space_index[id]]
    }

    pub fn has_space(&self, id: &str) -> bool {
        self.space_index.contains_key(id)
    }

    pub fn track(&self, id: &str) -> Option<&Track> {
        self.track_index.get(id).map(|&i| &self.map.tracks[i])
    }

    pub fn card(&self, id: &str) -> &Card {
        &self.deck.cards[self.card_index[id]]
    }

    pub fn has_card(&self, id: &str) -> bool {
        self.card_index.contains_key(id)
    }

    /// The card `id`, if the deck has one.
    pub fn find_card(&self, id: &str) -> Option<&Card> {
        self.card_index.get(id).map(|&i| &self.deck.cards[i])
    }

    pub fn army(&self, id: &str) -> Option<&Army> {
        self.pieces.armies.iter().find(|a| a.id == id)
    }

    pub fn form(&self, army: &str, form: &str) -> &Form {
        self.army(army)
            .and_then(|a| a.forms.iter().find(|f| f.id == form))
            .expect("forms are checked when the state is read")
    }

    pub fn strategic(&self, id: &str) -> Option<&Strategic> {
        self.map.strategic.iter().find(|s| s.id == id)
    }

    pub fn union_leader(&self, id: &str) -> Option<&UnionLeader> {
        self.pieces.union_leaders.iter().find(|l| l.id == id)
    }

    pub fn confederate_leader(&self, id: &str) -> Option<&ConfederateLeader> {
        self.pieces.confederate_leaders.iter().find(|l| l.id == id)
    }

    pub fn resource(&self, id: &str) -> Option<&Resource> {
        self.pieces.resources.iter().find(|r| r.id == id)
    }

    /// The id of the space (of a track, or Strategic) that `text` names, by its id or its
    /// name in any case: orders may name a space as the reports print it.
    pub fn find_space(&self, text: &str) -> Option<&str> {
        let t = text.trim();
        self.map
            .spaces
            .iter()
            .map(|s| (&s.id, &s.name))
            .chain(self.map.strategic.iter().map(|s| (&s.id, &s.name)))
            .find(|(id, name)| id.eq_ignore_ascii_case(t) || name.eq_ignore_ascii_case(t))
            .map(|(id, _)| id.as_str())
    }

    /// The id of the Union army `text` names: its colour in any case.
    pub fn find_army(&self, text: &str) -> Option<&str> {
        let whole = text.trim();
        let t = whole.strip_suffix(" army").unwrap_or(whole);
        let t = t.strip_prefix("the ").unwrap_or(t);
        // By its colour, or by the name of any face it shows (`Army of the Potomac`, as the
        // reports print it): each face belongs to one army.
        self.pieces
            .armies
            .iter()
            .find(|a| a.id.eq_ignore_ascii_case(t))
            .or_else(|| {
                self.pieces.armies.iter().find(|a| {
                    a.forms.iter().any(|f| {
                        f.name.eq_ignore_ascii_case(whole) || f.id.eq_ignore_ascii_case(whole)
                    })
                })
            })
            .map(|a| a.id.as_str())
    }

    /// 7.1: the Union armies' colours, in words, for a message about an army no order may
    /// name: `blue, yellow, brown, green or orange`.
    pub fn army_colours(&self) -> String {
        let ids: Vec<&str> = self.pieces.armies.iter().map(|a| a.id.as_str()).collect();
        crate::engine::error::listed(&ids, "or")
    }

    /// The id of the Resource marker `text` names: its id in any case, or the name printed
    /// on it when only one marker bears that name (`Submarines`, `Commerce Raider`).
    pub fn find_resource(&self, text: &str) -> Option<&str> {
        let t = text.trim();
        if let Some(r) = self
            .pieces
            .resources
            .iter()
            .find(|r| r.id.eq_ignore_ascii_case(t))
        {
            return Some(&r.id);
        }
        let mut named = self
            .pieces
            .resources
            .iter()
            .filter(|r| kind_named(r.kind, t));
        match (named.next(), named.next()) {
            (Some(r), None) => Some(&r.id),
            _ => None,
        }
    }

    /// Whether `text` names the marker `id` by its kind's name, in any case (`Gunboats` names
    /// both Gunboats markers).
    pub fn names_marker(&self, id: &str, text: &str) -> bool {
        self.resource(id).is_some_and(|r| kind_named(r.kind, text))
    }

    pub fn fortification(&self, space: &str) -> Option<&Fortification> {
        self.pieces.fortifications.iter().find(|f| f.space == space)
    }

    pub fn advanced_base(&self, space: &str) -> Option<&AdvancedBase> {
        self.pieces.advanced_bases.iter().find(|b| b.space == space)
    }
}

/// Whether `text` is the name of the Resource markers of `kind`, in any case.
fn kind_named(kind: ResourceKind, text: &str) -> bool {
    crate::games::the_lost_cause::options::resource_name(kind).eq_ignore_ascii_case(text.trim())
}
