//! `adjutant new`: create a game file from the set-up and both anchors (or, for a solitaire
//! game, the player's anchor and its dice party's).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::{self, Anchors, NewGame};

/// Create a game file from the game's set-up and each side's anchor
#[derive(clap::Args)]
pub struct Args {
    /// Which game [default: the game of the `--position` file, else southern-strategy]
    #[arg(long)]
    game: Option<String>,
    /// The game id both players agreed on (the same one given to `keys`)
    #[arg(long = "id", value_name = "ID")]
    id: String,
    /// A side's anchor, as printed by `adjutant keys`: `--anchor crown=HEX` (a solitaire
    /// game's witness: `--anchor witness=HEX`, from `adjutant witness new`)
    #[arg(long = "anchor", value_name = "SIDE=ANCHOR:KEY", value_parser = side_value)]
    anchors: Vec<(String, String)>,
    /// Make both sides' secrets here, for face-to-face play (for a solitaire game: self mode)
    #[arg(long, conflicts_with_all = ["anchors", "demo"])]
    hotseat: bool,
    /// A solitaire game's dice: `self` (you hold a second chain; reports say you could have
    /// looked ahead) or `witness` (with `--anchor witness=HEX` from `adjutant witness new`)
    #[arg(long, value_name = "MODE", value_parser = ["self", "witness"])]
    mode: Option<String>,
    /// Use the published demo secrets (examples and tutorials only: anyone can predict the dice)
    #[arg(long, conflicts_with = "anchors")]
    demo: bool,
    /// A player's name: `--name crown=Alice`
    #[arg(long = "name", value_name = "SIDE=NAME", value_parser = side_value)]
    names: Vec<(String, String)>,
    /// A player's mail address: `--email crown=alice@example.org`
    #[arg(long = "email", value_name = "SIDE=ADDRESS", value_parser = side_value)]
    emails: Vec<(String, String)>,
    /// Chain length N, 16 to 100000 [default: 4096]: each side can send N - 1 packets
    #[arg(long, value_parser = super::chain_length())]
    chain_length: Option<u64>,
    /// Start from this position file (`format: adjutant-position/1`, `game:`, `state:`)
    /// instead of the rulebook's set-up; the genesis hash binds it
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// Where to write the game file (`-` for standard output)
    #[arg(short, long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    common: super::Common,
}

fn side_value(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(a, b)| (a.trim().to_ascii_lowercase(), b.trim().to_string()))
        .ok_or_else(|| format!("`{s}` is not SIDE=VALUE"))
}

pub fn exec(a: Args) -> anyhow::Result<ExitCode> {
    if a.out.exists() {
        anyhow::bail!(
            "`{}` already exists; a new game never overwrites a game file",
            a.out.display()
        );
    }
    let anchors = if a.hotseat {
        Anchors::Hotseat
    } else if a.demo {
        Anchors::Demo
    } else {
        Anchors::Given(a.anchors.into_iter().collect())
    };
    let secrets = a.common.secrets_dir();
    // A position names its game: `new --position` needs no `--game`.
    let position = match &a.position {
        Some(p) => Some(app::read_position(p, a.game.as_deref())?),
        None => None,
    };
    let game = match (&a.game, &position) {
        (Some(g), _) => g.clone(),
        (None, Some(p)) => p.game.clone(),
        (None, None) => "southern-strategy".to_string(),
    };
    let created = app::new_game(NewGame {
        game: &game,
        id: &a.id,
        anchors,
        mode: a.mode.as_deref(),
        names: a.names.into_iter().collect::<BTreeMap<_, _>>(),
        emails: a.emails.into_iter().collect::<BTreeMap<_, _>>(),
        secrets_dir: &secrets,
        data_dir: a.common.data_dir(),
        chain_length: a.chain_length,
        position,
    })?;
    // The secrets made here and the game file appear together, or neither does.
    let mut commit = app::Commit::new();
    app::stage_secrets(&mut commit, &secrets, &created.secrets)?;
    commit.add_game(&a.out, &created.game)?;
    commit.commit()?;
    if let Some(first) = &created.first {
        eprintln!("created `{}`; first decision: {first}", a.out.display());
    }
    Ok(ExitCode::SUCCESS)
}
