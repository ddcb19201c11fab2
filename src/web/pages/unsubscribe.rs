//! The link in the List-Unsubscribe header and mail footers: confirm, then switch off.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;

use crate::accounts::users::find_by_unsubscribe_token;
use crate::accounts::{self};
use crate::domain::MailKind;
use crate::web::csrf::NoFields;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

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
    what: &'a str,
    done: bool,
    action: String,
}

fn describe(kind: &str) -> &'static str {
    match kind.parse::<MailKind>() {
        Ok(MailKind::YourTurn) => "emails when it is your move",
        Ok(MailKind::Reminder) => "reminders before your time runs out",
        Ok(MailKind::Chat) => "mails of what your opponents write in the chat",
        _ => "these emails",
    }
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
            what: describe(&kind),
            done: false,
            action,
        }),
        Err(e) if e.is_user_error() => Err(WebError::NotFound),
        Err(e) => Err(e.into()),
    }
}

async fn submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<(String, String)>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
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
                what: describe(&kind),
                done: true,
                action,
            },
        ),
        Err(e) if e.is_user_error() => Err(WebError::NotFound),
        Err(e) => Err(e.into()),
    }
}
