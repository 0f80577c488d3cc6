//! Dice-protocol version 3, section 3.2: a standing policy committed row by row, so that the
//! result that uses one of its answers reveals that answer alone.
//!
//! A game names the rows a policy may fill (`Game::policy_rows`: in The Southern Strategy one
//! for the defender of each area and one for the attacker's commitment), the same for every
//! policy, so that their number tells nothing. Each row's answer (`null` where the policy gives
//! none) is a leaf of a binary hash tree whose root is the commitment:
//!
//! ```text
//! row_salt_i = H(enc("adjutant/policy-row-salt/3") || salt32 || canon(name_i))
//! leaf_i     = H(enc("adjutant/policy-row/3") || row_salt_i || canon(name_i) || canon(answer_i))
//! node       = H(enc("adjutant/policy-node/3") || left || right)
//! ```
//!
//! with the leaves in the game's order, padded to a power of two with
//! `H(enc("adjutant/policy-empty/3"))`. A row is revealed with its salt, its answer and the
//! hashes beside its path to the root; its salt says nothing of the others', which come from
//! the owner's one secret salt.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::canon::{canon, enc, from_hex, sha256, to_hex, Hash};
use super::game::Rules;
use super::record::PolicyReveal;
use super::Error;

/// The rows of a stored policy (its owner's salt and the whole policy), as the game reads it.
pub fn rows_of(rules: &dyn Rules, p: &PolicyReveal) -> Result<Rows, Error> {
    Rows::new(
        &p.salt,
        rules.policy_rows(),
        rules.policy_answers(&p.policy)?,
    )
}

/// The commitment to a stored policy in a game of protocol `version`: the root of its rows
/// from version 3, the hash of the whole policy before (section 3.1).
pub fn commitment(rules: &dyn Rules, version: u32, p: &PolicyReveal) -> Result<Hash, Error> {
    if version >= 3 {
        Ok(rows_of(rules, p)?.root())
    } else {
        p.commitment()
    }
}

const ROW_SALT_DOMAIN: &str = "adjutant/policy-row-salt/3";
const ROW_DOMAIN: &str = "adjutant/policy-row/3";
const NODE_DOMAIN: &str = "adjutant/policy-node/3";
const EMPTY_DOMAIN: &str = "adjutant/policy-empty/3";

/// One row of a policy, revealed: the answer the step used, and what proves it was the one
/// committed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowReveal {
    /// The row's name (`battle.CHS`).
    pub row: String,
    /// The row's own salt, in hex.
    pub salt: String,
    /// The policy's answer in that row; `null` where it gives none.
    pub answer: Value,
    /// The hashes beside the row's path from its leaf to the root, leaf first, in hex.
    pub path: Vec<String>,
}

fn domain(d: &str) -> Vec<u8> {
    let mut buf = Vec::new();
    enc(&mut buf, d.as_bytes());
    buf
}

fn row_salt(salt: &Hash, name: &str) -> Result<Hash, Error> {
    let mut buf = domain(ROW_SALT_DOMAIN);
    buf.extend_from_slice(salt);
    buf.extend_from_slice(&canon(&Value::from(name))?);
    Ok(sha256(&buf))
}

fn leaf(row_salt: &Hash, name: &str, answer: &Value) -> Result<Hash, Error> {
    let mut buf = domain(ROW_DOMAIN);
    buf.extend_from_slice(row_salt);
    buf.extend_from_slice(&canon(&Value::from(name))?);
    buf.extend_from_slice(&canon(answer)?);
    Ok(sha256(&buf))
}

fn node(left: &Hash, right: &Hash) -> Hash {
    let mut buf = domain(NODE_DOMAIN);
    buf.extend_from_slice(left);
    buf.extend_from_slice(right);
    sha256(&buf)
}

fn empty() -> Hash {
    sha256(&domain(EMPTY_DOMAIN))
}

/// The levels of the tree over `leaves`, the leaves (padded) first and the root last.
fn levels(leaves: Vec<Hash>) -> Vec<Vec<Hash>> {
    let mut level = leaves;
    level.resize(level.len().max(1).next_power_of_two(), empty());
    let mut levels = vec![level];
    while levels.last().is_some_and(|l| l.len() > 1) {
        let up = levels
            .last()
            .map(|l| l.chunks(2).map(|p| node(&p[0], &p[1])).collect())
            .unwrap_or_default();
        levels.push(up);
    }
    levels
}

fn salt_bytes(salt: &str) -> Result<Hash, Error> {
    from_hex(salt).ok_or_else(|| Error::Format {
        what: "a policy".into(),
        message: "its salt is not 64 hex digits".into(),
    })
}

/// A policy's rows with their salts and the tree over them, from the owner's secret salt.
pub struct Rows {
    names: Vec<String>,
    answers: Vec<Value>,
    salts: Vec<Hash>,
    levels: Vec<Vec<Hash>>,
}

impl Rows {
    /// `names` and `answers` in the game's order (`Game::policy_rows`), `salt` the owner's.
    pub fn new(salt: &str, names: Vec<String>, answers: Vec<Value>) -> Result<Rows, Error> {
        if names.len() != answers.len() {
            return Err(Error::Format {
                what: "a policy".into(),
                message: format!(
                    "it gives {} answers for the game's {} rows",
                    answers.len(),
                    names.len()
                ),
            });
        }
        let salt = salt_bytes(salt)?;
        let salts = names
            .iter()
            .map(|n| row_salt(&salt, n))
            .collect::<Result<Vec<_>, _>>()?;
        let leaves = names
            .iter()
            .zip(&answers)
            .zip(&salts)
            .map(|((n, a), s)| leaf(s, n, a))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Rows {
            names,
            answers,
            salts,
            levels: levels(leaves),
        })
    }

    /// The commitment: the tree's root.
    pub fn root(&self) -> Hash {
        self.levels
            .last()
            .and_then(|l| l.first())
            .copied()
            .unwrap_or_else(empty)
    }

    /// The answer of the row `name`, if the game has it.
    pub fn answer(&self, name: &str) -> Option<&Value> {
        let i = self.names.iter().position(|n| n == name)?;
        self.answers.get(i)
    }

    /// Row `name` revealed, with the path that ties it to the root.
    pub fn reveal(&self, name: &str) -> Option<RowReveal> {
        let i = self.names.iter().position(|n| n == name)?;
        let mut path = Vec::new();
        let mut at = i;
        for level in &self.levels[..self.levels.len() - 1] {
            path.push(to_hex(&level[at ^ 1]));
            at /= 2;
        }
        Some(RowReveal {
            row: name.to_string(),
            salt: to_hex(&self.salts[i]),
            answer: self.answers[i].clone(),
            path,
        })
    }
}

/// The root a revealed row leads to, placed among `names` (the game's rows): the commitment it
/// was revealed from, if it is true. An error names what is malformed.
pub fn root_of(row: &RowReveal, names: &[String]) -> Result<Hash, String> {
    let Some(mut i) = names.iter().position(|n| *n == row.row) else {
        return Err(format!(
            "`{}` is not a row of this game's policies",
            row.row
        ));
    };
    let depth = names.len().max(1).next_power_of_two().trailing_zeros() as usize;
    if row.path.len() != depth {
        return Err(format!(
            "row `{}` comes with {} hashes on its path; this game's policies take {depth}",
            row.row,
            row.path.len()
        ));
    }
    let salt = from_hex(&row.salt)
        .ok_or_else(|| format!("the salt of row `{}` is not 64 hex digits", row.row))?;
    let mut h = leaf(&salt, &row.row, &row.answer).map_err(|e| e.to_string())?;
    for beside in &row.path {
        let b = from_hex(beside).ok_or_else(|| {
            format!(
                "a hash on the path of row `{}` is not 64 hex digits",
                row.row
            )
        })?;
        h = if i % 2 == 0 {
            node(&h, &b)
        } else {
            node(&b, &h)
        };
        i /= 2;
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("row{i}")).collect()
    }

    const SALT: &str = "0101010101010101010101010101010101010101010101010101010101010101";

    /// Every row, revealed, leads back to the root, for trees of every shape up to 9 leaves;
    /// a changed answer, salt, name or path hash does not.
    #[test]
    fn a_revealed_row_leads_to_the_root_and_a_changed_one_does_not() {
        for n in 1..=9 {
            let answers: Vec<Value> = (0..n).map(|i| json!({"answer": i})).collect();
            let rows = Rows::new(SALT, names(n), answers).unwrap();
            for name in names(n) {
                let r = rows.reveal(&name).unwrap();
                assert_eq!(root_of(&r, &names(n)), Ok(rows.root()), "{n} rows, {name}");
                let mut other = r.clone();
                other.answer = json!({"answer": 99});
                assert_ne!(root_of(&other, &names(n)), Ok(rows.root()));
                let mut other = r.clone();
                other.salt = SALT.into();
                assert_ne!(root_of(&other, &names(n)), Ok(rows.root()));
                if n > 1 {
                    let mut other = r.clone();
                    other.row = names(n).into_iter().find(|x| *x != name).unwrap();
                    assert_ne!(root_of(&other, &names(n)), Ok(rows.root()));
                    let mut other = r.clone();
                    other.path[0] = to_hex(&[7u8; 32]);
                    assert_ne!(root_of(&other, &names(n)), Ok(rows.root()));
                }
            }
        }
    }

    /// A row's salt tells nothing of another's, and two policies differing in one row differ
    /// in their commitments.
    #[test]
    fn rows_have_their_own_salts_and_every_answer_counts() {
        let a = Rows::new(SALT, names(4), vec![Value::Null; 4]).unwrap();
        let salts: std::collections::BTreeSet<_> =
            names(4).iter().map(|n| a.reveal(n).unwrap().salt).collect();
        assert_eq!(salts.len(), 4);
        assert!(!salts.contains(SALT));
        let mut answers = vec![Value::Null; 4];
        answers[3] = json!("refuse");
        let b = Rows::new(SALT, names(4), answers).unwrap();
        assert_ne!(a.root(), b.root());
        let other_salt = "02".repeat(32);
        let c = Rows::new(&other_salt, names(4), vec![Value::Null; 4]).unwrap();
        assert_ne!(a.root(), c.root());
    }

    #[test]
    fn a_row_of_another_game_or_a_short_path_is_named() {
        let rows = Rows::new(SALT, names(4), vec![Value::Null; 4]).unwrap();
        let mut r = rows.reveal("row1").unwrap();
        r.path.pop();
        assert!(root_of(&r, &names(4))
            .unwrap_err()
            .contains("1 hashes on its path"));
        r.row = "elsewhere".into();
        assert!(root_of(&r, &names(4)).unwrap_err().contains("not a row"));
    }
}
