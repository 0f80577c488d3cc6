//! Plain-text reports (mail and terminal) rendered with minijinja from the templates in
//! `templates/`, built into adjutant; a folder given with `--templates` overrides any of them.

use std::path::{Path, PathBuf};

use minijinja::{AutoEscape, Environment, Value as JValue};

use crate::engine::error::printable;
use serde::Serialize;
use serde_json::Value;

use crate::engine::Error;

/// The built-in templates, by name.
const BUILTIN: &[(&str, &str)] = &[
    (
        "the-lost-cause/events.txt",
        include_str!("../../templates/the-lost-cause/events.txt"),
    ),
    (
        "the-lost-cause/report.txt",
        include_str!("../../templates/the-lost-cause/report.txt"),
    ),
    (
        "the-lost-cause/report.md",
        include_str!("../../templates/the-lost-cause/report.md"),
    ),
    (
        "the-lost-cause/report.bbcode",
        include_str!("../../templates/the-lost-cause/report.bbcode"),
    ),
    (
        "the-lost-cause/show.txt",
        include_str!("../../templates/the-lost-cause/show.txt"),
    ),
    (
        "solo-1776/events.txt",
        include_str!("../../templates/solo-1776/events.txt"),
    ),
    (
        "solo-1776/report.txt",
        include_str!("../../templates/solo-1776/report.txt"),
    ),
    (
        "solo-1776/report.md",
        include_str!("../../templates/solo-1776/report.md"),
    ),
    (
        "solo-1776/report.bbcode",
        include_str!("../../templates/solo-1776/report.bbcode"),
    ),
    (
        "solo-1776/show.txt",
        include_str!("../../templates/solo-1776/show.txt"),
    ),
    ("header.txt", include_str!("../../templates/header.txt")),
    ("footer.txt", include_str!("../../templates/footer.txt")),
    (
        "verification.txt",
        include_str!("../../templates/verification.txt"),
    ),
    (
        "verification.md",
        include_str!("../../templates/verification.md"),
    ),
    (
        "verification.bbcode",
        include_str!("../../templates/verification.bbcode"),
    ),
    ("next.md", include_str!("../../templates/next.md")),
    ("next.bbcode", include_str!("../../templates/next.bbcode")),
    ("stats.txt", include_str!("../../templates/stats.txt")),
    ("bot.txt", include_str!("../../templates/bot.txt")),
    (
        "southern-strategy/events.txt",
        include_str!("../../templates/southern-strategy/events.txt"),
    ),
    (
        "southern-strategy/report.txt",
        include_str!("../../templates/southern-strategy/report.txt"),
    ),
    (
        "southern-strategy/report.md",
        include_str!("../../templates/southern-strategy/report.md"),
    ),
    (
        "southern-strategy/report.bbcode",
        include_str!("../../templates/southern-strategy/report.bbcode"),
    ),
    (
        "southern-strategy/show.txt",
        include_str!("../../templates/southern-strategy/show.txt"),
    ),
    (
        "southern-strategy/ending.txt",
        include_str!("../../templates/southern-strategy/ending.txt"),
    ),
    (
        "southern-strategy/board.svg",
        include_str!("../../templates/southern-strategy/board.svg"),
    ),
    ("replay.html", include_str!("../../templates/replay.html")),
    ("replay.js", include_str!("../../templates/replay.js")),
    (
        "the-lost-cause/board.svg",
        include_str!("../../templates/the-lost-cause/board.svg"),
    ),
    (
        "solo-1776/board.svg",
        include_str!("../../templates/solo-1776/board.svg"),
    ),
];

pub struct Templates {
    env: Environment<'static>,
}

/// Markup templates escape every value they insert, so a name in a game file or its data
/// cannot add markup (or script) to a board picture or the replay page; text templates do not.
fn auto_escape(name: &str) -> AutoEscape {
    match name.rsplit('.').next() {
        Some("html" | "htm" | "xml" | "svg") => AutoEscape::Html,
        _ => AutoEscape::None,
    }
}

/// `pad(n)`: left-aligns a value in `n` columns, for tables in plain text.
fn pad(v: JValue, width: usize) -> String {
    let s = v.to_string();
    let n = s.chars().count();
    if n >= width {
        s
    } else {
        format!("{s}{}", " ".repeat(width - n))
    }
}

/// `rpad(n)`: right-aligns a value in `n` columns.
fn rpad(v: JValue, width: usize) -> String {
    let s = v.to_string();
    let n = s.chars().count();
    if n >= width {
        s
    } else {
        format!("{}{s}", " ".repeat(width - n))
    }
}

/// `plural("unit")`: a count and its noun, the noun in the plural unless the count is 1:
/// `1 unit`, `2 units`; `plural("die", "dice")` for a noun with its own plural.
/// `side|side_name`: a side or dice party by the name the game's `side_names` lookup gives
/// it, when the template has the lookups (`crate::engine::error::side_words`).
fn side_name(state: &minijinja::State, side: String) -> String {
    let names = state
        .lookup("side_names")
        .and_then(|v| serde_json::to_value(&v).ok())
        .unwrap_or(Value::Null);
    crate::engine::error::side_words(&serde_json::json!({ "side_names": names }), &side)
}

fn plural(n: JValue, singular: String, many: Option<String>) -> String {
    let one = n.as_i64() == Some(1);
    let noun = match (one, many) {
        (true, _) => singular,
        (false, Some(m)) => m,
        (false, None) => format!("{singular}s"),
    };
    format!("{n} {noun}")
}

/// `wrap(n)`: folds long lines at spaces to `n` columns for mail readers, keeping each line's
/// indent (and a list's "- ") on the lines it continues. `wrap(n, k)` sets the lines a line
/// continues `k` columns further in than it, so that a line that is not a list item (a roll
/// under `Dice:`) does not go on as if a new one began.
fn wrap(text: String, width: usize, hang: Option<usize>) -> String {
    wrap_hanging(&text, width, hang.unwrap_or(0))
}

/// The wrapping of `wrap`, for whole reports.
pub fn wrap_text(text: &str, width: usize) -> String {
    wrap_hanging(text, width, 0)
}

/// `wrap_text` with each continued line `hang` columns further in than the line it continues
/// (a list item's continues under its text whatever `hang` is).
pub fn wrap_hanging(text: &str, width: usize, hang: usize) -> String {
    let extra = hang;
    let mut out = String::new();
    for line in text.split('\n') {
        // Lines holding a hash or another long token are left whole, to be copied as they are.
        if line.chars().count() <= width || line.split(' ').any(|w| w.len() > 40) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let hang = if line.trim_start().starts_with("- ") {
            indent + extra.max(2)
        } else {
            indent + extra
        };
        let mut lines: Vec<String> = Vec::new();
        let mut current = " ".repeat(indent);
        let mut fresh = true;
        for word in line.trim_start().split(' ') {
            if !fresh && current.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::replace(&mut current, " ".repeat(hang)));
                current.push_str(word);
            } else {
                if !fresh {
                    current.push(' ');
                }
                current.push_str(word);
            }
            fresh = false;
        }
        // A short last word alone on its line (a die's value after its long reason: `4`)
        // takes the word before it along, so that it does not read as a line of its own.
        if let Some(prev) = lines.last_mut() {
            let last = current.trim_start();
            if !last.contains(' ') && last.chars().count() <= 3 {
                if let Some(cut) = prev
                    .rfind(' ')
                    .filter(|&c| c > prev.len() - prev.trim_start().len())
                {
                    let moved = prev[cut + 1..].to_string();
                    prev.truncate(cut);
                    current = format!("{}{moved} {last}", " ".repeat(hang));
                }
            }
        }
        lines.push(current);
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.pop();
    out
}

/// Files at the top of a templates folder named as a game's template (`show.txt`) where no
/// template of that name is looked for: a game's templates are found under its own folder
/// (`southern-strategy/show.txt`). Each with the places it belongs (one per game that has it).
pub fn misplaced_templates(dir: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(PathBuf, Vec<String>)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            if BUILTIN.iter().any(|(n, _)| *n == name) {
                return None;
            }
            let meant: Vec<String> = BUILTIN
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| n.rsplit_once('/').is_some_and(|(_, f)| f == name))
                .map(str::to_string)
                .collect();
            (!meant.is_empty()).then_some((p, meant))
        })
        .collect();
    out.sort();
    out
}

impl Templates {
    /// The built-in templates, each overridden by a file of the same name in `dir`.
    pub fn new(dir: Option<&Path>) -> Templates {
        let dir: Option<PathBuf> = dir.map(Path::to_path_buf);
        if let Some(d) = &dir {
            crate::engine::atomic::reading_folder(d, "the templates folder");
        }
        let mut env = Environment::new();
        env.set_keep_trailing_newline(true);
        env.set_auto_escape_callback(auto_escape);
        env.add_filter("pad", pad);
        env.add_filter("rpad", rpad);
        env.add_filter("wrap", wrap);
        env.add_filter("plural", plural);
        env.add_filter("id_words", crate::games::solo_1776::words::id_words);
        env.add_filter(
            "detachment",
            crate::games::solo_1776::words::detachment_filter,
        );
        env.add_filter("town_words", crate::games::solo_1776::words::town_words);
        env.add_filter("b_terms", crate::games::solo_1776::words::b_terms);
        env.add_filter("roll_current", crate::games::solo_1776::words::roll_current);
        env.add_filter("label", |s: String| crate::engine::error::label_words(&s));
        env.add_filter("side_name", side_name);
        env.add_filter("decision", |s: String| {
            crate::engine::error::decision_words(&s)
        });
        env.set_loader(move |name| {
            if let Some(d) = &dir {
                let p = d.join(name);
                if p.is_file() {
                    return std::fs::read_to_string(&p).map(Some).map_err(|e| {
                        minijinja::Error::new(
                            minijinja::ErrorKind::InvalidOperation,
                            format!("cannot read `{}`: {e}", p.display()),
                        )
                    });
                }
            }
            Ok(BUILTIN
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| t.to_string()))
        });
        Templates { env }
    }

    /// Whether a template of this name exists (built in or in the override folder).
    pub fn exists(&self, name: &str) -> bool {
        self.env.get_template(name).is_ok()
    }

    /// Renders a template. A game file's text reaches a reader's terminal, a forum post or
    /// an SVG board through here, and a label in it is the player's own writing, which a
    /// game file checked by replaying it does not hold to the orders file's rules: control
    /// and bidi characters come out escaped (`\u{1b}`), as in errors, so none acts on the
    /// reader's screen or makes an SVG no XML reader takes.
    pub fn render<S: Serialize>(&self, name: &str, ctx: &S) -> Result<String, Error> {
        let fail = |e| failure(name, e);
        let t = self.env.get_template(name).map_err(fail)?;
        t.render(ctx).map(|s| printable(&s)).map_err(fail)
    }

    /// Calls macros of the template `name`, evaluated once with `ctx`: each call is a macro's
    /// name and its arguments; the answers come back in the same order.
    pub fn call_macros<S: Serialize>(
        &self,
        name: &str,
        ctx: &S,
        calls: &[(&str, Vec<Value>)],
    ) -> Result<Vec<String>, Error> {
        let fail = |e| failure(name, e);
        let t = self.env.get_template(name).map_err(fail)?;
        let state = t.eval_to_state(ctx).map_err(fail)?;
        calls
            .iter()
            .map(|(m, args)| {
                let args: Vec<JValue> = args.iter().map(JValue::from_serialize).collect();
                state
                    .call_macro(m, &args)
                    .map(|s| printable(&s))
                    .map_err(fail)
            })
            .collect()
    }
}

/// A template error, naming the template and line where it happened.
fn failure(name: &str, e: minijinja::Error) -> Error {
    let place = match (e.name(), e.line()) {
        (Some(n), Some(l)) => format!("{n}, line {l}"),
        (Some(n), None) => n.to_string(),
        _ => name.to_string(),
    };
    Error::Report {
        template: place,
        message: e.to_string(),
    }
}

/// Adds the game's lookups (area names, ...) to a context object.
pub fn with_lookups(mut ctx: Value, lookups: &Value) -> Value {
    if let (Some(c), Some(l)) = (ctx.as_object_mut(), lookups.as_object()) {
        for (k, v) in l {
            c.insert(k.clone(), v.clone());
        }
    }
    ctx
}

#[cfg(test)]
mod tests {
    use super::{plural, wrap_hanging, wrap_text};

    #[test]
    fn a_noun_is_plural_unless_its_count_is_one() {
        let n = minijinja::Value::from;
        assert_eq!(plural(n(1), "unit".into(), None), "1 unit");
        assert_eq!(plural(n(0), "unit".into(), None), "0 units");
        assert_eq!(plural(n(2), "die".into(), Some("dice".into())), "2 dice");
        assert_eq!(plural(n(1), "die".into(), Some("dice".into())), "1 die");
    }

    #[test]
    fn wrapping_keeps_indents_and_hangs_list_items() {
        let text = "    - one two three four five six seven";
        assert_eq!(
            wrap_text(text, 20),
            "    - one two three\n      four five six\n      seven"
        );
        assert_eq!(wrap_text("short", 20), "short");
        // A die's value is not left alone on a line after its long reason.
        assert_eq!(
            wrap_text("    17 table: where the fleets go: 4", 34),
            "    17 table: where the fleets\n    go: 4"
        );
        let hash = format!("  hash {}", "a".repeat(64));
        assert_eq!(wrap_text(&hash, 20), hash);
    }

    #[test]
    fn a_hanging_wrap_goes_on_further_in() {
        assert_eq!(
            wrap_hanging(
                "    12 area-change randomiser: the army moving up: 5",
                40,
                2
            ),
            "    12 area-change randomiser: the army\n      moving up: 5"
        );
        // Within the width nothing moves.
        assert_eq!(wrap_hanging("    7.1 roll: 4", 40, 2), "    7.1 roll: 4");
    }
}
