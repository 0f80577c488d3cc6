//! `Lock`: an advisory lock on a file for a read-modify-write (the game file, or a secret for
//! its ledger and policies), which concurrent runs wait for.

use std::fs::{self, File};
use std::path::Path;

use super::io;
use super::naming::file_id;
use crate::engine::Error;

/// An exclusive advisory lock on a file, held until dropped. Every read-modify-write of a game
/// file, and of a secret's ledger and policies (under the secret file's lock), takes one, so
/// two runs at once wait for each other instead of losing an update.
pub struct Lock {
    _file: File,
}

impl Lock {
    /// Locks the file at `path` (following links), waiting for another run to finish. A run
    /// that replaced the file while this one waited is noticed: the new file is locked instead.
    pub fn exclusive(path: &Path) -> Result<Lock, Error> {
        loop {
            let file = File::open(path).map_err(io("open", path))?;
            file.lock().map_err(io("lock", path))?;
            if same_file(&file, path) {
                return Ok(Lock { _file: file });
            }
        }
    }
}

/// Whether the open `file` is still the one at `path`; where the system gives no file
/// identity, it is taken to be.
fn same_file(file: &File, path: &Path) -> bool {
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => match (file_id(&a), file_id(&b)) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        },
        _ => false,
    }
}
