//! `GET /api/v1/me` and `GET /api/v1/users/{name}`: a player and their ratings.

use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use super::{ok, run, timestamp, ApiError, ApiUser};
use crate::accounts::{self, AccountError, User};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/me").get(me));
    cfg.service(web::resource("/users/{name}").get(user));
}

#[derive(Serialize, ToSchema)]
pub struct RatingJson {
    /// The rated variant (`chess`, `terachess2`, ...).
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    /// While the deviation is above 110 the rating is provisional (`1662?` on the pages).
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

#[derive(Serialize, ToSchema)]
pub struct UserJson {
    pub username: String,
    /// RFC 3339, UTC.
    pub joined: String,
    pub ratings: Vec<RatingJson>,
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct MeJson {
    #[serde(flatten)]
    pub user: UserJson,
    pub email: String,
    pub time_zone: String,
    /// The scopes of the token making this request.
    pub scopes: Vec<String>,
}

async fn profile(state: &AppState, user: User) -> Result<UserJson, ApiError> {
    let clock = state.clock.clone();
    let id = user.id;
    let ratings = run(state, move |db| {
        crate::ratings::of_user(db, id, clock.now_db()).map_err(AccountError::from)
    })
    .await?;
    Ok(UserJson {
        url: state
            .config
            .absolute_url(&format!("/users/{}", user.username)),
        username: user.username,
        joined: timestamp(user.created_at),
        ratings: ratings
            .into_iter()
            .map(|(row, now)| RatingJson {
                variant: row.variant,
                rating: (now.rating * 10.0).round() / 10.0,
                deviation: (now.deviation * 10.0).round() / 10.0,
                provisional: crate::ratings::is_provisional(&now),
                games: row.games,
                wins: row.wins,
                draws: row.draws,
                losses: row.losses,
            })
            .collect(),
    })
}

/// The caller.
#[utoipa::path(
    get,
    path = "/api/v1/me",
    tag = "users",
    security(("token" = [])),
    responses(
        (status = 200, description = "The token's owner", body = MeJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
    )
)]
pub async fn me(state: web::Data<AppState>, caller: ApiUser) -> Result<HttpResponse, ApiError> {
    let ApiUser { user, scopes } = caller;
    let (email, time_zone) = (user.email.clone(), user.time_zone.clone());
    let profile = profile(&state, user).await?;
    Ok(ok(&MeJson {
        user: profile,
        email,
        time_zone,
        scopes: scopes.names().into_iter().map(str::to_owned).collect(),
    }))
}

/// A player's public profile.
#[utoipa::path(
    get,
    path = "/api/v1/users/{name}",
    tag = "users",
    security(("token" = [])),
    params(("name" = String, Path, description = "Username")),
    responses(
        (status = 200, description = "The player", body = UserJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 404, description = "No such player", body = super::ErrorBody),
    )
)]
pub async fn user(
    state: web::Data<AppState>,
    _caller: ApiUser,
    name: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    let found = run(&state, move |db| {
        accounts::users::find_by_username(db, &name)
    })
    .await?;
    let user = found.ok_or_else(super::not_found)?;
    Ok(ok(&profile(&state, user).await?))
}
