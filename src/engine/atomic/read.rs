//! Reading the files and standard input adjutant takes, within a size limit.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::io;
use crate::engine::Error;

/// The most any file adjutant reads may hold: a game file of thousands of steps is a few
/// megabytes.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads a text file, or standard input for `-`, refusing one over `MAX_FILE_BYTES` before
/// reading it and dropping a UTF-8 byte-order mark.
pub fn read(path: &Path) -> Result<String, Error> {
    read_limited(path, MAX_FILE_BYTES)
}

/// `read` with a smaller limit, for inputs that are small by nature (orders, packets).
pub fn read_limited(path: &Path, limit: u64) -> Result<String, Error> {
    // What the file holds is refused input (exit status 1), not a failure of the file system.
    let refused = |message: String| Error::Format {
        what: format!("`{}`", path.display()),
        message,
    };
    let too_big = || {
        refused(format!(
            "it is larger than {limit} bytes, more than any file of this kind can need"
        ))
    };
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io("read", path))?;
    } else {
        let f = File::open(path).map_err(io("read", path))?;
        if f.metadata()
            .map(|m| m.is_file() && m.len() > limit)
            .unwrap_or(false)
        {
            return Err(too_big());
        }
        f.take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io("read", path))?;
    }
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    let text = String::from_utf8(bytes).map_err(|_| refused("it is not UTF-8 text".to_string()))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
