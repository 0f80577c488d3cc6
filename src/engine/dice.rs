//! Dice as an input to the rules: the `Dice` trait, the real source keyed by `K_e`
//! (dice-protocol.md section 4) and a scripted source for tests. Every roll is recorded with
//! its reason so that reports and `verify` can show and check it.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::{ChaCha20Rng, ChaCha8Rng};
use serde::{Deserialize, Serialize};

use super::canon::Hash;

/// One recorded use of the dice, as it appears in a record's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// The rule and purpose, e.g. `6.0 initiative: crown`.
    pub why: String,
    /// Six-sided dice, in the order drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d6: Option<Vec<u8>>,
    /// A draw of one item from a cup or deck of `of` items held in a listed order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Draw>,
    /// A shuffle of `of` items: `order[k]` is the original index now at position `k`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<Shuffle>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    pub of: u32,
    pub index: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shuffle {
    pub of: u32,
    pub order: Vec<u32>,
}

/// What the rules may ask of the dice. Implementations record every roll.
pub trait Dice {
    /// `count` six-sided dice for one reason.
    fn d6(&mut self, count: usize, why: &str) -> Vec<u8>;
    /// One item of `n` (0-based index).
    fn draw(&mut self, n: usize, why: &str) -> usize;
    /// A permutation of `0..n`: position k holds the original index of the item now there.
    fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize>;
    /// Everything rolled so far.
    fn rolls(&self) -> &[Roll];
}

/// A source of `uniform(n)` values.
trait Uniform {
    fn uniform(&mut self, n: u32) -> u32;
}

/// The protocol's stream: ChaCha20 keyed by `K_e`, read with `next_u32` only.
pub struct Stream {
    rng: ChaCha20Rng,
}

impl Stream {
    pub fn new(key: &Hash) -> Self {
        Stream {
            rng: ChaCha20Rng::from_seed(*key),
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }
}

impl Uniform for Stream {
    /// `uniform(n)`: rejection sampling so that every value is exactly equally likely.
    fn uniform(&mut self, n: u32) -> u32 {
        assert!(n > 0, "uniform(0)");
        let limit = (1u64 << 32) - ((1u64 << 32) % n as u64);
        loop {
            let x = self.next_u32() as u64;
            if x < limit {
                return (x % n as u64) as u32;
            }
        }
    }
}

/// Shared by every source: turns `uniform` into d6, draws and shuffles, and records them.
fn d6_from<U: Uniform>(u: &mut U, count: usize) -> Vec<u8> {
    (0..count).map(|_| (u.uniform(6) + 1) as u8).collect()
}

fn shuffle_from<U: Uniform>(u: &mut U, n: usize) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = u.uniform(i as u32 + 1) as usize;
        items.swap(i, j);
    }
    items
}

fn record_d6(rolls: &mut Vec<Roll>, why: &str, faces: &[u8]) {
    rolls.push(Roll {
        why: why.to_string(),
        d6: Some(faces.to_vec()),
        draw: None,
        shuffle: None,
    });
}

fn record_draw(rolls: &mut Vec<Roll>, why: &str, n: usize, index: usize) {
    rolls.push(Roll {
        why: why.to_string(),
        d6: None,
        draw: Some(Draw {
            of: n as u32,
            index: index as u32,
        }),
        shuffle: None,
    });
}

fn record_shuffle(rolls: &mut Vec<Roll>, why: &str, order: &[usize]) {
    rolls.push(Roll {
        why: why.to_string(),
        d6: None,
        draw: None,
        shuffle: Some(Shuffle {
            of: order.len() as u32,
            order: order.iter().map(|&i| i as u32).collect(),
        }),
    });
}

/// The real dice of a step: the stream keyed by `K_e`, with a record of every roll.
pub struct KeyedDice {
    stream: Stream,
    rolls: Vec<Roll>,
}

impl KeyedDice {
    pub fn new(key: &Hash) -> Self {
        KeyedDice {
            stream: Stream::new(key),
            rolls: Vec::new(),
        }
    }

    pub fn into_rolls(self) -> Vec<Roll> {
        self.rolls
    }
}

impl Dice for KeyedDice {
    fn d6(&mut self, count: usize, why: &str) -> Vec<u8> {
        let faces = d6_from(&mut self.stream, count);
        record_d6(&mut self.rolls, why, &faces);
        faces
    }

    fn draw(&mut self, n: usize, why: &str) -> usize {
        let index = self.stream.uniform(n as u32) as usize;
        record_draw(&mut self.rolls, why, n, index);
        index
    }

    fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize> {
        let order = shuffle_from(&mut self.stream, n);
        record_shuffle(&mut self.rolls, why, &order);
        order
    }

    fn rolls(&self) -> &[Roll] {
        &self.rolls
    }
}

/// The dice a step's result reports, given back in order: a result not mailed yet is checked
/// with them, since the element that keys its real dice is not revealed (`verify` on a copy
/// holding a pending result). A roll asked for is answered with the next reported roll when
/// that one has the same reason and shape and lawful values; otherwise with ones (the first
/// item, the order unchanged), which the rolls recorded here then show as a difference from
/// the report.
pub struct ReportedDice<'r> {
    reported: std::slice::Iter<'r, Roll>,
    rolls: Vec<Roll>,
}

impl<'r> ReportedDice<'r> {
    pub fn new(reported: &'r [Roll]) -> Self {
        ReportedDice {
            reported: reported.iter(),
            rolls: Vec::new(),
        }
    }

    pub fn into_rolls(self) -> Vec<Roll> {
        self.rolls
    }

    /// The next reported roll, if it is for `why`.
    fn next_for(&mut self, why: &str) -> Option<&'r Roll> {
        self.reported.next().filter(|r| r.why == why)
    }
}

impl Dice for ReportedDice<'_> {
    fn d6(&mut self, count: usize, why: &str) -> Vec<u8> {
        let faces = match self.next_for(why).and_then(|r| r.d6.as_ref()) {
            Some(f) if f.len() == count && f.iter().all(|v| (1..=6).contains(v)) => f.clone(),
            _ => vec![1; count],
        };
        record_d6(&mut self.rolls, why, &faces);
        faces
    }

    fn draw(&mut self, n: usize, why: &str) -> usize {
        let index = match self.next_for(why).and_then(|r| r.draw.as_ref()) {
            Some(d) if d.of as usize == n && (d.index as usize) < n => d.index as usize,
            _ => 0,
        };
        record_draw(&mut self.rolls, why, n, index);
        index
    }

    fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize> {
        let lawful = |s: &Shuffle| {
            let mut seen = vec![false; n];
            s.of as usize == n
                && s.order.len() == n
                && s.order
                    .iter()
                    .all(|&i| (i as usize) < n && !std::mem::replace(&mut seen[i as usize], true))
        };
        let order: Vec<usize> = match self.next_for(why).and_then(|r| r.shuffle.as_ref()) {
            Some(s) if lawful(s) => s.order.iter().map(|&i| i as usize).collect(),
            _ => (0..n).collect(),
        };
        record_shuffle(&mut self.rolls, why, &order);
        order
    }

    fn rolls(&self) -> &[Roll] {
        &self.rolls
    }
}

/// Dice for tests: each d6 face and each draw index is taken from a script, in order, so a
/// test states exactly which rolls it relies on. Shuffles take `n - 1` scripted values, the
/// `j` of each swap, as the protocol draws them.
pub struct ScriptedDice {
    script: Vec<u32>,
    next: usize,
    rolls: Vec<Roll>,
}

impl ScriptedDice {
    pub fn new(script: Vec<u32>) -> Self {
        ScriptedDice {
            script,
            next: 0,
            rolls: Vec::new(),
        }
    }

    /// How many scripted values were not used: a test can insist on zero.
    pub fn unused(&self) -> usize {
        self.script.len() - self.next
    }

    fn take(&mut self, why: &str, bound: u32) -> u32 {
        let Some(&v) = self.script.get(self.next) else {
            panic!("scripted dice ran out at `{why}` (used {})", self.next)
        };
        assert!(
            v < bound,
            "scripted value {v} out of range for `{why}` (bound {bound})"
        );
        self.next += 1;
        v
    }
}

impl Dice for ScriptedDice {
    fn d6(&mut self, count: usize, why: &str) -> Vec<u8> {
        let faces: Vec<u8> = (0..count)
            .map(|_| {
                let v = self.take(why, 7);
                assert!(v >= 1, "scripted d6 face 0 for `{why}`");
                v as u8
            })
            .collect();
        record_d6(&mut self.rolls, why, &faces);
        faces
    }

    fn draw(&mut self, n: usize, why: &str) -> usize {
        let index = self.take(why, n as u32) as usize;
        record_draw(&mut self.rolls, why, n, index);
        index
    }

    fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.take(why, i as u32 + 1) as usize;
            items.swap(i, j);
        }
        record_shuffle(&mut self.rolls, why, &items);
        items
    }

    fn rolls(&self) -> &[Roll] {
        &self.rolls
    }
}

/// Dice for searching ahead (the bot's playouts): the same faces, draws and shuffles as the
/// real dice, from a fast ChaCha8 stream seeded by the searcher, and nothing recorded. Never
/// used for a roll that counts.
pub struct QuickDice {
    rng: ChaCha8Rng,
}

impl QuickDice {
    pub fn new(seed: u64) -> Self {
        QuickDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Uniform for QuickDice {
    fn uniform(&mut self, n: u32) -> u32 {
        assert!(n > 0, "uniform(0)");
        // The modulo's bias is below n / 2^64: nothing a playout can show.
        (self.rng.next_u64() % u64::from(n)) as u32
    }
}

impl Dice for QuickDice {
    fn d6(&mut self, count: usize, _why: &str) -> Vec<u8> {
        d6_from(self, count)
    }

    fn draw(&mut self, n: usize, _why: &str) -> usize {
        self.uniform(n as u32) as usize
    }

    fn shuffle(&mut self, n: usize, _why: &str) -> Vec<usize> {
        shuffle_from(self, n)
    }

    fn rolls(&self) -> &[Roll] {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::canon::from_hex;

    // dice-protocol.md section 7.
    const K1: &str = "baddcf3cfcd19f3032f4401a3a2cea984afc47e3109fbb3dd7d910e4fd6c2fe3";

    #[test]
    fn known_answer_first_u32s() {
        let mut s = Stream::new(&from_hex(K1).unwrap());
        let got: Vec<u32> = (0..4).map(|_| s.next_u32()).collect();
        assert_eq!(got, vec![0xfe39e865, 0x0cc314fe, 0xae814188, 0x2a2d65da]);
    }

    #[test]
    fn known_answer_twenty_d6() {
        let mut d = KeyedDice::new(&from_hex(K1).unwrap());
        let faces = d.d6(20, "kat");
        assert_eq!(
            faces,
            vec![6, 5, 1, 5, 4, 5, 4, 5, 3, 4, 1, 2, 2, 3, 3, 2, 6, 1, 3, 3]
        );
        assert_eq!(d.rolls().len(), 1);
    }

    #[test]
    fn known_answer_shuffle() {
        let mut d = KeyedDice::new(&from_hex(K1).unwrap());
        assert_eq!(d.shuffle(10, "kat"), vec![4, 7, 8, 6, 2, 3, 5, 0, 1, 9]);
    }

    #[test]
    fn uniform_rejects_the_biased_tail() {
        // With n = 3, 2^32 mod 3 = 1, so only 0xffffffff is rejected; the result stays in range.
        let mut s = Stream::new(&[7u8; 32]);
        for _ in 0..1000 {
            assert!(s.uniform(3) < 3);
        }
    }

    #[test]
    fn scripted_dice_follow_the_script_and_record() {
        let mut d = ScriptedDice::new(vec![3, 1, 6, 2]);
        assert_eq!(d.d6(2, "a"), vec![3, 1]);
        assert_eq!(d.draw(7, "b"), 6);
        assert_eq!(d.unused(), 1);
        assert_eq!(d.rolls()[1].draw, Some(Draw { of: 7, index: 6 }));
    }
}
