//! Registration, log-in, settings and unsubscribe.

use crate::i18n::Message;
use diesel::prelude::*;
use rand::RngCore;

use super::{password, rate_limit, sessions, validate, AccountError};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::models::{NewUser, User};
use crate::db::schema::users;
use crate::db::{Db, DbConn, UserId};
use crate::mail::MailKind;

#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub username: String,
    pub email: String,
    pub password: String,
    /// The language the player registered in, kept as their setting so that mails (the
    /// address confirmation first) speak it; `None` follows the browser and the site default.
    pub language: Option<crate::i18n::Lang>,
}

#[derive(Debug, Clone)]
pub struct Preferences {
    /// Email when it is my move.
    pub notify_turn: bool,
    /// Email before my time runs out.
    pub notify_reminder: bool,
    /// Email what opponents write in the chat.
    pub notify_chat: bool,
    /// Email challenges made to me and the answers to mine.
    pub notify_challenge: bool,
    /// Email how my games end.
    pub notify_game_end: bool,
    /// Email the computer's replies even when they come within a minute of my move.
    pub notify_computer: bool,
    /// Show moves in long notation instead of SAN.
    pub long_notation: bool,
    /// Show my games' chat to everyone once a game is over (if the opponent agrees).
    pub public_chat: bool,
    /// Bots may challenge me.
    pub bot_challenges: bool,
    /// A chrono-tz name such as `Europe/Paris`.
    pub time_zone: String,
    /// A language tag plypost speaks (`fr`), or `None` for the browser's choice.
    pub language: Option<String>,
}

/// Opens an account. When addresses are verified (`config.verify_email`), its address gets
/// no game mail until the link mailed to it is followed.
pub fn register(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    form: &Registration,
) -> Result<User, AccountError> {
    let (username, username_key) = validate::username(&form.username)?;
    let (email, email_key) = validate::email(&form.email)?;
    validate::password(&form.password)?;
    let password_hash = password::hash(&form.password)?;
    let now = clock.now_db();
    let unsubscribe_token = random_token();

    db.write(|conn| {
        let same_name: i64 = users::table
            .filter(users::username_key.eq(&username_key))
            .count()
            .get_result(conn)?;
        if same_name > 0 {
            return Err(AccountError::UsernameTaken);
        }
        let same_email: i64 = users::table
            .filter(users::email_key.eq(&email_key))
            .count()
            .get_result(conn)?;
        if same_email > 0 {
            return Err(AccountError::EmailTaken);
        }
        let inserted = diesel::insert_into(users::table)
            .values(NewUser {
                username: &username,
                username_key: &username_key,
                email: &email,
                email_key: &email_key,
                password_hash: &password_hash,
                session_epoch: 0,
                notify_turn: true,
                notify_reminder: true,
                time_zone: "UTC",
                unsubscribe_token: &unsubscribe_token,
                created_at: now,
                updated_at: now,
                email_verified_at: (!config.verify_email).then_some(now),
                language: form.language.as_ref().map(crate::i18n::Lang::tag),
            })
            .execute(conn);
        match inserted {
            Ok(_) => {}
            // Lost a race with a concurrent registration.
            Err(e) if crate::db::is_unique_violation(&e) => {
                return Err(AccountError::UsernameTaken)
            }
            Err(e) => return Err(e.into()),
        }
        let user: User = users::table
            .filter(users::username_key.eq(&username_key))
            .select(User::as_select())
            .first(conn)?;
        if config.verify_email {
            super::verify::send_link(conn, clock, config, &user, (&email, &email_key))?;
        }
        Ok(user)
    })
}

pub fn find(conn: &mut DbConn, id: UserId) -> Result<Option<User>, AccountError> {
    Ok(users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

pub fn find_by_username(conn: &mut DbConn, username: &str) -> Result<Option<User>, AccountError> {
    Ok(users::table
        .filter(users::username_key.eq(username.trim().to_ascii_lowercase()))
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

/// Checks a log-in. Refuses without looking at the password while the account name or the
/// client address is rate-limited; records every attempt that gets as far as the password
/// check (before checking it, so that parallel guesses cannot slip past the limit).
pub fn authenticate(
    conn: &mut DbConn,
    clock: &dyn Clock,
    username: &str,
    password_input: &str,
    ip: &str,
) -> Result<User, AccountError> {
    let username_key = username.trim().to_ascii_lowercase();
    let now = clock.now_db();
    if username_key.is_empty() || password_input.is_empty() {
        return Err(AccountError::InvalidCredentials);
    }
    rate_limit::check(conn, now, &username_key, ip)?;
    rate_limit::reserve(conn, now, &username_key, ip)?;
    let user = find_by_username(conn, &username_key)?;
    let ok = match &user {
        Some(user) => password::verify(password_input, &user.password_hash),
        None => {
            password::verify_dummy(password_input);
            false
        }
    };
    match user {
        Some(user) if ok => {
            // The reservation was recorded as a failure; clearing removes it.
            rate_limit::clear_account(conn, &username_key)?;
            rate_limit::record(conn, now, &username_key, ip, true)?;
            if user.suspended_at.is_some() {
                let reason = user.suspended_reason.clone().unwrap_or_default();
                return Err(AccountError::Suspended(reason));
            }
            Ok(user)
        }
        _ => Err(AccountError::InvalidCredentials),
    }
}

/// Changes the password and ends every other session of the user (all but the session
/// with token `keep_session`, the one making the change).
pub fn change_password(
    db: &mut Db,
    clock: &dyn Clock,
    id: UserId,
    current: &str,
    new: &str,
    keep_session: Option<&str>,
    ip: &str,
) -> Result<User, AccountError> {
    let user = find(db, id)?.ok_or(AccountError::NotFound)?;
    check_current_password(db, clock, &user, current, ip)?;
    validate::password(new)?;
    let hash = password::hash(new)?;
    db.write(|conn| {
        let user = set_password_hash(conn, clock, id, &hash)?;
        sessions::end_others(conn, id, keep_session)?;
        Ok(user)
    })
}

/// The current password, asked again before a change: wrong ones count as failed log-ins of
/// the account (from this address), so a stolen session cannot guess it without limit.
pub fn check_current_password(
    db: &mut Db,
    clock: &dyn Clock,
    user: &User,
    current: &str,
    ip: &str,
) -> Result<(), AccountError> {
    let now = clock.now_db();
    rate_limit::check(db, now, &user.username_key, ip)?;
    if password::verify(current, &user.password_hash) {
        return Ok(());
    }
    db.write(|conn| rate_limit::record(conn, now, &user.username_key, ip, false))?;
    Err(AccountError::WrongPassword)
}

/// Turns a deleted account into `deleted-<id>`: no address, no password, no sessions, tokens,
/// calendar link or blocks. Its games keep pointing at the row, under the new name.
pub fn anonymize(conn: &mut DbConn, clock: &dyn Clock, id: UserId) -> Result<(), AccountError> {
    use crate::db::schema::{api_tokens, blocks, calendar_keys};
    let name = format!("deleted-{id}");
    let email = format!("{name}@deleted.invalid");
    diesel::update(users::table.find(id))
        .set((
            (
                users::username.eq(&name),
                users::username_key.eq(&name),
                users::email.eq(&email),
                users::email_key.eq(&email),
                users::password_hash.eq("!"),
                users::notify_turn.eq(false),
                users::notify_reminder.eq(false),
                users::notify_chat.eq(false),
                users::notify_challenge.eq(false),
                users::notify_game_end.eq(false),
            ),
            (
                users::public_chat.eq(false),
                users::is_admin.eq(false),
                users::unsubscribe_token.eq(random_token()),
                users::reply_generation.eq(users::reply_generation + 1),
                users::updated_at.eq(clock.now_db()),
            ),
        ))
        .execute(conn)?;
    sessions::end_others(conn, id, None)?;
    diesel::delete(api_tokens::table.filter(api_tokens::user_id.eq(id))).execute(conn)?;
    diesel::delete(calendar_keys::table.filter(calendar_keys::user_id.eq(id))).execute(conn)?;
    diesel::delete(blocks::table.filter(blocks::blocker_id.eq(id).or(blocks::blocked_id.eq(id))))
        .execute(conn)?;
    Ok(())
}

pub(super) fn set_password_hash(
    conn: &mut DbConn,
    clock: &dyn Clock,
    id: UserId,
    hash: &str,
) -> Result<User, AccountError> {
    diesel::update(users::table.find(id))
        .set((
            users::password_hash.eq(hash),
            users::updated_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    find(conn, id)?.ok_or(AccountError::NotFound)
}

/// What a change of address did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailChange {
    /// The new address is the account's (addresses are not verified on this server).
    Changed,
    /// A link went to the new address; the old one stays until it is followed.
    LinkSent,
}

/// Changes the account's address, after the current password. When addresses are verified
/// (`config.verify_email`) the new one only gets a link: it replaces the old one when the
/// link is followed (`verify::confirm`).
pub fn change_email(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    id: UserId,
    (current_password, new_email): (&str, &str),
    ip: &str,
) -> Result<EmailChange, AccountError> {
    let user = find(db, id)?.ok_or(AccountError::NotFound)?;
    check_current_password(db, clock, &user, current_password, ip)?;
    let (email, email_key) = validate::email(new_email)?;
    db.write(|conn| {
        let taken: i64 = users::table
            .filter(users::email_key.eq(&email_key))
            .filter(users::id.ne(id))
            .count()
            .get_result(conn)?;
        if taken > 0 {
            return Err(AccountError::EmailTaken);
        }
        if config.verify_email {
            super::verify::send_link(conn, clock, config, &user, (&email, &email_key))?;
            return Ok(EmailChange::LinkSent);
        }
        let now = clock.now_db();
        match diesel::update(users::table.find(id))
            .set((
                users::email.eq(&email),
                users::email_key.eq(&email_key),
                users::email_verified_at.eq(Some(now)),
                users::updated_at.eq(now),
            ))
            .execute(conn)
        {
            Ok(_) => Ok(EmailChange::Changed),
            Err(e) if crate::db::is_unique_violation(&e) => Err(AccountError::EmailTaken),
            Err(e) => Err(e.into()),
        }
    })
}

pub fn update_preferences(
    conn: &mut DbConn,
    clock: &dyn Clock,
    id: UserId,
    prefs: &Preferences,
) -> Result<User, AccountError> {
    let tz = validate::time_zone(&prefs.time_zone)?;
    let language = match prefs.language.as_deref() {
        None | Some("") => None,
        Some(tag) => Some(
            crate::i18n::Lang::from_tag(tag)
                .ok_or_else(|| {
                    AccountError::Invalid(Message::new("error-account-language").arg("tag", tag))
                })?
                .tag(),
        ),
    };
    diesel::update(users::table.find(id))
        .set((
            users::notify_turn.eq(prefs.notify_turn),
            users::notify_reminder.eq(prefs.notify_reminder),
            users::notify_chat.eq(prefs.notify_chat),
            users::notify_challenge.eq(prefs.notify_challenge),
            users::notify_game_end.eq(prefs.notify_game_end),
            users::notify_computer.eq(prefs.notify_computer),
            users::long_notation.eq(prefs.long_notation),
            users::public_chat.eq(prefs.public_chat),
            users::bot_challenges.eq(prefs.bot_challenges),
            users::time_zone.eq(tz.name()),
            users::language.eq(language),
            users::updated_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    find(conn, id)?.ok_or(AccountError::NotFound)
}

/// Revokes every reply-by-mail token of the player: replies to earlier mails are dropped
/// unread, and new mails carry new tokens.
pub fn revoke_reply_tokens(db: &mut Db, clock: &dyn Clock, id: UserId) -> Result<(), AccountError> {
    db.write(|conn| {
        diesel::update(users::table.find(id))
            .set((
                users::reply_generation.eq(users::reply_generation + 1),
                users::updated_at.eq(clock.now_db()),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// The address to notify about `kind`, or `None` when the user switched that mail off.
pub fn notification_address(user: &User, kind: MailKind) -> Option<&str> {
    let wanted = match kind {
        MailKind::YourTurn => user.notify_turn,
        MailKind::Reminder => user.notify_reminder,
        MailKind::Chat => user.notify_chat,
        MailKind::Challenge => user.notify_challenge,
        MailKind::GameEnd => user.notify_game_end,
        MailKind::PasswordReset | MailKind::MailAnswer | MailKind::VerifyEmail => true,
    };
    // Game mail goes only to a confirmed address; a password reset proves itself. Bots get
    // no mail at all: they follow their games through the bot API.
    let confirmed = user.email_verified() || kind == MailKind::PasswordReset;
    (wanted && confirmed && !user.is_bot).then_some(user.email.as_str())
}

/// The link (for the List-Unsubscribe header and the mail footer) that switches `kind` off.
pub fn unsubscribe_url(config: &Config, user: &User, kind: MailKind) -> String {
    config.absolute_url(&format!(
        "/unsubscribe/{}/{}",
        user.unsubscribe_token,
        kind.as_str()
    ))
}

/// Switches off one kind of notification for the owner of `token`.
pub fn unsubscribe(
    conn: &mut DbConn,
    clock: &dyn Clock,
    token: &str,
    kind: &str,
) -> Result<User, AccountError> {
    let user = find_by_unsubscribe_token(conn, token, kind)?;
    let target = users::table.find(user.id);
    let now = clock.now_db();
    match kind.parse::<MailKind>().ok() {
        Some(MailKind::YourTurn) => diesel::update(target)
            .set((users::notify_turn.eq(false), users::updated_at.eq(now)))
            .execute(conn)?,
        Some(MailKind::Reminder) => diesel::update(target)
            .set((users::notify_reminder.eq(false), users::updated_at.eq(now)))
            .execute(conn)?,
        Some(MailKind::Chat) => diesel::update(target)
            .set((users::notify_chat.eq(false), users::updated_at.eq(now)))
            .execute(conn)?,
        Some(MailKind::Challenge) => diesel::update(target)
            .set((users::notify_challenge.eq(false), users::updated_at.eq(now)))
            .execute(conn)?,
        Some(MailKind::GameEnd) => diesel::update(target)
            .set((users::notify_game_end.eq(false), users::updated_at.eq(now)))
            .execute(conn)?,
        _ => return Err(AccountError::InvalidUnsubscribeLink),
    };
    find(conn, user.id)?.ok_or(AccountError::NotFound)
}

/// Checks an unsubscribe link without changing anything.
pub fn find_by_unsubscribe_token(
    conn: &mut DbConn,
    token: &str,
    kind: &str,
) -> Result<User, AccountError> {
    if !kind
        .parse::<MailKind>()
        .ok()
        .is_some_and(MailKind::is_notification)
    {
        return Err(AccountError::InvalidUnsubscribeLink);
    }
    // Tokens are hex (`random_token`): anything else is not worth a query.
    if token.is_empty() || token.len() > 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AccountError::InvalidUnsubscribeLink);
    }
    users::table
        .filter(users::unsubscribe_token.eq(token))
        .select(User::as_select())
        .first(conn)
        .optional()?
        .ok_or(AccountError::InvalidUnsubscribeLink)
}

fn random_token() -> String {
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}
const SYSTEM_USERNAME: &str = "(imported)";
const SYSTEM_KEY: &str = "(IMPORTED)";
/// The account that plays the computer's side of games against it.
pub const COMPUTER_USERNAME: &str = "(computer)";
const COMPUTER_KEY: &str = "(COMPUTER)";

/// Whether `username` is the computer's reserved account.
pub fn is_computer(username: &str) -> bool {
    username == COMPUTER_USERNAME
}

/// The reserved owner of imported games, created on first use. Its `username_key` is upper
/// case, which no log-in or lookup ever produces, and it has no usable password.
pub fn system_user(conn: &mut DbConn, clock: &dyn Clock) -> Result<UserId, AccountError> {
    reserved_user(conn, clock, SYSTEM_USERNAME, SYSTEM_KEY)
}

/// The reserved account of the computer player, created on first use: like
/// [`system_user`], no one can register or log in as it, and its address is never
/// confirmed, so it is never mailed.
pub fn computer_user(conn: &mut DbConn, clock: &dyn Clock) -> Result<UserId, AccountError> {
    reserved_user(conn, clock, COMPUTER_USERNAME, COMPUTER_KEY)
}

/// Up to five players whose names do not start with `prefix` (reserved accounts left out).
pub fn names_without_prefix(conn: &mut DbConn, prefix: &str) -> Result<Vec<String>, AccountError> {
    Ok(users::table
        .filter(users::username.not_like(format!("{prefix}%")))
        .filter(users::username.not_like("(%"))
        .select(users::username)
        .limit(5)
        .load(conn)?)
}

/// The computer's account if it was ever created.
pub fn find_computer_user(conn: &mut DbConn) -> Result<Option<UserId>, AccountError> {
    Ok(users::table
        .filter(users::username_key.eq(COMPUTER_KEY))
        .select(users::id)
        .first::<UserId>(conn)
        .optional()?)
}

fn reserved_user(
    conn: &mut DbConn,
    clock: &dyn Clock,
    username: &str,
    key: &str,
) -> Result<UserId, AccountError> {
    let find = |conn: &mut DbConn| {
        users::table
            .filter(users::username_key.eq(key))
            .select(users::id)
            .first::<UserId>(conn)
            .optional()
    };
    if let Some(id) = find(conn)? {
        return Ok(id);
    }
    let now = clock.now_db();
    let address = format!(
        "{}@plypost.invalid",
        username.trim_matches(|c| c == '(' || c == ')')
    );
    let inserted = diesel::insert_into(users::table)
        .values((
            users::username.eq(username),
            users::username_key.eq(key),
            users::email.eq(address),
            users::email_key.eq(key),
            // Not a password hash: no password matches it.
            users::password_hash.eq("!"),
            users::session_epoch.eq(0i64),
            users::notify_turn.eq(false),
            users::notify_reminder.eq(false),
            users::time_zone.eq("UTC"),
            users::unsubscribe_token.eq(random_token()),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => {}
        // Another writer created it at the same time.
        Err(e) if crate::db::is_unique_violation(&e) => {}
        Err(e) => return Err(e.into()),
    }
    find(conn)?.ok_or_else(|| AccountError::NotFound)
}

/// Sets the language of the player's pages and mails (the footer's language switch).
pub fn set_language(
    conn: &mut DbConn,
    clock: &dyn Clock,
    id: UserId,
    language: &crate::i18n::Lang,
) -> Result<(), AccountError> {
    diesel::update(users::table.find(id))
        .set((
            users::language.eq(Some(language.tag())),
            users::updated_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    Ok(())
}
