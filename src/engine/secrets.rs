//! A player's secret for one game and side: the chain seed `x_N`. It lives in a local file
//! (mode 0600) and never enters a game file, packet or report.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::atomic::{self, Kind, Staged};
use super::canon::{enc, from_hex, sha256, to_hex, u64be, Hash};
use super::chain;
use super::input;
use super::sign;
use super::Error;

/// A secret that names the dice protocol of the games it serves (`protocol`), as every secret
/// made for play now does.
pub const FORMAT: &str = "adjutant-secret/2";
/// A secret made before version 2 named none, and serves a game of any protocol; demo secrets
/// and the secrets tests make from fixed seeds are still written so.
pub const FORMAT_1: &str = "adjutant-secret/1";

/// The domain of a standing policy's salt (`Secret::policy_salt`).
pub const POLICY_SALT_DOMAIN: &str = "adjutant/policy-salt/1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Secret {
    pub format: String,
    pub game: String,
    pub side: String,
    pub chain_length: u64,
    pub seed: String,
    /// A published demonstration secret: its dice are not secret from anyone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub demo: bool,
    /// Version 2: the dice protocol of the games this secret serves (`adjutant-dice/3`). A game
    /// file of another protocol is refused with it: a copy edited to an older version, with
    /// unsigned records, would let whoever handles the mail change the orders in a packet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}

impl Secret {
    /// A fresh secret from the operating system's random number generator.
    pub fn generate(game: &str, side: &str, chain_length: u64) -> Result<Secret, Error> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| Error::Secrets {
            message: format!("the system RNG failed: {e}"),
        })?;
        Ok(Secret {
            format: FORMAT.into(),
            protocol: Some(super::gamefile::DICE_PROTOCOL.into()),
            ..Secret::from_seed(game, side, chain_length, &seed, false)
        })
    }

    /// A demonstration secret anyone can recompute: `H("adjutant demo seed <game> <side>")`.
    pub fn demo(game: &str, side: &str, chain_length: u64) -> Secret {
        let seed = sha256(format!("adjutant demo seed {game} {side}").as_bytes());
        Secret::from_seed(game, side, chain_length, &seed, true)
    }

    pub fn from_seed(game: &str, side: &str, chain_length: u64, seed: &Hash, demo: bool) -> Secret {
        Secret {
            format: FORMAT_1.into(),
            game: game.into(),
            side: side.into(),
            chain_length,
            seed: to_hex(seed),
            demo,
            protocol: None,
        }
    }

    pub fn seed(&self) -> Result<Hash, Error> {
        from_hex(&self.seed).ok_or_else(|| Error::Secrets {
            message: format!(
                "the seed for `{}` / `{}` is not 64 hex digits",
                self.game, self.side
            ),
        })
    }

    pub fn anchor(&self) -> Result<Hash, Error> {
        Ok(chain::anchor(
            &self.game,
            &self.side,
            &self.seed()?,
            self.chain_length,
        ))
    }

    /// The Ed25519 key that signs this party's records (protocol version 2).
    pub fn signing_key(&self) -> Result<ed25519_dalek::SigningKey, Error> {
        Ok(sign::signing_key(&self.game, &self.side, &self.seed()?))
    }

    /// The line a party publishes when a game is made: `ANCHOR:KEY`, the chain anchor and the
    /// public key, each 64 hex digits.
    pub fn public_line(&self) -> Result<String, Error> {
        Ok(format!(
            "{}:{}",
            to_hex(&self.anchor()?),
            sign::public_hex(&self.signing_key()?)
        ))
    }

    /// The seed of the bot's search for this party's decision at `step` (`adjutant bot`),
    /// made from the secret seed so that only its holder can run the same search. With a seed
    /// anyone could make, an opponent could run the bot's search ahead of time: try each of
    /// their own orders against the bot's answer, or read the standing policy it keeps hidden.
    pub fn search_seed(&self, step: u64) -> Result<u64, Error> {
        let mut text = b"adjutant bot search seed\0".to_vec();
        text.extend_from_slice(&self.seed()?);
        text.extend_from_slice(format!("\0{}\0{}\0{step}", self.game, self.side).as_bytes());
        let h = sha256(&text);
        let mut first = [0u8; 8];
        first.copy_from_slice(&h[..8]);
        Ok(u64::from_be_bytes(first))
    }

    /// The salt that hides a standing policy committed in the record revealing element
    /// `index` (dice-protocol 3.1): made from the secret seed, so only its holder can make
    /// it and nobody can try the few policies there are against the commitment, and fixed by
    /// the element, so the same orders and policy written again (after a run stopped once its
    /// packet was out, its element spent) make the same record. One drawn afresh each run made
    /// a different record, which the ledger refused, and the game could not go on.
    pub fn policy_salt(&self, index: u64) -> Result<Hash, Error> {
        let mut buf = Vec::with_capacity(128);
        enc(&mut buf, POLICY_SALT_DOMAIN.as_bytes());
        enc(&mut buf, self.game.as_bytes());
        enc(&mut buf, self.side.as_bytes());
        u64be(&mut buf, index);
        buf.extend_from_slice(&self.seed()?);
        Ok(sha256(&buf))
    }

    /// Chain element `x_i`, for `i` below the chain length: `x_N` is the seed itself, from which
    /// the signing key comes too, so it is never revealed; a chain of length N gives N - 1
    /// reveals.
    pub fn element(&self, i: u64) -> Result<Hash, Error> {
        if i >= self.chain_length {
            return Err(Error::ChainUsedUp {
                party: self.side.clone(),
                reveals: self.chain_length.saturating_sub(1),
            });
        }
        Ok(chain::element(
            &self.game,
            &self.side,
            &self.seed()?,
            self.chain_length,
            i,
        ))
    }
}

/// Where secrets are kept: `--secrets DIR`, else `$ADJUTANT_SECRETS`, else
/// `~/.adjutant/secrets`.
pub fn default_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ADJUTANT_SECRETS") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    home.join(".adjutant").join("secrets")
}

/// The file of a party's secret in `dir`. The names are checked first (`input::check_name`),
/// so no id or side can lead out of the folder.
pub fn path(dir: &Path, game: &str, side: &str) -> PathBuf {
    dir.join(format!("{game}.{side}.secret.yaml"))
}

/// Checks a game id and party name before a path is built from them.
pub fn check_names(game: &str, side: &str) -> Result<(), Error> {
    input::check_name("the game id", game)?;
    input::check_name("the side", side)
}

/// The lowest and highest chain length adjutant makes: a game needs a few hundred elements, and
/// each reveal walks the chain from its seed.
pub const MIN_CHAIN_LENGTH: u64 = 16;
pub const MAX_CHAIN_LENGTH: u64 = 100_000;

pub fn check_chain_length(n: u64) -> Result<(), Error> {
    if (MIN_CHAIN_LENGTH..=MAX_CHAIN_LENGTH).contains(&n) {
        Ok(())
    } else {
        Err(Error::Format {
            what: "the chain length".into(),
            message: format!(
                "`{n}` is out of range: give {MIN_CHAIN_LENGTH} to {MAX_CHAIN_LENGTH} (the default, {}, lasts thousands of packets)",
                chain::DEFAULT_CHAIN_LENGTH
            ),
        })
    }
}

/// Saves a new secret with mode 0600; never overwrites one.
pub fn save(dir: &Path, secret: &Secret) -> Result<PathBuf, Error> {
    let mut staged = Staged::new();
    let p = stage(&mut staged, dir, secret)?;
    staged.commit()?;
    Ok(p)
}

/// Stages a new secret in `dir` (created if missing), to appear with a command's other outputs.
pub fn stage(staged: &mut Staged, dir: &Path, secret: &Secret) -> Result<PathBuf, Error> {
    check_names(&secret.game, &secret.side)?;
    let p = path(dir, &secret.game, &secret.side);
    stage_to(staged, &p, secret)?;
    Ok(p)
}

/// Saves a new secret at a path of its owner's choice, with mode 0600; never overwrites one.
pub fn save_to(p: &Path, secret: &Secret) -> Result<(), Error> {
    let mut staged = Staged::new();
    stage_to(&mut staged, p, secret)?;
    staged.commit()
}

fn stage_to(staged: &mut Staged, p: &Path, secret: &Secret) -> Result<(), Error> {
    staged.add_kind(p, text_at(p, secret)?.as_bytes(), Kind::NewPrivate)
}

/// Stages a new secret at `p` (in `dir` by its name where `p` is `None`) to be put into place
/// before the command's output is written, as `keys` and `witness new` print its public line:
/// a line never goes out without its secret in place, and a secret whose line no byte of went
/// out is taken back (`Staged::add_guard_kind`). Returns where it goes.
pub fn stage_before_output(
    staged: &mut Staged,
    dir: &Path,
    p: Option<&Path>,
    secret: &Secret,
) -> Result<PathBuf, Error> {
    let p = match p {
        Some(p) => p.to_path_buf(),
        None => {
            check_names(&secret.game, &secret.side)?;
            path(dir, &secret.game, &secret.side)
        }
    };
    staged.add_guard_kind(&p, text_at(&p, secret)?.as_bytes(), Kind::NewPrivate)?;
    Ok(p)
}

/// The text of a new secret to go at `p`, with its folder made and checked.
fn text_at(p: &Path, secret: &Secret) -> Result<String, Error> {
    if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.into(),
            action: "create the folder",
            source,
        })?;
    }
    // A new secret is made only where it may be used: not in a folder others may write in.
    if !secret.demo {
        check_folder(p)?;
    }
    let text = serde_yaml::to_string(secret).map_err(|e| Error::Encode(e.to_string()))?;
    Ok(format!(
        "# adjutant secret: keep this file private; anyone holding it can predict your dice.\n{text}"
    ))
}

/// Loads the secret for a game and side, refusing one that others can read (unless it is a
/// published demo secret).
pub fn load(dir: &Path, game: &str, side: &str) -> Result<Secret, Error> {
    check_names(game, side)?;
    let p = path(dir, game, side);
    let secret = load_file(&p)?;
    if secret.game != game || secret.side != side {
        return Err(Error::Secrets {
            message: format!(
                "`{}` is not the {FORMAT} secret of `{game}` / `{side}`",
                p.display()
            ),
        });
    }
    Ok(secret)
}

/// Loads a secret from a file named directly (a witness keeps its secret where it likes),
/// refusing one that others can read (unless it is a published demo secret).
pub fn load_file(p: &Path) -> Result<Secret, Error> {
    let text = atomic::read_limited(p, 64 << 10)?;
    let secret: Secret = input::parse_yaml(&text, &format!("secret `{}`", p.display()))?;
    // Version 1 named no protocol, version 2 names one this adjutant knows.
    let shaped = match secret.format.as_str() {
        FORMAT => secret.protocol.is_some(),
        FORMAT_1 => secret.protocol.is_none(),
        _ => false,
    };
    if let Some(named) = secret.protocol.as_deref().filter(|_| shaped) {
        if !super::gamefile::DICE_PROTOCOLS.contains(&named) {
            return Err(Error::Secrets {
                message: format!(
                    "`{}` names dice protocol `{named}`, which this adjutant does not know ({})",
                    p.display(),
                    super::gamefile::DICE_PROTOCOLS.join(", ")
                ),
            });
        }
    }
    if !shaped {
        return Err(Error::Secrets {
            message: format!(
                "`{}` is not an {FORMAT} secret (naming its `protocol`) nor an {FORMAT_1} one (naming none)",
                p.display()
            ),
        });
    }
    check_names(&secret.game, &secret.side)?;
    // A secret that says it is a published demo must be one: the flag lets it be readable
    // by others, which a real secret must never be.
    if secret.demo
        && secret.seed != Secret::demo(&secret.game, &secret.side, secret.chain_length).seed
    {
        return Err(Error::Secrets {
            message: format!(
                "`{}` says `demo: true`, but its seed is not the published demo seed; a real secret may not skip the privacy check",
                p.display()
            ),
        });
    }
    #[cfg(unix)]
    if !secret.demo {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(p)
            .map(|m| m.permissions().mode())
            .unwrap_or(0);
        if mode & 0o077 != 0 {
            return Err(Error::Secrets {
                message: format!(
                    "`{}` can be read by other users (mode {:o}); run `chmod 600` on it",
                    p.display(),
                    mode & 0o777
                ),
            });
        }
        // Nor may others write in its folder, where they could put their own secret or an
        // emptied ledger in its place: the folder named, and the one it really lies in.
        check_folder(p)?;
        if let Ok(real) = std::fs::canonicalize(p) {
            check_folder(&real)?;
        }
    }
    Ok(secret)
}

/// Refuses a secret at `p` in a folder other users may write in: they could put another
/// secret, an emptied ledger or their own standing policies there (even a folder with the
/// sticky bit, as /tmp, lets them make the ledger before its owner does).
#[cfg(unix)]
fn check_folder(p: &Path) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    let folder = atomic::folder_of(p);
    let mode = std::fs::metadata(folder)
        .map(|m| m.permissions().mode())
        .unwrap_or(0);
    if mode & 0o022 == 0 {
        return Ok(());
    }
    Err(Error::Secrets {
        message: format!(
            "the folder `{}` holding the secret `{}` can be written by other users (mode {:o}), who could put another secret or ledger in its place; run `chmod 700` on it",
            folder.display(),
            p.display(),
            mode & 0o7777
        ),
    })
}

#[cfg(not(unix))]
fn check_folder(_p: &Path) -> Result<(), Error> {
    Ok(())
}

/// The standing policies a side has committed, kept as privately as its secret until each is
/// revealed (dice-protocol section 3.1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policies {
    pub format: String,
    pub game: String,
    pub side: String,
    pub policies: Vec<StoredPolicy>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredPolicy {
    pub commit: String,
    pub salt: String,
    pub policy: serde_json::Value,
}

pub const POLICIES_FORMAT: &str = "adjutant-policies/1";

pub fn policies_path(dir: &Path, game: &str, side: &str) -> PathBuf {
    dir.join(format!("{game}.{side}.policies.yaml"))
}

/// Stages the side's private list of policies (mode 0600) with a newly committed one added.
/// The caller holds the secret's lock.
pub fn stage_policy(
    staged: &mut Staged,
    dir: &Path,
    game: &str,
    side: &str,
    p: &crate::engine::record::PolicyReveal,
    commit: &str,
) -> Result<(), Error> {
    check_names(game, side)?;
    let path = policies_path(dir, game, side);
    let mut all = if path.exists() {
        read_policies(&path)?
    } else {
        Policies {
            format: POLICIES_FORMAT.into(),
            game: game.into(),
            side: side.into(),
            policies: Vec::new(),
        }
    };
    // The same orders and policy written again (after a run stopped once its packet was
    // out) commit to the same policy: it is kept once.
    if !all.policies.iter().any(|s| s.commit == commit) {
        all.policies.push(StoredPolicy {
            commit: commit.to_string(),
            salt: p.salt.clone(),
            policy: p.policy.clone(),
        });
    }
    let text = serde_yaml::to_string(&all).map_err(|e| Error::Encode(e.to_string()))?;
    let text = format!(
        "# adjutant standing policies: private until each is revealed in a result.\n{text}"
    );
    staged.add_kind(&path, text.as_bytes(), Kind::Private)
}

fn read_policies(path: &Path) -> Result<Policies, Error> {
    let text = atomic::read(path)?;
    input::parse_yaml(&text, &format!("policies `{}`", path.display()))
}

/// The committed policy with this commitment.
pub fn load_policy(
    dir: &Path,
    game: &str,
    side: &str,
    commit: &str,
) -> Result<crate::engine::record::PolicyReveal, Error> {
    let path = policies_path(dir, game, side);
    if !path.exists() {
        return Err(Error::Secrets {
            message: format!(
                "`{}` is missing: `{side}` committed a standing policy (`{commit}`) that this step reads, and only that file holds it; restore it from the backup of your secrets",
                path.display()
            ),
        });
    }
    let all = read_policies(&path)?;
    all.policies
        .into_iter()
        .find(|p| p.commit == commit)
        .map(|p| crate::engine::record::PolicyReveal {
            salt: p.salt,
            policy: p.policy,
        })
        .ok_or_else(|| Error::Secrets {
            message: format!(
                "`{}` holds no policy with commitment `{commit}`, which `{side}` sent",
                path.display()
            ),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// dice-protocol 3.1: a policy's salt is fixed by the secret and the element, and differs
    /// with either, so it can be made again by its owner alone.
    #[test]
    fn a_policy_salt_comes_from_the_seed_and_the_element() {
        let secret = |seed: &[u8]| Secret::from_seed("g", "crown", 16, &sha256(seed), false);
        let (a, b) = (secret(b"a"), secret(b"b"));
        assert_eq!(a.policy_salt(3).unwrap(), a.policy_salt(3).unwrap());
        assert_ne!(a.policy_salt(3).unwrap(), a.policy_salt(4).unwrap());
        assert_ne!(a.policy_salt(3).unwrap(), b.policy_salt(3).unwrap());
        // Nor is it any public value of the chain.
        for i in 0..16 {
            assert_ne!(a.policy_salt(3).unwrap(), a.element(i).unwrap());
        }
    }

    /// dice-protocol.md section 7: anchors and first reveals of game `kat-0001`, N = 16.
    #[test]
    fn known_answer_chains() {
        for (side, anchor, x1) in [
            (
                "crown",
                "1bb2c758fa0f88936e770663bf05c80bbfa71fc304dd1d9950086cdd65576bf7",
                "463486e303d23856f9358cf7ca670a2a1088af0221ae2889bc5d894b73141732",
            ),
            (
                "patriot",
                "134632ba1e4ff9244d423e0520fce76a25c10d431ffccdbc4febd8faeb8973aa",
                "3f2a04e58bc01e784ceabd6599fc17efde5f18da767e938b7cc226b4e4d538fa",
            ),
        ] {
            let seed = sha256(format!("adjutant kat seed {side}").as_bytes());
            let s = Secret::from_seed("kat-0001", side, 16, &seed, false);
            assert_eq!(to_hex(&s.anchor().unwrap()), anchor, "{side} anchor");
            let x1_got = s.element(1).unwrap();
            assert_eq!(to_hex(&x1_got), x1, "{side} x1");
            assert!(chain::reveal_is_valid(
                "kat-0001",
                side,
                1,
                &x1_got,
                &s.anchor().unwrap()
            ));
            // A reveal checked at the wrong index, or for the wrong side, fails.
            assert!(!chain::reveal_is_valid(
                "kat-0001",
                side,
                2,
                &x1_got,
                &s.anchor().unwrap()
            ));
            let other = if side == "crown" { "patriot" } else { "crown" };
            assert!(!chain::reveal_is_valid(
                "kat-0001",
                other,
                1,
                &x1_got,
                &s.anchor().unwrap()
            ));
        }
    }

    #[test]
    fn known_answer_step_key() {
        let seed = sha256(b"adjutant kat seed patriot");
        let x1 = Secret::from_seed("kat-0001", "patriot", 16, &seed, false)
            .element(1)
            .unwrap();
        let t1 =
            from_hex("822c6dbe963e7590f1b8585a3c0ffea9671965b18164953d1e9f18d66d0a9ce1").unwrap();
        assert_eq!(
            to_hex(&chain::step_key("kat-0001", 1, &t1, &x1)),
            "baddcf3cfcd19f3032f4401a3a2cea984afc47e3109fbb3dd7d910e4fd6c2fe3"
        );
    }

    /// The last element of a chain is its seed, from which the signing key comes too: it is
    /// never handed out, or anyone could sign as the side once the chain is used up.
    #[test]
    fn the_seed_is_never_handed_out_as_an_element() {
        let s = Secret::demo("g", "crown", 4);
        assert_eq!(
            chain::element("g", "crown", &s.seed().unwrap(), 4, 4),
            s.seed().unwrap(),
            "the last element is the seed itself"
        );
        assert!(s.element(3).is_ok());
        for i in [4, 5] {
            let err = s.element(i).unwrap_err().to_string();
            assert!(err.contains("used up"), "{i}: {err}");
        }
    }
}
