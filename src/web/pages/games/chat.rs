//! The game chat's forms: a message (`POST /games/{id}/chat`) and a report
//! (`POST /games/{id}/chat/{message}/report`). The chat itself is shown on the game page.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use super::{error_response, parse_id};
use crate::games::{chat, GameId};
use crate::web::csrf::NoFields;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/chat", web::post().to(post))
        .route("/games/{id}/chat/{message}/report", web::post().to(report));
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ChatForm {
    body: String,
}

async fn post(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<ChatForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| chat::post(conn, &*clock, &config, user, GameId(id), &form.body))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!("/games/{id}?done=chat#chat")))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}#chat")),
    }
}

async fn report(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<(String, String)>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let (id, message) = path.into_inner();
    let (id, message) = (parse_id(&id)?, parse_id(&message)?);
    let user = ctx.require_user()?.id;
    let now = state.clock.now_db();
    let result = state
        .db(move |conn| chat::report(conn, now, user, GameId(id), message))
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!("/games/{id}?done=reported#chat"))),
        Err(e) => error_response(&ctx, e, &format!("/games/{id}#chat")),
    }
}
