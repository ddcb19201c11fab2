//! Games: the caller's list, one game with its moves, and moving, resigning and answering
//! draw offers.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ok, ok_page, run, timestamp, ApiError, ApiJson, ApiUser};
use crate::db::UserId;
use crate::domain::GameStatus;
use crate::games::query::{self, GameData, GameListing};
use crate::games::{GameError, GameId};
use crate::play::{self, MoveInput};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/games").get(list));
    cfg.service(web::resource("/games/{id}").get(show));
    cfg.service(web::resource("/games/{id}/moves").post(move_));
    cfg.service(web::resource("/games/{id}/resign").post(resign));
    cfg.service(web::resource("/games/{id}/draw/accept").post(accept_draw));
    cfg.service(web::resource("/games/{id}/draw/decline").post(decline_draw));
}

#[derive(Serialize, ToSchema)]
pub struct MoveJson {
    /// 1 for White's first move.
    pub ply: i64,
    /// Standard algebraic notation (`Nf3`, `exd5`, `Gj14`, `O-O`, `Qh4#`).
    pub san: String,
    /// Long algebraic notation, as stored (`Ng1-f3`).
    pub long: String,
    /// UCI, as Fairy-Stockfish writes it for variants (`g1f3`, `a10a11`, `e7e8q`); a move
    /// is accepted in this notation too.
    pub uci: String,
    /// The mover's comment.
    pub comment: Option<String>,
    /// When it was played (RFC 3339, UTC).
    pub at: String,
}

#[derive(Serialize, ToSchema)]
pub struct GameJson {
    pub id: i64,
    /// The preset's slug.
    pub preset: String,
    pub preset_version: i64,
    /// The variant's name (`Terachess II`).
    pub variant: String,
    /// Usernames; the computer's side of a game against it reads `Computer (level N)`.
    pub white: String,
    pub black: String,
    /// A game against the computer: the level (1..8) it plays at; `null` otherwise.
    pub computer_level: Option<i64>,
    /// `active` or `finished`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `null` while the game goes on.
    pub result: Option<String>,
    /// Why it ended: `checkmate`, `resignation`, `time`, `agreement`, `stalemate`,
    /// `repetition`, `move_count`, `abandoned`.
    pub reason: Option<String>,
    /// Plies played. A move is posted with the number it will have: `ply` + 1.
    pub ply: i64,
    /// The position the game started from.
    pub start_fen: String,
    /// The named start position it started from, when its preset lists several.
    pub setup: Option<String>,
    /// The current position.
    pub fen: String,
    /// `white` or `black`.
    pub to_move: String,
    /// When the player to move loses on time (RFC 3339, UTC); `null` when untimed or over.
    pub deadline: Option<String>,
    /// The colour of the player whose draw offer stands, if any.
    pub draw_offer: Option<String>,
    pub rated: bool,
    pub moves: Vec<MoveJson>,
    pub url: String,
}

fn colour_of(data: &GameData, user: UserId) -> &'static str {
    if user == data.game.white_id {
        "white"
    } else {
        "black"
    }
}

/// Reads a game and writes it out as JSON (the SAN is worked out off the request thread).
pub async fn game_json(state: &AppState, id: GameId) -> Result<GameJson, ApiError> {
    let log = state.move_logs.clone();
    let data = run(state, move |db| query::game_data(db, &log, id)).await?;
    let url = state.config.absolute_url(&format!("/games/{id}"));
    web::block(move || to_json(&data, url))
        .await
        .map_err(|e| ApiError::from(crate::web::WebError::Internal(format!("blocking: {e}"))))?
}

fn to_json(data: &GameData, url: String) -> Result<GameJson, ApiError> {
    let san = query::san_moves(data)?;
    let game = &data.game;
    Ok(GameJson {
        id: game.id.0,
        preset: data.preset.slug.clone(),
        preset_version: data.preset.version,
        variant: data.rules.variant.display_name().to_owned(),
        white: data.white.username.clone(),
        black: data.black.username.clone(),
        status: game.status.as_str().to_owned(),
        result: game.result.map(|r| r.as_str().to_owned()),
        reason: game.result_reason.map(|r| r.as_str().to_owned()),
        ply: game.ply,
        start_fen: game.start_fen.clone(),
        setup: game.setup_name.clone(),
        fen: game.current_fen.clone(),
        to_move: colour_of(data, game.player_to_move()).to_owned(),
        deadline: game.deadline_at.filter(|_| game.is_active()).map(timestamp),
        draw_offer: game
            .draw_offer_by
            .filter(|_| game.is_active())
            .map(|by| colour_of(data, by).to_owned()),
        rated: game.rated_variant.is_some(),
        computer_level: game.computer_level,
        moves: data
            .moves
            .iter()
            .zip(san)
            .map(|(m, san)| MoveJson {
                ply: m.row.ply,
                san,
                long: m.row.move_text.clone(),
                uci: crate::bots::compact_to_uci(&m.row.compact),
                comment: m.row.comment.clone(),
                at: timestamp(m.row.played_at),
            })
            .collect(),
        url,
    })
}

/// One game, with its moves. Every game is public, as on the site.
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}",
    tag = "games",
    security(("token" = ["read"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "The game", body = GameJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
    )
)]
pub async fn show(
    state: web::Data<AppState>,
    _caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    Ok(ok(&game_json(&state, GameId(id.into_inner())).await?))
}

#[derive(Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `active` or `finished` (default: both).
    pub status: Option<String>,
    /// Only games where it is the caller's move.
    pub my_turn: Option<bool>,
    /// The next page of finished games: the cursor of the `Link: <…>; rel="next"` header
    /// (finished games only, older than the last one of the page before).
    pub before: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct GameSummary {
    pub id: i64,
    /// The preset's name.
    pub preset: String,
    pub white: String,
    pub black: String,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub ply: i64,
    pub my_turn: bool,
    pub deadline: Option<String>,
    pub finished: Option<String>,
}

/// How many finished games a page of the list gives.
const FINISHED_LIMIT: i64 = 100;

fn summary(g: GameListing) -> GameSummary {
    GameSummary {
        id: g.id.0,
        preset: g.variant,
        white: g.white,
        black: g.black,
        status: g.status.as_str().to_owned(),
        result: g.result.map(|r| r.as_str().to_owned()),
        reason: g.result_reason.map(|r| r.as_str().to_owned()),
        ply: g.ply,
        my_turn: g.my_turn,
        deadline: g.deadline_at.map(timestamp),
        finished: g.finished_at.map(timestamp),
    }
}

/// The caller's games: in progress (those awaiting the caller's move first, least time
/// left first), then the 100 last finished; the older finished games a page of 100 at a
/// time, from the `Link: <…>; rel="next"` header.
#[utoipa::path(
    get,
    path = "/api/v1/games",
    tag = "games",
    security(("token" = ["read"])),
    params(ListQuery),
    responses(
        (status = 200, description = "The caller's games", body = Vec<GameSummary>,
         headers(("Link" = String, description = "The next page, when there is one: `<url>; rel=\"next\"`"))),
        (status = 400, description = "A bad filter", body = super::ErrorBody),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
    )
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: ApiUser,
    filter: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let ListQuery {
        status,
        my_turn,
        before,
    } = filter.into_inner();
    let bad = |message: &'static str| {
        ApiError::new(
            actix_web::http::StatusCode::BAD_REQUEST,
            "bad_query",
            message,
        )
    };
    let mut status = match status.as_deref() {
        None | Some("") => None,
        Some(text) => Some(
            text.parse::<GameStatus>()
                .map_err(|_| bad("status is `active` or `finished`."))?,
        ),
    };
    let walk = match before.as_deref().map(str::trim) {
        None | Some("") => query::Walk::Newest,
        Some(text) => {
            let cursor = query::FinishedCursor::parse(text)
                .ok_or_else(|| bad("before is the cursor of a `Link` header."))?;
            status = Some(GameStatus::Finished);
            query::Walk::Older(cursor)
        }
    };
    let me = caller.user.id;
    let my_turn = my_turn.unwrap_or(false);
    let (games, last) = run(&state, move |db| {
        let mut out = Vec::new();
        if status != Some(GameStatus::Finished) {
            let active = query::active_of(db, me)?;
            out.extend(active.my_turn);
            if !my_turn {
                out.extend(active.their_turn);
            }
        }
        let mut last = None;
        if status != Some(GameStatus::Active) && !my_turn {
            let mut finished = query::finished_of(db, me, walk, FINISHED_LIMIT + 1)?;
            if finished.len() as i64 > FINISHED_LIMIT {
                finished.truncate(FINISHED_LIMIT as usize);
                last = finished.last().and_then(query::FinishedCursor::of);
            }
            out.extend(finished);
        }
        Ok::<_, GameError>((out, last))
    })
    .await?;
    let next = last.map(|c| format!("/api/v1/games?status=finished&before={}", c.to_param()));
    Ok(ok_page(
        &games.into_iter().map(summary).collect::<Vec<_>>(),
        next,
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The number the move will have: the game's `ply` + 1. A stale number gets 409.
    pub ply: i64,
    /// The move in any accepted notation: `e2-e4`, `Pe2-e4`, `e2e4`, `O-O`.
    #[serde(rename = "move")]
    pub text: String,
    #[serde(default)]
    pub comment: Option<String>,
    /// Offer a draw with the move.
    #[serde(default)]
    pub offer_draw: bool,
}

/// Plays a move for the caller.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/moves",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The game after the move", body = GameJson),
        (status = 400, description = "Not JSON of this shape", body = super::ErrorBody),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not the caller's game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
        (status = 409, description = "Stale ply, not the caller's turn, or the game is over", body = super::ErrorBody),
        (status = 422, description = "An illegal move, with the reason", body = super::ErrorBody),
    )
)]
pub async fn move_(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
    body: ApiJson<MoveRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let id = GameId(id.into_inner());
    let input = MoveInput {
        ply: body.ply,
        text: body.text,
        comment: body.comment.unwrap_or_default(),
        offer_draw: body.offer_draw,
    };
    let (clock, config, log) = (
        state.clock.clone(),
        state.config.clone(),
        state.move_logs.clone(),
    );
    let user = caller.user.id;
    run(&state, move |db| {
        play::play_move(db, &*clock, &config, &log, user, id, &input)
    })
    .await?;
    state.game_changed(id, &[]);
    // A game against the computer: it answers now.
    state.computer_wakeup.notify_one();
    Ok(ok(&game_json(&state, id).await?))
}

/// Which of the one-click game actions.
#[derive(Clone, Copy)]
enum Action {
    Resign,
    AcceptDraw,
    DeclineDraw,
}

async fn act(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
    action: Action,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(id.into_inner());
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let user = caller.user.id;
    run(&state, move |db| match action {
        Action::Resign => play::resign(db, &*clock, &config, user, id),
        Action::AcceptDraw => play::accept_draw(db, &*clock, &config, user, id),
        Action::DeclineDraw => play::decline_draw(db, &*clock, &config, user, id),
    })
    .await?;
    state.changed();
    Ok(ok(&game_json(&state, id).await?))
}

/// Resigns the caller's game.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/resign",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "The finished game", body = GameJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not the caller's game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
        (status = 409, description = "The game is over", body = super::ErrorBody),
    )
)]
pub async fn resign(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id, Action::Resign).await
}

/// Accepts the opponent's draw offer: the game is drawn.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/draw/accept",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "The drawn game", body = GameJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not the caller's game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
        (status = 409, description = "No draw offer from the opponent, or the game is over", body = super::ErrorBody),
    )
)]
pub async fn accept_draw(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id, Action::AcceptDraw).await
}

/// Declines the opponent's draw offer; they are told by mail.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/draw/decline",
    tag = "games",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The game")),
    responses(
        (status = 200, description = "The game, without the offer", body = GameJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not the caller's game", body = super::ErrorBody),
        (status = 404, description = "No such game", body = super::ErrorBody),
        (status = 409, description = "No draw offer from the opponent, or the game is over", body = super::ErrorBody),
    )
)]
pub async fn decline_draw(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    act(state, caller, id, Action::DeclineDraw).await
}
