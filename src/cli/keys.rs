//! `adjutant keys`: make your secret for a game and side, and print its public line.

use std::process::ExitCode;

use crate::engine::chain::DEFAULT_CHAIN_LENGTH;

/// Make your secret for a new game and side, and print the public line to send your opponent
#[derive(clap::Args)]
pub struct Args {
    /// The game id both players agreed on, e.g. `ss-2027-jones-smith`
    #[arg(long = "id", value_name = "ID")]
    id: String,
    /// Your side, e.g. `crown` or `patriot`
    #[arg(long)]
    side: String,
    /// Chain length N, 16 to 100000: you can send N - 1 packets (the last element is the secret seed itself)
    #[arg(long, default_value_t = DEFAULT_CHAIN_LENGTH, value_parser = super::chain_length())]
    chain_length: u64,
    /// Print the public line of the secret made before for this id and side, instead of making
    /// one (it serves only the game it was made for)
    #[arg(long)]
    show: bool,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = crate::app::Commit::new();
    let k = crate::app::keys(
        &mut commit,
        &a.common.secrets_dir(),
        &a.id,
        &a.side,
        a.chain_length,
        a.show,
    )?;
    // The line goes out with the new secret: in place before it, taken back if none of the
    // line went out (a full disk, a closed pipe), since no one has seen it.
    commit.print(&format!("{}\n", k.line));
    commit.commit()?;
    if k.created {
        eprintln!(
            "made a new secret in `{}` (keep it private, and back it up)",
            k.path.display()
        );
        eprintln!(
            "send your opponent its public line, printed on standard output (your chain anchor and signing key)"
        );
    } else {
        match &k.serves {
            Some(g) => eprintln!(
                "the existing secret in `{}` serves the game with genesis `{g}` only; its public line is printed on standard output",
                k.path.display()
            ),
            None => eprintln!(
                "the existing secret in `{}`, not used yet; it serves one game only. Its public line is printed on standard output",
                k.path.display()
            ),
        }
    }
    Ok(ExitCode::SUCCESS)
}
