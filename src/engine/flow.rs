//! Typed orders written back as the short YAML a player would type: one line per top-level
//! key, each value in flow style (`full: {march: {from: SAV, groups: [{to: EBE, units: 6}]}}`).
//! `orders` shows its examples this way, so a game can build its options as typed values and
//! still print them as snippets a player can copy.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_yaml::Value;

/// `value` (a struct or map) as YAML lines that read back as `value`. Fields that are `null`
/// are left out (an absent optional field reads as none), and so are fields that are `false`
/// when the type reads a missing one as `false`; structs keep their field order.
///
/// # Panics
/// If `value` cannot be represented in YAML, which no orders type allows.
pub fn to_lines<T: Serialize + DeserializeOwned + PartialEq>(value: &T) -> String {
    let v = serde_yaml::to_value(value).expect("orders are plain values");
    if !has_false(&v) {
        return lines(&v, Skip::Null);
    }
    let short = lines(&v, Skip::NullAndFalse);
    if read(&short).as_ref() == Some(value) {
        short
    } else {
        lines(&v, Skip::Null)
    }
}

/// A snippet read as the game reads orders: YAML to plain values, then the type. `None` when
/// it is not such a value.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<T> {
    let v: serde_json::Value = serde_yaml::from_str(text).ok()?;
    T::deserialize(v).ok()
}

/// Whether a field anywhere in `v` is `false`: only then can the short form differ.
fn has_false(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Sequence(items) => items.iter().any(has_false),
        Value::Mapping(m) => m.values().any(has_false),
        Value::Tagged(t) => has_false(&t.value),
        Value::Null | Value::Number(_) | Value::String(_) => false,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Skip {
    Null,
    NullAndFalse,
}

fn lines(v: &Value, skip: Skip) -> String {
    let mut out = String::new();
    match v {
        Value::Mapping(m) => {
            for (k, v) in m.iter().filter(|(_, v)| shown(v, skip)) {
                if !out.is_empty() {
                    out.push('\n');
                }
                write(k, skip, &mut out);
                out.push_str(": ");
                write(v, skip, &mut out);
            }
            if out.is_empty() {
                out.push_str("{}");
            }
        }
        other => write(other, skip, &mut out),
    }
    out
}

fn shown(v: &Value, skip: Skip) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(false) => skip == Skip::Null,
        _ => true,
    }
}

fn write(v: &Value, skip: Skip, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => scalar(s, out),
        Value::Sequence(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(item, skip, out);
            }
            out.push(']');
        }
        Value::Mapping(m) => {
            out.push('{');
            for (i, (k, v)) in m.iter().filter(|(_, v)| shown(v, skip)).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(k, skip, out);
                out.push_str(": ");
                write(v, skip, out);
            }
            out.push('}');
        }
        // serde_yaml writes an enum variant with data as a tagged value; as a player types it,
        // it is a one-key map.
        Value::Tagged(t) => {
            out.push('{');
            out.push_str(t.tag.to_string().trim_start_matches('!'));
            out.push_str(": ");
            write(&t.value, skip, out);
            out.push('}');
        }
    }
}

/// A string plain when YAML reads it back as the same string, quoted otherwise.
fn scalar(s: &str, out: &mut String) {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == ' ')
        && !s.starts_with(['-', ' '])
        && !s.ends_with(' ')
        && (plain_word(s)
            || matches!(serde_yaml::from_str::<Value>(s), Ok(Value::String(ref back)) if back == s));
    if plain {
        out.push_str(s);
    } else {
        out.push_str(&serde_json::to_string(s).expect("a string is JSON"));
    }
}

/// A string of the plain characters that starts with a letter reads back as itself unless it
/// is one of YAML's words for true, false or null; this spares parsing every area id.
fn plain_word(s: &str) -> bool {
    const WORDS: [&str; 9] = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"];
    s.starts_with(|c: char| c.is_ascii_alphabetic())
        && !WORDS.iter().any(|w| w.eq_ignore_ascii_case(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Act {
        Pass,
        Go {
            to: String,
            n: u32,
            #[serde(default)]
            fast: bool,
        },
        Name(String),
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Orders {
        #[serde(default)]
        list: Vec<u32>,
        act: Option<Act>,
        other: Option<Act>,
    }

    fn back(text: &str) -> Orders {
        let v: serde_json::Value = serde_yaml::from_str(text).unwrap();
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn writes_one_flow_line_per_key_and_reads_back_the_same() {
        let o = Orders {
            list: vec![1, 2],
            act: Some(Act::Go {
                to: "Monck's Corner".into(),
                n: 0,
                fast: false,
            }),
            other: Some(Act::Pass),
        };
        let text = to_lines(&o);
        assert_eq!(
            text,
            "list: [1, 2]\nact: {go: {to: \"Monck's Corner\", n: 0}}\nother: pass"
        );
        assert_eq!(back(&text), o);
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Flags {
        /// Absent is none, so a `false` here must be written.
        keep: Option<bool>,
        #[serde(default)]
        plain: bool,
    }

    #[test]
    fn writes_false_only_where_leaving_it_out_would_change_the_orders() {
        let f = Flags {
            keep: Some(false),
            plain: false,
        };
        assert_eq!(to_lines(&f), "keep: false\nplain: false");
        let f = Flags {
            keep: None,
            plain: false,
        };
        assert_eq!(to_lines(&f), "{}");
        assert_eq!(read::<Flags>("{}"), Some(f));
    }

    #[test]
    fn quotes_strings_yaml_would_read_as_something_else() {
        for s in [
            "true", "12", "null", "a: b", "", "-x", "~", "yes", "No", "OFF", "y", "1e3", "0x1f",
            "Null", "e5", "inf", "nan", "NaN", "infinity", "Inf",
        ] {
            let o = Orders {
                list: vec![],
                act: Some(Act::Name(s.into())),
                other: None,
            };
            assert_eq!(back(&to_lines(&o)).act, Some(Act::Name(s.into())), "{s:?}");
        }
    }
}
