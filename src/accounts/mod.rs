//! Accounts: registration, log-in with rate limits, passwords, settings, password reset by
//! mail, unsubscribe links. No HTTP here; the web layer calls these functions and renders.

pub mod admin;
pub mod api_tokens;
pub mod blocks;
pub mod bots;
pub mod password;
pub mod rate_limit;
pub mod reset;
pub mod sessions;
pub mod users;
pub mod vacation;
pub mod validate;
pub mod verify;

pub use crate::db::models::User;
pub use users::{
    authenticate, change_email, change_password, find, notification_address, register,
    revoke_reply_tokens, set_language, unsubscribe, unsubscribe_url, update_preferences,
    EmailChange, Preferences, Registration,
};

use crate::mail::MailError;

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// Bad input; the message is meant for the user.
    #[error("{0}")]
    Invalid(String),
    #[error("That username is taken.")]
    UsernameTaken,
    #[error("An account with that email address already exists.")]
    EmailTaken,
    #[error("Wrong username or password.")]
    InvalidCredentials,
    #[error("This account is suspended: {0}")]
    Suspended(String),
    #[error("Too many failed attempts. Please wait {minutes} minute{} and try again. If this is your account, a password reset by mail (on the log-in page) lets you in at once.", if *.minutes == 1 { "" } else { "s" })]
    RateLimited { minutes: i64 },
    #[error("Your current password is not correct.")]
    WrongPassword,
    #[error("This password-reset link is invalid, has expired or was already used. Please ask for a new one.")]
    InvalidResetToken,
    #[error("This link is not valid.")]
    InvalidUnsubscribeLink,
    #[error("This confirmation link is invalid, has expired or was already used. Ask for a new one in your settings.")]
    InvalidVerifyLink,
    #[error("No such account.")]
    NotFound,
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("password hashing: {0}")]
    Hash(String),
    #[error("mail: {0}")]
    Mail(#[from] MailError),
}

impl AccountError {
    /// True for errors caused by the user's input (shown on the form); false for failures of
    /// the server (logged, shown as a 500 page).
    pub fn is_user_error(&self) -> bool {
        !matches!(
            self,
            AccountError::Db(_) | AccountError::Hash(_) | AccountError::Mail(_)
        )
    }
}

/// The usernames of the accounts `ids` (the ids of deleted accounts are left out).
pub fn usernames(
    conn: &mut crate::db::DbConn,
    ids: &[crate::db::UserId],
) -> Result<std::collections::HashMap<crate::db::UserId, String>, diesel::result::Error> {
    use crate::db::schema::users;
    use diesel::prelude::*;
    if ids.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let rows: Vec<(crate::db::UserId, String)> = users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::username))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
