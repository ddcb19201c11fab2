//! The bot API's requests that are not streams: tokens and accounts, moves and the other
//! game actions, challenges.

use std::collections::HashMap;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use plypost_rules::Position;

use super::{boolean, done, fields, json, run, Caller, LichessError};
use crate::accounts::{api_tokens, bots, users, User};
use crate::bots::ApiId;
use crate::challenges;
use crate::domain::ColorChoice;
use crate::games::model::GameRow;
use crate::games::{ChallengeId, GameError};
use crate::play;
use crate::time_control::TimeControl;
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/token/test", web::post().to(token_test))
        .route("/api/account", web::get().to(account))
        .route("/api/account/playing", web::get().to(playing))
        .route("/api/users/status", web::get().to(statuses))
        .route("/api/user/{name}", web::get().to(public_user))
        .route("/api/bot/account/upgrade", web::post().to(upgrade))
        .route("/api/bot/online", web::get().to(online_bots))
        .route("/game/export/{id}", web::get().to(export))
        .route("/api/bot/game/{id}/move/{move}", web::post().to(bot_move))
        .route("/api/bot/game/{id}/resign", web::post().to(resign))
        .route("/api/bot/game/{id}/abort", web::post().to(abort))
        .route("/api/bot/game/{id}/chat", web::post().to(chat))
        .route(
            "/api/bot/game/{id}/takeback/{answer}",
            web::post().to(takeback),
        )
        .route("/api/bot/game/{id}/draw/{answer}", web::post().to(draw))
        .route("/api/challenge/{id}/accept", web::post().to(accept))
        .route("/api/challenge/{id}/decline", web::post().to(decline))
        .route("/api/challenge/{id}/cancel", web::post().to(cancel))
        .route(
            "/api/challenge/{username}",
            web::post().to(create_challenge),
        );
}

/// Tokens per `/api/token/test` request (Lichess takes up to 1000; one is the usual).
const MAX_TESTED_TOKENS: usize = 100;

fn base(state: &AppState) -> impl Fn(&str) -> String + '_ {
    move |path: &str| state.config.absolute_url(path)
}

/// The bot-only endpoints (`/api/bot/...`) refuse people, as Lichess's do.
fn require_bot(caller: &Caller) -> Result<(), LichessError> {
    if caller.user.is_bot {
        Ok(())
    } else {
        Err(LichessError::bad(
            "This endpoint is for bot accounts: upgrade the account with POST /api/bot/account/upgrade first.",
        ))
    }
}

async fn token_test(
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, LichessError> {
    let text =
        std::str::from_utf8(&body).map_err(|_| LichessError::bad("The body is not UTF-8."))?;
    let tokens: Vec<String> = text
        .split(',')
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .take(MAX_TESTED_TOKENS)
        .collect();
    let clock = state.clock.clone();
    let found = run(&state, move |db| {
        tokens
            .into_iter()
            .map(|t| Ok((t.clone(), api_tokens::resolve(db, &*clock, &t)?)))
            .collect::<Result<Vec<_>, crate::accounts::AccountError>>()
    })
    .await?;
    let mut out = serde_json::Map::new();
    for (token, resolved) in found {
        let value = match resolved {
            Some((_, user, scopes)) => serde_json::to_value(json::TokenInfo {
                user_id: json::user_id(&user),
                scopes: super::lichess_scopes(scopes),
                expires: None,
            })
            .unwrap_or_default(),
            None => serde_json::Value::Null,
        };
        out.insert(token, value);
    }
    Ok(HttpResponse::Ok().json(out))
}

async fn user_json(state: &AppState, user: User) -> Result<serde_json::Value, LichessError> {
    let id = user.id;
    let ratings = run(state, move |db| {
        crate::ratings::of_users(db, &[id]).map_err(GameError::from)
    })
    .await?;
    Ok(json::user(
        &user,
        &ratings,
        state.clock.now_db(),
        &base(state),
    ))
}

async fn account(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, LichessError> {
    Ok(HttpResponse::Ok().json(user_json(&state, caller.user).await?))
}

async fn public_user(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let name = name.into_inner();
    let user = run(&state, move |db| users::find_by_username(db, &name))
        .await?
        .ok_or_else(LichessError::not_found)?;
    Ok(HttpResponse::Ok().json(user_json(&state, user).await?))
}

async fn playing(
    state: web::Data<AppState>,
    caller: Caller,
    q: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, LichessError> {
    let nb = q
        .get("nb")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(9)
        .clamp(1, 50);
    let me = caller.user.clone();
    let log = state.move_logs.clone();
    let games = run(&state, move |db| {
        let ids = crate::games::query::active_ids_of(db, me.id)?;
        ids.into_iter()
            .map(|id| crate::bots::bot_game(db, &log, id))
            .collect::<Result<Vec<_>, GameError>>()
    })
    .await?;
    let now = state.clock.now_db();
    let mut items: Vec<(bool, i64, serde_json::Value)> = games
        .iter()
        .map(|g| {
            let url = state.config.absolute_url(&format!("/games/{}", g.game.id));
            let info = json::game_event_info(g, &caller.user, now, &url);
            let mine = info["isMyTurn"].as_bool().unwrap_or(false);
            let left = info["secondsLeft"].as_i64().unwrap_or(i64::MAX);
            (!mine, left, info)
        })
        .collect();
    // The most urgent first: the player's turn, the least time left.
    items.sort_by_key(|(theirs, left, _)| (*theirs, *left));
    let my_turn = items.iter().filter(|(theirs, _, _)| !theirs).count();
    let now_playing: Vec<serde_json::Value> =
        items.into_iter().take(nb).map(|(_, _, v)| v).collect();
    Ok(
        HttpResponse::Ok()
            .json(serde_json::json!({"nbMyTurn": my_turn, "nowPlaying": now_playing})),
    )
}

async fn statuses(
    state: web::Data<AppState>,
    q: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, LichessError> {
    let names: Vec<String> = q
        .get("ids")
        .map(|ids| {
            ids.split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .take(100)
                .collect()
        })
        .unwrap_or_default();
    let found = run(&state, move |db| {
        let mut out = Vec::new();
        for name in names {
            if let Some(user) = users::find_by_username(db, &name)? {
                out.push(user);
            }
        }
        Ok::<_, crate::accounts::AccountError>(out)
    })
    .await?;
    let now = state.clock.now_db();
    let list: Vec<serde_json::Value> = found
        .iter()
        .map(|u| {
            let mut v = serde_json::json!({"id": json::user_id(u), "name": u.username});
            if u.is_bot {
                v["title"] = "BOT".into();
                v["online"] = bots::is_online(u, now).into();
            }
            v
        })
        .collect();
    Ok(HttpResponse::Ok().json(list))
}

async fn upgrade(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, LichessError> {
    let user = caller.user;
    run(&state, move |db| bots::upgrade(db, &user)).await?;
    Ok(done())
}

async fn online_bots(
    state: web::Data<AppState>,
    q: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, LichessError> {
    let nb = q
        .get("nb")
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(100)
        .clamp(1, 512);
    let now = state.clock.now_db();
    let found = run(&state, move |db| {
        let bots = bots::online(db, now, nb)?;
        let ids: Vec<_> = bots.iter().map(|b| b.id).collect();
        let ratings =
            crate::ratings::of_users(db, &ids).map_err(crate::accounts::AccountError::from)?;
        Ok::<_, crate::accounts::AccountError>((bots, ratings))
    })
    .await?;
    let (bots, ratings) = found;
    let mut body = String::new();
    for bot in &bots {
        let mine: Vec<_> = ratings
            .iter()
            .filter(|r| r.user_id == bot.id)
            .cloned()
            .collect();
        body.push_str(&json::user(bot, &mine, now, &base(&state)).to_string());
        body.push('\n');
    }
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .body(body))
}

/// `GET /game/export/{id}`: the game's PGN, or Lichess's game JSON when asked for JSON.
async fn export(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let api_id = ApiId::parse(&id).ok_or_else(LichessError::not_found)?;
    let game = run(&state, move |db| crate::bots::game_of(db, api_id)).await?;
    let wants_json = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"));
    if wants_json {
        let log = state.move_logs.clone();
        let game_id = game.id;
        let bot_game = run(&state, move |db| crate::bots::bot_game(db, &log, game_id)).await?;
        let full = crate::web::api::games::game_json(&state, game_id)
            .await
            .map_err(|e| LichessError::new(e.status, e.message))?;
        let san: Vec<String> = full.moves.iter().map(|m| m.san.clone()).collect();
        let (status, _) = json::status(&bot_game.game);
        let player = |p: &crate::bots::ApiPlayer| serde_json::json!({"user": {"id": json::user_id(&p.user), "name": p.user.username}, "rating": p.rating});
        let mut out = serde_json::json!({
            "id": bot_game.api_id.to_string(),
            "rated": bot_game.game.rated_variant.is_some(),
            "variant": bot_game.variant.key,
            "speed": "correspondence",
            "perf": "correspondence",
            "createdAt": json::millis(bot_game.game.created_at),
            "lastMoveAt": json::millis(bot_game.game.last_move_at.unwrap_or(bot_game.game.created_at)),
            "status": status,
            "players": {"white": player(&bot_game.white), "black": player(&bot_game.black)},
            "moves": san.join(" "),
            "source": "friend",
        });
        if let Some(w) = json::winner(&bot_game.game) {
            out["winner"] = w.into();
        }
        if let Some(fen) = &bot_game.initial_fen {
            out["initialFen"] = fen.clone().into();
        }
        if let Some(days) = bot_game.game.days_per_move {
            out["daysPerTurn"] = days.into();
        }
        return Ok(HttpResponse::Ok().json(out));
    }
    let base_url = state.config.absolute_url("");
    let game_id = game.id;
    let pgn = run(&state, move |db| {
        crate::logs::record::load(db, game_id).map(|r| crate::logs::record::to_pgn(&r, &base_url))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn; charset=utf-8")
        .body(pgn))
}

/// The game of a bot API id, for an action of `caller`'s: a bot, playing in it.
async fn own_game(
    state: &AppState,
    caller: &Caller,
    id: &str,
) -> Result<crate::games::model::GameRow, LichessError> {
    require_bot(caller)?;
    let api_id = ApiId::parse(id).ok_or_else(LichessError::not_found)?;
    let game = run(state, move |db| crate::bots::game_of(db, api_id)).await?;
    if !game.is_player(caller.user.id) {
        return Err(LichessError::bad("This is not your game."));
    }
    Ok(game)
}

/// After an action in `game`: its streams and its players' event streams look now.
fn game_changed(state: &AppState, game: &crate::games::model::GameRow) {
    state.game_changed(game.id, &[game.white_id, game.black_id]);
}

/// After an action on challenge `id`: its author's and opponent's event streams look now.
async fn challenge_changed(state: &AppState, id: ChallengeId) {
    let row = run(state, move |db| challenges::load(db, id)).await;
    state.changed();
    if let Ok(row) = row {
        let accounts: Vec<_> = std::iter::once(row.author_id)
            .chain(row.opponent_id)
            .collect();
        state.accounts_changed(&accounts);
    }
}

/// Runs `action` in game `id` for the caller (a bot playing in it); then the game's
/// streams and its players' event streams look at once.
async fn game_action<F>(
    state: &AppState,
    caller: &Caller,
    id: &str,
    action: F,
) -> Result<HttpResponse, LichessError>
where
    F: FnOnce(
            &mut crate::db::Db,
            &dyn crate::clock::Clock,
            &crate::config::Config,
            &GameRow,
        ) -> Result<(), GameError>
        + Send
        + 'static,
{
    let game = own_game(state, caller, id).await?;
    let row = game.clone();
    let (clock, config) = (state.clock.clone(), state.config.clone());
    run(state, move |db| action(db, &*clock, &config, &game)).await?;
    game_changed(state, &row);
    Ok(done())
}

async fn bot_move(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    q: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, LichessError> {
    let (id, text) = path.into_inner();
    let offer_draw = q
        .get("offeringDraw")
        .and_then(|v| boolean(v))
        .unwrap_or(false);
    let (log, user) = (state.move_logs.clone(), caller.user.id);
    let answer = game_action(&state, &caller, &id, move |db, clock, config, game| {
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        if game.player_to_move() != user {
            return Err(GameError::NotYourTurn);
        }
        let rules = crate::presets::rules::load(db, game.preset_version_id)
            .map_err(|e| GameError::Corrupt(e.to_string()))?;
        let pos = Position::from_fen(&rules.variant, &game.current_fen)
            .map_err(|e| GameError::Corrupt(format!("game {}: current FEN: {e}", game.id)))?;
        let mv = plypost_engine::move_from_uci(&pos, &text)
            .map_err(|e| GameError::Illegal(crate::games::illegal::IllegalReason::Text(e)))?;
        let input = play::MoveInput {
            ply: game.ply + 1,
            text: pos.move_compact(&mv),
            comment: String::new(),
            offer_draw,
        };
        play::play_move(db, clock, config, &log, user, game.id, &input).map(drop)
    })
    .await?;
    state.computer_wakeup.notify_one();
    Ok(answer)
}

async fn resign(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let user = caller.user.id;
    game_action(&state, &caller, &id, move |db, clock, config, game| {
        play::resign(db, clock, config, user, game.id)
    })
    .await
}

async fn abort(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let user = caller.user.id;
    game_action(&state, &caller, &id, move |db, clock, config, game| {
        play::abort(db, clock, config, user, game.id)
    })
    .await
}

async fn chat(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, LichessError> {
    let form = fields(&body)?;
    let text = form.get("text").cloned().unwrap_or_default();
    let user = caller.user.id;
    // The spectators' room is the game's one chat too: plypost has a single chat a game.
    game_action(&state, &caller, &id, move |db, clock, config, game| {
        crate::games::chat::post(db, clock, config, user, game.id, &text)
    })
    .await
}

fn yes_no(answer: &str) -> Result<bool, LichessError> {
    match answer {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        other => Err(LichessError::bad(format!(
            "`{other}` is neither yes nor no."
        ))),
    }
}

async fn takeback(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, LichessError> {
    let (id, answer) = path.into_inner();
    let accept = yes_no(&answer)?;
    let (log, user) = (state.move_logs.clone(), caller.user.id);
    game_action(&state, &caller, &id, move |db, clock, config, game| {
        crate::games::takeback::answer(db, clock, config, &log, user, game.id, accept)
    })
    .await
}

async fn draw(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, LichessError> {
    let (id, answer) = path.into_inner();
    let accept = yes_no(&answer)?;
    let user = caller.user.id;
    game_action(&state, &caller, &id, move |db, clock, config, game| {
        if game.draw_offer_by != Some(game.opponent_of(user)) {
            // plypost's draw offers go with a move, as in correspondence chess.
            return Err(GameError::Invalid(crate::i18n::Message::new(
                "error-game-draw-no-offer-to-answer",
            )));
        }
        if accept {
            play::accept_draw(db, clock, config, user, game.id)
        } else {
            play::decline_draw(db, clock, config, user, game.id)
        }
    })
    .await
}

fn challenge_id(text: &str) -> Result<ChallengeId, LichessError> {
    match ApiId::parse(text) {
        Some(ApiId::Challenge(c)) => Ok(c),
        _ => Err(LichessError::not_found()),
    }
}

async fn accept(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let id = challenge_id(&id)?;
    let (clock, config, user) = (state.clock.clone(), state.config.clone(), caller.user.id);
    run(&state, move |db| {
        challenges::accept(db, &*clock, &config, user, id)
    })
    .await?;
    challenge_changed(&state, id).await;
    Ok(done())
}

async fn decline(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, LichessError> {
    let id = challenge_id(&id)?;
    let form = fields(&body)?;
    let reason = json::decline_key(form.get("reason").map_or("generic", String::as_str));
    let (clock, config, user) = (state.clock.clone(), state.config.clone(), caller.user.id);
    run(&state, move |db| {
        challenges::decline_because(db, &*clock, &config, user, id, Some(reason))
    })
    .await?;
    challenge_changed(&state, id).await;
    Ok(done())
}

async fn cancel(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let id = challenge_id(&id)?;
    let (clock, user) = (state.clock.clone(), caller.user.id);
    run(&state, move |db| challenges::cancel(db, &*clock, user, id)).await?;
    challenge_changed(&state, id).await;
    Ok(done())
}

/// What `POST /api/challenge/{username}` asks for, read from its fields.
fn challenge_request(
    form: &HashMap<String, String>,
    opponent: String,
) -> Result<challenges::NewChallenge, LichessError> {
    if form.contains_key("clock.limit") || form.contains_key("clock.increment") {
        return Err(LichessError::bad(
            "Real-time clocks are not played here: ask for correspondence (`days`) or leave both out for an unlimited game.",
        ));
    }
    if form.get("fen").is_some_and(|f| !f.trim().is_empty()) {
        return Err(LichessError::bad(
            "fen: custom start positions are played through a preset with that setup; name the preset as `variant`.",
        ));
    }
    let variant = form.get("variant").map_or("standard", |v| v.trim());
    let preset = match variant {
        "" | "standard" => "chess".to_owned(),
        other => other.to_owned(),
    };
    let control = match form.get("days") {
        Some(days) => {
            let days: i64 = days.trim().parse().map_err(|_| {
                LichessError::bad(format!("days: `{days}` is not a number of days"))
            })?;
            TimeControl::days(days).map_err(|e| LichessError::bad(format!("days: {e}")))?
        }
        None => TimeControl::Untimed,
    };
    let color = match form
        .get("color")
        .map(|c| c.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("random") => ColorChoice::Random,
        Some("white") => ColorChoice::White,
        Some("black") => ColorChoice::Black,
        Some(other) => {
            return Err(LichessError::bad(format!(
                "color: `{other}` is not white, black or random"
            )))
        }
    };
    let rated = match form.get("rated") {
        Some(r) => boolean(r)
            .ok_or_else(|| LichessError::bad(format!("rated: `{r}` is not true or false")))?,
        None => false,
    };
    Ok(challenges::NewChallenge {
        color,
        control: Some(control),
        opponent: Some(opponent),
        rated,
        ..challenges::NewChallenge::of(&preset)
    })
}

async fn create_challenge(
    state: web::Data<AppState>,
    caller: Caller,
    username: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, LichessError> {
    let form = fields(&body)?;
    let input = challenge_request(&form, username.into_inner())?;
    let (clock, config, author) = (
        state.clock.clone(),
        state.config.clone(),
        caller.user.clone(),
    );
    let created = run(&state, move |db| {
        let id =
            challenges::create(db, &*clock, &config, &author, &input).map_err(|e| match e {
                GameError::Invalid(m) if m.id() == "error-game-no-such-player" => {
                    GameError::ChallengeNotFound
                }
                e => e,
            })?;
        crate::bots::bot_challenge(db, id)
    })
    .await?;
    let accounts: Vec<_> = std::iter::once(created.row.author_id)
        .chain(created.row.opponent_id)
        .collect();
    state.changed();
    state.accounts_changed(&accounts);
    let now = state.clock.now_db();
    Ok(HttpResponse::Ok().json(json::challenge(
        &created,
        Some(&caller.user),
        now,
        &base(&state),
    )))
}
