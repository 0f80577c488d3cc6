//! Standard output, as every command writes to it: through `stdout`, which refuses one that was
//! closed when adjutant started.
//!
//! A command run with its standard output closed (`adjutant show GAME >&-`) would otherwise
//! succeed with its output lost: before `main`, the Rust runtime opens `/dev/null` on any of
//! the three standard descriptors it finds closed, so every write "succeeds". Once that is
//! done nothing tells the stand-in from a `/dev/null` given on purpose, so whether descriptor
//! 1 was open is noted earlier, by a function the C runtime calls before `main` (the way the
//! standard library itself reads the arguments on glibc), and the note is read at write time.

use std::path::Path;

use crate::engine::Error;

/// Whether descriptor 1 was closed when the process started (Linux only; elsewhere it is
/// taken to be open, as before).
#[cfg(target_os = "linux")]
static CLOSED_AT_START: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(target_os = "linux")]
extern "C" fn note_closed_stdout() {
    // SAFETY: `fcntl(F_GETFD)` only asks about the descriptor; it fails (EBADF) when
    // descriptor 1 is not open, and touches no memory.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        CLOSED_AT_START.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Run by the C runtime (glibc, musl) before `main`, and so before the Rust runtime fills a
/// closed descriptor 1 with `/dev/null`.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

fn closed_at_start() -> bool {
    #[cfg(target_os = "linux")]
    {
        CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Standard output, locked for writing, or the error a write to it meets when it was closed
/// at start: the output would go nowhere, so it fails as a full one does (exit status 3),
/// before any byte is written.
pub fn stdout() -> Result<std::io::StdoutLock<'static>, Error> {
    if closed_at_start() {
        return Err(super::io("write", Path::new("-"))(std::io::Error::other(
            "it was closed when adjutant started (`>&-`); give it a file, or `>/dev/null` to throw the output away",
        )));
    }
    Ok(std::io::stdout().lock())
}
