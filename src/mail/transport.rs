//! Where mail goes: an SMTP server, or `.eml` files in a folder when no SMTP server is set.

use lettre::message::Mailbox;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::{message, MailError};
use crate::config::Config;
use crate::db::models::OutboxRow;

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    File(AsyncFileTransport<Tokio1Executor>),
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    domain: String,
}

impl Mailer {
    pub fn from_config(config: &Config) -> Result<Self, MailError> {
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailError::Setup(format!("PLYPOST_SMTP_URL: {e}")))?
                    .timeout(Some(config.smtp_timeout))
                    .build(),
            ),
            None => {
                std::fs::create_dir_all(&config.mail_dir).map_err(|e| {
                    MailError::Setup(format!(
                        "PLYPOST_MAIL_DIR: cannot create {}: {e}",
                        config.mail_dir.display()
                    ))
                })?;
                Transport::File(AsyncFileTransport::new(&config.mail_dir))
            }
        };
        Ok(Self {
            transport,
            from: config.mail_from.clone(),
            domain: config.mail_domain(),
        })
    }

    /// Hands one message to the transport, with its board picture when it has one.
    pub async fn send(&self, row: &OutboxRow, image: Option<Vec<u8>>) -> Result<(), MailError> {
        let message = message::build(row, &self.from, &self.domain, image)?;
        match &self.transport {
            Transport::Smtp(smtp) => smtp
                .send(message)
                .await
                .map(|_| ())
                .map_err(|e| MailError::Transport(e.to_string())),
            Transport::File(file) => file
                .send(message)
                .await
                .map(|_| ())
                .map_err(|e| MailError::Transport(e.to_string())),
        }
    }
}
