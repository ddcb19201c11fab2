//! Endings by the clock: a player who ran out of time, and an untimed game closed as
//! abandoned.

use plypost_rules::{Color, Position};

use super::end::{end, Ending};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, UserId};
use crate::domain::{EndReason, GameResult};
use crate::games::clocks::{abandonable_from, turn_clock};
use crate::games::model::{GameId, GameRow};
use crate::games::GameError;
use crate::i18n::Message;
use crate::presets::rules;
use crate::time_control;

/// Ends game `id` on time if the player to move has run out of it by now: a loss, or a
/// draw when the opponent could never checkmate. The game is finished as of the moment the
/// time ran out. Safe to call from several processes at once: under the game's row lock the
/// clock is read again, so exactly one caller ends it. Returns whether this call ended it.
pub fn time_out(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    id: GameId,
) -> Result<bool, GameError> {
    let now = clock.now_db();
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        let Some(turn) = turn_clock(conn, &game, now)? else {
            return Ok(false);
        };
        if turn.deadline > now {
            return Ok(false);
        }
        let rules = rules::load(conn, game.preset_version_id)?;
        let position = Position::from_fen(&rules.variant, &game.current_fen)
            .map_err(|e| GameError::Corrupt(format!("game {id}: current FEN: {e}")))?;
        let loser_white = game.player_to_move() == game.white_id;
        let winner = if loser_white {
            Color::Black
        } else {
            Color::White
        };
        let result = if !time_control::could_checkmate(&position, winner) {
            GameResult::Draw
        } else if loser_white {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        let ending = Ending::of(Some(result), EndReason::Time, turn.deadline, None);
        end(conn, clock, config, &game, &ending)?;
        Ok(true)
    })
}

/// A player closes an untimed game that has seen no move for
/// [`time_control::ABANDON_AFTER`]: it ends with no winner.
pub fn abandon(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    let now = clock.now_db();
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(Message::new(
                "error-game-close-players-only",
            )));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        let Some(from) = abandonable_from(&game) else {
            return Err(GameError::Forbidden(Message::new(
                "error-game-close-untimed-only",
            )));
        };
        if now < from {
            return Err(GameError::Invalid(
                Message::new("error-game-close-too-soon")
                    .arg("days", time_control::ABANDON_AFTER.num_days()),
            ));
        }
        let ending = Ending::of(None, EndReason::Abandoned, now, Some(user));
        end(conn, clock, config, &game, &ending).map(drop)
    })
}
