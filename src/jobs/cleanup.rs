//! Forgets what is no longer needed: old log-in attempts, expired reset tokens and
//! sessions, mail sent long ago; and keeps the planner's statistics current.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::accounts::{rate_limit, reset, sessions};
use crate::clock::SharedClock;
use crate::db::{DbConn, DbPool};
use crate::mail::outbox;

/// Sent mail is kept this long (to answer "did it go out?").
pub const KEEP_SENT_MAIL: chrono::Duration = chrono::Duration::days(30);

pub struct Cleanup {
    pub pool: DbPool,
    pub clock: SharedClock,
    pub interval: Duration,
}

impl Cleanup {
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move {
            // The server refreshed the statistics at start; the job does it on later runs.
            let mut first = true;
            loop {
                let (pool, clock) = (self.pool.clone(), self.clock.clone());
                let refresh = !std::mem::take(&mut first);
                let result = tokio::task::spawn_blocking(move || {
                    let mut conn = pool.get().map_err(|e| e.to_string())?;
                    run_once(&mut conn, &clock)?;
                    if refresh {
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

pub fn run_once(conn: &mut DbConn, clock: &SharedClock) -> Result<(), String> {
    let now = clock.now_db();
    let attempts = rate_limit::purge_old(conn, now).map_err(|e| e.to_string())?;
    let resets = reset::purge_expired(conn, &**clock).map_err(|e| e.to_string())?
        + crate::accounts::verify::purge_expired(conn, &**clock).map_err(|e| e.to_string())?;
    let ended = sessions::purge_expired(conn, &**clock).map_err(|e| e.to_string())?;
    let mails = outbox::purge_sent_before(conn, now - KEEP_SENT_MAIL).map_err(|e| e.to_string())?;
    if attempts + resets + ended + mails > 0 {
        tracing::info!(attempts, resets, sessions = ended, mails, "cleaned up");
    }
    Ok(())
}
