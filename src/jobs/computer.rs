//! The computer player's job: answers the games waiting for the computer
//! (`computer::run_once`) at start, whenever a move or a new game wakes it, and every
//! [`POLL_INTERVAL`] besides (a move made through another process on the same database).
//! The games are found in the database, so a restart finds the pending ones again; two
//! processes answering the same turn play one move (the second is refused on its ply).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::DbPool;
use crate::games::move_log::MoveLogCache;

/// How often the job looks for waiting games when nothing woke it.
pub const POLL_INTERVAL: Duration = Duration::from_secs(5);

pub struct ComputerJob {
    pub pool: DbPool,
    pub clock: SharedClock,
    pub config: Arc<Config>,
    pub move_logs: Arc<MoveLogCache>,
    /// Notified when mail was queued.
    pub mail_wakeup: Arc<Notify>,
    /// Notified after a move or a new game against the computer.
    pub wakeup: Arc<Notify>,
}

impl ComputerJob {
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                let (pool, clock, config, logs) = (
                    self.pool.clone(),
                    self.clock.clone(),
                    self.config.clone(),
                    self.move_logs.clone(),
                );
                let result = tokio::task::spawn_blocking(move || {
                    crate::computer::run_once(&pool, &*clock, &config, &logs, config.engine_threads)
                })
                .await;
                crate::metrics::METRICS.job_run("computer", matches!(result, Ok(Ok(_))));
                match result {
                    Ok(Ok(report)) => {
                        if report.changed() {
                            self.mail_wakeup.notify_one();
                            // Its move may have met a conditional answer or ended nothing:
                            // look again at once rather than after the interval.
                            continue;
                        }
                    }
                    Ok(Err(e)) => tracing::warn!(error = %e, "computer job failed"),
                    Err(e) => tracing::warn!(error = %e, "computer job task failed"),
                }
                let _ = tokio::time::timeout(POLL_INTERVAL, self.wakeup.notified()).await;
            }
        })
    }
}
