//! The Confederate side: the Confederate lines of a Headline card (9.x), Command actions
//! (10.x), and putting Resources into play (16.x).

use super::control::{self, holder, Holder};
use super::data::{ConfederateAction, Data, RaidResult, ResourceKind, Symbol, Theater};
use super::events::Event;
use super::orders::{err, Command, RaiderTo, Target};
use super::readings::{MunitionsSpace, RaiderReturn};
use super::rolls::{not_offered, roll, roll_with_first, Modifier, Test, Versus};
use super::script::{Ctx, Run, Stop};
use super::state::{Marker, Navies, Place, Question, State, TrackMarker};
use super::union::{self, theater_of};

pub use super::battle::{armies_in, battle, reclaimable};
use super::battle::{draw_leader, leader_shuffle};
use super::navy::{commerce_raider, naval, raider_place};
pub use super::navy::{naval_options, naval_spots};

/// What `line` records when Friction of War cancels a Conditional action; the reports find
/// the event by it (`words::friction_lines`).
pub(super) const FRICTION_CANCELS: &str = "Friction of War cancels this Conditional action";

/// The rule a Conditional action other than a Battle or a Command records for its roll
/// against the Advisor's Administrative Value (RULINGS L7); the report's copy cites the
/// action's rule beside it (`words::administrative_rolls`).
pub(super) const ADMINISTRATIVE_RULE: &str = "6.2";

/// The rule a Conditional Command records for its roll against the Advisor's Administrative
/// Value (10.0); no other roll records it (`words::administrative_rolls`).
pub(super) const COMMAND_ADMINISTRATIVE_RULE: &str = "10.0";

/// The name a Diplomatic roll records, by which the report tells a card's move of the ER/EP
/// marker from a Diplomatic success (`words::card_recognition`). Old game files hold it.
pub(super) const DIPLOMATIC_ROLL: &str = "Diplomatic roll";

/// The words of a draw skipped for an empty Resource Cup, by which the report tells the
/// Domestic Phase's draw was skipped (`words::year_end_found`). Old game files hold them.
pub(super) const CUP_EMPTY: &str = "the Resource Cup is empty";

pub(super) fn illegal(rule: &str, message: String, key: &str) -> Stop {
    Stop::Illegal(err(rule, message, key))
}

/// One Confederate line of a Headline card. Friction of War turns Directed actions into
/// Conditional ones and cancels Conditional ones (Broadsheet card C, 6.0).
pub fn line(st: &mut State, ctx: &mut Ctx, action: &ConfederateAction, friction: bool) -> Run {
    let mut symbol = action.symbol();
    if friction {
        match symbol {
            Symbol::Square => {
                ctx.event(Event::Ignored {
                    rule: "6.0".into(),
                    what: FRICTION_CANCELS.into(),
                });
                return Ok(());
            }
            Symbol::Circle => {
                symbol = Symbol::Square;
                ctx.event(Event::Friction);
            }
            Symbol::Arrow => {}
        }
    }
    let conditional = symbol == Symbol::Square;
    match action {
        ConfederateAction::Battle {
            theater,
            drm,
            battle_drm,
            casualty,
            ..
        } => battle(
            st,
            ctx,
            *theater,
            conditional,
            Modifier::new(*drm, "the card"),
            Modifier::new(*battle_drm, "the card"),
            *casualty,
            None,
            "9.1",
        ),
        ConfederateAction::Command { .. } => command(st, ctx, symbol),
        ConfederateAction::Morale { delta } => {
            control::shift_morale(st, ctx, *delta, "12.0", "the card")
        }
        other => {
            if conditional && !admin_passes(st, ctx, ADMINISTRATIVE_RULE)? {
                return Ok(());
            }
            match other {
                ConfederateAction::Raid {
                    theater, results, ..
                } => {
                    let armies: Vec<String> = st
                        .armies
                        .keys()
                        .filter(|a| theater.is_none_or(|t| theater_of(ctx.data, st, a) == t))
                        .cloned()
                        .collect();
                    let Some(target) = choose_army(st, ctx, armies, "9.2")? else {
                        return Ok(());
                    };
                    let t = theater_of(ctx.data, st, &target);
                    let die = ctx.d6("9.2 Raid");
                    let drm = control::decatur_bonus(st, t);
                    // A card lists results by die face; Decatur's +1 on a 6 reads as the 6.
                    let result = results
                        .get(&(die + drm).min(6))
                        .copied()
                        .unwrap_or(RaidResult::NoEffect);
                    ctx.event(Event::Raid {
                        rule: "9.2".into(),
                        army: target.clone(),
                        die,
                        drm,
                        result,
                    });
                    raid_result(st, ctx, &target, result, "9.2")
                }
                ConfederateAction::MoraleTest { year, .. } => morale_test(st, ctx, *year, "9.3"),
                ConfederateAction::WarEffort { draw, .. } => {
                    if *draw {
                        draw_resource(st, ctx, "9.4");
                        Ok(())
                    } else {
                        war_effort(st, ctx, 0, "9.4")
                    }
                }
                ConfederateAction::Diplomatic { .. } => diplomatic(st, ctx, 0, "9.5"),
                ConfederateAction::Naval { .. } => {
                    if naval_options(ctx.data, st).is_empty() {
                        ctx.event(Event::Ignored {
                            rule: "6.1".into(),
                            what: "the Navy has nothing it could do".into(),
                        });
                        return Ok(());
                    }
                    let answer = ctx.ask(Question::Naval)?;
                    let choice = answer.naval.expect("checked by ask");
                    naval(st, ctx, choice, 0, "9.6")
                }
                ConfederateAction::CommerceRaider { .. } => {
                    let to = match raider_place(st, ctx.data) {
                        Some(Place::Cup) => RaiderTo::Stay,
                        Some(Place::Available) | Some(Place::Raiding(_)) => {
                            ctx.ask(Question::Raider)?.raider.expect("checked by ask")
                        }
                        _ => RaiderTo::Stay,
                    };
                    commerce_raider(st, ctx, to, "9.7", "raider")
                }
                ConfederateAction::LeaderShuffle { theater, .. } => {
                    leader_shuffle(st, ctx, *theater, false, "9.8")
                }
                ConfederateAction::LeaderAttrition { .. } => {
                    if let Some(l) = draw_leader(st, ctx, "9.9") {
                        st.leaders_gone.push(l.clone());
                        ctx.event(Event::LeaderGone {
                            rule: "9.9".into(),
                            leader: l,
                        });
                    }
                    Ok(())
                }
                _ => unreachable!("handled above"),
            }
        }
    }
}

/// A Conditional roll against the National Military Advisor's Administrative Value
/// (10.2-10.9).
fn admin_passes(st: &mut State, ctx: &mut Ctx, rule: &str) -> Run<bool> {
    let Some(adv) = st.advisor.clone() else {
        ctx.event(Event::Ignored {
            rule: rule.into(),
            what: "there is no National Military Advisor".into(),
        });
        return Ok(false);
    };
    let l = ctx
        .data
        .confederate_leader(&adv)
        .expect("leaders are known");
    let t = Test::one(rule, format!("{}'s Administrative roll", l.name), l.admin).confederate();
    Ok(roll(st, ctx, t)?.1.passed())
}

/// Picks the army an action targets: no choice with one, a question with more.
fn choose_army(
    st: &mut State,
    ctx: &mut Ctx,
    armies: Vec<String>,
    rule: &str,
) -> Run<Option<String>> {
    let _ = st;
    match armies.len() {
        0 => {
            ctx.event(Event::Ignored {
                rule: "6.1".into(),
                what: "no Union army can be targeted".into(),
            });
            Ok(None)
        }
        1 => Ok(armies.into_iter().next()),
        _ => {
            let answer = ctx.ask(Question::RaidTarget {
                armies: armies.clone(),
            })?;
            let a = answer.raid.expect("checked by ask");
            if !armies.contains(&a) {
                return Err(not_offered(rule, "raid", &a, &armies));
            }
            Ok(Some(a))
        }
    }
}

/// 9.2, 10.5: what a Raid or Diversionary Campaign does to its target.
fn raid_result(st: &mut State, ctx: &mut Ctx, army: &str, result: RaidResult, rule: &str) -> Run {
    match result {
        RaidResult::NoEffect => {}
        RaidResult::Retreat | RaidResult::RetreatDisrupted => {
            if result == RaidResult::RetreatDisrupted {
                st.armies.get_mut(army).expect("in play").disrupted += 1;
                ctx.event(Event::Disrupted {
                    rule: rule.into(),
                    army: army.into(),
                });
            }
            // 9.2.3: the Retreat result takes the markers off even when the army is already
            // at its Base and cannot move.
            union::retreat(st, ctx, army, false, "9.2.1")?;
            union::clear_initiative(st, ctx, army, "9.2.3");
        }
        RaidResult::Recalled => {
            union::recall(st, ctx, army, "9.2.2")?;
            union::clear_initiative(st, ctx, army, "9.2.3");
        }
        RaidResult::Disrupted => {
            st.armies.get_mut(army).expect("in play").disrupted += 1;
            ctx.event(Event::Disrupted {
                rule: rule.into(),
                army: army.into(),
            });
        }
        RaidResult::Initiative => {
            st.armies
                .get_mut(army)
                .expect("in play")
                .initiative
                .push(Marker {
                    symbol: Symbol::Circle,
                    drm: 0,
                });
            ctx.event(Event::InitiativeMarker {
                army: army.into(),
                symbol: Symbol::Circle,
                drm: 0,
            });
        }
        RaidResult::MoraleLoss => {
            control::shift_morale(st, ctx, -1, rule, "the diversion backfired")?
        }
    }
    Ok(())
}

/// 9.3, 10.6, 14.5: two dice against the morale box: how the roll that stands went, and how the
/// first went (the one a Commerce Raider modified, 9.7).
pub fn morale_roll(
    st: &mut State,
    ctx: &mut Ctx,
    year: i32,
    rule: &str,
    rerollable: bool,
) -> Run<(Versus, Versus)> {
    let digit = (st.year % 10) as i32;
    let mut t = Test::two(rule, "Morale Test".into(), st.morale)
        .with(&confederate_modifiers(st, TrackMarker::Morale))
        .plus(year * digit, || format!("the year {}", st.year));
    t.rerollable = rerollable;
    let (_, v, first) = roll_with_first(st, ctx, t)?;
    Ok((v, first))
}

/// The modifiers every Morale Test, War Effort and Diplomatic roll takes: +1 for each Union
/// army in its Northern Invasion space (13.2), and +1 while the Commerce Raider sails with the
/// track's marker (9.7, 16.3).
fn confederate_modifiers(st: &State, marker: TrackMarker) -> [Modifier; 2] {
    let invasions = control::invasions(st);
    [
        Modifier::new(invasions, &invasion_words(invasions)),
        Modifier::new(
            i32::from(control::raider_on(st, marker).is_some()),
            "the Commerce Raider",
        ),
    ]
}

/// `n` Union armies in their Northern Invasion spaces, as a modifier's words.
pub(super) fn invasion_words(n: i32) -> String {
    if n == 1 {
        "a Northern Invasion".into()
    } else {
        format!("{n} Northern Invasions")
    }
}

/// 9.7 (L43): whether the roll the Commerce Raider modified succeeded: the first roll by the
/// text, the one that stands by the first editions' reading.
fn raider_success(ctx: &Ctx, stands: Versus, first: Versus) -> bool {
    match ctx.data.tables.readings.raider_return {
        RaiderReturn::ModifiedRoll => first.passed(),
        RaiderReturn::FinalRoll => stands.passed(),
    }
}

fn morale_test(st: &mut State, ctx: &mut Ctx, year: i32, rule: &str) -> Run {
    let (v, first) = morale_roll(st, ctx, year, rule, true)?;
    let success = raider_success(ctx, v, first);
    control::raider_returns(st, ctx, TrackMarker::Morale, success);
    match v {
        Versus::Above => {
            control::shift_morale(st, ctx, 1, rule, "the Morale Test beat expectations")
        }
        Versus::Equal => Ok(()),
        Versus::Below => control::shift_morale(st, ctx, -1, rule, "the Morale Test fell short"),
    }
}

/// 9.4, 10.7: running the Blockade for a Resource.
fn war_effort(st: &mut State, ctx: &mut Ctx, extra: i32, rule: &str) -> Run {
    let t = Test::one(rule, "War Effort roll".into(), st.blockade)
        .with(&confederate_modifiers(st, TrackMarker::Blockade))
        .plus(extra, || "a Command action".to_string())
        .confederate();
    let (_, v, first) = roll_with_first(st, ctx, t)?;
    let success = raider_success(ctx, v, first);
    control::raider_returns(st, ctx, TrackMarker::Blockade, success);
    if v.passed() {
        draw_resource(st, ctx, rule);
    }
    Ok(())
}

/// 9.5, 10.8: courting Europe.
fn diplomatic(st: &mut State, ctx: &mut Ctx, extra: i32, rule: &str) -> Run {
    let t = Test::one(rule, DIPLOMATIC_ROLL.into(), st.recognition)
        .with(&confederate_modifiers(st, TrackMarker::Recognition))
        .plus(-2 * i32::from(st.emancipation), || {
            "the Emancipation Proclamation".into()
        })
        .plus(extra, || "a Command action".to_string())
        .confederate();
    let (_, v, first) = roll_with_first(st, ctx, t)?;
    let success = raider_success(ctx, v, first);
    control::raider_returns(st, ctx, TrackMarker::Recognition, success);
    if v.passed() {
        recognition_up(st, ctx, rule)?;
    }
    Ok(())
}

/// The ER/EP marker moves up a box, with Recognition at 5 and Intervention at 6 (9.5.1,
/// 9.5.2).
pub fn recognition_up(st: &mut State, ctx: &mut Ctx, rule: &str) -> Run {
    if st.recognition >= 6 {
        return Ok(());
    }
    let from = st.recognition;
    st.recognition += 1;
    ctx.event(Event::Recognition {
        rule: rule.into(),
        from,
        to: st.recognition,
        emancipation: st.emancipation,
    });
    match st.recognition {
        5 => {
            if st.navies == Navies::None {
                st.navies = Navies::Recognition;
            }
            ctx.event(Event::EuropeanNavies {
                rule: "9.5.1".into(),
                intervention: false,
            });
            if st.blockade > 5 {
                st.blockade = 5;
                ctx.event(Event::Blockade {
                    rule: "9.5.1".into(),
                    from: 6,
                    to: 5,
                });
            }
            control::shift_morale(
                st,
                ctx,
                1,
                "9.5.1",
                "Britain and France recognize the South",
            )
        }
        6 => {
            st.navies = Navies::Intervention;
            ctx.event(Event::EuropeanNavies {
                rule: "9.5.2".into(),
                intervention: true,
            });
            control::shift_morale(st, ctx, 1, "9.5.2", "Britain and France intervene")
        }
        _ => Ok(()),
    }
}

/// A Resource drawn at random from the Resource Cup to the Available box (9.4, 14.4, 14.5).
pub fn draw_resource(st: &mut State, ctx: &mut Ctx, rule: &str) {
    let cup = st.resources_at(&Place::Cup);
    if cup.is_empty() {
        ctx.event(Event::Ignored {
            rule: rule.into(),
            what: CUP_EMPTY.into(),
        });
        return;
    }
    let i = ctx.draw(cup.len(), &format!("{rule} draw from the Resource Cup"));
    st.resources.insert(cup[i].clone(), Place::Available);
    ctx.event(Event::ResourceDrawn {
        rule: rule.into(),
        resource: cup[i].clone(),
    });
}

/// A Command naming its marker by the kind's name where two markers share it (`Forts`,
/// `Gunboats`): the one the Command fits, as `navy::named_marker` finds it; to place, the
/// first of the kind in the Available box (markers waiting there are alike).
pub(super) fn named_command_marker(data: &Data, st: &State, c: Command) -> Result<Command, Stop> {
    match c {
        Command::Place { resource, space } if data.resource(&resource).is_none() => {
            let resource = st
                .resources
                .iter()
                .find(|(id, p)| **p == Place::Available && data.names_marker(id, &resource))
                .map_or(resource, |(id, _)| id.clone());
            Ok(Command::Place { resource, space })
        }
        Command::Naval(n) => {
            let options = naval_options(data, st);
            super::navy::named_marker(data, st, &options, n, "command.naval").map(Command::Naval)
        }
        c => Ok(c),
    }
}

/// Checks a Command use before any die is rolled, so bad orders cost nothing.
fn check_command(data: &Data, st: &State, c: &Command) -> Result<(), Stop> {
    // An army the orders name that no army is (by colour or by the name of a face it shows).
    let (named, key) = match c {
        Command::Battle {
            target: Target::Army(a),
            ..
        } => (Some(a), "command.battle.army"),
        Command::Raid { army } => (Some(army), "command.raid.army"),
        _ => (None, ""),
    };
    if let Some(a) = named.filter(|a| data.find_army(a).is_none()) {
        return Err(illegal(
            "7.1",
            format!(
                "there is no Union army `{a}`: name one by its colour ({}) or by the name the reports print",
                data.army_colours()
            ),
            key,
        ));
    }
    match c {
        Command::Battle { theater, target } => {
            if st.commanders.get(theater).cloned().flatten().is_none() {
                return Err(illegal(
                    "10.1",
                    format!(
                        "the {} theater has no Theater Commander to pass a Battle action to (9.1.3)",
                        theater.title()
                    ),
                    "command.battle",
                ));
            }
            let ok = match target {
                Target::Army(a) => armies_in(data, st, *theater).contains(a),
                Target::Reclaim(s) => reclaimable(data, st, *theater).contains(s),
            };
            if !ok {
                return Err(illegal(
                    "10.1",
                    format!(
                        "cannot {} in the {} theater now; {}",
                        super::options::target_words(data, target),
                        theater.title(),
                        target_choices(data, st, *theater)
                    ),
                    "command.battle",
                ));
            }
        }
        Command::Place { resource, space } => {
            let r = data
                .resource(resource)
                .filter(|_| st.resources.get(resource) == Some(&Place::Available))
                .ok_or_else(|| {
                    illegal(
                        "10.2",
                        format!("`{resource}` is not in the Available box"),
                        "command.place.resource",
                    )
                })?;
            match r.kind {
                ResourceKind::Forts => {
                    let s = space.as_deref().ok_or_else(|| {
                        illegal("16.5", "a Forts marker needs a `space`".into(), "command.place.space")
                    })?;
                    if !fort_spaces(data, st).iter().any(|x| x == s) {
                        let name = super::options::space(data, s);
                        let why = if !data.has_space(s) {
                            format!("there is no space `{s}`")
                        } else if !on_a_track(data, s) {
                            format!("{name} is on no track")
                        } else if holder(data, st, s) != Holder::Confederate {
                            format!("{name} is not Confederate controlled")
                        } else {
                            format!("{name} has a Fortification already")
                        };
                        return Err(illegal(
                            "16.5",
                            format!(
                                "a Forts marker goes on a Confederate controlled track space without a Fortification, and {why}"
                            ),
                            "command.place.space",
                        ));
                    }
                }
                ResourceKind::EuropeanMunitions => {
                    // L49: they go on the Morale Track, so a space is a mistake to name.
                    if space.is_some()
                        && data.tables.readings.munitions_space == MunitionsSpace::Refused
                    {
                        return Err(illegal(
                            "16.4",
                            "European Munitions go on the 0 box of the Confederate Morale Track, not on a space: leave out `space`".into(),
                            "command.place.space",
                        ));
                    }
                }
                other => {
                    return Err(illegal(
                        "10.2",
                        format!("a Command action places only Forts and European Munitions, not {}; Railroads and Torpedoes are spent free (16.11) and naval markers go in by a Naval action (9.6)", super::options::resource_name(other)),
                        "command.place.resource",
                    ))
                }
            }
        }
        Command::Naval(n) => {
            super::navy::offered(
                data,
                st,
                n.clone(),
                &naval_options(data, st),
                "command.naval",
            )?;
        }
        Command::Switch { theater } | Command::Shuffle { theater, .. } => {
            if st.commanders.get(theater).cloned().flatten().is_none()
                && matches!(c, Command::Switch { .. })
            {
                return Err(illegal(
                    "10.4",
                    format!("the {} theater has no commander to switch", theater.title()),
                    "command.switch",
                ));
            }
        }
        Command::Raid { army } => {
            if !st.armies.contains_key(army) {
                return Err(illegal(
                    "10.5",
                    format!("the {army} army is not in play"),
                    "command.raid.army",
                ));
            }
        }
        // Checked before any roll: a refusal after a Conditional roll would come too late.
        Command::CommerceRaider(RaiderTo::Available) => {
            super::navy::raider_out_of_cup(data, st, "command.commerce_raider")?;
        }
        Command::MoraleTest
        | Command::WarEffort
        | Command::Diplomatic
        | Command::CommerceRaider(_) => {}
    }
    Ok(())
}

/// 16.5: where a Forts marker may go.
pub fn fort_spaces(data: &Data, st: &State) -> Vec<String> {
    data.map
        .spaces
        .iter()
        .filter(|s| on_a_track(data, &s.id) && holder(data, st, &s.id) == Holder::Confederate)
        .filter(|s| {
            !st.fortified.contains(&s.id)
                && st.marker_on(data, &s.id, ResourceKind::Forts).is_none()
        })
        .map(|s| s.id.clone())
        .collect()
}

/// Whether the space is on one of the map's tracks.
fn on_a_track(data: &Data, space: &str) -> bool {
    data.map
        .tracks
        .iter()
        .any(|t| t.spaces.iter().any(|x| x == space))
}

/// 10.0: a Command action, used as the player orders.
pub(super) fn command(st: &mut State, ctx: &mut Ctx, symbol: Symbol) -> Run {
    let data = ctx.data;
    let answer = ctx.ask(Question::Command { symbol })?;
    let c = named_command_marker(data, st, answer.command.expect("checked by ask"))?;
    check_command(data, st, &c)?;
    let conditional = symbol == Symbol::Square;
    if let Command::Battle { theater, target } = c {
        return battle(
            st,
            ctx,
            theater,
            conditional,
            Modifier::none(),
            Modifier::none(),
            false,
            Some(target),
            "10.1",
        );
    }
    if conditional && !admin_passes(st, ctx, COMMAND_ADMINISTRATIVE_RULE)? {
        return Ok(());
    }
    match c {
        Command::Battle { .. } => unreachable!("handled above"),
        Command::Place { resource, space } => {
            let kind = data.resource(&resource).expect("checked").kind;
            let place = match (kind, space) {
                (ResourceKind::Forts, Some(s)) => Place::Space(s),
                _ => Place::MoraleBox(0),
            };
            st.resources.insert(resource.clone(), place.clone());
            ctx.event(Event::ResourcePlaced {
                rule: "10.2".into(),
                resource,
                to: place,
            });
            Ok(())
        }
        Command::Naval(n) => naval(st, ctx, n, -1, "10.3"),
        Command::Switch { theater } => {
            let com = st.commanders.get(&theater).cloned().flatten();
            let adv = st.advisor.take();
            st.commanders.insert(theater, adv.clone());
            st.advisor = com.clone();
            ctx.event(Event::Switched {
                rule: "10.4".into(),
                theater,
                commander: adv,
                advisor: com,
            });
            Ok(())
        }
        Command::Shuffle { theater, promote } => leader_shuffle(st, ctx, theater, promote, "10.4"),
        Command::Raid { army } => {
            let t = theater_of(data, st, &army);
            let die = ctx.d6("10.5 Diversionary Campaign");
            let drm = control::decatur_bonus(st, t);
            let table = &data.tables.diversionary_campaign;
            let lo = *table.keys().next().expect("checked non-empty");
            let hi = *table.keys().last().expect("checked non-empty");
            let result = table[&(die + drm).clamp(lo, hi)];
            ctx.event(Event::Raid {
                rule: "10.5".into(),
                army: army.clone(),
                die,
                drm,
                result,
            });
            raid_result(st, ctx, &army, result, "10.5")
        }
        Command::MoraleTest => morale_test(st, ctx, -1, "10.6"),
        Command::WarEffort => war_effort(st, ctx, -1, "10.7"),
        Command::Diplomatic => diplomatic(st, ctx, -1, "10.8"),
        Command::CommerceRaider(to) => {
            commerce_raider(st, ctx, to, "10.9", "command.commerce_raider")
        }
    }
}

/// What a Battle action in `theater` could do, as words for an error: `it could attack the
/// blue army or reclaim Decatur`.
pub(super) fn target_choices(data: &Data, st: &State, theater: Theater) -> String {
    let mut choices: Vec<String> = armies_in(data, st, theater)
        .iter()
        .map(|a| super::options::target_words(data, &Target::Army(a.clone())))
        .collect();
    choices.extend(
        reclaimable(data, st, theater)
            .iter()
            .map(|s| super::options::target_words(data, &Target::Reclaim(s.clone()))),
    );
    if choices.is_empty() {
        "nothing there can be attacked or reclaimed".into()
    } else {
        format!("it could {}", crate::engine::error::listed(&choices, "or"))
    }
}
