//! The one way a game ends. Every ending — checkmate, stalemate, repetition, the move-count
//! rule, a draw agreed, resignation, time, abandonment, a tournament withdrawal, an
//! administrator's adjudication or abort, a deleted account — calls [`end`] inside the write
//! that caused it, and [`end`] does every consequence once.

use super::withdrawal;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbConn;
use crate::game_mail;
pub use crate::games::model::Ending;
use crate::games::model::GameRow;
use crate::games::{conditional, record, GameError};
use crate::presets::rules;

/// Ends the active `game` in the caller's write: writes status, result and reason, stops
/// the clock, drops the conditional moves and any offer or request, updates the ratings of
/// a rated game, mails both players the result with the final position, and tells the
/// game's tournament (which scores it, and pairs and announces the next round when this
/// was the last game of one). [`GameError::Finished`] if the game had already ended.
/// Returns the finished row.
pub fn end(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    ending: &Ending,
) -> Result<GameRow, GameError> {
    let ended = record::store_end(conn, game.id, ending.result, ending.reason, ending.at)?;
    conditional::forget_all(conn, game.id)?;
    if ending.is_rated() {
        ended.record_rating(conn, ending.result, ending.at)?;
    }
    let rules = rules::load(conn, ended.preset_version_id)?;
    game_mail::game_over(conn, clock, config, &ended, &rules, ending)?;
    if let Some(event) = ended.tournament_id {
        withdrawal::game_over(conn, clock, config, event, &ended)?;
    }
    tracing::info!(game = %ended.id, reason = ending.reason.as_str(), "game over");
    Ok(ended)
}
