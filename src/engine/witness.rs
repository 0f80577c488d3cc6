//! The witness of a solitaire game (dice-protocol section 5): someone other than the player
//! keeps a hash chain and answers each record hash `T_e` the player publishes with its next
//! chain element, which keys that step's dice. The witness needs no game file, only its secret
//! and a ledger of what it answered, so that it never gives two elements for one hash (a lost
//! mail is answered again with the same element) and never one element for two hashes (a
//! player who asks again with other orders gets the next element, which the game cannot use).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::atomic::{self, Staged};
use super::canon::{from_hex, from_user_hex, to_hex};
use super::chain;
use super::gamefile::GameFile;
use super::input;
use super::secrets::Secret;
use super::session::WITNESS;
use super::sign;
use super::Error;

/// The format of a witness's answer: version 2 is signed.
pub const ANSWER_FORMAT: &str = "adjutant-witness/2";
/// The unsigned answers of version 1, still taken by version 1 games.
pub const ANSWER_FORMAT_1: &str = "adjutant-witness/1";
/// The format of a witness's ledger.
pub const LEDGER_FORMAT: &str = "adjutant-witness-ledger/1";

/// A witness's answer to one published record hash, as the player pastes it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// `adjutant-witness/1`.
    pub format: String,
    /// The game id the witness's chain belongs to.
    pub game: String,
    /// The index `k` of the chain element revealed.
    pub element: u64,
    /// The record hash `T_e` answered.
    #[serde(rename = "for")]
    pub record: String,
    /// `x_k`, the witness's chain element `k`.
    pub reveal: String,
    /// Version 2: the witness's signature of (game, element, record hash, reveal), which binds
    /// the element to the one record hash it answers (`sign::answer_message`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sig: Option<String>,
}

impl Answer {
    pub fn parse(text: &str) -> Result<Answer, Error> {
        Answer::parse_as(text, "the witness answer")
    }

    /// `parse`, its errors naming the answer `what`.
    fn parse_as(text: &str, what: &str) -> Result<Answer, Error> {
        let answer: Answer = input::parse_yaml(text, what)?;
        let bad = |message: String| Error::Format {
            what: what.into(),
            message,
        };
        match (answer.format.as_str(), &answer.sig) {
            (ANSWER_FORMAT, Some(_)) | (ANSWER_FORMAT_1, None) => Ok(answer),
            (ANSWER_FORMAT, None) => Err(bad("it has no signature (`sig`)".into())),
            (ANSWER_FORMAT_1, Some(_)) => Err(bad(format!(
                "a `{ANSWER_FORMAT_1}` answer carries no signature"
            ))),
            (other, _) => Err(bad(format!(
                "format `{other}` is not `{ANSWER_FORMAT}` (or `{ANSWER_FORMAT_1}`)"
            ))),
        }
    }

    /// Whether `sig` is `key`'s signature of this answer: its game, its element and its
    /// `reveal`, for the record hash `record` (both read from the answer's hex).
    pub fn signed_by(
        &self,
        key: &ed25519_dalek::VerifyingKey,
        record: &super::canon::Hash,
        reveal: &super::canon::Hash,
        sig: &str,
    ) -> bool {
        sign::verify(
            key,
            &sign::answer_message(&self.game, self.element, record, reveal),
            sig,
        )
    }

    /// One line of YAML, easy to paste into a post or a mail.
    pub fn to_line(&self) -> String {
        let sig = match &self.sig {
            Some(s) => format!(", sig: {s}"),
            None => String::new(),
        };
        format!(
            "{{format: {}, game: {}, element: {}, for: {}, reveal: {}{sig}}}",
            self.format, self.game, self.element, self.record, self.reveal
        )
    }
}

/// What a witness has answered for one game: each element it revealed and the hash it answered
/// with it, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ledger {
    /// `adjutant-witness-ledger/1`.
    pub format: String,
    pub game: String,
    pub answers: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub element: u64,
    #[serde(rename = "for")]
    pub record: String,
}

impl Ledger {
    pub fn new(game: &str) -> Ledger {
        Ledger {
            format: LEDGER_FORMAT.into(),
            game: game.into(),
            answers: Vec::new(),
        }
    }

    /// The element that answers `record`: the one given for it before, else the next unused
    /// one. The second value says whether it is new (and the ledger must be saved).
    pub fn element_for(&self, record: &str) -> Result<(u64, bool), Error> {
        match self.answers.iter().find(|e| e.record == record) {
            Some(e) => Ok((e.element, false)),
            None => {
                let highest = self.answers.iter().map(|e| e.element).max().unwrap_or(0);
                let next = highest.checked_add(1).ok_or_else(|| Error::Secrets {
                    message: format!(
                        "the ledger of `{}` says element {highest} was given already, beyond any chain: the ledger is damaged",
                        self.game
                    ),
                })?;
                Ok((next, true))
            }
        }
    }
}

/// Answers a record hash with the witness's chain element, taking a new element only for a
/// hash the ledger has not seen. Returns the answer and whether the ledger changed; nothing is
/// changed on an error.
///
/// # Errors
/// When the hash is not 64 hex digits, the secret is not a witness's, the ledger belongs to
/// another game, or the chain is used up.
pub fn answer(secret: &Secret, ledger: &mut Ledger, record: &str) -> Result<(Answer, bool), Error> {
    let Some(hash) = from_user_hex(record) else {
        return Err(Error::Format {
            what: "the record hash".into(),
            message: format!(
                "`{}` is not 64 hex digits (the `T_e` the player published)",
                record.escape_debug()
            ),
        });
    };
    let record = to_hex(&hash);
    if secret.side != WITNESS {
        return Err(Error::Secrets {
            message: format!(
                "the secret is for side `{}`, not a witness's (make one with `adjutant witness new`)",
                secret.side
            ),
        });
    }
    if ledger.game != secret.game || ledger.format != LEDGER_FORMAT {
        return Err(Error::Secrets {
            message: format!(
                "the ledger is for game `{}`, the secret for `{}`",
                ledger.game, secret.game
            ),
        });
    }
    let (element, new) = ledger.element_for(&record)?;
    let reveal = secret.element(element)?;
    let sig = sign::sign(
        &secret.signing_key()?,
        &sign::answer_message(&secret.game, element, &hash, &reveal),
    );
    if new {
        ledger.answers.push(Entry {
            element,
            record: record.clone(),
        });
    }
    Ok((
        Answer {
            format: ANSWER_FORMAT.into(),
            game: secret.game.clone(),
            element,
            record,
            reveal: to_hex(&reveal),
            sig: Some(sig),
        },
        new,
    ))
}

/// The ledger kept beside a witness's secret: `<id>.witness.secret.yaml` has
/// `<id>.witness.answers.yaml`, any other name `<name>.answers.yaml`.
pub fn ledger_path(secret: &Path) -> PathBuf {
    let name = secret
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ledger = match name.strip_suffix(".secret.yaml") {
        Some(stem) => format!("{stem}.answers.yaml"),
        None => format!("{name}.answers.yaml"),
    };
    secret.with_file_name(ledger)
}

/// Reads a ledger, or starts an empty one for `game` when there is none yet.
pub fn load_ledger(path: &Path, game: &str) -> Result<Ledger, Error> {
    if !path.exists() {
        return Ok(Ledger::new(game));
    }
    let text = atomic::read(path)?;
    let ledger: Ledger =
        input::parse_yaml(&text, &format!("the witness ledger `{}`", path.display()))?;
    if ledger.format != LEDGER_FORMAT {
        return Err(Error::Format {
            what: format!("the witness ledger `{}`", path.display()),
            message: format!("format `{}` is not `{LEDGER_FORMAT}`", ledger.format),
        });
    }
    Ok(ledger)
}

/// Stages the ledger (mode 0600: it lists which games the witness serves).
pub fn stage_ledger(staged: &mut Staged, path: &Path, ledger: &Ledger) -> Result<(), Error> {
    let text = serde_yaml::to_string(ledger).map_err(|e| Error::Encode(e.to_string()))?;
    let text = format!(
        "# adjutant witness ledger: the hashes this witness answered; keep it with the secret.\n{text}"
    );
    // In place before the answer is printed: an element answered is spent, even if the run
    // stops before it finishes.
    staged.add_guard(path, text.as_bytes())
}

/// One answer as the witness posted it, with the line of the posted file it is on.
#[derive(Debug, Clone)]
pub struct Posted {
    pub line: usize,
    pub answer: Answer,
}

/// Reads the answers a witness posted (a forum thread, a mail): one to a line, each the line
/// `witness answer` printed, or the same as an item of a YAML list (`- {format: ...}`). Blank
/// lines and `#` comments are passed over. `what` names the file in errors.
pub fn parse_posted(text: &str, what: &str) -> Result<Vec<Posted>, Error> {
    let mut posted = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let item = line.strip_prefix("- ").unwrap_or(line);
        let answer = Answer::parse_as(item, &format!("{what} line {}", i + 1))?;
        posted.push(Posted {
            line: i + 1,
            answer,
        });
    }
    Ok(posted)
}

/// What `verify --witness-answers` found: the answers posted (an answer repeated for lost
/// mail counted once), and whether one of them is for the step the game waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostedCheck {
    pub answers: usize,
    pub waiting: bool,
}

/// Holds a witness game to the answers its witness posted (dice-protocol section 5). Each
/// answer must be this game's witness's: its element on the chain that ends at the game's
/// anchor, and in a game of version 2 or later signed with the game's witness key. A signed
/// answer in a version 1 game means the file was made (or edited) to an older version than
/// its witness serves, where an unsigned answer can be pinned to any orders. Each witness
/// record of the log must follow the hash the witness answered with its element, and every
/// answer must be one the game used, or the one for the step it waits for (`waiting`, the
/// record hash and element the game asks the witness for); any other is an answer the
/// player asked for and did not use. `what` names the posted file.
pub fn check_posted(
    gf: &GameFile,
    posted: &[Posted],
    waiting: Option<(&str, u64)>,
    what: &str,
) -> Result<PostedCheck, Error> {
    let at = |p: &Posted, message: String| Error::Format {
        what: format!("{what} line {}", p.line),
        message,
    };
    let witness = gf.players.get(WITNESS).ok_or_else(|| Error::Format {
        what: what.into(),
        message: format!("game `{}` has no witness", gf.id),
    })?;
    let anchor = from_hex(&witness.anchor).ok_or_else(|| Error::Format {
        what: "the game file".into(),
        message: "the witness's anchor is not 64 lower-case hex digits".into(),
    })?;
    let key = witness.key.as_deref().and_then(sign::parse_public);
    // Each element once: an answer repeated for lost mail is the same answer.
    // Each with its reveal, read once.
    let mut by_element: BTreeMap<u64, (&Posted, super::canon::Hash)> = BTreeMap::new();
    for p in posted {
        let a = &p.answer;
        if a.game != gf.id {
            return Err(at(
                p,
                format!("the answer is for game `{}`, not `{}`", a.game, gf.id),
            ));
        }
        match (gf.version(), a.format.as_str()) {
            (1, ANSWER_FORMAT) => {
                return Err(at(p, format!(
                    "the witness signed this answer (`{ANSWER_FORMAT}`), as a witness does only for games of version 2 and later, but this game file is version 1 (`{}`), whose witness answers are unsigned and can be pinned to any orders: the file was made or edited to an older version than its witness serves, and its dice cannot be trusted",
                    gf.format
                )));
            }
            (v, ANSWER_FORMAT_1) if v >= 2 => {
                return Err(at(p, format!(
                    "the answer is unsigned (`{ANSWER_FORMAT_1}`), but the witness of a version {v} game signs every answer: this is not an answer its witness gave"
                )));
            }
            _ => {}
        }
        if a.element == 0 || a.element > gf.dice.chain_length {
            return Err(at(
                p,
                format!(
                    "element {} is not on the witness's chain of {} elements",
                    a.element, gf.dice.chain_length
                ),
            ));
        }
        let (Some(record), Some(reveal)) = (from_hex(&a.record), from_hex(&a.reveal)) else {
            return Err(at(
                p,
                "its `for` and `reveal` must be 64 lower-case hex digits".into(),
            ));
        };
        if let (Some(key), Some(sig)) = (&key, &a.sig) {
            if !a.signed_by(key, &record, &reveal, sig) {
                return Err(at(p, format!(
                    "its signature is not the witness's signature of element {} for the hash `{}`, by the key in the game file: the answer was changed, or comes from another witness than this game's",
                    a.element, a.record
                )));
            }
        }
        match by_element.get(&a.element) {
            Some((first, _)) if first.answer != *a => {
                return Err(at(p, format!(
                    "element {} was posted on line {} for another hash or reveal: a witness gives each element once",
                    a.element, first.line
                )));
            }
            Some(_) => {}
            None => {
                by_element.insert(a.element, (p, reveal));
            }
        }
    }
    // The reveals lead down the chain to the game's anchor, each to the one before.
    let mut below = (0, anchor);
    for (&k, &(p, reveal)) in &by_element {
        let mut x = reveal;
        for i in (below.0 + 1..=k).rev() {
            x = chain::step_down(&gf.id, WITNESS, i, &x);
        }
        if x != below.1 {
            return Err(at(p, format!(
                "element {k}'s reveal is not on the chain of the witness named in the game file (its anchor `{}`): the answer comes from another witness, or was changed",
                witness.anchor
            )));
        }
        below = (k, reveal);
    }
    // Every witness record follows the hash the witness answered with its element.
    let mut used = 0;
    for (k, r) in (1u64..).zip(gf.log.iter().filter(|r| r.by == WITNESS)) {
        used = k;
        let Some((p, _)) = by_element.get(&k) else {
            return Err(Error::Format {
                what: what.into(),
                message: format!(
                    "no answer for element {k}, which keyed the witness record of step {}: the witness's posted answers must include every element the game used",
                    r.step
                ),
            });
        };
        if p.answer.record != r.prev {
            return Err(at(p, format!(
                "the witness answered element {k} for the hash `{}`, but the game played it with the hash `{}` (the witness record of step {}): the element was used for other orders than those the witness answered",
                p.answer.record, r.prev, r.step
            )));
        }
    }
    let mut is_waiting = false;
    for (&k, (p, _)) in by_element.range(used + 1..) {
        if waiting == Some((p.answer.record.as_str(), k)) {
            is_waiting = true;
            continue;
        }
        return Err(at(p, format!(
            "element {k} was answered for the hash `{}`, which no record of this game follows: the player asked the witness again for a step and did not use the answer, or this game file is not the latest copy",
            p.answer.record
        )));
    }
    Ok(PostedCheck {
        answers: by_element.len(),
        waiting: is_waiting,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::canon::sha256;

    fn witness() -> Secret {
        Secret::from_seed("w-1", WITNESS, 16, &sha256(b"witness"), false)
    }

    fn hash(n: u8) -> String {
        to_hex(&sha256(&[n]))
    }

    #[test]
    fn the_same_hash_gets_the_same_element_and_a_new_hash_the_next() {
        let s = witness();
        let mut ledger = Ledger::new("w-1");
        let (a1, new1) = answer(&s, &mut ledger, &hash(1)).unwrap();
        assert!(new1);
        assert_eq!(a1.element, 1);
        assert_eq!(a1.reveal, to_hex(&s.element(1).unwrap()));
        let (again, new_again) = answer(&s, &mut ledger, &hash(1).to_uppercase()).unwrap();
        assert!(!new_again, "a repeated hash must not use up an element");
        assert_eq!(again, a1);
        let (a2, new2) = answer(&s, &mut ledger, &hash(2)).unwrap();
        assert!(new2);
        assert_eq!(a2.element, 2);
        assert_eq!(a2.reveal, to_hex(&s.element(2).unwrap()));
        assert_eq!(ledger.answers.len(), 2);
        assert_eq!(Answer::parse(&a2.to_line()).unwrap(), a2);
    }

    #[test]
    fn a_ledger_survives_a_round_trip_through_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("w-1.witness.secret.yaml");
        let path = ledger_path(&secret);
        assert_eq!(path, dir.path().join("w-1.witness.answers.yaml"));
        let s = witness();
        let mut ledger = load_ledger(&path, "w-1").unwrap();
        answer(&s, &mut ledger, &hash(1)).unwrap();
        let mut staged = Staged::new();
        stage_ledger(&mut staged, &path, &ledger).unwrap();
        staged.commit().unwrap();
        let mut back = load_ledger(&path, "w-1").unwrap();
        assert_eq!(back, ledger);
        assert_eq!(answer(&s, &mut back, &hash(9)).unwrap().0.element, 2);
    }

    #[test]
    fn bad_hashes_secrets_and_ledgers_are_refused() {
        let s = witness();
        let mut ledger = Ledger::new("w-1");
        assert!(answer(&s, &mut ledger, "abc").is_err());
        let player = Secret::from_seed("w-1", "solo", 16, &sha256(b"p"), false);
        assert!(answer(&player, &mut ledger, &hash(1)).is_err());
        let mut other = Ledger::new("w-2");
        assert!(answer(&s, &mut other, &hash(1)).is_err());
        assert!(ledger.answers.is_empty() && other.answers.is_empty());
        // A used-up chain changes nothing. A chain of 2 serves one answer: its last element
        // is the seed, never handed out.
        let short = Secret::from_seed("w-1", WITNESS, 2, &sha256(b"w"), false);
        answer(&short, &mut ledger, &hash(1)).unwrap();
        assert!(answer(&short, &mut ledger, &hash(2)).is_err());
        assert_eq!(ledger.answers.len(), 1);
    }
}
