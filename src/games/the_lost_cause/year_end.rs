//! The Year End Sequence (14.1-14.6) and how the war ends (15.0-15.3).

use super::confederate::{draw_resource, morale_roll, recognition_up};
use super::control::{self, holder, shift_morale, Holder};
use super::events::Event;
use super::orders::{err, Infrastructure};
use super::rolls::{roll, Test, Versus};
use super::script::{Ctx, Run, Stop};
use super::state::{Control, Cursor, Outcome, Place, Question, State, TrackMarker};

fn phase(ctx: &mut Ctx, rule: &str, name: &str) {
    ctx.event(Event::YearEndPhase {
        rule: rule.into(),
        phase: name.into(),
    });
}

/// 14.0: the whole Year End Sequence, then the next year's Draw Pile.
pub fn run(st: &mut State, ctx: &mut Ctx) -> Run {
    let data = ctx.data;
    phase(ctx, "14.1", "Union Blockade Effects");
    if st.blockade >= 6 {
        shift_morale(st, ctx, -1, "14.1", "the Blockade is complete")?;
    }
    if !st.mississippi_closed
        && ["new-orleans", "vicksburg", "shiloh-corinth"]
            .iter()
            .all(|s| st.bases.contains(*s))
    {
        st.mississippi_closed = true;
        ctx.event(Event::MississippiClosed);
        shift_morale(st, ctx, -1, "14.1", "the Mississippi is closed")?;
    }
    if st.year == 1864 {
        phase(ctx, "14.2", "Election of 1864");
        election(st, ctx)?;
    }
    phase(ctx, "14.3", "Year Marker");
    let done = st.year;
    if done >= data.pieces.setup.last_year {
        finish(st, ctx, true, "survival");
        return Err(Stop::Over);
    }
    st.year += 1;
    let leaders: Vec<String> = data
        .pieces
        .confederate_leaders
        .iter()
        .filter(|l| l.arrives == Some(st.year))
        .map(|l| l.id.clone())
        .collect();
    st.leader_cup.extend(leaders.iter().cloned());
    let resources: Vec<String> = data
        .pieces
        .resources
        .iter()
        .filter(|r| r.year == st.year && st.resources.get(&r.id) == Some(&Place::Future))
        .map(|r| r.id.clone())
        .collect();
    for r in &resources {
        st.resources.insert(r.clone(), Place::Cup);
    }
    ctx.event(Event::YearAdvanced {
        year: st.year,
        leaders,
        resources,
    });
    phase(ctx, "14.4", "International");
    if st.recognition >= 6 {
        super::union::blockade_back(st, ctx, "14.4");
    }
    if st.recognition >= 5 {
        draw_resource(st, ctx, "14.4");
    }
    // 14.4 #3: every Union army in play in its Home Base space, the space itself (RULINGS
    // L56): not an Advanced Base its route begins at.
    let all_home = !st.armies.is_empty()
        && st
            .armies
            .iter()
            .all(|(id, a)| super::union::at_home_base(ctx.data, id, a) && !a.invading);
    if all_home || control::invasions(st) > 0 {
        recognition_up(st, ctx, "14.4")?;
    }
    phase(ctx, "14.5", "Domestic");
    if st.strategic.get("shenandoah-valley") == Some(&Control::Confederate) {
        draw_resource(st, ctx, "14.5");
    }
    infrastructure(st, ctx)?;
    deal(st, ctx);
    Ok(())
}

/// 14.2: Lincoln stands for re-election; the North wants a high roll.
fn election(st: &mut State, ctx: &mut Ctx) -> Run {
    let data = ctx.data;
    let raider = control::raider_on(st, TrackMarker::Morale);
    let lost: Vec<&str> = ["new-orleans", "vicksburg", "atlanta", "richmond-petersburg"]
        .into_iter()
        .filter(|s| holder(data, st, s) != Holder::Confederate)
        .collect();
    let invasions = control::invasions(st);
    let t = Test::two("14.2", "The Election of 1864".into(), st.morale)
        .plus(lost.len() as i32, || {
            let names: Vec<String> = lost.iter().map(|s| data.space(s).name.clone()).collect();
            format!(
                "{} not Confederate",
                crate::engine::error::listed(&names, "and")
            )
        })
        .plus(-invasions, || super::confederate::invasion_words(invasions))
        .plus(-i32::from(raider.is_some()), || {
            "the Commerce Raider".into()
        });
    let (_, v) = roll(st, ctx, t)?;
    control::raider_returns(st, ctx, TrackMarker::Morale, v != Versus::Above);
    match v {
        Versus::Above => {
            ctx.event(Event::Election {
                lincoln: true,
                weak: false,
            });
            Ok(())
        }
        Versus::Equal => {
            ctx.event(Event::Election {
                lincoln: true,
                weak: true,
            });
            st.morale_flipped = true;
            shift_morale(st, ctx, 1, "14.2", "Lincoln won with a weak Congress")
        }
        Versus::Below => {
            ctx.event(Event::Election {
                lincoln: false,
                weak: false,
            });
            st.morale_flipped = true;
            shift_morale(st, ctx, 1, "14.2", "the Peace Democrats won")?;
            finish(st, ctx, true, "election");
            Err(Stop::Over)
        }
    }
}

/// 14.5 #2: Southern Infrastructure, a Morale Test with its results turned around.
fn infrastructure(st: &mut State, ctx: &mut Ctx) -> Run {
    // Not re-rollable: the roll that stands is the one any Raider modified.
    let (v, _) = morale_roll(st, ctx, 0, "14.5", false)?;
    control::raider_returns(st, ctx, TrackMarker::Morale, v == Versus::Below);
    let available = st.resources_at(&Place::Available);
    let cup = st.resources_at(&Place::Cup);
    match v {
        Versus::Equal => Ok(()),
        Versus::Above => {
            let pick = if available.is_empty() {
                Infrastructure::Morale
            } else {
                answer(ctx, false)?
            };
            match pick {
                Infrastructure::Morale => {
                    shift_morale(st, ctx, -1, "14.5", "the infrastructure is failing")
                }
                Infrastructure::Resource => {
                    let i = ctx.draw(available.len(), "14.5 Available Resource lost");
                    // 16.1: a lost X marker is set aside, not returned to the cup.
                    let x = ctx.data.resource(&available[i]).is_some_and(|r| r.x);
                    let to = if x { Place::Gone } else { Place::Cup };
                    st.resources.insert(available[i].clone(), to);
                    ctx.event(Event::ResourceLost {
                        rule: "14.5".into(),
                        resource: available[i].clone(),
                    });
                    Ok(())
                }
            }
        }
        Versus::Below => {
            let pick = if cup.is_empty() || st.morale >= 12 {
                if cup.is_empty() {
                    Infrastructure::Morale
                } else {
                    Infrastructure::Resource
                }
            } else {
                answer(ctx, true)?
            };
            match pick {
                Infrastructure::Morale => {
                    shift_morale(st, ctx, 1, "14.5", "the infrastructure holds")
                }
                Infrastructure::Resource => {
                    draw_resource(st, ctx, "14.5");
                    Ok(())
                }
            }
        }
    }
}

fn answer(ctx: &mut Ctx, good: bool) -> Run<Infrastructure> {
    let a = ctx.ask(Question::Infrastructure { good })?;
    a.infrastructure.ok_or_else(|| {
        Stop::Illegal(err(
            "14.5",
            "give `infrastructure: morale` or `infrastructure: resource`".into(),
            "infrastructure",
        ))
    })
}

/// 14.6: shuffle the year's stack and deal its Draw Pile; the rest waits a year.
pub fn deal(st: &mut State, ctx: &mut Ctx) {
    let su = &ctx.data.pieces.setup;
    let mut stack = st.stacks.remove(&st.year).unwrap_or_default();
    let order = ctx.shuffle(stack.len(), &format!("14.6 shuffle the {} stack", st.year));
    stack = order.iter().map(|&i| stack[i].clone()).collect();
    let n = if st.year >= su.last_year {
        stack.len()
    } else if st.year == su.year {
        su.first_year_cards
    } else {
        su.cards_per_year
    }
    .min(stack.len());
    let rest = stack.split_off(n);
    let held_back = rest.len() as u32;
    if !rest.is_empty() {
        let next = st.stacks.entry(st.year + 1).or_default();
        let mut merged = rest;
        merged.append(next);
        *next = merged;
    }
    st.draw_pile = stack;
    ctx.event(Event::YearBegins {
        year: st.year,
        cards: n as u32,
        held_back,
    });
}

/// 15.0-15.3: the game ends; the level of victory or defeat is written down.
pub fn finish(st: &mut State, ctx: &mut Ctx, victory: bool, how: &str) {
    let t = &ctx.data.tables;
    let levels = if victory { &t.victory } else { &t.defeat };
    let score = if victory {
        st.morale
    } else {
        st.headlines_played as i32
    };
    let mut k = levels
        .iter()
        .position(|l| score >= l.min)
        .unwrap_or(levels.len().saturating_sub(1));
    let shifted = st.recognition >= 5 && k > 0;
    if shifted {
        k -= 1;
    }
    let level = levels.get(k);
    let outcome = Outcome {
        victory,
        how: how.into(),
        level: level.map(|l| l.name.clone()).unwrap_or_default(),
        motto: level.map(|l| l.motto.clone()).unwrap_or_default(),
        morale: st.morale,
        headlines_played: st.headlines_played,
        shifted,
    };
    st.outcome = Some(outcome.clone());
    st.cursor = Cursor::Over;
    st.question = None;
    ctx.event(Event::GameOver { outcome });
}
