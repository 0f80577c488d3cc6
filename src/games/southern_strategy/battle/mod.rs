//! Attack (9.4), Skirmish (9.5) and battles (10.1-10.8), with the surrenders and Political
//! Will changes they cause (10.4, 10.6, 14.0).
//!
//! An attack pauses the game for the defender's decision (refuse, or accept with the War
//! Supplies it commits and where it would retreat): the defender answers in its own packet,
//! and the attacker's side adjudicates the battle with a key the defender's answer fixes
//! (dice-protocol section 3, the pause).
//!
//! The battle itself is in `fight` (10.2-10.7), surrenders and the Political Will they move
//! in `surrender` (10.4, 14.0), and the Patriot Skirmish in `skirmish` (9.5, 10.8).

use super::data::{Area, Data};
use super::events::Event;
use super::march::{enter, Force};
use super::orders::{
    self, err, Accept, Attack, AttackCommit, BattleDecision, CommitRule, CommitWord, Refuse,
    Skirmish,
};
use super::state::{
    Army, Id, LeaderRank, PendingAttack, Phase, Question, Side, Stage, State, Supplies,
};
use super::{impulse, march, supply, victory, words};
use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};

mod fight;
mod skirmish;
mod surrender;

pub use fight::hits_on;
use fight::{fight, force, hits};
pub use skirmish::skirmish;
use surrender::move_political_will;
pub use surrender::surrender;

/// 9.4: an army with a leader (and at least one War Supply) attacks an adjacent enemy army.
/// The attackers pay 1 Food per four units, leave with their leader, and wait at the target
/// for the defender's decision (10.1).
pub fn attack(
    data: &Data,
    st: &mut State,
    side: Side,
    a: &Attack,
    key: Path<'_>,
    previous_passed: bool,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let from = orders::area(data, &a.from, key.field("from"))?;
    let to = orders::area(data, &a.to, key.field("to"))?;
    let army = orders::activated_army(st, from, side, "9.4", "attack with", key.field("from"))?;
    if army.leader.is_none() {
        return Err(err(
            "9.4",
            format!(
                "only an army with a leader may attack; the army in `{}` has none",
                from.name
            ),
            key.field("from"),
        ));
    }
    if !data.adjacent(&from.id, &to.id) {
        return Err(err(
            "9.4",
            format!("`{}` is not adjacent to `{}`", to.name, from.name),
            key.field("to"),
        ));
    }
    if st.army(&to.id).is_none_or(|d| d.side == side) {
        return Err(err(
            "9.4",
            format!(
                "there is no enemy army in `{}` to attack (march instead, 9.1)",
                to.name
            ),
            key.field("to"),
        ));
    }
    if a.units == 0 || a.units > army.units {
        return Err(err(
            "9.4",
            format!(
                "the army in `{}` has {}; attack with {}",
                from.name,
                words::units(&army.units.to_string()),
                words::one_to(army.units)
            ),
            key.field("units"),
        ));
    }
    let food = march::food_cost(a.units);
    let mut pool = st.supplies_at(&from.id);
    if pool.food < food {
        return Err(err(
            "9.4",
            format!(
                "too little food: attacking with {} costs {food} food, and `{}` has {}",
                words::units(&a.units.to_string()),
                from.name,
                pool.food
            ),
            key,
        ));
    }
    pool.food -= food;
    // 9.4, 10.2: at least one War Supply is committed: now, shown with the attack, or later
    // from the War the attackers carry.
    let open_war = a.war.unwrap_or(0);
    match a.war {
        Some(0) => {
            return Err(err(
                "9.4",
                "an attack expends at least one War Supply (10.2)".into(),
                key.field("war"),
            ))
        }
        None if a.carry_war == 0 => {
            return Err(err(
                "9.4",
                "the attackers must carry at least one War Supply to commit once the defender accepts (10.2): give `carry_war`, or commit now with `war`".into(),
                key.field("carry_war"),
            ))
        }
        _ => {}
    }
    if a.return_after && !st.besieged(&from.id) {
        return Err(err(
            "11.3",
            format!("only an army attacking out of a siege may go back afterwards; `{}` is not under siege", from.name),
            key.field("return_after"),
        ));
    }
    // 11.1 with 11.3 (RULINGS S11): a sortie takes the War it fights with, and no Food out of
    // the siege.
    if a.carry_food > 0 && st.besieged(&from.id) && data.pieces.readings.sortie_carries_no_food() {
        return Err(err(
            "11.1",
            format!(
                "`{}` is under siege: no supplies leave it by land, so the attackers carry War to fight with but no Food",
                from.name
            ),
            key.field("carry_food"),
        ));
    }
    if pool.war < open_war + a.carry_war || pool.food < a.carry_food {
        return Err(err(
            "9.4",
            format!(
                "the attackers take {} food and {} war ({}), but `{}` has {} food and {} war after paying for the attack",
                a.carry_food,
                open_war + a.carry_war,
                if open_war > 0 && a.carry_war > 0 {
                    format!("{open_war} committed and {} carried", a.carry_war)
                } else if open_war > 0 {
                    "committed".to_string()
                } else {
                    "carried".to_string()
                },
                from.name,
                pool.food,
                pool.war
            ),
            key,
        ));
    }
    let taken = open_war + a.carry_war + a.carry_food;
    // 5.5: whether leaving a City or Fort or carrying from a Point, an army carries at most
    // one plus its units.
    if taken > a.units + 1 {
        return Err(err(
            "5.5",
            format!(
                "an attack with {} carries at most {} supplies, not {taken}",
                words::units(&a.units.to_string()),
                a.units + 1
            ),
            key,
        ));
    }
    pool.war -= open_war + a.carry_war;
    pool.food -= a.carry_food;
    let stayed = army.units - a.units;
    if stayed > 0 {
        st.armies.insert(
            from.id,
            Army {
                side,
                units: stayed,
                leader: None,
                dug_in: false,
            },
        );
        st.set_supplies(&from.id, pool);
    } else {
        st.armies.remove(from.id.as_str());
        if from.is_city_or_fort() {
            st.set_supplies(&from.id, pool);
        } else if !pool.is_empty() {
            return Err(err("5.5", format!("{} food and {} war would be left in `{}` with no army; have the attackers carry them (`carry_food`, `carry_war`)", pool.food, pool.war, from.name), key));
        } else {
            st.set_supplies(&from.id, Supplies::default());
        }
    }
    ev.push(Event::AttackLaunched {
        side,
        from: from.id,
        to: to.id,
        units: a.units,
        food_paid: food,
        war: a.war,
        carried: a.war.is_none().then_some(Supplies {
            food: a.carry_food,
            war: a.carry_war,
        }),
    });
    st.phase = Phase::Battle {
        attack: PendingAttack {
            side,
            from: from.id,
            to: to.id,
            units: a.units,
            leader: army.leader,
            war_committed: open_war,
            carried: Supplies {
                food: a.carry_food,
                war: a.carry_war,
            },
            return_after: a.return_after,
        },
        previous_passed,
    };
    Ok(())
}

/// Dice-protocol 3.1: the defender's standing policy turned into its answer to the pending
/// attack, if the policy covers this army. A number to commit is capped at what the defender
/// holds; `all` and `match` are worked out when the attacker's commitment is known (10.3).
pub fn policy_decision(
    data: &Data,
    st: &State,
    policy: &super::orders::Policy,
) -> Option<BattleDecision> {
    let Phase::Battle { attack: at, .. } = &st.phase else {
        return None;
    };
    Some(match policy_answer(data, &policy.battle, &at.to)? {
        super::orders::PolicyAnswer::Refuse(r) => BattleDecision::Refuse(r.clone()),
        super::orders::PolicyAnswer::Accept(a) => {
            let held = st.supplies_at(&at.to).war;
            let commit = match a.commit {
                CommitRule::Count(n) => CommitRule::Count(n.min(held)),
                ref rule => rule.clone(),
            };
            BattleDecision::Accept(Accept {
                commit,
                retreat: a.retreat.clone(),
            })
        }
    })
}

/// The answer a battle policy gives for an army attacked at `area`: the answer of the first key
/// naming it (by id or name), else the default. Policy rows (dice-protocol 3.2) are read
/// through it too, so a row answers as the whole policy does.
pub fn policy_answer<'p>(
    data: &Data,
    policy: &'p super::orders::BattlePolicy,
    area: &Id,
) -> Option<&'p super::orders::PolicyAnswer> {
    policy
        .armies
        .iter()
        .find(|(k, _)| data.find_area(k).is_some_and(|a| a.id == *area))
        .map(|(_, v)| v)
        .or(policy.default.as_ref())
}

/// A standing policy checked against the map when it is committed (10.1, 10.3): every army it
/// names stands in an area of the map, no area is named twice (by id and by name, say), and
/// every refusal and retreat goes to an area of the map. Whether that area will be open to
/// the army is for the attack to tell, as the army may have moved by then.
pub fn check_policy(data: &Data, policy: &super::orders::Policy) -> Result<(), OrderError> {
    use super::orders::PolicyAnswer;
    let unknown = |rule: &str, text: &str, path: String| {
        let help = data.area_hint(text);
        OrderError::new(rule, format!("`{text}` is not an area of the map{help}")).at(path)
    };
    let check_answer = |answer: &PolicyAnswer, at: &str| -> Result<(), OrderError> {
        match answer {
            PolicyAnswer::Refuse(r) => {
                if data.find_area_key(&r.to).is_none() {
                    return Err(unknown("10.1", r.to.as_str(), format!("{at}.refuse.to")));
                }
            }
            PolicyAnswer::Accept(a) => {
                for (i, to) in a.retreat.iter().enumerate() {
                    let Some(area) = data.find_area_key(to) else {
                        return Err(unknown(
                            "10.7",
                            to.as_str(),
                            format!("{at}.accept.retreat[{i}]"),
                        ));
                    };
                    if let Some(e) = listed_twice(data, &a.retreat, i, area) {
                        return Err(e.at(format!("{at}.accept.retreat[{i}]")));
                    }
                }
            }
        }
        Ok(())
    };
    if let Some(d) = &policy.battle.default {
        check_answer(d, "battle.default")?;
    }
    let mut named: Vec<(&Id, &str)> = Vec::new();
    for (key, answer) in &policy.battle.armies {
        let at = format!("battle.armies.{key}");
        let Some(area) = data.find_area(key) else {
            return Err(unknown("10.1", key, at));
        };
        if let Some((_, first)) = named.iter().find(|(id, _)| **id == area.id) {
            return Err(OrderError::new(
                "10.1",
                format!(
                    "`{first}` and `{key}` both name {}: give each army one answer",
                    area.name
                ),
            )
            .at(at));
        }
        named.push((&area.id, key));
        check_answer(answer, &at)?;
    }
    Ok(())
}

/// Dice-protocol 3.1: the attacker's standing policy turned into its commitment (10.2) for
/// the attack waiting at `Phase::Commit`, if the policy says what to commit.
pub fn policy_commit(st: &State, policy: &super::orders::Policy) -> Option<u32> {
    let Phase::Commit { attack: at, .. } = &st.phase else {
        return None;
    };
    let carried = at.carried.war;
    Some(match policy.attack.as_ref()?.commit {
        AttackCommit::Count(n) => n.clamp(1, carried.max(1)),
        AttackCommit::All(_) => carried,
    })
}

/// 10.2: the attacker's battle dice for `war` committed: one a War Supply against a Point, one
/// for every two (rounded up) against a City or Fort.
pub fn attacker_dice(data: &Data, at: &PendingAttack, war: u32) -> u32 {
    if data.area(&at.to).is_city_or_fort() {
        war.div_ceil(2)
    } else {
        war
    }
}

/// 10.3: the War the defender's rule commits now that the attacker's commitment is known.
fn defender_commit(
    data: &Data,
    st: &State,
    at: &PendingAttack,
    rule: &CommitRule,
    key: &str,
) -> Result<u32, OrderError> {
    let held = st.supplies_at(&at.to).war;
    match *rule {
        CommitRule::Count(n) if n > held => Err(err(
            "10.3",
            format!(
                "the defender commits {n} War Supplies but has {held} in `{}`",
                data.area(&at.to).name
            ),
            key,
        )),
        CommitRule::Count(n) => Ok(n),
        CommitRule::Word(CommitWord::All) => Ok(held),
        CommitRule::Word(CommitWord::Match) => {
            Ok(attacker_dice(data, at, at.war_committed).min(held))
        }
    }
}

/// 10.1 and 9.2: whether the defender may refuse, and where to: an adjacent friendly or empty
/// area other than the one the attack came from, where joining the army there would not put
/// more than 4 units under a Subordinate Leader.
pub fn refuse_destinations(data: &Data, st: &State, at: &PendingAttack) -> Vec<Id> {
    let defender = match st.army(&at.to) {
        Some(d) => d,
        None => return Vec::new(),
    };
    if defender.dug_in || st.besieged(&at.to) {
        return Vec::new();
    }
    data.area(&at.to)
        .adjacent
        .iter()
        .filter(|b| **b != at.from && may_fall_back(st, defender, b))
        .cloned()
        .collect()
}

/// 10.1, 10.7 and 9.2: whether `army` may refuse or retreat into `area`: it is empty or holds
/// a friendly army, and the armies joined there would not give a Subordinate Leader more than
/// 4 units.
fn may_fall_back(st: &State, army: &Army, area: &str) -> bool {
    st.army(area).is_none_or(|x| x.side == army.side)
        && march::over_subordinate_limit(st, army.side, area, army.units, army.leader).is_none()
}

/// 10.0: the defender's answer, then the battle, then the rest of the attacker's impulse.
pub fn resolve(
    data: &Data,
    st: &mut State,
    side: Side,
    decision: &BattleDecision,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let Phase::Battle {
        attack: at,
        previous_passed,
    } = st.phase.clone()
    else {
        return Err(OrderError::new("10.0", "there is no battle to decide").at("battle"));
    };
    let defender = st
        .army(&at.to)
        .cloned()
        .expect("a pending attack has a defender");
    if side != defender.side {
        return Err(OrderError::new("10.1", "the defender decides the battle").at("battle"));
    }
    match decision {
        BattleDecision::Refuse(r) => refuse(data, st, &at, &defender, r, ev)?,
        BattleDecision::Accept(a) if at.war_committed == 0 => {
            // 10.1 before 10.2: the attacker commits only now; a count the defender cannot
            // pay is refused at once, before the attacker is asked.
            if let CommitRule::Count(_) = a.commit {
                defender_commit(data, st, &at, &a.commit, "battle.accept.commit")?;
            }
            check_retreats(data, a, None)?;
            let forced = at.carried.war == 1 && after_attacker(data);
            let attacker = at.side;
            st.phase = Phase::Commit {
                attack: at,
                accept: a.clone(),
                previous_passed,
            };
            if forced {
                // 10.2 (B1): attackers carrying one War must commit it; nothing is chosen after
                // reading the answer, so the battle is fought at once.
                return commit(data, st, attacker, 1, Committed::Sealed, dice, ev);
            }
            return Ok(());
        }
        BattleDecision::Accept(a) => fight(data, st, &at, &defender, a, dice, ev)?,
    }
    end_battle(data, st, &at, previous_passed, dice, ev);
    Ok(())
}

/// How the attacker's commitment (10.2) was made, which decides whether the defender's answer
/// still binds it (RULINGS B1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Committed {
    /// By the attacker's standing policy, sealed before it could read the defender's answer.
    Sealed,
    /// By the attacker's own orders, written after it read the answer.
    ByHand,
}

/// 10.2: the War a `commit:` answer at the attacker's pause commits: a number, or `all` the
/// attackers carry. `match` answers the attacker's dice, so it is the defender's word alone
/// (10.3).
pub fn attacker_war(at: &PendingAttack, rule: &CommitRule) -> Result<u32, OrderError> {
    match rule {
        CommitRule::Count(n) => Ok(*n),
        CommitRule::Word(CommitWord::All) => Ok(at.carried.war),
        CommitRule::Word(CommitWord::Match) => Err(err(
            "10.2",
            "`match` is the defender's answer to the attacker's dice (10.3): the attacker commits a number or `all`".to_string(),
            "commit",
        )),
    }
}

/// 10.2: the attacker commits War Supplies from what the attackers carry, and the battle the
/// defender accepted is fought; or, when the attacker committed by hand after reading the
/// answer and the game reads B1 by the text, the defender is asked for its War first (10.3).
pub fn commit(
    data: &Data,
    st: &mut State,
    side: Side,
    war: u32,
    how: Committed,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let Phase::Commit {
        attack: mut at,
        accept,
        previous_passed,
    } = st.phase.clone()
    else {
        return Err(OrderError::new("10.2", "no attack waits for its commitment").at("commit"));
    };
    if side != at.side {
        return Err(OrderError::new("10.2", "the attacker commits its War Supplies").at("commit"));
    }
    if war == 0 || war > at.carried.war {
        return Err(err(
            "10.2",
            format!(
                "commit 1 to {} War Supplies: the attackers carry {}",
                at.carried.war, at.carried.war
            ),
            "commit",
        ));
    }
    at.carried.war -= war;
    at.war_committed = war;
    ev.push(Event::AttackCommitted {
        side,
        area: at.to,
        war,
        dice: attacker_dice(data, &at, war),
    });
    // 10.3 (B1): a defender holding no War has nothing to choose, and fights with none.
    if how == Committed::ByHand && after_attacker(data) && st.supplies_at(&at.to).war > 0 {
        st.phase = Phase::Defend {
            attack: at,
            accept: Accept {
                commit: CommitRule::default(),
                retreat: accept.retreat,
            },
            previous_passed,
        };
        return Ok(());
    }
    let defender = st
        .army(&at.to)
        .cloned()
        .expect("a pending attack has a defender");
    fight(data, st, &at, &defender, &accept, dice, ev)?;
    end_battle(data, st, &at, previous_passed, dice, ev);
    Ok(())
}

/// RULINGS B1: whether the defender commits its War once the attacker's is fixed.
fn after_attacker(data: &Data) -> bool {
    data.pieces.readings.defender_commits_after_attacker()
}

/// 10.3: the defender commits War Supplies once the attacker's are fixed (RULINGS B1), and the
/// battle is fought.
pub fn defend(
    data: &Data,
    st: &mut State,
    side: Side,
    commit: CommitRule,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let Phase::Defend {
        attack: at,
        mut accept,
        previous_passed,
    } = st.phase.clone()
    else {
        return Err(OrderError::new("10.3", "no battle waits for the defender's War").at("commit"));
    };
    let defender = st
        .army(&at.to)
        .cloned()
        .expect("a pending attack has a defender");
    if side != defender.side {
        return Err(
            OrderError::new("10.3", "the defender commits its War Supplies now").at("commit"),
        );
    }
    accept.commit = commit;
    defender_commit(data, st, &at, &accept.commit, "commit")?;
    fight(data, st, &at, &defender, &accept, dice, ev)?;
    end_battle(data, st, &at, previous_passed, dice, ev);
    Ok(())
}

/// 10.7 (RULINGS B4): a defender answering an attack by its own orders lists only areas
/// adjacent to it to retreat to, where the data reads so: passing over one that is not sent the
/// army somewhere its player did not name. A standing policy's lists are not held to this, as
/// one list may serve armies in different places.
pub fn check_answer_retreats(
    data: &Data,
    st: &State,
    decision: &BattleDecision,
) -> Result<(), OrderError> {
    match (&st.phase, decision) {
        (Phase::Battle { attack: at, .. }, BattleDecision::Accept(a))
            if data.pieces.readings.retreat_list_adjacent() =>
        {
            check_retreats(data, a, Some(&at.to))
        }
        _ => Ok(()),
    }
}

/// 10.7: the refusal of a retreat list's entry `i`, the area `area`, when an entry before it
/// names the same area (by id or by name): the repeat would be passed over, and is most likely
/// a slip for another area.
fn listed_twice(data: &Data, list: &[Id], i: usize, area: &Area) -> Option<OrderError> {
    let first = list[..i]
        .iter()
        .position(|e| data.find_area_key(e).is_some_and(|f| f.id == area.id))?;
    Some(OrderError::new(
        "10.7",
        format!(
            "`{}` is listed twice (retreat[{first}] and retreat[{i}]): name each area once",
            area.name
        ),
    ))
}

/// 10.7: the places a defender lists to retreat to are areas of the map and, given the area
/// `around` where it is attacked (RULINGS B4), areas adjacent to it.
fn check_retreats(data: &Data, a: &Accept, around: Option<&Id>) -> Result<(), OrderError> {
    let retreat = Path::root("battle.accept.retreat");
    for (i, r) in a.retreat.iter().enumerate() {
        let area = orders::area(data, r, retreat.item(i))?;
        if let Some(e) = listed_twice(data, &a.retreat, i, area) {
            return Err(e.at(retreat.item(i)));
        }
        let Some(at) = around else {
            continue;
        };
        let why = if area.id == *at {
            format!(
                "a beaten army retreats out of `{}`, the area it is attacked in: list areas adjacent to it (RULINGS B4)",
                area.name
            )
        } else if !data.adjacent(at, &area.id) {
            format!(
                "`{}` is not adjacent to `{}`, where your army is attacked: a beaten army retreats only to an adjacent area (RULINGS B4)",
                area.name,
                data.area(at).name
            )
        } else {
            continue;
        };
        return Err(OrderError::new("10.7", why).at(retreat.item(i)));
    }
    Ok(())
}

/// After the battle the attacker's full impulse ends.
fn end_battle(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    previous_passed: bool,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) {
    if st.phase != Phase::Over {
        // 5.5 with 10.7 (RULINGS S12): the attacker, the acting player, puts right at once an
        // excess its battle left (only the defender may wait until its impulse): what cannot
        // move on is discarded, and where its line has room it is asked for the moves.
        if data.pieces.readings.attacker_excess_at_once() {
            // 11.3 (RULINGS S14): a siege lifts as soon as its conditions fail, so one the
            // battle broke no longer closes the line the excess may move along.
            if data.pieces.readings.sieges_lift_before_excess() {
                super::siege::lift_broken_now(data, st, ev);
            }
            let areas = supply::excess_after_attack(data, st, at.side, ev);
            if !areas.is_empty() {
                st.phase = Phase::Decision {
                    side: at.side,
                    question: Question::Excess {
                        areas,
                        previous_passed,
                    },
                    resume: Stage::Impulses,
                };
                return;
            }
        }
        // The battle is over: the attacker's full impulse ends, and sieges its result broke
        // lift now (RULINGS.md B10 holds them only while the attack waits).
        impulse::after_battle(data, st, at.side, previous_passed, dice, ev);
    }
}

/// 10.1: the defender moves its whole army to one adjacent friendly or empty area (not the one
/// the attack came from), leaving its supplies to the attacker, save that an army with a leader
/// takes up to half its units (rounded down). The attacker occupies the area.
fn refuse(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    defender: &Army,
    r: &Refuse,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let key = Path::root("battle.refuse");
    if defender.dug_in {
        return Err(err("9.6", "a dug-in army cannot refuse battle".into(), key));
    }
    if st.besieged(&at.to) {
        return Err(err(
            "11.1",
            "an army under siege cannot refuse battle".into(),
            key,
        ));
    }
    let dest = orders::area(data, &r.to, key.field("to"))?;
    let next_to = data.adjacent(&at.to, &dest.id) && dest.id != at.from;
    let over =
        march::over_subordinate_limit(st, defender.side, &dest.id, defender.units, defender.leader);
    if let Some(total) = over.filter(|_| next_to) {
        return Err(err(
            "9.2",
            format!(
                "a Subordinate Leader commands at most {} units; refusing into `{}` would give him {total}",
                super::state::SUBORDINATE_UNITS,
                dest.name
            ),
            key.field("to"),
        ));
    }
    if !refuse_destinations(data, st, at).contains(&dest.id) {
        return Err(err(
            "10.1",
            format!("an army refusing battle moves to an adjacent friendly or empty area other than the one the attack came from; `{}` is not one", dest.name),
            key.field("to"),
        ));
    }
    // 11.1 (S9): an army refusing into a besieged City or Fort brings no supplies in.
    if r.food + r.war > 0 && super::siege::closed_to_armies(data, st, &dest.id) {
        return Err(err(
            "11.1",
            format!(
                "no supplies may be carried into besieged `{}`: refuse into it without them",
                dest.name
            ),
            key,
        ));
    }
    let here = st.supplies_at(&at.to);
    let allowed = if defender.leader.is_some() {
        defender.units / 2
    } else {
        0
    };
    if r.food + r.war > allowed || r.food > here.food || r.war > here.war {
        return Err(err(
            "10.1",
            format!(
                "{}; `{}` has {} food and {} war",
                if defender.leader.is_some() {
                    format!("an army refusing battle with a leader takes up to half its units in supplies, here up to {allowed}")
                } else {
                    "an army refusing battle without a leader takes no supplies (one with a leader takes up to half its units in supplies)".to_string()
                },
                data.area(&at.to).name,
                here.food,
                here.war
            ),
            key,
        ));
    }
    let taken = Supplies {
        food: r.food,
        war: r.war,
    };
    let abandoned = Supplies {
        food: here.food - r.food,
        war: here.war - r.war,
    };
    st.armies.remove(at.to.as_str());
    st.set_supplies(&at.to, Supplies::default());
    enter(
        data,
        st,
        defender.side,
        &dest.id,
        Force {
            units: defender.units,
            leader: defender.leader,
            supplies: taken,
        },
        ev,
    );
    ev.push(Event::BattleRefused {
        side: defender.side,
        from: at.to,
        to: dest.id,
        food: taken.food,
        war: taken.war,
    });
    // No battle: the committed War Supplies are not expended and go in with the attackers.
    let carried = Supplies {
        food: at.carried.food + abandoned.food,
        war: at.carried.war + at.war_committed + abandoned.war,
    };
    enter(data, st, at.side, &at.to, force(at, at.units, carried), ev);
    Ok(())
}
