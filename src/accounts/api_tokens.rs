//! Personal access tokens for the JSON API, and the secret key of a player's deadline
//! calendar. A token is shown once, when made; only its SHA-256 is kept, as for sessions.
//! Owns the `api_tokens` and `calendar_keys` tables.

use crate::i18n::Message;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::sessions::{hash, new_token};
use super::{AccountError, User};
use crate::clock::Clock;
use crate::db::schema::{api_tokens, calendar_keys, users};
use crate::db::{DbConn, UserId};

/// Tokens one player may hold at once.
pub const MAX_TOKENS_PER_USER: i64 = 20;
/// Longest token name, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// `last_used_at` is refreshed at most this often, to spare writes.
const TOUCH_EVERY: chrono::Duration = chrono::Duration::minutes(10);

/// What a token allows: `read` everything its owner may see, `play` act for them
/// (challenges, moves, resignations, draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Scopes {
    pub read: bool,
    pub play: bool,
}

impl Scopes {
    pub const ALL: Scopes = Scopes {
        read: true,
        play: true,
    };

    /// Reads `read`, `play` or both; anything else is refused by name.
    pub fn parse<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Scopes, AccountError> {
        let mut scopes = Scopes::default();
        for word in words {
            match word.trim() {
                "read" => scopes.read = true,
                "play" => scopes.play = true,
                "" => {}
                other => {
                    return Err(AccountError::Invalid(
                        Message::new("error-account-token-scope").arg("scope", other),
                    ))
                }
            }
        }
        if !scopes.read && !scopes.play {
            return Err(AccountError::Invalid(Message::new(
                "error-account-token-no-scope",
            )));
        }
        Ok(scopes)
    }

    pub fn names(self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.read {
            out.push("read");
        }
        if self.play {
            out.push("play");
        }
        out
    }

    fn stored(self) -> String {
        self.names().join(" ")
    }

    fn from_stored(text: &str) -> Scopes {
        Scopes {
            read: text.split(' ').any(|w| w == "read"),
            play: text.split(' ').any(|w| w == "play"),
        }
    }
}

/// A token as listed in settings (never the token itself).
#[derive(Debug, Clone)]
pub struct TokenListing {
    pub id: i64,
    pub name: String,
    pub scopes: Scopes,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
}

/// Makes a token for `user`; returns its text, to be shown once.
pub fn create(
    conn: &mut DbConn,
    clock: &dyn Clock,
    user: UserId,
    name: &str,
    scopes: Scopes,
) -> Result<String, AccountError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AccountError::Invalid(Message::new(
            "error-account-token-name-empty",
        )));
    }
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(AccountError::Invalid(
            Message::new("error-account-token-name-long").arg("max", MAX_NAME_CHARS),
        ));
    }
    let held: i64 = api_tokens::table
        .filter(api_tokens::user_id.eq(user))
        .count()
        .get_result(conn)?;
    if held >= MAX_TOKENS_PER_USER {
        return Err(AccountError::Invalid(
            Message::new("error-account-token-too-many").arg("count", held),
        ));
    }
    // The prefix names what the secret is, should it turn up in a log or a repository.
    let token = format!("plypost_{}", new_token());
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::user_id.eq(user),
            api_tokens::name.eq(name),
            api_tokens::token_hash.eq(hash(&token)),
            api_tokens::scopes.eq(scopes.stored()),
            api_tokens::created_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    Ok(token)
}

/// `user`'s tokens, newest first.
pub fn of_user(conn: &mut DbConn, user: UserId) -> Result<Vec<TokenListing>, AccountError> {
    let rows: Vec<(i64, String, String, NaiveDateTime, Option<NaiveDateTime>)> = api_tokens::table
        .filter(api_tokens::user_id.eq(user))
        .order(api_tokens::id.desc())
        .select((
            api_tokens::id,
            api_tokens::name,
            api_tokens::scopes,
            api_tokens::created_at,
            api_tokens::last_used_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, name, scopes, created_at, last_used_at)| TokenListing {
                id,
                name,
                scopes: Scopes::from_stored(&scopes),
                created_at,
                last_used_at,
            },
        )
        .collect())
}

/// Revokes one of `user`'s tokens; a token of someone else is "not found".
pub fn revoke(conn: &mut DbConn, user: UserId, id: i64) -> Result<(), AccountError> {
    let gone = diesel::delete(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::user_id.eq(user)),
    )
    .execute(conn)?;
    if gone == 0 {
        return Err(AccountError::NotFound);
    }
    Ok(())
}

/// The user and scopes of a live token, or `None` for an unknown or revoked one.
pub fn resolve(
    conn: &mut DbConn,
    clock: &dyn Clock,
    token: &str,
) -> Result<Option<(i64, User, Scopes)>, AccountError> {
    if token.is_empty() || token.len() > 100 {
        return Ok(None);
    }
    let found: Option<(i64, String, Option<NaiveDateTime>, User)> = api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(hash(token)))
        .select((
            api_tokens::id,
            api_tokens::scopes,
            api_tokens::last_used_at,
            User::as_select(),
        ))
        .first(conn)
        .optional()?;
    let Some((id, scopes, last_used_at, user)) = found else {
        return Ok(None);
    };
    let now = clock.now_db();
    if last_used_at.is_none_or(|at| now - at > TOUCH_EVERY) {
        diesel::update(api_tokens::table.find(id))
            .set(api_tokens::last_used_at.eq(now))
            .execute(conn)?;
    }
    Ok(Some((id, user, Scopes::from_stored(&scopes))))
}

/// The secret of `user`'s calendar URL, if they made one.
pub fn calendar_key(conn: &mut DbConn, user: UserId) -> Result<Option<String>, AccountError> {
    Ok(calendar_keys::table
        .find(user)
        .select(calendar_keys::secret)
        .first(conn)
        .optional()?)
}

/// Replaces `user`'s calendar secret: the old URL stops working.
pub fn renew_calendar_key(
    conn: &mut DbConn,
    clock: &dyn Clock,
    user: UserId,
) -> Result<String, AccountError> {
    let secret = new_token();
    diesel::delete(calendar_keys::table.filter(calendar_keys::user_id.eq(user))).execute(conn)?;
    diesel::insert_into(calendar_keys::table)
        .values((
            calendar_keys::user_id.eq(user),
            calendar_keys::secret.eq(&secret),
            calendar_keys::created_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    Ok(secret)
}

/// True when `secret` is `user`'s calendar secret (compared as hashes, so the time taken
/// says nothing about the secret).
pub fn calendar_key_matches(
    conn: &mut DbConn,
    user: UserId,
    secret: &str,
) -> Result<bool, AccountError> {
    let found = calendar_key(conn, user)?;
    Ok(found.is_some_and(|stored| hash(&stored) == hash(secret)))
}
