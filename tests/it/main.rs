//! The integration tests: one binary, a module per area.

mod cases;
mod cli;
mod selfplay;
mod support;
