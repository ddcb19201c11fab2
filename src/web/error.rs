//! The web layer's error: maps to a status code and a friendly page without internal details.

use actix_web::dev::ServiceResponse;
use actix_web::http::{header, StatusCode};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use super::session::Ctx;
use crate::accounts::AccountError;
use crate::games::GameError;

#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("not found")]
    NotFound,
    #[error("forbidden")]
    Forbidden,
    /// The CSRF token was missing or wrong: nothing was changed.
    #[error("CSRF check failed")]
    Csrf,
    /// Not logged in; redirects to the log-in page, then back to `next`.
    #[error("login required")]
    LoginRequired { next: String },
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("payload too large")]
    PayloadTooLarge,
    /// Over a rate or work limit; the message says which and what to do.
    #[error("too many requests: {0}")]
    TooManyRequests(String),
    #[error("service unavailable: {0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<AccountError> for WebError {
    fn from(err: AccountError) -> Self {
        if let AccountError::Db(db) = err {
            return db.into();
        }
        if err.is_user_error() {
            WebError::BadRequest(err.localized(&crate::web::language::current()))
        } else {
            WebError::Internal(err.to_string())
        }
    }
}

impl From<askama::Error> for WebError {
    fn from(err: askama::Error) -> Self {
        WebError::Internal(format!("template: {err}"))
    }
}

impl From<crate::db::DbError> for WebError {
    fn from(err: crate::db::DbError) -> Self {
        WebError::Internal(err.to_string())
    }
}

impl From<diesel::result::Error> for WebError {
    fn from(err: diesel::result::Error) -> Self {
        WebError::database(&err)
    }
}

impl WebError {
    /// A failed query: 503 when the database connection is gone (an outage), else 500.
    pub fn database(err: &diesel::result::Error) -> Self {
        if crate::db::is_connection_lost(err) {
            WebError::Unavailable(format!("database: {err}"))
        } else {
            WebError::Internal(format!("database: {err}"))
        }
    }
}

impl From<crate::mail::MailError> for WebError {
    fn from(err: crate::mail::MailError) -> Self {
        WebError::Internal(err.to_string())
    }
}

/// How a refused game action answers, on the pages and in the API alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal {
    pub status: StatusCode,
    /// The API's error code.
    pub code: &'static str,
    /// The message id of the page's title.
    pub title: &'static str,
}

/// The one map from a game error to its answer: `Ok` for a refusal the user should read
/// (with its status), `Err` for what is not the user's doing (not found, a database or
/// server failure) as the web error that answers it.
pub fn game_refusal(err: &GameError) -> Result<Refusal, WebError> {
    use StatusCode as S;
    let refusal = |status, code, title| {
        Ok(Refusal {
            status,
            code,
            title,
        })
    };
    const NOTHING_CHANGED: &str = "refusal-nothing-changed";
    match err {
        GameError::NotFound | GameError::ChallengeNotFound => Err(WebError::NotFound),
        GameError::Forbidden(_) => refusal(S::FORBIDDEN, "forbidden", "refusal-not-allowed"),
        GameError::Invalid(_) => {
            refusal(S::UNPROCESSABLE_ENTITY, "invalid", "refusal-not-accepted")
        }
        GameError::Illegal(_) => refusal(
            S::UNPROCESSABLE_ENTITY,
            "illegal_move",
            "refusal-not-accepted",
        ),
        GameError::MovedOn => refusal(S::CONFLICT, "moved_on", NOTHING_CHANGED),
        GameError::AlreadyPlayed => refusal(S::CONFLICT, "already_played", NOTHING_CHANGED),
        GameError::NotYourTurn => refusal(S::CONFLICT, "not_your_turn", NOTHING_CHANGED),
        GameError::Finished => refusal(S::CONFLICT, "finished", NOTHING_CHANGED),
        GameError::TimeRanOut => refusal(S::CONFLICT, "time_ran_out", NOTHING_CHANGED),
        GameError::ChallengeClosed => refusal(S::CONFLICT, "challenge_closed", NOTHING_CHANGED),
        GameError::NoDrawOffer => refusal(S::CONFLICT, "no_draw_offer", NOTHING_CHANGED),
        GameError::NoTakeback => refusal(S::CONFLICT, "no_takeback", NOTHING_CHANGED),
        GameError::TooManyMessages | GameError::TooMany(_) => {
            refusal(S::TOO_MANY_REQUESTS, "rate_limited", "refusal-please-wait")
        }
        GameError::Db(db) => Err(WebError::database(db)),
        GameError::Mail(_) | GameError::Corrupt(_) => Err(WebError::Internal(err.to_string())),
    }
}

/// The one map from a preset error to its answer, as [`game_refusal`] for games.
pub fn preset_refusal(err: &crate::presets::PresetError) -> Result<Refusal, WebError> {
    use crate::presets::PresetError as E;
    use StatusCode as S;
    let refusal = |status, code, title| {
        Ok(Refusal {
            status,
            code,
            title,
        })
    };
    match err {
        E::NotFound => Err(WebError::NotFound),
        E::ReadOnly | E::Forbidden(_) => refusal(S::FORBIDDEN, "forbidden", "refusal-not-allowed"),
        E::Invalid(_) | E::Fields(_) => {
            refusal(S::UNPROCESSABLE_ENTITY, "invalid", "refusal-not-accepted")
        }
        E::TooMany(_) => refusal(S::TOO_MANY_REQUESTS, "rate_limited", "refusal-please-wait"),
        E::Db(db) => Err(WebError::database(db)),
        E::Corrupt(_) => Err(WebError::Internal(err.to_string())),
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    ctx: &'a Ctx,
    status: u16,
    title: &'a str,
    message: &'a str,
}

/// The message ids of the title and explanation shown for a status.
fn describe(status: StatusCode) -> (&'static str, &'static str) {
    match status.as_u16() {
        400 => ("status-400-title", "status-400"),
        401 | 403 => ("status-403-title", "status-403"),
        404 => ("status-404-title", "status-404"),
        405 => ("status-405-title", "status-405"),
        413 => ("status-413-title", "status-413"),
        429 => ("status-429-title", "status-429"),
        503 => ("status-503-title", "status-503"),
        _ if status.is_client_error() => ("status-4xx-title", "status-4xx"),
        _ => ("status-500-title", "status-500"),
    }
}

/// A complete error page for `status` in the language of the request being served. Never
/// fails: falls back to plain text.
pub fn error_page(status: StatusCode) -> HttpResponse {
    error_page_with(&Ctx::anonymous(), status, None)
}

/// The error page for `status` shown with `ctx`, with `message` instead of the status's own
/// explanation.
fn error_page_with(ctx: &Ctx, status: StatusCode, message: Option<&str>) -> HttpResponse {
    let (title_id, message_id) = describe(status);
    let title = ctx.t(title_id);
    let message = message.map_or_else(|| ctx.t(message_id), str::to_owned);
    let page = ErrorPage {
        ctx,
        status: status.as_u16(),
        title: &title,
        message: &message,
    };
    match page.render() {
        Ok(html) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(_) => HttpResponse::build(status)
            .content_type("text/plain; charset=utf-8")
            .body(format!("{title}\n\n{message}\n")),
    }
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Forbidden | WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::LoginRequired { .. } => StatusCode::SEE_OTHER,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            WebError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            WebError::LoginRequired { next } => {
                let target = if next.is_empty() || next == "/" {
                    "/login".to_owned()
                } else {
                    format!(
                        "/login?{}",
                        serde_urlencoded::to_string([("next", next.as_str())]).unwrap_or_default()
                    )
                };
                HttpResponse::SeeOther()
                    .insert_header((header::LOCATION, target))
                    .finish()
            }
            WebError::Internal(detail) => {
                tracing::error!(error = %detail, "internal error");
                error_page(self.status_code())
            }
            WebError::Unavailable(detail) => {
                tracing::error!(error = %detail, "service unavailable");
                error_page(self.status_code())
            }
            WebError::Csrf => {
                tracing::info!("request refused: missing or wrong CSRF token");
                error_page(self.status_code())
            }
            WebError::BadRequest(message) | WebError::TooManyRequests(message) => {
                error_page_with(&Ctx::anonymous(), self.status_code(), Some(message))
            }
            _ => error_page(self.status_code()),
        }
    }
}

/// The default service: no route matched. Rendered with the visitor's context, so the
/// header still shows who is signed in.
pub async fn not_found(ctx: Option<Ctx>) -> HttpResponse {
    let ctx = ctx.unwrap_or_else(Ctx::anonymous);
    error_page_with(&ctx, StatusCode::NOT_FOUND, None)
}

/// Replaces error responses that are not already HTML pages (those made by actix itself or
/// its extractors: 404 of static files, 405, 413, malformed bodies) with a friendly page.
pub fn friendly_error_page<B>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_html || is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    // The JSON API answers its errors in JSON, even those actix makes itself (405, 413).
    let response = if res.request().path().starts_with(crate::web::api::PREFIX) {
        let allow = res.headers().get(header::ALLOW).cloned();
        // The API's error texts stay English.
        let message = crate::i18n::Lang::default().t(describe(status).1);
        let mut response =
            crate::web::api::ApiError::new(status, "http_error", &message).error_response();
        if let Some(allow) = allow {
            response.headers_mut().insert(header::ALLOW, allow);
        }
        response.map_into_right_body()
    } else {
        // Outside the request's language scope: the visitor's language from the request.
        let mut ctx = Ctx::anonymous();
        ctx.lang = crate::web::language::visitor_language(res.request());
        error_page_with(&ctx, status, None).map_into_right_body()
    };
    let (req, _) = res.into_parts();
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(
        req, response,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(response: HttpResponse) -> String {
        let bytes = actix_web::body::to_bytes(response.into_body())
            .await
            .unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[actix_web::test]
    async fn internal_errors_hide_their_details() {
        let err = WebError::Internal("connection to 10.0.0.7 refused: password".into());
        assert_eq!(err.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        let response = err.error_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = body_of(response).await;
        assert!(body.contains("Something went wrong"));
        assert!(!body.contains("10.0.0.7"));
    }

    #[actix_web::test]
    async fn every_error_is_a_page() {
        for (err, status) in [
            (WebError::NotFound, 404),
            (WebError::Forbidden, 403),
            (WebError::Csrf, 403),
            (WebError::PayloadTooLarge, 413),
            (WebError::Unavailable("db down".into()), 503),
            (WebError::BadRequest("Bad <b>input</b>".into()), 400),
        ] {
            let response = err.error_response();
            assert_eq!(response.status().as_u16(), status);
            let body = body_of(response).await;
            assert!(body.contains("<main"), "{status}");
            assert!(!body.contains("db down"));
            assert!(!body.contains("<b>input"), "escaped");
        }
        let response = WebError::LoginRequired {
            next: "/settings".into(),
        }
        .error_response();
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            response.headers().get(header::LOCATION).unwrap(),
            "/login?next=%2Fsettings"
        );
    }
}
