//! The dice protocol's guarantees, attacked as a hostile player would, through the command
//! line with each player's own folder and secrets: a rematch that reuses a secret, a packet
//! edited in transit, a witness answer pinned to other orders, a chain element used twice, an
//! edited state and a policy that leaks (two runs at once are in `races.rs`, a command that
//! fails half-way and hostile input in `failures.rs`). Every refusal must leave every file
//! byte-for-byte as it was.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bad_input::adjudicate_refused;
use crate::cli::{at_crown_impulse, parse, passing_orders, play_by_mail};
use crate::support::*;

fn adjudicate_args<'a>(packet: &'a str, reply: &'a str) -> Vec<&'a str> {
    vec![
        "adjudicate",
        "game.yaml",
        packet,
        "--secrets",
        "secrets",
        "--reply",
        reply,
    ]
}

/// The side whose decision the copy of `side` shows, and the other.
fn sides_at(g: &TwoPlayers) -> (&'static str, &'static str) {
    let gf = parse(&g.game_text("crown"));
    match gf.awaiting.unwrap().side.as_str() {
        "crown" => ("crown", "patriot"),
        _ => ("patriot", "crown"),
    }
}

#[test]
fn a_rematch_cannot_hand_out_a_secret_again_nor_reuse_its_dice() {
    let id = "ss-atk-rematch";
    let g = TwoPlayers::new(id);
    play_by_mail(&g, |gf| gf.state["phase"]["step"] == "impulse");
    let (s, o) = sides_at(&g);
    let a = g.send(s, "a", "limited: skip\nfull: pass\n");
    g.receive(o, &a);
    // `keys` for an id and side that have a secret refuses, and keeps the secret.
    let err = refused(
        &g.side_dir(o),
        &["keys", "--id", id, "--side", o, "--secrets", "secrets"],
    );
    assert!(err.contains("exists already"), "{err}");

    // A careless rematch under the same id, both players keeping their secrets (and ledgers):
    // the new game is byte-identical, so the opponent knows every element already revealed.
    let rematch = TwoPlayers::new(id);
    for side in ["crown", "patriot"] {
        let ledger = format!("secrets/{id}.{side}.ledger.yaml");
        std::fs::copy(
            g.side_dir(side).join(&ledger),
            rematch.side_dir(side).join(&ledger),
        )
        .unwrap();
    }
    // Playing the first game over again draws the same dice, which tells nothing new...
    play_by_mail(&rematch, |gf| gf.state["phase"]["step"] == "impulse");
    assert_eq!(
        parse(&rematch.game_text(o)).log[0].prev,
        parse(&g.game_text(o)).log[0].prev,
        "the careless rematch has the first game's genesis"
    );
    // ...but the first different order is refused: the opponent's element already keyed the
    // dice of the first game's record for this step.
    write(&rematch.side_dir(s), "b.yaml", "limited: skip\n");
    let args = [
        "orders",
        "game.yaml",
        "b.yaml",
        "--secrets",
        "secrets",
        "-o",
        "b.packet",
    ];
    let err = refused(&rematch.side_dir(s), &args);
    assert!(err.contains("already went out in record"), "{err}");
    // A sender who deletes its own ledger gets the packet out; the receiver refuses it.
    std::fs::remove_file(
        rematch
            .side_dir(s)
            .join(format!("secrets/{id}.{s}.ledger.yaml")),
    )
    .unwrap();
    ok(&rematch.side_dir(s), &args);
    let b = rematch
        .side_dir(s)
        .join("b.packet")
        .to_str()
        .unwrap()
        .to_string();
    let err = refused(&rematch.side_dir(o), &adjudicate_args(&b, "reply.yaml"));
    assert!(err.contains("already keyed the dice of record"), "{err}");

    // A rematch where one side made a fresh secret and the other reused its old one: the
    // genesis differs, and the old secret's ledger says it serves another game.
    let fresh = tempfile::tempdir().unwrap();
    let line = stdout(&ok(
        fresh.path(),
        &[
            "keys",
            "--id",
            id,
            "--side",
            s,
            "--secrets",
            "secrets",
            "--chain-length",
            "64",
        ],
    ))
    .trim()
    .to_string();
    let old = stdout(&ok(
        &g.side_dir(o),
        &[
            "keys",
            "--id",
            id,
            "--side",
            o,
            "--secrets",
            "secrets",
            "--show",
        ],
    ))
    .trim()
    .to_string();
    for dir in [fresh.path(), &g.side_dir(o)] {
        ok(
            dir,
            &[
                "new",
                "--id",
                id,
                "--anchor",
                &format!("{s}={line}"),
                "--anchor",
                &format!("{o}={old}"),
                "--chain-length",
                "64",
                "-o",
                "rematch.yaml",
            ],
        );
    }
    let err = if o == "crown" {
        write(&g.side_dir(o), "r.yaml", "supply: []\n");
        refused(
            &g.side_dir(o),
            &[
                "orders",
                "rematch.yaml",
                "r.yaml",
                "--secrets",
                "secrets",
                "-o",
                "r.packet",
            ],
        )
    } else {
        write(fresh.path(), "r.yaml", "supply: []\n");
        ok(
            fresh.path(),
            &[
                "orders",
                "rematch.yaml",
                "r.yaml",
                "--secrets",
                "secrets",
                "-o",
                "r.packet",
            ],
        );
        let packet = fresh.path().join("r.packet");
        refused(
            &g.side_dir(o),
            &[
                "adjudicate",
                "rematch.yaml",
                packet.to_str().unwrap(),
                "--secrets",
                "secrets",
            ],
        )
    };
    assert!(err.contains("already serves another game"), "{err}");
}

#[test]
fn a_second_different_packet_for_an_adjudicated_step_is_refused() {
    let g = TwoPlayers::new("ss-atk-twice");
    play_by_mail(&g, |gf| gf.state["phase"]["step"] == "impulse");
    let (s, o) = sides_at(&g);
    let backup = |side: &str| read(&g.game(side));
    let (s_before, o_before) = (backup(s), backup(o));
    let a = g.send(s, "a", "limited: skip\nfull: pass\n");
    g.receive(o, &a);
    // A lost mail is sent again as the same bytes.
    ok(
        &g.side_dir(s),
        &[
            "orders",
            "game.yaml",
            "--secrets",
            "secrets",
            "--resend",
            "-o",
            "again.packet",
        ],
    );
    assert_eq!(read(&g.side_dir(s).join("again.packet")), read(&a));
    // The sender restores its game file and tries other orders for the same step: its own
    // ledger refuses to reveal the same element in a different record.
    std::fs::write(g.game(s), &s_before).unwrap();
    write(&g.side_dir(s), "b.yaml", "limited: skip\n");
    let err = refused(
        &g.side_dir(s),
        &[
            "orders",
            "game.yaml",
            "b.yaml",
            "--secrets",
            "secrets",
            "-o",
            "b.packet",
        ],
    );
    assert!(err.contains("already went out in record"), "{err}");
    // A sender who deletes its ledger gets the packet out; the receiver, restoring its own
    // backup, refuses to key a second record with the element it revealed for the first.
    let ledger = std::fs::read_dir(g.side_dir(s).join("secrets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".ledger.yaml"))
        .unwrap();
    std::fs::remove_file(ledger).unwrap();
    ok(
        &g.side_dir(s),
        &[
            "orders",
            "game.yaml",
            "b.yaml",
            "--secrets",
            "secrets",
            "-o",
            "b.packet",
        ],
    );
    std::fs::write(g.game(o), &o_before).unwrap();
    let b = g.side_dir(s).join("b.packet");
    let err = refused(
        &g.side_dir(o),
        &adjudicate_args(b.to_str().unwrap(), "reply.yaml"),
    );
    assert!(err.contains("already keyed the dice of record"), "{err}");
    assert!(err.contains("resend"), "the error says what to do: {err}");
    // The first packet again is fine: the same record gets the same dice.
    ok(
        &g.side_dir(o),
        &adjudicate_args(a.to_str().unwrap(), "reply.yaml"),
    );
    // Once it is in the log, the second packet is no stale copy (as it was called) but a second
    // record signed for one step, and is named so; the first one again is only a copy.
    let err = refused(
        &g.side_dir(o),
        &adjudicate_args(b.to_str().unwrap(), "reply2.yaml"),
    );
    assert!(
        err.contains("is already in the log with a different record")
            && err.contains("keep both packets as evidence"),
        "{err}"
    );
    let err = refused(
        &g.side_dir(o),
        &adjudicate_args(a.to_str().unwrap(), "reply2.yaml"),
    );
    assert!(
        err.contains("one you received was applied already"),
        "{err}"
    );
}

/// The Crown's packet of a march from Savannah, its path and its text, in a game at the
/// Crown's impulse.
fn crowns_march_packet() -> (crate::support::TwoPlayers, std::path::PathBuf, String) {
    let g = at_crown_impulse();
    let packet = g.send(
        "crown",
        "a",
        "limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 2, leader: true}]}}\n",
    );
    let text = read(&packet);
    (g, packet, text)
}

#[test]
fn a_packet_with_any_byte_of_its_record_changed_is_refused() {
    let (g, packet, text) = crowns_march_packet();
    let p = g.side_dir("patriot");
    // The record's content: from `record:` up to the signature.
    let start = text.find("record:\n").unwrap() + 8;
    let end = text.find("  sig:\n").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut signature = 0;
    for k in 0..40 {
        let at = start + (rng.next_u32() as usize) % (end - start);
        let c = text.as_bytes()[at];
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        let new = if c.is_ascii_digit() {
            (b'0' + (c - b'0' + 1) % 10) as char
        } else if c == b'z' || c == b'Z' {
            'a'
        } else {
            (c + 1) as char
        };
        let bad = reseal(&format!("{}{}{}", &text[..at], new, &text[at + 1..]));
        let f = write(&p, &format!("bad{k}.yaml"), &bad);
        let err = refused(&p, &adjudicate_args(f.to_str().unwrap(), "reply.yaml"));
        if err.contains("its signature is not `crown`'s") {
            signature += 1;
        } else {
            // A change that breaks the packet's shape is refused before its signature.
            assert!(
                [
                    "is not valid",
                    "the mail client changed the packet",
                    "it is not a packet this adjutant reads",
                    "lower-case hex",
                    "is not a side",
                    "is for game",
                    "it does not follow this game file"
                ]
                .iter()
                .any(|w| err.contains(w)),
                "byte {at}: {err}"
            );
        }
        std::fs::remove_file(f).unwrap();
    }
    assert!(
        signature >= 10,
        "only {signature} refusals named the signature"
    );
    g.receive("patriot", &packet);
}

/// A version 3 game file edited to say version 1, as a downgrade attack writes it: its
/// format and dice protocol, and no public keys.
fn as_version_1(v3: &str) -> String {
    v3.replace("format: adjutant/3", "format: adjutant/1")
        .replace("protocol: adjutant-dice/3", "protocol: adjutant-dice/1")
        .lines()
        .filter(|l| !l.trim_start().starts_with("key: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_witness_answer_cannot_be_pinned_to_other_orders() {
    let dir = tempfile::tempdir().unwrap();
    let (w, p) = witness_game(dir.path(), "solo-1776", "s1776-atk", "game.yaml");
    let start = read(&p.join("game.yaml"));
    // The player records orders A and asks the witness for its element.
    write(&p, "a.yaml", "turn: {}\n");
    let hash_a = record_hash(&p, "game.yaml", "a.yaml");
    let answer = stdout(&ok(
        &w,
        &["witness", "answer", "--secret", "w.secret.yaml", &hash_a],
    ));
    // Then goes back and records orders B instead, and pins A's answer to B's hash.
    std::fs::write(p.join("game.yaml"), &start).unwrap();
    std::fs::remove_file(p.join("s/s1776-atk.british.ledger.yaml")).unwrap();
    write(&p, "b.yaml", "turn: {bre: 1}\n");
    let hash_b = record_hash(&p, "game.yaml", "b.yaml");
    assert_ne!(hash_a, hash_b);
    write(&p, "pinned.yaml", &answer.replace(&hash_a, &hash_b));
    let err = refused(&p, &with_witness_answer("pinned.yaml"));
    assert!(err.contains("its signature is not the witness's"), "{err}");
    // The refusal names the answer's file.
    assert!(err.contains("`pinned.yaml`"), "{err}");
    // The answer as given, for A, does not fit B either.
    write(&p, "answer.yaml", &answer);
    let err = refused(&p, &with_witness_answer("answer.yaml"));
    assert!(err.contains("ask the witness to answer that one"), "{err}");
    // The witness answers B with its next element, which this game cannot take: the player
    // is told so, and how to play on in the open.
    let answer_b = stdout(&ok(
        &w,
        &["witness", "answer", "--secret", "w.secret.yaml", &hash_b],
    ));
    write(&p, "answer-b.yaml", &answer_b);
    let err = refused(&p, &with_witness_answer("answer-b.yaml"));
    assert!(
        err.contains("can take no more of its answers") && err.contains("adjutant position"),
        "{err}"
    );
    // The advice works as given: the position names its game, and a new witness serves the
    // new game from there.
    ok(&p, &["position", "game.yaml", "-o", "pos.yaml"]);
    let line = stdout(&ok(
        &w,
        &[
            "witness",
            "new",
            "--game-id",
            "s1776-atk-2",
            "--chain-length",
            "64",
            "--out",
            "w2.secret.yaml",
        ],
    ));
    ok(
        &p,
        &[
            "new",
            "--position",
            "pos.yaml",
            "--id",
            "s1776-atk-2",
            "--mode",
            "witness",
            "--anchor",
            &format!("witness={}", line.trim()),
            "--chain-length",
            "64",
            "--secrets",
            "s",
            "-o",
            "game2.yaml",
        ],
    );
    assert!(read(&p.join("game2.yaml")).contains("game: solo-1776"));
}

/// A solitaire player holds the only secret a witness game's file is checked with, so a game
/// made (or edited) to version 1, whose witness answers are unsigned, takes an answer pinned to
/// other orders, and the player's own secret cannot object. The witness's posted answers can:
/// `adjudicate` refuses a signed answer in a version 1 game, and `verify --witness-answers`
/// holds the game to the answers the witness posted.
#[test]
fn a_witness_game_downgraded_to_unsigned_answers_is_caught_by_the_posted_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (w, p) = witness_game(dir.path(), "solo-1776", "s1776-dg", "g3.yaml");
    // The player writes the game as version 1 and strips its own secret of its protocol.
    let v1 = as_version_1(&read(&p.join("g3.yaml")));
    write(&p, "game.yaml", &v1);
    let secret = p.join("s/s1776-dg.british.secret.yaml");
    let own: String = read(&secret)
        .replace("adjutant-secret/2", "adjutant-secret/1")
        .lines()
        .filter(|l| !l.starts_with("protocol: "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&secret, own).unwrap();
    // Orders A go out, and the witness answers their hash.
    write(&p, "a.yaml", "turn: {}\n");
    let orders = |name: &str| record_hash(&p, "game.yaml", name);
    let hash_a = orders("a.yaml");
    let answer_a = stdout(&ok(
        &w,
        &["witness", "answer", "--secret", "w.secret.yaml", &hash_a],
    ));
    assert!(answer_a.contains("adjutant-witness/2"), "{answer_a}");
    // The answer as the witness gave it is refused by a version 1 game.
    write(&p, "answer-a.yaml", &answer_a);
    let before = read(&p.join("game.yaml"));
    let err = refused(&p, &with_witness_answer("answer-a.yaml"));
    assert!(
        err.contains("`adjutant-witness/2`")
            && err.contains("version 1")
            && err.contains("answer-a.yaml"),
        "{err}"
    );
    assert_eq!(read(&p.join("game.yaml")), before);
    // Knowing the element, the player goes back, records orders B instead, and pins A's
    // element to B, stripped of its signature as a version 1 answer.
    write(&p, "game.yaml", &v1);
    std::fs::remove_file(p.join("s/s1776-dg.british.ledger.yaml")).unwrap();
    write(&p, "b.yaml", "turn: {bre: 1}\n");
    let hash_b = orders("b.yaml");
    assert_ne!(hash_a, hash_b);
    let sig_at = answer_a.find(", sig: ").unwrap();
    let pinned = format!("{}}}\n", &answer_a[..sig_at])
        .replace("adjutant-witness/2", "adjutant-witness/1")
        .replace(&hash_a, &hash_b);
    write(&p, "pinned.yaml", &pinned);
    ok(&p, &with_witness_answer("pinned.yaml"));
    // The game verifies on its own: a version 1 game cannot tell.
    ok(&p, &["verify", "game.yaml", "--secrets", "s"]);
    // Against the answer the witness posted, it is caught: a signed answer for a version 1
    // game, and element 1 answered for A but played with B.
    write(
        &p,
        "posted.txt",
        &format!("# the witness's thread\n{answer_a}"),
    );
    let err = refused(
        &p,
        &["verify", "game.yaml", "--witness-answers", "posted.txt"],
    );
    assert!(
        err.contains("`posted.txt` line 2")
            && err.contains("`adjutant-witness/2`")
            && err.contains("version 1"),
        "{err}"
    );
    // The same answer posted unsigned (a witness of version 1) still does not fit: the
    // element was answered for A.
    write(
        &p,
        "posted-1.txt",
        &format!("{}}}\n", &answer_a[..sig_at]).replace("adjutant-witness/2", "adjutant-witness/1"),
    );
    let err = refused(
        &p,
        &["verify", "game.yaml", "--witness-answers", "posted-1.txt"],
    );
    assert!(
        err.contains(&hash_a) && err.contains(&hash_b) && err.contains("element 1"),
        "{err}"
    );
}

#[test]
fn an_edited_state_is_not_played_on() {
    let g = TwoPlayers::new("ss-atk-edit");
    let c1 = g.send("crown", "c1", "supply: []\n");
    let p = g.side_dir("patriot");
    let text = g.game_text("patriot");
    let edited = text.replacen("political_will: 4", "political_will: 6", 1);
    assert_ne!(edited, text);
    std::fs::write(g.game("patriot"), &edited).unwrap();
    let err = refused(&p, &adjudicate_args(c1.to_str().unwrap(), "reply.yaml"));
    assert!(
        err.contains("its state was edited") && err.contains("verify"),
        "{err}"
    );
    std::fs::write(p.join("mail.eml"), format!("From: x@y\n\n{}", read(&c1))).unwrap();
    let err = refused(
        &p,
        &[
            "ingest",
            "mail.eml",
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(err.contains("its state was edited"), "{err}");
    let err = refused(&p, &["show", "game.yaml"]);
    assert!(err.contains("its state was edited"), "{err}");
    // Whose decision it is, edited alone: `show` repeated it as the next step.
    let awaiting = text.replacen(
        "awaiting:\n  side: crown\n",
        "awaiting:\n  side: patriot\n",
        1,
    );
    assert_ne!(awaiting, text, "the file names whose decision it is");
    std::fs::write(g.game("patriot"), &awaiting).unwrap();
    let err = refused(&p, &["show", "game.yaml"]);
    assert!(err.contains("its `awaiting` was edited"), "{err}");
}

#[test]
fn a_policy_that_is_never_used_is_never_revealed() {
    let (g, p) = crate::standing_policy::after_the_crowns_first_pass();
    write(
        &p,
        "policy.yaml",
        "battle:\n  default: {accept: {commit: all, retreat: [Charleston]}}\n",
    );
    write(
        &p,
        "pass.yaml",
        passing_orders(&parse(&g.game_text("patriot"))),
    );
    ok(
        &p,
        &crate::standing_policy::with_policy("pass.yaml", "p1.packet", "policy.yaml"),
    );
    assert!(read(&p.join("p1.packet")).contains("policy_commit:"));
    if let (_, Some(reply)) = g.receive("crown", &p.join("p1.packet")) {
        g.receive("patriot", &reply);
    }
    // Exchanges without an attack: the Patriot adjudicates the Crown's orders under its
    // policy each time, and no packet reveals it.
    let before = parse(&g.game_text("crown")).log.len();
    play_by_mail(&g, |gf| gf.log.len() >= before + 8);
    let mut packets = 0;
    for side in ["crown", "patriot"] {
        for (f, bytes) in files(&g.side_dir(side)) {
            if f.to_string_lossy().contains("packet") {
                packets += 1;
                let text = String::from_utf8(bytes).unwrap();
                assert!(
                    !text.contains("salt:"),
                    "a policy never used was revealed:\n{text}"
                );
            }
        }
    }
    assert!(packets >= 8, "{packets} packets");
    let policies = files(&p.join("secrets"))
        .into_iter()
        .find(|(f, _)| f.to_string_lossy().ends_with(".policies.yaml"))
        .expect("the policy is kept privately");
    assert!(String::from_utf8(policies.1)
        .unwrap()
        .contains("Charleston"));
}

/// A packet whose text arrived as it was sealed (its checksum line matches) but holds a field
/// this adjutant does not read was made that way: by hand, or by another version. It is
/// refused for what it holds, not blamed on the mail client, and nothing changes.
#[test]
fn a_sealed_packet_with_a_field_adjutant_does_not_know_is_not_blamed_on_the_mail() {
    let (g, packet, text) = crowns_march_packet();
    let p = g.side_dir("patriot");
    let before = read(&p.join("game.yaml"));
    let edited = reseal(&text.replacen("record:\n", "greeting: hello\nrecord:\n", 1));
    assert_ne!(edited, text);
    write(&p, "edited.yaml", &edited);
    let err = adjudicate_refused(&p, p.join("edited.yaml").to_str().unwrap());
    assert!(!err.contains("mail client"), "{err}");
    assert!(
        err.contains("arrived as it was sealed") && err.contains("`greeting`"),
        "{err}"
    );
    assert_eq!(read(&p.join("game.yaml")), before);
    // The same edit without its checksum made to fit is damage in transit, as before.
    write(
        &p,
        "damaged.yaml",
        &text.replacen("record:\n", "greeting: hello\nrecord:\n", 1),
    );
    let err = adjudicate_refused(&p, p.join("damaged.yaml").to_str().unwrap());
    assert!(err.contains("the mail client changed the packet"), "{err}");
    // The packet as sent is still taken.
    ok(
        &p,
        &[
            "adjudicate",
            "game.yaml",
            packet.to_str().unwrap(),
            "--secrets",
            "secrets",
        ],
    );
}

/// A packet of another game under the same id (its players made their own keys), for a step
/// the log already holds, was called a second record signed for one step, a breach of the
/// protocol to keep as evidence. It is not signed with the sender's key in this game, and the
/// refusal says so, accusing nobody.
#[test]
fn a_packet_of_another_game_under_the_same_id_is_not_called_a_breach() {
    let id = "ss-atk-same-id";
    let g = TwoPlayers::new(id);
    let c1 = g.send("crown", "c1", "supply: []\n");
    g.receive("patriot", &c1);
    // Another game under the same id, with keys of its own.
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    let line = |side: &str| {
        stdout(&ok(
            o,
            &["keys", "--id", id, "--side", side, "--secrets", "s"],
        ))
        .trim()
        .to_string()
    };
    let (crown, patriot) = (line("crown"), line("patriot"));
    ok(
        o,
        &[
            "new",
            "--id",
            id,
            "--anchor",
            &format!("crown={crown}"),
            "--anchor",
            &format!("patriot={patriot}"),
            "-o",
            "game.yaml",
        ],
    );
    write(o, "o.yaml", "supply: []\n");
    ok(
        o,
        &[
            "orders",
            "game.yaml",
            "o.yaml",
            "--secrets",
            "s",
            "-o",
            "p.yaml",
        ],
    );
    let foreign = o.join("p.yaml");
    let err = refused(
        &g.side_dir("patriot"),
        &adjudicate_args(foreign.to_str().unwrap(), "reply.yaml"),
    );
    assert!(
        err.contains("is not signed with Crown's key in this game") && !err.contains("evidence"),
        "{err}"
    );
}

/// A downgrade in transit: a game begun now is of protocol version 3 (signed records), but a
/// copy of its game file edited to say version 1 (unsigned records) would let anyone who
/// handles the mail change the orders in a packet. A secret `keys` makes now names the
/// protocol of the games it serves, so its holder's adjutant refuses a copy of another
/// version, whoever's packet comes with it, and changes no file. A secret made before (here
/// the Crown's, as tests make them) serves any version, as old games need.
#[test]
fn a_game_file_downgraded_to_unsigned_records_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let crown = fixed_secret(&d.join("crown-s"), "dg", "crown");
    let patriot = stdout(&ok(
        d,
        &[
            "keys",
            "--id",
            "dg",
            "--side",
            "patriot",
            "--secrets",
            "patriot-s",
            "--chain-length",
            "64",
        ],
    ))
    .trim()
    .to_string();
    let made = read(&d.join("patriot-s/dg.patriot.secret.yaml"));
    assert!(
        made.contains("format: adjutant-secret/2") && made.contains("protocol: adjutant-dice/3"),
        "{made}"
    );
    ok(
        d,
        &[
            "new",
            "--id",
            "dg",
            "--anchor",
            &format!("crown={crown}"),
            "--anchor",
            &format!("patriot={patriot}"),
            "--chain-length",
            "64",
            "-o",
            "g3.yaml",
        ],
    );
    let v3 = read(&d.join("g3.yaml"));
    assert!(v3.contains("format: adjutant/3"), "{v3}");
    let v1 = as_version_1(&v3);
    write(d, "crown.yaml", &v1);
    write(d, "patriot.yaml", &v1);
    write(d, "o.yaml", "supply: []\n");
    // The Crown's old secret serves the version 1 copy: its packet carries no signature.
    ok(
        d,
        &[
            "orders",
            "crown.yaml",
            "o.yaml",
            "--secrets",
            "crown-s",
            "-o",
            "p1.yaml",
        ],
    );
    assert!(!read(&d.join("p1.yaml")).contains("sig:"));
    let adjudicate = [
        "adjudicate",
        "patriot.yaml",
        "p1.yaml",
        "--secrets",
        "patriot-s",
    ];
    let err = refused(d, &adjudicate);
    assert!(
        err.contains("adjutant-dice/3")
            && err.contains("adjutant-dice/1")
            && err.contains("edited")
            && err.contains("(the secret read: `patriot-s/dg.patriot.secret.yaml`)"),
        "{err}"
    );
    // A secret naming a protocol no adjutant has is refused for what it is, not taken for a
    // sign that the game file was edited.
    let secret = d.join("patriot-s/dg.patriot.secret.yaml");
    let made = read(&secret);
    write(
        &d.join("patriot-s"),
        "dg.patriot.secret.yaml",
        &made.replace("protocol: adjutant-dice/3", "protocol: foo"),
    );
    let err = refused(d, &adjudicate);
    assert!(
        err.contains("names dice protocol `foo`, which this adjutant does not know")
            && err.contains("dg.patriot.secret.yaml"),
        "{err}"
    );
    write(&d.join("patriot-s"), "dg.patriot.secret.yaml", &made);
    // The version 3 game itself is played as ever.
    std::fs::copy(d.join("g3.yaml"), d.join("c3.yaml")).unwrap();
    std::fs::copy(d.join("g3.yaml"), d.join("p3.yaml")).unwrap();
    // (The Crown's ledger now pins the version 1 copy; the same secret, saved afresh.)
    std::fs::remove_dir_all(d.join("crown-s")).unwrap();
    fixed_secret(&d.join("crown-s"), "dg", "crown");
    ok(
        d,
        &[
            "orders",
            "c3.yaml",
            "o.yaml",
            "--secrets",
            "crown-s",
            "-o",
            "q1.yaml",
        ],
    );
    ok(
        d,
        &["adjudicate", "p3.yaml", "q1.yaml", "--secrets", "patriot-s"],
    );
}

/// A packet of another game under the same id (a rematch begun with fresh secrets) is refused
/// as such: it follows another game's first position. It was refused for its signature, in
/// words that said it was changed on its way or forged, which an honest opponent's packet of
/// the last match sent to the wrong game is not.
#[test]
fn a_packet_of_another_game_under_the_same_id_is_named_as_such() {
    let id = "ss-atk-other";
    let g = TwoPlayers::new(id);
    let a = g.send("crown", "a", "supply: []\n");
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    let line = |side: &str| {
        let secrets = format!("{side}/secrets");
        let args = [
            "keys",
            "--id",
            id,
            "--side",
            side,
            "--secrets",
            &secrets,
            "--chain-length",
            "64",
        ];
        stdout(&ok(o, &args)).trim().to_string()
    };
    let (crown, patriot) = (line("crown"), line("patriot"));
    new_copies(o, id, &crown, &patriot, None);
    let err = refused(
        &o.join("patriot"),
        &[
            "adjudicate",
            "game.yaml",
            a.to_str().unwrap(),
            "--secrets",
            "secrets",
        ],
    );
    assert!(
        err.contains("another game") && !err.contains("changed after it was signed"),
        "{err}"
    );
}
