//! `adjutant adjudicate`: receive a packet, check it, adjudicate it, write the new game file
//! and the report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::app;
use crate::engine::record::Packet;
use crate::engine::session::Received;

/// Check an incoming packet, adjudicate its orders with your dice, and write the report
#[derive(clap::Args)]
pub struct Args {
    /// The game file (rewritten in place unless `--out` is given)
    game: PathBuf,
    /// The packet your opponent mailed (`-` for standard input); leave out to adjudicate the
    /// step your game file itself awaits (a solitaire game in self mode, or hot-seat)
    packet: Option<PathBuf>,
    /// A solitaire game in witness mode: the witness's answer to the hash you posted (`-` for
    /// standard input)
    #[arg(long, value_name = "ANSWER", conflicts_with = "packet")]
    witness: Option<PathBuf>,
    #[command(flatten)]
    out: Outputs,
    #[command(flatten)]
    common: super::Common,
}

/// Where a run that adjudicates writes its results.
#[derive(clap::Args)]
pub struct Outputs {
    /// Write the new game file here instead of over the old one
    #[arg(long, visible_alias = "game-out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the report here [default: standard output]
    #[arg(
        long,
        value_name = "FILE",
        default_value = "-",
        hide_default_value = true
    )]
    pub report: PathBuf,
    /// Write the reply packet here, when one is due [default: next to the game file]
    #[arg(long = "reply", value_name = "FILE")]
    pub reply: Option<PathBuf>,
}

/// How the run that writes its results was made.
pub struct Run<'a> {
    /// Both copies are this one file (hot-seat): no reply packet unless asked for.
    pub hotseat: bool,
    /// Text to end the report with (what the bot weighed).
    pub notes: &'a str,
    /// What this run wrote before into the same `--report` file (the reports of the messages
    /// an `ingest` of a folder took before this one), kept ahead of this report.
    pub earlier: &'a str,
}

/// What `write_results` wrote.
pub struct Written {
    /// The reply packet, when one was due.
    pub reply: Option<PathBuf>,
    /// The whole text now in the `--report` output (this report after any `earlier` ones).
    pub report: String,
}

/// Writes what a receiving run produced, all or nothing: the ledgers, the reply packet and the
/// report are staged with the game file, which appears last, so a failure anywhere leaves
/// every file as it was. In hot-seat play both copies are this one file, so no reply is
/// written unless asked for.
pub fn write_results(
    mut commit: app::Commit,
    game_path: &Path,
    out: &Outputs,
    l: &app::Loaded,
    received: Received,
    templates: &crate::report::text::Templates,
    run: Run,
) -> anyhow::Result<Written> {
    let Run {
        hotseat,
        notes,
        earlier,
    } = run;
    let target = out.out.clone().unwrap_or_else(|| game_path.to_path_buf());
    let report = app::report(l, &received, templates)?;
    let mut replied = None;
    if let Some(rec) = received
        .outgoing
        .as_ref()
        .filter(|_| !hotseat || out.reply.is_some())
    {
        let reply = out.reply.clone().unwrap_or_else(|| {
            let dir = target.parent().map(Path::to_path_buf).unwrap_or_default();
            dir.join(format!("{}-step-{}.packet.yaml", rec.game, rec.step))
        });
        commit.add(
            &reply,
            crate::app::packet_text(&Packet::new(rec.clone()))?.as_bytes(),
        )?;
        replied = Some((rec.step, reply));
    }
    if target != game_path {
        commit.lock(&target)?;
    }
    let report = if notes.is_empty() {
        report
    } else {
        format!("{}\n\n{notes}", report.trim_end())
    };
    let report = if earlier.is_empty() {
        report
    } else {
        format!("{}\n\n{report}", earlier.trim_end())
    };
    commit.add(&out.report, report.as_bytes())?;
    commit.add_game(&target, &received.game)?;
    commit.commit()?;
    if let Some((step, reply)) = &replied {
        eprintln!(
            "reply packet for step {step} written to `{}`: mail it to your opponent",
            reply.display()
        );
    }
    Ok(Written {
        reply: replied.map(|(_, r)| r),
        report,
    })
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let mut commit = app::Commit::new();
    commit.lock(&a.game)?;
    let l = a.common.load_game(&a.game)?;
    // No output replaces the packet or witness answer read (kept as evidence of the step).
    let outputs = [
        Some(&a.out.report),
        a.out.reply.as_ref(),
        a.out.out.as_ref(),
    ];
    for (input, what) in [
        (&a.packet, "the packet"),
        (&a.witness, "the witness answer"),
    ] {
        if let Some(input) = input {
            for output in outputs.into_iter().flatten() {
                crate::engine::atomic::refuse_over_input(output, input, what)?;
            }
        }
    }
    // A packet comes from the other player, who needs a reply; a witness answer or the
    // file's own owed step is all on this machine, as in hot-seat play.
    let (received, here) = match (&a.packet, &a.witness) {
        (Some(p), _) => {
            let packet = app::read_packet(p)?;
            let received = app::adjudicate(&mut commit, &l, &packet, &a.common.secrets_dir())
                .map_err(|e| match e {
                    // A refused packet is named by its file, as every other refused file is.
                    crate::engine::Error::Packet { step, message } if p != Path::new("-") => {
                        crate::engine::Error::Format {
                            what: format!("the packet `{}`", p.display()),
                            message: format!("step {step} refused: {message}"),
                        }
                    }
                    e => e,
                })?;
            (received, false)
        }
        (None, Some(w)) => {
            // Errors about the answer name its file.
            let named = |e| app::naming_file(e, "the witness answer", w);
            let answer = app::read_witness_answer(w).map_err(named)?;
            (app::adjudicate_witness(&l, &answer).map_err(named)?, true)
        }
        (None, None) => (
            app::adjudicate_owed(&mut commit, &l, &a.common.secrets_dir())?,
            true,
        ),
    };
    if here {
        for s in &received.steps {
            eprintln!(
                "step {} adjudicated with the chain of `{}`",
                s.step, s.adjudicated_by
            );
        }
    }
    write_results(
        commit,
        &a.game,
        &a.out,
        &l,
        received,
        &a.common.templates(&l.game.id)?,
        Run {
            hotseat: here,
            notes: "",
            earlier: "",
        },
    )?;
    Ok(ExitCode::SUCCESS)
}
