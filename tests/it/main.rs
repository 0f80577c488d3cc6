//! The integration tests: one binary, a module per area.

mod cases;
mod cli;
mod mail;
mod report;
mod secrets;
mod selfplay;
mod support;
mod tamper;
mod witness;
