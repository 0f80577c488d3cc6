//! The board and components of The Southern Strategy, read from `games/southern-strategy/`
//! and checked before any rule runs: unique ids, two-way movement lines, a connected map,
//! ports that name a sea zone, and a set-up that places real pieces on real areas.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::BuildHasherDefault;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::area_index::{short_key, short_of, Fnv, ShortIndex};
use super::id_map::Key;
use super::state::{Id, Side};
use crate::engine::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaType {
    City,
    Fort,
    Point,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub id: Id,
    pub name: String,
    pub colony: Id,
    #[serde(rename = "type")]
    pub kind: AreaType,
    #[serde(default)]
    pub port: bool,
    #[serde(default)]
    pub sea: Option<Id>,
    pub adjacent: Vec<Id>,
}

impl Area {
    /// Cities and Forts store supplies and give the defensive bonus (2.1).
    pub fn is_city_or_fort(&self) -> bool {
        matches!(self.kind, AreaType::City | AreaType::Fort)
    }

    /// A City on the coast (2.1), whose sea zone a navy may hold for a siege (11.0).
    pub fn is_port_city(&self) -> bool {
        self.port && self.kind == AreaType::City
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Colony {
    pub id: Id,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaZone {
    pub id: Id,
    pub name: String,
    pub adjacent: Vec<Id>,
}

/// Where the board picture draws an area or sea zone (`board.yaml`, not pinned by games).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub lat: f64,
    pub lon: f64,
    /// The side of its marker the picture tries first for the area's name; it takes another
    /// when that one is crowded.
    #[serde(default)]
    pub label: Option<LabelSide>,
}

/// Where an area's name goes beside its marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LabelSide {
    Above,
    Below,
    Left,
    Right,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub format: String,
    pub kind: String,
    pub areas: BTreeMap<String, Place>,
    pub sea_zones: BTreeMap<String, Place>,
    /// Where each colony's name is written across its areas.
    pub colonies: BTreeMap<String, Place>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub format: String,
    pub kind: String,
    pub colonies: Vec<Colony>,
    pub sea_zones: Vec<SeaZone>,
    pub areas: Vec<Area>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tracks {
    pub format: String,
    pub kind: String,
    pub campaign_turn: CampaignTurnTrack,
    pub pass_track: PassTrack,
    pub political_will: PoliticalWillTrack,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignTurnTrack {
    pub spaces: u8,
    pub winter: Vec<u8>,
    pub start_space: u8,
    pub start_year: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassTrack {
    pub spaces: Vec<u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoliticalWillTrack {
    pub min: u8,
    pub max: u8,
    pub start: u8,
    pub naval: Vec<NavalSpace>,
    pub year_end_loss: YearEndLoss,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalSpace {
    pub space: u8,
    pub colour: String,
    pub modifier: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YearEndLoss {
    pub first: u8,
    pub later: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub format: String,
    pub kind: String,
    pub units: BTreeMap<Side, u32>,
    pub supplies: SupplyLimits,
    pub partisan_boxes_per_colony: u32,
    pub irregulars: IrregularPools,
    pub leaders: Leaders,
    pub storage_limit: u32,
    /// How adjutant reads rules its first edition read against the text.
    #[serde(default)]
    pub readings: super::readings::Readings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyLimits {
    pub food: u32,
    pub war: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IrregularPools {
    pub militia: BTreeMap<String, u32>,
    pub loyalists: BTreeMap<String, u32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leaders {
    pub crown: String,
    pub patriot: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub format: String,
    pub kind: String,
    pub political_will: u8,
    pub fort_war_supply: u32,
    pub armies: Vec<SetupArmy>,
    pub navies: BTreeMap<Side, Id>,
    pub cup: Vec<SetupChits>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupArmy {
    pub side: Side,
    pub area: String,
    pub units: u32,
    #[serde(default)]
    pub leader: bool,
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub war: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupChits {
    pub side: Side,
    pub colony: String,
    pub count: u32,
}

/// All the data, checked, with an index by area id.
#[derive(Debug, Clone)]
pub struct Data {
    pub map: Map,
    pub tracks: Tracks,
    pub pieces: Pieces,
    pub setup: Setup,
    pub board: Board,
    index: HashMap<String, usize, BuildHasherDefault<Fnv>>,
    /// The same index for the short ids every map uses, packed into a number (`short_key`):
    /// the rules look areas up all the time, and a number compares in one step where a string
    /// takes a call to `memcmp`.
    short: ShortIndex,
    /// Each area's adjacent areas by their place in the map's list, for walks over the map
    /// (supply lines) that would otherwise look every id up again.
    adjacent_at: Vec<Vec<usize>>,
    /// Each area's colony by its place in the map's list of colonies, and each colony's areas
    /// by their places, in the map's order: the irregulars' options (8.0) go through a
    /// colony's areas at every step.
    colony_at: Vec<Option<usize>>,
    colony_areas: Vec<Vec<usize>>,
    /// The places of the ports on each sea zone (2.1), by the zone's place in the map's list.
    zone_ports: Vec<Vec<usize>>,
    /// Per area: whether `find_area` given exactly its id finds it (no area before it has
    /// that id or name in other case), so the index may answer instead of a scan.
    found_by_id: Vec<bool>,
}

pub const MAP: &str = "map.yaml";
pub const TRACKS: &str = "tracks.yaml";
pub const PIECES: &str = "pieces.yaml";
pub const SETUP: &str = "setup.yaml";
pub const BOARD: &str = "board.yaml";

fn parse<T: DeserializeOwned>(files: &[(String, String)], name: &str) -> Result<T, Error> {
    let text = crate::engine::game::data_file(files, name)?;
    serde_yaml::from_str(text).map_err(|e| Error::Data {
        file: name.into(),
        entry: e
            .location()
            .map(|l| format!("line {}", l.line()))
            .unwrap_or_else(|| "-".into()),
        message: e.to_string(),
    })
}

impl Data {
    pub fn load(files: &[(String, String)]) -> Result<Data, Error> {
        let map: Map = parse(files, MAP)?;
        let tracks: Tracks = parse(files, TRACKS)?;
        let pieces: Pieces = parse(files, PIECES)?;
        let setup: Setup = parse(files, SETUP)?;
        let board: Board = parse(files, BOARD)?;
        let index: HashMap<String, usize, BuildHasherDefault<Fnv>> = map
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id.to_string(), i))
            .collect();
        let short = ShortIndex::new(
            map.areas
                .iter()
                .enumerate()
                .filter_map(|(i, a)| Some((short_key(&a.id)?, i)))
                .collect(),
        );
        // An adjacent id that is no area is left out here; `check` refuses such a map.
        let adjacent_at = map
            .areas
            .iter()
            .map(|a| {
                a.adjacent
                    .iter()
                    .filter_map(|b| index.get(b.as_str()).copied())
                    .collect()
            })
            .collect();
        // A colony or sea zone that is not listed is left out here; `check` refuses the map.
        let colony_at: Vec<Option<usize>> = map
            .areas
            .iter()
            .map(|a| map.colonies.iter().position(|c| c.id == a.colony))
            .collect();
        let colony_areas = (0..map.colonies.len())
            .map(|c| {
                (0..map.areas.len())
                    .filter(|&i| colony_at[i] == Some(c))
                    .collect()
            })
            .collect();
        let zone_ports = map
            .sea_zones
            .iter()
            .map(|z| {
                (0..map.areas.len())
                    .filter(|&i| map.areas[i].port && map.areas[i].sea == Some(z.id))
                    .collect()
            })
            .collect();
        let data = Data {
            map,
            tracks,
            pieces,
            setup,
            board,
            index,
            short,
            adjacent_at,
            colony_at,
            colony_areas,
            zone_ports,
            found_by_id: Vec::new(),
        };
        let found_by_id = (0..data.map.areas.len())
            .map(|i| {
                let id = &data.map.areas[i].id;
                data.scan_area(id)
                    .map(|a| std::ptr::eq(a, &data.map.areas[i]))
                    == Some(true)
            })
            .collect();
        let data = Data {
            found_by_id,
            ..data
        };
        data.check()?;
        Ok(data)
    }

    /// A colony's name (`South Carolina` for `SC`), or the id itself if the map has none.
    pub fn colony_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.map
            .colonies
            .iter()
            .find(|c| c.id == id)
            .map_or(id, |c| c.name.as_str())
    }

    pub fn area(&self, id: &(impl Key + ?Sized)) -> &Area {
        &self.map.areas[self.position(id).expect("an area of the map")]
    }

    /// Where the area `id` comes in the map's list, which is the order the rules go through
    /// the areas in.
    pub fn position(&self, id: &(impl Key + ?Sized)) -> Option<usize> {
        match id.inline_key().and_then(short_of) {
            Some(k) => self.short.get(k),
            None => self.index.get(id.as_id_str()).copied(),
        }
    }

    pub fn has_area(&self, id: &str) -> bool {
        self.position(id).is_some()
    }

    /// The areas adjacent to the area at place `i` of the map's list, by their places.
    pub fn adjacent_at(&self, i: usize) -> &[usize] {
        &self.adjacent_at[i]
    }

    /// The place in the map's list of colonies of the colony of the area at place `i`.
    pub fn colony_at(&self, i: usize) -> Option<usize> {
        self.colony_at[i]
    }

    /// The places of the areas of the colony at place `c` of the map's list, in the map's
    /// order.
    pub fn colony_areas(&self, c: usize) -> &[usize] {
        &self.colony_areas[c]
    }

    /// The places of the Port Cities (and anchored Points) on sea zone `zone` (2.1), in the
    /// map's order; none for a zone the map does not have.
    pub fn ports_at(&self, zone: &Id) -> &[usize] {
        self.map
            .sea_zones
            .iter()
            .position(|z| z.id == *zone)
            .map_or(&[], |z| &self.zone_ports[z])
    }

    /// The area at place `i` of the map's list.
    pub fn area_at(&self, i: usize) -> &Area {
        &self.map.areas[i]
    }

    /// Finds an area by id or name, ignoring case, as players write them in orders.
    pub fn find_area(&self, text: &str) -> Option<&Area> {
        let t = trimmed(text);
        match self.position(t) {
            Some(i) if self.found_by_id[i] => Some(&self.map.areas[i]),
            _ => self.scan_area(t),
        }
    }

    /// `find_area` of an area as orders hold it, an `Id`: an id of the map, as self-play and
    /// most players write it, is placed by its key, without trimming or reading its text
    /// again. Anything else (a name, another case, spaces) is read as `find_area` reads it.
    pub fn find_area_key(&self, key: &(impl Key + ?Sized)) -> Option<&Area> {
        match self.position(key) {
            Some(i) if self.found_by_id[i] => Some(&self.map.areas[i]),
            _ => self.find_area(key.as_id_str()),
        }
    }

    /// The area a player most likely meant by `text`, which names none (2.1): the one whose
    /// name or id it spells but for case, spaces and punctuation ("Snows Island" for
    /// "Snow's Island"), else the one nearest it by a typing slip or two ("Savanah"). Only an
    /// error message reads it: orders are never read as naming an area they do not name.
    pub fn area_meant(&self, text: &str) -> Option<&Area> {
        let folded = |t: &str| -> Vec<char> {
            t.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let t = folded(text);
        if t.is_empty() {
            return None;
        }
        // The slips allowed: one in a short word, two in a longer one (a third of it at most).
        let allowed = (t.len() / 3).clamp(1, 2);
        self.map
            .areas
            .iter()
            .filter_map(|a| {
                // Lengths further apart than the slips allowed cannot be that near, and a
                // huge text is not compared letter by letter with every name.
                let near = |name: Vec<char>| {
                    (name.len().abs_diff(t.len()) <= allowed).then(|| slips(&t, &name))
                };
                let d = near(folded(&a.name))
                    .into_iter()
                    .chain(near(folded(a.id.as_str())))
                    .min()?;
                (d <= allowed).then_some((d, a))
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, a)| a)
    }

    /// What a player who named `text` for an area is told: the area `area_meant` finds, else
    /// how an area is named.
    pub fn area_hint(&self, text: &str) -> String {
        match self.area_meant(text) {
            Some(a) => format!("; did you mean `{}`?", a.name),
            None => " (give its id, such as `CHS`, or its name)".into(),
        }
    }

    /// `find_area` by going through the map's list.
    fn scan_area(&self, t: &str) -> Option<&Area> {
        self.map
            .areas
            .iter()
            .find(|a| a.id.eq_ignore_ascii_case(t) || a.name.eq_ignore_ascii_case(t))
    }

    pub fn areas(&self) -> impl Iterator<Item = &Area> {
        self.map.areas.iter()
    }

    pub fn adjacent(&self, a: &str, b: &str) -> bool {
        self.area(a).adjacent.iter().any(|x| x == b)
    }

    /// Finds a sea zone by id or name, ignoring case.
    pub fn find_sea(&self, text: &str) -> Option<&SeaZone> {
        let t = trimmed(text);
        self.map
            .sea_zones
            .iter()
            .find(|z| z.id.eq_ignore_ascii_case(t) || z.name.eq_ignore_ascii_case(t))
    }

    pub fn seas_adjacent(&self, a: &str, b: &str) -> bool {
        self.map
            .sea_zones
            .iter()
            .any(|z| z.id == a && z.adjacent.iter().any(|x| x == b))
    }

    /// The Port Cities (and anchored Points) on a sea zone (2.1).
    pub fn ports_on(&self, zone: &str) -> impl Iterator<Item = &Area> {
        let zone = zone.to_string();
        self.map
            .areas
            .iter()
            .filter(move |a| a.port && a.sea.as_deref() == Some(zone.as_str()))
    }

    pub fn is_winter(&self, space: u8) -> bool {
        self.tracks.campaign_turn.winter.contains(&space)
    }

    fn check(&self) -> Result<(), Error> {
        let err = |file: &str, entry: &str, message: String| Error::Data {
            file: file.into(),
            entry: entry.into(),
            message,
        };
        for (file, format, kind, want) in [
            (MAP, &self.map.format, &self.map.kind, "map"),
            (TRACKS, &self.tracks.format, &self.tracks.kind, "tracks"),
            (PIECES, &self.pieces.format, &self.pieces.kind, "pieces"),
            (SETUP, &self.setup.format, &self.setup.kind, "setup"),
            (BOARD, &self.board.format, &self.board.kind, "board"),
        ] {
            if format != "adjutant-data/1" || kind != want {
                return Err(err(
                    file,
                    "format",
                    format!("expected `adjutant-data/1` of kind `{want}`"),
                ));
            }
        }
        let colonies: BTreeSet<&str> = self.map.colonies.iter().map(|c| c.id.as_str()).collect();
        let seas: BTreeSet<&str> = self.map.sea_zones.iter().map(|s| s.id.as_str()).collect();
        let mut seen = BTreeSet::new();
        for id in self
            .map
            .colonies
            .iter()
            .map(|c| c.id.as_str())
            .chain(self.map.sea_zones.iter().map(|s| s.id.as_str()))
            .chain(self.map.areas.iter().map(|a| a.id.as_str()))
        {
            if !seen.insert(id) {
                return Err(err(MAP, id, "the id is used twice".into()));
            }
        }
        for a in &self.map.areas {
            if !colonies.contains(a.colony.as_str()) {
                return Err(err(
                    MAP,
                    &a.id,
                    format!("colony `{}` is not listed", a.colony),
                ));
            }
            match (&a.sea, a.port) {
                (Some(s), true) if seas.contains(s.as_str()) => {}
                (Some(s), true) => {
                    return Err(err(
                        MAP,
                        &a.id,
                        format!("port names sea zone `{s}`, which does not exist"),
                    ))
                }
                (None, true) => {
                    return Err(err(MAP, &a.id, "a port must name its sea zone".into()))
                }
                (Some(_), false) => {
                    return Err(err(
                        MAP,
                        &a.id,
                        "only a port borders a sea zone (add `port: true`)".into(),
                    ))
                }
                (None, false) => {}
            }
            for b in &a.adjacent {
                if b == &a.id {
                    return Err(err(
                        MAP,
                        &a.id,
                        "an area cannot be adjacent to itself".into(),
                    ));
                }
                if !self.index.contains_key(b.as_str()) {
                    return Err(err(
                        MAP,
                        &a.id,
                        format!("adjacent area `{b}` does not exist"),
                    ));
                }
                if !self.area(b).adjacent.contains(&a.id) {
                    return Err(err(
                        MAP,
                        &a.id,
                        format!(
                            "the movement line to `{b}` is one-way: `{b}` does not list `{}`",
                            a.id
                        ),
                    ));
                }
            }
        }
        for s in &self.map.sea_zones {
            for b in &s.adjacent {
                let ok = self
                    .map
                    .sea_zones
                    .iter()
                    .any(|z| &z.id == b && z.adjacent.contains(&s.id));
                if !ok {
                    return Err(err(
                        MAP,
                        &s.id,
                        format!("sea zone adjacency to `{b}` is not two-way"),
                    ));
                }
            }
        }
        // Connected: every area reachable from the first along movement lines.
        if let Some(first) = self.map.areas.first() {
            let mut reached = BTreeSet::from([first.id.as_str()]);
            let mut todo = vec![first.id.as_str()];
            while let Some(a) = todo.pop() {
                for b in &self.area(a).adjacent {
                    if reached.insert(b.as_str()) {
                        todo.push(b.as_str());
                    }
                }
            }
            if let Some(lost) = self
                .map
                .areas
                .iter()
                .find(|a| !reached.contains(a.id.as_str()))
            {
                return Err(err(
                    MAP,
                    &lost.id,
                    format!(
                        "cannot be reached from `{}`: the map is not connected",
                        first.id
                    ),
                ));
            }
        }
        for id in self
            .map
            .areas
            .iter()
            .map(|a| a.id.as_str())
            .chain(self.map.sea_zones.iter().map(|z| z.id.as_str()))
        {
            if !self.board.areas.contains_key(id) && !self.board.sea_zones.contains_key(id) {
                return Err(err(BOARD, id, "has no place on the board picture".into()));
            }
        }
        for c in &self.map.colonies {
            if !self.board.colonies.contains_key(c.id.as_str()) {
                return Err(err(
                    BOARD,
                    &c.id,
                    "is a colony with no place for its name".into(),
                ));
            }
        }
        if let Some(id) = self
            .board
            .areas
            .keys()
            .find(|id| !self.index.contains_key(*id))
        {
            return Err(err(BOARD, id, "is not an area of the map".into()));
        }
        if let Some(id) = self
            .board
            .sea_zones
            .keys()
            .find(|id| !seas.contains(id.as_str()))
        {
            return Err(err(BOARD, id, "is not a sea zone of the map".into()));
        }
        let pw = &self.tracks.political_will;
        if !(pw.min..=pw.max).contains(&pw.start)
            || !(pw.min..=pw.max).contains(&self.setup.political_will)
        {
            return Err(err(
                TRACKS,
                "political_will",
                "the start lies off the track".into(),
            ));
        }
        let ct = &self.tracks.campaign_turn;
        if ct.start_space < 1 || ct.start_space > ct.spaces {
            return Err(err(
                TRACKS,
                "campaign_turn",
                "the start space lies off the track".into(),
            ));
        }
        for c in colonies.iter() {
            if !self.pieces.irregulars.militia.contains_key(*c)
                || !self.pieces.irregulars.loyalists.contains_key(*c)
            {
                return Err(err(
                    PIECES,
                    "irregulars",
                    format!("no pool for colony `{c}`"),
                ));
            }
        }
        let mut units: BTreeMap<Side, u32> = BTreeMap::new();
        let mut leaders = BTreeSet::new();
        let mut placed = BTreeSet::new();
        for (i, a) in self.setup.armies.iter().enumerate() {
            let entry = format!("armies[{i}]");
            if !self.index.contains_key(&a.area) {
                return Err(err(
                    SETUP,
                    &entry,
                    format!("area `{}` does not exist", a.area),
                ));
            }
            if !placed.insert(a.area.as_str()) {
                return Err(err(SETUP, &entry, format!("a second army in `{}`", a.area)));
            }
            if a.units == 0 {
                return Err(err(SETUP, &entry, "an army needs at least one unit".into()));
            }
            if a.leader && !leaders.insert(a.side) {
                return Err(err(SETUP, &entry, "a side has one leader".into()));
            }
            *units.entry(a.side).or_default() += a.units;
            if a.food + a.war > self.pieces.storage_limit {
                return Err(err(
                    SETUP,
                    &entry,
                    "more supplies than an area may hold".into(),
                ));
            }
        }
        for (side, n) in units {
            if n > self.pieces.units.get(&side).copied().unwrap_or(0) {
                return Err(err(
                    SETUP,
                    "armies",
                    format!("`{side}` places more units than the pieces allow"),
                ));
            }
        }
        for (side, zone) in &self.setup.navies {
            if !seas.contains(zone.as_str()) {
                return Err(err(
                    SETUP,
                    "navies",
                    format!("the {side} navy's sea zone `{zone}` does not exist"),
                ));
            }
        }
        for (i, c) in self.setup.cup.iter().enumerate() {
            let pool = match c.side {
                Side::Crown => &self.pieces.irregulars.loyalists,
                Side::Patriot => &self.pieces.irregulars.militia,
            };
            match pool.get(&c.colony) {
                Some(&n) if n >= c.count => {}
                Some(_) => {
                    return Err(err(
                        SETUP,
                        &format!("cup[{i}]"),
                        "more chits than the pool holds".into(),
                    ))
                }
                None => {
                    return Err(err(
                        SETUP,
                        &format!("cup[{i}]"),
                        format!("colony `{}` does not exist", c.colony),
                    ))
                }
            }
        }
        Ok(())
    }

    /// `position` of an `Id`, for a loop that places many (the options' board): the usual
    /// case, a short id in the perfect table, is worked out inline, without the calls.
    #[inline]
    pub fn position_of_id(&self, id: &Id) -> Option<usize> {
        if let (
            Some(k),
            ShortIndex::Perfect {
                multiplier,
                shift,
                slots,
            },
        ) = (id.key().and_then(short_of), &self.short)
        {
            let (key, i) = slots[(k.wrapping_mul(*multiplier) >> shift) as usize];
            return (key == k).then_some(i);
        }
        self.position(id)
    }
}

/// The edits (a letter put in, left out or changed, two neighbours swapped) that turn `a`
/// into `b`: the optimal string alignment distance.
fn slips(a: &[char], b: &[char]) -> usize {
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * w + j] = if i == 0 || j == 0 {
                i + j
            } else {
                let mut best = (d[(i - 1) * w + j] + 1)
                    .min(d[i * w + j - 1] + 1)
                    .min(d[(i - 1) * w + j - 1] + usize::from(a[i - 1] != b[j - 1]));
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * w + j - 2] + 1);
                }
                best
            };
        }
    }
    d[a.len() * w + b.len()]
}

/// `text.trim()`, without its work where both ends are printable ASCII, as ids and names
/// usually are: orders name an area or zone at almost every trial run, and trimming took
/// about half of finding one.
fn trimmed(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

#[cfg(test)]
mod tests {
    /// A slip is a letter put in, left out or changed, or two neighbours swapped.
    #[test]
    fn slips_count_typing_slips() {
        let s = |a: &str, b: &str| {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            super::slips(&a, &b)
        };
        assert_eq!(s("savannah", "savannah"), 0);
        assert_eq!(s("savanah", "savannah"), 1);
        assert_eq!(s("svaannah", "savannah"), 1);
        assert_eq!(s("camdne", "camden"), 1);
        assert_eq!(s("", "sav"), 3);
        assert_eq!(s("boston", "beaufort"), 6);
    }

    /// The quick way through `trimmed` gives what `trim` gives, white space of any kind at
    /// either end or none.
    #[test]
    fn trimmed_is_trim() {
        for t in [
            "SAV",
            " SAV",
            "SAV ",
            "Ninety Six",
            "\u{a0}SAV",
            "SAV\u{2003}",
            "",
            " ",
            "é",
            "a\tb",
        ] {
            assert_eq!(super::trimmed(t), t.trim(), "{t:?}");
        }
    }
}
