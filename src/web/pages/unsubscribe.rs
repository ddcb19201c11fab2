//! The link in the List-Unsubscribe header and mail footers: confirm, then switch off.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use futures_util::StreamExt;

use crate::accounts::users::find_by_unsubscribe_token;
use crate::accounts::{self};
use crate::domain::MailKind;
use crate::web::{render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/unsubscribe/{token}/{kind}")
            .route(web::get().to(confirm))
            .route(web::post().to(submit)),
    );
}

#[derive(Template)]
#[template(path = "pages/unsubscribe.html")]
struct UnsubscribePage<'a> {
    ctx: &'a Ctx,
    what: String,
    done: bool,
    action: String,
}

/// The mails of `kind`, in words of `lang` (`$kind` of `auth-unsubscribe-what`).
fn describe(lang: &crate::i18n::Lang, kind: &str) -> String {
    let key = match kind.parse::<MailKind>() {
        Ok(MailKind::YourTurn) => "your_turn",
        Ok(MailKind::Reminder) => "reminder",
        Ok(MailKind::Chat) => "chat",
        Ok(MailKind::Challenge) => "challenge",
        Ok(MailKind::GameEnd) => "game_end",
        _ => "other",
    };
    lang.t1("auth-unsubscribe-what", "kind", key)
}

async fn confirm(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (token, kind) = path.into_inner();
    let action = format!("/unsubscribe/{token}/{kind}");
    let (t, k) = (token.clone(), kind.clone());
    let result = state
        .db(move |conn| find_by_unsubscribe_token(conn, &t, &k))
        .await?;
    match result {
        Ok(_) => render::page(&UnsubscribePage {
            ctx: &ctx,
            what: describe(&ctx.lang, &kind),
            done: false,
            action,
        }),
        Err(e) if e.is_user_error() => Err(WebError::NotFound),
        Err(e) => Err(e.into()),
    }
}

/// Most bytes an unsubscribe submission may carry (a token and a field or two).
const MAX_FORM_BYTES: usize = 4_096;

/// The fields of a submission: URL-encoded (the confirmation form, most mail services) or
/// `multipart/form-data` (some mail services' one-click POST, RFC 8058).
async fn fields_of(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<Vec<(String, String)>, WebError> {
    let incomplete =
        || WebError::BadRequest(crate::web::language::current().t("request-form-incomplete"));
    let multipart = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("multipart/form-data"));
    if !multipart {
        let body = payload
            .to_bytes_limited(MAX_FORM_BYTES)
            .await
            .map_err(|_| WebError::PayloadTooLarge)?
            .map_err(|_| incomplete())?;
        return serde_urlencoded::from_bytes(&body).map_err(|_| incomplete());
    }
    let mut form = actix_multipart::Multipart::new(req.headers(), payload);
    let mut fields = Vec::new();
    let mut total = 0usize;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|_| incomplete())?;
        let name = field.name().unwrap_or_default().to_owned();
        let mut value = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| incomplete())?;
            total += chunk.len();
            if total > MAX_FORM_BYTES {
                return Err(WebError::PayloadTooLarge);
            }
            value.extend_from_slice(&chunk);
        }
        fields.push((name, String::from_utf8_lossy(&value).into_owned()));
    }
    Ok(fields)
}

/// The confirmation form (with its CSRF token), or a mail service's one-click POST, which
/// has no session: the link's own secret token is what authorizes it.
fn check_submission(req: &HttpRequest, fields: &[(String, String)]) -> Result<(), WebError> {
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
    };
    if field("List-Unsubscribe") == Some("One-Click") {
        return Ok(());
    }
    crate::web::csrf::verify(req, field(crate::web::csrf::FIELD))
}

async fn submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    req: HttpRequest,
    path: web::Path<(String, String)>,
    payload: web::Payload,
) -> Result<HttpResponse, WebError> {
    let fields = fields_of(&req, payload).await?;
    check_submission(&req, &fields)?;
    let (token, kind) = path.into_inner();
    let action = format!("/unsubscribe/{token}/{kind}");
    let clock = state.clock.clone();
    let k = kind.clone();
    let result = state
        .db(move |conn| accounts::unsubscribe(conn, &*clock, &token, &k))
        .await?;
    match result {
        Ok(_) => render::page_with_status(
            StatusCode::OK,
            &UnsubscribePage {
                ctx: &ctx,
                what: describe(&ctx.lang, &kind),
                done: true,
                action,
            },
        ),
        Err(e) if e.is_user_error() => Err(WebError::NotFound),
        Err(e) => Err(e.into()),
    }
}
