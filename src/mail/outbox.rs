//! The outbox table: queueing, claiming due rows, recording the result of a delivery.
//!
//! Claiming is a compare-and-set on each row (`UPDATE ... WHERE the row is still free`),
//! so two workers — even in two server processes on one PostgreSQL — never both own a row.
//! A claim is a lease: if a worker dies while sending, the row is free again after
//! [`CLAIM_LEASE`].

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use rand::RngCore;

use super::{MailError, Outgoing};
use crate::clock::Clock;
use crate::db::models::{NewOutboxRow, OutboxRow};
use crate::db::schema::outbox;
use crate::db::{Db, DbConn, OutboxId};

pub use crate::domain::OutboxStatus;

/// How long a worker owns a claimed row. Much longer than an SMTP timeout.
pub const CLAIM_LEASE: Duration = Duration::minutes(10);
/// First retry delay; doubled on every further failure, up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::seconds(30);
pub const MAX_BACKOFF: Duration = Duration::hours(6);
/// After this many failed attempts (about three days) the message is marked failed.
pub const MAX_ATTEMPTS: i64 = 20;

/// Queues a message. Call it inside the caller's transaction: the mail is sent if and only
/// if the transaction commits.
pub fn queue(conn: &mut DbConn, clock: &dyn Clock, mail: &Outgoing) -> Result<OutboxId, MailError> {
    mail.to
        .parse::<lettre::message::Mailbox>()
        .map_err(|_| MailError::Address(mail.to.clone()))?;
    if mail.kind.is_notification() && mail.list_unsubscribe.is_none() {
        return Err(MailError::Build(format!(
            "a {} notification needs an unsubscribe link",
            mail.kind.as_str()
        )));
    }
    let now = clock.now_db();
    let message_id = random_token();
    let row = NewOutboxRow {
        kind: mail.kind.as_str(),
        to_addr: &mail.to,
        subject: &mail.subject,
        body_text: &mail.text,
        body_html: mail.html.as_deref(),
        message_id: &message_id,
        list_unsubscribe: mail.list_unsubscribe.as_deref(),
        status: OutboxStatus::Pending,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        thread_key: mail.thread.as_deref(),
        reply_to: mail.reply_to.as_deref(),
        inline_image: mail.inline_image.as_deref(),
        language: mail.language.as_deref(),
    };
    let insert = diesel::insert_into(outbox::table).values(row);
    // RETURNING is per backend (diesel's MultiConnection cannot express it).
    let id = crate::on_backend!(conn, |c| insert.returning(outbox::id).get_result(c))?;
    crate::metrics::METRICS.mail_queued.inc();
    Ok(id)
}

/// Claims up to `limit` due messages for this worker and returns them. One write
/// transaction for the whole batch (on SQLite it queues with the other writers instead of
/// retrying in the busy handler).
pub fn claim_due(
    db: &mut Db,
    now: NaiveDateTime,
    limit: i64,
) -> Result<(String, Vec<OutboxRow>), MailError> {
    db.write(|conn| claim_due_in_transaction(conn, now, limit))
}

fn claim_due_in_transaction(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<(String, Vec<OutboxRow>), MailError> {
    let token = random_token();
    // One statement finds and claims the batch, oldest due first (in the order of the
    // `outbox_due` index: the scan stops after the batch, however long the backlog). The
    // claimed rows are then reached by id: with the conditions repeated on the UPDATE,
    // PostgreSQL planned it on `outbox_due` and walked the whole backlog. On PostgreSQL rows that another worker is claiming are skipped
    // (`SKIP LOCKED`); SQLite has one writer at a time.
    const CLAIM: &str = "UPDATE outbox SET claim_token = $1, claimed_until = $2
         WHERE id IN (SELECT id FROM outbox
                      WHERE status = $3 AND next_attempt_at <= $4
                        AND (claimed_until IS NULL OR claimed_until < $4)
                      ORDER BY next_attempt_at, id LIMIT $5";
    // `?N`: SQLite reads `$N` as a name and numbers names by first appearance.
    let sqlite = format!("{}) RETURNING *", CLAIM.replace('$', "?"));
    let postgres = format!("{CLAIM} FOR UPDATE SKIP LOCKED) RETURNING *");
    let sql = crate::db::per_backend(conn, &sqlite, &postgres).to_owned();
    let claim = diesel::sql_query(sql)
        .bind::<Text, _>(&token)
        .bind::<Timestamp, _>(now + CLAIM_LEASE)
        .bind::<Text, _>(OutboxStatus::Pending)
        .bind::<Timestamp, _>(now)
        .bind::<BigInt, _>(limit);
    let mut rows: Vec<OutboxRow> = crate::on_backend!(conn, |c| claim.load(c))?;
    rows.sort_by_key(|row| row.id);
    Ok((token, rows))
}

/// The outcome of one delivery attempt.
#[derive(Debug)]
pub enum Delivery {
    Sent,
    Failed(String),
}

/// Records the outcomes of a claimed batch in one transaction. (Delivery is at least once: a
/// worker that dies before recording leaves its batch to be sent again when the lease ends.)
pub fn record_all(
    db: &mut Db,
    token: &str,
    now: NaiveDateTime,
    outcomes: &[(OutboxId, Delivery)],
) -> Result<(), MailError> {
    let sent: Vec<OutboxId> = outcomes
        .iter()
        .filter(|(_, delivery)| matches!(delivery, Delivery::Sent))
        .map(|(id, _)| *id)
        .collect();
    db.write(|conn| {
        // The sent ones (nearly all) in one statement: this runs under the write lock the
        // moves wait for, and diesel prepares an UPDATE again on every run.
        if !sent.is_empty() {
            diesel::update(
                outbox::table
                    .filter(outbox::id.eq_any(&sent))
                    .filter(outbox::claim_token.eq(token)),
            )
            .set((
                outbox::status.eq(OutboxStatus::Sent),
                outbox::attempts.eq(outbox::attempts + 1),
                outbox::sent_at.eq(Some(now)),
                outbox::claim_token.eq(None::<String>),
                outbox::claimed_until.eq(None::<NaiveDateTime>),
                outbox::last_error.eq(None::<String>),
            ))
            .execute(conn)?;
        }
        outcomes
            .iter()
            .try_for_each(|(id, delivery)| match delivery {
                Delivery::Sent => Ok(()),
                Delivery::Failed(error) => record_failure(conn, *id, token, now, error),
            })
    })
}

/// Records a failed attempt on a row this worker claimed with `token`: tried again later
/// with a growing delay, given up after `MAX_ATTEMPTS`.
fn record_failure(
    conn: &mut DbConn,
    id: OutboxId,
    token: &str,
    now: NaiveDateTime,
    error: &str,
) -> Result<(), MailError> {
    let attempts: i64 = outbox::table
        .filter(outbox::id.eq(id))
        .select(outbox::attempts)
        .first(conn)?;
    let attempts = attempts + 1;
    let status = if attempts >= MAX_ATTEMPTS {
        OutboxStatus::Failed
    } else {
        OutboxStatus::Pending
    };
    diesel::update(
        outbox::table
            .filter(outbox::id.eq(id))
            .filter(outbox::claim_token.eq(token)),
    )
    .set((
        outbox::status.eq(status),
        outbox::attempts.eq(attempts),
        outbox::next_attempt_at.eq(now + backoff(attempts)),
        outbox::claim_token.eq(None::<String>),
        outbox::claimed_until.eq(None::<NaiveDateTime>),
        outbox::last_error.eq(Some(truncate(error, 1000))),
    ))
    .execute(conn)?;
    Ok(())
}

/// Delay before the next attempt after `attempts` failures: 30 s, 1 min, 2 min, ... 6 h.
pub fn backoff(attempts: i64) -> Duration {
    let doublings = attempts.saturating_sub(1).clamp(0, 20) as u32;
    let seconds = FIRST_BACKOFF
        .num_seconds()
        .saturating_mul(1_i64 << doublings);
    Duration::seconds(seconds.min(MAX_BACKOFF.num_seconds()))
}

/// Counts of rows per status, for tests and monitoring.
/// How long the oldest message waiting to be sent has waited (zero when none waits).
pub fn oldest_waiting(
    conn: &mut DbConn,
    now: NaiveDateTime,
) -> Result<std::time::Duration, MailError> {
    let oldest: Option<NaiveDateTime> = outbox::table
        .filter(outbox::status.eq(OutboxStatus::Pending))
        .select(diesel::dsl::min(outbox::created_at))
        .first(conn)?;
    Ok(oldest
        .and_then(|at| (now - at).to_std().ok())
        .unwrap_or_default())
}

/// Failed messages, newest first (for the admin page).
pub fn failed(conn: &mut DbConn, limit: i64) -> Result<Vec<OutboxRow>, MailError> {
    Ok(outbox::table
        .filter(outbox::status.eq(OutboxStatus::Failed))
        .order(outbox::id.desc())
        .limit(limit)
        .select(OutboxRow::as_select())
        .load(conn)?)
}

/// Puts a failed message back in the queue, due now, with a fresh count of attempts.
pub fn retry(conn: &mut DbConn, now: NaiveDateTime, id: OutboxId) -> Result<bool, MailError> {
    let changed = diesel::update(
        outbox::table
            .filter(outbox::id.eq(id))
            .filter(outbox::status.eq(OutboxStatus::Failed)),
    )
    .set((
        outbox::status.eq(OutboxStatus::Pending),
        outbox::attempts.eq(0),
        outbox::next_attempt_at.eq(now),
        outbox::claim_token.eq(None::<String>),
        outbox::claimed_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

pub fn count_by_status(conn: &mut DbConn, status: OutboxStatus) -> Result<i64, MailError> {
    Ok(outbox::table
        .filter(outbox::status.eq(status))
        .count()
        .get_result(conn)?)
}

/// Deletes sent mail older than `before`; returns how many rows went.
/// Empties the bodies (text, HTML, inline picture) of the mails sent before `before`: once
/// delivered, only the row is needed. Reads the sent mails of the week before `before`,
/// the job's range (it runs hourly; what a long stop leaves goes with the rows).
pub fn drop_sent_bodies(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, MailError> {
    Ok(diesel::update(
        outbox::table
            .filter(outbox::status.eq(OutboxStatus::Sent))
            .filter(outbox::sent_at.lt(before))
            .filter(outbox::sent_at.ge(before - Duration::days(7)))
            .filter(outbox::body_text.ne("")),
    )
    .set((
        outbox::body_text.eq(""),
        outbox::body_html.eq(None::<String>),
        outbox::inline_image.eq(None::<String>),
    ))
    .execute(conn)?)
}

pub fn purge_sent_before(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, MailError> {
    Ok(diesel::delete(
        outbox::table
            .filter(outbox::status.eq(OutboxStatus::Sent))
            .filter(outbox::sent_at.lt(before)),
    )
    .execute(conn)?)
}

fn truncate(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

fn random_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!(backoff(1), Duration::seconds(30));
        assert_eq!(backoff(2), Duration::seconds(60));
        assert_eq!(backoff(3), Duration::seconds(120));
        assert_eq!(backoff(15), MAX_BACKOFF);
        assert_eq!(backoff(1000), MAX_BACKOFF);
    }
}
