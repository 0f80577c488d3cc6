//! Hidden standing policies by mail (dice-protocol 3.1): a defender's committed policy
//! answers an attack in the same mail and is checked when revealed, and an attacker's
//! commitment stays hidden until the defender accepts.

use crate::bad_input::adjudicate_refused;
use crate::cli::{at_crown_impulse, parse, passing_orders};
use crate::support::*;

/// The Crown passes its first pair, so that the Patriot decides next: the game and the
/// Patriot's folder.
pub(crate) fn after_the_crowns_first_pass() -> (crate::support::TwoPlayers, std::path::PathBuf) {
    let g = at_crown_impulse();
    let c = g.send("crown", "c-pass", "limited: skip\nfull: pass\n");
    g.receive("patriot", &c);
    let p = g.side_dir("patriot");
    (g, p)
}

/// The Crown attacks the Patriots at Beaufort from Savannah with 6 units and 2 War, and the
/// Patriot's standing policy answers at once: the Patriot's report of the battle.
fn crown_attacks_beaufort(g: &crate::support::TwoPlayers) -> String {
    let attack = g.send(
        "crown",
        "c-attack",
        "limited: skip\nfull: {attack: {from: SAV, to: BFT, units: 6, war: 2}}\n",
    );
    let (report, _) = g.receive("patriot", &attack);
    assert!(report.contains("Battle at Beaufort"), "{report}");
    report
}

/// The Patriot marches its army from Charleston to Beaufort, beside the Crown at Savannah,
/// committing the standing policy `policy` with the march; the Crown takes the packet.
fn patriots_march_to_beaufort_with(g: &crate::support::TwoPlayers, policy: &str) {
    let p = g.side_dir("patriot");
    write(&p, "policy.yaml", policy);
    write(
        &p,
        "march.yaml",
        "limited: skip\nfull: {march: {from: CHS, groups: [{to: BFT, units: 2, war: 1}]}}\n",
    );
    ok(
        &p,
        &with_policy("march.yaml", "march.packet.yaml", "policy.yaml"),
    );
    g.receive("crown", &p.join("march.packet.yaml"));
}

/// The arguments of `orders game.yaml ORDERS --secrets secrets -o PACKET --policy POLICY`.
pub(crate) fn with_policy<'a>(orders: &'a str, packet: &'a str, policy: &'a str) -> [&'a str; 9] {
    [
        "orders",
        "game.yaml",
        orders,
        "--secrets",
        "secrets",
        "-o",
        packet,
        "--policy",
        policy,
    ]
}

#[test]
fn a_hidden_standing_policy_answers_an_attack_in_one_mail_and_is_checked() {
    // The Crown passes its first pair; the Patriot marches next to Savannah and commits a
    // hidden policy for meeting attacks.
    let (g, p) = after_the_crowns_first_pass();
    write(
        &p,
        "policy.yaml",
        "battle:\n  default: {accept: {commit: all, retreat: [Charleston]}}\n",
    );
    write(
        &p,
        "march.yaml",
        "limited: skip\nfull: {march: {from: CHS, groups: [{to: BFT, units: 2, war: 1}]}}\n",
    );
    // A misspelt policy is refused in its own file, by line, and nothing is written.
    write(&p, "typo.yaml", "battle:\n  default: {acept: all}\n");
    let err = refused(
        &p,
        &with_policy("march.yaml", "typo.packet.yaml", "typo.yaml"),
    );
    assert!(
        err.contains(
            "the policy file `typo.yaml` line 2 (`battle.default`): 10.1: unknown variant `acept`"
        ),
        "{err}"
    );
    // The orders are not at fault, so their options are not listed under the policy's error.
    assert!(!err.contains("legal options"), "{err}");
    // An attack's commitment that cannot be read cites 10.2, the rule it answers to.
    write(&p, "commit.yaml", "attack: {commit: lots}\n");
    let err = refused(
        &p,
        &with_policy("march.yaml", "commit.packet.yaml", "commit.yaml"),
    );
    assert!(
        err.contains("line 1 (`attack.commit`): 10.2: invalid value"),
        "{err}"
    );
    // A choice written as a bare word is worded for a player, not in serde's terms.
    write(&p, "bare.yaml", "battle:\n  armies:\n    CHS: refuse\n");
    let err = refused(
        &p,
        &with_policy("march.yaml", "bare.packet.yaml", "bare.yaml"),
    );
    assert!(
        err.contains(
            "line 3 (`battle.armies.CHS.refuse`): 10.1: `refuse` takes its details under it"
        ),
        "{err}"
    );
    assert!(!err.contains("variant"), "{err}");
    // What the policy names is checked against the map when it is committed, each fault with
    // its line: otherwise it would surface only when an attack revealed an empty row.
    for (text, want) in [
        (
            "battle:\n  armies:\n    Atlantis: {refuse: {to: GEO}}\n",
            "line 3 (`battle.armies.Atlantis`): 10.1: `Atlantis` is not an area of the map",
        ),
        (
            "battle:\n  armies:\n    CHS: {refuse: {to: GEO}}\n    Charleston: {refuse: {to: MCK}}\n",
            "line 4 (`battle.armies.Charleston`): 10.1: `CHS` and `Charleston` both name Charleston: give each army one answer",
        ),
        (
            "battle:\n  default: {refuse: {to: Nowhere}}\n",
            "(`battle.default.refuse.to`): 10.1: `Nowhere` is not an area of the map",
        ),
        (
            "battle:\n  armies:\n    BFT:\n      accept: {retreat: [Charleston, D]}\n",
            "(`battle.armies.BFT.accept.retreat[1]`): 10.7: `D` is not an area of the map",
        ),
        (
            "battle:\n  armies:\n    BFT:\n      accept: {retreat: [Charleston, CHS]}\n",
            "(`battle.armies.BFT.accept.retreat[1]`): 10.7: `Charleston` is listed twice (retreat[0] and retreat[1]): name each area once",
        ),
        ("- battle\n", "expected `key: value` lines"),
    ] {
        write(&p, "odd.yaml", text);
        let err = refused(
            &p,
            &with_policy("march.yaml", "odd.packet.yaml", "odd.yaml"),
        );
        assert!(err.contains(want), "{text}: {err}");
        assert!(!err.contains("struct"), "{err}");
        assert!(!p.join("odd.packet.yaml").exists());
    }
    ok(
        &p,
        &with_policy("march.yaml", "march.packet.yaml", "policy.yaml"),
    );
    let packet = read(&p.join("march.packet.yaml"));
    assert!(packet.contains("policy_commit:"), "{packet}");
    // Mail clients wrap plain text at 76 or 78 columns; the 81 characters of `policy_commit`
    // used to be broken (issue 16).
    assert!(
        packet.lines().all(|l| l.chars().count() <= 72),
        "a packet line longer than 72 characters:\n{packet}"
    );
    assert!(
        !packet.contains("Charleston"),
        "the policy itself stays hidden:\n{packet}"
    );
    g.receive("crown", &p.join("march.packet.yaml"));
    // The Crown attacks; the Patriot's policy answers, so the battle is fought at once.
    let report = crown_attacks_beaufort(&g);
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Patriot's standing policy accepts battle against the attack from Savannah on the Patriot army at Beaufort (10.1;"),
        "{report}"
    );
    // The report says the policy answered and names the commitment it matches.
    let commit = adjutant::mail::armour::unwrap(&read(&p.join("march.packet.yaml")))
        .lines()
        .find_map(|l| l.trim().strip_prefix("policy_commit: ").map(str::to_string))
        .unwrap();
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!(
            "reveals only its answer on how its army at Beaufort meets an attack (10.1, 10.3), which is public now; the rest of it stays hidden. Its commitment: {commit}"
        )),
        "{report}"
    );
    let gf = parse(&g.game_text("patriot"));
    assert_ne!(
        gf.state["phase"]["step"], "battle",
        "no pause for the defender"
    );
    // The Patriot decides next; its orders carry the result and reveal the policy.
    let next = g.send("patriot", "p-next", passing_orders(&gf));
    let text = read(&next);
    assert!(
        text.contains("policy_rows:") && text.contains("salt:"),
        "{text}"
    );
    // A changed policy no longer matches its commitment.
    let forged = reseal(&text.replacen("commit: all", "commit: 0", 1));
    assert_ne!(forged, text);
    let f = write(&g.side_dir("crown"), "forged.yaml", &forged);
    let err = adjudicate_refused(&g.side_dir("crown"), f.to_str().unwrap());
    assert!(err.contains("its signature is not `patriot`'s"), "{err}");
    let f = write(
        &g.side_dir("crown"),
        "forged.yaml",
        &resign(&forged, &g.side_dir("patriot").join("secrets")),
    );
    let err = adjudicate_refused(&g.side_dir("crown"), f.to_str().unwrap());
    assert!(
        err.contains("does not match") && err.contains("commitment"),
        "{err}"
    );
    g.receive("crown", &next);
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
    // Used once, revealed once: only the result of the battle carries it.
    let revealing = ["crown", "patriot"]
        .iter()
        .flat_map(|s| std::fs::read_dir(g.side_dir(s)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.contains("packet") && !name.starts_with("forged")
        })
        .filter(|p| read(p).contains("salt:"))
        .count();
    assert_eq!(revealing, 1, "the policy is revealed by one packet");
}

/// The Crown passes its first pair and the Patriot marches 2 units with 1 War from Charleston
/// to Beaufort, beside the Crown's 6 at Savannah; the Crown's impulse comes next.
fn patriots_beside_savannah() -> crate::support::TwoPlayers {
    let g = at_crown_impulse();
    let c = g.send("crown", "c-pass", "limited: skip\nfull: pass\n");
    g.receive("patriot", &c);
    let m = g.send(
        "patriot",
        "p-march",
        "limited: skip\nfull: {march: {from: CHS, groups: [{to: BFT, units: 2, war: 1}]}}\n",
    );
    g.receive("crown", &m);
    g
}

/// 10.1 before 10.2: the attacker's War stays hidden until the defender has accepted. The
/// attacker commits it in a hidden policy sent with the attack, so the battle is still fought
/// in one exchange; the defender's answer is given without seeing it.
#[test]
fn an_attackers_commitment_is_hidden_until_the_defender_accepts() {
    let g = patriots_beside_savannah();
    // The Crown attacks, carrying 3 War, and commits 2 of them in a hidden policy.
    let cd = g.side_dir("crown");
    write(&cd, "policy.yaml", "attack: {commit: 2}\n");
    write(
        &cd,
        "attack.yaml",
        "limited: skip\nfull: {attack: {from: SAV, to: BFT, units: 6, carry_war: 3}}\n",
    );
    ok(
        &cd,
        &with_policy("attack.yaml", "attack.packet.yaml", "policy.yaml"),
    );
    let packet = read(&cd.join("attack.packet.yaml"));
    // The policy's text must not travel; its commitment (`policy_commit: HEX`) does, and a
    // hash starting with 2 must not count as the hidden `commit: 2`.
    assert!(
        packet.contains("policy_commit:")
            && packet
                .lines()
                .all(|l| !l.trim_start().starts_with("commit: 2") && !l.contains("{commit: 2}")),
        "{packet}"
    );
    let (report, _) = g.receive("patriot", &cd.join("attack.packet.yaml"));
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the War committed is chosen once the defender accepts")
            && flat.contains("6 units led by Cornwallis and carrying 3 war, the War to commit chosen if the defender accepts"),
        "{report}"
    );
    let gf = parse(&g.game_text("patriot"));
    assert_eq!(gf.state["phase"]["step"], "battle");
    assert_eq!(gf.state["phase"]["attack"]["war_committed"], 0);
    // The Patriot accepts, committing as many dice as the attacker will roll.
    let accept = g.send(
        "patriot",
        "p-accept",
        "battle: {accept: {commit: match, retreat: [Charleston]}}\n",
    );
    let (report, out) = g.receive("crown", &accept);
    assert!(
        report.contains("Crown commits 2 war at Beaufort"),
        "{report}"
    );
    // The policy set the attacker's War: the report says so, for the army that attacked.
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Crown's standing policy commits the War of the Crown army attacking Beaufort from Savannah (10.2;"),
        "{report}"
    );
    assert!(report.contains("Battle at Beaufort"), "{report}");
    let gf = parse(&g.game_text("crown"));
    assert_ne!(
        gf.state["phase"]["step"], "commit",
        "no pause for the commitment"
    );
    // The Patriot decides next, so the Crown mails the result at once; it reveals the policy.
    let out = out.expect("the result goes to the Patriot");
    assert!(read(&out).contains("salt:"), "the policy is revealed");
    g.receive("patriot", &out);
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
}

/// The Crown attacks the Patriots at Beaufort carrying 3 War, with no standing policy, and the
/// Patriot accepts by hand, its `accept:` beginning with `commit` (`"commit: 1, "` or
/// nothing): the game and the Crown's report of the answer.
fn attack_accepted_with(commit: &str) -> (crate::support::TwoPlayers, String) {
    let g = patriots_beside_savannah();
    let attack = g.send(
        "crown",
        "c-attack",
        "limited: skip\nfull: {attack: {from: SAV, to: BFT, units: 6, carry_war: 3}}\n",
    );
    g.receive("patriot", &attack);
    let accept = g.send(
        "patriot",
        "p-accept",
        &format!("battle: {{accept: {{{commit}retreat: [Charleston]}}}}\n"),
    );
    let (report, _) = g.receive("crown", &accept);
    (g, report)
}

/// 10.2 before 10.3 (RULINGS B1): when the attacker commits by hand, it has seen the
/// defender's answer, so a number given with that answer cannot bind the defender: it would
/// tell the attacker the defender's dice before its own choice. The defender is asked again
/// once the attacker's War is fixed, and commits then, as at the table.
#[test]
fn a_defenders_number_binds_only_once_the_attackers_war_is_fixed() {
    // The Patriot answers with a number, which the Crown will read before it commits.
    let (g, report) = attack_accepted_with("commit: 1, ");
    assert!(!report.contains("Battle at"), "{report}");
    let gf = parse(&g.game_text("crown"));
    assert_eq!(gf.state["phase"]["step"], "commit");
    let commit = g.send("crown", "c-commit", "commit: 3\n");
    let (report, _) = g.receive("patriot", &commit);
    assert!(
        report.contains("Crown commits 3 war at Beaufort"),
        "{report}"
    );
    assert!(
        !report.contains("Battle at"),
        "no battle before the defender commits: {report}"
    );
    let gf = parse(&g.game_text("patriot"));
    assert_eq!(
        gf.state["phase"]["step"], "defend",
        "{:?}",
        gf.state["phase"]
    );
    let awaiting = gf.awaiting.as_ref().expect("the defender is asked");
    assert_eq!(
        (awaiting.side.as_str(), awaiting.decision.as_str()),
        ("patriot", "defend")
    );
    // Now it knows the attacker's 3 dice; it may commit what it holds, and no more (10.3).
    let p = g.side_dir("patriot");
    write(&p, "too-much.orders.yaml", "commit: 2\n");
    let before = g.game_text("patriot");
    let err = refused(
        &p,
        &[
            "orders",
            "game.yaml",
            "too-much.orders.yaml",
            "--secrets",
            "secrets",
            "-o",
            "x.packet.yaml",
        ],
    );
    assert!(err.contains("10.3") && err.contains("has 1"), "{err}");
    assert_eq!(before, g.game_text("patriot"));
    // It changes its mind: the number given with the answer did not bind it.
    let defend = g.send("patriot", "p-defend", "commit: 0\n");
    let (report, _) = g.receive("crown", &defend);
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Battle at Beaufort: 6 attacking units with 3 dice against 2 defending units with 0 dice"),
        "{report}"
    );
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
}

/// Refused `commit:` orders at `dir`'s decision: the error, the game file left as it was.
fn commit_refused(g: &crate::support::TwoPlayers, side: &str, text: &str) -> String {
    let dir = g.side_dir(side);
    write(&dir, "commit.orders.yaml", text);
    let before = g.game_text(side);
    let err = refused(
        &dir,
        &[
            "orders",
            "game.yaml",
            "commit.orders.yaml",
            "--secrets",
            "secrets",
            "-o",
            "x.packet.yaml",
        ],
    );
    assert_eq!(before, g.game_text(side), "a refused order changes no file");
    err
}

/// The two `commit:` pauses read the words a policy takes: `all` is everything the attackers
/// carry (10.2) or the defender holds (10.3), `match` is the defender's alone (the attacker's
/// dice are what it matches), and a value neither can read cites the rule of the pause it
/// answers: 10.2 for the attacker, 10.3 for the defender.
#[test]
fn the_commit_pauses_take_all_and_cite_their_own_rule() {
    let (g, _) = attack_accepted_with("");
    assert_eq!(
        parse(&g.game_text("crown")).state["phase"]["step"],
        "commit"
    );
    let err = commit_refused(&g, "crown", "commit: lots\n");
    assert!(
        err.contains("(`commit`): 10.2: ") && !err.contains("10.3"),
        "{err}"
    );
    let err = commit_refused(&g, "crown", "commit: match\n");
    assert!(
        err.contains("10.2") && err.contains("`match` is the defender's answer"),
        "{err}"
    );
    let commit = g.send("crown", "c-commit", "commit: all\n");
    let (report, _) = g.receive("patriot", &commit);
    assert!(
        report.contains("Crown commits 3 war at Beaufort"),
        "`all` is the 3 War the attackers carry: {report}"
    );
    assert!(
        report.contains("Orders: commit all its war"),
        "the orders as written: {report}"
    );
    assert_eq!(
        parse(&g.game_text("patriot")).state["phase"]["step"],
        "defend"
    );
    let err = commit_refused(&g, "patriot", "commit: lots\n");
    assert!(
        err.contains("(`commit`): 10.3: ") && !err.contains("10.2"),
        "{err}"
    );
    let defend = g.send("patriot", "p-defend", "commit: all\n");
    let (report, _) = g.receive("crown", &defend);
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Battle at Beaufort: 6 attacking units with 3 dice against 2 defending units with 1 die"),
        "`all` is the 1 War the defender holds: {report}"
    );
    assert!(
        report.contains("Orders: commit all its war"),
        "the orders as written: {report}"
    );
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
}

/// Dice-protocol 3.2: a policy answering for two armies and by default, used by an attack on
/// one of them, is revealed only in that army's row: the other answers never travel, and a
/// result that shows a row the step did not read, a changed row, or no row is refused.
#[test]
fn a_result_reveals_only_the_answer_of_the_army_attacked() {
    let (g, p) = after_the_crowns_first_pass();
    // The Patriot marches its army to Beaufort and commits an answer for it, another for an
    // army at Charleston, a default, and the War of its own attacks.
    patriots_march_to_beaufort_with(&g, "battle:\n  default: {accept: {commit: 0, retreat: [Georgetown]}}\n  armies:\n    Beaufort: {accept: {commit: all, retreat: [Charleston]}}\n    CHS: {refuse: {to: Monck's Corner}}\nattack: {commit: 1}\n");
    let gf = parse(&g.game_text("crown"));
    assert_eq!(gf.format, "adjutant/3");
    // That a policy is in force is public, and the opponent's `show` says so (not what it says).
    let step = gf.log.last().unwrap().step;
    let shown = stdout(&ok(&g.side_dir("crown"), &["show", "game.yaml"]));
    assert!(
        shown.contains(&format!("Standing policies in force, hidden until an attack reads an answer (dice protocol 3.1): Patriot's, committed with step {step}")),
        "{shown}"
    );
    let report = crown_attacks_beaufort(&g);
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("reveals only its answer on how its army at Beaufort meets an attack (10.1, 10.3), which is public now; the rest of it stays hidden"),
        "{report}"
    );
    // The replay page says the same, in the game's own words: which army's answer is public.
    ok(
        &p,
        &[
            "report",
            "game.yaml",
            "--format",
            "html",
            "-o",
            "replay.html",
        ],
    );
    let page = read(&p.join("replay.html"));
    let policy = page
        .lines()
        .find(|l| l.contains("<p class=\"policy\">"))
        .expect("a policy line on the page");
    assert!(
        policy.contains("The standing policy of Patriot answered; this result reveals only its answer on how its army at Beaufort meets an attack (10.1, 10.3), which is public now; the rest of it stays hidden. Its commitment: <code>"),
        "{policy}"
    );
    let gf = parse(&g.game_text("patriot"));
    let next = g.send("patriot", "p-next", passing_orders(&gf));
    let text = read(&next);
    let body = adjutant::mail::armour::unwrap(&text);
    assert!(body.contains("row: battle.BFT"), "{body}");
    // Charleston's answer, the default and the attack row stay hidden; so does the salt the
    // rows come from.
    for hidden in [
        "Monck",
        "Georgetown",
        "battle.CHS",
        "default",
        "row: attack",
    ] {
        assert!(!body.contains(hidden), "`{hidden}` travelled:\n{body}");
    }
    let salt = read(
        &p.join("secrets")
            .join(format!("{}.patriot.policies.yaml", gf.id)),
    )
    .lines()
    .find_map(|l| l.trim().strip_prefix("salt: ").map(str::to_string))
    .unwrap();
    assert!(!body.contains(&salt), "the policy's own salt travelled");
    // Each forgery, signed again by the Patriot so that only the policy checks can refuse it.
    let crown = g.side_dir("crown");
    let forge = |from: &str, to: &str| {
        let forged = reseal(&text.replacen(from, to, 1));
        assert_ne!(forged, text, "`{from}` is in the packet");
        write(&crown, "forged.yaml", &resign(&forged, &p.join("secrets")));
        adjudicate_refused(&crown, crown.join("forged.yaml").to_str().unwrap())
    };
    let err = forge("commit: all", "commit: 0");
    assert!(
        err.contains("row `battle.BFT`") && err.contains("does not match"),
        "{err}"
    );
    let err = forge("row: battle.BFT", "row: battle.CHS");
    assert!(
        err.contains("where step") && err.contains("reads row `battle.BFT`"),
        "{err}"
    );
    // Rows taken away or added, by a sender who rewrites the record and signs it again.
    let edit = |change: &dyn Fn(&mut Vec<adjutant::engine::policy_rows::RowReveal>)| {
        let mut packet = adjutant::app::parse_packet_text(&text).unwrap();
        let rows = &mut packet.record.result.as_mut().unwrap().policy_rows;
        change(rows);
        let forged = adjutant::app::packet_text(&packet).unwrap();
        write(&crown, "forged.yaml", &resign(&forged, &p.join("secrets")));
        adjudicate_refused(&crown, crown.join("forged.yaml").to_str().unwrap())
    };
    let err = edit(&|rows| rows.clear());
    assert!(
        err.contains("reached a decision that row `battle.BFT`")
            && err.contains("does not reveal that row"),
        "{err}"
    );
    let err = edit(&|rows| rows.push(rows[0].clone()));
    assert!(
        err.contains("reveals row `battle.BFT` of `patriot`'s policy twice"),
        "{err}"
    );
    let err = edit(&|rows| {
        let mut extra = rows[0].clone();
        extra.row = "battle.CHS".into();
        rows.push(extra);
    });
    assert!(
        err.contains("reveals row `battle.CHS`") && err.contains("does not read"),
        "{err}"
    );
    g.receive("crown", &next);
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
    // The forum formats say the same, the owner's name marked as every side's is; on
    // BoardGameGeek the policy's line sits behind a spoiler, as its event does.
    for (format, owner) in [
        ("markdown", "Patriot"),
        ("bbcode", "[color=#1f4e9e][b]Patriot[/b][/color]"),
    ] {
        let post = stdout(&ok(
            &crown,
            &["report", "game.yaml", "--steps", "all", "--format", format],
        ));
        assert!(
            post.contains(&format!("The standing policy of {owner} answered; this result reveals only its answer on how its army at Beaufort meets an attack (10.1, 10.3)")),
            "{post}"
        );
        if format == "bbcode" {
            assert!(
                post.contains("[o][i]The standing policy of") && post.contains("[/i][/o]"),
                "{post}"
            );
        }
    }
}

/// Dice-protocol 3.2: an attack on an army the policy gives no answer for reads that army's
/// row, empty, and reveals it, so the attacker can check the pause; the report says the policy
/// gave no answer and the game waits for the defender, instead of saying it answered.
#[test]
fn an_empty_row_is_revealed_and_the_battle_waits_for_the_defender() {
    let (g, p) = after_the_crowns_first_pass();
    patriots_march_to_beaufort_with(
        &g,
        "battle:\n  armies:\n    CHS: {refuse: {to: Monck's Corner}}\n",
    );
    let attack = g.send(
        "crown",
        "c-attack",
        "limited: skip\nfull: {attack: {from: SAV, to: BFT, units: 6, war: 2}}\n",
    );
    // Without its policies file the Patriot cannot adjudicate the attack, and is told why.
    let gf = parse(&g.game_text("patriot"));
    let policies = p
        .join("secrets")
        .join(format!("{}.patriot.policies.yaml", gf.id));
    let aside = p.join("policies.aside");
    std::fs::rename(&policies, &aside).unwrap();
    let err = adjudicate_refused(&p, attack.to_str().unwrap());
    assert!(
        err.contains("is missing: `patriot` committed a standing policy")
            && err.contains("restore it from the backup"),
        "{err}"
    );
    // A policies file changed since the commitment (a restored old copy, an edit) is refused
    // naming the file, which is what to look at.
    let kept = read(&aside);
    let damaged = kept.replace("Monck's Corner", "Charleston");
    assert_ne!(damaged, kept);
    std::fs::write(&policies, &damaged).unwrap();
    let err = adjudicate_refused(&p, attack.to_str().unwrap());
    assert!(
        err.contains(&format!("secrets/{}.patriot.policies.yaml` holds", gf.id))
            && err.contains("does not match")
            && err.contains("restore it from the backup"),
        "{err}"
    );
    std::fs::rename(&aside, &policies).unwrap();
    let (report, _) = g.receive("patriot", &attack);
    let gf = parse(&g.game_text("patriot"));
    assert_eq!(gf.state["phase"]["step"], "battle", "{report}");
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the standing policy of Patriot was read but gave no answer the rules could take here, so the game waits for Patriot's own; this result reveals only its answer on how its army at Beaufort meets an attack"),
        "{report}"
    );
    assert!(
        !flat.contains("standing policy of Patriot answered"),
        "{report}"
    );
    // The Patriot answers by hand; its packet carries the empty row, and the Crown takes it.
    let answer = g.send(
        "patriot",
        "p-answer",
        "battle: {accept: {commit: 0, retreat: [Charleston]}}\n",
    );
    let body = adjutant::mail::armour::unwrap(&read(&answer));
    assert!(
        body.contains("row: battle.BFT") && body.contains("answer: null"),
        "{body}"
    );
    assert!(!body.contains("Monck"), "{body}");
    g.receive("crown", &answer);
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
}

/// A report says what a standing policy answered, refusing as well as accepting (10.1): the
/// reader of the Crown's report should not have to guess it from the events after it.
#[test]
fn a_report_says_a_policy_refused_battle() {
    let (g, _) = after_the_crowns_first_pass();
    patriots_march_to_beaufort_with(&g, "battle:\n  armies:\n    BFT: {refuse: {to: CHS}}\n");
    let attack = g.send(
        "crown",
        "c-attack",
        "limited: skip\nfull: {attack: {from: SAV, to: BFT, units: 6, war: 2}}\n",
    );
    let (report, _) = g.receive("patriot", &attack);
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Patriot's standing policy refuses battle against the attack from Savannah on the Patriot army at Beaufort (10.1;")
            && flat.contains("Patriot refuses battle and falls back from Beaufort to Charleston"),
        "{report}"
    );
}
