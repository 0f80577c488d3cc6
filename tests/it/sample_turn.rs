//! The rulebook's Sample Turn, played from its shipped position
//! (`games/southern-strategy/scenarios/sample-turn.yaml`) with the rolls the rulebook states,
//! checking each outcome its text gives. Where the shipped map forces a change, the position
//! file says so.

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::southern_strategy::{self as ss, state::State, SouthernStrategy};
use serde_json::{json, Value};

use super::support::{command, root};

fn data() -> ss::data::Data {
    super::support::southern_data()
}

const POSITION: &str = "games/southern-strategy/scenarios/sample-turn.yaml";

/// The position's state, as `new --position` reads it.
fn position() -> State {
    let v: Value =
        serde_yaml::from_str(&std::fs::read_to_string(root().join(POSITION)).unwrap()).unwrap();
    serde_json::from_value(v["state"].clone()).unwrap()
}

/// The game as it is played: one side's orders with the rolls they need, every roll used.
struct Play {
    data: ss::data::Data,
    st: State,
    events: Vec<Value>,
}

impl Play {
    fn orders(&mut self, side: &str, orders: &str, rolls: &[u32]) -> &[Value] {
        let v: Value = serde_yaml::from_str(orders).unwrap();
        let o: ss::orders::Orders = serde_json::from_value(v)
            .unwrap_or_else(|e| panic!("orders `{orders}` do not parse: {e}"));
        let mut dice = ScriptedDice::new(rolls.to_vec());
        let (st, ev) = SouthernStrategy::apply(&self.data, &self.st, side, &o, None, &mut dice)
            .unwrap_or_else(|e| panic!("{side}'s `{orders}` refused: {e}"));
        assert_eq!(dice.unused(), 0, "`{orders}` left rolls unused");
        self.st = st;
        self.events = ev
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        &self.events
    }

    /// The event named `name` whose fields include `fields`.
    fn saw(&self, name: &str, fields: Value) {
        let found = self.events.iter().any(|e| {
            e["event"] == name
                && fields
                    .as_object()
                    .unwrap()
                    .iter()
                    .all(|(k, v)| e.get(k) == Some(v))
        });
        assert!(found, "no `{name}` with {fields} among {:#?}", self.events);
    }

    fn supplies(&self, area: &str) -> (u32, u32) {
        let s = self.st.supplies_at(area);
        (s.food, s.war)
    }

    fn army(&self, area: &str) -> Option<(String, u32, Option<String>)> {
        self.st.army(area).map(|a| {
            (
                a.side.to_string(),
                a.units,
                a.leader.map(|l| format!("{l:?}").to_lowercase()),
            )
        })
    }
}

fn patriot(units: u32, leader: Option<&str>) -> Option<(String, u32, Option<String>)> {
    Some(("patriot".into(), units, leader.map(String::from)))
}

fn crown(units: u32, leader: Option<&str>) -> Option<(String, u32, Option<String>)> {
    Some(("crown".into(), units, leader.map(String::from)))
}

#[test]
fn the_rulebooks_sample_turn_plays_as_the_text_says() {
    let data = data();
    let start = position();
    SouthernStrategy::check_position(&data, &start).expect("the sample turn is a legal position");
    let st = SouthernStrategy::begin(&data, &start);
    let mut p = Play {
        data,
        st,
        events: Vec::new(),
    };

    // Supply Phase: Crown cities in Georgia and South Carolina generate two Food and one War,
    // for the Crown has the majority there (South Carolina's counts the Fort Granby Holding
    // Loyalist, 8.4); Charlotte generates two Food and one War for the Patriot (North Carolina).
    for (area, before) in [("SAV", (2, 2)), ("AUG", (1, 1)), ("GEO", (1, 1))] {
        let now = p.supplies(area);
        assert_eq!(
            (now.0 - before.0, now.1 - before.1),
            (2, 1),
            "5.1 at {area}"
        );
    }
    assert_eq!(p.supplies("CLT"), (2, 1), "5.1 at Charlotte");
    // The Crown moves most of its supplies to its armies; the main force carries its limit.
    p.orders(
        "crown",
        "supply: [{from: SAV, to: HHS, food: 1, war: 1}]",
        &[],
    );
    assert_eq!(p.supplies("HHS"), (3, 2));
    p.orders("patriot", "supply: []", &[1, 2]);
    // Initiative: the Crown rolls 1, the Patriot 2; the Patriot moves first, Pass Marker on 2.
    p.saw(
        "initiative",
        json!({"crown": 1, "patriot": 2, "first": "patriot", "pass_track": 2}),
    );
    assert_eq!(p.st.pass_track, 2);

    // Patriot first pair: a Raid in South Carolina on the Fort Granby Loyalist; 5, plus 1 for
    // the Swamp Fox, is 6: success. The Loyalist goes to the pool; the Militia, with the Fox
    // present, into the cup. The full impulse marches the army into Camden.
    let cup = p.st.cup.len();
    let sc_pool = p.st.pool["SC"].loyalists;
    p.orders(
        "patriot",
        "limited: {raid: {colony: SC, hold: GRB}}\nfull: {march: {from: WAX, groups: [{to: CAM, units: 6, leader: true}]}}",
        &[5],
    );
    p.saw(
        "raided",
        json!({"die": 5, "modifier": 1, "total": 6, "success": true}),
    );
    assert!(!p.st.holds.contains("GRB"));
    assert_eq!(p.st.pool["SC"].loyalists, sc_pool + 1);
    assert_eq!(
        p.st.cup.len(),
        cup + 1,
        "8.5: the Militia goes into the cup"
    );
    assert_eq!(p.army("CAM"), patriot(6, Some("leader")));

    // Crown first pair: the main army attacks Camden, leaving one Unit on the Point; the
    // Patriot refuses to the Point north-east of Camden, taking one War and one Food.
    p.orders(
        "crown",
        "limited: skip\nfull: {attack: {from: HHS, to: CAM, units: 3, war: 1, carry_food: 1}}",
        &[],
    );
    p.orders(
        "patriot",
        "battle: {refuse: {to: CHW, food: 1, war: 1}}",
        &[],
    );
    p.saw(
        "battle_refused",
        json!({"side": "patriot", "to": "CHW", "food": 1, "war": 1}),
    );
    assert_eq!(p.army("CAM"), crown(3, Some("leader")));
    assert_eq!(p.army("HHS"), crown(1, None));
    assert_eq!(p.army("CHW"), patriot(6, Some("leader")));
    assert_eq!(p.supplies("CHW"), (1, 1));

    // Patriot second pair: a Forage in North Carolina; the army splits, two Units staying at
    // the Point under the Subordinate, four marching with the Leader into Wilmington, paying
    // one Food for the movers only (9.1, 9.2).
    p.orders(
        "patriot",
        "limited: {forage: CLT}\nfull: {march: {from: CHW, groups: [{to: WIL, units: 4, leader: true}, {to: CHW, units: 2, subordinate: true}]}}",
        &[],
    );
    p.saw("foraged", json!({"colony": "NC"}));
    p.saw("marched", json!({"from": "CHW", "food_paid": 1}));
    assert_eq!(p.army("WIL"), patriot(4, Some("leader")));
    assert_eq!(p.army("CHW"), patriot(2, Some("subordinate")));

    // Crown second pair: the Subordinate's army blocks the Point between Camden and
    // Wilmington, so no siege of Camden can be declared.
    p.orders(
        "crown",
        "limited: skip\nfull: {march: {from: GEO, groups: [{to: SNW, units: 4, leader: true}]}}",
        &[],
    );
    assert_eq!(p.army("SNW"), crown(4, Some("subordinate")));
    assert!(p.st.sieges.is_empty());

    // Patriot third pair: another Forage in North Carolina, its Food sent to the Subordinate's
    // army, which marches north with one Unit and leaves one behind.
    p.orders(
        "patriot",
        "limited: {forage: WIL}\nsupply_after: [{from: WIL, to: CHW, food: 1}]",
        &[],
    );
    p.orders(
        "patriot",
        "full: {march: {from: CHW, groups: [{to: CRC, units: 1, leader: true}]}}",
        &[],
    );
    assert_eq!(p.army("CRC"), patriot(1, Some("subordinate")));
    assert_eq!(p.army("CHW"), patriot(1, None));

    // Crown third pair: the Unit left on the Point goes to Fort Granby at last.
    p.orders(
        "crown",
        "limited: skip\nfull: {march: {from: HHS, groups: [{to: GRB, units: 1}]}}",
        &[],
    );
    assert_eq!(p.army("GRB"), crown(1, None));

    // Patriot fourth pair: a Forage, and a pass: the Pass Marker slides from 2 to 1.
    p.orders("patriot", "limited: {forage: WIL}\nfull: pass", &[]);
    assert_eq!(p.st.pass_track, 1);

    // Crown fourth pair: a Loyalist Holds Fort Granby again; the main army attacks the lone
    // Patriot Unit at Cheraw, leaving one Unit in Camden; it refuses, north. Wilmington is now
    // besieged by the armies at Cheraw and Snow's Island (11.0).
    p.orders(
        "crown",
        "limited: {hold: GRB}\nfull: {attack: {from: CAM, to: CHW, units: 2, war: 1}}",
        &[],
    );
    assert!(p.st.holds.contains("GRB"));
    p.orders("patriot", "battle: {refuse: {to: CRC}}", &[]);
    assert_eq!(p.army("CHW"), crown(2, Some("leader")));
    assert_eq!(p.army("CAM"), crown(1, None));
    assert_eq!(p.army("CRC"), patriot(2, Some("subordinate")));
    p.saw("siege_declared", json!({"area": "WIL", "by": "crown"}));
    assert_eq!(p.supplies("WIL"), (1, 0));

    // Patriot fifth pair: the Subordinate's army marches into Guilford, leaving one Unit.
    p.orders(
        "patriot",
        "limited: {forage: CRC}\nfull: {march: {from: CRC, groups: [{to: GLF, units: 1, leader: true}]}}",
        &[],
    );
    assert_eq!(p.army("GLF"), patriot(1, Some("subordinate")));
    assert_eq!(p.army("CRC"), patriot(1, None));

    // Crown fifth pair: a pass ends the turn. Turn end: Wilmington's army eats its Food (13.1);
    // neither navy returns (6 and 6, 12.4); the three irregulars drawn are Militia, two for
    // Virginia and one for South Carolina, where Militia and the Fox now outnumber the one
    // Loyalist 2 to 1 (13.2).
    let va = p.st.partisans["VA"].militia;
    p.orders("crown", "limited: skip\nfull: pass", &[6, 6, 0, 0, 1]);
    p.saw("siege_food", json!({"area": "WIL"}));
    assert_eq!(p.supplies("WIL").0, 0);
    p.saw(
        "navy_return_roll",
        json!({"side": "crown", "die": 6, "needed": 2, "returns": false}),
    );
    p.saw(
        "navy_return_roll",
        json!({"side": "patriot", "die": 6, "needed": 2, "returns": false}),
    );
    assert!(p.st.navies.crown.is_none() && p.st.navies.french.is_none());
    let drawn: Vec<&Value> = p
        .events
        .iter()
        .filter(|e| e["event"] == "irregular_drawn")
        .collect();
    assert_eq!(drawn.len(), 3, "{drawn:?}");
    assert_eq!(p.st.partisans["VA"].militia, va + 2);
    let sc = p.st.partisans["SC"];
    assert_eq!((sc.militia + u32::from(sc.swamp_fox), sc.loyalists), (2, 1));
    assert_eq!(
        p.st.army("WIL").unwrap().units,
        4,
        "the besieged army still stands"
    );
    assert!(p.st.sieges.contains("WIL"));
}

/// The shipped scenario starts a game through the CLI, and `verify` replays from it.
#[test]
fn the_sample_turn_starts_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pos = root().join(POSITION);
    let o = command(
        d,
        &[
            "new",
            "--game",
            "southern-strategy",
            "--id",
            "sample",
            "--demo",
            "--secrets",
            "s",
            "--position",
            pos.to_str().unwrap(),
            "-o",
            "g.yaml",
        ],
    )
    .output()
    .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = command(d, &["verify", "g.yaml"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = command(d, &["show", "g.yaml"]).output().unwrap();
    let show = String::from_utf8_lossy(&o.stdout);
    assert!(show.contains("space 3;"), "{show}");
    assert!(show.contains("Savannah"), "{show}");
}
