//! Files written all or nothing, and read-modify-write under a lock.
//!
//! A command stages every output first (`Staged`): each regular file is written to a temporary
//! file created exclusively, with a random name, in the target's own folder, and flushed to
//! disk. Only when every output is ready does `commit` make them visible, renaming each over its
//! target in the order staged, the game file last; should a rename fail, those made before it
//! are undone, each target given back the file it held. So a command that fails, whichever
//! output failed, leaves every file as it was. Two outputs of one command may not name one
//! file, and an ordinary output never replaces a secret, a ledger or standing policies.
//! Outputs that are not regular files (`-` for standard output, `/dev/null`, a pipe) are
//! written directly at commit time, before any file is renamed, since such a write can still
//! fail; they are never renamed over. A symbolic link is
//! followed: its target is replaced and the link stays a link.
//!
//! `Lock` holds an advisory lock on a file for a read-modify-write: the game file itself, or a
//! secret (which is never rewritten) for its ledger and policies. Concurrent runs wait for it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Error;

mod lock;
mod naming;
mod read;
mod stdout;

pub use lock::Lock;
use naming::{id_of, identity, is_private_file, named_twice, over_read_input, refused_output};
pub use naming::{names_input, reading_file, reading_folder, same_path};
pub use read::{read, read_limited, MAX_FILE_BYTES};
pub use stdout::stdout;

/// An I/O failure of `action` on `path`, as an error naming both.
pub fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.to_path_buf();
    move |source| Error::Io {
        path,
        action,
        source,
    }
}

/// tempfile's error with the temporary file's path taken off (` at path ".p.yaml.x1Y.tmp"`),
/// leaving the system's own words. tempfile keeps the system's error private, so its text is
/// cut.
fn without_temp_path(e: std::io::Error) -> std::io::Error {
    let text = e.to_string();
    match text.rfind(" at path ") {
        Some(i) => std::io::Error::new(e.kind(), text[..i].to_string()),
        None => e,
    }
}

/// Where a write to `path` must go: standard output, a file that is not a regular one (written
/// in place), or a regular file (replaced by rename), with symbolic links followed.
enum Target {
    Stdout,
    Direct(PathBuf),
    Replace(PathBuf),
}

fn target_of(path: &Path) -> Result<Target, Error> {
    if path == Path::new("-") {
        return Ok(Target::Stdout);
    }
    match fs::metadata(path) {
        // A link to an existing file: replace what it points at.
        Ok(m) if m.is_file() => Ok(Target::Replace(
            fs::canonicalize(path).map_err(io("resolve", path))?,
        )),
        Ok(m) if m.is_dir() => Err(Error::Io {
            path: path.into(),
            action: "write",
            source: std::io::Error::other("it is a folder"),
        }),
        Ok(_) => Ok(Target::Direct(path.to_path_buf())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => nothing_there(path),
        Err(e) => Err(io("inspect", path)(e)),
    }
}

/// `target_of` where following `path` found nothing: a new file, unless `path` is a dangling
/// link, which is refused rather than followed out of sight. Only a link is called one: a
/// file another run has made there since (two `keys` at once) is a new file that lost its
/// race, and staging it says so.
fn nothing_there(path: &Path) -> Result<Target, Error> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(Error::Io {
            path: path.into(),
            action: "write",
            source: std::io::Error::other("it is a symbolic link to nothing"),
        }),
        _ => Ok(Target::Replace(path.to_path_buf())),
    }
}

enum Stage {
    Stdout(Vec<u8>),
    Direct(PathBuf, Vec<u8>),
    /// A temporary file renamed over its target.
    Replace(tempfile::NamedTempFile, PathBuf),
    /// A temporary file linked to a target that must not exist yet.
    New(tempfile::NamedTempFile, PathBuf),
}

/// Outputs waiting to be made visible together.
#[derive(Default)]
pub struct Staged {
    /// Files put into place before anything is written out: ledgers, which must say that a
    /// chain element went out before any byte that reveals it leaves the process.
    guards: Vec<Stage>,
    stages: Vec<Stage>,
    last: Vec<Stage>,
    /// The files staged so far, each as its folder's real path and its name, so that two
    /// spellings of one file are seen as one, and (for a file that exists already) its device
    /// and inode, so that two hard links to one file are too: replacing both would leave one
    /// of the outputs lost.
    targets: Vec<(PathBuf, Option<(u64, u64)>)>,
}

/// Where a `Staged`'s outputs ended at one point (`Staged::mark`).
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    guards: usize,
    stages: usize,
    last: usize,
    targets: usize,
}

/// How a staged file is made.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An ordinary output (mode as the umask allows, or the mode of the file it replaces).
    Plain,
    /// A private file (mode 0600): a secret, a ledger, standing policies.
    Private,
    /// A private file that must not exist yet: a new secret is never written over another.
    NewPrivate,
}

impl Staged {
    pub fn new() -> Staged {
        Staged::default()
    }

    /// Stages `bytes` for `path`.
    pub fn add(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        self.add_kind(path, bytes, Kind::Plain)
    }

    /// Stages a file of the given kind.
    pub fn add_kind(&mut self, path: &Path, bytes: &[u8], kind: Kind) -> Result<(), Error> {
        let s = self.checked_stage(path, bytes, kind)?;
        self.stages.push(s);
        Ok(())
    }

    /// Stages a private file to put into place before any output is written out or renamed:
    /// a ledger recording that a chain element goes out in this command's packet or answer.
    /// A run stopped (a kill, an interrupt) once its output is out has spent the element,
    /// whatever else it did not finish; one stopped before has only spent it on the record it
    /// made, which the same orders make again.
    pub fn add_guard(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        self.add_guard_kind(path, bytes, Kind::Private)
    }

    /// `add_guard` for a private file of the given kind: a new secret (`Kind::NewPrivate`),
    /// which must exist before its public line goes out, and is taken back when no byte of
    /// the line did.
    pub fn add_guard_kind(&mut self, path: &Path, bytes: &[u8], kind: Kind) -> Result<(), Error> {
        let s = self.checked_stage(path, bytes, kind)?;
        self.guards.push(s);
        Ok(())
    }

    /// Stages `text` for standard output, written with the other outputs written straight out,
    /// in the order staged, before any file is renamed into place: a standard output that
    /// fails (a full disk, a closed pipe) then leaves every file as it was.
    pub fn add_stdout(&mut self, text: &[u8]) {
        self.stages.push(Stage::Stdout(text.to_vec()));
    }

    /// Where the outputs staged so far end, for `truncate`.
    pub fn mark(&self) -> Mark {
        Mark {
            guards: self.guards.len(),
            stages: self.stages.len(),
            last: self.last.len(),
            targets: self.targets.len(),
        }
    }

    /// Drops every output staged after `mark` (their temporary files go), as if they had never
    /// been staged.
    pub fn truncate(&mut self, mark: Mark) {
        self.guards.truncate(mark.guards);
        self.stages.truncate(mark.stages);
        self.last.truncate(mark.last);
        self.targets.truncate(mark.targets);
    }

    /// Stages the file to make visible after all others: the game file, so that a failure
    /// anywhere leaves the old game in place.
    pub fn add_last(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        let s = self.checked_stage(path, bytes, Kind::Plain)?;
        self.last.push(s);
        Ok(())
    }

    /// `stage`, refusing a file another output of this command already names.
    fn checked_stage(&mut self, path: &Path, bytes: &[u8], kind: Kind) -> Result<Stage, Error> {
        let s = stage(path, bytes, kind)?;
        if let Stage::Replace(_, target) | Stage::New(_, target) = &s {
            let target = (identity(target), id_of(target));
            if self.names(&target) {
                return Err(named_twice(path));
            }
            self.targets.push(target);
        }
        Ok(s)
    }

    /// Whether a staged file is `target`, by its path or its device and inode.
    fn names(&self, (path, file): &(PathBuf, Option<(u64, u64)>)) -> bool {
        self.targets
            .iter()
            .any(|(p, f)| p == path || (file.is_some() && f == file))
    }

    /// Moves `other`'s outputs after this one's (and its last ones after these last),
    /// refusing a file both name.
    pub fn append(&mut self, other: &mut Staged) -> Result<(), Error> {
        if let Some((both, _)) = other.targets.iter().find(|t| self.names(t)) {
            return Err(named_twice(both));
        }
        self.guards.append(&mut other.guards);
        self.stages.append(&mut other.stages);
        self.last.append(&mut other.last);
        self.targets.append(&mut other.targets);
        Ok(())
    }

    /// Makes every staged output visible: first the guards (ledgers), renamed into place; then
    /// the outputs written straight out (standard output, a device, a pipe), which may still
    /// fail as they are written (a full disk, a closed pipe); then the staged files, renamed in
    /// order, the last ones at the end. An output that fails before any byte of it went out
    /// leaves every file as it was: a ledger is never updated for a packet nobody could
    /// receive. Once bytes went out, the guards stay in place, whatever fails after: what
    /// went out may have been read. A rename that fails undoes the renames before it, bar
    /// guards kept so.
    pub fn commit(self) -> Result<(), Error> {
        fail_point();
        let Staged {
            guards,
            stages,
            last,
            targets: _,
        } = self;
        let (direct, renamed): (Vec<Stage>, Vec<Stage>) = stages
            .into_iter()
            .chain(last)
            .partition(|s| matches!(s, Stage::Stdout(_) | Stage::Direct(..)));
        let mut done = Renamed::default();
        for s in guards {
            done.persist(s)?;
        }
        let mut sent = 0;
        // A reader gone (a closed pipe) must not end the process before the ledgers are put
        // right: with nothing out they are undone, with bytes out they stay.
        let pipe = IgnoreSigpipe::new();
        for s in direct {
            if let Err(e) = write_out(s, &mut sent) {
                if sent == 0 {
                    done.undo_all();
                } else {
                    done.keep_all();
                }
                if matches!(&e, Error::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
                {
                    end_as_closed_pipe();
                }
                return Err(e);
            }
        }
        drop(pipe);
        if sent > 0 {
            // Bytes went out: from here on nothing undoes the guards.
            done.keep_all();
        }
        fail_after_output();
        for s in renamed {
            done.persist(s)?;
        }
        done.keep_all();
        Ok(())
    }
}

/// SIGPIPE ignored while it lives, then as it was: a write into a pipe its reader closed then
/// fails with an error instead of ending the process, so the caller can put its files right
/// first. (adjutant keeps SIGPIPE's default, so that `| head` ends it quietly.)
pub struct IgnoreSigpipe {
    #[cfg(unix)]
    before: libc::sighandler_t,
}

impl IgnoreSigpipe {
    pub fn new() -> IgnoreSigpipe {
        IgnoreSigpipe {
            // SAFETY: setting a signal's disposition has no memory-safety requirement; the
            // one replaced is put back on drop.
            #[cfg(unix)]
            before: unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) },
        }
    }
}

impl Default for IgnoreSigpipe {
    fn default() -> Self {
        IgnoreSigpipe::new()
    }
}

impl Drop for IgnoreSigpipe {
    fn drop(&mut self) {
        // SAFETY: as in `new`.
        #[cfg(unix)]
        unsafe {
            libc::signal(libc::SIGPIPE, self.before);
        }
    }
}

/// Ends the process as a closed pipe would have, once the files are put right: the status a
/// shell expects of a command whose reader went away.
fn end_as_closed_pipe() -> ! {
    #[cfg(unix)]
    // SAFETY: restoring the default disposition and raising the signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    std::process::exit(3)
}

/// Writes an output straight out, adding the bytes that went out to `sent`, which keeps
/// counting those of a write that fails part-way.
fn write_out(s: Stage, sent: &mut usize) -> Result<(), Error> {
    fn all(w: &mut impl Write, bytes: &[u8], sent: &mut usize) -> std::io::Result<()> {
        let mut at = 0;
        while at < bytes.len() {
            match w.write(&bytes[at..]) {
                Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
                Ok(n) => {
                    at += n;
                    *sent += n;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        w.flush()
    }
    match s {
        Stage::Stdout(bytes) => {
            let mut out = stdout()?;
            all(&mut out, &bytes, sent).map_err(io("write", Path::new("-")))
        }
        Stage::Direct(path, bytes) => {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .map_err(io("open", &path))?;
            all(&mut f, &bytes, sent).map_err(io("write", &path))
        }
        _ => unreachable!("only outputs written straight out"),
    }
}

/// The renames of a commit so far, each with how to undo it; those `keep_all` was called for
/// are never undone.
#[derive(Default)]
struct Renamed {
    undo: Vec<Undo>,
}

impl Renamed {
    /// Renames one staged file into place; when that fails, undoes every rename not kept.
    fn persist(&mut self, s: Stage) -> Result<(), Error> {
        let undo = match &s {
            Stage::Replace(_, target) => Undo::keep(target),
            Stage::New(_, target) => Ok(Undo::Remove(target.clone())),
            _ => unreachable!("only renamed files"),
        };
        let undo = match undo {
            Ok(u) => u,
            Err(e) => {
                self.undo_all();
                return Err(e);
            }
        };
        if let Err(e) = persist(s) {
            // This target was not replaced: its kept copy goes, the others are undone.
            undo.forget();
            self.undo_all();
            return Err(e);
        }
        self.undo.push(undo);
        Ok(())
    }

    /// Gives every target renamed so far (and not kept) back what it held.
    fn undo_all(&mut self) {
        for u in self.undo.drain(..).rev() {
            u.undo();
        }
    }

    /// The renames so far stand: their kept copies go.
    fn keep_all(&mut self) {
        for u in self.undo.drain(..) {
            u.forget();
        }
    }
}

/// How to give a target back what it held before a commit renamed over it.
enum Undo {
    /// The target held this file, kept under a second name (a hard link, else a copy).
    Restore { target: PathBuf, kept: PathBuf },
    /// The target did not exist.
    Remove(PathBuf),
}

impl Undo {
    /// Keeps what `target` holds now, beside it, before it is replaced.
    fn keep(target: &Path) -> Result<Undo, Error> {
        if fs::symlink_metadata(target).is_err() {
            return Ok(Undo::Remove(target.to_path_buf()));
        }
        let (dir, name) = folder_and_name(target);
        let kept = tempfile::Builder::new()
            .prefix(&run_prefix(&name))
            .suffix(".old")
            .make_in(&dir, |p| {
                fs::hard_link(target, p).or_else(|_| fs::copy(target, p).map(|_| ()))
            })
            .map_err(|e| Error::Io {
                path: target.to_path_buf(),
                action: "keep a copy of",
                source: without_temp_path(e),
            })?;
        let (_, kept) = kept
            .keep()
            .map_err(|e| io("keep a copy of", target)(e.error))?;
        Ok(Undo::Restore {
            target: target.to_path_buf(),
            kept,
        })
    }

    /// Gives the target back what it held; best effort, as the command is failing already.
    fn undo(self) {
        match self {
            Undo::Restore { target, kept } => {
                let _ = fs::rename(&kept, &target);
            }
            Undo::Remove(target) => {
                let _ = fs::remove_file(&target);
            }
        }
    }

    /// The commit went through: the kept copy goes.
    fn forget(self) {
        if let Undo::Restore { kept, .. } = self {
            let _ = fs::remove_file(&kept);
        }
    }
}

/// Makes one staged file visible (a file staged to be renamed into place).
fn persist(s: Stage) -> Result<(), Error> {
    injected_rename_failure(&s)?;
    match s {
        Stage::Replace(tmp, target) => tmp
            .persist(&target)
            .map(|_| ())
            .map_err(|e| io("replace", &target)(e.error)),
        Stage::New(tmp, target) => tmp.persist_noclobber(&target).map(|_| ()).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                exists_already(&target)
            } else {
                io("create", &target)(e.error)
            }
        }),
        Stage::Stdout(_) | Stage::Direct(..) => unreachable!("written before any rename"),
    }
}

/// The folder a file is in: `.` for a bare name.
pub fn folder_of(p: &Path) -> &Path {
    match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The folder a file is in and its name, for files made beside it.
fn folder_and_name(target: &Path) -> (PathBuf, String) {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (folder_of(target).to_path_buf(), name)
}

/// The start of a file name made beside `name` (a staged write, a kept copy): `.` and the
/// name, cut to its first 200 bytes so that with the random part and the ending it stays
/// within the 255 bytes a name may have, however long the target's own name is.
fn beside_prefix(name: &str) -> String {
    format!(".{}.", cut_name(name, 200))
}

/// `beside_prefix` with this process's id after it: the files a run makes beside a target
/// (`.game.yaml.4242.x1Y.tmp`, `.old`) say which run made them, so that a later run can tell
/// those a killed run left (`sweep_leftovers`) from those of a run still going.
fn run_prefix(name: &str) -> String {
    format!("{}{}.", beside_prefix(name), std::process::id())
}

/// How long a file a run made beside a target must have been left untouched before a later
/// run takes it for a leftover: a live run's files last only while it writes its outputs.
const LEFTOVER_AFTER: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes what a run killed before it could clean up (`kill -9`, a power cut) left beside
/// `name` in `dir`: the staged writes (`.tmp`) and kept copies (`.old`) its `run_prefix` names,
/// when that process is no longer running and the file has been left for `LEFTOVER_AFTER`.
/// Nothing else is touched; a file that cannot be removed stays, as it did before.
#[cfg(unix)]
fn sweep_leftovers(dir: &Path, name: &str) {
    let prefix = beside_prefix(name);
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        // Exactly `PID.RANDOM.tmp` (or `.old`): digits, then tempfile's letters and digits.
        let Some(made) = rest
            .strip_suffix(".tmp")
            .or_else(|| rest.strip_suffix(".old"))
        else {
            continue;
        };
        let Some((pid, random)) = made.split_once('.') else {
            continue;
        };
        let ours = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && !random.is_empty()
            && random.bytes().all(|b| b.is_ascii_alphanumeric());
        let Some(pid) = pid.parse::<i32>().ok().filter(|_| ours) else {
            continue;
        };
        if pid <= 0 || pid.unsigned_abs() == std::process::id() || running(pid) {
            continue;
        }
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        let left = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age >= LEFTOVER_AFTER);
        if meta.is_file() && left {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(not(unix))]
fn sweep_leftovers(_dir: &Path, _name: &str) {}

/// Whether a process `pid` is running, or may be: another user's process, which we may not
/// signal, counts as running.
#[cfg(unix)]
fn running(pid: i32) -> bool {
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    found || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// The first `max` bytes of `name` at most, cut between characters: for a name made from
/// another (a staged write, a mail filed away) to stay within the 255 bytes a file name may
/// have.
pub fn cut_name(name: &str, max: usize) -> &str {
    let mut end = name.len().min(max);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// The refusal for a new private file whose name is taken: checked when it is staged, and
/// again, exclusively, when it is linked into place (another run may have made it meanwhile).
fn exists_already(target: &Path) -> Error {
    Error::Secrets {
        message: format!(
            "`{}` already exists; a secret is made once and never written over",
            target.display()
        ),
    }
}

fn stage(path: &Path, bytes: &[u8], kind: Kind) -> Result<Stage, Error> {
    let target = match target_of(path)? {
        Target::Stdout => return Ok(Stage::Stdout(bytes.to_vec())),
        Target::Direct(p) => return Ok(Stage::Direct(p, bytes.to_vec())),
        Target::Replace(p) => p,
    };
    over_read_input(path, &target)?;
    if kind == Kind::NewPrivate && fs::symlink_metadata(&target).is_ok() {
        return Err(exists_already(&target));
    }
    if kind == Kind::Plain && is_private_file(&target) {
        return Err(refused_output(
            path,
            "it holds a secret, a ledger or standing policies, which adjutant never writes over; name another file",
        ));
    }
    let (dir, name) = folder_and_name(&target);
    sweep_leftovers(&dir, &name);
    let prefix = run_prefix(&name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = match kind {
            Kind::Private | Kind::NewPrivate => 0o600,
            // Keep the mode of the file being replaced; a new one gets the umask's.
            Kind::Plain => fs::metadata(&target)
                .map(|m| m.permissions().mode() & 0o777)
                .unwrap_or(0o666),
        };
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    // The temporary file's name is of no use to the player (tempfile adds it to the error):
    // the error names the file they asked for.
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| Error::Io {
        path: target.clone(),
        action: "write",
        source: without_temp_path(e),
    })?;
    tmp.write_all(bytes).map_err(io("write", tmp.path()))?;
    tmp.as_file().sync_all().map_err(io("flush", tmp.path()))?;
    Ok(match kind {
        Kind::NewPrivate => Stage::New(tmp, target),
        _ => Stage::Replace(tmp, target),
    })
}

/// Writes `bytes` to `path` all or nothing. `-` writes to standard output.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut s = Staged::new();
    s.add(path, bytes)?;
    s.commit()
}

/// `write` for a command that reads the game file `game` and writes something else (a report,
/// a position, a packet sent again): a `path` naming the game file, however spelled or linked,
/// is refused, as the output would replace the game.
pub fn write_apart(path: &Path, bytes: &[u8], game: &Path) -> Result<(), Error> {
    refuse_over_input(path, game, "the game file")?;
    write(path, bytes)
}

/// Refuses an output `path` that names `input`, the `what` ("the orders file") a command reads,
/// however spelled or linked: the output would replace it.
pub fn refuse_over_input(path: &Path, input: &Path, what: &str) -> Result<(), Error> {
    if names_input(path, input) {
        return Err(refused_output(
            path,
            &format!(
                "it is {what} this command reads (`{}`); write to another file",
                input.display()
            ),
        ));
    }
    Ok(())
}

/// Test hook: `ADJUTANT_FAIL_BEFORE_RENAME=1` aborts the process once every output is staged
/// and before any is made visible, so a test can show the targets are left whole.
fn fail_point() {
    if std::env::var_os("ADJUTANT_FAIL_BEFORE_RENAME").is_some() {
        std::process::abort();
    }
}

/// Test hook: `ADJUTANT_FAIL_AFTER_OUTPUT=1` aborts the process once the outputs written
/// straight out (standard output, a device) are written and before the staged files that
/// follow them are put into place: a kill or an interrupt at that instant.
fn fail_after_output() {
    if std::env::var_os("ADJUTANT_FAIL_AFTER_OUTPUT").is_some() {
        std::process::abort();
    }
}

/// Test hook: `ADJUTANT_FAIL_AT_RENAME=N` makes the N-th rename of a commit fail (counting
/// from 1 in this process), as a file another program holds open would, so a test can show the
/// renames before it are undone.
fn injected_rename_failure(s: &Stage) -> Result<(), Error> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RENAMES: AtomicUsize = AtomicUsize::new(0);
    let Some(at) = std::env::var_os("ADJUTANT_FAIL_AT_RENAME") else {
        return Ok(());
    };
    let n = RENAMES.fetch_add(1, Ordering::Relaxed) + 1;
    match s {
        Stage::Replace(_, target) | Stage::New(_, target)
            if at.to_str().and_then(|a| a.parse().ok()) == Some(n) =>
        {
            Err(io("replace", target)(std::io::Error::other(
                "the test hook ADJUTANT_FAIL_AT_RENAME refused this rename",
            )))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Version 1 wrote `.<name>.tmp-<pid>` and followed a link planted there; temporary files
    /// are now created exclusively with random names, so a planted link is never written
    /// through.
    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let planted = dir
            .path()
            .join(format!(".g.yaml.tmp-{}", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        let target = dir.path().join("g.yaml");
        write(&target, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert!(std::fs::symlink_metadata(&planted)
            .unwrap()
            .file_type()
            .is_symlink());
    }

    /// Two `keys` at once: one looked and found nothing, then the other linked its secret
    /// into place before the first looked again for a dangling link. The first was told the
    /// secret was "a symbolic link to nothing"; it must be told the secret exists already.
    #[cfg(unix)]
    #[test]
    fn a_file_made_by_another_run_meanwhile_is_no_dangling_link() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("g.crown.secret.yaml");
        // The other run's secret, made after this run found nothing there.
        std::fs::write(&secret, "theirs").unwrap();
        assert!(matches!(nothing_there(&secret), Ok(Target::Replace(_))));
        let err = stage(&secret, b"mine", Kind::NewPrivate).err().unwrap();
        assert!(err.to_string().contains("already exists"), "{err}");
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "theirs");

        // A real dangling link is still refused, and left as it was.
        let dangling = dir.path().join("dangling.yaml");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        let err = nothing_there(&dangling).err().unwrap();
        assert!(
            err.to_string().contains("symbolic link to nothing"),
            "{err}"
        );
        assert!(write(&dangling, b"x").is_err());
        assert!(!dir.path().join("nowhere").exists());
    }

    /// `play --bot` goes back to a mark when a step runs out of chain and writes the steps
    /// before it: what was staged after the mark is dropped, its temporary file with it, and
    /// its target may be staged again.
    #[test]
    fn outputs_staged_after_a_mark_are_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = (dir.path().join("first"), dir.path().join("second"));
        let mut s = Staged::new();
        s.add(&first, b"kept").unwrap();
        let mark = s.mark();
        s.add_guard(&second, b"dropped").unwrap();
        s.add_last(&dir.path().join("third"), b"dropped").unwrap();
        s.truncate(mark);
        s.add(&second, b"again").unwrap();
        s.commit().unwrap();
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        names.sort();
        assert_eq!(names, ["first", "second"], "no temporary file is left");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "again");
    }

    #[test]
    fn a_failing_stage_leaves_earlier_targets_alone() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first");
        std::fs::write(&first, "old").unwrap();
        let mut s = Staged::new();
        s.add(&first, b"new").unwrap();
        assert!(s.add(&dir.path().join("missing/second"), b"x").is_err());
        drop(s);
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "old");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
    }
}
