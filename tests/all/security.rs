//! Holes found by bad input, each closed: redirects off-site after log-in, NUL characters and
//! control characters that gave 500s, unbounded PGN imports and exports, unlimited guesses of
//! the current password, the owner locked out by a stranger's guesses, HSTS, and the system
//! user's guessable unsubscribe token.

use diesel::prelude::*;
use reqwest::header::LOCATION;
use reqwest::StatusCode;

use crate::common::{self, Backend, TestApp, TestOptions, PASSWORD};
use crate::logs::upload;
use plypost::accounts::{self, AccountError};
use plypost::logs::import::{MAX_GAMES_PER_UPLOAD, MAX_PLIES_PER_GAME, MAX_UPLOADS_PER_DAY};

fn pgn_game(event: &str, moves: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\
         [Variant \"chess\"]\n\n{moves} *\n\n"
    )
}

async fn import_token(app: &TestApp, client: &reqwest::Client) -> String {
    let form = app.get_text_as(client, "/logs/import").await;
    common::extract_csrf(&form).expect("token")
}

async fn games_stored(app: &TestApp) -> i64 {
    app.with_db(|conn| {
        plypost::db::schema::games::table
            .count()
            .get_result(conn)
            .expect("count")
    })
    .await
}

async fn next_goes_nowhere_else(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    for next in [
        "/%09/evil.example/",
        "/%0d%0aSet-Cookie:%20x=1",
        "/%5C/evil.example",
        "%2F%2Fevil.example",
        "/%0a/evil.example",
        "/%E2%80%8B/x",
    ] {
        let res = alice
            .get(app.url(&format!("/login?next={next}")))
            .send()
            .await
            .expect("GET");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{next}");
        assert_eq!(res.headers()[LOCATION], "/", "{next}");
    }
    // Signing in with such a `next` lands on the home page too.
    let client = app.new_client();
    let res = common::post_with(
        &client,
        &app.address,
        "/login",
        &[
            ("username", "alice"),
            ("password", PASSWORD),
            ("next", "/\t/evil.example/"),
        ],
    )
    .await;
    assert_eq!(res.headers()[LOCATION], "/");
    let res = alice
        .get(app.url("/login?next=/games"))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.headers()[LOCATION], "/games");
}

/// A signed-out player who follows a mail's link to a game and logs in lands on that game.
async fn a_game_link_survives_the_log_in(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let visitor = app.new_client();
    let page = app.get_text_as(&visitor, &format!("/games/{game}")).await;
    let href = format!("/login?next=%2Fgames%2F{game}");
    assert!(page.contains(&format!("href=\"{href}\"")), "{page}");
    let form = app.get_text_as(&visitor, &href).await;
    assert!(form.contains(&format!("name=\"next\" value=\"/games/{game}\"")));
    let res = common::post_with(
        &visitor,
        &app.address,
        "/login",
        &[
            ("username", "alice"),
            ("password", PASSWORD),
            ("next", &format!("/games/{game}")),
        ],
    )
    .await;
    assert_eq!(res.headers()[LOCATION], format!("/games/{game}").as_str());
}

async fn nul_characters_are_refused_clearly(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    app.player("bob").await;
    let client = app.new_client();
    let res = common::post_with(
        &client,
        &app.address,
        "/login",
        &[("username", "ali\0ce"), ("password", PASSWORD)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(res
        .text()
        .await
        .expect("body")
        .contains("“username” contains a NUL"));
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("opponent", "bo\0b"),
                ("preset", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    for path in [
        "/unsubscribe/%00/your_turn",
        "/logs?player=al%00ice",
        "/users/al%00ice",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{path}");
    }
    // Not hex: an invalid link, without a query.
    let res = app.get("/unsubscribe/zz%20zz/your_turn").await;
    assert!(res.status().is_client_error(), "{}", res.status());
}

async fn pgn_uploads_are_bounded(backend: Backend) {
    let app = TestApp::new(backend).await;
    let bob = app.player("bob").await;
    let token = import_token(&app, &bob).await;

    // A huge tag is refused with its name; nothing is stored (PostgreSQL gave 500 here).
    let long = "x".repeat(1_000_000);
    let res = upload(&app, &bob, &token, &pgn_game(&long, "1. e2-e4")).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(
        page.contains("the Event tag is longer than 200 characters"),
        "{}",
        &page[..200.min(page.len())]
    );
    assert_eq!(games_stored(&app).await, 0);

    // More games than an upload takes: the rest are refused, with the reason.
    let many: String = (0..=MAX_GAMES_PER_UPLOAD)
        .map(|i| pgn_game(&format!("g{i}"), "1. e2-e4"))
        .collect();
    let res = upload(&app, &bob, &token, &many).await;
    let page = res.text().await.expect("page");
    assert!(
        page.contains(&format!("{MAX_GAMES_PER_UPLOAD} imported, 1 refused")),
        "{page}"
    );
    assert!(page.contains(&format!("at most {MAX_GAMES_PER_UPLOAD} games")));

    // A game longer than an upload takes is refused before its moves are replayed.
    let shuffle = "Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8 ";
    let moves = shuffle.repeat(MAX_PLIES_PER_GAME / 4 + 1);
    let res = upload(&app, &bob, &token, &pgn_game("long", &moves)).await;
    let page = res.text().await.expect("page");
    assert!(
        page.contains(&format!("at most {MAX_PLIES_PER_GAME}")),
        "{}",
        &page[..300.min(page.len())]
    );

    // Uploads per player per day.
    let used = 3;
    for i in used..MAX_UPLOADS_PER_DAY {
        let res = upload(&app, &bob, &token, &pgn_game(&format!("d{i}"), "1. d2-d4")).await;
        assert_eq!(res.status(), StatusCode::OK, "upload {i}");
    }
    let res = upload(&app, &bob, &token, &pgn_game("over", "1. d2-d4")).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.text().await.expect("page").contains("last 24 hours"));
}

async fn exports_are_capped_and_rate_limited(backend: Backend) {
    let app = TestApp::new(backend).await;
    // Past the cap of one export: imported from the command line (no upload bounds).
    let cap = usize::try_from(plypost::web::pages::logs::EXPORT_MAX_GAMES).expect("cap");
    let file: String = (0..=cap)
        .map(|i| pgn_game(&format!("e{i}"), "1. e2-e4"))
        .collect();
    let clock = app.clock.clone();
    let report = app
        .with_pooled(move |db| {
            plypost::logs::import::import_pgn(db, &*clock, &file, None).expect("import")
        })
        .await;
    assert_eq!(report.imported(), cap + 1);
    let export = app.get_text("/logs/export.pgn").await;
    assert_eq!(export.matches("[Event ").count(), cap);
    assert!(export.contains("% plypost: an export stops after"));
    // A filtered export under the cap is whole and has no note.
    let one = app.get_text("/logs/export.pgn?player=nobody").await;
    assert!(!one.contains("% plypost"));
    let limit = plypost::web::pages::logs::EXPORTS_PER_WINDOW;
    for _ in 2..limit {
        assert_eq!(
            app.get("/logs/export.pgn?player=nobody").await.status(),
            StatusCode::OK
        );
    }
    let res = app.get("/logs/export.pgn?player=nobody").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn current_password_guesses_are_limited(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    for _ in 0..accounts::rate_limit::PER_ACCOUNT_AND_ADDRESS {
        let res = app
            .post_as(
                &alice,
                "/settings/password",
                &[
                    ("current_password", "not it"),
                    ("new_password", "another long password"),
                    ("new_password_confirm", "another long password"),
                ],
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    // Locked now, even with the right password, for the email form too.
    let res = app
        .post_as(
            &alice,
            "/settings/email",
            &[("email", "new@example.org"), ("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .expect("page")
        .contains("Too many failed attempts"));
}

async fn a_stranger_cannot_lock_the_owner_out(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    let clock = app.clock.clone();
    let outcome = app
        .with_pooled(move |db| {
            let attempt = |db: &mut plypost::db::Db, password: &str, ip: &str| {
                accounts::authenticate(db, &*clock, "alice", password, ip).map(|u| u.id)
            };
            for _ in 0..accounts::rate_limit::PER_ACCOUNT_AND_ADDRESS {
                assert!(matches!(
                    attempt(db, "guess", "203.0.113.9"),
                    Err(AccountError::InvalidCredentials)
                ));
            }
            let stranger = attempt(db, PASSWORD, "203.0.113.9");
            let owner = attempt(db, PASSWORD, "198.51.100.7");
            (stranger.is_err(), owner.is_ok())
        })
        .await;
    assert_eq!(
        outcome,
        (true, true),
        "the stranger's address is locked, the owner's not"
    );
}

/// Behind a trusted proxy the forwarded address counts: a stranger's guesses lock their own
/// address, not the owner's.
async fn behind_a_trusted_proxy(backend: Backend) {
    let app = TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_TRUSTED_PROXIES", "127.0.0.1, ::1".to_owned())],
    })
    .await;
    app.player("alice").await;
    let log_in = |from: &'static str, password: &'static str| {
        let client = app.new_client();
        let url = app.url("/login");
        async move {
            let token = common::csrf_of(&client, &url).await;
            client
                .post(&url)
                .header("X-Forwarded-For", from)
                .form(&[
                    ("username", "alice"),
                    ("password", password),
                    ("csrf_token", &token),
                ])
                .send()
                .await
                .expect("POST")
        }
    };
    for _ in 0..accounts::rate_limit::PER_ACCOUNT_AND_ADDRESS {
        let res = log_in("203.0.113.9", "guess").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    let res = log_in("203.0.113.9", PASSWORD).await;
    assert!(res
        .text()
        .await
        .expect("page")
        .contains("Too many failed attempts"));
    let res = log_in("198.51.100.7", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the owner gets in");
}

async fn hsts_over_https_only(backend: Backend) {
    let app = TestApp::new(backend.clone()).await;
    let res = app.get("/").await;
    assert!(res.headers().get("strict-transport-security").is_none());
    let https = TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: Some("https://plypost.example".to_owned()),
        env: Vec::new(),
    })
    .await;
    let res = https.get("/").await;
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=31536000"
    );
}

async fn the_import_owner_has_a_random_unsubscribe_token(backend: Backend) {
    let app = TestApp::new(backend).await;
    let clock = app.clock.clone();
    let token = app
        .with_pooled(move |db| {
            let id = accounts::users::system_user(db, &*clock).expect("system user");
            accounts::find(db, id)
                .expect("find")
                .expect("user")
                .unsubscribe_token
        })
        .await;
    assert_eq!(token.len(), 48);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
}

backend_tests!(
    next_goes_nowhere_else,
    a_game_link_survives_the_log_in,
    nul_characters_are_refused_clearly,
    pgn_uploads_are_bounded,
    exports_are_capped_and_rate_limited,
    current_password_guesses_are_limited,
    a_stranger_cannot_lock_the_owner_out,
    behind_a_trusted_proxy,
    hsts_over_https_only,
    the_import_owner_has_a_random_unsubscribe_token,
);
