//! `Id`, the key of the state's maps: an area, colony or sea zone id, held inline when it is
//! short (every id of the shipped map is) so that copying a state copies its keys without
//! allocating, and two keys compare in two integer comparisons instead of a call to `memcmp`.
//!
//! An `Id` is a string in every way the game file can see: it serializes as the string, reads
//! from any string, and orders as `String` does (byte by byte), so the state's maps keep their
//! order and the game files their bytes. A longer id (a map of the player's own) is kept on
//! the heap and behaves the same, only slower.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::{Serialize, Serializer};

/// The longest id held inline. Its bytes and, in the last byte, its length make 16 bytes that
/// read as one big-endian `u128` compare as the ids do (see `Ord`).
const INLINE: usize = 15;

#[derive(Clone, PartialEq, Eq)]
pub struct Id(Repr);

/// An id of up to `INLINE` bytes is always `Inline`, zero-padded, so equal ids are equal in
/// their representation too.
#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Inline([u8; INLINE + 1]),
    Heap(Box<str>),
}

impl Id {
    #[inline]
    pub fn new(s: &str) -> Id {
        let b = s.as_bytes();
        if b.len() <= INLINE {
            let mut bytes = [0u8; INLINE + 1];
            bytes[..b.len()].copy_from_slice(b);
            bytes[INLINE] = b.len() as u8;
            Id(Repr::Inline(bytes))
        } else {
            Id(Repr::Heap(s.into()))
        }
    }

    /// The number an inline id compares by (see `Ord`); `None` for an id on the heap.
    #[inline]
    pub fn key(&self) -> Option<u128> {
        match &self.0 {
            Repr::Inline(bytes) => Some(u128::from_be_bytes(*bytes)),
            Repr::Heap(_) => None,
        }
    }

    /// `Id::new(s).key()`, without making the id.
    #[inline]
    pub fn key_of(s: &str) -> Option<u128> {
        let b = s.as_bytes();
        (b.len() <= INLINE).then(|| {
            let mut bytes = [0u8; INLINE + 1];
            bytes[..b.len()].copy_from_slice(b);
            bytes[INLINE] = b.len() as u8;
            u128::from_be_bytes(bytes)
        })
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
            Repr::Heap(s) => s,
        }
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
