//! The server's counters for `/metrics` (Prometheus text format, from the `prometheus`
//! crate). One registry per process; services count what they do through [`METRICS`].
//! A gauge that needs the database (the oldest mail waiting) is set when `/metrics` is read.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, Gauge, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, Opts,
    Registry, TextEncoder,
};

pub struct Metrics {
    registry: Registry,
    pub http_requests: IntCounterVec,
    pub http_duration: HistogramVec,
    pub moves: IntCounter,
    pub mail_queued: IntCounter,
    pub mail_sent: IntCounter,
    pub mail_failed: IntCounter,
    pub mail_oldest_waiting: Gauge,
    pub db_pool_wait: Histogram,
    pub job_runs: IntCounterVec,
}

/// The process's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// Seconds buckets from 1 ms to 10 s.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

impl Metrics {
    fn new() -> Self {
        let registry = Registry::new();
        let counter = |name: &str, help: &str| {
            let c = IntCounter::new(name, help).unwrap_or_else(|e| unreachable!("{name}: {e}"));
            register(&registry, Box::new(c.clone()));
            c
        };
        let http_requests = IntCounterVec::new(
            Opts::new("plypost_http_requests_total", "HTTP requests answered"),
            &["route", "method", "status"],
        )
        .unwrap_or_else(|e| unreachable!("{e}"));
        register(&registry, Box::new(http_requests.clone()));
        let http_duration = HistogramVec::new(
            HistogramOpts::new(
                "plypost_http_request_duration_seconds",
                "Time to answer an HTTP request",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["route", "method"],
        )
        .unwrap_or_else(|e| unreachable!("{e}"));
        register(&registry, Box::new(http_duration.clone()));
        let mail_oldest_waiting = Gauge::new(
            "plypost_mail_oldest_waiting_seconds",
            "Age of the oldest mail waiting to be sent (0 when none waits)",
        )
        .unwrap_or_else(|e| unreachable!("{e}"));
        register(&registry, Box::new(mail_oldest_waiting.clone()));
        let db_pool_wait = Histogram::with_opts(
            HistogramOpts::new(
                "plypost_db_pool_wait_seconds",
                "Time a request waited for a database connection",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
        )
        .unwrap_or_else(|e| unreachable!("{e}"));
        register(&registry, Box::new(db_pool_wait.clone()));
        let job_runs = IntCounterVec::new(
            Opts::new("plypost_job_runs_total", "Runs of the background jobs"),
            &["job", "outcome"],
        )
        .unwrap_or_else(|e| unreachable!("{e}"));
        register(&registry, Box::new(job_runs.clone()));
        Metrics {
            moves: counter("plypost_moves_total", "Moves played"),
            mail_queued: counter("plypost_mail_queued_total", "Mails queued"),
            mail_sent: counter("plypost_mail_sent_total", "Mails sent"),
            mail_failed: counter(
                "plypost_mail_failed_total",
                "Delivery attempts that failed (each is retried until the message is marked failed)",
            ),
            registry,
            http_requests,
            http_duration,
            mail_oldest_waiting,
            db_pool_wait,
            job_runs,
        }
    }

    /// Counts a run of a background job: `outcome` is `ok` or `error`.
    pub fn job_run(&self, job: &str, ok: bool) {
        self.job_runs
            .with_label_values(&[job, if ok { "ok" } else { "error" }])
            .inc();
    }

    pub fn pool_wait(&self, waited: Duration) {
        self.db_pool_wait.observe(waited.as_secs_f64());
    }

    /// Everything, in the Prometheus text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        if let Err(e) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::error!(error = %e, "metrics could not be written");
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

fn register(registry: &Registry, collector: Box<dyn prometheus::core::Collector>) {
    // Every name is registered once, here: a failure would be a programming error.
    if let Err(e) = registry.register(collector) {
        tracing::error!(error = %e, "metric not registered");
    }
}
