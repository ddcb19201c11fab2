//! The clock job: ends vacations whose allowance ran out, ends games on time, and sends
//! the reminders (`jobs::reminders`). `plypost serve` runs it at start and then every
//! `config.clock_job_interval` (a minute); tests call [`run_once`] with their own clock.
//!
//! Every step is idempotent and safe against other runners (several server processes on
//! one PostgreSQL): each change is a conditional update inside its own transaction, and
//! times are taken from the stored deadlines, not from when the job happens to run, so a
//! server that was down catches up with the same results.

use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use super::reminders;
use crate::clock::{Clock, SharedClock};
use crate::config::Config;
use crate::db::schema::games;
use crate::db::{Db, DbPool};
use crate::domain::GameStatus;
use crate::games::model::GameId;
use crate::games::GameError;

/// What one run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub vacations_ended: usize,
    pub timed_out: usize,
    pub reminders: usize,
}

pub struct ClockJob {
    pub pool: DbPool,
    pub clock: SharedClock,
    pub config: Arc<Config>,
    /// Notified when mail was queued.
    pub mail_wakeup: Arc<Notify>,
    pub interval: Duration,
}

impl ClockJob {
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                let (pool, clock, config) =
                    (self.pool.clone(), self.clock.clone(), self.config.clone());
                let result = tokio::task::spawn_blocking(move || {
                    let mut conn = pool.get().map_err(|e| e.to_string())?;
                    run_once(&mut conn, &*clock, &config).map_err(|e| e.to_string())
                })
                .await;
                crate::metrics::METRICS.job_run("clock", matches!(result, Ok(Ok(_))));
                match result {
                    Ok(Ok(report)) => {
                        if report.timed_out + report.reminders > 0 {
                            self.mail_wakeup.notify_one();
                        }
                        if report != Report::default() {
                            tracing::info!(?report, "clock job");
                        }
                    }
                    Ok(Err(e)) => tracing::warn!(error = %e, "clock job failed"),
                    Err(e) => tracing::warn!(error = %e, "clock job task failed"),
                }
                tokio::time::sleep(self.interval).await;
            }
        })
    }
}

/// One run: vacations first (their end moves deadlines), then time-outs, then reminders.
pub fn run_once(db: &mut Db, clock: &dyn Clock, config: &Config) -> Result<Report, GameError> {
    let vacations_ended = crate::games::vacations::end_due(db, clock.now_db())?;
    let timed_out = time_out_due(db, clock, config)?;
    let reminders = reminders::send_due(db, clock, config)?;
    crate::tournaments::start_due(db, clock, config)?;
    Ok(Report {
        vacations_ended,
        timed_out,
        reminders,
    })
}

/// Ends every game whose player to move has run out of time; returns how many this call
/// ended (a game another runner ended first does not count).
pub fn time_out_due(db: &mut Db, clock: &dyn Clock, config: &Config) -> Result<usize, GameError> {
    // deadline_at never runs ahead of the effective deadline, so this finds every
    // candidate; `time_out` checks vacations under the game's lock.
    let due: Vec<GameId> = games::table
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::deadline_at.le(clock.now_db()))
        .order(games::deadline_at)
        .select(games::id)
        .load(db.conn())?;
    let mut ended = 0;
    for id in due {
        match crate::play::time_out(db, clock, config, id) {
            Ok(true) => ended += 1,
            Ok(false) => {}
            // One damaged game must not hold up the others; it is retried next run.
            Err(e @ GameError::Corrupt(_)) => {
                tracing::error!(game = %id, error = %e, "cannot time out a game")
            }
            Err(e) => return Err(e),
        }
    }
    Ok(ended)
}
