//! Railroads (16.8): markers spent at any point while the Confederate actions of a month are
//! conducted, each for a Directed Battle action in any theater, +1 while Knoxville is the
//! South's (13.8.3). When the game asks is the player's standing order (`RailroadsAsk`): after
//! the card's last Confederate action (the default, one question a month), or before each of
//! its Confederate actions as well.

use super::confederate::{armies_in, battle, reclaimable};
use super::control;
use super::data::ResourceKind;
use super::events::Event;
use super::orders::{err, Target};
use super::rolls::Modifier;
use super::script::{Ctx, Run, Stop};
use super::state::{Place, Question, RailroadsAsk, State};
use super::union::discard;

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
                "{} battles ordered but only {} Railroads markers are available",
                battles.len(),
                have.len()
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

fn is_target(st: &State, ctx: &Ctx, b: &super::orders::RailroadBattle) -> bool {
    match &b.target {
        Target::Army(a) => armies_in(ctx.data, st, b.theater).contains(a),
        Target::Reclaim(s) => reclaimable(ctx.data, st, b.theater).contains(s),
    }
}

fn illegal(message: String, key: &str) -> Stop {
    Stop::Illegal(err("16.8", message, key))
}
