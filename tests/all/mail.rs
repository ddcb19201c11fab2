//! Mail through a real SMTP listener: password reset, outage and retry, exactly-once
//! delivery, notifications with List-Unsubscribe.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;

use crate::common::smtp::SmtpServer;
use crate::common::{assert_redirect, Backend, TestApp, PASSWORD, WAIT};
use plypost::accounts;
use plypost::domain::OutboxStatus;
use plypost::jobs::mail::MailWorker;
use plypost::mail::{self, MailKind, Mailer, Outgoing};

async fn password_reset_by_mail(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    app.register("ivan", "ivan@example.org", PASSWORD).await;
    app.logout().await;
    // Ivan is still signed in on his phone; the reset will end that session.
    let phone = app.new_client();
    let res = common::post_with(
        &phone,
        &app.address,
        "/login",
        &[("username", "ivan"), ("password", PASSWORD)],
    )
    .await;
    assert_redirect(&res, "/");

    // Unknown addresses get the same answer and no mail.
    let res = app
        .post("/password-reset", &[("email", "nobody@example.org")])
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("If an account uses"));

    let res = app
        .post("/password-reset", &[("email", "IVAN@example.org")])
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = smtp.wait_for(1, WAIT).await;
    assert_eq!(mails.len(), 1, "only the known address got mail");
    let mail = &mails[0];
    assert_eq!(mail.to, vec!["<ivan@example.org>".to_owned()]);
    assert!(mail
        .header("Subject")
        .unwrap()
        .contains("Reset your plypost password"));
    assert!(mail.header("Date").is_some());
    let message_id = mail.header("Message-ID").unwrap();
    assert!(message_id.starts_with('<') && message_id.ends_with("@127.0.0.1>"));
    assert!(mail.header("List-Unsubscribe").is_none());
    assert!(mail.data.contains("text/plain") && mail.data.contains("text/html"));
    let link = mail
        .link(&format!("{}/password-reset/", app.address))
        .expect("a reset link in the mail");

    // The link shows the form; a new password is set and the user is signed in.
    let path = link.strip_prefix(&app.address).unwrap().to_owned();
    let page = app.get_text(&path).await;
    assert!(page.contains("Choose a new password") && page.contains("ivan"));
    let res = app
        .post(
            &path,
            &[
                ("password", "my new long password"),
                ("password_confirm", "my new long password"),
            ],
        )
        .await;
    assert_redirect(&res, "/settings?saved=password");
    assert!(app.get_text("/").await.contains("Hello, ivan"));
    let res = phone.get(app.url("/settings")).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the phone was signed out"
    );
    app.logout().await;
    assert_eq!(
        app.login("ivan", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_redirect(&app.login("ivan", "my new long password").await, "/");

    // Single use.
    let res = app.get(&path).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("invalid, has expired or was already used"));
    let res = app
        .post(
            &path,
            &[
                ("password", "another long password"),
                ("password_confirm", "another long password"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    app.logout().await;
    assert_eq!(
        app.login("ivan", "another long password").await.status(),
        StatusCode::UNAUTHORIZED
    );

    // Only a hash of the token is stored.
    let token = path.rsplit('/').next().unwrap().to_owned();
    let stored: Vec<String> = app
        .with_db(|conn| {
            use diesel::prelude::*;
            use plypost::db::schema::password_resets::dsl::*;
            password_resets.select(token_hash).load(conn).unwrap()
        })
        .await;
    assert_eq!(stored.len(), 1);
    assert!(!stored.contains(&token));
}

async fn reset_links_expire(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    app.register("judy", "judy@example.org", PASSWORD).await;
    app.logout().await;
    app.post("/password-reset", &[("email", "judy@example.org")])
        .await;
    let mail = smtp.wait_for(1, WAIT).await.remove(0);
    let link = mail
        .link(&format!("{}/password-reset/", app.address))
        .unwrap();
    let path = link.strip_prefix(&app.address).unwrap().to_owned();

    app.clock.advance(chrono::Duration::minutes(61));
    let res = app.get(&path).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = app
        .post(
            &path,
            &[
                ("password", "my new long password"),
                ("password_confirm", "my new long password"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_redirect(&app.login("judy", PASSWORD).await, "/");

    // A made-up token.
    let res = app.get("/password-reset/made-up-token").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

async fn mail_survives_an_smtp_outage(backend: Backend) {
    let port = SmtpServer::free_port();
    let mut smtp = SmtpServer::down_on(port);
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    app.register("ken", "ken@example.org", PASSWORD).await;
    app.post("/password-reset", &[("email", "ken@example.org")])
        .await;

    // The server is down: the attempt fails and the mail waits with a back-off.
    let pool = app.state.pool.clone();
    app.eventually(WAIT, || {
        let pool = pool.clone();
        async move {
            let attempts: i64 = tokio::task::spawn_blocking(move || {
                use diesel::prelude::*;
                use plypost::db::schema::outbox::dsl::*;
                let mut conn = pool.get().unwrap();
                outbox
                    .filter(status.eq(OutboxStatus::Pending))
                    .select(attempts)
                    .first(&mut *conn)
                    .unwrap_or(0)
            })
            .await
            .unwrap();
            (attempts >= 1).then_some(())
        }
    })
    .await;

    // Back up. Before the back-off has passed nothing is sent...
    smtp.resume().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(smtp.received().is_empty(), "waits for the back-off");
    // ...after it, the mail goes out exactly once.
    app.clock.advance(chrono::Duration::minutes(5));
    let mails = smtp.wait_for(1, WAIT).await;
    assert!(mails[0].link(&app.address).is_some());
    app.clock.advance(chrono::Duration::hours(2));
    app.state.mail_wakeup.notify_one();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.received().len(), 1, "sent exactly once");
    assert_eq!(app.outbox_count(OutboxStatus::Sent).await, 1);
}

async fn two_workers_never_send_twice(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    let clock: Arc<dyn plypost::clock::Clock> = app.clock.clone();
    let queue_clock = clock.clone();
    app.with_db(move |conn| {
        for i in 0..30 {
            mail::queue(
                conn,
                &*queue_clock,
                &Outgoing::new(
                    MailKind::PasswordReset,
                    &format!("user{i}@example.org"),
                    &format!("message {i}"),
                    format!("body {i}"),
                ),
            )
            .unwrap();
        }
    })
    .await;
    // Two more workers (as if from two more server processes) race the app's own.
    let workers: Vec<MailWorker> = (0..2)
        .map(|_| MailWorker {
            pool: app.state.pool.clone(),
            clock: clock.clone(),
            mailer: Arc::new(Mailer::from_config(&app.config).unwrap()),
            wakeup: Arc::default(),
            poll_interval: Duration::from_millis(10),
        })
        .collect();
    let (a, b) = tokio::join!(workers[0].deliver_due(), workers[1].deliver_due());
    a.unwrap();
    b.unwrap();
    let mails = smtp.wait_for(30, WAIT).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails_after = smtp.received();
    assert_eq!(mails_after.len(), 30, "every message exactly once");
    let mut subjects: Vec<String> = mails.iter().map(|m| m.header("Subject").unwrap()).collect();
    subjects.sort();
    subjects.dedup();
    assert_eq!(subjects.len(), 30);
}

async fn notifications_carry_list_unsubscribe(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    app.register("lena", "lena@example.org", PASSWORD).await;
    let clock = app.clock.clone();
    let config = app.config.clone();
    app.with_pooled(move |conn| {
        let user = accounts::users::find_by_username(conn, "lena")
            .unwrap()
            .unwrap();
        let to = accounts::notification_address(&user, MailKind::YourTurn)
            .unwrap()
            .to_owned();
        let unsubscribe = accounts::unsubscribe_url(&config, &user, MailKind::YourTurn);
        conn.write(|conn| {
            mail::queue(
                conn,
                &*clock,
                &Outgoing::notification(
                    MailKind::YourTurn,
                    &to,
                    "Your move in game 1",
                    "It is your move.".to_owned(),
                    unsubscribe,
                )
                .with_html("<p>It is your move.</p>".to_owned()),
            )
        })
        .unwrap();
        // A notification without an unsubscribe link is refused.
        assert!(mail::queue(
            conn,
            &*clock,
            &Outgoing::new(MailKind::Reminder, &to, "x", "y".to_owned())
        )
        .is_err());
    })
    .await;
    app.state.mail_wakeup.notify_one();
    let mail = smtp.wait_for(1, WAIT).await.remove(0);
    let header = mail.header("List-Unsubscribe").expect("List-Unsubscribe");
    assert!(header.starts_with(&format!("<{}/unsubscribe/", app.address)));
    assert!(mail.data.contains("multipart/alternative"));
    assert!(mail.data.contains("text/plain") && mail.data.contains("text/html"));

    // The link works from a browser without a session: confirm, then switch off.
    let link = header.trim_matches(['<', '>']).to_owned();
    let path = link.strip_prefix(&app.address).unwrap().to_owned();
    let browser = app.new_client();
    let page = browser
        .get(app.url(&path))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("emails when it is your move"));
    let res = common::post_with(&browser, &app.address, &path, &[]).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("Done"));
    let user = app
        .with_db(|conn| {
            accounts::users::find_by_username(conn, "lena")
                .unwrap()
                .unwrap()
        })
        .await;
    assert!(!user.notify_turn);
    assert!(user.notify_reminder);
    assert!(accounts::notification_address(&user, MailKind::YourTurn).is_none());

    // Unknown tokens and kinds are 404.
    assert_eq!(
        app.get("/unsubscribe/nope/your_turn").await.status(),
        StatusCode::NOT_FOUND
    );
    let bad_kind = path.replace("your_turn", "password_reset");
    assert_eq!(app.get(&bad_kind).await.status(), StatusCode::NOT_FOUND);
}

async fn file_transport_writes_eml(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("mike", "mike@example.org", PASSWORD).await;
    app.post("/password-reset", &[("email", "mike@example.org")])
        .await;
    let dir = app.dir.path().join("mail");
    let content = app
        .eventually(WAIT, || {
            let dir = dir.clone();
            async move {
                let entry = std::fs::read_dir(&dir)
                    .ok()?
                    .flatten()
                    .find(|e| e.path().extension().is_some_and(|x| x == "eml"))?;
                std::fs::read_to_string(entry.path()).ok()
            }
        })
        .await;
    assert!(content.contains("To: mike@example.org"));
    assert!(content.contains("/password-reset/"));
}

async fn cleanup_forgets_old_rows(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    app.register("nina", "nina@example.org", PASSWORD).await;
    app.logout().await;
    app.login("nina", "wrong password!").await;
    app.post("/password-reset", &[("email", "nina@example.org")])
        .await;
    smtp.wait_for(1, WAIT).await;
    app.eventually(WAIT, || async {
        (app.outbox_count(OutboxStatus::Sent).await == 1).then_some(())
    })
    .await;

    let clock: Arc<dyn plypost::clock::Clock> = app.clock.clone();
    let retention = plypost::jobs::cleanup::Retention::of(&app.config);
    assert_eq!(
        retention.sent_mail_rows,
        chrono::Duration::days(30),
        "the default"
    );
    let run = |clock: Arc<dyn plypost::clock::Clock>| {
        app.with_db(move |conn| plypost::jobs::cleanup::run_once(conn, &clock, retention).unwrap())
    };
    let body = || async {
        app.queued_mail()
            .await
            .into_iter()
            .map(|(_, _, body)| body)
            .collect::<Vec<_>>()
    };
    run(clock.clone()).await;
    assert_eq!(
        app.outbox_count(OutboxStatus::Sent).await,
        1,
        "recent mail is kept"
    );
    assert!(
        body().await[0].contains("/password-reset/"),
        "with its body for now"
    );

    // Delivered over an hour ago: only the row is left (it still prevents doubles).
    app.clock.advance(chrono::Duration::minutes(61));
    run(clock.clone()).await;
    assert_eq!(app.outbox_count(OutboxStatus::Sent).await, 1);
    assert_eq!(body().await, vec![String::new()], "the body is gone");

    app.clock.advance(chrono::Duration::days(29));
    run(clock.clone()).await;
    assert_eq!(
        app.outbox_count(OutboxStatus::Sent).await,
        1,
        "30 days: kept"
    );
    app.clock.advance(chrono::Duration::days(1));
    run(clock.clone()).await;
    assert_eq!(app.outbox_count(OutboxStatus::Sent).await, 0);
    let (attempts, resets) = app
        .with_db(|conn| {
            use diesel::prelude::*;
            use plypost::db::schema::{login_attempts, password_resets};
            let a: i64 = login_attempts::table.count().get_result(conn).unwrap();
            let r: i64 = password_resets::table.count().get_result(conn).unwrap();
            (a, r)
        })
        .await;
    assert_eq!((attempts, resets), (0, 0));
}

/// A declined challenge is mailed to its author and shown in their lobby.
async fn a_declined_challenge_is_told_to_its_author(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("opponent", "bob"),
    ];
    let res = app.post_as(&alice, "/challenges", &fields).await;
    assert!(res.status().is_redirection());
    let lobby = app.get_text_as(&bob, "/games").await;
    let id = *common::challenge_ids(&lobby).last().expect("an invitation");
    let res = app
        .post_as(&bob, &format!("/challenges/{id}/decline"), &[])
        .await;
    assert!(res.status().is_redirection());
    let declined = app
        .eventually(WAIT, || async {
            smtp.received().into_iter().find(|m| {
                m.to.iter().any(|t| t.contains("alice@"))
                    && m.decoded_text().contains("bob declined your challenge")
            })
        })
        .await;
    assert!(declined
        .decoded_text()
        .contains(&format!("challenge #{id}")));
    let lobby = app.get_text_as(&alice, "/games").await;
    assert!(
        lobby.contains("bob declined your challenge to Chess"),
        "{lobby}"
    );
    // Bob, who declined, is not told anything of the kind.
    let lobby = app.get_text_as(&bob, "/games").await;
    assert!(!lobby.contains("declined your challenge"));
}

/// The mail of one player whose text contains `needle`, as received.
async fn mail_to(
    app: &TestApp,
    smtp: &SmtpServer,
    who: &str,
    needle: &str,
) -> common::smtp::ReceivedMail {
    let who = format!("{who}@");
    app.eventually(WAIT, || async {
        smtp.received()
            .into_iter()
            .find(|m| m.to.iter().any(|t| t.contains(&who)) && m.decoded_text().contains(needle))
    })
    .await
}

/// Challenge, move and game-end mails as a real SMTP listener receives them: their kind's
/// own unsubscribe link with RFC 8058 one-click, the board with the last move marked and a
/// key to the letters, and an HTML part with the board as a PNG the server draws.
async fn game_mails_by_kind_with_the_board(backend: Backend) {
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

    // The invitation: a challenge mail, with the start position and its key.
    let invitation = mail_to(&app, &smtp, "bob", "invites you to a game of Chess").await;
    let unsubscribe = invitation
        .header("List-Unsubscribe")
        .expect("List-Unsubscribe");
    assert!(unsubscribe.ends_with("/challenge>"), "{unsubscribe}");
    assert_eq!(
        invitation.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let text = invitation.decoded_text();
    assert!(text.contains("The start position:"), "{text}");
    assert!(
        text.contains("Key: K King, Q Queen, R Rook, B Bishop, N Knight, P Pawn; White upper case"),
        "{text}"
    );
    // Its HTML part shows the start position as a PNG attached inline, from Bob's side (he
    // plays Black): the same picture as the site's.
    let png = inline_board(&invitation.data);
    let site = app
        .get(&format!(
            "/challenges/{}/board.png?side=black",
            game_challenge(&app, game).await
        ))
        .await;
    assert_eq!(site.status(), StatusCode::OK);
    assert_eq!(png, site.bytes().await.unwrap().to_vec());

    // A move: Bob's mail marks the square the Pawn left and names both squares.
    assert_eq!(
        app.play(&alice, game, 1, "e2-e4").await.status(),
        StatusCode::SEE_OTHER
    );
    let moved = mail_to(&app, &smtp, "bob", "alice played 1. e4").await;
    assert!(moved
        .header("List-Unsubscribe")
        .unwrap()
        .ends_with("/your_turn>"));
    let text = moved.decoded_text();
    assert!(text.contains("Last move: e2 (marked *) to e4."), "{text}");
    // Bob sees the board from his side: rank 2 reads h..a, with the * on e2.
    assert!(text.contains("2 P P P * P P P P"), "{text}");
    // The HTML part: a viewport, the board as `cid:board`, the text without its plain-text
    // board; the picture (inline, multipart/related) is the site's board after ply 1.
    let parsed = mail_parser::MessageParser::default()
        .parse(moved.data.as_bytes())
        .expect("a MIME message");
    let html = parsed.body_html(0).expect("an HTML part").into_owned();
    assert!(html.contains("<meta name=\"viewport\""), "{html}");
    assert!(html.contains("<img src=\"cid:board\""), "{html}");
    assert!(html.contains("alice played 1. e4"), "{html}");
    assert!(
        !html.contains("marked *") && !html.contains("P P P"),
        "no second board in the HTML part: {html}"
    );
    assert!(
        !html.contains("board.png"),
        "nothing to load from the site: {html}"
    );
    let png = app
        .get(&format!("/games/{game}/board.png?ply=1&side=black"))
        .await;
    assert_eq!(png.status(), StatusCode::OK);
    assert_eq!(
        png.headers().get("content-type").unwrap().to_str().unwrap(),
        "image/png"
    );
    let bytes = png.bytes().await.unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(inline_board(&moved.data), bytes.to_vec());
    assert_eq!(
        app.get("/games/999999/board.png").await.status(),
        StatusCode::NOT_FOUND
    );

    // One click (RFC 8058): the mail service POSTs to the link, without a session or token.
    let game_end_link = unsubscribe
        .trim_matches(['<', '>'])
        .replace("/challenge", "/game_end");
    let res = reqwest::Client::new()
        .post(&game_end_link)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", "https://mail.example.net")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("mails telling how your games end"));
    // Without the one-click body, a POST needs the form's token.
    let res = reqwest::Client::new()
        .post(&game_end_link)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("something=else")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let settings = app.get_text_as(&bob, "/settings").await;
    assert!(
        settings.contains("name=\"notify_game_end\" value=\"on\">"),
        "unticked"
    );
    assert!(settings.contains("name=\"notify_challenge\" value=\"on\" checked>"));
    // Some mail services send the one-click POST as multipart/form-data.
    let chat_link = game_end_link.replace("/game_end", "/chat");
    let boundary = "one-click-boundary-7MA4YWxk";
    let res = reqwest::Client::new()
        .post(&chat_link)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("origin", "https://mail.example.net")
        .body(format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--{boundary}--\r\n"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let settings = app.get_text_as(&bob, "/settings").await;
    assert!(
        settings.contains("name=\"notify_chat\" value=\"on\">"),
        "chat mail unticked"
    );

    // Alice resigns: the game-end mail goes to nobody (Bob switched it off).
    app.resign(&alice, game).await;
    let queued = app.queued_mail().await;
    assert!(
        !queued
            .iter()
            .any(|(kind, to, _)| kind == "game_end" && to.contains("bob@")),
        "{queued:?}"
    );
    // Alice still gets hers for the next game she loses.
    let game = app.start_game(&bob, "alice", &alice, &fields).await;
    app.resign(&bob, game).await;
    let over = mail_to(&app, &smtp, "alice", "bob resigned.").await;
    assert!(over
        .header("List-Unsubscribe")
        .unwrap()
        .ends_with("/game_end>"));
    let text = over.decoded_text();
    assert!(
        text.contains("The game is over: 1-0") || text.contains("The game is over"),
        "{text}"
    );
    assert!(text.contains("Key: "), "{text}");
}

backend_tests!(
    game_mails_by_kind_with_the_board,
    a_declined_challenge_is_told_to_its_author,
    cleanup_forgets_old_rows,
    password_reset_by_mail,
    reset_links_expire,
    mail_survives_an_smtp_outage,
    two_workers_never_send_twice,
    notifications_carry_list_unsubscribe,
    file_transport_writes_eml,
);

/// The board picture of a mail: the one PNG part, inline with Content-ID `<board>` inside
/// `multipart/related` (with the HTML part) inside `multipart/alternative` (with the text).
fn inline_board(data: &str) -> Vec<u8> {
    use mail_parser::MimeHeaders;
    let parsed = mail_parser::MessageParser::default()
        .parse(data.as_bytes())
        .expect("a MIME message");
    let root = parsed.content_type().expect("a content type");
    assert_eq!(
        (root.ctype(), root.subtype()),
        ("multipart", Some("alternative"))
    );
    assert!(
        data.contains("Content-Type: multipart/related"),
        "the HTML part and its picture go together"
    );
    let pngs: Vec<&mail_parser::MessagePart> = parsed
        .parts
        .iter()
        .filter(|p| {
            p.content_type()
                .is_some_and(|t| t.ctype() == "image" && t.subtype() == Some("png"))
        })
        .collect();
    assert_eq!(pngs.len(), 1, "one picture");
    let part = pngs[0];
    assert_eq!(part.content_id(), Some("board"));
    assert!(
        part.content_disposition()
            .is_some_and(|d| d.ctype() == "inline"),
        "shown in place, not as an attachment"
    );
    let bytes = part.contents().to_vec();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    bytes
}

/// The challenge a game started from.
async fn game_challenge(app: &TestApp, game: i64) -> i64 {
    app.with_db(move |conn| {
        use diesel::prelude::*;
        use plypost::db::schema::challenges;
        challenges::table
            .filter(challenges::game_id.eq(Some(game)))
            .select(challenges::id)
            .first::<i64>(conn)
            .expect("the challenge")
    })
    .await
}
