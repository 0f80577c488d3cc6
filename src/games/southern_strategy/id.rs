//! `Id`, the key of the state's maps: an area, colony or sea zone id, held inline when it is
//! short (every id of the shipped map is) so that copying a state copies its keys without
//! allocating, and two keys compare in two integer comparisons instead of a call to `memcmp`.
//!
//! An `Id` is a string in every way the game file can see: it serializes as the string, reads
//! from any string, and orders as `String` does (byte by byte), so the state's maps keep their
//! order and the game files their bytes. A longer id (a map of the player's own, or an area
//! name a player writes in full) behaves the same, only slower: its text is kept once for the
//! life of the process (`intern`), so that an id is `Copy` and copying a state or an order is
//! copying bytes.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Mutex, PoisonError};

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::{Serialize, Serializer};

/// The longest id held inline. Its bytes and, in the last byte, its length make 16 bytes that
/// read as one big-endian `u128` compare as the ids do (see `Ord`).
const INLINE: usize = 15;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Id(Repr);

/// An id of up to `INLINE` bytes is always `Inline`, zero-padded, so equal ids are equal in
/// their representation too.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Repr {
    Inline([u8; INLINE + 1]),
    Long(&'static str),
}

/// The one copy of `s` kept for the life of the process. Long ids are few (area names written
/// in full, ids of a map with long ones), and each distinct text is kept once however many
/// ids are made of it.
fn intern(s: &str) -> &'static str {
    static LONG: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    // A panic elsewhere while the set was held leaves it whole: entries are only added.
    let mut kept = LONG.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&t) = kept.get(s) {
        return t;
    }
    let t: &'static str = Box::leak(s.into());
    kept.insert(t);
    t
}

impl Id {
    #[inline]
    pub fn new(s: &str) -> Id {
        match Id::key_of(s) {
            Some(k) => Id(Repr::Inline(k.to_be_bytes())),
            None => Id(Repr::Long(intern(s))),
        }
    }

    /// The number an inline id compares by (see `Ord`); `None` for a long id.
    #[inline]
    pub fn key(&self) -> Option<u128> {
        match &self.0 {
            Repr::Inline(bytes) => Some(u128::from_be_bytes(*bytes)),
            Repr::Long(_) => None,
        }
    }

    /// `Id::new(s).key()`, without making the id.
    #[inline]
    pub fn key_of(s: &str) -> Option<u128> {
        // The bytes are read into the number directly: copying a string of unknown length
        // into a buffer first is a call to `memcpy`, which cost more than the search the key
        // is made for.
        let b = s.as_bytes();
        let n = b.len();
        let (high, low) = if n <= 8 {
            let mut high = 0u64;
            for (i, &c) in b.iter().enumerate() {
                high |= u64::from(c) << (56 - 8 * i);
            }
            (high, 0)
        } else if n <= INLINE {
            let high = u64::from_be_bytes(b[..8].try_into().expect("8 bytes"));
            // The last 8 bytes hold the n - 8 after the first 8 at their bottom; moved to the
            // top, they follow the first 8 in the number.
            let tail = u64::from_be_bytes(b[n - 8..].try_into().expect("8 bytes"));
            (high, tail << (8 * (16 - n)))
        } else {
            return None;
        };
        Some((u128::from(high) << 64) | u128::from(low) | n as u128)
    }

    /// A number that orders ids as their strings do, for sorted lists of ids: the inline key
    /// (`key`), or for a longer id its first 15 bytes with `LONG` in the last byte. Two long
    /// ids with the same first 15 bytes share it, so only an inline id is found by it alone.
    #[inline]
    pub fn sort_key(&self) -> u128 {
        match &self.0 {
            Repr::Inline(bytes) => u128::from_be_bytes(*bytes),
            Repr::Long(s) => long_key(s.as_bytes()),
        }
    }

    /// `Id::new(s).sort_key()`, without making the id.
    #[inline]
    pub fn sort_key_of(s: &str) -> u128 {
        Id::key_of(s).unwrap_or_else(|| long_key(s.as_bytes()))
    }

    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(bytes) => {
                let len = usize::from(bytes[INLINE]);
                // SAFETY: only `new` fills an inline id, with the bytes of a `str`, and writes
                // their count in the last byte: the bytes up to it are that `str`. Checking
                // them again here cost a few per cent of self-play.
                unsafe { std::str::from_utf8_unchecked(&bytes[..len]) }
            }
            Repr::Long(s) => s,
        }
    }
}

/// The last byte of the sort key of an id longer than `INLINE` bytes: past every inline
/// length, so it sorts after the inline ids it begins with.
pub const LONG: u8 = INLINE as u8 + 1;

/// The sort key of a long id (see `Id::sort_key`).
fn long_key(b: &[u8]) -> u128 {
    let mut bytes = [0u8; INLINE + 1];
    bytes[..INLINE].copy_from_slice(&b[..INLINE]);
    bytes[INLINE] = LONG;
    u128::from_be_bytes(bytes)
}

/// The empty id, as `String`'s default is the empty string.
impl Default for Id {
    fn default() -> Id {
        Id::new("")
    }
}

impl Ord for Id {
    #[inline]
    fn cmp(&self, other: &Id) -> Ordering {
        match (&self.0, &other.0) {
            // Zero padding keeps the byte order: where one id is a prefix of the other the
            // padded bytes tie or the longer is greater, and on a tie the length in the last
            // byte puts the shorter first, as `str` does.
            (Repr::Inline(x), Repr::Inline(y)) => {
                u128::from_be_bytes(*x).cmp(&u128::from_be_bytes(*y))
            }
            _ => self.as_str().cmp(other.as_str()),
        }
    }
}

impl PartialOrd for Id {
    #[inline]
    fn partial_cmp(&self, other: &Id) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// As the string hashes, so that a map keyed by `Id` may be searched with a `&str`.
impl Hash for Id {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Deref for Id {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Id {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Id {
    fn from(s: &str) -> Id {
        Id::new(s)
    }
}

impl From<&String> for Id {
    fn from(s: &String) -> Id {
        Id::new(s)
    }
}

impl From<String> for Id {
    fn from(s: String) -> Id {
        Id::new(&s)
    }
}

impl From<&Id> for String {
    fn from(id: &Id) -> String {
        id.as_str().to_string()
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        self == other.as_str()
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        struct IdVisitor;

        impl Visitor<'_> for IdVisitor {
            type Value = Id;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<Id, E> {
                Ok(Id::new(s))
            }
        }

        deserializer.deserialize_str(IdVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key made from a string is the key of the id made from it, at every length.
    #[test]
    fn the_key_of_a_string_is_its_ids() {
        let text = "abcdefghijklmnopqrstu\u{e9}";
        for n in (0..=text.len()).filter(|&n| text.is_char_boundary(n)) {
            let s = &text[..n];
            assert_eq!(Id::key_of(s), Id::new(s).key(), "{s:?}");
            assert_eq!(Id::sort_key_of(s), Id::new(s).sort_key(), "{s:?}");
        }
    }

    /// A long id's text is kept once, however many ids are made of it, and reads back whole.
    #[test]
    fn a_long_id_is_kept_once() {
        let text = "an area name longer than an inline id";
        // A second string of the same text, elsewhere in memory.
        let copy = String::from(text);
        let (a, b) = (Id::new(text), Id::new(copy.as_str()));
        assert_eq!(a, b);
        assert_eq!(a.as_str(), text);
        assert!(
            std::ptr::eq(a.as_str(), b.as_str()),
            "the text was kept twice"
        );
        assert_ne!(
            Id::new(text),
            Id::new("an area name longer than an inline id!")
        );
    }

    #[test]
    fn ids_order_as_their_strings() {
        let words = [
            "",
            "A",
            "AB",
            "A\0",
            "A\0B",
            "B",
            "SAV",
            "SA",
            "SAVX",
            "N96",
            "a",
            "\u{e9}",
            "0123456789abcdef",
            "0123456789abcdefg",
            "0123456789abcdeg",
            "0123456789abcde",
            "0123456789abcd",
            "0123456789abcd\u{1}",
            "\u{f}",
            "\u{f}\u{f}",
        ];
        for x in words {
            for y in words {
                assert_eq!(Id::new(x).cmp(&Id::new(y)), x.cmp(y), "{x:?} and {y:?}");
                assert_eq!(Id::new(x) == Id::new(y), x == y, "{x:?} and {y:?}");
            }
        }
    }

    /// Orders name areas as players write them: whatever YAML reads as a string reads as an
    /// id, and whatever it refuses as a string it refuses as an id.
    #[test]
    fn yaml_reads_an_id_where_it_reads_a_string() {
        for text in [
            "96",
            "true",
            "~",
            "'SAV'",
            "Ninety Six",
            "[SAV]",
            "{a: 1}",
            "1.5",
        ] {
            let string = serde_yaml::from_str::<String>(text);
            let id = serde_yaml::from_str::<Id>(text);
            assert_eq!(
                id.as_ref().map(|i| i.as_str()).ok(),
                string.as_deref().ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn an_id_reads_and_writes_as_its_string() {
        for s in ["SAV", "0123456789abcdefghij"] {
            let json = serde_json::to_string(&Id::new(s)).unwrap();
            assert_eq!(json, serde_json::to_string(s).unwrap());
            let back: Id = serde_json::from_str(&json).unwrap();
            assert_eq!(back.as_str(), s);
            let yaml: Id = serde_yaml::from_str(s).unwrap();
            assert_eq!(yaml, back);
        }
        let keyed: std::collections::BTreeMap<Id, u32> =
            serde_json::from_str(r#"{"SAV": 1, "AUG": 2}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&keyed).unwrap(),
            r#"{"AUG":2,"SAV":1}"#
        );
    }
}
