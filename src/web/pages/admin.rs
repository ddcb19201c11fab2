//! The admin pages (`/admin`, `/admin/audit`) and their forms. Every handler checks the
//! role through the service (`crate::admin`), which also writes the audit log.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::User;
use crate::admin::{self, AdminError, AuditEntry};
use crate::db::models::OutboxRow;
use crate::db::{GameId, OutboxId};
use crate::games::chat::ChatMessage;
use crate::i18n::Lang;
use crate::web::csrf::NoFields;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

/// Audit log entries shown.
const AUDIT_SHOWN: i64 = 200;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin", web::get().to(show))
        .route("/admin/audit", web::get().to(audit))
        .route("/admin/users/suspend", web::post().to(suspend))
        .route("/admin/users/reinstate", web::post().to(reinstate))
        .route("/admin/presets", web::post().to(preset))
        .route("/admin/games/adjudicate", web::post().to(adjudicate))
        .route(
            "/admin/reports/{id}/dismiss",
            web::post().to(dismiss_report),
        )
        .route("/admin/reports/{id}/remove", web::post().to(remove_message))
        .route("/admin/mail/{id}/retry", web::post().to(retry_mail));
}

#[derive(Template)]
#[template(path = "pages/admin/index.html")]
struct AdminPage<'a> {
    ctx: &'a Ctx,
    notice: Option<String>,
    error: Option<String>,
    suspended: Vec<User>,
    reports: Vec<(GameId, ChatMessage)>,
    failed_mail: Vec<OutboxRow>,
}

#[derive(Template)]
#[template(path = "pages/admin/audit.html")]
struct AuditPage<'a> {
    ctx: &'a Ctx,
    entries: Vec<AuditLine>,
}

/// An entry of the audit log as shown, in the page's language.
struct AuditLine {
    /// When, in UTC: `2026-01-15 13:05`.
    when: String,
    admin: String,
    /// "suspend", "retire preset", ...
    action: String,
    /// A player, a preset, "game 12: 1-0", "message 7", "mail 3".
    target: String,
    reason: String,
}

impl AuditLine {
    fn of(lang: &Lang, e: AuditEntry) -> Self {
        AuditLine {
            when: e.created_at.format("%Y-%m-%d %H:%M").to_string(),
            admin: e.admin,
            action: lang.t2(
                "admin-audit-action",
                "key",
                e.action.replace(' ', "-"),
                "action",
                &e.action,
            ),
            target: audit_target(lang, &e.target),
            reason: e.reason,
        }
    }
}

/// The target of an audit entry in words of `lang`: the service writes "game 12: 1-0",
/// "game 12: aborted", "message 7" and "mail 3"; a player's name or a preset stays as is.
fn audit_target(lang: &Lang, target: &str) -> String {
    let number = |text: &str| text.parse::<i64>().ok().map(|n| n.to_string());
    if let Some((game, what)) = target
        .strip_prefix("game ")
        .and_then(|rest| rest.split_once(": "))
    {
        if let Some(id) = number(game) {
            return lang.t2("admin-audit-target-game", "id", id, "result", what);
        }
    }
    if let Some(id) = target.strip_prefix("message ").and_then(number) {
        return lang.t1("admin-audit-target-message", "id", id);
    }
    if let Some(id) = target.strip_prefix("mail ").and_then(number) {
        return lang.t1("admin-audit-target-mail", "id", id);
    }
    target.to_owned()
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DoneQuery {
    done: String,
}

fn to_web(e: AdminError) -> WebError {
    match e {
        AdminError::NotAdmin => WebError::Forbidden,
        AdminError::Invalid(message) => {
            WebError::BadRequest(message.text(&crate::web::language::current()))
        }
        AdminError::Db(db) => WebError::database(&db),
        AdminError::Other(message) => WebError::Internal(message),
    }
}

/// The admin page; `error` re-renders it with a refused form's reason.
async fn page(
    state: &web::Data<AppState>,
    ctx: &Ctx,
    notice: Option<&'static str>,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let notice = notice.map(|id| ctx.t(id));
    let me = ctx.require_user()?.clone();
    let overview = state
        .db(move |conn| admin::overview(conn, &me))
        .await?
        .map_err(to_web)?;
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render::page_with_status(
        status,
        &AdminPage {
            ctx,
            notice,
            error,
            suspended: overview.suspended,
            reports: overview.reports,
            failed_mail: overview.failed_mail,
        },
    )
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    query: web::Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let notice = match query.done.as_str() {
        "suspended" => Some("admin-notice-suspended"),
        "reinstated" => Some("admin-notice-reinstated"),
        "preset" => Some("admin-notice-preset"),
        "adjudicated" => Some("admin-notice-adjudicated"),
        "report" => Some("admin-notice-report"),
        "mail" => Some("admin-notice-mail"),
        _ => None,
    };
    page(&state, &ctx, notice, None).await
}

async fn audit(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let me = ctx.require_user()?.clone();
    let entries = state
        .db(move |conn| admin::audit_log(conn, &me, AUDIT_SHOWN))
        .await?
        .map_err(to_web)?;
    let entries = entries
        .into_iter()
        .map(|e| AuditLine::of(&ctx.lang, e))
        .collect();
    render::page(&AuditPage { ctx: &ctx, entries })
}

/// Runs an admin action: back to the page with a notice, or the page with the reason.
async fn act(
    state: &web::Data<AppState>,
    ctx: &Ctx,
    done: &str,
    action: impl FnOnce(&mut crate::db::Db, &User) -> Result<(), AdminError> + Send + 'static,
) -> Result<HttpResponse, WebError> {
    let me = ctx.require_user()?.clone();
    let result = state.db(move |db| action(db, &me)).await?;
    state.changed();
    match result {
        Ok(()) => Ok(render::redirect(&format!("/admin?done={done}"))),
        Err(AdminError::Invalid(message)) => {
            page(state, ctx, None, Some(message.text(&ctx.lang))).await
        }
        Err(e) => Err(to_web(e)),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SuspendForm {
    username: String,
    reason: String,
}

async fn suspend(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<SuspendForm>,
) -> Result<HttpResponse, WebError> {
    let clock = state.clock.clone();
    act(&state, &ctx, "suspended", move |db, me| {
        admin::suspend(db, &*clock, me, &form.username, Some(&form.reason))
    })
    .await
}

async fn reinstate(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<SuspendForm>,
) -> Result<HttpResponse, WebError> {
    let clock = state.clock.clone();
    act(&state, &ctx, "reinstated", move |db, me| {
        admin::suspend(db, &*clock, me, &form.username, None)
    })
    .await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PresetForm {
    slug: String,
    reason: String,
    action: String,
}

async fn preset(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<PresetForm>,
) -> Result<HttpResponse, WebError> {
    let clock = state.clock.clone();
    act(&state, &ctx, "preset", move |db, me| {
        let delete = form.action == "delete";
        admin::preset(db, &*clock, me, form.slug.trim(), delete, &form.reason)
    })
    .await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AdjudicateForm {
    game: String,
    result: String,
    reason: String,
}

async fn adjudicate(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<AdjudicateForm>,
) -> Result<HttpResponse, WebError> {
    let (clock, config) = (state.clock.clone(), state.config.clone());
    act(&state, &ctx, "adjudicated", move |db, me| {
        let game = form.game.trim().parse::<i64>().map_err(|_| {
            AdminError::Invalid(crate::i18n::Message::new("admin-error-game-number"))
        })?;
        let verdict = admin::parse_verdict(&form.result)?;
        admin::adjudicate(
            db,
            &*clock,
            &config,
            me,
            GameId(game),
            verdict,
            &form.reason,
        )
    })
    .await
}

async fn dismiss_report(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<i64>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let (clock, id) = (state.clock.clone(), path.into_inner());
    act(&state, &ctx, "report", move |db, me| {
        admin::settle_report(db, &*clock, me, id, false)
    })
    .await
}

async fn remove_message(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<i64>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let (clock, id) = (state.clock.clone(), path.into_inner());
    act(&state, &ctx, "report", move |db, me| {
        admin::settle_report(db, &*clock, me, id, true)
    })
    .await
}

async fn retry_mail(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<i64>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let (clock, id) = (state.clock.clone(), path.into_inner());
    act(&state, &ctx, "mail", move |db, me| {
        admin::retry_mail(db, &*clock, me, OutboxId(id))
    })
    .await
}
