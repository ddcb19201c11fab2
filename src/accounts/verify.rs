//! Confirming an address by a mailed link, when mail really goes out (`Config::verify_email`).
//! At registration the account's address waits for its link; a changed address is kept
//! aside in its verification row and replaces the old one only once confirmed, so game mail
//! never goes to, and moves are never taken from, an address nobody proved to own. Only the
//! token's SHA-256 is stored.

use crate::i18n::Message;
use askama::Template;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::reset::{hash_token, new_token};
use super::users::find;
use super::{AccountError, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{email_verifications, users};
use crate::db::{Db, DbConn, UserId};
use crate::mail::{self, MailKind, Outgoing};

pub const TOKEN_LIFETIME: Duration = Duration::hours(48);
/// At most this many confirmation mails per account and day (no mail bombing).
pub const MAX_MAILS_PER_DAY: i64 = 5;

#[derive(Template)]
#[template(path = "mail/verify_email.txt")]
struct VerifyMail<'a> {
    lang: &'a crate::i18n::Lang,
    username: &'a str,
    email: &'a str,
    change: bool,
    old: &'a str,
    hours: i64,
    link: &'a str,
}

/// An address waiting for its link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub email: String,
    pub sent_at: NaiveDateTime,
}

/// Mails a confirmation link for `email` (normalized, with its key) to `user`. Refused
/// past [`MAX_MAILS_PER_DAY`].
pub fn send_link(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    user: &User,
    (email, email_key): (&str, &str),
) -> Result<(), AccountError> {
    let now = clock.now_db();
    let today: i64 = email_verifications::table
        .filter(email_verifications::user_id.eq(user.id))
        .filter(email_verifications::created_at.gt(now - Duration::days(1)))
        .count()
        .get_result(conn)?;
    if today >= MAX_MAILS_PER_DAY {
        return Err(AccountError::Invalid(
            Message::new("error-account-verify-mails").arg("max", MAX_MAILS_PER_DAY),
        ));
    }
    // A new link replaces the ones sent before.
    diesel::update(
        email_verifications::table
            .filter(email_verifications::user_id.eq(user.id))
            .filter(email_verifications::used_at.is_null()),
    )
    .set(email_verifications::used_at.eq(Some(now)))
    .execute(conn)?;
    let token = new_token();
    diesel::insert_into(email_verifications::table)
        .values((
            email_verifications::user_id.eq(user.id),
            email_verifications::email.eq(email),
            email_verifications::email_key.eq(email_key),
            email_verifications::token_hash.eq(hash_token(&token)),
            email_verifications::created_at.eq(now),
            email_verifications::expires_at.eq(now + TOKEN_LIFETIME),
        ))
        .execute(conn)?;
    let link = config.absolute_url(&format!("/email/confirm/{token}"));
    let change = user.email_verified() && !user.email.eq_ignore_ascii_case(email);
    let lang = config.language_for(user.language.as_deref());
    let text = VerifyMail {
        lang: &lang,
        username: &user.username,
        email,
        change,
        old: &user.email,
        hours: TOKEN_LIFETIME.num_hours(),
        link: &link,
    }
    .render()
    .map_err(|e| mail::MailError::Build(e.to_string()))?;
    mail::queue(
        conn,
        clock,
        &Outgoing::new(
            MailKind::VerifyEmail,
            email,
            &lang.t("mail-subject-verify"),
            text,
        )
        .in_language(&lang),
    )?;
    Ok(())
}

/// The address `user` is asked to confirm, if any link is still open.
pub fn pending(
    conn: &mut DbConn,
    clock: &dyn Clock,
    user: UserId,
) -> Result<Option<Pending>, AccountError> {
    Ok(email_verifications::table
        .filter(email_verifications::user_id.eq(user))
        .filter(email_verifications::used_at.is_null())
        .filter(email_verifications::expires_at.gt(clock.now_db()))
        .order(email_verifications::id.desc())
        .select((email_verifications::email, email_verifications::created_at))
        .first::<(String, NaiveDateTime)>(conn)
        .optional()?
        .map(|(email, sent_at)| Pending { email, sent_at }))
}

/// The address a valid (unused, unexpired) link would confirm, for its page.
pub fn check(conn: &mut DbConn, clock: &dyn Clock, token: &str) -> Result<String, AccountError> {
    Ok(valid(conn, clock, token)?.1)
}

/// Confirms the address of a link: it becomes the account's address, confirmed now. The
/// link is used up; an address taken by another account meanwhile is refused.
pub fn confirm(db: &mut Db, clock: &dyn Clock, token: &str) -> Result<User, AccountError> {
    let now = clock.now_db();
    db.write(|conn| {
        let (id, email, email_key, user_id) = valid(conn, clock, token)?;
        let taken: i64 = users::table
            .filter(users::email_key.eq(&email_key))
            .filter(users::id.ne(user_id))
            .count()
            .get_result(conn)?;
        if taken > 0 {
            return Err(AccountError::EmailTaken);
        }
        // Compare-and-set: of two concurrent uses, exactly one finds the link unused.
        let used = diesel::update(
            email_verifications::table
                .filter(email_verifications::id.eq(id))
                .filter(email_verifications::used_at.is_null()),
        )
        .set(email_verifications::used_at.eq(Some(now)))
        .execute(conn)?;
        if used != 1 {
            return Err(AccountError::InvalidVerifyLink);
        }
        let updated = diesel::update(users::table.find(user_id))
            .set((
                users::email.eq(&email),
                users::email_key.eq(&email_key),
                users::email_verified_at.eq(Some(now)),
                users::updated_at.eq(now),
            ))
            .execute(conn);
        match updated {
            Ok(_) => {}
            Err(e) if crate::db::is_unique_violation(&e) => return Err(AccountError::EmailTaken),
            Err(e) => return Err(e.into()),
        }
        find(conn, user_id)?.ok_or(AccountError::NotFound)
    })
}

/// (row id, email, email key, user) of a valid link.
fn valid(
    conn: &mut DbConn,
    clock: &dyn Clock,
    token: &str,
) -> Result<(i64, String, String, UserId), AccountError> {
    if token.is_empty() || token.len() > 200 {
        return Err(AccountError::InvalidVerifyLink);
    }
    let row: Option<(
        i64,
        String,
        String,
        UserId,
        NaiveDateTime,
        Option<NaiveDateTime>,
    )> = email_verifications::table
        .filter(email_verifications::token_hash.eq(hash_token(token)))
        .select((
            email_verifications::id,
            email_verifications::email,
            email_verifications::email_key,
            email_verifications::user_id,
            email_verifications::expires_at,
            email_verifications::used_at,
        ))
        .first(conn)
        .optional()?;
    match row {
        Some((id, email, key, user, expires, None)) if expires > clock.now_db() => {
            Ok((id, email, key, user))
        }
        _ => Err(AccountError::InvalidVerifyLink),
    }
}

/// Forgets links that expired more than a day ago (called with the password resets').
pub fn purge_expired(conn: &mut DbConn, clock: &dyn Clock) -> Result<usize, AccountError> {
    Ok(diesel::delete(
        email_verifications::table
            .filter(email_verifications::expires_at.lt(clock.now_db() - Duration::days(1))),
    )
    .execute(conn)?)
}
