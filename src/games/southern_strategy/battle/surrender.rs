//! Surrenders (10.4, 14.0) and the Political Will track they and battles move.

use super::*;

/// Moves the Political Will marker `delta` spaces, stopping at the track's ends (RULINGS T4).
pub(super) fn move_political_will(
    data: &Data,
    st: &mut State,
    delta: i32,
    reason: &str,
    ev: &mut Vec<Event>,
) {
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
        area: Id::new(area),
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
