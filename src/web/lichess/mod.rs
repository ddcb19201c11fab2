//! Lichess's bot API, served at the host root (`/api/...`, `/game/export/{id}`) because
//! the clients that speak it (lichess-bot, berserk, pychess bots) build their URLs that way.
//! Same paths, field names, types and NDJSON lines as Lichess's own OpenAPI specification;
//! plypost's personal access tokens are the Bearer tokens. Where Lichess assumes real-time
//! clocks, plypost says what fits correspondence (see `/help/bots`).
//!
//! Errors are `{"error": "..."}` with Lichess's statuses: 400 for a refused action (an
//! illegal move, not your turn), 401 without a valid token, 403 for a token without the
//! scope, 404 for what does not exist, 429 with `Retry-After`.

mod actions;
mod json;
pub mod openapi;
mod streams;

use actix_web::dev::Payload;
use actix_web::http::{header, Method, StatusCode};
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

use crate::accounts::api_tokens::{self, Scopes};
use crate::accounts::{AccountError, User};
use crate::games::GameError;
use crate::web::AppState;

pub use streams::{StreamLimits, StreamRegistry, Target};

pub fn configure(cfg: &mut web::ServiceConfig) {
    actions::configure(cfg);
    streams::configure(cfg);
}

/// An error of the bot API: a status and `{"error": message}`.
#[derive(Debug)]
pub struct LichessError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds, for a 429.
    pub retry_after: Option<u64>,
}

impl LichessError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        LichessError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "Not found.")
    }

    pub fn too_many(message: impl Into<String>, seconds: u64) -> Self {
        LichessError {
            retry_after: Some(seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    fn internal(message: impl std::fmt::Display) -> Self {
        tracing::error!(error = %message, "bot API");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal error.")
    }
}

impl std::fmt::Display for LichessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.message)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl ResponseError for LichessError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut answer = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            answer.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            answer.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        answer.json(ErrorBody {
            error: &self.message,
        })
    }
}

impl From<GameError> for LichessError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::NotFound | GameError::ChallengeNotFound => Self::not_found(),
            GameError::TooMany(m) => Self::too_many(m.to_string(), 60),
            GameError::TooManyMessages => Self::too_many(e.to_string(), 60),
            e if e.is_user_error() => Self::bad(e.to_string()),
            e => Self::internal(e),
        }
    }
}

impl From<AccountError> for LichessError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::NotFound => Self::not_found(),
            e if e.is_user_error() => Self::bad(e.to_string()),
            e => Self::internal(e),
        }
    }
}

impl From<crate::logs::LogError> for LichessError {
    fn from(e: crate::logs::LogError) -> Self {
        use crate::logs::LogError;
        match e {
            LogError::NotFound => Self::not_found(),
            LogError::Invalid(m) | LogError::Limit(m) => Self::bad(m.to_string()),
            e => Self::internal(e),
        }
    }
}

impl From<crate::web::WebError> for LichessError {
    fn from(e: crate::web::WebError) -> Self {
        Self::internal(e)
    }
}

/// Runs blocking database work for a handler.
async fn run<R, E, F>(state: &AppState, f: F) -> Result<R, LichessError>
where
    F: FnOnce(&mut crate::db::Db) -> Result<R, E> + Send + 'static,
    R: Send + 'static,
    E: Into<LichessError> + Send + 'static,
{
    state.db(f).await?.map_err(Into::into)
}

/// `{"ok": true}`.
fn done() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"ok": true}))
}

/// The caller of a bot API request, by its Bearer token. Reading needs the token's `read`
/// scope, anything else `play`; the requests count toward the account's API budget.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    pub scopes: Scopes,
}

fn unauthorized(message: &str) -> LichessError {
    LichessError::new(StatusCode::UNAUTHORIZED, message)
}

fn bearer(req: &HttpRequest) -> Result<String, LichessError> {
    let text = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| unauthorized("No token: send Authorization: Bearer <token>."))?;
    match text.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(token.trim().to_owned())
        }
        _ => Err(unauthorized(
            "The Authorization header must be `Bearer <token>`.",
        )),
    }
}

async fn authenticate(req: HttpRequest) -> Result<Caller, LichessError> {
    let token = bearer(&req)?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| LichessError::internal("no application state"))?
        .clone();
    let clock = state.clock.clone();
    let found = run(&state, move |db| api_tokens::resolve(db, &*clock, &token)).await?;
    let Some((_, user, scopes)) = found else {
        return Err(unauthorized("No such token."));
    };
    if user.suspended_at.is_some() {
        return Err(LichessError::new(
            StatusCode::FORBIDDEN,
            "This account is suspended.",
        ));
    }
    if !state.api_limits.allow(user.id.get()) {
        return Err(LichessError::too_many(
            format!(
                "More than {} requests in the last minute; please wait.",
                state.config.api_requests_per_minute
            ),
            60,
        ));
    }
    let reading = matches!(*req.method(), Method::GET | Method::HEAD);
    let allowed = if reading { scopes.read } else { scopes.play };
    if !allowed {
        return Err(LichessError::new(
            StatusCode::FORBIDDEN,
            format!(
                "Missing scope: this token lacks `{}`.",
                if reading { "read" } else { "play" }
            ),
        ));
    }
    Ok(Caller { user, scopes })
}

impl FromRequest for Caller {
    type Error = LichessError;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(authenticate(req.clone()))
    }
}

/// The scopes a plypost token has, in Lichess's words (lichess-bot checks `bot:play`).
fn lichess_scopes(scopes: Scopes) -> String {
    let mut out = Vec::new();
    if scopes.read {
        out.extend(["preference:read", "challenge:read"]);
    }
    if scopes.play {
        out.extend(["challenge:write", "board:play", "bot:play"]);
    }
    out.join(",")
}

/// A request body's fields, as a form, as JSON (a `null` is an unset field), whatever the
/// Content-Type says: berserk sends JSON where the specification says form, lichess-bot
/// forms, and neither always says which.
fn fields(body: &[u8]) -> Result<std::collections::HashMap<String, String>, LichessError> {
    let text =
        std::str::from_utf8(body).map_err(|_| LichessError::bad("The body is not UTF-8."))?;
    let trimmed = text.trim();
    if trimmed.starts_with('{') {
        let value: serde_json::Value = serde_json::from_str(trimmed)
            .map_err(|e| LichessError::bad(format!("The body is not JSON: {e}")))?;
        let object = value
            .as_object()
            .ok_or_else(|| LichessError::bad("The body must be a JSON object."))?;
        return Ok(object
            .iter()
            .filter_map(|(k, v)| {
                let text = match v {
                    serde_json::Value::Null => return None,
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                Some((k.clone(), text))
            })
            .collect());
    }
    serde_urlencoded::from_str(trimmed)
        .map_err(|e| LichessError::bad(format!("The body is not a form: {e}")))
}

/// A boolean as clients send them: `true`/`false`, Python's `True`/`False`, `1`/`0`,
/// `yes`/`no`.
fn boolean(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_read_as_forms_or_json() {
        let form = fields(b"room=player&text=good+luck").unwrap();
        assert_eq!(form["text"], "good luck");
        let json =
            fields(br#"{"rated": false, "days": 3, "color": null, "clock.limit": null}"#).unwrap();
        assert_eq!(json["rated"], "false");
        assert_eq!(json["days"], "3");
        assert!(!json.contains_key("color"));
        assert!(fields(b"{oops").is_err());
        assert!(fields(b"").unwrap().is_empty());
    }

    #[test]
    fn booleans_as_clients_write_them() {
        assert_eq!(boolean("False"), Some(false));
        assert_eq!(boolean("true"), Some(true));
        assert_eq!(boolean("maybe"), None);
    }
}
