//! A player's own data: everything about them as one JSON document, and deleting the
//! account. Deleting resigns their active games, closes their open challenges, leaves their
//! tournaments, forgets their private notes, and anonymises the account (`deleted-<id>`):
//! finished games stay in the logs under that name, as the opponents' history needs them.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::accounts::{self, AccountError, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{
    api_tokens, challenges, game_messages, game_moves, game_notes, games, presets, ratings,
    tournament_players, users,
};
use crate::db::{ChallengeId, Db, DbConn, GameId, UserId};
use crate::domain::ChallengeStatus;
use crate::games::{self as game_service, GameError};
use crate::i18n::{Lang, Message};

#[derive(Debug, thiserror::Error)]
pub enum PrivacyError {
    /// Refused; the message says why.
    #[error("{0}")]
    Invalid(Message),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("{0}")]
    Other(String),
}

impl PrivacyError {
    /// The message a page shows for this error (`Display` is its English text); a server
    /// failure shows a generic message.
    pub fn message(&self) -> Message {
        match self {
            PrivacyError::Invalid(m) => m.clone(),
            PrivacyError::Db(_) | PrivacyError::Other(_) => Message::new("error-failed"),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

impl From<AccountError> for PrivacyError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::Db(db) => PrivacyError::Db(db),
            // Account messages are not translated yet: shown as they are.
            other if other.is_user_error() => PrivacyError::Invalid(
                Message::new("error-privacy-account").arg("reason", other.to_string()),
            ),
            other => PrivacyError::Other(other.to_string()),
        }
    }
}

impl From<GameError> for PrivacyError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Db(db) => PrivacyError::Db(db),
            other => PrivacyError::Other(other.to_string()),
        }
    }
}

fn stamp(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Everything stored about `user`, as one JSON document.
pub fn export(conn: &mut DbConn, user: &User) -> Result<Value, PrivacyError> {
    let id = user.id;
    let game_list = games_of(conn, id)?;
    let notes: Vec<(GameId, String, NaiveDateTime)> = game_notes::table
        .filter(game_notes::user_id.eq(id))
        .select((
            game_notes::game_id,
            game_notes::body,
            game_notes::updated_at,
        ))
        .load(conn)?;
    let messages: Vec<(GameId, String, NaiveDateTime)> = game_messages::table
        .filter(game_messages::user_id.eq(id))
        .select((
            game_messages::game_id,
            game_messages::body,
            game_messages::created_at,
        ))
        .load(conn)?;
    let their_challenges: Vec<(ChallengeId, String, String, NaiveDateTime)> = challenges::table
        .filter(challenges::author_id.eq(id))
        .select((
            challenges::id,
            challenges::status,
            challenges::message,
            challenges::created_at,
        ))
        .load(conn)?;
    let their_presets: Vec<(String, String)> = presets::table
        .filter(presets::owner_id.eq(id))
        .select((presets::slug, presets::name))
        .load(conn)?;
    let their_ratings: Vec<(String, f64, f64, i64)> = ratings::table
        .filter(ratings::user_id.eq(id))
        .select((
            ratings::variant,
            ratings::rating,
            ratings::deviation,
            ratings::games,
        ))
        .load(conn)?;
    let tokens: Vec<(String, String, NaiveDateTime)> = api_tokens::table
        .filter(api_tokens::user_id.eq(id))
        .select((api_tokens::name, api_tokens::scopes, api_tokens::created_at))
        .load(conn)?;
    let events: Vec<(i64, String)> = tournament_players::table
        .filter(tournament_players::user_id.eq(id))
        .select((
            tournament_players::tournament_id,
            tournament_players::status,
        ))
        .load(conn)?;
    Ok(json!({
        "account": {
            "username": user.username,
            "email": user.email,
            "created": stamp(user.created_at),
            "time_zone": user.time_zone,
            "mail": {
                "your_move": user.notify_turn,
                "reminders": user.notify_reminder,
                "chat": user.notify_chat,
                "challenges": user.notify_challenge,
                "game_end": user.notify_game_end,
            },
            "long_notation": user.long_notation,
            "public_chat": user.public_chat,
        },
        "games": game_list,
        "notes": notes.iter().map(|(g, body, at)| json!({"game": g, "note": body, "updated": stamp(*at)})).collect::<Vec<_>>(),
        "chat_messages": messages.iter().map(|(g, body, at)| json!({"game": g, "message": body, "written": stamp(*at)})).collect::<Vec<_>>(),
        "challenges": their_challenges.iter().map(|(c, status, message, at)| json!({"id": c, "status": status, "message": message, "created": stamp(*at)})).collect::<Vec<_>>(),
        "presets": their_presets.iter().map(|(slug, name)| json!({"slug": slug, "name": name})).collect::<Vec<_>>(),
        "ratings": their_ratings.iter().map(|(v, r, d, n)| json!({"variant": v, "rating": r, "deviation": d, "games": n})).collect::<Vec<_>>(),
        "api_tokens": tokens.iter().map(|(name, scopes, at)| json!({"name": name, "scopes": scopes, "created": stamp(*at)})).collect::<Vec<_>>(),
        "tournaments": events.iter().map(|(t, status)| json!({"tournament": t, "status": status})).collect::<Vec<_>>(),
    }))
}

/// `id`'s games (not imported ones), each with its moves.
fn games_of(conn: &mut DbConn, id: UserId) -> QueryResult<Vec<Value>> {
    type GameLine = (
        GameId,
        UserId,
        UserId,
        String,
        Option<String>,
        Option<String>,
        NaiveDateTime,
    );
    let their_games: Vec<GameLine> = games::table
        .filter(games::white_id.eq(id).or(games::black_id.eq(id)))
        .filter(games::imported.eq(false))
        .order(games::id)
        .select((
            games::id,
            games::white_id,
            games::black_id,
            games::status,
            games::result,
            games::result_reason,
            games::created_at,
        ))
        .load(conn)?;
    let mut game_list = Vec::new();
    for (game, white, black, status, result, reason, created) in their_games {
        let moves: Vec<(i64, String, Option<String>, UserId)> = game_moves::table
            .filter(game_moves::game_id.eq(game))
            .order(game_moves::ply)
            .select((
                game_moves::ply,
                game_moves::move_text,
                game_moves::comment,
                game_moves::user_id,
            ))
            .load(conn)?;
        game_list.push(json!({
            "id": game,
            "color": if white == id { "white" } else { "black" },
            "opponent": name_of(conn, if white == id { black } else { white })?,
            "status": status,
            "result": result,
            "reason": reason,
            "started": stamp(created),
            "moves": moves.iter().map(|(ply, text, comment, by)| json!({
                "ply": ply, "move": text, "comment": comment, "mine": *by == id,
            })).collect::<Vec<_>>(),
        }));
    }
    Ok(game_list)
}

fn name_of(conn: &mut DbConn, id: UserId) -> QueryResult<String> {
    users::table.find(id).select(users::username).first(conn)
}

/// Deletes `user`'s account after checking their password and that `confirm` is their name.
pub fn delete_account(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: &User,
    password: &str,
    confirm: &str,
    ip: &str,
) -> Result<(), PrivacyError> {
    if !confirm.trim().eq_ignore_ascii_case(&user.username) {
        return Err(PrivacyError::Invalid(Message::new(
            "error-privacy-confirm-username",
        )));
    }
    accounts::users::check_current_password(db, clock, user, password, ip)?;
    let id = user.id;
    crate::play::account_deleted(db, clock, config, id)?;
    let open: Vec<(ChallengeId, UserId)> = challenges::table
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .filter(
            challenges::author_id
                .eq(id)
                .or(challenges::opponent_id.eq(id)),
        )
        .select((challenges::id, challenges::author_id))
        .load(db.conn())?;
    for (challenge, author) in open {
        let closed = if author == id {
            crate::challenges::cancel(db, clock, id, challenge)
        } else {
            crate::challenges::decline(db, clock, config, id, challenge)
        };
        match closed {
            Ok(()) | Err(GameError::ChallengeClosed) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let events: Vec<i64> = tournament_players::table
        .filter(tournament_players::user_id.eq(id))
        .select(tournament_players::tournament_id)
        .load(db.conn())?;
    for event in events {
        // Finished or already left events refuse; that is fine.
        let _ = crate::play::withdrawal::leave(db, clock, config, id, event);
    }
    db.write(|conn| {
        crate::tournaments::organiser_gone(conn, clock, id)?;
        game_service::notes::forget_all(conn, id)?;
        accounts::users::anonymize(conn, clock, id)?;
        Ok::<_, PrivacyError>(())
    })
}
