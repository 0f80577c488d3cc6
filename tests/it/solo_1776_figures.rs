//! Figures of whole seeded campaigns of the solo 1776 bot, played through the rules library
//! alone (British turns from the seeded generator of `solo_1776`, combat and engagement
//! results made up from the same seed): how the bot's armies behave over a war. They are the
//! figures `docs/solo-1776.md` quotes; the test holds the bot to the targets stated there.

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::solo_1776::{
    self as solo, events::Event, orders::Orders, state::State, Solo1776,
};
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::solo_1776::{british_turn, data, data_v1, state_with};

/// What a campaign did, counted from its events.
#[derive(Debug, Default)]
pub struct Figures {
    /// Armies' American turns, and those that began in location 0.
    pub army_turns: u32,
    pub in_zero: u32,
    /// Pairs of one army's consecutive OB moves, and those where the second undoes the first.
    pub move_pairs: u32,
    pub reversals: u32,
    /// Reversals of an Up by condition 1 by a Down by condition 4 at the next move: the
    /// bounce of the old reading of A2.
    pub up_1_down_4: u32,
    /// Reversals of an Up by condition 1 by a Down by condition 5: the swing rule 12's order
    /// gives an army drawn up to hold its own towns at a high BRE number (RULINGS A24).
    pub up_1_down_5: u32,
    pub marches: u32,
    pub forts_built: u32,
    pub forts_destroyed: u32,
    /// Washington's OB location after the first turn (he begins in 10, by Philadelphia).
    pub washington_after_turn_1: Option<u32>,
    /// Combats fought, and towns the Americans took.
    pub combats: u32,
    pub towns_taken: u32,
    /// OB moves by the condition (1-5) that made them.
    pub by_condition: [u32; 6],
}

/// Plays the whole campaign from the set-up with the seed and the tables.
pub fn campaign(data: &adjutant::games::solo_1776::data::Data, seed: u64) -> Figures {
    let data = data.clone();
    let mut st: State = state_with(&data, None, &serde_json::Value::Null).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let faces: Vec<u32> = (0..200_000).map(|_| rng.next_u32() % 6 + 1).collect();
    let mut dice = ScriptedDice::new(faces);
    let mut f = Figures::default();
    let mut last_move: std::collections::BTreeMap<String, (u32, u32, u8)> = Default::default();
    for _ in 0..2000 {
        if st.over {
            break;
        }
        let o = match &st.question {
            None => {
                let american_turn_of: Vec<u32> = st.armies.values().map(|a| a.location).collect();
                f.army_turns += american_turn_of.len() as u32;
                f.in_zero += american_turn_of.iter().filter(|&&l| l == 0).count() as u32;
                british_turn(&st, &mut rng)
            }
            Some(q) if q.key() == "combat" => {
                let solo::state::Question::Combat { army, .. } = q else {
                    unreachable!()
                };
                let sp = Solo1776::view(&data, &st).armies[army].force.sp;
                let mut r = |n: u32| rng.next_u32() % n;
                let mut c = serde_json::json!({"sp": r(3).min(sp), "bre": r(4) as i64 - 1});
                if let solo::state::Question::Combat { town: Some(_), .. } = q {
                    c["town"] = if r(3) == 0 { "american" } else { "british" }.into();
                }
                serde_json::json!({ "combat": c })
            }
            Some(q) if q.key() == "fleet_engagement" => {
                let lost = rng.next_u32() % 2;
                serde_json::json!({"fleet_engagement": {"french_lost": lost.min(st.french.fleets)}})
            }
            Some(_) => {
                let damaged = rng.next_u32() % 2 == 0;
                if damaged {
                    serde_json::json!({"engagement": {"damaged": true, "quarters": 1 + rng.next_u32() % 2}})
                } else {
                    serde_json::json!({"engagement": {}})
                }
            }
        };
        let o: Orders = serde_json::from_value(o).unwrap();
        let (next, events) = Solo1776::apply(&data, &st, solo::SIDE, &o, None, &mut dice)
            .unwrap_or_else(|e| panic!("{e:?} at {:?}", st.date));
        for e in &events {
            match e {
                &Event::Moved {
                    ref army,
                    from,
                    to,
                    condition,
                    ..
                } => {
                    f.by_condition[condition as usize] += 1;
                    if std::env::var("FIGURES_TRACE").is_ok() {
                        eprintln!("{}/{}: {e:?}", st.date.month, st.date.year);
                    }
                    if let Some((pf, pt, pc)) =
                        last_move.insert(army.clone(), (from, to, condition))
                    {
                        f.move_pairs += 1;
                        if pf == to && pt == from {
                            f.reversals += 1;
                            if pc == 1 && condition == 4 {
                                f.up_1_down_4 += 1;
                            }
                            if pc == 1 && condition == 5 {
                                f.up_1_down_5 += 1;
                            }
                        }
                    }
                }
                Event::Marched { .. } => f.marches += 1,
                Event::Combat { .. } => f.combats += 1,
                Event::CombatResult { taken: true, .. } => f.towns_taken += 1,
                Event::FortBuilt { .. } => f.forts_built += 1,
                Event::FortDestroyed { .. } => f.forts_destroyed += 1,
                _ => {}
            }
        }
        st = next;
        if f.washington_after_turn_1.is_none() && st.date > data.scenario.setup.date {
            f.washington_after_turn_1 = st.armies.get("washington").map(|a| a.location);
        }
    }
    assert!(st.over, "the campaign ends");
    f
}

/// 12 (RULINGS.md, A2) and the targets docs/solo-1776.md states for the retuned tables: no
/// army goes up by condition 1 only to come straight back by condition 4 (before A2 was
/// fixed, seed 1776 made 81 reversals in 96 pairs of consecutive moves, most of them that;
/// a return by condition 5 is rule 12's own order, A24, and is only counted);
/// armies spend at most half their turns in location 0 (the first tables: over 80% with
/// this generator; 45% until the forts the Americans hold were garrisoned as rule 15 asks,
/// RULINGS A17, which keeps more SP out of the armies);
/// Washington does not leave Philadelphia's location downward in the first turn; and the
/// bot marches on British towns. `FIGURES_TRACE=1` lists every move.
#[test]
fn seeded_campaigns_look_like_an_american_strategy() {
    let (now, first) = (data(), data_v1());
    for seed in [1776, 1777, 1778, 1779] {
        eprintln!("seed {seed}, first tables: {:?}", campaign(&first, seed));
        let f = campaign(&now, seed);
        eprintln!("seed {seed}: {f:?}");
        assert_eq!(f.up_1_down_4, 0, "seed {seed}: {f:?}");
        assert!(f.in_zero * 100 <= f.army_turns * 50, "seed {seed}: {f:?}");
        assert!(f.washington_after_turn_1 >= Some(10), "seed {seed}: {f:?}");
        assert!(f.marches >= 3, "seed {seed}: {f:?}");
    }
}
