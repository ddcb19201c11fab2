//! `GET /healthz`: 200 when the database answers, 503 otherwise. `GET /metrics`: the
//! Prometheus metrics, open from this machine (not through a proxy) or with
//! `Authorization: Bearer $PLYPOST_METRICS_TOKEN`.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use diesel::connection::SimpleConnection;

use crate::metrics::METRICS;
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz))
        .route("/metrics", web::get().to(metrics));
}

/// Direct from this machine (a request relayed by a proxy on this machine carries a
/// forwarding header and needs the token), or with the token.
fn may_read_metrics(req: &HttpRequest, token: Option<&str>) -> bool {
    let headers = req.headers();
    let relayed = headers.contains_key("x-forwarded-for")
        || headers.contains_key("forwarded")
        || headers.contains_key("x-real-ip");
    let local = req.peer_addr().is_some_and(|a| a.ip().is_loopback());
    if local && !relayed {
        return true;
    }
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match (token, sent) {
        (Some(token), Some(sent)) => {
            crate::web::csrf::constant_time_eq(token.as_bytes(), sent.trim().as_bytes())
        }
        _ => false,
    }
}

async fn metrics(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    if !may_read_metrics(&req, state.config.metrics_token.as_deref()) {
        return HttpResponse::Forbidden()
            .content_type("text/plain; charset=utf-8")
            .body("/metrics is open from this machine, or with Authorization: Bearer <PLYPOST_METRICS_TOKEN>\n");
    }
    let clock = state.clock.clone();
    let oldest = state
        .db(move |conn| crate::mail::outbox::oldest_waiting(conn, clock.now_db()))
        .await;
    match oldest {
        Ok(Ok(age)) => METRICS.mail_oldest_waiting.set(age.as_secs_f64()),
        _ => tracing::warn!("metrics: the outbox could not be read"),
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(METRICS.render())
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
