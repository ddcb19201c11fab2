//! Closing an abandoned untimed game (`POST /games/{id}/abandon`).

use actix_web::{web, HttpResponse};

use super::{error_response, parse_id};
use crate::games::GameId;
use crate::web::csrf::NoFields;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/abandon", web::post().to(abandon));
}

async fn abandon(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| crate::play::abandon(conn, &*clock, &config, user, GameId(id)))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!(
                "/games/{id}?done={}",
                crate::domain::EndReason::Abandoned
            )))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}
