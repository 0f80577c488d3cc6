//! Mail in and out: finding the packet in a message as real mail clients deliver it, and
//! sending the report and packet. Only this module knows about mail-parser and lettre.

pub mod armour;
pub mod imap;
pub mod ingest;
pub mod send;
pub mod smtp;
pub mod thread;
pub mod tls;

pub use armour::{armour, BEGIN, END};
