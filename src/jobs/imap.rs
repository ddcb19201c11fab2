//! The IMAP watcher: with `PLYPOST_IMAP_URL` set, `plypost serve` watches that mailbox for
//! replies with moves and hands each unseen message to the same handler as `plypost mail-in`
//! (`play::by_mail`). A message is flagged `\Seen` once handled; one that failed for a
//! passing reason (the database) stays unseen and is tried again. The handler also remembers
//! every message it handled, so a restart between handling and flagging plays nothing twice.
//!
//! It waits with IDLE when the server has it (a new message is handled within a second or
//! two), and polls every [`POLL_INTERVAL`] otherwise. A lost connection is opened again with
//! a growing pause.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use async_imap::Client;
use futures_util::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio::task::JoinHandle;
use url::Url;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::DbPool;
use crate::games::move_log::MoveLogCache;
use crate::play::by_mail::{self, Handled};

/// How often the mailbox is searched when the server has no IDLE.
pub const POLL_INTERVAL: Duration = Duration::from_secs(30);
/// IDLE is renewed before the 30 minutes after which servers may drop it (RFC 2177).
const IDLE_RENEWAL: Duration = Duration::from_secs(25 * 60);
const FIRST_PAUSE: Duration = Duration::from_secs(2);
const LONGEST_PAUSE: Duration = Duration::from_secs(300);
/// How long connecting and logging in may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

pub struct ImapWatcher {
    pub url: Url,
    pub pool: DbPool,
    pub clock: SharedClock,
    pub config: Arc<Config>,
    pub move_logs: Arc<MoveLogCache>,
    /// Notified when an answer was queued.
    pub mail_wakeup: Arc<Notify>,
}

/// Where to log in, read from the URL.
struct Mailbox {
    tls: bool,
    host: String,
    port: u16,
    user: String,
    password: String,
    name: String,
}

#[derive(Debug)]
struct WatchError(String);

impl fmt::Display for WatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for WatchError {
    fn from(e: E) -> Self {
        WatchError(e.to_string())
    }
}

impl ImapWatcher {
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move {
            let watcher = Arc::new(self);
            let mut pause = FIRST_PAUSE;
            loop {
                match watcher.watch().await {
                    Ok(()) => pause = FIRST_PAUSE,
                    Err(e) => {
                        tracing::warn!(error = %e, pause_secs = pause.as_secs(), "IMAP watcher: connecting again after a pause");
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(LONGEST_PAUSE);
                    }
                }
            }
        })
    }

    /// One connection: log in, then handle and wait until something fails.
    async fn watch(self: &Arc<Self>) -> Result<(), WatchError> {
        let mailbox = mailbox(&self.url)?;
        let tcp = tokio::time::timeout(
            CONNECT_TIMEOUT,
            TcpStream::connect((mailbox.host.as_str(), mailbox.port)),
        )
        .await
        .map_err(|_| WatchError(format!("no answer from {}", mailbox.host)))??;
        if mailbox.tls {
            let tls = tls_connect(&mailbox.host, tcp).await?;
            self.session(Client::new(tls), &mailbox).await
        } else {
            self.session(Client::new(tcp), &mailbox).await
        }
    }

    async fn session<T>(
        self: &Arc<Self>,
        mut client: Client<T>,
        mailbox: &Mailbox,
    ) -> Result<(), WatchError>
    where
        T: AsyncRead + AsyncWrite + Unpin + fmt::Debug + Send,
    {
        client
            .read_response()
            .await?
            .ok_or_else(|| WatchError("the server closed the connection at once".into()))?;
        let mut session = client
            .login(&mailbox.user, &mailbox.password)
            .await
            .map_err(|(e, _)| WatchError(format!("login as {}: {e}", mailbox.user)))?;
        session.select(&mailbox.name).await?;
        let idle = session.capabilities().await?.has_str("IDLE");
        tracing::info!(host = %mailbox.host, mailbox = %mailbox.name, idle, "IMAP watcher: watching");
        loop {
            while session.unsolicited_responses.try_recv().is_ok() {}
            let mut uids: Vec<u32> = session.uid_search("UNSEEN").await?.into_iter().collect();
            uids.sort_unstable();
            for uid in uids {
                let fetched: Vec<_> = session
                    .uid_fetch(uid.to_string(), "BODY.PEEK[]")
                    .await?
                    .try_collect()
                    .await?;
                let Some(raw) = fetched.iter().find_map(|f| f.body()).map(<[u8]>::to_vec) else {
                    continue;
                };
                // A failure here (the database) leaves the message unseen for the next try.
                self.handle(raw).await?;
                let _: Vec<_> = session
                    .uid_store(uid.to_string(), "+FLAGS (\\Seen)")
                    .await?
                    .try_collect()
                    .await?;
            }
            if idle {
                let mut handle = session.idle();
                handle.init().await?;
                let (wait, _stop) = handle.wait_with_timeout(IDLE_RENEWAL);
                wait.await?;
                session = handle.done().await?;
            } else {
                tokio::time::sleep(POLL_INTERVAL).await;
                session.noop().await?;
            }
        }
    }

    async fn handle(self: &Arc<Self>, raw: Vec<u8>) -> Result<(), WatchError> {
        let watcher = self.clone();
        let outcome = tokio::task::spawn_blocking(move || {
            let mut db = watcher.pool.get().map_err(|e| WatchError(e.to_string()))?;
            by_mail::handle(
                &mut db,
                &*watcher.clock,
                &watcher.config,
                &watcher.move_logs,
                &raw,
            )
            .map_err(|e| WatchError(e.to_string()))
        })
        .await?;
        crate::metrics::METRICS.job_run("imap", outcome.is_ok());
        let outcome = outcome?;
        match outcome {
            Handled::Dropped(reason) => tracing::info!(%reason, "inbound mail dropped"),
            Handled::Duplicate => tracing::info!("inbound mail handled before"),
            other => {
                tracing::info!(outcome = ?other, "inbound mail handled");
                self.mail_wakeup.notify_one();
            }
        }
        Ok(())
    }
}

fn mailbox(url: &Url) -> Result<Mailbox, WatchError> {
    let decode = |text: &str| {
        url::form_urlencoded::parse(format!("x={}", text.replace('+', "%2B")).as_bytes())
            .next()
            .map(|(_, value)| value.into_owned())
            .unwrap_or_default()
    };
    let tls = url.scheme() == "imaps";
    let name = decode(url.path().trim_start_matches('/'));
    Ok(Mailbox {
        tls,
        host: url
            .host_str()
            .ok_or_else(|| WatchError("PLYPOST_IMAP_URL has no host".into()))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
        port: url.port().unwrap_or(if tls { 993 } else { 143 }),
        user: decode(url.username()),
        password: decode(url.password().unwrap_or_default()),
        name: if name.is_empty() {
            "INBOX".into()
        } else {
            name
        },
    })
}

async fn tls_connect(
    host: &str,
    tcp: TcpStream,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, WatchError> {
    let mut roots = tokio_rustls::rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let config = tokio_rustls::rustls::ClientConfig::builder_with_provider(Arc::new(
        tokio_rustls::rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()?
    .with_root_certificates(roots)
    .with_no_client_auth();
    let name = tokio_rustls::rustls::pki_types::ServerName::try_from(host.to_owned())?;
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    Ok(connector.connect(name, tcp).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_url() {
        let url = Url::parse("imaps://moves%40example.org:p%40ss+w@mail.example.org/Moves%20In")
            .expect("url");
        let parsed = mailbox(&url).expect("mailbox");
        assert!(parsed.tls);
        assert_eq!(parsed.host, "mail.example.org");
        assert_eq!(parsed.port, 993);
        assert_eq!(parsed.user, "moves@example.org");
        assert_eq!(parsed.password, "p@ss+w");
        assert_eq!(parsed.name, "Moves In");
        let plain = mailbox(&Url::parse("imap://u:p@127.0.0.1:1143/").expect("url")).expect("mb");
        assert_eq!(
            (plain.tls, plain.port, plain.name.as_str()),
            (false, 1143, "INBOX")
        );
    }
}
