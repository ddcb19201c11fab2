//! `/analysis`: a free analysis board — any preset, any FEN, a line of moves of both sides
//! checked by the rules, and (signed in) the engine's verdict on the position shown. Nothing
//! is stored; the board's state is its address.

use std::sync::Arc;

use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::conditional::{evaluate, line_steps, LineStep, Verdict};
use super::view;
use crate::analysis::{self, AnalysisError};
use crate::games::conditional as lines;
use crate::web::{render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/analysis", web::get().to(board));
}

/// Longest line the board follows.
const MAX_PLIES: usize = 200;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct BoardQuery {
    /// A preset's slug (default: chess).
    preset: String,
    /// The start position (default: the preset's setup).
    fen: String,
    /// Moves from the start, compact, comma-separated.
    line: String,
    /// How many of them are shown played (default: all).
    at: Option<usize>,
    /// A move to play at `at`: the line is cut there and extended.
    #[serde(rename = "move")]
    mv: String,
    /// Ask the engine about the position shown (signed in).
    evaluate: Option<String>,
}

#[derive(Template)]
#[template(path = "pages/analysis_free.html")]
struct BoardPage<'a> {
    ctx: &'a Ctx,
    preset: String,
    fen: String,
    variant: String,
    sprite: &'static str,
    board: String,
    legal_json: Arc<str>,
    steps: Vec<LineStep>,
    line: String,
    at: usize,
    back: Option<String>,
    forward: Option<String>,
    start: String,
    error: Option<String>,
    to_move: &'static str,
    /// The FEN of the position shown, to copy or to start from.
    shown_fen: String,
    verdict: Option<Verdict>,
}

/// The board's address for a line cut at `at`.
fn href(preset: &str, fen: &str, line: &[String], at: usize) -> String {
    let mut query = vec![("preset", preset.to_owned())];
    if !fen.is_empty() {
        query.push(("fen", fen.to_owned()));
    }
    query.push(("line", line.join(",")));
    query.push(("at", at.to_string()));
    let encoded: Vec<String> = query
        .iter()
        .map(|(k, v)| format!("{k}={}", urlencoding(v)))
        .collect();
    format!("/analysis?{}", encoded.join("&"))
}

/// Percent-encodes what a query value must not hold as is.
fn urlencoding(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b',' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn board(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let q = q.into_inner();
    let preset = match q.preset.trim() {
        "" => "chess".to_owned(),
        p => p.to_owned(),
    };
    let fen = q.fen.trim().to_owned();
    let (slug, typed) = (preset.clone(), fen.clone());
    let loaded = state
        .db(move |conn| analysis::board(conn, &slug, &typed))
        .await?;
    let (rules, start) = match loaded {
        Ok(found) => found,
        Err(AnalysisError::NoPreset) => return Err(WebError::NotFound),
        Err(AnalysisError::Invalid(message)) => {
            return Err(WebError::BadRequest(message.text(&ctx.lang)))
        }
        Err(AnalysisError::Preset(e)) => return Err(WebError::Internal(e.to_string())),
    };
    let mut line: Vec<String> = q
        .line
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .take(MAX_PLIES)
        .map(str::to_owned)
        .collect();
    let mut at = q.at.unwrap_or(line.len()).min(line.len());
    if !q.mv.trim().is_empty() {
        line.truncate(at);
        line.push(q.mv.trim().to_owned());
    }
    let first_ply = first_ply(&start);
    let mut error = None;
    let steps = match lines::follow(&start, &rules, first_ply, 0, &line) {
        Ok(steps) => steps,
        Err(e) => {
            error = Some(e.localized(&ctx.lang));
            line.pop();
            lines::follow(&start, &rules, first_ply, 0, &line).unwrap_or_default()
        }
    };
    let compact: Vec<String> = steps.iter().map(|s| s.compact.clone()).collect();
    if !q.mv.trim().is_empty() && error.is_none() {
        return Ok(render::redirect(&href(
            &preset,
            &fen,
            &compact,
            compact.len(),
        )));
    }
    at = at.min(steps.len());
    let shown = if at == 0 {
        &start
    } else {
        &steps[at - 1].after
    };
    let mut last = at
        .checked_sub(1)
        .and_then(|i| view::compact_squares(&compact[i]));
    let verdict = if q.evaluate.is_some() {
        let user = ctx.require_user()?;
        let (verdict, best) = evaluate(&state, &ctx.lang, user, shown, rules.options).await?;
        last = best.or(last);
        Some(verdict)
    } else {
        None
    };
    let over = plypost_rules::Game::outcome_at(shown, 1, rules.options).is_some();
    let page = BoardPage {
        ctx: &ctx,
        variant: ctx.lang.variant(&rules.variant),
        sprite: plypost_board::sprite(),
        board: view::board_svg_in(&ctx.lang, shown, false, last),
        legal_json: if over {
            Arc::from("[]")
        } else {
            Arc::from(view::legal_moves_json(&ctx.lang, shown))
        },
        steps: line_steps(&steps, first_ply, at, |n| href(&preset, &fen, &compact, n)),
        line: compact[..at].join(","),
        at,
        back: (at > 0).then(|| href(&preset, &fen, &compact, at - 1)),
        forward: (at < compact.len()).then(|| href(&preset, &fen, &compact, at + 1)),
        start: href(&preset, &fen, &[], 0),
        error,
        to_move: if shown.side_to_move() == plypost_rules::Color::White {
            "white"
        } else {
            "black"
        },
        shown_fen: shown.to_fen(),
        verdict,
        preset,
        fen,
    };
    render::page(&page)
}

/// The ply number of the first move from `start` (1 for White's first move).
fn first_ply(start: &plypost_rules::Position) -> i64 {
    let full = i64::from(start.fullmove_number().max(1));
    let black = start.side_to_move() == plypost_rules::Color::Black;
    2 * (full - 1) + 1 + i64::from(black)
}
