//! `IdMap` and `IdSet`, the state's maps keyed by area, colony or sea zone id: sorted lists
//! instead of a `BTreeMap`. The state holds a few dozen entries at most, and self-play copies it
//! once for every order it tries. A list copies in one allocation where a tree copies node by
//! node, and the rules look an area up dozens of times a step: beside its entries each list
//! keeps their ids' sort keys (`Id::sort_key`), so a lookup is a binary search over numbers.
//!
//! Both read and write exactly as `BTreeMap` and `BTreeSet` do: a map (or a list) in key
//! order. A game file therefore keeps its bytes. When a key is written twice, the last value
//! is kept, as the tree keeps it.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::id::{Id, LONG};

/// What the maps may be searched by: an `Id`, or a string that is one.
pub trait Key {
    fn as_id_str(&self) -> &str;
    /// The number the key compares by when it is an inline id (see `Id`'s `Ord`).
    fn inline_key(&self) -> Option<u128>;
    /// `Id::sort_key` of the key.
    fn sort_key(&self) -> u128;
    /// The key as an `Id`, for a new entry: an `Id` is copied, a string made into one.
    fn to_id(&self) -> Id;
}

impl Key for Id {
    #[inline]
    fn as_id_str(&self) -> &str {
        self.as_str()
    }

    #[inline]
    fn inline_key(&self) -> Option<u128> {
        self.key()
    }

    #[inline]
    fn sort_key(&self) -> u128 {
        Id::sort_key(self)
    }

    #[inline]
    fn to_id(&self) -> Id {
        *self
    }
}

impl Key for str {
    #[inline]
    fn as_id_str(&self) -> &str {
        self
    }

    #[inline]
    fn inline_key(&self) -> Option<u128> {
        Id::key_of(self)
    }

    #[inline]
    fn sort_key(&self) -> u128 {
        Id::sort_key_of(self)
    }

    #[inline]
    fn to_id(&self) -> Id {
        Id::new(self)
    }
}

/// As its `str`.
impl Key for String {
    #[inline]
    fn as_id_str(&self) -> &str {
        self
    }

    #[inline]
    fn inline_key(&self) -> Option<u128> {
        self.as_str().inline_key()
    }

    #[inline]
    fn sort_key(&self) -> u128 {
        self.as_str().sort_key()
    }

    #[inline]
    fn to_id(&self) -> Id {
        Id::new(self)
    }
}

impl<K: Key + ?Sized> Key for &K {
    #[inline]
    fn as_id_str(&self) -> &str {
        (**self).as_id_str()
    }

    #[inline]
    fn inline_key(&self) -> Option<u128> {
        (**self).inline_key()
    }

    #[inline]
    fn sort_key(&self) -> u128 {
        (**self).sort_key()
    }

    #[inline]
    fn to_id(&self) -> Id {
        (**self).to_id()
    }
}

/// An entry of a sorted list: something with an id.
pub trait Entry {
    fn id(&self) -> &Id;
}

impl<V> Entry for (Id, V) {
    #[inline]
    fn id(&self) -> &Id {
        &self.0
    }
}

impl Entry for Id {
    #[inline]
    fn id(&self) -> &Id {
        self
    }
}

/// Entries sorted by their ids, each beside its id's sort key, in one list: a copy of the
/// state then copies each map in one allocation.
#[derive(PartialEq, Eq)]
struct Sorted<T> {
    items: Vec<(u128, T)>,
}

/// `clone_from` copies into the list's own allocation: self-play copies the state into the
/// same scratch state for every order it tries.
impl<T: Clone> Clone for Sorted<T> {
    fn clone(&self) -> Self {
        Sorted {
            items: self.items.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.items.clone_from(&source.items);
    }
}

impl<T> Default for Sorted<T> {
    fn default() -> Self {
        Sorted { items: Vec::new() }
    }
}

impl<T: Entry> Sorted<T> {
    /// Where the id `key` is, or where it would go. An inline key is unique to its id, so
    /// the keys alone find it; a long one is found by its string.
    #[inline]
    fn find(&self, key: &(impl Key + ?Sized)) -> Result<usize, usize> {
        let k = key.sort_key();
        if k as u8 == LONG {
            self.items
                .binary_search_by(|(_, x)| x.id().as_str().cmp(key.as_id_str()))
        } else {
            // The state's maps hold a dozen entries or so: a straight pass over their keys
            // costs no more than halving, and its branches are predictable.
            match self.items.iter().position(|(n, _)| *n >= k) {
                Some(i) if self.items[i].0 == k => Ok(i),
                Some(i) => Err(i),
                None => Err(self.items.len()),
            }
        }
    }

    fn insert_at(&mut self, i: usize, item: T) {
        self.items.insert(i, (item.id().sort_key(), item));
    }

    fn remove_at(&mut self, i: usize) -> T {
        self.items.remove(i).1
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.items.iter().map(|(_, x)| x)
    }

    fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> {
        self.items.iter_mut().map(|(_, x)| x)
    }

    fn get(&self, i: usize) -> &T {
        &self.items[i].1
    }

    fn get_mut(&mut self, i: usize) -> &mut T {
        &mut self.items[i].1
    }

    /// From entries in any order; of entries with the same id, the last is kept.
    fn from_unsorted(mut items: Vec<T>) -> Self {
        // A stable sort keeps equal ids in their order, so keeping the last of each run
        // keeps the entry written last.
        items.sort_by(|a, b| a.id().cmp(b.id()));
        let mut out: Vec<(u128, T)> = Vec::with_capacity(items.len());
        for x in items {
            match out.last_mut() {
                Some(last) if last.1.id() == x.id() => last.1 = x,
                _ => out.push((x.id().sort_key(), x)),
            }
        }
        Sorted { items: out }
    }
}

/// A walk through a sorted list that finds ids asked for in increasing order: each search
/// goes on from where the last one stopped, comparing the stored sort keys as numbers. Rules
/// that go through one map and ask at each of its ids whether another map has it (whose army
/// is on each area holding supplies, say) find every entry in one pass over both lists.
pub struct Cursor<'s, T> {
    /// The entries not passed over yet.
    rest: &'s [(u128, T)],
}

impl<'s, T: Entry> Cursor<'s, T> {
    /// The entry with the id `id`, whose sort key is `k`, which must not come before an id
    /// asked for earlier.
    #[inline]
    fn seek(&mut self, k: u128, id: &Id) -> Option<&'s T> {
        if k as u8 == LONG {
            return self.seek_long(k, id);
        }
        // An inline key is its id's alone: the numbers decide.
        while let [(n, _), rest @ ..] = self.rest {
            if *n >= k {
                break;
            }
            self.rest = rest;
        }
        match self.rest {
            [(n, x), rest @ ..] if *n == k => {
                self.rest = rest;
                Some(x)
            }
            _ => None,
        }
    }

    /// `seek` for a long id: long ids may share a sort key, and among them their text decides.
    #[cold]
    fn seek_long(&mut self, k: u128, id: &Id) -> Option<&'s T> {
        while let [(n, x), rest @ ..] = self.rest {
            if *n > k || (*n == k && x.id() >= id) {
                break;
            }
            self.rest = rest;
        }
        match self.rest {
            [(n, x), rest @ ..] if *n == k && x.id() == id => {
                self.rest = rest;
                Some(x)
            }
            _ => None,
        }
    }
}

impl<'s, V> Cursor<'s, (Id, V)> {
    /// The value at `id` (see `Cursor`).
    #[inline]
    pub fn get(&mut self, id: &Id) -> Option<&'s V> {
        self.seek(id.sort_key(), id).map(|(_, v)| v)
    }

    /// `get` for an id whose sort key is known (see `IdMap::iter_keyed`).
    #[inline]
    pub fn get_keyed(&mut self, k: u128, id: &Id) -> Option<&'s V> {
        self.seek(k, id).map(|(_, v)| v)
    }
}

impl Cursor<'_, Id> {
    /// Whether the set has `id` (see `Cursor`).
    #[inline]
    pub fn contains(&mut self, id: &Id) -> bool {
        self.seek(id.sort_key(), id).is_some()
    }

    /// `contains` for an id whose sort key is known (see `IdMap::iter_keyed`).
    #[inline]
    pub fn contains_keyed(&mut self, k: u128, id: &Id) -> bool {
        self.seek(k, id).is_some()
    }
}

/// A map from `Id` to `V`, in key order.
#[derive(PartialEq, Eq)]
pub struct IdMap<V>(Sorted<(Id, V)>);

impl<V: Clone> Clone for IdMap<V> {
    fn clone(&self) -> Self {
        IdMap(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap(Sorted::default())
    }
}

impl<V> IdMap<V> {
    pub fn new() -> Self {
        IdMap::default()
    }

    #[inline]
    pub fn get(&self, key: &(impl Key + ?Sized)) -> Option<&V> {
        self.0.find(key).ok().map(|i| &self.0.get(i).1)
    }

    #[inline]
    pub fn get_mut(&mut self, key: &(impl Key + ?Sized)) -> Option<&mut V> {
        match self.0.find(key) {
            Ok(i) => Some(&mut self.0.get_mut(i).1),
            Err(_) => None,
        }
    }

    pub fn contains_key(&self, key: &(impl Key + ?Sized)) -> bool {
        self.0.find(key).is_ok()
    }

    /// Sets `key` to `value`, and returns the value it had.
    pub fn insert(&mut self, key: Id, value: V) -> Option<V> {
        match self.0.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0.get_mut(i).1, value)),
            Err(i) => {
                self.0.insert_at(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &(impl Key + ?Sized)) -> Option<V> {
        self.0.find(key).ok().map(|i| self.0.remove_at(i).1)
    }

    /// The value at `key`, put there by `make` when there is none.
    pub fn get_or_insert_with(&mut self, key: Id, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.0.find(&key) {
            Ok(i) => i,
            Err(i) => {
                self.0.insert_at(i, (key, make()));
                i
            }
        };
        &mut self.0.get_mut(i).1
    }

    /// The value at `key`, its default put there when there is none.
    pub fn get_or_default(&mut self, key: Id) -> &mut V
    where
        V: Default,
    {
        self.get_or_insert_with(key, V::default)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }

    pub fn clear(&mut self) {
        self.0.items.clear();
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Id, &V)> + ExactSizeIterator {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&Id, &mut V)> {
        self.0.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Id> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.0.iter().map(|(_, v)| v)
    }

    /// The entries in key order, each with its id's sort key (`Id::sort_key`), which a
    /// `Cursor` walking another map alongside then need not work out again.
    pub fn iter_keyed(&self) -> impl Iterator<Item = (u128, &Id, &V)> {
        self.0.items.iter().map(|(n, (k, v))| (*n, k, v))
    }

    /// A walk that finds ids asked for in increasing order (see `Cursor`).
    pub fn cursor(&self) -> Cursor<'_, (Id, V)> {
        Cursor {
            rest: &self.0.items,
        }
    }
}

impl<V> FromIterator<(Id, V)> for IdMap<V> {
    /// Later entries win over earlier ones with the same key.
    fn from_iter<I: IntoIterator<Item = (Id, V)>>(items: I) -> Self {
        IdMap(Sorted::from_unsorted(items.into_iter().collect()))
    }
}

impl<V> IntoIterator for IdMap<V> {
    type Item = (Id, V);
    type IntoIter =
        std::iter::Map<std::vec::IntoIter<(u128, (Id, V))>, fn((u128, (Id, V))) -> (Id, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.items.into_iter().map(|(_, x)| x)
    }
}

impl<'m, V> IntoIterator for &'m IdMap<V> {
    type Item = (&'m Id, &'m V);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'m, (u128, (Id, V))>, fn(&(u128, (Id, V))) -> (&Id, &V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.items.iter().map(|(_, (k, v))| (k, v))
    }
}

/// `map["SAV"]`, which panics when the key is missing, as the tree's does.
impl<V> std::ops::Index<&str> for IdMap<V> {
    type Output = V;

    fn index(&self, key: &str) -> &V {
        self.get(key).expect("no entry for the key")
    }
}

impl<V: fmt::Debug> fmt::Debug for IdMap<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V: Serialize> Serialize for IdMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for IdMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(PhantomData<V>);

        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = IdMap<V>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<IdMap<V>, A::Error> {
                let mut entries = Vec::with_capacity(access.size_hint().unwrap_or(0).min(256));
                while let Some(entry) = access.next_entry::<Id, V>()? {
                    entries.push(entry);
                }
                Ok(entries.into_iter().collect())
            }
        }

        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

/// A set of `Id`s, in order.
#[derive(Default, PartialEq, Eq)]
pub struct IdSet(Sorted<Id>);

impl Clone for IdSet {
    fn clone(&self) -> Self {
        IdSet(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl IdSet {
    pub fn new() -> Self {
        IdSet::default()
    }

    #[inline]
    pub fn contains(&self, key: &(impl Key + ?Sized)) -> bool {
        self.0.find(key).is_ok()
    }

    /// Adds `key`; whether it was new.
    pub fn insert(&mut self, key: Id) -> bool {
        match self.0.find(&key) {
            Ok(_) => false,
            Err(i) => {
                self.0.insert_at(i, key);
                true
            }
        }
    }

    /// Takes `key` out; whether it was there.
    pub fn remove(&mut self, key: &(impl Key + ?Sized)) -> bool {
        match self.0.find(key) {
            Ok(i) => {
                self.0.remove_at(i);
                true
            }
            Err(_) => false,
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Id> + ExactSizeIterator + Clone {
        self.0.items.iter().map(|(_, id)| id)
    }

    /// A walk that finds ids asked for in increasing order (see `Cursor`).
    pub fn cursor(&self) -> Cursor<'_, Id> {
        Cursor {
            rest: &self.0.items,
        }
    }
}

impl FromIterator<Id> for IdSet {
    fn from_iter<I: IntoIterator<Item = Id>>(items: I) -> Self {
        IdSet(Sorted::from_unsorted(items.into_iter().collect()))
    }
}

impl IntoIterator for IdSet {
    type Item = Id;
    type IntoIter = std::iter::Map<std::vec::IntoIter<(u128, Id)>, fn((u128, Id)) -> Id>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.items.into_iter().map(|(_, id)| id)
    }
}

impl<'s> IntoIterator for &'s IdSet {
    type Item = &'s Id;
    type IntoIter = std::iter::Map<std::slice::Iter<'s, (u128, Id)>, fn(&(u128, Id)) -> &Id>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.items.iter().map(|(_, id)| id)
    }
}

impl fmt::Debug for IdSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for IdSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for IdSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SetVisitor;

        impl<'de> Visitor<'de> for SetVisitor {
            type Value = IdSet;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<IdSet, A::Error> {
                let mut items = Vec::with_capacity(access.size_hint().unwrap_or(0).min(256));
                while let Some(id) = access.next_element::<Id>()? {
                    items.push(id);
                }
                Ok(items.into_iter().collect())
            }
        }

        deserializer.deserialize_seq(SetVisitor)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    /// The map and the set read and write as the tree types do, byte for byte, with the keys
    /// sorted and a key written twice keeping its last value.
    #[test]
    fn they_read_and_write_as_the_tree_types() {
        let text = r#"{"SAV": 1, "AUG": 2, "CHS": 3, "AUG": 4}"#;
        let tree: BTreeMap<String, u32> = serde_json::from_str(text).unwrap();
        let list: IdMap<u32> = serde_json::from_str(text).unwrap();
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            serde_json::to_string(&tree).unwrap()
        );
        assert_eq!(list.get("AUG"), Some(&4));
        let yaml = "SAV: 1\nAUG: 2\n";
        let tree: BTreeMap<String, u32> = serde_yaml::from_str(yaml).unwrap();
        let list: IdMap<u32> = serde_yaml::from_str(yaml).unwrap();
        assert_eq!(
            serde_yaml::to_string(&list).unwrap(),
            serde_yaml::to_string(&tree).unwrap()
        );

        let text = r#"["SAV", "AUG", "SAV", "CHS"]"#;
        let tree: BTreeSet<String> = serde_json::from_str(text).unwrap();
        let list: IdSet = serde_json::from_str(text).unwrap();
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            serde_json::to_string(&tree).unwrap()
        );
        assert!(serde_json::from_str::<IdMap<u32>>("[1]").is_err());
        assert!(serde_json::from_str::<IdSet>(r#"{"a": 1}"#).is_err());
    }

    /// A cursor asked for ids in increasing order answers as a lookup does, for inline ids
    /// and for long ones that share a sort key.
    #[test]
    fn a_cursor_finds_what_a_lookup_finds() {
        let ids = [
            "A",
            "B",
            "N",
            "a key longer th",
            "a key longer than an inline id",
            "a key longer than an inline id, and then some",
            "a key longer than an inline id, and then some more",
            "Z",
        ];
        let every: Vec<Id> = {
            let mut v: Vec<Id> = ids.iter().map(|&s| Id::new(s)).collect();
            v.sort();
            v
        };
        // Every other id is in the map and the set.
        let map: IdMap<usize> = every.iter().step_by(2).map(|&id| (id, 7)).collect();
        let set: IdSet = every.iter().skip(1).step_by(2).copied().collect();
        let mut m = map.cursor();
        let mut s = set.cursor();
        for id in &every {
            assert_eq!(m.get(id), map.get(id), "{id:?}");
            assert_eq!(s.contains(id), set.contains(id), "{id:?}");
        }
        let mut m = map.cursor();
        for (k, id, v) in map.iter_keyed() {
            assert_eq!(m.get_keyed(k, id), Some(v), "{id:?}");
        }
    }

    /// Inserts and removals keep the order and answer as a tree does, step by step.
    #[test]
    fn edits_answer_as_a_tree_does() {
        let mut tree = BTreeMap::new();
        let mut list = IdMap::new();
        let mut set = IdSet::new();
        let mut tree_set = BTreeSet::new();
        let long = "a key longer than an inline id";
        // Two long ids that share their first 15 bytes, and the inline id of those 15 bytes:
        // their sort keys alone cannot tell the long ones apart.
        let longer = "a key longer than an inline id, and then some";
        let prefix = "a key longer th";
        let keys = [
            "N",
            "B",
            "Z",
            "B",
            long,
            "A",
            longer,
            "N",
            prefix,
            "Q",
            "A",
            longer,
            "0123456789abcde",
        ];
        for (n, k) in keys.iter().enumerate() {
            if n % 3 == 2 {
                assert_eq!(list.remove(*k), tree.remove(*k));
                assert_eq!(set.remove(*k), tree_set.remove(*k));
            } else {
                assert_eq!(list.insert(Id::new(k), n), tree.insert(k.to_string(), n));
                assert_eq!(set.insert(Id::new(k)), tree_set.insert(k.to_string()));
            }
            let got: Vec<(String, usize)> = list.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            let want: Vec<(String, usize)> = tree.iter().map(|(k, v)| (k.clone(), *v)).collect();
            assert_eq!(got, want, "after step {n}");
            // The string search finds what the tree finds, inline ids and long ones alike.
            for k in keys
                .iter()
                .chain(&["", "M", "a key", "zzzzzzzzzzzzzzzzzzzz"])
            {
                assert_eq!(list.get(k), tree.get(*k), "{k:?} after step {n}");
                assert_eq!(
                    set.contains(k),
                    tree_set.contains(*k),
                    "{k:?} after step {n}"
                );
            }
            let got: Vec<String> = set.iter().map(|k| k.to_string()).collect();
            let want: Vec<String> = tree_set.iter().cloned().collect();
            assert_eq!(got, want, "after step {n}");
        }
        *list.get_or_default(Id::new("C")) += 7;
        assert_eq!(list.get("C"), Some(&7));
        assert!(list.keys().map(|k| k.as_str()).is_sorted());
    }
}
