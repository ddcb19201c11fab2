//! The clocks of stored games: the deadline that counts right now (vacations included) and
//! when an untimed game may be closed as abandoned; `play::time` ends games by them. The arithmetic lives in
//! [`crate::time_control`]; this module reads and writes the database.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::model::{GameId, GameRow};
use crate::accounts::vacation::{self, VacationRow};
use crate::db::schema::games;
use crate::db::{DbConn, UserId};
use crate::domain::GameStatus;
use crate::time_control::{self, TimeControl};

/// The clock of the player to move.
#[derive(Debug, Clone)]
pub struct TurnClock {
    /// The deadline with any vacation time of this turn added.
    pub deadline: NaiveDateTime,
    /// The vacation that stops this clock right now, if any.
    pub paused_by: Option<VacationRow>,
}

impl TurnClock {
    pub fn left(&self, now: NaiveDateTime) -> Duration {
        self.deadline - now
    }
}

/// The clock of the player to move in an active timed game; `None` otherwise.
pub fn turn_clock(
    conn: &mut DbConn,
    game: &GameRow,
    now: NaiveDateTime,
) -> Result<Option<TurnClock>, diesel::result::Error> {
    if game.deadline_at.is_none() || !game.is_active() {
        return Ok(None);
    }
    let on_vacation = if game.allow_vacation {
        vacation::current(conn, game.player_to_move())?
    } else {
        None
    };
    Ok(turn_clock_given(game, now, on_vacation))
}

/// [`turn_clock`] with the vacation of the player to move already read.
pub fn turn_clock_given(
    game: &GameRow,
    now: NaiveDateTime,
    on_vacation: Option<VacationRow>,
) -> Option<TurnClock> {
    let deadline = game.deadline_at.filter(|_| game.is_active())?;
    let on_vacation = on_vacation.filter(|_| game.allow_vacation);
    let window = on_vacation.as_ref().map(|v| v.window(now));
    let turn_started = game.turn_started();
    // A vacation that began after the deadline stops nothing.
    let paused_by = on_vacation.filter(|v| v.started_at < deadline);
    Some(TurnClock {
        deadline: time_control::effective_deadline(deadline, turn_started, window),
        paused_by,
    })
}

/// When an untimed game can be closed as abandoned (`None` for other games).
pub fn abandonable_from(game: &GameRow) -> Option<NaiveDateTime> {
    (game.is_active() && !game.time_control().is_timed())
        .then(|| game.turn_started() + time_control::ABANDON_AFTER)
}

/// What the game page shows about the clocks.
#[derive(Debug, Clone, Default)]
pub struct ClockView {
    /// "3 days per move", "untimed", ...
    pub control: String,
    pub allow_vacation: bool,
    /// The deadline of the player to move (vacation included) and the time left.
    pub deadline: Option<NaiveDateTime>,
    pub left: Option<Duration>,
    /// The clock of the player to move is stopped by their vacation.
    pub paused: bool,
    /// Players of this game on vacation now, with the latest end of their vacation.
    pub on_vacation: Vec<(UserId, NaiveDateTime)>,
    /// Fischer: the reserve of the player not to move.
    pub waiting_reserve: Option<Duration>,
    /// An untimed game that either player may now close as abandoned.
    pub abandonable: bool,
}

impl ClockView {
    /// Little time left: highlight the game.
    pub fn urgent(&self) -> bool {
        !self.paused && self.left.is_some_and(|l| l < time_control::URGENT)
    }
}

/// The clock of `game` as its page shows it, given the vacations its players are on.
pub fn clock_view(game: &GameRow, vacations: &[VacationRow], now: NaiveDateTime) -> ClockView {
    let control = game.time_control();
    let vacations: &[VacationRow] = if game.is_active() { vacations } else { &[] };
    let of = |player: UserId| vacations.iter().find(|v| v.user_id == player).cloned();
    let turn = turn_clock_given(game, now, of(game.player_to_move()));
    let on_vacation: Vec<(UserId, NaiveDateTime)> = [game.white_id, game.black_id]
        .into_iter()
        .filter_map(|player| of(player).map(|v| (player, v.ends_by)))
        .collect();
    let waiting_reserve = match control {
        TimeControl::Fischer { .. } if game.is_active() => {
            if game.player_to_move() == game.white_id {
                game.black_reserve_secs
            } else {
                game.white_reserve_secs
            }
        }
        _ => None,
    };
    ClockView {
        control: control.describe(),
        allow_vacation: game.allow_vacation,
        deadline: turn.as_ref().map(|t| t.deadline),
        left: turn.as_ref().map(|t| t.left(now)),
        paused: turn.as_ref().is_some_and(|t| t.paused_by.is_some()),
        on_vacation,
        waiting_reserve: waiting_reserve.map(Duration::seconds),
        abandonable: abandonable_from(game).is_some_and(|from| now >= from),
    }
}

/// The clock of the player to move in each of `ids` (active timed games only), for lists:
/// the effective deadline and whether a vacation stops it.
pub fn turn_clocks(
    conn: &mut DbConn,
    ids: &[GameId],
    now: NaiveDateTime,
) -> Result<std::collections::HashMap<GameId, (NaiveDateTime, bool)>, diesel::result::Error> {
    let rows: Vec<GameRow> = games::table
        .filter(games::id.eq_any(ids))
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::deadline_at.is_not_null())
        .select(GameRow::as_select())
        .load(conn)?;
    // The vacations of the players to move, in one read (a list may hold hundreds of games).
    let to_move: Vec<UserId> = rows.iter().map(GameRow::player_to_move).collect();
    let away = vacation::current_of(conn, &to_move)?;
    let mut out = std::collections::HashMap::new();
    for game in rows {
        let on_vacation = away.get(&game.player_to_move()).cloned();
        if let Some(turn) = turn_clock_given(&game, now, on_vacation) {
            out.insert(game.id, (turn.deadline, turn.paused_by.is_some()));
        }
    }
    Ok(out)
}
