//! Mail in and out: finding the packet in a message as real mail clients deliver it, and
//! sending the report and packet. Only this module knows about mail-parser and lettre.

pub mod ingest;
pub mod send;

/// The armour lines around a packet in a mail body.
pub const BEGIN: &str = "-----BEGIN ADJUTANT PACKET-----";
pub const END: &str = "-----END ADJUTANT PACKET-----";

/// A packet's YAML between armour lines, for a mail body.
pub fn armour(packet_yaml: &str) -> String {
    format!("{BEGIN}\n{}\n{END}\n", packet_yaml.trim_end())
}
