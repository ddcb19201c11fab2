//! `POST /api/v1/tokens`: a token for a username and password, for scripts that cannot
//! visit the settings page. Rate-limited as the log-in form is.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{created, run, ApiError, ApiJson};
use crate::accounts::api_tokens::{self, Scopes};
use crate::accounts::authenticate;
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/tokens").post(create));
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    pub username: String,
    pub password: String,
    /// What the token is for, as listed in settings ("my bot").
    pub name: String,
    /// `read`, `play` or both (the default).
    #[serde(default)]
    pub scopes: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
pub struct NewToken {
    /// The token, shown this once: send it as `Authorization: Bearer <token>`.
    pub token: String,
    pub name: String,
    pub scopes: Vec<String>,
}

/// Makes a personal access token.
#[utoipa::path(
    post,
    path = "/api/v1/tokens",
    tag = "tokens",
    request_body = TokenRequest,
    responses(
        (status = 201, description = "The new token", body = NewToken),
        (status = 400, description = "Not JSON of this shape", body = super::ErrorBody),
        (status = 401, description = "Wrong username or password", body = super::ErrorBody),
        (status = 422, description = "A bad name or scope", body = super::ErrorBody),
        (status = 429, description = "Too many failed attempts", body = super::ErrorBody),
    )
)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: ApiJson<TokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let TokenRequest {
        username,
        password,
        name,
        scopes,
    } = body.into_inner();
    let scopes = match &scopes {
        Some(words) => Scopes::parse(words.iter().map(String::as_str))?,
        None => Scopes::ALL,
    };
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".to_owned());
    let clock = state.clock.clone();
    let token_name = name.clone();
    let token = run(&state, move |db| {
        let user = authenticate(db, &*clock, &username, &password, &ip)?;
        api_tokens::create(db, &*clock, user.id, &token_name, scopes)
    })
    .await?;
    Ok(created(&NewToken {
        token,
        name: name.trim().to_owned(),
        scopes: scopes.names().into_iter().map(str::to_owned).collect(),
    }))
}
