//! The JSON API (`/api/v1`) through HTTP: tokens, a whole game, the errors and their
//! statuses, scopes, revocation, who may do what, rate limits, and schemathesis against the
//! OpenAPI document.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::{start_chess, Api};
use crate::common::{python, Backend, TestApp};

async fn fools_mate_through_the_api(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let (status, me) = alice.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["username"], "alice");
    assert_eq!(me["scopes"], json!(["read", "play"]));

    let game = start_chess(&alice, &bob, "bob").await;
    let (status, start) = bob.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(start["ply"], 0);
    assert_eq!(start["to_move"], "white");
    assert_eq!(start["white"], "alice");
    assert_eq!(start["black"], "bob");
    assert_eq!(start["status"], "active");
    assert!(start["deadline"].is_string());

    // Long, compact and standard notation are all accepted.
    alice.play(game, 1, "f2-f3").await;
    bob.play(game, 2, "e7e5").await;
    alice.play(game, 3, "g4").await;
    let over = bob.play(game, 4, "Qh4#").await;
    assert_eq!(over["status"], "finished");
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], "checkmate");
    assert_eq!(over["ply"], 4);
    assert!(over["deadline"].is_null());
    let san: Vec<&str> = over["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["san"].as_str().expect("san"))
        .collect();
    assert_eq!(san, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(over["moves"][3]["long"], "Qd8-h4");
    assert_eq!(over["moves"][0]["ply"], 1);

    let (status, list) = alice.get("/api/v1/games?status=finished").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list[0]["id"].as_i64(), Some(game));
    assert_eq!(list[0]["result"], "0-1");
    let (_, active) = alice.get("/api/v1/games?status=active").await;
    assert_eq!(active, json!([]));
    // The same game on the web page.
    let page = app.get_text(&format!("/games/{game}")).await;
    assert!(page.contains("0-1"), "the page shows the result");
}

async fn errors_have_their_statuses(backend: Backend) {
    let app = TestApp::new(backend).await;
    for name in ["alice", "bob", "carol"] {
        app.player(name).await;
    }
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let carol = Api::login(&app, "carol").await;
    let game = start_chess(&alice, &bob, "bob").await;
    let moves = format!("/api/v1/games/{game}/moves");

    // An illegal move: 422 with the engine's reason.
    let (status, body) = alice.post(&moves, json!({"ply": 1, "move": "e2-e5"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "illegal_move");
    assert!(body["error"].as_str().unwrap().contains("Pawn"), "{body}");
    // Not your turn: 409.
    let (status, body) = bob.post(&moves, json!({"ply": 1, "move": "e7-e5"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["code"], "not_your_turn");
    // Another player's game: 403, and nothing is played.
    let (status, body) = carol.post(&moves, json!({"ply": 1, "move": "e2-e4"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["code"], "forbidden");
    alice.play(game, 1, "e4").await;
    // A stale ply: 409, and the game is as it was.
    let (status, body) = alice.post(&moves, json!({"ply": 1, "move": "d2-d4"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = bob.post(&moves, json!({"ply": 5, "move": "e7-e5"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["code"], "moved_on");
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4"]);
    // Ambiguous standard notation names the candidates.
    let (status, body) = bob.post(&moves, json!({"ply": 2, "move": "Ne5"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"].as_str().unwrap().contains("Ne5"), "{body}");

    // Bad JSON, a wrong shape, a wrong content type, a bad id, an unknown endpoint.
    let raw = |body: &'static str, content_type: &'static str| {
        app.new_client()
            .post(app.url(&moves))
            .bearer_auth(&bob.token)
            .header("Content-Type", content_type)
            .body(body)
    };
    for (body, content_type, expected) in [
        ("{not json", "application/json", StatusCode::BAD_REQUEST),
        (
            "{\"ply\": \"two\"}",
            "application/json",
            StatusCode::BAD_REQUEST,
        ),
        (
            "{\"ply\": 2, \"move\": \"e5\", \"x\": 1}",
            "application/json",
            StatusCode::BAD_REQUEST,
        ),
        (
            "ply=2",
            "application/x-www-form-urlencoded",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
    ] {
        let res = raw(body, content_type).send().await.unwrap();
        assert_eq!(res.status(), expected, "{body}");
        let value: Value = res.json().await.expect("JSON error");
        assert!(value["error"].is_string() && value["code"].is_string());
    }
    let big = "x".repeat(70 * 1024);
    let res = app
        .new_client()
        .post(app.url(&moves))
        .bearer_auth(&bob.token)
        .json(&json!({"ply": 2, "move": big}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let (status, body) = bob.get("/api/v1/games/not-a-number").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
    let (status, _) = bob.get("/api/v1/games/999999").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = bob.get("/api/v1/nothing/here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "not_found");
    let res = app
        .new_client()
        .delete(app.url("/api/v1/me"))
        .bearer_auth(&bob.token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.headers()["allow"], "GET");
    let (status, body) = bob.get("/api/v1/games?status=paused").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "bad_query");
    // A challenge with a bad value: 422 naming it.
    let (status, body) = bob
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "opponent": "nobody", "color": "white",
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"].as_str().unwrap().contains("nobody"), "{body}");
    let (status, _) = bob
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "color": "white",
                   "time_control": {"kind": "days", "days": 0}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Every endpoint: no token and a bad token get 401; a third user cannot act in a game or
/// on a challenge that is not theirs.
async fn authorization_on_every_endpoint(backend: Backend) {
    let app = TestApp::new(backend).await;
    for name in ["alice", "bob", "carol"] {
        app.player(name).await;
    }
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let carol = Api::login(&app, "carol").await;
    let game = start_chess(&alice, &bob, "bob").await;
    let (_, body) = alice
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "opponent": "bob", "color": "random",
                   "time_control": {"kind": "untimed"}}),
        )
        .await;
    let challenge = body["id"].as_i64().unwrap();

    let document: Value = app
        .new_client()
        .get(app.url("/api/v1/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut endpoints = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in ["get", "post"] {
            // The bot API's own answers are checked in tests/all/bots.rs.
            if item.get(method).is_some()
                && path != "/api/v1/tokens"
                && path.starts_with("/api/v1/")
            {
                let concrete = path
                    .replace(
                        "{id}",
                        &if path.contains("challenges") {
                            challenge
                        } else {
                            game
                        }
                        .to_string(),
                    )
                    .replace("{name}", "alice")
                    .replace("{slug}", "chess");
                endpoints.push((method, concrete));
            }
        }
    }
    assert!(endpoints.len() >= 15, "{endpoints:?}");
    for (method, path) in &endpoints {
        for auth in [
            None,
            Some("Bearer plypost_wrong"),
            Some("Basic YWxpY2U6cHc="),
        ] {
            let mut req = match *method {
                "get" => app.new_client().get(app.url(path)),
                _ => app.new_client().post(app.url(path)).json(&json!({})),
            };
            if let Some(auth) = auth {
                req = req.header("Authorization", auth);
            }
            let res = req.send().await.unwrap();
            assert_eq!(
                res.status(),
                StatusCode::UNAUTHORIZED,
                "{method} {path} with {auth:?}"
            );
            assert!(res.headers().contains_key("www-authenticate"));
            let body: Value = res.json().await.unwrap();
            assert_eq!(body["code"], "unauthorized");
        }
    }

    // Carol may read but not act in Alice and Bob's game or on their challenge.
    let (status, _) = carol.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(status, StatusCode::OK, "games are public, as on the site");
    for action in ["resign", "draw/accept", "draw/decline"] {
        let (status, body) = carol
            .post(&format!("/api/v1/games/{game}/{action}"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{action}: {body}");
    }
    for action in ["accept", "decline", "cancel"] {
        let (status, body) = carol
            .post(
                &format!("/api/v1/challenges/{challenge}/{action}"),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{action}: {body}");
    }
    // The right users may.
    let (status, _) = bob
        .post(
            &format!("/api/v1/challenges/{challenge}/decline"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = alice
        .post(&format!("/api/v1/challenges/{challenge}/cancel"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "already declined: {body}");
    let (status, body) = bob
        .post(&format!("/api/v1/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"], "1-0");
    assert_eq!(body["reason"], "resignation");
    let (status, _) = alice
        .post(&format!("/api/v1/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

async fn draw_offers_declined_and_accepted(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let game = start_chess(&alice, &bob, "bob").await;
    let moves = format!("/api/v1/games/{game}/moves");
    let (status, body) = alice
        .post(
            &moves,
            json!({"ply": 1, "move": "d4", "offer_draw": true, "comment": "peace?"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["draw_offer"], "white");
    assert_eq!(body["moves"][0]["comment"], "peace?");
    // Only the opponent answers an offer.
    let (status, body) = alice
        .post(&format!("/api/v1/games/{game}/draw/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["code"], "no_draw_offer");
    let (status, body) = bob
        .post(&format!("/api/v1/games/{game}/draw/decline"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["draw_offer"].is_null());
    assert_eq!(body["status"], "active");
    let mail = app.queued_mail().await;
    assert!(
        mail.iter().any(|(_, to, body)| to == "alice@example.org"
            && body.contains("bob declined your draw offer")),
        "the offerer is told: {mail:?}"
    );
    let (status, _) = bob
        .post(&format!("/api/v1/games/{game}/draw/decline"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing left to decline");
    let (status, body) = bob
        .post(&moves, json!({"ply": 2, "move": "d5", "offer_draw": true}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["draw_offer"], "black");
    let (status, body) = alice
        .post(&format!("/api/v1/games/{game}/draw/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"], "1/2-1/2");
    assert_eq!(body["reason"], "agreement");
}

/// A token made on the settings page: shown once, listed by name, limited by its scopes,
/// and dead once revoked.
async fn settings_tokens_scopes_and_revocation(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let res = app
        .post_as(
            &alice,
            "/settings/api/tokens",
            &[("name", "phone app"), ("read", "on")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    let token = page
        .split("id=\"new-token-value\"")
        .next()
        .and_then(|before| before.rsplit("value=\"").next())
        .and_then(|rest| rest.split('"').next())
        .expect("the new token on the page")
        .to_owned();
    assert!(token.starts_with("plypost_"), "{token}");
    let listed = app.get_text_as(&alice, "/settings/api").await;
    assert!(listed.contains("phone app"));
    assert!(!listed.contains(&token), "a token is shown once");

    let read_only = Api {
        app: &app,
        token: token.clone(),
        http: reqwest::Client::new(),
    };
    let (status, me) = read_only.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["scopes"], json!(["read"]));
    let (status, body) = read_only
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "color": "white", "time_control": {"kind": "untimed"}}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["code"], "insufficient_scope");
    // No scope at all is refused.
    let res = app
        .post_as(&alice, "/settings/api/tokens", &[("name", "none")])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Another user cannot revoke it; its owner can.
    let bob = app.player("bob").await;
    let id = listed
        .split("/settings/api/tokens/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("token id")
        .to_owned();
    let res = app
        .post_as(&bob, &format!("/settings/api/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let (status, _) = read_only.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::OK);
    let res = app
        .post_as(&alice, &format!("/settings/api/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (status, body) = read_only.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "unauthorized");

    // Wrong passwords on POST /api/v1/tokens are rate-limited like the log-in form.
    let http = reqwest::Client::new();
    let mut statuses = Vec::new();
    for _ in 0..7 {
        let res = http
            .post(app.url("/api/v1/tokens"))
            .json(&json!({"username": "alice", "password": "wrong password!", "name": "x"}))
            .send()
            .await
            .unwrap();
        statuses.push(res.status());
    }
    assert_eq!(statuses[0], StatusCode::UNAUTHORIZED);
    assert_eq!(statuses[6], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
}

/// Past its budget a token gets 429 with Retry-After; another token is unaffected.
/// The API's rate limit counts each account's requests, all its tokens together.
async fn tokens_are_rate_limited(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let limit = app.config.api_requests_per_minute;
    for _ in 0..limit {
        let (status, _) = alice.get("/api/v1/me").await;
        assert_eq!(status, StatusCode::OK);
    }
    let res = alice
        .http
        .get(app.url("/api/v1/me"))
        .bearer_auth(&alice.token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    // The limit is the account's: a second token of Alice's gets no more requests.
    let another = Api::login(&app, "alice").await;
    assert_ne!(another.token, alice.token);
    let (status, body) = another.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, _) = bob.get("/api/v1/me").await;
    assert_eq!(status, StatusCode::OK);
}

/// Schemathesis (PyPI) generates requests from the OpenAPI document for every endpoint and
/// checks that none gets a 5xx and every answer matches the document.
async fn schemathesis_finds_nothing(backend: Backend) {
    if !python::checkers_available() {
        return;
    }
    // A budget that a thousand generated requests in a few seconds stay within.
    let app = TestApp::with(crate::common::TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_API_RATE_LIMIT", "100000".to_owned())],
    })
    .await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    // Something to find: a game with moves and a draw offer, and an open challenge.
    let game = start_chess(&alice, &bob, "bob").await;
    alice.play(game, 1, "e4").await;
    let (status, _) = alice
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "color": "random", "time_control": {"kind": "days", "days": 5}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let document = app.url("/api/v1/openapi.json");
    let token = alice.token.clone();
    // More examples for a hunt by hand: PLYPOST_TEST_SCHEMATHESIS_EXAMPLES=500.
    let examples =
        std::env::var("PLYPOST_TEST_SCHEMATHESIS_EXAMPLES").unwrap_or_else(|_| "25".to_owned());
    let output = actix_web::rt::task::spawn_blocking(move || {
        std::process::Command::new("schemathesis")
            .args([
                "run",
                &document,
                "--header",
                &format!("Authorization: Bearer {token}"),
                "--checks",
                "not_a_server_error,status_code_conformance,content_type_conformance,\
                 response_schema_conformance,response_headers_conformance,unsupported_method",
                // The bot API's paths (tag `bot`) are Lichess's, tested with its own
                // clients in tests/all/bots.rs; its streams would never end here.
                "--include-path-regex",
                "^/api/v1/",
                "--max-examples",
                &examples,
                // One worker: with two, Hypothesis's source introspection raced and
                // schemathesis reported its own internal error instead of a result.
                "--workers",
                "1",
            ])
            .output()
    })
    .await
    .expect("join")
    .unwrap_or_else(|e| panic!("schemathesis is needed ({e}): {}", python::INSTALL));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "schemathesis found problems:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("Tested: 27"),
        "every operation was tried:\n{stdout}"
    );
}

async fn the_api_help_page_and_document(backend: Backend) {
    let app = TestApp::new(backend).await;
    let res = app.get("/help/api").await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(page.contains("Authorization: Bearer"));
    assert!(page.contains("/api/v1/openapi.json"));
    let document: Value = app
        .new_client()
        .get(app.url("/api/v1/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    assert_eq!(
        document["components"]["securitySchemes"]["token"]["scheme"],
        "bearer"
    );
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/api/v1/tokens",
        "/api/v1/me",
        "/api/v1/users/{name}",
        "/api/v1/presets",
        "/api/v1/presets/{slug}",
        "/api/v1/challenges",
        "/api/v1/challenges/{id}/accept",
        "/api/v1/games",
        "/api/v1/games/{id}",
        "/api/v1/games/{id}/moves",
        "/api/v1/games/{id}/draw/decline",
        // The bot API, at the host root.
        "/api/stream/event",
        "/api/bot/game/stream/{gameId}",
        "/api/bot/game/{gameId}/move/{move}",
        "/api/challenge/{username}",
        "/game/export/{gameId}",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
    assert_eq!(
        paths["/api/bot/game/{gameId}/move/{move}"]["post"]["tags"][0],
        "bot"
    );
    // Presets and players through the API.
    app.player("alice").await;
    let alice = Api::login(&app, "alice").await;
    let (status, presets) = alice.get("/api/v1/presets").await;
    assert_eq!(status, StatusCode::OK);
    assert!(presets
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["slug"] == "terachess2"));
    let (status, preset) = alice.get("/api/v1/presets/terachess2").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(preset["width"], 16);
    assert!(
        preset["definition"].as_str().unwrap().contains("[[piece]]")
            || preset["definition"].as_str().unwrap().len() > 100
    );
    let (status, _) = alice.get("/api/v1/presets/no-such-preset").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, user) = alice.get("/api/v1/users/alice").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["ratings"], json!([]));
    assert!(
        user.get("email").is_none(),
        "a profile has no email address"
    );
    let (status, _) = alice.get("/api/v1/users/nobody").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

backend_tests!(
    fools_mate_through_the_api,
    errors_have_their_statuses,
    authorization_on_every_endpoint,
    draw_offers_declined_and_accepted,
    settings_tokens_scopes_and_revocation,
    tokens_are_rate_limited,
    schemathesis_finds_nothing,
    the_api_help_page_and_document,
);
