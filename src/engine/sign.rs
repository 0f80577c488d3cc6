//! Signatures of protocol version 2 (dice-protocol.md, "Signatures"): every record and every
//! witness answer is signed with Ed25519, so a reveal copied onto other orders, or a witness
//! answer pinned to another record, is refused. A party's signing key is derived from its chain
//! seed, so a secret file holds everything and old secret files need no change.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};

use super::canon::{enc, from_hex_into, sha256, to_hex, u64be, Hash};
use super::Error;

/// The domain of the signing-key derivation.
pub const KEY_DOMAIN: &str = "adjutant/sign/2";
/// The domain of a record's signed message.
pub const RECORD_DOMAIN: &str = "adjutant/record-sig/2";
/// The domain of a witness answer's signed message.
pub const ANSWER_DOMAIN: &str = "adjutant/witness-sig/2";

/// A party's signing key: the Ed25519 secret key
/// `H(enc("adjutant/sign/2") || enc(game_id) || enc(party) || seed)`.
pub fn signing_key(game_id: &str, party: &str, seed: &Hash) -> SigningKey {
    let mut buf = Vec::with_capacity(96);
    enc(&mut buf, KEY_DOMAIN.as_bytes());
    enc(&mut buf, game_id.as_bytes());
    enc(&mut buf, party.as_bytes());
    buf.extend_from_slice(seed);
    SigningKey::from_bytes(&sha256(&buf))
}

/// The message a record's signature covers: `enc("adjutant/record-sig/2") || enc(game_id) ||
/// T_e`, where `T_e` is the record's hash (which leaves the signature out).
pub fn record_message(game_id: &str, record_hash: &Hash) -> Vec<u8> {
    let mut buf = Vec::with_capacity(80);
    enc(&mut buf, RECORD_DOMAIN.as_bytes());
    enc(&mut buf, game_id.as_bytes());
    buf.extend_from_slice(record_hash);
    buf
}

/// The message a witness answer's signature covers: `enc("adjutant/witness-sig/2") ||
/// enc(game_id) || u64be(k) || T_e || x_k`. It binds the element to the one record hash it
/// answers.
pub fn answer_message(game_id: &str, element: u64, record_hash: &Hash, reveal: &Hash) -> Vec<u8> {
    let mut buf = Vec::with_capacity(128);
    enc(&mut buf, ANSWER_DOMAIN.as_bytes());
    enc(&mut buf, game_id.as_bytes());
    u64be(&mut buf, element);
    buf.extend_from_slice(record_hash);
    buf.extend_from_slice(reveal);
    buf
}

/// Signs `message`: 128 lower-case hex digits.
pub fn sign(key: &SigningKey, message: &[u8]) -> String {
    to_hex(&key.sign(message).to_bytes())
}

/// The public key as 64 lower-case hex digits.
pub fn public_hex(key: &SigningKey) -> String {
    to_hex(&key.verifying_key().to_bytes())
}

/// Reads a public key written as 64 lower-case hex digits, refusing a malformed or weak
/// (small-order) key, which would let signatures be made without the secret.
pub fn parse_public(hex: &str) -> Option<VerifyingKey> {
    let mut bytes = [0u8; 32];
    from_hex_into(hex, &mut bytes)?;
    let key = VerifyingKey::from_bytes(&bytes).ok()?;
    (!key.is_weak()).then_some(key)
}

/// Reads a signature written as 128 lower-case hex digits.
pub fn parse_signature(hex: &str) -> Option<Signature> {
    let mut bytes = [0u8; 64];
    from_hex_into(hex, &mut bytes)?;
    Some(Signature::from_bytes(&bytes))
}

/// Whether `sig` (hex) is `key`'s signature of `message`.
pub fn verify(key: &VerifyingKey, message: &[u8], sig: &str) -> bool {
    match parse_signature(sig) {
        Some(s) => key.verify_strict(message, &s).is_ok(),
        None => false,
    }
}

/// Many signatures checked together (Ed25519 batch verification, about twice as fast per
/// signature); when the batch fails, each is checked alone to name the first bad one.
#[derive(Default)]
pub struct Batch {
    messages: Vec<Vec<u8>>,
    signatures: Vec<Option<Signature>>,
    keys: Vec<VerifyingKey>,
    /// What each entry is, for the error: usually its step.
    tags: Vec<u64>,
}

impl Batch {
    pub fn push(&mut self, tag: u64, key: VerifyingKey, message: Vec<u8>, sig: &str) {
        self.messages.push(message);
        self.signatures.push(parse_signature(sig));
        self.keys.push(key);
        self.tags.push(tag);
    }

    /// `Ok` when every signature holds, else the tag of the first that does not.
    pub fn check(&self) -> Result<(), u64> {
        let first_bad = || {
            (0..self.tags.len())
                .find(|&i| match &self.signatures[i] {
                    Some(s) => self.keys[i].verify_strict(&self.messages[i], s).is_err(),
                    None => true,
                })
                .map(|i| self.tags[i])
        };
        if self.signatures.iter().any(Option::is_none) {
            return Err(first_bad().unwrap_or(0));
        }
        let messages: Vec<&[u8]> = self.messages.iter().map(Vec::as_slice).collect();
        let signatures: Vec<Signature> = self.signatures.iter().flatten().copied().collect();
        match ed25519_dalek::verify_batch(&messages, &signatures, &self.keys) {
            // The batch equation accepts a few odd signatures that a strict check refuses;
            // nothing adjutant writes is one, so a passing batch is re-checked only when
            // it fails.
            Ok(()) => Ok(()),
            Err(_) => Err(first_bad().unwrap_or(0)),
        }
    }
}

/// The error for a record whose signature does not hold.
pub fn bad_record(step: u64, by: &str) -> Error {
    Error::Packet {
        step,
        message: format!(
            "its signature is not `{by}`'s signature of this record: the record was changed after it was signed (its orders, result, policy or reveal), on its way or in a game file, or forged"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_for_its_message_only() {
        let key = signing_key("g-1", "crown", &sha256(b"seed"));
        let public = parse_public(&public_hex(&key)).unwrap();
        let m = record_message("g-1", &sha256(b"record"));
        let sig = sign(&key, &m);
        assert_eq!(sig.len(), 128);
        assert!(verify(&public, &m, &sig));
        let other = record_message("g-1", &sha256(b"other record"));
        assert!(!verify(&public, &other, &sig));
        assert!(!verify(&public, &m, &sig.to_uppercase()));
        let someone = signing_key("g-1", "patriot", &sha256(b"seed"));
        assert!(!verify(&someone.verifying_key(), &m, &sig));
        // The key depends on the game and party as well as the seed.
        assert_ne!(
            public_hex(&key),
            public_hex(&signing_key("g-2", "crown", &sha256(b"seed")))
        );
    }

    #[test]
    fn a_batch_names_the_first_bad_signature() {
        let key = signing_key("g-1", "crown", &sha256(b"seed"));
        let mut batch = Batch::default();
        for step in 1..=5u64 {
            let m = record_message("g-1", &sha256(&step.to_be_bytes()));
            let mut sig = sign(&key, &m);
            if step == 4 {
                sig = sign(&key, b"something else");
            }
            batch.push(step, key.verifying_key(), m, &sig);
        }
        assert_eq!(batch.check(), Err(4));
        let mut good = Batch::default();
        let m = record_message("g-1", &sha256(b"x"));
        good.push(1, key.verifying_key(), m.clone(), &sign(&key, &m));
        assert_eq!(good.check(), Ok(()));
        let mut garbled = Batch::default();
        garbled.push(7, key.verifying_key(), m, "zz");
        assert_eq!(garbled.check(), Err(7));
    }

    #[test]
    fn weak_and_malformed_keys_are_refused() {
        // The identity point is a small-order key.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert!(parse_public(&to_hex(&identity)).is_none());
        assert!(parse_public("abc").is_none());
        let key = signing_key("g-1", "crown", &sha256(b"seed"));
        assert!(parse_public(&public_hex(&key).to_uppercase()).is_none());
    }
}
