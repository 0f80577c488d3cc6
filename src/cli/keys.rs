//! `adjutant keys`: make (or show) your secret for a game and side.

use std::process::ExitCode;

use crate::engine::chain::DEFAULT_CHAIN_LENGTH;

/// Make your secret for a game and side, and print the anchor to send your opponent
#[derive(clap::Args)]
pub struct Args {
    /// The game id both players agreed on, e.g. `ss-2027-jones-smith`
    #[arg(long = "id", value_name = "ID")]
    id: String,
    /// Your side, e.g. `crown` or `patriot`
    #[arg(long)]
    side: String,
    /// Chain length N (how many packets you can send)
    #[arg(long, default_value_t = DEFAULT_CHAIN_LENGTH)]
    chain_length: u64,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let (path, anchor, created) =
        crate::app::keys(&a.common.secrets_dir(), &a.id, &a.side, a.chain_length)?;
    if created {
        eprintln!(
            "made a new secret in `{}` (keep it private, and back it up)",
            path.display()
        );
    } else {
        eprintln!(
            "the secret in `{}` already exists; its anchor is:",
            path.display()
        );
    }
    println!("{anchor}");
    Ok(ExitCode::SUCCESS)
}
