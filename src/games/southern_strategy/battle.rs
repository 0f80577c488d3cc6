//! Attack (9.4), Skirmish (9.5) and battles (10.1-10.8), with the surrenders and Political
//! Will changes they cause (10.4, 10.6, 14.0).
//!
//! An attack pauses the game for the defender's decision (refuse, or accept with the War
//! Supplies it commits and where it would retreat): the defender answers in its own packet,
//! and the attacker's side adjudicates the battle with a key the defender's answer fixes
//! (dice-protocol section 3, the pause).

use super::data::Data;
use super::events::Event;
use super::march::{enter, Force};
use super::orders::{
    self, err, Accept, Attack, AttackCommit, BattleDecision, CommitRule, CommitWord, Refuse,
    Skirmish,
};
use super::state::{
    Army, Id, ImpulseKind, LeaderRank, PendingAttack, Phase, Side, State, Supplies,
};
use super::{impulse, march, victory};
use crate::engine::dice::Dice;
use crate::engine::error::OrderError;

/// 9.4: an army with a leader (and at least one War Supply) attacks an adjacent enemy army.
/// The attackers pay 1 Food per four units, leave with their leader, and wait at the target
/// for the defender's decision (10.1).
pub fn attack(
    data: &Data,
    st: &mut State,
    side: Side,
    a: &Attack,
    key: &str,
    previous_passed: bool,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let from = orders::area(data, &a.from, &format!("{key}.from"))?;
    let to = orders::area(data, &a.to, &format!("{key}.to"))?;
    let army =
        orders::activated_army(st, from, side, "9.4", "attack with", &format!("{key}.from"))?;
    if army.leader.is_none() {
        return Err(err(
            "9.4",
            format!(
                "only an army with a leader may attack; the army in `{}` has none",
                from.name
            ),
            &format!("{key}.from"),
        ));
    }
    if !data.adjacent(&from.id, &to.id) {
        return Err(err(
            "9.4",
            format!("`{}` is not adjacent to `{}`", to.name, from.name),
            &format!("{key}.to"),
        ));
    }
    if st.army(&to.id).is_none_or(|d| d.side == side) {
        return Err(err(
            "9.4",
            format!(
                "there is no enemy army in `{}` to attack (march instead, 9.1)",
                to.name
            ),
            &format!("{key}.to"),
        ));
    }
    if a.units == 0 || a.units > army.units {
        return Err(err(
            "9.4",
            format!(
                "the army in `{}` has {} units; attack with 1 to {}",
                from.name, army.units, army.units
            ),
            &format!("{key}.units"),
        ));
    }
    let food = march::food_cost(a.units);
    let mut pool = st.supplies_at(&from.id);
    if pool.food < food {
        return Err(err(
            "9.4",
            format!(
                "too little food: attacking with {} units costs {food} food, and `{}` has {}",
                a.units, from.name, pool.food
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
                &format!("{key}.war"),
            ))
        }
        None if a.carry_war == 0 => {
            return Err(err(
                "9.4",
                "the attackers must carry at least one War Supply to commit once the defender accepts (10.2): give `carry_war`, or commit now with `war`".into(),
                &format!("{key}.carry_war"),
            ))
        }
        _ => {}
    }
    if a.return_after && !st.besieged(&from.id) {
        return Err(err(
            "11.3",
            format!("only an army attacking out of a siege may go back afterwards; `{}` is not under siege", from.name),
            &format!("{key}.return_after"),
        ));
    }
    if pool.war < open_war + a.carry_war || pool.food < a.carry_food {
        return Err(err(
            "9.4",
            format!("`{}` has {} food and {} war after paying for the attack, too few for what the attackers take", from.name, pool.food, pool.war),
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
                "{} attacking units carry at most {} supplies, not {taken}",
                a.units,
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
            Id::new(&from.id),
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
        from: from.id.clone(),
        to: to.id.clone(),
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
            from: from.id.clone(),
            to: to.id.clone(),
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
    let named = policy
        .battle
        .armies
        .iter()
        .find(|(k, _)| data.find_area(k).is_some_and(|a| a.id == at.to))
        .map(|(_, v)| v);
    let answer = named.or(policy.battle.default.as_ref())?;
    Some(match answer {
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
fn attacker_dice(data: &Data, at: &PendingAttack, war: u32) -> u32 {
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
) -> Result<u32, OrderError> {
    let held = st.supplies_at(&at.to).war;
    match *rule {
        CommitRule::Count(n) if n > held => Err(err(
            "10.3",
            format!(
                "the defender commits {n} War Supplies but has {held} in `{}`",
                data.area(&at.to).name
            ),
            "battle.accept.commit",
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
pub fn refuse_destinations(data: &Data, st: &State, at: &PendingAttack) -> Vec<String> {
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

fn move_political_will(data: &Data, st: &mut State, delta: i32, reason: &str, ev: &mut Vec<Event>) {
    let pw = &data.tracks.political_will;
    let from = st.political_will;
    let to = (from as i32 + delta).clamp(pw.min as i32, pw.max as i32) as u8;
    if to != from {
        st.political_will = to;
        ev.push(Event::PoliticalWill {
            from,
            to,
            reason: reason.into(),
        });
    }
}

/// 10.4 and 14.0: an army surrenders: its units and leader are eliminated. A Patriot army
/// surrendering moves Political Will one space right, and its leader one more; a Crown army
/// one space left, a Crown Subordinate Leader one more; Cornwallis's capture ends the game.
pub fn surrender(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &str,
    units: u32,
    leader: Option<LeaderRank>,
    ev: &mut Vec<Event>,
) {
    ev.push(Event::Surrendered {
        side,
        area: area.to_string(),
        units,
        leader,
    });
    match side {
        Side::Patriot => {
            move_political_will(data, st, 1, "14.0 a Patriot army surrenders", ev);
            if leader.is_some() {
                move_political_will(data, st, 1, "10.4 a Patriot leader is eliminated", ev);
            }
            if leader == Some(LeaderRank::Leader) {
                st.leaders_lost += 1;
            }
        }
        Side::Crown => {
            move_political_will(data, st, -1, "14.0 a Crown army surrenders", ev);
            match leader {
                Some(LeaderRank::Subordinate) => move_political_will(
                    data,
                    st,
                    -1,
                    "10.4 a Crown Subordinate Leader is eliminated",
                    ev,
                ),
                Some(LeaderRank::Leader) => victory::end(
                    st,
                    Side::Patriot,
                    "14.0 instant victory: Cornwallis is captured".into(),
                    ev,
                ),
                None => {}
            }
        }
    }
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
                defender_commit(data, st, &at, &a.commit)?;
            }
            check_retreats(data, a)?;
            st.phase = Phase::Commit {
                attack: at,
                accept: a.clone(),
                previous_passed,
            };
            return Ok(());
        }
        BattleDecision::Accept(a) => fight(data, st, &at, &defender, a, dice, ev)?,
    }
    end_battle(data, st, &at, previous_passed, dice, ev);
    Ok(())
}

/// 10.2: the attacker commits War Supplies from what the attackers carry, and the battle the
/// defender accepted is fought.
pub fn commit(
    data: &Data,
    st: &mut State,
    side: Side,
    war: u32,
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
        area: at.to.clone(),
        war,
        dice: attacker_dice(data, &at, war),
    });
    let defender = st
        .army(&at.to)
        .cloned()
        .expect("a pending attack has a defender");
    fight(data, st, &at, &defender, &accept, dice, ev)?;
    end_battle(data, st, &at, previous_passed, dice, ev);
    Ok(())
}

/// 10.7: the places a defender lists to retreat to are areas of the map.
fn check_retreats(data: &Data, a: &Accept) -> Result<(), OrderError> {
    for (i, r) in a.retreat.iter().enumerate() {
        orders::area(data, r, &format!("battle.accept.retreat[{i}]"))?;
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
        // The battle is over: the attacker's full impulse ends, and sieges its result broke
        // lift now (RULINGS.md B10 holds them only while the attack waits).
        st.phase = Phase::Impulse {
            side: at.side,
            kind: ImpulseKind::Full,
            previous_passed,
        };
        impulse::after_full(data, st, at.side, false, previous_passed, dice, ev);
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
    let key = "battle.refuse";
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
    let dest = orders::area(data, &r.to, &format!("{key}.to"))?;
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
            &format!("{key}.to"),
        ));
    }
    if !refuse_destinations(data, st, at).contains(&dest.id) {
        return Err(err(
            "10.1",
            format!("an army refusing battle moves to an adjacent friendly or empty area other than the one the attack came from; `{}` is not one", dest.name),
            &format!("{key}.to"),
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
                "an army refusing battle takes no supplies{}; `{}` has {} food and {} war",
                if defender.leader.is_some() {
                    format!(", but with a leader up to {allowed}")
                } else {
                    String::new()
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
        from: at.to.clone(),
        to: dest.id.clone(),
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

fn hits(faces: &[u8], on: u8) -> u32 {
    faces.iter().filter(|&&f| f <= on).count() as u32
}

/// 10.2-10.7: commitment, the defender's roll, the attacker's roll, victory and defeat.
fn fight(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    defender: &Army,
    a: &Accept,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let area = data.area(&at.to).clone();
    let here = st.supplies_at(&at.to);
    let committed = defender_commit(data, st, at, &a.commit)?;
    check_retreats(data, a)?;
    // 10.2: attacker dice; 10.3: defender dice. Both commitments are spent whatever happens.
    let mut attacker_dice = attacker_dice(data, at, at.war_committed);
    st.set_supplies(
        &at.to,
        Supplies {
            food: here.food,
            war: here.war - committed,
        },
    );
    ev.push(Event::BattleJoined {
        attacker: at.side,
        area: at.to.clone(),
        attacker_units: at.units,
        defender_units: defender.units,
        attacker_dice,
        defender_dice: committed,
    });
    // 10.4: the defender rolls first; each 1 or 2 eliminates an attacking unit, and every two
    // lost cost the attacker a die.
    let mut attackers = at.units;
    if committed > 0 {
        let faces = dice.d6(
            committed as usize,
            &format!("10.4 defender roll: {}", defender.side),
        );
        let lost = hits(&faces, 2).min(attackers);
        attackers -= lost;
        attacker_dice = attacker_dice.saturating_sub(lost / 2);
        ev.push(Event::BattleRoll {
            side: defender.side,
            faces,
            hits: lost,
        });
    }
    if attackers == 0 {
        surrender(data, st, at.side, &at.to, at.units, at.leader, ev);
        // What the attackers carried falls to the defender (10.7).
        let s = st.supplies_at(&at.to);
        st.set_supplies(
            &at.to,
            Supplies {
                food: s.food + at.carried.food,
                war: s.war + at.carried.war,
            },
        );
        return Ok(());
    }
    // 10.5: the attacker rolls: the Crown hits on 1-3, the Patriot on 1-2; a dug-in defender
    // ignores the first hit (9.6).
    let mut defenders = defender.units;
    if attacker_dice > 0 {
        let faces = dice.d6(
            attacker_dice as usize,
            &format!("10.5 attacker roll: {}", at.side),
        );
        let on = if at.side == Side::Crown { 3 } else { 2 };
        let mut scored = hits(&faces, on);
        if defender.dug_in && scored > 0 {
            scored -= 1;
            ev.push(Event::DugInHitIgnored {
                area: at.to.clone(),
            });
        }
        let lost = scored.min(defenders);
        defenders -= lost;
        ev.push(Event::BattleRoll {
            side: at.side,
            faces,
            hits: lost,
        });
    }
    if defenders == 0 {
        // 10.4: a side with every unit eliminated surrenders, "ending the Battle immediately":
        // no Victory step (10.6) follows, so Political Will moves for the surrender alone
        // (RULINGS.md B12). The attackers stand in the emptied area.
        surrender(
            data,
            st,
            defender.side,
            &at.to,
            defender.units,
            defender.leader,
            ev,
        );
        if st.phase == Phase::Over {
            return Ok(());
        }
        let abandoned = st.supplies_at(&at.to);
        st.armies.remove(at.to.as_str());
        st.set_supplies(&at.to, Supplies::default());
        occupy(data, st, at, attackers, add(abandoned, at.carried), ev);
        return Ok(());
    }
    if let Some(army) = st.armies.get_mut(at.to.as_str()) {
        army.units = defenders;
    }
    // 10.6: units and leaders count; a tie goes to the defender.
    let attacker_total = attackers + u32::from(at.leader.is_some());
    let defender_total = defenders + u32::from(defender.leader.is_some());
    if attacker_total <= defender_total {
        ev.push(Event::BattleWon {
            winner: defender.side,
            attacker_total,
            defender_total,
        });
        // 10.7: the attackers go back; what they carried falls to the defender.
        let s = st.supplies_at(&at.to);
        st.set_supplies(&at.to, add(s, at.carried));
        attackers_return(data, st, at, attackers, Supplies::default(), ev);
        return Ok(());
    }
    ev.push(Event::BattleWon {
        winner: at.side,
        attacker_total,
        defender_total,
    });
    victory_effects(data, st, at, defender, ev);
    // 10.7: the morale check; automatically failed at a Point.
    let difference = attacker_total - defender_total;
    let passed = if area.is_city_or_fort() {
        let die = dice.d6(1, &format!("10.7 morale check: {}", defender.side))[0];
        let passed = die as u32 >= difference;
        ev.push(Event::MoraleCheck {
            side: defender.side,
            die: Some(die),
            needed: difference,
            passed,
        });
        passed
    } else {
        ev.push(Event::MoraleCheck {
            side: defender.side,
            die: None,
            needed: difference,
            passed: false,
        });
        false
    };
    if passed {
        // The defender stands; the attackers go back with what they carried.
        attackers_return(data, st, at, attackers, at.carried, ev);
        return Ok(());
    }
    let defender_now = st
        .army(&at.to)
        .cloned()
        .expect("the defender is still there");
    // 11.1: besieged defenders cannot retreat; elsewhere, the first legal area of the
    // defender's list, else the first legal one on the map (RULINGS.md B4). 9.2: an area where
    // the retreating army would give a Subordinate Leader more than 4 units is not legal.
    let legal =
        |b: &str| data.adjacent(&at.to, b) && b != at.to && may_fall_back(st, &defender_now, b);
    let retreat_to = if st.besieged(&at.to) {
        None
    } else {
        a.retreat
            .iter()
            .filter_map(|r| data.find_area(r).map(|x| x.id.clone()))
            .find(|b| legal(b))
            .or_else(|| area.adjacent.iter().find(|b| legal(b)).cloned())
    };
    let abandoned = st.supplies_at(&at.to);
    st.armies.remove(at.to.as_str());
    st.set_supplies(&at.to, Supplies::default());
    match retreat_to {
        Some(dest) => {
            enter(
                data,
                st,
                defender.side,
                &dest,
                Force {
                    units: defender_now.units,
                    leader: defender_now.leader,
                    supplies: Supplies::default(),
                },
                ev,
            );
            ev.push(Event::Retreated {
                side: defender.side,
                from: at.to.clone(),
                to: dest,
                food: abandoned.food,
                war: abandoned.war,
            });
        }
        None => {
            surrender(
                data,
                st,
                defender.side,
                &at.to,
                defender_now.units,
                defender_now.leader,
                ev,
            );
            if st.phase == Phase::Over {
                return Ok(());
            }
        }
    }
    occupy(data, st, at, attackers, add(abandoned, at.carried), ev);
    Ok(())
}

/// The victorious attackers take the area, or (11.3) go back to the City or Fort they attacked
/// out of, taking what they carried and what the defender left.
fn occupy(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    attackers: u32,
    supplies: Supplies,
    ev: &mut Vec<Event>,
) {
    if at.return_after {
        attackers_return(data, st, at, attackers, supplies, ev);
    } else {
        enter(
            data,
            st,
            at.side,
            &at.to,
            force(at, attackers, supplies),
            ev,
        );
    }
}

/// `units` of the attacking army, with its commander and `supplies`.
fn force(at: &PendingAttack, units: u32, supplies: Supplies) -> Force {
    Force {
        units,
        leader: at.leader,
        supplies,
    }
}

/// 10.7, 11.3: the surviving attackers go back to the area they attacked from.
fn attackers_return(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    attackers: u32,
    supplies: Supplies,
    ev: &mut Vec<Event>,
) {
    enter(
        data,
        st,
        at.side,
        &at.from,
        force(at, attackers, supplies),
        ev,
    );
    ev.push(Event::AttackerReturned {
        side: at.side,
        to: at.from.clone(),
        units: attackers,
    });
}

fn add(a: Supplies, b: Supplies) -> Supplies {
    Supplies {
        food: a.food + b.food,
        war: a.war + b.war,
    }
}

/// 10.6: a victorious Patriot attack moves Political Will one space left; a Crown victory
/// over a Patriot army with a leader moves it one space right.
fn victory_effects(
    data: &Data,
    st: &mut State,
    at: &PendingAttack,
    defender: &Army,
    ev: &mut Vec<Event>,
) {
    match at.side {
        Side::Patriot => move_political_will(
            data,
            st,
            -1,
            "10.6 the Patriot wins a battle as attacker",
            ev,
        ),
        Side::Crown if defender.leader.is_some() => move_political_will(
            data,
            st,
            1,
            "10.6 the Crown defeats a Patriot army with a leader",
            ev,
        ),
        Side::Crown => {}
    }
}

/// 9.5 and 10.8: one or two Patriot units, from an army without a leader of at most two
/// units or picked by a leader, strike an adjacent enemy army on a Point for 1 Food. Each War
/// Supply expended is a die hitting on 1-2; the defender neither refuses nor rolls, and the
/// skirmishers go back where they came from.
pub fn skirmish(
    data: &Data,
    st: &mut State,
    side: Side,
    s: &Skirmish,
    key: &str,
    ev: &mut Vec<Event>,
    dice: &mut dyn Dice,
) -> Result<(), OrderError> {
    if side != Side::Patriot {
        return Err(err("9.5", "only the Patriot player skirmishes".into(), key));
    }
    let from = orders::area(data, &s.from, &format!("{key}.from"))?;
    let to = orders::area(data, &s.to, &format!("{key}.to"))?;
    let army = orders::activated_army(
        st,
        from,
        side,
        "9.5",
        "skirmish with",
        &format!("{key}.from"),
    )?;
    if st.besieged(&from.id) {
        return Err(err(
            "11.1",
            format!(
                "the army in `{}` is under siege: it may only dig in or attack",
                from.name
            ),
            &format!("{key}.from"),
        ));
    }
    if !(1..=2).contains(&s.units)
        || s.units > army.units
        || (army.leader.is_none() && army.units > 2)
    {
        return Err(err("9.5", "a skirmish is one or two units: an army of at most two without a leader, or one or two picked by a leader".into(), &format!("{key}.units")));
    }
    if !data.adjacent(&from.id, &to.id) {
        return Err(err(
            "9.5",
            format!("`{}` is not adjacent to `{}`", to.name, from.name),
            &format!("{key}.to"),
        ));
    }
    if to.is_city_or_fort() {
        return Err(err(
            "9.5",
            format!(
                "only a Point can be skirmished; `{}` is a City or Fort",
                to.name
            ),
            &format!("{key}.to"),
        ));
    }
    let Some(target) = st.army(&to.id).filter(|d| d.side != side).cloned() else {
        return Err(err(
            "9.5",
            format!("there is no enemy army in `{}`", to.name),
            &format!("{key}.to"),
        ));
    };
    let mut pool = st.supplies_at(&from.id);
    if pool.food < 1 {
        return Err(err(
            "9.5",
            format!("a skirmish costs 1 food; `{}` has none", from.name),
            key,
        ));
    }
    if s.war == 0 || pool.war < s.war {
        return Err(err(
            "10.8",
            format!(
                "a skirmish rolls one die per War Supply expended (at least 1); `{}` has {} war",
                from.name, pool.war
            ),
            &format!("{key}.war"),
        ));
    }
    pool.food -= 1;
    pool.war -= s.war;
    st.set_supplies(&from.id, pool);
    let faces = dice.d6(s.war as usize, "10.8 skirmish roll: patriot");
    let lost = hits(&faces, 2).min(target.units);
    ev.push(Event::Skirmished {
        from: from.id.clone(),
        to: to.id.clone(),
        units: s.units,
        war: s.war,
    });
    ev.push(Event::BattleRoll {
        side,
        faces,
        hits: lost,
    });
    if lost == target.units {
        // The surrendered army's carried supplies go back to the stock.
        st.armies.remove(to.id.as_str());
        st.set_supplies(&to.id, Supplies::default());
        surrender(
            data,
            st,
            target.side,
            &to.id,
            target.units,
            target.leader,
            ev,
        );
    } else if let Some(t) = st.armies.get_mut(to.id.as_str()) {
        t.units -= lost;
    }
    Ok(())
}
