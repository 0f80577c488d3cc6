//! The command line end to end: a two-player exchange through files, the shipped example,
//! and every kind of bad input leaving every file untouched.

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
    assert!(stdout(&o).contains("PATRIOT wins"), "{}", stdout(&o));
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
            && s.contains("Crown    Savannah               8 units, Leader, 4 food 4 war"),
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

/// Runs a command that must fail and checks that no file in `dir` changed.
pub(crate) fn refused_untouched(dir: &Path, args: &[&str]) -> String {
    let snapshot = |d: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        let mut v: Vec<_> = walk(d)
            .into_iter()
            .map(|p| {
                let b = std::fs::read(&p).unwrap();
                (p, b)
            })
            .collect();
        v.sort();
        v
    };
    let before = snapshot(dir);
    let err = fails(dir, args);
    assert_eq!(
        snapshot(dir),
        before,
        "files changed after a refused `{args:?}`"
    );
    err
}

fn walk(d: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p))
        } else {
            out.push(p)
        }
    }
    out
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

#[test]
fn illegal_orders_are_refused_with_rule_and_line_and_change_nothing() {
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    let cases: &[(&str, &[&str])] = &[
        ("limited: skip\nfull: [unclosed\n", &["the orders file `", "is not valid"]),
        ("limited: skip\nfull:\n  march:\n    from: Atlantis\n    groups: [{to: EBN, units: 1}]\n", &["orders line 4", "2.1", "`Atlantis`"]),
        ("limited: skip\nfull:\n  march:\n    from: Savannah\n    groups:\n      - {to: Augusta, units: 2}\n", &["orders line 6", "9.1", "not adjacent"]),
        ("limited:\n  march: {from: SAV, groups: [{to: EBN, units: 2, leader: true}]}\n", &["9.0", "full impulse"]),
        ("limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 8, leader: true, food: 4}]}}\n", &["5.5"]),
        ("limited: skip\nfull: {dig_in: Ebenezer}\n", &["9.6"]),
        ("supply: []\n", &["7.0", "limited"]),
        ("limited: skip\nfull: pass\nbogus: 1\n", &["orders line 3 (`bogus`)", "unknown field `bogus`"]),
        // A value of the wrong shape is placed by its line too, as a rule's refusal is.
        ("limited: skipp\n", &["orders line 1 (`limited`)", "unknown variant `skipp`"]),
        ("limited: skip\nfull:\n  march:\n    from: SAV\n    groups:\n      - {to: EBN, units: lots}\n", &["orders line 6 (`full.march.groups[0].units`)", "invalid type: string \"lots\", expected a whole number"]),
        ("game: another-game\nlimited: skip\nfull: pass\n", &["is for game `another-game`"]),
        // Orders for the side not deciding are the player's orders, not a packet, refused.
        ("side: patriot\nlimited: skip\n", &["error: orders for step ", ": the decision is `crown`'s, not `patriot`'s"]),
    ];
    for (orders, wanted) in cases {
        write(&d, "bad.yaml", orders);
        for args in [
            vec!["orders", "game.yaml", "bad.yaml"],
            vec![
                "orders",
                "game.yaml",
                "bad.yaml",
                "--secrets",
                "secrets",
                "-o",
                "p.yaml",
            ],
        ] {
            let err = refused_untouched(&d, &args);
            for w in *wanted {
                assert!(err.contains(w), "orders {orders:?}: `{w}` not in:\n{err}");
            }
        }
        std::fs::remove_file(d.join("bad.yaml")).unwrap();
    }
    // Too little food, by emptying Savannah of food first.
    write(
        &d,
        "food.yaml",
        "limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 8, leader: true}]}}\n",
    );
    game_at(&d, "starved.yaml", &g.game_text("crown"), |state| {
        assert_eq!(state["supplies"]["SAV"]["food"], 4, "Savannah's supplies");
        state["supplies"]["SAV"]["food"] = 1.into();
    });
    // An edited state is refused before any rule is read.
    let edited = g.game_text("crown").replacen(
        "      food: 4\n      war: 4",
        "      food: 1\n      war: 4",
        1,
    );
    write(&d, "edited.yaml", &edited);
    let err = refused_untouched(&d, &["orders", "edited.yaml", "food.yaml"]);
    assert!(err.contains("its state was edited"), "{err}");
    let err = refused_untouched(&d, &["orders", "starved.yaml", "food.yaml"]);
    assert!(err.contains("9.1: too little food"), "{err}");
}

#[test]
fn a_march_into_an_enemy_area_is_refused() {
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    // Put the Patriot army next to Savannah, on Ebenezer, in a game started from there.
    game_at(&d, "moved.yaml", &g.game_text("crown"), |state| {
        let armies = state["armies"].as_object_mut().unwrap();
        let army = armies.remove("CHS").unwrap();
        armies.insert("EBN".into(), army);
    });
    write(
        &d,
        "o.yaml",
        "limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 2, leader: true}]}}\n",
    );
    let err = refused_untouched(&d, &["orders", "moved.yaml", "o.yaml"]);
    assert!(err.contains("9.1") && err.contains("enemy army"), "{err}");
}

#[test]
fn bad_packets_are_refused_and_change_nothing() {
    let g = TwoPlayers::new("ss-test-packets");
    let packet = g.send("crown", "c1", "supply: []\n");
    let text = read(&packet);
    let p = g.side_dir("patriot");
    let signature = "its signature is not";
    // Each change, first as anyone who saw the packet could make it (refused for its
    // signature), then as the sender itself could, signing it again (refused by the check
    // behind the signature). `None`: the change is refused before the signature is read.
    let variants: Vec<(String, &str, Option<&str>)> = vec![
        (
            text.replace("game: ss-test-packets", "game: another"),
            "is for game `another`",
            None,
        ),
        (
            text.replace("step: 1", "step: 2"),
            signature,
            Some("missing"),
        ),
        (flip_hex(&text, "prev: "), signature, Some("its prev")),
        (
            text.replace("by: crown", "by: patriot"),
            signature,
            Some("`crown`'s turn"),
        ),
        (flip_hex(&text, "reveal: "), signature, Some("forged")),
        (
            upper_hex(&text, "reveal: "),
            signature,
            Some("lower-case hex"),
        ),
        (
            text.replacen("reveal: ", "reveal: ' ", 1)
                .replacen("\n  orders", "'\n  orders", 1),
            signature,
            Some("lower-case hex"),
        ),
        (
            text.replace("supply: []", "supply: [{from: SAV, to: CHS, food: 1}]"),
            signature,
            Some("5.2"),
        ),
        (flip_hex(&text, "sig:\n  - "), signature, None),
        ("not: [a packet".to_string(), "is not valid", None),
        (
            text.replace("format: adjutant-packet/2", "format: adjutant-packet/9"),
            "adjutant-packet/9",
            None,
        ),
    ];
    for (i, (bad, wanted, behind)) in variants.iter().enumerate() {
        assert_ne!(bad, &text, "variant {i} changes the packet");
        let bad = &reseal(bad);
        let f = write(&p, &format!("bad{i}.yaml"), bad);
        let err = adjudicate_refused(&p, f.to_str().unwrap());
        assert!(
            err.contains(wanted),
            "variant {i}: `{wanted}` not in:\n{err}"
        );
        if let Some(behind) = behind {
            let by = if bad.contains("by: patriot") {
                "patriot"
            } else {
                "crown"
            };
            let signed = resign(bad, &g.side_dir(by).join("secrets"));
            std::fs::write(&f, signed).unwrap();
            let err = adjudicate_refused(&p, f.to_str().unwrap());
            assert!(
                err.contains(behind),
                "variant {i} signed again: `{behind}` not in:\n{err}"
            );
        }
        std::fs::remove_file(f).unwrap();
    }
    // The real packet goes through once; the same packet again is a replay.
    g.receive("patriot", &packet);
    let err = adjudicate_refused(&p, packet.to_str().unwrap());
    assert!(err.contains("already in the log"), "{err}");
}

#[test]
fn a_wrong_prev_hash_is_refused() {
    let g = TwoPlayers::new("ss-test-prev");
    let packet = g.send("crown", "c1", "supply: []\n");
    let bad = reseal(&flip_hex(&read(&packet), "prev: "));
    let p = g.side_dir("patriot");
    let f = write(&p, "bad.yaml", &bad);
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("its signature is not `crown`'s"), "{err}");
    let f = write(
        &p,
        "bad.yaml",
        &resign(&bad, &g.side_dir("crown").join("secrets")),
    );
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("its prev"), "{err}");
}

#[test]
fn a_result_with_a_changed_roll_is_refused() {
    let g = TwoPlayers::new("ss-test-roll");
    let c1 = g.send("crown", "c1", "supply: []\n");
    g.receive("patriot", &c1);
    let p2 = g.send("patriot", "p2", "supply: []\n");
    g.receive("crown", &p2);
    // Crown adjudicated initiative; its result travels in its next record.
    let crown = parse(&g.game_text("crown"));
    let next = if crown.pending.is_some() {
        g.send("crown", "c3", passing_orders(&crown))
    } else {
        g.side_dir("crown").join(
            std::fs::read_dir(g.side_dir("crown"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.to_string_lossy().contains("reply-"))
                .last()
                .unwrap(),
        )
    };
    let text = read(&next);
    let marker = "why: '6.0 initiative: crown'\n      d6:\n      - ";
    let at = text
        .find(marker)
        .expect("the initiative roll is in the packet")
        + marker.len();
    let face = text.as_bytes()[at] - b'0';
    let other_face = if face == 6 { 1 } else { face + 1 };
    let bad = reseal(&format!("{}{}{}", &text[..at], other_face, &text[at + 1..]));
    let p = g.side_dir("patriot");
    let f = write(&p, "bad.yaml", &bad);
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("its signature is not `crown`'s"), "{err}");
    // The Crown itself, signing a result with another roll, is caught by the replay.
    let f = write(
        &p,
        "bad.yaml",
        &resign(&bad, &g.side_dir("crown").join("secrets")),
    );
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("reports roll 1"), "{err}");
}

/// `adjudicate` of a packet that must be refused, leaving every file as it was.
pub(crate) fn adjudicate_refused(dir: &Path, packet: &str) -> String {
    refused_untouched(
        dir,
        &["adjudicate", "game.yaml", packet, "--secrets", "secrets"],
    )
}

/// Writes the 64 hex digits after `key` in upper case.
fn upper_hex(text: &str, key: &str) -> String {
    let at = text.find(key).unwrap() + key.len();
    format!(
        "{}{}{}",
        &text[..at],
        text[at..at + 64].to_uppercase(),
        &text[at + 64..]
    )
}

/// Changes the first hex digit after `key`.
fn flip_hex(text: &str, key: &str) -> String {
    let at = text.find(key).unwrap() + key.len();
    let c = text.as_bytes()[at];
    let flipped = if c == b'0' { '1' } else { '0' };
    format!("{}{}{}", &text[..at], flipped, &text[at + 1..])
}

#[test]
fn verify_names_the_step_of_an_edited_log() {
    let g = TwoPlayers::new("ss-test-tamper");
    play_by_mail(&g, |gf| {
        gf.state["phase"]["step"] == "impulse" && gf.log.len() >= 3
    });
    let d = g.side_dir("patriot");
    let text = g.game_text("patriot");
    ok(&d, &["verify", "game.yaml"]);
    let gf = parse(&text);
    // A changed roll.
    let roll_step = gf
        .log
        .iter()
        .find(|r| r.result.as_ref().is_some_and(|x| !x.rolls.is_empty()))
        .unwrap()
        .step;
    let marker = "      d6:\n      - ";
    let at = text.find(marker).unwrap() + marker.len();
    let face = text.as_bytes()[at] - b'0';
    let tampered = format!(
        "{}{}{}",
        &text[..at],
        if face == 6 { 1 } else { face + 1 },
        &text[at + 1..]
    );
    write(&d, "t1.yaml", &tampered);
    let err = fails(&d, &["verify", "t1.yaml"]);
    assert!(err.contains(&format!("step {roll_step}")), "{err}");
    // A changed state.
    write(
        &d,
        "t2.yaml",
        &text.replacen("political_will: 4", "political_will: 8", 1),
    );
    let err = fails(&d, &["verify", "t2.yaml"]);
    assert!(err.contains("the state was edited"), "{err}");
    // Changed orders in the first record: its signature no longer holds.
    write(
        &d,
        "t3.yaml",
        &text.replacen(
            "  orders:\n    supply: []",
            "  orders:\n    supply: [{from: SAV, to: SAV, food: 1}]",
            1,
        ),
    );
    let err = fails(&d, &["verify", "t3.yaml"]);
    assert!(
        err.contains("at step 1") && err.contains("its signature is not `crown`'s"),
        "{err}"
    );
}

#[test]
fn malformed_game_files_and_data_are_refused_with_names() {
    let g = TwoPlayers::new("ss-test-malformed");
    let d = g.side_dir("crown");
    write(&d, "broken.yaml", "format: adjutant/1\ngame: [\n");
    let err = fails(&d, &["show", "broken.yaml"]);
    assert!(
        err.contains("the game file `broken.yaml` is not valid"),
        "{err}"
    );
    write(
        &d,
        "future.yaml",
        &g.game_text("crown")
            .replace("format: adjutant/2", "format: adjutant/7"),
    );
    let err = fails(&d, &["show", "future.yaml"]);
    assert!(err.contains("adjutant/7"), "{err}");
    // Data with a one-way movement line names the file and the entry.
    let data = d.join("data");
    copy_game_data("southern-strategy", &data, |f, t| {
        if f == "map.yaml" {
            t.replace(
                "adjacent: [EBN, BFT, SUN]",
                "adjacent: [EBN, BFT, SUN, AUG]",
            )
        } else {
            t
        }
    });
    let err = fails(
        &d,
        &[
            "new",
            "--id",
            "x",
            "--demo",
            "--secrets",
            "s2",
            "--data",
            "data",
            "-o",
            "x.yaml",
        ],
    );
    assert!(
        err.contains("map.yaml") && err.contains("`SAV`") && err.contains("one-way"),
        "{err}"
    );
    // A game file made with other data is refused when read with the built-in data.
    let err = fails(&d, &["show", "game.yaml", "--data", "data"]);
    assert!(err.contains("map.yaml"), "{err}");
}

#[test]
fn a_crash_between_write_and_rename_leaves_the_old_game_file() {
    let g = TwoPlayers::new("ss-test-crash");
    let d = g.side_dir("crown");
    write(&d, "o.yaml", "supply: []\n");
    let before = g.game_text("crown");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .args([
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ])
        .current_dir(&d)
        .env("ADJUTANT_FAIL_BEFORE_RENAME", "1")
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert_eq!(
        g.game_text("crown"),
        before,
        "the game file is whole and unchanged"
    );
    ok(&d, &["verify", "game.yaml"]);
}

/// `keys --side` takes a side as the reports write it (`Crown`), and refuses a side no game
/// has, with the sides it knows: a secret for `redcoat` could never be used. `new` takes the
/// anchor's side in any case too.
#[test]
fn keys_takes_only_a_side_a_game_has() {
    let d = tempfile::tempdir().unwrap();
    let line = |side: &str| {
        stdout(&ok(
            d.path(),
            &["keys", "--id", "k-1", "--side", side, "--secrets", "s"],
        ))
        .trim()
        .to_string()
    };
    let crown = line("Crown");
    assert!(d.path().join("s/k-1.crown.secret.yaml").exists());
    let patriot = line("patriot");
    let err = fails(
        d.path(),
        &["keys", "--id", "k-1", "--side", "redcoat", "--secrets", "s"],
    );
    assert!(err.contains("`redcoat` is not a side"), "{err}");
    assert!(
        err.contains("`crown`") && err.contains("`british`"),
        "{err}"
    );
    assert!(!d.path().join("s/k-1.redcoat.secret.yaml").exists());
    ok(
        d.path(),
        &[
            "new",
            "--game",
            "southern-strategy",
            "--id",
            "k-1",
            "--anchor",
            &format!("CROWN={crown}"),
            "--anchor",
            &format!("Patriot={patriot}"),
            "-o",
            "g.yaml",
        ],
    );
}
