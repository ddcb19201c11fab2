//! Delivers queued mail: claim due rows, send each, record the outcomes (one transaction per
//! batch). Failed attempts are retried with exponential back-off (see
//! `mail::outbox::backoff`).

use crate::metrics::METRICS;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::clock::SharedClock;
use crate::db::DbPool;
use crate::games::board_image::MailPicture;
use crate::mail::outbox::{self, Delivery};
use crate::mail::{MailError, Mailer};

/// Rows claimed per round.
const BATCH: i64 = 20;

/// How long a wake-up waits for more mail to be queued before a round starts.
const COALESCE: Duration = Duration::from_millis(50);

#[derive(Clone)]
pub struct MailWorker {
    pub pool: DbPool,
    pub clock: SharedClock,
    pub mailer: Arc<Mailer>,
    /// Notified after mail is queued, so it goes out without waiting for the next poll.
    pub wakeup: Arc<Notify>,
    pub poll_interval: Duration,
}

impl MailWorker {
    /// Starts the delivery loop on the current tokio runtime.
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move { self.run().await })
    }

    async fn run(self) {
        loop {
            let round = self.deliver_due().await;
            METRICS.job_run("mail", round.is_ok());
            match round {
                Ok(0) => {}
                Ok(n) => tracing::debug!(count = n, "mail round done"),
                Err(e) => tracing::warn!(error = %e, "mail round failed"),
            }
            tokio::select! {
                _ = tokio::time::sleep(self.poll_interval) => {}
                _ = self.wakeup.notified() => {
                    // Mail is not urgent to the millisecond: let a burst of moves queue its
                    // mails, then claim and record them together.
                    tokio::time::sleep(COALESCE).await;
                }
            }
        }
    }

    /// One round: delivers every due message; returns how many were attempted.
    pub async fn deliver_due(&self) -> Result<usize, MailError> {
        let mut attempted = 0;
        loop {
            let (token, rows) = self
                .blocking(move |pool, clock| {
                    let mut conn = pool.get().map_err(|e| MailError::Pool(e.to_string()))?;
                    outbox::claim_due(&mut conn, clock.now_db(), BATCH)
                })
                .await?;
            if rows.is_empty() {
                return Ok(attempted);
            }
            let full_batch = rows.len() as i64 == BATCH;
            let keys: Vec<Option<String>> = rows.iter().map(|r| r.inline_image.clone()).collect();
            let images = self
                .blocking(move |pool, _| {
                    let mut conn = pool.get().map_err(|e| MailError::Pool(e.to_string()))?;
                    Ok(keys
                        .iter()
                        .map(|key| draw_picture(&mut conn, key.as_deref()))
                        .collect::<Vec<_>>())
                })
                .await?;
            let mut outcomes = Vec::with_capacity(rows.len());
            for (row, image) in rows.into_iter().zip(images) {
                attempted += 1;
                let delivery = match self.mailer.send(&row, image).await {
                    Ok(()) => {
                        tracing::info!(id = %row.id, kind = %row.kind, "mail sent");
                        METRICS.mail_sent.inc();
                        Delivery::Sent
                    }
                    Err(e) => {
                        METRICS.mail_failed.inc();
                        tracing::warn!(id = %row.id, attempt = row.attempts + 1, error = %e, "mail not sent; will retry");
                        Delivery::Failed(e.to_string())
                    }
                };
                outcomes.push((row.id, delivery));
            }
            self.blocking(move |pool, clock| {
                let mut conn = pool.get().map_err(|e| MailError::Pool(e.to_string()))?;
                outbox::record_all(&mut conn, &token, clock.now_db(), &outcomes)
            })
            .await?;
            if !full_batch {
                return Ok(attempted);
            }
        }
    }

    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&DbPool, &SharedClock) -> Result<T, MailError> + Send + 'static,
    ) -> Result<T, MailError> {
        let pool = self.pool.clone();
        let clock = self.clock.clone();
        tokio::task::spawn_blocking(move || f(&pool, &clock))
            .await
            .map_err(|e| MailError::Pool(format!("blocking task: {e}")))?
    }
}

/// The board picture a mail asks for, drawn now; `None` (and a log line) when it cannot be
/// drawn, say when its game was deleted: the mail then goes as plain text.
fn draw_picture(conn: &mut crate::db::DbConn, key: Option<&str>) -> Option<Vec<u8>> {
    let key = key?;
    let Some(picture) = MailPicture::from_key(key) else {
        tracing::warn!(key, "mail picture: unknown key");
        return None;
    };
    match picture.render(conn) {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::warn!(key, error = %e, "mail picture not drawn; sending the text only");
            None
        }
    }
}
