//! A tournament's form: its fields as typed, checked here, and
//! stored by [`create`] (or changed by [`edit`] before the start).

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
use crate::time_control::{TimeControl, TimeControlInput};

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
    kind: TournamentKind,
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
        "" => TournamentKind::RoundRobin,
        text => text.parse().map_err(|_| {
            GameError::Invalid(format!(
                "“{text}” is not a kind of tournament: round_robin or swiss."
            ))
        })?,
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
    if kind == TournamentKind::Swiss {
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
        rounds: (kind == TournamentKind::Swiss).then_some(rounds).flatten(),
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
            tournaments::double_round.eq(input.double_round && c.kind == TournamentKind::RoundRobin),
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
            tournaments::status.eq(TournamentStatus::Open),
            tournaments::current_round.eq(0),
            tournaments::created_at.eq(now),
        ));
        let id: i64 = crate::on_backend!(conn, |c| query.returning(tournaments::id).get_result(c))?;
        Ok(id)
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
        super::entry::require_organiser(&t, organiser)?;
        super::entry::require_open(&t)?;
        let mut typed = input.clone();
        typed.kind = t.kind.as_str().to_owned();
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
