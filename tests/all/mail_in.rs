//! Moving by replying to the mail: `plypost mail-in` (the real binary, as an MTA runs it) with
//! messages shaped as mail clients send them (`tests/mail/*.eml`, written by
//! `tests/mail/gen.py`), the answers as a real SMTP listener receives them, and the IMAP
//! watcher against a real IMAP server (Dovecot, started by `.ci/run` through
//! `.ci/imap-server`, named by `PLYPOST_TEST_IMAP_URL`).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::smtp::{ReceivedMail, SmtpServer};
use crate::common::{random_hex, Backend, TestApp, TestOptions, WAIT};
use plypost::db::{GameId, UserId};
use plypost::mail::reply_token::ReplyToken;
use plypost::play::by_mail::{self, Handled};

const BIN: &str = env!("CARGO_BIN_EXE_plypost");
/// The reply address written in the fixtures, replaced by a real one.
const FIXTURE_ADDRESS: &str = "moves+q7h2m4x9@example.org";
const IMAP_ENV: &str = "PLYPOST_TEST_IMAP_URL";

struct Room {
    app: TestApp,
    smtp: SmtpServer,
    alice: reqwest::Client,
    bob: reqwest::Client,
}

async fn room(backend: Backend, mut env: Vec<(&'static str, String)>) -> Room {
    let smtp = SmtpServer::start().await;
    env.push(("PLYPOST_MAIL_REPLY_TO", "moves@example.org".to_owned()));
    let app = TestApp::with(TestOptions {
        backend,
        smtp_url: Some(smtp.url()),
        base_url: None,
        env,
    })
    .await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    Room {
        app,
        smtp,
        alice,
        bob,
    }
}

impl Room {
    /// A chess game, alice White.
    async fn game(&self) -> i64 {
        let fields = [
            ("preset", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
            ("message", ""),
        ];
        self.app
            .start_game(&self.alice, "bob", &self.bob, &fields)
            .await
    }

    /// `who`'s reply address for `game` as of `ply`, with their current token generation.
    async fn address(&self, who: &str, game: i64, ply: i64) -> String {
        let (id, generation) = self.user(who).await;
        let takebacks = self.takebacks(game).await;
        ReplyToken {
            game: GameId(game),
            user: id,
            ply,
            takebacks,
            generation,
        }
        .address(&self.app.config)
        .expect("inbound mail is on")
    }

    /// Moves taken back so far in `game`.
    async fn takebacks(&self, game: i64) -> i64 {
        self.app
            .with_db(move |conn| {
                plypost::db::schema::games::table
                    .find(game)
                    .select(plypost::db::schema::games::takebacks)
                    .first(conn)
                    .expect("game")
            })
            .await
    }

    async fn user(&self, who: &str) -> (UserId, i64) {
        let name = who.to_owned();
        let user = self
            .app
            .with_db(move |conn| {
                plypost::accounts::users::find_by_username(conn, &name)
                    .expect("query")
                    .expect("user")
            })
            .await;
        (user.id, user.reply_generation)
    }

    /// Runs `plypost mail-in` on the app's database with `raw` on standard input.
    async fn mail_in(&self, raw: Vec<u8>) -> (i32, String) {
        run_mail_in(&self.app.settings, raw).await
    }

    /// Mail-in that must succeed (exit 0).
    /// Delivers `raw` as its token's player sends it (from the player's own address).
    async fn deliver(&self, raw: Vec<u8>) {
        let raw = self.sent_by_player(raw).await;
        self.deliver_as_is(raw).await;
    }

    /// Delivers `raw` with the sender it has.
    async fn deliver_as_is(&self, raw: Vec<u8>) {
        let (code, stderr) = self.mail_in(raw).await;
        assert_eq!(code, 0, "mail-in failed: {stderr}");
        self.caught_up();
    }

    /// `raw` with the `From` of the player its reply address names (unchanged without one).
    async fn sent_by_player(&self, raw: Vec<u8>) -> Vec<u8> {
        let text = String::from_utf8_lossy(&raw).into_owned();
        let token = text
            .split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | ',' | '"'))
            .find_map(|word| ReplyToken::from_address(word, &self.app.config));
        let Some(token) = token else {
            return raw;
        };
        let email: String = self
            .app
            .with_db(move |conn| {
                plypost::db::schema::users::table
                    .find(token.user)
                    .select(plypost::db::schema::users::email)
                    .first(conn)
                    .expect("the token's player")
            })
            .await;
        with_sender(&raw, &email)
    }

    /// The mail-in process queues with the real time; the app's mail job runs on the test
    /// clock, which this brings up to now so that the answers are due.
    fn caught_up(&self) {
        self.app
            .clock
            .set(chrono::Utc::now() + chrono::Duration::seconds(1));
        self.app.state.mail_wakeup.notify_one();
    }

    /// The answers (mails without List-Unsubscribe) received for `who`.
    fn answers(&self, who: &str) -> Vec<ReceivedMail> {
        let to = format!("{who}@example.org");
        self.smtp
            .received()
            .into_iter()
            .filter(|m| m.to.iter().any(|t| t.contains(&to)))
            .filter(|m| m.header("List-Unsubscribe").is_none())
            .collect()
    }

    async fn wait_answers(&self, who: &str, count: usize) -> Vec<ReceivedMail> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let got = self.answers(who);
            if got.len() >= count {
                return got;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{who}: expected {count} answer(s), got {}",
                got.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn outbox_rows(&self) -> usize {
        self.app.queued_mail().await.len()
    }
}

async fn run_mail_in(settings: &[(String, String)], raw: Vec<u8>) -> (i32, String) {
    let settings = settings.to_vec();
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(BIN)
            .arg("mail-in")
            .envs(settings)
            .env("RUST_LOG", "info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run plypost mail-in");
        // The process may stop reading early (an over-size message): a broken pipe is fine.
        let _ = child.stdin.take().expect("stdin").write_all(&raw);
        let out = child.wait_with_output().expect("mail-in output");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    })
    .await
    .expect("mail-in task")
}

/// A fixture with its reply address replaced by `address`.
fn fixture(name: &str, address: &str) -> Vec<u8> {
    let path = format!("{}/tests/mail/{name}.eml", env!("CARGO_MANIFEST_DIR"));
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    replace(&raw, FIXTURE_ADDRESS.as_bytes(), address.as_bytes())
}

/// `raw` with its `From` header field (folded lines included) saying `email`.
fn with_sender(raw: &[u8], email: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    let mut in_headers = true;
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\r', '\n']);
        if in_headers && bare.is_empty() {
            in_headers = false;
        }
        if in_headers && skipping && line.starts_with([' ', '\t']) {
            continue;
        }
        skipping = false;
        if in_headers && bare.len() >= 5 && bare[..5].eq_ignore_ascii_case("from:") {
            out.push_str(&format!("From: Player <{email}>\r\n"));
            skipping = true;
            continue;
        }
        out.push_str(line);
    }
    out.into_bytes()
}

fn replace(haystack: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(haystack.len());
    let mut i = 0;
    while i < haystack.len() {
        if haystack[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(haystack[i]);
            i += 1;
        }
    }
    out
}

/// A plain reply as a simple client writes it, with the quoted original below.
fn plain(to: &str, body: &str) -> Vec<u8> {
    format!(
        "From: Player <player@example.org>\r\nTo: plypost <{to}>\r\n\
         Subject: Re: [plypost] Game\r\nMessage-ID: <{}@client.example.org>\r\n\
         Date: Tue, 1 Dec 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n\r\n\
         On Tue, 1 Dec 2026 at 09:00, plypost <{to}> wrote:\r\n> Your move.\r\n",
        random_hex(8)
    )
    .into_bytes()
}

/// The text of a received mail, decoded (any transfer encoding).
fn text_of(mail: &ReceivedMail) -> String {
    let parsed = mail_parser::MessageParser::default()
        .parse(mail.data.as_bytes())
        .expect("a parsable mail");
    parsed
        .body_text(0)
        .map(|t| t.into_owned())
        .unwrap_or_default()
}

/// The decoded subject of a received mail.
fn subject_of(mail: &ReceivedMail) -> String {
    mail_parser::MessageParser::default()
        .parse(mail.data.as_bytes())
        .and_then(|m| m.subject().map(str::to_owned))
        .unwrap_or_default()
}

async fn result_of(app: &TestApp, game: i64) -> (Option<String>, Option<String>) {
    app.with_db(move |conn| {
        use plypost::db::schema::games;
        games::table
            .find(game)
            .select((games::result, games::result_reason))
            .first::<(Option<String>, Option<String>)>(conn)
            .expect("game")
    })
    .await
}

async fn comment_at(app: &TestApp, game: i64, ply: i64) -> Option<String> {
    app.with_db(move |conn| {
        use plypost::db::schema::game_moves;
        game_moves::table
            .filter(game_moves::game_id.eq(game))
            .filter(game_moves::ply.eq(ply))
            .select(game_moves::comment)
            .first::<Option<String>>(conn)
            .expect("move")
    })
    .await
}

/// Scholar's mate, every move a reply from a different mail client.
async fn a_game_played_by_mail(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let game = room.game().await;
    let thread = format!("<game-{game}@127.0.0.1>");

    // The start mail to White names her reply address for ply 0, and the game's thread.
    let start = room
        .app
        .eventually(WAIT, || async {
            room.smtp.received().into_iter().find(|m| {
                m.to.iter().any(|t| t.contains("alice@"))
                    && subject_of(m).contains(&format!("Game #{game}"))
            })
        })
        .await;
    let expected = room.address("alice", game, 0).await;
    assert!(
        start
            .header("Reply-To")
            .is_some_and(|r| r.contains(&expected)),
        "Reply-To {:?}, expected {expected}",
        start.header("Reply-To")
    );
    assert_eq!(
        start.header("In-Reply-To").as_deref(),
        Some(thread.as_str())
    );
    assert_eq!(start.header("References").as_deref(), Some(thread.as_str()));
    assert!(text_of(&start).contains("reply to this mail with your move"));

    let replies = [
        ("alice", "gmail_plain"),
        ("bob", "outlook"),
        ("alice", "latin1_qp"),
        ("bob", "attachment"),
        ("alice", "html_only"),
        ("bob", "nf6_draw"),
        ("alice", "apple_mail"),
    ];
    for (ply, (who, name)) in (0..).zip(replies) {
        let address = room.address(who, game, ply).await;
        room.deliver(fixture(name, &address)).await;
        assert_eq!(
            room.app.stored_moves(game).await.len(),
            usize::try_from(ply + 1).expect("ply"),
            "{name} played"
        );
    }
    assert_eq!(
        result_of(&room.app, game).await,
        (Some("1-0".to_owned()), Some("checkmate".to_owned()))
    );
    // Comments come along, decoded from their charset.
    assert_eq!(
        comment_at(&room.app, game, 3).await.as_deref(),
        Some("Très bien joué, mais je reprends le pion.")
    );

    let alice = room.wait_answers("alice", 4).await;
    let bob = room.wait_answers("bob", 3).await;
    for answer in alice.iter().chain(&bob) {
        assert_eq!(
            answer.header("In-Reply-To").as_deref(),
            Some(thread.as_str())
        );
        assert!(
            text_of(answer).contains("was played"),
            "{}",
            text_of(answer)
        );
    }
    assert!(text_of(&bob[0]).contains("with a draw offer"));
    let last = text_of(alice.last().expect("answer"));
    assert!(last.contains("The game is over: 1-0, checkmate"), "{last}");
    // Every later mail of the game is in the same thread, and the opponent's "your move"
    // mail after a mailed draw offer says so.
    let notices: Vec<_> = room
        .smtp
        .received()
        .into_iter()
        .filter(|m| subject_of(m).contains(&format!("Game #{game}")))
        .collect();
    assert!(notices
        .iter()
        .all(|m| m.header("In-Reply-To").as_deref() == Some(thread.as_str())));
    assert!(notices
        .iter()
        .any(|m| subject_of(m).contains("draw offered")));
}

/// Illegal and stale moves are answered with the reason; forged, revoked, automatic,
/// duplicate and over-size messages are dropped without an answer.
async fn refusals_and_drops(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let game = room.game().await;
    let alice0 = room.address("alice", game, 0).await;

    room.deliver(plain(&alice0, "Ke2")).await;
    let answers = room.wait_answers("alice", 1).await;
    let text = text_of(&answers[0]);
    assert!(text.contains("Not played: Illegal move"), "{text}");
    assert!(text.contains("It is your move."), "{text}");
    assert!(room.app.stored_moves(game).await.is_empty());

    // A sentence on the first line gets an explanation with a legal move as the example,
    // not the parser's words.
    room.deliver(plain(&alice0, "Hi Bob, I will play the king's pawn"))
        .await;
    let answers = room.wait_answers("alice", 2).await;
    let text = text_of(&answers[1]);
    assert!(
        text.contains("the first line of your reply must be your move alone"),
        "{text}"
    );
    assert!(text.contains("(a legal move here)"), "{text}");
    assert!(!text.contains("Illegal move"), "{text}");
    assert!(room.app.stored_moves(game).await.is_empty());

    room.deliver(plain(&alice0, "e4\nGood luck!")).await;
    assert_eq!(room.app.stored_moves(game).await.len(), 1);
    assert_eq!(
        comment_at(&room.app, game, 1).await.as_deref(),
        Some("Good luck!")
    );
    // The same address again: the game moved on since that mail.
    room.deliver(plain(&alice0, "d4")).await;
    let answers = room.wait_answers("alice", 4).await;
    let text = text_of(&answers[3]);
    assert!(text.contains("moved on"), "{text}");
    // Whose move it was, in words: the mail showed the start; now White has moved.
    assert!(
        text.contains("it was written at the start; the game is now after White's move 1"),
        "{text}"
    );
    assert!(text.contains("It is bob's move."), "{text}");
    assert_eq!(room.app.stored_moves(game).await.len(), 1);

    // Dropped without an answer: nothing is queued, nothing played.
    let bob1 = room.address("bob", game, 1).await;
    let before = room.outbox_rows().await;
    let (fields, mac) = bob1.rsplit_once('-').expect("token");
    let flipped = if mac.starts_with('0') { "1" } else { "0" };
    let forged = format!("{fields}-{flipped}{}", &mac[1..]);
    let other_game = bob1.replacen(
        &format!("moves+{game}-"),
        &format!("moves+{}-", game + 1),
        1,
    );
    for raw in [
        plain(&forged, "e5"),
        plain(&other_game, "e5"),
        plain("moves@example.org", "e5"),
        fixture("auto_reply", &bob1),
        fixture("bounce", &bob1),
        plain(&bob1, &"e5 ".repeat(400_000)),
    ] {
        room.deliver(raw).await;
    }
    assert_eq!(
        room.outbox_rows().await,
        before,
        "no answer to dropped mail"
    );
    assert_eq!(room.app.stored_moves(game).await.len(), 1);

    // A message delivered twice is handled once.
    let twice = plain(&bob1, "e5");
    room.deliver(twice.clone()).await;
    room.deliver(twice).await;
    assert_eq!(room.app.stored_moves(game).await.len(), 2);
    assert_eq!(room.wait_answers("bob", 1).await.len(), 1);
    assert_eq!(
        room.outbox_rows().await,
        before + 2,
        "one answer, one move mail"
    );

    // Revoked addresses are dropped; new mails carry new ones.
    let alice2 = room.address("alice", game, 2).await;
    let res = room
        .app
        .post_as(&room.alice, "/settings/mail-replies/revoke", &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    room.deliver(plain(&alice2, "Nf3")).await;
    assert_eq!(room.app.stored_moves(game).await.len(), 2);
    let renewed = room.address("alice", game, 2).await;
    assert_ne!(renewed, alice2);
    room.deliver(plain(&renewed, "Nf3")).await;
    assert_eq!(room.app.stored_moves(game).await.len(), 3);

    // Without the database the MTA is told to try again later.
    let mut broken = room.app.settings.clone();
    for (name, value) in &mut broken {
        if name == "PLYPOST_DATABASE_URL" {
            *value = if value.starts_with("postgres") {
                "postgres://postgres@127.0.0.1:1/nowhere".to_owned()
            } else {
                "/proc/plypost-nowhere/plypost.db".to_owned()
            };
        }
    }
    let (code, stderr) = run_mail_in(&broken, plain(&renewed, "Nc3")).await;
    assert_eq!(code, 75, "EX_TEMPFAIL without the database: {stderr}");
}

/// At most so many refused mails per player and hour are answered; then refused mails are
/// dropped unanswered, but a legal move by the player is still played and answered: a
/// stranger holding a token cannot silence the player's moves.
async fn answers_are_rate_limited(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let game = room.game().await;
    let address = room.address("alice", game, 0).await;
    let limit = usize::try_from(by_mail::MAX_REFUSALS_PER_HOUR).expect("limit");
    let config = room.app.config.clone();
    let logs = room.app.state.move_logs.clone();
    let clock = room.app.clock.clone();
    let outcomes = room
        .app
        .with_pooled(move |db| {
            let mut outcomes: Vec<Handled> = (0..=limit)
                .map(|_| {
                    let raw = with_sender(&plain(&address, "Ke2"), "alice@example.org");
                    by_mail::handle(db, &*clock, &config, &logs, &raw).expect("handled")
                })
                .collect();
            let legal = with_sender(&plain(&address, "e4"), "alice@example.org");
            outcomes.push(by_mail::handle(db, &*clock, &config, &logs, &legal).expect("handled"));
            outcomes
        })
        .await;
    assert!(outcomes[..limit]
        .iter()
        .all(|o| matches!(o, Handled::Refused(_))));
    assert!(
        matches!(&outcomes[limit], Handled::Dropped(reason) if reason.contains("refused mails")),
        "{:?}",
        outcomes[limit]
    );
    assert!(
        matches!(&outcomes[limit + 1], Handled::Played(_)),
        "{:?}",
        outcomes[limit + 1]
    );
    assert_eq!(room.app.stored_moves(game).await, ["Pe2-e4"]);
}

/// A reply plays only in the position its mail showed: after a takeback brought the game back
/// to the same ply with another move, a reply to the old mail is refused.
async fn a_reply_to_a_position_taken_back_is_refused(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("message", ""),
        ("rating", "casual"),
    ];
    let game = room
        .app
        .start_game(&room.alice, "bob", &room.bob, &fields)
        .await;
    room.deliver(plain(&room.address("alice", game, 0).await, "e4"))
        .await;
    // Bob's mail after 1. e4.
    let after_e4 = room.address("bob", game, 1).await;
    let (alice, _) = room.user("alice").await;
    let (bob, _) = room.user("bob").await;
    let (clock, config, logs) = (
        room.app.clock.clone(),
        room.app.config.clone(),
        room.app.state.move_logs.clone(),
    );
    room.app
        .with_pooled(move |db| {
            use plypost::games::takeback;
            takeback::request(db, &*clock, &config, alice, GameId(game)).expect("asked");
            takeback::answer(db, &*clock, &config, &logs, bob, GameId(game), true)
                .expect("accepted");
        })
        .await;
    room.deliver(plain(&room.address("alice", game, 0).await, "d4"))
        .await;
    assert_eq!(room.app.stored_moves(game).await, ["Pd2-d4"]);
    // The old mail showed 1. e4: its reply is refused, though the game is at ply 1 again.
    room.deliver(plain(&after_e4, "e5")).await;
    let answers = room.wait_answers("bob", 1).await;
    let text = text_of(&answers[0]);
    assert!(text.contains("taken back"), "{text}");
    assert_eq!(room.app.stored_moves(game).await, ["Pd2-d4"]);
    // A reply to the new mail plays.
    room.deliver(plain(&room.address("bob", game, 1).await, "d5"))
        .await;
    assert_eq!(room.app.stored_moves(game).await, ["Pd2-d4", "Pd7-d5"]);
}

/// Only the player plays: a reply from another address plays nothing and its sender gets no
/// answer, the player's own address gets a note at most once a day; a reply whose domain the
/// receiving server found failing DMARC, DKIM or SPF plays nothing either.
async fn only_the_player_plays_by_mail(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let game = room.game().await;
    let alice0 = room.address("alice", game, 0).await;
    let before = room.outbox_rows().await;
    for _ in 0..2 {
        room.deliver_as_is(with_sender(&plain(&alice0, "e4"), "mallory@evil.example"))
            .await;
    }
    assert!(room.app.stored_moves(game).await.is_empty());
    let queued = room.app.queued_mail().await;
    let new: Vec<_> = queued[before..].iter().collect();
    assert_eq!(new.len(), 1, "one note, to the player only: {new:?}");
    assert_eq!(new[0].1, "alice@example.org");
    assert!(new[0].2.contains("mallory@evil.example"), "{}", new[0].2);
    assert!(new[0].2.contains("nothing was played"), "{}", new[0].2);

    // From the player's address, but the receiving server found the domain's DMARC failing.
    let forged = String::from_utf8(with_sender(&plain(&alice0, "e4"), "alice@example.org"))
        .expect("text")
        .replacen(
            "From:",
            "Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=bounce.example.net; \
             dmarc=fail header.from=example.org\r\nFrom:",
            1,
        );
    room.deliver_as_is(forged.into_bytes()).await;
    assert!(room.app.stored_moves(game).await.is_empty());
    assert_eq!(room.outbox_rows().await, before + 1, "no answer");

    // Passing checks and the player's address: played.
    let genuine = String::from_utf8(with_sender(&plain(&alice0, "e4"), "alice@example.org"))
        .expect("text")
        .replacen(
            "From:",
            "Authentication-Results: mx.example.org; dkim=pass header.d=example.org; \
             dmarc=pass header.from=example.org\r\nFrom:",
            1,
        );
    room.deliver_as_is(genuine.into_bytes()).await;
    assert_eq!(room.app.stored_moves(game).await, ["Pe2-e4"]);
}

/// Resigning and accepting a draw by mail.
async fn resign_and_draw_by_mail(backend: Backend) {
    let room = room(backend, Vec::new()).await;
    let drawn = room.game().await;
    room.deliver(plain(&room.address("alice", drawn, 0).await, "e4\ndraw?"))
        .await;
    room.deliver(fixture("accept_draw", &room.address("bob", drawn, 1).await))
        .await;
    assert_eq!(
        result_of(&room.app, drawn).await,
        (Some("1/2-1/2".to_owned()), Some("agreement".to_owned()))
    );
    let resigned = room.game().await;
    room.deliver(fixture("resign", &room.address("alice", resigned, 0).await))
        .await;
    assert_eq!(
        result_of(&room.app, resigned).await,
        (Some("0-1".to_owned()), Some("resignation".to_owned()))
    );
    let answers = room.wait_answers("alice", 2).await;
    assert!(answers
        .iter()
        .any(|m| text_of(m).contains("You resigned the game.")));
    let bob = room.wait_answers("bob", 1).await;
    assert!(text_of(&bob[0]).contains("You accepted the draw."));
}

/// Without `PLYPOST_MAIL_REPLY_TO` mails have no Reply-To and mail-in drops everything.
async fn off_without_a_reply_address(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let mails = smtp.wait_for(1, WAIT).await;
    assert!(mails.iter().all(|m| m.header("Reply-To").is_none()));
    let before = app.queued_mail().await.len();
    let address = format!("moves+{game}-1-0-0-00000000000000000000@example.org");
    let (code, _) = run_mail_in(&app.settings, plain(&address, "e4")).await;
    assert_eq!(code, 0);
    assert_eq!(app.queued_mail().await.len(), before);
    assert!(app.stored_moves(game).await.is_empty());
}

/// The IMAP server's URL prefix (`imap://127.0.0.1:1143`), or `None` with a note when the
/// test cannot run here. Under `CI=true` it must run.
fn imap_base() -> Option<String> {
    match std::env::var(IMAP_ENV) {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().trim_end_matches('/').to_owned()),
        _ if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("{IMAP_ENV} is not set: .ci/run starts Dovecot with .ci/imap-server")
        }
        _ => {
            eprintln!("skipped: set {IMAP_ENV} (run .ci/imap-server) to test the IMAP watcher");
            None
        }
    }
}

/// A test's own mailbox on the IMAP server (any user name logs in with `test`).
async fn mailbox(base: &str, user: &str) -> async_imap::Session<tokio::net::TcpStream> {
    let address = base.trim_start_matches("imap://");
    let tcp = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect to the IMAP server");
    let mut client = async_imap::Client::new(tcp);
    client.read_response().await.expect("greeting");
    let mut session = client
        .login(user, "test")
        .await
        .map_err(|(e, _)| e)
        .expect("IMAP login");
    session.select("INBOX").await.expect("select INBOX");
    session
}

async fn unseen(session: &mut async_imap::Session<tokio::net::TcpStream>) -> usize {
    session.uid_search("UNSEEN").await.expect("search").len()
}

async fn moves(app: &TestApp, game: i64, count: usize) {
    app.eventually(WAIT, || async {
        (app.stored_moves(game).await.len() == count).then_some(())
    })
    .await
}

/// Waits until every message of the mailbox is flagged seen (handled).
async fn all_seen(app: &TestApp, base: &str, user: &str) {
    app.eventually(WAIT, || async {
        let mut imap = mailbox(base, user).await;
        (unseen(&mut imap).await == 0).then_some(())
    })
    .await
}

fn start_watcher(app: &TestApp, url: &str) -> tokio::task::JoinHandle<()> {
    plypost::jobs::imap::ImapWatcher {
        url: url::Url::parse(url).expect("url"),
        pool: app.state.pool.clone(),
        clock: app.state.clock.clone(),
        config: app.state.config.clone(),
        move_logs: app.state.move_logs.clone(),
        mail_wakeup: app.state.mail_wakeup.clone(),
    }
    .spawn()
}

/// The server watches a real IMAP mailbox: a reply is played within moments and flagged
/// seen; replies that arrive while it is down are played after a restart, in order; a reply
/// handled but not flagged (a crash between the two) is not played again.
async fn moves_from_an_imap_mailbox(backend: Backend) {
    let Some(base) = imap_base() else {
        return;
    };
    let user = format!("plypost-{}", random_hex(6));
    let url = format!(
        "{}/INBOX",
        base.replacen("imap://", &format!("imap://{user}:test@"), 1)
    );
    let mut room = room(backend, vec![("PLYPOST_IMAP_URL", url.clone())]).await;
    let game = room.game().await;
    let mut imap = mailbox(&base, &user).await;

    let alice0 = room.address("alice", game, 0).await;
    let gmail = room.sent_by_player(fixture("gmail_plain", &alice0)).await;
    imap.append("INBOX", None, None, gmail)
        .await
        .expect("append");
    moves(&room.app, game, 1).await;
    room.wait_answers("alice", 1).await;
    all_seen(&room.app, &base, &user).await;

    // Down while two replies arrive; both are played after the restart.
    room.app.jobs.pop().expect("the watcher").abort();
    let bob1 = room.address("bob", game, 1).await;
    let alice2 = room.address("alice", game, 2).await;
    let outlook = room.sent_by_player(fixture("outlook", &bob1)).await;
    imap.append("INBOX", None, None, outlook)
        .await
        .expect("append");
    let latin1 = room.sent_by_player(fixture("latin1_qp", &alice2)).await;
    imap.append("INBOX", None, None, latin1)
        .await
        .expect("append");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        room.app.stored_moves(game).await.len(),
        1,
        "nothing while down"
    );
    room.app.jobs.push(start_watcher(&room.app, &url));
    moves(&room.app, game, 3).await;
    room.wait_answers("bob", 1).await;
    room.wait_answers("alice", 2).await;
    all_seen(&room.app, &base, &user).await;

    // Handled but not flagged: a restart finds them unseen and plays nothing twice.
    room.app.jobs.pop().expect("the watcher").abort();
    let _: Vec<_> = futures_util::TryStreamExt::try_collect(
        imap.uid_store("1:*", "-FLAGS (\\Seen)")
            .await
            .expect("store"),
    )
    .await
    .expect("unflag");
    assert_eq!(unseen(&mut imap).await, 3);
    let rows = room.outbox_rows().await;
    room.app.jobs.push(start_watcher(&room.app, &url));
    all_seen(&room.app, &base, &user).await;
    assert_eq!(room.app.stored_moves(game).await.len(), 3);
    assert_eq!(room.outbox_rows().await, rows, "no second answer");
}

backend_tests!(
    a_reply_to_a_position_taken_back_is_refused,
    only_the_player_plays_by_mail,
    moves_from_an_imap_mailbox,
    a_game_played_by_mail,
    refusals_and_drops,
    answers_are_rate_limited,
    resign_and_draw_by_mail,
    off_without_a_reply_address,
    addresses_are_confirmed_before_they_are_used,
);

/// The confirmation link in the last `verify_email` mail queued for `to`.
async fn confirmation_link(app: &TestApp, to: &str) -> String {
    let queued = app.queued_mail().await;
    let (_, _, body) = queued
        .iter()
        .rev()
        .find(|(kind, addr, _)| kind == "verify_email" && addr == to)
        .unwrap_or_else(|| panic!("a confirmation mail to {to}: {queued:?}"));
    let start = body.find("/email/confirm/").expect("the link");
    body[start..]
        .split_whitespace()
        .next()
        .expect("a path")
        .to_owned()
}

/// Mail kinds queued for `to`.
async fn kinds_for(app: &TestApp, to: &str) -> Vec<String> {
    app.queued_mail()
        .await
        .into_iter()
        .filter(|(_, addr, _)| addr == to)
        .map(|(kind, _, _)| kind)
        .collect()
}

/// With real SMTP an address gets game mail and may send moves only once a mailed link
/// confirms it: at registration, and for a change (the old address serves until then).
async fn addresses_are_confirmed_before_they_are_used(backend: Backend) {
    let room = room(backend, vec![("PLYPOST_VERIFY_EMAIL", "on".to_owned())]).await;
    let app = &room.app;
    let game = room.game().await;
    // Each player got a link and nothing else: no invitation, no "your move".
    assert_eq!(kinds_for(app, "alice@example.org").await, ["verify_email"]);
    assert_eq!(kinds_for(app, "bob@example.org").await, ["verify_email"]);
    let settings = app.get_text_as(&room.alice, "/settings").await;
    assert!(settings.contains("id=\"email-unconfirmed\""), "{settings}");

    // A move from the unconfirmed address plays nothing and is not answered.
    let alice0 = room.address("alice", game, 0).await;
    room.deliver_as_is(with_sender(&plain(&alice0, "e4"), "alice@example.org"))
        .await;
    assert!(app.stored_moves(game).await.is_empty());
    assert_eq!(kinds_for(app, "alice@example.org").await, ["verify_email"]);

    // The link opens a page with a button (a scanner following links confirms nothing).
    let link = confirmation_link(app, "alice@example.org").await;
    let page = app.get_text_as(&room.alice, &link).await;
    assert!(page.contains("id=\"email-confirm-form\""), "{page}");
    assert!(app
        .get_text_as(&room.alice, "/settings")
        .await
        .contains("email-unconfirmed"));
    let res = app.post_as(&room.alice, &link, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let settings = app.get_text_as(&room.alice, "/settings").await;
    assert!(!settings.contains("email-unconfirmed"), "{settings}");
    // Used up.
    let res = app.post_as(&room.alice, &link, &[]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        app.get(&link).await.status(),
        StatusCode::NOT_FOUND,
        "a used link"
    );

    // Now a move by mail plays and is answered.
    room.deliver_as_is(with_sender(&plain(&alice0, "e4"), "alice@example.org"))
        .await;
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4"]);
    assert!(kinds_for(app, "alice@example.org")
        .await
        .contains(&"mail_answer".to_owned()));
    // Bob, unconfirmed, still gets no "your move".
    assert_eq!(kinds_for(app, "bob@example.org").await, ["verify_email"]);

    // A change: the new address gets a link, the old one keeps the game mail until then.
    let res = app
        .post_as(
            &room.alice,
            "/settings/email",
            &[
                ("email", "alice2@example.org"),
                ("current_password", crate::common::PASSWORD),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let settings = app.get_text_as(&room.alice, "/settings").await;
    assert!(settings.contains("id=\"email-pending\""), "{settings}");
    assert!(
        settings.contains("<strong>alice@example.org</strong>"),
        "{settings}"
    );
    let bob_link = confirmation_link(app, "bob@example.org").await;
    app.post_as(&room.bob, &bob_link, &[]).await;
    assert_eq!(
        app.play(&room.bob, game, 2, "e7-e5").await.status(),
        StatusCode::SEE_OTHER
    );
    assert!(kinds_for(app, "alice@example.org")
        .await
        .contains(&"your_turn".to_owned()));
    assert!(!kinds_for(app, "alice2@example.org")
        .await
        .contains(&"your_turn".to_owned()));
    // A reply from the new address before it is confirmed plays nothing.
    let alice2 = room.address("alice", game, 2).await;
    room.deliver_as_is(with_sender(&plain(&alice2, "Nf3"), "alice2@example.org"))
        .await;
    assert_eq!(app.stored_moves(game).await.len(), 2);

    let link = confirmation_link(app, "alice2@example.org").await;
    assert_eq!(
        app.post_as(&room.alice, &link, &[]).await.status(),
        StatusCode::SEE_OTHER
    );
    room.deliver_as_is(with_sender(&plain(&alice2, "Nf3"), "alice2@example.org"))
        .await;
    assert_eq!(
        app.stored_moves(game).await.len(),
        3,
        "played from the new address"
    );
    assert_eq!(
        app.play(&room.bob, game, 4, "b8-c6").await.status(),
        StatusCode::SEE_OTHER
    );
    assert!(kinds_for(app, "alice2@example.org")
        .await
        .contains(&"your_turn".to_owned()));
}
