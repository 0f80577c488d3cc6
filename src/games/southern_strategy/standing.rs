//! The bot's standing policy (dice-protocol section 3.1 with 10.1 and 10.3): how each of its
//! armies meets an attack, decided in advance so that an attack on it is fought in the
//! attacker's own exchange instead of waiting a mail for the answer.
//!
//! For each army of the side that an enemy army with a leader stands next to (only those may
//! attack, 9.4), the position after the strongest such enemy attacks it with every unit and
//! all the War it can carry is set up by the rules themselves, and the bot's search answers
//! it there. An army no enemy can reach is left out, so an attack the policy did not foresee
//! pauses the game for the bot as usual.

use super::orders::{Action, Attack, BattleDecision, Orders, Policy, PolicyAccept, PolicyAnswer};
use super::state::{Id, ImpulseKind, Phase, Side, State};
use super::{data::Data, SouthernStrategy};
use crate::engine::dice::QuickDice;
use crate::engine::game::Game;

/// `side`'s standing policy, each answer what `decide` orders at the position where the
/// attack waits for it.
pub fn policy(
    data: &Data,
    st: &State,
    side: Side,
    decide: &mut dyn FnMut(&State) -> Option<Orders>,
) -> Policy {
    let mut policy = Policy::default();
    for (area, _) in st.armies.iter().filter(|(_, a)| a.side == side) {
        let strongest = data
            .area(area)
            .adjacent
            .iter()
            .filter_map(|n| {
                st.army(n)
                    .filter(|e| e.side != side && e.leader.is_some())
                    .map(|e| (n, e.units))
            })
            .max_by_key(|(_, units)| *units);
        let Some((from, units)) = strongest else {
            continue;
        };
        let Some(attacked) = attacked(data, st, side.other(), from, area, units) else {
            continue;
        };
        let answer = match decide(&attacked).and_then(|o| o.battle) {
            Some(BattleDecision::Refuse(r)) => PolicyAnswer::Refuse(r),
            Some(BattleDecision::Accept(a)) => PolicyAnswer::Accept(PolicyAccept {
                commit: a.commit,
                retreat: a.retreat,
            }),
            None => continue,
        };
        policy.battle.armies.insert(area.to_string(), answer);
    }
    policy
}

/// The position where `attacker`'s army in `from` has attacked `to` with all its `units` and
/// as much War as it may carry (9.4, 5.5), waiting for the defender (10.1); `None` when the
/// rules refuse that attack.
fn attacked(
    data: &Data,
    st: &State,
    attacker: Side,
    from: &str,
    to: &str,
    units: u32,
) -> Option<State> {
    let mut before = st.clone();
    before.phase = Phase::Impulse {
        side: attacker,
        kind: ImpulseKind::Full,
        previous_passed: false,
    };
    let war = st.supplies_at(from).war.min(units + 1);
    let orders = Orders {
        full: Some(Action::Attack(Attack {
            from: Id::new(from),
            to: Id::new(to),
            units,
            war: Some(war),
            carry_food: 0,
            carry_war: 0,
            return_after: false,
        })),
        ..Orders::default()
    };
    let mut dice = QuickDice::new(0);
    let (after, _) =
        SouthernStrategy::apply(data, &before, attacker.name(), &orders, None, &mut dice).ok()?;
    matches!(after.phase, Phase::Battle { .. }).then_some(after)
}
