//! `adjutant play`: hot-seat play, where one machine holds both secrets.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Hot-seat: write the orders and adjudicate them at once with the other side's secret (in a
/// solitaire game in self mode, with your `self` secret)
#[derive(clap::Args)]
pub struct Args {
    /// The game file (rewritten in place unless `--out` is given)
    game: PathBuf,
    /// The orders file (`-` for standard input)
    orders: PathBuf,
    /// The side giving the orders [default: the side whose decision it is]
    #[arg(long)]
    side: Option<String>,
    /// Commit to this hidden standing policy with the orders
    #[arg(long, value_name = "FILE")]
    policy: Option<PathBuf>,
    #[command(flatten)]
    out: super::adjudicate::Outputs,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = app::Commit::new();
    commit.lock(&a.game)?;
    let l = app::load_game(&a.game, a.common.data_dir())?;
    let file = app::read_orders(&a.orders)?;
    let received = app::play(
        &mut commit,
        &l,
        &file,
        a.side.as_deref(),
        &a.common.secrets_dir(),
        a.policy.as_deref(),
    )?;
    super::adjudicate::write_results(
        commit,
        &a.game,
        &a.out,
        &l,
        received,
        &a.common.templates(&l.game.id)?,
        true,
    )?;
    Ok(ExitCode::SUCCESS)
}
