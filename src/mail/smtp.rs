//! Mail out by SMTP submission (RFC 5321, STARTTLS RFC 3207, AUTH PLAIN and LOGIN RFC 4954)
//! over the same TLS as IMAP (`tls.rs`), so a server's own self-signed certificate named in
//! `ca_file` is trusted for both. lettre builds the message; this only carries it.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use super::send::SmtpSettings;
use super::tls::Stream;
use crate::engine::Error;

const TIMEOUT: Duration = Duration::from_secs(20);

struct Conn<'a> {
    io: BufReader<Stream>,
    s: &'a SmtpSettings,
    what: String,
}

impl Conn<'_> {
    fn fail(&self, message: String) -> Error {
        Error::Transport {
            what: format!("SMTP to `{}`", self.what),
            hint: super::send::smtp_hint(&message, self.s),
            message,
        }
    }

    fn io_fail(&self, e: std::io::Error) -> Error {
        if matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ) {
            self.fail(format!(
                "the server did not answer within {} seconds (timed out)",
                TIMEOUT.as_secs()
            ))
        } else {
            self.fail(e.to_string())
        }
    }

    /// One reply: its code and its lines' texts (`250-A`, `250 B` -> 250, [A, B]).
    fn reply(&mut self) -> Result<(u16, Vec<String>), Error> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.io.read_line(&mut line).map_err(|e| self.io_fail(e))?;
            if n == 0 {
                return Err(self.fail("the server closed the connection".into()));
            }
            let line = line.trim_end();
            let code = line.get(..3).and_then(|c| c.parse::<u16>().ok());
            let Some(code) = code else {
                return Err(self.fail(format!("`{line}` is not an SMTP reply")));
            };
            lines.push(line.get(4..).unwrap_or("").to_string());
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok((code, lines));
            }
        }
    }

    fn expect(&mut self, ok: &[u16], what: &str) -> Result<Vec<String>, Error> {
        let (code, lines) = self.reply()?;
        if ok.contains(&code) {
            Ok(lines)
        } else {
            Err(self.fail(format!("{what}: {code} {}", lines.join(" "))))
        }
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let stream = self.io.get_mut();
        stream
            .write_all(bytes)
            .and_then(|_| stream.flush())
            .map_err(|e| self.io_fail(e))
    }

    fn command(&mut self, line: &str, ok: &[u16], what: &str) -> Result<Vec<String>, Error> {
        self.send(format!("{line}\r\n").as_bytes())?;
        self.expect(ok, what)
    }
}

/// RFC 4648 base64, for AUTH.
fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16
            | (*c.get(1).unwrap_or(&0) as u32) << 8
            | *c.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= c.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The message with every line that starts with `.` doubled (RFC 5321 4.5.2), ending in the
/// lone `.` line.
fn dot_stuffed(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 64);
    for line in data.split_inclusive(|&b| b == b'\n') {
        if line.first() == Some(&b'.') {
            out.push(b'.');
        }
        out.extend_from_slice(line);
    }
    if !out.ends_with(b"\r\n") {
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b".\r\n");
    out
}

/// Hands one message to the server: `from` and `to` are the envelope, `data` the message with
/// CRLF line ends.
///
/// # Errors
/// The connection, TLS, login or the server refusing the message, each with what to try.
pub fn submit(s: &SmtpSettings, from: &str, to: &[String], data: &[u8]) -> Result<(), Error> {
    let port = s
        .port
        .unwrap_or(if s.tls == "implicit" { 465 } else { 587 });
    let what = format!("{}:{port}", s.host);
    let fail = |message: String| Error::Transport {
        what: format!("SMTP to `{what}`"),
        hint: super::send::smtp_hint(&message, s),
        message,
    };
    let addrs: Vec<_> = (s.host.as_str(), port)
        .to_socket_addrs()
        .map_err(|e| fail(format!("cannot find `{}`: {e}", s.host)))?
        .collect();
    let mut last = None;
    let mut tcp = None;
    for a in addrs {
        match TcpStream::connect_timeout(&a, TIMEOUT) {
            Ok(t) => {
                tcp = Some(t);
                break;
            }
            Err(e) => last = Some(e),
        }
    }
    let tcp = tcp.ok_or_else(|| {
        fail(match last {
            Some(e) => e.to_string(),
            None => format!("`{}` has no address", s.host),
        })
    })?;
    let _ = tcp.set_read_timeout(Some(TIMEOUT));
    let _ = tcp.set_write_timeout(Some(TIMEOUT));
    let mut stream = Stream::Plain(tcp);
    match s.tls.as_str() {
        "implicit" => stream = stream.start_tls(&s.host, s.ca_file.as_deref())?,
        "starttls" => {}
        other => {
            return Err(Error::Format {
                what: "sending".into(),
                message: format!(
                    "`mail.smtp.tls: {other}` is not `starttls` (port 587) or `implicit` (port 465)"
                ),
            })
        }
    }
    let mut c = Conn {
        io: BufReader::new(stream),
        s,
        what,
    };
    c.expect(&[220], "the server's greeting")?;
    let helo = from
        .rsplit_once('@')
        .map(|(_, d)| d.trim_end_matches('>'))
        .filter(|d| {
            !d.is_empty()
                && d.chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ".-".contains(ch))
        })
        .unwrap_or("localhost")
        .to_string();
    let mut caps = c.command(&format!("EHLO {helo}"), &[250], "EHLO")?;
    if s.tls == "starttls" {
        if !caps.iter().any(|l| l.eq_ignore_ascii_case("STARTTLS")) {
            return Err(c.fail(
                "the server does not offer STARTTLS (with port 465 use `tls: implicit`)".into(),
            ));
        }
        c.command("STARTTLS", &[220], "STARTTLS")?;
        let plain = std::mem::replace(c.io.get_mut(), Stream::Gone);
        c.io = BufReader::new(plain.start_tls(&s.host, s.ca_file.as_deref())?);
        caps = c.command(&format!("EHLO {helo}"), &[250], "EHLO")?;
    }
    if let Some(user) = &s.user {
        let password = super::send::password(
            "SMTP",
            "mail.smtp",
            s.password_env.as_deref(),
            s.password_file.as_deref(),
        )?;
        let auth = caps
            .iter()
            .find_map(|l| {
                l.to_ascii_uppercase()
                    .strip_prefix("AUTH")
                    .map(str::to_string)
            })
            .unwrap_or_default();
        let login = if auth.split_whitespace().any(|m| m == "PLAIN") || !auth.contains("LOGIN") {
            let token = base64(format!("\0{user}\0{password}").as_bytes());
            c.command(
                &format!("AUTH PLAIN {token}"),
                &[235],
                "the login (535 authentication failed?)",
            )
        } else {
            c.command("AUTH LOGIN", &[334], "AUTH LOGIN")
                .and_then(|_| c.command(&base64(user.as_bytes()), &[334], "AUTH LOGIN"))
                .and_then(|_| {
                    c.command(
                        &base64(password.as_bytes()),
                        &[235],
                        "the login (535 authentication failed?)",
                    )
                })
        };
        login.map_err(|e| match e {
            Error::Transport { what, message, .. } => Error::Transport {
                what,
                hint: Some("the server refused the login: check `mail.smtp.user` and the password (`password_env` or `password_file`)".into()),
                message,
            },
            other => other,
        })?;
    }
    c.command(&format!("MAIL FROM:<{from}>"), &[250], "the sender")?;
    for r in to {
        c.command(
            &format!("RCPT TO:<{r}>"),
            &[250, 251],
            &format!("the recipient `{r}`"),
        )?;
    }
    c.command("DATA", &[354], "DATA")?;
    c.send(&dot_stuffed(data))?;
    c.expect(&[250], "the message")?;
    let _ = c.command("QUIT", &[221], "QUIT");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_of_rfc_4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn lines_starting_with_a_dot_are_doubled() {
        assert_eq!(dot_stuffed(b"a\r\n.b\r\n"), b"a\r\n..b\r\n.\r\n");
        assert_eq!(dot_stuffed(b"a"), b"a\r\n.\r\n");
    }
}
