//! Mail in by IMAP (RFC 9051, the few commands adjutant needs): log in over TLS, list the
//! messages of a folder not looked at yet, fetch one without marking it read, file it in
//! another folder, mark it with a keyword. It never deletes or expunges anything.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use super::tls::Stream;
use crate::engine::Error;

/// IMAP settings in the player's config (`mail.imap`), like `mail.smtp`: the password comes
/// from an environment variable or a file, never from the command line.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapSettings {
    pub host: String,
    /// 993 for `tls: implicit`, 143 for `tls: starttls`, unless given.
    #[serde(default)]
    pub port: Option<u16>,
    /// `implicit` (port 993) or `starttls` (port 143).
    #[serde(default = "default_tls")]
    pub tls: String,
    pub user: String,
    #[serde(default)]
    pub password_env: Option<String>,
    #[serde(default)]
    pub password_file: Option<PathBuf>,
    /// A PEM certificate to trust besides the usual roots: a club's own authority, or the
    /// server's own self-signed certificate.
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
    /// The folder read.
    #[serde(default = "default_folder")]
    pub folder: String,
    /// Where a message taken is filed (created if missing).
    #[serde(default = "default_file_into")]
    pub file_into: String,
}

fn default_tls() -> String {
    "implicit".into()
}

fn default_folder() -> String {
    "INBOX".into()
}

fn default_file_into() -> String {
    "adjutant".into()
}

/// How long a server may keep silent: enough for a slow server, short enough that a wrong
/// port/TLS pairing (each side waiting for the other to speak first) is told soon.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The keyword on a message adjutant looked at and left where it was (not a packet for a known
/// game, or refused): it is not looked at again unless asked (`--retry`).
pub const LOOKED_AT: &str = "$adjutant";

fn imap_err(message: impl Into<String>) -> Error {
    Error::Transport {
        what: "IMAP".into(),
        message: message.into(),
        hint: None,
    }
}

impl ImapSettings {
    pub fn port(&self) -> u16 {
        self.port
            .unwrap_or(if self.tls == "starttls" { 143 } else { 993 })
    }

    fn password(&self) -> Result<String, Error> {
        super::send::password(
            "IMAP",
            "mail.imap",
            self.password_env.as_deref(),
            self.password_file.as_deref(),
        )
    }
}

/// One response line, with the literals (`{n}` and the n bytes after it) it carried.
struct Line {
    text: String,
    literals: Vec<Vec<u8>>,
}

/// A logged-in IMAP connection.
pub struct Session {
    io: BufReader<Stream>,
    next_tag: u32,
    capabilities: Vec<String>,
    what: String,
}

impl Session {
    /// Connects, starts TLS and logs in.
    ///
    /// # Errors
    /// The connection, TLS or login failing, each with what to try.
    pub fn open(s: &ImapSettings) -> Result<Session, Error> {
        let what = format!("{}:{}", s.host, s.port());
        let tcp = TcpStream::connect((s.host.as_str(), s.port())).map_err(|e| {
            imap_err(format!(
                "could not connect to `{what}`: {e} (check `mail.imap.host` and `port`: IMAP is port 993 with `tls: implicit`, 143 with `tls: starttls`)"
            ))
        })?;
        let _ = tcp.set_read_timeout(Some(TIMEOUT));
        let _ = tcp.set_write_timeout(Some(TIMEOUT));
        let tls = |tcp: TcpStream| Stream::Plain(tcp).start_tls(&s.host, s.ca_file.as_deref());
        let stream = match s.tls.as_str() {
            "implicit" => tls(tcp)?,
            "starttls" => Stream::Plain(tcp),
            other => {
                return Err(imap_err(format!(
                    "`mail.imap.tls: {other}` is not `implicit` (port 993) or `starttls` (port 143)"
                )))
            }
        };
        let mut session = Session {
            io: BufReader::new(stream),
            next_tag: 1,
            capabilities: Vec::new(),
            what,
        };
        let greeting = session.read_line().map_err(|e| session.hint_tls(e, s))?;
        if !greeting.text.starts_with("* OK") {
            return Err(imap_err(format!(
                "`{}` greeted with `{}`, not as an IMAP server",
                session.what, greeting.text
            )));
        }
        if s.tls == "starttls" {
            session.command("STARTTLS").map_err(|e| {
                imap_err(format!(
                    "{e} (the server does not offer STARTTLS here: with port 993 use `tls: implicit`)"
                ))
            })?;
            // Nothing is buffered: the server waits for the TLS handshake.
            match std::mem::replace(session.io.get_mut(), Stream::Gone) {
                Stream::Plain(tcp) => session.io = BufReader::new(tls(tcp)?),
                _ => unreachable!("STARTTLS starts on a plain connection"),
            }
        }
        let password = s.password()?;
        session
            .command(&format!("LOGIN {} {}", quote(&s.user), quote(&password)))
            .map_err(|e| match e {
                Error::Transport { message, .. } if message.contains("refused `LOGIN") => imap_err(
                    format!(
                        "`{}` refused the login of `{}`: check `mail.imap.user` and the password (`password_env` or `password_file`)",
                        session.what, s.user
                    ),
                ),
                other => session.hint_tls(other, s),
            })?;
        let caps = session.command("CAPABILITY")?;
        session.capabilities = caps
            .iter()
            .filter_map(|l| l.text.strip_prefix("* CAPABILITY "))
            .flat_map(|c| c.split_whitespace().map(str::to_ascii_uppercase))
            .collect();
        Ok(session)
    }

    /// A TLS failure with the settings to check.
    fn hint_tls(&self, e: Error, s: &ImapSettings) -> Error {
        let text = match e {
            Error::Transport { message, .. } | Error::Format { message, .. } => message,
            other => other.to_string(),
        };
        let hint = if text.contains("CaUsedAsEndEntity") {
            format!(" (the server's certificate is a self-signed one marked as an authority: name that very certificate in `mail.imap.ca_file`, or make it as a server certificate: `{}`)", super::send::CERT_RECIPE)
        } else if text.contains("UnknownIssuer") || text.contains("invalid peer certificate") {
            match &s.ca_file {
                Some(f) => format!(" (the server's certificate is neither signed by a usual authority nor the one in `mail.imap.ca_file` `{}`)", f.display()),
                None => " (the server's certificate is not one the usual authorities signed: put it, or its authority, in `mail.imap.ca_file`)".to_string(),
            }
        } else if text.contains("corrupt message")
            || text.contains("InvalidContentType")
            || text.contains("did not answer")
            || text.contains("closed the connection")
        {
            " (this looks like a port/TLS mismatch: `tls: implicit` goes with port 993, `tls: starttls` with port 143)".to_string()
        } else {
            String::new()
        };
        imap_err(format!("{text}{hint}"))
    }

    fn io_err(&self, e: std::io::Error) -> Error {
        if matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ) {
            imap_err(format!(
                "`{}` did not answer within {} seconds",
                self.what,
                TIMEOUT.as_secs()
            ))
        } else {
            imap_err(format!("reading from `{}`: {e}", self.what))
        }
    }

    fn read_line(&mut self) -> Result<Line, Error> {
        let mut text = String::new();
        let mut literals = Vec::new();
        loop {
            let mut raw = Vec::new();
            let n = self
                .io
                .read_until(b'\n', &mut raw)
                .map_err(|e| self.io_err(e))?;
            if n == 0 {
                return Err(imap_err(format!("`{}` closed the connection", self.what)));
            }
            let part = String::from_utf8_lossy(&raw);
            let part = part.trim_end_matches(['\r', '\n']);
            text.push_str(part);
            // A literal: `{n}` at the end of the line, then n bytes, then the line goes on.
            let size = part
                .strip_suffix('}')
                .and_then(|p| p.rfind('{').map(|at| &p[at + 1..]))
                .and_then(|n| n.trim_end_matches('+').parse::<usize>().ok());
            let Some(size) = size else { break };
            if size > super::ingest::MAX_MESSAGE + 1024 {
                return Err(imap_err(format!(
                    "`{}` sent {size} bytes for one message, more than adjutant reads",
                    self.what
                )));
            }
            let mut lit = vec![0; size];
            self.io.read_exact(&mut lit).map_err(|e| self.io_err(e))?;
            literals.push(lit);
        }
        Ok(Line { text, literals })
    }

    /// Sends one command and reads up to its tagged answer, which must be OK.
    fn command(&mut self, cmd: &str) -> Result<Vec<Line>, Error> {
        let tag = format!("a{}", self.next_tag);
        self.next_tag += 1;
        let stream = self.io.get_mut();
        stream
            .write_all(format!("{tag} {cmd}\r\n").as_bytes())
            .and_then(|_| stream.flush())
            .map_err(|e| imap_err(format!("writing to `{}`: {e}", self.what)))?;
        let mut untagged = Vec::new();
        loop {
            let line = self.read_line()?;
            if let Some(status) = line.text.strip_prefix(&format!("{tag} ")) {
                if status.starts_with("OK") {
                    return Ok(untagged);
                }
                let verb = cmd.split_whitespace().next().unwrap_or(cmd);
                return Err(imap_err(format!(
                    "`{}` refused `{verb}`: {status}",
                    self.what
                )));
            }
            untagged.push(line);
        }
    }

    /// Opens `folder` for reading and writing flags.
    pub fn select(&mut self, folder: &str) -> Result<(), Error> {
        self.command(&format!("SELECT {}", quote(folder)))
            .map(|_| ())
            .map_err(|e| imap_err(format!("{e} (check `mail.imap.folder`)")))
    }

    /// The UIDs of the folder's messages; only those without the `LOOKED_AT` keyword unless
    /// `all`.
    pub fn uids(&mut self, all: bool) -> Result<Vec<u32>, Error> {
        let query = if all {
            "UID SEARCH ALL".to_string()
        } else {
            format!("UID SEARCH NOT KEYWORD {LOOKED_AT}")
        };
        let lines = self.command(&query)?;
        Ok(lines
            .iter()
            .filter_map(|l| l.text.strip_prefix("* SEARCH"))
            .flat_map(|s| s.split_whitespace().filter_map(|n| n.parse().ok()))
            .collect())
    }

    /// A message's size in bytes, as the server gives it (`RFC822.SIZE`).
    pub fn size(&mut self, uid: u32) -> Result<usize, Error> {
        let lines = self.command(&format!("UID FETCH {uid} (RFC822.SIZE)"))?;
        lines
            .iter()
            .filter(|l| l.text.contains("FETCH"))
            .find_map(|l| {
                let (_, after) = l.text.split_once("RFC822.SIZE ")?;
                let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()
            })
            .ok_or_else(|| imap_err(format!("message {uid} is gone from the folder")))
    }

    /// The whole message, fetched without marking it read.
    pub fn fetch(&mut self, uid: u32) -> Result<Vec<u8>, Error> {
        let mut lines = self.command(&format!("UID FETCH {uid} (BODY.PEEK[])"))?;
        lines
            .iter_mut()
            .find(|l| l.text.contains("FETCH") && !l.literals.is_empty())
            .map(|l| std::mem::take(&mut l.literals[0]))
            .ok_or_else(|| imap_err(format!("message {uid} is gone from the folder")))
    }

    /// Adds flags or keywords to a message.
    pub fn flag(&mut self, uid: u32, flags: &str) -> Result<(), Error> {
        self.command(&format!("UID STORE {uid} +FLAGS.SILENT ({flags})"))
            .map(|_| ())
    }

    /// Files a message in `folder`, creating it if needed: moved where the server can (MOVE),
    /// else copied and marked `LOOKED_AT` in place. Nothing is deleted.
    pub fn file_into(&mut self, uid: u32, folder: &str) -> Result<(), Error> {
        if let Err(e) = self.command(&format!("CREATE {}", quote(folder))) {
            // A folder that exists already is refused with ALREADYEXISTS (or just NO).
            if !e.to_string().contains("refused `CREATE`") {
                return Err(e);
            }
        }
        if self.capabilities.iter().any(|c| c == "MOVE") {
            self.command(&format!("UID MOVE {uid} {}", quote(folder)))?;
        } else {
            self.command(&format!("UID COPY {uid} {}", quote(folder)))?;
            self.flag(uid, LOOKED_AT)?;
        }
        Ok(())
    }

    pub fn logout(mut self) {
        let _ = self.command("LOGOUT");
    }
}

/// An IMAP quoted string.
fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_quoted() {
        assert_eq!(quote(r#"a"b\c"#), r#""a\"b\\c""#);
    }

    #[test]
    fn the_port_follows_the_tls_mode() {
        let mut s: ImapSettings =
            serde_yaml::from_str("host: h\nuser: u\npassword_env: X\n").unwrap();
        assert_eq!((s.port(), s.folder.as_str()), (993, "INBOX"));
        s.tls = "starttls".into();
        assert_eq!(s.port(), 143);
    }
}
