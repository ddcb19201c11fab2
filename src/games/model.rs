//! Rows of the games tables, typed ids and the small enums stored as text.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::GameError;
use crate::db::schema::{challenges, game_moves, games};
use crate::db::{DbConn, UserId};
use crate::domain::{
    ChallengeStatus, ColorChoice, EndReason, GameResult, GameStatus, Side, TimeKind,
};
use crate::ratings::glicko2::Rating;
use crate::time_control::TimeControl;

pub use crate::db::{ChallengeId, GameId, PresetVersionId};
pub use crate::presets::model::PresetVersionRow;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: GameId,
    pub preset_version_id: PresetVersionId,
    pub challenge_id: Option<ChallengeId>,
    pub white_id: UserId,
    pub black_id: UserId,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub result_reason: Option<EndReason>,
    pub start_fen: String,
    pub current_fen: String,
    pub ply: i64,
    pub side_to_move: Side,
    pub draw_offer_by: Option<UserId>,
    pub time_kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub deadline_at: Option<NaiveDateTime>,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub reserve_secs: Option<i64>,
    pub white_reserve_secs: Option<i64>,
    pub black_reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
    pub allow_vacation: bool,
    /// The variant the game is rated in; `None`: casual.
    pub rated_variant: Option<String>,
    /// How many messages its chat holds.
    pub messages: i64,
    /// A rated game: White's and Black's ratings (and deviations) when it started.
    pub white_start_rating: Option<f64>,
    pub white_start_deviation: Option<f64>,
    pub black_start_rating: Option<f64>,
    pub black_start_deviation: Option<f64>,
    /// The player asking to take back their last move (casual games).
    pub takeback_by: Option<UserId>,
    /// The clocks before the last move, to restore on a takeback (casual games; JSON).
    pub undo_clock: Option<String>,
    /// A tournament game: the event and its round.
    pub tournament_id: Option<i64>,
    pub tournament_round: Option<i64>,
    /// The named start position the game began from, when its preset lists several.
    pub setup_name: Option<String>,
    /// Who declined a draw offer last, and at which ply (the offerer is told until the next
    /// move).
    pub draw_declined_by: Option<UserId>,
    pub draw_declined_ply: Option<i64>,
    /// Moves taken back so far: with the ply, it names this history of the game.
    pub takebacks: i64,
    /// A game against the computer: the level (1..=8) its side plays at.
    pub computer_level: Option<i64>,
}

impl GameRow {
    pub fn load(conn: &mut DbConn, id: GameId) -> Result<GameRow, GameError> {
        games::table
            .find(id)
            .select(GameRow::as_select())
            .first(conn)
            .optional()?
            .ok_or(GameError::NotFound)
    }

    /// [`GameRow::load`], and the game's row lock for the rest of the write transaction,
    /// so that every later read sees the game as the previous writer committed it, not a
    /// mix of before and after.
    pub fn lock(conn: &mut DbConn, id: GameId) -> Result<GameRow, GameError> {
        crate::first_for_update!(conn, games::table.find(id).select(GameRow::as_select()))?
            .ok_or(GameError::NotFound)
    }

    pub fn is_active(&self) -> bool {
        self.status == GameStatus::Active
    }

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> UserId {
        if self.side_to_move == Side::Black {
            self.black_id
        } else {
            self.white_id
        }
    }

    /// When the current turn began: the last move, or the start of the game.
    pub fn turn_started(&self) -> NaiveDateTime {
        self.last_move_at.unwrap_or(self.created_at)
    }

    pub fn time_control(&self) -> TimeControl {
        TimeControl::from_parts(
            self.time_kind,
            self.days_per_move,
            self.reserve_secs,
            self.increment_secs,
            self.reserve_cap_secs,
        )
    }

    pub fn is_player(&self, user: UserId) -> bool {
        user == self.white_id || user == self.black_id
    }

    /// The name shown for the player `username` of this game: [`computer_name`] for the
    /// computer's side of a game against it, the username otherwise.
    pub fn player_name(&self, username: &str) -> String {
        match self.computer_level {
            Some(level) if crate::accounts::users::is_computer(username) => computer_name(level),
            _ => username.to_owned(),
        }
    }

    pub fn opponent_of(&self, user: UserId) -> UserId {
        if user == self.white_id {
            self.black_id
        } else {
            self.white_id
        }
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame<'a> {
    pub preset_version_id: PresetVersionId,
    pub challenge_id: Option<ChallengeId>,
    pub white_id: UserId,
    pub black_id: UserId,
    pub status: GameStatus,
    pub start_fen: &'a str,
    pub current_fen: &'a str,
    pub ply: i64,
    pub side_to_move: Side,
    pub time_kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub deadline_at: Option<NaiveDateTime>,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub reserve_secs: Option<i64>,
    pub white_reserve_secs: Option<i64>,
    pub black_reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
    pub allow_vacation: bool,
    pub rated_variant: Option<&'a str>,
    pub white_start_rating: Option<f64>,
    pub white_start_deviation: Option<f64>,
    pub black_start_rating: Option<f64>,
    pub black_start_deviation: Option<f64>,
    pub tournament_id: Option<i64>,
    pub tournament_round: Option<i64>,
    pub setup_name: Option<&'a str>,
    pub computer_level: Option<i64>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_moves)]
pub struct MoveRow {
    pub ply: i64,
    pub move_text: String,
    pub compact: String,
    pub comment: Option<String>,
    pub played_at: NaiveDateTime,
    pub user_id: UserId,
}

/// `comment` is written as NULL when `None` (not left to a default), so that every move is
/// the same SQL statement and its prepared form is reused.
#[derive(Debug, Insertable)]
#[diesel(table_name = game_moves, treat_none_as_default_value = false)]
pub struct NewMove<'a> {
    pub game_id: GameId,
    pub ply: i64,
    pub move_text: &'a str,
    pub compact: &'a str,
    pub fen_after: &'a str,
    pub comment: Option<&'a str>,
    pub played_at: NaiveDateTime,
    pub user_id: UserId,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = challenges)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub author_id: UserId,
    pub opponent_id: Option<UserId>,
    pub preset_version_id: PresetVersionId,
    pub author_color: ColorChoice,
    pub time_kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub message: String,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub created_at: NaiveDateTime,
    pub resolved_at: Option<NaiveDateTime>,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub allow_vacation: bool,
    /// The variant the game will be rated in (its preset plays that built-in variant's
    /// rules, see `presets::rated_variant`); `None`: casual.
    pub rated_variant: Option<String>,
    /// Who may accept an open rated challenge: a rating within these bounds.
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// The start position asked for: a setup's name or `random`; `None`: the default.
    pub setup_choice: Option<String>,
    /// Why the invited player declined, as the bot API's reason key.
    pub decline_reason: Option<String>,
}

impl ChallengeRow {
    pub fn time_control(&self) -> TimeControl {
        TimeControl::from_day_columns(&crate::time_control::DayColumns {
            kind: self.time_kind,
            days_per_move: self.days_per_move,
            reserve_days: self.reserve_days,
            increment_hours: self.increment_hours,
            cap_days: self.cap_days,
        })
    }

    /// The terms in words of `lang`: the time control, "no vacation" when its clocks never
    /// stop, and whether the game will be rated ("3 days per move, rated").
    pub fn describe_terms(&self, lang: &crate::i18n::Lang) -> String {
        let id = if self.allow_vacation {
            "games-terms"
        } else {
            "games-terms-no-vacation"
        };
        let rating = lang.t(if self.rated_variant.is_some() {
            "game-rated"
        } else {
            "game-casual"
        });
        lang.t2(
            id,
            "control",
            self.time_control().describe_in(lang),
            "rating",
            rating,
        )
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = challenges)]
pub struct NewChallengeRow<'a> {
    pub author_id: UserId,
    pub opponent_id: Option<UserId>,
    pub preset_version_id: PresetVersionId,
    pub author_color: ColorChoice,
    pub time_kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub message: &'a str,
    pub status: ChallengeStatus,
    pub created_at: NaiveDateTime,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub allow_vacation: bool,
    pub rated_variant: Option<&'a str>,
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    pub setup_choice: Option<&'a str>,
}

impl GameRow {
    /// A rated game's players' ratings when it started: (White, Black).
    pub fn start_ratings(&self) -> Option<(Rating, Rating)> {
        let rating = |r: Option<f64>, d: Option<f64>| {
            r.zip(d).map(|(rating, deviation)| Rating {
                rating,
                deviation,
                ..Rating::default()
            })
        };
        rating(self.white_start_rating, self.white_start_deviation)
            .zip(rating(self.black_start_rating, self.black_start_deviation))
    }

    /// Records the result of a rated game (`self` as it ended) with the ratings; casual
    /// games change nothing. Called inside the write that ends the game, whatever ended it.
    pub fn record_rating(
        &self,
        conn: &mut DbConn,
        result: Option<GameResult>,
        at: NaiveDateTime,
    ) -> Result<(), GameError> {
        let Some(variant) = &self.rated_variant else {
            return Ok(());
        };
        crate::ratings::record(
            conn,
            &crate::ratings::RatedEnding {
                game: self.id,
                variant,
                white: self.white_id,
                black: self.black_id,
                result,
                at,
            },
        )?;
        Ok(())
    }
}

/// How a game ends.
#[derive(Debug, Clone, Copy)]
pub struct Ending<'a> {
    /// `None`: no winner and no draw (abandoned, aborted).
    pub result: Option<GameResult>,
    pub reason: EndReason,
    /// When it ended: now, or the moment the time ran out.
    pub at: NaiveDateTime,
    /// The player whose act ended it (resigned, accepted a draw, closed, withdrew, deleted
    /// their account); `None` for the board, the clock and the administrators.
    pub by: Option<UserId>,
    /// The move that ended it (long notation, SAN), when a move did.
    pub last_move: Option<(&'a str, &'a str)>,
    /// That move was a conditional move, played at once in reply.
    pub conditional: bool,
}

impl Ending<'_> {
    /// An ending no move caused.
    pub fn of(
        result: Option<GameResult>,
        reason: EndReason,
        at: NaiveDateTime,
        by: Option<UserId>,
    ) -> Ending<'static> {
        Ending {
            result,
            reason,
            at,
            by,
            last_move: None,
            conditional: false,
        }
    }

    /// Whether the ratings count this game: all endings but an abort do (one with no
    /// result, as a draw).
    pub fn is_rated(&self) -> bool {
        self.reason != EndReason::Aborted
    }
}

/// The computer's name in a game against it at `level`: "Computer (level N)", in logs, PGN
/// and the API. Pages and mails show it in the reader's language ([`computer_level_of`]
/// finds the level again; usernames cannot contain spaces or parentheses).
pub fn computer_name(level: i64) -> String {
    format!("Computer (level {level})")
}

/// The level of a [`computer_name`], or `None` for any other name.
pub fn computer_level_of(name: &str) -> Option<i64> {
    name.strip_prefix("Computer (level ")?
        .strip_suffix(')')?
        .parse()
        .ok()
}
