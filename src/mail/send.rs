//! Mail out: the report and the packet as a message (built with lettre), sent by SMTP
//! (`smtp.rs`), by the local sendmail program, or written as an .eml file for any other mail
//! client.

use std::path::{Path, PathBuf};

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;
use serde::Deserialize;

use crate::engine::atomic;
use crate::engine::Error;

/// A message to send: the report as its body, the packet in it and attached.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub from: String,
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub subject: String,
    pub body: String,
    /// (file name, content type, bytes)
    pub attachments: Vec<(String, String, Vec<u8>)>,
    /// `<...@...>`; the same for the same packet (`thread::message_id`).
    pub message_id: Option<String>,
    /// The mail this one answers: the previous step's.
    pub in_reply_to: Option<String>,
    /// The thread so far, oldest first.
    pub references: Vec<String>,
}

/// `X-Unsent: 1`: a draft, which Outlook and other clients open ready to send, not as a mail
/// received.
#[derive(Debug, Clone)]
struct XUnsent;

impl lettre::message::header::Header for XUnsent {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("X-Unsent")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(XUnsent)
    }

    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), "1".into())
    }
}

/// How a message leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Via {
    /// Written to this file, for any mail client to send.
    Eml(PathBuf),
    /// Handed to the local sendmail program (this one, or `sendmail` on the PATH).
    Sendmail(Option<PathBuf>),
    /// Sent by SMTP as the player's config says.
    Smtp,
}

/// SMTP settings in the player's config. The password never comes from the command line or
/// the game file: from an environment variable or a file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpSettings {
    pub host: String,
    #[serde(default)]
    pub port: Option<u16>,
    /// `starttls` (port 587) or `implicit` (port 465).
    #[serde(default = "default_tls")]
    pub tls: String,
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub password_env: Option<String>,
    #[serde(default)]
    pub password_file: Option<PathBuf>,
    /// A PEM certificate to trust besides the usual roots, for a server with its own
    /// certificate authority (a club's server, or the tests' local one).
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

fn default_tls() -> String {
    "starttls".into()
}

fn send_err(message: impl Into<String>) -> Error {
    Error::Format {
        what: "sending".into(),
        message: message.into(),
    }
}

fn mailbox(text: &str) -> Result<Mailbox, Error> {
    text.parse()
        .map_err(|e| send_err(format!("`{text}` is not a mail address: {e}")))
}

/// Builds the message: a plain-text body and the attachments; a draft (`X-Unsent: 1`) for an
/// `.eml` file.
pub fn build(o: &Outgoing, draft: bool) -> Result<Message, Error> {
    let mut b = Message::builder()
        .from(mailbox(&o.from)?)
        .subject(o.subject.clone())
        .message_id(o.message_id.clone());
    if let Some(id) = &o.in_reply_to {
        b = b.in_reply_to(id.clone());
    }
    if !o.references.is_empty() {
        b = b.references(o.references.join(" "));
    }
    if draft {
        b = b.header(XUnsent);
    }
    if o.to.is_empty() {
        return Err(send_err(
            "no recipient: give `--to`, or put the opponent's address in the game file",
        ));
    }
    for t in &o.to {
        b = b.to(mailbox(t)?);
    }
    for c in &o.cc {
        b = b.cc(mailbox(c)?);
    }
    let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(o.body.clone()));
    for (name, ct, bytes) in &o.attachments {
        let ct =
            ContentType::parse(ct).map_err(|e| send_err(format!("content type `{ct}`: {e}")))?;
        // A text goes as a string, which lettre gives CRLF line ends: bare LF lines would
        // reach an SMTP server as one line, refused once longer than 1000 bytes.
        let part = match std::str::from_utf8(bytes) {
            Ok(text) => Attachment::new(name.clone()).body(text.to_string(), ct),
            Err(_) => Attachment::new(name.clone()).body(bytes.clone(), ct),
        };
        parts = parts.singlepart(part);
    }
    b.multipart(parts).map_err(|e| send_err(e.to_string()))
}

/// Sends (or writes) the message; returns where it went.
pub fn send(o: &Outgoing, via: &Via, smtp: Option<&SmtpSettings>) -> Result<String, Error> {
    let msg = build(o, matches!(via, Via::Eml(_)))?;
    match via {
        Via::Eml(path) => {
            atomic::write(path, &msg.formatted())?;
            Ok(format!("written to `{}`", path.display()))
        }
        Via::Sendmail(cmd) => {
            sendmail(cmd.as_deref().unwrap_or(Path::new("sendmail")), &msg)?;
            Ok("handed to sendmail".into())
        }
        Via::Smtp => {
            let s = smtp.ok_or_else(|| {
                send_err("`via: smtp` but no `mail.smtp` settings (host, port, tls, user, password_env or password_file) in your config")
            })?;
            let envelope = msg.envelope();
            let from = envelope
                .from()
                .map(|a| a.to_string())
                .ok_or_else(|| send_err("no sender address"))?;
            let to: Vec<String> = envelope.to().iter().map(|a| a.to_string()).collect();
            super::smtp::submit(s, &from, &to, &msg.formatted())?;
            Ok(format!("sent through `{}`", s.host))
        }
    }
}

/// Hands the message to the local sendmail `program` as every sendmail takes one: the
/// envelope on the command line (`-i -f FROM -- TO...`), the message on standard input. A
/// failure names the program and gives its exit status and what it said.
fn sendmail(program: &Path, msg: &lettre::Message) -> Result<(), Error> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let failed = |message: String| {
        Error::Transport {
        what: "sendmail".into(),
        message,
        hint: Some("is a sendmail installed? Else set `mail.via: smtp` and `mail.smtp` in your config, or write the mail with `--via eml:FILE` and send it from your mail client".into()),
    }
    };
    let envelope = msg.envelope();
    let mut c = Command::new(program);
    c.arg("-i");
    if let Some(from) = envelope.from() {
        c.arg("-f").arg(from);
    }
    c.arg("--")
        .args(envelope.to().iter().map(|a| a.to_string()))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = c.spawn().map_err(|e| {
        failed(format!(
            "the local sendmail program `{}` could not be run: {e}",
            program.display()
        ))
    })?;
    // A sendmail that stops reading early says why on its standard error, read below; the
    // write into its closed pipe must fail, not kill adjutant (SIGPIPE, which adjutant keeps
    // for its own standard output).
    let _pipe = crate::engine::atomic::IgnoreSigpipe::new();
    let written = child
        .stdin
        .take()
        .map(|mut stdin| stdin.write_all(&msg.formatted()));
    let out = child.wait_with_output().map_err(|e| {
        failed(format!(
            "the local sendmail program `{}` could not be waited for: {e}",
            program.display()
        ))
    })?;
    let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let said = if said.is_empty() {
        "it said nothing".to_string()
    } else {
        format!("it said: {said}")
    };
    if !out.status.success() {
        return Err(failed(format!(
            "the local sendmail program `{}` failed ({}); {said}",
            program.display(),
            out.status
        )));
    }
    if let Some(Err(e)) = written {
        return Err(failed(format!(
            "the local sendmail program `{}` did not take the whole message: {e}; {said}",
            program.display()
        )));
    }
    Ok(())
}

/// A mail password, from the environment variable or the file the config names.
pub fn password(
    kind: &str,
    key: &str,
    env: Option<&str>,
    file: Option<&std::path::Path>,
) -> Result<String, Error> {
    match (env, file) {
        (Some(var), _) => std::env::var(var).map_err(|_| {
            send_err(format!(
                "the environment variable `{var}` holding the {kind} password (`{key}.password_env`) is not set"
            ))
        }),
        (None, Some(f)) => std::fs::read_to_string(f)
            .map(|p| p.trim_end().to_string())
            .map_err(|e| {
                send_err(format!(
                    "cannot read the {kind} password file `{}` (`{key}.password_file`): {e}",
                    f.display()
                ))
            }),
        (None, None) => Err(send_err(format!(
            "an {kind} user needs `{key}.password_env` or `{key}.password_file`"
        ))),
    }
}

/// The certificates of a PEM file (`ca_file`).
pub fn pem_certificates(
    path: &std::path::Path,
) -> Result<Vec<rustls::pki_types::CertificateDer<'static>>, Error> {
    use rustls::pki_types::pem::PemObject;
    let pem = std::fs::read(path).map_err(|e| {
        send_err(format!(
            "cannot read the `ca_file` `{}`: {e}",
            path.display()
        ))
    })?;
    let certs: Vec<_> = rustls::pki_types::CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<_, _>>()
        .map_err(|e| {
            send_err(format!(
                "`{}` (`ca_file`) is not a PEM certificate: {e}",
                path.display()
            ))
        })?;
    if certs.is_empty() {
        return Err(send_err(format!(
            "`{}` (`ca_file`) holds no PEM certificate (`-----BEGIN CERTIFICATE-----`)",
            path.display()
        )));
    }
    Ok(certs)
}

/// The usual recipe for a server's own certificate, which rustls accepts: without the last
/// two extensions OpenSSL marks it as an authority, refused as a server's certificate
/// (`CaUsedAsEndEntity`).
pub const CERT_RECIPE: &str = "openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=HOST -addext subjectAltName=DNS:HOST -addext basicConstraints=critical,CA:FALSE -addext extendedKeyUsage=serverAuth -keyout key.pem -out cert.pem";

/// What to try after an SMTP failure, from what it says.
pub(crate) fn smtp_hint(message: &str, s: &SmtpSettings) -> Option<String> {
    let has = |w: &str| message.contains(w);
    let pairing = "`tls: starttls` goes with port 587 (or 25), `tls: implicit` with port 465: check `mail.smtp.port` and `mail.smtp.tls`";
    if has("CaUsedAsEndEntity") {
        Some(format!("the server's certificate is a self-signed one marked as an authority: name that very certificate in `mail.smtp.ca_file` (it is then trusted as it is), or make it as a server certificate (`{CERT_RECIPE}`)"))
    } else if has("UnknownIssuer") || has("invalid peer certificate") {
        Some(match &s.ca_file {
            Some(f) => format!("the server's certificate is neither signed by a usual authority nor by `{}` (`mail.smtp.ca_file`)", f.display()),
            None => "the server's certificate is not signed by a usual authority: name it, or its authority, in `mail.smtp.ca_file`".into(),
        })
    } else if has("corrupt message") || has("InvalidContentType") || has("wrong version") {
        Some(format!("this looks like a port/TLS mismatch: {pairing}"))
    } else if has("temporarily unavailable") || has("timed out") || has("WouldBlock") {
        Some(format!("the server did not answer in time: check `mail.smtp.host` and `mail.smtp.port`; a port/TLS mismatch makes both sides wait ({pairing})"))
    } else if has("onnection refused") {
        Some("nothing listens there: check `mail.smtp.host` and `mail.smtp.port`".into())
    } else if has("535") || has("uthentication") {
        Some("the server refused the login: check `mail.smtp.user` and the password (`password_env` or `password_file`)".into())
    } else {
        None
    }
}
