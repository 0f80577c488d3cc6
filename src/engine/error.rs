//! The library's errors. Each names the problem in a player's terms; rule errors carry the
//! rule number and the place in the orders file.

use std::fmt;
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// An order that the rules refuse, e.g. ``9.1: `Camden` is not adjacent to `Savannah` ``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderError {
    /// The rulebook number that forbids the order, e.g. `9.1`.
    pub rule: String,
    /// A lowercase phrase with user values in backticks.
    pub message: Message,
    /// Where in the orders the bad value sits, as a path such as `full.march.groups[0].to`.
    pub path: Option<String>,
    /// The line in the orders file, where it could be found.
    pub line: Option<usize>,
    /// The orders file's name, where the command read one (`in_file`).
    pub file: Option<Box<str>>,
}

impl OrderError {
    pub fn new(rule: &str, message: impl Into<String>) -> Self {
        OrderError {
            rule: rule.to_string(),
            message: Message::from(message.into()),
            path: None,
            line: None,
            file: None,
        }
    }

    /// `new`, with the message worded by `words` only when it is first read. Self-play and
    /// the bot try orders the rules refuse thousands of times a second and never read why;
    /// formatting each refusal's message was about 2% of self-play's time. `words` gets only
    /// owned values, so the error outlives the state it was made from.
    pub fn worded_later(rule: &str, words: impl Fn() -> String + Send + Sync + 'static) -> Self {
        OrderError {
            rule: rule.to_string(),
            message: Message::Later(Arc::new(Later {
                words: OnceLock::new(),
                write: words,
            })),
            path: None,
            line: None,
            file: None,
        }
    }

    /// Names the orders file the error is in, for a command that read the orders from one.
    pub fn in_file(mut self, file: &std::path::Path) -> Self {
        self.file = Some(file.display().to_string().into());
        self
    }

    /// The message with `note` after it (`...; 2 war were discarded first`), worded only when
    /// the message is read.
    pub fn noting(mut self, note: String) -> Self {
        let said = self.message.clone();
        self.message = Message::Later(Arc::new(Later {
            words: OnceLock::new(),
            write: move || format!("{}; {note}", &*said),
        }));
        self
    }

    /// Names where in the orders the bad value sits, unless a deeper check already named it.
    /// A `Path` is written out only here, so it costs nothing on orders that pass.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        if self.path.is_none() {
            self.path = Some(path.into());
        }
        self
    }
}

/// The words of an `OrderError`: a phrase that reads as a `str`, written when the error was
/// made or, for `OrderError::worded_later`, when it is first read. It is no larger than a
/// `String`, so errors stay as small as they were.
#[derive(Clone)]
pub enum Message {
    Words(String),
    Later(Arc<dyn Unread>),
}

/// A message not worded yet (`OrderError::worded_later`).
pub trait Unread: Send + Sync {
    /// The words, written the first time they are read.
    fn read(&self) -> &str;
}

/// The closure that writes a message, and its words once read: one allocation with the
/// closure's values in it.
struct Later<F> {
    words: OnceLock<String>,
    write: F,
}

impl<F: Fn() -> String + Send + Sync> Unread for Later<F> {
    fn read(&self) -> &str {
        self.words.get_or_init(&self.write)
    }
}

impl From<String> for Message {
    fn from(words: String) -> Self {
        Message::Words(words)
    }
}

impl Deref for Message {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Message::Words(words) => words,
            Message::Later(later) => later.read(),
        }
    }
}

impl PartialEq for Message {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Message {}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

/// A place in a player's orders, such as `full.march.groups[1].to`, for an `OrderError` to
/// name when the value there is refused.
///
/// The rules hand a path down to every check, but only a refusal needs its text. So a path is
/// a chain of parts that borrows the path it extends, and it is written out only when it is
/// displayed: building one allocates nothing. For example, with `groups` the path
/// `full.march.groups`, `groups.item(1).field("to")` is written `full.march.groups[1].to`.
#[derive(Debug, Clone, Copy)]
pub struct Path<'a> {
    /// The path this one extends, or `None` for a root.
    parent: Option<&'a Path<'a>>,
    part: Part<'a>,
}

#[derive(Debug, Clone, Copy)]
enum Part<'a> {
    /// A root, or a field of the value at the parent path (written after a dot).
    Field(&'a str),
    /// An entry of the list at the parent path (written `[i]`).
    Item(usize),
}

impl<'a> Path<'a> {
    /// A path that starts at `name`. The name is written as given, so a fixed start such as
    /// `battle.refuse` may be one root.
    pub const fn root(name: &'a str) -> Self {
        Path {
            parent: None,
            part: Part::Field(name),
        }
    }

    /// The field `name` of the value at this path: `full` and `march` give `full.march`.
    pub fn field<'b>(&'b self, name: &'b str) -> Path<'b> {
        Path {
            parent: Some(self),
            part: Part::Field(name),
        }
    }

    /// Entry `i` of the list at this path: `supply` and 0 give `supply[0]`.
    pub fn item(&self, i: usize) -> Path<'_> {
        Path {
            parent: Some(self),
            part: Part::Item(i),
        }
    }
}

impl Path<'_> {
    /// Appends the path's text to `out`. It is pushed piece by piece rather than formatted:
    /// self-play has every refused order's path written, and the formatting machinery cost
    /// several times the pushes.
    fn write_into(&self, out: &mut String) {
        if let Some(parent) = self.parent {
            parent.write_into(out);
        }
        match self.part {
            Part::Field(name) => {
                if self.parent.is_some() {
                    out.push('.');
                }
                out.push_str(name);
            }
            Part::Item(i) => {
                out.push('[');
                push_number(out, i);
                out.push(']');
            }
        }
    }
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from(*self))
    }
}

impl From<Path<'_>> for String {
    fn from(path: Path<'_>) -> String {
        let mut out = String::with_capacity(32);
        path.write_into(&mut out);
        out
    }
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Where: `the orders file `t1.yaml` line 3 (`full`): `, or without the file's name
        // `orders line 3 (`full`): `; a path alone reads `orders `full`: `.
        let file = self.file.as_ref().map(|f| format!("the orders file `{f}`"));
        match (file, self.line, &self.path) {
            (file, Some(line), path) => {
                write!(f, "{} line {line}", file.as_deref().unwrap_or("orders"))?;
                if let Some(path) = path {
                    write!(f, " (`{path}`)")?;
                }
                f.write_str(": ")?;
            }
            (Some(file), None, Some(path)) => write!(f, "{file} (`{path}`): ")?,
            (Some(file), None, None) => write!(f, "{file}: ")?,
            (None, None, Some(path)) => write!(f, "orders `{path}`: ")?,
            (None, None, None) => {}
        }
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for OrderError {}

/// A value of the orders as a player writes it in YAML, on one line (`{army: blue}`,
/// `[red, blue]`, `railroads`), for error messages that quote an order back.
pub fn as_written<T: serde::Serialize>(value: &T) -> String {
    fn flow(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(a) => {
                format!("[{}]", a.iter().map(flow).collect::<Vec<_>>().join(", "))
            }
            serde_json::Value::Object(o) => format!(
                "{{{}}}",
                o.iter()
                    .map(|(k, v)| format!("{k}: {}", flow(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            other => other.to_string(),
        }
    }
    serde_json::to_value(value)
        .map(|v| flow(&v))
        .unwrap_or_else(|_| "?".into())
}

/// A label the player made up (a transport's `howe-convoy`) as words in a report or a
/// question: its hyphens and underscores as spaces, its first letter a capital (`Howe
/// convoy`). The orders and records keep the label as written.
pub fn label_words(label: &str) -> String {
    let spaced = label.replace(['-', '_'], " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// A side, or a solitaire game's dice party, as messages and reports name it: the game's
/// `side_names` lookup (`the Confederate player`), else the dice party in words (`the self
/// chain`, `the witness`), else the id with a capital (`Crown`). Game files, packets and
/// `--side` keep the id.
pub fn side_words(lookups: &serde_json::Value, side: &str) -> String {
    if let Some(name) = lookups["side_names"][side].as_str() {
        return name.to_string();
    }
    match side {
        "self" => "the self chain".into(),
        "witness" => "the witness".into(),
        _ => label_words(side),
    }
}

/// A decision's kind (`Awaiting::decision`) in words: `initiative_order` is "initiative
/// order", and the dice party's turn to adjudicate is an "adjudication". The game file keeps
/// the kind as written, which `verify` compares.
pub fn decision_words(decision: &str) -> String {
    match decision {
        "adjudicate" => "adjudication".into(),
        other => other.replace(['_', '-'], " "),
    }
}

/// Words listed for a sentence: `blue`, `blue or green`, `blue, green or brown` (with
/// `last` = "or"); `none` for an empty list.
pub fn listed<S: AsRef<str>>(words: &[S], last: &str) -> String {
    match words {
        [] => "none".into(),
        [one] => one.as_ref().to_string(),
        [rest @ .., end] => format!(
            "{} {last} {}",
            rest.iter()
                .map(|w| w.as_ref())
                .collect::<Vec<_>>()
                .join(", "),
            end.as_ref()
        ),
    }
}

/// Ids (sides, dice parties) in backticks, listed for a sentence: `` `crown` and `patriot` ``.
pub fn ticked<S: AsRef<str>>(ids: &[S], last: &str) -> String {
    listed(
        &ids.iter()
            .map(|i| format!("`{}`", i.as_ref()))
            .collect::<Vec<_>>(),
        last,
    )
}

/// Everything else that can go wrong, from a broken file to a forged packet.
#[derive(Debug)]
pub enum Error {
    Io {
        path: PathBuf,
        action: &'static str,
        source: std::io::Error,
    },
    Yaml {
        what: String,
        source: serde_yaml::Error,
    },
    Data {
        file: String,
        entry: String,
        message: String,
    },
    Encode(String),
    Format {
        what: String,
        message: String,
    },
    Orders(OrderError),
    /// Orders (or a policy) whose value at `path` has the wrong shape: an unknown field or
    /// word, or text where a number belongs. A game may put the rule of the key in `message`
    /// (`Game::orders_rule`); otherwise none is named.
    Shape {
        what: String,
        path: Option<String>,
        line: Option<usize>,
        message: String,
    },
    /// A position (`new --position`) that breaks a rule; `fault.path` is under `state`.
    Position {
        what: String,
        fault: Box<OrderError>,
    },
    /// A packet or record that does not fit the game: wrong game, step, link, side or reveal.
    Packet {
        step: u64,
        message: String,
    },
    /// `verify` found the log and the replay disagree.
    Divergence {
        step: u64,
        message: String,
    },
    Secrets {
        message: String,
    },
    /// A party's chain has no element left to reveal (`reveals` of them went out; the last is
    /// the secret seed itself, never revealed). A kind of its own, so that a game between bots
    /// that runs into it can keep the steps it played.
    ChainUsedUp {
        party: String,
        reveals: u64,
    },
    Report {
        template: String,
        message: String,
    },
    /// Mail could not be sent or fetched: the server, the connection or the local mailer
    /// failed, not the input. `hint` says what to try.
    Transport {
        what: String,
        message: String,
        hint: Option<String>,
    },
}

impl Error {
    /// The exit status of a command that failed with this error: 3 for the file system or
    /// the mail transport, 1 for input that was refused (a broken file, illegal orders, a
    /// forged packet).
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io { .. } | Error::Transport { .. } => 3,
            _ => 1,
        }
    }

    /// A position's fault (a rule's, `Position`, or a value of the wrong `Shape`) told of as
    /// about `what`, its path through `repath` and its line, where `line_of` finds one, from
    /// the file it was read in; any other error as it is. A position is checked in one place
    /// (`Rules::check_position`) and read from a position file, a game file's `start:` or a
    /// state: each says where with this.
    pub fn in_position(
        self,
        what: String,
        repath: impl Fn(Option<String>) -> Option<String>,
        line_of: impl Fn(&str) -> Option<usize>,
    ) -> Error {
        match self {
            Error::Position { mut fault, .. } => {
                fault.path = repath(fault.path.take());
                fault.line = fault.path.as_deref().and_then(&line_of).or(fault.line);
                Error::Position { what, fault }
            }
            Error::Shape {
                path,
                line,
                message,
                ..
            } => {
                let path = repath(path);
                let line = path.as_deref().and_then(&line_of).or(line);
                Error::Shape {
                    what,
                    path,
                    line,
                    message,
                }
            }
            other => other,
        }
    }

    /// The refusal's words for a sentence of another's: a refused packet's message without
    /// the step it names, any other error as it reads.
    pub fn into_reason(self) -> String {
        match self {
            Error::Packet { message, .. } => message,
            other => other.to_string(),
        }
    }
}

/// `text` safe to print on a terminal: each control character but the line break and the
/// tab (an escape sequence, a bell, a carriage return, C1 controls, bidirectional overrides)
/// written as `\u{1b}`. Errors quote values from files and mail (a player's name or address,
/// a message's subject) that anyone may have written; printed raw, an escape sequence would
/// reach the terminal, retitle it or hide the lines above.
pub fn printable(text: &str) -> String {
    let unsafe_char = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(unsafe_char) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A parser's message with the long values it quotes cut short: a file that is not YAML
/// adjutant expects (say `/etc/passwd` given as a game file) must not be echoed back whole.
pub(crate) fn shorten_quoted(message: &str) -> String {
    const KEEP: usize = 40;
    let mut out = String::with_capacity(message.len().min(400));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else {
            rest = after;
            break;
        };
        let quoted = &after[..close];
        if quoted.chars().count() > KEEP {
            out.extend(quoted.chars().take(KEEP));
            out.push_str("...");
        } else {
            out.push_str(quoted);
        }
        out.push('"');
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// A shape error's message in a player's words where serde's are about its own types: a
/// choice such as `refuse` written as a bare word where it takes fields under it.
fn plain_message(message: &str, path: Option<&str>) -> String {
    // A rule cited before serde's words (`10.1: invalid type: ...`) stays in front of them.
    if let Some((rule, rest)) = message.split_once(": ") {
        if !rule.is_empty()
            && rule
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        {
            return format!("{rule}: {}", plain_message(rest, path));
        }
    }
    let name = path
        .and_then(|p| p.rsplit('.').next())
        .filter(|n| !n.is_empty() && !n.ends_with(']'));
    // The key the shape was wrong under, as the orders file writes it (`command` of
    // `command.war_effort`), where there is one.
    let parent = path
        .and_then(|p| p.rsplit_once('.'))
        .map(|(p, _)| p)
        .filter(|p| !p.is_empty() && !p.ends_with(']'))
        .and_then(|p| p.rsplit('.').next());
    match (message, name) {
        // Whether `{}` alone would do depends on the choice (a battle names its target), so
        // the words promise nothing about it.
        (
            "invalid type: unit variant, expected newtype variant"
            | "invalid type: unit variant, expected `key: value` lines",
            Some(n),
        ) => format!("`{n}` takes its details under it (`{n}: {{...}}`), not the word alone"),
        (m, Some(n)) if m.starts_with("invalid type: ") && m.ends_with(", expected unit") => {
            match parent {
                Some(p) => format!(
                    "`{n}` is a choice written alone, with nothing under it (`{p}: {n}`)"
                ),
                None => format!("`{n}` is a choice written alone, with nothing under it"),
            }
        }
        ("invalid value: map, expected map with a single key", Some(n)) => format!(
            "`{n}` takes exactly one choice under it (`{n}: {{choice: ...}}` or `{n}: choice`), where this gives none or several"
        ),
        ("invalid type: sequence, expected string or map", Some(n)) => {
            format!("`{n}` takes one choice (a word, or `key: value` lines), not a list")
        }
        _ => shorten_quoted(message),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io {
                path,
                action,
                source,
            } => match (path.to_str(), *action) {
                // `-` is standard input or output, which a reader knows by those names.
                (Some("-"), "read") => write!(f, "could not read standard input: {source}"),
                (Some("-"), _) => write!(f, "could not {action} to standard output: {source}"),
                _ => write!(f, "could not {action} `{}`: {source}", path.display()),
            },
            Error::Yaml { what, source } => {
                let message = shorten_quoted(&source.to_string());
                if message.starts_with("invalid type: string") {
                    // A whole file read as one string (another kind of file given by mistake):
                    // its text is not echoed.
                    write!(f, "{what} is not valid: it is text, not the `key: value` lines of an adjutant file (is it the right file?)")
                } else {
                    write!(f, "{what} is not valid: {message}")
                }
            }
            Error::Data {
                file,
                entry,
                message,
            } => {
                write!(f, "game data `{file}`, entry `{entry}`: {message}")
            }
            Error::Encode(m) => write!(f, "cannot encode: {m}"),
            Error::Format { what, message } => write!(f, "{what}: {message}"),
            Error::Orders(e) => write!(f, "{e}"),
            Error::Shape {
                what,
                path,
                line,
                message,
            } => {
                write!(f, "{what}")?;
                if let Some(line) = line {
                    write!(f, " line {line}")?;
                }
                if let Some(path) = path {
                    write!(f, " (`{path}`)")?;
                }
                write!(f, ": {}", plain_message(message, path.as_deref()))
            }
            Error::Position { what, fault } => {
                write!(f, "{what}")?;
                if let Some(line) = fault.line {
                    write!(f, " line {line}")?;
                }
                if let Some(path) = &fault.path {
                    write!(f, " (`{path}`)")?;
                }
                write!(f, ": {}: {}", fault.rule, fault.message)
            }
            Error::Packet { step, message } => {
                write!(f, "packet for step {step} refused: {message}")
            }
            Error::Divergence { step, message } => {
                write!(f, "verification failed at step {step}: {message}")
            }
            Error::Secrets { message } => write!(f, "secrets: {message}"),
            Error::ChainUsedUp { party, reveals } => write!(
                f,
                "secrets: the chain of `{party}` is used up: its {reveals} elements after the anchor are revealed but the last, which is the secret seed itself and is never revealed; start a new game"
            ),
            Error::Report { template, message } => write!(f, "template `{template}`: {message}"),
            Error::Transport {
                what,
                message,
                hint,
            } => {
                write!(f, "{what}: {message}")?;
                if let Some(h) = hint {
                    write!(f, "\n  try: {h}")?;
                }
                Ok(())
            }
        }
    }
}

/// An error names its cause in its own words (an I/O failure ends with the system's), so it
/// gives no `source`: a chain printed with `{:#}` would say the cause twice.
impl std::error::Error for Error {}

impl From<OrderError> for Error {
    fn from(e: OrderError) -> Self {
        Error::Orders(e)
    }
}

#[cfg(test)]
mod tests {
    use super::{OrderError, Path};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// A message worded later reads, compares and prints as the same message worded at once,
    /// and is worded once however often it is read.
    #[test]
    fn a_message_worded_later_reads_as_one_worded_at_once() {
        let worded = Arc::new(AtomicUsize::new(0));
        let count = worded.clone();
        let name = String::from("Camden");
        let later = OrderError::worded_later("5.5", move || {
            count.fetch_add(1, Ordering::SeqCst);
            format!("`{name}` would hold 9 supplies")
        })
        .at("supply_after");
        assert_eq!(
            worded.load(Ordering::SeqCst),
            0,
            "worded before it was read"
        );
        let at_once = OrderError::new("5.5", "`Camden` would hold 9 supplies").at("supply_after");
        assert_eq!(later.to_string(), at_once.to_string());
        assert_eq!(&*later.message, "`Camden` would hold 9 supplies");
        assert_eq!(later, at_once);
        assert_eq!(later.clone().message.len(), at_once.message.len());
        assert_eq!(format!("{later:?}"), format!("{at_once:?}"));
        assert_eq!(worded.load(Ordering::SeqCst), 1, "worded more than once");
        assert_ne!(later, OrderError::new("5.5", "another").at("supply_after"));
    }

    #[test]
    fn paths_are_written_as_in_the_orders() {
        let root = Path::root("limited");
        assert_eq!(root.to_string(), "limited");
        assert_eq!(
            root.field("raid").field("colony").to_string(),
            "limited.raid.colony"
        );

        let supply = Path::root("supply");
        assert_eq!(supply.item(0).to_string(), "supply[0]");
        assert_eq!(supply.item(10).to_string(), "supply[10]");
        assert_eq!(supply.item(907).to_string(), "supply[907]");
        assert_eq!(supply.item(12).field("food").to_string(), "supply[12].food");

        let full = Path::root("full");
        let march = full.field("march");
        let groups = march.field("groups");
        let group = groups.item(1);
        assert_eq!(group.field("to").to_string(), "full.march.groups[1].to");
        assert_eq!(group.to_string(), "full.march.groups[1]");
        assert_eq!(groups.to_string(), "full.march.groups");

        let retreat = Path::root("battle.accept.retreat");
        assert_eq!(retreat.item(2).to_string(), "battle.accept.retreat[2]");
    }

    #[test]
    fn a_refusal_keeps_the_first_path_it_is_given() {
        let e = super::OrderError::new("9.1", "no")
            .at(Path::root("full").field("march").field("from"))
            .at("full");
        assert_eq!(e.path.as_deref(), Some("full.march.from"));
        assert_eq!(e.to_string(), "orders `full.march.from`: 9.1: no");
    }

    #[test]
    fn orders_are_quoted_back_as_written() {
        let v = serde_json::json!({"place": {"resource": "gunboats-1", "to": "blockade"}});
        assert_eq!(
            super::as_written(&v),
            "{place: {resource: gunboats-1, to: blockade}}"
        );
        assert_eq!(super::as_written(&vec!["red", "blue"]), "[red, blue]");
        assert_eq!(super::as_written(&"pass"), "pass");
    }

    #[test]
    fn control_characters_are_escaped_for_the_terminal() {
        assert_eq!(
            super::printable("`Bob\u{1b}]0;pwned\u{7}`\n\tok\r"),
            "`Bob\\u{1b}]0;pwned\\u{7}`\n\tok\\u{d}"
        );
        assert_eq!(super::printable("plain: `é`"), "plain: `é`");
    }

    #[test]
    fn long_quoted_values_are_cut() {
        let m = super::shorten_quoted(&format!(
            "invalid type: string \"{}\", expected x",
            "a".repeat(500)
        ));
        assert!(m.len() < 100 && m.ends_with("...\", expected x"), "{m}");
        assert_eq!(super::shorten_quoted("a \"b\" c"), "a \"b\" c");
    }
}
