//! Sections in the navigation whose features come later (logs). Each
//! feature replaces its entry here with its own page module.

use actix_web::{web, HttpResponse};
use askama::Template;

use crate::web::{render, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/logs", web::get().to(logs));
}

#[derive(Template)]
#[template(path = "pages/placeholder.html")]
struct Placeholder<'a> {
    ctx: &'a Ctx,
    title: &'a str,
    text: &'a str,
}

async fn logs(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&Placeholder {
        ctx: &ctx,
        title: "Logs",
        text: "The logs of all games, to browse, replay and download, will be here.",
    })
}
