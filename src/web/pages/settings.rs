//! Account settings: email, password, notifications and time zone, vacation.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::vacation::{self, VacationStatus};
use crate::accounts::verify;
use crate::accounts::{self, Preferences, User};
use crate::i18n::{DateStyle, Lang};
use crate::web::{render, session, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/settings", web::get().to(show))
        .route("/settings/email", web::post().to(change_email))
        .route("/settings/email/resend", web::post().to(resend_link))
        .route("/email/confirm/{token}", web::get().to(confirm_form))
        .route("/email/confirm/{token}", web::post().to(confirm_email))
        .route("/settings/password", web::post().to(change_password))
        .route("/settings/preferences", web::post().to(update_preferences))
        .route("/settings/vacation/start", web::post().to(start_vacation))
        .route("/settings/vacation/end", web::post().to(end_vacation))
        .route(
            "/settings/mail-replies/revoke",
            web::post().to(revoke_reply_tokens),
        )
        .route("/settings/export.json", web::get().to(export_data))
        .route("/settings/delete", web::post().to(delete_account));
}

/// The vacation section, worded for the page.
pub struct VacationLines {
    /// "until 2026-12-30 18:00 CET at the latest" while on vacation.
    pub until: Option<String>,
    pub since: Option<String>,
    /// Allowance left this year, "12 days 3 hours".
    pub left: String,
    pub days_per_year: i64,
}

fn vacation_lines(lang: &Lang, status: &VacationStatus, time_zone: &str) -> VacationLines {
    let when = |at| lang.datetime(at, time_zone, DateStyle::DateTime);
    VacationLines {
        until: status.current.as_ref().map(|v| when(v.ends_by)),
        since: status.current.as_ref().map(|v| when(v.started_at)),
        left: if status.allowance_left > chrono::Duration::zero() {
            lang.duration(status.allowance_left)
        } else {
            lang.t("settings-vacation-none")
        },
        days_per_year: vacation::ALLOWANCE.num_days(),
    }
}

async fn vacation_section(
    state: &web::Data<AppState>,
    lang: &Lang,
    user: &User,
) -> Result<VacationLines, WebError> {
    let (id, clock) = (user.id, state.clock.clone());
    let status = state
        .db(move |conn| vacation::status(conn, &*clock, id))
        .await??;
    Ok(vacation_lines(lang, &status, &user.time_zone))
}

pub struct TimeZoneOption {
    pub name: &'static str,
    pub selected: bool,
}

#[derive(Template)]
#[template(path = "pages/settings.html")]
struct SettingsPage<'a> {
    ctx: &'a Ctx,
    user: &'a User,
    member_since: String,
    notice: Option<&'static str>,
    email_error: Option<String>,
    /// An address waiting for its link, and when the link was sent.
    pending_email: Option<(String, String)>,
    password_error: Option<String>,
    preferences_error: Option<String>,
    time_zones: Vec<TimeZoneOption>,
    /// Shown on the page's own address; forms re-rendered elsewhere leave it out.
    vacation: Option<VacationLines>,
    vacation_error: Option<String>,
    /// `moves@example.org` when moving by mail is on.
    reply_address: Option<String>,
    delete_error: Option<String>,
    /// The site's default language, which mails use when the player has no setting.
    default_language: String,
}

impl<'a> SettingsPage<'a> {
    fn new(ctx: &'a Ctx, user: &'a User, config: &crate::config::Config) -> Self {
        let time_zones = chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| TimeZoneOption {
                name: tz.name(),
                selected: tz.name() == user.time_zone,
            })
            .collect();
        Self {
            ctx,
            user,
            member_since: ctx.datetime(&user.created_at),
            notice: None,
            email_error: None,
            pending_email: None,
            password_error: None,
            preferences_error: None,
            time_zones,
            vacation: None,
            vacation_error: None,
            delete_error: None,
            reply_address: config
                .mail_reply_to
                .as_ref()
                .map(|a| format!("{}@{}", a.local, a.domain)),
            default_language: config.default_language.native_name(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ShowQuery {
    saved: String,
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    query: web::Query<ShowQuery>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let mut page = SettingsPage::new(&ctx, user, &state.config);
    page.vacation = Some(vacation_section(&state, &ctx.lang, user).await?);
    page.pending_email = pending_email(&state, &ctx.lang, user).await?;
    page.notice = match query.saved.as_str() {
        "email" => Some("settings-notice-email"),
        "email_link" => Some("settings-notice-email-link"),
        "email_confirmed" => Some("settings-notice-email-confirmed"),
        "password" => Some("settings-notice-password"),
        "preferences" => Some("settings-notice-preferences"),
        "vacation_started" => Some("settings-notice-vacation-started"),
        "mail_replies_revoked" => Some("settings-notice-replies-revoked"),
        "vacation_ended" => Some("settings-notice-vacation-ended"),
        _ => None,
    };
    render::page(&page)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct EmailForm {
    email: String,
    current_password: String,
}

async fn change_email(
    state: web::Data<AppState>,
    ctx: Ctx,
    req: HttpRequest,
    CsrfForm(form): CsrfForm<EmailForm>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let (id, clock, ip) = (user.id, state.clock.clone(), crate::web::client_ip(&req));
    let config = state.config.clone();
    let result = state
        .db(move |conn| {
            let typed = (form.current_password.as_str(), form.email.as_str());
            accounts::change_email(conn, &*clock, &config, id, typed, &ip)
        })
        .await?;
    match result {
        Ok(accounts::EmailChange::Changed) => Ok(render::redirect("/settings?saved=email")),
        Ok(accounts::EmailChange::LinkSent) => {
            state.changed();
            Ok(render::redirect("/settings?saved=email_link#email"))
        }
        Err(e) if e.is_user_error() => {
            let mut page = SettingsPage::new(&ctx, user, &state.config);
            page.pending_email = pending_email(&state, &ctx.lang, user).await?;
            page.email_error = Some(e.localized(&ctx.lang));
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(e) => Err(e.into()),
    }
}

/// The address waiting for its link, worded for the page.
async fn pending_email(
    state: &AppState,
    lang: &Lang,
    user: &User,
) -> Result<Option<(String, String)>, WebError> {
    let (id, clock, zone) = (user.id, state.clock.clone(), user.time_zone.clone());
    let pending = state
        .db(move |conn| verify::pending(conn, &*clock, id))
        .await?
        .map_err(WebError::from)?;
    Ok(pending.map(|p| {
        (
            p.email,
            lang.datetime(p.sent_at, &zone, DateStyle::DateTime),
        )
    }))
}

/// Mails the confirmation link again: for the address waiting for one, else for the
/// account's own unconfirmed address.
async fn resend_link(
    state: web::Data<AppState>,
    ctx: Ctx,
    _form: CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.clone();
    if !state.config.verify_email {
        return Ok(render::redirect("/settings#email"));
    }
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let target = user.clone();
    let result = state
        .db(move |conn| {
            let wanted = match verify::pending(conn, &*clock, target.id)? {
                Some(p) => p.email,
                None if !target.email_verified() => target.email.clone(),
                None => return Ok(false),
            };
            let (email, key) = accounts::validate::email(&wanted)?;
            verify::send_link(conn, &*clock, &config, &target, (&email, &key))?;
            Ok::<_, accounts::AccountError>(true)
        })
        .await?;
    match result {
        Ok(true) => {
            state.changed();
            Ok(render::redirect("/settings?saved=email_link#email"))
        }
        Ok(false) => Ok(render::redirect("/settings#email")),
        Err(e) if e.is_user_error() => {
            let mut page = SettingsPage::new(&ctx, &user, &state.config);
            page.pending_email = pending_email(&state, &ctx.lang, &user).await?;
            page.email_error = Some(e.localized(&ctx.lang));
            render::page_with_status(StatusCode::TOO_MANY_REQUESTS, &page)
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "pages/email_confirm.html")]
struct ConfirmPage<'a> {
    ctx: &'a Ctx,
    action: String,
    /// The address the link confirms; `None`: the link is not valid.
    email: Option<String>,
    error: Option<String>,
}

/// The page a confirmation link opens: a button, so that a mail scanner following links
/// confirms nothing.
async fn confirm_form(
    state: web::Data<AppState>,
    ctx: Ctx,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = token.into_inner();
    let action = format!("/email/confirm/{token}");
    let clock = state.clock.clone();
    let checked = state
        .db(move |conn| verify::check(conn, &*clock, &token))
        .await?;
    let (status, email, error) = match checked {
        Ok(email) => (StatusCode::OK, Some(email), None),
        Err(e) if e.is_user_error() => (StatusCode::NOT_FOUND, None, Some(e.localized(&ctx.lang))),
        Err(e) => return Err(e.into()),
    };
    render::page_with_status(
        status,
        &ConfirmPage {
            ctx: &ctx,
            action,
            email,
            error,
        },
    )
}

async fn confirm_email(
    state: web::Data<AppState>,
    ctx: Ctx,
    token: web::Path<String>,
    _form: CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let token = token.into_inner();
    let action = format!("/email/confirm/{token}");
    let clock = state.clock.clone();
    let result = state
        .db(move |conn| verify::confirm(conn, &*clock, &token))
        .await?;
    match result {
        Ok(user) => {
            tracing::info!(user = %user.id, "address confirmed");
            Ok(render::redirect(if ctx.user.is_some() {
                "/settings?saved=email_confirmed#email"
            } else {
                "/login?next=%2Fsettings"
            }))
        }
        Err(e) if e.is_user_error() => render::page_with_status(
            StatusCode::CONFLICT,
            &ConfirmPage {
                ctx: &ctx,
                action,
                email: None,
                error: Some(e.localized(&ctx.lang)),
            },
        ),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PasswordForm {
    current_password: String,
    new_password: String,
    new_password_confirm: String,
}

async fn change_password(
    state: web::Data<AppState>,
    ctx: Ctx,
    session: Session,
    req: HttpRequest,
    CsrfForm(form): CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let show_error = |message: String| {
        let mut page = SettingsPage::new(&ctx, user, &state.config);
        page.password_error = Some(message);
        render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
    };
    if form.new_password != form.new_password_confirm {
        return show_error(ctx.t("settings-new-passwords-differ"));
    }
    let (id, clock, ip) = (user.id, state.clock.clone(), crate::web::client_ip(&req));
    // This session stays; the others end.
    let keep = session::token(&session);
    let result = state
        .db(move |conn| {
            accounts::change_password(
                conn,
                &*clock,
                id,
                &form.current_password,
                &form.new_password,
                keep.as_deref(),
                &ip,
            )
        })
        .await?;
    match result {
        Ok(_) => Ok(render::redirect("/settings?saved=password")),
        Err(e) if e.is_user_error() => show_error(e.localized(&ctx.lang)),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PreferencesForm {
    /// Checkboxes: present when ticked.
    notify_turn: Option<String>,
    notify_reminder: Option<String>,
    notify_chat: Option<String>,
    notify_challenge: Option<String>,
    notify_game_end: Option<String>,
    notify_computer: Option<String>,
    long_notation: Option<String>,
    public_chat: Option<String>,
    bot_challenges: Option<String>,
    time_zone: String,
    /// A language tag, or empty for the browser's choice.
    language: String,
}

async fn update_preferences(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<PreferencesForm>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let prefs = Preferences {
        notify_turn: form.notify_turn.is_some(),
        notify_reminder: form.notify_reminder.is_some(),
        notify_chat: form.notify_chat.is_some(),
        notify_challenge: form.notify_challenge.is_some(),
        notify_game_end: form.notify_game_end.is_some(),
        notify_computer: form.notify_computer.is_some(),
        long_notation: form.long_notation.is_some(),
        public_chat: form.public_chat.is_some(),
        bot_challenges: form.bot_challenges.is_some(),
        time_zone: form.time_zone,
        language: Some(form.language),
    };
    let (id, clock) = (user.id, state.clock.clone());
    let result = state
        .db(move |conn| accounts::update_preferences(conn, &*clock, id, &prefs))
        .await?;
    match result {
        Ok(_) => Ok(render::redirect("/settings?saved=preferences")),
        Err(e) if e.is_user_error() => {
            let mut page = SettingsPage::new(&ctx, user, &state.config);
            page.preferences_error = Some(e.localized(&ctx.lang));
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(e) => Err(e.into()),
    }
}

async fn start_vacation(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let (id, clock) = (user.id, state.clock.clone());
    let result = state
        .db(move |conn| vacation::start(conn, &*clock, id).map(|_| ()))
        .await?;
    vacation_done(&state, &ctx, user, result, "vacation_started").await
}

async fn end_vacation(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let (id, clock) = (user.id, state.clock.clone());
    let result = state
        .db(move |conn| crate::games::vacations::end(conn, &*clock, id))
        .await?;
    vacation_done(&state, &ctx, user, result, "vacation_ended").await
}

async fn revoke_reply_tokens(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let (id, clock) = (user.id, state.clock.clone());
    state
        .db(move |conn| accounts::revoke_reply_tokens(conn, &*clock, id))
        .await??;
    Ok(HttpResponse::SeeOther()
        .insert_header((
            "Location",
            "/settings?saved=mail_replies_revoked#mail-replies",
        ))
        .finish())
}

/// Everything stored about the signed-in player, as a JSON file.
async fn export_data(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.clone();
    let name = user.username.clone();
    let data = state
        .db(move |conn| crate::privacy::export(conn, &user))
        .await?
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let body =
        serde_json::to_string_pretty(&data).map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"plypost-{name}.json\""),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .body(body))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DeleteForm {
    current_password: String,
    confirm_username: String,
}

async fn delete_account(
    state: web::Data<AppState>,
    ctx: Ctx,
    req: HttpRequest,
    session: Session,
    CsrfForm(form): CsrfForm<DeleteForm>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?;
    let (me, clock, config) = (user.clone(), state.clock.clone(), state.config.clone());
    let ip = crate::web::client_ip(&req);
    let result = state
        .db(move |db| {
            crate::privacy::delete_account(
                db,
                &*clock,
                &config,
                &me,
                &form.current_password,
                &form.confirm_username,
                &ip,
            )
        })
        .await?;
    state.changed();
    match result {
        Ok(()) => {
            session.purge();
            Ok(render::redirect("/?account=deleted"))
        }
        Err(crate::privacy::PrivacyError::Invalid(message)) => {
            let mut page = SettingsPage::new(&ctx, user, &state.config);
            page.delete_error = Some(message.text(&ctx.lang));
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(e) => Err(WebError::Internal(e.to_string())),
    }
}

async fn vacation_done(
    state: &web::Data<AppState>,
    ctx: &Ctx,
    user: &User,
    result: Result<(), accounts::AccountError>,
    saved: &str,
) -> Result<HttpResponse, WebError> {
    match result {
        Ok(()) => Ok(render::redirect(&format!(
            "/settings?saved={saved}#vacation"
        ))),
        Err(e) if e.is_user_error() => {
            let mut page = SettingsPage::new(ctx, user, &state.config);
            page.vacation = Some(vacation_section(state, &ctx.lang, user).await?);
            page.vacation_error = Some(e.localized(&ctx.lang));
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(e) => Err(e.into()),
    }
}
