//! `bot`, `hint` and `play --bot`: the bot's decision for a game file, as an ordinary orders
//! file, with the options it weighed in words.

use serde_json::Value;

use super::*;
use crate::bot::{Budget, Decision, Settings};
use crate::engine::error::as_written;
use crate::engine::game::LegalOption;
use crate::engine::ranges;

/// What the bot decided for a game file.
pub struct BotChoice {
    pub side: String,
    /// An orders file that takes the decision, with its `game:` and `side:` lines.
    pub file: OrdersFile,
    pub decision: Decision<Value>,
    /// Each option weighed, in the order of `decision.considered`: the words `orders` lists
    /// it with.
    pub words: Vec<Words>,
}

/// The search's seed when none is given: from what every holder of the game file knows (its
/// id, how many records it holds, the side), so anyone can make the same decision again, and
/// a different one at each step.
pub fn default_seed(gf: &GameFile, side: &str) -> u64 {
    crate::bot::fnv(format!("{}/{}/{side}", gf.id, gf.log.len()).as_bytes())
}

/// The settings for a search of `gf`: `playouts` or `think`, else the default playouts.
pub fn bot_settings(
    gf: &GameFile,
    side: &str,
    playouts: Option<u32>,
    think: Option<std::time::Duration>,
    seed: Option<u64>,
) -> Settings {
    let budget = match (playouts, think) {
        (Some(n), _) => Budget::Playouts(n),
        (None, Some(t)) => Budget::Think(t),
        (None, None) => Budget::Playouts(crate::bot::DEFAULT_PLAYOUTS),
    };
    Settings::new(budget, seed.unwrap_or_else(|| default_seed(gf, side)))
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
    match side {
        Some(s) if !l.rules.sides().contains(&s) => Err(refuse(format!(
            "`{s}` is not a side of this game; its sides are {:?}",
            l.rules.sides()
        ))),
        Some(s) if s != w.side => Err(refuse(format!(
            "it is `{}`'s decision ({}), not `{s}`'s",
            w.side, w.decision
        ))),
        _ => Ok(w.side.clone()),
    }
}

/// The bot's decision for `side` (default: the side whose decision it is).
pub fn bot_decide(l: &Loaded, side: Option<&str>, settings: &Settings) -> Result<BotChoice, Error> {
    let side = bot_side(l, side)?;
    let Some(decision) = l.rules.bot(&l.game.state, &side, settings)? else {
        return Err(Error::Format {
            what: "the bot".into(),
            message: format!(
                "adjutant has no bot for {} (it plays The Southern Strategy), or `{side}` has no legal option",
                l.rules.name()
            ),
        });
    };
    let listed = l.rules.legal_options(&l.game.state, &side)?;
    let words = decision
        .considered
        .iter()
        .map(|c| words_for(l.rules.as_ref(), &listed, &c.orders))
        .collect();
    let text = format!(
        "# orders decided by adjutant's bot ({} playouts)\ngame: {}\nside: {side}\n{}",
        decision.playouts,
        l.game.id,
        orders_lines(&decision.orders)
    );
    let file = parse_orders(&text)?;
    Ok(BotChoice {
        side,
        file,
        decision,
        words,
    })
}

/// Orders as the lines of an orders file: nothing for empty orders (which a file with only
/// its `game:` and `side:` lines reads as).
fn orders_lines(orders: &Value) -> String {
    match orders {
        Value::Object(m) if m.is_empty() => String::new(),
        other => crate::engine::flow::to_lines(other),
    }
}

/// The option's words as `orders` lists it (`None` when none is found), and its orders as
/// written; whether the words leave amounts open, so the orders should be shown too.
pub struct Words {
    pub summary: Option<String>,
    pub orders: String,
    pub show_orders: bool,
}

fn words_for(
    rules: &dyn crate::engine::game::Rules,
    listed: &[LegalOption],
    orders: &Value,
) -> Words {
    let option = listed.iter().find(|o| {
        serde_yaml::from_str::<Value>(&o.example)
            .ok()
            .and_then(|e| rules.canonical_orders(&e).ok())
            .is_some_and(|e| ranges::covers(&e, &o.ranges, orders))
    });
    Words {
        summary: option.map(|o| o.summary.clone()),
        orders: as_written(&without_empty(orders)),
        show_orders: option.is_some_and(|o| !o.ranges.is_empty()),
    }
}

/// `v` without the empty lists, empty maps and nulls a game leaves out of orders it writes
/// (`supply: []` is the same orders as none).
fn without_empty(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (k.clone(), without_empty(v)))
                .filter(|(_, v)| !is_empty(v))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_empty).collect()),
        other => other.clone(),
    }
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
        _ => false,
    }
}

/// The bot's choice and what else it weighed, in words (`templates/bot.txt`): for
/// `--explain` and reports (`advice` false), or for `hint` (`advice` true). `step` is the step
/// the orders become, when known.
pub fn explain(
    choice: &BotChoice,
    advice: bool,
    step: Option<u64>,
    templates: &crate::report::text::Templates,
) -> Result<String, Error> {
    const SHOWN: usize = 5;
    let d = &choice.decision;
    let options: Vec<Value> = d
        .considered
        .iter()
        .zip(&choice.words)
        .take(SHOWN)
        .map(|(c, w)| {
            serde_json::json!({
                "summary": w.summary,
                "orders": w.orders,
                "show_orders": w.show_orders,
                "share": (100.0 * c.share).round() as u32,
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
            "options": options,
            "more": d.considered.len().saturating_sub(SHOWN),
        }),
    )
}
