//! Games imported from PGN (`logs::import` checks them): stored finished, read-only and
//! marked `imported`, played on both sides by the reserved `(imported)` user, with the
//! names from the file kept on the game. They are not rated and count for nobody.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::Position;

use super::model::GameId;
use crate::db::schema::{game_moves, games};
use crate::db::{DbConn, PresetVersionId, UserId};
use crate::domain::{EndReason, GameResult, GameStatus, Side};
use crate::time_control::TimeControl;

/// A move of an imported game, checked and written out as plypost stores it.
pub struct ImportedMove {
    pub text: String,
    pub compact: String,
    pub fen_after: String,
    pub comment: Option<String>,
    pub played_at: NaiveDateTime,
}

/// What is stored of an imported game besides its moves.
pub struct ImportedGame<'a> {
    pub version: PresetVersionId,
    pub start_fen: &'a str,
    pub final_position: &'a Position,
    pub time_control: TimeControl,
    pub created_at: NaiveDateTime,
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
    /// The user who uploaded it (none from the command line).
    pub by: Option<UserId>,
    pub white_name: &'a str,
    pub black_name: &'a str,
    pub event: Option<&'a str>,
    pub site: Option<&'a str>,
}

/// Inserts the game, owned by `owner` on both sides, and its moves.
pub fn store(
    conn: &mut DbConn,
    owner: UserId,
    game: &ImportedGame,
    moves: &[ImportedMove],
) -> Result<GameId, diesel::result::Error> {
    let clock = game.time_control.game_columns();
    let (days, reserve, increment) = (
        clock.days_per_move,
        clock.reserve_secs,
        clock.increment_secs,
    );
    let last_move_at = moves.last().map(|m| m.played_at);
    let finished_at = game.result.map(|_| last_move_at.unwrap_or(game.created_at));
    let values = (
        (
            games::preset_version_id.eq(game.version),
            games::white_id.eq(owner),
            games::black_id.eq(owner),
            games::status.eq(GameStatus::Finished),
            games::result.eq(game.result),
            games::result_reason.eq(game.reason),
            games::start_fen.eq(game.start_fen),
            games::current_fen.eq(game.final_position.to_fen()),
            games::ply.eq(moves.len() as i64),
            games::side_to_move.eq(Side::from(game.final_position.side_to_move())),
        ),
        (
            games::time_kind.eq(game.time_control.kind()),
            games::days_per_move.eq(days),
            games::reserve_secs.eq(reserve),
            games::increment_secs.eq(increment),
            games::last_move_at.eq(last_move_at),
            games::created_at.eq(game.created_at),
            games::finished_at.eq(finished_at),
        ),
        (
            games::imported.eq(true),
            games::white_name.eq(game.white_name),
            games::black_name.eq(game.black_name),
            games::imported_by.eq(game.by),
            games::source_event.eq(game.event),
            games::source_site.eq(game.site),
        ),
    );
    let insert = diesel::insert_into(games::table).values(values);
    let id: GameId = crate::on_backend!(conn, |c| insert.returning(games::id).get_result(c))?;
    for (i, m) in moves.iter().enumerate() {
        diesel::insert_into(game_moves::table)
            .values((
                game_moves::game_id.eq(id),
                game_moves::ply.eq(i as i64 + 1),
                game_moves::move_text.eq(&m.text),
                game_moves::compact.eq(&m.compact),
                game_moves::fen_after.eq(&m.fen_after),
                game_moves::comment.eq(m.comment.as_deref()),
                game_moves::played_at.eq(m.played_at),
                game_moves::user_id.eq(owner),
            ))
            .execute(conn)?;
    }
    Ok(id)
}
