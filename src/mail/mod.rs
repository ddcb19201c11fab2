//! Mail: messages are queued in the `outbox` table inside the caller's transaction and
//! delivered later by the mail job (`jobs::mail`) through a [`Mailer`] (SMTP or `.eml`
//! files), with retries and exponential back-off.
//!
//! Later features queue mail with [`queue`]:
//!
//! ```ignore
//! db::write_transaction(conn, |conn| {
//!     // ... change the game ...
//!     mail::queue(conn, clock, &Outgoing::notification(MailKind::YourTurn, to, subject, text, unsubscribe_url))?;
//!     Ok(())
//! })?;
//! state.mail_wakeup.notify_one(); // optional: deliver now instead of at the next poll
//! ```

pub mod message;
pub mod outbox;
pub mod transport;

pub use outbox::{queue, Delivery};
pub use transport::Mailer;

/// What a message is for. Stored in the outbox as text (`as_str`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    PasswordReset,
    /// It is the recipient's move.
    YourTurn,
    /// The recipient's time is running out.
    Reminder,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::PasswordReset => "password_reset",
            MailKind::YourTurn => "your_turn",
            MailKind::Reminder => "reminder",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "password_reset" => Some(MailKind::PasswordReset),
            "your_turn" => Some(MailKind::YourTurn),
            "reminder" => Some(MailKind::Reminder),
            _ => None,
        }
    }

    /// Notifications can be switched off by the recipient and carry a List-Unsubscribe header.
    pub fn is_notification(self) -> bool {
        matches!(self, MailKind::YourTurn | MailKind::Reminder)
    }
}

/// A message to queue.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub kind: MailKind,
    /// A single address, `name@example.org` or `Name <name@example.org>`.
    pub to: String,
    pub subject: String,
    /// The plain-text body (always sent).
    pub text: String,
    /// An optional HTML alternative.
    pub html: Option<String>,
    /// For notifications: the absolute URL that switches this kind of mail off.
    pub list_unsubscribe: Option<String>,
}

impl Outgoing {
    pub fn new(kind: MailKind, to: &str, subject: &str, text: String) -> Self {
        Self {
            kind,
            to: to.to_owned(),
            subject: subject.to_owned(),
            text,
            html: None,
            list_unsubscribe: None,
        }
    }

    pub fn notification(
        kind: MailKind,
        to: &str,
        subject: &str,
        text: String,
        unsubscribe_url: String,
    ) -> Self {
        Self {
            list_unsubscribe: Some(unsubscribe_url),
            ..Self::new(kind, to, subject, text)
        }
    }

    pub fn with_html(mut self, html: String) -> Self {
        self.html = Some(html);
        self
    }
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(String),
    #[error("bad address `{0}`")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(String),
    #[error("delivery failed: {0}")]
    Transport(String),
    #[error("mail setup: {0}")]
    Setup(String),
}
