//! The battle itself (10.2-10.7): commitment, the defender's roll, the attacker's roll, victory
//! and defeat, retreat and occupation.

use super::*;

pub(super) fn hits(faces: &[u8], on: u8) -> u32 {
    faces.iter().filter(|&&f| f <= on).count() as u32
}

/// The highest face that hits in a battle: 1-2 for the defender whoever it is (10.4, RULINGS
/// B2) and for a Patriot attacker, 1-3 for an attacking Crown army (10.5).
pub fn hits_on(side: Side, attacking: bool) -> u8 {
    if attacking && side == Side::Crown {
        3
    } else {
        2
    }
}

/// 10.2-10.7: commitment, the defender's roll, the attacker's roll, victory and defeat.
pub(super) fn fight(
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
    let committed = defender_commit(data, st, at, &a.commit, "battle.accept.commit")?;
    check_retreats(data, a, None)?;
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
        area: at.to,
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
        let lost = hits(&faces, hits_on(defender.side, false)).min(attackers);
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
        let mut scored = hits(&faces, hits_on(at.side, true));
        if defender.dug_in && scored > 0 {
            scored -= 1;
            ev.push(Event::DugInHitIgnored { area: at.to });
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
        |b: &str| data.adjacent(&at.to, b) && at.to != b && may_fall_back(st, &defender_now, b);
    let retreat_to = if st.besieged(&at.to) {
        None
    } else {
        a.retreat
            .iter()
            .filter_map(|r| data.find_area(r).map(|x| x.id))
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
            // 9.6: Dug-In lasts the rest of the campaign turn, wherever the army goes (B16).
            if defender_now.dug_in && data.pieces.readings.retreat_keeps_dig_in() {
                if let Some(army) = st.armies.get_mut(dest.as_str()) {
                    army.dug_in = true;
                }
            }
            ev.push(Event::Retreated {
                side: defender.side,
                from: at.to,
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
    // 11.3 lets them go back ("may"); they cannot when the beaten defender retreated into the
    // City they left (10.7 allows it: the City stood empty), since no area holds two enemy
    // armies (RULINGS B15).
    let barred = at.return_after && st.army(&at.from).is_some_and(|a| a.side != at.side);
    if barred {
        ev.push(Event::ReturnBarred {
            side: at.side,
            from: at.to,
            to: at.from,
            units: attackers,
        });
    }
    if at.return_after && !barred {
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
pub(super) fn force(at: &PendingAttack, units: u32, supplies: Supplies) -> Force {
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
        to: at.from,
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
