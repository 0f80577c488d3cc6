//! `adjutant position`: write a game's current (or a past) state as a position file, which
//! `new --position` starts a game from.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Write the current state (or the state after step N) as a position file for `new --position`
#[derive(clap::Args)]
pub struct Args {
    /// The game file
    game: PathBuf,
    /// The state after this step was adjudicated, instead of the current one (the log is
    /// replayed and checked up to it)
    #[arg(long, value_name = "STEP")]
    at: Option<u64>,
    /// Where to write the position file
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: PathBuf,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game(&a.game)?;
    let text = app::position(&l, a.at)?;
    crate::engine::atomic::write_apart(&a.out, text.as_bytes(), &a.game)?;
    Ok(ExitCode::SUCCESS)
}
