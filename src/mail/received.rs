//! The `inbound_mails` table: every inbound message handled, so that a message delivered
//! twice (an MTA retrying after a time-out, an IMAP watcher restarted before it marked the
//! message) is handled once. And the count of answers per address, for the rate limit.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use super::inbound::InboundMail;
use crate::clock::Clock;
use crate::db::schema::inbound_mails;
use crate::db::{is_unique_violation, DbConn, UserId};

/// The key a message is remembered by: its Message-ID, or the SHA-256 of the whole message
/// when it has none.
pub fn message_key(mail: &InboundMail, raw: &[u8]) -> String {
    match &mail.message_id {
        Some(id) if !id.trim().is_empty() => {
            let id: String = id.trim().chars().take(500).collect();
            format!("id:{id}")
        }
        _ => format!("sha256:{}", hex::encode(Sha256::digest(raw))),
    }
}

/// Whether a message with this key was handled already.
pub fn was_handled(conn: &mut DbConn, key: &str) -> QueryResult<bool> {
    let found: Option<String> = inbound_mails::table
        .find(key)
        .select(inbound_mails::message_key)
        .first(conn)
        .optional()?;
    Ok(found.is_some())
}

/// Remembers a handled message. `false` when another delivery of it was recorded first (the
/// caller's transaction should then roll back its answer).
pub fn record(
    conn: &mut DbConn,
    clock: &dyn Clock,
    key: &str,
    outcome: &str,
    user: UserId,
) -> QueryResult<bool> {
    let inserted = diesel::insert_into(inbound_mails::table)
        .values((
            inbound_mails::message_key.eq(key),
            inbound_mails::outcome.eq(outcome),
            inbound_mails::received_at.eq(clock.now_db()),
            inbound_mails::user_id.eq(Some(user)),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(true),
        Err(e) if is_unique_violation(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Mails for `user` refused (and answered) since `since`.
pub fn refused_since(conn: &mut DbConn, user: UserId, since: NaiveDateTime) -> QueryResult<i64> {
    outcomes_since(conn, user, REFUSED, since)
}

/// Mails for `user` handled with `outcome` since `since`.
pub fn outcomes_since(
    conn: &mut DbConn,
    user: UserId,
    outcome: &str,
    since: NaiveDateTime,
) -> QueryResult<i64> {
    inbound_mails::table
        .filter(inbound_mails::user_id.eq(Some(user)))
        .filter(inbound_mails::outcome.eq(outcome))
        .filter(inbound_mails::received_at.ge(since))
        .count()
        .get_result(conn)
}

/// The outcome recorded for a refused mail.
pub const REFUSED: &str = "refused";
