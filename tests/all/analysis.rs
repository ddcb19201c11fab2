//! `POST /api/v1/analysis`: the engine's verdict on a position of any preset — the score
//! from White's side, the best line in SAN and UCI (checked legal by the rules crate), and
//! every bad input refused with its reason; limits per account and on the server's engines.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{Backend, TestApp, TestOptions};
use plypost_rules::{Position, Variant};

async fn analyse(api: &Api<'_>, body: Value) -> (StatusCode, Value) {
    api.post("/api/v1/analysis", body).await
}

/// Mates are found and scored from White's side; a line from the start of a big variant is
/// legal move by move.
async fn the_engine_judges_any_preset(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("ann").await;
    let ann = Api::login(&app, "ann").await;

    // White mates in one: Ra8#.
    let (status, body) = analyse(
        &ann,
        json!({"preset": "chess", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "movetime_ms": 500}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["score"], json!({"mate": 1}), "{body}");
    assert_eq!(body["pv"][0], "Ra8#");
    assert_eq!(body["pv_uci"][0], "a1a8");
    // Black to move mates in one: the score says Black (negative).
    let (_, body) = analyse(
        &ann,
        json!({"preset": "chess", "fen": "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "movetime_ms": 500}),
    )
    .await;
    assert_eq!(body["score"], json!({"mate": -1}), "{body}");
    assert_eq!(body["pv"][0], "Ra1#");

    // Terachess II from its setup after two moves in any notation.
    let (status, body) = analyse(
        &ann,
        json!({"preset": "terachess2", "moves": ["e4-e6", "Pe13-e11"], "movetime_ms": 300}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["score"]["cp"].is_i64(), "{body}");
    assert!(body["depth"].as_u64().unwrap_or(0) >= 1, "{body}");
    assert!(body["nodes"].as_u64().unwrap_or(0) > 0, "{body}");
    let variant = Variant::builtin("terachess2").expect("terachess2");
    let mut position = Position::start(&variant);
    for text in ["e4-e6", "Pe13-e11"] {
        let mv = position.parse_move(text).expect("a legal opening");
        position = position.play_unchecked(&mv);
    }
    let pv: Vec<&str> = body["pv"]
        .as_array()
        .expect("pv")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let uci = body["pv_uci"].as_array().expect("pv_uci");
    assert!(!pv.is_empty() && pv.len() == uci.len(), "{body}");
    for san in pv {
        let mv = position
            .parse_move(san)
            .unwrap_or_else(|e| panic!("{san} is not legal: {e}"));
        position = position.play_unchecked(&mv);
    }
}

/// Every bad input is refused with what is wrong, and nothing runs.
async fn bad_requests_are_named(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("ann").await;
    let ann = Api::login(&app, "ann").await;
    let cases = [
        (
            json!({"preset": "chess", "fen": "8/8 w"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "fen:",
        ),
        (
            json!({"preset": "chess", "moves": ["e4", "e5", "Ke3"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "moves[2] (Ke3)",
        ),
        (
            json!({"preset": "chess", "movetime_ms": 5000}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "movetime_ms",
        ),
        (
            json!({"preset": "no-such-preset"}),
            StatusCode::NOT_FOUND,
            "preset",
        ),
        (
            json!({"preset": "chess", "depth": 3}),
            StatusCode::BAD_REQUEST,
            "unknown field `depth`",
        ),
    ];
    for (body, status, words) in cases {
        let (got, answer) = analyse(&ann, body.clone()).await;
        assert_eq!(got, status, "{body} → {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{body}: {error}");
    }
    let res = reqwest::Client::new()
        .post(app.url("/api/v1/analysis"))
        .json(&json!({"preset": "chess"}))
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "a token is needed");
}

/// The analysis board of a finished game offers the engine and marks its best move; the
/// board of a game still being played never does, to its players or anyone else.
async fn only_finished_games_are_analysed_on_their_boards(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(&alice, &bob, game, &["e2-e4", "e7-e5"]).await;

    // Being played: no engine for the players, nor for a spectator; asking is refused.
    for client in [&alice, &bob, &carol] {
        let page = app
            .get_text_as(client, &format!("/games/{game}/analysis"))
            .await;
        assert!(page.contains("id=\"move-form\""), "the analysis board");
        assert!(!page.contains("evaluate-form") && !page.contains("engine-verdict"));
        let (status, page) = app
            .get_as(client, &format!("/games/{game}/analysis?evaluate=1"))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(!page.contains("engine-verdict"));
    }
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(!page.contains("evaluate"), "the game page offers no engine");

    // Finished (Bob resigns): the board offers it; a line is judged and its move marked.
    let res = app
        .post_as(
            &bob,
            &format!("/games/{game}/resign"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app
        .get_text_as(&carol, &format!("/games/{game}/analysis"))
        .await;
    assert!(page.contains("id=\"evaluate-form\""), "{page}");
    let (status, page) = app
        .get_as(
            &carol,
            &format!("/games/{game}/analysis?line=g1f3&at=1&evaluate=1"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("id=\"engine-verdict\""), "{page}");
    let line = page
        .split("id=\"engine-line\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .expect("the best line");
    assert!(
        line.starts_with("2… "),
        "Black to move after 2. Nf3: {line}"
    );
    let score = page
        .split("id=\"engine-score\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .expect("the score");
    assert!(
        score.contains("equal") || score.contains("better") || score.contains("mates"),
        "{score}"
    );
    // Visitors are asked to log in first.
    let visitor = app.new_client();
    let (status, _) = app
        .get_as(&visitor, &format!("/games/{game}/analysis?evaluate=1"))
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
}

/// The free analysis board: any preset, any FEN, a line played by moves in any notation, and
/// the engine for signed-in players; bad input answered with its reason.
async fn the_free_board_takes_any_preset_and_position(backend: Backend) {
    let app = TestApp::new(backend).await;
    let ann = app.player("ann").await;
    let visitor = app.new_client();

    let (status, page) = app.get_as(&visitor, "/analysis").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Analysis board · Chess") && page.contains("id=\"move-form\""));
    assert!(
        !page.contains("id=\"evaluate-form\""),
        "visitors are asked to log in"
    );

    // A move in any notation extends the line; the address holds it.
    let res = app
        .get(&format!(
            "/analysis?preset=shako&line=&at=0&move={}",
            "e3-e5"
        ))
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let next = crate::common::location(&res);
    assert!(
        next.starts_with("/analysis?preset=shako&line=e3e5&at=1"),
        "{next}"
    );
    let (status, page) = app.get_as(&visitor, &next).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("id=\"analysis-line\""), "{page}");
    assert!(page.contains("Black to move"), "{page}");
    // An illegal move is refused with the rules' reason; the line stays.
    let (status, page) = app
        .get_as(
            &visitor,
            "/analysis?preset=shako&line=e3e5&at=1&move=Ke1-e5",
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"analysis-error\""), "{page}");

    // Bad input: a FEN the variant cannot have, an unknown preset.
    let res = app.get("/analysis?preset=chess&fen=8%2F8+w").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(res.text().await.unwrap_or_default().contains("FEN"));
    assert_eq!(
        app.get("/analysis?preset=no-such-preset").await.status(),
        StatusCode::NOT_FOUND
    );

    // Signed in, the engine judges the position: White mates in one.
    let fen = "6k1%2F5ppp%2F8%2F8%2F8%2F8%2F8%2FR5K1+w+-+-+0+1";
    let (status, page) = app
        .get_as(
            &ann,
            &format!("/analysis?preset=chess&fen={fen}&evaluate=1"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("White mates in 1"), "{page}");
    assert!(page.contains("1. Ra8#"), "{page}");
    // Asking the engine needs an account.
    let (status, _) = app
        .get_as(
            &visitor,
            &format!("/analysis?preset=chess&fen={fen}&evaluate=1"),
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
}

backend_tests!(
    the_free_board_takes_any_preset_and_position,
    the_engine_judges_any_preset,
    bad_requests_are_named,
    only_finished_games_are_analysed_on_their_boards,
);

/// Twenty analyses a minute per account; with every engine slot busy the answer is 503 with
/// `Retry-After`.
#[actix_web::test]
async fn analyses_are_limited() {
    let app = TestApp::with(TestOptions {
        backend: Backend::Sqlite,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_ENGINE_THREADS", "1".to_owned())],
    })
    .await;
    app.player("ann").await;
    app.player("bob").await;
    let ann = Api::login(&app, "ann").await;
    let bob = Api::login(&app, "bob").await;

    // Bob's long search holds the only slot; Ann's request meanwhile finds none.
    let long = analyse(&bob, json!({"preset": "terachess2", "movetime_ms": 2000}));
    let busy = async {
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        let res = reqwest::Client::new()
            .post(app.url("/api/v1/analysis"))
            .bearer_auth(&ann.token)
            .json(&json!({"preset": "chess", "movetime_ms": 10}))
            .send()
            .await
            .expect("POST");
        let retry = res
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        (res.status(), retry)
    };
    let ((status, _), (busy_status, retry)) = tokio::join!(long, busy);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(busy_status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(retry.as_deref(), Some("5"));

    // Ann has used one; nineteen more pass, the next is refused for a minute.
    for i in 0..19 {
        let (status, body) = analyse(&ann, json!({"preset": "chess", "movetime_ms": 1})).await;
        assert_eq!(status, StatusCode::OK, "request {i}: {body}");
    }
    let (status, body) = analyse(&ann, json!({"preset": "chess", "movetime_ms": 1})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // Bob's budget is his own.
    let (status, _) = analyse(&bob, json!({"preset": "chess", "movetime_ms": 1})).await;
    assert_eq!(status, StatusCode::OK);
}

/// The computer's moves and the analyses share the server's engine slots: while the
/// computer thinks with the only one, an analysis is answered 503; after its move, 200.
#[actix_web::test]
async fn the_computer_and_the_analyses_share_the_engines() {
    let app = TestApp::with(TestOptions {
        backend: Backend::Sqlite,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_ENGINE_THREADS", "1".to_owned())],
    })
    .await;
    app.player("ann").await;
    let ann = Api::login(&app, "ann").await;
    // Level 8 plays White: it thinks for seconds on its first move.
    let (status, body) = ann
        .post(
            "/api/v1/challenges",
            json!({"opponent": "computer", "level": 8, "preset": "terachess2", "color": "black",
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let game = body["game_id"].as_i64().expect("game_id");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let (status, body) = analyse(&ann, json!({"preset": "chess", "movetime_ms": 10})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    app.eventually(std::time::Duration::from_secs(30), || async {
        let (_, g) = ann.get(&format!("/api/v1/games/{game}")).await;
        (g["ply"] == 1).then_some(())
    })
    .await;
    let (status, body) = analyse(&ann, json!({"preset": "chess", "movetime_ms": 10})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
