//! Mail: messages are queued in the `outbox` table inside the caller's transaction and
//! delivered later by the mail job (`jobs::mail`) through a [`Mailer`] (SMTP or `.eml`
//! files), with retries and exponential back-off.
//!
//! Later features queue mail with [`queue`]:
//!
//! ```ignore
//! db.write(|conn| {
//!     // ... change the game ...
//!     mail::queue(conn, clock, &Outgoing::notification(MailKind::YourTurn, to, subject, text, unsubscribe_url))?;
//!     Ok(())
//! })?;
//! state.mail_wakeup.notify_one(); // optional: deliver now instead of at the next poll
//! ```

pub mod inbound;
pub mod message;
pub mod outbox;
pub mod received;
pub mod reply_token;
pub mod transport;

pub use outbox::{queue, Delivery};
pub use transport::Mailer;

pub use crate::domain::MailKind;

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
    /// The thread the mail belongs to (`game-42`: all mails of a game form one thread).
    pub thread: Option<String>,
    /// Where replies go (`moves+<token>@example.org`).
    pub reply_to: Option<String>,
    /// The board picture the HTML part shows as `cid:board`, drawn and attached when the
    /// mail is sent (a `MailPicture` key, `game:12:31:b`).
    pub inline_image: Option<String>,
    /// The language the mail is written in (`fr`): its `Content-Language` header.
    pub language: Option<String>,
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
            thread: None,
            reply_to: None,
            inline_image: None,
            language: None,
        }
    }

    /// The same mail, marked as written in `lang`.
    pub fn in_language(mut self, lang: &crate::i18n::Lang) -> Self {
        self.language = Some(lang.tag());
        self
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

    /// Puts the mail in the thread `key` (see [`message::thread_id`]).
    pub fn in_thread(mut self, key: String) -> Self {
        self.thread = Some(key);
        self
    }

    pub fn with_reply_to(mut self, address: Option<String>) -> Self {
        self.reply_to = address;
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
