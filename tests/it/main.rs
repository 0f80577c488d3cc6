#![recursion_limit = "256"]
//! The integration tests: one binary, a module per area.

mod attacks;
mod board;
mod bot;
mod bot_cli;
mod cases;
mod cli;
mod compat;
mod explain;
mod html;
mod illegal;
mod imap;
mod lost_cause;
mod lost_cause_editions;
mod lost_cause_words;
mod lost_mail;
mod mail;
mod mail_thread;
mod mail_v2;
mod options;
mod options_supply;
mod positions;
mod protocol_doc;
mod races;
mod report;
mod sample_turn;
mod secrets;
mod selfplay;
mod servers;
mod solo_1776;
mod solo_1776_figures;
mod standing_policy;
mod support;
mod tamper;
mod witness;
mod words;
