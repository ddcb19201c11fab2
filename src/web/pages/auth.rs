//! Register, log in, log out.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::{self, sessions, AccountError, Registration};
use crate::web::csrf::NoFields;
use crate::web::{render, session, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/register")
            .route(web::get().to(register_form))
            .route(web::post().to(register_submit)),
    )
    .service(
        web::resource("/login")
            .route(web::get().to(login_form))
            .route(web::post().to(login_submit)),
    )
    .route("/logout", web::post().to(logout));
}

#[derive(Template)]
#[template(path = "pages/register.html")]
struct RegisterPage<'a> {
    ctx: &'a Ctx,
    error: Option<String>,
    username: &'a str,
    email: &'a str,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RegisterForm {
    username: String,
    email: String,
    password: String,
    password_confirm: String,
}

async fn register_form(ctx: Ctx) -> Result<HttpResponse, WebError> {
    if ctx.user.is_some() {
        return Ok(render::redirect("/"));
    }
    render::page(&RegisterPage {
        ctx: &ctx,
        error: None,
        username: "",
        email: "",
    })
}

async fn register_submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    session: Session,
    CsrfForm(form): CsrfForm<RegisterForm>,
) -> Result<HttpResponse, WebError> {
    let show_error = |message: String| {
        render::page_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &RegisterPage {
                ctx: &ctx,
                error: Some(message),
                username: &form.username,
                email: &form.email,
            },
        )
    };
    if form.password != form.password_confirm {
        return show_error(ctx.t("auth-passwords-differ"));
    }
    let registration = Registration {
        username: form.username.clone(),
        email: form.email.clone(),
        password: form.password.clone(),
        // Chosen in the footer or by the browser: kept, so that mails speak it too.
        language: (ctx.lang != state.config.default_language).then(|| ctx.lang.clone()),
    };
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| {
            let user = accounts::register(conn, &*clock, &config, &registration)?;
            let token = sessions::start(conn, &*clock, user.id)?;
            Ok::<_, AccountError>((user, token))
        })
        .await?;
    match result {
        Ok((user, token)) => {
            session::log_in(&session, &token)?;
            tracing::info!(user = %user.id, "registered");
            if !user.email_verified() {
                state.changed();
            }
            Ok(render::redirect("/"))
        }
        Err(e) if e.is_user_error() => show_error(e.localized(&ctx.lang)),
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "pages/login.html")]
struct LoginPage<'a> {
    ctx: &'a Ctx,
    error: Option<String>,
    username: &'a str,
    next: &'a str,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LoginQuery {
    next: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LoginForm {
    username: String,
    password: String,
    next: String,
}

async fn login_form(ctx: Ctx, query: web::Query<LoginQuery>) -> Result<HttpResponse, WebError> {
    let next = render::safe_next(&query.next);
    if ctx.user.is_some() {
        return Ok(render::redirect(next));
    }
    render::page(&LoginPage {
        ctx: &ctx,
        error: None,
        username: "",
        next,
    })
}

async fn login_submit(
    state: web::Data<AppState>,
    req: HttpRequest,
    ctx: Ctx,
    session: Session,
    CsrfForm(form): CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    let ip = crate::web::client_ip(&req);
    let (username, password) = (form.username.clone(), form.password.clone());
    let clock = state.clock.clone();
    let result = state
        .db(move |conn| {
            let user = accounts::authenticate(conn, &*clock, &username, &password, &ip)?;
            sessions::start(conn, &*clock, user.id)
        })
        .await?;
    let next = render::safe_next(&form.next);
    match result {
        Ok(token) => {
            session::log_in(&session, &token)?;
            Ok(render::redirect(next))
        }
        Err(e) if e.is_user_error() => {
            let status = match e {
                AccountError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
                _ => StatusCode::UNAUTHORIZED,
            };
            render::page_with_status(
                status,
                &LoginPage {
                    ctx: &ctx,
                    error: Some(e.localized(&ctx.lang)),
                    username: &form.username,
                    next,
                },
            )
        }
        Err(e) => Err(e.into()),
    }
}

async fn logout(
    state: web::Data<AppState>,
    session: Session,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    if let Some(token) = session::token(&session) {
        state.db(move |conn| sessions::end(conn, &token)).await??;
    }
    session::log_out(&session);
    Ok(render::redirect("/"))
}
