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
    let mut received = match &a.orders {
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
    let mut notes = String::new();
    let mut current = l;
    // The positions the game has stood in, read from its log once and then kept as the bots
    // play, where reading them anew for each decision would replay the whole game each time.
    let mut been: Option<app::Been> = None;
    loop {
        if let Some(r) = &received {
            current = app::Loaded {
                rules: current.rules,
                game: r.game.clone(),
            };
        }
        let Some(w) = current.game.awaiting.clone() else {
            break;
        };
        if !a.bot.contains(&w.side) || w.decision == "adjudicate" {
            break;
        }
        if current.game.log.len() >= 20_000 {
            anyhow::bail!("the bots have played 20,000 steps without an end; nothing was written");
        }
        let own = app::held_secret(&current.game, &w.side, &a.common.secrets_dir())?;
        let stood_in = match &mut been {
            Some(b) => b,
            None => been.insert(app::positions_stood_in(&current)?),
        };
        let choice = app::bot_decide(
            &current,
            Some(&w.side),
            &a.thinking.playing(&current.game, &w.side, own.as_ref())?,
            Some(stood_in),
        )?;
        notes.push_str(&app::explain(
            &current,
            &choice,
            false,
            Some(current.game.log.len() as u64 + 1),
            &templates,
        )?);
        let next = app::play(
            &mut commit,
            &current,
            &choice.file,
            Some(&w.side),
            &secrets,
            None,
        )?;
        app::add_positions(
            stood_in,
            &current,
            next.before.values().chain([&next.game.state]),
        )?;
        received = Some(match received.take() {
            Some(mut so_far) => {
                so_far.steps.extend(next.steps);
                // The states before the later run's steps too, so that the report reads its
                // words from them instead of replaying the game from its start.
                so_far.before.extend(next.before);
                so_far.uses.extend(next.uses);
                so_far.game = next.game;
                so_far.outgoing = next.outgoing;
                so_far
            }
            None => next,
        });
    }
    let Some(received) = received else {
        anyhow::bail!(
            "nothing to play: it is not the bot's decision; give the orders of the side to decide"
        );
    };
    super::adjudicate::write_results(
        commit,
        &a.game,
        &a.out,
        &current,
        received,
        &templates,
        super::adjudicate::Run {
            hotseat: true,
            notes: &notes,
            earlier: "",
        },
    )?;
    Ok(ExitCode::SUCCESS)
}
