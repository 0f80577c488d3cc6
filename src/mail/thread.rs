//! One mail thread per game: the Message-ID of each step's mail, kept in a side file beside the
//! game file (`game.yaml` -> `game.mail.yaml`), so that the next mail answers the last one
//! (`In-Reply-To`, `References`) and mail clients show the game as one conversation.
//!
//! ```yaml
//! format: adjutant-mail/1
//! game: ss-2027-alice-bob
//! messages:                 # step -> the Message-ID of the mail that carried it
//!   3: <adjutant.ss-2027-alice-bob.3.crown.1a2b3c4d5e6f7a8b@example.org>
//!   4: <CAJq8Hk...@mail.gmail.com>
//! ```
//! The side file holds nothing the game depends on: losing it only starts a new thread.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::atomic;
use crate::engine::record::Record;
use crate::engine::Error;

pub const FORMAT: &str = "adjutant-mail/1";

/// References kept in a mail: the first and the latest, as RFC 5322 3.6.4 suggests trimming.
const MAX_REFERENCES: usize = 12;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thread {
    pub format: String,
    pub game: String,
    #[serde(default)]
    pub messages: BTreeMap<u64, String>,
}

/// The side file of a game file: `game.yaml` -> `game.mail.yaml`.
pub fn path(game_file: &Path) -> PathBuf {
    let name = game_file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name
        .strip_suffix(".yaml")
        .or_else(|| name.strip_suffix(".yml"))
        .unwrap_or(&name);
    game_file.with_file_name(format!("{stem}.mail.yaml"))
}

/// The longest Message-ID carried into a later mail's headers. Mail headers are not signed,
/// so an opponent's mail may carry any id; mail systems make ids well under 100 characters,
/// and twelve references of this length still fold into lines within RFC 5322's 998.
const MAX_ID: usize = 250;

/// Whether a bracketed id can go into `In-Reply-To` and `References`: not too long, and
/// printable ASCII without spaces (RFC 5322 3.6.4), so it can neither break a header line
/// nor add one.
pub fn usable(id: &str) -> bool {
    id.len() <= MAX_ID
        && id.len() > 2
        && id.bytes().all(|b| b.is_ascii_graphic())
        && id.starts_with('<')
        && id.ends_with('>')
}

/// `<id>` with the angle brackets, as headers carry it.
pub fn bracketed(id: &str) -> String {
    let id = id.trim().trim_start_matches('<').trim_end_matches('>');
    format!("<{id}>")
}

impl Thread {
    /// Reads the side file of `game_file`; a missing one is an empty thread.
    ///
    /// # Errors
    /// A side file that cannot be read, or that belongs to another game.
    pub fn load(game_file: &Path, game: &str) -> Result<Thread, Error> {
        let p = path(game_file);
        if !p.exists() {
            return Ok(Thread {
                format: FORMAT.into(),
                game: game.into(),
                messages: BTreeMap::new(),
            });
        }
        let t: Thread =
            crate::engine::input::parse_yaml(&atomic::read(&p)?, "the mail thread file")
                .map_err(|e| crate::app::naming_file(e, "the mail thread file", &p))?;
        if t.format != FORMAT || t.game != game {
            return Err(Error::Format {
                what: format!("the mail thread file `{}`", p.display()),
                message: format!(
                    "it is `{}` for game `{}`, not `{FORMAT}` for `{game}`; move it away to start a new thread",
                    t.format, t.game
                ),
            });
        }
        Ok(t)
    }

    pub fn to_text(&self) -> Result<String, Error> {
        serde_yaml::to_string(self).map_err(|e| Error::Encode(e.to_string()))
    }

    /// Notes the mail that carried `step`; an id no mail system makes (see `usable`) is not
    /// noted, and the thread goes on without it.
    pub fn note(&mut self, step: u64, message_id: &str) {
        let id = bracketed(message_id);
        if usable(&id) {
            self.messages.insert(step, id);
        }
    }

    /// The mail a mail for `step` answers: the latest step before it with a known mail.
    pub fn in_reply_to(&self, step: u64) -> Option<String> {
        self.known(step).next_back().cloned()
    }

    /// The ids noted before `step` that can go in a header (a thread file written by an
    /// adjutant that noted any id may hold others).
    fn known(&self, step: u64) -> impl DoubleEndedIterator<Item = &String> {
        self.messages
            .range(..step)
            .map(|(_, id)| id)
            .filter(|id| usable(id))
    }

    /// The thread before `step`: the first mail and the latest ones.
    pub fn references(&self, step: u64) -> Vec<String> {
        let all: Vec<&String> = self.known(step).collect();
        if all.len() <= MAX_REFERENCES {
            return all.into_iter().cloned().collect();
        }
        std::iter::once(all[0])
            .chain(all[all.len() - (MAX_REFERENCES - 1)..].iter().copied())
            .cloned()
            .collect()
    }
}

/// The Message-ID of the mail carrying a record: the same for the same record, so a packet
/// sent again is the same message, and mail systems that see both keep one.
pub fn message_id(rec: &Record, from_address: &str) -> Result<String, Error> {
    let domain = from_address
        .rsplit_once('@')
        .map(|(_, d)| d.trim_end_matches('>').trim())
        .filter(|d| {
            !d.is_empty()
                && d.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".-".contains(c))
        })
        .unwrap_or("adjutant.invalid");
    let hash = crate::engine::canon::to_hex(&rec.hash()?);
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    Ok(format!(
        "<adjutant.{}.{}.{}.{}@{domain}>",
        clean(&rec.game),
        rec.step,
        clean(&rec.by),
        &hash[..16]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_file_sits_beside_the_game_file() {
        assert_eq!(
            path(Path::new("a/game.yaml")),
            Path::new("a/game.mail.yaml")
        );
        assert_eq!(path(Path::new("g")), Path::new("g.mail.yaml"));
    }

    /// An id that could break a header line, or add one, is never noted, and one a thread
    /// file holds from before is passed over.
    #[test]
    fn ids_that_could_break_a_header_are_not_carried() {
        let mut t = Thread::default();
        t.note(1, "a@x");
        t.note(2, &format!("{}@x", "y".repeat(MAX_ID)));
        t.note(3, "b@x>\r\nBcc: eve@x");
        t.note(4, "c d@x");
        assert_eq!(t.messages.len(), 1);
        t.messages.insert(5, format!("<{}@x>", "z".repeat(3000)));
        assert_eq!(t.in_reply_to(6).as_deref(), Some("<a@x>"));
        assert_eq!(t.references(6), vec!["<a@x>"]);
        assert!(usable(&format!("<{}@x>", "y".repeat(MAX_ID - 4))));
        assert!(!usable("<>"));
    }

    #[test]
    fn a_mail_answers_the_latest_before_it() {
        let mut t = Thread::default();
        t.note(3, "a@x");
        t.note(5, "<b@x>");
        assert_eq!(t.in_reply_to(4).as_deref(), Some("<a@x>"));
        assert_eq!(t.in_reply_to(6).as_deref(), Some("<b@x>"));
        assert_eq!(t.in_reply_to(3), None);
        assert_eq!(t.references(6), vec!["<a@x>", "<b@x>"]);
        for s in 10..40 {
            t.note(s, &format!("m{s}@x"));
        }
        let r = t.references(100);
        assert_eq!((r.len(), r[0].as_str()), (MAX_REFERENCES, "<a@x>"));
        assert_eq!(r.last().unwrap(), "<m39@x>");
    }
}
