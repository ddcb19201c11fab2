//! Password reset by mail: a random single-use token that expires; only its SHA-256 is
//! stored, so a copy of the database does not let anyone reset passwords.

use askama::Template;
use base64::Engine;
use chrono::Duration;
use diesel::prelude::*;
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::users::{find, set_password_hash};
use super::{password, rate_limit, sessions, validate, AccountError, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::models::{NewPasswordReset, PasswordReset};
use crate::db::schema::{password_resets, users};
use crate::db::{Db, DbConn};
use crate::mail::{self, MailKind, Outgoing};

pub const TOKEN_LIFETIME: Duration = Duration::hours(1);
/// At most this many reset mails per account per [`TOKEN_LIFETIME`] (no mail bombing).
pub const MAX_OPEN_REQUESTS: i64 = 3;

#[derive(Template)]
#[template(path = "mail/password_reset.txt")]
struct ResetMail<'a> {
    lang: &'a crate::i18n::Lang,
    username: &'a str,
    link: &'a str,
    minutes: i64,
}

#[derive(Template)]
#[template(path = "mail/password_reset.html")]
struct ResetMailHtml<'a> {
    lang: &'a crate::i18n::Lang,
    username: &'a str,
    link: &'a str,
    minutes: i64,
}

/// Queues a reset mail when `email` belongs to an account. Answers the same either way, so
/// the form does not tell who has an account.
pub fn request(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    email: &str,
) -> Result<(), AccountError> {
    let (_, email_key) = validate::email(email)?;
    let now = clock.now_db();
    db.write(|conn| {
        let Some(user) = users::table
            .filter(users::email_key.eq(&email_key))
            .select(User::as_select())
            .first(conn)
            .optional()?
        else {
            return Ok(());
        };
        let recent: i64 = password_resets::table
            .filter(password_resets::user_id.eq(user.id))
            .filter(password_resets::created_at.gt(now - TOKEN_LIFETIME))
            .count()
            .get_result(conn)?;
        if recent >= MAX_OPEN_REQUESTS {
            tracing::info!(user = %user.id, "password reset mail not sent: too many requests");
            return Ok(());
        }
        let token = new_token();
        diesel::insert_into(password_resets::table)
            .values(NewPasswordReset {
                user_id: user.id,
                token_hash: &hash_token(&token),
                created_at: now,
                expires_at: now + TOKEN_LIFETIME,
            })
            .execute(conn)?;
        let link = config.absolute_url(&format!("/password-reset/{token}"));
        let minutes = TOKEN_LIFETIME.num_minutes();
        let username = &user.username;
        let template_error = |e: askama::Error| mail::MailError::Build(e.to_string());
        let lang = config.language_for(user.language.as_deref());
        let text = ResetMail {
            lang: &lang,
            username,
            link: &link,
            minutes,
        }
        .render()
        .map_err(template_error)?;
        let html = ResetMailHtml {
            lang: &lang,
            username,
            link: &link,
            minutes,
        }
        .render()
        .map_err(template_error)?;
        mail::queue(
            conn,
            clock,
            &Outgoing::new(
                MailKind::PasswordReset,
                &user.email,
                &lang.t("mail-subject-reset"),
                text,
            )
            .with_html(html)
            .in_language(&lang),
        )?;
        Ok(())
    })
}

/// The account a valid (unused, unexpired) token belongs to.
pub fn check(conn: &mut DbConn, clock: &dyn Clock, token: &str) -> Result<User, AccountError> {
    let reset = valid_reset(conn, clock, token)?;
    find(conn, reset.user_id)?.ok_or(AccountError::InvalidResetToken)
}

/// Sets a new password with a token, uses the token up (and every other open token of the
/// account), ends all of the account's sessions and lifts its log-in lock.
pub fn complete(
    db: &mut Db,
    clock: &dyn Clock,
    token: &str,
    new_password: &str,
) -> Result<User, AccountError> {
    validate::password(new_password)?;
    let hash = password::hash(new_password)?;
    let now = clock.now_db();
    db.write(|conn| {
        let reset = valid_reset(conn, clock, token)?;
        // Compare-and-set: of two concurrent uses, exactly one finds the token unused.
        let used = diesel::update(
            password_resets::table
                .filter(password_resets::id.eq(reset.id))
                .filter(password_resets::used_at.is_null()),
        )
        .set(password_resets::used_at.eq(Some(now)))
        .execute(conn)?;
        if used != 1 {
            return Err(AccountError::InvalidResetToken);
        }
        diesel::update(
            password_resets::table
                .filter(password_resets::user_id.eq(reset.user_id))
                .filter(password_resets::used_at.is_null()),
        )
        .set(password_resets::used_at.eq(Some(now)))
        .execute(conn)?;
        let user = set_password_hash(conn, clock, reset.user_id, &hash)?;
        sessions::end_others(conn, user.id, None)?;
        rate_limit::clear_account(conn, &user.username_key)?;
        Ok(user)
    })
}

fn valid_reset(
    conn: &mut DbConn,
    clock: &dyn Clock,
    token: &str,
) -> Result<PasswordReset, AccountError> {
    if token.is_empty() || token.len() > 200 {
        return Err(AccountError::InvalidResetToken);
    }
    let reset = password_resets::table
        .filter(password_resets::token_hash.eq(hash_token(token)))
        .select(PasswordReset::as_select())
        .first(conn)
        .optional()?
        .ok_or(AccountError::InvalidResetToken)?;
    if reset.used_at.is_some() || reset.expires_at <= clock.now_db() {
        return Err(AccountError::InvalidResetToken);
    }
    Ok(reset)
}

pub(super) fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub(super) fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Forgets tokens that expired more than a day ago (called by a job).
pub fn purge_expired(conn: &mut DbConn, clock: &dyn Clock) -> Result<usize, AccountError> {
    Ok(diesel::delete(
        password_resets::table
            .filter(password_resets::expires_at.lt(clock.now_db() - Duration::days(1))),
    )
    .execute(conn)?)
}
