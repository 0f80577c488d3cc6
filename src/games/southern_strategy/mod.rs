//! Supply Lines of the American Revolution: The Southern Strategy (two players, Crown and
//! Patriot). One module per part of the rulebook; `apply` walks the sequence of play (4.0).

mod adjudicate;
mod area_index;
pub mod battle;
pub mod data;
pub mod dig_in;
mod draw;
mod editions;
pub mod estimate;
pub mod events;
pub mod id;
pub mod id_map;
pub mod impulse;
pub mod initiative;
pub mod irregulars;
pub mod march;
pub mod navy;
pub mod options;
pub mod orders;
pub mod policy_rows;
pub mod position;
pub mod readings;
pub mod siege;
pub mod standing;
pub mod state;
pub mod supply;
pub mod turn_end;
pub mod victory;
pub mod words;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};
use crate::engine::game::{
    listed, Additions, Awaiting, Candidate, Game, LazyCandidates, LegalOption,
};
use crate::engine::Error;
use data::Data;
pub use editions::*;
use events::Event;
use id_map::IdMap;
use orders::Orders;
use state::{
    Army, Chit, Id, ImpulseKind, LeaderRank, Navies, Partisans, PendingAttack, Phase, Pool, Side,
    State, Supplies, Turn,
};

pub struct SouthernStrategy;

/// Files only the pictures use: not pinned by game files, so they may change freely.
pub const DISPLAY_FILES: &[(&str, &str)] = &[(
    data::BOARD,
    include_str!("../../../games/southern-strategy/board.yaml"),
)];

/// 10.1: the question put to the defender of `attack`: who attacks from where, led by whom
/// (the leader counts in the battle's result and the defender's morale check, 10.6, 10.7),
/// and what the attackers commit and carry.
fn battle_question(data: &Data, st: &State, attack: &PendingAttack) -> String {
    let name = |id: &Id| data.area(id).name.clone();
    let led_by = attack
        .leader
        .map(|r| format!(" led by {}", words::leader_name(data, st, attack.side, r)))
        .unwrap_or_default();
    let attackers = format!(
        "{} attacks {} from {} with {}{led_by}",
        words::side_word(attack.side),
        name(&attack.to),
        name(&attack.from),
        words::units(&attack.units.to_string()),
    );
    let carried = words::supplies(attack.carried.food, attack.carried.war);
    if attack.war_committed > 0 {
        let besides = if attack.carried.is_empty() {
            String::new()
        } else {
            format!(", carrying {carried} besides")
        };
        return format!(
            "{attackers} and {} war{besides}: refuse (10.1) or accept and commit war supplies (10.3)",
            attack.war_committed
        );
    }
    // RULINGS B1: under the text's order the answer's number may not bind, unless the
    // attackers carry 1 War, which they must commit at once.
    let (would, binds) = if !data.pieces.readings.defender_commits_after_attacker() {
        ("", "")
    } else if attack.carried.war == 1 {
        ("", "; the attackers must commit the 1 war they carry (10.2), so the number you give binds you")
    } else {
        ("would ", "; it binds you only if the attacker's standing policy commits at once, else you commit again once the attacker has (RULINGS B1)")
    };
    format!(
        "{attackers} carrying {carried}, the War to commit if you accept: refuse (10.1) or accept, saying how many war supplies you {would}commit (10.3: a number, all, or match){binds}"
    )
}

impl Game for SouthernStrategy {
    const NAME: &'static str = "southern-strategy";
    const SIDES: &'static [&'static str] = &["crown", "patriot"];
    type Data = Data;
    type State = State;
    type Orders = Orders;
    type Event = Event;
    type Policy = orders::Policy;
    /// Dice-protocol 3.1: a standing policy answers an attack (10.1 refuse, 10.3 commit) and
    /// commits the attacker's War once the attack is accepted (10.2).
    const POLICY_DECISIONS: &'static [&'static str] = &["battle", "commit"];
    const ANNOTATES_STEPS: bool = true;

    fn load_data(files: &[(String, String)]) -> Result<Data, Error> {
        Data::load(files)
    }

    /// 3.0-3.3, then the first Supply Phase's generation (5.1).
    fn setup(data: &Data) -> (State, Vec<Event>) {
        let su = &data.setup;
        let mut armies = IdMap::new();
        let mut supplies = IdMap::new();
        for a in data.areas().filter(|a| a.kind == data::AreaType::Fort) {
            supplies.insert(
                a.id,
                Supplies {
                    food: 0,
                    war: su.fort_war_supply,
                },
            );
        }
        for a in &su.armies {
            armies.insert(
                Id::new(&a.area),
                Army {
                    side: a.side,
                    units: a.units,
                    leader: a.leader.then_some(LeaderRank::Leader),
                    dug_in: false,
                },
            );
            let s: Supplies = supplies.get(a.area.as_str()).copied().unwrap_or_default();
            let s = Supplies {
                food: s.food + a.food,
                war: s.war + a.war,
            };
            if !s.is_empty() {
                supplies.insert(Id::new(&a.area), s);
            }
        }
        let mut pool: IdMap<Pool> = IdMap::new();
        let mut partisans = IdMap::new();
        for c in &data.map.colonies {
            pool.insert(
                c.id,
                Pool {
                    militia: data.pieces.irregulars.militia[c.id.as_str()],
                    loyalists: data.pieces.irregulars.loyalists[c.id.as_str()],
                },
            );
            partisans.insert(c.id, Partisans::default());
        }
        let mut cup = Vec::new();
        for c in &su.cup {
            let p = pool
                .get_mut(c.colony.as_str())
                .expect("checked by the data loader");
            for _ in 0..c.count {
                match c.side {
                    Side::Crown => p.loyalists -= 1,
                    Side::Patriot => p.militia -= 1,
                }
                cup.push(Chit {
                    side: c.side,
                    colony: Id::new(&c.colony),
                    swamp_fox: false,
                });
            }
        }
        let navies = Navies {
            cargo: Default::default(),
            returning: Vec::new(),
            crown: su.navies.get(&Side::Crown).cloned(),
            french: su.navies.get(&Side::Patriot).cloned(),
        };
        let mut st = State {
            turn: Turn {
                year: data.tracks.campaign_turn.start_year,
                space: data.tracks.campaign_turn.start_space,
            },
            phase: Phase::Supply { side: Side::Crown },
            political_will: su.political_will,
            pass_track: 0,
            initiative: None,
            campaign_turns: 0,
            years_ended: 0,
            armies,
            supplies,
            holds: Default::default(),
            partisans,
            pool,
            cup,
            navies,
            sieges: Default::default(),
            leaders_lost: 0,
            patriot_commander: data
                .pieces
                .leaders
                .patriot
                .first()
                .cloned()
                .unwrap_or_default(),
            outcome: None,
        };
        let mut ev = Vec::new();
        turn_end::begin_first_turn(data, &mut st, &mut ev);
        (st, ev)
    }

    fn awaiting(data: &Data, st: &State) -> Option<Awaiting> {
        // The player reads this line: areas and sea zones by their names, not their ids.
        let area = |id: &str| {
            if data.has_area(id) {
                data.area(id).name.clone()
            } else {
                id.to_string()
            }
        };
        let areas = |ids: &[Id]| {
            if ids.is_empty() {
                "nowhere".to_string()
            } else {
                ids.iter().map(|a| area(a)).collect::<Vec<_>>().join(", ")
            }
        };
        let zone = |id: &str| match data.find_sea(id) {
            Some(z) => format!("{} ({})", z.id, z.name),
            None => id.to_string(),
        };
        let dice_words = |n: u32| format!("{n} {}", if n == 1 { "die" } else { "dice" });
        let (side, decision, detail) = match &st.phase {
            Phase::Over => return None,
            // Never played on: `begin` moves a position past it.
            Phase::TurnStart => (Side::Crown, "supply", "the campaign turn begins (5.1)".to_string()),
            Phase::Supply { side } => (*side, "supply", "supply phase: move supplies along your supply lines (5.2)".to_string()),
            Phase::Impulse { side, kind: ImpulseKind::Limited, .. } => {
                (*side, "impulse", "limited impulse: a Militia or Loyalist action, or skip (7.0); the full impulse may follow in the same orders".to_string())
            }
            Phase::Impulse { side, kind: ImpulseKind::Full, .. } => {
                (*side, "impulse", "full impulse: an irregular action, an army activation, or pass (7.0)".to_string())
            }
            Phase::Decision { side, question, .. } => (
                *side,
                "answer",
                match question {
                    state::Question::NavyZone { zones } => format!(
                        "12.4: your navy returns; choose its sea zone: {}",
                        zones.iter().map(|z| zone(z)).collect::<Vec<_>>().join(", ")
                    ),
                    state::Question::Commander { areas: choices } => format!(
                        "13.4: the new commander heads south; choose his Virginia area: {}",
                        areas(choices)
                    ),
                    state::Question::Excess { areas: over, .. } => format!(
                        "5.5: your attack left {} over the supply limit; move the excess along your supply line, where there is room for it (what stays over is then discarded, War first)",
                        areas(over)
                    ),
                    state::Question::Unload { army_ports, supply_ports } => {
                        // Only what the navy carries is named, and where it may go ashore.
                        let cargo = st.navies.cargo.get(side).cloned().unwrap_or_default();
                        let place = |what: &str, ports: &[Id]| {
                            if ports.is_empty() {
                                format!("its {what} can go ashore nowhere")
                            } else {
                                format!("land its {what} ({})", areas(ports))
                            }
                        };
                        // 5.4: where the army lands on the navy's own zone, the supplies may
                        // go ashore with it, even with no friendly port there now.
                        let with_army = options::supply_landings(
                            data,
                            st,
                            *side,
                            army_ports,
                            supply_ports,
                        );
                        let army = cargo.units > 0 || cargo.leader.is_some();
                        let mut aboard = Vec::new();
                        let mut parts = Vec::new();
                        if army {
                            aboard.push(words::army_aboard(data, st, *side, &cargo));
                            parts.push(place("army", army_ports));
                        }
                        if cargo.food + cargo.war > 0 {
                            aboard.push(words::supplies(cargo.food, cargo.war));
                            parts.push(if supply_ports.is_empty() && !with_army.is_empty() {
                                format!(
                                    "its supplies can go ashore only where the army lands ({})",
                                    areas(&with_army)
                                )
                            } else {
                                place("supplies", &with_army)
                            });
                        }
                        let navy_zone = st.navies.zone(*side);
                        // 9.3, 5.4 (RULINGS N8): the enemy navy in the same zone keeps
                        // everything aboard, which the player is told rather than left to guess.
                        let landing = match st.navies.shared_zone(*side) {
                            Some(z) => format!(
                                "the {} is in {} too, so nothing aboard can go ashore ({}RULINGS N8)",
                                words::navy(side.other()),
                                words::sea_zone(data, z),
                                if army { "9.3, 5.4, " } else { "5.4, " }
                            ),
                            None => parts.join(", and "),
                        };
                        format!(
                            "12.3: your navy leaves {}for the winter with {} aboard; {landing}; what stays aboard is lost",
                            navy_zone.map(|z| format!("{} ", words::sea_zone(data, z))).unwrap_or_default(),
                            aboard.join(", ")
                        )
                    }
                },
            ),
            Phase::Battle { attack, .. } => (
                attack.side.other(),
                "battle",
                battle_question(data, st, attack),
            ),
            Phase::Defend { attack, .. } => (
                attack.side.other(),
                "defend",
                format!(
                    "{} commits {} war at {} ({}): commit 0 to {} of your war supplies (10.3)",
                    words::side_word(attack.side),
                    attack.war_committed,
                    area(&attack.to),
                    dice_words(battle::attacker_dice(data, attack, attack.war_committed)),
                    st.supplies_at(&attack.to).war
                ),
            ),
            Phase::Commit { attack, .. } => (
                attack.side,
                "commit",
                format!(
                    "the defender of {} accepts battle: commit 1 to {} war supplies the attackers carry (10.2)",
                    area(&attack.to),
                    attack.carried.war
                ),
            ),
        };
        Some(Awaiting {
            side: side.name().into(),
            decision: decision.into(),
            detail: Some(detail),
        })
    }

    fn deciding(_data: &Data, st: &State) -> Option<Cow<'static, str>> {
        let side = match &st.phase {
            Phase::Over => return None,
            Phase::TurnStart => Side::Crown,
            Phase::Supply { side } | Phase::Impulse { side, .. } | Phase::Decision { side, .. } => {
                *side
            }
            Phase::Battle { attack, .. } => attack.side.other(),
            Phase::Commit { attack, .. } => attack.side,
            Phase::Defend { attack, .. } => attack.side.other(),
        };
        Some(Cow::Borrowed(side.name()))
    }

    fn apply(
        data: &Data,
        state: &State,
        side: &str,
        orders: &Orders,
        policy: Option<&orders::Policy>,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), OrderError> {
        let mut st = state.clone();
        let mut ev = Vec::new();
        SouthernStrategy::adjudicate(data, &mut st, &mut ev, side, orders, policy, dice)?;
        Ok((st, ev))
    }

    fn apply_into(
        data: &Data,
        state: &State,
        side: &str,
        orders: &Orders,
        dice: &mut dyn Dice,
        next: &mut State,
        events: &mut Vec<Event>,
    ) -> Result<(), OrderError> {
        next.clone_from(state);
        events.clear();
        SouthernStrategy::adjudicate(data, next, events, side, orders, None, dice)
    }

    fn legal_options(data: &Data, st: &State, side: &str) -> Vec<LegalOption> {
        let Some(parsed) = Side::parse(side) else {
            return Vec::new();
        };
        let mut listing = options::Listing::default();
        options::offer(data, st, parsed, &mut listing);
        // Every option is tried on a copy first, so only orders the rules accept are listed.
        listed(
            listing.0,
            |orders| accepted(data, st, side, orders),
            options::example,
        )
    }

    /// 5.2 and 9.0: in a full impulse, the supply moves that may go before any action but a
    /// pass, each listed only where some listed action accepts it.
    fn legal_additions(data: &Data, st: &State, side: &str) -> Option<Additions> {
        let parsed = Side::parse(side)?;
        let moves = options::full_impulse_moves(data, st, parsed);
        if moves.0.is_empty() {
            return None;
        }
        // The actions as listed, so that each move goes with one the player sees; a move may
        // also make possible an action the list leaves out (Food brought to pay for a march).
        let actions: Vec<Orders> = Self::legal_options(data, st, side)
            .iter()
            .filter_map(|o| crate::engine::flow::read::<Orders>(&o.example))
            .filter(|o| o.full.as_ref().is_some_and(|a| *a != orders::Action::Pass))
            .collect();
        let with_an_action = |moves: &Orders| {
            actions.iter().any(|a| {
                let mut both = a.clone();
                both.supply.extend(moves.supply.iter().cloned());
                accepted(data, st, side, &both)
            })
        };
        let parts = listed(moves.0, with_an_action, options::example);
        let what = "supply moves may go with any action above but a pass (5.2, 9.0)";
        (!parts.is_empty()).then(|| Additions {
            what: what.to_string(),
            how: format!("{what}: list them under `supply:` to make them before the action, or under `supply_after:` to make them after it, from where the action leaves the armies (a move before the action may also make possible an action the list leaves out, such as Food brought to pay for a march); the moves open before the action:"),
            parts,
        })
    }

    fn candidates(data: &Data, st: &State, side: &str) -> Vec<Candidate<Orders>> {
        let Some(parsed) = Side::parse(side) else {
            return Vec::new();
        };
        let mut bare = options::Bare::default();
        options::offer(data, st, parsed, &mut bare);
        bare.0
    }

    /// The options counted once and each built when taken, from one board (`options::Lazy`).
    fn lazy_candidates<'a>(
        data: &'a Data,
        st: &'a State,
        side: &'a str,
    ) -> Box<dyn LazyCandidates<Orders> + 'a> {
        options::Lazy::new(data, st, Side::parse(side))
    }

    fn check_position(data: &Data, st: &State) -> Result<(), OrderError> {
        position::check(data, st)
    }

    /// 12.3 and 5.1: a position at the start of a campaign turn runs the turn's start.
    fn begin(data: &Data, st: &State) -> State {
        let mut st = st.clone();
        if st.phase == Phase::TurnStart {
            // The stages from the winter removal to generation roll no dice.
            let mut no_dice = crate::engine::dice::ScriptedDice::new(Vec::new());
            turn_end::run_from(
                data,
                &mut st,
                state::Stage::WinterRemoval,
                &mut no_dice,
                &mut Vec::new(),
            );
        }
        st
    }

    fn check_policy(data: &Data, policy: &orders::Policy) -> Result<(), OrderError> {
        battle::check_policy(data, policy)
    }

    fn policy_rows(data: &Data) -> Vec<String> {
        policy_rows::rows(data)
    }

    fn policy_answers(data: &Data, policy: &orders::Policy) -> Vec<Value> {
        policy_rows::answers(data, policy)
    }

    fn policy_row(_data: &Data, st: &State, side: &str) -> Option<String> {
        policy_rows::row_at(st, Side::parse(side)?)
    }

    fn policy_of_rows(
        data: &Data,
        rows: &[(String, Value)],
    ) -> Result<Option<orders::Policy>, String> {
        policy_rows::policy_of(data, rows).map(Some)
    }

    fn bot_policy(
        data: &Data,
        st: &State,
        side: &str,
        decide: &mut dyn FnMut(&State) -> Option<Orders>,
    ) -> Option<orders::Policy> {
        // A policy that answers for no army would say nothing: none is committed.
        Some(standing::policy(data, st, Side::parse(side)?, decide))
            .filter(|p| !p.battle.armies.is_empty())
    }

    /// A limited impulse skipped, or a limited action that rolls nothing (7.0), leaves the
    /// same side its full impulse: the bot sends both in one orders file, as a player may.
    fn merge_orders(first: &Orders, then: Option<&Orders>) -> Option<Orders> {
        // Orders that end with the limited impulse (supply moves, then a limited action or a
        // skip), and then orders of the full impulse alone: one orders file, as a player may
        // write it (7.0). The caller merges only where the first rolled no die.
        let full = then.and_then(|t| t.full.clone());
        let full_only = Orders {
            full: full.clone(),
            ..Orders::default()
        };
        let ends_limited = first.limited.is_some() && first.full.is_none();
        (ends_limited && then.is_none_or(|t| *t == full_only)).then(|| Orders {
            full,
            ..first.clone()
        })
    }

    /// 10.7 (RULINGS B4): a beaten army retreats to the first area of its list it may enter,
    /// so an area listed again changes nothing and is dropped.
    fn simplest(mut orders: Orders) -> Orders {
        if let Some(orders::BattleDecision::Accept(accept)) = &mut orders.battle {
            let mut listed = Vec::with_capacity(accept.retreat.len());
            accept.retreat.retain(|a| {
                let first = !listed.contains(a);
                listed.push(*a);
                first
            });
        }
        orders
    }

    fn value(data: &Data, st: &State, side: &str) -> Option<f64> {
        Some(estimate::value(data, st, Side::parse(side)?))
    }

    /// 10.1 to 10.3: an attack waiting for the defender's answer or either side's War.
    fn settled(_data: &Data, st: &State) -> bool {
        !matches!(
            st.phase,
            Phase::Battle { .. } | Phase::Commit { .. } | Phase::Defend { .. }
        )
    }

    /// 7.0: a pass that ends the impulse phase (the Pass Marker at 1, or the other side
    /// having just passed) is a decision to end the campaign turn, not a move to make at
    /// random. The Navies' moves (12.1) cost nothing, so a side can go on acting for as long
    /// as it likes, and the year-end losses of Political Will (13.5) run the clock for the
    /// Patriots alone: the Crown never ends the phase by choice, so its playouts never do;
    /// the Patriots end it when the search finds it worth it, so in their own search their
    /// playouts leave that to the search's decisions, and in the Crown's they pass at random
    /// as before. With both passing at random, every Patriot option ended the phase a few
    /// steps later all the same, their own pass looked no better than moving the Navy, and
    /// against a Crown that never passed the bot as the Patriots moved its Navy to and fro
    /// for ever. The other passes, which only move the Pass Marker, stay in random play.
    fn playout_avoids(
        _data: &Data,
        st: &State,
        side: &str,
        orders: &Orders,
        searching: &str,
    ) -> bool {
        let previous_passed = matches!(
            st.phase,
            Phase::Impulse {
                previous_passed: true,
                ..
            }
        );
        let ends_phase = orders.full == Some(orders::Action::Pass)
            && impulse::pass_ends_phase(st.pass_track.saturating_sub(1), previous_passed).is_some();
        ends_phase && (side == Side::Crown.name() || searching == Side::Patriot.name())
    }

    fn orders_rule(state: &State, path: &str) -> Option<&'static str> {
        let rule = crate::engine::written::rule_under(orders::RULES_BY_KEY, path);
        // `commit:` answers the attacker's pause (10.2) and the defender's (10.3, RULINGS B1).
        match state.phase {
            Phase::Defend { .. } if rule == Some("10.2") && path.starts_with("commit") => {
                Some("10.3")
            }
            _ => rule,
        }
    }

    fn policy_rule(path: &str) -> Option<&'static str> {
        crate::engine::written::rule_under(orders::POLICY_RULES_BY_KEY, path)
    }

    fn annotate_step(
        data: &Data,
        before: &State,
        after: Option<&State>,
        orders: &mut Value,
        events: &mut [Value],
    ) {
        words::annotate_step(data, before, after, orders, events)
    }

    fn lookups(data: &Data) -> Value {
        let areas: BTreeMap<&str, &str> = data
            .areas()
            .map(|a| (a.id.as_str(), a.name.as_str()))
            .collect();
        let colonies: BTreeMap<&str, &str> = data
            .map
            .colonies
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str()))
            .collect();
        let geometry: Vec<Value> = data
            .areas()
            .map(|a| {
                let p = &data.board.areas[a.id.as_str()];
                json!({"id": a.id, "name": a.name, "colony": a.colony, "type": format!("{:?}", a.kind).to_lowercase(),
                       "port": a.port, "lat": p.lat, "lon": p.lon, "label": p.label,
                       "adjacent": a.adjacent})
            })
            .collect();
        let seas: Vec<Value> = data
            .map
            .sea_zones
            .iter()
            .map(|z| {
                let p = &data.board.sea_zones[z.id.as_str()];
                json!({"id": z.id, "name": z.name, "lat": p.lat, "lon": p.lon, "adjacent": z.adjacent})
            })
            .collect();
        let colony_places: Vec<Value> = data
            .map
            .colonies
            .iter()
            .map(|c| {
                let p = &data.board.colonies[c.id.as_str()];
                json!({"id": c.id, "name": c.name, "lat": p.lat, "lon": p.lon})
            })
            .collect();
        let naval: Vec<Value> = data
            .tracks
            .political_will
            .naval
            .iter()
            .map(|n| json!({"space": n.space, "colour": n.colour, "modifier": n.modifier}))
            .collect();
        // The dice reasons name a colony or a side by its id (`8.3 raid in SC: patriot`); the
        // report reads them out by these names (`report::log::roll_words`).
        let sides = json!({"crown": "Crown", "patriot": "Patriot"});
        json!({"areas": areas, "colonies": colonies, "sides": sides, "dice_names": ["colonies", "sides"],
               "side_names": sides,
               "geometry": geometry, "seas": seas, "naval": naval,
               "colony_places": colony_places, "crown_leader": data.pieces.leaders.crown,
               "winter": data.tracks.campaign_turn.winter, "pw_max": data.tracks.political_will.max,
               // B1: how a report words an acceptance the attacker's commitment follows.
               "defender_commits_after_attacker": data.pieces.readings.defender_commits_after_attacker()})
    }
}

/// Whether the rules accept `orders` of `side` at `st`, tried on a copy with dice of a fixed
/// key: how `orders` lists only what may be sent.
fn accepted(data: &Data, st: &State, side: &str, orders: &Orders) -> bool {
    let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
    SouthernStrategy::apply(data, st, side, orders, None, &mut dice).is_ok()
}

/// The built-in data, for the module's unit tests.
#[cfg(test)]
pub(crate) fn test_data() -> Data {
    let files: Vec<(String, String)> = DATA_FILES
        .iter()
        .chain(DISPLAY_FILES)
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    Data::load(&files).expect("the built-in data loads")
}
