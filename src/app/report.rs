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
    game_title(&gf.game)
}

/// The game's sides, each id with the name reports give it.
fn side_names(l: &Loaded) -> Vec<(String, String)> {
    l.rules
        .sides()
        .iter()
        .map(|s| (s.to_string(), l.rules.side_name(s)))
        .collect()
}

/// A game's title, by the `game:` name of its files.
pub(crate) fn game_title(game: &str) -> String {
    match game {
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
    received: &session::Received,
    templates: &Templates,
) -> Result<String, Error> {
    render(
        l,
        &received.game,
        Worded {
            steps: &received.steps,
            before: &received.before,
        },
        received.outgoing.as_ref(),
        Format::Text,
        templates,
    )
}

/// The steps a report tells, with the state before each where the caller has it (a run that
/// just adjudicated them): the report replays the game for those it lacks.
#[derive(Clone, Copy)]
pub struct Worded<'a> {
    pub steps: &'a [StepView],
    pub before: &'a std::collections::BTreeMap<u64, Value>,
}

impl<'a> Worded<'a> {
    /// Steps without any state at hand.
    pub fn bare(steps: &'a [StepView]) -> Worded<'a> {
        static NONE: std::collections::BTreeMap<u64, Value> = std::collections::BTreeMap::new();
        Worded {
            steps,
            before: &NONE,
        }
    }
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
    /// The same picture as PNG, drawn in process with the font adjutant ships.
    Png,
    /// Dice statistics.
    Stats,
    /// A replay viewer: one offline HTML page of every step, its board and its events.
    Html,
}

impl Format {
    /// The steps a report covers when none are named: the last, or for the replay viewer
    /// the whole game.
    pub fn default_steps(self) -> crate::report::log::Selection {
        match self {
            Format::Html => crate::report::log::Selection::All,
            _ => crate::report::log::Selection::Last,
        }
    }

    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "text" | "txt" | "mail" => Format::Text,
            "markdown" | "md" => Format::Markdown,
            "bbcode" | "bgg" => Format::Bbcode,
            "svg" | "board" => Format::Svg,
            "png" => Format::Png,
            "stats" => Format::Stats,
            "html" | "htm" => Format::Html,
            _ => return None,
        })
    }
}

/// The name of a game's board template.
fn board_template(game: &str) -> String {
    format!("{game}/board.svg")
}

/// The board picture of `state`, a position of the game `gf` after `at_step` steps of its log,
/// as SVG: the map laid out by `report::board` and drawn by the game's `board.svg` template.
/// `None` when the game has no board template. Any state the game reaches can be drawn, so a
/// replay can draw every step.
///
/// # Errors
/// The state does not fit the game, or the template fails.
pub fn board_svg(
    l: &Loaded,
    gf: &GameFile,
    state: &Value,
    at_step: u64,
    templates: &Templates,
) -> Result<Option<String>, Error> {
    let name = board_template(&gf.game);
    if !templates.exists(&name) {
        return Ok(None);
    }
    let lookups = l.rules.lookups();
    // The file's own note of who is next also knows of a step owed to the adjudicator.
    let awaiting = if *state == gf.state {
        gf.awaiting.clone()
    } else {
        l.rules.awaiting(state)?
    };
    // A turn paused in the middle is drawn as it stands at the pause (`Game::view`).
    let state = &l.rules.view(state)?;
    let facts = l.rules.board_facts(state)?;
    let ctx = json!({
        "title": title(gf),
        "game": gf.game,
        "id": gf.id,
        "at_step": at_step,
        "awaiting": awaiting,
        "state": state,
        "board": crate::report::board::layout(&gf.game, &lookups, state, &facts),
        "font": crate::report::png::FONT_FAMILY,
    });
    templates
        .render(&name, &with_lookups(ctx, &lookups))
        .map(Some)
}

/// The board picture of `state` as PNG (see `board_svg`).
///
/// # Errors
/// As `board_svg`, or the SVG the template made does not parse.
pub fn board_png(
    l: &Loaded,
    gf: &GameFile,
    state: &Value,
    at_step: u64,
    templates: &Templates,
) -> Result<Option<Vec<u8>>, Error> {
    match board_svg(l, gf, state, at_step, templates)? {
        Some(svg) => crate::report::png::svg_to_png(&svg, &board_template(&gf.game)).map(Some),
        None => Ok(None),
    }
}

pub(super) fn no_board(gf: &GameFile) -> Error {
    Error::Format {
        what: "the report".into(),
        message: format!(
            "`{}` has no board picture; use `--format text`, `markdown`, `bbcode`, `stats` or `html`",
            gf.game
        ),
    }
}

/// How a game that has ended came to its end, in the words its report gives it (the game's
/// Calls macros of the game's `events.txt` (`orders`, `area` ...) with the position of `l` and
/// the game's names: the words a report gives orders and places, outside a report.
pub(crate) fn event_words(
    l: &Loaded,
    templates: &Templates,
    calls: &[(&str, Vec<Value>)],
) -> Result<Vec<String>, Error> {
    let ctx = with_lookups(json!({"state": l.game.state}), &l.rules.lookups());
    templates.call_macros(&format!("{}/events.txt", l.game.game), &ctx, calls)
}

/// `ending.txt`, which calls the same macro as the report's last event): `PATRIOT WINS: 14.0
/// the Crown sues for peace: Political Will at 0`. `None` while the game goes on, or for a
/// game without that template.
pub fn ending_words(l: &Loaded, templates: &Templates) -> Result<Option<String>, Error> {
    let name = format!("{}/ending.txt", l.game.game);
    if l.game.awaiting.is_some() || !templates.exists(&name) {
        return Ok(None);
    }
    let ctx = with_lookups(json!({"state": l.game.state}), &l.rules.lookups());
    let text = templates.render(&name, &ctx)?;
    let text = text.trim();
    Ok((!text.is_empty()).then(|| text.to_string()))
}

/// That the game has ended, and (`ending_words`) who won and why: `the game is over: PATRIOT
/// WINS: ...`.
pub fn game_over_words(l: &Loaded, templates: &Templates) -> Result<String, Error> {
    Ok(match ending_words(l, templates)? {
        Some(how) => format!("the game is over: {how}"),
        None => "the game is over".to_string(),
    })
}

/// Refuses `what` (orders, the bot's decision) for a game that has ended, saying who won and
/// why; a game that goes on passes.
///
/// # Errors
///
/// `Error::Format` once the game is over.
pub fn refuse_when_over(l: &Loaded, what: &str, templates: &Templates) -> Result<(), Error> {
    if l.game.awaiting.is_some() {
        return Ok(());
    }
    Err(Error::Format {
        what: what.into(),
        message: game_over_words(l, templates)?,
    })
}

/// Renders `steps` of a game (and its current state) in `format`, as text: every format but
/// `Png`, which `report_steps` and `board_png` make.
pub fn render(
    l: &Loaded,
    gf: &GameFile,
    worded_steps: Worded,
    outgoing: Option<&Record>,
    format: Format,
    templates: &Templates,
) -> Result<String, Error> {
    let Worded { steps, before } = worded_steps;
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
    let mut worded = crate::report::log::roll_words(steps, &lookups);
    // A report of past steps ends with the position after its last step, not today's.
    let latest = crate::report::log::steps(gf).last().map(|s| s.step);
    let past = match steps.last() {
        Some(s) if Some(s.step) < latest => Some(s.step),
        _ => None,
    };
    // The state after every step, replayed once, for a past position, for the replay page,
    // and for the words a game reads from the states before and after a step
    // (`Game::annotate_step`).
    let annotates = l.rules.annotates_steps();
    let lacking = annotates && steps.iter().any(|s| !before.contains_key(&s.step));
    let states = if past.is_some() || format == Format::Html || lacking {
        session::states(l.rules.as_ref(), gf)?
    } else {
        Default::default()
    };
    if annotates {
        for s in &mut worded {
            let state_before = before
                .get(&s.step)
                .or_else(|| states.range(..s.step).next_back().map(|(_, v)| v));
            // The state after the step: replayed, the state before the next step, or the
            // game's own for its latest step.
            let state_after = states
                .get(&s.step)
                .or_else(|| before.range(s.step + 1..).next().map(|(_, v)| v))
                .or_else(|| (Some(s.step) == latest).then_some(&gf.state));
            if let Some(state_before) = state_before {
                l.rules
                    .annotate_step(state_before, state_after, &mut s.orders, &mut s.events)?;
            }
        }
    }
    // A step whose result went back in a record of its own (no orders) says which step
    // number that record took: the report numbers steps by record and skips it.
    let result_records: BTreeMap<u64, u64> = gf
        .log
        .iter()
        .chain(outgoing)
        .filter(|r| r.orders.is_none())
        .filter_map(|r| Some((r.result.as_ref()?.step, r.step)))
        .rev()
        .collect();
    for s in &mut worded {
        s.result_in = result_records.get(&s.step).copied();
    }
    let steps = worded.as_slice();
    let (state, awaiting) = match past {
        Some(step) => {
            let state = states
                .get(&step)
                .cloned()
                .unwrap_or_else(|| gf.state.clone());
            let awaiting = l.rules.awaiting(&state)?;
            (state, awaiting)
        }
        None => (gf.state.clone(), gf.awaiting.clone()),
    };
    // The board as it stands (a turn paused in the middle is replayed up to the pause); the
    // options are those of the state itself.
    let board_state = l.rules.view(&state)?;
    let sides = side_names(l);
    let tallies = crate::report::stats::dice_statistics(steps, &sides);
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
        "tallies": tallies,
        "reason_width": crate::report::stats::reason_width(&tallies),
        "side_width": crate::report::stats::side_width(&sides),
        "fewest": crate::report::stats::FEWEST_FOR_CHI_SQUARE,
        "options": match &awaiting {
            Some(a) => l.rules.legal_options(&state, &a.side)?.into_iter().map(|o| o.summary).collect(),
            None => Vec::new(),
        },
        // What may go with the options (a full impulse's supply moves, 5.2), and how many
        // parts are open.
        "additions": match &awaiting {
            Some(a) => l.rules.legal_additions(&state, &a.side)?.map(|add| json!({
                "what": add.what,
                "count": add.parts.len(),
            })),
            None => None,
        },
    });
    let name = match format {
        Format::Text => format!("{}/report.txt", gf.game),
        Format::Markdown => format!("{}/report.md", gf.game),
        Format::Bbcode => format!("{}/report.bbcode", gf.game),
        Format::Stats => "stats.txt".to_string(),
        Format::Html => "replay.html".to_string(),
        Format::Svg => {
            let at = past.unwrap_or(gf.log.len() as u64);
            return board_svg(l, gf, &state, at, templates)?.ok_or_else(|| no_board(gf));
        }
        Format::Png => {
            return Err(Error::Format {
                what: "the report".into(),
                message: "a PNG picture is not text".into(),
            })
        }
    };
    let mut ctx = with_lookups(ctx, &lookups);
    ctx["verification_block"] = json!(templates.render("verification.txt", &ctx)?);
    if format == Format::Html {
        return replay_page(l, gf, steps, &states, ctx, templates);
    }
    let text = templates.render(&name, &ctx)?;
    Ok(if format == Format::Text {
        crate::report::text::wrap_text(&text, 72)
    } else {
        text
    })
}

/// Step numbers in increasing order, runs written as spans: `1, 2, 4-10`.
pub(crate) fn number_spans(numbers: &[u64]) -> String {
    let mut spans: Vec<(u64, u64)> = Vec::new();
    for &n in numbers {
        match spans.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => spans.push((n, n)),
        }
    }
    let words: Vec<String> = spans
        .iter()
        .map(|&(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a}-{b}"),
        })
        .collect();
    words.join(", ")
}

/// The campaign turn `(year, space)` the game began in, for a game whose state holds one
/// (`turn: {year, space}`): from the position it started from, else its set-up.
fn start_turn(l: &Loaded) -> Option<(u64, u64)> {
    let start = session::start_state(l.rules.as_ref(), &l.game).ok()?;
    if let Some(turn) = start.get("turn") {
        return Some((turn.get("year")?.as_u64()?, turn.get("space")?.as_u64()?));
    }
    // The solo 1776 bot's month (`date: {year, month}`).
    let date = start.get("date")?;
    Some((date.get("year")?.as_u64()?, date.get("month")?.as_u64()?))
}

/// `report`: any of the formats for a selection of the log's steps, as the bytes to write.
/// The pictures show the board after the selection's last step.
pub fn report_steps(
    l: &Loaded,
    selection: &crate::report::log::Selection,
    format: Format,
    templates: &Templates,
) -> Result<Vec<u8>, Error> {
    if format == Format::Png {
        // The SVG picture of the same selection (the position after its last step), drawn.
        let svg = report_steps(l, selection, Format::Svg, templates)?;
        let svg = String::from_utf8(svg).map_err(|e| Error::Encode(e.to_string()))?;
        return crate::report::png::svg_to_png(&svg, &board_template(&l.game.game));
    }
    let all = crate::report::log::steps(&l.game);
    let begun = !all.is_empty();
    let numbers: Vec<u64> = all.iter().map(|s| s.step).collect();
    let start = start_turn(l);
    let turnless = matches!(selection, crate::report::log::Selection::Turn(..))
        && start.is_none()
        && !crate::report::log::marks_turns(&all);
    let steps = selection.pick_from(all, start);
    // A game not yet begun still has its set-up to draw and to replay; a begun game's
    // selection that names no step is refused whatever the format (a picture would show the
    // game as it stands now under another step's title).
    if steps.is_empty() && (begun || !matches!(format, Format::Svg | Format::Html)) {
        return Err(Error::Format {
            what: "report".into(),
            message: if begun {
                let why = match selection {
                    _ if turnless => "this game has no campaign turns, so select its steps by number (`--steps N` or `N-M`)".to_string(),
                    crate::report::log::Selection::Turn(year, space) => format!(
                        "no step falls in turn {year}.{space}: a turn is a year and a space of the Turn Track, for Solo 1776 a year and a month from 1 to 12"
                    ),
                    _ => "a step's result travels in a record of its own, whose number names no step".to_string(),
                };
                format!(
                    "no adjudicated step matches that selection; the game's steps are {} ({why})",
                    number_spans(&numbers)
                )
            } else {
                "the game has no adjudicated step yet: `adjutant show GAME-FILE` prints the set-up, `--format html` or `svg` draws it".into()
            },
        });
    }
    render(l, &l.game, Worded::bare(&steps), None, format, templates).map(String::into_bytes)
}

/// `show`: the current state in words.
pub fn show(l: &Loaded, templates: &Templates) -> Result<String, Error> {
    // Each side's standing policy in force, by the step of the record that committed it:
    // public (the record carries it), and what the defender's prompt at an attack refers to.
    let policies: std::collections::BTreeMap<String, u64> = session::latest_commits(&l.game.log)
        .into_iter()
        .map(|(side, (step, _))| (side, step))
        .collect();
    let ctx = json!({
        "title": format!("{} - game `{}`", title(&l.game), l.game.id),
        "state": l.rules.view(&l.game.state)?,
        "awaiting": l.game.awaiting,
        "policies": policies,
    });
    templates.render(
        &format!("{}/show.txt", l.game.game),
        &with_lookups(ctx, &l.rules.lookups()),
    )
}

/// `report --format html`: one page holding the position before the first of `steps` and
/// after each of them, each with its board (or, for a game without one, the state in words)
/// and the step's orders, dice and events as the text reports word them. `ctx` is the
/// report's context, verification block included; `states` the state after every step.
fn replay_page(
    l: &Loaded,
    gf: &GameFile,
    steps: &[StepView],
    states: &std::collections::BTreeMap<u64, Value>,
    mut ctx: Value,
    templates: &Templates,
) -> Result<String, Error> {
    use crate::report::replay;
    let lookups = l.rules.lookups();
    let picture = |state: &Value, at: u64, label: &str| -> Result<Value, Error> {
        Ok(match board_svg(l, gf, state, at, templates)? {
            Some(svg) => json!({"board": replay::svg_data_uri(&svg)}),
            None => {
                let show =
                    json!({"title": label, "state": state, "awaiting": l.rules.awaiting(state)?});
                let name = format!("{}/show.txt", gf.game);
                json!({"summary": templates.render(&name, &with_lookups(show, &lookups))?})
            }
        })
    };
    // The position the first step shown starts from: the set-up, for a whole game.
    let first = steps.first().map_or(u64::MAX, |s| s.step);
    let (start_step, start) = states
        .range(..first)
        .next_back()
        .map(|(k, v)| (*k, v.clone()))
        .unwrap_or((0, gf.state.clone()));
    let label = if start_step == 0 {
        "Set-up".to_string()
    } else {
        format!("Before step {}", start_step + 1)
    };
    let mut frame = picture(&start, start_step, &label)?;
    frame["step"] = json!(start_step);
    frame["label"] = json!(label);
    frame["awaiting"] = json!(l.rules.awaiting(&start)?);
    let mut frames = vec![frame];
    let events = format!("{}/events.txt", gf.game);
    for s in steps {
        let state = states.get(&s.step).unwrap_or(&gf.state);
        let label = format!("Step {}", s.step);
        // The events read as a report of this one step would word them.
        let words_ctx = with_lookups(json!({"state": state, "steps": [s]}), &lookups);
        let mut calls = vec![("orders", vec![s.orders.clone()])];
        // Each event with the one before it and those after it, as the reports call it.
        // An event another line already says (`said`, from the game's reading of the step)
        // has no item, as it has no line in the other reports.
        let said = |e: &Value| e.get("said").and_then(Value::as_bool) == Some(true);
        calls.extend(
            s.events
                .iter()
                .enumerate()
                .filter(|(_, e)| !said(e))
                .map(|(i, e)| {
                    let prev = i
                        .checked_sub(1)
                        .map_or(Value::Null, |p| s.events[p].clone());
                    // The events before it in the step too, as the reports give them (The Lost
                    // Cause words a card's morale change by the card revealed earlier in the step).
                    (
                        "event",
                        vec![
                            e.clone(),
                            prev,
                            json!(s.events[i + 1..]),
                            json!(s.events[..i]),
                        ],
                    )
                }),
        );
        // A step with no event says why, where the game knows (`quiet`).
        if s.events.is_empty() {
            calls.push(("quiet", vec![json!(s)]));
        }
        // A step a standing policy answered says what its result reveals of the policy in
        // the game's own words (which army's row, for a policy revealed row by row).
        if s.policy.is_some() {
            let owner = l.rules.side_name(&s.adjudicated_by);
            calls.push(("policy_note", vec![json!(s), json!(owner)]));
        }
        // Each roll in the game's words, last: why it was rolled and what came up.
        for r in &s.rolls {
            calls.push(("dice_why", vec![json!(r)]));
            calls.push(("dice_result", vec![json!(r), json!(s.events)]));
        }
        let mut words = templates.call_macros(&events, &words_ctx, &calls)?;
        let rolls: Vec<Value> = words
            .split_off(words.len() - 2 * s.rolls.len())
            .chunks(2)
            .map(|w| json!({"why": w[0], "result": w[1]}))
            .collect();
        let policy_note = s.policy.is_some().then(|| words.pop()).flatten();
        let orders = words.remove(0);
        let mut frame = picture(state, s.step, &label)?;
        frame["step"] = json!(s.step);
        frame["label"] = json!(label);
        frame["view"] = json!(s);
        frame["orders"] = json!(orders);
        frame["policy_note"] = json!(policy_note);
        frame["events"] = words.iter().map(|w| replay::event_item(w)).collect();
        frame["rolls"] = json!(rolls);
        frame["awaiting"] = json!(l.rules.awaiting(state)?);
        frames.push(frame);
    }
    let script = templates.render("replay.js", &json!({}))?;
    ctx["script_hash"] = json!(replay::script_hash(&script));
    ctx["script"] = json!(script);
    ctx["frames"] = json!(frames);
    ctx["dice_chart"] = replay::dice_charts(&crate::report::stats::dice_statistics(
        steps,
        &side_names(l),
    ));
    ctx["players"] = gf
        .players
        .iter()
        .map(|(side, p)| json!({"side": side, "name": p.name}))
        .collect();
    templates.render("replay.html", &ctx)
}
