//! Reports of adjudicated steps in every format, and `show`.

use serde_json::{json, Value};

use super::*;
use crate::engine::canon::to_hex;
use crate::engine::gamefile::GameFile;
use crate::engine::record::Record;
use crate::engine::secrets::Secret;
use crate::engine::session::{self, Replay, StepView};
use crate::engine::Error;
use crate::report::text::{with_lookups, Templates};

fn is_demo(gf: &GameFile) -> bool {
    gf.players.iter().any(|(side, p)| {
        let demo = Secret::demo(&gf.id, side, gf.dice.chain_length);
        demo.anchor()
            .map(|a| to_hex(&a) == p.anchor)
            .unwrap_or(false)
    })
}

fn title(gf: &GameFile) -> String {
    match gf.game.as_str() {
        "southern-strategy" => {
            "Supply Lines of the American Revolution: The Southern Strategy".into()
        }
        "the-lost-cause" => "The Lost Cause: The American Civil War, 1861-1865".into(),
        "solo-1776" => "1776: the solo American bot".into(),
        other => other.to_string(),
    }
}

/// The text report of the steps a run adjudicated or verified.
pub fn report(
    l: &Loaded,
    gf: &GameFile,
    steps: &[StepView],
    outgoing: Option<&Record>,
    templates: &Templates,
) -> Result<String, Error> {
    render(l, gf, steps, outgoing, Format::Text, templates)
}

/// The formats `report` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text for mail, wrapped at 72 columns.
    Text,
    /// Markdown for Reddit, Discord or GitHub.
    Markdown,
    /// BBCode for BoardGameGeek.
    Bbcode,
    /// An SVG picture of the board as it stands.
    Svg,
    /// Dice statistics.
    Stats,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "text" | "txt" | "mail" => Format::Text,
            "markdown" | "md" => Format::Markdown,
            "bbcode" | "bgg" => Format::Bbcode,
            "svg" | "board" => Format::Svg,
            "stats" => Format::Stats,
            _ => return None,
        })
    }
}

/// Renders `steps` of a game (and its current state) in `format`.
pub fn render(
    l: &Loaded,
    gf: &GameFile,
    steps: &[StepView],
    outgoing: Option<&Record>,
    format: Format,
    templates: &Templates,
) -> Result<String, Error> {
    let replay = Replay::from_file(l.rules.as_ref(), gf)?;
    let reveals: Vec<Value> = gf
        .log
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            steps
                .iter()
                .any(|s| s.step == r.step || s.step + 1 == r.step)
        })
        .map(|(i, r)| {
            let index = gf.log[..=i].iter().filter(|x| x.by == r.by).count();
            json!({"side": r.by, "index": index, "step": r.step, "reveal": r.reveal})
        })
        .collect();
    let lookups = l.rules.lookups();
    // A report of past steps ends with the position after its last step, not today's.
    let latest = crate::report::log::steps(gf).last().map(|s| s.step);
    let past = match steps.last() {
        Some(s) if Some(s.step) < latest => Some(s.step),
        _ => None,
    };
    let (state, awaiting) = match past {
        Some(step) => {
            let state = session::states(l.rules.as_ref(), gf)?
                .remove(&step)
                .unwrap_or_else(|| gf.state.clone());
            let awaiting = l.rules.awaiting(&state)?;
            (state, awaiting)
        }
        None => (gf.state.clone(), gf.awaiting.clone()),
    };
    // The board as it stands (a turn paused in the middle is replayed up to the pause); the
    // options are those of the state itself.
    let board_state = l.rules.view(&state)?;
    let ctx = json!({
        "title": title(gf),
        "game": gf.game,
        "id": gf.id,
        "demo": is_demo(gf),
        "dice_mode": session::dice_party(l.rules.as_ref(), gf),
        "built_in_data": crate::games::is_built_in_data(&gf.game, &gf.data),
        "steps": steps,
        "first_step": steps.first().map(|s| s.step),
        "last_step": steps.last().map(|s| s.step),
        "awaiting": awaiting,
        "past": past.is_some(),
        "now_step": gf.log.len(),
        "outgoing": outgoing.map(|r| r.step),
        "pending": gf.pending.as_ref().filter(|_| past.is_none()).map(|p| p.step),
        "pending_by": gf.awaiting.as_ref().map(|a| a.side.clone()),
        "at_step": gf.log.len(),
        "position_step": past.unwrap_or(gf.log.len() as u64),
        "tip": to_hex(&replay.tip),
        "reveals": reveals,
        "state": board_state,
        "board": crate::report::board::layout(&lookups),
        "tallies": crate::report::stats::dice_statistics(steps),
        "fewest": crate::report::stats::FEWEST_FOR_CHI_SQUARE,
        "options": match &awaiting {
            Some(a) => l.rules.legal_options(&state, &a.side)?.into_iter().map(|o| o.summary).collect(),
            None => Vec::new(),
        },
    });
    let name = match format {
        Format::Text => format!("{}/report.txt", gf.game),
        Format::Markdown => format!("{}/report.md", gf.game),
        Format::Bbcode => format!("{}/report.bbcode", gf.game),
        Format::Svg => format!("{}/board.svg", gf.game),
        Format::Stats => "stats.txt".to_string(),
    };
    if format == Format::Svg && !templates.exists(&name) {
        return Err(Error::Format {
            what: "the report".into(),
            message: format!(
                "`{}` has no board picture; use `--format text`, `markdown`, `bbcode` or `stats`",
                gf.game
            ),
        });
    }
    let mut ctx = with_lookups(ctx, &lookups);
    ctx["verification_block"] = json!(templates.render("verification.txt", &ctx)?);
    let text = templates.render(&name, &ctx)?;
    Ok(if format == Format::Text {
        crate::report::text::wrap_text(&text, 72)
    } else {
        text
    })
}

/// `report`: any of the formats for a selection of the log's steps.
pub fn report_steps(
    l: &Loaded,
    selection: &crate::report::log::Selection,
    format: Format,
    templates: &Templates,
) -> Result<String, Error> {
    let steps = selection.pick(crate::report::log::steps(&l.game));
    if steps.is_empty() && format != Format::Svg {
        return Err(Error::Format {
            what: "report".into(),
            message: "no adjudicated step matches that selection".into(),
        });
    }
    render(l, &l.game, &steps, None, format, templates)
}

/// `show`: the current state in words.
pub fn show(l: &Loaded, templates: &Templates) -> Result<String, Error> {
    let ctx = json!({
        "title": format!("{} - game `{}`", title(&l.game), l.game.id),
        "state": l.rules.view(&l.game.state)?,
        "awaiting": l.game.awaiting,
    });
    templates.render(
        &format!("{}/show.txt", l.game.game),
        &with_lookups(ctx, &l.rules.lookups()),
    )
}
