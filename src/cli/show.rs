//! `adjutant show`: the current state in words.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Print the current state: who is where with what, the tracks, whose decision it is
#[derive(clap::Args)]
pub struct Args {
    /// The game file (`-` for standard input)
    game: PathBuf,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game(&a.game)?;
    let text = app::show(&l, &a.common.templates(&l.game.id)?)?;
    // A terminal's prompt starts on a line of its own.
    super::print_out(&text)?;
    if !text.ends_with('\n') {
        super::print_out("\n")?;
    }
    Ok(ExitCode::SUCCESS)
}
