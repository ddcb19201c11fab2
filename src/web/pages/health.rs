//! `GET /healthz`: 200 when the database answers, 503 otherwise.

use actix_web::{web, HttpResponse};
use diesel::connection::SimpleConnection;

use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz));
}

async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let answer = state.db(|conn| conn.batch_execute("SELECT 1")).await;
    match answer {
        Ok(Ok(())) => HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .insert_header(("Cache-Control", "no-store"))
            .body("ok\n"),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "health check: database did not answer");
            unavailable()
        }
        Err(e) => {
            tracing::warn!(error = %e, "health check: no database connection");
            unavailable()
        }
    }
}

fn unavailable() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body("database unavailable\n")
}
