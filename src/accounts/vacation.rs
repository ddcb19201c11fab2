//! Vacations: a player stops their clocks for up to [`ALLOWANCE`] per calendar year (UTC).
//!
//! While a vacation lasts, nothing is written to the games: their deadlines are read with
//! the time spent on vacation added (`time_control::effective_deadline`), the time-out job
//! skips them and no reminders go out. When the vacation ends — by the player, or by the
//! job when the allowance runs out (`ends_by`) — `games::vacations` closes it and writes the
//! shift into `deadline_at` of every game where it is the player's move, in one transaction.
//! This module owns the `vacations` table; it knows nothing of games.
//! "No vacation" games (`allow_vacation = false`) never pause.

use crate::i18n::Message;
use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::AccountError;
use crate::clock::Clock;
use crate::db::schema::vacations;
use crate::db::{Db, DbConn, UserId};
use crate::time_control::VacationWindow;

/// Vacation time per player and calendar year.
pub const ALLOWANCE: Duration = Duration::days(30);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = vacations)]
pub struct VacationRow {
    pub id: i64,
    pub user_id: UserId,
    pub started_at: NaiveDateTime,
    /// When the allowance left at the start runs out.
    pub ends_by: NaiveDateTime,
    pub ended_at: Option<NaiveDateTime>,
}

impl VacationRow {
    /// The part of this vacation that has happened by `now`.
    pub fn window(&self, now: NaiveDateTime) -> VacationWindow {
        VacationWindow {
            started_at: self.started_at,
            until: self.ended_at.unwrap_or(now).min(self.ends_by),
        }
    }
}

/// The vacation `user` is on, if any.
pub fn current(
    conn: &mut DbConn,
    user: UserId,
) -> Result<Option<VacationRow>, diesel::result::Error> {
    vacations::table
        .filter(vacations::user_id.eq(user))
        .filter(vacations::ended_at.is_null())
        .select(VacationRow::as_select())
        .first(conn)
        .optional()
}

/// The vacations `users` are on, by user (one read for a list of games).
pub fn current_of(
    conn: &mut DbConn,
    users: &[UserId],
) -> Result<std::collections::HashMap<UserId, VacationRow>, diesel::result::Error> {
    if users.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let rows: Vec<(UserId, VacationRow)> = vacations::table
        .filter(vacations::user_id.eq_any(users))
        .filter(vacations::ended_at.is_null())
        .select((vacations::user_id, VacationRow::as_select()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

fn year_start(year: i32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(year, 1, 1)
        .unwrap_or(NaiveDate::MIN)
        .and_time(chrono::NaiveTime::MIN)
}

/// Time on vacation within calendar year `year` (UTC), from (start, end) spans.
pub fn used_in_year(spans: &[(NaiveDateTime, NaiveDateTime)], year: i32) -> Duration {
    let (from, to) = (year_start(year), year_start(year + 1));
    spans
        .iter()
        .map(|&(s, e)| (e.min(to) - s.max(from)).max(Duration::zero()))
        .fold(Duration::zero(), |a, b| a + b)
}

/// How much of this year's allowance `user` has not used by `now`.
pub fn allowance_left(
    conn: &mut DbConn,
    user: UserId,
    now: NaiveDateTime,
) -> Result<Duration, diesel::result::Error> {
    let rows: Vec<VacationRow> = vacations::table
        .filter(vacations::user_id.eq(user))
        .filter(vacations::ends_by.gt(year_start(now.year())))
        .select(VacationRow::as_select())
        .load(conn)?;
    let spans: Vec<_> = rows
        .iter()
        .map(|v| {
            let w = v.window(now);
            (w.started_at, w.until)
        })
        .collect();
    Ok((ALLOWANCE - used_in_year(&spans, now.year())).max(Duration::zero()))
}

/// What the settings page shows.
#[derive(Debug, Clone)]
pub struct VacationStatus {
    pub current: Option<VacationRow>,
    pub allowance_left: Duration,
}

pub fn status(
    conn: &mut DbConn,
    clock: &dyn Clock,
    user: UserId,
) -> Result<VacationStatus, AccountError> {
    let now = clock.now_db();
    Ok(VacationStatus {
        current: current(conn, user)?,
        allowance_left: allowance_left(conn, user, now)?,
    })
}

/// Starts a vacation now; it ends by itself when this year's allowance is used up.
pub fn start(db: &mut Db, clock: &dyn Clock, user: UserId) -> Result<VacationRow, AccountError> {
    let now = clock.now_db();
    db.write(|conn| {
        if current(conn, user)?.is_some() {
            return Err(AccountError::Invalid(Message::new(
                "error-account-on-vacation",
            )));
        }
        let left = allowance_left(conn, user, now)?;
        if left < Duration::minutes(1) {
            return Err(AccountError::Invalid(
                Message::new("error-account-vacation-used")
                    .arg("days", ALLOWANCE.num_days())
                    .arg("year", i64::from(now.year())),
            ));
        }
        let inserted = diesel::insert_into(vacations::table)
            .values((
                vacations::user_id.eq(user),
                vacations::started_at.eq(now),
                vacations::ends_by.eq(now + left),
            ))
            .execute(conn);
        match inserted {
            Ok(_) => {}
            // A second submission won the race (UNIQUE on the open vacation).
            Err(e) if crate::db::is_unique_violation(&e) => {
                return Err(AccountError::Invalid(Message::new(
                    "error-account-on-vacation",
                )))
            }
            Err(e) => return Err(e.into()),
        }
        current(conn, user)?.ok_or(AccountError::NotFound)
    })
}

/// The vacations whose allowance ran out by `now`, still open.
pub fn due(
    conn: &mut DbConn,
    now: NaiveDateTime,
) -> Result<Vec<VacationRow>, diesel::result::Error> {
    vacations::table
        .filter(vacations::ended_at.is_null())
        .filter(vacations::ends_by.le(now))
        .select(VacationRow::as_select())
        .load(conn)
}

/// Closes `vacation` at `end_at`, unless another process already did. Returns the time it
/// covered when this call closed it (the games then move their deadlines by it:
/// `games::vacations`).
pub fn close(
    conn: &mut DbConn,
    vacation: &VacationRow,
    end_at: NaiveDateTime,
) -> Result<Option<VacationWindow>, diesel::result::Error> {
    let closed = diesel::update(
        vacations::table
            .filter(vacations::id.eq(vacation.id))
            .filter(vacations::ended_at.is_null()),
    )
    .set(vacations::ended_at.eq(Some(end_at)))
    .execute(conn)?;
    Ok((closed == 1).then_some(VacationWindow {
        started_at: vacation.started_at,
        until: end_at,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap()
    }

    #[test]
    fn counts_only_the_part_inside_the_year() {
        let spans = [
            (at(2025, 12, 20), at(2026, 1, 5)),
            (at(2026, 3, 1), at(2026, 3, 11)),
            (at(2026, 12, 30), at(2027, 1, 10)),
        ];
        assert_eq!(used_in_year(&spans, 2026), Duration::days(4 + 10 + 2));
        assert_eq!(used_in_year(&spans, 2025), Duration::days(12));
        assert_eq!(used_in_year(&spans, 2027), Duration::days(9));
        assert_eq!(used_in_year(&[], 2026), Duration::zero());
    }

    #[test]
    fn an_open_vacation_counts_until_now_or_its_end() {
        let v = VacationRow {
            id: 1,
            user_id: UserId(1),
            started_at: at(2026, 3, 1),
            ends_by: at(2026, 3, 31),
            ended_at: None,
        };
        assert_eq!(v.window(at(2026, 3, 5)).until, at(2026, 3, 5));
        assert_eq!(v.window(at(2026, 4, 5)).until, at(2026, 3, 31));
    }
}
