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
    /// The server's engine slots (`PLYPOST_ENGINE_THREADS`), shared with the analyses: the
    /// job searches with the slots it holds, so both together never exceed them.
    pub engine_slots: Arc<tokio::sync::Semaphore>,
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
                let Some(slots) = self.slots_for_waiting_games().await else {
                    let _ = tokio::time::timeout(POLL_INTERVAL, self.wakeup.notified()).await;
                    continue;
                };
                let threads = slots.num_permits();
                let result = tokio::task::spawn_blocking(move || {
                    let _held = slots;
                    crate::computer::run_once(&pool, &*clock, &config, &logs, threads)
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

    /// When some game waits for the computer: the engine slots free now, at least one
    /// (waiting for it if the analyses hold them all). `None` when no game waits.
    async fn slots_for_waiting_games(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        let pool = self.pool.clone();
        let waiting = tokio::task::spawn_blocking(move || {
            let mut conn = pool
                .get()
                .map_err(|e| tracing::warn!(error = %e, "computer job: no connection"))
                .ok()?;
            crate::computer::pending(&mut conn)
                .map_err(|e| tracing::warn!(error = %e, "computer job: waiting games not read"))
                .ok()
        })
        .await
        .ok()
        .flatten()
        .map_or(0, |games| games.len());
        if waiting == 0 {
            return None;
        }
        let mut held = self.engine_slots.clone().acquire_owned().await.ok()?;
        let more = self
            .engine_slots
            .available_permits()
            .min(waiting.saturating_sub(1));
        if let Ok(extra) = self
            .engine_slots
            .clone()
            .try_acquire_many_owned(more as u32)
        {
            held.merge(extra);
        }
        Some(held)
    }
}
