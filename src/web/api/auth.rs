//! Who is calling the API: the personal access token in `Authorization: Bearer ...`, its
//! scopes and its request budget.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest, ResponseError};
use parking_lot::Mutex;

use super::ApiError;
use crate::accounts::api_tokens::{self, Scopes};
use crate::accounts::User;
use crate::web::AppState;

/// The caller of an API request. Reading (`GET`) needs the `read` scope; anything that
/// changes state needs `play`.
#[derive(Debug, Clone)]
pub struct ApiUser {
    pub user: User,
    pub scopes: Scopes,
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(req: &HttpRequest) -> Result<String, ApiError> {
    let value = req
        .headers()
        .get(header::AUTHORIZATION)
        .ok_or_else(|| unauthorized("Send a token: Authorization: Bearer <token>."))?;
    let text = value
        .to_str()
        .map_err(|_| unauthorized("The Authorization header is not readable."))?;
    let (scheme, token) = text
        .split_once(' ')
        .ok_or_else(|| unauthorized("The Authorization header must be `Bearer <token>`."))?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(unauthorized(
            "The Authorization header must be `Bearer <token>`.",
        ));
    }
    Ok(token.trim().to_owned())
}

/// Paths under the API prefix that need no token.
const OPEN_PATHS: [&str; 2] = ["/tokens", "/openapi.json"];

/// Middleware of the API scope: resolves the token before any extractor of the handler runs
/// (so a bad token is a 401 whatever the body), checks its scope and budget, and leaves the
/// caller in the request for [`ApiUser`].
pub async fn require_token(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let open = req
        .path()
        .strip_prefix(super::PREFIX)
        .is_some_and(|rest| OPEN_PATHS.contains(&rest));
    if !open {
        match authenticate(req.request()).await {
            Ok(caller) => {
                req.extensions_mut().insert(caller);
            }
            Err(err) => {
                let response = err.error_response().map_into_right_body();
                return Ok(req.into_response(response));
            }
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

async fn authenticate(req: &HttpRequest) -> Result<ApiUser, ApiError> {
    let token = bearer(req)?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "no application state",
            )
        })?
        .clone();
    let clock = state.clock.clone();
    let found = super::run(&state, move |db| api_tokens::resolve(db, &*clock, &token)).await?;
    let Some((_, user, scopes)) = found else {
        return Err(unauthorized("The token is unknown or has been revoked."));
    };
    if user.suspended_at.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "suspended",
            "This account is suspended.",
        ));
    }
    // Counted per account, all its tokens together: more tokens buy no more requests.
    if !state.api_limits.allow(user.id.get()) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "This account made more than {} requests in the last minute; please wait.",
                state.config.api_requests_per_minute
            ),
        ));
    }
    let reading = matches!(*req.method(), Method::GET | Method::HEAD);
    let (needed, allowed) = if reading {
        ("read", scopes.read)
    } else {
        ("play", scopes.play)
    };
    if !allowed {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "insufficient_scope",
            format!("This token lacks the `{needed}` scope this request needs."),
        ));
    }
    Ok(ApiUser { user, scopes })
}

impl FromRequest for ApiUser {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(
            req.extensions()
                .get::<ApiUser>()
                .cloned()
                .ok_or_else(|| unauthorized("Send a token: Authorization: Bearer <token>.")),
        )
    }
}

/// Requests per key (a token, a client address) per window, counted in this process (a
/// fixed window: by default a minute).
pub struct RateLimiter<K = i64> {
    limit: u32,
    window: Duration,
    windows: Mutex<HashMap<K, (Instant, u32)>>,
}

impl RateLimiter<i64> {
    pub fn new(per_minute: u32) -> Self {
        Self::with_window(per_minute, Duration::from_secs(60))
    }
}

impl<K: std::hash::Hash + Eq> RateLimiter<K> {
    pub fn with_window(limit: u32, window: Duration) -> Self {
        RateLimiter {
            limit,
            window,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a request of `key`; false once it is over its budget for this window.
    pub fn allow(&self, key: K) -> bool {
        let now = Instant::now();
        let window = self.window;
        let mut windows = self.windows.lock();
        // Forget finished windows now and then, so old keys do not pile up.
        if windows.len() > 10_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let (start, count) = windows.entry(key).or_insert((now, 0));
        if now.duration_since(*start) >= window {
            *start = now;
            *count = 0;
        }
        *count += 1;
        *count <= self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_gets_its_budget_and_no_more() {
        let limiter = RateLimiter::new(3);
        assert!(limiter.allow(1));
        assert!(limiter.allow(1));
        assert!(limiter.allow(1));
        assert!(!limiter.allow(1));
        // Another token has its own budget.
        assert!(limiter.allow(2));
    }
}
