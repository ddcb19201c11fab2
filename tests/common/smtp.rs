//! A small but real SMTP server for tests: a tokio TCP listener on 127.0.0.1 that speaks
//! enough SMTP (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for lettre, and records
//! every message it accepts. It can be stopped and started again on the same port to
//! simulate an outage.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub to: Vec<String>,
    /// The message as received (headers and body), dot-stuffing removed, CRLF line ends.
    pub data: String,
}

impl ReceivedMail {
    /// The first header with this name (unfolded), without the name.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or("");
        let mut value: Option<String> = None;
        for line in head.split("\r\n") {
            if let Some(v) = value.as_mut() {
                if line.starts_with(' ') || line.starts_with('\t') {
                    v.push_str(line.trim_start());
                    continue;
                }
                break;
            }
            if let Some((n, v)) = line.split_once(':') {
                if n.eq_ignore_ascii_case(name) {
                    value = Some(v.trim().to_owned());
                }
            }
        }
        value
    }

    /// The text of the message with quoted-printable soft breaks and escapes undone (enough
    /// to find links in any part).
    pub fn decoded_text(&self) -> String {
        let qp = self
            .data
            .to_ascii_lowercase()
            .contains("content-transfer-encoding: quoted-printable");
        if !qp {
            return self.data.clone();
        }
        let joined = self.data.replace("=\r\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                if let Ok(b) = u8::from_str_radix(hex, 16) {
                    out.push(b);
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// The first link starting with `prefix`.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let text = self.decoded_text();
        let start = text.find(prefix)?;
        let rest = &text[start..];
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '"' || c == '<' || c == '>')
            .unwrap_or(rest.len());
        Some(rest[..end].to_owned())
    }
}

pub struct SmtpServer {
    pub port: u16,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    task: Option<JoinHandle<()>>,
}

impl SmtpServer {
    /// Starts on a free port.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind SMTP");
        let port = listener.local_addr().expect("addr").port();
        let mut server = Self {
            port,
            received: Arc::default(),
            task: None,
        };
        server.serve(listener);
        server
    }

    /// A port nothing listens on yet (for starting "down").
    pub fn free_port() -> u16 {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("addr").port()
    }

    /// Prepares a server for `port` without listening: SMTP is "down" until [`Self::resume`].
    pub fn down_on(port: u16) -> Self {
        Self {
            port,
            received: Arc::default(),
            task: None,
        }
    }

    /// Listens (again) on the same port.
    pub async fn resume(&mut self) {
        assert!(self.task.is_none(), "already running");
        let listener = TcpListener::bind(("127.0.0.1", self.port))
            .await
            .expect("re-bind SMTP port");
        self.serve(listener);
    }

    /// Stops listening and drops every open connection.
    pub fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<ReceivedMail> {
        self.received.lock().expect("lock").clone()
    }

    /// Waits until at least `count` messages arrived (panics after `timeout`).
    pub async fn wait_for(&self, count: usize, timeout: Duration) -> Vec<ReceivedMail> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let got = self.received();
            if got.len() >= count {
                return got;
            }
            if tokio::time::Instant::now() > deadline {
                panic!(
                    "expected {count} message(s) within {timeout:?}, got {}",
                    got.len()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn serve(&mut self, listener: TcpListener) {
        let received = self.received.clone();
        self.task = Some(tokio::spawn(async move {
            // Connections live in the set: aborting this task drops them all.
            let mut connections = JoinSet::new();
            loop {
                tokio::select! {
                    accepted = listener.accept() => {
                        if let Ok((socket, _)) = accepted {
                            connections.spawn(session(socket, received.clone()));
                        }
                    }
                    Some(_) = connections.join_next(), if !connections.is_empty() => {}
                }
            }
        }));
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn session(socket: TcpStream, received: Arc<Mutex<Vec<ReceivedMail>>>) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    let mut from = String::new();
    let mut to = Vec::new();
    if write
        .write_all(b"220 localhost test SMTP\r\n")
        .await
        .is_err()
    {
        return;
    }
    let mut line = String::new();
    loop {
        line.clear();
        match lines.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n"
        } else if upper.starts_with("HELO") {
            b"250 localhost\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            from = command[10..].trim().to_owned();
            to.clear();
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            to.push(command[8..].trim().to_owned());
            b"250 OK\r\n"
        } else if upper == "DATA" {
            if write
                .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                .await
                .is_err()
            {
                return;
            }
            let mut data = String::new();
            loop {
                line.clear();
                match lines.read_line(&mut line).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let content = line.trim_end_matches(['\r', '\n']);
                if content == "." {
                    break;
                }
                let unstuffed = content.strip_prefix('.').unwrap_or(content);
                data.push_str(unstuffed);
                data.push_str("\r\n");
            }
            received.lock().expect("lock").push(ReceivedMail {
                from: from.clone(),
                to: std::mem::take(&mut to),
                data,
            });
            b"250 OK queued\r\n"
        } else if upper == "RSET" {
            to.clear();
            b"250 OK\r\n"
        } else if upper == "NOOP" {
            b"250 OK\r\n"
        } else if upper == "QUIT" {
            let _ = write.write_all(b"221 Bye\r\n").await;
            return;
        } else {
            b"502 Command not implemented\r\n"
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}
