//! The Union side: army actions and their priority list (7.3), the Blockade (7.4), the
//! Union lines of a Headline card (6.0, 7.1, 7.2), the tracks, Bases and branch rules
//! (8.1-8.9), retreats and recalls (9.1.1, 9.2), and the Initiative check (11.0).

use super::control::{self, settle};
use super::data::{Data, ResourceKind, Symbol, Theater, UnionAction, UnionTheater};
use super::events::Event;
use super::readings::{CardRecognition, HomeBase};
use super::rolls::{roll, Modifier, Test};
use super::script::{Ctx, Run};
use super::state::{ArmyState, Control, Marker, Navies, Place, Question, State};
pub use super::tracks::{can_build_base, flip, march, peninsula, remove};
use super::tracks::{sail_back_if_home, sailing};

pub const FORM_VIRGINIA: &str = "army-of-virginia";
pub const FORM_POTOMAC: &str = "army-of-the-potomac";
pub const FORM_EAG: &str = "eastern-army-group";
pub const FORM_JAMES: &str = "army-of-the-james";
pub const FORM_POTOMAC_PENINSULA: &str = "army-of-the-potomac-peninsula";
pub const FORM_RIVERINE: &str = "army-of-the-tennessee-riverine";
pub const FORM_CUMBERLAND: &str = "army-of-the-cumberland";
pub const FORM_WAG: &str = "western-army-group";
pub const FORM_ALABAMA: &str = "army-of-alabama";

/// The theater an army stands in, for Confederate Battle actions (9.1).
pub fn theater_of(data: &Data, st: &State, army: &str) -> Theater {
    let a = &st.armies[army];
    let space = if a.invading {
        data.army(army)
            .and_then(|d| d.invasion.clone())
            .unwrap_or_else(|| a.space().to_string())
    } else {
        a.space().to_string()
    };
    data.space(&space).theater
}

/// Where an army is, in words for events: its space, or its Northern Invasion space.
pub fn where_is(data: &Data, st: &State, army: &str) -> String {
    let a = &st.armies[army];
    if a.invading {
        if let Some(i) = data.army(army).and_then(|d| d.invasion.clone()) {
            return i;
        }
    }
    a.space().to_string()
}

/// 13.1 (RULINGS L56): whether the army `id` stands on its Home Base space, the space its
/// track begins at. A position may begin its route at an Advanced Base (8.1: the Base at the
/// beginning of its current Track), so the first space of the route is not always its Home
/// Base; the first eight editions took it for one.
pub fn at_home_base(data: &Data, id: &str, a: &ArmyState) -> bool {
    match data.tables.readings.home_base {
        HomeBase::RouteStart => a.at == 0,
        HomeBase::Space => data.army(id).is_some_and(|d| a.space() == d.home),
    }
}

/// 8.1, 13.2 (RULINGS L24): whether an Advanced Base stands on the army's route, which rules
/// out a Northern Invasion along it. The first eight editions looked past the route's first
/// space, taking it for the Home Base, so a base there was missed.
fn based_on_route(data: &Data, st: &State, a: &ArmyState) -> bool {
    let skip = match data.tables.readings.home_base {
        HomeBase::RouteStart => 1,
        HomeBase::Space => 0,
    };
    a.route.iter().skip(skip).any(|s| st.bases.contains(s))
}

/// 8.1: the Base an army operates from: the farthest Advanced Base behind or under it on
/// its route, else the first space of its route, the start of its current Track (its Home
/// Base, unless a position began the route at an Advanced Base).
pub fn base_index(st: &State, a: &ArmyState) -> usize {
    (0..=a.at)
        .rev()
        .find(|&i| i == 0 || st.bases.contains(&a.route[i]))
        .unwrap_or(0)
}

fn commander_drm(data: &Data, st: &State, army: &str) -> Modifier {
    let theater = data.army(army).expect("army in play is known").theater;
    st.union_commanders
        .get(&theater)
        .and_then(|l| data.union_leader(l))
        .map_or_else(Modifier::none, |l| {
            Modifier::new(l.initiative, &format!("{} in command", l.name))
        })
}

/// Sets a Resource marker aside after use: back to the cup, or out for an X marker (16.1).
pub fn discard(st: &mut State, ctx: &mut Ctx, id: &str, rule: &str) {
    let x = ctx.data.resource(id).is_some_and(|r| r.x);
    let to = if x { Place::Gone } else { Place::Cup };
    st.resources.insert(id.to_string(), to);
    ctx.event(Event::ResourceRemoved {
        rule: rule.into(),
        resource: id.into(),
        to_cup: !x,
    });
}

pub fn available_of(data: &Data, st: &State, kind: ResourceKind) -> Option<String> {
    st.resources
        .iter()
        .find(|(id, p)| **p == Place::Available && data.resource(id).map(|r| r.kind) == Some(kind))
        .map(|(id, _)| id.clone())
}

/// 16.10: the player may spend Torpedoes to stop a Union action on the rivers or the
/// Blockade's advance. Returns whether they were spent.
pub(super) fn torpedoes(st: &mut State, ctx: &mut Ctx, what: String) -> Run<bool> {
    let Some(id) = available_of(ctx.data, st, ResourceKind::Torpedoes) else {
        return Ok(false);
    };
    let answer = ctx.ask(Question::Torpedoes { what: what.clone() })?;
    if answer.torpedoes != Some(true) {
        return Ok(false);
    }
    ctx.event(Event::Torpedoes {
        resource: id.clone(),
        stopped: what,
    });
    discard(st, ctx, &id, "16.10");
    Ok(true)
}

/// The rule a card's flip or removal of an army records: 6.0 since the first edition, though
/// 7.1 governs it. Games replay against their records, so the record keeps it, and the
/// report's copy cites 7.1 (`words::card_army_rule`).
pub(super) const CARD_ARMY_RULE: &str = "6.0";

/// The ends of the words two skips record. The report reads the army back from them
/// (`words::placement_skipped`, `words::army_line_skipped`) through the readers beside the
/// writers below, so the two cannot drift apart. Old game files hold these words and
/// `verify` compares them: they must not change.
const ALREADY_IN_PLAY: &str = " army is already in play or gone";
const NOT_IN_PLAY: &str = " army is not in play";

/// 6.0: the record's words for a placement triangle ignored, the army in play or gone.
fn skipped_placement_words(army: &str) -> String {
    format!("the {army}{ALREADY_IN_PLAY}")
}

/// The army of a skipped placement's words, if `what` is such words.
pub(super) fn skipped_placement(what: &str) -> Option<&str> {
    what.strip_prefix("the ")?.strip_suffix(ALREADY_IN_PLAY)
}

/// 6.1: the record's words for a card's line for an army not in play.
fn skipped_army_line_words(army: &str) -> String {
    format!("the {army}{NOT_IN_PLAY}")
}

/// The army of a skipped army line's words, if `what` is such words.
pub(super) fn skipped_army_line(what: &str) -> Option<&str> {
    what.strip_prefix("the ")?.strip_suffix(NOT_IN_PLAY)
}

/// One Union line of a Headline card.
pub fn line(st: &mut State, ctx: &mut Ctx, action: &UnionAction) -> Run {
    let data = ctx.data;
    match action {
        UnionAction::Army {
            army,
            symbol,
            drm,
            initiative,
        } => {
            if !st.armies.contains_key(army) {
                ctx.event(Event::Ignored {
                    rule: "6.1".into(),
                    what: skipped_army_line_words(army),
                });
                return Ok(());
            }
            if *initiative {
                st.armies
                    .get_mut(army)
                    .expect("in play")
                    .initiative
                    .push(Marker {
                        symbol: *symbol,
                        drm: *drm,
                    });
                ctx.event(Event::InitiativeMarker {
                    army: army.clone(),
                    symbol: *symbol,
                    drm: *drm,
                });
                return Ok(());
            }
            order(
                st,
                ctx,
                army,
                *symbol,
                Modifier::new(*drm, "the card"),
                "7.1",
            )
        }
        UnionAction::Blockade => blockade(st, ctx),
        UnionAction::Place { army, space } => {
            if st.armies.contains_key(army) || st.removed.contains(army) {
                ctx.event(Event::Ignored {
                    rule: "6.0".into(),
                    what: skipped_placement_words(army),
                });
                return Ok(());
            }
            let def = data.army(army).expect("checked with the deck");
            let route = data
                .track(&def.track)
                .map(|t| t.spaces.clone())
                .unwrap_or_default();
            let at = route.iter().position(|s| s == space).unwrap_or(0);
            st.armies.insert(
                army.clone(),
                ArmyState {
                    form: def.forms[0].id.clone(),
                    route,
                    at,
                    invading: false,
                    disrupted: 0,
                    initiative: Vec::new(),
                },
            );
            ctx.event(Event::ArmyPlaced {
                army: army.clone(),
                form: def.forms[0].id.clone(),
                space: space.clone(),
            });
            settle(st, ctx)
        }
        UnionAction::Commander {
            theater,
            leader,
            replaces,
        } => {
            let fixed = st
                .union_commanders
                .get(theater)
                .is_some_and(|l| l == "grant" || l == "sherman");
            let in_play = st.union_commanders.values().any(|l| l == leader);
            if in_play || fixed {
                ctx.event(Event::Ignored {
                    rule: if fixed { "7.1" } else { "6.1" }.into(),
                    what: format!("{leader} cannot take the command"),
                });
                return Ok(());
            }
            // L50: a card that sacks one leader for another acts only while that leader holds
            // the box; moving a piece that is not there is ignored (6.1).
            if let Some(sacked) = replaces {
                if st.union_commanders.get(theater) != Some(sacked) {
                    let name = |id: &str| {
                        data.union_leader(id)
                            .map_or(id.to_string(), |l| l.name.clone())
                    };
                    ctx.event(Event::Ignored {
                        rule: "6.1".into(),
                        what: format!(
                            "{} cannot take the command: the card sacks {}, who does not hold the {}",
                            name(leader),
                            name(sacked),
                            match theater {
                                UnionTheater::East => "East",
                                UnionTheater::West => "West",
                            }
                        ),
                    });
                    return Ok(());
                }
            }
            let old = st.union_commanders.insert(*theater, leader.clone());
            ctx.event(Event::UnionCommander {
                rule: "7.2".into(),
                theater: *theater,
                leader: leader.clone(),
                replaced: old,
            });
            Ok(())
        }
        UnionAction::Flip { army, form } => {
            // 6.1: a flip that makes no sense is ignored: the army groups of 8.8.1 and 8.4 are
            // combined for good, and while the Army of the Potomac is on the Peninsula (8.9)
            // the blue army is the Army of Virginia, not a second Army of the Potomac.
            let shown = st.armies.get(army).map(|a| a.form.as_str());
            let why = match shown {
                Some(FORM_EAG) if form != FORM_EAG => {
                    Some("the Eastern Army Group stays combined (8.8.1)".to_string())
                }
                Some(FORM_WAG) if form != FORM_WAG => {
                    Some("the Western Army Group stays combined (8.4)".to_string())
                }
                Some(_) if army == "blue" && sailing(st) && form != FORM_VIRGINIA => Some(
                    "the Army of the Potomac is on the Peninsula; the blue army stays the Army of Virginia"
                        .to_string(),
                ),
                _ => None,
            };
            match why {
                Some(what) => ctx.event(Event::Ignored {
                    rule: "6.1".into(),
                    what,
                }),
                None => flip(st, ctx, army, form, CARD_ARMY_RULE),
            }
            Ok(())
        }
        UnionAction::Remove { army } => {
            if st.armies.contains_key(army) {
                remove(st, ctx, army, CARD_ARMY_RULE);
                settle(st, ctx)?;
            }
            Ok(())
        }
        UnionAction::Disrupt { army } => {
            if let Some(a) = st.armies.get_mut(army) {
                a.disrupted += 1;
                ctx.event(Event::Disrupted {
                    rule: "7.3".into(),
                    army: army.clone(),
                });
            }
            Ok(())
        }
        UnionAction::Peninsula { sail } => {
            peninsula(st, ctx, *sail);
            settle(st, ctx)
        }
        UnionAction::BaseAvailable { space } => {
            if st.bases_released.insert(space.clone()) {
                ctx.event(Event::BaseReleased {
                    space: space.clone(),
                });
            }
            Ok(())
        }
        UnionAction::Morale { delta } => control::shift_morale(st, ctx, *delta, "12.0", "the card"),
        UnionAction::Recognition {
            delta,
            emancipation,
        } => {
            // L53: a card that moves the marker up moves it box by box as a Diplomatic
            // success does, so that boxes 5 and 6 bring Recognition and Intervention (9.5.1,
            // 9.5.2, 12.0) whatever moved it there. The first six editions moved the number
            // only.
            if *delta > 0 && ctx.data.tables.readings.card_recognition == CardRecognition::Boxes {
                for _ in 0..*delta {
                    super::confederate::recognition_up(st, ctx, "9.5")?;
                }
                if *emancipation && !st.emancipation {
                    st.emancipation = true;
                    ctx.event(Event::Recognition {
                        rule: "9.5".into(),
                        from: st.recognition,
                        to: st.recognition,
                        emancipation: true,
                    });
                }
                return Ok(());
            }
            let from = st.recognition;
            st.recognition = (st.recognition + delta).clamp(0, 6);
            let flipped = *emancipation && !st.emancipation;
            if *emancipation {
                st.emancipation = true;
            }
            if from != st.recognition || flipped {
                ctx.event(Event::Recognition {
                    rule: "9.5".into(),
                    from,
                    to: st.recognition,
                    emancipation: st.emancipation,
                });
            }
            Ok(())
        }
        UnionAction::Devastate { strategic } => {
            if st.strategic.get(strategic) != Some(&Control::Devastated) {
                st.strategic.insert(strategic.clone(), Control::Devastated);
                ctx.event(Event::StrategicControl {
                    rule: "13.8.4".into(),
                    space: strategic.clone(),
                    control: Control::Devastated,
                });
            }
            Ok(())
        }
    }
}

/// An army ordered to act: a Conditional order needs its Initiative Roll (7.1).
pub fn order(
    st: &mut State,
    ctx: &mut Ctx,
    army: &str,
    symbol: Symbol,
    drm: Modifier,
    rule: &str,
) -> Run {
    let data = ctx.data;
    if symbol == Symbol::Square {
        let form = data.form(army, &st.armies[army].form);
        let t = Test::one(
            rule,
            format!("{} Initiative Roll", form.name),
            form.initiative,
        )
        .with(&[drm])
        .with(&[commander_drm(data, st, army)]);
        let (_, v) = roll(st, ctx, t)?;
        if !v.passed() {
            return Ok(());
        }
    }
    activate(st, ctx, army)
}

/// 7.3: an activated army does the first thing on the list it can.
pub fn activate(st: &mut State, ctx: &mut Ctx, army: &str) -> Run {
    let data = ctx.data;
    let a = st.armies[army].clone();
    let space = a.space().to_string();
    if a.disrupted > 0 {
        st.armies.get_mut(army).expect("in play").disrupted -= 1;
        ctx.event(Event::Recovered {
            rule: "7.3".into(),
            army: army.into(),
        });
        return Ok(());
    }
    let on_river = !a.invading && data.space(&space).river;
    let river_stop = |st: &mut State, ctx: &mut Ctx, what: &str| -> Run<bool> {
        if on_river {
            torpedoes(
                st,
                ctx,
                format!("the {army} army's {what} at {}", data.space(&space).name),
            )
        } else {
            Ok(false)
        }
    };
    if !a.invading {
        if let Some(g) = st.marker_on(data, &space, ResourceKind::Gunboats) {
            if river_stop(st, ctx, "attack on the Gunboats")? {
                return Ok(());
            }
            ctx.event(Event::ObstacleCleared {
                rule: "7.3".into(),
                army: army.into(),
                obstacle: g.clone(),
                space: space.clone(),
            });
            discard(st, ctx, &g, "16.6");
            return Ok(());
        }
        if let Some(i) = st.marker_on(data, &space, ResourceKind::Ironclads) {
            if river_stop(st, ctx, "attack on the Ironclad")? {
                return Ok(());
            }
            let value = data.resource(&i).and_then(|r| r.obstacle).unwrap_or(0);
            let (_, v) = roll(
                st,
                ctx,
                Test::one(
                    "7.3",
                    format!("The {army} army against the Ironclad"),
                    value,
                ),
            )?;
            if v.passed() {
                ctx.event(Event::ObstacleCleared {
                    rule: "16.7".into(),
                    army: army.into(),
                    obstacle: i.clone(),
                    space: space.clone(),
                });
                discard(st, ctx, &i, "16.7");
            }
            return Ok(());
        }
        let named = st.fortified.contains(&space);
        let fort = st.marker_on(data, &space, ResourceKind::Forts);
        if named || fort.is_some() {
            if river_stop(st, ctx, "siege")? {
                return Ok(());
            }
            let value = if named {
                data.fortification(&space).map_or(0, |f| f.obstacle)
            } else {
                fort.as_deref()
                    .and_then(|f| data.resource(f))
                    .and_then(|r| r.obstacle)
                    .unwrap_or(0)
            };
            let (_, v) = roll(
                st,
                ctx,
                Test::one(
                    "7.3",
                    format!("The {army} army's siege of {}", data.space(&space).name),
                    value,
                ),
            )?;
            if v.passed() {
                let obstacle = fort.clone().unwrap_or_else(|| format!("{space}-fortified"));
                ctx.event(Event::ObstacleCleared {
                    rule: "16.5".into(),
                    army: army.into(),
                    obstacle,
                    space: space.clone(),
                });
                match fort {
                    Some(f) => discard(st, ctx, &f, "16.5"),
                    None => {
                        st.fortified.remove(&space);
                    }
                }
            }
            return Ok(());
        }
        if can_build_base(data, st, &space) {
            if river_stop(st, ctx, "Advanced Base")? {
                return Ok(());
            }
            st.bases.insert(space.clone());
            ctx.event(Event::AdvancedBase {
                rule: "7.3".into(),
                army: army.into(),
                space,
            });
            return settle(st, ctx);
        }
    }
    if river_stop(st, ctx, "march")? {
        return Ok(());
    }
    march(st, ctx, army)
}

/// 9.1.1, 9.2.1: one space back toward the army's Base; from its Home Base after 1861 a
/// Battle (not a Raid) may drive it into its Northern Invasion space (13.2), unless an
/// Advanced Base stands on its track (8.1, RULINGS L24). Returns whether it moved.
pub fn retreat(
    st: &mut State,
    ctx: &mut Ctx,
    army: &str,
    by_battle: bool,
    rule: &str,
) -> Run<bool> {
    let data = ctx.data;
    let a = st.armies[army].clone();
    if a.invading {
        return Ok(false);
    }
    let base = base_index(st, &a);
    if a.at > base {
        let from = a.space().to_string();
        let m = st.armies.get_mut(army).expect("in play");
        m.at -= 1;
        let to = m.space().to_string();
        ctx.event(Event::Retreated {
            rule: rule.into(),
            army: army.into(),
            from,
            to,
        });
        sail_back_if_home(st, ctx, army);
        settle(st, ctx)?;
        return Ok(true);
    }
    let def = data.army(army).expect("in play");
    // 8.1, 13.2 (RULINGS L24): never past an Advanced Base; only from the Home Base itself
    // into the Northern Invasion space behind it, and not once a base is on the track.
    let based_forward = based_on_route(data, st, &a);
    let valley_open = def.theater != super::data::UnionTheater::East
        || st.strategic.get("shenandoah-valley") != Some(&Control::Devastated);
    let home = at_home_base(data, army, &a);
    if by_battle && home && st.year > 1861 && !based_forward && valley_open {
        if let Some(inv) = &def.invasion {
            st.armies.get_mut(army).expect("in play").invading = true;
            ctx.event(Event::NorthernInvasion {
                rule: "13.2".into(),
                army: army.into(),
                space: inv.clone(),
            });
            settle(st, ctx)?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// 9.2.2: all the way back to its Base.
pub fn recall(st: &mut State, ctx: &mut Ctx, army: &str, rule: &str) -> Run {
    let a = st.armies[army].clone();
    let base = if a.invading { 0 } else { base_index(st, &a) };
    if a.at == base && !a.invading {
        return Ok(());
    }
    let from = where_is(ctx.data, st, army);
    let m = st.armies.get_mut(army).expect("in play");
    m.at = base;
    m.invading = false;
    let to = m.space().to_string();
    ctx.event(Event::Recalled {
        rule: rule.into(),
        army: army.into(),
        from,
        to,
    });
    sail_back_if_home(st, ctx, army);
    settle(st, ctx)
}

/// Takes every Initiative marker off an army (9.1.1, 9.2.3).
pub fn clear_initiative(st: &mut State, ctx: &mut Ctx, army: &str, rule: &str) {
    if let Some(a) = st.armies.get_mut(army) {
        if !a.initiative.is_empty() {
            let n = a.initiative.len();
            a.initiative.clear();
            ctx.event(Event::InitiativeRemoved {
                rule: rule.into(),
                army: army.into(),
                markers: n as u32,
            });
        }
    }
}

/// The Naval Blockade marker falls back one box, if it can (14.4, 16.9).
pub fn blockade_back(st: &mut State, ctx: &mut Ctx, rule: &str) {
    if st.blockade > 0 {
        let from = st.blockade;
        st.blockade -= 1;
        ctx.event(Event::Blockade {
            rule: rule.into(),
            from,
            to: st.blockade,
        });
    }
}

/// 7.4: a Union Naval action.
pub fn blockade(st: &mut State, ctx: &mut Ctx) -> Run {
    let data = ctx.data;
    if let Some(i) = st
        .resources_at(&Place::Blockade)
        .into_iter()
        .find(|r| data.resource(r).map(|d| d.kind) == Some(ResourceKind::Ironclads))
    {
        let value = data.resource(&i).and_then(|r| r.obstacle).unwrap_or(0);
        let (_, v) = roll(
            st,
            ctx,
            Test::one("7.4", "The Blockade against the Ironclad".into(), value),
        )?;
        if v.passed() {
            ctx.event(Event::ObstacleCleared {
                rule: "7.4".into(),
                army: "blockade".into(),
                obstacle: i.clone(),
                space: "blockade".into(),
            });
            discard(st, ctx, &i, "16.7");
        }
        return Ok(());
    }
    if let Some(c) = st
        .resources_at(&Place::Blockade)
        .into_iter()
        .find(|r| data.resource(r).map(|d| d.kind) == Some(ResourceKind::CoastalForts))
    {
        ctx.event(Event::ObstacleCleared {
            rule: "7.4".into(),
            army: "blockade".into(),
            obstacle: c.clone(),
            space: "blockade".into(),
        });
        discard(st, ctx, &c, "16.2");
        return Ok(());
    }
    let cap = if st.navies == Navies::None { 6 } else { 5 };
    if st.blockade >= cap {
        ctx.event(Event::Ignored {
            rule: "7.4".into(),
            what: format!("the Blockade cannot pass box {cap}"),
        });
        return Ok(());
    }
    if torpedoes(st, ctx, "the Blockade's advance".into())? {
        return Ok(());
    }
    let from = st.blockade;
    st.blockade += 1;
    ctx.event(Event::Blockade {
        rule: "7.4".into(),
        from,
        to: st.blockade,
    });
    Ok(())
}
