//! Which files an output may name: not one the command reads (the game file, orders, a
//! packet, the `--data` and `--templates` it was given), not one another output names (by
//! path, link or hard link), and never a secret, a ledger or standing policies.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::folder_of;
use crate::engine::Error;

/// Whether `a` and `b` name one file, however spelled (through links too, where they exist).
pub fn same_path(a: &Path, b: &Path) -> bool {
    let real = |p: &Path| fs::canonicalize(p).unwrap_or_else(|_| identity(p));
    a != Path::new("-") && b != Path::new("-") && real(a) == real(b)
}

/// Whether the output `path` names the file `input`, however spelled: by its path, through
/// links (hard ones too), or as the file standard input reads for an `input` of `-`.
pub fn names_input(path: &Path, input: &Path) -> bool {
    same_path(path, input) || one_file(path, input)
}

/// Whether `a` and `b` are one file on disk: by its device and inode, so a hard link is seen
/// too; `-` for an input is the file standard input reads, when it reads one.
pub(super) fn one_file(a: &Path, b: &Path) -> bool {
    let id = |p: &Path| {
        let p = if p == Path::new("-") {
            Path::new("/dev/stdin")
        } else {
            p
        };
        id_of(p)
    };
    a != Path::new("-") && id(a).is_some_and(|a| Some(a) == id(b))
}

/// A file's device and inode, which name it whatever its path (none where the system does
/// not say).
#[cfg(unix)]
pub(super) fn file_id(m: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

#[cfg(not(unix))]
pub(super) fn file_id(_m: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// `file_id` of the file at `p`, if there is one.
pub(super) fn id_of(p: &Path) -> Option<(u64, u64)> {
    fs::metadata(p).ok().and_then(|m| file_id(&m))
}

/// A file as its folder's real path and its name: the same for any spelling of the path.
pub(super) fn identity(target: &Path) -> PathBuf {
    let dir = folder_of(target);
    let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    match target.file_name() {
        Some(name) => dir.join(name),
        None => dir,
    }
}

/// The refusal of a file two outputs of one command name.
pub(super) fn named_twice(path: &Path) -> Error {
    refused_output(
        path,
        "another output of this command names the same file; give each its own",
    )
}

/// An output refused before anything is written.
pub(super) fn refused_output(path: &Path, why: &str) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        action: "write",
        source: std::io::Error::other(why.to_string()),
    }
}

/// Inputs this run reads besides the ones its command names (the files of a `--data` folder,
/// a `--templates` folder): an output replacing one would destroy an input of the very run
/// writing it, so none is staged over one (see `reading_file`, `reading_folder`).
static READ_INPUTS: Mutex<Vec<ReadInput>> = Mutex::new(Vec::new());

struct ReadInput {
    /// The path as the command was given it (or built it from a folder it was given).
    given: PathBuf,
    /// What it is, for the refusal: "the data folder".
    what: &'static str,
    /// A folder whose every file is an input (by its real path); `None` for one file.
    folder: Option<PathBuf>,
}

/// Notes that this run reads the file at `path`, which is in `what` ("the data folder"): an
/// output of the run naming it, however spelled or linked, is refused from now on.
pub fn reading_file(path: &Path, what: &'static str) {
    note_input(ReadInput {
        given: path.to_path_buf(),
        what,
        folder: None,
    });
}

/// Notes that this run reads files from anywhere in the folder `dir`, `what` ("the templates
/// folder"): an output of the run inside it is refused from now on. A folder that is not
/// there is left out: nothing is read from it.
pub fn reading_folder(dir: &Path, what: &'static str) {
    if let Ok(real) = fs::canonicalize(dir) {
        note_input(ReadInput {
            given: dir.to_path_buf(),
            what,
            folder: Some(real),
        });
    }
}

fn note_input(input: ReadInput) {
    let mut read = READ_INPUTS.lock().unwrap_or_else(PoisonError::into_inner);
    if !read.iter().any(|r| r.given == input.given) {
        read.push(input);
    }
}

/// The refusal of an output over an input noted by `reading_file` or `reading_folder`.
pub(super) fn over_read_input(path: &Path, target: &Path) -> Result<(), Error> {
    let real = identity(target);
    let read = READ_INPUTS.lock().unwrap_or_else(PoisonError::into_inner);
    let hit = read.iter().find(|r| match &r.folder {
        Some(dir) => real.starts_with(dir),
        None => names_input(target, &r.given),
    });
    match hit {
        Some(r) if r.folder.is_some() => Err(refused_output(
            path,
            &format!(
                "it is inside {} this command reads (`{}`); write to a file outside it",
                r.what,
                r.given.display()
            ),
        )),
        Some(r) => Err(refused_output(
            path,
            &format!(
                "it is a file of {} this command reads (`{}`); write to another file",
                r.what,
                r.given.display()
            ),
        )),
        None => Ok(()),
    }
}

/// The formats of the private files a command keeps for itself: no ordinary output (a packet,
/// a report, a game file) may replace one, however its path was spelled.
const PRIVATE_FORMATS: [&str; 4] = [
    "adjutant-secret/",
    "adjutant-ledger/",
    "adjutant-policies/",
    "adjutant-witness-ledger/",
];

/// Whether the file at `target` is a secret, a ledger (a player's or a witness's) or standing
/// policies, by the format it names near its start.
pub(super) fn is_private_file(target: &Path) -> bool {
    let Ok(f) = File::open(target) else {
        return false;
    };
    let mut head = Vec::new();
    if f.take(4096).read_to_end(&mut head).is_err() {
        return false;
    }
    // Named anywhere near the start, however the YAML is written (block or flow, quoted or
    // not): no other file adjutant writes names these formats.
    let head = String::from_utf8_lossy(&head);
    PRIVATE_FORMATS.iter().any(|f| head.contains(f))
}
