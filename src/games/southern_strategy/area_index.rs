//! The index that finds an area's place in the map's list from its id, which the rules ask
//! for all the time: short ids packed into numbers (`short_key`) in a table without
//! collisions, and FNV hashing for the rest.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::state::Id;

/// The packed short ids (`short_key`) and their places, in a table that multiplication and a
/// shift index without collisions: a lookup is one multiplication and one comparison. The
/// multiplier is searched for when the map is loaded; where none is found (a map of thousands
/// of areas), a hash map does the work.
#[derive(Debug, Clone)]
pub(super) enum ShortIndex {
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
    pub(super) fn new(keys: Vec<(u64, usize)>) -> ShortIndex {
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

    pub(super) fn get(&self, k: u64) -> Option<usize> {
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
pub(super) fn short_key(id: &str) -> Option<u64> {
    Id::new(id).key().and_then(short_of)
}

/// `short_key` of the id whose inline key (the number `Id` compares by: its bytes big-endian,
/// zero-padded, with the length in the last byte) is `k`.
pub(super) fn short_of(k: u128) -> Option<u64> {
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
