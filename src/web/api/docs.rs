//! The OpenAPI document, generated from the handlers' `#[utoipa::path]` attributes and
//! their types, at `/api/v1/openapi.json`.

use actix_web::{web, HttpResponse};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{analysis, challenges, conditional, games, presets, tokens, tournaments, users};
use crate::web::lichess::openapi::BotApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/openapi.json").get(openapi));
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
        presets::import,
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
        conditional::show,
        conditional::replace,
        conditional::remove,
        tournaments::list,
        tournaments::create,
        tournaments::show,
        tournaments::join,
        tournaments::leave,
        tournaments::start,
        analysis::analyse,
    ),
    components(schemas(super::ErrorBody)),
    // The bot API's paths come last: the common answers above are /api/v1's.
    modifiers(&BearerToken, &CommonResponses, &BotApi),
    tags(
        (name = "tokens", description = "Personal access tokens"),
        (name = "bot", description = "Lichess's bot API at the host root, for bot programs (see /help/bots)"),
        (name = "users", description = "Players and their ratings"),
        (name = "presets", description = "Variants as configured for play"),
        (name = "challenges", description = "Offers of a game"),
        (name = "games", description = "Games, moves, resignations and draws"),
        (name = "tournaments", description = "Round-robin and Swiss events"),
        (name = "analysis", description = "The built-in engine's verdict on a position"),
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

/// Adds the answers every endpoint can give (a bad query or body, no token, too many
/// requests, a database outage), where an endpoint does not state them itself.
struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let authenticated = path != "/api/v1/tokens";
            let operations = [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
            ];
            for operation in operations.into_iter().flatten() {
                let has_body = operation.request_body.is_some();
                let mut common = vec![
                    ("400", "A malformed query or body"),
                    ("429", "Too many requests"),
                    ("503", "The database is unreachable for a moment"),
                ];
                if authenticated {
                    common.push(("401", "No token, or an unknown or revoked one"));
                    common.push(("403", "The token lacks the scope this request needs"));
                }
                if has_body {
                    common.push(("413", "The body is over 64 KB"));
                    common.push(("415", "The body is not sent as application/json"));
                }
                for (status, description) in common {
                    operation
                        .responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert_with(|| error(description).into());
                }
            }
        }
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
