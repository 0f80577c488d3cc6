//! The Union Initiative check (11.0): after the Confederate actions, each Initiative marker
//! still on an army comes off and its action is performed, "in any order the player desires"
//! (11.0), "multiple Initiative markers played in whatever order the player desires" (10.5).
//!
//! The player orders the markers one by one (`readings.initiative_order: each_marker`): an army
//! named once stands for its markers in the order they were placed, an army named once for each
//! marker takes the next at each mention (so one army's markers can go either side of
//! another's), and `{army: blue, marker: 2}` names one marker. The game asks whenever the order
//! can matter: when two or more armies are marked, or one army carries markers that differ. Games
//! begun with the first edition's data order the armies only, and are asked only when two or
//! more are marked (`by_army`, RULINGS L17).

use std::collections::BTreeMap;

use super::events::Event;
use super::orders::{err, InitiativeEntry};
use super::readings::InitiativeOrder;
use super::rolls::Modifier;
use super::script::{Ctx, Run, Stop};
use super::state::{Marker, MarkerListed, Question, State};
use super::union;

fn illegal(message: String) -> Stop {
    Stop::Illegal(err("11.0", message, "initiative_order"))
}

/// 11.0: the check itself.
pub fn check(st: &mut State, ctx: &mut Ctx) -> Run {
    match ctx.data.tables.readings.initiative_order {
        InitiativeOrder::ByArmy => by_army(st, ctx),
        InitiativeOrder::EachMarker => each_marker(st, ctx),
    }
}

/// The marked armies and their markers, in army order and the order placed.
pub fn marked(st: &State) -> Vec<(String, Vec<Marker>)> {
    st.armies
        .iter()
        .filter(|(_, a)| !a.initiative.is_empty())
        .map(|(id, a)| (id.clone(), a.initiative.clone()))
        .collect()
}

/// Whether the order of the markers can change anything: markers on two armies, or markers
/// that differ on one.
pub fn order_matters(marked: &[(String, Vec<Marker>)]) -> bool {
    marked.len() > 1 || marked.iter().any(|(_, ms)| ms.iter().any(|m| *m != ms[0]))
}

/// Every marker, as the question lists it.
pub fn listed(marked: &[(String, Vec<Marker>)]) -> Vec<MarkerListed> {
    marked
        .iter()
        .flat_map(|(army, ms)| {
            ms.iter().enumerate().map(|(k, m)| MarkerListed {
                army: army.clone(),
                marker: k + 1,
                symbol: m.symbol,
                drm: m.drm,
            })
        })
        .collect()
}

/// 10.5, 11.0: the markers one by one, in the order the player gives.
fn each_marker(st: &mut State, ctx: &mut Ctx) -> Run {
    let marked = marked(st);
    let plan: Vec<(String, usize)> = if order_matters(&marked) {
        let answer = ctx.ask(Question::InitiativeOrder {
            armies: marked.iter().map(|(a, _)| a.clone()).collect(),
            markers: listed(&marked),
        })?;
        plan(&marked, &answer.initiative_order.unwrap_or_default()).map_err(illegal)?
    } else {
        marked
            .iter()
            .flat_map(|(a, ms)| (0..ms.len()).map(move |k| (a.clone(), k)))
            .collect()
    };
    // Every marker comes off now; one whose army leaves play before its turn goes with it.
    let markers: BTreeMap<String, Vec<Marker>> = marked.into_iter().collect();
    for a in markers.keys() {
        st.armies.get_mut(a).expect("marked").initiative.clear();
    }
    for (army, k) in plan {
        let m = &markers[&army][k];
        if !st.armies.contains_key(&army) {
            ctx.event(Event::Ignored {
                rule: "11.0".into(),
                what: format!("the {army} army has left play, and its Initiative marker with it"),
            });
            continue;
        }
        ctx.event(Event::InitiativeResolved {
            army: army.clone(),
            symbol: m.symbol,
        });
        union::order(st, ctx, &army, m.symbol, marker_drm(m.drm), "11.0")?;
    }
    Ok(())
}

/// The answer read as a list of markers (army, index in the order placed), each once, or what
/// is wrong with it.
pub fn plan(
    marked: &[(String, Vec<Marker>)],
    given: &[InitiativeEntry],
) -> Result<Vec<(String, usize)>, String> {
    let count: BTreeMap<&str, usize> = marked
        .iter()
        .map(|(a, ms)| (a.as_str(), ms.len()))
        .collect();
    let mut numbered: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut named: BTreeMap<&str, usize> = BTreeMap::new();
    for e in given {
        let army = e.army();
        let Some(&n) = count.get(army) else {
            return Err(format!(
                "`{army}` carries no Initiative marker; the marked armies are {}",
                crate::engine::error::listed(&count.keys().collect::<Vec<_>>(), "and")
            ));
        };
        match e {
            InitiativeEntry::Army(_) => *named.entry(army).or_default() += 1,
            InitiativeEntry::Marker(p) => {
                if p.marker == 0 || p.marker > n {
                    return Err(format!(
                        "the {army} army carries {n} marker{}, so there is no marker {}",
                        if n == 1 { "" } else { "s" },
                        p.marker
                    ));
                }
                let list = numbered.entry(army).or_default();
                if list.contains(&(p.marker - 1)) {
                    return Err(format!(
                        "marker {} of the {army} army is named twice; each marker acts once",
                        p.marker
                    ));
                }
                list.push(p.marker - 1);
            }
        }
    }
    // The markers each army's name stands for: those not named by number, as placed.
    let mut rest: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (&army, &n) in &count {
        let by_number = numbered.get(army).cloned().unwrap_or_default();
        let left: Vec<usize> = (0..n).filter(|k| !by_number.contains(k)).collect();
        let mentions = named.get(army).copied().unwrap_or(0);
        if left.is_empty() && mentions > 0 {
            return Err(format!(
                "every marker of the {army} army is named by number, so `{army}` stands for none"
            ));
        }
        if !left.is_empty() && mentions == 0 {
            let which: Vec<String> = left.iter().map(|k| (k + 1).to_string()).collect();
            return Err(format!(
                "the order must name every marker: the {army} army's marker {} is missing (name `{army}` for its markers in the order placed)",
                which.join(" and ")
            ));
        }
        if mentions > 1 && mentions != left.len() {
            return Err(format!(
                "`{army}` is named {mentions} times: name it once, for its {} markers in the order placed, or once for each",
                left.len()
            ));
        }
        rest.insert(army, left);
    }
    let mut out = Vec::new();
    for e in given {
        match e {
            InitiativeEntry::Marker(p) => out.push((p.army.clone(), p.marker - 1)),
            InitiativeEntry::Army(a) => {
                let left = rest.get_mut(a.as_str()).expect("checked above");
                if named[a.as_str()] == 1 {
                    out.extend(left.drain(..).map(|k| (a.clone(), k)));
                } else {
                    out.push((a.clone(), left.remove(0)));
                }
            }
        }
    }
    Ok(out)
}

/// The first edition's check (L17's first reading): the armies in the order given, asked only
/// when two or more carry markers; each army's markers act in the order placed. Kept as it was,
/// so that games begun with it replay exactly.
fn by_army(st: &mut State, ctx: &mut Ctx) -> Run {
    let marked: Vec<String> = st
        .armies
        .iter()
        .filter(|(_, a)| !a.initiative.is_empty())
        .map(|(id, _)| id.clone())
        .collect();
    let order = if marked.len() > 1 {
        let answer = ctx.ask(Question::InitiativeOrder {
            armies: marked.clone(),
            markers: Vec::new(),
        })?;
        let given = answer.initiative_order.unwrap_or_default();
        let mut armies = Vec::new();
        for e in given {
            match e {
                InitiativeEntry::Army(a) => armies.push(a),
                InitiativeEntry::Marker(_) => {
                    return Err(illegal(
                        "this game began with the first edition of adjutant's data, which orders the marked armies only, each army's markers as placed (RULINGS L17)".into(),
                    ))
                }
            }
        }
        let mut sorted = armies.clone();
        sorted.sort();
        if sorted != marked {
            return Err(illegal(format!(
                "the order must name each marked army once: {}",
                crate::engine::error::listed(&marked, "and")
            )));
        }
        armies
    } else {
        marked
    };
    for army in order {
        // An action may take the army out of play, so it is looked up again each time.
        while let Some(a) = st
            .armies
            .get_mut(&army)
            .filter(|a| !a.initiative.is_empty())
        {
            let m = a.initiative.remove(0);
            ctx.event(Event::InitiativeResolved {
                army: army.clone(),
                symbol: m.symbol,
            });
            union::order(st, ctx, &army, m.symbol, marker_drm(m.drm), "11.0")?;
        }
    }
    Ok(())
}

/// The marked armies again, from the markers a question lists.
pub fn from_listed(markers: &[MarkerListed]) -> Vec<(String, Vec<Marker>)> {
    let mut out: Vec<(String, Vec<Marker>)> = Vec::new();
    for m in markers {
        let marker = Marker {
            symbol: m.symbol,
            drm: m.drm,
        };
        match out.last_mut() {
            Some((a, ms)) if *a == m.army => ms.push(marker),
            _ => out.push((m.army.clone(), vec![marker])),
        }
    }
    out
}

/// Orders of the markers worth listing as options, each as the shortest answer that gives it:
/// first those that keep each army's markers together as placed, then the others, leaving out
/// orders that only swap markers alike. At most `limit`; with more than six markers only the
/// orders of the armies.
pub fn orderings(marked: &[(String, Vec<Marker>)], limit: usize) -> Vec<Vec<(String, usize)>> {
    let all: Vec<(String, usize)> = marked
        .iter()
        .flat_map(|(a, ms)| (0..ms.len()).map(move |k| (a.clone(), k)))
        .collect();
    let value = |p: &[(String, usize)]| -> Vec<(String, Marker)> {
        p.iter()
            .map(|(a, k)| {
                let ms = &marked.iter().find(|(b, _)| b == a).expect("marked").1;
                (a.clone(), ms[*k].clone())
            })
            .collect()
    };
    let mut grouped = Vec::new();
    permute(
        &mut (0..marked.len()).collect(),
        0,
        &mut |armies: &[usize]| {
            grouped.push(
                armies
                    .iter()
                    .flat_map(|&i| (0..marked[i].1.len()).map(move |k| (marked[i].0.clone(), k)))
                    .collect::<Vec<_>>(),
            );
        },
    );
    let mut candidates = grouped;
    if all.len() <= 6 {
        permute(&mut all.clone(), 0, &mut |p: &[(String, usize)]| {
            candidates.push(p.to_vec())
        });
    }
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for p in candidates {
        let v = value(&p);
        if !seen.contains(&v) {
            seen.push(v);
            out.push(p);
        }
        if out.len() == limit {
            break;
        }
    }
    out
}

/// Calls `f` with every order of `items[from..]` after `items[..from]`.
fn permute<T: Clone>(items: &mut Vec<T>, from: usize, f: &mut impl FnMut(&[T])) {
    if from + 1 >= items.len() {
        f(items);
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permute(items, from + 1, f);
        items.swap(from, i);
    }
}

/// The shortest answer giving an order of the markers: an army whose markers come together and
/// as placed is named once, one whose markers come as placed but apart is named at each, and
/// the markers of one taken out of the order placed are named by number.
pub fn answer(order: &[(String, usize)]) -> Vec<InitiativeEntry> {
    let mut out = Vec::new();
    let mut done: Vec<&str> = Vec::new();
    for (i, (army, _)) in order.iter().enumerate() {
        let at: Vec<usize> = (0..order.len()).filter(|&j| order[j].0 == *army).collect();
        let ks: Vec<usize> = at.iter().map(|&j| order[j].1).collect();
        let as_placed = ks.windows(2).all(|w| w[0] < w[1]);
        let together = at.windows(2).all(|w| w[1] == w[0] + 1);
        if as_placed && together {
            if !done.contains(&army.as_str()) {
                out.push(InitiativeEntry::Army(army.clone()));
                done.push(army);
            }
        } else if as_placed {
            out.push(InitiativeEntry::Army(army.clone()));
        } else {
            out.push(InitiativeEntry::Marker(super::orders::MarkerPick {
                army: army.clone(),
                marker: order[i].1 + 1,
            }));
        }
    }
    out
}

/// The printed modifier of an Initiative marker, for its army's Initiative Roll (11.0).
fn marker_drm(drm: i32) -> Modifier {
    Modifier::new(drm, "its Initiative marker")
}
