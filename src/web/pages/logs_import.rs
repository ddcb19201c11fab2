//! Importing PGN files through the web: a form for signed-in players (a file, or text
//! pasted), multipart, at most 5 MB, with its CSRF token checked like every form.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use futures_util::StreamExt;

use crate::logs::import::{self, ImportOutcome, MAX_UPLOAD_BYTES};
use crate::logs::LogError;

use crate::web::{csrf, render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/logs/import", web::get().to(form))
        .route("/logs/import", web::post().to(submit));
}

struct ResultView {
    index: usize,
    white: String,
    black: String,
    link: Option<String>,
    message: String,
}

#[derive(Template)]
#[template(path = "pages/logs/import.html")]
struct ImportPage<'a> {
    ctx: &'a Ctx,
    max_mb: usize,
    error: Option<String>,
    results: Vec<ResultView>,
    imported: usize,
    refused: usize,
}

fn page<'a>(ctx: &'a Ctx, error: Option<String>) -> ImportPage<'a> {
    ImportPage {
        ctx,
        max_mb: MAX_UPLOAD_BYTES / (1024 * 1024),
        error,
        results: Vec::new(),
        imported: 0,
        refused: 0,
    }
}

async fn form(ctx: Ctx) -> Result<HttpResponse, WebError> {
    ctx.require_user()?;
    render::page(&page(&ctx, None))
}

/// The fields of the upload, read with a running size check.
async fn read_upload(payload: &mut Multipart) -> Result<(Option<String>, Vec<u8>), WebError> {
    let unreadable =
        || WebError::BadRequest(crate::web::language::current().t("logs-import-unreadable"));
    let mut token = None;
    let mut text = Vec::new();
    let mut total = 0usize;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|_| unreadable())?;
        let name = field.name().unwrap_or_default().to_owned();
        let mut value = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| unreadable())?;
            total += chunk.len();
            if total > MAX_UPLOAD_BYTES {
                return Err(WebError::PayloadTooLarge);
            }
            value.extend_from_slice(&chunk);
        }
        match name.as_str() {
            csrf::FIELD => token = String::from_utf8(value).ok(),
            "file" | "text" => {
                if !text.is_empty() && !value.is_empty() {
                    text.push(b'\n');
                }
                text.extend_from_slice(&value);
            }
            _ => {}
        }
    }
    Ok((token, text))
}

async fn submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    req: HttpRequest,
    payload: Result<Multipart, actix_web::Error>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let too_big = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        .is_some_and(|n| n > MAX_UPLOAD_BYTES + 64 * 1024);
    if too_big {
        return Err(WebError::PayloadTooLarge);
    }
    let mut payload = payload.map_err(|_| WebError::BadRequest(ctx.t("logs-import-use-form")))?;
    let (token, bytes) = read_upload(&mut payload).await?;
    csrf::verify(&req, token.as_deref())?;
    let Ok(text) = String::from_utf8(bytes) else {
        return render::page_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &page(&ctx, Some(ctx.t("logs-import-not-utf8"))),
        );
    };
    if text.trim().is_empty() {
        return render::page_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &page(&ctx, Some(ctx.t("logs-import-empty"))),
        );
    }
    // One import at a time per server process: imports replay every move, and must not take
    // the connections that pages need.
    let Some(_one_at_a_time) = crate::web::HeavyWork::turn(&state.heavy_work.imports).await else {
        return render::page_with_status(
            StatusCode::TOO_MANY_REQUESTS,
            &page(&ctx, Some(ctx.t("logs-import-busy"))),
        );
    };
    let clock = state.clock.clone();
    let report = match state
        .db(move |conn| import::import_pgn(conn, &*clock, &text, Some(user)))
        .await?
    {
        Ok(report) => report,
        Err(LogError::Limit(message)) => {
            return render::page_with_status(
                StatusCode::TOO_MANY_REQUESTS,
                &page(&ctx, Some(message.text(&ctx.lang))),
            )
        }
        Err(e) => return Err(WebError::Internal(e.to_string())),
    };
    let mut view = page(&ctx, None);
    view.imported = report.imported();
    view.refused = report.refused();
    if report.games.is_empty() {
        view.error = Some(ctx.t("logs-import-none-found"));
    }
    view.results = report
        .games
        .into_iter()
        .map(|(index, outcome)| match outcome {
            ImportOutcome::Imported {
                id,
                white,
                black,
                plies,
            } => ResultView {
                index,
                white,
                black,
                link: Some(format!("/logs/{id}")),
                message: ctx.lang.t2(
                    "logs-import-result-imported",
                    "id",
                    id.to_string(),
                    "plies",
                    plies,
                ),
            },
            ImportOutcome::Refused {
                white,
                black,
                reason,
            } => ResultView {
                index,
                white,
                black,
                link: None,
                message: ctx.lang.t1(
                    "logs-import-result-refused",
                    "reason",
                    reason.text(&ctx.lang),
                ),
            },
        })
        .collect();
    let status = if view.imported == 0 {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render::page_with_status(status, &view)
}
