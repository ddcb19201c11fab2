//! Private notes: each player's own notes on a game, shown to nobody else and kept after the
//! game ends. This module owns the `game_notes` table.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{GameError, GameId, GameRow};
use crate::db::schema::game_notes;
use crate::db::{Db, DbConn, UserId};
use crate::i18n::Message;

/// Longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 5_000;

/// `user`'s notes on `game` and when they were saved; `None` when they have none.
pub fn of(
    conn: &mut DbConn,
    game: GameId,
    user: UserId,
) -> Result<Option<(String, NaiveDateTime)>, GameError> {
    Ok(game_notes::table
        .filter(game_notes::game_id.eq(game))
        .filter(game_notes::user_id.eq(user))
        .select((game_notes::body, game_notes::updated_at))
        .first(conn)
        .optional()?)
}

/// The game `id`, if `user` plays in it (only players keep notes on a game).
pub fn game_for_notes(conn: &mut DbConn, id: GameId, user: UserId) -> Result<GameRow, GameError> {
    let game = GameRow::load(conn, id)?;
    if !game.is_player(user) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-notes-players-only",
        )));
    }
    Ok(game)
}

/// Replaces `user`'s notes on game `id` with `text`; an empty text deletes them.
pub fn save(
    db: &mut Db,
    now: NaiveDateTime,
    user: UserId,
    id: GameId,
    text: &str,
) -> Result<(), GameError> {
    let text = text.trim_end();
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(GameError::Invalid(
            Message::new("error-game-notes-too-long").arg("max", MAX_NOTE_CHARS),
        ));
    }
    if text.contains('\0') {
        return Err(GameError::Invalid(Message::new("error-game-notes-nul")));
    }
    db.write(|conn| {
        game_for_notes(conn, id, user)?;
        diesel::delete(
            game_notes::table
                .filter(game_notes::game_id.eq(id))
                .filter(game_notes::user_id.eq(user)),
        )
        .execute(conn)?;
        if !text.trim().is_empty() {
            diesel::insert_into(game_notes::table)
                .values((
                    game_notes::game_id.eq(id),
                    game_notes::user_id.eq(user),
                    game_notes::body.eq(text),
                    game_notes::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Forgets every note of `user` (their account is being deleted).
pub fn forget_all(conn: &mut DbConn, user: UserId) -> Result<(), GameError> {
    diesel::delete(game_notes::table.filter(game_notes::user_id.eq(user))).execute(conn)?;
    Ok(())
}
