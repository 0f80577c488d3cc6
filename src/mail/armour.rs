//! The armoured text of a packet, as it travels in a mail body: lines short enough that no mail
//! client wraps them, a checksum that tells a packet a client changed from one that is missing,
//! and the finding of armoured blocks in a text as mail clients quote, forward and sign them.
//!
//! Version 2 armour (`adjutant-packet/2`):
//! ```text
//! -----BEGIN ADJUTANT PACKET-----
//! format: adjutant-packet/2
//! record:
//!   ...a line longer than 72 characters is cut, each piece but the last ending in `\`
//! checksum: 32 hex digits
//! -----END ADJUTANT PACKET-----
//! ```

use crate::engine::canon::{domain_hash, to_hex};
use crate::engine::record::{Packet, PACKET_FORMAT_1};
use crate::engine::Error;

/// The armour lines around a packet in a mail body.
pub const BEGIN: &str = "-----BEGIN ADJUTANT PACKET-----";
pub const END: &str = "-----END ADJUTANT PACKET-----";
/// No line of the armour is longer: mail clients wrap plain text at 76 or 78 columns, and a
/// quote prefix (`> `) or two must still fit.
pub const WIDTH: usize = 72;
pub const CHECKSUM_DOMAIN: &str = "adjutant/packet-checksum/2";
const CHECKSUM_KEY: &str = "checksum: ";

/// What a player reads when the text of a packet arrived changed.
pub const CHANGED: &str = "the mail client changed the packet: attach the file instead";

/// The checksum of a packet: the first 32 hex digits of
/// `H(enc("adjutant/packet-checksum/2") || canon(packet))`. It finds damage, not forgery: the
/// signature is what proves who wrote a record. `packet` may also be a packet's plain form
/// (`serde_json::Value`), which gives the same checksum.
pub fn checksum<P: serde::Serialize + ?Sized>(packet: &P) -> Result<String, Error> {
    let h = domain_hash(CHECKSUM_DOMAIN, packet)?;
    Ok(to_hex(&h)[..32].to_string())
}

/// Cuts every line longer than `WIDTH` characters into pieces of `WIDTH - 1`, each but the last
/// followed by `\`; a line that itself ends in `\` gets one more `\` and an empty line after
/// it, so `unwrap` gives back exactly the text.
pub fn wrap(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    for line in text.split('\n') {
        let chars: Vec<char> = line.chars().collect();
        let mut pieces = chars.chunks(WIDTH - 1).peekable();
        if chars.len() <= WIDTH && !line.ends_with('\\') {
            out.push_str(line);
        } else {
            while let Some(piece) = pieces.next() {
                out.extend(piece.iter());
                if pieces.peek().is_some() || line.ends_with('\\') {
                    out.push_str("\\\n");
                }
            }
        }
        out.push('\n');
    }
    out.pop();
    out
}

/// Joins the lines `wrap` cut: a line ending in `\` goes on with the next, the `\` dropped.
pub fn unwrap(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        match line.strip_suffix('\\') {
            Some(head) => out.push_str(head),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A packet's version 2 armour: its YAML, wrapped, and its checksum.
pub fn armour(packet: &Packet) -> Result<String, Error> {
    let yaml = packet.to_yaml()?;
    Ok(format!(
        "{BEGIN}\n{}\n{CHECKSUM_KEY}{}\n{END}\n",
        wrap(yaml.trim_end()),
        checksum(packet)?
    ))
}

/// Whether `text`, read as plain YAML, is what its checksum line `sum` was made from: then
/// the text arrived as it was sealed, and a packet that does not read was made that way.
fn sealed_as_read(text: &str, sum: &str) -> bool {
    crate::engine::input::parse_yaml::<serde_json::Value>(text, "the packet")
        .ok()
        .and_then(|plain| checksum(&plain).ok())
        .is_some_and(|c| c == sum)
}

/// A packet that arrived whole but does not read as one: edited by hand and sealed again, or
/// made by a version of adjutant that writes what this one does not know.
fn made_unreadable(e: &Error) -> Error {
    let why = match e {
        Error::Yaml { source, .. } => crate::engine::error::shorten_quoted(&source.to_string()),
        other => other.to_string(),
    };
    Error::Format {
        what: "the packet".into(),
        message: format!(
            "it arrived as it was sealed (its checksum line matches), but it is not a packet this adjutant reads: {why}. It was made that way, not damaged by the mail: edited by hand, or written by another version of adjutant"
        ),
    }
}

/// Why a block that should be a packet does not read as one, without the YAML parser's words.
fn unreadable(e: &Error) -> String {
    match e {
        Error::Yaml { source, .. } => match source.location() {
            Some(at) => format!("it no longer reads as a packet from line {} on", at.line()),
            None => "it no longer reads as a packet".into(),
        },
        other => other.to_string(),
    }
}

fn changed(why: impl std::fmt::Display) -> Error {
    Error::Format {
        what: "the packet".into(),
        message: format!("{CHANGED} ({why})"),
    }
}

/// The packet between armour lines: version 2 unwrapped and checked against its checksum,
/// version 1 as it is. A text that arrived changed is refused with `CHANGED`. `first_line` is
/// the line of the text the block was found in that its body starts on (`Block::first_line`),
/// so that a refusal names the line of that text.
pub fn read_block(body: &str, first_line: usize) -> Result<Packet, Error> {
    let mut lines: Vec<&str> = body.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let sum = lines
        .last()
        .and_then(|l| l.trim_end().strip_prefix(CHECKSUM_KEY))
        .map(|s| s.trim().to_string());
    if sum.is_some() {
        lines.pop();
    }
    let yaml = lines.join("\n");
    let Some(sum) = sum else {
        // Version 1 had no checksum, and its long lines were cut by mail clients.
        let v1 = yaml
            .trim_start()
            .starts_with(&format!("format: {PACKET_FORMAT_1}"));
        return match Packet::parse_at(&yaml, &|line| line + first_line - 1) {
            Ok(p) if p.format == PACKET_FORMAT_1 => Ok(p),
            Ok(_) => Err(changed("its checksum line is missing")),
            Err(e @ Error::Yaml { .. }) if v1 || yaml.contains("record:") => {
                Err(changed(unreadable(&e)))
            }
            Err(e) => Err(e),
        };
    };
    let text = unwrap(&yaml);
    // The line of the body each line of the unwrapped text starts on: a line `wrap` cut
    // goes on over the lines after it.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            lines
                .iter()
                .enumerate()
                .filter(|(_, l)| !l.ends_with('\\'))
                .map(|(i, _)| i + 1),
        )
        .collect();
    let in_file = |line: usize| {
        let i = line.saturating_sub(1);
        first_line + starts.get(i).copied().unwrap_or(i)
    };
    let packet = match Packet::parse_at(&text, &in_file) {
        Ok(p) => p,
        Err(e @ Error::Yaml { .. }) => {
            return Err(if sealed_as_read(&text, &sum) {
                made_unreadable(&e)
            } else {
                changed(unreadable(&e))
            })
        }
        Err(e) => return Err(e),
    };
    if checksum(&packet)? != sum {
        return Err(changed("its text no longer matches its checksum line"));
    }
    Ok(packet)
}

/// An armoured block found in a text.
#[derive(Debug)]
pub struct Block {
    /// The text between the armour lines, quote prefixes and dash-escapes taken off; `Err`
    /// for a BEGIN with no END.
    pub body: Result<String, Error>,
    /// Quoted from an earlier mail: behind `>`, in an HTML `<blockquote>` (which
    /// `html_to_text` marks with `>`), or after an "Original Message" line.
    pub quoted: bool,
    /// The line of the text the body starts on (the one after the BEGIN line), counting from 1.
    pub first_line: usize,
}

/// Outlook's line above the mail it replies to, in plain text and in its HTML.
pub const ORIGINAL_MESSAGE: &str = "-----Original Message-----";

/// A line that says the rest of the text is an older mail: Outlook's `-----Original
/// Message-----`, or the line of underscores above its `From:` block.
fn starts_quoted_part(line: &str) -> bool {
    let t = line.trim();
    t.eq_ignore_ascii_case(ORIGINAL_MESSAGE) || (t.len() >= 20 && t.chars().all(|c| c == '_'))
}

/// The armoured blocks of a text, each with the quote prefix of its BEGIN line taken off every
/// line. Inside a PGP clear-signed message the dash-escapes (`- ` before a line that starts
/// with `-`) are undone first.
pub fn blocks(text: &str) -> Vec<Block> {
    let text = undo_dash_escapes(text);
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    let mut after_original = false;
    while let Some((at_line, line)) = lines.next() {
        // Outlook's header block of the mail it replies to: `From:` then `Sent:`.
        let outlook_header = line.trim_start().starts_with("From:")
            && lines
                .peek()
                .is_some_and(|(_, next)| next.trim_start().starts_with("Sent:"));
        if starts_quoted_part(line) || outlook_header {
            after_original = true;
        }
        let Some(at) = line.find(BEGIN) else { continue };
        let prefix = &line[..at];
        if !prefix.chars().all(|c| c == '>' || c.is_whitespace()) {
            continue;
        }
        let quoted = after_original || prefix.contains('>');
        let bare = prefix.trim_end();
        let mut body = String::new();
        let mut closed = false;
        for (_, l) in lines.by_ref() {
            if l.contains(END) {
                closed = true;
                break;
            }
            let l = l
                .strip_prefix(prefix)
                .or_else(|| l.strip_prefix(bare))
                .unwrap_or(l);
            body.push_str(l);
            body.push('\n');
        }
        out.push(Block {
            body: if closed {
                Ok(body)
            } else {
                Err(Error::Format {
                    what: "the message".into(),
                    message: "its packet armour is truncated: a BEGIN line with no END line".into(),
                })
            },
            quoted,
            first_line: at_line + 2,
        });
    }
    out
}

/// RFC 4880 7.1: in a clear-signed text every line that starts with `-` is sent as `- -...`.
fn undo_dash_escapes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("-----BEGIN PGP SIGNED MESSAGE-----") {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut signed = false;
    for line in text.lines() {
        // The quote marks a reply put before the line: `>` each, with or without a space.
        let mut n = 0;
        while line[n..].starts_with('>') {
            n += 1;
            if line[n..].starts_with(' ') {
                n += 1;
            }
        }
        let (prefix, rest) = line.split_at(n);
        if rest.starts_with("-----BEGIN PGP SIGNED MESSAGE-----") {
            signed = true;
        } else if rest.starts_with("-----BEGIN PGP SIGNATURE-----") {
            signed = false;
        }
        out.push_str(prefix);
        out.push_str(match rest.strip_prefix("- ") {
            Some(unescaped) if signed => unescaped,
            _ => rest,
        });
        out.push('\n');
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_is_undone_exactly() {
        let long = "x".repeat(200);
        for text in [
            "a: 1\nb: 2".to_string(),
            format!("  policy_commit: {}", "ab".repeat(32)),
            format!("k: {long}\nends: in\\\nnext: \\\\"),
            format!("{}\\", "é".repeat(71)),
            String::new(),
        ] {
            let w = wrap(&text);
            assert!(w.lines().all(|l| l.chars().count() <= WIDTH), "{w}");
            assert_eq!(unwrap(&w).trim_end_matches('\n'), text, "{w}");
        }
    }

    #[test]
    fn quoted_blocks_lose_their_prefix() {
        let text = format!("hi\n> {BEGIN}\n> a: 1\n>\n> b: 2\n> {END}\n> -- sig\n");
        let blocks = blocks(&text);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].body.as_ref().unwrap(), "a: 1\n\nb: 2\n");
        assert!(blocks[0].quoted);
    }

    #[test]
    fn a_block_after_an_original_message_line_is_quoted() {
        let text =
            format!("{BEGIN}\na: 2\n{END}\n\n{ORIGINAL_MESSAGE}\nFrom: x\n{BEGIN}\na: 1\n{END}\n");
        let b = blocks(&text);
        assert_eq!((b[0].quoted, b[1].quoted), (false, true));
    }

    #[test]
    fn a_begin_without_end_is_truncated() {
        let blocks = blocks(&format!("{BEGIN}\na: 1\n"));
        assert!(blocks[0]
            .body
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("truncated"));
    }

    #[test]
    fn pgp_dash_escapes_are_undone() {
        let text = format!(
            "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n- {BEGIN}\na:\n- - 1\n  - 2\n- {END}\n-----BEGIN PGP SIGNATURE-----\n- x\n"
        );
        let b = blocks(&text);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].body.as_ref().unwrap(), "a:\n- 1\n  - 2\n");
    }
}
