//! The game-agnostic engine: the game file envelope, the log of records, hashing, the dice
//! protocol (adjutant-dice/2, and /1 for older games), signatures, ledgers, locks and all-or-nothing file writes and the `Game` trait.
//!
//! Invariants: nothing here knows a rule of any game, and nothing below `session` touches the
//! file system or the clock.

pub mod atomic;
pub mod canon;
pub mod chain;
pub mod dice;
pub mod error;
pub mod flow;
pub mod game;
pub mod gamefile;
pub mod input;
pub mod ledger;
pub mod locate;
pub mod policy_rows;
pub mod ranges;
pub mod record;
pub mod replay;
pub mod secrets;
pub mod selfplay;
pub mod session;
pub mod sign;
#[cfg(test)]
pub(crate) mod toy;
pub mod verify;
pub mod witness;
pub mod written;

pub use error::Error;
