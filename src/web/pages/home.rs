//! The home page: for a signed-in player, the games waiting for their move.

use actix_web::{web, HttpResponse};
use askama::Template;

use crate::web::{render, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home));
}

/// A game waiting for the player's move, as listed on the home page. Filled by the games
/// service once games exist.
pub struct WaitingGame {
    pub url: String,
    pub title: String,
    pub opponent: String,
    pub deadline: String,
}

#[derive(Template)]
#[template(path = "pages/home.html")]
struct HomePage<'a> {
    ctx: &'a Ctx,
    waiting: Vec<WaitingGame>,
}

async fn home(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&HomePage {
        ctx: &ctx,
        waiting: Vec::new(),
    })
}
