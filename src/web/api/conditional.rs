//! `/api/v1/games/{id}/conditional`: the caller's conditional moves in a game. Only their
//! author ever reads them.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::challenges::Done;
use super::{ok, run, ApiError, ApiJson, ApiUser};
use crate::games::conditional::{self, CheckedTree};
use crate::games::{GameError, GameId, GameRow};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/games/{id}/conditional")
            .get(show)
            .put(replace)
            .delete(remove),
    );
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalRequest {
    /// Lines of moves in any accepted notation, each starting with the opponent's next move
    /// and alternating with the caller's answers: `[["e5", "Nf3", "Nc6", "Bb5"], ["c5",
    /// "Nf3"]]`. Lines sharing a beginning form a tree; an empty list deletes the tree.
    pub lines: Vec<Vec<String>>,
    /// The game's `ply` the lines were written for; if given and the game has moved since,
    /// the answer is 409 and nothing changes.
    #[serde(default)]
    pub ply: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct ConditionalJson {
    /// The game's ply the tree starts from (its first moves are for `ply` + 1).
    pub ply: i64,
    /// Each line in standard notation.
    pub lines: Vec<Vec<String>>,
    /// The same lines as the server stores them (from and to squares).
    pub compact: Vec<Vec<String>>,
}

fn to_json(ply: i64, tree: Option<CheckedTree>) -> ConditionalJson {
    match tree {
        Some(CheckedTree { tree, san }) => ConditionalJson {
            ply: tree.base_ply,
            lines: san,
            compact: tree.lines,
        },
        None => ConditionalJson {
            ply,
            lines: Vec::new(),
            compact: Vec::new(),
        },
    }
}

/// The caller's conditional moves in a game (empty lines when there are none).
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/conditional",
    tag = "games",
    security(("token" = ["read"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "The caller's tree", body = ConditionalJson),
        (status = 403, description = "Not a player of this game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
    )
)]
pub async fn show(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = (GameId(id.into_inner()), caller.user.id);
    let (ply, tree) = run(&state, move |db| {
        let game = GameRow::load(db, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(crate::i18n::Message::new(
                "error-game-conditional-private",
            )));
        }
        Ok((game.ply, conditional::shown(db, id, user)?))
    })
    .await?;
    Ok(ok(&to_json(ply, tree)))
}

/// Replaces the caller's conditional moves; every move is checked where it stands.
#[utoipa::path(
    put,
    path = "/api/v1/games/{id}/conditional",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    request_body = ConditionalRequest,
    responses(
        (status = 200, description = "The saved tree", body = ConditionalJson),
        (status = 403, description = "Not a player of this game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
        (status = 409, description = "The game moved on, or is over", body = super::ErrorBody),
        (status = 422, description = "An illegal move (its line, ply and why), or the caller is to move", body = super::ErrorBody),
    )
)]
pub async fn replace(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
    body: ApiJson<ConditionalRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = (GameId(id.into_inner()), caller.user.id);
    let ConditionalRequest { lines, ply } = body.into_inner();
    let clock = state.clock.clone();
    let saved = run(&state, move |db| {
        conditional::save(db, &*clock, id, user, ply, &lines)
    })
    .await?;
    let base = saved.tree.base_ply;
    Ok(ok(&to_json(base, Some(saved))))
}

/// Deletes the caller's conditional moves.
#[utoipa::path(
    delete,
    path = "/api/v1/games/{id}/conditional",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "Deleted (or there were none)", body = Done),
        (status = 403, description = "Not a player of this game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
    )
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (id, user) = (GameId(id.into_inner()), caller.user.id);
    run(&state, move |db| {
        let game = GameRow::load(db, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(crate::i18n::Message::new(
                "error-game-conditional-players-only",
            )));
        }
        conditional::delete(db, id, user)
    })
    .await?;
    Ok(ok(&Done {
        status: "deleted".into(),
    }))
}
