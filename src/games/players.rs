//! The two players of a game, read together: every service that needs them (a move, the
//! mails, the clocks) asks here.

use diesel::prelude::*;

use super::model::GameRow;
use super::GameError;
use crate::accounts::vacation::VacationRow;
use crate::accounts::User;
use crate::db::schema::{users, vacations};
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
