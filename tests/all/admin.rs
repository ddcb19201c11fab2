//! The admin role: `plypost admin grant|revoke|list`, the admin pages and their actions
//! (suspend and reinstate, retire a preset, settle a reported message, adjudicate a game,
//! retry a failed mail), refused to everyone else, and every action in the audit log. And
//! `plypost backup` of a live SQLite database under a stream of moves.

use std::process::Command;

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::{location, Backend, TestApp, PASSWORD};

const BIN: &str = env!("CARGO_BIN_EXE_plypost");

fn plypost(app: &TestApp, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .envs(app.settings.iter().cloned())
        .output()
        .expect("run plypost");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn game_of(app: &TestApp, white: &reqwest::Client, black: &reqwest::Client) -> i64 {
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    app.start_game(white, "bob", black, &fields).await
}

async fn game_status(app: &TestApp, game: i64) -> (String, Option<String>, Option<String>) {
    app.with_db(move |conn| {
        use plypost::db::schema::games;
        games::table
            .find(game)
            .select((games::status, games::result, games::result_reason))
            .first(conn)
            .expect("game")
    })
    .await
}

async fn admins_act_and_everything_is_audited(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;

    // Only admins, granted from the command line.
    assert_eq!(app.get_as(&carol, "/admin").await.0, StatusCode::FORBIDDEN);
    let res = app
        .post_as(
            &alice,
            "/admin/users/suspend",
            &[("username", "bob"), ("reason", "x")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let (ok, out, err) = plypost(&app, &["admin", "grant", "carol"]);
    assert!(ok, "{err}");
    assert!(out.contains("carol is an admin"));
    let (_, out, _) = plypost(&app, &["admin", "list"]);
    assert_eq!(out.trim(), "carol");
    let (ok, _, err) = plypost(&app, &["admin", "grant", "nobody"]);
    assert!(!ok && err.contains("No such account"), "{err}");
    let (status, page) = app.get_as(&carol, "/admin").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Suspend a player"));
    assert!(app
        .get_text_as(&carol, "/")
        .await
        .contains("href=\"/admin\""));

    // Suspension: signed out, no log-in (with the reason), the game goes on.
    let game = game_of(&app, &alice, &bob).await;
    let res = app
        .post_as(
            &carol,
            "/admin/users/suspend",
            &[("username", "bob"), ("reason", "abusive chat")],
        )
        .await;
    assert_eq!(location(&res), "/admin?done=suspended");
    let res = bob.get(app.url("/settings")).send().await.expect("GET");
    assert!(location(&res).starts_with("/login"), "bob is signed out");
    let again = app.new_client();
    let res = crate::common::post_with(
        &again,
        &app.address,
        "/login",
        &[("username", "bob"), ("password", PASSWORD)],
    )
    .await;
    assert!(res
        .text()
        .await
        .expect("page")
        .contains("suspended: abusive chat"));
    assert_eq!(
        app.play(&alice, game, 1, "e2-e4").await.status(),
        StatusCode::SEE_OTHER,
        "the game goes on"
    );
    let res = app
        .post_as(
            &carol,
            "/admin/users/suspend",
            &[("username", "bob"), ("reason", " ")],
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "a reason is needed"
    );
    let res = app
        .post_as(&carol, "/admin/users/reinstate", &[("username", "bob")])
        .await;
    assert_eq!(location(&res), "/admin?done=reinstated");
    let bob = app.new_client();
    let res = crate::common::post_with(
        &bob,
        &app.address,
        "/login",
        &[("username", "bob"), ("password", PASSWORD)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "reinstated");

    // A preset retired by an admin.
    let slug = app.fork_preset(&alice, "chess", "Alice chess").await;
    let res = app
        .post_as(
            &carol,
            "/admin/presets",
            &[("slug", &slug), ("reason", "spam"), ("action", "retire")],
        )
        .await;
    assert_eq!(location(&res), "/admin?done=preset");
    let retired: bool = app
        .with_db(move |conn| {
            use plypost::db::schema::presets;
            presets::table
                .filter(presets::slug.eq(&slug))
                .select(presets::retired)
                .first(conn)
                .expect("preset")
        })
        .await;
    assert!(retired);

    // A reported message, dismissed.
    let res = app
        .post_as(
            &bob,
            &format!("/games/{game}/chat"),
            &[("body", "you are a patzer")],
        )
        .await;
    assert!(res.status().is_redirection());
    let message: i64 = app
        .with_db(|conn| {
            use plypost::db::schema::game_messages;
            game_messages::table
                .select(game_messages::id)
                .first(conn)
                .expect("message")
        })
        .await;
    let res = app
        .post_as(&alice, &format!("/games/{game}/chat/{message}/report"), &[])
        .await;
    assert!(res.status().is_redirection());
    assert!(app
        .get_text_as(&carol, "/admin")
        .await
        .contains("you are a patzer"));
    let res = app
        .post_as(&carol, &format!("/admin/reports/{message}/remove"), &[])
        .await;
    assert_eq!(location(&res), "/admin?done=report");
    assert!(!app
        .get_text_as(&carol, "/admin")
        .await
        .contains("you are a patzer"));

    // A game adjudicated.
    let res = app
        .post_as(
            &carol,
            "/admin/games/adjudicate",
            &[
                ("game", &game.to_string()),
                ("result", "1-0"),
                ("reason", "abandoned"),
            ],
        )
        .await;
    assert_eq!(location(&res), "/admin?done=adjudicated");
    assert_eq!(
        game_status(&app, game).await,
        (
            "finished".to_owned(),
            Some("1-0".to_owned()),
            Some("adjudication".to_owned())
        )
    );

    // A failed mail queued again. Wait for the outbox worker to finish what it is sending,
    // so that it does not mark the mail sent after the test marks it failed.
    app.eventually(crate::common::WAIT, || async {
        (app.outbox_count(plypost::domain::OutboxStatus::Pending)
            .await
            == 0)
            .then_some(())
    })
    .await;
    let id: i64 = app
        .with_db(|conn| {
            use plypost::db::schema::outbox;
            diesel::update(outbox::table)
                .set(outbox::status.eq("failed"))
                .execute(conn)
                .expect("fail the mail");
            outbox::table
                .select(outbox::id)
                .order(outbox::id.desc())
                .first(conn)
                .expect("a mail")
        })
        .await;
    assert!(app
        .get_text_as(&carol, "/admin")
        .await
        .contains("Failed mail"));
    let res = app
        .post_as(&carol, &format!("/admin/mail/{id}/retry"), &[])
        .await;
    assert_eq!(location(&res), "/admin?done=mail");
    let res = app
        .post_as(&carol, &format!("/admin/mail/{id}/retry"), &[])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "not failed any more"
    );

    // The audit log has every action, newest first; only admins read it.
    let (status, log) = app.get_as(&carol, "/admin/audit").await;
    assert_eq!(status, StatusCode::OK);
    let order = [
        "retry mail",
        "adjudicate",
        "remove message",
        "retire preset",
        "reinstate",
        "suspend",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|a| {
            log.find(&format!("<td>{a}</td>"))
                .unwrap_or_else(|| panic!("{a} in {log}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "newest first: {at:?}");
    assert!(log.contains("abusive chat"));
    assert_eq!(
        app.get_as(&alice, "/admin/audit").await.0,
        StatusCode::FORBIDDEN
    );
    let (ok, _, _) = plypost(&app, &["admin", "revoke", "carol"]);
    assert!(ok);
    assert_eq!(app.get_as(&carol, "/admin").await.0, StatusCode::FORBIDDEN);
}

/// `plypost backup` while moves stream in: the copy passes SQLite's integrity check and has
/// every move acknowledged before the backup began. On PostgreSQL it points to pg_dump.
async fn backup_of_a_live_database(backend: Backend) {
    let postgres = matches!(backend, Backend::Postgres(_));
    let app = std::sync::Arc::new(TestApp::new(backend).await);
    let target = app.dir.path().join("backup.db");
    let target_text = target.to_string_lossy().into_owned();
    if postgres {
        let (ok, _, err) = plypost(&app, &["backup", &target_text]);
        assert!(!ok && err.contains("pg_dump --format=custom"), "{err}");
        assert!(!target.exists());
        return;
    }
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut games = Vec::new();
    for _ in 0..6 {
        games.push(game_of(&app, &alice, &bob).await);
    }
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::<(i64, i64)>::new()));
    let stream = {
        let (app, acked) = (app.clone(), acked.clone());
        actix_web::rt::spawn(async move {
            let moves = [
                "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "g8-f6", "d2-d3", "f8-c5",
            ];
            for (ply, text) in (1..).zip(moves) {
                for &game in &games {
                    let who = if ply % 2 == 1 { &alice } else { &bob };
                    let res = app.play(who, game, ply, text).await;
                    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{game} {ply}");
                    acked.lock().expect("lock").push((game, ply));
                }
            }
        })
    };
    // Some moves in, then the backup, while the rest go on.
    app.eventually(crate::common::WAIT, || async {
        (acked.lock().expect("lock").len() >= 10).then_some(())
    })
    .await;
    let before = acked.lock().expect("lock").clone();
    let (ok, out, err) = {
        let app = app.clone();
        let args = ["backup".to_owned(), target_text.clone()];
        actix_web::rt::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            plypost(&app, &args)
        })
        .await
        .expect("backup task")
    };
    assert!(ok, "{err}");
    assert!(out.contains("integrity check ok"), "{out}");
    stream.await.expect("the stream of moves");
    assert!(acked.lock().expect("lock").len() == 48);

    let mut copy = SqliteConnection::establish(&target_text).expect("open the copy");
    let stored: Vec<(i64, i64)> = {
        use plypost::db::schema::game_moves;
        game_moves::table
            .select((game_moves::game_id, game_moves::ply))
            .load(&mut copy)
            .expect("moves of the copy")
    };
    for pair in &before {
        assert!(
            stored.contains(pair),
            "{pair:?} acknowledged before the backup"
        );
    }
    // Refuses to overwrite.
    let (ok, _, err) = plypost(&app, &["backup", &target_text]);
    assert!(!ok && err.contains("exists already"), "{err}");
}

backend_tests!(
    admins_act_and_everything_is_audited,
    backup_of_a_live_database
);
