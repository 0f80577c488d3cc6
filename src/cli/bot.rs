//! `adjutant bot` and `adjutant hint`: the bot's orders for a side, or its advice.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// How long the bot thinks, and from which seed.
#[derive(clap::Args, Clone)]
pub struct Thinking {
    /// Playouts per decision (at least 1): the same decision every time for the same seed
    /// [default: 5000]
    #[arg(long, value_name = "N", conflicts_with = "think", value_parser = parse_playouts)]
    pub playouts: Option<u32>,
    /// Think for this long instead (`2s`, `500ms`): stronger on a fast machine, not
    /// reproducible
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub think: Option<std::time::Duration>,
    /// The search's seed [default: for the bot, from its side's secret where the secrets
    /// folder holds it, so its opponent cannot work its orders out ahead; for advice, and
    /// without that secret, from the game id, the step and the side]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl Thinking {
    /// As the library takes it (`app::play_bots`).
    pub fn app(&self) -> app::Thinking {
        app::Thinking {
            playouts: self.playouts,
            think: self.think,
            seed: self.seed,
        }
    }

    /// The settings for advice (`hint`): its seed needs no secret.
    pub fn settings(
        &self,
        gf: &crate::engine::gamefile::GameFile,
        side: &str,
    ) -> anyhow::Result<crate::bot::Settings> {
        self.playing(gf, side, None)
    }

    /// The settings for the bot playing `side`, its seed from `own`, the side's secret.
    pub fn playing(
        &self,
        gf: &crate::engine::gamefile::GameFile,
        side: &str,
        own: Option<&crate::engine::secrets::Secret>,
    ) -> anyhow::Result<crate::bot::Settings> {
        Ok(app::bot_settings(
            gf,
            side,
            self.playouts,
            self.think,
            self.seed,
            own,
        )?)
    }
}

/// A number of playouts, at least one: with none the search would weigh nothing and hand
/// back its first option as the best.
pub fn parse_playouts(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("the bot needs at least one playout to weigh its options".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a number of playouts: write a whole number such as 1000"
        )),
    }
}

/// `2s`, `1.5s`, `500ms` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else {
        (t, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x * scale <= 3600.0 => {
            Ok(std::time::Duration::from_secs_f64(x * scale))
        }
        _ => Err(format!(
            "`{text}` is not a time to think: write it as `2s`, `1.5s` or `500ms` (at most an hour)"
        )),
    }
}

/// Let adjutant's bot decide for a side: it writes an ordinary orders file, or with `-o` the
/// packet to mail (The Southern Strategy)
#[derive(clap::Args)]
pub struct Args {
    /// The game file
    game: PathBuf,
    /// The side the bot plays [default: the side whose decision it is]
    #[arg(long)]
    side: Option<String>,
    /// Write the orders file here [default: standard output]
    #[arg(long = "orders", value_name = "FILE", conflicts_with = "packet")]
    orders: Option<PathBuf>,
    /// Write the packet here (`-` for standard output) and record it in the game file, with
    /// the bot's own secret from `--secrets`
    #[arg(
        short = 'o',
        long = "packet",
        visible_alias = "out",
        value_name = "FILE"
    )]
    packet: Option<PathBuf>,
    /// With `-o`: the bot also commits a hidden standing policy saying how each army an enemy
    /// can reach meets an attack (each answer searched), so such an attack is fought without
    /// waiting for its answer
    #[arg(long, requires = "packet")]
    standing: bool,
    /// Also print the options the bot weighed, with their share of the playouts and their
    /// chance of winning
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    thinking: Thinking,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = app::Commit::new();
    if a.packet.is_some() {
        commit.lock(&a.game)?;
    }
    let l = a.common.load_game(&a.game)?;
    app::refuse_when_over(&l, "the bot", &a.common.templates(&l.game.id)?)?;
    let side = app::bot_side(&l, a.side.as_deref())?;
    // The bot's own secret seeds its search; a packet needs it anyway, so without it nothing
    // is searched or shown (a standing policy printed before the refusal would be read by
    // whoever ran it).
    let dir = a.common.secrets_dir();
    let own = match &a.packet {
        Some(_) => Some(app::own_secret(&l.game, &side, &dir)?),
        None => app::held_secret(&l.game, &side, &dir)?,
    };
    let settings = a.thinking.playing(&l.game, &side, own.as_ref())?;
    let choice = app::bot_decide(&l, Some(&side), &settings, None)?;
    if a.explain {
        let step = l.game.log.len() as u64 + 1;
        eprint!(
            "{}",
            app::explain(
                &l,
                &choice,
                false,
                Some(step),
                &a.common.templates(&l.game.id)?
            )?
        );
    }
    match &a.packet {
        Some(out) => {
            let policy = if a.standing {
                let mut settings = settings.clone();
                // Each answer is a decision of its own: a share of the budget each.
                if let crate::bot::Budget::Playouts(n) = settings.budget {
                    settings.budget = crate::bot::Budget::Playouts((n / 4).max(50));
                }
                // The opponent acts on the position after these orders: the policy is for
                // where the armies will stand then (a sample of any dice on the way).
                let mut dice = crate::engine::dice::QuickDice::new(settings.seed);
                let (after, _) =
                    l.rules
                        .apply(&l.game.state, &side, &choice.file.orders, None, &mut dice)?;
                let policy = l.rules.bot_policy(&after, &side, &settings)?;
                if a.explain {
                    match &policy {
                        Some(p) => eprintln!(
                            "The bot's standing policy ({}):\n{}",
                            if l.game.version() >= 3 {
                                "each answer hidden until\nan attack on that army reveals it"
                            } else {
                                "hidden until an attack reveals all of it"
                            },
                            app::policy_words(&l, p, &a.common.templates(&l.game.id)?)?
                        ),
                        None => eprintln!(
                            "No standing policy: it would answer for no army; an attack pauses the game for the bot."
                        ),
                    }
                }
                policy
            } else {
                None
            };
            let (gf, packet) =
                app::write_orders_with(&mut commit, &l, &choice.file, Some(&side), &dir, policy)?;
            commit.commit_packet(out, &packet, &a.game, &gf)?;
            eprintln!(
                "the bot's packet for step {} written; mail it to your opponent",
                packet.record.step
            );
        }
        None => {
            let out = a.orders.clone().unwrap_or_else(|| PathBuf::from("-"));
            crate::engine::atomic::write_apart(&out, choice.file.text.as_bytes(), &a.game)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Ask the bot what it would order for you (the side whose decision it is, or `--side`)
#[derive(clap::Args)]
pub struct HintArgs {
    /// The game file
    game: PathBuf,
    /// The side to advise [default: the side whose decision it is]
    #[arg(long)]
    side: Option<String>,
    #[command(flatten)]
    thinking: Thinking,
    #[command(flatten)]
    common: super::Common,
}

pub fn hint(a: HintArgs) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game(&a.game)?;
    let templates = a.common.templates(&l.game.id)?;
    // 14.0: a game that has ended has nothing to advise. Like `orders` listing the options,
    // `hint` is a question, not orders, so it answers who won and why and succeeds.
    if l.game.awaiting.is_none() {
        eprintln!("{}", app::game_over_words(&l, &templates)?);
        return Ok(ExitCode::SUCCESS);
    }
    let side = app::bot_side(&l, a.side.as_deref())?;
    let choice = app::bot_decide(&l, Some(&side), &a.thinking.settings(&l.game, &side)?, None)?;
    let mut text = app::explain(&l, &choice, true, None, &templates)?;
    text.push_str("the best option as orders:\n");
    for line in choice.file.text.lines().filter(|l| !l.starts_with('#')) {
        text.push_str(&format!("  {line}\n"));
    }
    super::print_out(&text)?;
    Ok(ExitCode::SUCCESS)
}
