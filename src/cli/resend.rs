//! `adjutant resend`: the packet you sent last, written or mailed again, for a mail that was
//! lost.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Write (or, with `--send`, mail) again the packet your opponent is waiting for
#[derive(clap::Args)]
pub struct Args {
    /// The game file
    game: PathBuf,
    /// Write the packet here (`-` for standard output) [default: standard output, or nowhere
    /// with `--send`]
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: Option<PathBuf>,
    /// Whose packet [default: yours, the side whose secret `--secrets` holds; playing hot
    /// seat, the side that sent the last record]
    #[arg(long)]
    side: Option<String>,
    /// Mail it again, as `send` does (the same Message-ID: one message for mail systems)
    #[arg(long)]
    send: bool,
    /// With `--send`: `smtp`, `sendmail` or `eml:FILE` [default: the config's `mail.via`]
    #[arg(long, value_parser = super::via_arg, requires = "send")]
    via: Option<String>,
    /// With `--send`: the recipient [default: the opponent's address in the game file]
    #[arg(long, requires = "send")]
    to: Vec<String>,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game(&a.game)?;
    let held = app::Held::of(&l, &a.common.secrets_dir());
    let packet = app::last_packet(&l, a.side.as_deref(), &held)?;
    let step = packet.record.step;
    let out = a
        .out
        .clone()
        .or_else(|| (!a.send).then(|| PathBuf::from("-")));
    // The packet file is staged first and put into place only once the mail went: a send
    // that fails changes no file.
    let mut staged = crate::engine::atomic::Staged::new();
    if let Some(out) = &out {
        crate::engine::atomic::refuse_over_input(out, &a.game, "the game file")?;
        staged.add(out, app::packet_text(&packet)?.as_bytes())?;
    }
    if a.send {
        let config = crate::config::Config::load(&crate::config::default_path())?;
        let send = app::Send {
            game: &a.game,
            packet,
            packet_path: out.as_deref(),
            to: a.to.clone(),
            cc: Vec::new(),
            via: app::via(a.via.as_deref(), &config.mail)?,
            attach_game: None,
            board: false,
            mail: &config.mail,
        };
        let where_to = app::send(&l, &send, &a.common.templates(&l.game.id)?)?;
        eprintln!("packet for step {step} sent again: {where_to}");
    }
    staged.commit()?;
    if let Some(out) = &out {
        if out != &PathBuf::from("-") {
            eprintln!(
                "packet for step {step} written again to `{}`",
                out.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
