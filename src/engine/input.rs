//! Limits on what adjutant parses: every YAML text is measured before the parser sees it, so a
//! huge or deeply nested input is refused in milliseconds instead of tying the parser up.

use serde::de::DeserializeOwned;

use super::Error;

/// The deepest nesting of `[` and `{` any file of adjutant's needs; a game state is about six
/// levels deep.
pub const MAX_DEPTH: usize = 64;

/// Refuses a text nested deeper than `MAX_DEPTH` in flow brackets or by indentation. Quoted
/// strings and comments are skipped; the scan is one pass.
pub fn check_depth(text: &str, what: &str) -> Result<(), Error> {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut line = 1usize;
    let mut deepest_line = 1usize;
    let mut quote: Option<u8> = None;
    let mut comment = false;
    let mut at_line_start = true;
    let mut indent = 0usize;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            comment = false;
            at_line_start = true;
            indent = 0;
            i += 1;
            continue;
        }
        if at_line_start {
            // A block sequence's `-` and a complex key's `?` (with its `:`) nest like
            // indentation: `? ? ? x` is three levels on one line.
            if matches!(c, b' ' | b'-' | b'?' | b':') {
                indent += 1;
                i += 1;
                continue;
            }
            at_line_start = false;
            // Block nesting: two columns a level is the deepest a person writes.
            if indent / 2 > MAX_DEPTH {
                return Err(too_deep(what, line));
            }
        }
        match quote {
            Some(b'\'') if c == b'\'' => quote = None,
            Some(b'"') if c == b'\\' => i += 1,
            Some(b'"') if c == b'"' => quote = None,
            Some(_) => {}
            None if comment => {}
            None => match c {
                b'#' => comment = true,
                b'\'' | b'"' => quote = Some(c),
                b'[' | b'{' => {
                    depth += 1;
                    if depth > deepest {
                        deepest = depth;
                        deepest_line = line;
                    }
                    if depth > MAX_DEPTH {
                        return Err(too_deep(what, deepest_line));
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            },
        }
        i += 1;
    }
    Ok(())
}

fn too_deep(what: &str, line: usize) -> Error {
    Error::Format {
        what: what.to_string(),
        message: format!(
            "line {line}: it is nested more than {MAX_DEPTH} levels deep, deeper than any adjutant file"
        ),
    }
}

/// Parses YAML after the depth check, with a byte-order mark dropped.
pub fn parse_yaml<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    parse_checked(checked(text, what)?, what)
}

/// `text` without a byte-order mark, once its nesting is checked.
fn checked<'t>(text: &'t str, what: &str) -> Result<&'t str, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    check_depth(text, what)?;
    Ok(text)
}

/// The parse of a `checked` text.
fn parse_checked<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    serde_yaml::from_str(text).map_err(|source| Error::Yaml {
        what: what.to_string(),
        source,
    })
}

/// `parse_yaml` for a file a person writes (orders, a policy): a key given twice in one
/// mapping is refused with its line, where the parse would keep the last one without a word
/// and play orders other than those the player read at the top of the file.
pub fn parse_written<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    parse_written_at(text, what, &|line| line)
}

/// `parse_written` of a text cut from a file (a packet between its armour lines): `line_in_file`
/// turns a line of `text` into the line of the file it came from, for the refusal to name.
pub fn parse_written_at<T: DeserializeOwned>(
    text: &str,
    what: &str,
    line_in_file: &dyn Fn(usize) -> usize,
) -> Result<T, Error> {
    let plain = checked(text, what)?;
    // YAML's own value type refuses a repeated key; the file is small, so it is read twice.
    if let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(plain) {
        let message = e.to_string();
        if let Some(at) = message.find("duplicate entry with key ") {
            let key = message[at + "duplicate entry with key ".len()..]
                .split(" at line")
                .next()
                .unwrap_or_default()
                .to_string();
            let (start, index) = e.location().map_or((1, 0), |l| (l.line(), l.index()));
            let under = message[..at].trim_end_matches(": ");
            let inside = if under.is_empty() {
                String::new()
            } else {
                format!(" (under `{under}`)")
            };
            // The parser names where the mapping begins: the `{` of a flow mapping, the first
            // key of a block mapping.
            let name = key.trim_matches('"');
            let repeat = if plain.as_bytes().get(index) == Some(&b'{') {
                repeat_in_flow(plain, index, start, name)
            } else {
                second_line_of(plain, start, name)
            };
            // The repeat's own line where the text shows it; else the mapping the parser
            // names, saying the key was spelled another way (escaped, tagged) only when one
            // spelling was found as written.
            let mapping = |spelled: &str| {
                format!(
                    "the key {key} is given twice{inside}, in the mapping that begins on line {}{spelled}; give each key once",
                    line_in_file(start)
                )
            };
            let message = match repeat {
                Repeat::At(line) => format!(
                    "line {}: the key {key} is given twice{inside}; give each key once",
                    line_in_file(line)
                ),
                Repeat::SpelledOtherwise => mapping(" (once spelled another way)"),
                Repeat::Unseen => mapping(""),
            };
            return Err(Error::Format {
                what: what.to_string(),
                message,
            });
        }
    }
    parse_checked(plain, what)
}

/// Where a repeated key's second writing is, as far as the text shows it.
#[derive(Debug, PartialEq, Eq)]
enum Repeat {
    /// On this line (counted from 1).
    At(usize),
    /// The key is written as the parser names it once only: the repeat is spelled another
    /// way (escaped, tagged).
    SpelledOtherwise,
    /// Neither writing was found (a key the scan does not read, such as one over two lines).
    Unseen,
}

/// The line of the second `key:` at one indentation from line `start` on (the mapping YAML
/// names where a repeated key was found), for the error to point at the repeat.
fn second_line_of(text: &str, start: usize, key: &str) -> Repeat {
    let written = [
        format!("{key}:"),
        format!("\"{key}\":"),
        format!("'{key}':"),
    ];
    let mut first_indent = None;
    // The mapping's own keys stand at the indentation of its first line: a line written left
    // of it ends the mapping, and a key of the same name after it is another mapping's.
    let mut mapping_indent = None;
    for (i, line) in text.lines().enumerate().skip(start.saturating_sub(1)) {
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        // A sequence item's `- ` counts as indentation: its mapping's keys line up after it.
        let item = body.strip_prefix("- ");
        let body = item.unwrap_or(body);
        let indent = line.len() - body.len();
        match mapping_indent {
            None => mapping_indent = Some(indent),
            Some(m) if indent < m => break,
            // The next item of the sequence: another mapping.
            Some(m) if indent == m && item.is_some() => break,
            Some(_) => {}
        }
        // An explicit key (`? limited`, its value on the next line after `:`) names it too.
        let named = match body.strip_prefix("? ") {
            Some(key_part) => {
                let key_part = key_part.trim();
                written.iter().any(|k| {
                    key_part == k.trim_end_matches(':') || key_part.starts_with(k.as_str())
                })
            }
            None => written.iter().any(|k| body.starts_with(k.as_str())),
        };
        if !named {
            continue;
        }
        match first_indent {
            None => first_indent = Some(indent),
            Some(f) if f == indent => return Repeat::At(i + 1),
            Some(_) => {}
        }
    }
    if first_indent.is_some() {
        Repeat::SpelledOtherwise
    } else {
        Repeat::Unseen
    }
}

/// `second_line_of` for a flow mapping: the line of the second of its own keys (not those of
/// mappings inside it) written `key`, plain or quoted; the mapping's `{` is at byte `at` of
/// `text`, on line `line`. A flow mapping may run over several lines, with comments between
/// its entries.
fn repeat_in_flow(text: &str, at: usize, mut line: usize, key: &str) -> Repeat {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    // Where a scalar may begin: after `{`, `[`, `,`, a value's `:` or an explicit key's `?`.
    // A quote elsewhere is part of a plain scalar (`it's`).
    let mut scalar_start = true;
    let mut expect_key = true;
    let mut seen = 0;
    let mut i = at;
    while i < bytes.len() {
        let c = bytes[i];
        let after_space = i == 0 || matches!(bytes[i - 1], b' ' | b'\t' | b'\n' | b'\r');
        match c {
            b'\n' => {
                line += 1;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' if after_space => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        if depth == 1 && expect_key && c == b'?' {
            // An explicit key: the key follows.
            i += 1;
            continue;
        }
        if depth == 1 && expect_key && !matches!(c, b'}' | b',') {
            let (written, end) = flow_key(text, i);
            if written.as_deref() == Some(key) {
                seen += 1;
                if seen == 2 {
                    return Repeat::At(line);
                }
            }
            line += text[i..end].matches('\n').count();
            expect_key = false;
            scalar_start = false;
            i = end;
            continue;
        }
        match c {
            b'"' | b'\'' if scalar_start => {
                let end = quoted_end(bytes, i);
                line += text[i..end].matches('\n').count();
                scalar_start = false;
                i = end;
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                scalar_start = true;
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
                scalar_start = false;
            }
            b',' => {
                expect_key = depth == 1;
                scalar_start = true;
            }
            b':' => scalar_start = true,
            _ => scalar_start = false,
        }
        i += 1;
    }
    if seen == 1 {
        Repeat::SpelledOtherwise
    } else {
        Repeat::Unseen
    }
}

/// The key of a flow mapping's entry that begins at byte `i` of `text`, as it reads when
/// written plain or quoted without escapes (`None` for one written with escapes, which is
/// another spelling), and the byte after it.
fn flow_key(text: &str, i: usize) -> (Option<String>, usize) {
    let bytes = text.as_bytes();
    let quote = bytes[i];
    if matches!(quote, b'"' | b'\'') {
        let end = quoted_end(bytes, i);
        // Between the quotes; a quote never closed (the scan misread the text) reads as no key.
        let inner = (end > i + 1 && bytes[end - 1] == quote)
            .then(|| text.get(i + 1..end - 1))
            .flatten();
        let written = match quote {
            b'"' => inner.filter(|k| !k.contains('\\')).map(str::to_string),
            _ => inner.map(|k| k.replace("''", "'")),
        };
        return (written, end);
    }
    // A plain key ends at `: `, or at what ends a flow entry.
    let mut end = i;
    while end < bytes.len() {
        match bytes[end] {
            b',' | b'{' | b'}' | b'[' | b']' | b'\n' => break,
            b':' if matches!(
                bytes.get(end + 1),
                None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b'}' | b']')
            ) =>
            {
                break
            }
            b'#' if end > i && matches!(bytes[end - 1], b' ' | b'\t') => break,
            _ => end += 1,
        }
    }
    (Some(text[i..end].trim_end().to_string()), end)
}

/// The byte after the quoted scalar that begins at `i` (its closing quote), or the end of
/// `bytes` if it is never closed.
fn quoted_end(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' if quote == b'"' => j += 2,
            b'\'' if quote == b'\'' && bytes.get(j + 1) == Some(&b'\'') => j += 2,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// Party names (`crown`, `witness`) and game ids go into file names and every hash, so they
/// are kept plain: 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`.
pub fn check_name(what: &str, name: &str) -> Result<(), Error> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
        && !name.starts_with('.');
    if ok {
        Ok(())
    } else {
        Err(Error::Format {
            what: what.to_string(),
            message: format!(
                "`{}` must be 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`",
                name.escape_debug()
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repeat is found inside its own mapping only: a sequence item's keys line up after
    /// its `- `, the next item is another mapping, and so is anything written further left.
    #[test]
    fn a_repeat_is_looked_for_in_its_own_mapping() {
        let item = "supply:\n  - from: A\n    to: C\n    from: B\n";
        assert_eq!(second_line_of(item, 2, "from"), Repeat::At(4));
        let items = "supply:\n  - from: A\n  - from: B\n";
        assert!(!matches!(second_line_of(items, 2, "from"), Repeat::At(_)));
        let second = "supply:\n  - from: A\n  - from: B\n    from: C\n";
        assert_eq!(second_line_of(second, 3, "from"), Repeat::At(4));
        let other = "crown:\n  name: a\n  \"n\\x61me\": b\npatriot:\n  name: c\n";
        assert_eq!(second_line_of(other, 2, "name"), Repeat::SpelledOtherwise);
        let explicit = "command: a\n\n? command\n: b\n";
        assert_eq!(second_line_of(explicit, 1, "command"), Repeat::At(3));
    }

    /// In a flow mapping only its own keys count: not a key of a mapping inside it, nor a
    /// word of a value, quoted or not; a key escaped is another spelling.
    #[test]
    fn a_repeat_in_a_flow_mapping_is_found_among_its_own_keys() {
        let flow = |text: &str, key: &str| repeat_in_flow(text, text.find('{').unwrap(), 1, key);
        assert_eq!(flow("{a: 1, b: 2, a: 3}", "a"), Repeat::At(1));
        assert_eq!(flow("{a: {b: 1}, b: 2, 'b': 3}", "b"), Repeat::At(1));
        assert_eq!(
            flow("{a: [b, {b: 1}], b: 2}", "b"),
            Repeat::SpelledOtherwise
        );
        assert_eq!(flow("{a: 'x, b: 1', b: 2}", "b"), Repeat::SpelledOtherwise);
        assert_eq!(flow("{a: it's, b: 1, \"b\": 2}", "b"), Repeat::At(1));
        assert_eq!(flow("{a: 1, # a: 2\n a: 3}", "a"), Repeat::At(2));
        assert_eq!(
            flow("x: {\"a\\n\": 1,\n\n ? a\n : 2, a: 3}", "a"),
            Repeat::At(4)
        );
        assert_eq!(flow("{a: 1, \"\\x61\": 2}", "a"), Repeat::SpelledOtherwise);
        assert_eq!(flow("{b: 1}", "a"), Repeat::Unseen);
    }

    #[test]
    fn deep_nesting_is_refused_quickly_and_shallow_accepted() {
        let deep = "[".repeat(100_000);
        let start = std::time::Instant::now();
        let e = parse_yaml::<serde_json::Value>(&deep, "the orders file").unwrap_err();
        assert!(e.to_string().contains("nested more than 64"), "{e}");
        // Not a timing test: the scan stops at the 65th bracket whatever the input's size.
        let _ = start;
        let ok = "a: [1, {b: [2, 3]}]\nc: '[[[[[[['\n# {{{{{{{{\n";
        assert!(parse_yaml::<serde_json::Value>(ok, "x").is_ok());
        let block: String = (0..80).map(|i| format!("{}k:\n", "  ".repeat(i))).collect();
        assert!(check_depth(&block, "x").is_err());
        // Complex keys nest on one line; a packet of them once reached the parser and took
        // gigabytes.
        let keys = format!("record:\n  {}x\n", "? ".repeat(200));
        assert!(check_depth(&keys, "x").is_err());
        assert!(check_depth("? a\n: b\n", "x").is_ok());
        let flow = format!("{}{}", "{a: ".repeat(64), "}".repeat(64));
        assert!(check_depth(&flow, "x").is_ok());
        assert!(check_depth(&format!("[{flow}]"), "x").is_err());
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let v: serde_json::Value = parse_yaml("\u{feff}a: 1\n", "x").unwrap();
        assert_eq!(v["a"], 1);
    }

    #[test]
    fn names_that_could_leave_a_folder_are_refused() {
        for bad in [
            "",
            "crown/../../y",
            "../x",
            ".hidden",
            "a b",
            "a\0b",
            &"x".repeat(65),
        ] {
            assert!(check_name("the side", bad).is_err(), "{bad:?}");
        }
        for good in ["crown", "ss-2027_a.b", "witness"] {
            assert!(check_name("the side", good).is_ok());
        }
    }
}
