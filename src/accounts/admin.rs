//! The admin role and suspensions: the columns of `users` that admins and the `plypost admin`
//! command change. (The admin pages' other actions, and the audit log, are in the `admin` module.)

use diesel::prelude::*;

use super::{sessions, AccountError, User};
use crate::clock::Clock;
use crate::db::schema::users;
use crate::db::{DbConn, UserId};

/// Grants (or revokes) the admin role of `name`.
pub fn set_admin(
    conn: &mut DbConn,
    clock: &dyn Clock,
    name: &str,
    admin: bool,
) -> Result<User, AccountError> {
    let user = super::users::find_by_username(conn, name)?.ok_or(AccountError::NotFound)?;
    diesel::update(users::table.find(user.id))
        .set((
            users::is_admin.eq(admin),
            users::updated_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    super::find(conn, user.id)?.ok_or(AccountError::NotFound)
}

/// The admins' names.
pub fn admins(conn: &mut DbConn) -> Result<Vec<String>, AccountError> {
    Ok(users::table
        .filter(users::is_admin.eq(true))
        .order(users::username_key)
        .select(users::username)
        .load(conn)?)
}

/// Suspends `user` with `reason` (they are signed out everywhere), or lifts the suspension.
pub fn set_suspended(
    conn: &mut DbConn,
    clock: &dyn Clock,
    user: UserId,
    reason: Option<&str>,
) -> Result<(), AccountError> {
    let now = clock.now_db();
    diesel::update(users::table.find(user))
        .set((
            users::suspended_at.eq(reason.map(|_| now)),
            users::suspended_reason.eq(reason),
            users::updated_at.eq(now),
        ))
        .execute(conn)?;
    if reason.is_some() {
        sessions::end_others(conn, user, None)?;
    }
    Ok(())
}

/// The suspended players, most recent first.
pub fn suspended(conn: &mut DbConn) -> Result<Vec<User>, AccountError> {
    Ok(users::table
        .filter(users::suspended_at.is_not_null())
        .order(users::suspended_at.desc())
        .select(User::as_select())
        .load(conn)?)
}
