//! Secrets stay secret: after a game by mail, no file outside the secrets folders (game
//! files, packets, reports, mails) holds a seed or a chain element not yet revealed.

use adjutant::engine::canon::to_hex;
use adjutant::engine::gamefile::GameFile;
use adjutant::engine::secrets;

use crate::support::*;

fn files_outside_secrets(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "secrets") {
                files_outside_secrets(&p, out);
            }
        } else {
            out.push(p);
        }
    }
}

#[test]
fn no_file_a_player_mails_holds_a_seed_or_an_unrevealed_chain_element() {
    let g = TwoPlayers::new("ss-test-secrets");
    crate::cli::play_by_mail(&g, |gf| {
        gf.state["turn"]["space"] == 4 && gf.state["phase"]["step"] == "impulse"
    });
    // Mail a packet and a report too, as a player would.
    let gf = GameFile::parse(&g.game_text("crown")).unwrap();
    let c = g.side_dir("crown");
    ok(
        &c,
        &[
            "report",
            "game.yaml",
            "--steps",
            "all",
            "--format",
            "bbcode",
            "-o",
            "forum.txt",
        ],
    );
    let mut forbidden = Vec::new();
    for side in ["crown", "patriot"] {
        let s = secrets::load(&g.side_dir(side).join("secrets"), "ss-test-secrets", side).unwrap();
        forbidden.push((format!("{side} seed"), s.seed.clone()));
        let revealed = gf.reveals_by(side);
        for i in revealed + 1..=revealed + 5 {
            forbidden.push((
                format!("{side} chain element {i}"),
                to_hex(&s.element(i).unwrap()),
            ));
        }
    }
    let mut files = Vec::new();
    files_outside_secrets(g.dir.path(), &mut files);
    assert!(files.len() > 10, "the game left {} files", files.len());
    for f in files {
        let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
        // Packets cut long lines with `\`: a hex string may be split across two lines.
        let text = format!("{text}\n{}", adjutant::mail::armour::unwrap(&text));
        for (what, hex) in &forbidden {
            assert!(
                !text.contains(hex.as_str()),
                "{} holds the {what}",
                f.display()
            );
        }
    }
}
