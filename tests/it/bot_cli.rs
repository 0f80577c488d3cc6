//! The Southern Strategy bot through the command line, as a player meets it: its packets by
//! mail and through `ingest`, its answers to a battle (when the game pauses, and by a standing
//! policy), what it refuses to do, and the README's advice example.

use std::path::Path;

use super::bot::position_file;
use super::support::{self, fails, ok, read, stdout, write};
use crate::cli::parse;

/// `bot -o` writes an ordinary packet with the bot's own secret, which the opponent
/// adjudicates; `--explain` says what it weighed, in words, with no raw JSON.
#[test]
fn the_bot_writes_a_packet_its_opponent_adjudicates() {
    let p = support::TwoPlayers::new("ss-bot-mail");
    let crown = p.send("crown", "c1", "supply: []\n");
    p.receive("patriot", &crown);
    // The Patriot's supply phase at the set-up has one legal option (its lone army has no
    // supply line to move along): the bot says so, with no shares of a search it did not need.
    let listed = stdout(&ok(
        &p.side_dir("patriot"),
        &["orders", "game.yaml", "--secrets", "secrets"],
    ));
    assert_eq!(listed.matches("\n  - ").count(), 1, "{listed}");
    let o = ok(
        &p.side_dir("patriot"),
        &[
            "bot",
            "game.yaml",
            "--playouts",
            "50",
            "--explain",
            "--secrets",
            "secrets",
            "-o",
            "bot.packet.txt",
        ],
    );
    let explained = support::stderr(&o);
    assert!(
        explained.contains("The bot (Patriot) at step 2"),
        "{explained}"
    );
    // The bot says there was one option, with no shares of a search it did not need.
    let flat = explained.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("at step 2: one option, so there was nothing to weigh: no moves.")
            && !flat.contains("% of the playouts"),
        "{explained}"
    );
    assert!(
        !explained.contains('"'),
        "raw values in the explanation:\n{explained}"
    );
    let (report, _) = p.receive("crown", &p.side_dir("patriot").join("bot.packet.txt"));
    assert!(report.contains("Verification"), "{report}");
}

/// `g.yaml` in `dir` (secrets in `s`), a game `id` from a position at the Crown's full impulse:
/// Cornwallis with 8 units and 4 food and 4 war in Savannah, beside 2 Patriot units holding 1
/// food and 1 war at Ebenezer (a Point), and the Patriot Leader with 4 units at Charleston.
pub(crate) fn crown_full_impulse_beside_ebenezer(dir: &Path, id: &str) {
    demo_game(
        dir,
        id,
        serde_json::json!({
            "phase": {"step": "impulse", "side": "crown", "kind": "full"},
            "initiative": "crown",
            "pass_track": 1,
            "armies": {
                "SAV": {"side": "crown", "units": 8, "leader": "leader"},
                "EBN": {"side": "patriot", "units": 2},
                "CHS": {"side": "patriot", "units": 4, "leader": "leader"},
            },
            "supplies": {"SAV": {"food": 4, "war": 4}, "EBN": {"food": 1, "war": 1}},
        }),
    );
}

/// A demo game `g.yaml` in `dir` (secrets in `s`), of id `id`, from the set-up state with the
/// keys of `overlay` replaced.
pub(crate) fn demo_game(dir: &Path, id: &str, overlay: serde_json::Value) {
    let pos = position_file(dir, overlay);
    ok(
        dir,
        &[
            "new",
            "--id",
            id,
            "--demo",
            "--secrets",
            "s",
            "--position",
            pos.to_str().unwrap(),
            "-o",
            "g.yaml",
        ],
    );
}

/// 10.1: the Crown attacks the bot's army in hot-seat play; the game pauses for the
/// Patriot's answer, the bot gives it, and the battle is fought in the same run. The report
/// ends with what the bot weighed.
#[test]
fn the_bot_answers_a_battle_when_the_game_pauses_for_it() {
    let dir = tempfile::tempdir().unwrap();
    crown_full_impulse_beside_ebenezer(dir.path(), "ss-bot-battle");
    write(
        dir.path(),
        "attack.yaml",
        "side: crown\nfull: {attack: {from: SAV, to: EBN, units: 6, war: 2}}\n",
    );
    let (report, game) = bot_patriot_answers(dir.path(), &[]);
    assert!(
        game.contains("battle:"),
        "the bot's answer to the attack is not in the game file:\n{report}"
    );
    ok(dir.path(), &["verify", "g.yaml"]);
}

/// `play g.yaml attack.yaml` in `d` with `more` arguments, the bot playing the Patriots after
/// it: the report, which must show the bot's turn, and the game file after.
fn bot_patriot_answers(d: &Path, more: &[&str]) -> (String, String) {
    let mut args = vec!["play", "g.yaml", "attack.yaml"];
    args.extend(more);
    args.extend(["--bot", "patriot", "--playouts", "100", "--secrets", "s"]);
    let report = stdout(&ok(d, &args));
    assert!(report.contains("The bot (Patriot)"), "{report}");
    (report, read(&d.join("g.yaml")))
}

/// Dice-protocol 3.1 against the bot: `play --policy` commits the player's standing policy
/// with their orders while the bot plays the other side (the two could not be given together).
/// The Crown attacks with its War left open and a policy committing all it carries: however the
/// bot answers, the run ends with no question left for the Crown, since an accepted battle
/// takes the Crown's War from the policy (10.2), and the policy stays in force.
#[test]
fn a_standing_policy_is_committed_in_a_game_against_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crown_full_impulse_beside_ebenezer(d, "ss-bot-policy");
    write(
        d,
        "attack.yaml",
        "side: crown\nfull: {attack: {from: SAV, to: EBN, units: 6, carry_war: 3}}\n",
    );
    write(d, "policy.yaml", "attack: {commit: all}\n");
    let (report, game) = bot_patriot_answers(d, &["--policy", "policy.yaml"]);
    assert!(game.contains("policy_commit:"), "{game}");
    let shown = stdout(&ok(d, &["show", "g.yaml", "--secrets", "s"]));
    assert!(
        shown.contains("Standing policies in force")
            && shown.contains("Crown's, committed with step 1"),
        "{shown}"
    );
    // Accepted, the battle was fought with the policy's War; refused, there was none to give.
    let accepted = game.contains("accept:");
    assert_eq!(accepted, report.contains("standing policy"), "{report}");
    assert!(!game.contains("decision: commit"), "{game}");
    ok(d, &["verify", "g.yaml"]);
    // A policy goes with orders: with only the bot to play, there are none to commit it with.
    let err = support::fails(
        d,
        &[
            "play",
            "g.yaml",
            "--policy",
            "policy.yaml",
            "--bot",
            "patriot",
        ],
    );
    assert!(
        err.contains("--policy") && err.contains("<ORDERS>"),
        "{err}"
    );
}

/// 10.1: refusals that differ only in the supplies the army takes read differently in the
/// bot's advice; they all read "refuse battle, to Monck's Corner", so a player could not tell
/// which was advised.
#[test]
fn refusals_taking_different_supplies_read_differently_in_the_advice() {
    let dir = tempfile::tempdir().unwrap();
    demo_game(
        dir.path(),
        "ss-advice-refusals",
        serde_json::json!({
            "phase": {"step": "impulse", "side": "crown", "kind": "full"},
            "initiative": "crown",
            "pass_track": 1,
            "armies": {
                "BFT": {"side": "crown", "units": 8, "leader": "leader"},
                "CHS": {"side": "patriot", "units": 4, "leader": "leader"},
                // Orangeburg held, so every refusal goes to Monck's Corner.
                "ORB": {"side": "crown", "units": 1},
            },
            "supplies": {"BFT": {"food": 4, "war": 4}, "CHS": {"food": 3, "war": 3}},
        }),
    );
    write(
        dir.path(),
        "attack.yaml",
        "side: crown\nfull: {attack: {from: BFT, to: CHS, units: 6, carry_war: 3}}\n",
    );
    ok(
        dir.path(),
        &["play", "g.yaml", "attack.yaml", "--secrets", "s"],
    );
    let advice = stdout(&ok(
        dir.path(),
        &["hint", "g.yaml", "--playouts", "400", "--secrets", "s"],
    ));
    // Each option on one line, without its share and chance.
    let flat = advice.split_whitespace().collect::<Vec<_>>().join(" ");
    let options: Vec<&str> = flat
        .split(" - ")
        .skip(1)
        .map(|o| o.split(" (").next().unwrap_or(o))
        .collect();
    let refusals = options
        .iter()
        .filter(|o| o.contains("refuse battle"))
        .count();
    assert!(refusals >= 2, "{advice}");
    let mut seen = std::collections::BTreeSet::new();
    for o in &options {
        assert!(seen.insert(*o), "`{o}` twice in the advice:\n{advice}");
    }
}

/// What the bot refuses, and why.
#[test]
fn the_bot_refuses_what_it_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    ok(
        dir.path(),
        &[
            "new",
            "--id",
            "ss-bot-no",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let e = fails(
        dir.path(),
        &["bot", "g.yaml", "--side", "patriot", "--secrets", "s"],
    );
    assert!(
        e.contains("it is Crown's decision (supply), not `patriot`'s"),
        "{e}"
    );
    let e = fails(
        dir.path(),
        &["bot", "g.yaml", "--side", "hessians", "--secrets", "s"],
    );
    assert!(e.contains("not a side of this game"), "{e}");
    // `play --bot` names the sides in words, not as a list in brackets.
    let e = fails(
        dir.path(),
        &["play", "g.yaml", "--bot", "hessians", "--secrets", "s"],
    );
    assert!(
        e.contains("its sides are `crown` and `patriot`") && !e.contains('['),
        "{e}"
    );
    let e = fails(
        dir.path(),
        &["bot", "g.yaml", "--think", "forever", "--secrets", "s"],
    );
    assert!(e.contains("not a time to think"), "{e}");
    // No playouts is no search: refused, never answered with the first option as the best.
    for args in [
        &["bot", "g.yaml", "--playouts", "0", "--secrets", "s"][..],
        &["hint", "g.yaml", "--playouts", "0", "--secrets", "s"][..],
    ] {
        let e = fails(dir.path(), args);
        assert!(e.contains("at least one playout"), "{args:?}: {e}");
    }
    // One playout weighs one of the Crown's options: it does not claim that was all it had.
    let hint = stdout(&ok(
        dir.path(),
        &["hint", "g.yaml", "--playouts", "1", "--secrets", "s"],
    ));
    let flat = hint.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Advice for Crown: 1 option weighed in 1 playout.")
            && !flat.contains("nothing to weigh"),
        "{hint}"
    );
    ok(
        dir.path(),
        &[
            "new",
            "--game",
            "the-lost-cause",
            "--id",
            "tlc-bot-no",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "t.yaml",
        ],
    );
    let before = read(&dir.path().join("t.yaml"));
    let e = fails(
        dir.path(),
        &["bot", "t.yaml", "--secrets", "s", "-o", "p.txt"],
    );
    assert!(
        e.contains("no bot for The Lost Cause: The American Civil War"),
        "{e}"
    );
    assert_eq!(
        before,
        read(&dir.path().join("t.yaml")),
        "a refused bot run changed the game file"
    );
    assert!(!dir.path().join("p.txt").exists());
}

/// Playing the bot by mail: the Crown mails its packet into the bot's Maildir, and one run of
/// `ingest --bot patriot` adjudicates it, lets the bot decide, and mails the bot's packet back
/// (here as an .eml file), which the Crown's own `ingest` takes. Both game files verify.
#[test]
fn the_bot_plays_by_mail_through_ingest() {
    let (g, packet) = super::mail::crown_packet();
    let c = g.side_dir("crown");
    let p = g.side_dir("patriot");
    let out = p.join("bot-out.eml");
    // A template put at the top of the templates folder, where none is looked for: the run
    // says so once, though it reads the templates for the report and again for the mail.
    std::fs::create_dir(p.join("tpl")).unwrap();
    std::fs::write(p.join("tpl/show.txt"), "LOOSE\n").unwrap();
    let o = ingest_as_bot(
        &g,
        &packet,
        &format!("eml:{}", out.display()),
        &["--templates", "tpl"],
    );
    let said = support::stderr(&o);
    assert!(o.status.success(), "{said}");
    assert!(said.contains("the bot (patriot) decided step 2"), "{said}");
    assert_eq!(
        said.matches("`tpl/show.txt` is not used").count(),
        1,
        "{said}"
    );
    let mailed = read(&out);
    assert!(
        mailed.contains("-----BEGIN ADJUTANT PACKET-----"),
        "{mailed}"
    );
    let o = ok(
        &c,
        &[
            "ingest",
            out.to_str().unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
        ],
    );
    assert!(
        support::stderr(&o).contains("adjudicated"),
        "{}",
        support::stderr(&o)
    );
    ok(&c, &["verify", "game.yaml"]);
    ok(&p, &["verify", "game.yaml"]);
}

/// The Crown's packet in the bot's Maildir, taken by `ingest --bot patriot` with the bot's
/// mail going `via`.
fn ingest_as_bot(
    g: &support::TwoPlayers,
    packet: &Path,
    via: &str,
    extra: &[&str],
) -> std::process::Output {
    let c = g.side_dir("crown");
    let p = g.side_dir("patriot");
    let maildir = p.join("Maildir");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(maildir.join(sub)).unwrap();
    }
    super::mail_thread::send_eml(&c, packet, maildir.join("new/1.eml").to_str().unwrap());
    std::fs::write(
        p.join("config.yaml"),
        format!("format: adjutant-config/1\nmail:\n  via: {via}\n"),
    )
    .unwrap();
    bot_reads_its_maildir(&p, extra)
}

/// `ingest --bot patriot` on the Maildir in `p`, with the config there.
fn bot_reads_its_maildir(p: &Path, extra: &[&str]) -> std::process::Output {
    support::command(
        p,
        &[
            "ingest",
            "--maildir",
            "Maildir",
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
            "--bot",
            "patriot",
            "--playouts",
            "30",
        ]
        .iter()
        .chain(extra)
        .copied()
        .collect::<Vec<_>>(),
    )
    .env("ADJUTANT_CONFIG", p.join("config.yaml"))
    .output()
    .unwrap()
}

/// The bot's own packet cannot be written once the Crown's message is adjudicated (a failure
/// on the bot's side: here a folder where the packet goes). The game has moved on, so the
/// message is taken and the run exits 3; the next run, with no new mail, lets the bot decide.
/// The message stayed in `new/` as not taken, the next run found it applied and filed it, and
/// the bot never decided: the game stalled with every run exiting 0.
#[test]
fn a_bot_that_could_not_write_its_packet_decides_on_the_next_run() {
    let (g, packet) = super::mail::crown_packet();
    let p = g.side_dir("patriot");
    let out = p.join("bot-out.eml");
    let id = parse(&g.game_text("patriot")).id;
    let blocked = p.join(format!("{id}-step-2.packet.yaml"));
    std::fs::create_dir(&blocked).unwrap();
    let o = ingest_as_bot(&g, &packet, &format!("eml:{}", out.display()), &[]);
    let said = support::stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{said}");
    assert!(
        said.contains("the bot (patriot) could not decide"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_dir(p.join("Maildir/cur")).unwrap().count(),
        1,
        "{said}"
    );
    assert!(!out.exists());
    std::fs::remove_dir(&blocked).unwrap();
    // The next run takes a mail that is no packet (through procmail, say): refused, and the
    // bot decides all the same.
    let o = support::command(
        &p,
        &[
            "ingest",
            super::mail::mail_dir()
                .join("no-packet.eml")
                .to_str()
                .unwrap(),
            "--game",
            "game.yaml",
            "--secrets",
            "secrets",
            "--bot",
            "patriot",
            "--playouts",
            "30",
        ],
    )
    .env("ADJUTANT_CONFIG", p.join("config.yaml"))
    .output()
    .unwrap();
    let said = support::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("the bot (patriot) decided step 2"), "{said}");
    assert!(read(&out).contains("-----BEGIN ADJUTANT PACKET-----"));
    ok(&p, &["verify", "game.yaml"]);
    // A further run finds nothing owed and does nothing.
    let o = bot_reads_its_maildir(&p, &[]);
    assert!(o.status.success(), "{}", support::stderr(&o));
    assert!(
        !support::stderr(&o).contains("decided"),
        "{}",
        support::stderr(&o)
    );
}

/// When the bot's mail cannot be sent, the game has already moved on: the message is taken,
/// not refused (taking it again would only find it applied, and the packet would never go
/// out), and the run says how to send the packet once the mail works.
#[test]
fn a_bot_packet_that_cannot_be_mailed_is_kept_for_resend() {
    let (g, packet) = super::mail::crown_packet();
    let p = g.side_dir("patriot");
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let o = ingest_as_bot(
        &g,
        &packet,
        &format!("smtp\n  smtp: {{host: 127.0.0.1, port: {port}, tls: starttls}}"),
        &[],
    );
    let said = support::stderr(&o);
    // A bot run by cron must not stall silently: the run exits 3, the mail transport failed.
    assert_eq!(o.status.code(), Some(3), "{said}");
    assert!(said.contains("the bot (patriot) decided step"), "{said}");
    assert!(said.contains("could not mail"), "{said}");
    assert!(
        said.contains("adjutant resend game.yaml --send --secrets secrets"),
        "{said}"
    );
    // The system's words for the failure once, not once more as its cause.
    let refused = said.matches("Connection refused").count();
    assert!(refused <= 1, "{said}");
    assert!(said.contains(", 0 refused"), "{said}");
    let taken = std::fs::read_dir(p.join("Maildir/cur")).unwrap().count();
    assert_eq!(taken, 1, "{said}");
    assert!(!p.join("Maildir/rejected").exists(), "{said}");
    // Once the mail works, `resend --send` sends it.
    let out = p.join("later.eml");
    std::fs::write(
        p.join("config.yaml"),
        format!(
            "format: adjutant-config/1\nmail:\n  via: eml:{}\n",
            out.display()
        ),
    )
    .unwrap();
    let o = support::command(
        &p,
        &["resend", "game.yaml", "--send", "--secrets", "secrets"],
    )
    .env("ADJUTANT_CONFIG", p.join("config.yaml"))
    .output()
    .unwrap();
    assert!(o.status.success(), "{}", support::stderr(&o));
    assert!(read(&out).contains("-----BEGIN ADJUTANT PACKET-----"));
}

/// A sendmail that is not there, or an `eml:` that names the game file, fails the bot's mail
/// too: the message is taken and the run exits 3.
#[test]
fn a_bot_packet_mailed_by_a_missing_sendmail_exits_3() {
    for via in [
        "sendmail\n  sendmail: /nonexistent/sendmail",
        "eml:game.yaml",
    ] {
        let (g, packet) = super::mail::crown_packet();
        let p = g.side_dir("patriot");
        let before = std::fs::read(p.join("game.yaml")).unwrap();
        let o = ingest_as_bot(&g, &packet, via, &[]);
        let said = support::stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{via}: {said}");
        assert!(said.contains("could not mail"), "{said}");
        assert_eq!(std::fs::read_dir(p.join("Maildir/cur")).unwrap().count(), 1);
        let after = std::fs::read(p.join("game.yaml")).unwrap();
        assert_ne!(after, before, "the message was taken");
        assert!(String::from_utf8_lossy(&after).starts_with("# adjutant game file"));
    }
}

/// Dice-protocol 3.1 with 10.1: the bot's packet commits a hidden standing policy for the
/// army an enemy can reach. The Crown then attacks that army: the Patriot's copy adjudicates
/// the attack with the policy and the battle is fought in that one exchange, with no pause
/// for the bot's answer; the policy is revealed in the result and both copies verify.
#[test]
fn the_bot_answers_a_battle_by_its_standing_policy() {
    let dir = tempfile::tempdir().unwrap();
    // The Patriot's full impulse; the Crown's army in Savannah, with Cornwallis, can reach
    // the Patriot army at Ebenezer, which has no food to march away (9.1).
    let pos = position_file(
        dir.path(),
        serde_json::json!({
            "phase": {"step": "impulse", "side": "patriot", "kind": "full"},
            "initiative": "patriot",
            // High enough that the bot's passing leaves the Crown its impulse (7.0).
            "pass_track": 4,
            "armies": {
                "SAV": {"side": "crown", "units": 8, "leader": "leader"},
                "EBN": {"side": "patriot", "units": 2},
                "CAM": {"side": "patriot", "units": 4, "leader": "leader"},
            },
            "supplies": {"SAV": {"food": 4, "war": 4}, "EBN": {"war": 1}, "CAM": {"food": 2, "war": 2}},
        }),
    );
    let id = "ss-bot-policy";
    let crown = support::fixed_secret(&dir.path().join("crown/secrets"), id, "crown");
    let patriot = support::fixed_secret(&dir.path().join("patriot/secrets"), id, "patriot");
    support::new_copies(dir.path(), id, &crown, &patriot, Some(&pos));
    let p = dir.path().join("patriot");
    let c = dir.path().join("crown");
    let o = ok(
        &p,
        &[
            "bot",
            "game.yaml",
            "--playouts",
            "100",
            "--standing",
            "--explain",
            "--secrets",
            "secrets",
            "-o",
            "bot.txt",
        ],
    );
    let said = support::stderr(&o);
    // Worded as the reports word answers, with the areas named: it was the policy's YAML,
    // with area ids.
    assert!(
        said.contains("standing policy") && said.contains("- the army at Ebenezer: "),
        "{said}"
    );
    assert!(
        said.contains("refuse battle, to ") || said.contains("accept battle, "),
        "{said}"
    );
    assert!(!said.contains("EBN") && !said.contains("{"), "{said}");
    ok(
        &c,
        &[
            "adjudicate",
            "game.yaml",
            p.join("bot.txt").to_str().unwrap(),
            "--secrets",
            "secrets",
            "--reply",
            "r1.txt",
        ],
    );
    // The Crown's turn may need more than one decision before its attack; it passes the
    // limited impulse and attacks with its full one.
    let awaiting = stdout(&ok(&c, &["show", "game.yaml"]));
    assert!(awaiting.to_lowercase().contains("crown"), "{awaiting}");
    write(
        &c,
        "attack.yaml",
        "limited: skip\nfull: {attack: {from: SAV, to: EBN, units: 6, war: 2}}\n",
    );
    ok(
        &c,
        &[
            "orders",
            "game.yaml",
            "attack.yaml",
            "--secrets",
            "secrets",
            "-o",
            "c1.txt",
        ],
    );
    let o = ok(
        &p,
        &[
            "adjudicate",
            "game.yaml",
            c.join("c1.txt").to_str().unwrap(),
            "--secrets",
            "secrets",
            "--reply",
            "r2.txt",
        ],
    );
    let report = stdout(&o);
    let game = read(&p.join("game.yaml"));
    assert!(
        game.contains("event: policy_answered")
            && (game.contains("event: battle_joined") || game.contains("event: battle_refused")),
        "the bot's policy did not answer the attack:\n{report}"
    );
    assert!(
        !game.contains("decision: battle"),
        "the game paused for the bot's answer though its policy covers the attack:\n{report}"
    );
    ok(&p, &["verify", "game.yaml"]);
}

/// The advice the README shows is what `hint` prints for a new game of that id at the default
/// budget (the seed comes from the game id, the step and the side, so it is the same
/// anywhere).
#[test]
fn the_readme_advice_is_what_hint_prints() {
    let dir = tempfile::tempdir().unwrap();
    ok(
        dir.path(),
        &[
            "new",
            "--id",
            "ss-me-vs-bot",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let advice = stdout(&ok(dir.path(), &["hint", "g.yaml"]));
    let shown: String = advice
        .lines()
        .take_while(|l| !l.starts_with("the best option"))
        .map(|l| format!("{l}\n"))
        .collect();
    let readme = read(&support::root().join("README.md"));
    assert!(shown.starts_with("Advice for Crown"), "{advice}");
    assert!(
        readme.contains(&shown),
        "the README's example differs from:\n{shown}"
    );
}

/// Two bots play games by mail, each packet committing a fresh standing policy (`bot -o
/// --standing`). Every attack the defender's policy covers is answered from one revealed row
/// (dice-protocol 3.2): no result reveals a whole policy, each revealed row is the row of the
/// army attacked in that step, both copies hold the same log, and both verify. A policy's
/// random salt goes into the record hashes and so into the dice, so the games differ from run
/// to run: they are played until one has revealed a row (about half of them do).
#[test]
fn two_bots_by_mail_reveal_their_standing_policies_row_by_row() {
    for n in 0..16 {
        if bots_by_mail(&format!("ss-bots-by-mail-{n}")) {
            return;
        }
    }
    panic!("no game of 16 revealed a policy row");
}

/// One game of `two_bots_by_mail_reveal_their_standing_policies_row_by_row`, checked; whether
/// it revealed a row.
fn bots_by_mail(id: &str) -> bool {
    use std::collections::VecDeque;
    let g = support::TwoPlayers::new(id);
    let other = |s: &str| if s == "crown" { "patriot" } else { "crown" };
    let mut mailbox: VecDeque<(String, std::path::PathBuf)> = VecDeque::new();
    let mut sent = 0;
    // The test secrets hold 64 chain elements a side: stop well before they run out.
    while sent < 100 {
        if let Some((to, packet)) = mailbox.pop_front() {
            if let (_, Some(reply)) = g.receive(&to, &packet) {
                mailbox.push_back((other(&to).to_string(), reply));
                sent += 1;
            }
            continue;
        }
        let Some(side) = ["crown", "patriot"].into_iter().find(|s| {
            parse(&g.game_text(s))
                .awaiting
                .is_some_and(|a| a.side == *s && a.decision != "adjudicate")
        }) else {
            break;
        };
        let name = format!("b{sent}.packet.yaml");
        ok(
            &g.side_dir(side),
            &[
                "bot",
                "game.yaml",
                "--playouts",
                "10",
                "--standing",
                "--secrets",
                "secrets",
                "-o",
                &name,
            ],
        );
        mailbox.push_back((other(side).to_string(), g.side_dir(side).join(name)));
        sent += 1;
    }
    let (crown, patriot) = (parse(&g.game_text("crown")), parse(&g.game_text("patriot")));
    let mut rows = 0;
    for (k, rec) in crown.log.iter().enumerate() {
        let Some(result) = &rec.result else { continue };
        assert!(
            result.policy.is_none(),
            "{id}: record {k} reveals a whole policy"
        );
        for row in &result.policy_rows {
            rows += 1;
            // The row of the army attacked in the step the result answers (whether the rules
            // took its answer or not).
            let attacked = result
                .events
                .iter()
                .find(|e| e["event"] == "attack_launched")
                .and_then(|e| e["to"].as_str())
                .unwrap_or_else(|| panic!("{id}: record {k} reveals `{}` with no attack", row.row));
            assert_eq!(row.row, format!("battle.{attacked}"), "{id}: record {k}");
        }
    }
    let shared = crown.log.len().min(patriot.log.len());
    assert_eq!(crown.log[..shared], patriot.log[..shared], "{id}");
    for side in ["crown", "patriot"] {
        ok(&g.side_dir(side), &["verify", "game.yaml"]);
    }
    rows > 0
}

/// The bot's orders file and `hint` write orders in the order `orders` prints its examples
/// (`supply` before `limited`, a move's `from` and `to` before its amounts): they came out in
/// the alphabetical order of plain values (`full` before `limited`, `food` before `from`).
#[test]
fn the_bots_orders_read_in_the_order_orders_prints_them() {
    let rules = adjutant::games::load("southern-strategy", None).unwrap();
    let orders = serde_json::json!({
        "limited": "skip",
        "full": {"march": {"from": "SAV", "groups": [{"to": "EBN", "units": 8, "leader": true, "food": 2, "war": 4}]}},
        "supply": [{"war": 4, "to": "D", "from": "SAV", "food": 4}],
    });
    assert_eq!(
        rules.orders_lines(&orders),
        "supply: [{from: SAV, to: D, food: 4, war: 4}]\nlimited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 8, leader: true, food: 2, war: 4}]}}"
    );
}

/// 7.0 with 12.1: a round of Navy moves that changes nothing brings the game back to a
/// position it stood in (the bot chasing the Crown Navy from zone to zone, the Crown fleeing,
/// neither passing), and the bot went round it again for ever. `adjutant bot` reads the
/// positions the game has stood in from its log and leaves out an option that leads back to
/// one without a die: after one round the French Navy's move to zone A, which began it, is
/// not even weighed.
#[test]
fn the_bot_does_not_take_the_game_round_a_position_it_has_stood_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    demo_game(d, "ss-bot-round", super::bot::navy_chase());
    let explain = |d: &Path| {
        let o = ok(
            d,
            &[
                "bot",
                "g.yaml",
                "--playouts",
                "200",
                "--explain",
                "--secrets",
                "s",
            ],
        );
        let text = support::stderr(&o);
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let to_a = "move the navy to sea zone A";
    let first = explain(d);
    assert!(first.contains(to_a), "{first}");
    for (side, orders) in [
        ("patriot", "limited: skip\nfull: {navy: {move: A}}\n"),
        ("crown", "limited: skip\n"),
        ("crown", "full: {navy: {move: B}}\n"),
        ("patriot", "limited: skip\nfull: {navy: {move: B}}\n"),
        ("crown", "limited: skip\n"),
        ("crown", "full: {navy: {move: A}}\n"),
    ] {
        write(d, "o.yaml", &format!("side: {side}\n{orders}"));
        ok(d, &["play", "g.yaml", "o.yaml", "--secrets", "s"]);
    }
    let again = explain(d);
    assert!(!again.contains(to_a), "{again}");
    assert!(again.contains("The bot (Patriot)"), "{again}");
    ok(d, &["verify", "g.yaml"]);
}

/// The same round played into with `play --bot`: the run keeps the positions the game has
/// stood in (read from the log once, then added to as the bot plays) and the bot, deciding in
/// the same run as the Crown's move that closed the round, leaves the move to zone A out too.
#[test]
fn the_bot_in_play_does_not_take_the_game_round_a_position_it_has_stood_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    demo_game(d, "ss-bot-round-play", super::bot::navy_chase());
    let rounds = [
        ("patriot", "limited: skip\nfull: {navy: {move: A}}\n"),
        ("crown", "limited: skip\n"),
        ("crown", "full: {navy: {move: B}}\n"),
        ("patriot", "limited: skip\nfull: {navy: {move: B}}\n"),
        ("crown", "limited: skip\n"),
    ];
    for (side, orders) in rounds {
        write(d, "o.yaml", &format!("side: {side}\n{orders}"));
        ok(d, &["play", "g.yaml", "o.yaml", "--secrets", "s"]);
    }
    write(d, "o.yaml", "side: crown\nfull: {navy: {move: A}}\n");
    ok(
        d,
        &[
            "play",
            "g.yaml",
            "o.yaml",
            "--bot",
            "patriot",
            "--playouts",
            "200",
            "--secrets",
            "s",
            "--report",
            "r.txt",
        ],
    );
    let report = read(&d.join("r.txt"));
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    // The Crown's own move to zone A is in the steps; the bot's weighing comes after them.
    let (_, weighed) = flat
        .split_once("The bot (Patriot)")
        .unwrap_or_else(|| panic!("no weighing of the bot's in the report:\n{report}"));
    assert!(!weighed.contains("move the navy to sea zone A"), "{report}");
    ok(d, &["verify", "g.yaml"]);
}

/// A game between bots whose chain runs out part-way keeps the steps it played: `play` wrote
/// nothing, and every step of the run was lost. It now writes the game as far as it got, with
/// the report of those steps, and then says whose chain is used up and how to play on (a new
/// game from this position, with new secrets), with exit status 1: the command did not do
/// what it was asked. A second run has nothing to play and changes nothing.
#[test]
fn a_game_between_bots_stopped_by_a_used_up_chain_keeps_the_steps_it_played() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--id",
            "ss-bots-chain",
            "--demo",
            "--chain-length",
            "16",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let args = [
        "play",
        "g.yaml",
        "--bot",
        "crown",
        "--bot",
        "patriot",
        "--playouts",
        "20",
        "--secrets",
        "s",
        "--report",
        "r.txt",
    ];
    let o = support::run(d, &args);
    let err = support::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let gf = parse(&read(&d.join("g.yaml")));
    assert!(
        gf.log.len() >= 15 && gf.awaiting.is_some(),
        "the steps played are kept, the game not over: {} records\n{err}",
        gf.log.len()
    );
    let report = read(&d.join("r.txt"));
    assert!(
        report.contains("The bot ("),
        "the report of the steps played:\n{report}"
    );
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        (flat.contains("the chain of `crown` is used up")
            || flat.contains("the chain of `patriot` is used up"))
            && flat.contains(&format!(
                "stopped after step {}",
                gf.log.last().unwrap().step
            ))
            && flat.contains("written to `g.yaml`")
            && flat.contains("adjutant position g.yaml -o")
            && flat.contains("--position"),
        "{err}"
    );
    ok(d, &["verify", "g.yaml"]);
    // Nothing is left to play with these chains: refused, and nothing changes.
    let err = support::refused(d, &args);
    assert!(err.contains("used up"), "{err}");
}

/// `play --bot crown --bot patriot` stops a game that runs to the step limit without an end,
/// and hands back the steps it played, for `play` to write: they were dropped. The limit is
/// 20,000 steps, too many for a test to reach, so the mechanism is tested here with a smaller
/// one.
#[test]
fn bots_stopped_at_the_step_limit_hand_back_the_steps_they_played() {
    use adjutant::app;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--id",
            "ss-bots-limit",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let l = app::load_game(&d.join("g.yaml"), None).unwrap();
    let start = l.game.log.len();
    let thinking = app::Thinking {
        playouts: Some(20),
        ..app::Thinking::default()
    };
    let bots = ["crown".to_string(), "patriot".to_string()];
    let mut commit = app::Commit::new();
    let played = app::play_bots(
        &mut commit,
        l,
        None,
        &bots,
        &thinking,
        &d.join("s"),
        &adjutant::report::text::Templates::new(None),
        start + 4,
    )
    .unwrap();
    assert!(
        matches!(played.stopped, Some(app::BotsStopped::StepLimit(n)) if n == start + 4),
        "{:?}",
        played.stopped
    );
    let received = played.received.expect("the steps played");
    assert!(!received.steps.is_empty());
    let reached = received.game.log.len();
    assert!(
        (start + 4..start + 7).contains(&reached),
        "{start} to {reached}"
    );
    assert_eq!(played.current.game.log.len(), reached);
    assert!(!played.notes.is_empty(), "what the bots weighed");
    assert_eq!(app::BOT_STEP_LIMIT, 20_000);
}
