//! A new tournament: [`NewTournament`] (read from the form or the API body at the edge),
//! checked and stored by [`create`], or changed by [`edit`] before the start.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{
    lock, playing_count, TournamentKind, TournamentStatus, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS,
    MAX_PLAYERS,
};
use crate::accounts::User;
use crate::clock::Clock;
use crate::db::schema::tournaments;
use crate::db::{Db, UserId};
use crate::games::{clean_text, GameError};
use crate::i18n::Message;
use crate::time_control::TimeControl;

/// Tournaments one organiser may create in an hour.
pub const MAX_CREATED_PER_HOUR: i64 = 5;

/// A tournament as its organiser asked for it: read from the form or the API body at the
/// edge, checked here.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub name: String,
    pub description: String,
    /// A preset's slug (a built-in preset is named after its variant).
    pub preset: String,
    pub kind: TournamentKind,
    /// Round-robin: each pair plays twice, colours swapped.
    pub double_round: bool,
    /// Swiss: the number of rounds.
    pub rounds: Option<i64>,
    pub control: TimeControl,
    /// The clocks stop for vacations.
    pub allow_vacation: bool,
    pub rated: bool,
    /// `None`: three.
    pub min_players: Option<i64>,
    pub max_players: Option<i64>,
    /// `None`: the event starts when full.
    pub starts_at: Option<NaiveDateTime>,
    pub invite_only: bool,
    pub rating_range: (Option<i64>, Option<i64>),
}

impl NewTournament {
    /// A round-robin of `preset` named `name` for at most `max_players`, three days a move.
    pub fn round_robin(name: &str, preset: &str, max_players: i64) -> Self {
        NewTournament {
            name: name.to_owned(),
            description: String::new(),
            preset: preset.to_owned(),
            kind: TournamentKind::RoundRobin,
            double_round: false,
            rounds: None,
            control: TimeControl::DaysPerMove(3),
            allow_vacation: true,
            rated: false,
            min_players: None,
            max_players: Some(max_players),
            starts_at: None,
            invite_only: false,
            rating_range: (None, None),
        }
    }
}

/// Reads a start date as the form and the API write it: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`
/// (UTC); empty: none.
pub fn parse_start(text: &str) -> Result<Option<NaiveDateTime>, Message> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| {
            chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default())
        })
        .map(Some)
        .map_err(|_| Message::new("error-game-tournament-start-date").arg("text", text))
}

/// `n` if it is within `range`; `what` names the field (a selector key in `errors.ftl`:
/// `min-players`, `max-players`, `rounds`, `rating`).
fn within(
    n: Option<i64>,
    what: &'static str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<Option<i64>, GameError> {
    match n {
        Some(n) if !range.contains(&n) => Err(GameError::Invalid(
            Message::new("error-game-tournament-field-range")
                .arg("what", what)
                .arg("min", *range.start())
                .arg("max", *range.end()),
        )),
        n => Ok(n),
    }
}

/// The checked fields of a form, ready to store.
struct Checked {
    name: String,
    description: String,
    rounds: Option<i64>,
    min_players: i64,
    max_players: i64,
}

fn check_input(input: &NewTournament, now: NaiveDateTime) -> Result<Checked, GameError> {
    let name = clean_text(&input.name, "name")?
        .ok_or_else(|| GameError::Invalid(Message::new("error-game-tournament-name-missing")))?;
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(GameError::Invalid(
            Message::new("error-game-tournament-name-too-long").arg("max", MAX_NAME_CHARS),
        ));
    }
    let description = input.description.trim().to_owned();
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(GameError::Invalid(
            Message::new("error-game-tournament-description-too-long")
                .arg("max", MAX_DESCRIPTION_CHARS),
        ));
    }
    let min_players = within(input.min_players, "min-players", 2..=MAX_PLAYERS)?.unwrap_or(3);
    let max_players =
        within(input.max_players, "max-players", 2..=MAX_PLAYERS)?.ok_or_else(|| {
            GameError::Invalid(Message::new("error-game-tournament-max-players-missing"))
        })?;
    if min_players > max_players {
        return Err(GameError::Invalid(Message::new(
            "error-game-tournament-players-order",
        )));
    }
    let rounds = within(input.rounds, "rounds", 1..=MAX_PLAYERS - 1)?;
    if input.kind == TournamentKind::Swiss {
        let rounds = rounds.ok_or_else(|| {
            GameError::Invalid(Message::new("error-game-tournament-swiss-rounds-missing"))
        })?;
        if rounds >= min_players {
            return Err(GameError::Invalid(
                Message::new("error-game-tournament-swiss-too-few-players")
                    .arg("rounds", rounds)
                    .arg("players", rounds + 1),
            ));
        }
    }
    if input.control == TimeControl::Untimed {
        return Err(GameError::Invalid(Message::new(
            "error-game-untimed-needs-opponent",
        )));
    }
    for bound in [input.rating_range.0, input.rating_range.1] {
        within(bound, "rating", 0..=4000)?;
    }
    if let (Some(lo), Some(hi)) = input.rating_range {
        if lo > hi {
            return Err(GameError::Invalid(Message::new(
                "error-game-rating-range-order",
            )));
        }
    }
    if input.starts_at.is_some_and(|at| at <= now) {
        return Err(GameError::Invalid(Message::new(
            "error-game-tournament-start-past",
        )));
    }
    Ok(Checked {
        name,
        description,
        rounds: (input.kind == TournamentKind::Swiss)
            .then_some(rounds)
            .flatten(),
        min_players,
        max_players,
    })
}

/// Creates a tournament organised by `organiser`; returns its id.
pub fn create(
    db: &mut Db,
    clock: &dyn Clock,
    organiser: &User,
    input: &NewTournament,
) -> Result<i64, GameError> {
    let now = clock.now_db();
    let c = check_input(input, now)?;
    let clock_columns = input.control.day_columns();
    let slug = input.preset.trim().to_owned();
    db.write(|conn| {
        let lately: i64 = tournaments::table
            .filter(tournaments::organiser_id.eq(organiser.id))
            .filter(tournaments::created_at.gt(now - chrono::Duration::hours(1)))
            .count()
            .get_result(conn)?;
        if lately >= MAX_CREATED_PER_HOUR {
            return Err(GameError::TooMany(
                Message::new("error-game-tournament-too-many-created").arg("count", lately),
            ));
        }
        let version = match crate::presets::builtin_version(conn, clock, &slug)? {
            Some(version) => version,
            None => match crate::presets::query::for_challenge(conn, &slug) {
                Ok((version, _)) => version,
                Err(crate::presets::PresetError::NotFound) => {
                    return Err(GameError::Invalid(
                        Message::new("error-game-no-such-preset").arg("slug", &slug),
                    ))
                }
                Err(e) => return Err(e.into()),
            },
        };
        if input.rated && crate::presets::rated_variant(&version).is_none() {
            return Err(GameError::Invalid(Message::new(
                "error-game-tournament-rated-preset",
            )));
        }
        let query = diesel::insert_into(tournaments::table).values((
            tournaments::name.eq(&c.name),
            tournaments::description.eq(&c.description),
            tournaments::organiser_id.eq(organiser.id),
            tournaments::preset_version_id.eq(version.id),
            tournaments::kind.eq(input.kind),
            tournaments::double_round
                .eq(input.double_round && input.kind == TournamentKind::RoundRobin),
            tournaments::rounds.eq(c.rounds),
            tournaments::time_kind.eq(clock_columns.kind),
            tournaments::days_per_move.eq(clock_columns.days_per_move),
            tournaments::reserve_days.eq(clock_columns.reserve_days),
            tournaments::increment_hours.eq(clock_columns.increment_hours),
            tournaments::cap_days.eq(clock_columns.cap_days),
            tournaments::allow_vacation.eq(input.allow_vacation),
            tournaments::rated.eq(input.rated),
            tournaments::min_players.eq(c.min_players),
            tournaments::max_players.eq(c.max_players),
            tournaments::starts_at.eq(input.starts_at),
            tournaments::invite_only.eq(input.invite_only),
            tournaments::rating_min.eq(input.rating_range.0),
            tournaments::rating_max.eq(input.rating_range.1),
            tournaments::status.eq(TournamentStatus::Open),
            tournaments::current_round.eq(0),
            tournaments::created_at.eq(now),
        ));
        let id: i64 = crate::on_backend!(conn, |c| query.returning(tournaments::id).get_result(c))?;
        Ok(id)
    })
}

/// The event `id` as its edit form shows it: to its organiser and to administrators only.
pub fn for_editing(
    conn: &mut crate::db::DbConn,
    id: i64,
    user: &User,
) -> Result<super::TournamentRow, GameError> {
    let t = super::load(conn, id)?;
    if t.organiser_id != user.id && !user.is_admin {
        return Err(GameError::Forbidden(Message::new(
            "error-game-tournament-edit-organiser-only",
        )));
    }
    Ok(t)
}

/// The organiser changes the name, description, player limits and start before the start.
pub fn edit(
    db: &mut Db,
    clock: &dyn Clock,
    organiser: UserId,
    id: i64,
    input: &NewTournament,
) -> Result<(), GameError> {
    let now = clock.now_db();
    db.write(|conn| {
        let t = lock(conn, id)?;
        super::entry::require_organiser(&t, organiser)?;
        super::entry::require_open(&t)?;
        let mut typed = input.clone();
        typed.kind = t.kind;
        typed.rounds = typed.rounds.or(t.rounds);
        let c = check_input(&typed, now)?;
        if playing_count(conn, id)? > c.max_players {
            return Err(GameError::Invalid(Message::new(
                "error-game-tournament-more-joined",
            )));
        }
        diesel::update(tournaments::table.find(id))
            .set((
                tournaments::name.eq(&c.name),
                tournaments::description.eq(&c.description),
                tournaments::min_players.eq(c.min_players),
                tournaments::max_players.eq(c.max_players),
                tournaments::starts_at.eq(typed.starts_at),
                tournaments::rounds.eq(c.rounds),
                tournaments::rating_min.eq(typed.rating_range.0),
                tournaments::rating_max.eq(typed.rating_range.1),
            ))
            .execute(conn)?;
        Ok(())
    })
}
