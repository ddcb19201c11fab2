//! A player's private notes on a game (`/games/{id}/notes`): shown to their author only.

use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::{error_response, parse_id};
use crate::games::notes::{self, MAX_NOTE_CHARS};
use crate::games::{GameError, GameId};
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/notes", web::get().to(show))
        .route("/games/{id}/notes", web::post().to(save));
}

#[derive(Template)]
#[template(path = "pages/games/notes.html")]
struct NotesPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    body: String,
    saved: Option<String>,
    notice: Option<String>,
    max_chars: usize,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NotesQuery {
    done: String,
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<NotesQuery>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let found = state
        .db(move |conn| {
            notes::game_for_notes(conn, GameId(id), user)?;
            notes::of(conn, GameId(id), user)
        })
        .await?;
    let found = match found {
        Ok(found) => found,
        Err(e) => return error_response(&ctx, e, &format!("/games/{id}")),
    };
    let time_zone = ctx.user.as_ref().map_or("UTC", |u| u.time_zone.as_str());
    let (body, saved) = match found {
        Some((body, at)) => (
            body,
            Some(
                ctx.lang
                    .datetime(at, time_zone, crate::i18n::DateStyle::DateTime),
            ),
        ),
        None => (String::new(), None),
    };
    render::page(&NotesPage {
        ctx: &ctx,
        id,
        body,
        saved,
        notice: (q.done == "saved").then(|| ctx.t("games-notes-saved-notice")),
        max_chars: MAX_NOTE_CHARS,
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NotesForm {
    body: String,
}

async fn save(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<NotesForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let now = state.clock.now_db();
    let result = state
        .db(move |conn| notes::save(conn, now, user, GameId(id), &form.body))
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!("/games/{id}/notes?done=saved"))),
        Err(e @ GameError::Invalid(_)) => error_response(&ctx, e, &format!("/games/{id}/notes")),
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}
