//! `adjutant verify`: replay a game file and check every step.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app;

/// Replay a game from its set-up, checking every reveal, roll and state; name the first divergence
#[derive(clap::Args)]
pub struct Args {
    /// The game file (`-` for standard input)
    game: PathBuf,
    /// A witness game: the answers its witness posted, one to a line, as `witness answer`
    /// printed them; every witness record must follow the hash answered with its element,
    /// and no answer may be left unused
    #[arg(long, value_name = "FILE")]
    witness_answers: Option<PathBuf>,
    #[command(flatten)]
    common: super::Common,
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    let l = a.common.load_game_unchecked(&a.game)?;
    let s = app::verify(&l, Some(&a.common.secrets_dir()))?;
    let posted = match &a.witness_answers {
        Some(path) => Some(app::check_witness_answers(&l, path)?),
        None => None,
    };
    let count = super::counted;
    let mut out = String::new();
    writeln!(
        out,
        // A draw is one roll (of one die or more), one card or one counter drawn: the stats
        // report counts dice, so its figure is another one.
        "verified `{}` ({}): {}, {} re-adjudicated, {} checked",
        s.id,
        s.game,
        count(s.records, "record", "records"),
        count(s.steps_replayed, "step", "steps"),
        count(s.rolls, "random draw", "random draws")
    )?;
    writeln!(out, "state hash {}", s.state)?;
    // A start is checked against the rules, but only the players know which one they agreed
    // on: a file mailed by the opponent could begin from another legal position.
    if l.game.start.is_some() {
        writeln!(
            out,
            "start: a position (`start:`), not the rulebook's set-up: it keeps the rules; check that it is the position you agreed on"
        )?;
    }
    match s.version {
        1 => writeln!(
            out,
            "protocol version 1: records are not signed (start a new game from this position for signed records)"
        )?,
        2 => writeln!(
            out,
            "protocol version 2: record signatures checked: {}; a standing policy is revealed whole when first used",
            s.signatures
        )?,
        v => writeln!(
            out,
            "protocol version {v}: record signatures checked: {}",
            s.signatures
        )?,
    }
    match s.dice_party.as_deref() {
        Some("witness") => match &posted {
            Some(p) if p.waiting => writeln!(
            out,
                "dice: witness mode; witness answers: {} posted, {} for the records the game played them with and 1 for the step it waits for; none left over",
                p.answers,
                p.answers - 1
            )?,
            Some(p) => writeln!(
            out,
                "dice: witness mode; witness answers: {} posted, each for the record the game played it with; none left over",
                p.answers
            )?,
            None => writeln!(
            out,
                "dice: witness mode; check that each witness record's `prev` is the hash the witness answered with that element (`--witness-answers` with the answers the witness posted does it)"
            )?,
        },
        Some(_) => writeln!(
            out,
            "dice: self mode; the player held the dice chain and could have looked ahead (use a witness for a trusted report)"
        )?,
        None => {}
    }
    if let Some(p) = s.pending {
        match &s.pending_keyed_by {
            Some(party) => writeln!(
            out,
                "step {p} was adjudicated in this copy and its result is not mailed yet: adjudicated again, its dice with the secret of `{party}`, and it matches"
            )?,
            None => writeln!(
            out,
                "step {p} was adjudicated in this copy and its result is not mailed yet: its events and state follow from the rolls it reports; the values of those rolls can be checked once the result is mailed, or here with the secret that keys them (`--secrets`)"
            )?,
        }
        if let Some(why) = &s.pending_secret_refused {
            writeln!(out, "the secret found for it was not used: {why}")?;
        }
    }
    match &s.awaiting {
        // The side as the reports name it ("the Confederate player"), the decision in words.
        Some(w) => writeln!(out, "next: {}", l.rules.awaiting_words(w))?,
        None => writeln!(out, "the game is over")?,
    }
    super::print_out(&out)?;
    Ok(ExitCode::SUCCESS)
}
