//! The analysis board (`/games/{id}/analysis`) and a player's conditional moves
//! (`/games/{id}/conditional`).
//!
//! The analysis board is a page per position: the line played from the game's position is in
//! the address (`?line=e7e5,g1f3&at=2`), every move is checked by the engine on the server,
//! and the board takes clicks with board.js as the game page does (its move form here is a
//! GET that extends the line). Nothing is stored until the line is saved as conditional
//! moves.

use std::sync::Arc;

use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::{error_response, parse_id, view};
use crate::analysis;
use crate::games::conditional::{self, CheckedTree, Step};
use crate::games::query;
use crate::games::{GameError, GameId};
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}/analysis", web::get().to(analysis))
        .route("/games/{id}/conditional", web::get().to(show))
        .route("/games/{id}/conditional", web::post().to(save))
        .route("/games/{id}/conditional/add", web::post().to(add))
        .route("/games/{id}/conditional/delete", web::post().to(delete));
}

/// Longest line the analysis board follows.
const MAX_ANALYSIS_PLIES: usize = 200;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct AnalysisQuery {
    /// Moves from the game's position, compact, comma-separated.
    line: String,
    /// How many of them are shown played (default: all).
    at: Option<usize>,
    /// A move to play at `at` (the board's move form): the line is cut there and extended.
    #[serde(rename = "move")]
    mv: String,
    /// Ask the engine about the position shown (finished games only).
    evaluate: Option<String>,
}

/// The engine's verdict on the position shown, worded for the page.
pub struct Verdict {
    /// "+0.35 (White is better)", "Black mates in 3".
    pub score: String,
    /// The best line in SAN, numbered from the position.
    pub line: String,
    pub depth: u32,
    pub nodes: u64,
}

pub struct LineStep {
    pub number: String,
    pub san: String,
    /// The address of the position after this move.
    pub href: String,
    pub current: bool,
}

#[derive(Template)]
#[template(path = "pages/games/analysis.html")]
struct AnalysisPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    variant: String,
    sprite: &'static str,
    board: String,
    legal_json: Arc<str>,
    steps: Vec<LineStep>,
    /// The line so far, compact, for the form.
    line: String,
    at: usize,
    back: Option<String>,
    forward: Option<String>,
    error: Option<String>,
    to_move: &'static str,
    /// The viewer may save the line shown as conditional moves (with the game's ply).
    can_save: Option<i64>,
    /// The engine may be asked (a finished game, a signed-in viewer).
    can_evaluate: bool,
    verdict: Option<Verdict>,
}

fn analysis_href(id: i64, line: &[String], at: usize) -> String {
    format!("/games/{id}/analysis?line={}&at={at}", line.join(","))
}

async fn analysis(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<AnalysisQuery>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let q = q.into_inner();
    let mut line: Vec<String> = q
        .line
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .take(MAX_ANALYSIS_PLIES)
        .map(str::to_owned)
        .collect();
    let log = state.move_logs.clone();
    let data = match state
        .db(move |db| query::game_data(db, &log, GameId(id)))
        .await?
    {
        Ok(data) => data,
        Err(e) => return error_response(&ctx, e, "/games"),
    };
    let first_ply = data.game.ply + 1;
    let mut error = None;
    let mut at = q.at.unwrap_or(line.len()).min(line.len());
    if !q.mv.trim().is_empty() {
        line.truncate(at);
        line.push(q.mv.trim().to_owned());
    }
    let steps = match conditional::follow(&data.position, &data.rules, first_ply, 0, &line) {
        Ok(steps) => steps,
        Err(e) => {
            error = Some(e.localized(&ctx.lang));
            line.pop();
            conditional::follow(&data.position, &data.rules, first_ply, 0, &line)
                .unwrap_or_default()
        }
    };
    let compact: Vec<String> = steps.iter().map(|s| s.compact.clone()).collect();
    if !q.mv.trim().is_empty() && error.is_none() {
        return Ok(render::redirect(&analysis_href(
            id,
            &compact,
            compact.len(),
        )));
    }
    at = at.min(steps.len());
    let shown = if at == 0 {
        &data.position
    } else {
        &steps[at - 1].after
    };
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let flipped = viewer == Some(data.game.black_id) && viewer != Some(data.game.white_id);
    let mut last = at
        .checked_sub(1)
        .and_then(|i| view::compact_squares(&compact[i]));
    // The engine judges finished games only: never a game that is still being played.
    let can_evaluate = !data.game.is_active() && viewer.is_some();
    let verdict = if q.evaluate.is_some() {
        let user = ctx.require_user()?;
        if data.game.is_active() {
            return Err(WebError::Forbidden);
        }
        let (verdict, best) = evaluate(&state, &ctx.lang, user, shown, data.rules.options).await?;
        last = best.or(last);
        Some(verdict)
    } else {
        None
    };
    let over = plypost_rules::Game::outcome_at(shown, 1, data.rules.options).is_some();
    let can_save = viewer
        .filter(|v| data.game.is_active() && data.game.is_player(*v))
        .filter(|v| data.game.player_to_move() != *v)
        .filter(|_| at >= 2 && at.is_multiple_of(2))
        .map(|_| data.game.ply);
    let page = AnalysisPage {
        ctx: &ctx,
        id,
        variant: ctx.lang.variant(&data.rules.variant),
        sprite: plypost_board::sprite(),
        board: view::board_svg_in(&ctx.lang, shown, flipped, last),
        legal_json: if over {
            Arc::from("[]")
        } else {
            Arc::from(view::legal_moves_json(&ctx.lang, shown))
        },
        steps: line_steps(&steps, first_ply, at, |n| analysis_href(id, &compact, n)),
        line: compact[..at].join(","),
        at,
        back: (at > 0).then(|| analysis_href(id, &compact, at - 1)),
        forward: (at < compact.len()).then(|| analysis_href(id, &compact, at + 1)),
        error,
        to_move: if shown.side_to_move() == plypost_rules::Color::White {
            "white"
        } else {
            "black"
        },
        can_save,
        can_evaluate,
        verdict,
    };
    render::page(&page)
}

/// Asks the engine about `position` (one of the server's engine slots, within the viewer's
/// budget of analyses): the verdict in `lang` and the best move's squares, to mark on the
/// board.
pub(super) async fn evaluate(
    state: &AppState,
    lang: &crate::i18n::Lang,
    user: &crate::accounts::User,
    position: &plypost_rules::Position,
    options: plypost_rules::RuleOptions,
) -> Result<
    (
        Verdict,
        Option<(plypost_rules::Square, plypost_rules::Square)>,
    ),
    WebError,
> {
    if !state.analysis_limits.allow(user.id.0) {
        return Err(WebError::TooManyRequests(lang.t1(
            "analysis-too-many",
            "count",
            crate::web::api::analysis::PER_MINUTE,
        )));
    }
    let Ok(_slot) = state.engine_slots.clone().try_acquire_owned() else {
        return Err(WebError::Unavailable(
            crate::web::language::current().t("game-engines-busy"),
        ));
    };
    let prepared = analysis::at_position(position, options, analysis::DEFAULT_MOVETIME_MS);
    let verdict = web::block(move || analysis::evaluate(&prepared))
        .await
        .map_err(|e| WebError::Internal(format!("analysis: {e}")))?;
    let best = verdict
        .pv_uci
        .first()
        .and_then(|uci| view::compact_squares(uci));
    Ok((words(lang, &verdict, position), best))
}

/// A verdict in words of `lang`: the score from White's side, the line numbered from
/// `position`.
fn words(
    lang: &crate::i18n::Lang,
    verdict: &analysis::Analysis,
    position: &plypost_rules::Position,
) -> Verdict {
    let score = super::words::score_text(lang, verdict.score);
    let mut number = position.fullmove_number();
    let mut white = position.side_to_move() == plypost_rules::Color::White;
    let mut line = Vec::new();
    for (i, san) in verdict.pv.iter().enumerate() {
        if white {
            line.push(format!("{number}. {san}"));
        } else if i == 0 {
            line.push(format!("{number}… {san}"));
        } else {
            line.push(san.clone());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    Verdict {
        score,
        line: line.join(" "),
        depth: verdict.depth,
        nodes: verdict.nodes,
    }
}

/// The moves of an analysis line, numbered from `first_ply`, each linking to the board
/// after it (`link(n)`: the address with `n` moves played).
pub(super) fn line_steps(
    steps: &[Step],
    first_ply: i64,
    at: usize,
    link: impl Fn(usize) -> String,
) -> Vec<LineStep> {
    steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let ply = first_ply + i as i64;
            let number = if ply % 2 == 1 {
                format!("{}.", ply / 2 + 1)
            } else {
                format!("{}...", ply / 2)
            };
            LineStep {
                number,
                san: step.san.clone(),
                href: link(i + 1),
                current: i + 1 == at,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "pages/games/conditional.html")]
struct ConditionalPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    /// The tree, one line of standard notation per line.
    lines: Vec<String>,
    /// What the text box holds.
    text: String,
    ply: i64,
    error: Option<String>,
    notice: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DoneQuery {
    done: String,
}

fn tree_lines(tree: &Option<CheckedTree>) -> Vec<String> {
    tree.as_ref()
        .map(|t| t.san.iter().map(|line| line.join(" ")).collect())
        .unwrap_or_default()
}

/// The game's ply and the viewer's tree, for a player of the game.
async fn load_tree(
    state: &AppState,
    id: i64,
    user: crate::db::UserId,
) -> Result<Result<(i64, Option<CheckedTree>), GameError>, WebError> {
    state
        .db(move |db| {
            let game = crate::games::GameRow::load(db, GameId(id))?;
            if !game.is_player(user) {
                return Err(GameError::Forbidden(crate::i18n::Message::new(
                    "error-game-conditional-private-not-player",
                )));
            }
            Ok((game.ply, conditional::shown(db, GameId(id), user)?))
        })
        .await
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (ply, tree) = match load_tree(&state, id, user).await? {
        Ok(found) => found,
        Err(e) => return error_response(&ctx, e, &format!("/games/{id}")),
    };
    let lines = tree_lines(&tree);
    render::page(&ConditionalPage {
        ctx: &ctx,
        id,
        text: lines.join("\n"),
        lines,
        ply,
        error: None,
        notice: match q.done.as_str() {
            "saved" => Some(ctx.t("conditional-saved")),
            "deleted" => Some(ctx.t("conditional-deleted")),
            _ => None,
        },
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TreeForm {
    lines: String,
    line: String,
    ply: Option<i64>,
}

async fn save(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<TreeForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let lines = conditional::parse_text(&form.lines);
    let clock = state.clock.clone();
    let result = state
        .db(move |db| conditional::save(db, &*clock, GameId(id), user, form.ply, &lines))
        .await?;
    saved_or_refused(&state, &ctx, id, user, result, form.lines).await
}

/// After a save: back to the page, or the page again with the refusal and the text typed.
async fn saved_or_refused(
    state: &AppState,
    ctx: &Ctx,
    id: i64,
    user: crate::db::UserId,
    result: Result<CheckedTree, GameError>,
    typed: String,
) -> Result<HttpResponse, WebError> {
    let err = match result {
        Ok(_) => {
            return Ok(render::redirect(&format!(
                "/games/{id}/conditional?done=saved"
            )))
        }
        Err(GameError::Invalid(message)) => message.text(&ctx.lang),
        Err(e) => return error_response(ctx, e, &format!("/games/{id}/conditional")),
    };
    let (ply, tree) = match load_tree(state, id, user).await? {
        Ok(found) => found,
        Err(e) => return error_response(ctx, e, &format!("/games/{id}")),
    };
    render::page_with_status(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        &ConditionalPage {
            ctx,
            id,
            lines: tree_lines(&tree),
            text: typed,
            ply,
            error: Some(err),
            notice: None,
        },
    )
}

async fn add(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<TreeForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let line: Vec<String> = form
        .line
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    let typed = line.join(" ");
    let clock = state.clock.clone();
    let result = state
        .db(move |db| conditional::add_line(db, &*clock, GameId(id), user, form.ply, line))
        .await?;
    saved_or_refused(&state, &ctx, id, user, result, typed).await
}

async fn delete(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let result = state
        .db(move |db| {
            let game = crate::games::GameRow::load(db, GameId(id))?;
            if !game.is_player(user) {
                return Err(GameError::Forbidden(crate::i18n::Message::new(
                    "error-game-conditional-players-only",
                )));
            }
            conditional::delete(db, GameId(id), user)
        })
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!(
            "/games/{id}/conditional?done=deleted"
        ))),
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}
