//! Bad input of every kind through the command line: illegal orders (named by rule and line),
//! bad packets and results, an edited log, malformed game and data files, a crash between
//! write and rename, a side a game does not have. Each is refused clearly and leaves every file
//! untouched.

use std::path::Path;

use crate::cli::{at_crown_impulse, parse, passing_orders, play_by_mail};
use crate::support::*;

#[test]
fn illegal_orders_are_refused_with_rule_and_line_and_change_nothing() {
    let g = at_crown_impulse();
    let d = g.side_dir("crown");
    let cases: &[(&str, &[&str])] = &[
        ("limited: skip\nfull: [unclosed\n", &["the orders file `", "is not valid"]),
        ("limited: skip\nfull:\n  march:\n    from: Atlantis\n    groups: [{to: EBN, units: 1}]\n", &["the orders file `bad.yaml` line 4", "2.1", "`Atlantis`"]),
        ("limited: skip\nfull:\n  march:\n    from: Savannah\n    groups:\n      - {to: Augusta, units: 2}\n", &["the orders file `bad.yaml` line 6", "9.1", "not adjacent"]),
        ("limited:\n  march: {from: SAV, groups: [{to: EBN, units: 2, leader: true}]}\n", &["9.0", "full impulse"]),
        ("limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 8, leader: true, food: 4}]}}\n", &["5.5"]),
        ("limited: skip\nfull: {dig_in: Ebenezer}\n", &["9.6"]),
        ("supply: []\n", &["7.0", "limited"]),
        ("limited: skip\nfull: pass\nbogus: 1\n", &["the orders file `bad.yaml` line 3 (`bogus`)", "unknown field `bogus`"]),
        // A value of the wrong shape is placed by its line too, as a rule's refusal is.
        ("limited: skipp\n", &["the orders file `bad.yaml` line 1 (`limited`)", "unknown variant `skipp`"]),
        ("limited: skip\nfull:\n  march:\n    from: SAV\n    groups:\n      - {to: EBN, units: lots}\n", &["the orders file `bad.yaml` line 6 (`full.march.groups[0].units`)", "9.1: invalid type: string \"lots\", expected a whole number"]),
        // A number out of its type's range says which numbers are allowed, not only "a whole
        // number" (which the number written already is).
        ("limited: skip\nfull:\n  march:\n    from: SAV\n    groups:\n      - {to: EBN, units: -2}\n", &["(`full.march.groups[0].units`)", "9.1: invalid value: integer `-2`, expected a whole number, 0 or more"]),
        // Each shape fault cites the rule of the key it is under, as the rule's refusals do.
        ("limited: {forage: [SAV]}\n", &["(`limited.forage`)", "8.2: invalid type"]),
        ("supply: [{from: SAV}]\n", &["(`supply[0]`)", "5.2: missing field `to`"]),
        ("limited: skip\nfull: {attack: {from: SAV, to: EBN}}\n", &["(`full.attack`)", "9.4: missing field `units`"]),
        ("limited: skip\nfull: {navy: {move: [C]}}\n", &["(`full.navy.move`)", "12.1: invalid type"]),
        ("limited: skip\nfull: {transport: {embark: {from: SAV}}}\n", &["(`full.transport.embark`)", "9.3: missing field"]),
        ("battle: {accept: {commit: x}}\n", &["(`battle.accept.commit`)", "10.3: invalid value"]),
        ("answer: {navy_zone: 7}\n", &["(`answer.navy_zone`)", "12.4: invalid type"]),
        ("game: another-game\nlimited: skip\nfull: pass\n", &["is for game `another-game`"]),
        // A count no game holds is refused as written, before any rule adds it to another: two
        // march groups of 4294967290 and 14 units would wrap to the 8 units Savannah holds.
        ("limited: skip\nfull:\n  march:\n    from: SAV\n    groups:\n      - {to: EBN, units: 4294967290, leader: true}\n      - {to: SUN, units: 14}\n", &["the orders file `bad.yaml` line 6 (`full.march.groups[0].units`)", "4294967290", "more than any count"]),
        ("limited: skip\nfull: {attack: {from: SAV, to: EBN, units: 8, war: 4294967295, carry_war: 1}}\n", &["`full.attack.war`", "more than any count"]),
        // Orders for the side not deciding are the player's orders, not a packet, refused.
        ("side: patriot\nlimited: skip\n", &["error: orders for step ", ": it is Crown's decision (impulse), not Patriot's"]),
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
            let err = refused(&d, &args);
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
    let err = refused(&d, &["orders", "edited.yaml", "food.yaml"]);
    assert!(err.contains("its state was edited"), "{err}");
    let err = refused(&d, &["orders", "starved.yaml", "food.yaml"]);
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
    let err = refused(&d, &["orders", "moved.yaml", "o.yaml"]);
    assert!(err.contains("9.1") && err.contains("enemy army"), "{err}");
}

/// A packet whose orders give a key twice is refused, resealed or not: the signature covers
/// the orders as parsed, which keep the last of the two, while a reader of the packet's text
/// may take the first for the orders played. It was accepted, and played the last.
#[test]
fn a_packet_giving_a_key_twice_is_refused() {
    let g = TwoPlayers::new("ss-test-packet-twice");
    let packet = g.send("crown", "c1", "supply: []\n");
    let text = read(&packet);
    assert!(text.contains("  orders:\n    supply: []\n"), "{text}");
    let twice = text.replace(
        "  orders:\n    supply: []\n",
        "  orders:\n    supply: [{from: SAV, to: CHS, food: 1}]\n    supply: []\n",
    );
    let p = g.side_dir("patriot");
    let f = write(&p, "twice.txt", &reseal(&twice));
    let before = files(&p);
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("given twice"), "{err}");
    assert_eq!(before, files(&p), "a refused packet changes no file");
    // The line named is the repeat's line in the file, counted from its top (the armour and
    // the comment lines above it included), where it was counted from the BEGIN line.
    let sealed = read(&f);
    let repeat = sealed
        .lines()
        .position(|l| l == "    supply: []")
        .expect("the repeated key")
        + 1;
    assert!(repeat > 4, "{sealed}");
    assert!(
        err.contains(&format!("line {repeat}:")),
        "line {repeat}: {err}"
    );
    // A long line the armour cut in two counts as the two lines it is in the file.
    let long = twice.replace(
        "  orders:\n",
        &format!(
            "  orders:\n{}\n",
            adjutant::mail::armour::wrap(&format!("    # {}", "x".repeat(200)))
        ),
    );
    let f = write(&p, "twice-long.txt", &reseal(&long));
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    let sealed = read(&f);
    let repeat = sealed.lines().position(|l| l == "    supply: []").unwrap() + 1;
    assert!(
        err.contains(&format!("line {repeat}:")),
        "line {repeat}: {err}\n{sealed}"
    );
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
        // A prev that is not this game's last hash says the packet follows another game (or
        // was edited), before its signature is read.
        (flip_hex(&text, "prev: "), "its prev", None),
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
    // Its writer, adjudicating it by mistake, is told where it goes; the message called it a
    // stale or replayed packet.
    let own = adjudicate_refused(&g.side_dir("crown"), packet.to_str().unwrap());
    assert!(
        own.contains("a packet you wrote goes by mail to your opponent") && !own.contains("stale"),
        "{own}"
    );
}

#[test]
fn a_wrong_prev_hash_is_refused() {
    let g = TwoPlayers::new("ss-test-prev");
    let packet = g.send("crown", "c1", "supply: []\n");
    let bad = reseal(&flip_hex(&read(&packet), "prev: "));
    let p = g.side_dir("patriot");
    let f = write(&p, "bad.yaml", &bad);
    let err = adjudicate_refused(&p, f.to_str().unwrap());
    assert!(err.contains("its prev"), "{err}");
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
    // In words, not as JSON.
    assert!(!err.contains('{') && !err.contains("\"why\""), "{err}");
}

/// `adjudicate` of a packet that must be refused, leaving every file as it was.
pub(crate) fn adjudicate_refused(dir: &Path, packet: &str) -> String {
    refused(
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
    // Every other command sends the player to `verify` to see where the file differs: it
    // names the place and both values.
    assert!(
        err.contains("the state was edited")
            && err.contains("`state.political_will`")
            && err.contains("the file has 8, the log leads to 4"),
        "{err}"
    );
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
            .replace("format: adjutant/3", "format: adjutant/7"),
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
    let before = g.game_text("crown");
    killed_before_rename(&d);
    assert_eq!(
        g.game_text("crown"),
        before,
        "the game file is whole and unchanged"
    );
    ok(&d, &["verify", "game.yaml"]);
}

/// `orders` run to send `supply: []` in `d` (`send_args`), the process killed once every output
/// is staged and before any is put into place.
fn killed_before_rename(d: &std::path::Path) {
    write(d, "o.yaml", "supply: []\n");
    let o = command(d, &send_args("p.yaml"))
        .env("ADJUTANT_FAIL_BEFORE_RENAME", "1")
        .output()
        .unwrap();
    assert!(!o.status.success());
}

/// Every hidden file beside the outputs under `dir` (`.NAME.PID.RANDOM.tmp` or `.old`).
fn leftovers(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = files(dir)
        .into_keys()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.starts_with('.') && (name.ends_with(".tmp") || name.ends_with(".old"))
        })
        .collect();
    out.sort();
    out
}

/// A run killed once its outputs are staged leaves them as hidden files beside their targets
/// (the targets stay whole). A later run writing beside them removes those a dead process left
/// over ten minutes ago, and keeps the others, which may be a run's still going; they stayed
/// for ever.
#[cfg(unix)]
#[test]
fn a_later_run_sweeps_what_a_killed_run_left() {
    let g = TwoPlayers::new("ss-test-sweep");
    let d = g.side_dir("crown");
    killed_before_rename(&d);
    let left = leftovers(&d);
    // The packet, the game file and the ledger.
    assert_eq!(left.len(), 3, "{left:?}");
    // Old files adjutant never names so (no random part, a sign before the process id) are
    // not its leftovers, and are kept.
    for decoy in [
        ".game.yaml.123.tmp",
        ".game.yaml.+3999999.x.tmp",
        ".game.yaml.77.a.b.old",
    ] {
        write(&d, decoy, "not adjutant's");
    }
    // All but the packet's made old; the packet's is as fresh as a live run's would be.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for p in leftovers(&d) {
        if !p
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(".p.yaml.")
        {
            let f = std::fs::File::options().write(true).open(p).unwrap();
            f.set_modified(hour_ago).unwrap();
        }
    }
    ok(&d, &send_args("p.yaml"));
    let now: Vec<String> = leftovers(&d)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    assert_eq!(now.len(), 4, "{now:?}");
    assert!(
        now[..3].iter().all(|n| n.starts_with(".game.yaml.")),
        "{now:?}"
    );
    assert!(now[3].starts_with(".p.yaml."), "{now:?}");
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

/// Orders that name no side, from the player whose opponent decides now, are refused as out of
/// turn: they were checked as the opponent's ("the orders of Crown are legal"), and `-o` then
/// failed on a missing secret file with exit status 3.
#[test]
fn orders_out_of_turn_say_it_is_the_opponents_decision() {
    let g = TwoPlayers::new("ss-out-of-turn");
    // The Crown's supply phase comes first.
    let p = g.side_dir("patriot");
    write(&p, "o.yaml", "supply: []\n");
    for args in [
        vec!["orders", "game.yaml", "o.yaml", "--secrets", "secrets"],
        vec![
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ],
    ] {
        let err = refused(&p, &args);
        assert!(
            err.contains("the game waits for Crown's orders")
                && err.contains("holds Patriot's secret: your opponent decides now"),
            "{err}"
        );
        let code = run(&p, &args).status.code();
        assert_eq!(code, Some(1), "{args:?}");
    }
    // A side the game does not have is refused, not told it has nothing to decide.
    let err = refused(&p, &["orders", "game.yaml", "--side", "dragoon"]);
    assert!(
        err.contains(
            "`--side dragoon`: not a side of this game; its sides are `crown` and `patriot`"
        ),
        "{err}"
    );
    // The Crown's own orders go through.
    let c = g.side_dir("crown");
    write(&c, "o.yaml", "supply: []\n");
    ok(
        &c,
        &["orders", "game.yaml", "o.yaml", "--secrets", "secrets"],
    );
}

/// While the opponent is to adjudicate the packet just sent, `orders` says so (it said the
/// opponent had no decision to make, where `show` said the next step was theirs), and `send`
/// says where the mail with the packet went.
#[test]
fn orders_and_send_word_the_step_the_opponent_owes() {
    // Players with mail addresses, the Crown's first packet written.
    let (g, packet) = crate::mail::crown_packet();
    let c = g.side_dir("crown");
    let listing = stdout(&ok(&c, &["orders", "game.yaml", "--secrets", "secrets"]));
    assert!(
        listing.contains(
            "Patriot gives no orders now: the game waits for Patriot to adjudicate step 1"
        ),
        "{listing}"
    );
    let show = stdout(&ok(&c, &["show", "game.yaml"]));
    assert!(show.contains("Next: Patriot"), "{show}");
    let o = ok(
        &c,
        &[
            "send",
            "game.yaml",
            packet.to_str().unwrap(),
            "--via",
            "eml:out.eml",
            "--secrets",
            "secrets",
        ],
    );
    let said = stderr(&o);
    assert!(
        said.contains(&format!(
            "the mail with `{}`: written to `out.eml`",
            packet.display()
        )),
        "{said}"
    );
}

/// `ingest` of a packet carrying the result of one's own orders says that result was checked,
/// not adjudicated (the opponent's element keyed its dice; it said "adjudicated ... (steps 1,
/// 2)"); the step whose dice this copy keys is still "adjudicated".
#[test]
fn ingest_says_which_steps_it_adjudicated_and_which_it_checked() {
    let g = TwoPlayers::new("ss-ingest-words");
    let c1 = g.send("crown", "c1", "supply: []\n");
    let p = g.side_dir("patriot");
    let said = stderr(&ok(
        &p,
        &[
            "ingest",
            c1.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
            "--reply",
            "reply.yaml",
        ],
    ));
    assert!(
        said.contains("adjudicated into `game.yaml` (step 1)"),
        "{said}"
    );
    let c = g.side_dir("crown");
    // The Patriot's own supply phase follows, so no reply was mailed: the Patriot's next
    // packet carries the result of step 1.
    assert!(!p.join("reply.yaml").exists());
    let p1 = g.send("patriot", "p1", "supply: []\n");
    let said = stderr(&ok(
        &c,
        &[
            "ingest",
            p1.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
    ));
    assert!(
        said.contains("the result of step 1 checked") && said.contains("(step 2;"),
        "{said}"
    );
}

/// A key written twice in one mapping of an orders file or a policy (a player who changed
/// their mind and added a line instead of editing one) is refused, naming the key, its line
/// and the file: the parse kept the last silently, so the orders played were not the ones the
/// player read first.
#[test]
fn a_key_given_twice_in_orders_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/the-lost-cause/examples");
    let game = d.join("game.yaml");
    std::fs::copy(ex.join("demo-game.yaml"), &game).unwrap();
    write(
        d,
        "twice.yaml",
        "command: {switch: {theater: east}}\ncommand: war_effort\n",
    );
    write(
        d,
        "nested.yaml",
        "command:\n  switch: {theater: east}\n  switch: {theater: west}\n",
    );
    // The repeat written as an explicit key, its value on the line after.
    write(
        d,
        "explicit.yaml",
        "command: war_effort\n\n? command\n: war_effort\n",
    );
    let secrets = ex.join("demo-secrets");
    for (file, line) in [
        ("twice.yaml", "line 2"),
        ("nested.yaml", "line 3"),
        ("explicit.yaml", "line 3"),
    ] {
        for args in [
            vec!["orders", "game.yaml", file],
            vec![
                "play",
                "game.yaml",
                file,
                "--secrets",
                secrets.to_str().unwrap(),
            ],
        ] {
            let err = refused(d, &args);
            assert!(err.contains("given twice"), "{args:?}: {err}");
            assert!(err.contains(line), "{args:?}: {err}");
            assert!(err.contains(file), "{args:?}: {err}");
        }
    }
}

/// A key written twice in a flow mapping (`{limited: skip, limited: pass}`) is refused with the
/// line of the repeat, as in a block mapping; the refusal named only the line the mapping
/// begins on and said the key was "once spelled another way", which it was not. A repeat that
/// truly is spelled another way (escaped) is still refused naming its mapping, and says so.
#[test]
fn a_key_given_twice_in_a_flow_mapping_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = root().join("games/the-lost-cause/examples");
    std::fs::copy(ex.join("demo-game.yaml"), d.join("game.yaml")).unwrap();
    for (text, said) in [
        (
            "{command: war_effort, command: war_effort}\n",
            "line 1: the key \"command\" is given twice; give each key once",
        ),
        (
            "command: {switch: {theater: east}, switch: {theater: west}}\n",
            "line 1: the key \"switch\" is given twice (under `command`); give each key once",
        ),
        (
            "command: {switch: {theater: east,\n  theater: west}}\n",
            "line 2: the key \"theater\" is given twice (under `command.switch`); give each key once",
        ),
        (
            "# the repeat is on the third line\ncommand: {\n  switch: {theater: 'a, b'}, war_effort: x,\n  'switch': {theater: west}}\n",
            "line 4: the key \"switch\" is given twice (under `command`); give each key once",
        ),
        (
            "command:\n  switch: {theater: east, theater: west}\n",
            "line 2: the key \"theater\" is given twice (under `command.switch`); give each key once",
        ),
        (
            "{command: war_effort, \"comm\\x61nd\": war_effort}\n",
            "the key \"command\" is given twice, in the mapping that begins on line 1 (once spelled another way); give each key once",
        ),
    ] {
        write(d, "twice.yaml", text);
        let err = refused(d, &["orders", "game.yaml", "twice.yaml"]);
        assert!(err.contains(said), "{text}: {err}");
        assert_eq!(
            err.contains("spelled another way"),
            text.contains('\\'),
            "{text}: {err}"
        );
    }
}

/// `orders game.yaml o.yaml --secrets secrets -o OUT`: the Crown's orders as the tests below
/// send them.
fn send_args(out: &str) -> [&str; 7] {
    [
        "orders",
        "game.yaml",
        "o.yaml",
        "--secrets",
        "secrets",
        "-o",
        out,
    ]
}

/// A hostile player's attack on "every output together or none": the packet's rename fails
/// after the ledger's went through (a packet file another program holds open). The ledger then
/// said the chain element went out in a packet nobody has, and only byte-identical orders could
/// ever be sent again. Now the renames before the failing one are undone: every file is as it
/// was, and other orders go out afterwards.
#[test]
fn a_rename_that_fails_undoes_the_outputs_renamed_before_it() {
    let g = TwoPlayers::new("ss-test-rename");
    let d = g.side_dir("crown");
    write(&d, "o.yaml", "supply: []\n");
    let before = files(&d);
    for at in ["1", "2", "3"] {
        let o = command(&d, &send_args("p.yaml"))
            .env("ADJUTANT_FAIL_AT_RENAME", at)
            .output()
            .unwrap();
        assert!(!o.status.success(), "rename {at} was to fail");
        let err = stderr(&o);
        assert!(err.contains("ADJUTANT_FAIL_AT_RENAME"), "{err}");
        assert!(
            files(&d) == before,
            "a failed rename {at} left files changed:\n{err}"
        );
    }
    // The ledger among them: no element is on record as spent, so any orders may go out.
    ok(&d, &send_args("p.yaml"));
}

/// A hostile (or careless) player's attack: `-o` naming the player's own secret or ledger, by
/// its path or through a link, destroyed it, and a report written over the game file was lost.
/// Each is refused before anything is written.
#[test]
fn an_output_never_replaces_a_secret_a_ledger_or_another_output() {
    let g = TwoPlayers::new("ss-test-alias");
    let d = g.side_dir("crown");
    write(&d, "o.yaml", "supply: []\n");
    let secret = "secrets/ss-test-alias.crown.secret.yaml";
    let ledger = "secrets/ss-test-alias.crown.ledger.yaml";
    #[cfg(unix)]
    std::os::unix::fs::symlink(d.join(secret), d.join("link.yaml")).unwrap();
    for target in [secret, "link.yaml"] {
        let err = refused(&d, &send_args(target));
        assert!(err.contains("never writes over"), "{target}: {err}");
    }
    // The packet and the game file the same file.
    let err = refused(&d, &send_args("./game.yaml"));
    assert!(err.contains("same file"), "{err}");
    // The ledger exists once the secret has served.
    ok(&d, &send_args("first.yaml"));
    assert!(d.join(ledger).exists());
    for args in [
        vec!["report", "game.yaml", "--format", "svg", "-o", ledger],
        vec!["position", "game.yaml", "-o", ledger],
    ] {
        let err = refused(&d, &args);
        assert!(err.contains("never writes over"), "{args:?}: {err}");
    }
}

/// A hostile player's attack on "edited files are not played on": a die changed inside a
/// signed record of the log (not the state) was only caught by `verify`; `orders` made a packet
/// on it, which the opponent refused, while the player's own ledger already counted the chain
/// element as gone, so the game could not go on from either copy. Every command now checks
/// that the records link up and carry their senders' signatures, and refuses the edited log
/// with every file as it was; an edited start is refused the same way.
#[test]
fn an_edited_record_in_the_log_is_refused_before_anything_is_played_on_it() {
    let g = TwoPlayers::new("ss-test-edited-log");
    let c1 = g.send("crown", "c1", "supply: []\n");
    g.receive("patriot", &c1);
    let p2 = g.send("patriot", "p2", "supply: []\n");
    g.receive("crown", &p2);
    let d = g.side_dir("crown");
    let text = g.game_text("crown");
    assert!(text.contains("log:"), "{text}");
    // One digit of a record's reveal, inside the log.
    let at = text.find("reveal: ").expect("a record in the log") + "reveal: ".len();
    let digit = text.as_bytes()[at];
    let other = if digit == b'0' { '1' } else { '0' };
    let edited = format!("{}{}{}", &text[..at], other, &text[at + 1..]);
    write(&d, "edited.yaml", &edited);
    write(&d, "o.yaml", "supply: []\n");
    for args in [
        vec![
            "orders",
            "edited.yaml",
            "o.yaml",
            "--secrets",
            "secrets",
            "-o",
            "p.yaml",
        ],
        vec!["show", "edited.yaml"],
        vec!["position", "edited.yaml", "-o", "pos.yaml"],
    ] {
        let err = refused(&d, &args);
        assert!(
            err.contains("edited.yaml") && err.contains("its log was edited: the record of step 1"),
            "{args:?}: {err}"
        );
    }
    // The start of a game begun from a position, edited under its first record: its genesis
    // no longer leads to that record.
    let demo = read(&root().join("games/southern-strategy/examples/demo-game.yaml"));
    let game = game_at(&d, "positioned.yaml", &demo, |_| {});
    let secrets = "positioned.yaml-secrets";
    // The shipped example waits for the Crown's limited impulse.
    write(&d, "first.yaml", "limited: skip\n");
    ok(
        &d,
        &[
            "play",
            "positioned.yaml",
            "first.yaml",
            "--secrets",
            secrets,
        ],
    );
    let text = read(&game);
    let at = text
        .find("\nstart:")
        .expect("a game begun from a position keeps its start");
    let pw = text[at..].find("political_will: ").unwrap() + at + "political_will: ".len();
    let edited = format!("{}9{}", &text[..pw], &text[pw + 1..]);
    write(&d, "edited-start.yaml", &edited);
    let err = refused(&d, &["show", "edited-start.yaml"]);
    assert!(
        err.contains("its log was edited: the record of step 1 does not follow the game's genesis"),
        "{err}"
    );
}

/// A hostile tester's findings on outputs: `send --via eml:FILE` wrote the mail over the game
/// file (or the packet, or the game's mail thread), a witness's ledger of answers could be
/// written over by `position -o`, and a secret written in flow style was not known for one and
/// could be replaced. Each is refused with every file as it was.
#[test]
fn no_output_goes_over_the_game_file_a_witness_ledger_or_a_secret_in_any_style() {
    let (g, packet) = crate::mail::crown_packet();
    let c = g.side_dir("crown");
    let p = packet.to_str().unwrap();
    for target in ["game.yaml", "./game.yaml", p, "game.mail.yaml"] {
        let via = format!("eml:{target}");
        let err = refused(
            &c,
            &[
                "send",
                "game.yaml",
                p,
                "--via",
                &via,
                "--secrets",
                "secrets",
            ],
        );
        assert!(
            err.contains("write the mail to a file of its own"),
            "{target}: {err}"
        );
    }
    // Nor over the config file `send` read its mail settings from (it replaced it).
    write(&c, "config.yaml", "format: adjutant-config/1\nmail: {}\n");
    let before = files(&c);
    let out = command(
        &c,
        &[
            "send",
            "game.yaml",
            p,
            "--via",
            "eml:config.yaml",
            "--secrets",
            "secrets",
        ],
    )
    .env("ADJUTANT_CONFIG", c.join("config.yaml"))
    .output()
    .unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("adjutant's config file"), "{err}");
    assert_eq!(files(&c), before, "{err}");
    // A witness's ledger of answers, and a secret written in flow style with quoted keys.
    write(
        &c,
        "answers.yaml",
        "format: adjutant-witness-ledger/1\ngame: w\nanswers: []\n",
    );
    write(
        &c,
        "flow.secret.yaml",
        "{\"format\": \"adjutant-secret/1\", \"game\": \"g\", \"side\": \"crown\"}\n",
    );
    for target in ["answers.yaml", "flow.secret.yaml"] {
        let err = refused(&c, &["position", "game.yaml", "-o", target]);
        assert!(err.contains("never writes over"), "{target}: {err}");
    }
}

/// A hostile tester's attack: the result a copy computed and keeps unsent (`pending:`) was
/// never checked, so an edited one (a side changed in its events, even with the state and
/// its hash edited alike) went out under the player's signature, the opponent refused it,
/// and the player's ledger had spent the element: the game could go on from neither copy. It
/// is now adjudicated again when the copy is loaded (and before it is signed), and refused
/// with every file as it was.
#[test]
fn an_edited_pending_result_is_refused_before_it_is_signed() {
    let g = TwoPlayers::new("ss-test-pending");
    let c1 = g.send("crown", "c1", "supply: []\n");
    g.receive("patriot", &c1);
    let p = g.side_dir("patriot");
    let text = g.game_text("patriot");
    let at = text
        .find("\npending:")
        .expect("the patriot holds the result it computed");
    let end = text[at..].find("\nlog:").map_or(text.len(), |e| at + e);
    let pending = &text[at..end];
    let edited_pending = pending.replacen("side: crown", "side: patriot", 1);
    assert_ne!(edited_pending, pending, "{pending}");
    let edited = format!("{}{}{}", &text[..at], edited_pending, &text[end..]);
    std::fs::write(g.game("patriot"), &edited).unwrap();
    write(&p, "o.yaml", "supply: []\n");
    let err = refused(&p, &send_args("p2.yaml"));
    assert!(
        // Refused on loading the copy, before any packet is made.
        err.contains("its pending result of step 1 is not what the rules give"),
        "{err}"
    );
    // The unedited copy goes on: no element was spent.
    std::fs::write(g.game("patriot"), &text).unwrap();
    ok(&p, &send_args("p2.yaml"));
}

/// The files a command reads from a rules data folder (`--data`) and the templates folder
/// (`--templates`) are inputs like the game file: no output of the same run may replace one,
/// however the path is spelled or linked, so a slip of `-o` cannot destroy a map or a
/// template. Other files beside the data are not inputs and may be written.
#[cfg(unix)]
#[test]
fn no_output_is_written_into_the_data_or_templates_folder_read() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    copy_game_data("southern-strategy", &d.join("data"), |_, t| t);
    std::fs::create_dir_all(d.join("tpl/southern-strategy")).unwrap();
    write(d, "tpl/southern-strategy/show.txt", "{{ title }}\n");
    std::os::unix::fs::symlink("data/map.yaml", d.join("map-link.yaml")).unwrap();
    let new = "new --id x --demo --secrets s --data data -o x.yaml";
    ok(d, &new.split(' ').collect::<Vec<_>>());
    // Each command line, read with the data folder, and the input its output would replace.
    let with_data = |line: &str| -> Vec<String> {
        let (command, rest) = line.split_once(' ').unwrap();
        [command, "x.yaml", "--data", "data"]
            .into_iter()
            .chain(rest.split(' '))
            .map(String::from)
            .collect()
    };
    for (line, input) in [
        ("report --format svg -o data/map.yaml", "data/map.yaml"),
        ("position -o ./data/../data/map.yaml", "data/map.yaml"),
        ("position -o map-link.yaml", "data/map.yaml"),
        (
            "report --templates tpl --format html -o tpl/southern-strategy/show.txt",
            "tpl",
        ),
    ] {
        let args = with_data(line);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let e = refused(d, &args);
        assert!(
            e.contains("this command reads") && e.contains(&format!("`{input}`")),
            "{line}: {e}"
        );
    }
    // Beside those files, the same outputs are written, in the data folder too.
    for (line, made) in [
        ("report --templates tpl --format html -o r.html", "r.html"),
        ("position -o data/start.yaml", "data/start.yaml"),
    ] {
        let args = with_data(line);
        ok(d, &args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(d.join(made).exists(), "{line}");
    }
}
