//! The time source. Services ask the clock in `AppState` for "now" instead of calling
//! `Utc::now()`, so tests can move time forward (expiry, rate limits, time controls).

use std::sync::{Arc, Mutex};

use chrono::{DateTime, NaiveDateTime, SubsecRound, Utc};

pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;

    /// "Now" as stored in the database: a naive UTC timestamp, to the microsecond
    /// (PostgreSQL keeps no more), so that a value kept in memory equals the one read back.
    fn now_db(&self) -> NaiveDateTime {
        self.now().naive_utc().trunc_subsecs(6)
    }
}

pub type SharedClock = Arc<dyn Clock>;

/// The wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that only moves when told to. For tests.
#[derive(Debug)]
pub struct TestClock {
    now: Mutex<DateTime<Utc>>,
}

impl TestClock {
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            now: Mutex::new(start),
        }
    }

    /// Starts at the current wall-clock time.
    pub fn starting_now() -> Self {
        Self::new(Utc::now())
    }

    pub fn set(&self, to: DateTime<Utc>) {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *now = to;
    }

    pub fn advance(&self, by: chrono::Duration) {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *now += by;
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        *self
            .now
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_clock_moves_only_when_told() {
        let start = Utc::now();
        let clock = TestClock::new(start);
        assert_eq!(clock.now(), start);
        clock.advance(chrono::Duration::minutes(5));
        assert_eq!(clock.now(), start + chrono::Duration::minutes(5));
        assert_eq!(
            clock.now_db(),
            (start + chrono::Duration::minutes(5))
                .naive_utc()
                .trunc_subsecs(6)
        );
    }

    #[test]
    fn database_time_is_whole_microseconds() {
        let clock = TestClock::new(
            DateTime::from_timestamp(1_700_000_000, 123_456_789).expect("a valid time"),
        );
        assert_eq!(
            clock.now_db().and_utc().timestamp_subsec_nanos(),
            123_456_000
        );
    }
}
