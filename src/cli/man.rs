//! `adjutant man`: the manual page, in roff, made from the same definitions as `--help`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::CommandFactory;

/// Write the manual page (`adjutant man | man -l -`, or `-o adjutant.1`)
#[derive(clap::Args)]
pub struct Args {
    /// Write it here [default: standard output]
    #[arg(
        short = 'o',
        long = "out",
        value_name = "FILE",
        default_value = "-",
        hide_default_value = true
    )]
    out: PathBuf,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut page = Vec::new();
    clap_mangen::Man::new(super::Cli::command()).render(&mut page)?;
    super::emit(&a.out, &page)?;
    Ok(ExitCode::SUCCESS)
}
