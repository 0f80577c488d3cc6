//! The board and components of The Southern Strategy, read from `games/southern-strategy/`
//! and checked before any rule runs: unique ids, two-way movement lines, a connected map,
//! ports that name a sea zone, and a set-up that places real pieces on real areas.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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
    /// Per area: whether `find_area` given exactly its id finds it (no area before it has
    /// that id or name in other case), so the index may answer instead of a scan.
    found_by_id: Vec<bool>,
}

/// The packed short ids (`short_key`) and their places, in a table that multiplication and a
/// shift index without collisions: a lookup is one multiplication and one comparison. The
/// multiplier is searched for when the map is loaded; where none is found (a map of thousands
/// of areas), a hash map does the work.
#[derive(Debug, Clone)]
enum ShortIndex {
    Perfect {
        multiplier: u64,
        shift: u32,
        /// Per slot: the key there and its place, or `u64::MAX` (no id packs to that) for
        /// none.
        slots: Vec<(u64, usize)>,
    },
    Hashed(HashMap<u64, usize, BuildHasherDefault<Fnv>>),
}

impl ShortIndex {
    fn new(keys: Vec<(u64, usize)>) -> ShortIndex {
        let mut m: u64 = 0x9e37_79b9_7f4a_7c15;
        for bits in 6..=12u32 {
            if (1usize << bits) < 2 * keys.len() {
                continue;
            }
            for _ in 0..256 {
                // The multipliers run through an odd Weyl sequence: fixed, so every load of a
                // map builds the same table.
                m = m.wrapping_add(0x6a09_e667_f3bc_c909) | 1;
                let shift = 64 - bits;
                let mut slots = vec![(u64::MAX, 0); 1 << bits];
                let fits = keys.iter().all(|&(k, i)| {
                    let s = &mut slots[(k.wrapping_mul(m) >> shift) as usize];
                    let free = s.0 == u64::MAX;
                    *s = (k, i);
                    free
                });
                if fits {
                    return ShortIndex::Perfect {
                        multiplier: m,
                        shift,
                        slots,
                    };
                }
            }
        }
        ShortIndex::Hashed(keys.into_iter().collect())
    }

    fn get(&self, k: u64) -> Option<usize> {
        match self {
            ShortIndex::Perfect {
                multiplier,
                shift,
                slots,
            } => {
                let (key, i) = slots[(k.wrapping_mul(*multiplier) >> shift) as usize];
                (key == k).then_some(i)
            }
            ShortIndex::Hashed(map) => map.get(&k).copied(),
        }
    }
}

/// An id of at most 7 bytes as one number: its bytes, and its length in the top byte so
/// that no two ids share a key. `None` for a longer id, which the string index finds.
fn short_key(id: &str) -> Option<u64> {
    Id::new(id).key().and_then(short_of)
}

/// `short_key` of the id whose inline key (the number `Id` compares by: its bytes big-endian,
/// zero-padded, with the length in the last byte) is `k`.
fn short_of(k: u128) -> Option<u64> {
    let len = (k & 0xff) as u64;
    // The first 8 bytes, the eighth zero for an id this short, read little-endian.
    (len <= 7).then(|| ((k >> 64) as u64).swap_bytes() | (len << 56))
}

/// FNV-1a: area ids are a few letters, and the rules look them up all the time; SipHash's
/// protection against chosen keys buys nothing for a fixed map.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }

    /// A packed id (`short_key`) is mixed in one multiplication, folded so that its low bits,
    /// which pick the bucket, depend on every byte.
    fn write_u64(&mut self, x: u64) {
        let h = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ (h >> 29);
    }
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
        let data = Data {
            map,
            tracks,
            pieces,
            setup,
            board,
            index,
            short,
            adjacent_at,
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

    /// The area at place `i` of the map's list.
    pub fn area_at(&self, i: usize) -> &Area {
        &self.map.areas[i]
    }

    /// Finds an area by id or name, ignoring case, as players write them in orders.
    pub fn find_area(&self, text: &str) -> Option<&Area> {
        let t = text.trim();
        match self.position(t) {
            Some(i) if self.found_by_id[i] => Some(&self.map.areas[i]),
            _ => self.scan_area(t),
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
        let t = text.trim();
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
