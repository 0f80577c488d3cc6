//! Finds the line of an orders file that a path such as `full.march.groups[0].to` points
//! at, so errors can say "orders line 7". It reads block-style YAML as people write it; where
//! it cannot tell, the error keeps the path alone.

enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

fn segments(path: &str) -> Vec<Seg<'_>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let (key, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            out.push(Seg::Key(key));
        }
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            if let Ok(n) = idx.trim_end_matches(']').parse() {
                out.push(Seg::Index(n));
            }
        }
    }
    out
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_content(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#')
}

fn has_key(line: &str, key: &str) -> bool {
    let t = line.trim_start().trim_start_matches("- ").trim_start();
    t.starts_with(&format!("{key}:"))
        || t.starts_with(&format!("'{key}':"))
        || t.starts_with(&format!("\"{key}\":"))
        || line.contains(&format!("{{{key}:"))
        || line.contains(&format!("{{ {key}:"))
        || line.contains(&format!(", {key}:"))
}

/// Whether `line` is the list item `key` (`- EBN`): a path names a member of a set by its
/// value (`holds.EBN`).
fn is_item(line: &str, key: &str) -> bool {
    line.trim_start()
        .strip_prefix("- ")
        .map(|v| v.trim().trim_matches(['\'', '"']))
        == Some(key)
}

/// The 1-based line `path` points at, if it can be found.
pub fn line_of(text: &str, path: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let mut at: Option<usize> = None;
    for seg in segments(path) {
        let start = at.map(|i| i + 1).unwrap_or(0);
        let parent_indent = at.map(|i| indent(lines[i]) as isize).unwrap_or(-1);
        // A flow collection on the current line holds everything below it.
        if let Some(i) = at {
            let rest = lines[i].split_once(':').map(|x| x.1.trim()).unwrap_or("");
            if rest.starts_with('{')
                || rest.starts_with('[')
                || lines[i].trim_start().starts_with("- {")
            {
                continue;
            }
            // A plain value on the line (`CHS: refuse`, read as the start of a mapping that is
            // not there) holds the rest of the path: nothing below belongs to it.
            let item = lines[i].trim_start().starts_with("- ");
            if !item && !rest.is_empty() && !rest.starts_with('#') && !rest.starts_with(['|', '>'])
            {
                continue;
            }
        }
        let mut found = None;
        match seg {
            // A list item's first key is on the item's own line (`- id: boston`).
            Seg::Key(key)
                if at.is_some_and(|i| {
                    lines[i]
                        .trim_start()
                        .strip_prefix("- ")
                        .is_some_and(|rest| has_key(rest, key))
                }) =>
            {
                found = at;
            }
            Seg::Key(key) => {
                for (j, line) in lines.iter().enumerate().skip(start) {
                    if !is_content(line) {
                        continue;
                    }
                    if (indent(line) as isize) <= parent_indent
                        && !line.trim_start().starts_with("- ")
                    {
                        break;
                    }
                    if has_key(line, key) || is_item(line, key) {
                        found = Some(j);
                        break;
                    }
                }
            }
            Seg::Index(n) => {
                let mut count = 0;
                let mut item_indent = None;
                for (j, line) in lines.iter().enumerate().skip(start) {
                    if !is_content(line) {
                        continue;
                    }
                    let ind = indent(line);
                    if !line.trim_start().starts_with("- ") {
                        if (ind as isize) <= parent_indent {
                            break;
                        }
                        continue;
                    }
                    match item_indent {
                        None => item_indent = Some(ind),
                        Some(ii) if ind < ii => break,
                        Some(ii) if ind > ii => continue,
                        _ => {}
                    }
                    if count == n {
                        found = Some(j);
                        break;
                    }
                    count += 1;
                }
            }
        }
        at = Some(found?);
    }
    at.map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::line_of;

    const ORDERS: &str = "# crown\nlimited: skip\nfull:\n  march:\n    from: Savannah\n    groups:\n      - to: Ebenezer\n        units: 4\n      - {to: Sunbury, units: 2}\nsupply_after:\n  - {from: SAV, to: EBN, food: 1}\n";

    #[test]
    fn finds_block_and_flow_entries() {
        assert_eq!(line_of(ORDERS, "limited"), Some(2));
        assert_eq!(line_of(ORDERS, "full.march.from"), Some(5));
        assert_eq!(line_of(ORDERS, "full.march.groups[0].units"), Some(8));
        // The first key of a block item is on the item's line; a key may be quoted.
        assert_eq!(line_of(ORDERS, "full.march.groups[0].to"), Some(7));
        let quoted = "areas:\n  '15':\n    towns:\n    - id: boston\n      name: Boston\n";
        assert_eq!(line_of(quoted, "areas.15.towns[0].name"), Some(5));
        assert_eq!(line_of(quoted, "areas.15.towns[0].id"), Some(4));
        assert_eq!(line_of(ORDERS, "full.march.groups[1].to"), Some(9));
        assert_eq!(line_of(ORDERS, "supply_after[0]"), Some(11));
        assert_eq!(line_of(ORDERS, "supply[0]"), None);
    }

    /// A member of a set written as a block list is found by its value.
    #[test]
    fn finds_a_set_member_by_its_value() {
        let state = "state:\n  holds:\n  - SAV\n  - 'EBN'\n  sieges: [CHS]\n";
        assert_eq!(line_of(state, "state.holds.EBN"), Some(4));
        assert_eq!(line_of(state, "state.holds.SAV"), Some(3));
        assert_eq!(line_of(state, "state.sieges.CHS"), Some(5));
        assert_eq!(line_of(state, "state.holds.GEO"), None);
    }

    /// A path into a plain value (a choice written as a bare word, where serde looked for the
    /// fields under it) points at the value's line; an item's line still leads to the lines
    /// below it.
    #[test]
    fn a_path_into_a_plain_value_stops_at_its_line() {
        let policy = "battle:\n  armies:\n    CHS: refuse   # a bare word\n    SAV:\n      refuse: {to: EBN}\n";
        assert_eq!(line_of(policy, "battle.armies.CHS.refuse"), Some(3));
        assert_eq!(line_of(policy, "battle.armies.SAV.refuse.to"), Some(5));
        assert_eq!(line_of(ORDERS, "full.march.groups[0].units"), Some(8));
    }
}
