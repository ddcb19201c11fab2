//! A game's chat: the two players write to each other between moves (apart from move
//! comments). The other player is mailed, unless they turned chat mail off. Players always
//! read it; everyone else only after the game, and only if both players allow it. A
//! recipient can report a message for the operators. This module owns `game_messages`.

use askama::Template;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::notify as mail;
use super::{clean_text, GameError, GameId, GameRow};
use crate::accounts::{blocks, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{game_messages, games, users};
use crate::db::{Db, DbConn, UserId};
use crate::domain::MailKind;
use crate::i18n::Message;

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 500;
/// Messages one player may write in an hour, over all their games.
pub const MAX_MESSAGES_PER_HOUR: i64 = 30;

/// A message as shown (read in this field order by [`visible`] and [`reported`]).
#[derive(Debug, Clone, Queryable)]
pub struct ChatMessage {
    pub id: i64,
    pub author: String,
    pub author_id: UserId,
    pub body: String,
    pub created_at: NaiveDateTime,
    pub reported: bool,
}

/// Whether `viewer` may read the chat of `game` (White and Black as given).
pub fn may_read(game: &GameRow, white: &User, black: &User, viewer: Option<UserId>) -> bool {
    viewer.is_some_and(|v| game.is_player(v))
        || (!game.is_active() && white.public_chat && black.public_chat)
}

/// The chat of `game`, oldest first, if `viewer` may read it (`None` otherwise). Reads
/// nothing for a game without messages.
pub fn visible(
    conn: &mut DbConn,
    game: &GameRow,
    white: &User,
    black: &User,
    viewer: Option<UserId>,
) -> Result<Option<Vec<ChatMessage>>, GameError> {
    if !may_read(game, white, black, viewer) {
        return Ok(None);
    }
    if game.messages == 0 {
        return Ok(Some(Vec::new()));
    }
    let messages = game_messages::table
        .inner_join(users::table)
        .filter(game_messages::game_id.eq(game.id))
        .order(game_messages::id.asc())
        .select((
            game_messages::id,
            users::username,
            game_messages::user_id,
            game_messages::body,
            game_messages::created_at,
            game_messages::reported_at.is_not_null(),
        ))
        .load(conn)?;
    Ok(Some(messages))
}

/// The last `count` messages of game `id` (at most 50), oldest first, as (author, text):
/// what the bot API's game stream sends as they come, to a player of the game.
pub fn latest(
    conn: &mut DbConn,
    id: GameId,
    player: UserId,
    count: i64,
) -> Result<Vec<(String, String)>, GameError> {
    let game = GameRow::load(conn, id)?;
    if !game.is_player(player) {
        return Ok(Vec::new());
    }
    let mut messages: Vec<(String, String)> = game_messages::table
        .inner_join(users::table)
        .filter(game_messages::game_id.eq(id))
        .order(game_messages::id.desc())
        .limit(count.clamp(0, 50))
        .select((users::username, game_messages::body))
        .load(conn)?;
    messages.reverse();
    Ok(messages)
}

#[derive(Template)]
#[template(path = "mail/chat.txt")]
struct ChatMail<'a> {
    lang: &'a crate::i18n::Lang,
    header: &'a str,
    author: &'a str,
    body: &'a str,
    link: &'a str,
}

/// `user` writes `text` in the chat of game `id`; the other player is mailed.
pub fn post(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
    text: &str,
) -> Result<(), GameError> {
    let body = clean_text(text, "message")?
        .ok_or_else(|| GameError::Invalid(Message::new("error-game-chat-empty")))?;
    if body.chars().count() > MAX_MESSAGE_CHARS {
        return Err(GameError::Invalid(
            Message::new("error-game-chat-too-long").arg("max", MAX_MESSAGE_CHARS),
        ));
    }
    let now = clock.now_db();
    db.write(|conn| {
        let game = GameRow::load(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(Message::new(
                "error-game-chat-players-only",
            )));
        }
        let (white, black) = mail::players(conn, &game)?;
        let (author, other) = if user == white.id {
            (&white, &black)
        } else {
            (&black, &white)
        };
        if author.id != other.id && blocks::between(conn, author.id, other.id)? {
            return Err(GameError::Forbidden(Message::new(
                "error-game-chat-blocked",
            )));
        }
        let recent: i64 = game_messages::table
            .filter(game_messages::user_id.eq(user))
            .filter(game_messages::created_at.gt(now - Duration::hours(1)))
            .count()
            .get_result(conn)?;
        if recent >= MAX_MESSAGES_PER_HOUR {
            return Err(GameError::TooManyMessages);
        }
        diesel::insert_into(game_messages::table)
            .values((
                game_messages::game_id.eq(id),
                game_messages::user_id.eq(user),
                game_messages::body.eq(&body),
                game_messages::created_at.eq(now),
            ))
            .execute(conn)?;
        diesel::update(games::table.find(id))
            .set(games::messages.eq(games::messages + 1))
            .execute(conn)?;
        if author.id == other.id {
            return Ok(());
        }
        let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
        let lang = config.language_for(other.language.as_deref());
        let variant = &lang.variant(&rules.variant);
        let text = mail::render(&ChatMail {
            lang: &lang,
            header: &mail::header(&lang, &game, variant, (&white, &black)),
            author: &author.username,
            body: &body,
            link: &config.absolute_url(&format!("/games/{id}#chat")),
        })?;
        let what = lang.t1("mail-what-chat", "author", &author.username);
        let subject = mail::subject(&lang, &game, variant, (&white, &black), &what);
        mail::notify(conn, clock, config, other, MailKind::Chat, &subject, text)
    })
}

/// `user` reports message `message` of game `id` to the operators: only the player it was
/// written to can.
pub fn report(
    db: &mut Db,
    now: NaiveDateTime,
    user: UserId,
    id: GameId,
    message: i64,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = GameRow::load(conn, id)?;
        let author: Option<UserId> = game_messages::table
            .filter(game_messages::id.eq(message))
            .filter(game_messages::game_id.eq(id))
            .select(game_messages::user_id)
            .first(conn)
            .optional()?;
        let Some(author) = author else {
            return Err(GameError::NotFound);
        };
        if !game.is_player(user) || author == user {
            return Err(GameError::Forbidden(Message::new(
                "error-game-chat-report-recipient-only",
            )));
        }
        diesel::update(
            game_messages::table
                .filter(game_messages::id.eq(message))
                .filter(game_messages::reported_at.is_null()),
        )
        .set((
            game_messages::reported_by.eq(Some(user)),
            game_messages::reported_at.eq(Some(now)),
        ))
        .execute(conn)?;
        Ok(())
    })
}

/// An admin's answer to a report: dismiss it (the message stays) or remove the message.
pub fn settle_report(conn: &mut DbConn, message: i64, remove: bool) -> Result<bool, GameError> {
    let reported = game_messages::table
        .filter(game_messages::id.eq(message))
        .filter(game_messages::reported_at.is_not_null());
    let changed = if remove {
        diesel::delete(reported).execute(conn)?
    } else {
        diesel::update(reported)
            .set((
                game_messages::reported_by.eq(None::<UserId>),
                game_messages::reported_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?
    };
    Ok(changed == 1)
}

/// Reported messages, oldest report first, for the operators: (game, message).
pub fn reported(conn: &mut DbConn) -> Result<Vec<(GameId, ChatMessage)>, GameError> {
    Ok(game_messages::table
        .inner_join(users::table)
        .filter(game_messages::reported_at.is_not_null())
        .order(game_messages::reported_at.asc())
        .select((
            game_messages::game_id,
            (
                game_messages::id,
                users::username,
                game_messages::user_id,
                game_messages::body,
                game_messages::created_at,
                game_messages::reported_at.is_not_null(),
            ),
        ))
        .load(conn)?)
}
