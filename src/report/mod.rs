//! Reports: structured events and state in, text out, through templates in `templates/`.
//! Only this module knows about templates.

pub mod text;
