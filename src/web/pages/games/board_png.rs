//! `/games/{id}/board.png?ply=N&side=black`: the board of a game after ply N as a PNG, the
//! picture in the HTML part of game mails. Public, as the game page is.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::games::{board_image, GameId};
use crate::web::{AppState, HeavyWork, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/board.png", web::get().to(board_png))
        .route("/challenges/{id}/board.png", web::get().to(challenge_png));
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct BoardQuery {
    /// Plies played; absent: the current position.
    ply: Option<i64>,
    /// `black`: from Black's side.
    side: String,
}

/// `/challenges/{id}/board.png?side=black`: the position a challenge's game would start from
/// (the picture of the invitation mail).
async fn challenge_png(
    state: web::Data<AppState>,
    path: web::Path<i64>,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let Some(_turn) = HeavyWork::turn(&state.heavy_work.images).await else {
        return Ok(busy());
    };
    let id = crate::db::ChallengeId(path.into_inner());
    let black_view = q.side == "black";
    let png = state
        .db(move |conn| {
            let (start, _) = board_image::challenge_start(conn, id)?;
            board_image::png(&start, black_view, None)
        })
        .await?;
    png_response(png)
}

fn busy() -> HttpResponse {
    HttpResponse::TooManyRequests()
        .insert_header((header::RETRY_AFTER, "5"))
        .content_type("text/plain; charset=utf-8")
        .body(crate::web::language::current().t("game-boards-busy"))
}

fn png_response(png: Result<Vec<u8>, crate::games::GameError>) -> Result<HttpResponse, WebError> {
    match png {
        Ok(bytes) => Ok(HttpResponse::Ok()
            .content_type("image/png")
            // A ply's position changes only by a takeback: a day of caching is safe enough.
            .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
            .body(bytes)),
        Err(crate::games::GameError::NotFound | crate::games::GameError::ChallengeNotFound) => {
            Err(WebError::NotFound)
        }
        Err(crate::games::GameError::Db(e)) => Err(WebError::database(&e)),
        Err(e) => Err(WebError::Internal(e.to_string())),
    }
}

async fn board_png(
    state: web::Data<AppState>,
    path: web::Path<i64>,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let Some(_turn) = HeavyWork::turn(&state.heavy_work.images).await else {
        return Ok(busy());
    };
    let id = GameId(path.into_inner());
    let ply = q.ply.unwrap_or(i64::MAX);
    let black_view = q.side == "black";
    let png = state
        .db(move |conn| {
            let (position, last) = board_image::position_at(conn, id, ply)?;
            board_image::png(&position, black_view, last)
        })
        .await?;
    png_response(png)
}
