//! `/games/{id}/reach?square=i9`: where a piece of the side not to move could go if it were
//! its turn, for the game page's tap on an opponent's piece. Public, as the game page is.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::games::{board_image, GameId};
use crate::web::{AppState, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/reach", web::get().to(reach));
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReachQuery {
    square: String,
}

async fn reach(
    state: web::Data<AppState>,
    path: web::Path<i64>,
    q: web::Query<ReachQuery>,
) -> Result<HttpResponse, WebError> {
    let square: plypost_rules::Square = q.square.parse().map_err(|_| {
        let lang = crate::web::language::current();
        WebError::BadRequest(lang.t1("games-not-a-square", "square", &q.square))
    })?;
    let id = GameId(path.into_inner());
    let found = state
        .db(move |conn| board_image::position_at(conn, id, i64::MAX))
        .await?;
    let (position, _) = match found {
        Ok(found) => found,
        Err(crate::games::GameError::NotFound) => return Err(WebError::NotFound),
        Err(crate::games::GameError::Db(e)) => return Err(WebError::database(&e)),
        Err(e) => return Err(WebError::Internal(e.to_string())),
    };
    let to: Vec<String> = board_image::reach(&position, square)
        .iter()
        .map(ToString::to_string)
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(serde_json::json!({ "square": square.to_string(), "to": to })))
}
