//! `adjutant orders`: check orders against the game file, list the legal options, and write
//! the packet to mail.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Check an orders file (or list the legal options) and, with `-o`, write the packet to mail
#[derive(clap::Args)]
pub struct Args {
    /// The game file
    game: PathBuf,
    /// The orders file (`-` for standard input); leave out to list the legal options
    orders: Option<PathBuf>,
    /// The side giving the orders [default: the side whose decision it is]
    #[arg(long)]
    side: Option<String>,
    /// Write the packet here (`-` for standard output) and record it in the game file
    #[arg(
        short = 'o',
        long = "packet",
        visible_alias = "out",
        value_name = "FILE"
    )]
    packet: Option<PathBuf>,
    /// Commit to this hidden standing policy in the packet (how you meet attacks, ...)
    #[arg(long, value_name = "FILE", requires = "packet")]
    policy: Option<PathBuf>,
    /// Write again the packet you sent last (a lost mail): the same bytes, nothing changes
    #[arg(long, requires = "packet", conflicts_with_all = ["orders", "policy"])]
    resend: bool,
    #[command(flatten)]
    common: super::Common,
}

/// Where the list of legal options goes: standard output when it is what was asked for
/// (`orders GAME`), standard error beside an error.
#[derive(Clone, Copy)]
enum To {
    Out,
    Err,
}

fn print_options(l: &app::Loaded, side: &str, to: To) -> anyhow::Result<()> {
    let options = app::legal_options(l, side)?;
    let mut text = String::new();
    if options.is_empty() {
        let who = l.rules.side_name(side);
        match l.game.awaiting.as_ref().filter(|w| w.side == side) {
            // The side's next step is to roll for a step, not to give orders.
            Some(w) if w.decision == "adjudicate" => text.push_str(&format!(
                "{who} gives no orders now: the game waits for {who} to adjudicate step {} (with its packet, by `adjutant adjudicate` or `adjutant ingest`)\n",
                l.game.log.len()
            )),
            _ => text.push_str(&format!("{who} has no decision to make now\n")),
        }
    } else {
        let who = l.rules.side_name(side);
        text.push_str(&format!("legal options for {who}:\n"));
        for o in options {
            text.push_str(&option_lines(&o));
        }
        if let Some(add) = app::legal_additions(l, side)? {
            text.push_str(&format!("{}\n", add.how));
            for o in add.parts {
                text.push_str(&option_lines(&o));
            }
        }
    }
    match to {
        To::Out => super::print_out(&text)?,
        To::Err => eprint!("{text}"),
    }
    Ok(())
}

/// `  - summary` and the option's snippet under it.
fn option_lines(o: &crate::engine::game::LegalOption) -> String {
    let snippet: Vec<String> = o
        .example
        .trim_end()
        .lines()
        .map(|l| format!("      {l}"))
        .collect();
    format!("  - {}\n{}\n", o.summary, snippet.join("\n"))
}

/// In a solitaire game, what the step just written (or the file) waits for: the record hash
/// to post for a witness, for standard output, with the words to say after it, or the command
/// that rolls in self mode (words only).
struct DiceRequest {
    out: Option<String>,
    words: String,
}

fn dice_request(
    rules: &dyn crate::engine::game::Rules,
    gf: &crate::engine::gamefile::GameFile,
    game: &std::path::Path,
) -> Result<Option<DiceRequest>, crate::engine::Error> {
    if let Some(r) = app::witness_request(rules, gf)? {
        return Ok(Some(DiceRequest {
            out: Some(format!("{}\n", r.record)),
            words: format!(
                "step {} waits for your witness: post its record hash, printed on standard output, and ask for its element {}\n  the witness runs `adjutant witness answer --secret SECRET {}`\n  then you run `adjutant adjudicate {} --witness ANSWER`\n",
                r.step,
                r.element,
                r.record,
                game.display()
            ),
        }));
    }
    if let Some(w) = gf.awaiting.as_ref().filter(|w| w.decision == "adjudicate") {
        if crate::engine::session::is_solitaire(rules) {
            return Ok(Some(DiceRequest {
                out: None,
                words: format!(
                    "the game waits for the `{}` chain you hold: run `adjutant adjudicate {}`\n",
                    w.side,
                    game.display()
                ),
            }));
        }
    }
    Ok(None)
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = app::Commit::new();
    if a.packet.is_some() {
        commit.lock(&a.game)?;
    }
    let l = a.common.load_game(&a.game)?;
    if let Some(s) = &a.side {
        app::named_side(&l, "--side", s)?;
    }
    if a.resend {
        let out = a.packet.as_deref().expect("clap requires -o with --resend");
        let held = app::Held::of(&l, &a.common.secrets_dir());
        let packet = app::last_packet(&l, a.side.as_deref(), &held)?;
        crate::engine::atomic::write_apart(out, app::packet_text(&packet)?.as_bytes(), &a.game)?;
        eprintln!(
            "packet for step {} written again; mail it to your opponent",
            packet.record.step
        );
        return Ok(ExitCode::SUCCESS);
    }
    let Some(orders_path) = &a.orders else {
        if let Some(r) = dice_request(l.rules.as_ref(), &l.game, &a.game)? {
            if let Some(out) = &r.out {
                super::print_out(out)?;
            }
            eprint!("{}", r.words);
            return Ok(ExitCode::SUCCESS);
        }
        let side = a
            .side
            .clone()
            .or_else(|| l.game.awaiting.as_ref().map(|w| w.side.clone()));
        match side {
            Some(s) => print_options(&l, &s, To::Out)?,
            None => eprintln!(
                "{}",
                app::game_over_words(&l, &a.common.templates(&l.game.id)?)?
            ),
        }
        return Ok(ExitCode::SUCCESS);
    };
    // 14.0: a game that has ended takes no orders; the refusal says who won and why.
    app::refuse_when_over(&l, "orders", &a.common.templates(&l.game.id)?)?;
    if let Some(out) = &a.packet {
        use crate::engine::atomic::refuse_over_input;
        refuse_over_input(out, orders_path, "the orders file")?;
        if let Some(policy) = &a.policy {
            refuse_over_input(out, policy, "the policy file")?;
        }
    }
    let file = app::read_orders(orders_path)?;
    let outcome = match &a.packet {
        None => {
            app::check_orders(&l, &file, a.side.as_deref(), &a.common.secrets_dir()).map(|side| {
                let who = l.rules.side_name(&side);
                eprintln!("the orders of {who} are legal; write the packet with `-o FILE`");
            })
        }
        Some(out) => app::write_orders(
            &mut commit,
            &l,
            &file,
            a.side.as_deref(),
            &a.common.secrets_dir(),
            a.policy.as_deref(),
        )
        .and_then(|(gf, packet)| {
            // The packet, the ledger, any new policy and the game file appear together, the
            // game file last, or none of them does; the record hash a witness game prints
            // goes out with them, before any file is in place, so that a standard output that
            // fails changes none of them.
            let request = dice_request(l.rules.as_ref(), &gf, &a.game)?;
            let mut commit = std::mem::take(&mut commit);
            commit.add_packet(out, &packet, &a.game, &gf)?;
            if let Some(hash) = request.as_ref().and_then(|r| r.out.as_deref()) {
                commit.print(hash);
            }
            commit.commit()?;
            if crate::engine::session::is_solitaire(l.rules.as_ref()) {
                eprintln!(
                    "orders for step {} recorded in `{}`",
                    packet.record.step,
                    a.game.display()
                );
            }
            match request {
                Some(r) => eprint!("{}", r.words),
                None => eprintln!(
                    "packet for step {} written; mail it to your opponent",
                    packet.record.step
                ),
            }
            Ok(())
        }),
    };
    if let Err(e) = outcome.map_err(|e| app::in_orders_file(e, orders_path)) {
        // The options help only when the orders were at fault; a file that cannot be read
        // or written (a secret, the packet) is the error alone, with its own exit status.
        use crate::engine::Error;
        if !matches!(
            e,
            Error::Orders(_) | Error::Shape { .. } | Error::Packet { .. }
        ) {
            return Err(e.into());
        }
        eprintln!("error: {}", crate::engine::error::printable(&e.to_string()));
        // A fault in the policy file is not helped by the options of the orders.
        let in_policy = matches!(&e, Error::Shape { what, .. } if what.starts_with("the policy"));
        if in_policy {
            return Ok(ExitCode::from(1));
        }
        if let Some(side) = file
            .side
            .clone()
            .or(a.side.clone())
            .or_else(|| l.game.awaiting.as_ref().map(|w| w.side.clone()))
        {
            print_options(&l, &side, To::Err)?;
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
