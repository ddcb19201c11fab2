//! Signed-in sessions, kept on the server: the session cookie carries a random token and the
//! `sessions` table its SHA-256. Logging out deletes the row, so a copied cookie stops
//! working; changing or resetting the password ends the other sessions.

use base64::Engine;
use chrono::Duration;
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::{AccountError, User};
use crate::clock::Clock;
use crate::db::models::NewSession;
use crate::db::schema::{sessions, users};
use crate::db::{DbConn, UserId};

/// A session unused this long ends.
pub const IDLE_LIFETIME: Duration = Duration::days(30);
/// `last_seen_at` (and so the expiry) is refreshed at most this often, to spare writes.
const TOUCH_EVERY: Duration = Duration::hours(1);

/// Starts a session for `user`; returns the token for the cookie.
pub fn start(conn: &mut DbConn, clock: &dyn Clock, user: UserId) -> Result<String, AccountError> {
    let token = new_token();
    let now = clock.now_db();
    diesel::insert_into(sessions::table)
        .values(NewSession {
            user_id: user,
            token_hash: &hash(&token),
            created_at: now,
            last_seen_at: now,
            expires_at: now + IDLE_LIFETIME,
        })
        .execute(conn)?;
    Ok(token)
}

/// The user of a live session, or `None` for an unknown, ended or expired token.
pub fn resolve(
    conn: &mut DbConn,
    clock: &dyn Clock,
    token: &str,
) -> Result<Option<User>, AccountError> {
    if token.is_empty() || token.len() > 100 {
        return Ok(None);
    }
    let now = clock.now_db();
    let token_hash = hash(token);
    // On the backend's own connection: every signed-in request runs it.
    let found: Option<(i64, chrono::NaiveDateTime, User)> = crate::on_backend!(conn, |c| {
        sessions::table
            .inner_join(users::table)
            .filter(sessions::token_hash.eq(&token_hash))
            .filter(sessions::expires_at.gt(now))
            .select((sessions::id, sessions::last_seen_at, User::as_select()))
            .first(c)
            .optional()
    })?;
    let Some((id, last_seen_at, user)) = found else {
        return Ok(None);
    };
    if now - last_seen_at > TOUCH_EVERY {
        diesel::update(sessions::table.find(id))
            .set((
                sessions::last_seen_at.eq(now),
                sessions::expires_at.eq(now + IDLE_LIFETIME),
            ))
            .execute(conn)?;
    }
    Ok(Some(user))
}

/// Ends one session (log out).
pub fn end(conn: &mut DbConn, token: &str) -> Result<(), AccountError> {
    diesel::delete(sessions::table.filter(sessions::token_hash.eq(hash(token)))).execute(conn)?;
    Ok(())
}

/// Ends every session of `user` except the one with token `keep` (if given).
pub fn end_others(
    conn: &mut DbConn,
    user: UserId,
    keep: Option<&str>,
) -> Result<usize, AccountError> {
    let target = sessions::table.filter(sessions::user_id.eq(user));
    let ended = match keep {
        Some(token) => {
            diesel::delete(target.filter(sessions::token_hash.ne(hash(token)))).execute(conn)?
        }
        None => diesel::delete(target).execute(conn)?,
    };
    Ok(ended)
}

/// How many live sessions `user` has.
pub fn count(conn: &mut DbConn, clock: &dyn Clock, user: UserId) -> Result<i64, AccountError> {
    Ok(sessions::table
        .filter(sessions::user_id.eq(user))
        .filter(sessions::expires_at.gt(clock.now_db()))
        .count()
        .get_result(conn)?)
}

/// Forgets expired sessions (called by a job).
pub fn purge_expired(conn: &mut DbConn, clock: &dyn Clock) -> Result<usize, AccountError> {
    Ok(
        diesel::delete(sessions::table.filter(sessions::expires_at.le(clock.now_db())))
            .execute(conn)?,
    )
}

pub(crate) fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub(crate) fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
