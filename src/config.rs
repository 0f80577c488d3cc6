//! A player's own settings, kept beside the secrets: templates for all games or one game.
//!
//! ```yaml
//! # ~/.adjutant/config.yaml (or $ADJUTANT_CONFIG)
//! format: adjutant-config/1
//! templates: ~/my-adjutant-templates        # for every game
//! games:
//!   ss-2027-alice-bob:
//!     templates: ~/forum-templates          # for this game only
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::engine::Error;

pub const FORMAT: &str = "adjutant-config/1";

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub templates: Option<PathBuf>,
    #[serde(default)]
    pub games: BTreeMap<String, GameConfig>,
    #[serde(default)]
    pub mail: MailConfig,
}

/// How `send` mails: the sender, copies, and the transport's settings.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// `Alice <alice@example.org>`; else the player's address in the game file.
    #[serde(default)]
    pub from: Option<String>,
    /// Copies for every message (a referee, a forum's mail-in address).
    #[serde(default)]
    pub cc: Vec<String>,
    /// `smtp`, `sendmail` or `eml` when `--via` is not given.
    #[serde(default)]
    pub via: Option<String>,
    #[serde(default)]
    pub sendmail: Option<PathBuf>,
    #[serde(default)]
    pub smtp: Option<crate::mail::send::SmtpSettings>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    #[serde(default)]
    pub templates: Option<PathBuf>,
}

/// `$ADJUTANT_CONFIG`, else `~/.adjutant/config.yaml`.
pub fn default_path() -> PathBuf {
    if let Some(p) = std::env::var_os("ADJUTANT_CONFIG") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    home.join(".adjutant").join("config.yaml")
}

fn expand(p: &Path) -> PathBuf {
    match (p.strip_prefix("~"), std::env::var_os("HOME")) {
        (Ok(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => p.to_path_buf(),
    }
}

impl Config {
    /// Reads the config; a missing file is an empty config, a broken one an error.
    pub fn load(path: &Path) -> Result<Config, Error> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
            Err(source) => {
                return Err(Error::Io {
                    path: path.into(),
                    action: "read the config",
                    source,
                })
            }
        };
        let c: Config = serde_yaml::from_str(&text).map_err(|source| Error::Yaml {
            what: format!("the config `{}`", path.display()),
            source,
        })?;
        if c.format.as_deref().is_some_and(|f| f != FORMAT) {
            return Err(Error::Format {
                what: format!("the config `{}`", path.display()),
                message: format!("format is not `{FORMAT}`"),
            });
        }
        Ok(c)
    }

    /// The templates folder for a game: its own setting, else the general one.
    pub fn templates_for(&self, game_id: &str) -> Option<PathBuf> {
        self.games
            .get(game_id)
            .and_then(|g| g.templates.clone())
            .or_else(|| self.templates.clone())
            .map(|p| expand(&p))
    }
}
