//! The writes that change a game in progress, for `play`: a move, a declined draw offer, and
//! the end. `games` owns the tables; `play` decides what to write.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::model::{GameId, GameRow, NewMove};
use super::move_update::MoveUpdate;
use super::GameError;
use crate::db::schema::{game_moves, games};
use crate::db::{DbConn, UserId};
use crate::domain::{EndReason, GameResult, GameStatus};

/// Stores `new_move` and the row `updated` it leaves, if the game is still as `before` was
/// read; [`GameError::MovedOn`] otherwise (the caller's write is then rolled back). The row
/// stays active: only [`store_end`] finishes a game.
pub(crate) fn store_move(
    conn: &mut DbConn,
    before: &GameRow,
    updated: &GameRow,
    new_move: NewMove,
) -> Result<(), GameError> {
    diesel::insert_into(game_moves::table)
        .values(new_move)
        .execute(conn)?;
    update_if_unchanged(conn, before, updated)
}

/// Writes the row `updated` if the game is still as `before` was read.
fn update_if_unchanged(
    conn: &mut DbConn,
    before: &GameRow,
    updated: &GameRow,
) -> Result<(), GameError> {
    let update = MoveUpdate {
        after: updated,
        before,
    };
    if update.execute(conn)? != 1 {
        return Err(GameError::MovedOn);
    }
    Ok(())
}

/// Stores moves that arrive together (the archive seeder's games) and the row `updated` they
/// leave, as [`store_move`] does for one.
pub(crate) fn store_moves(
    conn: &mut DbConn,
    before: &GameRow,
    updated: &GameRow,
    moves: &[NewMove],
) -> Result<(), GameError> {
    // SQLite binds at most 32,766 values a statement: 8 a move.
    for chunk in moves.chunks(1_000) {
        crate::on_backend!(conn, |c| diesel::insert_into(game_moves::table)
            .values(chunk)
            .execute(c))?;
    }
    update_if_unchanged(conn, before, updated)
}

/// `user` declined the standing draw offer of `game` at its current ply.
pub(crate) fn store_draw_declined(
    conn: &mut DbConn,
    game: &GameRow,
    user: UserId,
) -> Result<(), GameError> {
    diesel::update(
        games::table
            .filter(games::id.eq(game.id))
            .filter(games::draw_offer_by.eq(game.draw_offer_by)),
    )
    .set((
        games::draw_offer_by.eq(None::<UserId>),
        games::draw_declined_by.eq(Some(user)),
        games::draw_declined_ply.eq(Some(game.ply)),
    ))
    .execute(conn)?;
    Ok(())
}

/// Writes the end of active game `id`: status, result, reason and time; the clock stopped
/// (no deadline) and no offer or request left standing. [`GameError::Finished`] when the
/// game is no longer active. Only `play::end` calls this: it does everything else an
/// ending means.
pub(crate) fn store_end(
    conn: &mut DbConn,
    id: GameId,
    result: Option<GameResult>,
    reason: EndReason,
    at: NaiveDateTime,
) -> Result<GameRow, GameError> {
    let changed = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::status.eq(GameStatus::Active)),
    )
    .set((
        games::status.eq(GameStatus::Finished),
        games::result.eq(result),
        games::result_reason.eq(Some(reason)),
        games::finished_at.eq(Some(at)),
        games::deadline_at.eq(None::<NaiveDateTime>),
        games::draw_offer_by.eq(None::<UserId>),
        games::takeback_by.eq(None::<UserId>),
        games::undo_clock.eq(None::<String>),
    ))
    .execute(conn)?;
    if changed != 1 {
        return Err(GameError::Finished);
    }
    GameRow::load(conn, id)
}
