//! The Confederate Battle action (9.1, 10.2): a theater's leader attacks a Union army or
//! reclaims a Strategic space, the battle's resolution (9.1.1), the Leader Casualty Table
//! (9.1.2) and the leaders who come and go with it (9.8, 10.4).

use super::confederate::illegal;
use super::control::{self, holder, settle, Holder};
use super::data::{Data, Theater};
use super::events::Event;
use super::options::{army_words, either, space};
use super::orders::Target;
use super::readings::AdvisorReturn;
use super::rolls::{roll, Modifier, Test, Versus};
use super::script::{Ctx, Run};
use super::state::{Control, Place, Question, State};
use super::union::{self, theater_of};

/// The Strategic spaces of a theater the South may reclaim by a Battle action: Union
/// controlled, with a connected box the South controls (13.8.1).
pub fn reclaimable(data: &Data, st: &State, theater: Theater) -> Vec<String> {
    data.map
        .strategic
        .iter()
        .filter(|s| {
            s.theater == theater
                && st.strategic[&s.id] == Control::Union
                && !st.held.contains(&s.id)
        })
        .filter(|s| {
            s.connected
                .iter()
                .any(|c| holder(data, st, c) == Holder::Confederate)
        })
        .map(|s| s.id.clone())
        .collect()
}

pub fn armies_in(data: &Data, st: &State, theater: Theater) -> Vec<String> {
    st.armies
        .keys()
        .filter(|a| theater_of(data, st, a) == theater)
        .cloned()
        .collect()
}

/// 9.1: the theater's leader attacks a Union army there, or reclaims a Strategic space.
#[allow(clippy::too_many_arguments)]
pub fn battle(
    st: &mut State,
    ctx: &mut Ctx,
    theater: Theater,
    conditional: bool,
    drm: Modifier,
    battle_drm: Modifier,
    casualty: bool,
    preset: Option<Target>,
    rule: &str,
) -> Run {
    let data = ctx.data;
    let Some(leader) = st.commanders.get(&theater).cloned().flatten() else {
        ctx.event(Event::Ignored {
            rule: "6.1".into(),
            // The record keeps the theater's id here, as games already played hold it; the
            // report names the theater.
            what: format!("the {} theater has no leader", theater.name()),
        });
        return Ok(());
    };
    let armies = armies_in(data, st, theater);
    let reclaim = reclaimable(data, st, theater);
    let target = match preset {
        Some(t) => Some(t),
        None if armies.len() + reclaim.len() == 0 => None,
        None if armies.len() == 1 && reclaim.is_empty() => Some(Target::Army(armies[0].clone())),
        None => {
            let answer = ctx.ask(Question::BattleTarget {
                theater,
                armies: armies.clone(),
                reclaim: reclaim.clone(),
            })?;
            Some(answer.battle.expect("checked by ask"))
        }
    };
    match &target {
        Some(Target::Army(a)) if !armies.contains(a) => {
            return Err(illegal(
                "9.1",
                format!(
                    "the {a} army is not in the {} theater; there: {}",
                    theater.title(),
                    army_words(&armies)
                ),
                "battle",
            ))
        }
        Some(Target::Reclaim(s)) if !reclaim.contains(s) => {
            return Err(illegal(
                "13.8.1",
                format!(
                    "`{}` cannot be reclaimed in the {} theater now; {}",
                    space(ctx.data, s),
                    theater.title(),
                    if reclaim.is_empty() {
                        "no space can be".to_string()
                    } else {
                        let names: Vec<String> =
                            reclaim.iter().map(|r| space(ctx.data, r)).collect();
                        format!("these can: {}", either(&names))
                    }
                ),
                "battle",
            ))
        }
        _ => {}
    }
    let l = data
        .confederate_leader(&leader)
        .expect("leaders are known")
        .clone();
    let fought = match target {
        None => {
            ctx.event(Event::Ignored {
                rule: "6.1".into(),
                what: format!("nothing to attack in the {} theater", theater.name()),
            });
            false
        }
        Some(target) => {
            let go = if conditional {
                let t = Test::one(rule, format!("{}'s Initiative Roll", l.name), l.initiative)
                    .with(&[drm])
                    .plus(control::shenandoah_penalty(st, theater), || {
                        SHENANDOAH_PENALTY.into()
                    })
                    .confederate();
                roll(st, ctx, t)?.1.passed()
            } else {
                true
            };
            if go {
                match target {
                    Target::Reclaim(s) => {
                        st.strategic.insert(s.clone(), Control::Confederate);
                        ctx.event(Event::StrategicControl {
                            rule: "13.8.1".into(),
                            space: s,
                            control: Control::Confederate,
                        });
                        settle(st, ctx)?;
                    }
                    Target::Army(a) => resolve(st, ctx, theater, &leader, &a, battle_drm)?,
                }
            }
            go
        }
    };
    let _ = fought;
    if casualty {
        casualty_check(st, ctx, theater, &leader)?;
    }
    Ok(())
}

/// 9.1.1: Battle Resolution.
pub(super) fn resolve(
    st: &mut State,
    ctx: &mut Ctx,
    theater: Theater,
    leader: &str,
    army: &str,
    extra: Modifier,
) -> Run {
    let data = ctx.data;
    let form = data.form(army, &st.armies[army].form).clone();
    let l = data.confederate_leader(leader).expect("known");
    let card_drm: i32 = st
        .card
        .as_deref()
        .map(|c| {
            data.card(c)
                .battle_modifiers
                .iter()
                .filter(|m| m.theater.is_none_or(|t| t == theater))
                .map(|m| m.drm)
                .sum()
        })
        .unwrap_or(0);
    let mut t = Test::one(
        "9.1.1",
        format!("{}'s battle against the {}", l.name, form.name),
        form.battle,
    )
    .plus(l.battle, || format!("{}'s Battle DRM", l.name))
    .plus(card_drm, || "the card's special rule".into())
    .with(&[extra])
    .confederate();
    t.tie_wins = st
        .resources
        .values()
        .any(|p| matches!(p, Place::MoraleBox(_)));
    let (_, mut v) = roll(st, ctx, t)?;
    if v == Versus::Equal {
        let munitions = st.resources.iter().find_map(|(id, p)| match p {
            Place::MoraleBox(b) => Some((id.clone(), *b)),
            _ => None,
        });
        if let Some((id, b)) = munitions {
            v = Versus::Above;
            st.resources.insert(id.clone(), Place::MoraleBox(b + 1));
            ctx.event(Event::Munitions {
                rule: "16.4".into(),
                resource: id,
                to: b + 1,
            });
            control::munitions_meet(st, ctx);
        }
    }
    ctx.event(Event::Battle {
        rule: "9.1.1".into(),
        leader: leader.into(),
        army: army.into(),
        result: v,
    });
    match v {
        Versus::Above => {
            union::clear_initiative(st, ctx, army, "9.1.1");
            union::retreat(st, ctx, army, true, "9.1.1")?;
        }
        Versus::Equal => union::clear_initiative(st, ctx, army, "9.1.1"),
        Versus::Below => {}
    }
    Ok(())
}

/// 9.1.2: the Leader Casualty Table.
fn casualty_check(st: &mut State, ctx: &mut Ctx, theater: Theater, leader: &str) -> Run {
    let die = ctx.d6(&format!("9.1.2 casualty check: {leader}"));
    let result = ctx.data.tables.leader_casualty[&die];
    ctx.event(Event::Casualty {
        rule: "9.1.2".into(),
        leader: leader.into(),
        die,
        result,
    });
    use super::data::Casualty;
    if result == Casualty::Unhurt {
        return Ok(());
    }
    let new = draw_leader(st, ctx, "9.1.2");
    if st.commanders.get(&theater).cloned().flatten().as_deref() == Some(leader) {
        st.commanders.insert(theater, new.clone());
    }
    match result {
        Casualty::Wounded => st.leader_cup.push(leader.to_string()),
        _ => st.leaders_gone.push(leader.to_string()),
    }
    ctx.event(Event::LeaderCalledUp {
        rule: "9.1.2".into(),
        theater,
        leader: new,
        replaced: leader.into(),
    });
    Ok(())
}

/// What a draw from an empty Leader Cup records.
pub(super) const LEADER_CUP_EMPTY: &str = "the Leader Cup is empty";

/// 13.8.4: the recorded source of the -1 to an Eastern Initiative Roll while the Union holds
/// the Shenandoah Valley. The report's `mod_rule` cites the rule by these words.
pub(super) const SHENANDOAH_PENALTY: &str = "the Union holds the Shenandoah Valley";

/// A leader drawn at random from the Leader Cup, if it holds any.
pub(super) fn draw_leader(st: &mut State, ctx: &mut Ctx, rule: &str) -> Option<String> {
    if st.leader_cup.is_empty() {
        ctx.event(Event::Ignored {
            rule: rule.into(),
            what: LEADER_CUP_EMPTY.into(),
        });
        return None;
    }
    let i = ctx.draw(
        st.leader_cup.len(),
        &format!("{rule} draw from the Leader Cup"),
    );
    Some(st.leader_cup.remove(i))
}

/// 9.8, 10.4: a new leader for a theater; the old one goes back to the cup, or with
/// `promote` becomes the National Military Advisor.
pub(super) fn leader_shuffle(
    st: &mut State,
    ctx: &mut Ctx,
    theater: Theater,
    promote: bool,
    rule: &str,
) -> Run {
    let Some(new) = draw_leader(st, ctx, rule) else {
        return Ok(());
    };
    let old = st.commanders.insert(theater, Some(new.clone())).flatten();
    let mut returned = None;
    if let Some(o) = &old {
        if promote {
            if let Some(adv) = st.advisor.replace(o.clone()) {
                st.leader_cup.push(adv.clone());
                returned = Some(adv);
            }
        } else {
            st.leader_cup.push(o.clone());
        }
    }
    ctx.event(Event::LeaderCalledUp {
        rule: rule.into(),
        theater,
        leader: Some(new),
        replaced: old.unwrap_or_default(),
    });
    if promote {
        ctx.event(Event::Advisor {
            rule: "10.4".into(),
            leader: st.advisor.clone().unwrap_or_default(),
            returned: returned
                .filter(|_| ctx.data.tables.readings.advisor_return == AdvisorReturn::Named),
        });
    }
    Ok(())
}
