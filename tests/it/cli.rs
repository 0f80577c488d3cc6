//! The command line end to end: a two-player exchange through files, the shipped example,
//! help, keys and secrets (bad input of every kind is in `bad_input.rs`).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use adjutant::engine::gamefile::GameFile;

use crate::support::*;

pub(crate) fn parse(text: &str) -> GameFile {
    GameFile::parse(text).unwrap()
}

/// The orders that pass everything: the quickest way through a campaign turn.
pub(crate) fn passing_orders(gf: &GameFile) -> &'static str {
    let a = gf.awaiting.as_ref().unwrap();
    match (a.decision.as_str(), a.detail.as_deref().unwrap_or("")) {
        ("supply", _) => "supply: []\n",
        ("impulse", d) if d.starts_with("limited") => "limited: skip\nfull: pass\n",
        ("impulse", _) => "full: pass\n",
        other => panic!("no passing orders for {other:?}"),
    }
}

/// The example snippet of the first legal option `orders` lists.
pub(crate) fn first_option(dir: &Path) -> String {
    let listing = stdout(&ok(dir, &["orders", "game.yaml"]));
    let line = listing.lines().nth(2).expect("an option with its example");
    format!("{}\n", line.trim())
}

/// Plays by mail, each side on its own copy and secrets, until `done` says stop. Returns
/// how many times both copies were at rest and byte-identical.
pub(crate) fn play_by_mail(g: &TwoPlayers, mut done: impl FnMut(&GameFile) -> bool) -> usize {
    let mut mailbox: VecDeque<(String, PathBuf)> = VecDeque::new();
    let mut identical = 0;
    for round in 0..2000 {
        if let Some((to, packet)) = mailbox.pop_front() {
            let (_, reply) = g.receive(&to, &packet);
            if let Some(r) = reply {
                mailbox.push_back((other(&to).to_string(), r));
            }
            continue;
        }
        let crown = g.game_text("crown");
        let patriot = g.game_text("patriot");
        let c = parse(&crown);
        if c.pending.is_none() && parse(&patriot).pending.is_none() {
            assert_eq!(crown, patriot, "copies at rest differ at round {round}");
            identical += 1;
        }
        if done(&c) {
            return identical;
        }
        let side = ["crown", "patriot"]
            .into_iter()
            .find(|s| {
                let gf = parse(&g.game_text(s));
                gf.awaiting
                    .as_ref()
                    .is_some_and(|a| a.side == *s && a.decision != "adjudicate")
            })
            .expect("someone has a decision");
        let gf = parse(&g.game_text(side));
        let orders = if gf.awaiting.as_ref().is_some_and(|a| a.decision == "answer") {
            first_option(&g.side_dir(side))
        } else {
            passing_orders(&gf).to_string()
        };
        let packet = g.send(side, &format!("r{round}"), &orders);
        mailbox.push_back((other(side).to_string(), packet));
    }
    panic!("the game did not reach the goal in 2000 rounds");
}

fn other(side: &str) -> &'static str {
    if side == "crown" {
        "patriot"
    } else {
        "crown"
    }
}

#[test]
fn both_new_game_files_are_identical() {
    let g = TwoPlayers::new("ss-test-new");
    assert_eq!(g.game_text("crown"), g.game_text("patriot"));
    assert!(
        !g.game_text("crown").contains("seed"),
        "no secret in a game file"
    );
}

#[test]
fn two_players_play_two_campaign_turns_by_mail_and_both_copies_verify() {
    let g = TwoPlayers::new("ss-test-mail");
    let identical = play_by_mail(&g, |gf| {
        gf.state["turn"]["space"] == 5 && gf.state["phase"]["step"] == "impulse"
    });
    assert!(
        identical >= 2,
        "the copies were identical at rest only {identical} times"
    );
    for side in ["crown", "patriot"] {
        let o = ok(&g.side_dir(side), &["verify", "game.yaml"]);
        assert!(
            stdout(&o).contains("verified `ss-test-mail`"),
            "{}",
            stdout(&o)
        );
    }
    let gf = parse(&g.game_text("crown"));
    // Two initiative phases, each two dice, were rolled and checked.
    let rolls: usize = gf
        .log
        .iter()
        .filter_map(|r| r.result.as_ref())
        .map(|r| r.rolls.len())
        .sum();
    assert!(rolls >= 4, "only {rolls} rolls in the log");
}

#[test]
fn a_whole_game_by_mail_ends_in_victory_and_verifies() {
    // Both sides pass every impulse: Political Will falls each year end (13.5) until the Crown
    // sues for peace (14.0). Every step goes through the command line as two players would.
    let g = TwoPlayers::new("ss-test-whole");
    play_by_mail(&g, |gf| gf.awaiting.is_none() && gf.pending.is_none());
    for side in ["crown", "patriot"] {
        let gf = parse(&g.game_text(side));
        assert_eq!(
            gf.state["outcome"]["winner"], "patriot",
            "{side}: {}",
            gf.state["outcome"]
        );
        assert_eq!(gf.state["political_will"], 0);
        let o = ok(&g.side_dir(side), &["verify", "game.yaml"]);
        assert!(stdout(&o).contains("the game is over"), "{}", stdout(&o));
    }
    assert_eq!(g.game_text("crown"), g.game_text("patriot"));
    let o = ok(&g.side_dir("crown"), &["show", "game.yaml"]);
    assert!(stdout(&o).contains("PATRIOT WINS: 14.0"), "{}", stdout(&o));
}

#[test]
fn the_readme_example_adjudicates_a_real_impulse() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.yaml");
    let ex = root().join("games/southern-strategy/examples");
    let before = read(&ex.join("demo-game.yaml"));
    let o = play_example(&out);
    // The mail text is wrapped; compare it with its lines joined.
    let report = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        report.contains("Crown marches from Savannah, paying 2 food for 6 activated units (9.1)"),
        "{report}"
    );
    assert!(
        report.contains("demo secrets"),
        "the report says the dice are demo dice"
    );
    assert_eq!(
        read(&ex.join("demo-game.yaml")),
        before,
        "the shipped example is not changed"
    );
    ok(dir.path(), &["verify", "game.yaml"]);
}

#[test]
fn the_shipped_examples_are_what_the_commands_make() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/southern-strategy/examples");
    let id = parse(&read(&ex.join("demo-game.yaml"))).id;
    super::support::rebuild_example(
        d,
        "southern-strategy",
        &id,
        &["crown=Demo Crown", "patriot=Demo Patriot"],
        &["crown-supply.yaml", "patriot-supply.yaml"],
    );
    for side in ["crown", "patriot"] {
        let name = format!("{id}.{side}.secret.yaml");
        assert_eq!(
            read(&d.join("s").join(&name)),
            read(&ex.join("demo-secrets").join(&name))
        );
    }
    // The Sample Turn example, which README command 1 plays: a raid that rolls a die.
    let d = &dir.path().join("sample-turn");
    std::fs::create_dir_all(d).unwrap();
    let ex = root().join("games/southern-strategy/examples/sample-turn");
    let id = parse(&read(&ex.join("demo-game.yaml"))).id;
    super::support::rebuild_example_in(
        d,
        "southern-strategy",
        &ex,
        Some(&root().join("games/southern-strategy/scenarios/sample-turn.yaml")),
        &id,
        &["crown=Demo Crown", "patriot=Demo Patriot"],
        &["crown-supply.yaml", "patriot-supply.yaml"],
    );
}

/// README command 1: the Patriot's first impulse of the Sample Turn example raids with a die
/// the demo secrets key, and the report tells the raid (and the die's reason) in words.
#[test]
fn readme_command_one_rolls_dice_and_reports_them() {
    let dir = tempfile::tempdir().unwrap();
    let ex = root().join("games/southern-strategy/examples/sample-turn");
    let out = dir.path().join("demo-game.yaml");
    let o = ok(
        &root(),
        &[
            "play",
            ex.join("demo-game.yaml").to_str().unwrap(),
            ex.join("patriot-impulse.yaml").to_str().unwrap(),
            "--secrets",
            ex.join("demo-secrets").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let text = stdout(&o);
    // The dice line names the colony and the side in words; the game file keeps the reason
    // as recorded, so games written before still verify.
    assert!(
        text.contains("8.3 raid in South Carolina: Patriot:"),
        "{text}"
    );
    assert!(!text.contains("raid in SC"), "{text}");
    assert!(read(&out).contains("8.3 raid in SC: patriot"));
    assert!(
        text.contains("Raid in South Carolina on Fort Granby"),
        "{text}"
    );
    assert!(text.contains("marches from Waxhaws"), "{text}");
    let readme = read(&root().join("README.md"));
    assert!(
        readme.contains("examples/sample-turn/patriot-impulse.yaml"),
        "README command 1 plays the Sample Turn example"
    );
}

#[test]
fn show_lists_the_armies_and_whose_decision_it_is() {
    let g = TwoPlayers::new("ss-test-show");
    let o = ok(&g.side_dir("crown"), &["show", "game.yaml"]);
    let s = stdout(&o);
    assert!(
        s.contains("Savannah")
            && s.contains("Crown    Savannah               8 units, Cornwallis, 4 food 4 war"),
        "{s}"
    );
    assert!(s.contains("Next: Crown, supply"), "{s}");
}

#[test]
fn orders_without_a_file_list_the_legal_options() {
    let g = TwoPlayers::new("ss-test-opts");
    let o = ok(&g.side_dir("crown"), &["orders", "game.yaml"]);
    assert!(stdout(&o).contains("supply: []"), "{}", stdout(&o));
    assert!(
        stderr(&o).is_empty(),
        "the list is the output: {}",
        stderr(&o)
    );
}

#[test]
fn every_subcommand_has_help() {
    for cmd in [
        "keys",
        "new",
        "orders",
        "adjudicate",
        "play",
        "verify",
        "show",
    ] {
        let o = ok(&root(), &[cmd, "--help"]);
        assert!(stdout(&o).contains("Usage: adjutant"), "{cmd}");
    }
}

#[test]
fn keys_makes_a_private_secret_and_prints_its_public_line() {
    let dir = tempfile::tempdir().unwrap();
    let keys = |extra: &[&str]| {
        let mut args = vec![
            "keys",
            "--id",
            "g-keys",
            "--side",
            "crown",
            "--secrets",
            "s",
        ];
        args.extend(extra);
        run(dir.path(), &args)
    };
    let o = keys(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o).trim().to_string();
    let (anchor, key) = line.split_once(':').expect("ANCHOR:KEY");
    assert_eq!((anchor.len(), key.len()), (64, 64), "{line}");
    let p = dir.path().join("s/g-keys.crown.secret.yaml");
    let secret = std::fs::read(&p).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    // Asking again is refused: a secret serves one game, and is never handed out as new.
    let again = keys(&[]);
    assert!(!again.status.success());
    assert!(stdout(&again).is_empty());
    assert!(
        stderr(&again).contains("exists already"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read(&p).unwrap(), secret, "the secret is kept");
    // `--show` prints the same line, and says it is the existing secret's.
    let shown = keys(&["--show"]);
    assert!(shown.status.success());
    assert_eq!(stdout(&shown).trim(), line);
    assert!(
        stderr(&shown).contains("existing secret"),
        "{}",
        stderr(&shown)
    );
}

#[cfg(unix)]
#[test]
fn a_secret_others_can_read_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let g = TwoPlayers::new("ss-test-mode");
    let p = g
        .side_dir("crown")
        .join("secrets/ss-test-mode.crown.secret.yaml");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
    write(&g.side_dir("crown"), "o.yaml", "supply: []\n");
    let err = fails(
        &g.side_dir("crown"),
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ],
    );
    assert!(err.contains("chmod 600"), "{err}");
}

/// A hostile neighbour's attack: a secrets folder others may write in lets them put their own
/// secret, an emptied ledger or a ledger made before its owner's in the player's (the sticky
/// bit of /tmp does not stop the last). It is refused, naming `chmod 700`, however the secret
/// is reached (through a link into such a folder too), and no secret is made in one.
#[cfg(unix)]
#[test]
fn a_secrets_folder_others_can_write_in_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let g = TwoPlayers::new("ss-test-folder");
    let d = g.side_dir("crown");
    write(&d, "o.yaml", "supply: []\n");
    let args = [
        "orders",
        "game.yaml",
        "o.yaml",
        "--secrets",
        "secrets",
        "-o",
        "p.yaml",
    ];
    let mode = |p: &std::path::Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
    };
    for m in [0o777, 0o1777, 0o770] {
        mode(&d.join("secrets"), m);
        let err = refused(&d, &args);
        assert!(
            err.contains("can be written by other users") && err.contains("chmod 700"),
            "{m:o}: {err}"
        );
    }
    mode(&d.join("secrets"), 0o700);
    // The secret moved to an open folder, a link left in its place.
    let open = d.join("open");
    std::fs::create_dir(&open).unwrap();
    mode(&open, 0o777);
    let secret = d.join("secrets/ss-test-folder.crown.secret.yaml");
    std::fs::rename(&secret, open.join("s.yaml")).unwrap();
    std::os::unix::fs::symlink(open.join("s.yaml"), &secret).unwrap();
    let err = refused(&d, &args);
    assert!(err.contains("open") && err.contains("chmod 700"), "{err}");
    // No secret is made where it could not be used.
    let err = refused(
        &d,
        &[
            "keys",
            "--id",
            "k-2",
            "--side",
            "crown",
            "--secrets",
            "open",
        ],
    );
    assert!(err.contains("chmod 700"), "{err}");
}

/// A game at the Crown's first impulse, for the order errors.
pub(crate) fn at_crown_impulse() -> TwoPlayers {
    // These ids give the Crown the initiative with the fixed test seeds.
    for n in 0..20 {
        let g = TwoPlayers::new(&format!("ss-test-imp{n}"));
        play_by_mail(&g, |gf| gf.state["phase"]["step"] == "impulse");
        let c = parse(&g.game_text("crown"));
        if c.awaiting
            .as_ref()
            .is_some_and(|a| a.side == "crown" && a.decision == "impulse")
        {
            return g;
        }
    }
    panic!("no id gave the Crown the initiative");
}

/// 5.2 and 9.0: supply moves go with any action of a full impulse but a pass, before it or
/// after it. `orders` in a full impulse lists the moves open before the action beside the
/// actions (not once with each), and a listed move sent with a listed action plays both.
#[test]
fn orders_in_a_full_impulse_list_the_supply_moves_an_action_may_take() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let demo = read(&root().join("games/southern-strategy/examples/demo-game.yaml"));
    game_at(d, "full.yaml", &demo, |state| {
        state["phase"]["kind"] = "full".into();
    });
    let listing = stdout(&ok(d, &["orders", "full.yaml"]));
    let (actions, moves) = listing
        .split_once("supply moves may go with any action above but a pass (5.2, 9.0)")
        .unwrap_or_else(|| panic!("no supply moves listed in a full impulse:\n{listing}"));
    assert!(actions.contains("full: {navy: {move: C}}"), "{listing}");
    assert!(
        moves.contains("move supplies (5.4) from Savannah aboard the navy in D: food 0-4, war 0-4"),
        "{listing}"
    );
    let snippet = moves
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("supply: [{from: SAV, to: D"))
        .unwrap_or_else(|| panic!("no snippet for the move:\n{moves}"));
    write(
        d,
        "o.yaml",
        &format!("{snippet}\nfull: {{navy: {{move: C}}}}\n"),
    );
    ok(
        d,
        &[
            "play",
            "full.yaml",
            "o.yaml",
            "--secrets",
            "full.yaml-secrets",
            "--out",
            "after.yaml",
        ],
    );
    let after = adjutant::engine::gamefile::GameFile::parse(&read(&d.join("after.yaml"))).unwrap();
    assert_eq!(after.state["navies"]["crown"], "C", "the navy sailed");
    assert_eq!(
        (
            &after.state["navies"]["cargo"]["crown"]["food"],
            &after.state["navies"]["cargo"]["crown"]["war"]
        ),
        (&serde_json::json!(4), &serde_json::json!(4)),
        "with what the move put aboard: {}",
        after.state["navies"]
    );
    // A passing full impulse moves nothing (9.0): the list says so, and a limited impulse
    // offers its moves as options of their own.
    let limited = stdout(&ok(
        d,
        &[
            "orders",
            &root()
                .join("games/southern-strategy/examples/demo-game.yaml")
                .display()
                .to_string(),
        ],
    ));
    assert!(!limited.contains("supply moves may go with"), "{limited}");
}
