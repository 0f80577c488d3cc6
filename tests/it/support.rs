//! Helpers shared by the integration tests: running the binary, and a two-player game with
//! fixed seeds in two separate secrets folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use adjutant::engine::canon::sha256;
use adjutant::engine::secrets::{self, Secret};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `adjutant` with `args` in `dir`, away from the tester's own secrets and config: the home
/// folder is `dir` too, so a command given no `--secrets` keeps its secrets under
/// `dir/.adjutant`, never in the tester's own.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_adjutant"));
    c.args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env_remove("ADJUTANT_SECRETS")
        .env("ADJUTANT_CONFIG", "/nonexistent/adjutant-config.yaml")
        .env_remove("ADJUTANT_FAIL_BEFORE_RENAME")
        .env_remove("ADJUTANT_FAIL_AT_RENAME")
        .env_remove("ADJUTANT_FAIL_AFTER_OUTPUT");
    c
}

/// Runs `adjutant` with `args` in `dir`.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("adjutant runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs and insists on success.
pub fn ok(dir: &Path, args: &[&str]) -> Output {
    let o = run(dir, args);
    assert!(
        o.status.success(),
        "adjutant {args:?} failed:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    o
}

/// Runs and insists on failure, returning standard error.
pub fn fails(dir: &Path, args: &[&str]) -> String {
    let o = run(dir, args);
    assert!(
        !o.status.success(),
        "adjutant {args:?} should have failed:\n{}",
        stdout(&o)
    );
    stderr(&o)
}

/// Every file under `dir` with its bytes.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                stack.push(p);
            } else if meta.is_file() {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// Runs a command that must fail, checks that it did not panic and that nothing under `dir`
/// changed, and returns its error output.
pub fn refused(dir: &Path, args: &[&str]) -> String {
    let before = files(dir);
    let err = fails(dir, args);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        files(dir) == before,
        "adjutant {args:?} was refused but changed files:\n{err}"
    );
    err
}

pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// A secret from a fixed seed, saved the way `keys` saves one, and its public line: tests
/// need dice they can repeat.
pub fn fixed_secret(dir: &Path, game: &str, side: &str) -> String {
    let seed = sha256(format!("adjutant test seed {game} {side}").as_bytes());
    let s = Secret::from_seed(game, side, 64, &seed, false);
    secrets::save(dir, &s).unwrap();
    s.public_line().unwrap()
}

/// Writes a position file (`new --position`) holding `state`.
pub fn write_position(dir: &Path, name: &str, game: &str, state: &serde_json::Value) -> PathBuf {
    let v = serde_json::json!({"format": "adjutant-position/1", "game": game, "state": state});
    write(dir, name, &serde_yaml::to_string(&v).unwrap())
}

/// A new hot-seat game, `out` in `dir`, starting from the current state of the game file
/// `text` with `edit` applied: how a test sets up a position a real game would take long to
/// reach. Its secrets go to `dir/<out>-secrets`.
pub fn game_at(
    dir: &Path,
    out: &str,
    text: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> PathBuf {
    let gf = adjutant::engine::gamefile::GameFile::parse(text).unwrap();
    let mut state = gf.state.clone();
    edit(&mut state);
    let pos = format!("{out}.position.yaml");
    write_position(dir, &pos, &gf.game, &state);
    let id = format!("{}-{}", gf.id, out.replace('.', "-"));
    ok(
        dir,
        &[
            "new",
            "--game",
            &gf.game,
            "--id",
            &id,
            "--demo",
            "--secrets",
            &format!("{out}-secrets"),
            "--position",
            &pos,
            "-o",
            out,
        ],
    );
    dir.join(out)
}

/// A packet file signed again by its sender, with the secret in `secrets`: what a sender who
/// wrote it that way would mail. Tests use it to reach the checks behind the signature.
pub fn resign(text: &str, secrets_dir: &Path) -> String {
    let mut packet = adjutant::app::parse_packet_text(text).unwrap();
    let rec = &mut packet.record;
    let secret = secrets::load(secrets_dir, &rec.game, &rec.by).unwrap();
    rec.sig = None;
    let message = adjutant::engine::sign::record_message(&rec.game, &rec.hash().unwrap());
    rec.sig = Some(adjutant::engine::sign::sign(&secret.signing_key().unwrap(), &message).into());
    adjutant::app::packet_text(&packet).unwrap()
}

/// A packet text edited on purpose, its checksum line made to fit again: anyone who edits a
/// packet can do this (the checksum finds what a mail client damaged; the signature is what
/// refuses forgery). A text whose armour no longer reads is left as it is.
pub fn reseal(text: &str) -> String {
    use adjutant::mail::armour;
    let (Some(b), Some(e)) = (text.find(armour::BEGIN), text.find(armour::END)) else {
        return text.to_string();
    };
    let body = &text[b + armour::BEGIN.len()..e];
    let Some(at) = body.rfind("checksum: ") else {
        return text.to_string();
    };
    // Read as plain YAML, not as a packet: a packet with a field adjutant does not know (an
    // edit, or a newer version's) is sealed all the same, as its maker's tool would seal it.
    let yaml = armour::unwrap(&body[..at]);
    let Ok(packet) = serde_yaml::from_str::<serde_json::Value>(&yaml) else {
        return text.to_string();
    };
    let line_end = body[at..].find('\n').map_or(body.len(), |n| at + n);
    let start = b + armour::BEGIN.len();
    format!(
        "{}checksum: {}{}",
        &text[..start + at],
        armour::checksum(&packet).unwrap(),
        &text[start + line_end..]
    )
}

/// `new` in `dir/crown` and `dir/patriot`: each player's own copy (`game.yaml`) of one game
/// between the public lines `crown` and `patriot`, from set-up or from `position`.
pub fn new_copies(dir: &Path, id: &str, crown: &str, patriot: &str, position: Option<&Path>) {
    let crown = format!("crown={crown}");
    let patriot = format!("patriot={patriot}");
    let mut args = vec![
        "new",
        "--id",
        id,
        "--anchor",
        &crown,
        "--anchor",
        &patriot,
        "--chain-length",
        "64",
        "-o",
        "game.yaml",
    ];
    if let Some(p) = position {
        args.extend(["--position", p.to_str().unwrap()]);
    }
    for side in ["crown", "patriot"] {
        std::fs::create_dir_all(dir.join(side)).unwrap();
        ok(&dir.join(side), &args);
    }
}

/// Two players, each with their own folder, secrets and copy of the game file.
pub struct TwoPlayers {
    pub dir: tempfile::TempDir,
}

impl TwoPlayers {
    pub fn new(id: &str) -> TwoPlayers {
        let dir = tempfile::tempdir().unwrap();
        for side in ["crown", "patriot"] {
            std::fs::create_dir_all(dir.path().join(side)).unwrap();
        }
        let crown = fixed_secret(&dir.path().join("crown/secrets"), id, "crown");
        let patriot = fixed_secret(&dir.path().join("patriot/secrets"), id, "patriot");
        new_copies(dir.path(), id, &crown, &patriot, None);
        TwoPlayers { dir }
    }

    pub fn side_dir(&self, side: &str) -> PathBuf {
        self.dir.path().join(side)
    }

    pub fn game(&self, side: &str) -> PathBuf {
        self.side_dir(side).join("game.yaml")
    }

    pub fn game_text(&self, side: &str) -> String {
        read(&self.game(side))
    }

    /// `orders -o`: writes `side`'s orders and returns the packet's path.
    pub fn send(&self, side: &str, name: &str, orders: &str) -> PathBuf {
        let d = self.side_dir(side);
        write(&d, &format!("{name}.orders.yaml"), orders);
        let packet = format!("{name}.packet.yaml");
        ok(
            &d,
            &[
                "orders",
                "game.yaml",
                &format!("{name}.orders.yaml"),
                "--secrets",
                "secrets",
                "-o",
                &packet,
            ],
        );
        d.join(packet)
    }

    /// `adjudicate`: `side` receives a packet; returns the report and the reply packet, if any.
    pub fn receive(&self, side: &str, packet: &Path) -> (String, Option<PathBuf>) {
        let d = self.side_dir(side);
        let reply = d.join(format!(
            "reply-{}.packet.yaml",
            std::fs::read_dir(&d).unwrap().count()
        ));
        let o = ok(
            &d,
            &[
                "adjudicate",
                "game.yaml",
                packet.to_str().unwrap(),
                "--secrets",
                "secrets",
                "--reply",
                reply.to_str().unwrap(),
            ],
        );
        (stdout(&o), reply.exists().then_some(reply))
    }
}

/// Runs README command 1: the shipped example's first impulse, written to `out`.
pub fn play_example(out: &Path) -> Output {
    let ex = root().join("games/southern-strategy/examples");
    ok(
        &root(),
        &[
            "play",
            ex.join("demo-game.yaml").to_str().unwrap(),
            ex.join("crown-impulse.yaml").to_str().unwrap(),
            "--secrets",
            ex.join("demo-secrets").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    )
}

/// Rebuilds a shipped example in `d` as its `regenerate.sh` does (a demo game named `id` with
/// the `players` names, then each orders file of the examples folder played in turn) and
/// fails when the shipped game file differs. Returns the examples folder.
pub fn rebuild_example(
    d: &Path,
    game: &str,
    id: &str,
    players: &[&str],
    plays: &[&str],
) -> PathBuf {
    let ex = root().join("games").join(game).join("examples");
    rebuild_example_in(d, game, &ex, None, id, players, plays)
}

/// `rebuild_example` for the example in the folder `ex`, started from the position file
/// `position` when it has one.
pub fn rebuild_example_in(
    d: &Path,
    game: &str,
    ex: &Path,
    position: Option<&Path>,
    id: &str,
    players: &[&str],
    plays: &[&str],
) -> PathBuf {
    let ex = ex.to_path_buf();
    let mut new = vec!["new", "--game", game, "--id", id, "--demo"];
    for p in players {
        new.extend(["--name", p]);
    }
    if let Some(p) = position {
        new.extend(["--position", p.to_str().unwrap()]);
    }
    new.extend(["--secrets", "s", "-o", "demo-game.yaml"]);
    ok(d, &new);
    for f in plays {
        ok(
            d,
            &[
                "play",
                "demo-game.yaml",
                ex.join(f).to_str().unwrap(),
                "--secrets",
                "s",
            ],
        );
    }
    assert_eq!(
        read(&d.join("demo-game.yaml")),
        read(&ex.join("demo-game.yaml")),
        "{}/demo-game.yaml is stale: run regenerate.sh",
        ex.display()
    );
    ex
}

/// How a solitaire game's dice are drawn (dice-protocol section 5).
pub enum Solitaire<'a> {
    /// The player's own second chain.
    SelfMode,
    /// A witness holding the secret at this path answers each record hash.
    Witness(&'a Path),
}

/// Starts a solitaire game of `game` in `dir/game.yaml`, with secrets in `dir/secrets`: in
/// self mode without `witness_anchor`, else in witness mode with that published anchor.
pub fn new_solitaire(
    dir: &Path,
    game: &str,
    id: &str,
    witness_anchor: Option<String>,
    chain_length: u64,
) -> PathBuf {
    let mode = if witness_anchor.is_some() {
        "witness"
    } else {
        "self"
    };
    let created = adjutant::app::new_game(adjutant::app::NewGame {
        game,
        id,
        anchors: match witness_anchor {
            // Seeded secrets (the demo ones, from the game id): the same dice every run.
            None => adjutant::app::Anchors::Demo,
            Some(a) => adjutant::app::Anchors::Given([("witness".to_string(), a)].into()),
        },
        mode: Some(mode),
        names: Default::default(),
        emails: Default::default(),
        secrets_dir: &dir.join("secrets"),
        data_dir: None,
        chain_length: Some(chain_length),
        position: None,
    })
    .unwrap();
    let path = dir.join("game.yaml");
    let mut commit = adjutant::app::Commit::new();
    adjutant::app::stage_secrets(&mut commit, &dir.join("secrets"), &created.secrets).unwrap();
    commit.add_game(&path, &created.game).unwrap();
    commit.commit().unwrap();
    path
}

/// Plays the solitaire game at `path` to its end through the library, as a player would:
/// `orders` writes each step's orders (YAML) from the loaded game. In self mode a step is one
/// `play`; with a witness it is orders, the witness's answer, then adjudication. Returns the
/// steps played and the record hashes the witness answered, in order.
pub fn play_solitaire(
    path: &Path,
    dice: Solitaire,
    max_steps: usize,
    mut orders: impl FnMut(&adjutant::app::Loaded) -> String,
) -> (usize, Vec<String>) {
    let secrets = path.parent().unwrap().join("secrets");
    let mut answered = Vec::new();
    for steps in 0..max_steps {
        let l = adjutant::app::load_game(path, None).unwrap();
        if l.game.awaiting.is_none() {
            return (steps, answered);
        }
        let text = orders(&l);
        let file = adjutant::app::parse_orders(&text).unwrap();
        let got = match dice {
            Solitaire::SelfMode => {
                let mut commit = adjutant::app::Commit::new();
                let got = adjutant::app::play(&mut commit, &l, &file, None, &secrets, None);
                commit.commit().unwrap();
                got
            }
            Solitaire::Witness(wsecret) => {
                let mut commit = adjutant::app::Commit::new();
                let (gf, _packet) =
                    adjutant::app::write_orders(&mut commit, &l, &file, None, &secrets, None)
                        .unwrap();
                commit.add_game(path, &gf).unwrap();
                commit.commit().unwrap();
                let l = adjutant::app::load_game(path, None).unwrap();
                let request = adjutant::app::witness_request(l.rules.as_ref(), &l.game)
                    .unwrap()
                    .expect("the step waits for the witness");
                let (answer, fresh) =
                    adjutant::app::witness_answer(wsecret, &request.record, Path::new("/dev/null"))
                        .unwrap();
                assert!(fresh, "the witness answered this record before");
                answered.push(request.record.clone());
                adjutant::app::adjudicate_witness(&l, &answer)
            }
        }
        .unwrap_or_else(|e| panic!("{e} with\n{text}"));
        adjutant::app::save_game(path, &got.game).unwrap();
    }
    panic!("the game does not end within {max_steps} steps");
}

/// Checks a finished witness game: it verifies, and every witness record answers a hash the
/// witness's ledger says it answered, in order.
pub fn check_witnessed(path: &Path, answered: &[String]) {
    let l = adjutant::app::load_game(path, None).unwrap();
    adjutant::app::verify(&l, None).unwrap();
    let witness_prevs: Vec<&String> = l
        .game
        .log
        .iter()
        .filter(|r| r.by == "witness")
        .map(|r| &r.prev)
        .collect();
    assert_eq!(witness_prevs, answered.iter().collect::<Vec<_>>());
}

/// The Southern Strategy's built-in data, with the board: what every test of its rules reads.
pub fn southern_data() -> adjutant::games::southern_strategy::data::Data {
    southern_data_of(adjutant::games::southern_strategy::DATA_FILES)
}

/// The Southern Strategy's data of one edition (`DATA_FILES`, `DATA_FILES_V1`).
pub fn southern_data_of(pinned: &[(&str, &str)]) -> adjutant::games::southern_strategy::data::Data {
    use adjutant::games::southern_strategy as ss;
    let files: Vec<(String, String)> = pinned
        .iter()
        .chain(ss::DISPLAY_FILES)
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    ss::data::Data::load(&files).expect("built-in data loads")
}

/// A Markdown report reads right where players post it (CommonMark, as Reddit, Discord and
/// GitHub read it): no HTML (Reddit and Discord show it as text), each step's dice and events
/// in lists of their own rather than one merged list, and the verification block in a code
/// block of its own.
pub fn assert_forum_markdown(text: &str) {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut depth = 0;
    let mut items: Vec<Vec<String>> = Vec::new();
    let mut in_code = false;
    let mut verification_in_code = false;
    for ev in Parser::new(text) {
        match ev {
            Event::Html(h) | Event::InlineHtml(h) => panic!("HTML in a Markdown report: {h}"),
            Event::Start(Tag::List(_)) => {
                depth += 1;
                if depth == 1 {
                    items.push(Vec::new());
                }
            }
            Event::End(TagEnd::List(_)) => depth -= 1,
            Event::Start(Tag::Item) if depth == 1 => items.last_mut().unwrap().push(String::new()),
            // Lines meant as lines (a march's groups) that Markdown would run into one.
            Event::SoftBreak if depth >= 1 => {
                panic!("a list item's lines run together in Markdown:\n{text}")
            }
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(t) | Event::Code(t) => {
                if in_code && t.contains("check with") {
                    verification_in_code = true;
                }
                if depth >= 1 {
                    if let Some(item) = items.last_mut().and_then(|l| l.last_mut()) {
                        item.push_str(&t);
                    }
                }
            }
            _ => {}
        }
    }
    assert!(verification_in_code, "no verification code block:\n{text}");
    // Each list follows a label of its own (`**Dice**`, `**What happened:**`, ...): CommonMark
    // joins two lists with only a blank line between them into one, and then there are fewer
    // lists than labels.
    let labels = text.matches("**Dice**").count() + text.matches("**What happened:**").count();
    assert!(labels > 0, "no labelled lists:\n{text}");
    assert_eq!(items.len(), labels, "lists merged in Markdown:\n{text}");
}

/// A BBCode report uses only what BoardGameGeek's forum reads: [b] [i] [u] [size] [color]
/// [o] (its spoiler) [c] (fixed width) [q] [hr] [url], each opened tag closed; no `[list]`,
/// `[*]`, `[spoiler]` or `[code]`, which it shows as text; and no `<` before a letter, after
/// which BGG drops the rest of the post.
pub fn assert_bgg_bbcode(text: &str) {
    const TAGS: [&str; 10] = ["b", "i", "u", "size", "color", "o", "c", "q", "hr", "url"];
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('[') {
        rest = &rest[i + 1..];
        let Some(j) = rest.find(']') else { break };
        let tag = &rest[..j];
        let (closing, name) = match tag.strip_prefix('/') {
            Some(n) => (true, n),
            None => (false, tag.split('=').next().unwrap_or("")),
        };
        let is_tag = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic() || c == '*');
        if is_tag {
            assert!(
                TAGS.contains(&name.to_ascii_lowercase().as_str()),
                "BGG does not read the tag [{tag}]:\n{text}"
            );
            if closing {
                assert_eq!(
                    open.pop().as_deref(),
                    Some(name),
                    "[/{name}] closes nothing open:\n{text}"
                );
            } else if name != "hr" {
                open.push(name.to_string());
            }
        }
        rest = &rest[j + 1..];
    }
    assert!(open.is_empty(), "tags left open: {open:?}\n{text}");
    for (i, _) in text.match_indices('<') {
        let next = text[i + 1..].chars().next().unwrap_or(' ');
        assert!(
            next.is_whitespace() || next.is_ascii_digit() || next == '=',
            "a `<` BGG would cut the post at: {}",
            &text[i..(i + 20).min(text.len())]
        );
    }
}

/// Every line of a mail report fits a 72-column mail reader.
pub fn assert_mail_width(text: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= 72, "line over 72 columns: {line}");
    }
}

/// Every roll under a step's `Dice:` starts a line of its own at four spaces; a roll too long
/// for a mail reader goes on two spaces further in, as a "What happened" line does, so that
/// its tail (`up: 5`, `(card numbers)`) never reads as a roll of its own. Returns how many
/// lines went on so, for a caller that means to show one.
pub fn assert_dice_lines_hang(text: &str) -> usize {
    let mut in_dice = false;
    let mut hung = 0;
    for line in text.lines() {
        if line == "  Dice:" {
            in_dice = true;
            continue;
        }
        if !line.starts_with("    ") {
            in_dice = false;
        }
        if !in_dice {
            continue;
        }
        if let Some(rest) = line.strip_prefix("      ") {
            assert!(!rest.starts_with(' '), "a roll's line too far in: {line}");
            hung += 1;
        } else {
            // A roll reads `<rule> <reason>: <result>`; a tail of card numbers starts with a
            // digit too but holds no reason.
            let roll = &line[4..];
            let rule = roll.split(' ').next().unwrap_or("");
            assert!(
                roll == "none rolled"
                    || (rule.starts_with(|c: char| c.is_ascii_digit())
                        && rule.chars().all(|c| c.is_ascii_digit() || c == '.')
                        && roll.contains(": ")),
                "a roll's tail reads as a roll of its own: {line}\n{text}"
            );
        }
    }
    hung
}

/// A copy of the built-in data folder of `game` at `to` (for `--data`), each file passed
/// through `edit(file name, text)` on the way, so a test changes one value of one file.
pub fn copy_game_data(game: &str, to: &Path, edit: impl Fn(&str, String) -> String) {
    std::fs::create_dir_all(to).unwrap();
    for f in std::fs::read_dir(root().join("games").join(game)).unwrap() {
        let f = f.unwrap();
        if f.file_type().unwrap().is_file() {
            let name = f.file_name().to_string_lossy().to_string();
            write(to, &name, &edit(&name, read(&f.path())));
        }
    }
}

/// A solitaire game in witness mode, set up as two people would through the command line: the
/// witness makes its secret (`witness/w.secret.yaml` under `dir`), the player a game of `game`
/// from the witness's public line (`player/OUT`, its own secret in `player/s`), chains of 64.
/// Returns the witness's folder and the player's.
pub fn witness_game(dir: &Path, game: &str, id: &str, out: &str) -> (PathBuf, PathBuf) {
    let (w, p) = (dir.join("witness"), dir.join("player"));
    std::fs::create_dir_all(&w).unwrap();
    std::fs::create_dir_all(&p).unwrap();
    let line = stdout(&ok(
        &w,
        &[
            "witness",
            "new",
            "--game-id",
            id,
            "--chain-length",
            "64",
            "--out",
            "w.secret.yaml",
        ],
    ))
    .trim()
    .to_string();
    ok(
        &p,
        &[
            "new",
            "--game",
            game,
            "--id",
            id,
            "--mode",
            "witness",
            "--anchor",
            &format!("witness={line}"),
            "--chain-length",
            "64",
            "--secrets",
            "s",
            "-o",
            out,
        ],
    );
    (w, p)
}

/// `orders GAME ORDERS -o packet.yaml` with the secrets in `s`, as a solitaire player sends
/// orders: the record hash it prints, for the witness.
pub fn record_hash(p: &Path, game: &str, orders: &str) -> String {
    stdout(&ok(
        p,
        &[
            "orders",
            game,
            orders,
            "--secrets",
            "s",
            "-o",
            "packet.yaml",
        ],
    ))
    .trim()
    .to_string()
}

/// `adjudicate game.yaml --witness ANSWER --secrets s`: a solitaire player taking the answer
/// saved in `answer` (see `witness_game`).
pub fn with_witness_answer(answer: &str) -> [&str; 6] {
    [
        "adjudicate",
        "game.yaml",
        "--witness",
        answer,
        "--secrets",
        "s",
    ]
}

/// The `event` macro calls a report makes for `events`: each event with the one before it
/// (`prev`, null for the first) and those after it (`following`).
pub fn event_calls(events: &[serde_json::Value]) -> Vec<(&'static str, Vec<serde_json::Value>)> {
    events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let prev = if i > 0 {
                events[i - 1].clone()
            } else {
                serde_json::Value::Null
            };
            (
                "event",
                vec![
                    e.clone(),
                    prev,
                    serde_json::Value::from(events[i + 1..].to_vec()),
                ],
            )
        })
        .collect()
}
