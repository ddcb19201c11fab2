//! Blocks: a player stops another from challenging them, accepting their challenges and
//! writing to them. This module owns the `blocks` table.

use crate::i18n::Message;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::AccountError;
use crate::db::schema::{blocks, users};
use crate::db::{Db, DbConn, UserId};

/// Whether `blocker` has blocked `other`.
pub fn has_blocked(conn: &mut DbConn, blocker: UserId, other: UserId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        blocks::table
            .filter(blocks::blocker_id.eq(blocker))
            .filter(blocks::blocked_id.eq(other)),
    ))
    .get_result(conn)
}

/// Whether either of the two has blocked the other.
pub fn between(conn: &mut DbConn, a: UserId, b: UserId) -> QueryResult<bool> {
    Ok(has_blocked(conn, a, b)? || has_blocked(conn, b, a)?)
}

/// The players `user` has blocked or is blocked by (lists leave their challenges out).
pub fn involving(conn: &mut DbConn, user: UserId) -> QueryResult<Vec<UserId>> {
    let rows: Vec<(UserId, UserId)> = blocks::table
        .filter(blocks::blocker_id.eq(user).or(blocks::blocked_id.eq(user)))
        .select((blocks::blocker_id, blocks::blocked_id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(blocker, blocked)| if blocker == user { blocked } else { blocker })
        .collect())
}

/// `blocker` blocks `other` (again: no change).
pub fn block(
    db: &mut Db,
    now: NaiveDateTime,
    blocker: UserId,
    other: UserId,
) -> Result<(), AccountError> {
    if blocker == other {
        return Err(AccountError::Invalid(Message::new(
            "error-account-block-self",
        )));
    }
    db.write(|conn| {
        if has_blocked(conn, blocker, other)? {
            return Ok(());
        }
        diesel::insert_into(blocks::table)
            .values((
                blocks::blocker_id.eq(blocker),
                blocks::blocked_id.eq(other),
                blocks::created_at.eq(now),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// `blocker` lifts their block of `other`.
pub fn unblock(db: &mut Db, blocker: UserId, other: UserId) -> Result<(), AccountError> {
    db.write(|conn| {
        diesel::delete(
            blocks::table
                .filter(blocks::blocker_id.eq(blocker))
                .filter(blocks::blocked_id.eq(other)),
        )
        .execute(conn)?;
        Ok(())
    })
}

/// The names of the players `blocker` has blocked, alphabetically.
pub fn blocked_names(conn: &mut DbConn, blocker: UserId) -> QueryResult<Vec<String>> {
    blocks::table
        .inner_join(users::table.on(users::id.eq(blocks::blocked_id)))
        .filter(blocks::blocker_id.eq(blocker))
        .order(users::username_key.asc())
        .select(users::username)
        .load(conn)
}
