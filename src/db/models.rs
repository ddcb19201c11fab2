//! Rows as stored. Timestamps are naive UTC (`NaiveDateTime`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::ids::{OutboxId, UserId};
use super::schema::{login_attempts, outbox, password_resets, sessions, users};

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub username_key: String,
    pub email: String,
    pub email_key: String,
    pub password_hash: String,
    /// No longer read (sessions live in the `sessions` table); kept for existing rows.
    pub session_epoch: i64,
    pub notify_turn: bool,
    pub notify_reminder: bool,
    pub time_zone: String,
    pub unsubscribe_token: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// Mail me what my opponents write in our games' chat.
    pub notify_chat: bool,
    /// Let everyone read my games' chat once a game is over (only if the opponent agrees).
    pub public_chat: bool,
    /// The generation of the player's reply tokens; revoking them raises it.
    pub reply_generation: i64,
    /// May use the admin pages (`plypost admin grant NAME`).
    pub is_admin: bool,
    /// Suspended by an admin: cannot log in or challenge; their games go on.
    pub suspended_at: Option<NaiveDateTime>,
    pub suspended_reason: Option<String>,
    /// Mail me challenges made to me, accepted and declined.
    pub notify_challenge: bool,
    /// Mail me how my games end.
    pub notify_game_end: bool,
    /// Show moves in long notation (`Pe2-e4`) instead of SAN (`e4`).
    pub long_notation: bool,
    /// When the address was confirmed by a mailed link; `None`: not yet, and no game mail
    /// goes to it.
    pub email_verified_at: Option<NaiveDateTime>,
    /// Mail me the computer's replies even when they come within a minute of my move.
    pub notify_computer: bool,
    /// A bot account: plays through the bot API only, is never mailed (for good).
    pub is_bot: bool,
    /// Bots may challenge me.
    pub bot_challenges: bool,
    /// While a bot's event stream is open it refreshes this: the bot is online shortly after.
    pub stream_seen_at: Option<NaiveDateTime>,
    /// The language of the player's pages and mails (a `locales/` tag); `None`: the
    /// browser's choice, else the site's default.
    pub language: Option<String>,
}

impl User {
    /// The address may receive game mail and send moves by mail.
    pub fn email_verified(&self) -> bool {
        self.email_verified_at.is_some()
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub username_key: &'a str,
    pub email: &'a str,
    pub email_key: &'a str,
    pub password_hash: &'a str,
    pub session_epoch: i64,
    pub notify_turn: bool,
    pub notify_reminder: bool,
    pub time_zone: &'a str,
    pub unsubscribe_token: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub email_verified_at: Option<NaiveDateTime>,
    pub language: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = login_attempts)]
pub struct NewLoginAttempt<'a> {
    pub username_key: &'a str,
    pub ip: &'a str,
    pub success: bool,
    pub attempted_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = password_resets)]
pub struct PasswordReset {
    pub id: i64,
    pub user_id: UserId,
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = password_resets)]
pub struct NewPasswordReset<'a> {
    pub user_id: UserId,
    pub token_hash: &'a str,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = outbox)]
pub struct OutboxRow {
    pub id: OutboxId,
    pub kind: String,
    pub to_addr: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    pub message_id: String,
    pub list_unsubscribe: Option<String>,
    pub status: crate::domain::OutboxStatus,
    pub attempts: i64,
    pub next_attempt_at: NaiveDateTime,
    pub claim_token: Option<String>,
    pub claimed_until: Option<NaiveDateTime>,
    pub last_error: Option<String>,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
    /// The game thread the mail belongs to (`game-42`).
    pub thread_key: Option<String>,
    pub reply_to: Option<String>,
    /// The board picture to draw and attach inline when sending (`game:12:31:b`).
    pub inline_image: Option<String>,
    /// The language the mail is written in (`Content-Language`).
    pub language: Option<String>,
}

/// `None` is written as NULL (not left to a default): one SQL text, one prepared statement.
#[derive(Debug, Insertable)]
#[diesel(table_name = outbox, treat_none_as_default_value = false)]
pub struct NewOutboxRow<'a> {
    pub kind: &'a str,
    pub to_addr: &'a str,
    pub subject: &'a str,
    pub body_text: &'a str,
    pub body_html: Option<&'a str>,
    pub message_id: &'a str,
    pub list_unsubscribe: Option<&'a str>,
    pub status: crate::domain::OutboxStatus,
    pub attempts: i64,
    pub next_attempt_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub thread_key: Option<&'a str>,
    pub reply_to: Option<&'a str>,
    pub inline_image: Option<&'a str>,
    pub language: Option<&'a str>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = sessions)]
pub struct NewSession<'a> {
    pub user_id: UserId,
    pub token_hash: &'a str,
    pub created_at: NaiveDateTime,
    pub last_seen_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}
