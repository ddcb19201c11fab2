//! Tournament games that end: the event is told (it scores the game, applies the
//! two-time-outs rule, and pairs the next round or finishes), and a player who leaves a
//! running event, or is withdrawn, loses their games in progress through [`end`].

use super::end::{end, Ending};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, DbConn, UserId};
use crate::domain::{EndReason, GameResult};
use crate::games::model::GameRow;
use crate::games::GameError;
use crate::tournaments::{self, Left};

/// In the write that ended `ended`, a game of `event`.
pub(super) fn game_over(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    event: i64,
    ended: &GameRow,
) -> Result<(), GameError> {
    if let Some(loser) = tournaments::rounds::withdrawn_by_time_outs(conn, event, ended)? {
        withdraw(conn, clock, config, event, loser)?;
    }
    tournaments::rounds::progress(conn, clock, config, event)
}

/// Withdraws `user` from running event `event` in the caller's write: each of their games
/// in progress ends as a loss.
fn withdraw(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    event: i64,
    user: UserId,
) -> Result<(), GameError> {
    let now = clock.now_db();
    for game in tournaments::rounds::mark_withdrawn(conn, clock, event, user)? {
        let result = if game.white_id == user {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        let ending = Ending::of(Some(result), EndReason::Withdrawal, now, Some(user));
        end(conn, clock, config, &game, &ending)?;
    }
    Ok(())
}

/// `user` leaves event `id`: before the start freely; after it, a withdrawal.
pub fn leave(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: i64,
) -> Result<(), GameError> {
    db.write(|conn| match tournaments::leave(conn, user, id)? {
        Left::BeforeStart => Ok(()),
        Left::Withdrawing => {
            withdraw(conn, clock, config, id, user)?;
            // A player with no game in progress (a bye) may complete the round.
            tournaments::rounds::progress(conn, clock, config, id)
        }
    })
}
