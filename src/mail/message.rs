//! Turning an outbox row into an RFC 5322 message.

use std::time::SystemTime;

use chrono::{DateTime, Utc};
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;

use super::MailError;
use crate::db::models::OutboxRow;

/// `List-Unsubscribe: <https://...>` (RFC 2369).
#[derive(Debug, Clone)]
pub struct ListUnsubscribe(pub String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        let inner = s.trim().trim_start_matches('<').trim_end_matches('>');
        Ok(Self(inner.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `Content-Language: fr` (RFC 3282): the language the mail is written in.
#[derive(Debug, Clone)]
pub struct ContentLanguage(pub String);

impl Header for ContentLanguage {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Content-Language")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(s.trim().to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the link works by POST,
/// without a confirmation page.
#[derive(Debug, Clone)]
pub struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// The Message-ID of the thread `key` (`<game-42@example.org>`).
pub fn thread_id(key: &str, domain: &str) -> String {
    format!("<{key}@{domain}>")
}

/// The Content-ID of a mail's board picture: its HTML part shows `cid:board`.
pub const BOARD_CONTENT_ID: &str = "board";

/// Builds the message; the Message-ID and Date come from the row, so a retried message is
/// the same message. `image` is the row's board picture (PNG), drawn for this sending: the
/// HTML part and the picture go together as `multipart/related`, so clients show the board
/// without loading remote images. A row that wants a picture and has none is sent as plain
/// text (its HTML would show a hole).
pub fn build(
    row: &OutboxRow,
    from: &Mailbox,
    domain: &str,
    image: Option<Vec<u8>>,
) -> Result<Message, MailError> {
    let to: Mailbox = row
        .to_addr
        .parse()
        .map_err(|_| MailError::Address(row.to_addr.clone()))?;
    let date: SystemTime = DateTime::<Utc>::from_naive_utc_and_offset(row.created_at, Utc).into();
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(row.subject.clone())
        .date(date)
        .message_id(Some(format!("<{}@{}>", row.message_id, domain)));
    if let Some(url) = &row.list_unsubscribe {
        builder = builder
            .header(ListUnsubscribe(url.clone()))
            .header(ListUnsubscribePost);
    }
    if let Some(tag) = &row.language {
        builder = builder.header(ContentLanguage(tag.clone()));
    }
    if let Some(key) = &row.thread_key {
        // Every mail of a game answers the same (never sent) root message, so mail clients
        // show them as one conversation.
        let root = thread_id(key, domain);
        builder = builder.in_reply_to(root.clone()).references(root);
    }
    if let Some(address) = &row.reply_to {
        let reply_to: Mailbox = address
            .parse()
            .map_err(|_| MailError::Address(address.clone()))?;
        builder = builder.reply_to(reply_to);
    }
    let html = row
        .body_html
        .as_ref()
        .filter(|_| row.inline_image.is_none() || image.is_some());
    let message = match (html, image) {
        (Some(html), Some(png)) => builder.multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::plain(row.body_text.clone()))
                .multipart(
                    MultiPart::related()
                        .singlepart(SinglePart::html(html.clone()))
                        .singlepart(
                            Attachment::new_inline(BOARD_CONTENT_ID.to_owned()).body(
                                png,
                                ContentType::parse("image/png")
                                    .map_err(|e| MailError::Build(format!("image/png: {e}")))?,
                            ),
                        ),
                ),
        ),
        (Some(html), None) => builder.multipart(MultiPart::alternative_plain_html(
            row.body_text.clone(),
            html.clone(),
        )),
        (None, _) => builder.singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .body(row.body_text.clone()),
        ),
    };
    message.map_err(|e| MailError::Build(e.to_string()))
}
