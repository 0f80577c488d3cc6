//! What a player writes, read from its JSON value: orders and policies are a person's own
//! writing, so a fault names where in the value it sits (and, for orders, the rule of the key
//! it is under), numbers beyond any count are refused, and Rust's type names become words.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::Error;
use super::game::Game;

/// The rule of the longest entry of `table` (an orders key path and its rule) that `path` is
/// at or under: `turn.control` for `turn.control.quebec`, `turn.losses` for `turn.losses[0].sp`.
pub fn rule_under(table: &[(&str, &'static str)], path: &str) -> Option<&'static str> {
    table
        .iter()
        .filter(|(key, _)| {
            path.strip_prefix(key)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
        })
        .max_by_key(|(key, _)| key.len())
        .map(|(_, rule)| *rule)
}

/// `from_written` for orders of `G` in `state`, a shape fault citing the rule of the key it is
/// under there.
pub fn orders_from_written<G: Game>(state: &G::State, v: &Value) -> Result<G::Orders, Error> {
    from_written_citing("orders", v, |path| G::orders_rule(state, path))
}

/// `from_written` for a standing policy of `G`, a shape fault citing the rule of the key it is
/// under.
pub fn policy_from_written<G: Game>(v: &Value) -> Result<G::Policy, Error> {
    from_written_citing("the policy", v, G::policy_rule)
}

/// `from_written`, a shape fault citing the rule `rule_of` gives the path of its value.
fn from_written_citing<T: DeserializeOwned>(
    what: &str,
    v: &Value,
    rule_of: impl Fn(&str) -> Option<&'static str>,
) -> Result<T, Error> {
    from_written(what, v).map_err(|mut e| {
        if let Error::Shape {
            path: Some(path),
            message,
            ..
        } = &mut e
        {
            if let Some(rule) = rule_of(path) {
                *message = format!("{rule}: {message}");
            }
        }
        e
    })
}

/// `from_value` for orders or a policy, a player's own writing: an error names where in the
/// value it sits (for an unknown field, the field itself), so the orders file's line can be
/// found.
pub fn from_written<T: DeserializeOwned>(what: &str, v: &Value) -> Result<T, Error> {
    if let Some((path, n)) = beyond_any_count(v) {
        return Err(Error::Shape {
            what: what.to_string(),
            path: Some(path).filter(|p| !p.is_empty()),
            line: None,
            message: format!(
                "`{n}` is more than any count in a game (at most {MAX_WRITTEN}): no game has that many pieces, cubes or steps"
            ),
        });
    }
    serde_path_to_error::deserialize(v).map_err(|e| Error::Shape {
        what: what.to_string(),
        path: Some(e.path().to_string()).filter(|p| p != "."),
        line: None,
        message: plain_types(&e.inner().to_string()),
    })
}

/// The largest number a player may write in orders or a policy. Every count in the three games
/// (units, cubes, counters, dice, dates) is far below it, and sums of the few numbers one
/// orders file holds stay far from the rules' number types' limits: a count of 4294967290
/// units added to another wrapped around to a legal total, and the rules would have played it.
pub const MAX_WRITTEN: u64 = 100_000;

/// What a search of a written value looks at: a value with nothing under it, or a key.
enum Seen<'a> {
    Leaf(&'a Value),
    Key(&'a str),
}

/// The first place in `v` where `fault` finds one, with its path written as the parser writes
/// one (`full.march.groups[0].units`) and the fault; `path` is where `v` sits.
fn first_fault(
    v: &Value,
    path: &mut String,
    fault: &dyn Fn(Seen) -> Option<String>,
) -> Option<(String, String)> {
    match v {
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            let found = first_fault(item, path, fault);
            path.truncate(len);
            found
        }),
        Value::Object(map) => map.iter().find_map(|(k, item)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
            let found = fault(Seen::Key(k))
                .map(|f| (path.clone(), f))
                .or_else(|| first_fault(item, path, fault));
            path.truncate(len);
            found
        }),
        leaf => fault(Seen::Leaf(leaf)).map(|f| (path.clone(), f)),
    }
}

/// The first number in `v` above `MAX_WRITTEN` (or below its negative), with its path and the
/// number as written.
fn beyond_any_count(v: &Value) -> Option<(String, String)> {
    first_fault(v, &mut String::new(), &|seen| match seen {
        Seen::Leaf(Value::Number(n)) => {
            let big = match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u > MAX_WRITTEN,
                (None, Some(i)) => i.unsigned_abs() > MAX_WRITTEN,
                _ => n.as_f64().is_some_and(|f| f.abs() > MAX_WRITTEN as f64),
            };
            big.then(|| n.to_string())
        }
        _ => None,
    })
}

/// The longest label (a transport's name, an army's) or name a player may write: room for
/// any real name, and a line of a report still reads as one.
pub const MAX_LABEL: usize = 64;

/// The first character of `text` that could act where others read it rather than be read:
/// a control character (a line break, an escape sequence for a terminal) or an invisible
/// format character (a bidi override, which reverses what follows; a zero-width space).
pub fn acting_char(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        c.is_control()
            || matches!(c,
                '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
    })
}

/// What is wrong with `text` as a name a player writes for others to read (a player's name,
/// an address): a character from `acting_char`, or more than `longest` characters.
pub fn name_fault(text: &str, longest: usize) -> Option<String> {
    if let Some(c) = acting_char(text) {
        return Some(match c {
            '\n' | '\r' => "it holds a line break".to_string(),
            c => format!("it holds a control character (U+{:04X})", c as u32),
        });
    }
    let n = text.chars().count();
    (n > longest).then(|| format!("it is {n} characters long; {longest} at most"))
}

/// What is wrong with `text` as a label in orders or a position, which reports posted to
/// forums print: `name_fault`, or a character Markdown or BBCode would read as markup
/// (brackets make links, images and tags; backticks code; angle brackets HTML).
pub fn label_fault(text: &str) -> Option<String> {
    name_fault(text, MAX_LABEL).or_else(|| {
        text.chars()
            .find(|c| matches!(c, '[' | ']' | '<' | '>' | '`' | '\\'))
            .map(|c| {
                let shown = if c == '`' {
                    "`` ` ``".to_string()
                } else {
                    format!("`{c}`")
                };
                format!("it holds {shown}, which forum posts read as markup")
            })
    })
}

/// The first string of `v` (a key or a value) with a `label_fault`, with its path written as
/// the parser writes one (`turn.transports[0].id`) and the fault.
fn first_unplain(v: &Value) -> Option<(String, String)> {
    first_fault(v, &mut String::new(), &|seen| match seen {
        Seen::Leaf(Value::String(s)) => label_fault(s),
        Seen::Key(k) => label_fault(k).map(|f| format!("its key: {f}")),
        Seen::Leaf(_) => None,
    })
}

/// Refuses the first string of `v` that is not plain text (`first_unplain`) as a fault of
/// `what`, placed on its line of the file's `text`: `under` is where `v` sits in the file
/// (`state.` for a position's state), `why` says who prints it.
pub fn require_plain(
    v: &Value,
    text: &str,
    what: String,
    under: &str,
    why: &str,
) -> Result<(), Error> {
    let Some((path, fault)) = first_unplain(v) else {
        return Ok(());
    };
    let path = format!("{under}{path}");
    Err(Error::Shape {
        line: super::locate::line_of(text, &path),
        what,
        path: Some(path),
        message: format!("{fault}; {why}"),
    })
}

/// Rust's number types in words, with the numbers each allows: a player told "expected a whole
/// number" after writing `-2` would not know what was wrong. Counts above `MAX_WRITTEN` are
/// refused before a type's upper limit is reached, so the wider types name only their floor.
const NUMBER_TYPES: [(&str, &str); 7] = [
    ("u8", "a whole number from 0 to 255"),
    ("u16", "a whole number from 0 to 65535"),
    ("u32", "a whole number, 0 or more"),
    ("u64", "a whole number, 0 or more"),
    ("usize", "a whole number, 0 or more"),
    ("i32", "a whole number"),
    ("i64", "a whole number"),
];

/// A parser's message with Rust's number types in words: a player reads "expected a whole
/// number, 0 or more", not "expected u32".
fn plain_types(message: &str) -> String {
    let message = NUMBER_TYPES
        .iter()
        .fold(message.to_string(), |m, (t, words)| {
            m.replace(&format!("expected {t}"), &format!("expected {words}"))
        });
    // `expected struct Policy`: a Rust type's name, where the player wrote something other
    // than `key: value` lines.
    match message.split_once("expected struct ") {
        Some((before, after)) => {
            let rest = after.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
            format!("{before}expected `key: value` lines{rest}")
        }
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number type is named with the numbers it allows, so a number refused for its range
    /// says what range; a type name that begins another (`u8`, `u16`) is not mistaken for it.
    #[test]
    fn number_types_are_named_with_their_ranges() {
        assert_eq!(
            plain_types("invalid value: integer `300`, expected u8"),
            "invalid value: integer `300`, expected a whole number from 0 to 255"
        );
        assert_eq!(
            plain_types("invalid value: integer `-1`, expected u16"),
            "invalid value: integer `-1`, expected a whole number from 0 to 65535"
        );
        assert_eq!(
            plain_types("invalid type: string \"x\", expected u32"),
            "invalid type: string \"x\", expected a whole number, 0 or more"
        );
    }

    /// The longest key a path is at or under decides; a key that is only a prefix of a word
    /// (`turn.area` of `turn.areas`) does not.
    #[test]
    fn a_path_takes_the_rule_of_the_longest_key_it_is_under() {
        let table = [("turn", "12-17"), ("turn.losses", "14"), ("turn.area", "x")];
        assert_eq!(rule_under(&table, "turn.losses[0].sp"), Some("14"));
        assert_eq!(rule_under(&table, "turn.losses"), Some("14"));
        assert_eq!(rule_under(&table, "turn.areas.canada"), Some("12-17"));
        assert_eq!(rule_under(&table, "combat"), None);
    }
}
