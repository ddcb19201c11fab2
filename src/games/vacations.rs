//! What a vacation does to games: when it ends, the deadlines of the player's games where
//! it is their move are moved by the time it covered this turn, in the transaction that
//! closes it (the vacation itself belongs to `accounts::vacation`).

use crate::i18n::Message;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::model::GameRow;
use crate::accounts::vacation::{self, VacationRow};
use crate::accounts::AccountError;
use crate::clock::Clock;
use crate::db::schema::games;
use crate::db::{Db, DbConn, UserId};
use crate::domain::{GameStatus, Side};
use crate::time_control::{self, VacationWindow};

/// Ends `user`'s vacation now and moves their deadlines by the time spent.
pub fn end(db: &mut Db, clock: &dyn Clock, user: UserId) -> Result<(), AccountError> {
    let now = clock.now_db();
    db.write(|conn| {
        let current = vacation::current(conn, user)?
            .ok_or_else(|| AccountError::Invalid(Message::new("error-account-not-on-vacation")))?;
        close(conn, &current, now.min(current.ends_by))?;
        Ok(())
    })
}

/// Ends every vacation whose allowance ran out by `now`, as of the moment it ran out (so a
/// server that was down catches up exactly). Returns how many ended.
pub fn end_due(db: &mut Db, now: NaiveDateTime) -> Result<usize, diesel::result::Error> {
    let mut ended = 0;
    for due in vacation::due(db, now)? {
        if db.write(|conn| close(conn, &due, due.ends_by))? {
            ended += 1;
        }
    }
    Ok(ended)
}

/// Closes the vacation (unless another process already did) and shifts the deadlines.
fn close(
    conn: &mut DbConn,
    due: &VacationRow,
    end_at: NaiveDateTime,
) -> Result<bool, diesel::result::Error> {
    match vacation::close(conn, due, end_at)? {
        Some(window) => {
            shift_deadlines(conn, due.user_id, window)?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// Adds the part of `window` inside the current turn to the deadline of each of `user`'s
/// games where it is their move.
fn shift_deadlines(
    conn: &mut DbConn,
    user: UserId,
    window: VacationWindow,
) -> Result<(), diesel::result::Error> {
    let their_move = games::white_id
        .eq(user)
        .and(games::side_to_move.eq(Side::White))
        .or(games::black_id
            .eq(user)
            .and(games::side_to_move.eq(Side::Black)));
    let affected: Vec<GameRow> = games::table
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::allow_vacation.eq(true))
        .filter(games::deadline_at.is_not_null())
        .filter(their_move)
        .select(GameRow::as_select())
        .load(conn)?;
    for game in affected {
        let Some(deadline) = game.deadline_at else {
            continue;
        };
        let shift = time_control::paused(deadline, game.turn_started(), Some(window));
        if shift <= Duration::zero() {
            continue;
        }
        // Conditional on the turn: a move committed meanwhile already charged the right time.
        diesel::update(
            games::table
                .filter(games::id.eq(game.id))
                .filter(games::ply.eq(game.ply))
                .filter(games::status.eq(GameStatus::Active)),
        )
        .set(games::deadline_at.eq(Some(deadline + shift)))
        .execute(conn)?;
    }
    Ok(())
}
