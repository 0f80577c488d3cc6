//! `adjutant report`: render steps of a game as mail text, a forum post, a board picture or
//! dice statistics.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{self, Format};
use crate::report::log::Selection;

/// Render steps of a game: mail text, Markdown or BBCode for forums, an SVG board, dice statistics
#[derive(clap::Args)]
pub struct Args {
    /// The game file (`-` for standard input)
    game: PathBuf,
    /// text, markdown, bbcode, svg or stats
    #[arg(long, default_value = "text", value_parser = |s: &str| Format::parse(s).ok_or_else(|| format!("`{s}` is not text, markdown, bbcode, svg or stats")))]
    format: Format,
    /// Which steps: last, all, 12, 12-20, or a campaign turn as turn:1780.3 (for solo 1776 a
    /// month: turn:1777.4)
    #[arg(long, default_value = "last", value_parser = |s: &str| Selection::parse(s).ok_or_else(|| format!("`{s}` is not last, all, N, N-M or turn:YEAR.SPACE")))]
    steps: Selection,
    /// Write here instead of standard output
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: PathBuf,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = app::load_game(&a.game, a.common.data_dir())?;
    let text = app::report_steps(&l, &a.steps, a.format, &a.common.templates(&l.game.id)?)?;
    super::emit(&a.out, &text)?;
    Ok(ExitCode::SUCCESS)
}
