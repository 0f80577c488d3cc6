//! Rule 16. The Continental Navy: it never moves on the board; it hunts British shipping along
//! the whole coast and engages each unescorted transport or stack on a 5-6, rolled half way
//! along the course the player plotted. A damaged navy is out for the quarters the fleet
//! engagement's result says.

use super::events::{Event, NavyChange};
use super::facts;
use super::orders::Transport;
use super::script::{Ctx, Run};
use super::state::{NavyOut, Question, State};

/// 16: the reason recorded for the Continental Navy's roll against a transport, before the
/// player's label for it. Records hold it, so it never changes.
pub const COURSE_ROLL: &str = "16 Continental Navy half way along the course of ";

/// 16: a damaged navy whose quarters are served comes back.
pub fn returns(st: &mut State, ctx: &mut Ctx) {
    if st.navy.damaged && st.navy.back.is_some_and(|q| q <= st.date.quarter()) {
        st.navy.damaged = false;
        st.navy.back = None;
        ctx.event(Event::NavyReturns);
        naval_sp(st, ctx, NavyChange::Back);
    }
}

/// 16 with 17 duty 1 (RULINGS A32): a damaged navy is out of the game, so its naval SP are not
/// deployed while it is out, and are again once it is back. The first thirteen editions (no
/// `continental_navy` in the tables) left the naval SP as the player last reported them.
fn naval_sp(st: &mut State, ctx: &mut Ctx, change: NavyChange) {
    let Some(cn) = ctx.data.tables.continental_navy else {
        return;
    };
    st.naval.american = match change {
        NavyChange::Out => (st.naval.american - cn.sp).max(0),
        NavyChange::Back => st.naval.american.saturating_add(cn.sp),
    };
    ctx.event(Event::NavalSp {
        american: st.naval.american,
        british: st.naval.british,
        navy: change,
    });
}

/// 16: one roll for each unescorted transport or stack, in the order the player listed them.
pub fn transports(st: &mut State, ctx: &mut Ctx, list: &[Transport]) -> Run {
    for t in list {
        if t.escorted {
            ctx.event(Event::Transport {
                transport: t.id.clone(),
                die: None,
                engaged: false,
                reason: "escorted: the Continental Navy engages only unescorted transports".into(),
            });
            continue;
        }
        if let Some(out) = st.navy.out {
            ctx.event(Event::Transport {
                transport: t.id.clone(),
                die: None,
                engaged: false,
                reason: match out {
                    NavyOut::NotDeployed => "the Continental Navy is not deployed",
                    NavyOut::Lost => "the Continental Navy is lost",
                }
                .into(),
            });
            continue;
        }
        if st.navy.damaged {
            let back = st.navy.back.expect("a damaged navy has a return quarter");
            ctx.event(Event::Transport {
                transport: t.id.clone(),
                die: None,
                engaged: false,
                reason: format!(
                    "the Continental Navy is damaged and out until quarter {} of {}",
                    back.quarter, back.year
                ),
            });
            continue;
        }
        let die = ctx.d6(&format!("{COURSE_ROLL}{}", t.id));
        let engaged = die >= 5;
        ctx.event(Event::Transport {
            transport: t.id.clone(),
            die: Some(die),
            engaged,
            reason: if engaged {
                "a 5-6: the Continental Navy engages; fight the fleet engagement".into()
            } else {
                "1-4: the transport passes".into()
            },
        });
        if !engaged {
            continue;
        }
        let answer = ctx.ask(Question::Engagement {
            transport: t.id.clone(),
        })?;
        let r = answer.engagement.expect("asked for an engagement");
        if r.damaged {
            let q = match r.quarters {
                Some(q) if q >= 1 => facts::count(q, "quarters", "engagement.quarters".into())?,
                _ => {
                    return Err(crate::engine::error::OrderError::new(
                        "16",
                        "a damaged Continental Navy is out for `quarters` (1 or more) quarters",
                    )
                    .at("engagement.quarters")
                    .into())
                }
            };
            // Whole quarters after the one it was damaged in (RULINGS.md, A10).
            let back = st.date.quarter().plus(q + 1);
            st.navy.damaged = true;
            st.navy.back = Some(back);
            ctx.event(Event::NavyDamaged {
                transport: t.id.clone(),
                back,
            });
            naval_sp(st, ctx, NavyChange::Out);
        } else {
            if r.quarters.is_some() {
                return Err(crate::engine::error::OrderError::new(
                    "16",
                    "`quarters` is only for a damaged navy",
                )
                .at("engagement.quarters")
                .into());
            }
            ctx.event(Event::NavyUndamaged {
                transport: t.id.clone(),
            });
        }
    }
    Ok(())
}
