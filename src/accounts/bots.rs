//! Bot accounts (Lichess's BOT title): an account that has never played becomes a bot for
//! good; bots play through the bot API only and are never mailed. Whether a bot is online
//! is its event stream's heartbeat, kept in the database so every server process sees it.

use crate::i18n::Message;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::AccountError;
use crate::db::models::User;
use crate::db::schema::{games, users};
use crate::db::{Db, DbConn, UserId};

/// An open event stream refreshes its bot's heartbeat this often...
pub const HEARTBEAT: Duration = Duration::seconds(20);
/// ...and the bot counts as online this long after the last one.
const ONLINE_FOR: Duration = Duration::seconds(45);

/// Turns `user` into a bot, for good. Refused once the account has played a game (as on
/// Lichess: a bot's games are all a bot's), and for suspended accounts.
pub fn upgrade(db: &mut Db, user: &User) -> Result<(), AccountError> {
    if user.is_bot {
        return Err(AccountError::Invalid(Message::new(
            "error-account-already-bot",
        )));
    }
    if user.suspended_at.is_some() {
        return Err(AccountError::Suspended(
            user.suspended_reason.clone().unwrap_or_default(),
        ));
    }
    db.write(|conn| {
        let played: i64 = games::table
            .filter(games::white_id.eq(user.id).or(games::black_id.eq(user.id)))
            .count()
            .get_result(conn)?;
        if played > 0 {
            return Err(AccountError::Invalid(Message::new(
                "error-account-bot-played",
            )));
        }
        diesel::update(users::table.find(user.id))
            .set((users::is_bot.eq(true), users::bot_challenges.eq(true)))
            .execute(conn)?;
        Ok(())
    })
}

/// Records that `bot`'s event stream is open now (`Some`) or has closed (`None`).
pub fn heartbeat(
    conn: &mut DbConn,
    bot: UserId,
    at: Option<NaiveDateTime>,
) -> Result<(), AccountError> {
    diesel::update(users::table.find(bot))
        .set(users::stream_seen_at.eq(at))
        .execute(conn)?;
    Ok(())
}

/// Whether `user`'s event stream is open (by its heartbeat) at `now`.
pub fn is_online(user: &User, now: NaiveDateTime) -> bool {
    user.stream_seen_at.is_some_and(|at| now - at < ONLINE_FOR)
}

/// Every bot, by name (the `/bots` page; bots are few).
pub fn all(conn: &mut DbConn) -> Result<Vec<User>, AccountError> {
    Ok(users::table
        .filter(users::is_bot.eq(true))
        .order(users::username_key.asc())
        .select(User::as_select())
        .load(conn)?)
}

/// The bots online at `now`, at most `limit`.
pub fn online(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<User>, AccountError> {
    Ok(users::table
        .filter(users::is_bot.eq(true))
        .filter(users::stream_seen_at.ge(now - ONLINE_FOR))
        .order(users::username_key.asc())
        .limit(limit)
        .select(User::as_select())
        .load(conn)?)
}

/// Which of `ids` are bots (the lists mark them).
pub fn among(
    conn: &mut DbConn,
    ids: &[UserId],
) -> Result<std::collections::HashSet<UserId>, diesel::result::Error> {
    if ids.is_empty() {
        return Ok(Default::default());
    }
    let bots: Vec<UserId> = users::table
        .filter(users::id.eq_any(ids))
        .filter(users::is_bot.eq(true))
        .select(users::id)
        .load(conn)?;
    Ok(bots.into_iter().collect())
}

/// Whether bots may challenge `user`: other bots always, people when they said so.
pub fn may_be_challenged_by_bots(user: &User) -> bool {
    user.is_bot || user.bot_challenges
}
