//! The two players of a game, read together: every service that needs them (a move, the
//! mails, the clocks) asks here.

use diesel::prelude::*;

use super::model::{GameId, GameRow, PresetVersionRow};
use super::GameError;
use crate::accounts::vacation::VacationRow;
use crate::accounts::User;
use crate::db::schema::{games, preset_versions, presets, users, vacations};
use crate::db::{DbConn, UserId};

/// A player and the vacation they are on, if any.
#[derive(Debug, Clone)]
pub struct Player {
    pub user: User,
    pub away: Option<VacationRow>,
}

/// White and Black of a game.
#[derive(Debug, Clone)]
pub struct Players {
    pub white: Player,
    pub black: Player,
}

impl Players {
    /// The player whose turn it is.
    pub fn to_move(&self, game: &GameRow) -> &Player {
        if game.player_to_move() == game.white_id {
            &self.white
        } else {
            &self.black
        }
    }

    pub fn users(self) -> (User, User) {
        (self.white.user, self.black.user)
    }
}

/// A game as it stands, with the preset version it pins and both players.
pub struct GameWithPlayers {
    pub game: GameRow,
    pub version: PresetVersionRow,
    /// The preset's slug, name and current version.
    pub preset: (String, String, i64),
    pub players: Players,
}

/// Game `id` with its preset version and preset, and both players with the vacations they
/// are on, in one query (on PostgreSQL each query is a round trip): the game page and a
/// move both read this. No lock: a change to the game that follows from this read must be
/// conditional on what it read (a move's update is, on the ply).
pub fn game_with_players(conn: &mut DbConn, id: GameId) -> Result<GameWithPlayers, GameError> {
    let (white_user, black_user, white_away, black_away) = diesel::alias!(
        users as white_user,
        users as black_user,
        vacations as white_away,
        vacations as black_away
    );
    type Found = (
        GameRow,
        PresetVersionRow,
        (String, String, i64),
        User,
        User,
        Option<VacationRow>,
        Option<VacationRow>,
    );
    // On the backend's own connection (compiled once per backend): the query that every
    // page view and move runs, without MultiConnection writing its SQL out on every run.
    let found: Option<Found> = crate::on_backend!(conn, |c| games::table
        .inner_join(preset_versions::table.inner_join(presets::table))
        .inner_join(white_user.on(white_user.field(users::id).eq(games::white_id)))
        .inner_join(black_user.on(black_user.field(users::id).eq(games::black_id)))
        .left_join(
            white_away.on(white_away
                .field(vacations::user_id)
                .eq(games::white_id)
                .and(white_away.field(vacations::ended_at).is_null())),
        )
        .left_join(
            black_away.on(black_away
                .field(vacations::user_id)
                .eq(games::black_id)
                .and(black_away.field(vacations::ended_at).is_null())),
        )
        .filter(games::id.eq(id))
        .select((
            GameRow::as_select(),
            PresetVersionRow::as_select(),
            (presets::slug, presets::name, presets::current_version),
            white_user.fields(users::all_columns),
            black_user.fields(users::all_columns),
            white_away.fields(vacations::all_columns).nullable(),
            black_away.fields(vacations::all_columns).nullable(),
        ))
        .first(c)
        .optional())?;
    let (game, version, preset, white, black, white_away, black_away) =
        found.ok_or(GameError::NotFound)?;
    Ok(GameWithPlayers {
        game,
        version,
        preset,
        players: Players {
            white: Player {
                user: white,
                away: white_away,
            },
            black: Player {
                user: black,
                away: black_away,
            },
        },
    })
}

/// Both players of `game` with their vacations, in one query. It takes no lock: a lock on a
/// player would hold up every other game they are in.
pub fn of_game(conn: &mut DbConn, game: &GameRow) -> Result<Players, GameError> {
    // The same user twice (a game against oneself) comes back once.
    let found: Vec<(User, Option<VacationRow>)> = users::table
        .left_join(
            vacations::table.on(vacations::user_id
                .eq(users::id)
                .and(vacations::ended_at.is_null())),
        )
        .filter(users::id.eq(game.white_id).or(users::id.eq(game.black_id)))
        .select((User::as_select(), Option::<VacationRow>::as_select()))
        .load(conn)?;
    let pick = |id: UserId| {
        found
            .iter()
            .find(|(user, _)| user.id == id)
            .map(|(user, away)| Player {
                user: user.clone(),
                away: away.clone(),
            })
            .ok_or(GameError::Db(diesel::result::Error::NotFound))
    };
    Ok(Players {
        white: pick(game.white_id)?,
        black: pick(game.black_id)?,
    })
}
