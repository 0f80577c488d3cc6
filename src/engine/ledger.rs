//! A secret's ledger: which of its chain elements keyed which record and went out in which
//! record, and the game (its genesis hash) the secret serves. A chain element is used once: an
//! element that keyed the dice of one record never keys another (or the other side, who saw it
//! revealed, could pick orders to suit known dice), and an element revealed in one record is
//! never revealed in a different one. The ledger lives beside the secret as
//! `<id>.<side>.ledger.yaml` (mode 0600) and is read and written under the secret's lock.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::input;
use super::Error;

pub const FORMAT: &str = "adjutant-ledger/1";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ledger {
    /// `adjutant-ledger/1`.
    pub format: String,
    pub game: String,
    pub side: String,
    /// The genesis hash `T_0` of the game this secret serves, once it has been used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genesis: Option<String>,
    pub used: Vec<Use>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Use {
    pub element: u64,
    /// The record hash `T_e` whose dice this element keyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyed: Option<String>,
    /// The hash of the record that revealed this element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent: Option<String>,
}

/// What one run did with one of its party's chain elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Usage {
    /// Element `element` keyed the dice of the record with hash `record`.
    Keyed { element: u64, record: String },
    /// Element `element` went out in the record with hash `record`.
    Sent { element: u64, record: String },
}

impl Ledger {
    pub fn new(game: &str, side: &str) -> Ledger {
        Ledger {
            format: FORMAT.into(),
            game: game.into(),
            side: side.into(),
            genesis: None,
            used: Vec::new(),
        }
    }

    /// Records `usage` in the game with genesis `genesis`. Returns whether anything changed.
    /// In a `solitaire` game an element used for a different record means orders played on
    /// another copy of the game file (nothing is mailed), and the refusal says so.
    ///
    /// # Errors
    /// When the secret served another game, or the element was used for a different record.
    pub fn record(&mut self, genesis: &str, usage: &Usage, solitaire: bool) -> Result<bool, Error> {
        let mut changed = false;
        match &self.genesis {
            None => {
                self.genesis = Some(genesis.to_string());
                changed = true;
            }
            Some(g) if g == genesis => {}
            Some(g) => {
                return Err(Error::Secrets {
                    message: format!(
                        "the secret of `{}` for `{}` already serves another game (genesis `{g}`; this one is `{genesis}`): a secret is for one game only, so two games can never share dice. Start the game again under a new game id, with a new secret made by `adjutant keys` for that id and its anchor",
                        self.side, self.game
                    ),
                })
            }
        }
        let (element, record, keyed) = match usage {
            Usage::Keyed { element, record } => (*element, record, true),
            Usage::Sent { element, record } => (*element, record, false),
        };
        let entry = match self.used.iter().position(|u| u.element == element) {
            Some(i) => &mut self.used[i],
            None => {
                self.used.push(Use {
                    element,
                    keyed: None,
                    sent: None,
                });
                self.used.last_mut().expect("just pushed")
            }
        };
        let slot = if keyed {
            &mut entry.keyed
        } else {
            &mut entry.sent
        };
        match slot {
            Some(r) if r == record => Ok(changed),
            Some(_) if solitaire => Err(Error::Secrets {
                message: format!(
                    "you played other orders for this step already, in another copy of this game file (the ledger of `{}` says its chain element went into another record): a step's dice are played once, so go on from the copy that holds it",
                    self.side
                ),
            }),
            Some(r) if keyed => Err(Error::Secrets {
                message: format!(
                    "element {element} of the chain of `{}` already keyed the dice of record `{r}`; it will not key a different record (`{record}`) for the same step. The other side has seen that element, so it could pick orders to suit known dice. This happens when a second, different packet arrives for a step already adjudicated, or when an older copy of the game file is used: continue from the game file that holds the step, and ask the other side (the opponent or the witness) to resend the packet that follows it",
                    self.side
                ),
            }),
            Some(r) => Err(Error::Secrets {
                message: format!(
                    "element {element} of the chain of `{}` already went out in record `{r}`; it will not go out in a different record (`{record}`). Sending two different packets for one step would let the receiver choose between them. Mail the packet you wrote before again (`adjutant orders GAME --resend -o FILE` on the game file that holds it), or continue from that game file; if no file holds it (the run that wrote it was stopped), write the same orders, with the same standing policy if one went with them: they make the same packet",
                    self.side
                ),
            }),
            None => {
                *slot = Some(record.clone());
                Ok(true)
            }
        }
    }
}

/// The ledger of the secret `<id>.<side>.secret.yaml` in `dir`.
pub fn path(dir: &Path, game: &str, side: &str) -> PathBuf {
    dir.join(format!("{game}.{side}.ledger.yaml"))
}

/// Reads a ledger, or an empty one when there is none yet.
pub fn load(path: &Path, game: &str, side: &str) -> Result<Ledger, Error> {
    if !path.exists() {
        return Ok(Ledger::new(game, side));
    }
    let text = super::atomic::read(path)?;
    let what = format!("the ledger `{}`", path.display());
    let ledger: Ledger = input::parse_yaml(&text, &what)?;
    if ledger.format != FORMAT || ledger.game != game || ledger.side != side {
        return Err(Error::Format {
            what,
            message: format!("it is not the {FORMAT} ledger of `{game}` / `{side}`"),
        });
    }
    Ok(ledger)
}

/// The ledger as its file holds it.
pub fn to_text(ledger: &Ledger) -> Result<String, Error> {
    let text = serde_yaml::to_string(ledger).map_err(|e| Error::Encode(e.to_string()))?;
    Ok(format!(
        "# adjutant ledger: which chain elements of this secret were used, and for which record.\n# Keep it with the secret; adjutant refuses to use an element twice.\n{text}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyed(element: u64, record: &str) -> Usage {
        Usage::Keyed {
            element,
            record: record.into(),
        }
    }

    #[test]
    fn an_element_keys_one_record_and_goes_out_in_one() {
        let mut l = Ledger::new("g", "crown");
        assert!(l.record("t0", &keyed(1, "a"), false).unwrap());
        assert!(
            !l.record("t0", &keyed(1, "a"), false).unwrap(),
            "the same use again changes nothing"
        );
        let e = l
            .record("t0", &keyed(1, "b"), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("already keyed the dice of record `a`"), "{e}");
        let sent = Usage::Sent {
            element: 1,
            record: "r".into(),
        };
        assert!(l.record("t0", &sent, false).unwrap());
        let other = Usage::Sent {
            element: 1,
            record: "r2".into(),
        };
        assert!(l.record("t0", &other, false).is_err());
        assert_eq!(l.used.len(), 1);
        assert!(l.record("t0", &keyed(2, "b"), false).unwrap());
    }

    #[test]
    fn a_secret_serves_one_game() {
        let mut l = Ledger::new("g", "crown");
        l.record("t0", &keyed(1, "a"), false).unwrap();
        let e = l
            .record("t0-rematch", &keyed(2, "b"), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("already serves another game"), "{e}");
        assert_eq!(l.used.len(), 1);
    }
}
