//! Real mail servers on 127.0.0.1 for the mail tests: aiosmtpd (SMTP with STARTTLS and AUTH)
//! and Dovecot (IMAP over TLS with a login), each with its own folder and a free port, stopped
//! when dropped. The tests that use them are `#[ignore]`d; `.ci/run` installs both and runs
//! them.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A certificate and key for `localhost` made by `openssl req -x509`; `end_entity` adds the
/// extensions that mark it as a server's own (without them OpenSSL marks it as an authority,
/// the usual self-signed certificate).
pub fn certificate(dir: &Path, name: &str, end_entity: bool) -> (PathBuf, PathBuf) {
    std::fs::create_dir_all(dir).unwrap();
    let (cert, key) = (
        dir.join(format!("{name}.pem")),
        dir.join(format!("{name}.key")),
    );
    let mut c = Command::new("openssl");
    c.args([
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
    ]);
    if end_entity {
        c.args([
            "-addext",
            "basicConstraints=critical,CA:FALSE",
            "-addext",
            "extendedKeyUsage=serverAuth",
        ]);
    }
    let made = c
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl runs");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    (cert, key)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The SMTP server of `tests/mail/smtp_server.py`, one login, every message kept in `inbox`
/// and, with `maildirs`, delivered to `maildirs/<local part>/Maildir/new/`.
pub struct Smtp {
    child: Child,
    pub port: u16,
    pub cert: PathBuf,
}

impl Smtp {
    pub fn start(
        dir: &Path,
        inbox: &Path,
        maildirs: Option<&Path>,
        user: &str,
        password: &str,
    ) -> Smtp {
        // The usual self-signed certificate, which `ca_file` makes trusted as it is.
        let (cert, key) = certificate(dir, "smtp", false);
        std::fs::create_dir_all(inbox).unwrap();
        let mut c = Command::new("python3");
        c.arg(crate::support::root().join("tests/mail/smtp_server.py"))
            .arg("--cert")
            .arg(&cert)
            .arg("--key")
            .arg(&key)
            .arg("--out")
            .arg(inbox)
            .args(["--user", user, "--password-env", "ADJ_TEST_SMTP_PW"])
            .args(["--seconds", "300"])
            .env("ADJ_TEST_SMTP_PW", password)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(m) = maildirs {
            c.arg("--maildirs").arg(m);
        }
        let mut child = c.spawn().expect("python3 starts the SMTP server");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("READY ")
            .unwrap_or_else(|| panic!("server said `{line}`"))
            .parse()
            .unwrap();
        Smtp { child, port, cert }
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// Dovecot serving IMAP over TLS (port 993's way, on a free port) to the users given, each
/// with the Maildir `root/<user>/Maildir`; its certificate is the usual self-signed one.
pub struct Dovecot {
    child: Child,
    pub port: u16,
    pub cert: PathBuf,
    pub root: PathBuf,
    log: PathBuf,
}

impl Dovecot {
    pub fn start(dir: &Path, users: &[(&str, &str)]) -> Dovecot {
        let (cert, key) = certificate(dir, "imap", false);
        let root = dir.join("mail");
        let run = dir.join("run");
        std::fs::create_dir_all(&run).unwrap();
        let mut passwd = String::new();
        for (user, password) in users {
            passwd.push_str(&format!("{user}:{{PLAIN}}{password}\n"));
            for sub in ["new", "cur", "tmp"] {
                std::fs::create_dir_all(root.join(user).join("Maildir").join(sub)).unwrap();
            }
        }
        std::fs::write(dir.join("users"), passwd).unwrap();
        // The mail processes run as `nobody` when the test runs as root (Dovecot refuses
        // mail access as root), else as the tester, who then runs every Dovecot process.
        let root_run = unsafe { libc::geteuid() } == 0;
        let me = std::env::var("USER").unwrap_or_else(|_| "nobody".into());
        let (uid, gid, run_as) = if root_run {
            ("nobody".to_string(), "nogroup".to_string(), String::new())
        } else {
            let (u, g) = unsafe { (libc::getuid(), libc::getgid()) };
            (
                u.to_string(),
                g.to_string(),
                format!("default_internal_user = {me}\ndefault_login_user = {me}\n"),
            )
        };
        let chmod = |p: &Path| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o777)).unwrap();
        };
        if root_run {
            for e in walk(&root) {
                chmod(&e);
            }
            chmod(&root);
        }
        let port = free_port();
        let log = dir.join("dovecot.log");
        let conf = dir.join("dovecot.conf");
        std::fs::write(
            &conf,
            format!(
                "base_dir = {run}\nstate_dir = {run}/state\nlog_path = {log}\n{run_as}\
                 protocols = imap\nlisten = 127.0.0.1\nssl = required\n\
                 ssl_cert = <{cert}\nssl_key = <{key}\nauth_mechanisms = plain\n\
                 passdb {{\n  driver = passwd-file\n  args = scheme=PLAIN {users}\n}}\n\
                 userdb {{\n  driver = static\n  args = uid={uid} gid={gid} home={root}/%u\n}}\n\
                 mail_location = maildir:{root}/%u/Maildir\nfirst_valid_uid = 1\n\
                 service imap-login {{\n  chroot =\n  inet_listener imap {{\n    port = 0\n  }}\n\
                 \x20 inet_listener imaps {{\n    address = 127.0.0.1\n    port = {port}\n    ssl = yes\n  }}\n}}\n\
                 service anvil {{\n  chroot =\n}}\n",
                run = run.display(),
                log = log.display(),
                cert = cert.display(),
                key = key.display(),
                users = dir.join("users").display(),
                root = root.display(),
            ),
        )
        .unwrap();
        let child = Command::new("dovecot")
            .arg("-F")
            .arg("-c")
            .arg(&conf)
            .spawn()
            .expect("dovecot starts (Debian's dovecot-imapd; .ci/run installs it)");
        let d = Dovecot {
            child,
            port,
            cert,
            root,
            log,
        };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return d;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!(
            "dovecot did not listen on {port}:\n{}",
            std::fs::read_to_string(&d.log).unwrap_or_default()
        );
    }

    /// The names of the messages in a user's folder (`""` for the inbox), new and read.
    pub fn messages(&self, user: &str, folder: &str) -> Vec<String> {
        let mut dir = self.root.join(user).join("Maildir");
        if !folder.is_empty() {
            dir = dir.join(format!(".{folder}"));
        }
        let mut v: Vec<String> = ["new", "cur"]
            .iter()
            .flat_map(|s| std::fs::read_dir(dir.join(s)).into_iter().flatten())
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        // SIGTERM lets the master stop the processes it started.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
        let _ = self.child.wait();
    }
}
