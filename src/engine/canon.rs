//! Canonical JSON and the length-prefixed SHA-256 hashing of dice-protocol.md, so that a hash
//! never depends on how a YAML file happens to be formatted.

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::Error;

/// A 32-byte SHA-256 digest.
pub type Hash = [u8; 32];

/// `enc(b)`: the 4-byte big-endian length of `b`, then `b`.
pub fn enc(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
    out.extend_from_slice(bytes);
}

/// `u64be(n)`.
pub fn u64be(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(&n.to_be_bytes());
}

pub fn sha256(bytes: &[u8]) -> Hash {
    Sha256::digest(bytes).into()
}

pub fn to_hex(h: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(h.len() * 2);
    for b in h {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// Parses exactly 64 lower-case hex digits: the only spelling adjutant writes. A hash or reveal
/// in upper case or with spaces around it is refused, so one value has one spelling and a record
/// cannot be given another hash by re-spelling it.
pub fn from_hex(s: &str) -> Option<Hash> {
    let mut out = [0u8; 32];
    from_hex_into(s, &mut out)?;
    Some(out)
}

/// Parses exactly `2 * out.len()` lower-case hex digits into `out`.
pub fn from_hex_into(s: &str, out: &mut [u8]) -> Option<()> {
    if s.len() != out.len() * 2 {
        return None;
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    for (i, chunk) in s.as_bytes().chunks(2).enumerate() {
        out[i] = digit(chunk[0])? * 16 + digit(chunk[1])?;
    }
    Some(())
}

/// A hash as a person types or pastes it: spaces around it and upper case are forgiven.
pub fn from_user_hex(s: &str) -> Option<Hash> {
    from_hex(&s.trim().to_ascii_lowercase())
}

/// Canonical JSON: object keys sorted by their UTF-8 bytes, no insignificant whitespace,
/// integers only, non-ASCII left unescaped. Strings use JSON's short escapes (`\"`, `\\`, `\b`,
/// `\f`, `\n`, `\r`, `\t`) and `\u00xx` (lowercase hex) for the other control characters.
pub fn canon_value(v: &Value) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    write_canon(&mut out, v)?;
    Ok(out)
}

/// The first number in `v` that canonical JSON cannot write (one with a fraction or an
/// exponent, such as `4.0`), with its path from `at` (`state.pass_track`): a file that holds
/// one is refused where it is read, naming the place, since no record or state holding it can
/// be hashed.
pub fn first_fraction(v: &Value, at: &str) -> Option<(String, String)> {
    match v {
        Value::Number(n) if !(n.is_i64() || n.is_u64()) => Some((at.to_string(), n.to_string())),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, x)| first_fraction(x, &format!("{at}[{i}]"))),
        Value::Object(map) => map
            .iter()
            .find_map(|(k, x)| first_fraction(x, &key_path(at, k))),
        _ => None,
    }
}

/// The path of key `k` under `at` (`state.armies`), or `k` alone at the top.
fn key_path(at: &str, k: &str) -> String {
    if at.is_empty() {
        k.to_string()
    } else {
        format!("{at}.{k}")
    }
}

/// Where `file` first differs from `led` (what a log leads to), in words: `at
/// `state.armies.SAV.units`: the file has 9, the log leads to 8`. Objects are compared key by
/// key in order and lists item by item, down to the first place they part. `None` when they
/// are equal.
pub fn first_difference(file: &Value, led: &Value, at: &str) -> Option<String> {
    let shown = |v: &Value| match v {
        Value::String(s) => format!("`{s}`"),
        Value::Object(m) if m.is_empty() => "nothing there".to_string(),
        Value::Array(a) if a.is_empty() => "an empty list".to_string(),
        Value::Object(_) => "an entry".to_string(),
        Value::Array(a) => format!("a list of {}", a.len()),
        other => other.to_string(),
    };
    let key = |k: &str| key_path(at, k);
    match (file, led) {
        _ if file == led => None,
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| match (a.get(k), b.get(k)) {
                (Some(x), Some(y)) => first_difference(x, y, &key(k)),
                (Some(_), None) => Some(format!(
                    "at `{}`: the file has it, the log leads to nothing there",
                    key(k)
                )),
                (None, Some(_)) => Some(format!(
                    "at `{}`: the file has nothing there, the log leads to {}",
                    key(k),
                    shown(&b[k])
                )),
                (None, None) => None,
            })
        }
        (Value::Array(a), Value::Array(b)) => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, &format!("{at}[{i}]")))
            .or_else(|| {
                Some(format!(
                    "at `{at}`: the file has {} items, the log leads to {}",
                    a.len(),
                    b.len()
                ))
            }),
        _ => Some(format!(
            "at `{at}`: the file has {}, the log leads to {}",
            shown(file),
            shown(led)
        )),
    }
}

/// The refusal of a number `first_fraction` found in `what` (the game file, the packet), at
/// `line` of it where known.
pub fn fraction_refused(what: &str, (path, n): (String, String), line: Option<usize>) -> Error {
    Error::Shape {
        what: what.to_string(),
        path: Some(path),
        line,
        message: format!(
            "`{n}` is not a whole number: every number of a game file or packet is written whole, since its records are hashed as canonical JSON, which has integers only"
        ),
    }
}

pub fn canon<T: Serialize + ?Sized>(v: &T) -> Result<Vec<u8>, Error> {
    let value = serde_json::to_value(v).map_err(|e| Error::Encode(e.to_string()))?;
    canon_value(&value)
}

fn write_canon(out: &mut Vec<u8>, v: &Value) -> Result<(), Error> {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() {
                out.extend_from_slice(n.to_string().as_bytes());
            } else {
                return Err(Error::Encode(format!(
                    "canonical JSON allows integers only, found `{n}`"
                )));
            }
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_canon(out, item)?;
            }
            out.push(b']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
            out.push(b'{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_string(out, k);
                out.push(b':');
                write_canon(out, &map[*k])?;
            }
            out.push(b'}');
        }
    }
    Ok(())
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// `H(enc(domain) || canon(value))`: how records, states, policies and data files are hashed.
pub fn domain_hash<T: Serialize + ?Sized>(domain: &str, value: &T) -> Result<Hash, Error> {
    let value = serde_json::to_value(value).map_err(|e| Error::Encode(e.to_string()))?;
    domain_hash_value(domain, &value)
}

/// `domain_hash` of a value already in JSON form.
pub fn domain_hash_value(domain: &str, value: &Value) -> Result<Hash, Error> {
    let mut buf = Vec::new();
    enc(&mut buf, domain.as_bytes());
    write_canon(&mut buf, value)?;
    Ok(sha256(&buf))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_sorted_by_bytes_and_no_whitespace() {
        let v = json!({"b": 1, "a": [true, null, "x"], "Z": {"é": "ü\n"}});
        let s = String::from_utf8(canon_value(&v).unwrap()).unwrap();
        assert_eq!(s, r#"{"Z":{"é":"ü\n"},"a":[true,null,"x"],"b":1}"#);
    }

    #[test]
    fn floats_are_refused() {
        assert!(canon_value(&json!({"a": 1.5})).is_err());
    }

    #[test]
    fn hex_round_trip() {
        let h = sha256(b"abc");
        assert_eq!(from_hex(&to_hex(&h)), Some(h));
        assert_eq!(
            to_hex(&h),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(from_hex("zz"), None);
        assert_eq!(
            from_hex(&to_hex(&h).to_uppercase()),
            None,
            "upper case is refused"
        );
        assert_eq!(
            from_hex(&format!(" {}", to_hex(&h))),
            None,
            "padding is refused"
        );
        assert_eq!(
            from_user_hex(&format!(" {} ", to_hex(&h).to_uppercase())),
            Some(h)
        );
    }
}
