//! `bot`, `hint` and `play --bot`: the bot's decision for a game file, as an ordinary orders
//! file, with the options it weighed in words.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::Value;

use super::*;
use crate::bot::{Budget, Decision, Settings};
use crate::engine::secrets::Secret;

/// What the bot decided for a game file.
pub struct BotChoice {
    pub side: String,
    /// An orders file that takes the decision, with its `game:` and `side:` lines.
    pub file: OrdersFile,
    pub decision: Decision<Value>,
}

/// The search's seed when none is given and the side's secret is not at hand: from what every
/// holder of the game file knows (its id, how many records it holds, the side), so anyone can
/// make the same decision again, and a different one at each step. `hint` uses it: advice
/// hides nothing.
pub fn default_seed(gf: &GameFile, side: &str) -> u64 {
    crate::bot::fnv(format!("{}/{}/{side}", gf.id, gf.log.len()).as_bytes())
}

/// The settings for a search of `gf`: `playouts` or `think`, else the default playouts. The
/// seed is `seed`, else one made from `own`, the side's secret (`Secret::search_seed`), so
/// that the bot's orders and hidden policy cannot be worked out ahead by its opponent, else
/// `default_seed`.
pub fn bot_settings(
    gf: &GameFile,
    side: &str,
    playouts: Option<u32>,
    think: Option<std::time::Duration>,
    seed: Option<u64>,
    own: Option<&Secret>,
) -> Result<Settings, Error> {
    let budget = match (playouts, think) {
        (Some(n), _) => Budget::Playouts(n),
        (None, Some(t)) => Budget::Think(t),
        (None, None) => Budget::Playouts(crate::bot::DEFAULT_PLAYOUTS),
    };
    let seed = match (seed, own) {
        (Some(s), _) => s,
        (None, Some(secret)) => secret.search_seed(gf.log.len() as u64)?,
        (None, None) => default_seed(gf, side),
    };
    Ok(Settings::new(budget, seed))
}

/// The side the bot decides for: the one named, which must be the side whose decision it is.
pub fn bot_side(l: &Loaded, side: Option<&str>) -> Result<String, Error> {
    let refuse = |message: String| Error::Format {
        what: "the bot".into(),
        message,
    };
    let Some(w) = &l.game.awaiting else {
        return Err(refuse("the game is over".into()));
    };
    if w.decision == "adjudicate" {
        return Err(refuse(format!(
            "step {} waits for its dice: adjudicate it first",
            l.game.log.len()
        )));
    }
    if let Some(s) = side {
        super::named_side(l, "--side", s)?;
    }
    match side {
        Some(s) if s != w.side => Err(refuse(format!(
            "it is {}'s decision ({}), not `{s}`'s",
            l.rules.side_name(&w.side),
            crate::engine::error::decision_words(&w.decision)
        ))),
        _ => Ok(w.side.clone()),
    }
}

/// The keys of every position the game has stood in (`Settings::been`), so that the bot does
/// not bring it back to one by a round of moves that change nothing: read by replaying the
/// game's log.
pub fn positions_stood_in(l: &Loaded) -> Result<Been, Error> {
    let mut been = Been::default();
    let states = crate::engine::session::states(l.rules.as_ref(), &l.game)?;
    add_positions(&mut been, l, states.values())?;
    Ok(been)
}

/// Adds the keys of `states`, positions the game of `l` has stood in, to `been`.
pub fn add_positions<'a>(
    been: &mut Been,
    l: &Loaded,
    states: impl IntoIterator<Item = &'a Value>,
) -> Result<(), Error> {
    let keys = Arc::make_mut(been);
    for state in states {
        keys.insert(l.rules.position_key(state)?);
    }
    Ok(())
}

/// The keys of the positions a game has stood in (`Settings::been`).
pub type Been = Arc<HashSet<[u8; 32]>>;

/// The bot's decision for `side` (default: the side whose decision it is). `been` holds the
/// keys of the positions the game has stood in (`positions_stood_in`), where the caller keeps
/// them as the game goes; without them they are read from the log.
pub fn bot_decide(
    l: &Loaded,
    side: Option<&str>,
    settings: &Settings,
    been: Option<&Been>,
) -> Result<BotChoice, Error> {
    let side = bot_side(l, side)?;
    let mut settings = settings.clone();
    settings.been = match been {
        Some(b) => Arc::clone(b),
        None => positions_stood_in(l)?,
    };
    let Some(decision) = l.rules.bot(&l.game.state, &side, &settings)? else {
        return Err(Error::Format {
            what: "the bot".into(),
            // Only the Southern Strategy has a bot; there, no decision means no legal option.
            message: if l.rules.name() == "southern-strategy" {
                format!("{} has no legal option", l.rules.side_name(&side))
            } else {
                format!(
                    "adjutant has no bot for {} (it plays The Southern Strategy only)",
                    super::report::game_title(l.rules.name())
                )
            },
        });
    };
    let mut text = format!(
        "# orders decided by adjutant's bot ({})\ngame: {}\nside: {side}\n{}",
        playouts_words(decision.playouts),
        l.game.id,
        orders_lines(l, &decision.orders)
    );
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let file = parse_orders(&text)?;
    Ok(BotChoice {
        side,
        file,
        decision,
    })
}

/// "1 playout", "20 playouts": a decision with one legal option stops after its first.
fn playouts_words(n: u32) -> String {
    if n == 1 {
        "1 playout".into()
    } else {
        format!("{n} playouts")
    }
}

/// Orders as the lines of an orders file: nothing for empty orders (which a file with only
/// its `game:` and `side:` lines reads as).
fn orders_lines(l: &Loaded, orders: &Value) -> String {
    match orders {
        Value::Object(m) if m.is_empty() => String::new(),
        other => l.rules.orders_lines(other),
    }
}

/// The bot's choice and what else it weighed, in words (`templates/bot.txt`, each option's
/// orders worded by the game's `orders` macro as reports word them): for `--explain` and
/// reports (`advice` false), or for `hint` (`advice` true). `step` is the step the orders
/// become, when known.
pub fn explain(
    l: &Loaded,
    choice: &BotChoice,
    advice: bool,
    step: Option<u64>,
    templates: &crate::report::text::Templates,
) -> Result<String, Error> {
    const SHOWN: usize = 5;
    let d = &choice.decision;
    // The chosen orders may be the search's choice with the same side's next decision merged
    // in (`Loaded::decide`), and so the same orders as another option the search reached
    // directly (a skipped limited impulse with the full impulse after it): one choice, worded
    // once, its playouts counted together.
    let mut merged: Vec<crate::bot::Considered<Value>> = Vec::new();
    for c in &d.considered {
        match merged.iter_mut().find(|m| m.orders == c.orders) {
            Some(m) => count_together(m, c),
            None => merged.push(c.clone()),
        }
    }
    let shown = &merged[..merged.len().min(SHOWN)];
    // Each option's orders are worded as a report words them, with the leaders named from
    // the position they are decided in (a march "with Cornwallis", not "with the leader").
    let mut calls: Vec<(&str, Vec<Value>)> = Vec::with_capacity(shown.len());
    for c in shown {
        let mut orders = c.orders.clone();
        if l.rules.annotates_steps() {
            l.rules
                .annotate_step(&l.game.state, None, &mut orders, &mut [])?;
        }
        calls.push(("orders", vec![orders, Value::Bool(true)]));
    }
    let words = super::report::event_words(l, templates, &calls)?;
    // Orders a reader cannot tell apart (an accepted battle's War that does not bind until
    // the attacker commits, 10.3) are one option, their playouts counted together.
    let mut worded: Vec<(String, crate::bot::Considered<Value>)> = Vec::new();
    for (c, w) in shown.iter().zip(words) {
        match worded.iter_mut().find(|(seen, _)| *seen == w) {
            Some((_, m)) => count_together(m, c),
            None => worded.push((w, c.clone())),
        }
    }
    // The chosen option first, the others by their playouts once merged.
    if worded.len() > 2 {
        worded[1..].sort_by(|a, b| b.1.share.total_cmp(&a.1.share));
    }
    // Whole percents that add up to 100 over every option, shown or not (each rounded on its
    // own, three options of 40.5, 34.5 and 25 made 101).
    let mut all: Vec<f64> = worded.iter().map(|(_, c)| c.share).collect();
    all.extend(merged[shown.len()..].iter().map(|c| c.share));
    let options: Vec<Value> = worded
        .iter()
        .zip(whole_percents(&all))
        .map(|((w, c), share)| {
            serde_json::json!({
                "words": w,
                "share": share,
                "win": (100.0 * c.value).round() as u32,
            })
        })
        .collect();
    templates.render(
        "bot.txt",
        &serde_json::json!({
            "who": if advice { "advice" } else { "the bot" },
            "side": choice.side,
            "step": step,
            "playouts": d.playouts,
            "alone": d.alone,
            "options": options,
            "more": merged.len() - shown.len(),
            "tried": d.considered.len(),
        }),
    )
}

/// `c`'s playouts counted with `m`'s, as one option: visits and shares added, the chance of
/// winning weighed by visits.
fn count_together(m: &mut crate::bot::Considered<Value>, c: &crate::bot::Considered<Value>) {
    let visits = m.visits + c.visits;
    if visits > 0 {
        m.value =
            (m.value * f64::from(m.visits) + c.value * f64::from(c.visits)) / f64::from(visits);
    }
    m.visits = visits;
    m.share += c.share;
}

/// A standing policy in words, one line an answer, as the reports word answers: "- the army
/// at Ebenezer: refuse battle, to Savannah", "- any other army: ...", "- its own attacks:
/// commits 2 war if the defender accepts (10.2)".
pub fn policy_words(
    l: &Loaded,
    policy: &Value,
    templates: &crate::report::text::Templates,
) -> Result<String, Error> {
    let battle = &policy["battle"];
    let answer = |a: &Value| {
        (
            "orders",
            vec![serde_json::json!({"battle": a}), Value::Bool(true)],
        )
    };
    // Each army's place named, then its answer worded as orders are.
    let mut calls: Vec<(&str, Vec<Value>)> = Vec::new();
    for (area, a) in battle["armies"].as_object().into_iter().flatten() {
        calls.push(("area", vec![Value::String(area.clone())]));
        calls.push(answer(a));
    }
    let mut lines: Vec<String> = super::report::event_words(l, templates, &calls)?
        .chunks(2)
        .map(|pair| format!("- the army at {}: {}", pair[0], pair[1]))
        .collect();
    if !battle["default"].is_null() {
        let w = super::report::event_words(l, templates, &[answer(&battle["default"])])?;
        lines.push(format!("- any other army: {}", w[0]));
    }
    if let Some(commit) = policy["attack"].get("commit") {
        let amount = match commit {
            Value::Number(n) => format!("{n} war"),
            _ => "all the war it carries".to_string(),
        };
        lines.push(format!(
            "- its own attacks: commits {amount} if the defender accepts (10.2)"
        ));
    }
    Ok(lines.join("\n"))
}

/// Shares (fractions of one) as whole percents adding up to 100, by the largest remainder:
/// each share's percent rounded down, then one more to those that lost the most, until the
/// sum is 100. All zero when there is nothing to share.
fn whole_percents(shares: &[f64]) -> Vec<u32> {
    let total: f64 = shares.iter().sum();
    if total <= 0.0 {
        return vec![0; shares.len()];
    }
    let exact: Vec<f64> = shares.iter().map(|s| 100.0 * s / total).collect();
    let mut whole: Vec<u32> = exact.iter().map(|e| e.floor() as u32).collect();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    let short = 100 - whole.iter().sum::<u32>().min(100);
    for &i in order.iter().take(short as usize) {
        whole[i] += 1;
    }
    whole
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    /// Shares rounded each on its own made 101 (40.5, 34.5, 25); the largest remainders
    /// take what rounding down left, so they make 100.
    #[test]
    fn shares_are_whole_percents_that_make_100() {
        assert_eq!(
            super::whole_percents(&[0.405, 0.345, 0.25]),
            vec![41, 34, 25]
        );
        assert_eq!(super::whole_percents(&[1.0 / 3.0; 3]), vec![34, 33, 33]);
        assert_eq!(super::whole_percents(&[0.0, 0.0]), vec![0, 0]);
        let many = super::whole_percents(&[0.011; 90]);
        assert_eq!(many.iter().sum::<u32>(), 100);
    }

    use crate::bot::{Considered, Decision};

    /// The chosen orders, merged with the same side's next decision, can be the very orders of
    /// another option the search weighed (a skipped limited impulse and a pass): the
    /// explanation listed them twice; it words them once, with their playouts together.
    #[test]
    fn the_same_orders_reached_two_ways_are_explained_once() {
        let pass = json!({"limited": "skip", "full": "pass"});
        let other = json!({"limited": "skip"});
        let text = explained(
            &[(&pass, 50, 0.2), (&other, 20, 0.1), (&pass, 30, 0.4)],
            None,
        );
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("- ")).collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(text.contains("2 options weighed"), "{text}");
        // 50 and 30 playouts, at 20% and 40%: 80% of the playouts, about 28% to win.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            lines[0].starts_with("- chosen: ") && flat.contains("(80% of the playouts, about 28%"),
            "{text}"
        );
    }

    /// Options the search weighed apart that come to the same orders are one choice: it is
    /// said once, without a list of one at 100% of the playouts beside "1 option weighed".
    #[test]
    fn one_choice_reached_two_ways_is_said_as_one() {
        let pass = json!({"limited": "skip", "full": "pass"});
        let text = explained(&[(&pass, 60, 0.25), (&pass, 40, 0.25)], Some(7));
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "at step 7: one choice, every option the search tried coming to the same orders:"
            ) && flat.contains("(about 25% to win, from 100 playouts)"),
            "{text}"
        );
        assert!(
            !text.contains("- chosen") && !text.contains("option weighed"),
            "{text}"
        );
    }

    /// The explanation of the Crown passing at the shipped example, after a search of 100
    /// playouts that weighed `considered` (orders, playouts, estimated chance).
    fn explained(considered: &[(&Value, u32, f64)], step: Option<u64>) -> String {
        let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("games/southern-strategy/examples/demo-game.yaml");
        let l = super::super::load_game(&game, None).unwrap();
        let choice = super::BotChoice {
            side: "crown".into(),
            file: super::super::parse_orders("limited: skip\nfull: pass\n").unwrap(),
            decision: Decision {
                orders: json!({"limited": "skip", "full": "pass"}),
                considered: considered
                    .iter()
                    .map(|&(orders, visits, value)| Considered {
                        orders: orders.clone(),
                        visits,
                        share: f64::from(visits) / 100.0,
                        value,
                    })
                    .collect(),
                playouts: 100,
                alone: false,
                nodes: 1,
            },
        };
        super::explain(
            &l,
            &choice,
            false,
            step,
            &crate::report::text::Templates::new(None),
        )
        .unwrap()
    }

    #[test]
    fn the_header_counts_playouts_in_words() {
        assert_eq!(super::playouts_words(1), "1 playout");
        assert_eq!(super::playouts_words(0), "0 playouts");
        assert_eq!(super::playouts_words(20), "20 playouts");
    }
}

/// The most steps (records in the log) a game between bots is played to in `play --bot`
/// (`play_bots`): the bots have always ended their games long before, so a game that gets
/// there is taken to be going round for ever.
pub const BOT_STEP_LIMIT: usize = 20_000;

/// How the bots think in `play_bots`: `bot_settings`'s playouts, time and seed, each as given
/// on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thinking {
    pub playouts: Option<u32>,
    pub think: Option<std::time::Duration>,
    pub seed: Option<u64>,
}

/// Why `play_bots` stopped before the game came to a decision that is not its bots' (or to
/// its end). The steps played before are kept.
#[derive(Debug)]
pub enum BotsStopped {
    /// A side's chain is used up: its next step has no element to reveal (the error says
    /// which party's).
    ChainUsedUp(Error),
    /// The log reached the step limit given (`BOT_STEP_LIMIT` for `play`) without an end.
    StepLimit(usize),
}

/// What `play_bots` played: the game as far as it got and its steps (`received`, none when
/// it played none and none were given), what the bots weighed, and why it stopped, if it
/// stopped early.
pub struct BotsPlayed {
    pub current: Loaded,
    pub received: Option<crate::engine::session::Received>,
    pub notes: String,
    pub stopped: Option<BotsStopped>,
}

/// `play --bot`: adjutant's bots play the decisions of `bots` in turn, each adjudicated as any
/// orders are (hot-seat, with the secrets in `secrets_dir`), after the steps `received` (the
/// player's own orders, if any), until a decision is someone else's, the game ends, a side's
/// chain is used up or the log holds `limit` steps. The last two stop the run with the steps
/// played before kept, for the caller to write (`BotsPlayed::stopped`): a long game between
/// bots is not lost for the want of one more element. A step that fails changes nothing in
/// `commit`; any other failure is the error.
#[allow(clippy::too_many_arguments)]
pub fn play_bots(
    commit: &mut Commit,
    l: Loaded,
    mut received: Option<crate::engine::session::Received>,
    bots: &[String],
    thinking: &Thinking,
    secrets_dir: &Path,
    templates: &crate::report::text::Templates,
    limit: usize,
) -> Result<BotsPlayed, Error> {
    let mut notes = String::new();
    let mut current = l;
    // The positions the game has stood in, read from its log once and then kept as the bots
    // play, where reading them anew for each decision would replay the whole game each time.
    let mut been: Option<Been> = None;
    let mut stopped = None;
    loop {
        if let Some(r) = &received {
            current = Loaded {
                rules: current.rules,
                game: r.game.clone(),
            };
        }
        let Some(w) = current.game.awaiting.clone() else {
            break;
        };
        if !bots.contains(&w.side) || w.decision == "adjudicate" {
            break;
        }
        if current.game.log.len() >= limit {
            stopped = Some(BotsStopped::StepLimit(limit));
            break;
        }
        let own = held_secret(&current.game, &w.side, secrets_dir)?;
        let stood_in = match &mut been {
            Some(b) => b,
            None => been.insert(positions_stood_in(&current)?),
        };
        let settings = bot_settings(
            &current.game,
            &w.side,
            thinking.playouts,
            thinking.think,
            thinking.seed,
            own.as_ref(),
        )?;
        let choice = bot_decide(&current, Some(&w.side), &settings, Some(stood_in))?;
        let explained = explain(
            &current,
            &choice,
            false,
            Some(current.game.log.len() as u64 + 1),
            templates,
        )?;
        // A step that runs out of chain leaves nothing of itself staged (the sender's ledger
        // would say its element went out in a record no file holds).
        let point = commit.savepoint();
        let next = match play(
            commit,
            &current,
            &choice.file,
            Some(&w.side),
            secrets_dir,
            None,
        ) {
            Ok(next) => next,
            Err(e @ Error::ChainUsedUp { .. }) => {
                commit.roll_back(point);
                stopped = Some(BotsStopped::ChainUsedUp(e));
                break;
            }
            Err(e) => return Err(e),
        };
        notes.push_str(&explained);
        add_positions(
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
    Ok(BotsPlayed {
        current,
        received,
        notes,
        stopped,
    })
}
