//! Random self-play: both sides pick uniformly among the options `orders` would list, with
//! dice from fixed seeds, checking after every step that every listed option is legal and
//! that pieces and cubes are conserved.

use adjutant::engine::dice::KeyedDice;
use adjutant::engine::game::Game;
use adjutant::games::southern_strategy::{self as ss, state::Side, SouthernStrategy};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn data() -> ss::data::Data {
    let files: Vec<(String, String)> = ss::DATA_FILES
        .iter()
        .chain(ss::DISPLAY_FILES)
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    ss::data::Data::load(&files).unwrap()
}

/// Every counter of each side and Colony is in exactly one place: the box, the pool, the cup,
/// or (Loyalists) Holding an area.
fn check_invariants(data: &ss::data::Data, st: &ss::state::State) -> Result<(), String> {
    let on = st.supplies_on_map();
    if on.food > data.pieces.supplies.food || on.war > data.pieces.supplies.war {
        return Err(format!("more cubes on the map than exist: {on:?}"));
    }
    for side in [Side::Crown, Side::Patriot] {
        if st.units_on_map(side) > data.pieces.units[&side] {
            return Err(format!(
                "{side} has {} units on the map",
                st.units_on_map(side)
            ));
        }
    }
    for c in &data.map.colonies {
        let p = st.partisans.get(&c.id).copied().unwrap_or_default();
        if p.militia + p.loyalists + u32::from(p.swamp_fox) > data.pieces.partisan_boxes_per_colony
        {
            return Err(format!("{} has more counters than boxes", c.id));
        }
        let pool = st.pool.get(&c.id).copied().unwrap_or_default();
        let cup_m = st
            .cup
            .iter()
            .filter(|x| x.colony == c.id && x.side == Side::Patriot && !x.swamp_fox)
            .count() as u32;
        let cup_l = st
            .cup
            .iter()
            .filter(|x| x.colony == c.id && x.side == Side::Crown)
            .count() as u32;
        let holds = st
            .holds
            .iter()
            .filter(|h| data.area(h).colony == c.id)
            .count() as u32;
        if p.militia + pool.militia + cup_m != data.pieces.irregulars.militia[&c.id] {
            return Err(format!(
                "{} Militia not conserved: box {} pool {} cup {}",
                c.id, p.militia, pool.militia, cup_m
            ));
        }
        if p.loyalists + pool.loyalists + cup_l + holds != data.pieces.irregulars.loyalists[&c.id] {
            return Err(format!(
                "{} Loyalists not conserved: box {} pool {} cup {} holds {holds}",
                c.id, p.loyalists, pool.loyalists, cup_l
            ));
        }
    }
    for (area, _) in st
        .supplies
        .iter()
        .filter(|(a, _)| !data.area(a).is_city_or_fort())
    {
        if st.army(area).is_none() {
            return Err(format!("supplies lie on the Point `{area}` with no army"));
        }
    }
    Ok(())
}

/// Orders as adjutant reads them: YAML to plain values, then the game's orders.
fn parse_orders(text: &str) -> Result<ss::orders::Orders, String> {
    let v: serde_json::Value =
        serde_yaml::from_str(text).map_err(|e| format!("option `{text}`: {e}"))?;
    serde_json::from_value(v).map_err(|e| format!("option `{text}` is not orders: {e}"))
}

/// Every step renders through the report templates, so a template that cannot describe some
/// event or order fails here rather than in a player's mail.
fn render(data: &ss::data::Data, steps: &[serde_json::Value], seed: u64) -> Result<(), String> {
    let templates = adjutant::report::text::Templates::new(None);
    let mut ctx = serde_json::json!({"title": "self-play", "id": "selfplay", "game": "southern-strategy",
        "steps": steps, "reveals": [], "tip": "", "at_step": steps.len(), "verification_block": ""});
    for (k, v) in SouthernStrategy::lookups(data).as_object().unwrap() {
        ctx[k] = v.clone();
    }
    templates
        .render("southern-strategy/report.txt", &ctx)
        .map(|_| ())
        .map_err(|e| format!("seed {seed}: the report does not render: {e}"))
}

fn play(data: &ss::data::Data, seed: u64, max_steps: usize) -> Result<usize, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut st, _) = SouthernStrategy::setup(data);
    let mut views = Vec::new();
    for step in 0..max_steps {
        let Some(a) = SouthernStrategy::awaiting(data, &st) else {
            render(data, &views, seed)?;
            return Ok(step);
        };
        let options = SouthernStrategy::legal_options(data, &st, &a.side);
        if options.is_empty() {
            return Err(format!(
                "seed {seed} step {step}: `{}` has no option at {:?}",
                a.side, st.phase
            ));
        }
        // Every listed option must be legal.
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_be_bytes());
        key[8..16].copy_from_slice(&(step as u64).to_be_bytes());
        for o in &options {
            let orders = parse_orders(&o.example)?;
            if let Err(e) = SouthernStrategy::apply(
                data,
                &st,
                &a.side,
                &orders,
                None,
                &mut KeyedDice::new(&key),
            ) {
                return Err(format!(
                    "seed {seed} step {step}: listed option `{}` ({}) is refused: {e}",
                    o.example, o.summary
                ));
            }
        }
        let pick = &options[(rng.next_u32() as usize) % options.len()];
        let orders = parse_orders(&pick.example)?;
        let mut dice = KeyedDice::new(&key);
        let (next, events) =
            SouthernStrategy::apply(data, &st, &a.side, &orders, None, &mut dice).unwrap();
        views.push(serde_json::json!({"step": step + 1, "ordered_by": a.side, "adjudicated_by": "-",
            "orders": serde_json::to_value(&orders).unwrap(), "rolls": dice.into_rolls(), "events": events}));
        check_invariants(data, &next)
            .map_err(|e| format!("seed {seed} step {step} after `{}`: {e}", pick.example))?;
        st = next;
    }
    render(data, &views, seed)?;
    Ok(max_steps)
}

#[test]
fn random_self_play_keeps_the_invariants_and_lists_only_legal_options() {
    let data = data();
    let mut failures = Vec::new();
    let mut finished = 0;
    for seed in 0..200 {
        match play(&data, seed, 1500) {
            Ok(n) if n < 1500 => finished += 1,
            Ok(_) => {}
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} games failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(
        finished, 200,
        "every game reaches its end within 1500 steps"
    );
}
