//! The bot API as a client sees it: JSON requests with the token, and NDJSON streams read
//! a line at a time (empty keep-alive lines skipped, a silent stream given up).

use std::time::Duration;

use anyhow::{bail, Context};
use futures_util::StreamExt;
use serde_json::Value;

pub struct Client {
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Client {
    pub fn new(base: &str, token: &str) -> anyhow::Result<Client> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("plypost-bot/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("an HTTP client")?;
        Ok(Client {
            base: base.trim_end_matches('/').to_owned(),
            token: token.to_owned(),
            http,
        })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get_json(&self, path: &str) -> anyhow::Result<Value> {
        let res = self
            .http
            .get(self.url(path))
            .bearer_auth(&self.token)
            .timeout(Duration::from_secs(20))
            .send()
            .await
            .with_context(|| format!("GET {path}"))?;
        answer(path, res).await
    }

    /// POSTs a form body; the answer's JSON.
    pub async fn post(&self, path: &str, form: &str) -> anyhow::Result<Value> {
        let res = self
            .http
            .post(self.url(path))
            .bearer_auth(&self.token)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(form.to_owned())
            .timeout(Duration::from_secs(20))
            .send()
            .await
            .with_context(|| format!("POST {path}"))?;
        answer(path, res).await
    }

    /// Opens an NDJSON stream.
    pub async fn stream(&self, path: &str) -> anyhow::Result<Lines> {
        let res = self
            .http
            .get(self.url(path))
            .bearer_auth(&self.token)
            .header("Accept", "application/x-ndjson")
            .send()
            .await
            .with_context(|| format!("GET {path}"))?;
        if !res.status().is_success() {
            let status = res.status();
            bail!(
                "GET {path}: {status} {}",
                res.text().await.unwrap_or_default()
            );
        }
        Ok(Lines {
            body: Box::pin(res.bytes_stream()),
            buffer: Vec::new(),
        })
    }
}

async fn answer(path: &str, res: reqwest::Response) -> anyhow::Result<Value> {
    let status = res.status();
    let text = res
        .text()
        .await
        .with_context(|| format!("{path}: the answer"))?;
    if !status.is_success() {
        bail!("{path}: {status} {text}");
    }
    serde_json::from_str(&text).with_context(|| format!("{path}: not JSON: {text}"))
}

type Body = std::pin::Pin<
    Box<dyn futures_util::Stream<Item = reqwest::Result<actix_web::web::Bytes>> + Send>,
>;

/// The JSON lines of a stream.
pub struct Lines {
    body: Body,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next JSON line; `None` when the stream ends, breaks, or says nothing (not even
    /// a keep-alive) for `silence`.
    pub async fn next(&mut self, silence: Duration) -> Option<Value> {
        loop {
            while let Some(end) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line);
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                match serde_json::from_str(text) {
                    Ok(value) => return Some(value),
                    Err(e) => tracing::warn!(error = %e, line = %text, "an unreadable line"),
                }
            }
            match tokio::time::timeout(silence, self.body.next()).await {
                Ok(Some(Ok(chunk))) => self.buffer.extend_from_slice(&chunk),
                Ok(Some(Err(e))) => {
                    tracing::warn!(error = %e, "the stream broke");
                    return None;
                }
                Ok(None) | Err(_) => return None,
            }
        }
    }
}
