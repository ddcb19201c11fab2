//! Which language a page is in: the signed-in player's setting (applied by [`super::Ctx`]);
//! else the visitor's choice from the footer's switch (the `lang` cookie); else the browser's
//! `Accept-Language`; else `PLYPOST_DEFAULT_LANGUAGE`.
//!
//! [`choose`] works out the visitor's language for every request and keeps it for the
//! request's handler, its extractors and the error pages it may end in.

use actix_web::body::MessageBody;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::{render, AppState, CsrfForm, Ctx, WebError};
use crate::i18n::Lang;

/// The cookie that keeps a visitor's choice.
pub const COOKIE: &str = "plypost_lang";

tokio::task_local! {
    /// The visitor's language while a request is served (error pages are built without the
    /// request at hand).
    static VISITOR: Lang;
}

/// The visitor's language, kept in the request's extensions.
#[derive(Clone)]
struct Visitor(Lang);

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/language", web::post().to(switch));
}

/// The language of a visitor who is not signed in (or has no setting).
pub fn visitor_language(req: &HttpRequest) -> Lang {
    if let Some(Visitor(lang)) = req.extensions().get::<Visitor>() {
        return lang.clone();
    }
    from_request_headers(req, &default_language(req))
}

/// The language of the request being served, or the default outside one.
pub fn current() -> Lang {
    VISITOR.try_with(Lang::clone).unwrap_or_default()
}

fn default_language(req: &HttpRequest) -> Lang {
    req.app_data::<web::Data<AppState>>()
        .map(|state| state.config.default_language.clone())
        .unwrap_or_default()
}

fn from_request_headers(req: &HttpRequest, default: &Lang) -> Lang {
    req.cookie(COOKIE)
        .and_then(|c| Lang::from_tag(c.value()))
        .or_else(|| {
            req.headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_else(|| default.clone())
}

/// Middleware: works out the visitor's language and serves the request within it.
pub async fn choose(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let lang = from_request_headers(req.request(), &default_language(req.request()));
    req.extensions_mut().insert(Visitor(lang.clone()));
    VISITOR.scope(lang, next.call(req)).await
}

#[derive(Debug, Deserialize)]
pub struct SwitchForm {
    lang: String,
    #[serde(default)]
    back: String,
}

/// The footer's switch: remembers the choice in a cookie (a year) and, for a signed-in
/// player, as their setting, then goes back to the page.
async fn switch(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<SwitchForm>,
) -> Result<HttpResponse, WebError> {
    let lang = Lang::from_tag(&form.lang)
        .ok_or_else(|| WebError::BadRequest(format!("Unknown language: {}", form.lang)))?;
    if let Some(user) = &ctx.user {
        let (id, clock, chosen) = (user.id, state.clock.clone(), lang.clone());
        state
            .db(move |conn| crate::accounts::set_language(conn, &*clock, id, &chosen))
            .await??;
    }
    let mut answer = render::redirect(render::safe_next(&form.back));
    let cookie = Cookie::build(COOKIE, lang.tag())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.secure_cookies())
        .max_age(time::Duration::days(365))
        .finish();
    answer
        .add_cookie(&cookie)
        .map_err(|e| WebError::Internal(format!("cookie: {e}")))?;
    Ok(answer)
}
