//! Records (dice-protocol.md section 2): one per adjudication step, each a packet that one side
//! sends, and the genesis that fixes `T_0`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::canon::{domain_hash, from_hex, Hash};
use super::dice::Roll;
use super::Error;

pub const RECORD_DOMAIN: &str = "adjutant/record/1";
pub const STATE_DOMAIN: &str = "adjutant/state/1";
pub const GENESIS_DOMAIN: &str = "adjutant/genesis/1";
/// Version 2 packets travel wrapped to 72 columns with a checksum line (`mail::armour`); the
/// record inside is the same.
pub const PACKET_FORMAT: &str = "adjutant-packet/2";
/// Packets written before version 2 still load.
pub const PACKET_FORMAT_1: &str = "adjutant-packet/1";

/// One step of the log, exactly as it travels and as it is hashed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The game id.
    pub game: String,
    /// The step number `e`, from 1.
    pub step: u64,
    /// `T_{e-1}`: the hash of the record before, or of the genesis for step 1.
    pub prev: String,
    /// The side that sent this record.
    pub by: String,
    /// The sender's next chain element.
    pub reveal: String,
    /// The result of the previous step, which the sender adjudicated with this reveal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<StepResult>,
    /// The sender's orders for the decision it faces, in the game's own format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<Value>,
    /// A commitment to a new hidden standing policy (dice-protocol section 3.1):
    /// `H(enc("adjutant/policy/1") || salt || canon(policy))`. It decides for the sender from
    /// the next step it adjudicates on, until a newer one replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy_commit: Option<String>,
    /// Protocol version 2: the sender's Ed25519 signature of the record's hash
    /// (`sign::record_message`); for a witness record, the witness's signature of its answer
    /// (`sign::answer_message`). Not part of the record's hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sig: Option<Sig>,
}

/// A record's signature: 64 bytes, written as two halves of 64 hex digits, so that no line of
/// a packet is longer than mail clients keep unbroken (76 columns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sig(pub String);

impl From<String> for Sig {
    fn from(s: String) -> Sig {
        Sig(s)
    }
}

impl std::ops::Deref for Sig {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Serialize for Sig {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let halves: Vec<&str> = if self.0.len() == 128 && self.0.is_ascii() {
            vec![&self.0[..64], &self.0[64..]]
        } else {
            vec![&self.0]
        };
        let mut seq = s.serialize_seq(Some(halves.len()))?;
        for h in halves {
            seq.serialize_element(h)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Sig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sig, D::Error> {
        let halves: Vec<String> = Vec::deserialize(d)?;
        if halves.len() != 2 {
            return Err(serde::de::Error::custom(
                "a signature is written as two lines of 64 hex digits",
            ));
        }
        Ok(Sig(halves.concat()))
    }
}

/// What adjudicating a step produced: the dice, what happened and the state it led to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepResult {
    /// The step whose orders were adjudicated.
    pub step: u64,
    pub rolls: Vec<Roll>,
    pub events: Vec<Value>,
    /// The hash of the state after the step.
    pub state: String,
    /// The adjudicator's standing policy in force for this step, revealed so the other side can
    /// check it against its commitment and replay the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<PolicyReveal>,
    /// Version 3: the rows of the adjudicator's standing policy that the step read, each
    /// revealed alone with the path that ties it to the commitment (dice-protocol 3.2), in the
    /// order the step reached them. The other rows stay hidden.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policy_rows: Vec<super::policy_rows::RowReveal>,
}

impl StepResult {
    /// The first number of the result's values that is not whole, with its path under `at`.
    pub fn first_fraction(&self, at: &str) -> Option<(String, String)> {
        use super::canon::first_fraction;
        let events = self
            .events
            .iter()
            .enumerate()
            .find_map(|(i, e)| first_fraction(e, &format!("{at}.events[{i}]")));
        let policy = || {
            self.policy
                .as_ref()
                .and_then(|p| first_fraction(&p.policy, &format!("{at}.policy.policy")))
        };
        let rows = || {
            self.policy_rows.iter().enumerate().find_map(|(i, r)| {
                first_fraction(&r.answer, &format!("{at}.policy_rows[{i}].answer"))
            })
        };
        events.or_else(policy).or_else(rows)
    }

    /// The commitment of the whole policy this result reveals (versions 1 and 2), in hex, if it
    /// reveals one.
    pub fn policy_commitment(&self) -> Option<String> {
        self.policy
            .as_ref()
            .and_then(|p| p.commitment().ok())
            .map(|h| super::canon::to_hex(&h))
    }
}

/// A revealed policy: the salt and the policy whose hash was committed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyReveal {
    pub salt: String,
    pub policy: Value,
}

pub const POLICY_DOMAIN: &str = "adjutant/policy/1";

impl PolicyReveal {
    /// `H(enc("adjutant/policy/1") || salt32 || canon(policy))`.
    pub fn commitment(&self) -> Result<Hash, Error> {
        let salt = from_hex(&self.salt).ok_or_else(|| Error::Format {
            what: "a policy".into(),
            message: "its salt is not 64 hex digits".into(),
        })?;
        let mut buf = Vec::new();
        super::canon::enc(&mut buf, POLICY_DOMAIN.as_bytes());
        buf.extend_from_slice(&salt);
        buf.extend_from_slice(&super::canon::canon(&self.policy)?);
        Ok(super::canon::sha256(&buf))
    }
}

impl Record {
    /// The first number of the record's values that is not whole (`canon::first_fraction`),
    /// with its path under `at`.
    pub fn first_fraction(&self, at: &str) -> Option<(String, String)> {
        self.orders
            .as_ref()
            .and_then(|o| super::canon::first_fraction(o, &format!("{at}.orders")))
            .or_else(|| {
                self.result
                    .as_ref()
                    .and_then(|r| r.first_fraction(&format!("{at}.result")))
            })
    }

    /// `T_e = H(enc("adjutant/record/1") || canon(record_e))`, with the record's signature
    /// left out (it signs this hash).
    pub fn hash(&self) -> Result<Hash, Error> {
        let mut value = serde_json::to_value(self).map_err(|e| Error::Encode(e.to_string()))?;
        if let Value::Object(map) = &mut value {
            map.remove("sig");
        }
        super::canon::domain_hash_value(RECORD_DOMAIN, &value)
    }

    pub fn reveal_bytes(&self) -> Result<Hash, Error> {
        from_hex(&self.reveal).ok_or_else(|| Error::Packet {
            step: self.step,
            message: format!(
                "reveal `{}` is not 64 lower-case hex digits",
                self.reveal.escape_debug()
            ),
        })
    }
}

/// A packet file: one record in an envelope that names its format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Packet {
    pub format: String,
    pub record: Record,
}

impl Packet {
    pub fn new(record: Record) -> Self {
        Packet {
            format: PACKET_FORMAT.to_string(),
            record,
        }
    }

    pub fn parse(text: &str) -> Result<Packet, Error> {
        Packet::parse_at(text, &|line| line)
    }

    /// `parse` of a packet cut from a file: `line_in_file` turns a line of `text` into the
    /// line of the file it came from, for a refusal to name.
    pub fn parse_at(text: &str, line_in_file: &dyn Fn(usize) -> usize) -> Result<Packet, Error> {
        // A key given twice is refused: the signature covers the record as parsed, with the
        // last of the two, and a reader of the text could take the first for the orders.
        let packet: Packet = super::input::parse_written_at(text, "the packet", line_in_file)?;
        if let Some(found) = packet.record.first_fraction("record") {
            let line = super::locate::line_of(text, &found.0).map(line_in_file);
            return Err(super::canon::fraction_refused("the packet", found, line));
        }
        if packet.format != PACKET_FORMAT && packet.format != PACKET_FORMAT_1 {
            return Err(Error::Format {
                what: "the packet".into(),
                message: format!(
                    "format `{}` is not `{PACKET_FORMAT}` (or `{PACKET_FORMAT_1}`)",
                    packet.format
                ),
            });
        }
        Ok(packet)
    }

    pub fn to_yaml(&self) -> Result<String, Error> {
        serde_yaml::to_string(self).map_err(|e| Error::Encode(e.to_string()))
    }
}

/// Everything fixed when a game is created; its hash is `T_0`, the `prev` of step 1. Version 2
/// adds each party's public key; its domain is `adjutant/genesis/2`.
#[derive(Debug, Clone, Serialize)]
pub struct Genesis<'a> {
    pub format: &'a str,
    pub dice: &'a str,
    pub game: &'a str,
    pub id: &'a str,
    pub data: &'a BTreeMap<String, String>,
    pub chain_length: u64,
    pub anchors: BTreeMap<&'a str, &'a str>,
    /// Version 2: each party's Ed25519 public key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<BTreeMap<&'a str, &'a str>>,
    /// The hash of the state after set-up.
    pub state: String,
}

pub const GENESIS_DOMAIN_2: &str = "adjutant/genesis/2";

impl Genesis<'_> {
    pub fn hash(&self) -> Result<Hash, Error> {
        match self.keys {
            Some(_) => domain_hash(GENESIS_DOMAIN_2, self),
            None => domain_hash(GENESIS_DOMAIN, self),
        }
    }
}

/// The hash of a game state: `H(enc("adjutant/state/1") || canon(state))`.
pub fn state_hash(state: &Value) -> Result<Hash, Error> {
    super::canon::domain_hash_value(STATE_DOMAIN, state)
}
