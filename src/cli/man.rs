//! `adjutant man`: the manual pages, in roff, made from the same definitions as `--help`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::CommandFactory;

/// Write the manual page (`adjutant man | man -l -`, or `-o adjutant.1`), or with `--dir` a
/// page for every command
#[derive(clap::Args)]
pub struct Args {
    /// Write it here [default: standard output]
    #[arg(
        short = 'o',
        long = "out",
        value_name = "FILE",
        default_value = "-",
        hide_default_value = true,
        conflicts_with = "dir"
    )]
    out: PathBuf,
    /// Write `adjutant.1` and one page for each command (`adjutant-orders.1`, ...) into this
    /// folder, e.g. `~/.local/share/man/man1`: the pages `adjutant.1` refers to
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut pages = pages(super::Cli::command())?;
    match a.dir {
        None => super::emit(&a.out, &pages.remove(0).1)?,
        Some(dir) => {
            if !dir.is_dir() {
                // The file system's answer, as for any output into a missing folder (exit 3).
                return Err(crate::engine::Error::Io {
                    path: dir,
                    action: "write the manual pages into",
                    source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
                }
                .into());
            }
            // All the pages or none: a folder left with half the pages of a new version would
            // describe two versions at once.
            let mut staged = crate::engine::atomic::Staged::new();
            for (name, page) in &pages {
                staged.add(&dir.join(name), page)?;
            }
            staged.commit()?;
            eprintln!(
                "wrote {} in `{}`",
                super::counted(pages.len(), "manual page", "manual pages"),
                dir.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The page of `cmd` first, then one for each command under it (their own commands too), each
/// with its file name: the pages `clap_mangen::generate_to` writes, as bytes.
fn pages(cmd: clap::Command) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    fn add(cmd: clap::Command, out: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
        let subs: Vec<clap::Command> = cmd
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .cloned()
            .collect();
        let man = clap_mangen::Man::new(cmd);
        let mut page = Vec::new();
        man.render(&mut page)?;
        out.push((man.get_filename(), page));
        for s in subs {
            add(s, out)?;
        }
        Ok(())
    }
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let mut out = Vec::new();
    add(cmd, &mut out)?;
    Ok(out)
}
