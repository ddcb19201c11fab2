//! Challenges: `POST /api/v1/challenges`, `GET /api/v1/challenges`, and accept, decline
//! and cancel.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::presets::TimeControlJson;
use super::{created, ok, run, timestamp, ApiError, ApiJson, ApiUser};
use crate::challenges;
use crate::domain::ColorChoice;
use crate::games::query::{self, ChallengeListing};
use crate::games::{ChallengeId, GameError};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/challenges").post(create).get(list));
    cfg.service(web::resource("/challenges/{id}/accept").post(accept));
    cfg.service(web::resource("/challenges/{id}/decline").post(decline));
    cfg.service(web::resource("/challenges/{id}/cancel").post(cancel));
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ColorJson {
    White,
    Black,
    Random,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// A preset's slug; a built-in preset is named after its variant (`chess`, `terachess2`).
    pub preset: String,
    /// A username, `"computer"` for a game against the computer (it starts at once, at
    /// `level`), or `null` for a challenge open to anyone.
    #[serde(default)]
    pub opponent: Option<String>,
    /// With `"opponent": "computer"`: the computer's level, 1 (weakest) to 8. Games against
    /// the computer are never rated: `"rated": true` is refused with 422.
    #[serde(default)]
    pub level: Option<i64>,
    /// The author's colour.
    pub color: ColorJson,
    pub time_control: TimeControlJson,
    /// Ask for a rated game (rated only when the preset plays a built-in variant's rules).
    #[serde(default)]
    pub rated: bool,
    /// A message to the opponent.
    #[serde(default)]
    pub message: Option<String>,
    /// The clock never stops for vacations.
    #[serde(default)]
    pub no_vacation: bool,
    /// For a preset with several start positions: one's name, or `random` (drawn when the
    /// game starts); `null`: the preset's default.
    #[serde(default)]
    pub setup: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
    /// A game against the computer: the game, started at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<i64>,
}

/// Offers a game to a named player or to anyone; or, with `"opponent": "computer"` and a
/// `level` from 1 to 8, starts a game against the computer at once (never rated: `"rated":
/// true` is refused with 422) and answers its `game_id` too.
#[utoipa::path(
    post,
    path = "/api/v1/challenges",
    tag = "challenges",
    security(("token" = ["play"])),
    request_body = NewChallenge,
    responses(
        (status = 201, description = "The challenge's id (and the game's, against the computer)", body = Created),
        (status = 400, description = "Not JSON of this shape", body = super::ErrorBody),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "The token lacks the play scope", body = super::ErrorBody),
        (status = 422, description = "A refused value, said which", body = super::ErrorBody),
    )
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: ApiUser,
    body: ApiJson<NewChallenge>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let computer = body
        .opponent
        .as_deref()
        .is_some_and(|name| name.trim().eq_ignore_ascii_case("computer"));
    let level = body.level;
    if level.is_some() && !computer {
        return Err(invalid(
            "level: a level is for a game against the computer only.",
        ));
    }
    let input = challenges::NewChallenge {
        preset: body.preset,
        color: match body.color {
            ColorJson::White => ColorChoice::White,
            ColorJson::Black => ColorChoice::Black,
            ColorJson::Random => ColorChoice::Random,
        },
        control: Some(body.time_control.control()?),
        message: body.message.unwrap_or_default(),
        opponent: body.opponent.filter(|name| !name.trim().is_empty()),
        allow_vacation: !body.no_vacation,
        rated: body.rated,
        rating_range: (None, None),
        setup: body.setup.filter(|name| !name.trim().is_empty()),
    };
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let author = caller.user;
    if computer {
        let level = level.ok_or_else(|| {
            invalid("level: a game against the computer needs a level from 1 to 8.")
        })?;
        let (id, game) = run(&state, move |db| {
            challenges::against_computer(db, &*clock, &config, &author, &input, level)
        })
        .await?;
        state.changed();
        state.computer_wakeup.notify_one();
        return Ok(created(&Created {
            id: id.0,
            game_id: Some(game.0),
        }));
    }
    let id = run(&state, move |db| {
        challenges::create(db, &*clock, &config, &author, &input)
    })
    .await?;
    state.changed();
    Ok(created(&Created {
        id: id.0,
        game_id: None,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct ChallengeJson {
    pub id: i64,
    pub author: String,
    /// `null`: open to anyone.
    pub opponent: Option<String>,
    /// The preset's name.
    pub preset: String,
    /// The author's colour: `white`, `black` or `random`.
    pub color: String,
    /// In words: "3 days per move", "7 days + 1 day per move", "untimed".
    pub time_control: String,
    pub rated: bool,
    /// An open rated challenge's lowest and highest acceptable rating.
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    pub message: String,
    pub created: String,
}

impl From<ChallengeListing> for ChallengeJson {
    fn from(c: ChallengeListing) -> Self {
        ChallengeJson {
            id: c.id.0,
            author: c.author,
            opponent: c.opponent,
            preset: c.variant,
            color: c.author_color.as_str().to_owned(),
            time_control: c.time_control,
            rated: c.rated.is_some(),
            rating_min: c.rating_range.0,
            rating_max: c.rating_range.1,
            message: c.message,
            created: timestamp(c.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ChallengeLists {
    /// Challenges to the caller by name.
    pub incoming: Vec<ChallengeJson>,
    /// The caller's own open challenges.
    pub outgoing: Vec<ChallengeJson>,
    /// Challenges open to anyone (the caller's own included), newest first, a page at a
    /// time.
    pub open: Vec<ChallengeJson>,
    /// The next page of `open`: `GET /api/v1/challenges?before=<this>`; `null` on the last.
    pub open_before: Option<i64>,
}

/// Which page of the open challenges.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct ListQuery {
    /// Only challenges older than this one (the `open_before` of the previous page).
    pub before: Option<i64>,
}

/// The caller's challenges and the open ones.
#[utoipa::path(
    get,
    path = "/api/v1/challenges",
    tag = "challenges",
    security(("token" = ["read"])),
    params(ListQuery),
    responses(
        (status = 200, description = "Challenges", body = ChallengeLists),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
    )
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: ApiUser,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let me = caller.user.id;
    let before = q.before.map(ChallengeId);
    let (incoming, outgoing, open) = run(&state, move |db| {
        let (incoming, outgoing) = query::challenges_of(db, me)?;
        let open = query::open_challenges(db, before)?;
        Ok::<_, GameError>((incoming, outgoing, open))
    })
    .await?;
    let convert = |list: Vec<ChallengeListing>| list.into_iter().map(Into::into).collect();
    Ok(ok(&ChallengeLists {
        incoming: convert(incoming),
        outgoing: convert(outgoing),
        open: convert(open.challenges),
        open_before: open.older.map(|id| id.0),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct Accepted {
    pub game_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Done {
    /// What is now true: `declined`, `cancelled`, `resigned`, `drawn`, `draw_declined`.
    pub status: String,
}

/// Accepts a challenge: the game starts.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/accept",
    tag = "challenges",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The challenge")),
    responses(
        (status = 201, description = "The new game", body = Accepted),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not for the caller", body = super::ErrorBody),
        (status = 404, description = "No such challenge", body = super::ErrorBody),
        (status = 409, description = "No longer open", body = super::ErrorBody),
        (status = 422, description = "Outside the challenge's rating range", body = super::ErrorBody),
    )
)]
pub async fn accept(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let (user, id) = (caller.user.id, ChallengeId(id.into_inner()));
    let game = run(&state, move |db| {
        challenges::accept(db, &*clock, &config, user, id)
    })
    .await?;
    state.changed();
    Ok(created(&Accepted { game_id: game.0 }))
}

/// Declines a challenge made to the caller.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/decline",
    tag = "challenges",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The challenge")),
    responses(
        (status = 200, description = "Declined", body = Done),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not made to the caller", body = super::ErrorBody),
        (status = 404, description = "No such challenge", body = super::ErrorBody),
        (status = 409, description = "No longer open", body = super::ErrorBody),
    )
)]
pub async fn decline(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let clock = state.clock.clone();
    let (user, id) = (caller.user.id, ChallengeId(id.into_inner()));
    let config = state.config.clone();
    run(&state, move |db| {
        challenges::decline(db, &*clock, &config, user, id)
    })
    .await?;
    Ok(ok(&Done {
        status: "declined".into(),
    }))
}

/// Withdraws the caller's own challenge.
#[utoipa::path(
    post,
    path = "/api/v1/challenges/{id}/cancel",
    tag = "challenges",
    security(("token" = ["play"])),
    params(("id" = i64, Path, description = "The challenge")),
    responses(
        (status = 200, description = "Cancelled", body = Done),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 403, description = "Not the caller's", body = super::ErrorBody),
        (status = 404, description = "No such challenge", body = super::ErrorBody),
        (status = 409, description = "No longer open", body = super::ErrorBody),
    )
)]
pub async fn cancel(
    state: web::Data<AppState>,
    caller: ApiUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let clock = state.clock.clone();
    let (user, id) = (caller.user.id, ChallengeId(id.into_inner()));
    run(&state, move |db| challenges::cancel(db, &*clock, user, id)).await?;
    Ok(ok(&Done {
        status: "cancelled".into(),
    }))
}

/// A refused value, named, as a 422.
fn invalid(message: &str) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        "invalid",
        message.to_owned(),
    )
}
