//! A profiling target: typed self-play of The Southern Strategy for a fixed number of games
//! (`cargo run --release --example selfplay_profile -- [games] [game]`).
use adjutant::engine::game::Game;

fn run<G: Game>(files: &[(&str, &str)], games: usize) {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let data = G::load_data(&files).unwrap();
    let mut steps = 0;
    for g in 0..games {
        let (mut st, _) = G::setup(&data);
        for step in 0..3000usize {
            let Some(a) = G::awaiting(&data, &st) else {
                break;
            };
            let options = G::legal_options(&data, &st, &a.side);
            let pick = &options[(step * 13 + g) % options.len()];
            let v: serde_json::Value = serde_yaml::from_str(&pick.example).unwrap();
            let orders: G::Orders = serde_json::from_value(v).unwrap();
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&(g as u64).to_be_bytes());
            key[8..16].copy_from_slice(&(step as u64).to_be_bytes());
            let mut dice = adjutant::engine::dice::KeyedDice::new(&key);
            st = G::apply(&data, &st, &a.side, &orders, None, &mut dice)
                .unwrap()
                .0;
            steps += 1;
        }
    }
    eprintln!("{games} games, {steps} steps");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    match args.get(2).map(String::as_str) {
        Some("the-lost-cause") => run::<adjutant::games::the_lost_cause::TheLostCause>(
            adjutant::games::the_lost_cause::DATA_FILES,
            games,
        ),
        _ => {
            let mut files = adjutant::games::southern_strategy::DATA_FILES.to_vec();
            files.extend_from_slice(adjutant::games::southern_strategy::DISPLAY_FILES);
            run::<adjutant::games::southern_strategy::SouthernStrategy>(&files, games)
        }
    }
}
