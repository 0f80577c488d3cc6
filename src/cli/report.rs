//! `adjutant report`: render steps of a game as mail text, a forum post, a board picture (SVG
//! or PNG), dice statistics or an HTML replay viewer.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::app::{self, Format};
use crate::report::log::Selection;

/// Render steps of a game: mail text, Markdown or BBCode for forums, the board as SVG or PNG, dice
/// statistics, or an HTML page replaying them that opens offline
#[derive(clap::Args)]
pub struct Args {
    /// The game file (`-` for standard input)
    game: PathBuf,
    /// text, markdown, bbcode, svg, png, stats or html (png goes to a file, or to a pipe)
    #[arg(long, default_value = "text", value_parser = |s: &str| Format::parse(s).ok_or_else(|| format!("`{s}` is not text, markdown, bbcode, svg, png, stats or html")))]
    format: Format,
    /// Which steps: last, all, 12, 12-20, or a campaign turn as turn:1780.3 (for solo 1776 a
    /// month: turn:1777.4) [default: last; all for html]
    #[arg(long, value_parser = |s: &str| Selection::parse(s).ok_or_else(|| format!("`{s}` is not last, all, a step N, steps N-M, or a campaign turn such as turn:1780.3 (the year and the space of the Turn Track; for Solo 1776 the year and the month, turn:1777.4)")))]
    steps: Option<Selection>,
    /// Write here instead of standard output
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    out: PathBuf,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    // PNG bytes would garble a terminal; into a pipe or a file they are what was asked for.
    if a.format == Format::Png && a.out == Path::new("-") && std::io::stdout().is_terminal() {
        anyhow::bail!("a PNG picture is not for the terminal: write it to a file with `-o board.png`, or pipe it to a program");
    }
    let l = a.common.load_game(&a.game)?;
    let steps = a.steps.unwrap_or_else(|| a.format.default_steps());
    let bytes = app::report_steps(&l, &steps, a.format, &a.common.templates(&l.game.id)?)?;
    crate::engine::atomic::write_apart(&a.out, &bytes, &a.game)?;
    Ok(ExitCode::SUCCESS)
}
