//! TLS for the mail clients (IMAP, SMTP): the usual authorities, the certificates of the
//! player's `ca_file`, and a server presenting exactly one of those certificates.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::Arc;

use crate::engine::Error;

fn settings_err(e: impl std::fmt::Display) -> Error {
    Error::Format {
        what: "TLS settings".into(),
        message: e.to_string(),
    }
}

/// A connection to a mail server, plain until TLS starts.
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, TcpStream>>),
    /// While STARTTLS hands the connection over to TLS.
    Gone,
}

pub fn gone() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::NotConnected,
        "the connection was handed to TLS",
    )
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf),
            Stream::Gone => Err(gone()),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
            Stream::Gone => Err(gone()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
            Stream::Gone => Err(gone()),
        }
    }
}

impl Stream {
    /// The connection with TLS started on it, for the server `host`.
    ///
    /// # Errors
    /// A host name that is not one, or TLS settings that cannot be made.
    pub fn start_tls(self, host: &str, ca_file: Option<&Path>) -> Result<Stream, Error> {
        let tcp = match self {
            Stream::Plain(tcp) => tcp,
            tls => return Ok(tls),
        };
        let name = rustls::pki_types::ServerName::try_from(host.to_string())
            .map_err(|e| settings_err(format!("`{host}` is not a host name: {e}")))?;
        let conn = rustls::ClientConnection::new(config(ca_file)?, name).map_err(settings_err)?;
        Ok(Stream::Tls(Box::new(rustls::StreamOwned::new(conn, tcp))))
    }
}

/// The usual roots and the certificates of `ca_file`; a server presenting exactly one of the
/// `ca_file` certificates is trusted too, which is how a self-signed certificate made with
/// `openssl req -x509` (marked as an authority, so refused as a server's own with
/// `CaUsedAsEndEntity`) is accepted.
pub fn config(ca_file: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, Error> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let pinned = match ca_file {
        Some(f) => super::send::pem_certificates(f)?,
        None => Vec::new(),
    };
    for c in &pinned {
        // A certificate marked as an end entity is no root; it is still pinned below.
        let _ = roots.add(c.clone());
    }
    let inner = rustls::client::WebPkiServerVerifier::builder_with_provider(
        Arc::new(roots),
        provider.clone(),
    )
    .build()
    .map_err(settings_err)?;
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(settings_err)?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Pinned { inner, pinned }))
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// The usual verification, and a server certificate byte-identical to one the player named.
#[derive(Debug)]
pub(crate) struct Pinned {
    inner: Arc<rustls::client::WebPkiServerVerifier>,
    pinned: Vec<rustls::pki_types::CertificateDer<'static>>,
}

impl rustls::client::danger::ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &rustls::pki_types::CertificateDer<'_>,
        intermediates: &[rustls::pki_types::CertificateDer<'_>],
        server_name: &rustls::pki_types::ServerName<'_>,
        ocsp: &[u8],
        now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        match self
            .inner
            .verify_server_cert(end_entity, intermediates, server_name, ocsp, now)
        {
            Ok(v) => Ok(v),
            Err(_)
                if self
                    .pinned
                    .iter()
                    .any(|c| c.as_ref() == end_entity.as_ref()) =>
            {
                Ok(rustls::client::danger::ServerCertVerified::assertion())
            }
            Err(e) => Err(e),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.inner.supported_verify_schemes()
    }
}
