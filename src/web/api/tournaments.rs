//! Tournaments: create, join, leave, start, and read one with its standings and games.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::challenges::{Created, Done};
use super::presets::TimeControlJson;
use super::{created, ok, ok_page, run, ApiError, ApiJson, ApiUser};
use crate::tournaments::{self as service, TournamentKind};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/tournaments").get(list).post(create));
    cfg.service(web::resource("/tournaments/{id}").get(show));
    cfg.service(web::resource("/tournaments/{id}/join").post(join));
    cfg.service(web::resource("/tournaments/{id}/leave").post(leave));
    cfg.service(web::resource("/tournaments/{id}/start").post(start));
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KindJson {
    RoundRobin,
    Swiss,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    pub name: String,
    /// A preset's slug.
    pub preset: String,
    pub kind: KindJson,
    pub max_players: i64,
    #[serde(default)]
    pub min_players: Option<i64>,
    /// Round-robin: each pair plays twice, colours swapped.
    #[serde(default)]
    pub double: bool,
    /// Swiss: the number of rounds.
    #[serde(default)]
    pub rounds: Option<i64>,
    pub time_control: TimeControlJson,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub description: Option<String>,
    /// `YYYY-MM-DDTHH:MM` (UTC); absent: the event starts when full.
    #[serde(default)]
    pub starts_at: Option<String>,
    #[serde(default)]
    pub invite_only: bool,
    /// The clocks never stop for vacations.
    #[serde(default)]
    pub no_vacation: bool,
}

/// Creates a tournament organised by the caller.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    security(("token" = ["play"])),
    request_body = NewTournament,
    responses(
        (status = 201, description = "The tournament's id", body = Created),
        (status = 422, description = "A refused value, said which", body = super::ErrorBody),
    )
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: ApiUser,
    body: ApiJson<NewTournament>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let invalid = |message: String| {
        ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            message,
        )
    };
    let input = service::NewTournament {
        name: b.name,
        description: b.description.unwrap_or_default(),
        preset: b.preset,
        kind: match b.kind {
            KindJson::RoundRobin => TournamentKind::RoundRobin,
            KindJson::Swiss => TournamentKind::Swiss,
        },
        double_round: b.double,
        rounds: b.rounds,
        control: b.time_control.control()?,
        allow_vacation: !b.no_vacation,
        rated: b.rated,
        min_players: b.min_players,
        max_players: Some(b.max_players),
        starts_at: service::parse_start(b.starts_at.as_deref().unwrap_or_default())
            .map_err(|e| invalid(format!("starts_at: {e}")))?,
        invite_only: b.invite_only,
        rating_range: (None, None),
    };
    let clock = state.clock.clone();
    let organiser = caller.user;
    let id = run(&state, move |db| {
        service::create(db, &*clock, &organiser, &input)
    })
    .await?;
    Ok(created(&Created { id, game_id: None }))
}

#[derive(Serialize, ToSchema)]
pub struct StandingJson {
    pub username: String,
    /// Points (a draw is a half).
    pub score: f64,
    /// Round-robin: Sonneborn-Berger; Swiss: Buchholz, then Sonneborn-Berger.
    pub tiebreaks: Vec<f64>,
    pub withdrawn: bool,
}

#[derive(Serialize, ToSchema)]
pub struct TournamentGameJson {
    pub id: i64,
    pub round: i64,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `null` while it is played.
    pub result: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct TournamentJson {
    pub id: i64,
    pub name: String,
    /// `open`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// `round_robin` or `swiss`.
    pub kind: String,
    pub organiser: String,
    /// The usernames of those playing (and of those who withdrew).
    pub players: Vec<String>,
    pub standings: Vec<StandingJson>,
    pub games: Vec<TournamentGameJson>,
    pub winner: Option<String>,
}

/// A tournament in a list.
#[derive(Serialize, ToSchema)]
pub struct TournamentSummary {
    pub id: i64,
    pub name: String,
    /// `open`, `running` or `finished`.
    pub status: String,
    /// `round_robin` or `swiss`.
    pub kind: String,
    pub rated: bool,
    /// Those playing (and, once started, those who withdrew).
    pub players: i64,
    pub max_players: i64,
    pub winner: Option<String>,
}

/// Which events and which page.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct ListQuery {
    /// `open` (the default), `running` or `finished`.
    pub status: Option<String>,
    /// Only events older than this id (from the `Link` header of the previous page).
    pub before: Option<i64>,
}

/// The events of one status, newest first, 30 a page. When more follow, the answer has a
/// `Link: </api/v1/tournaments?status=…&before=N>; rel="next"` header.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    security(("token" = ["read"])),
    params(ListQuery),
    responses(
        (status = 200, description = "One page of events", body = Vec<TournamentSummary>,
         headers(("Link" = String, description = "The next page, when there is one: `<url>; rel=\"next\"`"))),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 422, description = "An unknown status", body = super::ErrorBody),
    )
)]
pub async fn list(
    state: web::Data<AppState>,
    _caller: ApiUser,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = match q.status.as_deref().unwrap_or("open") {
        "open" => service::TournamentStatus::Open,
        "running" => service::TournamentStatus::Running,
        "finished" => service::TournamentStatus::Finished,
        other => {
            return Err(ApiError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                format!("status: \"{other}\" is not one of open, running, finished"),
            ))
        }
    };
    let before = q.before;
    let page = run(&state, move |db| service::listings(db, status, before)).await?;
    let next = page
        .older
        .map(|id| format!("/api/v1/tournaments?status={}&before={id}", status.as_str()));
    let events: Vec<TournamentSummary> = page
        .events
        .into_iter()
        .map(|l| TournamentSummary {
            id: l.row.id,
            name: l.row.name,
            status: l.row.status.as_str().to_owned(),
            kind: l.row.kind.as_str().to_owned(),
            rated: l.row.rated,
            players: l.players,
            max_players: l.row.max_players,
            winner: l.winner,
        })
        .collect();
    Ok(ok_page(&events, next))
}

/// A tournament with its players, standings and games.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    security(("token" = ["read"])),
    params(("id" = i64, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = TournamentJson),
        (status = 404, description = "No such tournament", body = super::ErrorBody),
    )
)]
pub async fn show(
    state: web::Data<AppState>,
    _caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let d = run(&state, move |db| service::detail(db, id)).await?;
    let name = |user: crate::db::UserId| {
        d.entrants
            .iter()
            .find(|e| e.user_id == user)
            .map(|e| e.username.clone())
            .unwrap_or_default()
    };
    Ok(ok(&TournamentJson {
        id: d.tournament.id,
        name: d.tournament.name.clone(),
        status: d.tournament.status.as_str().to_owned(),
        kind: d.tournament.kind.as_str().to_owned(),
        organiser: d.organiser.clone(),
        players: d
            .entrants
            .iter()
            .filter(|e| !e.is_invited())
            .map(|e| e.username.clone())
            .collect(),
        standings: d
            .table
            .rows
            .iter()
            .map(|s| StandingJson {
                username: s.username.clone(),
                score: f64::from(s.half_points) / 2.0,
                tiebreaks: s.tiebreaks.clone(),
                withdrawn: s.withdrawn,
            })
            .collect(),
        games: d
            .games
            .iter()
            .map(|g| TournamentGameJson {
                id: g.id.0,
                round: g.round,
                white: name(g.white),
                black: name(g.black),
                result: g.result.map(|r| r.as_str().to_owned()),
            })
            .collect(),
        winner: d.tournament.winner_id.map(name),
    }))
}

async fn act(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: i64,
    action: &'static str,
) -> Result<HttpResponse, ApiError> {
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let user = caller.user.id;
    run(&state, move |db| match action {
        "join" => service::join(db, &*clock, &config, user, id),
        "leave" => crate::play::withdrawal::leave(db, &*clock, &config, user, id),
        _ => service::start(db, &*clock, &config, user, id),
    })
    .await?;
    state.changed();
    Ok(ok(&Done {
        status: match action {
            "join" => "joined",
            "leave" => "left",
            _ => "started",
        }
        .into(),
    }))
}

/// Joins a tournament (refusals say why: full, started, cancelled, closed, twice, rating).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/join",
    tag = "tournaments",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The tournament")),
    responses(
        (status = 200, description = "Joined", body = Done),
        (status = 404, description = "No such tournament", body = super::ErrorBody),
        (status = 422, description = "Refused, with the reason", body = super::ErrorBody),
    )
)]
pub async fn join(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id.into_inner(), "join").await
}

/// Leaves a tournament: freely before the start, as a withdrawal after it.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/leave",
    tag = "tournaments",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The tournament")),
    responses(
        (status = 200, description = "Left", body = Done),
        (status = 404, description = "No such tournament", body = super::ErrorBody),
        (status = 422, description = "Not playing in it, or it is over", body = super::ErrorBody),
    )
)]
pub async fn leave(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id.into_inner(), "leave").await
}

/// Starts a tournament (its organiser, once the smallest number of players joined).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/start",
    tag = "tournaments",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The tournament")),
    responses(
        (status = 200, description = "Started", body = Done),
        (status = 403, description = "Not the organiser", body = super::ErrorBody),
        (status = 404, description = "No such tournament", body = super::ErrorBody),
        (status = 422, description = "Too few players, or not open", body = super::ErrorBody),
    )
)]
pub async fn start(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id.into_inner(), "start").await
}
