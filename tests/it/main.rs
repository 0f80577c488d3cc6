#![recursion_limit = "256"]
//! The integration tests: one binary, a module per area.

mod attacks;
mod cases;
mod cli;
mod compat;
mod illegal;
mod lost_cause;
mod mail;
mod options;
mod positions;
mod protocol_doc;
mod report;
mod sample_turn;
mod secrets;
mod selfplay;
mod solo_1776;
mod solo_1776_figures;
mod support;
mod tamper;
mod witness;
mod words;
