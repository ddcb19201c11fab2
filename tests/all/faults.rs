//! Faults: the real server binary killed with SIGKILL in the middle of a stream of moves
//! (every acknowledged move survives, no game holds half a move, and after the restart every
//! queued mail is sent, none twice); and PostgreSQL stopped and started again under a stream
//! of moves (503 while it is down, no lost or doubled move, recovery without a restart of
//! plypost), on a private cluster that `.ci/pg-restartable` runs beside the machine's own.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::smtp::SmtpServer;
use crate::common::{Backend, TestApp, WAIT};

const BIN: &str = env!("CARGO_BIN_EXE_plypost");

/// Starts `plypost serve` on the app's database and settings, on its own port; waits for
/// `/healthz`. The caller kills and waits for the child.
#[allow(clippy::zombie_processes)]
async fn serve(app: &TestApp, port: u16) -> Child {
    let mut child = Command::new(BIN)
        .arg("serve")
        .envs(app.settings.iter().cloned())
        .env("PLYPOST_BIND", format!("127.0.0.1:{port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start plypost serve");
    let url = format!("http://127.0.0.1:{port}/healthz");
    let client = reqwest::Client::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        if client
            .get(&url)
            .send()
            .await
            .is_ok_and(|r| r.status() == StatusCode::OK)
        {
            return child;
        }
        if tokio::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server did not start");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// (game, ply, current FEN) of every game, and the FEN after each game's last stored move.
type Stored = Vec<(i64, i64, String, Option<String>)>;

async fn stored(app: &TestApp) -> Stored {
    app.with_db(|conn| {
        use plypost::db::schema::{game_moves, games};
        let rows: Vec<(i64, i64, String)> = games::table
            .order(games::id)
            .select((games::id, games::ply, games::current_fen))
            .load(conn)
            .expect("games");
        rows.into_iter()
            .map(|(id, ply, fen)| {
                let last: Option<String> = game_moves::table
                    .filter(game_moves::game_id.eq(id))
                    .order(game_moves::ply.desc())
                    .select(game_moves::fen_after)
                    .first(conn)
                    .optional()
                    .expect("moves");
                let count: i64 = game_moves::table
                    .filter(game_moves::game_id.eq(id))
                    .count()
                    .get_result(conn)
                    .expect("count");
                assert_eq!(count, ply, "game {id}: its ply and its moves agree");
                (id, ply, fen, last)
            })
            .collect()
    })
    .await
}

async fn kill_9_during_moves(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let mut app = TestApp::with_smtp(backend, smtp.url()).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(app.start_game(&alice, "bob", &bob, &fields).await);
    }
    // From here on only the server binary works on the database.
    for job in app.jobs.drain(..) {
        job.abort();
    }
    let port = SmtpServer::free_port();
    let mut server = serve(&app, port).await;
    let base = format!("http://127.0.0.1:{port}");
    // The CSRF token belongs to the session: one per player serves every form.
    let alice_csrf = crate::common::csrf_of(&alice, &format!("{base}/settings")).await;
    let bob_csrf = crate::common::csrf_of(&bob, &format!("{base}/settings")).await;
    let moves = [
        "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "g8-f6", "d2-d3", "f8-c5",
    ];
    let mut acknowledged = Vec::new();
    let mut killed = false;
    'stream: for (ply, text) in (1i64..).zip(moves) {
        for &game in &games {
            if acknowledged.len() == 13 && !killed {
                // SIGKILL while the next requests are on their way.
                let posting = {
                    let (client, base) = (
                        if ply % 2 == 1 {
                            alice.clone()
                        } else {
                            bob.clone()
                        },
                        base.clone(),
                    );
                    let ply = ply.to_string();
                    actix_web::rt::spawn(async move {
                        client
                            .post(format!("{base}/games/{game}/move"))
                            .form(&[("move", text), ("ply", ply.as_str()), ("comment", "")])
                            .send()
                            .await
                            .map(|r| r.status())
                    })
                };
                server.kill().expect("kill -9");
                killed = true;
                let _ = posting.await;
                break 'stream;
            }
            let (who, csrf) = if ply % 2 == 1 {
                (&alice, &alice_csrf)
            } else {
                (&bob, &bob_csrf)
            };
            let ply_text = ply.to_string();
            let res = who
                .post(format!("{base}/games/{game}/move"))
                .form(&[
                    ("move", text),
                    ("ply", ply_text.as_str()),
                    ("comment", ""),
                    ("csrf_token", csrf.as_str()),
                ])
                .send()
                .await
                .expect("POST");
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "game {game} ply {ply}");
            acknowledged.push((game, ply));
        }
    }
    assert!(killed);
    let _ = server.wait();

    // Restarted: every acknowledged move is there, no game holds half a move.
    let mut server = serve(&app, port).await;
    let after = stored(&app).await;
    for (game, ply) in &acknowledged {
        let (_, stored_ply, fen, last) = after.iter().find(|g| g.0 == *game).expect("game");
        assert!(stored_ply >= ply, "game {game} lost move {ply}");
        if *stored_ply > 0 {
            assert_eq!(
                Some(fen),
                last.as_ref(),
                "game {game}: position of its last move"
            );
        }
    }
    // The mail: everything queued is sent once, except what the killed process had claimed
    // (leased to it for ten minutes, then sent by the next).
    let sent_or_leased = || async {
        app.with_db(|conn| {
            use plypost::db::schema::outbox;
            let waiting: i64 = outbox::table
                .filter(outbox::status.eq("pending"))
                .filter(outbox::claimed_until.is_null())
                .count()
                .get_result(conn)
                .expect("count");
            waiting == 0
        })
        .await
        .then_some(())
    };
    app.eventually(WAIT, sent_or_leased).await;
    let sent: i64 = app
        .with_db(|conn| {
            use plypost::db::schema::outbox;
            outbox::table
                .filter(outbox::status.eq("sent"))
                .count()
                .get_result(conn)
                .expect("count")
        })
        .await;
    let mut ids: Vec<String> = smtp
        .received()
        .iter()
        .map(|m| m.header("Message-ID").expect("Message-ID"))
        .collect();
    let received = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), received, "no mail twice");
    assert!(
        received as i64 >= sent,
        "every mail marked sent was received"
    );
    server.kill().expect("stop");
    let _ = server.wait();
}

backend_tests!(kill_9_during_moves);

const RESTARTABLE_ENV: &str = "PLYPOST_TEST_RESTARTABLE_POSTGRES";

fn pg_ctl(action: &str) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/pg-restartable");
    let out = Command::new(script)
        .arg(action)
        .output()
        .expect("run .ci/pg-restartable");
    assert!(
        out.status.success(),
        "pg-restartable {action}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[actix_web::test]
async fn postgres_restarted_under_moves() {
    let url = match std::env::var(RESTARTABLE_ENV) {
        Ok(url) if !url.is_empty() => url,
        _ if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("{RESTARTABLE_ENV} is not set: .ci/run starts it with .ci/pg-restartable")
        }
        _ => {
            eprintln!("skipped: set {RESTARTABLE_ENV} (run .ci/pg-restartable start)");
            return;
        }
    };
    let app = TestApp::new(Backend::Postgres(url)).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let moves = [
        "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "g8-f6", "d2-d3", "f8-c5", "c2-c3", "d7-d6",
    ];
    // Tokens fetched while the database answers: the session's token serves every form.
    let alice_csrf = crate::common::csrf_of(&alice, &app.url("/settings")).await;
    let bob_csrf = crate::common::csrf_of(&bob, &app.url("/settings")).await;
    let mut acknowledged = Vec::new();
    let mut unavailable = 0;
    let mut ply = 1i64;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while usize::try_from(ply).expect("ply") <= moves.len() {
        assert!(tokio::time::Instant::now() < deadline, "no recovery");
        if ply == 4 && unavailable == 0 {
            pg_ctl("stop");
        }
        let (who, csrf) = if ply % 2 == 1 {
            (&alice, &alice_csrf)
        } else {
            (&bob, &bob_csrf)
        };
        let text = moves[usize::try_from(ply - 1).expect("index")];
        let ply_text = ply.to_string();
        let res = who
            .post(app.url(&format!("/games/{game}/move")))
            .form(&[
                ("move", text),
                ("ply", ply_text.as_str()),
                ("comment", ""),
                ("csrf_token", csrf.as_str()),
            ])
            .send()
            .await
            .expect("POST");
        match res.status() {
            StatusCode::SEE_OTHER => {
                acknowledged.push(ply);
                ply += 1;
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                unavailable += 1;
                if unavailable == 3 {
                    pg_ctl("start");
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            // A move whose answer was lost to the outage may have been stored: it then counts
            // once, and the page says so.
            StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => {
                let stored = app.stored_moves(game).await;
                assert_eq!(
                    stored.len(),
                    usize::try_from(ply).expect("ply"),
                    "a refused move was not stored: {}",
                    res.text().await.unwrap_or_default()
                );
                ply += 1;
            }
            other => panic!(
                "move {ply}: {other} {}",
                res.text().await.unwrap_or_default()
            ),
        }
    }
    assert!(unavailable >= 3, "the outage was seen as 503");
    let stored = stored(&app).await;
    let (_, game_ply, _, _) = stored.iter().find(|g| g.0 == game).expect("game");
    assert_eq!(
        *game_ply,
        i64::try_from(moves.len()).expect("len"),
        "nothing lost or doubled"
    );
    assert_eq!(acknowledged.last(), Some(game_ply));
}
