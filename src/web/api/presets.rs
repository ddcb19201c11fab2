//! `GET /api/v1/presets` and `GET /api/v1/presets/{slug}`.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ok, ok_page, run, timestamp, ApiError, ApiUser};
use crate::presets::model::PresetId;
use crate::presets::query;
use crate::time_control::TimeControl;
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/presets").get(list));
    cfg.service(web::resource("/presets/import").post(import));
    cfg.service(web::resource("/presets/{slug}").get(show));
}

/// A time control, as challenges and presets carry it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TimeControlJson {
    /// A fixed number of days for every move.
    Days { days: i64 },
    /// A reserve of days, hours added after each move, and an optional cap on the reserve.
    Fischer {
        reserve_days: i64,
        increment_hours: i64,
        #[serde(default)]
        cap_days: Option<i64>,
    },
    /// No clock.
    Untimed,
}

impl From<TimeControl> for TimeControlJson {
    fn from(control: TimeControl) -> Self {
        let columns = control.day_columns();
        match control {
            TimeControl::DaysPerMove(days) => TimeControlJson::Days { days },
            TimeControl::Fischer { .. } => TimeControlJson::Fischer {
                reserve_days: columns.reserve_days.unwrap_or_default(),
                increment_hours: columns.increment_hours.unwrap_or_default(),
                cap_days: columns.cap_days,
            },
            TimeControl::Untimed => TimeControlJson::Untimed,
        }
    }
}

impl TimeControlJson {
    /// The control this body asks for, checked (`time_control` names the field in errors).
    pub fn control(&self) -> Result<TimeControl, ApiError> {
        let checked = match *self {
            TimeControlJson::Days { days } => TimeControl::days(days),
            TimeControlJson::Fischer {
                reserve_days,
                increment_hours,
                cap_days,
            } => TimeControl::fischer(reserve_days, increment_hours, cap_days),
            TimeControlJson::Untimed => Ok(TimeControl::Untimed),
        };
        checked.map_err(|message| {
            ApiError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                format!("time_control: {message}"),
            )
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct PresetSummary {
    /// What challenges name the preset by.
    pub slug: String,
    pub name: String,
    /// The variant's engine name (`terachess2`).
    pub variant: String,
    /// `null` for a built-in preset.
    pub author: Option<String>,
    pub version: i64,
    pub games: i64,
    pub time_control: TimeControlJson,
}

/// Which page of the presets.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct PageQuery {
    /// Only players' presets older than this preset id (from the `Link` header of the
    /// previous page).
    pub before: Option<i64>,
}

/// Public presets (and the caller's own): the built-in ones on the first page, then
/// players' presets newest first, 50 a page. When more follow, the answer has a
/// `Link: </api/v1/presets?before=N>; rel="next"` header.
#[utoipa::path(
    get,
    path = "/api/v1/presets",
    tag = "presets",
    security(("token" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "One page of presets", body = Vec<PresetSummary>,
         headers(("Link" = String, description = "The next page, when there is one: `<url>; rel=\"next\"`"))),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
    )
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: ApiUser,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let viewer = caller.user.id;
    let before = q.before.map(PresetId);
    let page = run(&state, move |db| query::index(db, Some(viewer), before)).await?;
    let next = page
        .older
        .map(|id| format!("/api/v1/presets?before={}", id.0));
    let presets: Vec<PresetSummary> = page
        .groups
        .into_iter()
        .flat_map(|group| {
            let variant = group.variant_name;
            group.presets.into_iter().map(move |p| PresetSummary {
                slug: p.slug,
                name: p.name,
                variant: variant.clone(),
                author: p.author,
                version: p.version,
                games: p.games,
                time_control: p.time_control.into(),
            })
        })
        .collect();
    Ok(ok_page(&presets, next))
}

#[derive(Serialize, ToSchema)]
pub struct RulesJson {
    /// Plies without a capture or pawn move after which the game is drawn (`null`: none).
    pub move_count_limit: Option<i64>,
    /// Whether the third occurrence of a position draws.
    pub repetition: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SetupJson {
    pub name: String,
    pub fen: String,
}

#[derive(Serialize, ToSchema)]
pub struct PresetJson {
    #[serde(flatten)]
    pub summary: PresetSummary,
    pub variant_name: String,
    pub width: u8,
    pub height: u8,
    /// Markdown, as written by the preset's author.
    pub description: String,
    /// The start position (the default one, when it lists several).
    pub setup_fen: String,
    /// Its named start positions, when it lists several (a challenge may ask for one).
    pub setups: Vec<SetupJson>,
    pub rules: RulesJson,
    /// The variant definition (TOML) the preset plays, as the engine reads it.
    pub definition: String,
    pub updated: String,
    pub url: String,
}

#[derive(Deserialize, ToSchema)]
pub struct VersionQuery {
    /// An older version of the preset (default: the current one).
    pub version: Option<i64>,
}

/// One preset with its variant definition.
#[utoipa::path(
    get,
    path = "/api/v1/presets/{slug}",
    tag = "presets",
    security(("token" = [])),
    params(
        ("slug" = String, Path, description = "The preset's slug"),
        ("version" = Option<i64>, Query, description = "An older version"),
    ),
    responses(
        (status = 200, description = "The preset", body = PresetJson),
        (status = 401, description = "No token, or a bad one", body = super::ErrorBody),
        (status = 404, description = "No such preset or version", body = super::ErrorBody),
    )
)]
pub async fn show(
    state: web::Data<AppState>,
    _caller: ApiUser,
    slug: web::Path<String>,
    version: web::Query<VersionQuery>,
) -> Result<HttpResponse, ApiError> {
    let slug = slug.into_inner();
    let number = version.version;
    let url = state.config.absolute_url(&format!("/presets/{slug}"));
    let detail = run(&state, move |db| query::detail(db, &slug, number)).await?;
    let v = &detail.version;
    let control = crate::presets::settings::time_control_of(
        &v.time_kind,
        v.days_per_move,
        v.reserve_days,
        v.increment_hours,
        v.cap_days,
    );
    Ok(ok(&PresetJson {
        summary: PresetSummary {
            slug: detail.preset.slug.clone(),
            name: v.name.clone(),
            variant: detail.preset.variant_name.clone(),
            author: detail.owner.clone(),
            version: v.version,
            games: detail.games_total,
            time_control: control.into(),
        },
        variant_name: detail.variant.display_name().to_owned(),
        width: detail.variant.width(),
        height: detail.variant.height(),
        description: v.description.clone(),
        setup_fen: v.setup_fen.clone(),
        setups: crate::presets::setups::decode(&v.setups)
            .into_iter()
            .map(|s| SetupJson {
                name: s.name,
                fen: s.fen,
            })
            .collect(),
        rules: RulesJson {
            move_count_limit: v.move_count_limit,
            repetition: v.repetition,
        },
        definition: detail.variant.source_text().to_owned(),
        updated: timestamp(v.created_at),
        url,
    }))
}

/// A variant written in another program's format.
#[derive(Deserialize, ToSchema)]
pub struct ImportBody {
    /// `fsf-ini` (Fairy-Stockfish's variants.ini) or `diagram` (an Interactive Diagram).
    pub format: String,
    /// The text, as pasted.
    pub text: String,
    /// The variants.ini section to import; `null` when the text has only one.
    #[serde(default)]
    pub section: Option<String>,
}

/// One problem or warning of an import, where it is in the text.
#[derive(Serialize, ToSchema)]
pub struct ImportProblemJson {
    /// 1-based line of the text; 0 when it concerns the text as a whole (or a built-in
    /// template it inherits from).
    pub line: usize,
    /// The key or parameter concerned; empty when none.
    pub key: String,
    /// What is wrong, in English.
    pub message: String,
    /// The kind of problem (`not-a-number`, `refused-drops`, `ini-key-twice`), stable across
    /// versions: what clients go by, to explain or translate it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The values the message names, by name (counts as numbers, the rest as text).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[schema(value_type = Object)]
    pub args: std::collections::BTreeMap<String, serde_json::Value>,
}

impl From<plypost_rules::import::Problem> for ImportProblemJson {
    fn from(p: plypost_rules::import::Problem) -> Self {
        let args = p
            .args
            .into_iter()
            .map(|(name, arg)| {
                let value = match arg {
                    plypost_rules::import::Arg::Number(n) => serde_json::Value::from(n),
                    plypost_rules::import::Arg::Text(text) => serde_json::Value::from(text),
                };
                (name, value)
            })
            .collect();
        ImportProblemJson {
            line: p.line,
            key: p.key,
            message: p.message,
            code: p.code,
            args,
        }
    }
}

/// The imported variant.
#[derive(Serialize, ToSchema)]
pub struct ImportedJson {
    /// plypost's variant definition (TOML), ready for a preset.
    pub definition: String,
    /// What was ignored or read differently, for the author to check.
    pub warnings: Vec<ImportProblemJson>,
}

/// Why the text was not imported.
#[derive(Serialize, ToSchema)]
pub struct ImportErrorJson {
    pub error: String,
    pub code: String,
    /// Every problem found, each with its line and key.
    pub errors: Vec<ImportProblemJson>,
}

/// Turns a variant from Fairy-Stockfish's variants.ini or an Interactive Diagram into
/// plypost's definition (nothing is saved): the definition and the warnings, or every
/// problem with its line and key.
#[utoipa::path(
    post,
    path = "/api/v1/presets/import",
    tag = "presets",
    security(("token" = [])),
    request_body = ImportBody,
    responses(
        (status = 200, description = "The definition and the warnings", body = ImportedJson),
        (status = 422, description = "Not imported: every problem, with its line and key", body = ImportErrorJson),
    )
)]
pub async fn import(
    _caller: ApiUser,
    body: web::Json<ImportBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let unprocessable = |message: String, errors: Vec<ImportProblemJson>| {
        HttpResponse::UnprocessableEntity().json(ImportErrorJson {
            error: message,
            code: "invalid".to_owned(),
            errors,
        })
    };
    let Some(format) = plypost_rules::import::Format::parse(body.format.trim()) else {
        return Ok(unprocessable(
            format!(
                "format: `{}` is neither `fsf-ini` nor `diagram`",
                body.format
            ),
            Vec::new(),
        ));
    };
    let section = body
        .section
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    // A pasted text is small (the body is at most 64 KB) and the import is linear in it.
    match plypost_rules::import::import(format, &body.text, section) {
        Ok(imported) => Ok(ok(&ImportedJson {
            definition: imported.definition,
            warnings: imported.warnings.into_iter().map(Into::into).collect(),
        })),
        Err(errors) => {
            let count = errors.len();
            Ok(unprocessable(
                format!(
                    "The text was not imported: {count} problem{}.",
                    if count == 1 { "" } else { "s" }
                ),
                errors.into_iter().map(Into::into).collect(),
            ))
        }
    }
}
