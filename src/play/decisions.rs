//! Endings decided by a person rather than the board or the clock: resignation, a draw
//! offer answered, an administrator's adjudication or abort, and a deleted account.

use super::end::{end, Ending};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, DbConn, UserId};
use crate::domain::{EndReason, GameResult};
use crate::game_mail;
use crate::games::model::{GameId, GameRow};
use crate::games::{record, GameError};
use crate::i18n::Message;
use crate::presets::rules;

/// The result when `user` gives up `game`: the opponent wins.
fn loss_for(game: &GameRow, user: UserId) -> GameResult {
    if user == game.white_id {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    }
}

/// The game, locked, when it is active and `user` plays in it; `refused` is the id of the
/// message that says why others may not act in it.
fn own_active_game(
    conn: &mut DbConn,
    id: GameId,
    user: UserId,
    refused: &'static str,
) -> Result<GameRow, GameError> {
    let game = GameRow::lock(conn, id)?;
    if !game.is_player(user) {
        return Err(GameError::Forbidden(Message::new(refused)));
    }
    if !game.is_active() {
        return Err(GameError::Finished);
    }
    Ok(game)
}

/// Resigns `user`'s game: the opponent wins.
pub fn resign(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    resign_at(db, clock, config, user, id, None)
}

/// [`resign`], only if the game is still at `ply` (`None`: whatever its ply): the
/// computer resigns the position it searched, not a later one. [`GameError::MovedOn`]
/// otherwise.
pub fn resign_at(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
    ply: Option<i64>,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = own_active_game(conn, id, user, "error-game-resign-players-only")?;
        if ply.is_some_and(|ply| ply != game.ply) {
            return Err(GameError::MovedOn);
        }
        let ending = Ending::of(
            Some(loss_for(&game, user)),
            EndReason::Resignation,
            clock.now_db(),
            Some(user),
        );
        end(conn, clock, config, &game, &ending).map(drop)
    })
}

/// The game, locked, when `user` may answer the opponent's standing draw offer in it.
fn offered_to(conn: &mut DbConn, id: GameId, user: UserId) -> Result<GameRow, GameError> {
    let game = own_active_game(conn, id, user, "error-game-draw-players-only")?;
    if game.draw_offer_by != Some(game.opponent_of(user)) {
        return Err(GameError::NoDrawOffer);
    }
    Ok(game)
}

/// Accepts the opponent's standing draw offer.
pub fn accept_draw(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = offered_to(conn, id, user)?;
        let ending = Ending::of(
            Some(GameResult::Draw),
            EndReason::Agreement,
            clock.now_db(),
            Some(user),
        );
        end(conn, clock, config, &game, &ending).map(drop)
    })
}

/// Declines the opponent's standing draw offer: the offer is withdrawn and its maker told.
pub fn decline_draw(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = offered_to(conn, id, user)?;
        record::store_draw_declined(conn, &game, user)?;
        let rules = rules::load(conn, game.preset_version_id)?;
        game_mail::draw_declined(conn, clock, config, &game, &rules, user)
    })
}

/// Plies after which a player can no longer abort a game (each side has moved once).
pub const ABORTABLE_PLIES: i64 = 2;

/// A player calls the game off before both sides have moved (the bot API's abort, as on
/// Lichess): no result, and the ratings ignore it.
pub fn abort(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = own_active_game(conn, id, user, "error-game-abort-players-only")?;
        if game.ply >= ABORTABLE_PLIES {
            return Err(GameError::Invalid(Message::new(
                "error-game-abort-too-late",
            )));
        }
        let ending = Ending::of(None, EndReason::Aborted, clock.now_db(), Some(user));
        end(conn, clock, config, &game, &ending).map(drop)
    })
}

/// An administrator's decision on an active game: a result (an abandoned game, say), or
/// `None` to abort it (no result, unrated).
pub fn adjudicate(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    id: GameId,
    result: Option<GameResult>,
) -> Result<GameRow, GameError> {
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        let reason = match result {
            Some(_) => EndReason::Adjudication,
            None => EndReason::Aborted,
        };
        end(
            conn,
            clock,
            config,
            &game,
            &Ending::of(result, reason, clock.now_db(), None),
        )
    })
}

/// Ends every active game of `user`, whose account is being deleted: each is lost.
pub fn account_deleted(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
) -> Result<usize, GameError> {
    let active = crate::games::query::active_ids_of(db.conn(), user)?;
    let mut ended = 0;
    for id in active {
        let done = db.write(|conn| {
            let game = GameRow::lock(conn, id)?;
            if !game.is_active() {
                return Ok(false);
            }
            let ending = Ending::of(
                Some(loss_for(&game, user)),
                EndReason::AccountDeleted,
                clock.now_db(),
                Some(user),
            );
            end(conn, clock, config, &game, &ending).map(|_| true)
        })?;
        ended += usize::from(done);
    }
    Ok(ended)
}
