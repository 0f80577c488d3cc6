//! The initiative phase (6.0).

use super::events::Event;
use super::state::{ImpulseKind, Phase, Side, State};
use crate::engine::dice::Dice;

/// 6.0: each side rolls a die; the high roller takes the first pair of impulses and the Pass
/// Marker goes on the space of the high roll ("5-6" for a 5 or a 6). On a tie the Crown goes
/// first and the marker goes on "5-6".
pub fn roll(st: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    let crown = dice.d6(1, "6.0 initiative: crown")[0];
    let patriot = dice.d6(1, "6.0 initiative: patriot")[0];
    let tie = crown == patriot;
    let (first, pass_track) = if tie {
        (Side::Crown, 5)
    } else if crown > patriot {
        (Side::Crown, crown.min(5))
    } else {
        (Side::Patriot, patriot.min(5))
    };
    st.initiative = Some(first);
    st.pass_track = pass_track;
    st.phase = Phase::Impulse {
        side: first,
        kind: ImpulseKind::Limited,
        previous_passed: false,
    };
    ev.push(Event::Initiative {
        crown,
        patriot,
        first,
        pass_track,
        tie,
    });
}
