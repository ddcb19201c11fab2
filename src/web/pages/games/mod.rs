//! Game pages: the lobby (`/games`: challenges), the challenge form, the game page with its
//! move, resign and draw forms.

pub mod abandon;
mod board_png;
pub mod challenges;
pub mod chat;
pub mod conditional;
mod free_analysis;
pub mod notes;
mod reach;
pub mod view;
pub mod words;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use chrono::NaiveDateTime;
use serde::Deserialize;

use plypost_rules::Position;

use crate::accounts::User;
use crate::db::{DbConn, UserId};
use crate::domain::EndReason;
use crate::games::chat::{self as game_chat, ChatMessage};
use crate::games::clocks::ClockView;
use crate::games::move_log::MoveLogCache;
use crate::games::query::{self, GameData};
use crate::games::{GameError, GameId, GameRow};
use crate::i18n::{DateStyle, Lang};
use crate::play::{self, MoveInput};
use crate::web::render_cache::GameRenders;
use crate::web::session::PendingCtx;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    challenges::configure(cfg);
    abandon::configure(cfg);
    board_png::configure(cfg);
    reach::configure(cfg);
    chat::configure(cfg);
    conditional::configure(cfg);
    free_analysis::configure(cfg);
    notes::configure(cfg);
    cfg.route("/games/{id}", web::get().to(show))
        .route("/games/{id}/legend", web::get().to(legend))
        .route("/games/{id}/state", web::get().to(game_state))
        .route("/games/{id}/move", web::post().to(submit_move))
        .route("/games/{id}/resign", web::post().to(resign))
        .route("/games/{id}/draw/accept", web::post().to(accept_draw))
        .route("/games/{id}/draw/decline", web::post().to(decline_draw))
        .route("/games/{id}/takeback", web::post().to(ask_takeback))
        .route(
            "/games/{id}/takeback/accept",
            web::post().to(accept_takeback),
        )
        .route(
            "/games/{id}/takeback/decline",
            web::post().to(decline_takeback),
        );
}

/// Maps a service error to a response: user errors become pages with the service's words.
pub fn error_response(ctx: &Ctx, err: GameError, back: &str) -> Result<HttpResponse, WebError> {
    let refusal = crate::web::error::game_refusal(&err)?;
    render::message_page(
        ctx,
        refusal.status,
        &ctx.t(refusal.title),
        &err.localized(&ctx.lang),
        back,
    )
}

/// A chat message as shown.
pub struct ChatLine {
    pub id: i64,
    pub author: String,
    pub body: String,
    pub when: String,
    /// Written by the viewer (who cannot report it).
    pub mine: bool,
    pub reported: bool,
}

#[derive(Template)]
#[template(path = "pages/games/show.html")]
struct GamePage<'a> {
    ctx: &'a Ctx,
    id: GameId,
    variant: String,
    white: String,
    black: String,
    /// Both players' ratings in a rated game.
    ratings: Option<(String, String)>,
    /// The chat as shown, if the viewer may read it.
    chat: Option<Vec<ChatLine>>,
    active: bool,
    status_line: String,
    to_move: String,
    deadline: Option<String>,
    clock: ClockLines,
    board: Arc<str>,
    /// The drawings of this variant's pieces.
    sprite: Arc<str>,
    legal_json: Arc<str>,
    moves: Vec<view::MovePair>,
    /// "Last move: 12… Ge14 by bob (Black), 2025-03-02 14:05 CET".
    last_move: Option<String>,
    /// The board's text alternative: each side's pieces by square.
    board_text: Vec<view::SidePieces>,
    /// The board drawing's width over its height, for the CSS that fits it to the window.
    board_ratio: String,
    /// The viewer reads moves in long notation (else SAN).
    long_notation: bool,
    /// The no-JS Flip link: the page from the other side.
    flip_href: String,
    legend: Vec<view::LegendRow>,
    provisional: Option<String>,
    provisional_promotion: Option<String>,
    /// The named start position, when the preset lists several; and the start FEN.
    setup_name: Option<String>,
    start_fen: String,
    is_player: bool,
    can_move: bool,
    computer: ComputerSide,
    next_ply: i64,
    draw_offered_to_me: bool,
    /// "bob declined your draw offer", for the offerer until the next move.
    draw_declined: Option<String>,
    draw_offered_by_me: bool,
    /// Casual games: the viewer may ask to take back their last move.
    can_ask_takeback: bool,
    takeback_asked_of_me: bool,
    takeback_asked_by_me: bool,
    error: Option<String>,
    notice: Option<String>,
    typed_move: String,
    typed_comment: String,
    offer_draw: bool,
    /// The preset version the game is played with.
    preset: crate::presets::query::VersionLabel,
}

/// What a re-rendered form keeps and says.
#[derive(Default)]
struct FormState {
    error: Option<String>,
    notice: Option<String>,
    typed_move: String,
    typed_comment: String,
    offer_draw: bool,
    /// `?flip=1`: the viewer asked for the board from the other side.
    flip: bool,
}

/// The clock as the game page words it, in the viewer's time zone.
#[derive(Default)]
struct ClockLines {
    control: String,
    no_vacation: bool,
    time_left: Option<String>,
    urgent: bool,
    paused: bool,
    vacations: Vec<String>,
    waiting_reserve: Option<String>,
    can_abandon: bool,
}

/// What the game page reads from the database.
struct Loaded {
    data: GameData,
    clock: ClockView,
    /// White's and Black's ratings when the game started, shown beside their names; `None`:
    /// a casual game.
    ratings: Option<(String, String)>,
    /// The chat, if the viewer may read it.
    chat: Option<Vec<ChatMessage>>,
}

/// The moves as the viewer reads them: SAN (worked out once per game state and shared), or
/// the stored long notation for a player who chose it (and for a game that does not replay).
fn shown_moves(
    renders: &GameRenders,
    rules: &crate::presets::rules::Rules,
    game: &GameRow,
    moves: &crate::games::move_log::MoveLog,
    long: bool,
) -> Vec<String> {
    let stored = || moves.iter().map(|m| m.row.move_text.clone()).collect();
    if long {
        return stored();
    }
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for m in moves.iter() {
        m.row.compact.hash(&mut hasher);
    }
    let key = format!("{}\n{}\n{:x}", game.id, game.ply, hasher.finish());
    let joined = renders.san.get_or_render(key, || {
        crate::games::query::san_of(
            &rules.variant,
            &game.start_fen,
            moves.iter().map(|m| m.row.compact.as_str()),
        )
        .map(|sans| sans.join("\n"))
        .unwrap_or_default()
    });
    if joined.is_empty() && !moves.is_empty() {
        return stored();
    }
    joined.split('\n').map(str::to_owned).collect()
}

/// The computer's part in a game, for its page, and which players are bots.
struct ComputerSide {
    /// It is to move: the page polls the game's state.
    thinking: bool,
    /// It plays White, Black: its name links to no profile.
    white: bool,
    black: bool,
    /// White, Black is a bot: its name carries the BOT mark.
    bots: (bool, bool),
}

impl ComputerSide {
    fn of(
        game: &crate::games::model::GameRow,
        computer: Option<crate::db::UserId>,
        (white, black): (&crate::accounts::User, &crate::accounts::User),
    ) -> Self {
        ComputerSide {
            thinking: game.is_active() && computer == Some(game.player_to_move()),
            white: computer == Some(game.white_id),
            black: computer == Some(game.black_id),
            bots: (white.is_bot, black.is_bot),
        }
    }
}

fn game_page<'a>(
    ctx: &'a Ctx,
    renders: &GameRenders,
    Loaded {
        data,
        clock,
        ratings,
        chat,
    }: Loaded,
    form: FormState,
) -> GamePage<'a> {
    let GameData {
        game,
        mut white,
        mut black,
        moves,
        rules,
        position,
        preset,
        computer,
        ..
    } = data;
    for user in [&mut white, &mut black] {
        user.username = words::player(&ctx.lang, &user.username);
    }
    let viewer = ctx.user.as_ref();
    let viewer_id = viewer.map(|u| u.id);
    let time_zone = viewer.map_or("UTC", |u| u.time_zone.as_str());
    let is_player = viewer_id.is_some_and(|v| game.is_player(v));
    let can_move = game.is_active() && viewer_id == Some(game.player_to_move());
    let flipped =
        (viewer_id == Some(game.black_id) && viewer_id != Some(game.white_id)) != form.flip;
    let last_text = moves.last().map_or("", |m| m.row.compact.as_str());
    let (board, legal_json) = cached_renders(
        renders, &ctx.lang, &rules, &game, &position, flipped, last_text,
    );
    let to_move = if game.player_to_move() == game.white_id {
        ctx.t1("game-name-white", "name", &white.username)
    } else {
        ctx.t1("game-name-black", "name", &black.username)
    };
    let status_line = status_line(&ctx.lang, &game, &position, &to_move, time_zone);
    let long = viewer.is_some_and(|u| u.long_notation);
    let texts = shown_moves(renders, &rules, &game, &moves, long);
    let last_move = last_move_line(ctx, &game, &moves, texts.last(), (&white, &black));
    GamePage {
        ctx,
        id: game.id,
        variant: ctx.lang.variant(&rules.variant),
        white: white.username.clone(),
        black: black.username.clone(),
        ratings,
        chat: chat.map(|messages| chat_lines(&ctx.lang, messages, viewer_id, time_zone)),
        active: game.is_active(),
        status_line,
        to_move,
        deadline: clock
            .deadline
            .map(|d| ctx.lang.datetime(d, time_zone, DateStyle::DateTime)),
        clock: clock_lines(
            &ctx.lang,
            &game,
            &clock,
            (&white, &black),
            time_zone,
            is_player,
        ),
        board,
        sprite: variant_sprite(renders, &rules),
        legal_json,
        moves: view::move_pairs(
            &game.start_fen,
            moves
                .iter()
                .zip(&texts)
                .map(|(m, text)| (m.row.ply, text.clone(), m.row.comment.clone())),
        ),
        last_move,
        board_text: view::board_text(&ctx.lang, &position),
        board_ratio: view::board_ratio(&position),
        long_notation: long,
        flip_href: format!(
            "/games/{}{}#board",
            game.id,
            if form.flip { "" } else { "?flip=1" }
        ),
        legend: view::legend(&ctx.lang, &position),
        provisional: ctx.lang.provisional_setup(&rules.variant),
        provisional_promotion: ctx.lang.provisional_promotion(&rules.variant),
        setup_name: game.setup_name.clone(),
        start_fen: game.start_fen.clone(),
        is_player,
        can_move,
        computer: ComputerSide::of(&game, computer, (&white, &black)),
        next_ply: game.ply + 1,
        draw_declined: draw_declined_notice(&ctx.lang, &game, viewer_id, (&white, &black)),
        draw_offered_to_me: game.is_active()
            && is_player
            && game.draw_offer_by.is_some()
            && game.draw_offer_by != viewer_id,
        draw_offered_by_me: game.is_active()
            && game.draw_offer_by.is_some()
            && game.draw_offer_by == viewer_id,
        can_ask_takeback: viewer_id
            .is_some_and(|v| crate::games::takeback::may_ask(&game, v).is_ok()),
        takeback_asked_of_me: game.is_active()
            && is_player
            && game.takeback_by.is_some()
            && game.takeback_by != viewer_id,
        takeback_asked_by_me: game.is_active()
            && game.takeback_by.is_some()
            && game.takeback_by == viewer_id,
        error: form.error,
        notice: form.notice,
        typed_move: form.typed_move,
        typed_comment: form.typed_comment,
        offer_draw: form.offer_draw,
        preset,
    }
}

/// A game's chat as shown to `viewer`, times in `lang` and `time_zone`.
fn chat_lines(
    lang: &Lang,
    messages: Vec<crate::games::chat::ChatMessage>,
    viewer: Option<crate::db::UserId>,
    time_zone: &str,
) -> Vec<ChatLine> {
    messages
        .into_iter()
        .map(|m| ChatLine {
            id: m.id,
            mine: Some(m.author_id) == viewer,
            author: m.author,
            body: m.body,
            when: lang.datetime(m.created_at, time_zone, DateStyle::DateTime),
            reported: m.reported,
        })
        .collect()
}

/// The board SVG and the legal moves' JSON, from the caches, with the pieces' titles in
/// `lang`. Everyone may tap a piece of the side to move and see where it can go, so the
/// moves come with every active game.
fn cached_renders(
    renders: &GameRenders,
    lang: &Lang,
    rules: &crate::presets::rules::Rules,
    game: &GameRow,
    position: &Position,
    flipped: bool,
    last_compact: &str,
) -> (Arc<str>, Arc<str>) {
    let key = format!(
        "{}\n{}\n{flipped}\n{last_compact}\n{lang}",
        rules.definition_hash, game.current_fen
    );
    let last = view::compact_squares(last_compact);
    let board = renders
        .boards
        .get_or_render(key, || view::board_svg_in(lang, position, flipped, last));
    let legal = if game.is_active() {
        let key = format!("{}\n{}\n{lang}", rules.definition_hash, game.current_fen);
        renders
            .legal_moves
            .get_or_render(key, || view::legal_moves_json(lang, position))
    } else {
        Arc::from("[]")
    };
    (board, legal)
}

/// "Last move: 12… Ge14 by bob (Black), 2025-03-02 14:05 CET", in the viewer's language
/// and time zone.
fn last_move_line(
    ctx: &Ctx,
    game: &GameRow,
    moves: &crate::games::move_log::MoveLog,
    text: Option<&String>,
    (white, black): (&User, &User),
) -> Option<String> {
    let lang = &ctx.lang;
    let time_zone = ctx.user.as_ref().map_or("UTC", |u| u.time_zone.as_str());
    moves.last().map(|m| {
        let (by_white, number) = view::ply_side_and_number(&game.start_fen, m.row.ply);
        let (dots, player) = if by_white {
            (".", lang.t1("game-name-white", "name", &white.username))
        } else {
            ("…", lang.t1("game-name-black", "name", &black.username))
        };
        lang.t_args(
            "games-last-move",
            &[
                ("number", &number.to_string()),
                ("dots", &dots),
                ("move", text.unwrap_or(&m.row.move_text)),
                ("player", &player),
                (
                    "when",
                    &lang.datetime(m.row.played_at, time_zone, DateStyle::DateTime),
                ),
            ],
        )
    })
}

/// The drawings of the variant's pieces, once per definition.
fn variant_sprite(renders: &GameRenders, rules: &crate::presets::rules::Rules) -> Arc<str> {
    renders
        .sprites
        .get_or_render(rules.definition_hash.clone(), || {
            plypost_board::sprite_for(rules.variant.pieces().iter().map(|p| p.image.as_str()))
        })
}

/// The offerer's notice that the opponent declined their draw offer (until the next move).
fn draw_declined_notice(
    lang: &Lang,
    game: &GameRow,
    viewer: Option<crate::db::UserId>,
    (white, black): (&User, &User),
) -> Option<String> {
    let viewer = viewer.filter(|v| game.is_player(*v))?;
    let by = game.draw_declined_by.filter(|by| *by != viewer)?;
    if !game.is_active() || game.draw_declined_ply != Some(game.ply) {
        return None;
    }
    let name = if by == white.id {
        &white.username
    } else {
        &black.username
    };
    Some(lang.t1("games-draw-declined", "name", name))
}

/// "In progress — alice (White) to move", "Finished: 1-0, checkmate", ... in `lang`.
fn status_line(
    lang: &Lang,
    game: &GameRow,
    position: &Position,
    to_move: &str,
    time_zone: &str,
) -> String {
    if game.is_active() {
        let id = if position.is_check() {
            "games-status-in-check"
        } else {
            "games-status-to-move"
        };
        return lang.t1(id, "player", to_move);
    }
    let result = crate::game_mail::result_text(lang, game);
    match (game.result_reason, game.finished_at) {
        // Say when the time ran out: the game ended then, not when anyone noticed.
        (Some(EndReason::Time), Some(at)) => lang.t2(
            "games-status-finished-time",
            "result",
            result,
            "when",
            lang.datetime(at, time_zone, DateStyle::DateTime),
        ),
        _ => lang.t1("games-status-finished", "result", result),
    }
}

/// The clock section, in the viewer's time zone.
fn clock_lines(
    lang: &Lang,
    game: &GameRow,
    clock: &ClockView,
    (white, black): (&User, &User),
    time_zone: &str,
    is_player: bool,
) -> ClockLines {
    ClockLines {
        control: game.time_control().describe_in(lang),
        no_vacation: !clock.allow_vacation,
        time_left: clock.left.map(|d| lang.duration(d)),
        urgent: clock.urgent(),
        paused: clock.paused,
        vacations: clock
            .on_vacation
            .iter()
            .map(|(who, until)| {
                let name = if *who == white.id {
                    &white.username
                } else {
                    &black.username
                };
                lang.t2(
                    "clock-on-vacation",
                    "name",
                    name,
                    "until",
                    lang.datetime(*until, time_zone, DateStyle::DateTime),
                )
            })
            .collect(),
        waiting_reserve: clock.waiting_reserve.map(|d| lang.duration(d)),
        can_abandon: clock.abandonable && is_player,
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ShowQuery {
    done: String,
    flip: String,
}

async fn load(
    state: &web::Data<AppState>,
    id: i64,
    viewer: Option<UserId>,
) -> Result<Result<Loaded, GameError>, WebError> {
    let now = state.clock.now_db();
    let log = state.move_logs.clone();
    state
        .db(move |conn| load_on(conn, &log, id, now, viewer))
        .await
}

fn load_on(
    conn: &mut DbConn,
    log: &MoveLogCache,
    id: i64,
    now: NaiveDateTime,
    viewer: Option<UserId>,
) -> Result<Loaded, GameError> {
    let data = query::game_data(conn, log, GameId(id))?;
    let chat = game_chat::visible(conn, &data.game, &data.white, &data.black, viewer)?;
    let clock = crate::games::clocks::clock_view(&data.game, &data.vacations, now);
    let ratings = data
        .game
        .start_ratings()
        .map(|(white, black)| (crate::ratings::label(&white), crate::ratings::label(&black)));
    Ok(Loaded {
        data,
        clock,
        ratings,
        chat,
    })
}

/// The game page. The session and the game are read on one connection: the page is what
/// players reload most.
/// `GET /games/{id}/state`: the game's ply and status as JSON, which the game page polls
/// while the computer thinks (and reloads when the ply changes).
async fn game_state(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = GameId(parse_id(&path)?);
    let found = state
        .db(move |conn| crate::games::query::ply_and_status(conn, id))
        .await?;
    match found {
        Ok((ply, status)) => Ok(HttpResponse::Ok()
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({"ply": ply, "status": status.as_str()}))),
        Err(GameError::NotFound) => Err(WebError::NotFound),
        Err(e) => Err(WebError::Internal(e.to_string())),
    }
}

async fn show(
    state: web::Data<AppState>,
    pending: PendingCtx,
    path: web::Path<String>,
    q: web::Query<ShowQuery>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let now = state.clock.now_db();
    let (clock, lookup, log) = (
        state.clock.clone(),
        pending.lookup(),
        state.move_logs.clone(),
    );
    let (user, loaded) = state
        .db(move |conn| {
            let user = lookup.resolve(conn, &*clock);
            let viewer = user.as_ref().ok().and_then(|u| u.as_ref().map(|u| u.id));
            let loaded = load_on(conn, &log, id, now, viewer);
            (user, loaded)
        })
        .await?;
    let ctx = pending.finish(user.map_err(WebError::from)?);
    let data = match loaded {
        Ok(data) => data,
        Err(e) => return error_response(&ctx, e, "/games"),
    };
    let notice = done_notice(&q.done).map(|id| ctx.t(id));
    let page = game_page(
        &ctx,
        &state.renders,
        data,
        FormState {
            notice,
            flip: q.flip == "1",
            ..FormState::default()
        },
    );
    // The big parts, plus room for the move list, the legend and the rest of the page.
    let size = page.board.len()
        + page.sprite.len()
        + page.legal_json.len()
        + page.moves.len() * 160
        + page.legend.len() * 400
        + 16 * 1024;
    render::page_sized(&page, size)
}

/// The message id of the notice after an action (`?done=...`) on the game page.
fn done_notice(done: &str) -> Option<&'static str> {
    Some(match done {
        "move" => "games-done-move",
        "resigned" => "games-done-resigned",
        "draw" => "games-done-draw",
        "draw_declined" => "games-done-draw-declined",
        "takeback_asked" => "games-done-takeback-asked",
        "takeback_accepted" => "games-done-takeback-accepted",
        "takeback_declined" => "games-done-takeback-declined",
        "started" => "games-done-started",
        "chat" => "games-done-chat",
        "reported" => "games-done-reported",
        done if done == EndReason::Abandoned.as_str() => "games-done-abandoned",
        _ => return None,
    })
}

/// The move diagrams of the game's pieces, an HTML fragment the game page fetches when its
/// "Move diagrams" box is opened (a 16x16 variant's diagrams would double the page).
async fn legend(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let log = state.move_logs.clone();
    let data = match state
        .db(move |conn| query::game_data(conn, &log, GameId(id)))
        .await?
    {
        Ok(data) => data,
        Err(e) => return error_response(&ctx, e, "/games"),
    };
    let html = state.renders.legends.get_or_render(
        format!("{}:{}", data.rules.definition_hash, ctx.lang),
        || view::diagrams_html(&ctx.lang, &data.rules.variant),
    );
    // The game pins its preset version, so its pieces never change; the words follow the
    // reader's language, so only the reader's browser keeps it.
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "private, max-age=86400"))
        .insert_header(("Content-Language", ctx.lang.tag()))
        .body(html.to_string()))
}

/// Ids in paths are numbers; anything else is simply not found.
pub fn parse_id(text: &str) -> Result<i64, WebError> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(WebError::NotFound)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct MoveForm {
    #[serde(rename = "move")]
    text: String,
    ply: String,
    comment: String,
    offer_draw: Option<String>,
}

/// A move. The session is resolved on the connection that plays the move (one pool
/// checkout, one trip to the blocking pool): moves are what the server does most after pages.
async fn submit_move(
    state: web::Data<AppState>,
    pending: PendingCtx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let input = form.ply.trim().parse::<i64>().ok().map(|ply| MoveInput {
        ply,
        text: form.text.clone(),
        comment: form.comment.clone(),
        offer_draw: form.offer_draw.is_some(),
    });
    let (clock, config, log, lookup) = (
        state.clock.clone(),
        state.config.clone(),
        state.move_logs.clone(),
        pending.lookup(),
    );
    let (user, played) = state
        .db(move |conn| {
            let user = lookup.resolve(conn, &*clock);
            let played = match (&user, input) {
                (Ok(Some(user)), Some(_)) if user.is_bot => Some(Err(GameError::Forbidden(
                    crate::i18n::Message::new("error-game-bot-form-move"),
                ))),
                (Ok(Some(user)), Some(input)) => Some(play::play_move(
                    conn,
                    &*clock,
                    &config,
                    &log,
                    user.id,
                    GameId(id),
                    &input,
                )),
                _ => None,
            };
            (user, played)
        })
        .await?;
    let ctx = pending.finish(user.map_err(WebError::from)?);
    ctx.require_user()?;
    let Some(result) = played else {
        return Err(WebError::BadRequest(ctx.t("games-move-form-incomplete")));
    };
    let err = match result {
        Ok(_) => {
            state.game_changed(GameId(id), &[]);
            // A game against the computer: it answers now.
            state.computer_wakeup.notify_one();
            return Ok(render::redirect(&format!("/games/{id}?done=move")));
        }
        Err(e) => e,
    };
    let status = crate::web::error::game_refusal(&err)?.status;
    // Keep what was typed when the move itself was refused; not when the game moved on.
    let keep = status == StatusCode::UNPROCESSABLE_ENTITY;
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let data = match load(&state, id, viewer).await? {
        Ok(data) => data,
        Err(e) => return error_response(&ctx, e, "/games"),
    };
    let page = game_page(
        &ctx,
        &state.renders,
        data,
        FormState {
            error: Some(err.localized(&ctx.lang)),
            notice: None,
            typed_move: if keep { form.text } else { String::new() },
            typed_comment: if keep { form.comment } else { String::new() },
            offer_draw: keep && form.offer_draw.is_some(),
            flip: false,
        },
    );
    render::page_with_status(status, &page)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ResignForm {
    confirm: Option<String>,
}

async fn resign(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<ResignForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let back = format!("/games/{id}");
    if form.confirm.is_none() {
        return error_response(
            &ctx,
            GameError::Invalid(crate::i18n::Message::new("error-game-resign-unconfirmed")),
            &back,
        );
    }
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| play::resign(conn, &*clock, &config, user, GameId(id)))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!("/games/{id}?done=resigned")))
        }
        Err(e) => error_response(&ctx, e, &back),
    }
}

async fn accept_draw(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| play::accept_draw(conn, &*clock, &config, user, GameId(id)))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!("/games/{id}?done=draw")))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}

async fn decline_draw(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| play::decline_draw(conn, &*clock, &config, user, GameId(id)))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!("/games/{id}?done=draw_declined")))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}

async fn ask_takeback(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |db| crate::games::takeback::request(db, &*clock, &config, user, GameId(id)))
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!(
                "/games/{id}?done=takeback_asked"
            )))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}

async fn answer_takeback(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    accept: bool,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, config, log) = (
        state.clock.clone(),
        state.config.clone(),
        state.move_logs.clone(),
    );
    let result = state
        .db(move |db| {
            crate::games::takeback::answer(db, &*clock, &config, &log, user, GameId(id), accept)
        })
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            let done = if accept { "accepted" } else { "declined" };
            Ok(render::redirect(&format!(
                "/games/{id}?done=takeback_{done}"
            )))
        }
        Err(e) => error_response(&ctx, e, &format!("/games/{id}")),
    }
}

async fn accept_takeback(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    answer_takeback(state, ctx, path, true).await
}

async fn decline_takeback(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<crate::web::csrf::NoFields>,
) -> Result<HttpResponse, WebError> {
    answer_takeback(state, ctx, path, false).await
}
