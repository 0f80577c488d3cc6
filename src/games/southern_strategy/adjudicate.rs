//! One step adjudicated: the orders go to the rule of the phase the game stands in (the
//! sequence of play, 4.0): the supply phase (5.2), an impulse (7.0), a battle's answer and
//! commitments (10.1-10.3), or a question between impulses (12.3, 12.4, 13.4), each refused
//! with its rule where the orders do not fit the phase. `Game::apply` runs it on a copy.

use super::orders::CommitRule;
use super::*;

/// The answer a paused decision takes (`battle:`, `commit:` or `answer:`, written under `key`),
/// when it is all the orders hold: `pick` reads it, and `alone` makes the orders that hold it
/// and nothing else. `missing` and `others` say what is wrong otherwise, under `rule`.
fn answer_only<T: Clone>(
    orders: &Orders,
    (key, rule): (&str, &str),
    pick: impl Fn(&Orders) -> Option<T>,
    alone: impl Fn(T) -> Orders,
    missing: &str,
    others: &str,
) -> Result<T, OrderError> {
    let Some(answer) = pick(orders) else {
        return Err(OrderError::new(rule, missing).at(key));
    };
    if *orders != alone(answer.clone()) {
        return Err(OrderError::new(rule, others));
    }
    Ok(answer)
}

/// The War a `commit:` answer gives (10.2 or 10.3, `rule`), when it is all the orders hold.
fn commitment_only(
    orders: &Orders,
    rule: &str,
    missing: &str,
    others: &str,
) -> Result<CommitRule, OrderError> {
    let alone = |war| Orders {
        commit: Some(war),
        ..Orders::default()
    };
    answer_only(
        orders,
        ("commit", rule),
        |o| o.commit.clone(),
        alone,
        missing,
        others,
    )
}

impl SouthernStrategy {
    /// `Game::apply` on `st`, a copy of the state, putting the events in `ev`.
    pub(super) fn adjudicate(
        data: &Data,
        st: &mut State,
        ev: &mut Vec<Event>,
        side: &str,
        orders: &Orders,
        policy: Option<&orders::Policy>,
        dice: &mut dyn Dice,
    ) -> Result<(), OrderError> {
        let side = Side::parse(side).ok_or_else(|| {
            OrderError::new("2.2", format!("`{side}` is not a side of this game"))
        })?;
        // The phase is matched on a copy, as the arms change the state.
        match st.phase.copy() {
            Phase::Over => return Err(OrderError::new("14.0", "the game is over")),
            Phase::TurnStart => {
                return Err(OrderError::new(
                    "4.0",
                    "the campaign turn has not begun; a game starts such a position with `new --position`",
                ))
            }
            Phase::Battle { .. } => {
                let decision = answer_only(
                    orders,
                    ("battle", "10.1"),
                    |o| o.battle.clone(),
                    |d| Orders {
                        battle: Some(d),
                        ..Orders::default()
                    },
                    "an attack awaits your answer: `battle: {refuse: {to: AREA}}` or `battle: {accept: {commit: N, retreat: [AREA]}}`",
                    "while an attack waits, only the defender's `battle:` answer may be ordered",
                )?;
                battle::check_answer_retreats(data, st, &decision)?;
                battle::resolve(data, st, side, &decision, dice, ev)?;
                // Dice-protocol 3.1: the attacker's standing policy commits its War at once.
                // One the rules refuse leaves the pause, as for the defender's policy.
                if let Some(war) = policy.and_then(|p| battle::policy_commit(st, p)) {
                    let mut trial = st.clone();
                    let mut trial_ev = ev.clone();
                    if let Phase::Commit { attack, .. } = &st.phase {
                        trial_ev.push(Event::PolicyAnswered {
                            side: attack.side,
                            area: attack.to,
                        });
                    }
                    if battle::commit(
                        data,
                        &mut trial,
                        side.other(),
                        war,
                        battle::Committed::Sealed,
                        dice,
                        &mut trial_ev,
                    )
                    .is_ok()
                    {
                        *st = trial;
                        *ev = trial_ev;
                    }
                }
            }
            Phase::Commit { attack, .. } => {
                let rule = commitment_only(
                    orders,
                    "10.2",
                    "the defender accepted battle: commit your War Supplies with `commit: N`",
                    "while the attack waits for its commitment, only `commit:` may be ordered",
                )?;
                let war = battle::attacker_war(&attack, &rule)?;
                battle::commit(data, st, side, war, battle::Committed::ByHand, dice, ev)?;
            }
            Phase::Defend { .. } => {
                let rule = commitment_only(
                    orders,
                    "10.3",
                    "the attacker has committed its War: commit yours with `commit: N`",
                    "while the battle waits for the defender's War, only `commit:` may be ordered",
                )?;
                battle::defend(data, st, side, rule, dice, ev)?;
            }
            Phase::Decision { .. } => {
                let answer = answer_only(
                    orders,
                    ("answer", "4.0"),
                    |o| o.answer.clone(),
                    |a| Orders {
                        answer: Some(a),
                        ..Orders::default()
                    },
                    "a question waits for your answer (`answer:`); `adjutant orders GAME` shows it",
                    "while a question waits, only its `answer:` may be ordered",
                )?;
                turn_end::answer(data, st, side, &answer, dice, ev)?;
            }
            _ if orders.answer.is_some() => {
                return Err(OrderError::new("4.0", "no question waits for an answer").at("answer"));
            }
            _ if orders.battle.is_some() => {
                return Err(OrderError::new("10.1", "there is no attack to answer").at("battle"));
            }
            _ if orders.commit.is_some() => {
                return Err(
                    OrderError::new("10.2", "no accepted attack waits for a commitment").at("commit"),
                );
            }
            Phase::Supply { side: s } => {
                if s != side {
                    return Err(OrderError::new(
                        "4.0",
                        format!("it is `{s}`'s supply phase"),
                    ));
                }
                if orders.limited.is_some()
                    || orders.full.is_some()
                    || !orders.supply_after.is_empty()
                {
                    let key = if orders.limited.is_some() {
                        "limited"
                    } else if orders.full.is_some() {
                        "full"
                    } else {
                        "supply_after"
                    };
                    return Err(OrderError::new("4.0", "this is the supply phase: only `supply` moves may be ordered (impulses come after initiative, 6.0)").at(key));
                }
                supply::move_supplies(
                    data,
                    st,
                    side,
                    &orders.supply,
                    Path::root("supply"),
                    ev,
                )?;
                supply::enforce_limits(data, st, side, Some("supply"), ev)?;
                ev.push(Event::SupplyPhaseDone { side });
                match side {
                    Side::Crown => {
                        st.phase = Phase::Supply {
                            side: Side::Patriot,
                        }
                    }
                    Side::Patriot => initiative::roll(st, dice, ev),
                }
            }
            Phase::Impulse {
                side: s,
                kind,
                previous_passed,
            } => {
                if s != side {
                    return Err(OrderError::new("7.0", format!("it is `{s}`'s impulse")));
                }
                // 9.0 and 5.2 (RULINGS.md S3): a passing full impulse moves no supplies, but a
                // skipped limited impulse is no pass: moves ordered with it (`supply`) stand.
                let passing = matches!(orders.full, Some(orders::Action::Pass));
                let key = if !orders.supply_after.is_empty() {
                    Some("supply_after")
                } else if !orders.supply.is_empty() && kind == ImpulseKind::Full {
                    Some("supply")
                } else {
                    None
                };
                if let Some(key) = key.filter(|_| passing) {
                    let hint = if kind == ImpulseKind::Limited {
                        " (moves in `supply` go with your limited impulse)"
                    } else {
                        ""
                    };
                    return Err(OrderError::new("9.0", format!("supplies move only in an impulse that does something; a passing impulse moves none{hint}")).at(key));
                }
                supply::move_supplies(
                    data,
                    st,
                    side,
                    &orders.supply,
                    Path::root("supply"),
                    ev,
                )?;
                // 5.2 and 10.7 (RULINGS S10): the limits hold after moving supplies, and an
                // excess a battle left waits only until its owner's impulse, so an action
                // cannot spend an excess, whether the moves before it brought it or a battle.
                if data.pieces.readings.limits_after_each_moves() {
                    // Where the excess could have been moved: in `supply`, unless this is a
                    // full impulse that passes, which moves nothing (9.0, S3).
                    let moves = (kind == ImpulseKind::Limited || !passing).then_some("supply");
                    supply::enforce_limits(data, st, side, moves, ev)?;
                }
                // What those limits discarded, for a refusal of the action to say (5.5).
                let before_action = ev.len();
                let discarded = |e: OrderError, ev: &[Event]| discards_noted(data, e, ev);
                // What the limits discarded after the limited action, for a refusal of the
                // full impulse to say too (5.5, RULINGS S10).
                let mut after_limited: Option<String> = None;
                let full = match kind {
                    ImpulseKind::Limited => {
                        let Some(action) = &orders.limited else {
                            return Err(OrderError::new("7.0", "this is your limited impulse: give `limited:` (an irregular action, or `skip`), and `full:` too if you like").at("limited"));
                        };
                        impulse::limited(data, st, side, action, dice, ev)
                            .map_err(|e| discarded(e, &ev[..before_action]))?;
                        // 5.2 (RULINGS S10, S3): a full impulse in the same orders starts from
                        // what the limited action would leave sent alone, within the limits (a
                        // forage can load an army past what it may carry, 8.2).
                        if orders.full.is_some()
                            && *action != orders::Action::Skip
                            && data.pieces.readings.limits_after_each_moves()
                        {
                            let before = ev.len();
                            supply::enforce_limits(data, st, side, Some("limited"), ev)?;
                            after_limited = limited_discards(data, st, &ev[before..]);
                        }
                        orders.full.as_ref()
                    }
                    ImpulseKind::Full => {
                        if orders.limited.is_some() {
                            return Err(OrderError::new(
                                "7.0",
                                "your limited impulse is over; this is your full impulse",
                            )
                            .at("limited"));
                        }
                        let Some(action) = &orders.full else {
                            return Err(OrderError::new(
                                "7.0",
                                "this is your full impulse: give `full:` (an action, or `pass`)",
                            )
                            .at("full"));
                        };
                        Some(action)
                    }
                };
                let outcome = match full {
                    Some(action) => Some(impulse::full(
                        data,
                        st,
                        side,
                        action,
                        previous_passed,
                        dice,
                        ev,
                    )
                    .map_err(|e| {
                        let e = discarded(e, &ev[..before_action]);
                        match &after_limited {
                            Some(note) => e.noting(note.clone()),
                            None => e,
                        }
                    })?),
                    None => None,
                };
                if outcome == Some(impulse::Full::Paused) && !orders.supply_after.is_empty() {
                    return Err(OrderError::new("10.0", "an attack ends the impulse in battle: move supplies before it (`supply`), or in your next impulse").at("supply_after"));
                }
                // 14.0 (RULINGS T3): an instant victory in the full impulse (Cornwallis lost at
                // sea or in a skirmish) ends the game at once; the moves written for after the
                // impulse, before the dice were known, are not made.
                if st.phase == Phase::Over
                    && !data.pieces.readings.supplies_moved_after_victory()
                {
                    if !orders.supply_after.is_empty() {
                        ev.push(Event::SupplyMovesNotMade {
                            side,
                            moves: orders.supply_after.len() as u32,
                        });
                    }
                    return Ok(());
                }
                supply::move_supplies(
                    data,
                    st,
                    side,
                    &orders.supply_after,
                    Path::root("supply_after"),
                    ev,
                )?;
                // 9.3 (S13): what a landing left over its Port City's limit stays aboard.
                if outcome == Some(impulse::Full::Acted) {
                    super::navy::keep_excess_aboard(data, st, &mut ev[before_action..]);
                }
                // Where the player could have moved the excess on (S3, B6, 9.0).
                let moves = match outcome {
                    Some(impulse::Full::Acted) | None => Some("supply_after"),
                    Some(impulse::Full::Paused) => Some("supply"),
                    Some(impulse::Full::Passed) if kind == ImpulseKind::Limited => Some("supply"),
                    Some(impulse::Full::Passed) => None,
                };
                supply::enforce_limits(data, st, side, moves, ev)?;
                if outcome == Some(impulse::Full::Paused) {
                    // Dice-protocol 3.1: a standing policy of the defender that covers this
                    // attack answers at once; one that the rules refuse leaves the pause.
                    if let Some(decision) =
                        policy.and_then(|p| battle::policy_decision(data, st, p))
                    {
                        let mut trial = st.clone();
                        let mut trial_ev = ev.clone();
                        if let Phase::Battle { attack, .. } = &st.phase {
                            trial_ev.push(Event::PolicyAnswered {
                                side: side.other(),
                                area: attack.to,
                            });
                        }
                        if battle::resolve(
                            data,
                            &mut trial,
                            side.other(),
                            &decision,
                            dice,
                            &mut trial_ev,
                        )
                        .is_ok()
                        {
                            *st = trial;
                            *ev = trial_ev;
                        }
                    }
                }
                match outcome {
                    Some(impulse::Full::Paused) => {}
                    Some(o) => impulse::after_full(
                        data,
                        st,
                        side,
                        o == impulse::Full::Passed,
                        previous_passed,
                        dice,
                        ev,
                    ),
                    None if st.phase != Phase::Over => {
                        st.phase = Phase::Impulse {
                            side,
                            kind: ImpulseKind::Full,
                            previous_passed,
                        }
                    }
                    None => {}
                }
            }
        }
        // 11.3: a siege lifts whenever its conditions fail, whatever broke them.
        siege::lift_broken(data, st, ev);
        Ok(())
    }
}

/// What the limits discarded after a limited action (`ev`, the events of putting them right),
/// in words for a refusal of the full impulse that follows in the same orders: a forage (8.2)
/// can put an army over what it may carry, and the War discarded first (5.5, RULINGS S10) is
/// gone before the full impulse counts what is left. `None` when nothing was discarded.
fn limited_discards(data: &Data, st: &State, ev: &[Event]) -> Option<String> {
    let said: Vec<String> = ev
        .iter()
        .filter_map(|x| match x {
            Event::SuppliesDiscarded {
                area, food, war, ..
            } => Some(format!(
                "left `{}` over its limit of {} supplies, so the limits discarded {} there first",
                data.area(area).name,
                supply::limit(data, st, area),
                super::words::supplies(*food, *war),
            )),
            _ => None,
        })
        .collect();
    (!said.is_empty()).then(|| format!("the limited impulse {} (5.5)", said.join(" and ")))
}

/// `e`, saying which supplies the limits discarded before the action (5.5), so that a refusal
/// for too few supplies does not speak of more than the player saw go. `ev` is the step's
/// events so far; only the discards of this impulse's start are among them.
fn discards_noted(data: &Data, e: OrderError, ev: &[Event]) -> OrderError {
    let said: Vec<String> = ev
        .iter()
        .rev()
        .take_while(|x| matches!(x, Event::SuppliesDiscarded { .. }))
        .filter_map(|x| match x {
            Event::SuppliesDiscarded {
                area, food, war, ..
            } => Some(format!(
                "{} in `{}`",
                super::words::supplies(*food, *war),
                data.area(area).name
            )),
            _ => None,
        })
        .collect();
    if said.is_empty() {
        e
    } else {
        e.noting(format!(
            "first the limits discarded {} (5.5)",
            said.join(" and ")
        ))
    }
}
