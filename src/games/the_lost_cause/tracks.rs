//! The Union armies on their tracks (8.1-8.9): Advanced Bases (7.3 #5, 8.1), branches (8.4),
//! marching and stepping forward, the forms an army flips to (6.1, 8.8), leaving play, and
//! sailing to and from the Peninsula (8.9).

use super::control::{self, settle};
use super::data::{BaseMarker, Data, Sail, Shape};
use super::events::Event;
use super::orders::err;
use super::readings::{EasternArmyGroup, GulfReturn};
use super::rolls::{roll, Test};
use super::script::{Ctx, Run, Stop};
use super::state::{ArmyState, Control, State};
use super::union::{
    torpedoes, FORM_ALABAMA, FORM_CUMBERLAND, FORM_EAG, FORM_JAMES, FORM_POTOMAC,
    FORM_POTOMAC_PENINSULA, FORM_RIVERINE, FORM_VIRGINIA, FORM_WAG,
};

/// 7.3 #5: a hexagon or round space with its own Advanced Base marker, not yet on the map
/// and not still set aside.
pub fn can_build_base(data: &Data, st: &State, space: &str) -> bool {
    let shape = data.space(space).shape;
    if !matches!(shape, Shape::Hexagon | Shape::Round) || st.bases.contains(space) {
        return false;
    }
    match data.advanced_base(space).map(|b| &b.marker) {
        Some(BaseMarker::Start) => true,
        Some(BaseMarker::Card) => st.bases_released.contains(space),
        Some(BaseMarker::BackOf(s)) => !st.fortified.contains(s),
        None => false,
    }
}

/// Where a branching space sends an army (8.4-8.9).
enum Leg {
    Track(&'static str),
    /// Leaves play; the green army becomes the Western Army Group if it is on the map.
    Remove {
        green_flips: bool,
    },
    /// 8.6.2: back to Ship Island.
    ShipIsland,
    /// 8.6.3: the Army of the Gulf becomes the Army of Alabama and marches from Mobile.
    Alabama,
    /// 8.8.1, 8.9.2: the blue and yellow armies become the Eastern Army Group.
    Combine,
}

/// The case of 8.5-8.8 that decides where `army` goes from the branching space `space`, as
/// `branch` below decides it: its records cite 8.4, and a report cites the case beside it.
pub fn branch_case(army: &str, space: &str) -> Option<&'static str> {
    Some(match (army, space) {
        ("brown", "shiloh-corinth") => "8.5",
        ("brown", "vicksburg") => "8.5.1",
        ("brown", "montgomery") => "8.5.2",
        ("brown", "atlanta" | "savannah") => "8.5.3",
        ("orange", "ship-island" | "vicksburg") => "8.6.2",
        ("orange", "mobile") => "8.6.3",
        ("orange", "montgomery") => "8.6.4",
        ("orange", "atlanta") => "8.6.5",
        ("green", "atlanta") => "8.7.1",
        ("green", "montgomery") => "8.7.2",
        ("green", "savannah") => "8.7.5",
        ("blue", "richmond-petersburg") => "8.8.1",
        _ => return None,
    })
}

fn branch(st: &mut State, ctx: &mut Ctx, army: &str) -> Run<Option<Leg>> {
    let a = &st.armies[army];
    let here = a.space().to_string();
    let form = a.form.clone();
    let overland = a.route.iter().any(|s| s == "tupelo");
    let base = |s: &str| st.bases.contains(s);
    let leg = match (army, here.as_str()) {
        ("blue", "richmond-petersburg") if form == FORM_EAG => Some(if base("savannah") {
            Leg::Remove { green_flips: false }
        } else {
            Leg::Track("carolinas-south")
        }),
        ("blue", "richmond-petersburg") | ("yellow", "richmond-petersburg") => Some(Leg::Combine),
        ("blue", "savannah") => Some(Leg::Remove { green_flips: false }),
        ("brown", "shiloh-corinth") => Some(Leg::Track(if form == FORM_RIVERINE {
            "riverine"
        } else {
            "overland"
        })),
        ("brown", "vicksburg") => {
            if overland {
                for s in ["memphis", "milikens-bend"] {
                    st.held.insert(s.to_string());
                }
                ctx.event(Event::Held {
                    rule: "8.5.1".into(),
                    spaces: vec!["memphis".into(), "milikens-bend".into()],
                });
            }
            let (atl, mont) = (
                st.bases.contains("atlanta"),
                st.bases.contains("montgomery"),
            );
            Some(if mont {
                Leg::Remove { green_flips: true }
            } else if atl {
                Leg::Track("deep-south-east")
            } else {
                let (_, v) = roll(st, ctx, Test::one("8.5.1", "The Army of the Tennessee's course from Vicksburg (4+: it joins the Western Army Group)".into(), 3))?;
                if v.passed() {
                    Leg::Remove { green_flips: true }
                } else {
                    Leg::Track("deep-south-east")
                }
            })
        }
        ("brown", "montgomery") | ("orange", "montgomery") => Some(if !base("atlanta") {
            Leg::Track("montgomery-atlanta")
        } else if !base("savannah") {
            Leg::Track("georgia")
        } else {
            Leg::Remove { green_flips: true }
        }),
        ("brown", "atlanta")
        | ("brown", "savannah")
        | ("orange", "atlanta")
        | ("orange", "savannah") => Some(Leg::Remove { green_flips: true }),
        ("orange", "ship-island") => Some(if base("new-orleans") && base("vicksburg") {
            Leg::Track("gulf-coast")
        } else {
            Leg::Track("mississippi")
        }),
        ("orange", "vicksburg") => Some(Leg::ShipIsland),
        ("orange", "mobile") => Some(if base("montgomery") {
            Leg::Remove { green_flips: true }
        } else {
            Leg::Alabama
        }),
        ("green", "atlanta") => {
            let (mont, sav) = (base("montgomery"), base("savannah"));
            let (vic, rich) = (base("vicksburg"), base("richmond-petersburg"));
            Some(match (mont, sav) {
                (true, true) => Leg::Remove { green_flips: false },
                (true, false) => Leg::Track("atlanta-savannah"),
                (false, true) => Leg::Track("atlanta-montgomery"),
                (false, false) if vic && !rich => Leg::Track("atlanta-savannah"),
                (false, false) if rich && !vic => Leg::Track("atlanta-montgomery"),
                (false, false) => {
                    let (_, v) = roll(
                        st,
                        ctx,
                        Test::one(
                            "8.7.1",
                            "The green army's course from Atlanta (4+: Montgomery)".into(),
                            3,
                        ),
                    )?;
                    Leg::Track(if v.passed() {
                        "atlanta-montgomery"
                    } else {
                        "atlanta-savannah"
                    })
                }
            })
        }
        ("green", "montgomery") => {
            let (vic, mob, sav) = (base("vicksburg"), base("mobile"), base("savannah"));
            Some(if vic && mob && sav {
                Leg::Remove { green_flips: false }
            } else if !vic {
                Leg::Track("deep-south-west")
            } else if !sav {
                Leg::Track("georgia")
            } else {
                Leg::Track("gulf-from-montgomery")
            })
        }
        ("green", "vicksburg") | ("green", "mobile") | ("green", "richmond-petersburg") => {
            Some(Leg::Remove { green_flips: false })
        }
        ("green", "savannah") => Some(if base("richmond-petersburg") {
            Leg::Remove { green_flips: false }
        } else {
            Leg::Track("carolinas-north")
        }),
        _ => None,
    };
    Ok(leg)
}

/// 7.3 #6: the army advances one space along its track, choosing its way at a branching
/// space (8.4).
pub fn march(st: &mut State, ctx: &mut Ctx, army: &str) -> Run {
    let data = ctx.data;
    if st.armies[army].invading {
        let a = st.armies.get_mut(army).expect("in play");
        a.invading = false;
        // Back onto its place on the route, its Home Base (13.2; a position is checked so).
        let home = a.space().to_string();
        ctx.event(Event::Marched {
            rule: "13.2".into(),
            army: army.into(),
            from: data
                .army(army)
                .and_then(|d| d.invasion.clone())
                .unwrap_or_default(),
            to: home,
        });
        return settle(st, ctx);
    }
    match branch(st, ctx, army)? {
        Some(Leg::Track(t)) => {
            let track = data.track(t).ok_or_else(|| {
                Stop::Illegal(err("8.4", format!("the map has no track `{t}`"), ""))
            })?;
            let a = st.armies.get_mut(army).expect("in play");
            a.route.truncate(a.at + 1);
            a.route.extend(track.spaces[1..].iter().cloned());
            ctx.event(Event::Branch {
                rule: "8.4".into(),
                army: army.into(),
                track: t.into(),
            });
            step_forward(st, ctx, army)
        }
        Some(Leg::Remove { green_flips }) => {
            remove(st, ctx, army, "8.4");
            if green_flips
                && st
                    .armies
                    .get("green")
                    .is_some_and(|g| g.form == FORM_CUMBERLAND)
            {
                flip(st, ctx, "green", FORM_WAG, "8.4");
            }
            settle(st, ctx)
        }
        Some(Leg::ShipIsland) => {
            let before = control::union_spaces(data, st);
            let a = st.armies.get_mut(army).expect("in play");
            let from = a.space().to_string();
            if data.tables.readings.gulf_return == GulfReturn::Union {
                // The first edition's reading (L31): the river stays Union controlled.
                for s in &a.route[..a.at] {
                    st.held.insert(s.clone());
                }
            }
            let a = st.armies.get_mut(army).expect("in play");
            a.route = vec!["ship-island".into()];
            a.at = 0;
            ctx.event(Event::Marched {
                rule: "8.6.2".into(),
                army: army.into(),
                from,
                to: "ship-island".into(),
            });
            // 8.3: what is no longer behind a Union army, and holds no base, is the South's.
            let now = control::union_spaces(data, st);
            let regained: Vec<String> = before.difference(&now).cloned().collect();
            if !regained.is_empty() {
                ctx.event(Event::Regained {
                    rule: "8.3".into(),
                    spaces: regained,
                });
            }
            settle(st, ctx)
        }
        Some(Leg::Alabama) => {
            flip(st, ctx, army, FORM_ALABAMA, "8.6.3");
            let track = data.track("alabama").expect("checked at load");
            let a = st.armies.get_mut(army).expect("in play");
            a.route.truncate(a.at + 1);
            a.route.extend(track.spaces[1..].iter().cloned());
            ctx.event(Event::Branch {
                rule: "8.6.3".into(),
                army: army.into(),
                track: "alabama".into(),
            });
            step_forward(st, ctx, army)
        }
        Some(Leg::Combine) => {
            let spaces: Vec<String> = ["potomac", "peninsula"]
                .iter()
                .filter_map(|t| data.track(t))
                .flat_map(|t| t.spaces.clone())
                .collect();
            // L47: the group is the blue army, on its track and with its markers, whichever
            // army's advance combined them (the first three editions: the advancing army).
            let blue = (data.tables.readings.eastern_army_group == EasternArmyGroup::BlueArmy)
                .then(|| st.armies.get("blue"))
                .flatten()
                .and_then(|b| {
                    let at = b.route.iter().position(|s| s == "richmond-petersburg")?;
                    Some(ArmyState {
                        at,
                        invading: false,
                        ..b.clone()
                    })
                });
            let mut eag = blue.unwrap_or_else(|| st.armies[army].clone());
            eag.form = FORM_EAG.into();
            st.armies.remove("yellow");
            if !st.removed.iter().any(|r| r == "yellow") {
                st.removed.push("yellow".into());
            }
            st.armies.insert("blue".into(), eag);
            st.held.extend(spaces);
            st.held.insert("shenandoah-valley".into());
            if st.strategic.get("shenandoah-valley") == Some(&Control::Confederate) {
                st.strategic
                    .insert("shenandoah-valley".into(), Control::Union);
            }
            ctx.event(Event::Combined {
                rule: if army == "blue" { "8.8.1" } else { "8.9.2" }.into(),
            });
            settle(st, ctx)
        }
        None => step_forward(st, ctx, army),
    }
}

fn step_forward(st: &mut State, ctx: &mut Ctx, army: &str) -> Run {
    let data = ctx.data;
    let a = &st.armies[army];
    let Some(to) = a.route.get(a.at + 1).cloned() else {
        ctx.event(Event::Ignored {
            rule: "6.1".into(),
            what: format!("the {army} army has nowhere to march"),
        });
        return Ok(());
    };
    let from = a.space().to_string();
    if data.space(&to).river
        && !data.space(&from).river
        && torpedoes(
            st,
            ctx,
            format!("the {army} army's march into {}", data.space(&to).name),
        )?
    {
        return Ok(());
    }
    st.armies.get_mut(army).expect("in play").at += 1;
    ctx.event(Event::Marched {
        rule: "7.3".into(),
        army: army.into(),
        from,
        to,
    });
    settle(st, ctx)
}

/// An army shows another face.
pub fn flip(st: &mut State, ctx: &mut Ctx, army: &str, form: &str, rule: &str) {
    if let Some(a) = st.armies.get_mut(army) {
        if a.form != form {
            a.form = form.to_string();
            ctx.event(Event::Flipped {
                rule: rule.into(),
                army: army.into(),
                form: form.into(),
            });
        }
    }
}

/// An army leaves play; the ground behind it stays Union controlled (RULINGS.md).
pub fn remove(st: &mut State, ctx: &mut Ctx, army: &str, rule: &str) {
    if let Some(a) = st.armies.remove(army) {
        st.held.extend(a.route[..a.at].iter().cloned());
        st.removed.push(army.to_string());
        ctx.event(Event::ArmyRemoved {
            rule: rule.into(),
            army: army.into(),
        });
    }
}

pub(super) fn sailing(st: &State) -> bool {
    st.armies
        .get("yellow")
        .is_some_and(|a| a.form == FORM_POTOMAC_PENINSULA)
        && st
            .armies
            .get("blue")
            .is_some_and(|a| a.form == FORM_VIRGINIA)
}

/// The Army of the Potomac sails to the Peninsula or back (8.9, 13.1).
pub fn peninsula(st: &mut State, ctx: &mut Ctx, sail: Sail) {
    let data = ctx.data;
    match sail {
        Sail::Out => {
            if sailing(st)
                || st.armies.get("blue").is_none_or(|b| b.form != FORM_POTOMAC)
                || st.removed.contains(&"yellow".to_string())
            {
                ctx.event(Event::Ignored {
                    rule: "6.1".into(),
                    what: "the Army of the Potomac cannot sail to the Peninsula now".into(),
                });
                return;
            }
            if !st.armies.contains_key("yellow") {
                let def = data.army("yellow").expect("the yellow army is in the data");
                let route = data
                    .track(&def.track)
                    .map(|t| t.spaces.clone())
                    .unwrap_or_default();
                st.armies.insert(
                    "yellow".into(),
                    ArmyState {
                        form: FORM_JAMES.into(),
                        route,
                        at: 0,
                        invading: false,
                        disrupted: 0,
                        initiative: Vec::new(),
                    },
                );
            }
            flip(st, ctx, "yellow", FORM_POTOMAC_PENINSULA, "8.9");
            flip(st, ctx, "blue", FORM_VIRGINIA, "8.9");
        }
        Sail::Back => {
            if sailing(st) {
                flip(st, ctx, "yellow", FORM_JAMES, "13.1");
                flip(st, ctx, "blue", FORM_POTOMAC, "13.1");
            } else {
                ctx.event(Event::Ignored {
                    rule: "6.1".into(),
                    what: "the Army of the Potomac is not on the Peninsula".into(),
                });
            }
        }
    }
}

/// 13.1: driven back into its Home Base space while on the Peninsula, the Army of the Potomac
/// sails back (the space itself, RULINGS L56: not an Advanced Base a route begins at).
pub(super) fn sail_back_if_home(st: &mut State, ctx: &mut Ctx, army: &str) {
    if (army == "blue" || army == "yellow")
        && sailing(st)
        && super::union::at_home_base(ctx.data, army, &st.armies[army])
    {
        peninsula(st, ctx, Sail::Back);
    }
}
