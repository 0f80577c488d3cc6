//! `adjutant witness`: be the witness of someone's solitaire game (dice-protocol section 5).
//! The witness keeps a chain and answers each record hash the player posts with its next
//! element; it needs no game file.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

use crate::engine::chain::DEFAULT_CHAIN_LENGTH;

/// Be a solitaire game's witness: keep a chain and answer the record hashes its player posts
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    New(NewArgs),
    Answer(AnswerArgs),
}

/// Make a witness secret for a game id and print the anchor to give the player
#[derive(clap::Args)]
struct NewArgs {
    /// The player's game id
    #[arg(long = "game-id", value_name = "ID")]
    game_id: String,
    /// Chain length N, 16 to 100000: you can answer N - 1 steps (the last element is the secret seed itself)
    #[arg(long, default_value_t = DEFAULT_CHAIN_LENGTH, value_parser = super::chain_length())]
    chain_length: u64,
    /// Where to keep the secret [default: `<ID>.witness.secret.yaml` in the secrets folder]
    #[arg(short = 'o', long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    common: super::Common,
}

/// Answer a record hash the player posted with your next chain element
#[derive(clap::Args)]
struct AnswerArgs {
    /// Your witness secret (its ledger of answers is kept beside it)
    #[arg(long, value_name = "FILE")]
    secret: PathBuf,
    /// The record hash `T_e` the player posted (64 hex digits)
    hash: String,
    /// Write the answer here [default: standard output]
    #[arg(
        short,
        long,
        value_name = "FILE",
        default_value = "-",
        hide_default_value = true
    )]
    out: PathBuf,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    match a.action {
        Action::New(n) => {
            let mut commit = crate::app::Commit::new();
            let (path, line) = crate::app::stage_witness_new(
                &mut commit,
                &n.common.secrets_dir(),
                &n.game_id,
                n.chain_length,
                n.out.as_deref(),
            )?;
            // As `keys`: the secret is in place before its line goes out, and taken back if
            // none of it did.
            commit.print(&format!("{line}\n"));
            commit.commit()?;
            eprintln!(
                "made a witness secret in `{}` (keep it private, and back it up with the ledger beside it)",
                path.display()
            );
            eprintln!("give the player its public line, printed on standard output: `--anchor witness={line}`");
        }
        Action::Answer(w) => {
            let (answer, new) = crate::app::witness_answer(&w.secret, &w.hash, &w.out)?;
            if new {
                eprintln!(
                    "answered `{}` with element {} of your chain; the ledger keeps it",
                    answer.record, answer.element
                );
            } else {
                eprintln!(
                    "`{}` was answered before with element {}: the same answer again",
                    answer.record, answer.element
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
