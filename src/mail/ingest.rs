//! Finds the one packet in a message: in its text or HTML bodies, text attachments and
//! forwarded messages, between armour lines (quoted or not) or as a whole attachment.

use mail_parser::{MessageParser, MimeHeaders, PartType};

use super::armour;
use crate::engine::record::Packet;
use crate::engine::Error;

/// Messages larger than this are refused before parsing.
pub const MAX_MESSAGE: usize = 32 * 1024 * 1024;

/// What a message brought.
#[derive(Debug, Clone)]
pub struct Found {
    pub packet: Packet,
    /// The message's other packets, passed over: quoted from earlier mails, or not for the
    /// game's next step.
    pub ignored: Vec<Packet>,
    /// Whether every packet passed over was quoted from an earlier mail.
    pub ignored_quoted: bool,
    /// Why each block that looked like a packet and could not be read was passed over, when
    /// another packet was used.
    pub damaged: Vec<String>,
    /// The address in `From:`, compared with the player's (a hint, not a proof).
    pub from: Option<String>,
    pub subject: Option<String>,
    /// The message's `Message-ID`, without the angle brackets.
    pub message_id: Option<String>,
}

/// Every packet a message holds, before one is chosen.
#[derive(Debug)]
pub struct Scan {
    /// Each different packet once, with whether every copy of it was quoted.
    packets: Vec<(Packet, bool)>,
    /// Blocks that looked like packets and could not be read, with whether they were quoted.
    damaged: Vec<(Error, bool)>,
    pub from: Option<String>,
    pub subject: Option<String>,
    pub message_id: Option<String>,
}

fn mail_err(message: impl Into<String>) -> Error {
    Error::Format {
        what: "the message".into(),
        message: message.into(),
    }
}

/// A packet found in a message, or why a block that looked like one could not be read.
struct Candidate {
    packet: Result<Packet, Error>,
    quoted: bool,
    /// Read from a second rendering of a part (its HTML made text, a flowed body as it
    /// came), which may mangle a packet that another reading of the mail finds whole.
    rendered: bool,
}

/// Candidate packets in one decoded text: armoured blocks, or the whole text when it is
/// itself a packet (an attachment).
fn candidates(text: &str, whole_allowed: bool, rendered: bool, out: &mut Vec<Candidate>) {
    let blocks = armour::blocks(text);
    if blocks.is_empty()
        && whole_allowed
        && text.trim_start().starts_with("format: adjutant-packet/")
    {
        out.push(Candidate {
            packet: Packet::parse(text),
            quoted: false,
            rendered,
        });
    }
    out.extend(blocks.into_iter().map(|b| {
        Candidate {
            packet: b
                .body
                .and_then(|body| armour::read_block(&body, b.first_line)),
            quoted: b.quoted,
            rendered,
        }
    }));
}

fn is_texty(part: &mail_parser::MessagePart) -> bool {
    let name = part.attachment_name().unwrap_or("").to_ascii_lowercase();
    let ct = part.content_type().map(|c| {
        let sub = c.subtype().unwrap_or("");
        format!("{}/{}", c.ctype(), sub).to_ascii_lowercase()
    });
    name.ends_with(".yaml")
        || name.ends_with(".yml")
        || name.ends_with(".txt")
        || name.ends_with(".asc")
        || ct
            .as_deref()
            .is_some_and(|c| c.starts_with("text/") || c.ends_with("yaml"))
}

/// RFC 3676 `format=flowed`: a line ending in a space continues on the next (the space
/// dropped with `delsp=yes`), and one leading space of a stuffed line is not part of it. Mail
/// clients such as Thunderbird wrap long lines this way, hashes included.
pub fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut current = String::new();
    for raw in text.lines() {
        let line = raw.strip_prefix(' ').unwrap_or(raw);
        if line.ends_with(' ') && line != "-- " {
            current.push_str(if delsp { &line[..line.len() - 1] } else { line });
        } else {
            current.push_str(line);
            out.push_str(&current);
            out.push('\n');
            current.clear();
        }
    }
    if !current.is_empty() {
        out.push_str(&current);
        out.push('\n');
    }
    out
}

/// A text part as written: unflowed when its content type says `format=flowed`.
fn part_text(part: Option<&mail_parser::MessagePart>, text: &str) -> String {
    let ct = part.and_then(|p| p.content_type());
    let flowed = ct
        .and_then(|c| c.attribute("format"))
        .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
    if flowed {
        let delsp = ct
            .and_then(|c| c.attribute("delsp"))
            .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
        unflow(text, delsp)
    } else {
        text.to_string()
    }
}

fn collect(msg: &mail_parser::Message, out: &mut Vec<Candidate>, depth: usize) {
    for i in 0..msg.text_body_count() {
        if let Some(t) = msg.body_text(i) {
            let part = msg.text_part(i as u32);
            let text = part_text(part, &t);
            // A flowed body is also tried as it came, in case a client flowed it wrongly.
            // A mail with HTML alone has its text body made from the HTML by the parser.
            let from_html = part
                .and_then(|p| p.content_type())
                .and_then(|c| c.subtype())
                .is_some_and(|s| s.eq_ignore_ascii_case("html"));
            if text != *t {
                candidates(&t, false, true, out);
            }
            candidates(&text, false, from_html, out);
        }
    }
    for i in 0..msg.html_body_count() {
        if let Some(t) = msg.body_html(i) {
            candidates(&html_to_text(&t), false, true, out);
        }
    }
    for part in msg.attachments() {
        match &part.body {
            PartType::Message(inner) if depth < 4 => collect(inner, out, depth + 1),
            PartType::Text(t) => candidates(&part_text(Some(part), t), true, false, out),
            PartType::Html(t) => candidates(&html_to_text(t), true, true, out),
            PartType::Binary(b) | PartType::InlineBinary(b) if is_texty(part) => {
                candidates(&String::from_utf8_lossy(b), true, false, out)
            }
            _ => {}
        }
    }
}

/// A plain reading of HTML for finding armour: line breaks at `<br>`, `</p>`, `</div>` and
/// `</pre>`, tags dropped, the common entities decoded. Lines inside a `<blockquote>` (a quoted
/// earlier mail) start with `> `, one for each level, and Outlook's block above the mail it
/// replies to becomes its plain-text line `-----Original Message-----`.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut rest = html;
    let push = |out: &mut String, text: &str, depth: usize| {
        for c in text.chars() {
            if depth > 0 && (out.is_empty() || out.ends_with('\n')) {
                out.push_str(&"> ".repeat(depth));
            }
            out.push(c);
        }
    };
    while let Some(lt) = rest.find('<') {
        push(&mut out, &rest[..lt], depth);
        let Some(gt) = rest[lt..].find('>') else {
            rest = &rest[lt..];
            break;
        };
        let tag = rest[lt + 1..lt + gt].trim().to_ascii_lowercase();
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("");
        if name == "blockquote" {
            out.push('\n');
            depth = if tag.starts_with('/') {
                depth.saturating_sub(1)
            } else {
                depth + 1
            };
        } else if name == "div"
            && (tag.contains("divrplyfwdmsg") || tag.contains("border-top:solid #e1e1e1"))
        {
            push(
                &mut out,
                &format!("\n{}\n", super::armour::ORIGINAL_MESSAGE),
                depth,
            );
        } else if matches!(name, "br" | "p" | "div" | "pre" | "tr" | "li")
            && (name == "br" || tag.starts_with('/'))
        {
            push(&mut out, "\n", depth);
        }
        rest = &rest[lt + gt + 1..];
    }
    push(&mut out, rest, depth);
    decode_numeric_entities(&out)
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace('\u{a0}', " ")
        .replace("&amp;", "&")
}

/// `&#39;` and `&#x27;` style entities, as webmail writes quotes and other characters.
fn decode_numeric_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("&#") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 2..];
        let end = tail.find(';').filter(|&e| e <= 8);
        let decoded = end.and_then(|e| {
            let num = &tail[..e];
            let code = match num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => num.parse().ok(),
            };
            code.and_then(char::from_u32).map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &tail[e + 1..];
            }
            None => {
                out.push_str("&#");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Reads one message and finds every packet in it.
///
/// # Errors
/// A message too large or that cannot be read.
pub fn scan(raw: &[u8]) -> Result<Scan, Error> {
    if raw.len() > MAX_MESSAGE {
        return Err(mail_err(format!(
            "it is {} bytes, more than the {MAX_MESSAGE} adjutant reads",
            raw.len()
        )));
    }
    // A byte-order mark, which some Windows tools put before a saved message, hides its first
    // header: the mail's MIME parts would go undecoded.
    let raw = raw.strip_prefix(b"\xef\xbb\xbf").unwrap_or(raw);
    if !has_headers(raw) {
        // A packet file as `orders -o` or `resend -o` writes it (its first line a comment),
        // or a mail's text saved without its headers: all of it is the body. Read as a mail,
        // its first lines would be taken for headers and the packet lost.
        let mut found = Vec::new();
        candidates(&String::from_utf8_lossy(raw), true, false, &mut found);
        return Ok(sorted(found, None, None, None));
    }
    // mail-parser 0.11 panics on some malformed multipart messages (found by fuzzing,
    // tests/mail/fuzz/mail-parser-panic.eml); a broken mail is refused, never a crash.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        MessageParser::default().parse(raw)
    }))
    .map_err(|_| mail_err("its MIME structure is broken (a multipart part cannot be found)"))?;
    let msg = parsed.ok_or_else(|| mail_err("it cannot be read as a mail message"))?;
    let mut found = Vec::new();
    collect(&msg, &mut found, 0);
    let from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(str::to_string);
    Ok(sorted(
        found,
        from,
        msg.subject().map(str::to_string),
        msg.message_id().map(str::to_string),
    ))
}

/// Whether a message starts with a mail header (`Name: value`, or an mbox `From ` line).
/// A bare packet starts with its `format:` line, which is read as the packet, not a header.
fn has_headers(raw: &[u8]) -> bool {
    let first = raw.split(|&b| b == b'\n').next().unwrap_or_default();
    if first.starts_with(b"From ") {
        return true;
    }
    if first.starts_with(b"format: adjutant-packet/") {
        return false;
    }
    match first.iter().position(|&b| b == b':') {
        Some(colon) => colon > 0 && first[..colon].iter().all(|&b| b.is_ascii_graphic()),
        None => false,
    }
}

/// The packets found in a message, each different one once, and the blocks that could not
/// be read.
fn sorted(
    found: Vec<Candidate>,
    from: Option<String>,
    subject: Option<String>,
    message_id: Option<String>,
) -> Scan {
    let mut packets: Vec<(Packet, bool)> = Vec::new();
    let mut damaged: Vec<(Error, bool)> = Vec::new();
    // A block a second rendering mangled is no news when a packet was read whole: a text and
    // an HTML version of one mail are the usual thing, and HTML made text is lossy.
    let any_whole = found.iter().any(|c| c.packet.is_ok());
    for c in found {
        if c.rendered && any_whole && c.packet.is_err() {
            continue;
        }
        match c.packet {
            Ok(p) => match packets.iter_mut().find(|(q, _)| *q == p) {
                // A packet that also appears unquoted (the same one in the HTML part, say)
                // counts as unquoted.
                Some((_, quoted)) => *quoted &= c.quoted,
                None => packets.push((p, c.quoted)),
            },
            // One damaged copy read twice (a part and its rendering) is said once.
            Err(e) => {
                let said = e.to_string();
                if !damaged.iter().any(|(d, _)| d.to_string() == said) {
                    damaged.push((e, c.quoted));
                }
            }
        }
    }
    Scan {
        packets,
        damaged,
        from,
        subject,
        message_id,
    }
}

/// Reads one message and returns its one packet, choosing without a game: the one packet not
/// quoted from an earlier mail, else the newest quoted one.
///
/// # Errors
/// No packet, two different packets, truncated armour, a damaged packet, or a message that
/// cannot be read.
pub fn read_message(raw: &[u8]) -> Result<Found, Error> {
    scan(raw)?.pick(&|_| false)
}

impl Scan {
    /// Whether a block looked like a packet and could not be read.
    pub fn has_damaged(&self) -> bool {
        !self.damaged.is_empty()
    }

    /// The game ids the message's packets name, in order, each once.
    pub fn games(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for (p, _) in &self.packets {
            if !ids.contains(&p.record.game.as_str()) {
                ids.push(&p.record.game);
            }
        }
        ids
    }

    /// Chooses the message's packet: the one that `fits` the game's next step, else the one
    /// not quoted from an earlier mail, else the newest quoted one. A reply that pastes the new
    /// packet above (or below) the quoted old one thus gives the new one.
    ///
    /// # Errors
    /// No packet; two different packets that fit, or two unquoted ones when none fits; a
    /// damaged unquoted packet when no other fits.
    pub fn pick(&self, fits: &dyn Fn(&Packet) -> bool) -> Result<Found, Error> {
        let two = |n: usize| {
            mail_err(format!(
                "it holds two different packets ({n} in all); send one packet a message"
            ))
        };
        let fitting: Vec<usize> = (0..self.packets.len())
            .filter(|&i| fits(&self.packets[i].0))
            .collect();
        let unquoted: Vec<usize> = (0..self.packets.len())
            .filter(|&i| !self.packets[i].1)
            .collect();
        let chosen = match (fitting.as_slice(), unquoted.as_slice()) {
            ([one], _) => *one,
            ([], [one]) => *one,
            ([], []) if !self.packets.is_empty() && !self.damaged.iter().any(|(_, q)| !q) => (0
                ..self.packets.len())
                .max_by_key(|&i| self.packets[i].0.record.step)
                .expect("not empty"),
            ([], []) => {
                let damage = self
                    .damaged
                    .iter()
                    .find(|(_, q)| !q)
                    .or(self.damaged.first());
                return Err(match damage {
                    Some((e, _)) => clone_error(e),
                    None => mail_err(
                        "it holds no adjutant packet (no armoured block, no packet attachment)",
                    ),
                });
            }
            _ => return Err(two(self.packets.len())),
        };
        Ok(Found {
            packet: self.packets[chosen].0.clone(),
            ignored: (0..self.packets.len())
                .filter(|&i| i != chosen)
                .map(|i| self.packets[i].0.clone())
                .collect(),
            ignored_quoted: (0..self.packets.len())
                .filter(|&i| i != chosen)
                .all(|i| self.packets[i].1),
            damaged: self.damaged.iter().map(|(e, _)| e.to_string()).collect(),
            from: self.from.clone(),
            subject: self.subject.clone(),
            message_id: self.message_id.clone(),
        })
    }
}

/// The library's errors hold no clonable sources here: a damaged packet is a format error.
fn clone_error(e: &Error) -> Error {
    match e {
        Error::Format { what, message } => Error::Format {
            what: what.clone(),
            message: message.clone(),
        },
        other => mail_err(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    /// Found by `cargo fuzz run mail`: mail-parser panics inside (an arithmetic overflow, so
    /// only in a build with overflow checks, as `cargo test` builds); adjutant refuses the mail.
    /// A release build, where the overflow wraps, must still read it without a panic.
    #[test]
    fn a_mail_that_makes_the_parser_panic_is_refused() {
        let raw = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/mail/fuzz/mail-parser-panic.eml"
        ))
        .unwrap();
        let read = super::read_message(&raw);
        if cfg!(debug_assertions) {
            let e = read.expect_err("refused");
            assert!(e.to_string().contains("MIME"), "{e}");
        }
    }

    use super::*;

    #[test]
    fn flowed_lines_are_joined() {
        assert_eq!(
            unflow("a: 12 \n34\n  b: 5\n-- \nsig\n", false),
            "a: 12 34\n b: 5\n-- \nsig\n"
        );
        assert_eq!(unflow("reveal: ab \ncd\n", true), "reveal: abcd\n");
    }

    #[test]
    fn numeric_entities_are_decoded() {
        assert_eq!(html_to_text("it&#039;s &#x3E; &#65;"), "it's > A");
    }

    #[test]
    fn a_blockquote_is_read_as_quoted_lines() {
        assert_eq!(
            html_to_text("<div>new</div><blockquote type=\"cite\"><div>old</div><div>x</div></blockquote>after"),
            "new\n\n> old\n> x\n\nafter"
        );
    }

    #[test]
    fn html_is_read_as_lines() {
        assert_eq!(
            html_to_text("<div>a&gt;b<br>c</div><p>d</p>"),
            "a>b\nc\nd\n"
        );
    }
}
