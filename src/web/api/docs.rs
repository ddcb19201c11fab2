//! The OpenAPI document, generated from the handlers' `#[utoipa::path]` attributes and
//! their types, at `/api/v1/openapi.json`.

use actix_web::{web, HttpResponse};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{challenges, games, presets, tokens, users};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/openapi.json", web::get().to(openapi));
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "plypost API",
        version = "1",
        description = "Correspondence chess variants: presets, challenges and games. \
            Send a personal access token as `Authorization: Bearer <token>`; make one in \
            your settings or with `POST /api/v1/tokens`. Errors are \
            `{\"error\": \"...\", \"code\": \"...\"}`."
    ),
    paths(
        tokens::create,
        users::me,
        users::user,
        presets::list,
        presets::show,
        challenges::create,
        challenges::list,
        challenges::accept,
        challenges::decline,
        challenges::cancel,
        games::list,
        games::show,
        games::move_,
        games::resign,
        games::accept_draw,
        games::decline_draw,
    ),
    components(schemas(super::ErrorBody)),
    modifiers(&BearerToken),
    tags(
        (name = "tokens", description = "Personal access tokens"),
        (name = "users", description = "Players and their ratings"),
        (name = "presets", description = "Variants as configured for play"),
        (name = "challenges", description = "Offers of a game"),
        (name = "games", description = "Games, moves, resignations and draws"),
    )
)]
pub struct ApiDoc;

/// Declares the `token` security scheme the paths name.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The document, built once.
fn document() -> &'static str {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| ApiDoc::openapi().to_json().unwrap_or_default())
}

async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document())
}
