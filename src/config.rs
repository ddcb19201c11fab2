//! All settings, read once at start from `PLYPOST_*` environment variables.
//!
//! Every setting has a default that works on a laptop. A bad value stops the start with an
//! error that names the variable.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::message::Mailbox;
use rand::RngCore;
use url::Url;

use crate::db::DatabaseUrl;

/// File name of the generated cookie key, kept next to the SQLite database.
pub const SECRET_FILE_NAME: &str = "plypost.secret";
/// The cookie key is derived from this many bytes at least.
pub const MIN_SECRET_LEN: usize = 32;
/// Beyond these, a typo rather than a plan.
const MAX_POOL_SIZE: u32 = 1_000;
/// 64 GB.
const MAX_MOVE_CACHE_MB: usize = 65_536;
const DEFAULT_MOVE_CACHE_MB: usize = 128;
const MAX_API_RATE_LIMIT: u32 = 100_000;
/// Enough for a bot that follows a few dozen games; a script that loops gets a 429.
const DEFAULT_API_RATE_LIMIT: u32 = 300;
const MAX_OPEN_CHALLENGES: i64 = 1_000;
const DEFAULT_OPEN_CHALLENGES: i64 = 10;

#[derive(Debug, thiserror::Error)]
#[error("{name}: {message}")]
pub struct ConfigError {
    pub name: &'static str,
    pub message: String,
}

impl ConfigError {
    fn new(name: &'static str, message: impl Into<String>) -> Self {
        Self {
            name,
            message: message.into(),
        }
    }
}

/// The key that signs and encrypts session cookies. Never printed.
#[derive(Clone)]
pub struct SecretKey(Vec<u8>);

impl SecretKey {
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    #[cfg(test)]
    pub fn for_tests(key: &[u8]) -> Self {
        Self(key.to_vec())
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// `PLYPOST_BIND`: address the HTTP server listens on.
    pub bind: SocketAddr,
    /// `PLYPOST_DATABASE_URL`: SQLite file path or `postgres://` URL.
    pub database: DatabaseUrl,
    /// `PLYPOST_BASE_URL`: public URL of the site, used for links in mail. No trailing slash.
    pub base_url: Url,
    /// `PLYPOST_SMTP_URL`: SMTP server; `None` writes mail as `.eml` files to `mail_dir`.
    pub smtp_url: Option<String>,
    /// `PLYPOST_MAIL_DIR`
    pub mail_dir: PathBuf,
    /// `PLYPOST_MAIL_FROM`
    pub mail_from: Mailbox,
    /// `PLYPOST_SECRET_KEY`, or the generated key file.
    pub secret_key: SecretKey,
    /// `PLYPOST_STATIC_DIR`
    pub static_dir: Option<PathBuf>,
    /// How often the mail job looks for due mail when nothing wakes it up.
    pub mail_poll_interval: Duration,
    /// How long the SMTP client waits for the server before the attempt counts as failed.
    pub smtp_timeout: Duration,
    /// How long a request waits for a database connection before it gets a 503.
    pub db_timeout: Duration,
    /// `PLYPOST_DATABASE_POOL`: database connections of this process (see
    /// [`default_pool_size`]).
    pub db_pool_size: u32,
    /// How often the clock job (vacations, time-outs, reminders) runs; it also runs at start.
    pub clock_job_interval: Duration,
    /// `PLYPOST_MOVE_CACHE_MB`: memory for the move lists of recent games, in bytes.
    pub move_cache_bytes: usize,
    /// `PLYPOST_API_RATE_LIMIT`: JSON API requests one account may make per minute (all its tokens together).
    pub api_requests_per_minute: u32,
    /// `PLYPOST_MAX_OPEN_CHALLENGES`: challenges one player may have waiting for an answer.
    pub max_open_challenges: i64,
    /// `PLYPOST_VERIFY_EMAIL` (`on`/`off`; default `on` with `PLYPOST_SMTP_URL`, always off
    /// with mail written to files): new and changed addresses get game mail and may send
    /// moves only once a mailed link confirms them.
    pub verify_email: bool,
    /// `PLYPOST_MAIL_REPLY_TO`: the address replies with moves go to (`moves@example.org`; a
    /// mail gets `moves+<token>@example.org`). Unset: no Reply-To, inbound mail is off.
    pub mail_reply_to: Option<ReplyAddress>,
    /// `PLYPOST_IMAP_URL`: the mailbox the server watches for replies
    /// (`imaps://user:password@host/INBOX`; `imap://` for a server on this machine).
    pub imap_url: Option<Url>,
    /// `PLYPOST_METRICS_TOKEN`: the bearer token that opens `/metrics` from other machines
    /// (from this machine it is open without one).
    pub metrics_token: Option<String>,
    /// `PLYPOST_TRUSTED_PROXIES`: addresses of reverse proxies whose `X-Forwarded-For` names
    /// the real client (for rate limits). Empty: the TCP peer is the client.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// `PLYPOST_ENGINE_THREADS`: how many computer players' searches run at once (games
    /// against the computer); default: the machine's cores less one, at least 1.
    pub engine_threads: usize,
    /// `PLYPOST_KEEP_SENT_MAIL_DAYS`: how long a sent mail's row is kept (it answers "did it
    /// go out?" and keeps reminders from going twice); its body goes an hour after sending.
    pub keep_sent_mail_days: i64,
    /// `PLYPOST_BOTS_RATED` (`on`/`off`, default `on`): whether bots may play rated games.
    pub bots_rated: bool,
    /// `PLYPOST_DEFAULT_LANGUAGE` (default `en`): the language of pages and mails for whoever
    /// has not chosen one and whose browser asks for none plypost speaks.
    pub default_language: crate::i18n::Lang,
}

/// The two halves of the reply address, lowercased (some mail servers lowercase local parts,
/// so tokens are lowercase too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyAddress {
    pub local: String,
    pub domain: String,
}

/// `PLYPOST_DEFAULT_LANGUAGE`: a language plypost has messages for (default `en`).
fn default_language(value: Option<String>) -> Result<crate::i18n::Lang, ConfigError> {
    let Some(tag) = value else {
        return Ok(crate::i18n::Lang::default());
    };
    crate::i18n::Lang::from_tag(&tag).ok_or_else(|| {
        let known: Vec<String> = crate::i18n::Lang::all().iter().map(|l| l.tag()).collect();
        ConfigError::new(
            "PLYPOST_DEFAULT_LANGUAGE",
            format!(
                "no messages for {tag:?}; plypost speaks {}",
                known.join(", ")
            ),
        )
    })
}

impl Config {
    /// The language of pages and mails for a player whose setting is `setting`: it, else
    /// the site's default.
    pub fn language_for(&self, setting: Option<&str>) -> crate::i18n::Lang {
        setting
            .and_then(crate::i18n::Lang::from_tag)
            .unwrap_or_else(|| self.default_language.clone())
    }

    /// Reads the process environment. May create the secret key file.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads settings through `lookup` (the environment, or a map in tests). Empty values count
    /// as unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        let bind_text = get("PLYPOST_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let bind: SocketAddr = bind_text.trim().parse().map_err(|_| {
            ConfigError::new(
                "PLYPOST_BIND",
                format!("`{bind_text}` is not an address like 127.0.0.1:8080"),
            )
        })?;

        let database_text = get("PLYPOST_DATABASE_URL").unwrap_or_else(|| "plypost.db".to_owned());
        let database = DatabaseUrl::parse(database_text.trim())
            .map_err(|message| ConfigError::new("PLYPOST_DATABASE_URL", message))?;

        let base_text = get("PLYPOST_BASE_URL").unwrap_or_else(|| format!("http://{bind}"));
        let base_url = parse_base_url(base_text.trim())
            .map_err(|message| ConfigError::new("PLYPOST_BASE_URL", message))?;

        let smtp_url = match get("PLYPOST_SMTP_URL") {
            None => None,
            Some(text) => {
                let text = text.trim().to_owned();
                check_smtp_url(&text).map_err(|m| ConfigError::new("PLYPOST_SMTP_URL", m))?;
                Some(text)
            }
        };

        let mail_dir = PathBuf::from(get("PLYPOST_MAIL_DIR").unwrap_or_else(|| "var/mail".into()));

        let from_text =
            get("PLYPOST_MAIL_FROM").unwrap_or_else(|| "plypost <plypost@localhost>".to_owned());
        let mail_from: Mailbox = from_text.trim().parse().map_err(|_| {
            ConfigError::new(
                "PLYPOST_MAIL_FROM",
                format!("`{from_text}` is not a mail address like `plypost <noreply@example.org>`"),
            )
        })?;

        let secret_key = match get("PLYPOST_SECRET_KEY") {
            Some(key) => {
                if key.len() < MIN_SECRET_LEN {
                    return Err(ConfigError::new(
                        "PLYPOST_SECRET_KEY",
                        format!("must be at least {MIN_SECRET_LEN} characters long"),
                    ));
                }
                SecretKey(key.into_bytes())
            }
            None => load_or_create_secret(&secret_file_for(&database))
                .map_err(|m| ConfigError::new("PLYPOST_SECRET_KEY", m))?,
        };

        // Unset: the files embedded in the binary.
        let static_dir = get("PLYPOST_STATIC_DIR").map(PathBuf::from);

        let db_pool_size = number_setting(
            "PLYPOST_DATABASE_POOL",
            get("PLYPOST_DATABASE_POOL"),
            1..=MAX_POOL_SIZE,
            "connections",
        )?
        .unwrap_or_else(|| default_pool_size(&database));
        let move_cache_mb = number_setting(
            "PLYPOST_MOVE_CACHE_MB",
            get("PLYPOST_MOVE_CACHE_MB"),
            0..=MAX_MOVE_CACHE_MB,
            "megabytes",
        )?
        .unwrap_or(DEFAULT_MOVE_CACHE_MB);
        let api_requests_per_minute = number_setting(
            "PLYPOST_API_RATE_LIMIT",
            get("PLYPOST_API_RATE_LIMIT"),
            1..=MAX_API_RATE_LIMIT,
            "requests per minute",
        )?
        .unwrap_or(DEFAULT_API_RATE_LIMIT);
        let verify_email = verify_email_setting(get("PLYPOST_VERIFY_EMAIL"), smtp_url.is_some())?;
        let max_open_challenges = number_setting(
            "PLYPOST_MAX_OPEN_CHALLENGES",
            get("PLYPOST_MAX_OPEN_CHALLENGES"),
            1..=MAX_OPEN_CHALLENGES,
            "challenges",
        )?
        .unwrap_or(DEFAULT_OPEN_CHALLENGES);

        let (mail_reply_to, imap_url, metrics_token) = inbound_and_metrics(&get)?;

        let trusted_proxies = trusted_proxies(get("PLYPOST_TRUSTED_PROXIES"))?;

        Ok(Config {
            bind,
            database,
            base_url,
            smtp_url,
            mail_dir,
            mail_from,
            secret_key,
            static_dir,
            mail_poll_interval: Duration::from_secs(5),
            smtp_timeout: Duration::from_secs(20),
            db_timeout: Duration::from_secs(10),
            db_pool_size,
            clock_job_interval: Duration::from_secs(60),
            move_cache_bytes: move_cache_mb * 1024 * 1024,
            api_requests_per_minute,
            max_open_challenges,
            verify_email,
            mail_reply_to,
            imap_url,
            metrics_token,
            trusted_proxies,
            engine_threads: engine_threads(get("PLYPOST_ENGINE_THREADS"))?,
            keep_sent_mail_days: keep_sent_mail_days(get("PLYPOST_KEEP_SENT_MAIL_DAYS"))?,
            bots_rated: on_off("PLYPOST_BOTS_RATED", get("PLYPOST_BOTS_RATED"), true)?,
            default_language: default_language(get("PLYPOST_DEFAULT_LANGUAGE"))?,
        })
    }

    /// Cookies get the `Secure` flag when the site is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.base_url.scheme() == "https"
    }

    /// An absolute link to `path` (which starts with `/`) for use in mail.
    pub fn absolute_url(&self, path: &str) -> String {
        let base = self.base_url.as_str().trim_end_matches('/');
        format!("{base}{path}")
    }

    /// Host name used on the right side of Message-IDs.
    pub fn mail_domain(&self) -> String {
        self.base_url.host_str().unwrap_or("localhost").to_owned()
    }
}

/// `PLYPOST_MAIL_REPLY_TO`, `PLYPOST_IMAP_URL` and `PLYPOST_METRICS_TOKEN`.
type InboundAndMetrics = (Option<ReplyAddress>, Option<Url>, Option<String>);

fn inbound_and_metrics(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<InboundAndMetrics, ConfigError> {
    let mail_reply_to = get("PLYPOST_MAIL_REPLY_TO")
        .map(|text| parse_reply_address(text.trim()))
        .transpose()
        .map_err(|m| ConfigError::new("PLYPOST_MAIL_REPLY_TO", m))?;
    let imap_url = get("PLYPOST_IMAP_URL")
        .map(|text| parse_imap_url(text.trim()))
        .transpose()
        .map_err(|m| ConfigError::new("PLYPOST_IMAP_URL", m))?;
    if imap_url.is_some() && mail_reply_to.is_none() {
        return Err(ConfigError::new(
            "PLYPOST_IMAP_URL",
            "needs PLYPOST_MAIL_REPLY_TO: without a reply address no mail carries a token"
                .to_owned(),
        ));
    }

    let metrics_token = get("PLYPOST_METRICS_TOKEN").map(|t| t.trim().to_owned());
    if metrics_token.as_ref().is_some_and(|t| t.len() < 16) {
        return Err(ConfigError::new(
            "PLYPOST_METRICS_TOKEN",
            "must be at least 16 characters long".to_owned(),
        ));
    }
    Ok((mail_reply_to, imap_url, metrics_token))
}

/// `moves@example.org`: one plain address without a `+` (the token goes after it).
fn parse_reply_address(text: &str) -> Result<ReplyAddress, String> {
    let bad = || format!("`{text}` is not a plain address like moves@example.org");
    let (local, domain) = text.rsplit_once('@').ok_or_else(bad)?;
    let local_ok = !local.is_empty()
        && local.len() <= 24
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    let domain_ok = !domain.is_empty()
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'));
    if !local_ok || !domain_ok {
        return Err(format!(
            "{} (the part before @ at most 24 letters, digits, dots, dashes or underscores, \
             and no `+`: the token is added after one)",
            bad()
        ));
    }
    Ok(ReplyAddress {
        local: local.to_ascii_lowercase(),
        domain: domain.to_ascii_lowercase(),
    })
}

/// `imaps://user:password@host[:port]/MAILBOX` (or `imap://`).
fn parse_imap_url(text: &str) -> Result<Url, String> {
    let url = Url::parse(text).map_err(|e| format!("`{text}` is not a URL: {e}"))?;
    if !matches!(url.scheme(), "imap" | "imaps") {
        return Err("must start with imaps:// (or imap:// for a server on this machine)".into());
    }
    if url.host_str().is_none() || url.username().is_empty() || url.password().is_none() {
        return Err(
            "must name the user, password and host: imaps://user:password@host/INBOX".into(),
        );
    }
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    if url.scheme() == "imap" && !loopback {
        return Err("imap:// sends the password in clear: use imaps:// for another machine".into());
    }
    Ok(url)
}

/// Database connections per server process when `PLYPOST_DATABASE_POOL` is not set.
/// Connections are handed out first come, first served, so a request that finds none free
/// waits in line (measured on 2 cores with PostgreSQL on the same machine, BENCHMARKS.md).
///
/// * PostgreSQL: each connection is a server process competing for the same cores; on a
///   small machine that also runs the database, few connections gave the shortest tails.
///   With the database on a machine of its own, more may serve better.
/// * SQLite: a connection is a file handle and a page cache of at most 2 MB. A move keeps
///   its connection while it queues for the single writer, so the pool is larger than the
///   number of clients expected at once.
pub fn default_pool_size(database: &DatabaseUrl) -> u32 {
    match database {
        DatabaseUrl::Postgres(_) => 4,
        DatabaseUrl::Sqlite(_) => 48,
    }
}

/// A whole number of `unit` within `range`, or `None` when the setting is unset.
/// `PLYPOST_TRUSTED_PROXIES`: a comma-separated list of IP addresses; unset: none.
fn trusted_proxies(text: Option<String>) -> Result<Vec<std::net::IpAddr>, ConfigError> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|part| {
            part.trim().parse::<std::net::IpAddr>().map_err(|_| {
                ConfigError::new(
                    "PLYPOST_TRUSTED_PROXIES",
                    format!(
                        "`{}` is not an IP address (a list like 127.0.0.1,::1)",
                        part.trim()
                    ),
                )
            })
        })
        .collect()
}

/// The most searches for the computer player at once.
const MAX_ENGINE_THREADS: usize = 256;

/// `PLYPOST_ENGINE_THREADS`, or the cores less one (at least 1): the HTTP server keeps a
/// core while the computer thinks.
fn engine_threads(text: Option<String>) -> Result<usize, ConfigError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Ok(number_setting(
        "PLYPOST_ENGINE_THREADS",
        text,
        1..=MAX_ENGINE_THREADS,
        "threads",
    )?
    .unwrap_or_else(|| cores.saturating_sub(1).max(1)))
}

/// Sent mail rows are kept a month by default.
const DEFAULT_KEEP_SENT_MAIL_DAYS: i64 = 30;

fn keep_sent_mail_days(text: Option<String>) -> Result<i64, ConfigError> {
    Ok(
        number_setting("PLYPOST_KEEP_SENT_MAIL_DAYS", text, 1..=3650, "days")?
            .unwrap_or(DEFAULT_KEEP_SENT_MAIL_DAYS),
    )
}

fn number_setting<T>(
    name: &'static str,
    text: Option<String>,
    range: std::ops::RangeInclusive<T>,
    unit: &str,
) -> Result<Option<T>, ConfigError>
where
    T: std::str::FromStr + PartialOrd + fmt::Display,
{
    let Some(text) = text else {
        return Ok(None);
    };
    match text.trim().parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(ConfigError::new(
            name,
            format!(
                "`{text}` is not a number of {unit} from {} to {}",
                range.start(),
                range.end()
            ),
        )),
    }
}

fn parse_base_url(text: &str) -> Result<Url, String> {
    let url = Url::parse(text).map_err(|e| format!("`{text}` is not a URL: {e}"))?;
    if url.scheme() != "http" && url.scheme() != "https" {
        return Err(format!("`{text}` must start with http:// or https://"));
    }
    if url.host_str().is_none() {
        return Err(format!("`{text}` has no host"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(format!("`{text}` must not have a query or fragment"));
    }
    Ok(url)
}

/// `PLYPOST_VERIFY_EMAIL`: `on` (the default) confirms addresses when mail really goes out
/// (`smtp`); `off` never does.
fn verify_email_setting(value: Option<String>, smtp: bool) -> Result<bool, ConfigError> {
    match value.as_deref().map(str::trim) {
        None | Some("") | Some("on") => Ok(smtp),
        Some("off") => Ok(false),
        Some(other) => Err(ConfigError::new(
            "PLYPOST_VERIFY_EMAIL",
            format!("`{other}` is neither `on` nor `off`"),
        )),
    }
}

/// An `on`/`off` setting; `default` when unset or empty.
fn on_off(name: &'static str, value: Option<String>, default: bool) -> Result<bool, ConfigError> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(default),
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(ConfigError::new(
            name,
            format!("`{other}` is neither `on` nor `off`"),
        )),
    }
}

fn check_smtp_url(text: &str) -> Result<(), String> {
    let url = Url::parse(text).map_err(|e| format!("`{text}` is not a URL: {e}"))?;
    match url.scheme() {
        "smtp" | "smtps" => {}
        other => return Err(format!("scheme `{other}` is not smtp:// or smtps://")),
    }
    if url.host_str().is_none() {
        return Err("the URL has no host".to_owned());
    }
    Ok(())
}

/// The generated key lives next to the SQLite file; with PostgreSQL, in the working directory.
fn secret_file_for(database: &DatabaseUrl) -> PathBuf {
    match database {
        DatabaseUrl::Sqlite(path) => {
            let dir = Path::new(path)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from("."));
            dir.join(SECRET_FILE_NAME)
        }
        DatabaseUrl::Postgres(_) => PathBuf::from(SECRET_FILE_NAME),
    }
}

fn load_or_create_secret(path: &Path) -> Result<SecretKey, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let key = text.trim().to_owned();
            if key.len() < MIN_SECRET_LEN {
                return Err(format!(
                    "the key file {} is shorter than {MIN_SECRET_LEN} characters; delete it to generate a new one",
                    path.display()
                ));
            }
            Ok(SecretKey(key.into_bytes()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut bytes = [0u8; 64];
            rand::rngs::OsRng.fill_bytes(&mut bytes);
            let key = hex::encode(bytes);
            if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            write_private(path, key.as_bytes())
                .map_err(|e| format!("cannot write the key file {}: {e}", path.display()))?;
            tracing::info!(path = %path.display(), "generated a new cookie key");
            Ok(SecretKey(key.into_bytes()))
        }
        Err(e) => Err(format!("cannot read the key file {}: {e}", path.display())),
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_confirmed_only_when_mail_really_goes_out() {
        let on = |v: Option<&str>, smtp| verify_email_setting(v.map(str::to_owned), smtp);
        assert!(on(None, true).unwrap());
        assert!(on(Some("on"), true).unwrap());
        assert!(!on(Some("off"), true).unwrap());
        assert!(!on(None, false).unwrap(), "mail written to files");
        assert!(!on(Some("on"), false).unwrap());
        let err = on(Some("yes"), true).unwrap_err().to_string();
        assert!(
            err.contains("PLYPOST_VERIFY_EMAIL") && err.contains("yes"),
            "{err}"
        );
    }
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    const KEY: (&str, &str) = ("PLYPOST_SECRET_KEY", "0123456789abcdef0123456789abcdef");

    #[test]
    fn defaults_work() {
        let c = config(&[KEY]).unwrap();
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database, DatabaseUrl::Sqlite("plypost.db".into()));
        assert_eq!(c.base_url.as_str(), "http://127.0.0.1:8080/");
        assert!(c.smtp_url.is_none());
        assert_eq!(c.mail_dir, PathBuf::from("var/mail"));
        assert_eq!(c.move_cache_bytes, 128 * 1024 * 1024);
        assert_eq!(c.db_pool_size, 48);
        let pg = config(&[KEY, ("PLYPOST_DATABASE_URL", "postgres://u@h/db")]).unwrap();
        assert_eq!(pg.db_pool_size, 4);
        let sized = config(&[KEY, ("PLYPOST_DATABASE_POOL", "12")]).unwrap();
        assert_eq!(sized.db_pool_size, 12);
        assert!(!c.secure_cookies());
        assert_eq!(
            c.absolute_url("/login"),
            "http://127.0.0.1:8080/login".to_owned()
        );
    }

    #[test]
    fn reply_address_and_mailbox() {
        let reply = ("PLYPOST_MAIL_REPLY_TO", "Moves@Example.org");
        let c = config(&[KEY, reply]).unwrap();
        assert_eq!(
            c.mail_reply_to,
            Some(ReplyAddress {
                local: "moves".into(),
                domain: "example.org".into()
            })
        );
        let imap = (
            "PLYPOST_IMAP_URL",
            "imaps://moves:secret@mail.example.org/INBOX",
        );
        assert!(config(&[KEY, reply, imap]).unwrap().imap_url.is_some());
        let local = (
            "PLYPOST_IMAP_URL",
            "imap://moves:secret@127.0.0.1:1143/INBOX",
        );
        assert!(config(&[KEY, reply, local]).unwrap().imap_url.is_some());
        for (vars, name) in [
            (
                vec![KEY, ("PLYPOST_MAIL_REPLY_TO", "moves+x@example.org")],
                "PLYPOST_MAIL_REPLY_TO",
            ),
            (
                vec![KEY, ("PLYPOST_MAIL_REPLY_TO", "no-at-sign")],
                "PLYPOST_MAIL_REPLY_TO",
            ),
            (vec![KEY, imap], "PLYPOST_IMAP_URL"),
            (
                vec![
                    KEY,
                    reply,
                    ("PLYPOST_IMAP_URL", "imap://u:p@mail.example.org/"),
                ],
                "PLYPOST_IMAP_URL",
            ),
            (
                vec![
                    KEY,
                    reply,
                    ("PLYPOST_IMAP_URL", "imaps://mail.example.org/"),
                ],
                "PLYPOST_IMAP_URL",
            ),
            (
                vec![KEY, reply, ("PLYPOST_IMAP_URL", "pop3://u:p@h/")],
                "PLYPOST_IMAP_URL",
            ),
        ] {
            let err = config(&vars).unwrap_err();
            assert_eq!(err.name, name, "{vars:?}: {}", err.message);
        }
    }

    #[test]
    fn bad_settings_name_the_variable() {
        for (name, value) in [
            ("PLYPOST_BIND", "nowhere"),
            ("PLYPOST_DATABASE_URL", "mysql://x/y"),
            ("PLYPOST_BASE_URL", "ftp://example.org"),
            ("PLYPOST_SMTP_URL", "http://mail"),
            ("PLYPOST_MAIL_FROM", "not an address"),
            ("PLYPOST_SECRET_KEY", "short"),
            ("PLYPOST_DATABASE_POOL", "0"),
            ("PLYPOST_DATABASE_POOL", "many"),
            ("PLYPOST_MOVE_CACHE_MB", "lots"),
            ("PLYPOST_MOVE_CACHE_MB", "-1"),
            ("PLYPOST_MOVE_CACHE_MB", "70000"),
        ] {
            let err = if name == "PLYPOST_SECRET_KEY" {
                config(&[(name, value)]).unwrap_err()
            } else {
                config(&[KEY, (name, value)]).unwrap_err()
            };
            assert_eq!(err.name, name);
            assert!(err.to_string().starts_with(name), "{err}");
        }
    }

    #[test]
    fn engine_threads_default_to_the_cores_less_one() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let c = config(&[KEY]).unwrap();
        assert_eq!(c.engine_threads, cores.saturating_sub(1).max(1));
        let c = config(&[KEY, ("PLYPOST_ENGINE_THREADS", "3")]).unwrap();
        assert_eq!(c.engine_threads, 3);
        for bad in ["0", "many", "-2"] {
            let err = config(&[KEY, ("PLYPOST_ENGINE_THREADS", bad)]).unwrap_err();
            assert_eq!(err.name, "PLYPOST_ENGINE_THREADS");
        }
    }

    #[test]
    fn move_cache_is_set_in_megabytes() {
        let c = config(&[KEY, ("PLYPOST_MOVE_CACHE_MB", " 16 ")]).unwrap();
        assert_eq!(c.move_cache_bytes, 16 * 1024 * 1024);
        let off = config(&[KEY, ("PLYPOST_MOVE_CACHE_MB", "0")]).unwrap();
        assert_eq!(off.move_cache_bytes, 0);
    }

    #[test]
    fn https_base_url_makes_cookies_secure() {
        let c = config(&[KEY, ("PLYPOST_BASE_URL", "https://plypost.example")]).unwrap();
        assert!(c.secure_cookies());
        assert_eq!(c.mail_domain(), "plypost.example");
    }

    #[test]
    fn secret_is_generated_once_next_to_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("sub").join("p.db");
        let vars = [("PLYPOST_DATABASE_URL", db.to_str().unwrap())];
        let first = config(&vars).unwrap();
        let file = dir.path().join("sub").join(SECRET_FILE_NAME);
        assert!(file.exists());
        let second = config(&vars).unwrap();
        assert_eq!(first.secret_key.as_bytes(), second.secret_key.as_bytes());
        assert!(first.secret_key.as_bytes().len() >= MIN_SECRET_LEN);
    }
}
