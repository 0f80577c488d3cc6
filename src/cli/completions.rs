//! `adjutant completions`: the shell completion script, for the shell to load.

use std::process::ExitCode;

use clap::CommandFactory;

/// Print the completion script for a shell (`adjutant completions bash > ~/.local/share/bash-completion/completions/adjutant`)
#[derive(clap::Args)]
pub struct Args {
    /// bash, zsh, fish, elvish or powershell
    shell: clap_complete::Shell,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut cmd = super::Cli::command();
    // Made in memory and written whole: clap_complete panics when its writer fails.
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "adjutant", &mut script);
    super::print_out(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}
