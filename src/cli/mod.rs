//! The command line: one file per subcommand, each turning its arguments into one call to
//! `crate::app`. Nothing here knows a rule.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::engine::error::printable;

mod adjudicate;
mod bot;
mod completions;
mod ingest;
mod keys;
mod man;
mod new;
mod orders;
mod play;
mod position;
mod report;
mod resend;
mod send;
mod show;
mod verify;
mod witness;

/// Shown under `--help` and in the man page; the README says the same.
pub const EXIT_CODES: &str = "\
Files: `-` is standard input or output wherever a file is taken. `-o FILE` always names the file
a command makes: the game file (`new`), the packet (`orders`, `resend`), the report (`report`),
the position (`position`), the witness answer (`witness answer`).

Exit status:
  0  done (also for a mail already applied)
  1  input refused: illegal orders, a damaged, stale or forged packet, a broken file (or one
     too large, or not text), a mail without a packet; a game between bots stopped short (a
     chain used up, the step limit), its steps played written
  2  usage: unknown command or option, a missing argument
  3  the file system or the mail transport failed: a file that cannot be read or written
     (standard output too), an SMTP, IMAP or sendmail failure";

#[derive(Parser)]
#[command(
    name = "adjutant",
    version,
    about = "Play-by-email turn adjudicator for board wargames, with dice nobody can bias or predict",
    after_help = EXIT_CODES
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Ingest(ingest::Args),
    Keys(keys::Args),
    New(new::Args),
    Orders(orders::Args),
    Adjudicate(adjudicate::Args),
    Play(play::Args),
    Bot(bot::Args),
    Hint(bot::HintArgs),
    Report(report::Args),
    Resend(resend::Args),
    Send(send::Args),
    Verify(verify::Args),
    Position(position::Args),
    Show(show::Args),
    Witness(witness::Args),
    Completions(completions::Args),
    Man(man::Args),
}

/// Options shared by the commands that read a game file.
#[derive(clap::Args, Clone)]
pub struct Common {
    /// Folder of your secrets [default: $ADJUTANT_SECRETS, else ~/.adjutant/secrets]
    #[arg(long, value_name = "DIR", global = true)]
    secrets: Option<PathBuf>,
    /// Folder of game data files to use instead of the built-in ones
    #[arg(long, value_name = "DIR", global = true)]
    data: Option<PathBuf>,
    /// Folder of templates overriding the built-in ones
    #[arg(long, value_name = "DIR", global = true)]
    templates: Option<PathBuf>,
}

impl Common {
    fn secrets_dir(&self) -> PathBuf {
        self.secrets
            .clone()
            .unwrap_or_else(adjutant_secrets_default)
    }

    fn data_dir(&self) -> Option<&Path> {
        self.data.as_deref()
    }

    /// The game file at `path`, read with its data folder: `--data`, else the player's config
    /// for the game's id (`games.<id>.data`), else the data the game pins.
    fn load_game(&self, path: &Path) -> anyhow::Result<crate::app::Loaded> {
        let config = self.config_unless_data()?;
        let data = self.data_in(config.as_ref());
        Ok(crate::app::load_game_with(path, &data)?)
    }

    /// `load_game` without the checks `verify` makes itself.
    fn load_game_unchecked(&self, path: &Path) -> anyhow::Result<crate::app::Loaded> {
        let config = self.config_unless_data()?;
        let data = self.data_in(config.as_ref());
        Ok(crate::app::load_game_unchecked_with(path, &data)?)
    }

    /// The player's config, read only where `--data` does not already say the data folder.
    fn config_unless_data(&self) -> anyhow::Result<Option<crate::config::Config>> {
        Ok(match &self.data {
            Some(_) => None,
            None => Some(crate::config::Config::load(&crate::config::default_path())?),
        })
    }

    /// The data folder of a game by its id: `--data`, else `config`'s for that game.
    fn data_in<'a>(
        &'a self,
        config: Option<&'a crate::config::Config>,
    ) -> impl Fn(&str) -> Option<PathBuf> + 'a {
        move |id: &str| {
            self.data
                .clone()
                .or_else(|| config.and_then(|c| c.data_for(id)))
        }
    }

    /// `--templates`, else the player's config for this game, else the built-in templates.
    fn templates(&self, game_id: &str) -> anyhow::Result<crate::report::text::Templates> {
        let dir = match &self.templates {
            Some(d) => Some(d.clone()),
            None => {
                crate::config::Config::load(&crate::config::default_path())?.templates_for(game_id)
            }
        };
        if let Some(d) = dir.as_deref() {
            // A folder that is not there, or that holds templates only at its top (where
            // none is looked for), would leave the built-in templates in use without a word.
            if !d.is_dir() {
                anyhow::bail!(
                    "the templates folder `{}` does not exist (or is not a folder)",
                    d.display()
                );
            }
            // Said once a run: `ingest` loads the templates for every message it takes.
            static NOTED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
            let mut noted = NOTED
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let misplaced = if noted.iter().any(|n| n == d) {
                Vec::new()
            } else {
                noted.push(d.to_path_buf());
                crate::report::text::misplaced_templates(d)
            };
            for (file, meant) in misplaced {
                let places: Vec<String> = meant
                    .iter()
                    .map(|m| format!("`{}`", d.join(m).display()))
                    .collect();
                eprintln!(
                    "note: `{}` is not used: a game's templates go in a folder named after the game ({})",
                    file.display(),
                    crate::engine::error::listed(&places, "or")
                );
            }
        }
        Ok(crate::report::text::Templates::new(dir.as_deref()))
    }
}

fn adjutant_secrets_default() -> PathBuf {
    crate::engine::secrets::default_dir()
}

/// A command piped into `head` should stop quietly when the pipe closes, with the status a
/// shell expects (killed by SIGPIPE), as other command-line tools do. Rust ignores SIGPIPE by
/// default, which turns a closed pipe into an error (or a panic in `println!`).
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default at start-up, before any thread
    // exists, has no memory-safety requirement.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `--chain-length`: a number in the range the secrets take, checked by clap, so that a length
/// out of range is a usage error (exit status 2) like any other bad argument.
fn chain_length() -> clap::builder::RangedU64ValueParser {
    use crate::engine::secrets::{MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH};
    clap::value_parser!(u64).range(MIN_CHAIN_LENGTH..=MAX_CHAIN_LENGTH)
}

/// Writes `text` to standard output. A write that fails (a full disk behind it, or a standard
/// output closed at start) is an error that says so, with the file system's exit status, where
/// `print!` would panic (or, closed, write nowhere).
pub(crate) fn print_out(text: &str) -> Result<(), crate::engine::Error> {
    use std::io::Write;
    let mut out = crate::engine::atomic::stdout()?;
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(crate::engine::atomic::io("write", Path::new("-")))
}

/// Writes text to a file (atomically) or to standard output for `-`.
fn emit(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    crate::engine::atomic::write(path, bytes)?;
    Ok(())
}

pub fn main() -> ExitCode {
    restore_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ingest(a) => ingest::exec(a),
        Command::Keys(a) => keys::exec(a),
        Command::New(a) => new::exec(a),
        Command::Orders(a) => orders::exec(a),
        Command::Adjudicate(a) => adjudicate::exec(a),
        Command::Play(a) => play::exec(a),
        Command::Bot(a) => bot::exec(a),
        Command::Hint(a) => bot::hint(a),
        Command::Report(a) => report::exec(a),
        Command::Resend(a) => resend::exec(a),
        Command::Send(a) => send::exec(a),
        Command::Verify(a) => verify::exec(a),
        Command::Position(a) => position::exec(a),
        Command::Show(a) => show::exec(a),
        Command::Witness(a) => witness::exec(a),
        Command::Completions(a) => completions::exec(a),
        Command::Man(a) => man::exec(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // Errors quote values from files and mail: control characters are escaped.
            let top = e.to_string();
            eprintln!("error: {}", printable(&top));
            for cause in e.chain().skip(1) {
                // An I/O error the message already quotes is not said twice.
                let cause = cause.to_string();
                if !top.contains(&cause) {
                    eprintln!("  because: {}", printable(&cause));
                }
            }
            ExitCode::from(exit_code(&e))
        }
    }
}

/// The documented exit status of an error: 3 for the file system or mail transport, 1 for
/// refused input (clap itself exits with 2 for a usage error).
pub fn exit_code(e: &anyhow::Error) -> u8 {
    for cause in e.chain() {
        if let Some(err) = cause.downcast_ref::<crate::engine::Error>() {
            return err.exit_code();
        }
        if cause.downcast_ref::<std::io::Error>().is_some() {
            return 3;
        }
    }
    1
}

/// `--via`: `smtp`, `sendmail` or `eml:FILE`, with a file after `eml:` (a usage error
/// otherwise, before anything is read).
pub(crate) fn via_arg(text: &str) -> Result<String, String> {
    if text == "eml:" {
        return Err(crate::app::EML_WITHOUT_FILE.into());
    }
    Ok(text.to_string())
}

/// `n` and its noun, singular for one: `1 record`, `2 records`.
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
