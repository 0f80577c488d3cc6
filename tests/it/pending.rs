//! A copy of the game holding a result it has not mailed yet (`pending`): what a third party
//! handed such a file can trust, and what the copy's holder can check with their own secret.
//! And the other things a copy says of itself that no signature covers: whose decision it
//! awaits in words, and which files a command may write over.

use adjutant::engine::canon::to_hex;
use adjutant::engine::gamefile::GameFile;
use adjutant::engine::record::state_hash;
use serde_json::json;

use crate::support::*;

fn parse(text: &str) -> GameFile {
    GameFile::parse(text).unwrap()
}

/// The Patriot's copy once it has adjudicated the Crown's first supply phase: the result of
/// step 1 waits there to go out with the Patriot's own supply moves.
fn patriot_holding_step_1(id: &str) -> TwoPlayers {
    let g = TwoPlayers::new(id);
    let c1 = g.send("crown", "c1", "supply: []\n");
    g.receive("patriot", &c1);
    let gf = parse(&g.game_text("patriot"));
    assert_eq!(gf.pending.as_ref().map(|p| p.step), Some(1));
    g
}

/// Writes `gf`, edited by `edit` with its state hash kept in step with the state, as
/// `name` in the Patriot's folder.
fn forged(g: &TwoPlayers, name: &str, edit: impl FnOnce(&mut GameFile)) -> String {
    let mut gf = parse(&g.game_text("patriot"));
    edit(&mut gf);
    let hash = to_hex(&state_hash(&gf.state).unwrap());
    gf.pending.as_mut().unwrap().state = hash;
    write(&g.side_dir("patriot"), name, &gf.to_yaml().unwrap());
    name.to_string()
}

/// A holder who edits the state of their copy and the hash its pending result gives together
/// is caught by `verify`, which adjudicates the pending step again from the log: the step's
/// state and events must follow from the rules and the rolls the result reports, even where
/// the key of those rolls is not known yet. The same for an invented roll and a dropped event.
#[test]
fn verify_refuses_a_pending_result_forged_with_its_state() {
    let g = patriot_holding_step_1("ss-test-forged-pending");
    let p = g.side_dir("patriot");
    // Run with an empty secrets folder: this is a third party's check.
    let nobody = tempfile::tempdir().unwrap();
    let nobody = nobody.path().to_str().unwrap();
    let honest = stdout(&ok(&p, &["verify", "game.yaml", "--secrets", nobody]));
    assert!(
        honest.contains("step 1") && honest.contains("follow from the rolls"),
        "{honest}"
    );
    let units = forged(&g, "units.yaml", |gf| {
        gf.state["political_will"] = json!(6);
        let armies = gf.state["armies"].as_object_mut().unwrap();
        let (_, army) = armies
            .iter_mut()
            .find(|(_, a)| a["side"] == "patriot")
            .unwrap();
        army["units"] = json!(army["units"].as_u64().unwrap() + 2);
    });
    let roll = forged(&g, "roll.yaml", |gf| {
        gf.pending.as_mut().unwrap().rolls.push(
            serde_json::from_value(json!({"why": "10.4 defender roll", "d6": [6, 6, 6]})).unwrap(),
        );
    });
    let event = forged(&g, "event.yaml", |gf| {
        let events = &mut gf.pending.as_mut().unwrap().events;
        assert!(!events.is_empty(), "step 1 reports events");
        events.pop();
    });
    for (file, what) in [
        (&units, "the state"),
        (&roll, "the rolls"),
        (&event, "the events"),
    ] {
        let e = refused(&p, &["verify", file, "--secrets", nobody]);
        assert!(e.contains("step 1"), "{what}: {e}");
        // No other command acts on it either: the file was edited (it was shown, reported,
        // written as a position and offered options).
        for args in [
            vec!["show", file],
            vec!["report", file, "--steps", "all"],
            vec!["position", file],
            vec!["orders", file],
        ] {
            let e = refused(&p, &args);
            assert!(
                e.contains("pending result of step 1") && e.contains(file),
                "{what}, {args:?}: {e}"
            );
        }
    }
    // The copy's own holder, with the secret that keyed step 1, checks the dice too.
    let own = stdout(&ok(&p, &["verify", "game.yaml", "--secrets", "secrets"]));
    assert!(own.contains("with the secret of `patriot`"), "{own}");
    // A secret there under the Patriot's name that is not the Patriot's is said to be unused,
    // not passed over in silence.
    let wrong = p.join("wrong");
    std::fs::create_dir(&wrong).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrong, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let id = "ss-test-forged-pending";
    let crown = adjutant::engine::secrets::path(&g.side_dir("crown").join("secrets"), id, "crown");
    let as_patriot = adjutant::engine::secrets::path(&wrong, id, "patriot");
    std::fs::copy(&crown, &as_patriot).unwrap();
    let said = stdout(&ok(&p, &["verify", "game.yaml", "--secrets", "wrong"]));
    assert!(
        said.contains("the secret found for it was not used")
            && said.contains("follow from the rolls"),
        "{said}"
    );
}

/// A pending result with a roll in it: the holder's secret checks the roll's value, which
/// nobody else can check before the result is mailed. A die changed in the holder's copy is
/// refused with the secret.
#[test]
fn the_holders_secret_checks_a_pending_roll() {
    // The Crown adjudicates the Patriot's supply phase and rolls for initiative (6.0). Its
    // result waits in its copy when the next decision is its own, and goes out at once
    // otherwise; who wins depends on the game's id and data, so the game ids are tried in
    // turn until the Crown holds a rolled result (about one game in two).
    let (g, text) = (0..40)
        .find_map(|n| {
            let g = patriot_holding_step_1(&format!("ss-test-pending-roll-{n}"));
            let p2 = g.send("patriot", "p2", "supply: []\n");
            g.receive("crown", &p2);
            let text = g.game_text("crown");
            let rolled = parse(&text)
                .pending
                .is_some_and(|r| r.rolls.iter().any(|r| r.d6.is_some()));
            rolled.then_some((g, text))
        })
        .expect("in one of 40 games the Crown wins the initiative");
    let side = "crown";
    let d = g.side_dir(side);
    let mut gf = parse(&text);
    let roll = gf
        .pending
        .as_mut()
        .unwrap()
        .rolls
        .iter_mut()
        .find(|r| r.d6.is_some())
        .unwrap();
    let face = &mut roll.d6.as_mut().unwrap()[0];
    *face = if *face == 6 { 1 } else { *face + 1 };
    write(&d, "die.yaml", &gf.to_yaml().unwrap());
    let e = refused(&d, &["verify", "die.yaml", "--secrets", "secrets"]);
    assert!(e.contains("roll 1"), "{e}");
    let fine = stdout(&ok(&d, &["verify", "game.yaml", "--secrets", "secrets"]));
    assert!(
        fine.contains(&format!("with the secret of `{side}`")),
        "{fine}"
    );
}

/// The sentence a file keeps on the decision it awaits is not signed and may be worded by an
/// older adjutant; what `show` and `verify` print is the sentence the state gives, so an
/// edited one is never repeated.
#[test]
fn an_edited_awaiting_sentence_is_never_shown() {
    let g = TwoPlayers::new("ss-test-awaiting-sentence");
    let d = g.side_dir("crown");
    let mut gf = parse(&g.game_text("crown"));
    gf.awaiting.as_mut().unwrap().detail = Some("Crown wins; nothing left to do".into());
    write(&d, "edited.yaml", &gf.to_yaml().unwrap());
    for args in [
        vec!["show", "edited.yaml"],
        vec!["verify", "edited.yaml"],
        vec!["orders", "edited.yaml", "--side", "crown"],
    ] {
        let out = stdout(&ok(&d, &args));
        assert!(!out.contains("nothing left to do"), "{args:?}: {out}");
    }
}

/// An output that is a hard link to the game file a command writes is refused before
/// anything is written, as one naming it by its path is: `orders -o`, `bot -o` and
/// `adjudicate --report` took it, and the rename split the link (the output written, the game
/// file's new state kept only under its own name).
#[test]
fn an_output_hard_linked_to_the_game_file_written_is_refused() {
    let g = TwoPlayers::new("ss-test-hard-linked-output");
    let c = g.side_dir("crown");
    std::fs::hard_link(c.join("game.yaml"), c.join("hard.yaml")).unwrap();
    write(&c, "o.yaml", "supply: []\n");
    let before = files(&c);
    for args in [
        vec![
            "orders",
            "game.yaml",
            "o.yaml",
            "-o",
            "hard.yaml",
            "--secrets",
            "secrets",
        ],
        vec![
            "bot",
            "game.yaml",
            "--playouts",
            "20",
            "-o",
            "hard.yaml",
            "--secrets",
            "secrets",
        ],
    ] {
        let e = refused(&c, &args);
        assert!(e.contains("names the same file"), "{args:?}: {e}");
        assert_eq!(before, files(&c), "{args:?} changed a file");
    }
    let packet = g.send("crown", "c1", "supply: []\n");
    let p = g.side_dir("patriot");
    std::fs::hard_link(p.join("game.yaml"), p.join("hard.yaml")).unwrap();
    let before = files(&p);
    let e = refused(
        &p,
        &[
            "adjudicate",
            "game.yaml",
            packet.to_str().unwrap(),
            "--report",
            "hard.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(e.contains("names the same file"), "{e}");
    assert_eq!(before, files(&p), "a refused adjudication changed a file");
    // Nor does the report or the reply replace the packet read.
    let sent = read(&packet);
    for output in ["--report", "--reply"] {
        let e = refused(
            &p,
            &[
                "adjudicate",
                "game.yaml",
                packet.to_str().unwrap(),
                output,
                packet.to_str().unwrap(),
                "--secrets",
                "secrets",
            ],
        );
        assert!(
            e.contains("it is the packet this command reads"),
            "{output}: {e}"
        );
        assert_eq!(
            before,
            files(&p),
            "{output}: a refused adjudication changed a file"
        );
        assert_eq!(sent, read(&packet), "{output} replaced the packet");
    }
}

/// No command writes its output over the game file it reads: `resend`, `orders --resend`,
/// `report` and `position` refuse it, by its name or through a link, and leave every file
/// as it was.
#[test]
fn no_output_overwrites_the_game_file_read() {
    let g = patriot_holding_step_1("ss-test-output-over-game");
    g.send("patriot", "p2", "supply: []\n");
    let d = g.side_dir("patriot");
    #[cfg(unix)]
    std::os::unix::fs::symlink("game.yaml", d.join("link.yaml")).unwrap();
    std::fs::hard_link(d.join("game.yaml"), d.join("hard.yaml")).unwrap();
    for args in [
        vec![
            "resend",
            "game.yaml",
            "-o",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
        vec![
            "orders",
            "game.yaml",
            "--resend",
            "-o",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
        vec!["report", "game.yaml", "-o", "game.yaml"],
        vec!["report", "game.yaml", "--format", "html", "-o", "game.yaml"],
        vec!["report", "game.yaml", "-o", "link.yaml"],
        vec!["position", "game.yaml", "-o", "game.yaml"],
        vec!["position", "game.yaml", "-o", "./link.yaml"],
        vec!["report", "hard.yaml", "-o", "game.yaml"],
        vec!["position", "hard.yaml", "-o", "game.yaml"],
    ] {
        let e = refused(&d, &args);
        assert!(
            e.contains("game file") && e.contains("game.yaml"),
            "{args:?}: {e}"
        );
    }
    // Nor does a packet replace the orders or the policy it is made from.
    write(&d, "o.yaml", "limited: skip\n");
    write(&d, "pol.yaml", "battle: {}\n");
    for (args, what) in [
        (
            vec![
                "orders",
                "game.yaml",
                "o.yaml",
                "-o",
                "o.yaml",
                "--secrets",
                "secrets",
            ],
            "the orders file",
        ),
        (
            vec![
                "orders",
                "game.yaml",
                "o.yaml",
                "-o",
                "pol.yaml",
                "--policy",
                "pol.yaml",
                "--secrets",
                "secrets",
            ],
            "the policy file",
        ),
    ] {
        let e = refused(&d, &args);
        assert!(e.contains(what), "{args:?}: {e}");
    }
}

/// A solitaire game keeps no result unmailed: its dice party answers at once (dice-protocol
/// section 5). A player who grafts a result from another game of the same set-up (where they
/// chose the dice) onto a step the witness never answered is refused by every command; it
/// verified, since its events and state followed from the rolls it reported.
#[test]
fn a_solitaire_game_holding_a_pending_result_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let answer = stdout(&ok(
        d,
        &[
            "witness",
            "new",
            "--game-id",
            "tlc-graft",
            "--secrets",
            "w",
            "--chain-length",
            "64",
        ],
    ));
    let anchor = answer.lines().last().unwrap().trim().to_string();
    ok(
        d,
        &[
            "new",
            "--game",
            "the-lost-cause",
            "--id",
            "tlc-graft",
            "--mode",
            "witness",
            "--anchor",
            &format!("witness={anchor}"),
            "--secrets",
            "s",
            "-o",
            "game.yaml",
        ],
    );
    write(d, "o.yaml", "start: true\n");
    ok(
        d,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "-o",
            "p1.txt",
            "--secrets",
            "s",
        ],
    );
    // The same start in self mode, whose dice the player holds.
    ok(
        d,
        &[
            "new",
            "--game",
            "the-lost-cause",
            "--id",
            "tlc-other",
            "--mode",
            "self",
            "--secrets",
            "s2",
            "--chain-length",
            "64",
            "-o",
            "other.yaml",
        ],
    );
    ok(d, &["play", "other.yaml", "o.yaml", "--secrets", "s2"]);
    let other = parse(&read(&d.join("other.yaml")));
    let mut gf = parse(&read(&d.join("game.yaml")));
    gf.pending = other.log.last().unwrap().result.clone();
    gf.state = other.state.clone();
    gf.awaiting = other.awaiting.clone();
    write(d, "forged.yaml", &gf.to_yaml().unwrap());
    for args in [
        vec!["verify", "forged.yaml"],
        vec!["verify", "forged.yaml", "--secrets", "w"],
        vec!["show", "forged.yaml"],
        vec!["report", "forged.yaml"],
    ] {
        let e = refused(d, &args);
        assert!(
            e.contains("solitaire") && e.contains("pending"),
            "{args:?}: {e}"
        );
    }
}

/// The game file read from standard input (`-`) is the file the shell redirected there: an
/// output naming that file is refused as well, where it replaced the game.
#[cfg(unix)]
#[test]
fn no_output_overwrites_the_game_file_read_from_standard_input() {
    let g = patriot_holding_step_1("ss-test-output-over-stdin");
    g.send("patriot", "p2", "supply: []\n");
    let d = g.side_dir("patriot");
    let before = files(&d);
    for args in [
        vec!["report", "-", "-o", "game.yaml"],
        vec!["position", "-", "-o", "game.yaml"],
        vec!["resend", "-", "-o", "game.yaml", "--secrets", "secrets"],
    ] {
        let out = command(&d, &args)
            .stdin(std::fs::File::open(d.join("game.yaml")).unwrap())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}: {}", stdout(&out));
        let e = stderr(&out);
        assert!(
            e.contains("the game file this command reads"),
            "{args:?}: {e}"
        );
        assert_eq!(files(&d), before, "{args:?} changed a file");
    }
}
