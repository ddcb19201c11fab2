//! "Forgot your password?": ask for a link by mail, then choose a new password with it.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::{reset, sessions, AccountError};
use crate::web::{render, session, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/password-reset")
            .route(web::get().to(request_form))
            .route(web::post().to(request_submit)),
    )
    .service(
        web::resource("/password-reset/{token}")
            .route(web::get().to(reset_form))
            .route(web::post().to(reset_submit)),
    );
}

#[derive(Template)]
#[template(path = "pages/password_reset_request.html")]
struct RequestPage<'a> {
    ctx: &'a Ctx,
    error: Option<String>,
    sent: bool,
    email: &'a str,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RequestForm {
    email: String,
}

async fn request_form(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&RequestPage {
        ctx: &ctx,
        error: None,
        sent: false,
        email: "",
    })
}

async fn request_submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<RequestForm>,
) -> Result<HttpResponse, WebError> {
    let email = form.email.clone();
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| reset::request(conn, &*clock, &config, &email))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            render::page(&RequestPage {
                ctx: &ctx,
                error: None,
                sent: true,
                email: &form.email,
            })
        }
        Err(e) if e.is_user_error() => render::page_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &RequestPage {
                ctx: &ctx,
                error: Some(e.localized(&ctx.lang)),
                sent: false,
                email: &form.email,
            },
        ),
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "pages/password_reset.html")]
struct ResetPage<'a> {
    ctx: &'a Ctx,
    error: Option<String>,
    /// False when the link is not valid: the page offers to request a new one.
    valid: bool,
    username: &'a str,
    action: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ResetForm {
    password: String,
    password_confirm: String,
}

fn action_for(token: &str) -> String {
    format!("/password-reset/{token}")
}

async fn reset_form(
    state: web::Data<AppState>,
    ctx: Ctx,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = token.into_inner();
    let action = action_for(&token);
    let clock = state.clock.clone();
    let result = state
        .db(move |conn| reset::check(conn, &*clock, &token))
        .await?;
    match result {
        Ok(user) => render::page(&ResetPage {
            ctx: &ctx,
            error: None,
            valid: true,
            username: &user.username,
            action,
        }),
        Err(e) if e.is_user_error() => render::page_with_status(
            StatusCode::NOT_FOUND,
            &ResetPage {
                ctx: &ctx,
                error: Some(e.localized(&ctx.lang)),
                valid: false,
                username: "",
                action,
            },
        ),
        Err(e) => Err(e.into()),
    }
}

async fn reset_submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    session: Session,
    token: web::Path<String>,
    CsrfForm(form): CsrfForm<ResetForm>,
) -> Result<HttpResponse, WebError> {
    let token = token.into_inner();
    let action = action_for(&token);
    if form.password != form.password_confirm {
        return render::page_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &ResetPage {
                ctx: &ctx,
                error: Some(ctx.t("auth-passwords-differ")),
                valid: true,
                username: "",
                action,
            },
        );
    }
    let clock = state.clock.clone();
    let result = state
        .db(move |conn| {
            let user = reset::complete(conn, &*clock, &token, &form.password)?;
            sessions::start(conn, &*clock, user.id)
        })
        .await?;
    match result {
        Ok(session_token) => {
            session::log_in(&session, &session_token)?;
            Ok(render::redirect("/settings?saved=password"))
        }
        Err(e) if e.is_user_error() => {
            let valid = !matches!(e, AccountError::InvalidResetToken);
            render::page_with_status(
                if valid {
                    StatusCode::UNPROCESSABLE_ENTITY
                } else {
                    StatusCode::NOT_FOUND
                },
                &ResetPage {
                    ctx: &ctx,
                    error: Some(e.localized(&ctx.lang)),
                    valid,
                    username: "",
                    action,
                },
            )
        }
        Err(e) => Err(e.into()),
    }
}
