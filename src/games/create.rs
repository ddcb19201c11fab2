//! A new game's row: from an accepted challenge or a tournament's pairing. The players'
//! "your move" mails are the caller's (see `challenges::accept` and `tournaments`).

use diesel::prelude::*;
use plypost_rules::Position;

use super::model::{ChallengeId, GameId, NewGame};
use super::GameError;
use crate::db::schema::games;
use crate::db::{DbConn, UserId};
use crate::domain::GameStatus;
use crate::ratings::glicko2::Rating;
use crate::time_control::TimeControl;

fn insert_row(conn: &mut DbConn, row: NewGame) -> Result<GameId, GameError> {
    crate::presets::count_game(conn, row.preset_version_id)?;
    let query = diesel::insert_into(games::table).values(row);
    let id: i64 = crate::on_backend!(conn, |c| query.returning(games::id).get_result(c))?;
    Ok(GameId(id))
}

/// What a new game is besides its players: from a challenge or a tournament.
pub struct GameSpec<'a> {
    pub preset_version_id: super::PresetVersionId,
    pub setup: &'a str,
    /// The setup's name, when the preset lists several.
    pub setup_name: Option<&'a str>,
    /// The setup, read.
    pub start: &'a Position,
    pub control: TimeControl,
    pub allow_vacation: bool,
    pub rated_variant: Option<&'a str>,
    /// A rated game: White's and Black's ratings as it starts.
    pub ratings: Option<(Rating, Rating)>,
    pub challenge_id: Option<ChallengeId>,
    /// A tournament game: the event and the round.
    pub tournament: Option<(i64, i64)>,
    /// A game against the computer: the level its side plays at.
    pub computer_level: Option<i64>,
}

/// Stores a new game between `white` and `black` starting at `now`; returns its id.
pub fn insert(
    conn: &mut DbConn,
    now: chrono::NaiveDateTime,
    (white, black): (UserId, UserId),
    spec: &GameSpec,
) -> Result<GameId, GameError> {
    let control = spec.control;
    let columns = control.game_columns();
    let ratings = spec.ratings;
    insert_row(
        conn,
        NewGame {
            preset_version_id: spec.preset_version_id,
            challenge_id: spec.challenge_id,
            white_id: white,
            black_id: black,
            status: GameStatus::Active,
            start_fen: spec.setup,
            current_fen: spec.setup,
            ply: 0,
            side_to_move: spec.start.side_to_move().into(),
            time_kind: columns.kind,
            days_per_move: columns.days_per_move,
            deadline_at: control.first_deadline(now),
            last_move_at: None,
            created_at: now,
            reserve_secs: control.starting_reserve(),
            white_reserve_secs: control.starting_reserve(),
            black_reserve_secs: control.starting_reserve(),
            increment_secs: columns.increment_secs,
            reserve_cap_secs: columns.reserve_cap_secs,
            allow_vacation: spec.allow_vacation,
            rated_variant: spec.rated_variant,
            white_start_rating: ratings.map(|(w, _)| w.rating),
            white_start_deviation: ratings.map(|(w, _)| w.deviation),
            black_start_rating: ratings.map(|(_, b)| b.rating),
            black_start_deviation: ratings.map(|(_, b)| b.deviation),
            tournament_id: spec.tournament.map(|(id, _)| id),
            tournament_round: spec.tournament.map(|(_, round)| round),
            setup_name: spec.setup_name,
            computer_level: spec.computer_level,
        },
    )
}

/// White's and Black's ratings in `variant` as a game starts (a new player's is the
/// starting rating).
pub fn ratings_at_start(
    conn: &mut DbConn,
    variant: &str,
    (white, black): (UserId, UserId),
    now: chrono::NaiveDateTime,
) -> Result<(Rating, Rating), GameError> {
    let found = crate::ratings::in_variant(conn, &[white, black], variant, now)?;
    let of = |id: UserId| {
        found
            .iter()
            .find(|(u, _)| *u == id)
            .map_or_else(Rating::default, |(_, r)| *r)
    };
    Ok((of(white), of(black)))
}
