//! Writing files so that a reader only ever sees the old or the new content: a temporary file
//! in the same folder, flushed to disk, then renamed over the target.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Error;

/// Writes `bytes` to `path` atomically. `-` writes to standard output.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_with_mode(path, bytes, None)
}

/// As `write`, with Unix permission bits for the new file (0600 for secrets).
pub fn write_with_mode(path: &Path, bytes: &[u8], mode: Option<u32>) -> Result<(), Error> {
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|_| out.flush())
            .map_err(|source| Error::Io {
                path: path.into(),
                action: "write",
                source,
            });
    }
    let io = |action: &'static str, p: &Path| {
        let p = p.to_path_buf();
        move |source| Error::Io {
            path: p,
            action,
            source,
        }
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut options = fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        if let Some(mode) = mode {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(mode);
        }
        #[cfg(not(unix))]
        let _ = mode;
        let mut f = options.open(&tmp).map_err(io("create", &tmp))?;
        f.write_all(bytes).map_err(io("write", &tmp))?;
        f.sync_all().map_err(io("flush", &tmp))?;
        fail_point();
        fs::rename(&tmp, path).map_err(io("replace", path))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Test hook: `ADJUTANT_FAIL_BEFORE_RENAME=1` aborts the process between the write of the
/// temporary file and the rename, so a test can show the target is left whole.
fn fail_point() {
    if std::env::var_os("ADJUTANT_FAIL_BEFORE_RENAME").is_some() {
        std::process::abort();
    }
}

/// Reads a file, or standard input for `-`.
pub fn read(path: &Path) -> Result<String, Error> {
    if path == Path::new("-") {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|source| {
            Error::Io {
                path: path.into(),
                action: "read",
                source,
            }
        })?;
        return Ok(s);
    }
    fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.into(),
        action: "read",
        source,
    })
}
