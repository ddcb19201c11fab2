//! `POST /api/v1/analysis`: the built-in engine's verdict on a position of any preset.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ok, ApiError, ApiJson, ApiUser};
use crate::analysis::{self, AnalysisError, Request};
use crate::web::AppState;

/// Analyses one account may ask for per minute.
pub const PER_MINUTE: u32 = 20;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/analysis").post(analyse));
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisBody {
    /// A preset's slug (a built-in preset is named after its variant): its current version.
    pub preset: String,
    /// The position to start from; `null`: the preset's setup.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves played from there, in any notation the game page takes.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Thinking time, 1..=2000 ms (default 1000).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
}

/// The score from White's side: `{"cp": 35}` (centipawns) or `{"mate": -3}` (Black mates
/// in 3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    Cp(i32),
    Mate(i32),
}

#[derive(Serialize, ToSchema)]
pub struct AnalysisJson {
    pub score: ScoreJson,
    /// The last completed depth.
    pub depth: u32,
    pub nodes: u64,
    /// The best line in SAN.
    pub pv: Vec<String>,
    /// The best line as UCI moves.
    pub pv_uci: Vec<String>,
}

/// Evaluates a position with the built-in engine: at most 2 s, 20 a minute per account;
/// 503 with `Retry-After` when every engine slot of the server is busy.
#[utoipa::path(
    post,
    path = "/api/v1/analysis",
    tag = "analysis",
    security(("token" = ["read"])),
    request_body = AnalysisBody,
    responses(
        (status = 200, description = "The verdict", body = AnalysisJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 404, description = "No such preset", body = super::ErrorBody),
        (status = 422, description = "A bad FEN, move or time, named", body = super::ErrorBody),
        (status = 429, description = "Over 20 analyses a minute", body = super::ErrorBody),
        (status = 503, description = "Every engine slot is busy", body = super::ErrorBody),
    )
)]
pub async fn analyse(
    state: web::Data<AppState>,
    caller: ApiUser,
    body: ApiJson<AnalysisBody>,
) -> Result<HttpResponse, ApiError> {
    if !state.analysis_limits.allow(caller.user.id.0) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!("At most {PER_MINUTE} analyses a minute; please wait."),
        ));
    }
    let b = body.into_inner();
    let request = Request {
        preset: b.preset,
        fen: b.fen,
        moves: b.moves,
        movetime_ms: b.movetime_ms,
    };
    let prepared = state
        .db(move |conn| analysis::prepare(conn, &request))
        .await
        .map_err(ApiError::from)?
        .map_err(refusal)?;
    let Ok(_slot) = state.engine_slots.clone().try_acquire_owned() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "Every engine is busy; please try again in a few seconds.".to_owned(),
        ));
    };
    let verdict = tokio::task::spawn_blocking(move || analysis::evaluate(&prepared))
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("analysis: {e}"),
            )
        })?;
    Ok(ok(&AnalysisJson {
        score: match verdict.score {
            plypost_engine::Score::Cp(cp) => ScoreJson::Cp(cp),
            plypost_engine::Score::Mate(n) => ScoreJson::Mate(n),
        },
        depth: verdict.depth,
        nodes: verdict.nodes,
        pv: verdict.pv,
        pv_uci: verdict.pv_uci,
    }))
}

fn refusal(e: AnalysisError) -> ApiError {
    match e {
        AnalysisError::Invalid(message) => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            message.to_string(),
        ),
        AnalysisError::NoPreset => ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "No such preset.".to_owned(),
        ),
        AnalysisError::Preset(e) => {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        }
    }
}
