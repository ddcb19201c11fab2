//! Forgets what is no longer needed: old log-in attempts, expired reset tokens and
//! sessions, the bodies of sent mail and, later, their rows; gives the freed pages of the
//! SQLite file back to the file system; and keeps the planner's statistics current.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::accounts::{rate_limit, reset, sessions};
use crate::clock::SharedClock;
use crate::db::{DbConn, DbPool};
use crate::mail::outbox;

/// A sent mail's body is kept this long (for an operator looking into a complaint); only its
/// row stays after, for [`Retention::sent_mail_rows`].
pub const KEEP_SENT_BODIES: chrono::Duration = chrono::Duration::hours(1);

/// How long what the job forgets is kept.
#[derive(Debug, Clone, Copy)]
pub struct Retention {
    /// Rows of sent mail (`PLYPOST_KEEP_SENT_MAIL_DAYS`).
    pub sent_mail_rows: chrono::Duration,
}

impl Retention {
    pub fn of(config: &crate::config::Config) -> Retention {
        Retention {
            sent_mail_rows: chrono::Duration::days(config.keep_sent_mail_days),
        }
    }
}

pub struct Cleanup {
    pub pool: DbPool,
    pub clock: SharedClock,
    pub interval: Duration,
    pub retention: Retention,
}

impl Cleanup {
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move {
            // The server refreshed the statistics at start; the job does it on later runs.
            let mut first = true;
            loop {
                let (pool, clock) = (self.pool.clone(), self.clock.clone());
                let refresh = !std::mem::take(&mut first);
                let retention = self.retention;
                let result = tokio::task::spawn_blocking(move || {
                    let mut conn = pool.get().map_err(|e| e.to_string())?;
                    run_once(&mut conn, &clock, retention)?;
                    if refresh {
                        // Not at start, beside the server's own first writes.
                        let pages = crate::db::give_back_free_pages(&mut conn)
                            .map_err(|e| format!("vacuum: {e}"))?;
                        if pages > 0 {
                            tracing::info!(pages, "free pages given back");
                        }
                        crate::db::refresh_statistics(&mut conn)
                            .map_err(|e| format!("statistics: {e}"))?;
                    }
                    Ok::<(), String>(())
                })
                .await;
                match result {
                    Ok(Ok(())) => crate::metrics::METRICS.job_run("cleanup", true),
                    Ok(Err(e)) => {
                        crate::metrics::METRICS.job_run("cleanup", false);
                        tracing::warn!(error = %e, "cleanup failed");
                    }
                    Err(e) => tracing::warn!(error = %e, "cleanup task failed"),
                }
                tokio::time::sleep(self.interval).await;
            }
        })
    }
}

pub fn run_once(
    conn: &mut DbConn,
    clock: &SharedClock,
    retention: Retention,
) -> Result<(), String> {
    let now = clock.now_db();
    let attempts = rate_limit::purge_old(conn, now).map_err(|e| e.to_string())?;
    let resets = reset::purge_expired(conn, &**clock).map_err(|e| e.to_string())?
        + crate::accounts::verify::purge_expired(conn, &**clock).map_err(|e| e.to_string())?;
    let ended = sessions::purge_expired(conn, &**clock).map_err(|e| e.to_string())?;
    let bodies =
        outbox::drop_sent_bodies(conn, now - KEEP_SENT_BODIES).map_err(|e| e.to_string())?;
    let mails = outbox::purge_sent_before(conn, now - retention.sent_mail_rows)
        .map_err(|e| e.to_string())?;
    if attempts + resets + ended + bodies + mails > 0 {
        tracing::info!(
            attempts,
            resets,
            sessions = ended,
            bodies,
            mails,
            "cleaned up"
        );
    }
    Ok(())
}
