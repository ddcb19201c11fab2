//! `/settings/api`: personal access tokens for the JSON API, and the deadline calendar link.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::api_tokens::{self, Scopes};
use crate::accounts::{AccountError, User};
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/settings/api", web::get().to(show))
        .route("/settings/api/tokens", web::post().to(create_token))
        .route(
            "/settings/api/tokens/{id}/revoke",
            web::post().to(revoke_token),
        )
        .route("/settings/api/calendar", web::post().to(renew_calendar));
}

pub struct TokenLine {
    pub id: i64,
    pub name: String,
    pub scopes: String,
    pub created: String,
    pub last_used: String,
}

#[derive(Template)]
#[template(path = "pages/settings_api.html")]
struct ApiSettingsPage<'a> {
    ctx: &'a Ctx,
    tokens: Vec<TokenLine>,
    calendar_url: Option<String>,
    new_token: Option<String>,
    notice: Option<&'static str>,
    error: Option<String>,
}

/// The calendar URL of `user` with `secret`.
pub fn calendar_url(state: &AppState, user: &User, secret: &str) -> String {
    state.config.absolute_url(&format!(
        "/users/{}/deadlines.ics?key={secret}",
        user.username
    ))
}

/// The page for `user`, with what the last action left to say.
async fn page(
    state: &web::Data<AppState>,
    ctx: &Ctx,
    status: StatusCode,
    new_token: Option<String>,
    notice: Option<&'static str>,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let id = user.id;
    let (tokens, key) = state
        .db(move |conn| {
            let tokens = api_tokens::of_user(conn, id)?;
            let key = api_tokens::calendar_key(conn, id)?;
            Ok::<_, AccountError>((tokens, key))
        })
        .await??;
    let tokens = tokens
        .into_iter()
        .map(|t| TokenLine {
            id: t.id,
            name: t.name,
            scopes: t.scopes.names().join(", "),
            created: ctx.datetime(&t.created_at),
            last_used: t
                .last_used_at
                .map_or_else(|| ctx.t("settings-api-never"), |at| ctx.datetime(&at)),
        })
        .collect();
    render::page_with_status(
        status,
        &ApiSettingsPage {
            ctx,
            tokens,
            calendar_url: key.map(|secret| calendar_url(state, user, &secret)),
            new_token,
            notice,
            error,
        },
    )
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ShowQuery {
    done: String,
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    query: web::Query<ShowQuery>,
) -> Result<HttpResponse, WebError> {
    let notice = match query.done.as_str() {
        "revoked" => Some("settings-api-revoked"),
        "calendar" => Some("settings-api-calendar-ready"),
        _ => None,
    };
    page(&state, &ctx, StatusCode::OK, None, notice, None).await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TokenForm {
    name: String,
    read: Option<String>,
    play: Option<String>,
}

async fn create_token(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let scopes = Scopes {
        read: form.read.is_some(),
        play: form.play.is_some(),
    };
    let clock = state.clock.clone();
    let result = if !scopes.read && !scopes.play {
        Err(AccountError::Invalid(crate::i18n::Message::new(
            "error-account-token-no-scope",
        )))
    } else {
        state
            .db(move |db| {
                db.write(|conn| api_tokens::create(conn, &*clock, user, &form.name, scopes))
            })
            .await?
    };
    match result {
        Ok(token) => page(&state, &ctx, StatusCode::OK, Some(token), None, None).await,
        Err(e) if e.is_user_error() => {
            let message = e.localized(&ctx.lang);
            page(
                &state,
                &ctx,
                StatusCode::UNPROCESSABLE_ENTITY,
                None,
                None,
                Some(message),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

async fn revoke_token(
    state: web::Data<AppState>,
    ctx: Ctx,
    id: web::Path<i64>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let id = id.into_inner();
    match state
        .db(move |db| db.write(|conn| api_tokens::revoke(conn, user, id)))
        .await?
    {
        Ok(()) => Ok(render::redirect("/settings/api?done=revoked")),
        Err(AccountError::NotFound) => Err(WebError::NotFound),
        Err(e) => Err(e.into()),
    }
}

async fn renew_calendar(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let clock = state.clock.clone();
    state
        .db(move |db| db.write(|conn| api_tokens::renew_calendar_key(conn, &*clock, user)))
        .await??;
    Ok(render::redirect("/settings/api?done=calendar#calendar"))
}
