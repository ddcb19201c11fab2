//! Start-up shared by `plypost serve` and the test harness: open the database, migrate,
//! set up mail, start the mail job and the HTTP server.

use std::net::TcpListener;
use std::sync::Arc;

use anyhow::Context;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::db;
use crate::games::move_log::MoveLogCache;
use crate::jobs::cleanup::Cleanup;
use crate::jobs::computer::ComputerJob;
use crate::jobs::imap::ImapWatcher;
use crate::jobs::mail::MailWorker;
use crate::jobs::timeouts::ClockJob;
use crate::mail::Mailer;
use crate::web::{self, AppState};

const CLEANUP_INTERVAL: std::time::Duration = std::time::Duration::from_secs(3600);

pub struct Launched {
    pub state: AppState,
    /// The HTTP server; await it to run until stopped. `server.handle()` stops it.
    pub server: actix_web::dev::Server,
    /// The background jobs (mail delivery, cleanup, ...); abort them on shutdown.
    pub jobs: Vec<JoinHandle<()>>,
}

/// Must run inside an actix (tokio) runtime: it spawns the mail job.
pub async fn launch(
    config: Config,
    clock: SharedClock,
    listener: TcpListener,
    http_workers: usize,
) -> anyhow::Result<Launched> {
    // Migrations first, on a connection of their own: the pool and the jobs open their
    // connections only after them, so none meets a database the migration has locked.
    let url = config.database.clone();
    let startup_clock = clock.clone();
    let applied = tokio::task::spawn_blocking(move || {
        let mut conn = db::single_connection(&url)?;
        let applied = db::run_migrations(&mut conn)?;
        // One preset per built-in variant, with a new version if its definition changed.
        crate::presets::ensure_builtin_presets(&mut conn, &*startup_clock)?;
        // Planner statistics before the first query, while nothing else writes.
        db::refresh_statistics(&mut conn)?;
        Ok::<usize, db::DbError>(applied)
    })
    .await
    .context("migrating the database")??;
    if applied > 0 {
        tracing::info!(applied, "database migrated");
    }
    let pool = db::pool(&config.database, config.db_pool_size, config.db_timeout)
        .context("opening the database")?;
    let mailer = Mailer::from_config(&config)?;
    let move_logs = Arc::new(MoveLogCache::new(config.move_cache_bytes));
    let api_limits = Arc::new(crate::web::api::RateLimiter::new(
        config.api_requests_per_minute,
    ));
    let config_threads = config.engine_threads;
    let state = AppState {
        pool: pool.clone(),
        config: Arc::new(config),
        clock,
        mail_wakeup: Arc::new(Notify::new()),
        computer_wakeup: Arc::new(Notify::new()),
        renders: Arc::default(),
        move_logs,
        api_limits,
        heavy_work: Arc::default(),
        export_limits: Arc::new(crate::web::api::RateLimiter::with_window(
            crate::web::pages::logs::EXPORTS_PER_WINDOW,
            crate::web::pages::logs::EXPORT_WINDOW,
        )),
        engine_slots: Arc::new(tokio::sync::Semaphore::new(config_threads)),
        analysis_limits: Arc::new(crate::web::api::RateLimiter::new(
            crate::web::api::analysis::PER_MINUTE,
        )),
        bot_streams: Arc::new(crate::web::lichess::StreamRegistry::new(
            crate::web::lichess::StreamLimits::default(),
        )),
    };
    let mail_worker = MailWorker {
        pool: pool.clone(),
        clock: state.clock.clone(),
        mailer: Arc::new(mailer),
        wakeup: state.mail_wakeup.clone(),
        poll_interval: state.config.mail_poll_interval,
    }
    .spawn();
    let clock_job = ClockJob {
        pool: pool.clone(),
        clock: state.clock.clone(),
        config: state.config.clone(),
        mail_wakeup: state.mail_wakeup.clone(),
        interval: state.config.clock_job_interval,
    }
    .spawn();
    let cleanup = Cleanup {
        pool: pool.clone(),
        clock: state.clock.clone(),
        interval: CLEANUP_INTERVAL,
        retention: crate::jobs::cleanup::Retention::of(&state.config),
    }
    .spawn();
    let computer = ComputerJob {
        pool: state.pool.clone(),
        clock: state.clock.clone(),
        config: state.config.clone(),
        move_logs: state.move_logs.clone(),
        mail_wakeup: state.mail_wakeup.clone(),
        wakeup: state.computer_wakeup.clone(),
        engine_slots: state.engine_slots.clone(),
    }
    .spawn();
    let mut jobs = vec![mail_worker, cleanup, clock_job, computer];
    if let Some(url) = state.config.imap_url.clone() {
        jobs.push(
            ImapWatcher {
                url,
                pool: state.pool.clone(),
                clock: state.clock.clone(),
                config: state.config.clone(),
                move_logs: state.move_logs.clone(),
                mail_wakeup: state.mail_wakeup.clone(),
            }
            .spawn(),
        );
    }
    let server = web::start(state.clone(), listener, http_workers)?;
    Ok(Launched {
        state,
        server,
        jobs,
    })
}
