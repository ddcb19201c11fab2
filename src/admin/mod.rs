//! What admins do, each action checked (the actor is an admin) and written to the audit log
//! (`admin_actions`) in the same transaction as the change: suspend and reinstate players,
//! retire or delete presets, settle reported chat messages, adjudicate games, retry failed
//! mail. The players, games, presets and outbox are changed through their own modules.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::accounts::{self, AccountError, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::models::OutboxRow;
use crate::db::schema::{admin_actions, users};
use crate::db::{Db, DbConn, GameId, OutboxId, UserId};
use crate::domain::GameResult;
use crate::games::chat::ChatMessage;
use crate::games::{self, GameError};
use crate::i18n::{Lang, Message};
use crate::mail::{self, MailError};
use crate::presets::{self, PresetError};

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("Only admins can do that.")]
    NotAdmin,
    /// A refused action; the message says why.
    #[error("{0}")]
    Invalid(Message),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("{0}")]
    Other(String),
}

impl AdminError {
    pub fn is_user_error(&self) -> bool {
        matches!(self, AdminError::NotAdmin | AdminError::Invalid(_))
    }

    /// The message a page shows for this error (`Display` is its English text); a server
    /// failure shows a generic message.
    pub fn message(&self) -> Message {
        match self {
            AdminError::NotAdmin => Message::new("error-admin-not-admin"),
            AdminError::Invalid(m) => m.clone(),
            AdminError::Db(_) | AdminError::Other(_) => Message::new("error-failed"),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

impl From<AccountError> for AdminError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::Db(db) => AdminError::Db(db),
            AccountError::NotFound => {
                AdminError::Invalid(Message::new("error-admin-no-such-player"))
            }
            // Account messages are not translated yet: shown as they are.
            other if other.is_user_error() => AdminError::Invalid(
                Message::new("error-admin-account").arg("reason", other.to_string()),
            ),
            other => AdminError::Other(other.to_string()),
        }
    }
}

impl From<GameError> for AdminError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Db(db) => AdminError::Db(db),
            other if other.is_user_error() => AdminError::Invalid(other.message()),
            other => AdminError::Other(other.to_string()),
        }
    }
}

impl From<PresetError> for AdminError {
    fn from(e: PresetError) -> Self {
        match e {
            PresetError::Db(db) => AdminError::Db(db),
            other if other.is_user_error() => AdminError::Invalid(other.message()),
            other => AdminError::Other(other.to_string()),
        }
    }
}

impl From<MailError> for AdminError {
    fn from(e: MailError) -> Self {
        match e {
            MailError::Db(db) => AdminError::Db(db),
            other => AdminError::Other(other.to_string()),
        }
    }
}

/// One line of the audit log.
#[derive(Debug, Clone, Queryable)]
pub struct AuditEntry {
    pub id: i64,
    pub admin: String,
    pub action: String,
    pub target: String,
    pub reason: String,
    pub created_at: NaiveDateTime,
}

/// What the admin page lists.
pub struct Overview {
    pub suspended: Vec<User>,
    pub reports: Vec<(GameId, ChatMessage)>,
    pub failed_mail: Vec<OutboxRow>,
}

/// Failed mails shown at most.
const FAILED_SHOWN: i64 = 100;

fn check(admin: &User) -> Result<(), AdminError> {
    if admin.is_admin && admin.suspended_at.is_none() {
        Ok(())
    } else {
        Err(AdminError::NotAdmin)
    }
}

fn audit(
    conn: &mut DbConn,
    clock: &dyn Clock,
    admin: &User,
    action: &str,
    target: &str,
    reason: &str,
) -> Result<(), AdminError> {
    diesel::insert_into(admin_actions::table)
        .values((
            admin_actions::admin_id.eq(admin.id),
            admin_actions::action.eq(action),
            admin_actions::target.eq(target),
            admin_actions::reason.eq(reason),
            admin_actions::created_at.eq(clock.now_db()),
        ))
        .execute(conn)?;
    Ok(())
}

fn required_reason(reason: &str) -> Result<String, AdminError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(AdminError::Invalid(Message::new(
            "error-admin-reason-missing",
        )));
    }
    if reason.chars().count() > 500 {
        return Err(AdminError::Invalid(
            Message::new("error-admin-reason-too-long").arg("max", 500),
        ));
    }
    Ok(reason.to_owned())
}

pub fn overview(conn: &mut DbConn, admin: &User) -> Result<Overview, AdminError> {
    check(admin)?;
    Ok(Overview {
        suspended: accounts::admin::suspended(conn)?,
        reports: games::chat::reported(conn)?,
        failed_mail: mail::outbox::failed(conn, FAILED_SHOWN)?,
    })
}

/// The newest `limit` entries of the audit log.
pub fn audit_log(
    conn: &mut DbConn,
    admin: &User,
    limit: i64,
) -> Result<Vec<AuditEntry>, AdminError> {
    check(admin)?;
    Ok(admin_actions::table
        .inner_join(users::table.on(users::id.eq(admin_actions::admin_id)))
        .order(admin_actions::id.desc())
        .limit(limit)
        .select((
            admin_actions::id,
            users::username,
            admin_actions::action,
            admin_actions::target,
            admin_actions::reason,
            admin_actions::created_at,
        ))
        .load(conn)?)
}

/// Suspends `name` (`reason` is shown to them), or reinstates them (`reason` `None`).
pub fn suspend(
    db: &mut Db,
    clock: &dyn Clock,
    admin: &User,
    name: &str,
    reason: Option<&str>,
) -> Result<(), AdminError> {
    check(admin)?;
    let reason = reason.map(required_reason).transpose()?;
    db.write(|conn| {
        let user = accounts::users::find_by_username(conn, name)?.ok_or_else(|| {
            AdminError::Invalid(Message::new("error-admin-no-player").arg("name", name.trim()))
        })?;
        if user.id == admin.id {
            return Err(AdminError::Invalid(Message::new(
                "error-admin-suspend-self",
            )));
        }
        accounts::admin::set_suspended(conn, clock, user.id, reason.as_deref())?;
        let action = if reason.is_some() {
            "suspend"
        } else {
            "reinstate"
        };
        audit(
            conn,
            clock,
            admin,
            action,
            &user.username,
            reason.as_deref().unwrap_or(""),
        )
    })
}

/// Retires a player's preset (it leaves the index and starts no new games; its games go on),
/// or deletes it when no game or open challenge uses it. Built-in presets are not touched.
pub fn preset(
    db: &mut Db,
    clock: &dyn Clock,
    admin: &User,
    slug: &str,
    delete: bool,
    reason: &str,
) -> Result<(), AdminError> {
    check(admin)?;
    let reason = required_reason(reason)?;
    let found = presets::query::find_by_slug(db, slug)?;
    // The owner's own checks apply: an admin acts in the owner's place.
    let owner: UserId = found
        .owner_id
        .ok_or_else(|| AdminError::Invalid(Message::new("error-admin-builtin-preset")))?;
    if delete {
        presets::manage::delete(db, owner, slug, crate::challenges::forget_closed_of_preset)?;
    } else {
        presets::manage::set_retired(db, clock, owner, slug, true)?;
    }
    let action = if delete {
        "delete preset"
    } else {
        "retire preset"
    };
    db.write(|conn| audit(conn, clock, admin, action, slug, &reason))
}

/// Settles a report: dismisses it, or removes the message.
pub fn settle_report(
    db: &mut Db,
    clock: &dyn Clock,
    admin: &User,
    message: i64,
    remove: bool,
) -> Result<(), AdminError> {
    check(admin)?;
    db.write(|conn| {
        if !games::chat::settle_report(conn, message, remove)? {
            return Err(AdminError::Invalid(Message::new(
                "error-admin-report-settled",
            )));
        }
        let action = if remove {
            "remove message"
        } else {
            "dismiss report"
        };
        audit(
            conn,
            clock,
            admin,
            action,
            &format!("message {message}"),
            "",
        )
    })
}

/// What an administrator may decide about an active game, read from the form's `result`:
/// `1-0`, `0-1`, `1/2-1/2`, or `abort` (no result, unrated).
pub fn parse_verdict(text: &str) -> Result<Option<GameResult>, AdminError> {
    match text.trim() {
        "abort" => Ok(None),
        other => other
            .parse()
            .map(Some)
            .map_err(|_| AdminError::Invalid(Message::new("error-admin-verdict"))),
    }
}

/// Ends an active game with `verdict` (an abandoned game, say), or aborts it (`None`).
pub fn adjudicate(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    admin: &User,
    game: GameId,
    verdict: Option<GameResult>,
    reason: &str,
) -> Result<(), AdminError> {
    check(admin)?;
    let reason = required_reason(reason)?;
    crate::play::adjudicate(db, clock, config, game, verdict)?;
    let what = verdict.map_or("aborted", GameResult::as_str);
    db.write(|conn| {
        audit(
            conn,
            clock,
            admin,
            "adjudicate",
            &format!("game {game}: {what}"),
            &reason,
        )
    })
}

/// Puts a failed mail back in the queue.
pub fn retry_mail(
    db: &mut Db,
    clock: &dyn Clock,
    admin: &User,
    id: OutboxId,
) -> Result<(), AdminError> {
    check(admin)?;
    db.write(|conn| {
        if !mail::outbox::retry(conn, clock.now_db(), id)? {
            return Err(AdminError::Invalid(Message::new(
                "error-admin-mail-not-waiting",
            )));
        }
        audit(conn, clock, admin, "retry mail", &format!("mail {id}"), "")
    })
}
