//! `adjutant play`: hot-seat play, where one machine holds both secrets, against a person or
//! against adjutant's bot.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Hot-seat: write the orders and adjudicate them at once with the other side's secret (in a
/// solitaire game in self mode, with your `self` secret); with `--bot`, adjutant's bot then
/// plays its side's decisions until yours comes round
#[derive(clap::Args)]
pub struct Args {
    /// The game file (rewritten in place unless `--out` is given)
    game: PathBuf,
    /// The orders file (`-` for standard input); leave out when the decision is the bot's
    #[arg(required_unless_present = "bot")]
    orders: Option<PathBuf>,
    /// The side giving the orders [default: the side whose decision it is]
    #[arg(long)]
    side: Option<String>,
    /// Commit to this hidden standing policy with the orders (it answers for you when the bot
    /// attacks, too)
    #[arg(long, value_name = "FILE", requires = "orders")]
    policy: Option<PathBuf>,
    /// Adjutant's bot plays this side (give it twice for a game between bots, which plays
    /// to the end); its choices and the options it weighed end the report
    #[arg(long, value_name = "SIDE")]
    bot: Vec<String>,
    #[command(flatten)]
    thinking: super::bot::Thinking,
    #[command(flatten)]
    out: super::adjudicate::Outputs,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = app::Commit::new();
    commit.lock(&a.game)?;
    let l = a.common.load_game(&a.game)?;
    for b in &a.bot {
        app::named_side(&l, "--bot", b)?;
    }
    let secrets = a.common.secrets_dir();
    let templates = a.common.templates(&l.game.id)?;
    // 14.0: a game that has ended takes no orders; the refusal says who won and why.
    app::refuse_when_over(&l, "play", &templates)?;
    let received = match &a.orders {
        Some(path) => {
            let file = app::read_orders(path)?;
            Some(
                app::play(
                    &mut commit,
                    &l,
                    &file,
                    a.side.as_deref(),
                    &secrets,
                    a.policy.as_deref(),
                )
                .map_err(|e| app::in_orders_file(e, path))?,
            )
        }
        None => None,
    };
    // The bot's decisions follow in the same run, each adjudicated as any orders are, and
    // everything is written together at the end.
    let played = app::play_bots(
        &mut commit,
        l,
        received,
        &a.bot,
        &a.thinking.app(),
        &secrets,
        &templates,
        app::BOT_STEP_LIMIT,
    )?;
    let game = a.out.out.as_ref().unwrap_or(&a.game).display().to_string();
    let stopped = played.stopped.map(|s| stop_words(&s, &game));
    let Some(received) = played.received else {
        if let Some((why, next)) = stopped {
            anyhow::bail!("nothing was played, as {why}; no file changed. {next}");
        }
        anyhow::bail!(
            "nothing to play: it is not the bot's decision; give the orders of the side to decide"
        );
    };
    let last = received.game.log.last().map_or(0, |r| r.step);
    super::adjudicate::write_results(
        commit,
        &a.game,
        &a.out,
        &played.current,
        received,
        &templates,
        super::adjudicate::Run {
            hotseat: true,
            notes: &played.notes,
            earlier: "",
        },
    )?;
    // The steps played are written, and the run says why it went no further: it did not do
    // what it was asked (to play on to a decision that is not the bots'), so it exits 1.
    if let Some((why, next)) = stopped {
        eprintln!(
            "error: the game stopped after step {last}, as {why}. The steps played are written to `{game}`. {next}"
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Why a game between bots stopped, and what to do next.
fn stop_words(stopped: &app::BotsStopped, game: &str) -> (String, String) {
    match stopped {
        app::BotsStopped::ChainUsedUp(crate::engine::Error::ChainUsedUp { party, reveals }) => (
            format!(
                "the chain of `{party}` is used up: all {reveals} of its elements are revealed (the last, its secret seed, never is)"
            ),
            format!(
                "A chain cannot be extended: to play on, start a new game from this position with new secrets (and a longer chain): `adjutant position {game} -o pos.yaml`, then `adjutant new --id NEW-ID --hotseat --chain-length N --position pos.yaml -o NEW.yaml`"
            ),
        ),
        app::BotsStopped::ChainUsedUp(other) => (other.to_string(), String::new()),
        app::BotsStopped::StepLimit(n) => (
            format!(
                "the bots have played {n} steps without an end, the most a game between bots is played to (a game that long is going round for ever)"
            ),
            format!("To play on, give orders of your own: `adjutant play {game} ORDERS`"),
        ),
    }
}
