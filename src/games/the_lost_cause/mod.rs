//! The Lost Cause (solitaire, card driven): the player is the Confederate high command and
//! the cards play the Union. One module per part of the rulebook; `month::run` walks the
//! sequence of play (4.0).

pub mod battle;
pub mod board;
pub mod card_lines;
pub mod confederate;
pub mod control;
pub mod data;
pub mod events;
pub mod initiative;
pub mod month;
pub mod navy;
pub mod options;
pub mod orders;
pub mod position;
pub mod railroads;
pub mod readings;
pub mod rolls;
pub mod script;
pub mod state;
pub mod tracks;
pub mod union;
pub mod words;
pub mod year_end;

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::engine::dice::Dice;
use crate::engine::error::OrderError;
use crate::engine::game::{listed, Awaiting, Candidate, Game, LegalOption};
use crate::engine::Error;
use data::{CardKind, Data};
use events::Event;
use orders::Orders;
use state::{ArmyState, Control, Cursor, Navies, Place, Question, State, Task};

pub struct TheLostCause;

/// The one side: the player, as the Confederate high command.
pub const SIDE: &str = "csa";

/// The data files, as built into adjutant.
pub const DATA_FILES: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the ninth edition: `tables.yaml` before a Railroads marker named for a
/// theater with no Confederate leader was refused rather than spent on a battle that was
/// skipped (RULINGS.md L57), with today's map, counters and deck. Kept so that games begun
/// with it still load and replay as they began.
pub const DATA_FILES_V9: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v9/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the eighth edition: `tables.yaml` before an army's Home Base was the
/// space its track begins at rather than the first space of its route (RULINGS.md L56), with
/// today's map, counters and deck. Kept so that games begun with it still load and replay as
/// they began.
pub const DATA_FILES_V8: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v8/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the seventh edition: `tables.yaml` before the record of a commander
/// promoted to Advisor named the Advisor going back to the Leader Cup (RULINGS.md L55), with
/// today's map, counters and deck. Kept so that games begun with it still load and replay as
/// they began.
pub const DATA_FILES_V7: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v7/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the sixth edition: `tables.yaml` before a roll's record named each of its
/// modifiers, a card raised European Recognition box by box, and a morale change named the key
/// spaces (RULINGS.md L52 to L54), with today's map, counters and deck. Kept so that games begun
/// with it still load and replay as they began.
pub const DATA_FILES_V6: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v6/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the fifth edition: `tables.yaml` before a space a Union army came back
/// into was read as contested (RULINGS.md L51), with today's map, counters and deck. Kept so
/// that games begun with it still load and replay as they began.
pub const DATA_FILES_V5: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v5/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/deck.yaml"),
    ),
];

/// The data files of the fourth edition: `tables.yaml` with the readings of 8.6.2, 11.0, 9.7 and
/// 8.8.1 but not yet those of the answers to 3.0 and 10.2 (RULINGS.md L48, L49), and the deck
/// before its cards named the leader they sack (`replaces`, L50). Kept so that games begun
/// with it still load and replay as they began. The first four editions share this deck
/// (`v4/deck.yaml`).
pub const DATA_FILES_V4: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v4/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/v4/deck.yaml"),
    ),
];

/// The data files of the first edition: the same map and counters, the fourth edition's deck,
/// and `tables.yaml` as first shipped, without `readings`. Kept so that games begun with them still load and replay
/// by the first edition's readings of 8.6.2 and 11.0 (RULINGS.md L17, L31): the game file pins
/// the tables by hash.
pub const DATA_FILES_V1: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v1/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/v4/deck.yaml"),
    ),
];

/// The third edition's data: `tables.yaml` with the readings of 8.6.2, 11.0 and 9.7 but not
/// yet the Eastern Army Group's (RULINGS.md L47). Kept so that games begun with it still load
/// and replay by its readings.
pub const DATA_FILES_V3: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v3/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/v4/deck.yaml"),
    ),
];

/// The second edition's data: `tables.yaml` with the readings of 8.6.2 and 11.0 but not yet
/// 9.7's (RULINGS.md L43). Kept so that games begun with it still load and replay by its
/// readings.
pub const DATA_FILES_V2: &[(&str, &str)] = &[
    (
        data::MAP,
        include_str!("../../../games/the-lost-cause/map.yaml"),
    ),
    (
        data::PIECES,
        include_str!("../../../games/the-lost-cause/pieces.yaml"),
    ),
    (
        data::TABLES,
        include_str!("../../../games/the-lost-cause/v2/tables.yaml"),
    ),
    (
        data::DECK,
        include_str!("../../../games/the-lost-cause/v4/deck.yaml"),
    ),
];

/// Files only the picture uses: not pinned by game files, so they may change freely.
pub const DISPLAY_FILES: &[(&str, &str)] = &[(
    board::BOARD,
    include_str!("../../../games/the-lost-cause/board.yaml"),
)];

impl Game for TheLostCause {
    const NAME: &'static str = "the-lost-cause";
    const SIDES: &'static [&'static str] = &[SIDE];
    const ANNOTATES_STEPS: bool = true;
    type Data = Data;
    type State = State;
    type Orders = Orders;
    type Event = Event;
    type Policy = ();

    fn load_data(files: &[(String, String)]) -> Result<Data, Error> {
        Data::load(files)
    }

    /// 3.0: the full game set-up. The 1861 cards are shuffled when the player starts, since
    /// set-up draws no dice.
    fn setup(data: &Data) -> (State, Vec<Event>) {
        let su = &data.pieces.setup;
        let armies = su
            .armies
            .iter()
            .map(|(id, at)| {
                let def = data.army(id).expect("checked at load");
                let route = data.track(&def.track).expect("checked").spaces.clone();
                let pos = route.iter().position(|s| s == at).unwrap_or(0);
                (
                    id.clone(),
                    ArmyState {
                        form: def.forms[0].id.clone(),
                        route,
                        at: pos,
                        invading: false,
                        disrupted: 0,
                        initiative: Vec::new(),
                    },
                )
            })
            .collect();
        let mut stacks: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for c in &data.deck.cards {
            let year = match c.kind {
                CardKind::Headline => c.year,
                CardKind::Broadsheet => su.broadsheets_join,
            };
            stacks.entry(year).or_default().push(c.id.clone());
        }
        let st = State {
            year: su.year,
            morale: su.morale,
            morale_flipped: false,
            recognition: su.recognition,
            emancipation: false,
            blockade: su.blockade,
            mississippi_closed: false,
            navies: Navies::None,
            armies,
            removed: Vec::new(),
            bases: Default::default(),
            bases_released: Default::default(),
            fortified: data
                .pieces
                .fortifications
                .iter()
                .map(|f| f.space.clone())
                .collect(),
            held: Default::default(),
            strategic: data
                .map
                .strategic
                .iter()
                .map(|s| (s.id.clone(), Control::Confederate))
                .collect(),
            flags_taken: 0,
            resources: data
                .pieces
                .resources
                .iter()
                .map(|r| {
                    let p = if r.year <= su.year {
                        Place::Cup
                    } else {
                        Place::Future
                    };
                    (r.id.clone(), p)
                })
                .collect(),
            union_commanders: su.union_commanders.clone(),
            commanders: su
                .confederate_commanders
                .iter()
                .map(|(t, l)| (*t, Some(l.clone())))
                .collect(),
            advisor: Some(su.advisor.clone()),
            leader_cup: su.leader_cup.clone(),
            leaders_gone: Vec::new(),
            draw_pile: Vec::new(),
            stacks,
            railroads_ask: Default::default(),
            rebel_yell: None,
            friction: false,
            card: None,
            card_friction: false,
            headlines_played: 0,
            cursor: Cursor::Start,
            question: Some(Question::Start),
            task: Task::default(),
            outcome: None,
        };
        let mut st = st;
        st.flags_taken = control::flags_taken(data, &st);
        (st, Vec::new())
    }

    fn awaiting(data: &Data, st: &State) -> Option<Awaiting> {
        let q = st.question.as_ref()?;
        Some(Awaiting {
            side: SIDE.into(),
            decision: q.key().into(),
            detail: Some(options::describe(data, st, q)),
        })
    }

    fn apply(
        data: &Data,
        state: &State,
        side: &str,
        orders: &Orders,
        _policy: Option<&()>,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), OrderError> {
        if side != SIDE {
            return Err(OrderError::new(
                "1.0",
                format!("The Lost Cause has one side, `{SIDE}`, not `{side}`"),
            ));
        }
        if state.question.is_none() {
            return Err(OrderError::new(
                "15.0",
                "the war is over; no orders are taken",
            ));
        }
        orders.unknown_resources(data)?;
        let mut st = state.clone();
        let events = month::run(data, &mut st, dice, orders.clone())?;
        Ok((st, events))
    }

    fn legal_options(data: &Data, st: &State, side: &str) -> Vec<LegalOption> {
        if side != SIDE {
            return Vec::new();
        }
        // Every option is tried on a copy first, so only orders the rules accept are listed.
        // The trial stops once the line that asked is done: only that line reads the answer.
        listed(
            options::candidates(data, st),
            |orders| {
                let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
                let mut trial = st.clone();
                let asked_at = st.cursor.clone();
                month::run_until(data, &mut trial, &mut dice, vec![orders.clone()], |s| {
                    s.cursor != asked_at
                })
                .is_ok()
            },
            crate::engine::flow::to_lines,
        )
    }

    fn candidates(data: &Data, st: &State, side: &str) -> Vec<Candidate<Orders>> {
        if side != SIDE {
            return Vec::new();
        }
        options::candidates(data, st)
            .into_iter()
            .map(|(_, orders)| orders.into())
            .collect()
    }

    fn check_position(data: &Data, st: &State) -> Result<(), OrderError> {
        position::check(data, st)
    }

    /// A line paused for a question is shown as it stands at the question (`month::at_pause`).
    /// A naval move's orders say which space the marker leaves (9.6): two markers of a kind may
    /// both be on the map, and the records name the marker by its id alone.
    /// The rest is in `words::annotate`.
    fn annotate_step(
        data: &Data,
        before: &State,
        after: Option<&State>,
        orders: &mut Value,
        events: &mut [Value],
    ) {
        words::annotate(data, before, after, orders, events);
        for path in ["/naval/move", "/command/naval/move"] {
            let Some(Value::Object(m)) = orders.pointer_mut(path) else {
                continue;
            };
            let from = m
                .get("resource")
                .and_then(Value::as_str)
                .and_then(|id| before.resources.get(id));
            if let Some(state::Place::Space(from)) = from {
                m.insert("from".into(), Value::String(from.clone()));
            }
        }
    }

    fn orders_rule(_state: &State, path: &str) -> Option<&'static str> {
        crate::engine::written::rule_under(orders::RULES_BY_KEY, path)
    }

    fn view(data: &Data, st: &State) -> State {
        month::at_pause(data, st).unwrap_or_else(|| st.clone())
    }

    fn lookups(data: &Data) -> Value {
        let spaces: BTreeMap<&str, &str> = data
            .map
            .spaces
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str()))
            .chain(
                data.map
                    .strategic
                    .iter()
                    .map(|s| (s.id.as_str(), s.name.as_str())),
            )
            .collect();
        let forms: BTreeMap<&str, &str> = data
            .pieces
            .armies
            .iter()
            .flat_map(|a| a.forms.iter().map(|f| (f.id.as_str(), f.name.as_str())))
            .collect();
        let leaders: BTreeMap<&str, &str> = data
            .pieces
            .union_leaders
            .iter()
            .map(|l| (l.id.as_str(), l.name.as_str()))
            .chain(
                data.pieces
                    .confederate_leaders
                    .iter()
                    .map(|l| (l.id.as_str(), l.name.as_str())),
            )
            .collect();
        let cards: BTreeMap<&str, Value> = data
            .deck
            .cards
            .iter()
            .map(|c| {
                (
                    c.id.as_str(),
                    json!({"headline": c.headline, "year": c.year, "flavor": c.flavor, "special": c.special}),
                )
            })
            .collect();
        let tracks: BTreeMap<&str, &str> = data
            .map
            .tracks
            .iter()
            .map(|t| (t.id.as_str(), t.name.as_str()))
            .collect();
        // Resource markers by the name printed on them: `railroads-1` is "Railroads".
        let resources: BTreeMap<&str, &str> = data
            .pieces
            .resources
            .iter()
            .map(|r| (r.id.as_str(), options::resource_name(r.kind)))
            .collect();
        // A leader's casualty check names the leader by id (`9.1.2 casualty check:
        // je-johnston`); reports and dice statistics read it by name (`report::log::roll_words`).
        // The NONE marker fights no battle, and `none` is a word other reasons may hold.
        let dice_leaders: BTreeMap<&str, &str> = leaders
            .iter()
            .filter(|(id, _)| **id != "none")
            .map(|(id, name)| (*id, *name))
            .collect();
        json!({"spaces": spaces, "forms": forms, "leaders": leaders, "cards": cards, "tracks": tracks,
               "dice_leaders": dice_leaders, "dice_names": ["dice_leaders"],
               "resources": resources, "picture": picture(data),
               "deck_edition": data.deck.edition,
               "card_lines": card_lines::card_lines(data),
               // The war's last year (14.6: 1865 deals every card left); a deck need not
               // print cards for it, so the printed years do not tell it.
               "last_year": data.pieces.setup.last_year,
               "side_names": {"csa": "the Confederate player"}})
    }

    /// 8.3: who holds each space of the tracks, for the picture to colour.
    fn board_facts(data: &Data, st: &State) -> Value {
        let holders: BTreeMap<&str, &str> = data
            .map
            .spaces
            .iter()
            .map(|s| {
                let h = match control::holder(data, st, &s.id) {
                    control::Holder::Union => "union",
                    control::Holder::Contested => "contested",
                    control::Holder::Confederate => "confederate",
                };
                (s.id.as_str(), h)
            })
            .collect();
        json!({"holders": holders})
    }
}

/// The map as the board picture needs it: each space with its shape, theater, flags, river
/// and place (`board.yaml`), the strategic spaces, the tracks, and the Union armies' colours
/// and forms.
fn picture(data: &Data) -> Value {
    let place = |p: Option<&board::Place>| match p {
        Some(p) => json!({"col": p.col, "row": p.row}),
        None => json!({"col": 0.0, "row": 0.0}),
    };
    let board = data.board.as_ref();
    let spaces: Vec<Value> = data
        .map
        .spaces
        .iter()
        .map(|s| {
            let mut v = json!({"id": s.id, "name": s.name, "shape": s.shape, "theater": s.theater,
                               "flags": s.flags, "river": s.river});
            v["place"] = place(board.and_then(|b| b.spaces.get(&s.id)));
            v
        })
        .collect();
    let strategic: Vec<Value> = data
        .map
        .strategic
        .iter()
        .map(|s| {
            let mut v = json!({"id": s.id, "name": s.name, "theater": s.theater,
                               "connected": s.connected});
            v["place"] = place(board.and_then(|b| b.strategic.get(&s.id)));
            v
        })
        .collect();
    let armies: Vec<Value> = data
        .pieces
        .armies
        .iter()
        .map(|a| {
            let forms: BTreeMap<&str, Value> = a
                .forms
                .iter()
                .map(|f| {
                    (
                        f.id.as_str(),
                        json!({"name": f.name, "initiative": f.initiative, "battle": f.battle}),
                    )
                })
                .collect();
            json!({"id": a.id, "theater": a.theater, "home": a.home, "invasion": a.invasion,
                   "track": a.track, "forms": forms})
        })
        .collect();
    json!({"spaces": spaces, "strategic": strategic, "tracks": data.map.tracks, "armies": armies,
           "fortifications": data.pieces.fortifications.iter().map(|f| &f.space).collect::<Vec<_>>()})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::KeyedDice;

    pub fn data() -> Data {
        let files: Vec<(String, String)> = DATA_FILES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        Data::load(&files).expect("built-in data loads")
    }

    /// Plays a whole game choosing options by a seeded counter; returns the final state.
    fn play(seed: u8) -> (State, usize) {
        let data = data();
        let (mut st, _) = TheLostCause::setup(&data);
        let mut steps = 0;
        while st.question.is_some() {
            let options = TheLostCause::legal_options(&data, &st, SIDE);
            assert!(!options.is_empty(), "no option at {:?}", st.question);
            let pick = &options[(steps * 7 + seed as usize) % options.len()];
            let v: Value = serde_yaml::from_str(&pick.example).unwrap();
            let orders: Orders = serde_json::from_value(v).unwrap();
            let mut key = [seed; 32];
            key[0] = steps as u8;
            key[1] = (steps >> 8) as u8;
            let mut dice = KeyedDice::new(&key);
            let (next, _events) = TheLostCause::apply(&data, &st, SIDE, &orders, None, &mut dice)
                .unwrap_or_else(|e| panic!("{e} at {:?} with {:?}", st.question, pick.example));
            st = next;
            steps += 1;
            assert!(steps < 5000, "the game does not end");
        }
        (st, steps)
    }

    #[test]
    fn seeded_games_reach_an_end() {
        for seed in 0..20 {
            let (st, steps) = play(seed);
            let o = st.outcome.as_ref().expect("an outcome");
            assert!(st.is_over());
            assert!(steps > 0);
            eprintln!("seed {seed}: {steps} steps, {o:?}");
        }
    }
}
