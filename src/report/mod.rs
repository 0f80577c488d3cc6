//! Reports: structured events and state in, text out, through templates in `templates/`.
//! Only this module knows about templates.

pub mod board;
pub mod log;
pub mod png;
pub mod replay;
pub mod stats;
pub mod text;
