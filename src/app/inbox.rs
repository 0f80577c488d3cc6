//! `ingest --imap`: every message of an IMAP folder that holds a packet for a known game, taken
//! and filed away; other mail left where it is. Nothing is deleted.

use super::*;
use crate::mail::imap::{ImapSettings, Session, LOOKED_AT};

/// What became of one message.
pub enum Outcome {
    /// Taken (adjudicated, checked, or already applied), and filed in `file_into`.
    Taken(String),
    /// Refused: left in the folder, marked as looked at.
    Refused(String),
    /// Not taken for a failure on this side (its file system): left in the folder unmarked,
    /// for the next read to take.
    Failed(String),
}

/// One run over the folder.
#[derive(Default)]
pub struct Tally {
    /// The messages adjutant took or refused, by UID, with what became of them.
    pub done: Vec<(u32, Outcome)>,
    /// Messages without a packet for a known game, left alone.
    pub others: usize,
    /// Messages larger than any adjutant reads, by UID with their size: left alone (marked
    /// as looked at), so that one of them does not stop every read of the folder.
    pub too_big: Vec<(u32, usize)>,
}

/// Whether a message holds a packet for one of `games` (or a damaged packet, which may be).
pub fn holds_packet_for(raw: &[u8], games: &Games) -> bool {
    let Ok(scan) = crate::mail::ingest::scan(raw) else {
        return false;
    };
    if scan.games().is_empty() {
        return scan.has_damaged();
    }
    scan.games().iter().any(|id| match games {
        Games::Folder(dir) => {
            session::check_id(id).is_ok() && dir.join(format!("{id}.yaml")).is_file()
        }
        Games::File(p) => atomic::read(p)
            .ok()
            .and_then(|t| GameFile::parse(&t).ok())
            .is_some_and(|g| g.id == *id),
    })
}

/// Reads the folder `s.folder`: each message not looked at before (every one with `all`)
/// that holds a packet for a known game goes to `take`; one taken is filed in `s.file_into`
/// (marked read first with `mark_read`), one refused stays, marked `$adjutant`, and one not
/// taken for a failure on this side stays unmarked. A message larger than any adjutant reads
/// is not fetched. Messages are fetched without being marked read.
///
/// # Errors
/// The connection, login or folder failing; a message's own failure is in the tally.
pub fn imap_batch(
    s: &ImapSettings,
    games: &Games,
    all: bool,
    mark_read: bool,
    take: &mut dyn FnMut(&[u8]) -> Outcome,
) -> Result<Tally, Error> {
    let mut session = Session::open(s)?;
    session.select(&s.folder)?;
    let mut tally = Tally::default();
    for uid in session.uids(all)? {
        let size = session.size(uid)?;
        if size > crate::mail::ingest::MAX_MESSAGE {
            session.flag(uid, LOOKED_AT)?;
            tally.too_big.push((uid, size));
            continue;
        }
        let raw = session.fetch(uid)?;
        if !holds_packet_for(&raw, games) {
            session.flag(uid, LOOKED_AT)?;
            tally.others += 1;
            continue;
        }
        let outcome = take(&raw);
        match &outcome {
            Outcome::Taken(_) => {
                if mark_read {
                    session.flag(uid, "\\Seen")?;
                }
                session.file_into(uid, &s.file_into)?;
            }
            Outcome::Refused(_) => session.flag(uid, LOOKED_AT)?,
            Outcome::Failed(_) => {}
        }
        tally.done.push((uid, outcome));
    }
    session.logout();
    Ok(tally)
}
