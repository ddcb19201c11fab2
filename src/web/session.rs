//! Who is asking: the signed-in user (from the session cookie) and the session's CSRF token.
//!
//! * [`Ctx`] — for every page: `ctx.user` (an `Option<User>`) and `ctx.csrf` (used by
//!   `templates/partials/csrf.html`). `ctx.require_user()?` turns "not signed in" into a
//!   redirect to the log-in page.
//! * [`CurrentUser`] — an extractor for handlers that need a signed-in user and no page
//!   context.
//!
//! The cookie (signed and encrypted) holds the token of a server-side session
//! (`accounts::sessions`) and the CSRF token. Logging out ends the server-side session, so
//! a copy of the cookie is worthless afterwards.

use std::future::Future;
use std::pin::Pin;

use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use base64::Engine;
use rand::RngCore;

use super::{AppState, WebError};
use crate::accounts::{sessions, User};
use crate::i18n::{DateStyle, Lang, MessageArg};

const KEY_SESSION: &str = "sid";
const KEY_CSRF: &str = "csrf";

type LocalFuture<T> = Pin<Box<dyn Future<Output = T>>>;

/// Page context: the signed-in user, if any, and the CSRF token for forms.
#[derive(Debug, Clone)]
pub struct Ctx {
    pub user: Option<User>,
    pub csrf: String,
    /// The request path, for highlighting the navigation.
    pub path: String,
    /// Where to come back to after logging in: this page for a GET, else the home page.
    pub return_to: String,
    /// The language of the page (see `web::language`).
    pub lang: Lang,
}

impl Ctx {
    /// For pages rendered without a request (error pages): nobody signed in, no forms.
    pub fn anonymous() -> Self {
        Self {
            user: None,
            csrf: String::new(),
            path: String::new(),
            return_to: String::new(),
            lang: super::language::current(),
        }
    }

    /// The signed-in user, or a redirect to the log-in page that comes back here.
    pub fn require_user(&self) -> Result<&User, WebError> {
        self.user.as_ref().ok_or_else(|| WebError::LoginRequired {
            next: self.return_to.clone(),
        })
    }

    /// The log-in link of the header: back to this page afterwards (a link from a mail to a
    /// game lands on the game once the player has logged in).
    pub fn login_href(&self) -> String {
        let here = self.return_to.as_str();
        if here.is_empty() || here == "/" || here.starts_with("/login") {
            return "/login".to_owned();
        }
        let next: String = url::form_urlencoded::byte_serialize(here.as_bytes()).collect();
        format!("/login?next={next}")
    }

    /// A preset's name in the page's language ([`crate::i18n::preset_name`]).
    pub fn preset_name(&self, name: &str) -> String {
        crate::i18n::preset_name(&self.lang, name)
    }

    /// The message `id` in the page's language.
    pub fn t(&self, id: &str) -> String {
        self.lang.t(id)
    }

    /// The message `id` with one argument.
    pub fn t1(&self, id: &str, name: &str, value: impl MessageArg) -> String {
        self.lang.t1(id, name, value)
    }

    /// The message `id` with two arguments.
    pub fn t2(
        &self,
        id: &str,
        name1: &str,
        value1: impl MessageArg,
        name2: &str,
        value2: impl MessageArg,
    ) -> String {
        self.lang.t2(id, name1, value1, name2, value2)
    }

    /// The message `id` with three arguments.
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        &self,
        id: &str,
        name1: &str,
        value1: impl MessageArg,
        name2: &str,
        value2: impl MessageArg,
        name3: &str,
        value3: impl MessageArg,
    ) -> String {
        self.lang
            .t3(id, name1, value1, name2, value2, name3, value3)
    }

    /// The time zone dates are shown in: the player's, else UTC.
    pub fn time_zone(&self) -> &str {
        self.user.as_ref().map_or("UTC", |u| u.time_zone.as_str())
    }

    /// A stored UTC timestamp as date and time in the page's language and the player's zone.
    pub fn datetime(&self, utc: &chrono::NaiveDateTime) -> String {
        self.lang
            .datetime(*utc, self.time_zone(), DateStyle::DateTime)
    }

    /// The day of a stored UTC timestamp, as [`Ctx::datetime`].
    pub fn date(&self, utc: &chrono::NaiveDateTime) -> String {
        self.lang.datetime(*utc, self.time_zone(), DateStyle::Date)
    }

    /// An integer with the language's digit grouping.
    pub fn number(&self, n: impl Into<i64>) -> String {
        self.lang.number(n.into())
    }

    /// The navigation section the page belongs to (`home`, `games`, `presets`, `logs`, ...).
    pub fn section(&self) -> &str {
        let first = self
            .path
            .trim_start_matches('/')
            .split('/')
            .next()
            .unwrap_or("");
        if first.is_empty() {
            "home"
        } else {
            first
        }
    }
}

/// The player's own setting, else the visitor's language.
fn page_language(req: &HttpRequest, user: &Option<User>) -> Lang {
    user.as_ref()
        .and_then(|u| u.language.as_deref())
        .and_then(Lang::from_tag)
        .unwrap_or_else(|| super::language::visitor_language(req))
}

/// The signed-in user; redirects to the log-in page otherwise.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User);

/// Loaded once per request and kept in the request extensions.
#[derive(Clone)]
struct LoadedUser(Option<User>);

impl FromRequest for Ctx {
    type Error = WebError;
    type Future = LocalFuture<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let session = req.get_session();
            let csrf = csrf_token(&session)?;
            let user = load_user(&req, &session).await?;
            Ok(Ctx {
                lang: page_language(&req, &user),
                user,
                csrf,
                path: req.path().to_owned(),
                return_to: return_to(&req),
            })
        })
    }
}

impl FromRequest for CurrentUser {
    type Error = WebError;
    type Future = LocalFuture<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let session = req.get_session();
            match load_user(&req, &session).await? {
                Some(user) => Ok(CurrentUser(user)),
                None => Err(WebError::LoginRequired {
                    next: return_to(&req),
                }),
            }
        })
    }
}

/// A [`Ctx`] whose user is still to be looked up: for a handler that resolves the session on
/// the same database connection as its own queries (one pool checkout instead of two).
/// Move [`PendingCtx::lookup`] into `state.db`, call [`SessionLookup::resolve`] there, and
/// give the result to [`PendingCtx::finish`].
pub struct PendingCtx {
    req: HttpRequest,
    csrf: String,
    lookup: SessionLookup,
}

/// Who the session cookie says is asking, to be resolved on a database connection.
#[derive(Clone)]
pub struct SessionLookup {
    token: Option<String>,
    /// Already resolved earlier in this request.
    loaded: Option<Option<User>>,
}

impl SessionLookup {
    fn of(req: &HttpRequest, session: &Session) -> Self {
        SessionLookup {
            token: token(session),
            loaded: req
                .extensions()
                .get::<LoadedUser>()
                .map(|LoadedUser(user)| user.clone()),
        }
    }

    pub fn resolve(
        self,
        conn: &mut crate::db::DbConn,
        clock: &dyn crate::clock::Clock,
    ) -> Result<Option<User>, crate::accounts::AccountError> {
        if let Some(user) = self.loaded {
            return Ok(user);
        }
        match self.token {
            Some(token) => sessions::resolve(conn, clock, &token),
            None => Ok(None),
        }
    }
}

/// Keeps the resolved user for the rest of the request, and drops the cookie's session token
/// when the server-side session is gone (logged out elsewhere, expired, or ended by a
/// password change).
fn remember(req: &HttpRequest, had_token: bool, user: &Option<User>) {
    if had_token && user.is_none() {
        req.get_session().remove(KEY_SESSION);
    }
    req.extensions_mut().insert(LoadedUser(user.clone()));
}

impl PendingCtx {
    pub fn lookup(&self) -> SessionLookup {
        self.lookup.clone()
    }

    /// The page context, with the user [`SessionLookup::resolve`] found.
    pub fn finish(self, user: Option<User>) -> Ctx {
        remember(&self.req, self.lookup.token.is_some(), &user);
        Ctx {
            lang: page_language(&self.req, &user),
            user,
            csrf: self.csrf,
            path: self.req.path().to_owned(),
            return_to: return_to(&self.req),
        }
    }
}

impl FromRequest for PendingCtx {
    type Error = WebError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let session = req.get_session();
        std::future::ready(csrf_token(&session).map(|csrf| PendingCtx {
            req: req.clone(),
            csrf,
            lookup: SessionLookup::of(req, &session),
        }))
    }
}

/// A GET comes back to the same page after logging in; a form POST cannot be repeated.
fn return_to(req: &HttpRequest) -> String {
    if req.method() == actix_web::http::Method::GET {
        match req.query_string() {
            "" => req.path().to_owned(),
            query => format!("{}?{query}", req.path()),
        }
    } else {
        "/".to_owned()
    }
}

async fn load_user(req: &HttpRequest, session: &Session) -> Result<Option<User>, WebError> {
    let lookup = SessionLookup::of(req, session);
    if let Some(user) = lookup.loaded {
        return Ok(user);
    }
    let had_token = lookup.token.is_some();
    let user = if had_token {
        let state = req
            .app_data::<web::Data<AppState>>()
            .ok_or_else(|| WebError::Internal("application state missing".into()))?;
        let clock = state.clock.clone();
        state
            .db(move |conn| lookup.resolve(conn, &*clock))
            .await?
            .map_err(WebError::from)?
    } else {
        None
    };
    remember(req, had_token, &user);
    Ok(user)
}

/// The server-side session token from the cookie, if signed in.
pub fn token(session: &Session) -> Option<String> {
    session
        .get::<String>(KEY_SESSION)
        .ok()
        .flatten()
        .filter(|t| !t.is_empty())
}

/// The session's CSRF token, created on first use.
pub fn csrf_token(session: &Session) -> Result<String, WebError> {
    if let Ok(Some(token)) = session.get::<String>(KEY_CSRF) {
        if !token.is_empty() {
            return Ok(token);
        }
    }
    let token = new_token();
    session
        .insert(KEY_CSRF, &token)
        .map_err(|e| WebError::Internal(format!("session: {e}")))?;
    Ok(token)
}

/// Puts a new server-side session (from `accounts::sessions::start`) in the cookie, with a
/// fresh CSRF token.
pub fn log_in(session: &Session, session_token: &str) -> Result<(), WebError> {
    session.clear();
    session.renew();
    session
        .insert(KEY_SESSION, session_token)
        .and_then(|_| session.insert(KEY_CSRF, new_token()))
        .map_err(|e| WebError::Internal(format!("session: {e}")))
}

/// Removes the cookie. End the server-side session first (`accounts::sessions::end`).
pub fn log_out(session: &Session) {
    session.purge();
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}
