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
    clap_complete::generate(a.shell, &mut cmd, "adjutant", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}
