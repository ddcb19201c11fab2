//! The clocks of stored games: the deadline that counts right now (vacations included),
//! ending a game on time, and closing an abandoned untimed game. The arithmetic lives in
//! [`crate::time_control`]; this module reads and writes the database.

use askama::Template;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use plypost_rules::{Color, Position};

use super::mail::{header, notify, players, render, result_words, subject};
use super::model::{GameId, GameRow};
use super::GameError;
use crate::accounts::vacation::{self, VacationRow};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::games;
use crate::db::{Db, DbConn, UserId};
use crate::domain::{EndReason, GameResult, GameStatus};
use crate::format::datetime_in;
use crate::mail::MailKind;
use crate::presets::rules;
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

#[derive(Template)]
#[template(path = "mail/time_out.txt")]
struct TimeOutMail<'a> {
    header: &'a str,
    loser: &'a str,
    winner: &'a str,
    deadline: &'a str,
    result: &'a str,
    drawn: bool,
    link: &'a str,
}

#[derive(Template)]
#[template(path = "mail/abandoned.txt")]
struct AbandonedMail<'a> {
    header: &'a str,
    by: &'a str,
    days: i64,
    link: &'a str,
}

/// Ends game `id` on time if the player to move has run out of it by now: a loss, or a
/// draw when the opponent has only royal pieces. The game is finished as of the moment the
/// time ran out. Safe to call from several processes at once: the update is conditional
/// on the game still being active at the same ply with its deadline passed, under the
/// game's row lock, so exactly one caller ends it. Returns whether this call ended it.
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
        let winner_color = if loser_white {
            Color::Black
        } else {
            Color::White
        };
        let drawn = !time_control::could_checkmate(&position, winner_color);
        let result = match (drawn, loser_white) {
            (true, _) => GameResult::Draw,
            (false, true) => GameResult::BlackWins,
            (false, false) => GameResult::WhiteWins,
        };
        let changed = diesel::update(
            games::table
                .filter(games::id.eq(id))
                .filter(games::status.eq(GameStatus::Active))
                .filter(games::ply.eq(game.ply))
                .filter(games::deadline_at.le(now)),
        )
        .set((
            games::status.eq(GameStatus::Finished),
            games::result.eq(Some(result)),
            games::result_reason.eq(Some(EndReason::Time)),
            games::finished_at.eq(Some(turn.deadline)),
            games::draw_offer_by.eq(None::<UserId>),
        ))
        .execute(conn)?;
        if changed != 1 {
            return Ok(false);
        }
        let game = GameRow::load(conn, id)?;
        game.record_rating(conn, Some(result), turn.deadline)?;
        super::tournaments::game_over(conn, clock, config, &game)?;
        super::tournaments::game_over(conn, clock, config, &game)?;
        let (white, black) = players(conn, &game)?;
        let (loser, winner) = if loser_white {
            (&white, &black)
        } else {
            (&black, &white)
        };
        let variant = rules.variant.display_name();
        let head = header(&game, variant, &white, &black);
        let link = config.absolute_url(&format!("/games/{id}"));
        let words = result_words(&game);
        let what = format!("game over, {result} on time");
        let subject = subject(&game, variant, &white, &black, &what);
        for to in [&white, &black] {
            let body = render(&TimeOutMail {
                header: &head,
                loser: &loser.username,
                winner: &winner.username,
                deadline: &datetime_in(turn.deadline, &to.time_zone),
                result: &words,
                drawn,
                link: &link,
            })?;
            notify(conn, clock, config, to, MailKind::GameEnd, &subject, body)?;
        }
        tracing::info!(game = %id, result = %result, "game ended on time");
        Ok(true)
    })
}

/// When an untimed game can be closed as abandoned (`None` for other games).
pub fn abandonable_from(game: &GameRow) -> Option<NaiveDateTime> {
    (game.is_active() && !game.time_control().is_timed())
        .then(|| game.turn_started() + time_control::ABANDON_AFTER)
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
            return Err(GameError::Forbidden(
                "Only the players of this game can close it.",
            ));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        let Some(from) = abandonable_from(&game) else {
            return Err(GameError::Forbidden(
                "Only untimed games can be closed as abandoned.",
            ));
        };
        if now < from {
            return Err(GameError::Invalid(format!(
                "An untimed game can be closed once no move was played for {} days.",
                time_control::ABANDON_AFTER.num_days()
            )));
        }
        let changed = diesel::update(
            games::table
                .filter(games::id.eq(id))
                .filter(games::status.eq(GameStatus::Active))
                .filter(games::ply.eq(game.ply)),
        )
        .set((
            games::status.eq(GameStatus::Finished),
            games::result.eq(None::<GameResult>),
            games::result_reason.eq(Some(EndReason::Abandoned)),
            games::finished_at.eq(Some(now)),
            games::draw_offer_by.eq(None::<UserId>),
        ))
        .execute(conn)?;
        if changed != 1 {
            return Err(GameError::MovedOn);
        }
        // No winner: rated as a draw.
        game.record_rating(conn, None, now)?;
        super::tournaments::game_over(conn, clock, config, &game)?;
        super::tournaments::game_over(conn, clock, config, &game)?;
        let rules = rules::load(conn, game.preset_version_id)?;
        let (white, black) = players(conn, &game)?;
        let by = if user == white.id { &white } else { &black };
        let variant = rules.variant.display_name();
        let head = header(&game, variant, &white, &black);
        let link = config.absolute_url(&format!("/games/{id}"));
        let subject = subject(&game, variant, &white, &black, "game over, abandoned");
        let to = if user == white.id { &black } else { &white };
        let body = render(&AbandonedMail {
            header: &head,
            by: &by.username,
            days: time_control::ABANDON_AFTER.num_days(),
            link: &link,
        })?;
        notify(conn, clock, config, to, MailKind::GameEnd, &subject, body)
    })
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
    let mut out = std::collections::HashMap::new();
    for game in rows {
        if let Some(turn) = turn_clock(conn, &game, now)? {
            out.insert(game.id, (turn.deadline, turn.paused_by.is_some()));
        }
    }
    Ok(out)
}
