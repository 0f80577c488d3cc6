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
    /// The address in `From:`, compared with the player's (a hint, not a proof).
    pub from: Option<String>,
    pub subject: Option<String>,
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
}

/// Candidate packets in one decoded text: armoured blocks, or the whole text when it is
/// itself a packet (an attachment).
fn candidates(text: &str, whole_allowed: bool, out: &mut Vec<Candidate>) {
    let blocks = armour::blocks(text);
    if blocks.is_empty()
        && whole_allowed
        && text.trim_start().starts_with("format: adjutant-packet/")
    {
        out.push(Candidate {
            packet: Packet::parse(text),
            quoted: false,
        });
    }
    out.extend(blocks.into_iter().map(|b| Candidate {
        packet: b.body.and_then(|body| armour::read_block(&body)),
        quoted: b.quoted,
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
            if text != *t {
                candidates(&t, false, out);
            }
            candidates(&text, false, out);
        }
    }
    for i in 0..msg.html_body_count() {
        if let Some(t) = msg.body_html(i) {
            candidates(&html_to_text(&t), false, out);
        }
    }
    for part in msg.attachments() {
        match &part.body {
            PartType::Message(inner) if depth < 4 => collect(inner, out, depth + 1),
            PartType::Text(t) => candidates(&part_text(Some(part), t), true, out),
            PartType::Html(t) => candidates(&html_to_text(t), true, out),
            PartType::Binary(b) | PartType::InlineBinary(b) if is_texty(part) => {
                candidates(&String::from_utf8_lossy(b), true, out)
            }
            _ => {}
        }
    }
}

/// A plain reading of HTML for finding armour: line breaks at `<br>`, `</p>`, `</div>` and
/// `</pre>`, tags dropped, the common entities decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
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
        if matches!(name, "br" | "p" | "div" | "pre" | "tr" | "li")
            && (name == "br" || tag.starts_with('/'))
        {
            out.push('\n');
        }
        rest = &rest[lt + gt + 1..];
    }
    out.push_str(rest);
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

/// Reads one message and returns its one packet.
///
/// # Errors
/// No packet, two different packets, truncated armour, a damaged packet, or a message that
/// cannot be read.
pub fn read_message(raw: &[u8]) -> Result<Found, Error> {
    if raw.len() > MAX_MESSAGE {
        return Err(mail_err(format!(
            "it is {} bytes, more than the {MAX_MESSAGE} adjutant reads",
            raw.len()
        )));
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
    let mut packets: Vec<Packet> = Vec::new();
    let mut first_error = None;
    for c in found {
        match c.packet {
            Ok(p) => {
                if !packets.contains(&p) {
                    packets.push(p);
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let packet = match (packets.len(), first_error) {
        (1, _) => packets.remove(0),
        (0, Some(e)) => return Err(e),
        (0, None) => {
            return Err(mail_err(
                "it holds no adjutant packet (no armoured block, no packet attachment)",
            ))
        }
        (n, _) => {
            return Err(mail_err(format!(
                "it holds two different packets ({n} in all); send one packet a message"
            )))
        }
    };
    let from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(str::to_string);
    Ok(Found {
        packet,
        from,
        subject: msg.subject().map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    /// Found by `cargo fuzz run mail`: mail-parser panics inside; adjutant refuses the mail.
    #[test]
    fn a_mail_that_makes_the_parser_panic_is_refused() {
        let raw = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/mail/fuzz/mail-parser-panic.eml"
        ))
        .unwrap();
        let e = super::read_message(&raw).expect_err("refused");
        assert!(e.to_string().contains("MIME"), "{e}");
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
    fn html_is_read_as_lines() {
        assert_eq!(
            html_to_text("<div>a&gt;b<br>c</div><p>d</p>"),
            "a>b\nc\nd\n"
        );
    }
}
