//! Correspondence tournaments: a round-robin plays every game at once; a Swiss event plays
//! round by round, each round paired when the last game of the one before ends. This module
//! owns the `tournaments` and `tournament_players` tables; tournament games are ordinary
//! games with their event and round on the row. `play::withdrawal` tells an event when one
//! of its games ends, and withdraws players (their games end through `play::end`).
//!
//! The form and the creation are in [`form`], joining and the organiser's acts in [`entry`],
//! starting and the rounds in [`rounds`], the pairings in [`pairing`], the table in
//! [`standings`], the mails in [`mail`].

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{preset_versions, tournament_players, tournaments, users};
use crate::db::{DbConn, UserId};
use crate::games::GameError;
use crate::time_control::TimeControl;

pub mod entry;
pub mod form;
mod mail;
pub mod pairing;
pub mod rounds;
pub mod standings;

pub use entry::{cancel, invite, join, leave, organiser_gone, remove, start, start_due, Left};
pub use form::{create, edit, for_editing, parse_start, NewTournament};
pub use rounds::{games_of, TournamentGame};
pub use standings::{Standing, Table};

crate::stored_text!(
    /// How an event pairs its players.
    TournamentKind {
        RoundRobin = "round_robin",
        Swiss = "swiss",
    }
);

crate::stored_text!(
    /// Where an event stands.
    TournamentStatus {
        Open = "open",
        Running = "running",
        Finished = "finished",
        Cancelled = "cancelled",
    }
);

crate::stored_text!(
    /// Where a player of an event stands.
    EntrantStatus {
        Invited = "invited",
        Joined = "joined",
        Withdrawn = "withdrawn",
    }
);

/// Bounds on a field.
pub const MAX_PLAYERS: i64 = 64;
pub const MAX_NAME_CHARS: usize = 80;
pub const MAX_DESCRIPTION_CHARS: usize = 5_000;

/// Time-outs in one event after which a player is withdrawn.
pub const TIME_OUTS_TO_WITHDRAW: i64 = 2;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub organiser_id: UserId,
    pub preset_version_id: crate::games::PresetVersionId,
    pub kind: TournamentKind,
    pub double_round: bool,
    pub rounds: Option<i64>,
    pub time_kind: crate::domain::TimeKind,
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
    pub status: TournamentStatus,
    pub current_round: i64,
    pub created_at: NaiveDateTime,
    pub started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub winner_id: Option<UserId>,
}

impl TournamentRow {
    pub fn is_swiss(&self) -> bool {
        self.kind == TournamentKind::Swiss
    }

    pub fn is_open(&self) -> bool {
        self.status == TournamentStatus::Open
    }

    pub fn is_running(&self) -> bool {
        self.status == TournamentStatus::Running
    }

    pub fn is_finished(&self) -> bool {
        self.status == TournamentStatus::Finished
    }

    pub fn time_control(&self) -> TimeControl {
        TimeControl::from_day_columns(&crate::time_control::DayColumns {
            kind: self.time_kind,
            days_per_move: self.days_per_move,
            reserve_days: self.reserve_days,
            increment_hours: self.increment_hours,
            cap_days: self.cap_days,
        })
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

pub fn load(conn: &mut DbConn, id: i64) -> Result<TournamentRow, GameError> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(GameError::NotFound)
}

/// The row, locked for the rest of the write on PostgreSQL.
pub(crate) fn lock(conn: &mut DbConn, id: i64) -> Result<TournamentRow, GameError> {
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
    pub status: EntrantStatus,
    pub joined_at: Option<NaiveDateTime>,
    pub bye_round: Option<i64>,
}

impl Entrant {
    pub fn is_playing(&self) -> bool {
        self.status == EntrantStatus::Joined
    }
    pub fn is_withdrawn(&self) -> bool {
        self.status == EntrantStatus::Withdrawn
    }
    pub fn is_invited(&self) -> bool {
        self.status == EntrantStatus::Invited
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

pub(crate) fn entrant_status(
    conn: &mut DbConn,
    id: i64,
    user: UserId,
) -> Result<Option<EntrantStatus>, GameError> {
    Ok(tournament_players::table
        .find((id, user))
        .select(tournament_players::status)
        .first(conn)
        .optional()?)
}

pub(crate) fn playing_count(conn: &mut DbConn, id: i64) -> Result<i64, GameError> {
    Ok(tournament_players::table
        .filter(tournament_players::tournament_id.eq(id))
        .filter(tournament_players::status.eq(EntrantStatus::Joined))
        .count()
        .get_result(conn)?)
}

/// A tournament in a list.
#[derive(Debug, Clone)]
pub struct Listing {
    pub row: TournamentRow,
    pub players: i64,
    pub winner: Option<String>,
}

/// How many events one page of a list shows.
pub const LIST_PAGE: i64 = 30;

/// One page of the events of one status, newest first.
#[derive(Debug, Clone, Default)]
pub struct ListingPage {
    pub events: Vec<Listing>,
    /// Where the next (older) page starts, when there is one: pass it as `before`.
    pub older: Option<i64>,
}

/// The events of one status, newest first, [`LIST_PAGE`] at a time from `before` on
/// (keyset paging: a page costs the same however many events there are).
pub fn listings(
    conn: &mut DbConn,
    status: TournamentStatus,
    before: Option<i64>,
) -> Result<ListingPage, GameError> {
    let mut query = tournaments::table
        .filter(tournaments::status.eq(status))
        .into_boxed();
    if let Some(before) = before {
        query = query.filter(tournaments::id.lt(before));
    }
    let mut rows: Vec<TournamentRow> = query
        .order(tournaments::id.desc())
        .limit(LIST_PAGE + 1)
        .select(TournamentRow::as_select())
        .load(conn)?;
    let more = rows.len() > LIST_PAGE as usize;
    rows.truncate(LIST_PAGE as usize);
    let older = more.then(|| rows.last().map(|r| r.id)).flatten();
    let mut events = Vec::with_capacity(rows.len());
    for row in rows {
        // Before the start only those playing count; after it, those who withdrew too.
        let counted = if status == TournamentStatus::Open {
            vec![EntrantStatus::Joined]
        } else {
            vec![EntrantStatus::Joined, EntrantStatus::Withdrawn]
        };
        let players = tournament_players::table
            .filter(tournament_players::tournament_id.eq(row.id))
            .filter(tournament_players::status.eq_any(counted))
            .count()
            .get_result::<i64>(conn)?;
        let winner = match row.winner_id {
            Some(w) => users::table
                .find(w)
                .select(users::username)
                .first(conn)
                .optional()?,
            None => None,
        };
        events.push(Listing {
            row,
            players,
            winner,
        });
    }
    Ok(ListingPage { events, older })
}

/// Everything an event's page shows.
pub struct Detail {
    pub tournament: TournamentRow,
    pub organiser: String,
    /// The preset's name and version.
    pub preset: (String, i64),
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
        preset: (name, version),
        entrants,
        games,
        table,
    })
}
