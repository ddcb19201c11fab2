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

use crate::i18n::Message;
use crate::mail::MailError;

/// What went wrong with an account action. `Display` is English (logs, the JSON API); pages
/// show [`AccountError::localized`].
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// Bad input; the message is meant for the user.
    #[error("{0}")]
    Invalid(Message),
    #[error("{}", self.message())]
    UsernameTaken,
    #[error("{}", self.message())]
    EmailTaken,
    #[error("{}", self.message())]
    InvalidCredentials,
    /// Suspended by an admin, with the admin's reason (as they wrote it).
    #[error("{}", self.message())]
    Suspended(String),
    #[error("{}", self.message())]
    RateLimited { minutes: i64 },
    #[error("{}", self.message())]
    WrongPassword,
    #[error("{}", self.message())]
    InvalidResetToken,
    #[error("{}", self.message())]
    InvalidUnsubscribeLink,
    #[error("{}", self.message())]
    InvalidVerifyLink,
    #[error("{}", self.message())]
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

    /// The message a page shows for this error; a server failure shows a generic message.
    pub fn message(&self) -> Message {
        match self {
            AccountError::Invalid(m) => m.clone(),
            AccountError::UsernameTaken => Message::new("error-account-username-taken"),
            AccountError::EmailTaken => Message::new("error-account-email-taken"),
            AccountError::InvalidCredentials => Message::new("error-account-credentials"),
            AccountError::Suspended(reason) => {
                Message::new("error-account-suspended").arg("reason", reason)
            }
            AccountError::RateLimited { minutes } => {
                Message::new("error-account-rate-limited").arg("minutes", *minutes)
            }
            AccountError::WrongPassword => Message::new("error-account-wrong-password"),
            AccountError::InvalidResetToken => Message::new("error-account-reset-link"),
            AccountError::InvalidUnsubscribeLink => Message::new("error-account-unsubscribe-link"),
            AccountError::InvalidVerifyLink => Message::new("error-account-verify-link"),
            AccountError::NotFound => Message::new("error-account-not-found"),
            AccountError::Db(_) | AccountError::Hash(_) | AccountError::Mail(_) => {
                Message::new("error-failed")
            }
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &crate::i18n::Lang) -> String {
        self.message().text(lang)
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
