//! Hash chains (dice-protocol.md section 1) and the step key `K_e` (section 2).

use super::canon::{enc, sha256, u64be, Hash};

pub const CHAIN_DOMAIN: &str = "adjutant/chain/1";
pub const KEY_DOMAIN: &str = "adjutant/key/1";

/// The default chain length N: enough for thousands of packets per side.
pub const DEFAULT_CHAIN_LENGTH: u64 = 4096;

/// One step down the chain: `x_{i-1} = H(enc("adjutant/chain/1") || enc(game_id) || enc(P) ||
/// u64be(i) || x_i)`.
pub fn step_down(game_id: &str, side: &str, i: u64, x_i: &Hash) -> Hash {
    let mut buf = Vec::with_capacity(128);
    enc(&mut buf, CHAIN_DOMAIN.as_bytes());
    enc(&mut buf, game_id.as_bytes());
    enc(&mut buf, side.as_bytes());
    u64be(&mut buf, i);
    buf.extend_from_slice(x_i);
    sha256(&buf)
}

/// `x_i` computed from the seed `x_N`.
pub fn element(game_id: &str, side: &str, seed: &Hash, n: u64, i: u64) -> Hash {
    assert!(i <= n, "chain element {i} beyond chain length {n}");
    let mut x = *seed;
    let mut j = n;
    while j > i {
        x = step_down(game_id, side, j, &x);
        j -= 1;
    }
    x
}

/// The anchor `x_0`, published in the game file.
pub fn anchor(game_id: &str, side: &str, seed: &Hash, n: u64) -> Hash {
    element(game_id, side, seed, n, 0)
}

/// Whether `x_i` is the valid successor of the previous reveal (or anchor) `x_{i-1}`.
pub fn reveal_is_valid(game_id: &str, side: &str, i: u64, x_i: &Hash, previous: &Hash) -> bool {
    i >= 1 && &step_down(game_id, side, i, x_i) == previous
}

/// `K_e = H(enc("adjutant/key/1") || enc(game_id) || u64be(e) || T_e || r)`.
pub fn step_key(game_id: &str, e: u64, t_e: &Hash, r: &Hash) -> Hash {
    let mut buf = Vec::with_capacity(128);
    enc(&mut buf, KEY_DOMAIN.as_bytes());
    enc(&mut buf, game_id.as_bytes());
    u64be(&mut buf, e);
    buf.extend_from_slice(t_e);
    buf.extend_from_slice(r);
    sha256(&buf)
}
