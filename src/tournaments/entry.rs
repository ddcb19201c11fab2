//! Who plays in an event: joining, leaving, the organiser's invitations and removals, and
//! the start (by the organiser, when full, or on its date).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::rounds::begin;
use super::{entrant_status, lock, playing_count, EntrantStatus, TournamentRow, TournamentStatus};
use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{games, preset_versions, tournament_players, tournaments, users};
use crate::db::{Db, DbConn, UserId};
use crate::domain::GameStatus;
use crate::games::model::{GameId, GameRow, PresetVersionRow};
use crate::games::{no_such_player, outside_rating_range, GameError};
use crate::i18n::Message;

/// Refuses a join that the event's state or rules forbid, saying which.
fn check_may_join(
    conn: &mut DbConn,
    t: &TournamentRow,
    user: UserId,
    now: NaiveDateTime,
) -> Result<(), GameError> {
    match t.status {
        TournamentStatus::Running => {
            return Err(GameError::Invalid(Message::new(
                "error-game-tournament-started",
            )))
        }
        TournamentStatus::Cancelled => {
            return Err(GameError::Invalid(Message::new(
                "error-game-tournament-cancelled",
            )))
        }
        TournamentStatus::Finished => {
            return Err(GameError::Invalid(Message::new(
                "error-game-tournament-closed",
            )))
        }
        TournamentStatus::Open => {}
    }
    let status = entrant_status(conn, t.id, user)?;
    if status == Some(EntrantStatus::Joined) {
        return Err(GameError::Invalid(Message::new(
            "error-game-tournament-joined-already",
        )));
    }
    if t.invite_only && status != Some(EntrantStatus::Invited) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-tournament-invited-only",
        )));
    }
    if playing_count(conn, t.id)? >= t.max_players {
        return Err(GameError::Invalid(
            Message::new("error-game-tournament-full").arg("count", t.max_players),
        ));
    }
    if t.rating_min.is_some() || t.rating_max.is_some() {
        let version: PresetVersionRow = preset_versions::table
            .find(t.preset_version_id)
            .select(PresetVersionRow::as_select())
            .first(conn)?;
        let rating = crate::presets::rated_variant(&version)
            .map(|variant| crate::ratings::in_variant(conn, &[user], variant, now))
            .transpose()?
            .and_then(|found| found.first().map(|(_, r)| r.rating))
            .unwrap_or(crate::ratings::glicko2::Rating::default().rating);
        let below = t.rating_min.is_some_and(|lo| rating < lo as f64);
        let above = t.rating_max.is_some_and(|hi| rating > hi as f64);
        if below || above {
            return Err(GameError::Invalid(outside_rating_range(
                [
                    "error-game-tournament-rating-between",
                    "error-game-tournament-rating-from",
                    "error-game-tournament-rating-up-to",
                ],
                t.rating_min,
                t.rating_max,
                rating,
            )));
        }
    }
    Ok(())
}

/// `user` joins; an event that starts when full starts with the last player.
pub fn join(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: i64,
) -> Result<(), GameError> {
    db.write(|conn| {
        let t = lock(conn, id)?;
        let now = clock.now_db();
        check_may_join(conn, &t, user, now)?;
        diesel::delete(tournament_players::table.find((id, user))).execute(conn)?;
        diesel::insert_into(tournament_players::table)
            .values((
                tournament_players::tournament_id.eq(id),
                tournament_players::user_id.eq(user),
                tournament_players::status.eq(EntrantStatus::Joined),
                tournament_players::joined_at.eq(Some(now)),
            ))
            .execute(conn)?;
        if t.starts_at.is_none() && playing_count(conn, id)? >= t.max_players {
            begin(conn, clock, config, &t)?;
        }
        Ok(())
    })
}

/// What [`leave`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Left {
    /// Before the start: off the list.
    BeforeStart,
    /// The event runs: the caller withdraws the player (`play::withdrawal`), in this write.
    Withdrawing,
}

/// `user` leaves event `id`, in the caller's write: before the start freely; after it the
/// caller withdraws them. Takes the locks a withdrawal needs, in the order the end of a
/// game takes them.
pub fn leave(conn: &mut DbConn, user: UserId, id: i64) -> Result<Left, GameError> {
    // Game rows before the event's row, in id order, as the end of a game takes them:
    // a withdrawal racing the end of one of its games waits instead of deadlocking.
    let open: Vec<GameId> = games::table
        .filter(games::tournament_id.eq(id))
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::white_id.eq(user).or(games::black_id.eq(user)))
        .order(games::id)
        .select(games::id)
        .load(conn)?;
    for game in open {
        GameRow::lock(conn, game)?;
    }
    let t = lock(conn, id)?;
    if entrant_status(conn, id, user)? != Some(EntrantStatus::Joined) {
        return Err(GameError::Invalid(Message::new(
            "error-game-tournament-not-playing",
        )));
    }
    match t.status {
        TournamentStatus::Open => {
            diesel::delete(tournament_players::table.find((id, user))).execute(conn)?;
            Ok(Left::BeforeStart)
        }
        TournamentStatus::Running => Ok(Left::Withdrawing),
        _ => Err(GameError::Invalid(Message::new(
            "error-game-tournament-over",
        ))),
    }
}

pub(crate) fn require_organiser(t: &TournamentRow, user: UserId) -> Result<(), GameError> {
    if t.organiser_id != user {
        return Err(GameError::Forbidden(Message::new(
            "error-game-tournament-organiser-only",
        )));
    }
    Ok(())
}

pub(crate) fn require_open(t: &TournamentRow) -> Result<(), GameError> {
    if t.status != TournamentStatus::Open {
        return Err(GameError::Invalid(
            Message::new("error-game-tournament-not-open").arg("status", t.status.to_string()),
        ));
    }
    Ok(())
}

/// The organiser removes a player (or an invitation) before the start.
pub fn remove(db: &mut Db, organiser: UserId, id: i64, username: &str) -> Result<(), GameError> {
    db.write(|conn| {
        let t = lock(conn, id)?;
        require_organiser(&t, organiser)?;
        require_open(&t)?;
        let user = find_user(conn, username)?;
        let gone = diesel::delete(tournament_players::table.find((id, user.id))).execute(conn)?;
        if gone == 0 {
            return Err(GameError::Invalid(
                Message::new("error-game-tournament-not-listed").arg("name", &user.username),
            ));
        }
        Ok(())
    })
}

fn find_user(conn: &mut DbConn, username: &str) -> Result<User, GameError> {
    let name = username.trim();
    users::table
        .filter(users::username_key.eq(name.to_ascii_lowercase()))
        .select(User::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| no_such_player(name))
}

/// The organiser invites players by name (an invitation lets them join an invited-only event).
pub fn invite(
    db: &mut Db,
    organiser: UserId,
    id: i64,
    usernames: &[String],
) -> Result<usize, GameError> {
    db.write(|conn| {
        let t = lock(conn, id)?;
        require_organiser(&t, organiser)?;
        require_open(&t)?;
        let mut invited = 0;
        for name in usernames.iter().filter(|n| !n.trim().is_empty()) {
            let user = find_user(conn, name)?;
            if entrant_status(conn, id, user.id)?.is_some() {
                continue;
            }
            diesel::insert_into(tournament_players::table)
                .values((
                    tournament_players::tournament_id.eq(id),
                    tournament_players::user_id.eq(user.id),
                    tournament_players::status.eq(EntrantStatus::Invited),
                ))
                .execute(conn)?;
            invited += 1;
        }
        Ok(invited)
    })
}

/// The organiser cancels an event that has not started.
pub fn cancel(db: &mut Db, clock: &dyn Clock, organiser: UserId, id: i64) -> Result<(), GameError> {
    db.write(|conn| {
        let t = lock(conn, id)?;
        require_organiser(&t, organiser)?;
        require_open(&t)?;
        diesel::update(tournaments::table.find(id))
            .set((
                tournaments::status.eq(TournamentStatus::Cancelled),
                tournaments::finished_at.eq(Some(clock.now_db())),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// The organiser starts the event early (at least the smallest number of players joined).
pub fn start(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    organiser: UserId,
    id: i64,
) -> Result<(), GameError> {
    db.write(|conn| {
        let t = lock(conn, id)?;
        require_organiser(&t, organiser)?;
        require_open(&t)?;
        begin(conn, clock, config, &t)
    })
}

/// Starts every open event whose start date has come (called by the clock job): with
/// enough players it starts, without it is cancelled.
pub fn start_due(db: &mut Db, clock: &dyn Clock, config: &Config) -> Result<usize, GameError> {
    let now = clock.now_db();
    let due: Vec<i64> = tournaments::table
        .filter(tournaments::status.eq(TournamentStatus::Open))
        .filter(tournaments::starts_at.le(now))
        .select(tournaments::id)
        .load(db.conn())?;
    for id in &due {
        db.write(|conn| {
            let t = lock(conn, *id)?;
            if t.status != TournamentStatus::Open {
                return Ok(());
            }
            if playing_count(conn, t.id)? < t.min_players {
                diesel::update(tournaments::table.find(t.id))
                    .set((
                        tournaments::status.eq(TournamentStatus::Cancelled),
                        tournaments::finished_at.eq(Some(now)),
                    ))
                    .execute(conn)?;
                return Ok(());
            }
            begin(conn, clock, config, &t)
        })?;
    }
    Ok(due.len())
}

/// The organiser of events is deleting their account, in the caller's write: an event not
/// started yet is cancelled; a running one goes on (its rounds need nobody) and passes to
/// the first administrator, when the site has one.
pub fn organiser_gone(conn: &mut DbConn, clock: &dyn Clock, user: UserId) -> Result<(), GameError> {
    diesel::update(
        tournaments::table
            .filter(tournaments::organiser_id.eq(user))
            .filter(tournaments::status.eq(TournamentStatus::Open)),
    )
    .set((
        tournaments::status.eq(TournamentStatus::Cancelled),
        tournaments::finished_at.eq(Some(clock.now_db())),
    ))
    .execute(conn)?;
    let admin: Option<UserId> = users::table
        .filter(users::is_admin.eq(true))
        .filter(users::id.ne(user))
        .order(users::id)
        .select(users::id)
        .first(conn)
        .optional()?;
    if let Some(admin) = admin {
        diesel::update(
            tournaments::table
                .filter(tournaments::organiser_id.eq(user))
                .filter(tournaments::status.eq(TournamentStatus::Running)),
        )
        .set(tournaments::organiser_id.eq(admin))
        .execute(conn)?;
    }
    Ok(())
}
