//! The JSON API under `/api/v1`: a second front end beside the pages. Handlers read JSON,
//! call the same services as the pages, and answer JSON; every error is
//! `{"error": "...", "code": "..."}` with its status. Requests carry a personal access token
//! (`Authorization: Bearer ...`), never a cookie, so no CSRF token is needed.
//!
//! To add an endpoint: a handler with a `#[utoipa::path]` attribute in the module of its
//! resource, its route in that module's `configure`, and its path in [`docs::ApiDoc`].

pub mod analysis;
pub mod auth;
pub mod challenges;
pub mod conditional;
pub mod docs;
pub mod games;
pub mod json;
pub mod presets;
pub mod tokens;
pub mod tournaments;
pub mod users;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

pub use auth::{ApiUser, RateLimiter};
pub use json::ApiJson;

use crate::accounts::AccountError;
use crate::games::GameError;
use crate::presets::PresetError;
use crate::web::WebError;

/// Where the API lives.
pub const PREFIX: &str = "/api/v1";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope(PREFIX)
            .app_data(
                web::JsonConfig::default()
                    .limit(crate::web::MAX_BODY_BYTES)
                    .error_handler(|err, _| bad_json(&err).into()),
            )
            .app_data(web::PathConfig::default().error_handler(|_, _| not_found().into()))
            .app_data(web::QueryConfig::default().error_handler(|err, _| {
                ApiError::new(StatusCode::BAD_REQUEST, "bad_query", err.to_string()).into()
            }))
            .configure(docs::configure)
            .configure(tokens::configure)
            .configure(users::configure)
            .configure(presets::configure)
            .configure(challenges::configure)
            .configure(games::configure)
            .configure(conditional::configure)
            .configure(tournaments::configure)
            .configure(analysis::configure)
            .default_service(web::to(unknown_endpoint))
            .wrap(actix_web::middleware::from_fn(auth::require_token)),
    );
}

/// An API error: status, a stable machine-readable `code` and a sentence for people.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

/// The body of every error response.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words.
    pub error: String,
    /// A stable code: `bad_json`, `unauthorized`, `forbidden`, `not_found`, `moved_on`,
    /// `illegal_move`, `invalid`, `rate_limited`, ...
    pub code: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
}

pub fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "There is no such thing.",
    )
}

fn bad_json(err: &actix_web::error::JsonPayloadError) -> ApiError {
    use actix_web::error::JsonPayloadError as E;
    match err {
        E::Overflow { .. } | E::OverflowKnownLength { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!(
                "The body is larger than {} bytes.",
                crate::web::MAX_BODY_BYTES
            ),
        ),
        E::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_content_type",
            "Send the body as JSON, with Content-Type: application/json.",
        ),
        other => ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            format!("The body is not the JSON this endpoint takes: {other}"),
        ),
    }
}

async fn unknown_endpoint(req: HttpRequest) -> HttpResponse {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!(
            "There is no endpoint {} {}. The endpoints are listed at {PREFIX}/openapi.json.",
            req.method(),
            req.path()
        ),
    )
    .error_response()
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if self.status.is_server_error() {
            tracing::error!(status = self.status.as_u16(), error = %self.message, "API error");
        }
        let mut response = HttpResponse::build(self.status);
        match self.status {
            StatusCode::UNAUTHORIZED => {
                response.insert_header((header::WWW_AUTHENTICATE, "Bearer realm=\"plypost\""));
            }
            StatusCode::TOO_MANY_REQUESTS => {
                response.insert_header((header::RETRY_AFTER, "60"));
            }
            // Every engine slot is busy: soon one is free.
            StatusCode::SERVICE_UNAVAILABLE => {
                response.insert_header((header::RETRY_AFTER, "5"));
            }
            _ => {}
        }
        // A server failure's details stay in the log.
        let message = if self.status.is_server_error() {
            "The server could not answer this request; please try again later.".to_owned()
        } else {
            self.message.clone()
        };
        response.json(ErrorBody {
            error: message,
            code: self.code.to_owned(),
        })
    }
}

impl From<GameError> for ApiError {
    fn from(err: GameError) -> Self {
        match crate::web::error::game_refusal(&err) {
            Ok(refusal) => ApiError::new(refusal.status, refusal.code, err.to_string()),
            Err(WebError::NotFound) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", err.to_string())
            }
            Err(other) => ApiError::from(other),
        }
    }
}

impl From<AccountError> for ApiError {
    fn from(err: AccountError) -> Self {
        use StatusCode as S;
        let (status, code) = match &err {
            AccountError::Db(db) => return database(db),
            AccountError::InvalidCredentials => (S::UNAUTHORIZED, "unauthorized"),
            AccountError::RateLimited { .. } => (S::TOO_MANY_REQUESTS, "rate_limited"),
            AccountError::NotFound => (S::NOT_FOUND, "not_found"),
            e if e.is_user_error() => (S::UNPROCESSABLE_ENTITY, "invalid"),
            _ => (S::INTERNAL_SERVER_ERROR, "internal"),
        };
        ApiError::new(status, code, err.to_string())
    }
}

impl From<PresetError> for ApiError {
    fn from(err: PresetError) -> Self {
        match crate::web::error::preset_refusal(&err) {
            Ok(refusal) => ApiError::new(refusal.status, refusal.code, err.to_string()),
            Err(WebError::NotFound) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", err.to_string())
            }
            Err(other) => ApiError::from(other),
        }
    }
}

impl From<WebError> for ApiError {
    fn from(err: WebError) -> Self {
        use StatusCode as S;
        match err {
            WebError::NotFound => not_found(),
            WebError::Unavailable(detail) => {
                tracing::error!(error = %detail, "service unavailable");
                ApiError::new(
                    S::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "The server cannot answer right now; please try again in a moment.",
                )
            }
            WebError::PayloadTooLarge => {
                ApiError::new(S::PAYLOAD_TOO_LARGE, "too_large", "The body is too large.")
            }
            WebError::BadRequest(message) => ApiError::new(S::BAD_REQUEST, "bad_request", message),
            other => ApiError::new(S::INTERNAL_SERVER_ERROR, "internal", other.to_string()),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(err: diesel::result::Error) -> Self {
        database(&err)
    }
}

/// A failed query: 503 while the database is unreachable, else 500.
fn database(err: &diesel::result::Error) -> ApiError {
    if crate::db::is_connection_lost(err) {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            format!("database: {err}"),
        )
    } else {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("database: {err}"),
        )
    }
}

/// Runs a service call on the blocking pool and flattens both layers of errors.
pub async fn run<R, E, F>(state: &crate::web::AppState, f: F) -> Result<R, ApiError>
where
    F: FnOnce(&mut crate::db::Db) -> Result<R, E> + Send + 'static,
    R: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    state.db(f).await?.map_err(Into::into)
}

/// A `200` JSON answer.
pub fn ok<T: Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Ok().json(body)
}

/// A `200` JSON answer holding one page of a list; `next` is the address of the next page,
/// sent as `Link: <next>; rel="next"` (RFC 8288) when there is one.
pub fn ok_page<T: Serialize>(body: &T, next: Option<String>) -> HttpResponse {
    let mut answer = HttpResponse::Ok();
    if let Some(next) = next {
        answer.insert_header((
            actix_web::http::header::LINK,
            format!("<{next}>; rel=\"next\""),
        ));
    }
    answer.json(body)
}

/// A `201` JSON answer.
pub fn created<T: Serialize>(body: &T) -> HttpResponse {
    HttpResponse::Created().json(body)
}

/// Dates in the API: RFC 3339 in UTC.
pub fn timestamp(at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
