//! Log-in rate limits, counted from the `login_attempts` table so they hold across restarts
//! and server processes. The tight limit is per account *and* address: a stranger guessing
//! from one address locks only themselves out, not the owner. An account also has a much
//! larger limit over all addresses (a guess from many machines), and an address one over all
//! accounts. A password reset by mail clears an account's failures, so its owner can always
//! get in.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::AccountError;
use crate::db::models::NewLoginAttempt;
use crate::db::schema::login_attempts;
use crate::db::DbConn;

pub const WINDOW: Duration = Duration::minutes(15);
/// Failed attempts on one account name from one address within [`WINDOW`] before that pair
/// is locked.
pub const PER_ACCOUNT_AND_ADDRESS: i64 = 5;
/// Failed attempts on one account name from all addresses within [`WINDOW`] before it is
/// locked everywhere.
pub const PER_ACCOUNT: i64 = 50;
/// Failed attempts from one address within [`WINDOW`] before it is locked.
pub const PER_ADDRESS: i64 = 20;

/// Fails with `RateLimited` when either limit is reached.
pub fn check(
    conn: &mut DbConn,
    now: NaiveDateTime,
    username_key: &str,
    ip: &str,
) -> Result<(), AccountError> {
    check_with_extra(conn, now, username_key, ip, 0)
}

/// Reserves an attempt before the password is checked: records it as a failure, then counts
/// again. Of many concurrent attempts at most the limit get through, since each one sees
/// every reservation committed before its own. A successful log-in then clears the
/// account's failures (`clear_account`), this reservation included.
pub fn reserve(
    conn: &mut DbConn,
    now: NaiveDateTime,
    username_key: &str,
    ip: &str,
) -> Result<(), AccountError> {
    record(conn, now, username_key, ip, false)?;
    check_with_extra(conn, now, username_key, ip, 1)
}

fn check_with_extra(
    conn: &mut DbConn,
    now: NaiveDateTime,
    username_key: &str,
    ip: &str,
    extra: i64,
) -> Result<(), AccountError> {
    let since = now - WINDOW;
    let pair_limit = PER_ACCOUNT_AND_ADDRESS + extra;
    let pair_failures: Vec<NaiveDateTime> = login_attempts::table
        .filter(login_attempts::username_key.eq(username_key))
        .filter(login_attempts::ip.eq(ip))
        .filter(login_attempts::success.eq(false))
        .filter(login_attempts::attempted_at.gt(since))
        .select(login_attempts::attempted_at)
        .order(login_attempts::attempted_at.desc())
        .limit(pair_limit)
        .load(conn)?;
    if pair_failures.len() as i64 >= pair_limit {
        return Err(limited(now, &pair_failures));
    }
    let (account_limit, address_limit) = (PER_ACCOUNT + extra, PER_ADDRESS + extra);
    let by_account = login_attempts::table
        .filter(login_attempts::username_key.eq(username_key))
        .filter(login_attempts::success.eq(false))
        .filter(login_attempts::attempted_at.gt(since));
    let by_address = login_attempts::table
        .filter(login_attempts::ip.eq(ip))
        .filter(login_attempts::success.eq(false))
        .filter(login_attempts::attempted_at.gt(since));

    let account_failures: Vec<NaiveDateTime> = by_account
        .select(login_attempts::attempted_at)
        .order(login_attempts::attempted_at.desc())
        .limit(account_limit)
        .load(conn)?;
    if account_failures.len() as i64 >= account_limit {
        return Err(limited(now, &account_failures));
    }
    let address_failures: Vec<NaiveDateTime> = by_address
        .select(login_attempts::attempted_at)
        .order(login_attempts::attempted_at.desc())
        .limit(address_limit)
        .load(conn)?;
    if address_failures.len() as i64 >= address_limit {
        return Err(limited(now, &address_failures));
    }
    Ok(())
}

/// The lock lifts when the oldest of the counted failures leaves the window.
fn limited(now: NaiveDateTime, newest_first: &[NaiveDateTime]) -> AccountError {
    let oldest = newest_first.last().copied().unwrap_or(now);
    let wait = (oldest + WINDOW) - now;
    let minutes = (wait.num_seconds() + 59) / 60;
    AccountError::RateLimited {
        minutes: minutes.max(1),
    }
}

pub fn record(
    conn: &mut DbConn,
    now: NaiveDateTime,
    username_key: &str,
    ip: &str,
    success: bool,
) -> Result<(), AccountError> {
    diesel::insert_into(login_attempts::table)
        .values(NewLoginAttempt {
            username_key,
            ip,
            success,
            attempted_at: now,
        })
        .execute(conn)?;
    Ok(())
}

/// After a successful log-in or a password reset, earlier failures on the account no longer
/// count.
pub fn clear_account(conn: &mut DbConn, username_key: &str) -> Result<(), AccountError> {
    diesel::delete(
        login_attempts::table
            .filter(login_attempts::username_key.eq(username_key))
            .filter(login_attempts::success.eq(false)),
    )
    .execute(conn)?;
    Ok(())
}

/// Forgets attempts older than a day (called by a job).
pub fn purge_old(conn: &mut DbConn, now: NaiveDateTime) -> Result<usize, AccountError> {
    Ok(diesel::delete(
        login_attempts::table.filter(login_attempts::attempted_at.lt(now - Duration::days(1))),
    )
    .execute(conn)?)
}
