//! A player's own settings, kept beside the secrets: templates for all games or one game.
//!
//! ```yaml
//! # ~/.adjutant/config.yaml (or $ADJUTANT_CONFIG)
//! format: adjutant-config/1
//! templates: ~/my-adjutant-templates        # for every game
//! games:
//!   ss-2027-alice-bob:
//!     templates: ~/forum-templates          # for this game only
//!     data: ~/adjutant-data/southern-strategy   # its game data, as `--data` would give
//! ```
//! A path may start with `~`, the home folder.

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
    /// Where `ingest --imap` reads mail.
    #[serde(default)]
    pub imap: Option<crate::mail::imap::ImapSettings>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    #[serde(default)]
    pub templates: Option<PathBuf>,
    /// The game's data folder, used when `--data` is not given.
    #[serde(default)]
    pub data: Option<PathBuf>,
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

/// `~/x` as `$HOME/x`.
pub fn expand(p: &Path) -> PathBuf {
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
        Ok(c.expanded())
    }

    /// Every path with `~` expanded, as a shell would have.
    fn expanded(mut self) -> Config {
        let ex = |p: &mut Option<PathBuf>| {
            if let Some(x) = p {
                *x = expand(x);
            }
        };
        ex(&mut self.templates);
        ex(&mut self.mail.sendmail);
        if let Some(s) = &mut self.mail.smtp {
            ex(&mut s.ca_file);
            ex(&mut s.password_file);
        }
        if let Some(i) = &mut self.mail.imap {
            ex(&mut i.ca_file);
            ex(&mut i.password_file);
        }
        for g in self.games.values_mut() {
            ex(&mut g.templates);
            ex(&mut g.data);
        }
        self
    }

    /// The data folder the config gives a game, if any.
    pub fn data_for(&self, game_id: &str) -> Option<PathBuf> {
        self.games.get(game_id).and_then(|g| g.data.clone())
    }

    /// The templates folder for a game: its own setting, else the general one.
    pub fn templates_for(&self, game_id: &str) -> Option<PathBuf> {
        self.games
            .get(game_id)
            .and_then(|g| g.templates.clone())
            .or_else(|| self.templates.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tilde_in_a_config_path_is_the_home_folder() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("config.yaml");
        std::fs::write(
            &p,
            "format: adjutant-config/1\ngames:\n  g1: {data: ~/d}\nmail:\n  smtp: {host: h, ca_file: ~/ca.pem, password_file: ~/pw}\n",
        )
        .unwrap();
        let c = Config::load(&p).unwrap();
        let home = PathBuf::from(std::env::var_os("HOME").unwrap());
        let smtp = c.mail.smtp.unwrap();
        assert_eq!(smtp.ca_file, Some(home.join("ca.pem")));
        assert_eq!(smtp.password_file, Some(home.join("pw")));
        assert_eq!(c.games["g1"].data, Some(home.join("d")));
    }
}
