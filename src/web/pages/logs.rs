//! Logs pages: the list with filters (`/logs`), a game's replay (`/logs/{id}?ply=N`), its
//! downloads (`/logs/{id}.pgn`, `/logs/{id}.json`) and the bulk export
//! (`/logs/export.pgn?<filters>`, streamed batch by batch from the database).

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpResponse};
use askama::Template;

use crate::domain::EndReason;
use crate::domain::Side;
use crate::games::GameId;
use crate::i18n::{DateStyle, Lang};
use crate::logs::filter::{Cursor, FilterQuery, LogFilter, StatusFilter};
use crate::logs::list::{self, LogRow, RowStatus, PAGE_SIZE};
use crate::logs::{self, record, LogError, Replay};
use crate::presets::{builtin_choices, BuiltinChoice};
use crate::web::pages::games::view;
use crate::web::pages::games::words;
use crate::web::{render, AppState, Ctx, HeavyWork, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/logs", web::get().to(index))
        .route("/logs/export.pgn", web::get().to(export))
        .configure(super::logs_import::configure)
        .route("/logs/{name}", web::get().to(game_file));
}

fn log_error(err: LogError) -> WebError {
    match err {
        LogError::NotFound => WebError::NotFound,
        LogError::Invalid(text) => {
            WebError::BadRequest(text.text(&crate::web::language::current()))
        }
        other => WebError::Internal(other.to_string()),
    }
}

fn time_zone(ctx: &Ctx) -> &str {
    ctx.user.as_ref().map_or("UTC", |u| u.time_zone.as_str())
}

struct RowView {
    /// The game's number (`None` for an open challenge).
    number: Option<String>,
    link: Option<String>,
    white: String,
    black: String,
    /// After a rated game: the ratings the players came out of it with.
    ratings: Option<(String, String)>,
    /// White, Black is a bot.
    bots: (bool, bool),
    variant: String,
    preset: String,
    status: String,
    moves: i64,
    last_move: String,
    started: String,
    to_move: String,
    imported: bool,
}

/// A row's status in words: an open challenge, or where the game stands.
fn status_text(lang: &Lang, status: RowStatus) -> String {
    match status {
        RowStatus::Challenge { .. } => lang.t("logs-status-challenge"),
        RowStatus::Game {
            status,
            result,
            reason,
        } => words::status_text(lang, status, result, reason),
    }
}

fn row_view(lang: &Lang, row: LogRow, tz: &str) -> RowView {
    let when = |t| lang.datetime(t, tz, DateStyle::DateTime);
    let name = |name: &Option<String>| match name {
        Some(name) => words::player(lang, name),
        None => lang.t("logs-anyone"),
    };
    let (mut white, black) = (name(&row.white), name(&row.black));
    let to_move = row.to_move.map(|side| {
        let player = if side == Side::White { &white } else { &black };
        lang.t2(
            "logs-to-move",
            "name",
            player.as_str(),
            "side",
            words::side_word(lang, side),
        )
    });
    if row.status
        == (RowStatus::Challenge {
            random_colours: true,
        })
    {
        white = lang.t1("logs-colour-at-random", "name", white);
    }
    RowView {
        number: row.game.map(|id| id.to_string()),
        link: row
            .game
            .map(|id| format!("/logs/{id}"))
            .or_else(|| row.challenge.map(|_| "/games".to_owned())),
        white,
        black,
        ratings: row.ratings,
        bots: row.bots,
        variant: list::variant_title(lang, &row.variant),
        preset: if row.preset.is_empty() {
            String::new()
        } else {
            format!(
                "{} v{}",
                crate::i18n::preset_name(lang, &row.preset),
                row.preset_version
            )
        },
        status: status_text(lang, row.status),
        moves: row.moves,
        last_move: row.last_move_at.map_or_else(|| "—".to_owned(), when),
        started: when(row.created_at),
        to_move: to_move.unwrap_or_default(),
        imported: row.imported,
    }
}

#[derive(Template)]
#[template(path = "pages/logs/index.html")]
struct IndexPage<'a> {
    ctx: &'a Ctx,
    q: FilterQuery,
    variants: Vec<BuiltinChoice>,
    reasons: Vec<(&'static str, String, bool)>,
    problems: Vec<String>,
    rows: Vec<RowView>,
    total: i64,
    /// "1,234" or, past the count's bound, "10,000+".
    total_text: String,
    challenges: bool,
    first_link: Option<String>,
    prev_link: Option<String>,
    next_link: Option<String>,
    export_link: String,
}

fn page_link(filter: &LogFilter, key: &str, cursor: Option<Cursor>) -> String {
    let mut pairs = filter.query_pairs();
    if let Some(c) = cursor {
        pairs.push((
            if key == "after" { "after" } else { "before" },
            c.to_param(),
        ));
    }
    let query = serde_urlencoded::to_string(pairs).unwrap_or_default();
    if query.is_empty() {
        "/logs".to_owned()
    } else {
        format!("/logs?{query}")
    }
}

async fn index(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: Result<web::Query<FilterQuery>, actix_web::Error>,
) -> Result<HttpResponse, WebError> {
    // A query string that cannot be read at all is treated as no filter, and said so.
    let (q, unreadable) = match q {
        Ok(q) => (q.into_inner(), false),
        Err(_) => (FilterQuery::default(), true),
    };
    let (filter, problems) = LogFilter::parse(&q);
    let mut problems: Vec<String> = problems.iter().map(|p| p.text(&ctx.lang)).collect();
    if unreadable {
        problems.push(ctx.t("logs-unreadable-filters"));
    }
    let f = filter.clone();
    let result = state
        .db(move |conn| -> Result<_, LogError> {
            let resolved = list::resolve(conn, &f)?;
            if f.status == StatusFilter::Open {
                let page = list::challenges_page(conn, &f, &resolved, PAGE_SIZE)?;
                let total = page.rows.len() as i64;
                Ok((page.rows, page.prev, page.next, total))
            } else {
                let page = list::games_page(conn, &f, &resolved, PAGE_SIZE)?;
                let total = list::count_games(conn, &f, &resolved)?;
                let rows = list::game_rows(conn, &page.games)?;
                Ok((rows, page.prev, page.next, total))
            }
        })
        .await?;
    let (rows, prev, next, total) = result.map_err(log_error)?;
    let tz = time_zone(&ctx).to_owned();
    let paged = filter.after.is_some() || filter.before.is_some();
    let page = IndexPage {
        ctx: &ctx,
        variants: builtin_choices(&ctx.lang),
        reasons: EndReason::ALL
            .iter()
            .map(|r| {
                (
                    r.as_str(),
                    ctx.t1("end-reason", "reason", r.as_str()),
                    q.reason == r.as_str(),
                )
            })
            .collect(),
        problems,
        rows: rows
            .into_iter()
            .map(|r| row_view(&ctx.lang, r, &tz))
            .collect(),
        total_text: if total > list::COUNT_BOUND {
            format!("{}+", ctx.lang.number(list::COUNT_BOUND))
        } else {
            ctx.lang.number(total)
        },
        total,
        challenges: filter.status == StatusFilter::Open,
        first_link: paged.then(|| page_link(&filter, "", None)),
        prev_link: prev.map(|c| page_link(&filter, "before", Some(c))),
        next_link: next.map(|c| page_link(&filter, "after", Some(c))),
        export_link: {
            let qs = filter.query_string();
            if qs.is_empty() {
                "/logs/export.pgn".to_owned()
            } else {
                format!("/logs/export.pgn?{qs}")
            }
        },
        q,
    };
    render::page(&page)
}

/// `/logs/42`, `/logs/42.pgn`, `/logs/42.json`.
async fn game_file(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: Result<web::Query<ReplayQuery>, actix_web::Error>,
) -> Result<HttpResponse, WebError> {
    let name = path.into_inner();
    let (stem, ext) = match name.rsplit_once('.') {
        Some((stem, ext)) => (stem, Some(ext)),
        None => (name.as_str(), None),
    };
    let id = crate::web::pages::games::parse_id(stem)?;
    match ext {
        None => {
            let (ply, part) = match q {
                Ok(q) => (q.ply.trim().parse::<i64>().ok(), q.part == "board"),
                Err(_) => (None, false),
            };
            show(state, ctx, GameId(id), ply, part).await
        }
        Some("pgn") => download(state, GameId(id), false).await,
        Some("json") => download(state, GameId(id), true).await,
        Some(_) => Err(WebError::NotFound),
    }
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct ReplayQuery {
    ply: String,
    /// `board`: only the board and its links, for replay.js to step without a reload.
    part: String,
}

async fn download(
    state: web::Data<AppState>,
    id: GameId,
    json: bool,
) -> Result<HttpResponse, WebError> {
    let base = state.config.base_url.to_string();
    let text = state
        .db(move |conn| -> Result<String, LogError> {
            let rec = record::load(conn, id)?;
            if json {
                let rules = record::preset_rules(conn, rec.game.preset_version_id)?;
                Ok(record::to_json(&rec, &rules, &base))
            } else {
                Ok(record::to_pgn(&rec, &base))
            }
        })
        .await?
        .map_err(log_error)?;
    let (mime, ext) = if json {
        ("application/json", "json")
    } else {
        ("application/x-chess-pgn; charset=utf-8", "pgn")
    };
    Ok(HttpResponse::Ok()
        .content_type(mime)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"plypost-{id}.{ext}\""),
        ))
        .body(text))
}

struct MoveView {
    ply: i64,
    number: String,
    text: String,
    comment: Option<String>,
    played_at: String,
    current: bool,
}

#[derive(Template)]
#[template(path = "pages/logs/show.html")]
struct ShowPage<'a> {
    ctx: &'a Ctx,
    id: GameId,
    variant: String,
    preset: String,
    white: String,
    black: String,
    status: String,
    time_control: String,
    started: String,
    imported: bool,
    total: i64,
    clamped: bool,
    /// The board with where it stands and the step links ([`BoardPart`]).
    board_part: String,
    sprite: &'static str,
    moves: Vec<MoveView>,
}

/// The replay's board, the position's words, the step links and the FEN: the part of the log
/// page that changes from ply to ply.
#[derive(Template)]
#[template(path = "pages/logs/board_part.html")]
struct BoardPart {
    lang: crate::i18n::Lang,
    id: GameId,
    ply: i64,
    total: i64,
    position_text: String,
    board: String,
    fen: String,
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    id: GameId,
    ply: Option<i64>,
    part_only: bool,
) -> Result<HttpResponse, WebError> {
    let replay = state
        .db(move |conn| logs::replay(conn, id, ply))
        .await?
        .map_err(log_error)?;
    let Replay {
        record,
        rules,
        ply,
        position,
        last_compact,
        clamped,
    } = replay;
    let tz = time_zone(&ctx).to_owned();
    let g = &record.game;
    let (white_first, first_number) = record::fen_turn(&g.start_fen);
    // SAN, unless the viewer chose long notation (or the moves do not replay).
    let long = ctx.user.as_ref().is_some_and(|u| u.long_notation);
    let stored = || record.moves.iter().map(|m| m.move_text.clone()).collect();
    let texts: Vec<String> = if long {
        stored()
    } else {
        crate::games::query::san_of(
            &record.variant,
            &g.start_fen,
            record.moves.iter().map(|m| m.compact.as_str()),
        )
        .unwrap_or_else(|_| stored())
    };
    let moves: Vec<MoveView> = record
        .moves
        .iter()
        .zip(texts)
        .map(|(m, text)| {
            let index = m.ply - 1;
            let white = (index % 2 == 0) == white_first;
            let number = i64::from(first_number) + (index + i64::from(!white_first)) / 2;
            MoveView {
                ply: m.ply,
                number: if white {
                    format!("{number}.")
                } else {
                    format!("{number}...")
                },
                text,
                comment: m.comment.clone(),
                played_at: ctx.lang.datetime(m.played_at, &tz, DateStyle::DateTime),
                current: m.ply == ply,
            }
        })
        .collect();
    let total = record.moves.len() as i64;
    let position_text = match moves.iter().find(|m| m.current) {
        Some(m) => ctx.t2("logs-position-after", "number", &m.number, "move", &m.text),
        None => ctx.t("logs-start-position"),
    };
    let part = BoardPart {
        lang: ctx.lang.clone(),
        id,
        ply,
        total,
        position_text,
        board: view::board_svg(
            &position,
            false,
            last_compact.as_deref().and_then(view::compact_squares),
        ),
        fen: position.to_fen(),
    }
    .render()?;
    if part_only {
        return Ok(HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header(("Cache-Control", "no-store"))
            .body(part));
    }
    let page = ShowPage {
        ctx: &ctx,
        id,
        variant: ctx.lang.variant(&rules.variant),
        preset: format!(
            "{} v{}",
            crate::i18n::preset_name(&ctx.lang, &record.preset.name),
            record.preset.version
        ),
        white: words::player(&ctx.lang, &record.white),
        black: words::player(&ctx.lang, &record.black),
        status: words::status_text(&ctx.lang, g.status, g.result, g.result_reason),
        time_control: record::time_control(g).describe_in(&ctx.lang),
        started: ctx.lang.datetime(g.created_at, &tz, DateStyle::DateTime),
        imported: g.imported,
        total,
        clamped,
        board_part: part,
        sprite: plypost_board::sprite(),
        moves,
    };
    render::page(&page)
}

/// Games in one export: past it, the file ends with a note to narrow the filters.
pub const EXPORT_MAX_GAMES: i64 = 1_000;
/// Exports per client address per [`EXPORT_WINDOW`], and at once per server process.
pub const EXPORTS_PER_WINDOW: u32 = 10;
pub const EXPORT_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);

/// The games matching the filters as one PGN file, fetched and written one batch at a time.
async fn export(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    q: Result<web::Query<FilterQuery>, actix_web::Error>,
) -> Result<HttpResponse, WebError> {
    if !state.export_limits.allow(crate::web::client_ip(&req)) {
        return Err(WebError::TooManyRequests(format!(
            "At most {EXPORTS_PER_WINDOW} exports in {} minutes from one address; \
             please wait a while.",
            EXPORT_WINDOW.as_secs() / 60
        )));
    }
    let Some(permit) = HeavyWork::turn(&state.heavy_work.exports).await else {
        return Err(WebError::TooManyRequests(
            crate::web::language::current().t("logs-export-busy"),
        ));
    };
    let q = q.map(|q| q.into_inner()).unwrap_or_default();
    let (filter, _) = LogFilter::parse(&q);
    let f = filter.clone();
    let resolved = state
        .db(move |conn| list::resolve(conn, &f))
        .await?
        .map_err(log_error)?;
    let base = state.config.base_url.to_string();
    // (state, cursor, batches left, finished); the permit goes with the stream.
    let start = (
        state,
        None::<Cursor>,
        EXPORT_MAX_GAMES / logs::EXPORT_BATCH,
        false,
    );
    let stream = futures_util::stream::unfold(start, move |(state, cursor, left, done)| {
        let (filter, resolved, base) = (filter.clone(), resolved.clone(), base.clone());
        let _permit = &permit;
        async move {
            if done {
                return None;
            }
            if left == 0 {
                // A PGN escape line (`%` in the first column): readers skip it.
                let note = format!(
                    "% plypost: an export stops after {EXPORT_MAX_GAMES} games; narrow the \
                     filters (player, variant, dates) for the rest.\n"
                );
                return Some((Ok(Bytes::from(note)), (state, None, 0, true)));
            }
            let batch = state
                .db(move |conn| logs::export_batch(conn, &filter, &resolved, cursor, &base))
                .await;
            match batch {
                Ok(Ok((text, next))) => {
                    let finished = next.is_none();
                    Some((Ok(Bytes::from(text)), (state, next, left - 1, finished)))
                }
                // The status line is already sent: end the body early and log why.
                Ok(Err(e)) => {
                    tracing::error!(error = %e, "bulk export failed");
                    Some((
                        Err(WebError::Internal(e.to_string())),
                        (state, None, 0, true),
                    ))
                }
                Err(e) => Some((Err(e), (state, None, 0, true))),
            }
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"plypost-games.pgn\"",
        ))
        .streaming(stream))
}
