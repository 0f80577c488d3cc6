//! Railroads (16.8): markers spent at any point while the Confederate actions of a month are
//! conducted, each for a Directed Battle action in any theater whose Confederate leader can
//! fight it (9.1, RULINGS L57), +1 while Knoxville is the South's (13.8.3). When the game asks is the player's standing order (`RailroadsAsk`): after
//! the card's last Confederate action (the default, one question a month), or before each of
//! its Confederate actions as well.

use super::confederate::{armies_in, battle, reclaimable};
use super::control;
use super::data::{ResourceKind, Theater};
use super::events::Event;
use super::orders::{err, RailroadBattle, Target};
use super::readings::LeaderlessRailroads;
use super::rolls::Modifier;
use super::script::{Ctx, Run, Stop};
use super::state::{Place, Question, RailroadsAsk, State};
use super::union::discard;
use crate::engine::error::listed;

/// 16.8: a point of the Confederate actions where the player may spend Railroads: before the
/// card's Confederate action `line`, or after its last (`None`). The game asks only where the
/// standing order says, and only while the player holds a marker.
pub fn point(st: &mut State, ctx: &mut Ctx, line: Option<usize>) -> Run {
    let asked = match line {
        None => true,
        Some(_) => st.railroads_ask == RailroadsAsk::EveryAction,
    };
    if !asked {
        return Ok(());
    }
    let data = ctx.data;
    let have: Vec<String> = st
        .resources_at(&Place::Available)
        .into_iter()
        .filter(|r| data.resource(r).map(|d| d.kind) == Some(ResourceKind::Railroads))
        .collect();
    if have.is_empty() {
        return Ok(());
    }
    let answer = ctx.ask(Question::Railroads { line })?;
    let answer = answer.railroads.expect("checked by ask");
    if let Some(ask) = answer.ask() {
        st.railroads_ask = ask;
    }
    let battles = answer.battles().to_vec();
    if battles.len() > have.len() {
        return Err(illegal(
            format!(
                "{} battles ordered but only {}",
                battles.len(),
                match have.len() {
                    1 => "1 Railroads marker is available".to_string(),
                    n => format!("{n} Railroads markers are available"),
                }
            ),
            "railroads",
        ));
    }
    // The first target is checked before anything is spent, so a wrong answer costs nothing;
    // a later one is checked when its turn comes, since the battles before it move armies.
    if let Some(b) = battles.first() {
        if !is_target(st, ctx, b) {
            return Err(illegal(
                format!(
                    "cannot {} in the {} theater now; {}",
                    super::options::target_words(ctx.data, &b.target),
                    b.theater.title(),
                    super::confederate::target_choices(ctx.data, st, b.theater)
                ),
                "railroads[0]",
            ));
        }
    }
    for (k, b) in battles.into_iter().enumerate() {
        // Before the marker is spent: a refusal must leave it Available.
        needs_leader(st, ctx, &b, k)?;
        let id = have[k].clone();
        ctx.event(Event::RailroadsSpent {
            resource: id.clone(),
            theater: b.theater,
        });
        discard(st, ctx, &id, "16.8");
        if !is_target(st, ctx, &b) {
            return Err(illegal(
                format!(
                    "cannot {} in the {} theater any longer",
                    super::options::target_words(ctx.data, &b.target),
                    b.theater.title()
                ),
                &format!("railroads[{k}]"),
            ));
        }
        let bonus = Modifier::new(
            control::knoxville_bonus(st),
            "Railroads with Knoxville Confederate",
        );
        battle(
            st,
            ctx,
            b.theater,
            false,
            Modifier::none(),
            bonus,
            false,
            Some(b.target),
            "16.8",
        )?;
    }
    Ok(())
}

/// 16.8 with 9.1 (RULINGS L10, L57): the Directed Battle a Railroads marker gives is fought by
/// the theater's Confederate leader, so from the tenth edition a battle named for a theater
/// whose Command box is empty is refused, as a Command action passed to it is (10.1). The
/// first nine editions spent the marker and skipped the battle (6.1).
fn needs_leader(st: &State, ctx: &Ctx, b: &RailroadBattle, k: usize) -> Run {
    if ctx.data.tables.readings.leaderless_railroads != LeaderlessRailroads::Refused
        || st.has_leader(b.theater)
    {
        return Ok(());
    }
    let usable: Vec<&str> = Theater::ALL
        .into_iter()
        .filter(|t| {
            st.has_leader(*t)
                && !(armies_in(ctx.data, st, *t).is_empty()
                    && reclaimable(ctx.data, st, *t).is_empty())
        })
        .map(Theater::title)
        .collect();
    let instead = if usable.is_empty() {
        "no theater has a battle it could fight now, so keep it".to_string()
    } else {
        format!(
            "spend it in the {} theater, or keep it",
            listed(&usable, "or")
        )
    };
    Err(illegal(
        format!(
            "the {} theater has no Confederate leader to fight the Directed Battle a Railroads marker gives (9.1, RULINGS L10, L57); {instead}",
            b.theater.title()
        ),
        &format!("railroads[{k}]"),
    ))
}

fn is_target(st: &State, ctx: &Ctx, b: &RailroadBattle) -> bool {
    match &b.target {
        Target::Army(a) => armies_in(ctx.data, st, b.theater).contains(a),
        Target::Reclaim(s) => reclaimable(ctx.data, st, b.theater).contains(s),
    }
}

fn illegal(message: String, key: &str) -> Stop {
    Stop::Illegal(err("16.8", message, key))
}
