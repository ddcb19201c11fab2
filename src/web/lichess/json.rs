//! The bot API's JSON shapes, as Lichess's OpenAPI specification names them (camelCase
//! fields, times in milliseconds since 1970, numbers never `null`).

use chrono::NaiveDateTime;
use serde::Serialize;
use serde_json::{json, Value};

use crate::accounts::User;
use crate::bots::{ApiPlayer, ApiVariant, BotChallenge, BotGame};
use crate::domain::{ChallengeStatus, ColorChoice, EndReason, GameResult, GameStatus};

/// Lichess's user id: the lower-case name.
pub fn user_id(user: &User) -> String {
    user.username.to_ascii_lowercase()
}

pub fn millis(at: NaiveDateTime) -> i64 {
    at.and_utc().timestamp_millis()
}

fn title(user: &User) -> Option<&'static str> {
    user.is_bot.then_some("BOT")
}

fn variant_json(v: &ApiVariant, base: &dyn Fn(&str) -> String) -> Value {
    let mut out = json!({"key": v.key, "name": v.name, "short": v.name});
    if let Some(path) = &v.definition_path {
        out["url"] = json!(base(path));
    }
    out
}

/// Lichess's status name and id of a game.
pub fn status(game: &crate::games::model::GameRow) -> (&'static str, i64) {
    if game.status == GameStatus::Active {
        return ("started", 20);
    }
    match game.result_reason {
        Some(EndReason::Checkmate) => ("mate", 30),
        Some(EndReason::Resignation) => ("resign", 31),
        Some(EndReason::Stalemate) => ("stalemate", 32),
        // Lichess has no bare-King status; its variant end is the nearest.
        Some(EndReason::BareKing) => ("variantEnd", 60),
        Some(EndReason::Abandoned) => ("timeout", 33),
        Some(EndReason::Agreement | EndReason::Repetition | EndReason::MoveCount) => ("draw", 34),
        Some(EndReason::Time) => ("outoftime", 35),
        Some(EndReason::Aborted) => ("aborted", 25),
        Some(EndReason::Withdrawal | EndReason::Adjudication | EndReason::AccountDeleted) => {
            ("unknownFinish", 38)
        }
        None => ("unknownFinish", 38),
    }
}

pub fn winner(game: &crate::games::model::GameRow) -> Option<&'static str> {
    match game.result {
        Some(GameResult::WhiteWins) => Some("white"),
        Some(GameResult::BlackWins) => Some("black"),
        _ => None,
    }
}

/// The `GameEventInfo` of `game` seen by `me` (gameStart, gameFinish, nowPlaying).
pub fn game_event_info(game: &BotGame, me: &User, now: NaiveDateTime, url: &str) -> Value {
    let row = &game.game;
    let white = game.plays_white(me.id);
    let opponent = game.opponent_of(me.id);
    let (wtime, btime) = crate::bots::clocks_ms(row, now);
    let my_turn = row.status == GameStatus::Active && row.player_to_move() == me.id;
    let (name, id) = status(row);
    let mut out = json!({
        "fullId": format!("{}{}", game.api_id, if white { "w" } else { "b" }),
        "gameId": game.api_id.to_string(),
        "id": game.api_id.to_string(),
        "url": url,
        "fen": row.current_fen,
        "color": if white { "white" } else { "black" },
        "lastMove": game.moves.last().cloned().unwrap_or_default(),
        "source": if row.tournament_id.is_some() { "arena" } else { "friend" },
        "status": {"id": id, "name": name},
        "variant": {"key": game.variant.key, "name": game.variant.name},
        "speed": "correspondence",
        // Every plypost game is correspondence (or untimed).
        "perf": "correspondence",
        "rated": row.rated_variant.is_some(),
        "hasMoved": game.moves.len() > usize::from(!white),
        "opponent": {
            "id": user_id(&opponent.user),
            "username": opponent.user.username,
            "rating": opponent.rating,
        },
        "isMyTurn": my_turn,
        "secondsLeft": (if white { wtime } else { btime }) / 1000,
        "rating": if white { game.white.rating } else { game.black.rating },
        "compat": {"bot": true, "board": true},
    });
    if let Some(w) = winner(row) {
        out["winner"] = json!(w);
    }
    if let Some(t) = row.tournament_id {
        out["tournamentId"] = json!(t.to_string());
    }
    out
}

fn game_player(p: &ApiPlayer) -> Value {
    json!({
        "id": user_id(&p.user),
        "name": p.user.username,
        "title": title(&p.user),
        "rating": p.rating,
        "provisional": p.provisional,
    })
}

/// A `gameState` line.
pub fn game_state(game: &BotGame, now: NaiveDateTime) -> Value {
    let row = &game.game;
    let (wtime, btime) = crate::bots::clocks_ms(row, now);
    let (name, _) = status(row);
    let offered_by_white = row.draw_offer_by.map(|by| by == row.white_id);
    let takeback_by_white = row.takeback_by.map(|by| by == row.white_id);
    let mut out = json!({
        "type": "gameState",
        "moves": game.moves.join(" "),
        "wtime": wtime,
        "btime": btime,
        "winc": 0,
        "binc": 0,
        "status": name,
    });
    if row.status == GameStatus::Active {
        out["wdraw"] = json!(offered_by_white == Some(true));
        out["bdraw"] = json!(offered_by_white == Some(false));
        if let Some(white) = takeback_by_white {
            out[if white { "wtakeback" } else { "btakeback" }] = json!(true);
        }
    }
    if let Some(w) = winner(row) {
        out["winner"] = json!(w);
    }
    out
}

/// The `gameFull` line that opens a game stream.
pub fn game_full(game: &BotGame, now: NaiveDateTime) -> Value {
    let row = &game.game;
    let mut out = json!({
        "type": "gameFull",
        "id": game.api_id.to_string(),
        "variant": {"key": game.variant.key, "name": game.variant.name, "short": game.variant.name},
        "clock": null,
        "speed": "correspondence",
        "perf": {"name": "Correspondence"},
        "rated": row.rated_variant.is_some(),
        "createdAt": millis(row.created_at),
        "white": game_player(&game.white),
        "black": game_player(&game.black),
        "initialFen": game.initial_fen.clone().unwrap_or_else(|| "startpos".into()),
        "state": game_state(game, now),
    });
    if let Some(days) = row.days_per_move {
        out["daysPerTurn"] = json!(days);
    }
    if let Some(t) = row.tournament_id {
        out["tournamentId"] = json!(t.to_string());
    }
    out
}

fn challenge_user(p: &ApiPlayer, online: bool) -> Value {
    let mut out = json!({
        "id": user_id(&p.user),
        "name": p.user.username,
        "rating": p.rating,
        "provisional": p.provisional,
        "online": online,
    });
    if let Some(t) = title(&p.user) {
        out["title"] = json!(t);
    }
    out
}

/// A `ChallengeJson`, seen by `me` (its `direction`).
pub fn challenge(
    c: &BotChallenge,
    me: Option<&User>,
    now: NaiveDateTime,
    base: &dyn Fn(&str) -> String,
) -> Value {
    let row = &c.row;
    let online = |u: &User| !u.is_bot || crate::accounts::bots::is_online(u, now);
    let status = match row.status {
        ChallengeStatus::Open => "created",
        ChallengeStatus::Accepted => "accepted",
        ChallengeStatus::Declined => "declined",
        ChallengeStatus::Cancelled => "canceled",
    };
    let color = match row.author_color {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    };
    let time_control = match row.days_per_move {
        Some(days) => json!({"type": "correspondence", "daysPerTurn": days}),
        None => json!({"type": "unlimited"}),
    };
    let mut out = json!({
        "id": row.id.get().to_string(),
        "url": base(&format!("/challenges/{}", row.id.get())),
        "status": status,
        "challenger": challenge_user(&c.author, online(&c.author.user)),
        "destUser": c.opponent.as_ref().map(|o| challenge_user(o, online(&o.user))),
        "variant": variant_json(&c.variant, base),
        "rated": row.rated_variant.is_some(),
        "speed": "correspondence",
        "timeControl": time_control,
        "color": color,
        "perf": {"icon": "", "name": "Correspondence"},
    });
    if color != "random" {
        out["finalColor"] = json!(color);
    }
    if let Some(me) = me {
        out["direction"] = json!(if me.id == row.author_id { "out" } else { "in" });
    }
    if let Some(fen) = &c.initial_fen {
        out["initialFen"] = json!(fen);
    }
    if row.status == ChallengeStatus::Declined {
        let key = row
            .decline_reason
            .clone()
            .unwrap_or_else(|| "generic".into());
        out["declineReason"] = json!(decline_text(&key));
        out["declineReasonKey"] = json!(key.to_ascii_lowercase());
    }
    out
}

/// Lichess's decline reasons: the key as clients send it, and what the challenger reads.
pub const DECLINE_REASONS: [(&str, &str); 11] = [
    ("generic", "I'm not accepting challenges at the moment."),
    (
        "later",
        "This is not the right time for me, please ask again later.",
    ),
    (
        "tooFast",
        "This time control is too fast for me, please challenge again with a slower game.",
    ),
    (
        "tooSlow",
        "This time control is too slow for me, please challenge again with a faster game.",
    ),
    (
        "timeControl",
        "I'm not accepting challenges with this time control.",
    ),
    ("rated", "Please send me a rated challenge instead."),
    ("casual", "Please send me a casual challenge instead."),
    (
        "standard",
        "I'm not accepting variant challenges right now.",
    ),
    ("variant", "I'm not willing to play this variant right now."),
    ("noBot", "I'm not accepting challenges from bots."),
    ("onlyBot", "I'm only accepting challenges from bots."),
];

/// The canonical key of a decline reason, read without regard to case; unknown ones are
/// `generic`.
pub fn decline_key(text: &str) -> &'static str {
    DECLINE_REASONS
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(text.trim()))
        .map_or("generic", |(key, _)| key)
}

fn decline_text(key: &str) -> &'static str {
    DECLINE_REASONS
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map_or(DECLINE_REASONS[0].1, |(_, text)| text)
}

/// A `User` (`/api/account`, `/api/user/{name}`, `/api/bot/online`).
pub fn user(
    user: &User,
    ratings: &[crate::ratings::RatingRow],
    now: NaiveDateTime,
    base: &dyn Fn(&str) -> String,
) -> Value {
    let mut perfs = serde_json::Map::new();
    for r in ratings {
        perfs.insert(
            r.variant.clone(),
            json!({
                "games": r.games,
                "rating": r.rating.round() as i64,
                "rd": r.deviation.round() as i64,
                "prog": 0,
                "prov": r.deviation >= crate::ratings::LEADERBOARD_DEVIATION_BELOW,
            }),
        );
    }
    let games: i64 = ratings.iter().map(|r| r.games).sum();
    let mut out = json!({
        "id": user_id(user),
        "username": user.username,
        "createdAt": millis(user.created_at),
        "seenAt": millis(user.stream_seen_at.unwrap_or(user.updated_at).max(user.created_at)),
        "perfs": perfs,
        "url": base(&format!("/users/{}", user.username)),
        "playTime": {"total": 0, "tv": 0},
        "count": {
            "all": games, "rated": games, "draw": ratings.iter().map(|r| r.draws).sum::<i64>(),
            "loss": ratings.iter().map(|r| r.losses).sum::<i64>(),
            "win": ratings.iter().map(|r| r.wins).sum::<i64>(),
            "bookmark": 0, "playing": 0, "import": 0, "me": 0,
        },
        "disabled": user.suspended_at.is_some(),
    });
    if let Some(t) = title(user) {
        out["title"] = json!(t);
    }
    if user.is_bot {
        out["online"] = json!(crate::accounts::bots::is_online(user, now));
    }
    out
}

#[derive(Serialize)]
pub struct TokenInfo {
    #[serde(rename = "userId")]
    pub user_id: String,
    pub scopes: String,
    pub expires: Option<i64>,
}
