//! adjutant: a play-by-email turn adjudicator for board wargames.
//!
//! The library does all the work; the binary only parses arguments. `engine` knows no rules,
//! `games` know no files, `report` turns events into text.

pub mod app;
pub mod bot;
pub mod cli;
pub mod config;
pub mod engine;
pub mod games;
pub mod mail;
pub mod report;
