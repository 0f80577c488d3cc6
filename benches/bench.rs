//! `cargo bench`: the speed figures of the README's Performance section, from one run on the
//! machine at hand. Timings are wall-clock medians of repeated runs.

/// The allocator the `adjutant` binary uses, so the figures are the product's.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use adjutant::engine::game::Rules;
use adjutant::engine::gamefile::{GameFile, Player};
use adjutant::engine::secrets::Secret;
use adjutant::engine::session;

const ID: &str = "ss-bench";

fn secret(side: &str) -> Secret {
    Secret::demo(ID, side, 4096)
}

/// A hot-seat game played from the options `orders` lists until it has `steps` records and
/// still goes on: the choice of options varies with `k` until one such game is found.
fn late_game(rules: &dyn Rules, steps: usize) -> GameFile {
    for k in 1..200usize {
        let mut players = BTreeMap::new();
        for side in rules.sides() {
            let anchor = adjutant::engine::canon::to_hex(&secret(side).anchor().unwrap());
            let key = adjutant::engine::sign::public_hex(&secret(side).signing_key().unwrap());
            players.insert(
                side.to_string(),
                Player {
                    name: String::new(),
                    email: String::new(),
                    anchor,
                    key: Some(key),
                },
            );
        }
        let mut gf = session::create(rules, ID, players, 4096, None).unwrap();
        let mut n = 0usize;
        while gf.log.len() < steps {
            let Some(a) = gf.awaiting.clone() else { break };
            let options = rules.legal_options(&gf.state, &a.side).unwrap();
            // Acting rather than passing keeps the turns long, as in a hard-fought game.
            let acting: Vec<_> = options
                .iter()
                .filter(|o| !o.example.contains("pass"))
                .collect();
            let pool: Vec<_> = if acting.is_empty() {
                options.iter().collect()
            } else {
                acting
            };
            let pick = pool[(n * k + k / 2) % pool.len()];
            n += 1;
            let orders: serde_json::Value = serde_yaml::from_str(&pick.example).unwrap();
            let rec = session::prepare(rules, &gf, &a.side, orders, &secret(&a.side), None)
                .unwrap()
                .record;
            gf = session::receive(rules, &gf, &rec, &contribution, &|_, _| {
                unreachable!("no policies here")
            })
            .unwrap()
            .game;
        }
        if gf.log.len() >= steps && gf.awaiting.is_some() {
            return gf;
        }
    }
    panic!("no game lasted {steps} records");
}

/// A party's chain element and signing key, from its demo secret.
fn contribution(side: &str, index: u64) -> Result<session::Contribution, adjutant::engine::Error> {
    let s = secret(side);
    Ok(session::Contribution {
        reveal: s.element(index)?,
        signer: session::Signer::Key(s.signing_key()?),
    })
}

fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn main() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let rules = rules.as_ref();
    let t = Instant::now();
    let gf = late_game(rules, 320);
    println!(
        "late game: {} records, built in {:.2?}",
        gf.log.len(),
        t.elapsed()
    );
    let dir = tempfile_dir();
    let path = dir.join("late.yaml");
    let text = gf.to_yaml().unwrap();
    std::fs::write(&path, &text).unwrap();

    // 1. The floor: reading and writing the same YAML file with serde_yaml and nothing else.
    let floor = median(
        || {
            let t = std::fs::read_to_string(&path).unwrap();
            let g: GameFile = serde_yaml::from_str(&t).unwrap();
            std::fs::write(dir.join("floor.yaml"), serde_yaml::to_string(&g).unwrap()).unwrap();
        },
        15,
    );
    // `adjudicate` on that file: read, check, adjudicate the next packet, write.
    let a = gf.awaiting.clone().unwrap();
    let options = rules.legal_options(&gf.state, &a.side).unwrap();
    let orders: serde_json::Value = serde_yaml::from_str(&options[0].example).unwrap();
    let rec = session::prepare(rules, &gf, &a.side, orders, &secret(&a.side), None)
        .unwrap()
        .record;
    let adjudicate = median(
        || {
            let t = std::fs::read_to_string(&path).unwrap();
            let g = GameFile::parse(&t).unwrap();
            session::check_file(rules, &g).unwrap();
            session::check_current_state(rules, &g).unwrap();
            let r =
                session::receive(rules, &g, &rec, &contribution, &|_, _| unreachable!()).unwrap();
            adjutant::engine::atomic::write(
                &dir.join("adjudicated.yaml"),
                r.game.to_yaml().unwrap().as_bytes(),
            )
            .unwrap();
        },
        15,
    );
    println!("adjudicate on a {}-record game: {:.2?} (floor, read+write with serde_yaml: {:.2?}; ratio {:.2}x, goal 1.5x)",
        gf.log.len(), adjudicate, floor, adjudicate.as_secs_f64() / floor.as_secs_f64());

    // 2. verify: steps per second.
    let verify = median(
        || {
            adjutant::engine::verify::verify(rules, &gf).unwrap();
        },
        5,
    );
    println!(
        "verify: {:.0} steps/s ({} records in {:.2?}; goal 20,000 steps/s)",
        gf.log.len() as f64 / verify.as_secs_f64(),
        gf.log.len(),
        verify
    );

    // ... and its ratio to a replay without any hashing: the same steps applied by the rules
    // alone, with the dice keys worked out beforehand.
    let mut steps = Vec::new();
    for (i, r) in gf.log.iter().enumerate() {
        if let (Some(orders), Some(next)) = (&r.orders, gf.log.get(i + 1)) {
            let key = adjutant::engine::chain::step_key(
                &gf.id,
                r.step,
                &r.hash().unwrap(),
                &next.reveal_bytes().unwrap(),
            );
            let policy = next
                .result
                .as_ref()
                .and_then(|res| res.policy.as_ref())
                .map(|p| p.policy.clone());
            steps.push((r.by.clone(), orders.clone(), policy, key));
        }
    }
    let replay = median(
        || {
            let mut st = rules.setup().unwrap().0;
            for (by, orders, policy, key) in &steps {
                let mut dice = adjutant::engine::dice::KeyedDice::new(key);
                st = rules
                    .apply(&st, by, orders, policy.as_ref(), &mut dice)
                    .unwrap()
                    .0;
            }
        },
        5,
    );
    println!(
        "verify against a replay without hashing ({} steps in {:.2?}): ratio {:.2}x",
        steps.len(),
        replay,
        verify.as_secs_f64() / replay.as_secs_f64()
    );

    // 3. Random self-play without files or hashing: complete games per second on one core.
    // First as a player of `orders` would see it: every step lists every legal option (each
    // tried on a copy of the state, through the JSON interface) and plays one.
    let t = Instant::now();
    let mut games = 0;
    let mut completed = 0;
    while t.elapsed() < Duration::from_secs(10) && games < 200 {
        let mut st = rules.setup().unwrap().0;
        let mut dice_key = [0u8; 32];
        dice_key[0] = games as u8;
        for step in 0..3000u32 {
            let Some(a) = rules.awaiting(&st).unwrap() else {
                completed += 1;
                break;
            };
            let options = rules.legal_options(&st, &a.side).unwrap();
            let pick = &options[(step as usize * 13 + games) % options.len()];
            let orders: serde_json::Value = serde_yaml::from_str(&pick.example).unwrap();
            dice_key[1..5].copy_from_slice(&step.to_be_bytes());
            let mut dice = adjutant::engine::dice::KeyedDice::new(&dice_key);
            st = rules
                .apply(&st, &a.side, &orders, None, &mut dice)
                .unwrap()
                .0;
        }
        games += 1;
    }
    println!("self-play listing every option at every step, through the engine's JSON interface: {:.2} complete games/s on one core ({completed} of {games} games ended in {:.2?})",
        completed as f64 / t.elapsed().as_secs_f64(), t.elapsed());
    typed_self_play::<adjutant::games::southern_strategy::SouthernStrategy>(
        adjutant::games::southern_strategy::DATA_FILES
            .iter()
            .chain(adjutant::games::southern_strategy::DISPLAY_FILES),
        "Southern Strategy",
        "; goal 5,000/s (issue 18)",
    );
    typed_self_play::<adjutant::games::the_lost_cause::TheLostCause>(
        adjutant::games::the_lost_cause::DATA_FILES.iter(),
        "The Lost Cause",
        "",
    );
    println!(
        "peak memory of the whole run: {} KiB",
        peak_memory_kib().unwrap_or(0)
    );
}

/// Self-play on the typed game (no JSON between steps): every step plays a legal option picked
/// uniformly, by trying the game's candidates in random order (`engine::selfplay`).
fn typed_self_play<'a, G: adjutant::engine::game::Game>(
    files: impl Iterator<Item = &'a (&'a str, &'a str)>,
    name: &str,
    goal: &str,
) {
    let files: Vec<(String, String)> = files.map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let data = G::load_data(&files).unwrap();
    let t = adjutant::engine::selfplay::run::<G>(&data, 5000, Duration::from_secs(10));
    let secs = t.elapsed.as_secs_f64();
    println!(
        "self-play, {name}, typed, uniform among the legal options: {:.1} complete games/s on one core ({} of {} games, {} stuck, {:.0} steps/s{goal})",
        t.completed as f64 / secs,
        t.completed,
        t.games,
        t.stuck,
        t.steps as f64 / secs
    );
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("adjutant-bench-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
