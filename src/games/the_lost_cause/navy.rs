//! The Confederate Navy action (9.6, 10.3): the Commerce Raider (9.7) and the naval markers
//! the Navy may place, Coastal Forts (16.2), Gunboats (16.6) and Ironclads (16.7).

use super::confederate::illegal;
use super::control::{holder, Holder};
use super::data::{Data, ResourceKind};
use super::events::Event;
use super::orders::{Naval, RaiderTo};
use super::rolls::{roll, Test};
use super::script::{Ctx, Run, Stop};
use super::state::{Place, State};
use super::union::{self, discard};

pub(super) fn raider_place(st: &State, data: &Data) -> Option<Place> {
    st.resources
        .iter()
        .find(|(id, _)| data.resource(id).map(|r| r.kind) == Some(ResourceKind::CommerceRaider))
        .map(|(_, p)| p.clone())
}

/// 9.7: the Commerce Raider fits out, sails, or changes station.
pub(super) fn commerce_raider(
    st: &mut State,
    ctx: &mut Ctx,
    to: RaiderTo,
    rule: &str,
    key: &str,
) -> Run {
    let data = ctx.data;
    let Some((id, at)) = st
        .resources
        .iter()
        .find(|(id, _)| data.resource(id).map(|r| r.kind) == Some(ResourceKind::CommerceRaider))
        .map(|(id, p)| (id.clone(), p.clone()))
    else {
        return Ok(());
    };
    if to == RaiderTo::Available {
        raider_out_of_cup(data, st, key)?;
    }
    let next = match (&at, to.marker()) {
        (Place::Cup, _) => Place::Available,
        (Place::Available, Some(m)) | (Place::Raiding(_), Some(m)) => Place::Raiding(m),
        (Place::Available, None) | (Place::Raiding(_), None) => at.clone(),
        _ => {
            ctx.event(Event::Ignored {
                rule: "6.1".into(),
                what: "the Commerce Raider is not in play".into(),
            });
            return Ok(());
        }
    };
    if next != at {
        st.resources.insert(id.clone(), next.clone());
        ctx.event(Event::RaiderSails {
            rule: rule.into(),
            resource: id,
            to: next,
        });
    }
    Ok(())
}

/// `choice` as one of the Navy's `options` now (9.6), or its refusal at `key`. A raider in the
/// cup was ordered out with `stay` before `available` existed; games played so keep their
/// orders.
pub(super) fn offered(
    data: &Data,
    st: &State,
    choice: Naval,
    options: &[Naval],
    key: &str,
) -> Result<Naval, Stop> {
    let choice = match choice {
        Naval::CommerceRaider(RaiderTo::Stay) if raider_place(st, data) == Some(Place::Cup) => {
            Naval::CommerceRaider(RaiderTo::Available)
        }
        other => other,
    };
    if choice != Naval::Pass && !options.contains(&choice) {
        let (rule, words) = super::options::naval_refusal(data, st, &choice, options);
        return Err(illegal(rule, words, key));
    }
    Ok(choice)
}

/// 9.7: `available` brings the raider out of the Resource Cup, and refuses once it is out.
pub(super) fn raider_out_of_cup(data: &Data, st: &State, key: &str) -> Result<(), Stop> {
    match raider_place(st, data) {
        Some(Place::Available | Place::Raiding(_)) => Err(illegal(
            "9.7",
            "the Commerce Raider is already out of the Resource Cup: order it to sail with the Confederate Morale, ER/EP or Naval Blockade marker (`morale`, `recognition`, `blockade`), or to `stay`".into(),
            key,
        )),
        _ => Ok(()),
    }
}

/// What the Navy could do now (9.6), for the options list and to skip an empty action.
pub fn naval_options(data: &Data, st: &State) -> Vec<Naval> {
    let mut out = Vec::new();
    for (id, p) in &st.resources {
        let Some(r) = data.resource(id) else { continue };
        match (r.kind, p) {
            (
                ResourceKind::CoastalForts | ResourceKind::Gunboats | ResourceKind::Ironclads,
                Place::Available,
            ) => {
                for to in naval_spots(data, st, r.kind) {
                    out.push(Naval::Place {
                        resource: id.clone(),
                        to,
                    });
                }
            }
            (
                ResourceKind::Gunboats | ResourceKind::Ironclads,
                Place::Space(_) | Place::Blockade,
            ) => {
                for to in naval_spots(data, st, r.kind) {
                    out.push(Naval::Move {
                        resource: id.clone(),
                        to,
                    });
                }
            }
            (ResourceKind::Submarines, Place::Available) => out.push(Naval::Submarines {
                resource: id.clone(),
            }),
            (ResourceKind::CommerceRaider, Place::Cup) => {
                out.push(Naval::CommerceRaider(RaiderTo::Available))
            }
            (ResourceKind::CommerceRaider, Place::Available | Place::Raiding(_)) => {
                for to in [RaiderTo::Morale, RaiderTo::Recognition, RaiderTo::Blockade] {
                    out.push(Naval::CommerceRaider(to));
                }
            }
            _ => {}
        }
    }
    out
}

/// Where a naval marker may go: 16.2 Coastal Forts on the Blockade marker; 16.6 Gunboats on
/// a Confederate controlled or contested river space; 16.7 Ironclads on a Confederate
/// controlled river space or the Blockade marker; one of a kind to a place.
pub fn naval_spots(data: &Data, st: &State, kind: ResourceKind) -> Vec<String> {
    let taken = |place: &Place| marker_there(data, st, kind, place);
    let mut out = Vec::new();
    if matches!(kind, ResourceKind::CoastalForts | ResourceKind::Ironclads)
        && !taken(&Place::Blockade)
    {
        out.push("blockade".to_string());
    }
    if matches!(kind, ResourceKind::Gunboats | ResourceKind::Ironclads) {
        for s in data.map.spaces.iter().filter(|s| s.river) {
            let h = holder(data, st, &s.id);
            let ok = match kind {
                ResourceKind::Gunboats => h != Holder::Union,
                _ => h == Holder::Confederate,
            };
            if ok && !taken(&Place::Space(s.id.clone())) {
                out.push(s.id.clone());
            }
        }
    }
    out
}

/// Whether a marker of `kind` is at `place` already (one of a kind to a place).
fn marker_there(data: &Data, st: &State, kind: ResourceKind, place: &Place) -> bool {
    st.resources
        .iter()
        .any(|(id, p)| p == place && data.resource(id).map(|r| r.kind) == Some(kind))
}

/// Why a marker of `kind` may not go to `to` (the Naval Blockade marker, `blockade`, or a
/// space), with the rule that says where it goes: `naval_spots` in words, for a refusal.
/// `None` where the place is one the marker may take, or one this cannot judge.
pub(super) fn spot_refusal(
    data: &Data,
    st: &State,
    kind: ResourceKind,
    to: &str,
) -> Option<(&'static str, String)> {
    let (rule, name, goes) = match kind {
        ResourceKind::CoastalForts => (
            "16.2",
            "Coastal Forts",
            "go only on the Naval Blockade marker",
        ),
        ResourceKind::Gunboats => (
            "16.6",
            "Gunboats",
            "go only on a Confederate controlled or contested river space",
        ),
        ResourceKind::Ironclads => (
            "16.7",
            "Ironclads",
            "go only on a Confederate controlled river space or the Naval Blockade marker",
        ),
        _ => return None,
    };
    let why = |what: String| Some((rule, format!("{what}, and {name} {goes}")));
    let rule_alone = Some((rule, format!("{name} {goes}")));
    if to == "blockade" {
        if kind == ResourceKind::Gunboats {
            return rule_alone;
        }
        if marker_there(data, st, kind, &Place::Blockade) {
            return Some((rule, format!("another {name} marker is on the Naval Blockade marker already: one of a kind to a place")));
        }
        return None;
    }
    if !data.has_space(to) {
        return None;
    }
    let space = data.space(to);
    if kind == ResourceKind::CoastalForts {
        return rule_alone;
    }
    if !space.river {
        return why(format!("{} is no river space", space.name));
    }
    match (kind, holder(data, st, to)) {
        (_, Holder::Union) => return why(format!("{} is Union controlled", space.name)),
        (ResourceKind::Ironclads, Holder::Contested) => {
            return why(format!(
                "{} is contested (a Union army is there)",
                space.name
            ))
        }
        _ => {}
    }
    if marker_there(data, st, kind, &Place::Space(to.to_string())) {
        return Some((
            rule,
            format!(
                "another {name} marker is on {} already: one of a kind to a place",
                space.name
            ),
        ));
    }
    None
}

/// A naval order naming its marker by the kind's name (`Gunboats`) where two markers share
/// it: the one marker the order fits among `options` (the one in the Available box to place,
/// the one on the map to move). Markers waiting in the box are alike, so the first is taken;
/// two on the map that could both move are not, and the order must name one by its id. An
/// order naming an id, or fitting no marker, is left for the options to judge.
pub(super) fn named_marker(
    data: &Data,
    st: &State,
    options: &[Naval],
    choice: Naval,
    path: &str,
) -> Result<Naval, Stop> {
    let (name, to, moving) = match &choice {
        Naval::Place { resource, to } => (resource, to, false),
        Naval::Move { resource, to } => (resource, to, true),
        _ => return Ok(choice),
    };
    if data.resource(name).is_some() {
        return Ok(choice);
    }
    let fits: Vec<&Naval> = options
        .iter()
        .filter(|o| match o {
            Naval::Place { resource, to: t } if !moving => {
                t == to && data.names_marker(resource, name)
            }
            Naval::Move { resource, to: t } if moving => {
                t == to && data.names_marker(resource, name)
            }
            _ => false,
        })
        .collect();
    match fits.as_slice() {
        [] => Ok(choice),
        [one] => Ok((*one).clone()),
        [first, ..] if !moving => Ok((*first).clone()),
        several => {
            let kind = match several[0] {
                Naval::Move { resource, .. } => data
                    .resource(resource)
                    .map_or(name.trim(), |r| super::options::resource_name(r.kind)),
                _ => name.trim(),
            };
            let which: Vec<String> = several
                .iter()
                .filter_map(|o| match o {
                    Naval::Move { resource, .. } => Some(format!(
                        "`{resource}` ({})",
                        super::options::naval_words(data, st, o)
                    )),
                    _ => None,
                })
                .collect();
            Err(illegal(
                "9.6",
                format!(
                    "{} {} markers could move to {}; name the one to move by its id: {}",
                    several.len(),
                    kind,
                    super::options::space(data, to),
                    crate::engine::error::listed(&which, "or")
                ),
                &format!("{path}.move.resource"),
            ))
        }
    }
}

/// 9.6, 10.3: the Naval roll, then the chosen naval action.
pub(super) fn naval(st: &mut State, ctx: &mut Ctx, choice: Naval, extra: i32, rule: &str) -> Run {
    let data = ctx.data;
    let options = naval_options(data, st);
    let choice = named_marker(data, st, &options, choice, "naval")?;
    let choice = offered(data, st, choice, &options, "naval")?;
    let Some(adv) = st.advisor.clone() else {
        return Ok(());
    };
    let l = data.confederate_leader(&adv).expect("known");
    let t = Test::one(
        rule,
        format!("Naval roll against {}'s Administrative Value", l.name),
        l.admin,
    )
    .plus(i32::from(st.recognition >= 6), || {
        "European Recognition in its #6 box".into()
    })
    .plus(extra, || "a Command action".to_string())
    .confederate();
    if !roll(st, ctx, t)?.1.passed() {
        return Ok(());
    }
    match choice {
        Naval::Pass => Ok(()),
        Naval::Place { resource, to } | Naval::Move { resource, to } => {
            let place = if to == "blockade" {
                Place::Blockade
            } else {
                Place::Space(to.clone())
            };
            st.resources.insert(resource.clone(), place);
            ctx.event(Event::NavalPlaced {
                rule: "9.6".into(),
                resource,
                to,
            });
            Ok(())
        }
        Naval::Submarines { resource } => {
            let die = ctx.d6("16.9 Submarines");
            let hit = die >= 4;
            ctx.event(Event::Submarines {
                rule: "16.9".into(),
                die,
                hit,
            });
            discard(st, ctx, &resource, "16.9");
            if hit {
                union::blockade_back(st, ctx, "16.9");
            }
            Ok(())
        }
        Naval::CommerceRaider(to) => commerce_raider(st, ctx, to, "9.7", "naval"),
    }
}
