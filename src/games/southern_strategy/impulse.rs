//! The impulse phase (7.0): paired limited and full impulses, passing and the Pass Track.

use super::data::Data;
use super::events::Event;
use super::orders::Action;
use super::state::{ImpulseKind, Phase, Side, State};
use super::{battle, dig_in, irregulars, march, navy, siege, turn_end};
use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};

/// 8.0: the Militia and Loyalist actions, allowed in either impulse; `None` when `action` is
/// not one of them.
fn irregular_action(
    data: &Data,
    st: &mut State,
    side: Side,
    action: &Action,
    key: Path<'_>,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Option<Result<(), OrderError>> {
    let key = key.field(action.name());
    Some(match action {
        Action::Forage(area) => irregulars::forage(data, st, side, area, key, ev),
        Action::Recruit(area) => irregulars::recruit(data, st, side, area, key, ev),
        Action::Raid(raid) => irregulars::raid(data, st, side, raid, key, dice, ev),
        Action::Hold(area) => irregulars::hold(data, st, side, area, key, ev),
        Action::Skip
        | Action::Pass
        | Action::March(_)
        | Action::DigIn(_)
        | Action::Attack(_)
        | Action::Skirmish(_)
        | Action::Transport(_)
        | Action::Navy(_) => return None,
    })
}

/// 7.0: a limited impulse takes a Militia or Loyalist action (8.0) or is skipped.
pub fn limited(
    data: &Data,
    st: &mut State,
    side: Side,
    action: &Action,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let key = Path::root("limited");
    if let Some(done) = irregular_action(data, st, side, action, key, dice, ev) {
        // 11.3: a Raid that removes a besieger lifts the siege before the full impulse.
        siege::lift_broken(data, st, ev);
        return done;
    }
    match action {
        Action::Skip => {
            ev.push(Event::ImpulseSkipped { side, kind: ImpulseKind::Limited });
            Ok(())
        }
        Action::Pass => Err(OrderError::new(
            "7.0",
            "a limited impulse is skipped (`skip`), not passed; passing is skipping the full impulse",
        )
        .at(key)),
        _ => Err(OrderError::new(
            "9.0",
            format!(
                "`{}` activates an army, which only a full impulse may do; a limited impulse takes a Militia or Loyalist action (8.0)",
                action.name()
            ),
        )
        .at(key)),
    }
}

/// How a full impulse ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    Passed,
    Acted,
    /// An attack waits for the defender's decision (10.1).
    Paused,
}

/// 7.0 and 9.0: a full impulse takes an irregular action, activates one army, or passes.
pub fn full(
    data: &Data,
    st: &mut State,
    side: Side,
    action: &Action,
    previous_passed: bool,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<Full, OrderError> {
    let done = full_action(data, st, side, action, previous_passed, dice, ev)?;
    // 11.3: a siege the action broke lifts at once, before the supply moves after it.
    siege::lift_broken(data, st, ev);
    Ok(done)
}

fn full_action(
    data: &Data,
    st: &mut State,
    side: Side,
    action: &Action,
    previous_passed: bool,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<Full, OrderError> {
    let key = Path::root("full");
    if let Some(done) = irregular_action(data, st, side, action, key, dice, ev) {
        return done.map(|_| Full::Acted);
    }
    match action {
        Action::Pass => Ok(Full::Passed),
        Action::March(m) => {
            march::march(data, st, side, m, key.field("march"), ev).map(|_| Full::Acted)
        }
        Action::DigIn(area) => {
            dig_in::dig_in(data, st, side, area, key.field("dig_in"), ev).map(|_| Full::Acted)
        }
        Action::Attack(a) => {
            battle::attack(data, st, side, a, key.field("attack"), previous_passed, ev)
                .map(|_| Full::Paused)
        }
        Action::Transport(t) => {
            navy::transport(data, st, side, t, key.field("transport"), ev).map(|_| Full::Acted)
        }
        Action::Navy(n) => {
            navy::activate(data, st, side, n, key.field("navy"), dice, ev).map(|_| Full::Acted)
        }
        Action::Skirmish(s) => battle::skirmish(data, st, side, s, key.field("skirmish"), ev, dice)
            .map(|_| Full::Acted),
        _ => Err(OrderError::new(
            "7.0",
            "skipping a full impulse is passing: write `full: pass`",
        )
        .at(key)),
    }
}

/// 7.0: the full impulse of `side` that ended in battle is over (the battle fought, and any
/// excess it left put right, RULINGS S12): the sequence goes on as after any full impulse
/// that acted.
pub fn after_battle(
    data: &Data,
    st: &mut State,
    side: Side,
    previous_passed: bool,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) {
    st.phase = Phase::Impulse {
        side,
        kind: ImpulseKind::Full,
        previous_passed,
    };
    after_full(data, st, side, false, previous_passed, dice, ev);
}

/// 7.0: after a full impulse. A pass moves the Pass Marker one space back; the phase ends
/// when it reaches 0, or at once when both players pass one after the other. Otherwise the
/// other side's pair begins.
pub fn after_full(
    data: &Data,
    st: &mut State,
    side: Side,
    passed: bool,
    previous_passed: bool,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) {
    // An instant victory (14.0) during the impulse ends the game there.
    if st.phase == Phase::Over {
        return;
    }
    // 11.0 and 11.3: at the end of a player's impulses, broken sieges lift and new ones start.
    siege::lift_broken(data, st, ev);
    siege::declare(data, st, ev);
    if passed {
        st.pass_track = st.pass_track.saturating_sub(1);
        ev.push(Event::Passed {
            side,
            pass_track: st.pass_track,
        });
        if let Some(reason) = pass_ends_phase(st.pass_track, previous_passed) {
            st.pass_track = 0;
            ev.push(Event::ImpulsePhaseEnded {
                reason: reason.into(),
            });
            turn_end::run(data, st, dice, ev);
            return;
        }
    }
    st.phase = Phase::Impulse {
        side: side.other(),
        kind: ImpulseKind::Limited,
        previous_passed: passed,
    };
}

/// 7.0: why a pass ends the impulse phase, if it does: the Pass Marker, slid back by the pass
/// to `pass_track`, reached 0, or the other side passed its full impulse just before
/// (`previous_passed`).
pub fn pass_ends_phase(pass_track: u8, previous_passed: bool) -> Option<&'static str> {
    if pass_track == 0 {
        Some("7.0 the Pass Marker reached 0")
    } else if previous_passed {
        Some("7.0 both players passed in turn")
    } else {
        None
    }
}
