//! Correspondence tournaments: a round-robin plays every game at once; a Swiss event plays
//! round by round, each round paired when the last game of the one before ends. Pairings
//! come from [`super::pairing`]. This module owns the `tournaments` and
//! `tournament_players` tables; tournament games are ordinary games with their event and
//! round on the row.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::Position;

use super::challenges::{insert_new_game, ratings_at_start, GameSpec};
use super::model::{GameId, GameRow, PresetVersionRow};
use super::pairing::{self, Colour, SwissPlayer};
use super::{clean_text, GameError};
use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{games, preset_versions, tournament_players, tournaments, users};
use crate::db::{Db, DbConn, UserId};
use crate::domain::{EndReason, GameResult, GameStatus};
use crate::presets::rules;
use crate::time_control::{TimeControl, TimeControlInput};

pub mod standings;

pub use standings::{Standing, Table};

/// Bounds on a field.
pub const MAX_PLAYERS: i64 = 64;
pub const MAX_NAME_CHARS: usize = 80;
pub const MAX_DESCRIPTION_CHARS: usize = 5_000;

pub const KIND_ROUND_ROBIN: &str = "round_robin";
pub const KIND_SWISS: &str = "swiss";

pub const STATUS_OPEN: &str = "open";
pub const STATUS_RUNNING: &str = "running";
pub const STATUS_FINISHED: &str = "finished";
pub const STATUS_CANCELLED: &str = "cancelled";

const PLAYER_INVITED: &str = "invited";
const PLAYER_JOINED: &str = "joined";
const PLAYER_WITHDRAWN: &str = "withdrawn";

/// Time-outs in one event after which a player is withdrawn.
pub const TIME_OUTS_TO_WITHDRAW: i64 = 2;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub organiser_id: UserId,
    pub preset_version_id: super::PresetVersionId,
    pub kind: String,
    pub double_round: bool,
    pub rounds: Option<i64>,
    pub time_kind: String,
    pub days_per_move: Option<i64>,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub allow_vacation: bool,
    pub rated: bool,
    pub min_players: i64,
    pub max_players: i64,
    pub starts_at: Option<NaiveDateTime>,
    pub invite_only: bool,
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    pub status: String,
    pub current_round: i64,
    pub created_at: NaiveDateTime,
    pub started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub winner_id: Option<UserId>,
}

impl TournamentRow {
    pub fn is_swiss(&self) -> bool {
        self.kind == KIND_SWISS
    }

    pub fn time_control(&self) -> TimeControl {
        crate::presets::settings::time_control_of(
            &self.time_kind,
            self.days_per_move.unwrap_or(3),
            self.reserve_days,
            self.increment_hours,
            self.cap_days,
        )
    }

    /// Round-robin: how many rounds the schedule has.
    pub fn planned_rounds(&self, players: usize) -> i64 {
        if self.is_swiss() {
            return self.rounds.unwrap_or(0);
        }
        let seats = (players + players % 2) as i64;
        let single = (seats - 1).max(0);
        if self.double_round {
            single * 2
        } else {
            single
        }
    }
}

/// The creation form, as typed.
#[derive(Debug, Clone, Default)]
pub struct TournamentInput {
    pub name: String,
    pub description: String,
    /// A preset's slug (a built-in preset is named after its variant).
    pub preset: String,
    /// `round_robin` or `swiss`.
    pub kind: String,
    pub double_round: bool,
    pub rounds: String,
    pub time: TimeControlInput,
    pub no_vacation: bool,
    pub rated: bool,
    pub min_players: String,
    pub max_players: String,
    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (UTC); empty: start when full.
    pub starts_at: String,
    pub invite_only: bool,
    pub rating_min: String,
    pub rating_max: String,
}

fn number(
    text: &str,
    what: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<Option<i64>, GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<i64>()
        .ok()
        .filter(|n| range.contains(n))
        .map(Some)
        .ok_or_else(|| {
            GameError::Invalid(format!(
                "The {what} is a whole number from {} to {}.",
                range.start(),
                range.end()
            ))
        })
}

fn start_date(text: &str, now: NaiveDateTime) -> Result<Option<NaiveDateTime>, GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let parsed = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| {
            chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default())
        })
        .map_err(|_| {
            GameError::Invalid(format!(
                "The start date “{text}” is not a date like 2027-01-15 or 2027-01-15T18:00 (UTC)."
            ))
        })?;
    if parsed <= now {
        return Err(GameError::Invalid(
            "The start date is in the past; leave it empty to start when the event is full.".into(),
        ));
    }
    Ok(Some(parsed))
}

/// The checked fields of a form, ready to store.
struct Checked {
    name: String,
    description: String,
    kind: &'static str,
    rounds: Option<i64>,
    control: TimeControl,
    min_players: i64,
    max_players: i64,
    starts_at: Option<NaiveDateTime>,
    rating_range: (Option<i64>, Option<i64>),
}

fn check_input(input: &TournamentInput, now: NaiveDateTime) -> Result<Checked, GameError> {
    let name = clean_text(&input.name, "name")?
        .ok_or_else(|| GameError::Invalid("Give the tournament a name.".into()))?;
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(GameError::Invalid(format!(
            "A tournament name has at most {MAX_NAME_CHARS} characters."
        )));
    }
    let description = input.description.trim().to_owned();
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(GameError::Invalid(format!(
            "The description has at most {MAX_DESCRIPTION_CHARS} characters."
        )));
    }
    let kind = match input.kind.trim() {
        KIND_ROUND_ROBIN | "" => KIND_ROUND_ROBIN,
        KIND_SWISS => KIND_SWISS,
        other => {
            return Err(GameError::Invalid(format!(
                "“{other}” is not a kind of tournament: round_robin or swiss."
            )))
        }
    };
    let min_players = number(
        &input.min_players,
        "smallest number of players",
        2..=MAX_PLAYERS,
    )?
    .unwrap_or(3);
    let max_players = number(
        &input.max_players,
        "largest number of players",
        2..=MAX_PLAYERS,
    )?
    .ok_or_else(|| GameError::Invalid("Give the largest number of players.".into()))?;
    if min_players > max_players {
        return Err(GameError::Invalid(
            "The smallest number of players is above the largest.".into(),
        ));
    }
    let rounds = number(&input.rounds, "number of rounds", 1..=MAX_PLAYERS - 1)?;
    if kind == KIND_SWISS {
        let rounds = rounds.ok_or_else(|| {
            GameError::Invalid("A Swiss event needs its number of rounds.".into())
        })?;
        if rounds >= min_players {
            return Err(GameError::Invalid(format!(
                "{rounds} rounds need at least {} players (nobody meets an opponent twice); raise the smallest number of players or play fewer rounds.",
                rounds + 1
            )));
        }
    }
    let control = TimeControl::parse(&input.time, false).map_err(GameError::Invalid)?;
    let rating_range = (
        number(&input.rating_min, "lowest rating", 0..=4000)?,
        number(&input.rating_max, "highest rating", 0..=4000)?,
    );
    if let (Some(lo), Some(hi)) = rating_range {
        if lo > hi {
            return Err(GameError::Invalid(
                "The lowest rating is above the highest.".into(),
            ));
        }
    }
    Ok(Checked {
        name,
        description,
        kind,
        rounds: (kind == KIND_SWISS).then_some(rounds).flatten(),
        control,
        min_players,
        max_players,
        starts_at: start_date(&input.starts_at, now)?,
        rating_range,
    })
}

/// Creates a tournament organised by `organiser`; returns its id.
pub fn create(
    db: &mut Db,
    clock: &dyn Clock,
    organiser: &User,
    input: &TournamentInput,
) -> Result<i64, GameError> {
    let now = clock.now_db();
    let c = check_input(input, now)?;
    const DAY: i64 = 86_400;
    let (days, reserve, increment, cap) = match c.control {
        TimeControl::DaysPerMove(days) => (Some(days), None, None, None),
        TimeControl::Fischer {
            reserve,
            increment,
            cap,
        } => (
            None,
            Some(reserve / DAY),
            Some(increment / 3600),
            cap.map(|c| c / DAY),
        ),
        TimeControl::Untimed => (None, None, None, None),
    };
    let slug = input.preset.trim().to_owned();
    db.write(|conn| {
        let version = match crate::presets::builtin_version(conn, clock, &slug)? {
            Some(version) => version,
            None => match crate::presets::query::for_challenge(conn, &slug) {
                Ok((version, _)) => version,
                Err(crate::presets::PresetError::NotFound) => {
                    return Err(GameError::Invalid(format!("There is no preset “{slug}”.")))
                }
                Err(e) => return Err(e.into()),
            },
        };
        if input.rated && crate::presets::rated_variant(&version).is_none() {
            return Err(GameError::Invalid(
                "Only a preset that plays a built-in variant's rules can be rated; make the event casual."
                    .into(),
            ));
        }
        let query = diesel::insert_into(tournaments::table).values((
            tournaments::name.eq(&c.name),
            tournaments::description.eq(&c.description),
            tournaments::organiser_id.eq(organiser.id),
            tournaments::preset_version_id.eq(version.id),
            tournaments::kind.eq(c.kind),
            tournaments::double_round.eq(input.double_round && c.kind == KIND_ROUND_ROBIN),
            tournaments::rounds.eq(c.rounds),
            tournaments::time_kind.eq(c.control.kind().as_str()),
            tournaments::days_per_move.eq(days),
            tournaments::reserve_days.eq(reserve),
            tournaments::increment_hours.eq(increment),
            tournaments::cap_days.eq(cap),
            tournaments::allow_vacation.eq(!input.no_vacation),
            tournaments::rated.eq(input.rated),
            tournaments::min_players.eq(c.min_players),
            tournaments::max_players.eq(c.max_players),
            tournaments::starts_at.eq(c.starts_at),
            tournaments::invite_only.eq(input.invite_only),
            tournaments::rating_min.eq(c.rating_range.0),
            tournaments::rating_max.eq(c.rating_range.1),
            tournaments::status.eq(STATUS_OPEN),
            tournaments::current_round.eq(0),
            tournaments::created_at.eq(now),
        ));
        let id: i64 = crate::on_backend!(conn, |c| query.returning(tournaments::id).get_result(c))?;
        Ok(id)
    })
}

pub fn load(conn: &mut DbConn, id: i64) -> Result<TournamentRow, GameError> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(GameError::NotFound)
}

/// The row, locked for the rest of the write on PostgreSQL.
fn lock(conn: &mut DbConn, id: i64) -> Result<TournamentRow, GameError> {
    let found: Option<TournamentRow> = crate::first_for_update!(
        conn,
        tournaments::table
            .find(id)
            .select(TournamentRow::as_select())
    )?;
    found.ok_or(GameError::NotFound)
}

/// A player of an event.
#[derive(Debug, Clone, Queryable)]
pub struct Entrant {
    pub user_id: UserId,
    pub username: String,
    pub status: String,
    pub joined_at: Option<NaiveDateTime>,
    pub bye_round: Option<i64>,
}

impl Entrant {
    pub fn is_playing(&self) -> bool {
        self.status == PLAYER_JOINED
    }
    pub fn is_withdrawn(&self) -> bool {
        self.status == PLAYER_WITHDRAWN
    }
    pub fn is_invited(&self) -> bool {
        self.status == PLAYER_INVITED
    }
}

/// Everyone on an event's list (invited, playing, withdrawn), in joining order.
pub fn entrants(conn: &mut DbConn, id: i64) -> Result<Vec<Entrant>, GameError> {
    Ok(tournament_players::table
        .inner_join(users::table)
        .filter(tournament_players::tournament_id.eq(id))
        .order((tournament_players::joined_at.asc(), users::username.asc()))
        .select((
            tournament_players::user_id,
            users::username,
            tournament_players::status,
            tournament_players::joined_at,
            tournament_players::bye_round,
        ))
        .load(conn)?)
}

fn entrant_status(conn: &mut DbConn, id: i64, user: UserId) -> Result<Option<String>, GameError> {
    Ok(tournament_players::table
        .find((id, user))
        .select(tournament_players::status)
        .first(conn)
        .optional()?)
}

fn playing_count(conn: &mut DbConn, id: i64) -> Result<i64, GameError> {
    Ok(tournament_players::table
        .filter(tournament_players::tournament_id.eq(id))
        .filter(tournament_players::status.eq(PLAYER_JOINED))
        .count()
        .get_result(conn)?)
}

/// Refuses a join that the event's state or rules forbid, saying which.
fn check_may_join(
    conn: &mut DbConn,
    t: &TournamentRow,
    user: UserId,
    now: NaiveDateTime,
) -> Result<(), GameError> {
    match t.status.as_str() {
        STATUS_RUNNING => {
            return Err(GameError::Invalid(
                "This tournament has started; it takes no more players.".into(),
            ))
        }
        STATUS_CANCELLED => {
            return Err(GameError::Invalid("This tournament was cancelled.".into()))
        }
        STATUS_FINISHED => {
            return Err(GameError::Invalid(
                "This tournament is over (closed).".into(),
            ))
        }
        _ => {}
    }
    let status = entrant_status(conn, t.id, user)?;
    if status.as_deref() == Some(PLAYER_JOINED) {
        return Err(GameError::Invalid(
            "You have joined this tournament already.".into(),
        ));
    }
    if t.invite_only && status.as_deref() != Some(PLAYER_INVITED) {
        return Err(GameError::Forbidden(
            "This tournament is for invited players only.",
        ));
    }
    if playing_count(conn, t.id)? >= t.max_players {
        return Err(GameError::Invalid(format!(
            "This tournament is full ({} players).",
            t.max_players
        )));
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
            let bound = |b: Option<i64>| b.map_or_else(|| "any".to_owned(), |b| b.to_string());
            return Err(GameError::Invalid(format!(
                "This tournament is for players rated {} to {}; your rating is {rating:.0}.",
                bound(t.rating_min),
                bound(t.rating_max)
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
                tournament_players::status.eq(PLAYER_JOINED),
                tournament_players::joined_at.eq(Some(now)),
            ))
            .execute(conn)?;
        if t.starts_at.is_none() && playing_count(conn, id)? >= t.max_players {
            begin(conn, clock, config, &t)?;
        }
        Ok(())
    })
}

/// `user` leaves: before the start freely; after it, a withdrawal (unfinished games lost).
pub fn leave(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: i64,
) -> Result<(), GameError> {
    db.write(|conn| {
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
        if entrant_status(conn, id, user)?.as_deref() != Some(PLAYER_JOINED) {
            return Err(GameError::Invalid(
                "You are not playing in this tournament.".into(),
            ));
        }
        match t.status.as_str() {
            STATUS_OPEN => {
                diesel::delete(tournament_players::table.find((id, user))).execute(conn)?;
                Ok(())
            }
            STATUS_RUNNING => {
                withdraw(conn, clock, &t, user)?;
                progress(conn, clock, config, id)
            }
            _ => Err(GameError::Invalid("This tournament is over.".into())),
        }
    })
}

fn require_organiser(t: &TournamentRow, user: UserId) -> Result<(), GameError> {
    if t.organiser_id != user {
        return Err(GameError::Forbidden("Only the organiser can do that."));
    }
    Ok(())
}

fn require_open(t: &TournamentRow) -> Result<(), GameError> {
    if t.status != STATUS_OPEN {
        return Err(GameError::Invalid(format!(
            "This tournament is {}; that can only be done before it starts.",
            t.status.replace('_', " ")
        )));
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
            return Err(GameError::Invalid(format!(
                "{} is not on this tournament's list.",
                user.username
            )));
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
        .ok_or_else(|| GameError::Invalid(format!("There is no player named “{name}”.")))
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
                    tournament_players::status.eq(PLAYER_INVITED),
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
                tournaments::status.eq(STATUS_CANCELLED),
                tournaments::finished_at.eq(Some(clock.now_db())),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// The organiser changes the name, description, player limits and start before the start.
pub fn edit(
    db: &mut Db,
    clock: &dyn Clock,
    organiser: UserId,
    id: i64,
    input: &TournamentInput,
) -> Result<(), GameError> {
    let now = clock.now_db();
    db.write(|conn| {
        let t = lock(conn, id)?;
        require_organiser(&t, organiser)?;
        require_open(&t)?;
        let mut typed = input.clone();
        typed.kind = t.kind.clone();
        if typed.rounds.trim().is_empty() {
            typed.rounds = t.rounds.map(|r| r.to_string()).unwrap_or_default();
        }
        let c = check_input(&typed, now)?;
        if playing_count(conn, id)? > c.max_players {
            return Err(GameError::Invalid(
                "More players have joined than that.".into(),
            ));
        }
        diesel::update(tournaments::table.find(id))
            .set((
                tournaments::name.eq(&c.name),
                tournaments::description.eq(&c.description),
                tournaments::min_players.eq(c.min_players),
                tournaments::max_players.eq(c.max_players),
                tournaments::starts_at.eq(c.starts_at),
                tournaments::rounds.eq(c.rounds),
                tournaments::rating_min.eq(c.rating_range.0),
                tournaments::rating_max.eq(c.rating_range.1),
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
        .filter(tournaments::status.eq(STATUS_OPEN))
        .filter(tournaments::starts_at.le(now))
        .select(tournaments::id)
        .load(db.conn())?;
    for id in &due {
        db.write(|conn| {
            let t = lock(conn, *id)?;
            if t.status != STATUS_OPEN {
                return Ok(());
            }
            if playing_count(conn, t.id)? < t.min_players {
                diesel::update(tournaments::table.find(t.id))
                    .set((
                        tournaments::status.eq(STATUS_CANCELLED),
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

/// The players who play, in joining order.
fn playing(conn: &mut DbConn, id: i64) -> Result<Vec<Entrant>, GameError> {
    Ok(entrants(conn, id)?
        .into_iter()
        .filter(Entrant::is_playing)
        .collect())
}

/// Starts `t` in the caller's write: every round-robin game at once, or a Swiss event's
/// first round; each player is mailed their games.
fn begin(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
) -> Result<(), GameError> {
    let players = playing(conn, t.id)?;
    if (players.len() as i64) < t.min_players.max(2) {
        return Err(GameError::Invalid(format!(
            "{} players have joined; this tournament needs at least {}.",
            players.len(),
            t.min_players.max(2)
        )));
    }
    let now = clock.now_db();
    diesel::update(tournaments::table.find(t.id))
        .set((
            tournaments::status.eq(STATUS_RUNNING),
            tournaments::started_at.eq(Some(now)),
            tournaments::current_round.eq(1),
        ))
        .execute(conn)?;
    // Invitations nobody took up are dropped.
    diesel::delete(
        tournament_players::table
            .filter(tournament_players::tournament_id.eq(t.id))
            .filter(tournament_players::status.eq(PLAYER_INVITED)),
    )
    .execute(conn)?;
    let ids: Vec<UserId> = players.iter().map(|p| p.user_id).collect();
    if t.is_swiss() {
        pair_swiss_round(conn, clock, t, 1)?;
    } else {
        let schedule = pairing::round_robin(ids.len(), t.double_round);
        let mut made = Setup::new(conn, t)?;
        for (round, pairs) in schedule.iter().enumerate() {
            for p in pairs {
                made.game(conn, clock, ids[p.white], ids[p.black], round as i64 + 1)?;
            }
        }
    }
    super::mail::tournament_started(conn, clock, config, t, &ids)
}

/// What every game of an event starts from: the preset's default setup.
struct Setup {
    version: PresetVersionRow,
    /// The default setup's name, when the preset lists several.
    setup_name: Option<String>,
    start: Position,
    rated_variant: Option<String>,
    tournament: TournamentRow,
}

impl Setup {
    fn new(conn: &mut DbConn, t: &TournamentRow) -> Result<Setup, GameError> {
        let version: PresetVersionRow = preset_versions::table
            .find(t.preset_version_id)
            .select(PresetVersionRow::as_select())
            .first(conn)?;
        let rules = rules::load(conn, t.preset_version_id)?;
        let start = Position::from_fen(&rules.variant, &version.setup_fen)
            .map_err(|e| GameError::Corrupt(format!("preset setup: {e}")))?;
        let rated_variant = crate::presets::rated_variant(&version).filter(|_| t.rated);
        let (_, setup_name) = crate::presets::setups::resolve(
            &crate::presets::setups::decode(&version.setups),
            &version.setup_fen,
            None,
        );
        Ok(Setup {
            version,
            setup_name,
            start,
            rated_variant: rated_variant.map(str::to_owned),
            tournament: t.clone(),
        })
    }

    fn game(
        &mut self,
        conn: &mut DbConn,
        clock: &dyn Clock,
        white: UserId,
        black: UserId,
        round: i64,
    ) -> Result<GameId, GameError> {
        let now = clock.now_db();
        let ratings = self
            .rated_variant
            .as_deref()
            .map(|variant| ratings_at_start(conn, variant, (white, black), now))
            .transpose()?;
        insert_new_game(
            conn,
            now,
            (white, black),
            &GameSpec {
                preset_version_id: self.tournament.preset_version_id,
                setup: &self.version.setup_fen,
                setup_name: self.setup_name.as_deref(),
                start: &self.start,
                control: self.tournament.time_control(),
                allow_vacation: self.tournament.allow_vacation,
                rated_variant: self.rated_variant.as_deref(),
                ratings,
                challenge_id: None,
                tournament: Some((self.tournament.id, round)),
            },
        )
    }
}

/// Pairs and creates Swiss round `round` of `t`.
fn pair_swiss_round(
    conn: &mut DbConn,
    clock: &dyn Clock,
    t: &TournamentRow,
    round: i64,
) -> Result<(), GameError> {
    let players = playing(conn, t.id)?;
    let games = games_of(conn, t.id)?;
    let table = standings::Table::build(t, &entrants(conn, t.id)?, &games);
    let now = clock.now_db();
    let index: HashMap<UserId, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.user_id, i))
        .collect();
    let ratings: HashMap<UserId, f64> = match crate::presets::rated_variant(
        &preset_versions::table
            .find(t.preset_version_id)
            .select(PresetVersionRow::as_select())
            .first(conn)?,
    ) {
        Some(variant) => {
            let ids: Vec<UserId> = players.iter().map(|p| p.user_id).collect();
            crate::ratings::in_variant(conn, &ids, variant, now)?
                .into_iter()
                .map(|(u, r)| (u, r.rating))
                .collect()
        }
        None => HashMap::new(),
    };
    let swiss: Vec<SwissPlayer> = players
        .iter()
        .map(|p| {
            let mut colours = Vec::new();
            let mut met = HashSet::new();
            let mut mine: Vec<&TournamentGame> = games
                .iter()
                .filter(|g| g.white == p.user_id || g.black == p.user_id)
                .collect();
            mine.sort_by_key(|g| g.round);
            for g in mine {
                let (colour, other) = if g.white == p.user_id {
                    (Colour::White, g.black)
                } else {
                    (Colour::Black, g.white)
                };
                colours.push(colour);
                if let Some(&i) = index.get(&other) {
                    met.insert(i);
                }
            }
            SwissPlayer {
                half_points: table.half_points(p.user_id),
                rating: ratings.get(&p.user_id).copied().unwrap_or(1500.0),
                colours,
                met,
                had_bye: p.bye_round.is_some(),
            }
        })
        .collect();
    let paired = pairing::swiss_round(&swiss).ok_or_else(|| {
        GameError::Invalid(format!(
            "Round {round} cannot be paired without two players meeting again."
        ))
    })?;
    let mut made = Setup::new(conn, t)?;
    for g in &paired.games {
        made.game(
            conn,
            clock,
            players[g.white].user_id,
            players[g.black].user_id,
            round,
        )?;
    }
    if let Some(bye) = paired.bye {
        diesel::update(tournament_players::table.find((t.id, players[bye].user_id)))
            .set(tournament_players::bye_round.eq(Some(round)))
            .execute(conn)?;
    }
    diesel::update(tournaments::table.find(t.id))
        .set(tournaments::current_round.eq(round))
        .execute(conn)?;
    Ok(())
}

type GameTuple = (
    GameId,
    Option<i64>,
    UserId,
    UserId,
    GameStatus,
    Option<GameResult>,
    Option<EndReason>,
);

/// A game of an event, as the standings read it.
#[derive(Debug, Clone, Queryable)]
pub struct TournamentGame {
    pub id: GameId,
    pub round: i64,
    pub white: UserId,
    pub black: UserId,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
}

pub fn games_of(conn: &mut DbConn, id: i64) -> Result<Vec<TournamentGame>, GameError> {
    let rows: Vec<GameTuple> = games::table
        .filter(games::tournament_id.eq(id))
        .order((games::tournament_round.asc(), games::id.asc()))
        .select((
            games::id,
            games::tournament_round,
            games::white_id,
            games::black_id,
            games::status,
            games::result,
            games::result_reason,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, round, white, black, status, result, reason)| TournamentGame {
                id,
                round: round.unwrap_or(1),
                white,
                black,
                status,
                result,
                reason,
            },
        )
        .collect())
}

/// Withdraws `user` from running event `t`: their unfinished games end as losses (their
/// finished results stand).
fn withdraw(
    conn: &mut DbConn,
    clock: &dyn Clock,
    t: &TournamentRow,
    user: UserId,
) -> Result<(), GameError> {
    let now = clock.now_db();
    diesel::update(tournament_players::table.find((t.id, user)))
        .set((
            tournament_players::status.eq(PLAYER_WITHDRAWN),
            tournament_players::withdrawn_at.eq(Some(now)),
        ))
        .execute(conn)?;
    let open: Vec<GameRow> = games::table
        .filter(games::tournament_id.eq(t.id))
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::white_id.eq(user).or(games::black_id.eq(user)))
        .select(GameRow::as_select())
        .load(conn)?;
    for game in open {
        let result = if game.white_id == user {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        let changed = diesel::update(
            games::table
                .filter(games::id.eq(game.id))
                .filter(games::status.eq(GameStatus::Active)),
        )
        .set((
            games::status.eq(GameStatus::Finished),
            games::result.eq(Some(result)),
            games::result_reason.eq(Some(EndReason::Withdrawal)),
            games::finished_at.eq(Some(now)),
            games::deadline_at.eq(None::<NaiveDateTime>),
            games::draw_offer_by.eq(None::<UserId>),
        ))
        .execute(conn)?;
        if changed == 1 {
            game.record_rating(conn, Some(result), now)?;
        }
    }
    Ok(())
}

/// In the write that ended `game` (any ending): the two-time-outs rule, the next Swiss
/// round when the last game of a round ends, and the end of the event with its last game.
pub(crate) fn game_over(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
) -> Result<(), GameError> {
    let Some(id) = game.tournament_id else {
        return Ok(());
    };
    let ended: GameRow = games::table
        .find(game.id)
        .select(GameRow::as_select())
        .first(conn)?;
    if ended.result_reason == Some(EndReason::Time) {
        let loser = match ended.result {
            Some(GameResult::WhiteWins) => Some(ended.black_id),
            Some(GameResult::BlackWins) => Some(ended.white_id),
            _ => None,
        };
        if let Some(loser) = loser {
            let time_losses: i64 = games::table
                .filter(games::tournament_id.eq(id))
                .filter(games::result_reason.eq(EndReason::Time))
                .filter(
                    (games::white_id
                        .eq(loser)
                        .and(games::result.eq(GameResult::BlackWins)))
                    .or(games::black_id
                        .eq(loser)
                        .and(games::result.eq(GameResult::WhiteWins))),
                )
                .count()
                .get_result(conn)?;
            if time_losses >= TIME_OUTS_TO_WITHDRAW
                && entrant_status(conn, id, loser)?.as_deref() == Some(PLAYER_JOINED)
            {
                let t = load(conn, id)?;
                withdraw(conn, clock, &t, loser)?;
            }
        }
    }
    progress(conn, clock, config, id)
}

/// Moves a running event on when it has no game in progress: the next Swiss round, or the end.
fn progress(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    id: i64,
) -> Result<(), GameError> {
    let t = lock(conn, id)?;
    if t.status != STATUS_RUNNING {
        return Ok(());
    }
    let active: i64 = games::table
        .filter(games::tournament_id.eq(id))
        .filter(games::status.eq(GameStatus::Active))
        .count()
        .get_result(conn)?;
    if active > 0 {
        return Ok(());
    }
    let still_playing = playing(conn, id)?.len();
    if t.is_swiss() && t.current_round < t.rounds.unwrap_or(0) && still_playing >= 2 {
        let paired = pair_swiss_round(conn, clock, &t, t.current_round + 1);
        match paired {
            Ok(()) => return Ok(()),
            // No pairing without a repeat: the event ends here.
            Err(GameError::Invalid(_)) => {}
            Err(e) => return Err(e),
        }
    }
    finish(conn, clock, config, &t)
}

fn finish(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
) -> Result<(), GameError> {
    let table = standings::Table::build(t, &entrants(conn, t.id)?, &games_of(conn, t.id)?);
    let winner = table.rows.first().map(|s| s.user_id);
    diesel::update(tournaments::table.find(t.id))
        .set((
            tournaments::status.eq(STATUS_FINISHED),
            tournaments::finished_at.eq(Some(clock.now_db())),
            tournaments::winner_id.eq(winner),
        ))
        .execute(conn)?;
    super::mail::tournament_finished(conn, clock, config, t, &table)
}

/// A tournament in a list.
#[derive(Debug, Clone)]
pub struct Listing {
    pub row: TournamentRow,
    pub players: i64,
    pub winner: Option<String>,
}

/// Open, running and recently finished events (at most 100 of each), newest first.
pub fn listings(conn: &mut DbConn) -> Result<Vec<Listing>, GameError> {
    let mut out = Vec::new();
    for status in [STATUS_OPEN, STATUS_RUNNING, STATUS_FINISHED] {
        let rows: Vec<TournamentRow> = tournaments::table
            .filter(tournaments::status.eq(status))
            .order(tournaments::id.desc())
            .limit(100)
            .select(TournamentRow::as_select())
            .load(conn)?;
        for row in rows {
            let players = playing_count(conn, row.id)?
                + if status == STATUS_OPEN {
                    0
                } else {
                    tournament_players::table
                        .filter(tournament_players::tournament_id.eq(row.id))
                        .filter(tournament_players::status.eq(PLAYER_WITHDRAWN))
                        .count()
                        .get_result::<i64>(conn)?
                };
            let winner = match row.winner_id {
                Some(w) => users::table
                    .find(w)
                    .select(users::username)
                    .first(conn)
                    .optional()?,
                None => None,
            };
            out.push(Listing {
                row,
                players,
                winner,
            });
        }
    }
    Ok(out)
}

/// Everything an event's page shows.
pub struct Detail {
    pub tournament: TournamentRow,
    pub organiser: String,
    /// The preset's name and version.
    pub preset: String,
    pub entrants: Vec<Entrant>,
    pub games: Vec<TournamentGame>,
    pub table: Table,
}

pub fn detail(conn: &mut DbConn, id: i64) -> Result<Detail, GameError> {
    let tournament = load(conn, id)?;
    let organiser = users::table
        .find(tournament.organiser_id)
        .select(users::username)
        .first(conn)?;
    let (name, version): (String, i64) = preset_versions::table
        .inner_join(crate::db::schema::presets::table)
        .filter(preset_versions::id.eq(tournament.preset_version_id))
        .select((crate::db::schema::presets::name, preset_versions::version))
        .first(conn)?;
    let entrants = entrants(conn, id)?;
    let games = games_of(conn, id)?;
    let table = Table::build(&tournament, &entrants, &games);
    Ok(Detail {
        tournament,
        organiser,
        preset: format!("{name}, version {version}"),
        entrants,
        games,
        table,
    })
}
