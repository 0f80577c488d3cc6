//! `adjutant send`: mail the packet and the report by SMTP, sendmail, or as an .eml file.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Mail a packet with the report to your opponent (SMTP, sendmail, or an .eml file)
#[derive(clap::Args)]
pub struct Args {
    /// The game file
    game: PathBuf,
    /// The packet to send (as `orders -o` or `adjudicate` wrote it)
    packet: PathBuf,
    /// Recipient [default: the opponent's address in the game file]
    #[arg(long)]
    to: Vec<String>,
    /// A copy to (a referee, a forum)
    #[arg(long)]
    cc: Vec<String>,
    /// `smtp`, `sendmail`, or `eml:FILE` to write the message for another mail client
    /// [default: the `mail.via` of your config, else sendmail]
    #[arg(long, value_parser = super::via_arg)]
    via: Option<String>,
    /// Attach the game file too
    #[arg(long)]
    attach_game: bool,
    /// Attach the board picture (PNG)
    #[arg(long)]
    board: bool,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game(&a.game)?;
    let config = crate::config::Config::load(&crate::config::default_path())?;
    let send = app::Send {
        game: &a.game,
        packet: app::read_packet(&a.packet)?,
        packet_path: Some(&a.packet),
        to: a.to.clone(),
        cc: a.cc.clone(),
        via: app::via(a.via.as_deref(), &config.mail)?,
        attach_game: a.attach_game.then_some(a.game.as_path()),
        board: a.board,
        mail: &config.mail,
    };
    match app::send(&l, &send, &a.common.templates(&l.game.id)?) {
        Ok(where_to) => {
            // "the mail with `p.yaml`: written to `out.eml`", "...: sent through `smtp.host`".
            eprintln!("the mail with `{}`: {where_to}", a.packet.display());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {}", crate::engine::error::printable(&e.to_string()));
            // Only a failure of the mail itself is mended in the settings; a refused packet
            // is not to be mailed by hand either.
            if e.exit_code() == 3 {
                eprintln!("nothing was changed: the game file is as it was; fix the mail settings and run `send` again, or mail the packet file by hand");
            } else {
                eprintln!("nothing was changed: the game file is as it was");
            }
            Ok(ExitCode::from(e.exit_code()))
        }
    }
}
