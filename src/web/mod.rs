//! The actix application: shared state, middleware, routes.
//!
//! To add a page: write `pages/<name>.rs` with handlers and a `pub fn configure(cfg)`, a
//! template in `templates/pages/`, and call its `configure` from [`routes`]. Handlers take
//! `web::Data<AppState>`, a [`Ctx`] (current user + CSRF token, for rendering) and, for
//! POSTs, a [`CsrfForm<T>`]; they call a service through [`AppState::db`] and render with
//! [`render::page`].

pub mod api;
pub mod assets;
pub mod csrf;
pub mod error;
pub mod language;
pub mod lichess;
pub mod pages;
pub mod render;
pub mod render_cache;
pub mod session;

use std::net::TcpListener;
use std::sync::Arc;

use actix_session::config::PersistentSession;
use actix_session::storage::CookieSessionStore;
use actix_session::SessionMiddleware;
use actix_web::cookie::{time, Key, SameSite};
use actix_web::dev::Server;
use actix_web::http::header;
use actix_web::middleware::{from_fn, Compress, DefaultHeaders, ErrorHandlers};
use actix_web::{web, App, HttpServer};
use tokio::sync::Notify;

pub use csrf::CsrfForm;
pub use error::WebError;
pub use session::{Ctx, CurrentUser};

use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::{Db, DbPool};

/// Largest request body accepted (forms). A route that needs more sets its own
/// `web::PayloadConfig`.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
pub const SESSION_COOKIE: &str = "plypost_session";
pub const SESSION_DAYS: i64 = 30;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    pub config: Arc<Config>,
    pub clock: SharedClock,
    /// Notify after queueing mail to have the mail job deliver it right away.
    pub mail_wakeup: Arc<Notify>,
    /// Notify after a move in (or the start of) a game against the computer, to have it
    /// answer right away.
    pub computer_wakeup: Arc<Notify>,
    /// Board SVGs and legal-move lists already rendered, by position.
    pub renders: Arc<render_cache::GameRenders>,
    /// The move lists of recently shown or played games.
    pub move_logs: Arc<crate::games::move_log::MoveLogCache>,
    /// The JSON API's requests per token.
    pub api_limits: Arc<api::RateLimiter>,
    /// Bulk exports per client address.
    pub export_limits: Arc<api::RateLimiter<String>>,
    /// Searches the server runs at once (`PLYPOST_ENGINE_THREADS`), shared by the computer's
    /// moves and the analyses; an analysis finding none free is answered 503.
    pub engine_slots: Arc<tokio::sync::Semaphore>,
    /// Analyses per account per minute.
    pub analysis_limits: Arc<api::RateLimiter>,
    /// Heavy work that must not take every database connection: PGN imports and bulk
    /// exports running at once in this process.
    pub heavy_work: Arc<HeavyWork>,
    /// The bot API's open streams, and the wake-up they share.
    pub bot_streams: Arc<lichess::StreamRegistry>,
}

impl AppState {
    /// After a request changed something (a game, a challenge, ...): queued mail goes out
    /// now, and the bot API's streams look at the database now.
    pub fn changed(&self) {
        self.mail_wakeup.notify_one();
        self.bot_streams.changed();
    }

    /// [`changed`](Self::changed), for game `id` (and its players' accounts, when known): its
    /// streams look now.
    pub fn game_changed(&self, id: crate::games::GameId, players: &[crate::db::UserId]) {
        self.changed();
        self.bot_streams.wake(lichess::Target::Game(id.get()));
        self.accounts_changed(players);
    }

    /// The event streams of `accounts` look now (a challenge to them, a game of theirs...).
    pub fn accounts_changed(&self, accounts: &[crate::db::UserId]) {
        for account in accounts {
            self.bot_streams
                .wake(lichess::Target::Account(account.get()));
        }
    }

    /// Runs blocking database work (and anything else blocking, such as password hashing) on
    /// the blocking thread pool. The outer `Result` fails only when no connection could be
    /// had; the closure's own result comes back untouched for the handler to match on.
    pub async fn db<R, F>(&self, f: F) -> Result<R, WebError>
    where
        F: FnOnce(&mut Db) -> R + Send + 'static,
        R: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            Ok::<R, crate::db::DbError>(f(&mut conn))
        })
        .await
        .map_err(|e| WebError::Internal(format!("blocking task: {e}")))?
        .map_err(|e| WebError::Unavailable(e.to_string()))
    }
}

/// Registers every route. Later features add their page modules here.
pub fn routes(cfg: &mut web::ServiceConfig) {
    pages::health::configure(cfg);
    language::configure(cfg);
    pages::admin::configure(cfg);
    pages::home::configure(cfg);
    pages::auth::configure(cfg);
    pages::settings::configure(cfg);
    pages::settings_api::configure(cfg);
    pages::password_reset::configure(cfg);
    pages::unsubscribe::configure(cfg);
    pages::games::configure(cfg);
    pages::presets::configure(cfg);
    pages::logs::configure(cfg);
    pages::help::configure(cfg);
    pages::users::configure(cfg);
    pages::feeds::configure(cfg);
    pages::tournaments::configure(cfg);
    api::configure(cfg);
    lichess::configure(cfg);
}

/// Permits for PGN imports (one at a time), bulk exports and board images (two at a time). A request waits
/// up to [`HEAVY_WORK_WAIT`] for its turn, then is refused with 429.
pub struct HeavyWork {
    pub imports: Arc<tokio::sync::Semaphore>,
    pub exports: Arc<tokio::sync::Semaphore>,
    /// Board PNGs (for mails), rasterized two at a time.
    pub images: Arc<tokio::sync::Semaphore>,
}

pub const HEAVY_WORK_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Default for HeavyWork {
    fn default() -> Self {
        HeavyWork {
            imports: Arc::new(tokio::sync::Semaphore::new(1)),
            exports: Arc::new(tokio::sync::Semaphore::new(2)),
            images: Arc::new(tokio::sync::Semaphore::new(2)),
        }
    }
}

impl HeavyWork {
    /// A turn from `pool`, or `None` after waiting [`HEAVY_WORK_WAIT`].
    pub async fn turn(
        pool: &Arc<tokio::sync::Semaphore>,
    ) -> Option<tokio::sync::OwnedSemaphorePermit> {
        tokio::time::timeout(HEAVY_WORK_WAIT, pool.clone().acquire_owned())
            .await
            .ok()?
            .ok()
    }
}

/// The client's address, for rate limits: the peer of the connection or, when that is a
/// trusted proxy (`PLYPOST_TRUSTED_PROXIES`), the address it forwarded for.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
        return "unknown".to_owned();
    };
    let trusted = req
        .app_data::<web::Data<AppState>>()
        .map(|state| state.config.trusted_proxies.as_slice())
        .unwrap_or_default();
    if !trusted.contains(&peer) {
        return peer.to_string();
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(",");
    forwarded_client(peer, &forwarded, trusted).to_string()
}

/// The nearest address in `X-Forwarded-For` that is not a trusted proxy, when the peer is
/// one (each proxy appends the address it received from, so the right end is the nearest and
/// only the part written by trusted proxies can be believed).
fn forwarded_client(
    peer: std::net::IpAddr,
    forwarded: &str,
    trusted: &[std::net::IpAddr],
) -> std::net::IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let mut nearest = peer;
    for part in forwarded.rsplit(',') {
        match part.trim().parse::<std::net::IpAddr>() {
            Ok(ip) => {
                nearest = ip;
                if !trusted.contains(&ip) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    nearest
}

/// Middleware: a `HEAD` request is routed as the `GET` of the same address, so every page
/// that answers `GET` answers `HEAD` with the same status and headers. The connection knows
/// the request was `HEAD` and sends no body.
async fn head_as_get(
    mut req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    if req.method() == actix_web::http::Method::HEAD {
        req.head_mut().method = actix_web::http::Method::GET;
    }
    next.call(req).await
}

/// Middleware: counts every answer by route pattern (`/games/{id}`), method and status, and
/// its time, for `/metrics`.
async fn count_request(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    let method = req.method().to_string();
    let answer = next.call(req).await;
    let (route, status) = match &answer {
        Ok(res) => (
            res.request()
                .match_pattern()
                .unwrap_or_else(|| "unmatched".to_owned()),
            res.status().as_u16(),
        ),
        Err(e) => (
            "unmatched".to_owned(),
            e.as_response_error().status_code().as_u16(),
        ),
    };
    let metrics = &crate::metrics::METRICS;
    metrics
        .http_requests
        .with_label_values(&[&route, &method, &status.to_string()])
        .inc();
    metrics
        .http_duration
        .with_label_values(&[&route, &method])
        .observe(started.elapsed().as_secs_f64());
    answer
}

/// Middleware: a NUL character (`%00`) in the path or query is refused with 400 before any
/// handler runs; no stored text may hold one (PostgreSQL refuses it outright).
async fn refuse_nul_in_address(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    // `%00` has no letters: no case to fold. The path and query are as the client sent them.
    if req.path().contains("%00") || req.query_string().contains("%00") {
        // The API answers in JSON (and English), as everywhere else under its prefix.
        if req.path().starts_with(api::PREFIX) {
            return Err(api::ApiError::new(
                actix_web::http::StatusCode::BAD_REQUEST,
                "bad_query",
                crate::i18n::Lang::default().t("request-address-nul"),
            )
            .into());
        }
        let lang = language::visitor_language(req.request());
        return Err(WebError::BadRequest(lang.t("request-address-nul")).into());
    }
    next.call(req).await
}

/// Headers on every answer. Over https, browsers are also told to use https only (HSTS).
fn security_headers(https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new();
    let headers = if https {
        headers.add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000"))
    } else {
        headers
    };
    headers
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
             script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ))
}

/// Builds and starts the HTTP server on `listener`. The returned future runs it.
pub fn start(state: AppState, listener: TcpListener, workers: usize) -> std::io::Result<Server> {
    let key = Key::derive_from(state.config.secret_key.as_bytes());
    let secure = state.config.secure_cookies();
    let data = web::Data::new(state);

    let server = HttpServer::new(move || {
        let session = SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
            .cookie_name(SESSION_COOKIE.to_owned())
            .cookie_http_only(true)
            .cookie_same_site(SameSite::Lax)
            .cookie_secure(secure)
            .session_lifecycle(
                PersistentSession::default().session_ttl(time::Duration::days(SESSION_DAYS)),
            )
            .build();
        App::new()
            .app_data(data.clone())
            .app_data(web::PayloadConfig::new(MAX_BODY_BYTES))
            .app_data(web::FormConfig::default().limit(MAX_BODY_BYTES))
            .app_data(web::JsonConfig::default().limit(MAX_BODY_BYTES))
            .configure(routes)
            .route("/static/{path:.+}", web::get().to(assets::serve))
            .default_service(web::to(error::not_found))
            .wrap(from_fn(language::choose))
            .wrap(from_fn(head_as_get))
            .wrap(session)
            .wrap(from_fn(csrf::same_origin_guard))
            .wrap(from_fn(refuse_nul_in_address))
            .wrap(ErrorHandlers::new().default_handler(error::friendly_error_page))
            .wrap(security_headers(secure))
            .wrap(Compress::default())
            .wrap(from_fn(count_request))
    })
    .workers(workers.max(1))
    .listen(listener)?
    .run();
    Ok(server)
}

#[cfg(test)]
mod tests {
    use super::forwarded_client;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    #[test]
    fn only_trusted_proxies_are_believed() {
        let proxy = [ip("127.0.0.1"), ip("10.0.0.2")];
        // Not through a trusted proxy: the header is ignored.
        assert_eq!(
            forwarded_client(ip("192.0.2.1"), "203.0.113.9", &proxy),
            ip("192.0.2.1")
        );
        // Through two trusted proxies: the client they saw.
        assert_eq!(
            forwarded_client(
                ip("127.0.0.1"),
                "198.51.100.7, 203.0.113.9, 10.0.0.2",
                &proxy
            ),
            ip("203.0.113.9")
        );
        // A forged left part is never reached; garbage stops the walk.
        assert_eq!(
            forwarded_client(ip("127.0.0.1"), "1.2.3.4, nonsense, 203.0.113.9", &proxy),
            ip("203.0.113.9")
        );
        assert_eq!(
            forwarded_client(ip("127.0.0.1"), "nonsense", &proxy),
            ip("127.0.0.1")
        );
        assert_eq!(
            forwarded_client(ip("127.0.0.1"), "", &proxy),
            ip("127.0.0.1")
        );
    }
}
