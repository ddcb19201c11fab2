//! One status for each refusal, on the pages and in the API alike: a move out of turn and a
//! stale ply are 409, an illegal move 422, a stranger's move 403, an unknown game 404. The
//! page shows the message on the game page the move came from; the API answers its JSON
//! error body with the code.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::api::{start_chess, Api};
use crate::common::{Backend, TestApp};

async fn a_refusal_has_one_status_everywhere(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice_web = app.player("alice").await;
    let bob_web = app.player("bob").await;
    let carol_web = app.player("carol").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let carol = Api::login(&app, "carol").await;
    let game = start_chess(&alice, &bob, "bob").await;
    alice.play(game, 1, "e4").await;

    // (who on the page, who in the API, game, ply, move, status, API code)
    let cases = [
        (
            &alice_web,
            &alice,
            game,
            2,
            "e5",
            StatusCode::CONFLICT,
            "not_your_turn",
        ),
        (
            &bob_web,
            &bob,
            game,
            1,
            "e5",
            StatusCode::CONFLICT,
            "moved_on",
        ),
        (
            &bob_web,
            &bob,
            game,
            2,
            "e4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        (
            &carol_web,
            &carol,
            game,
            2,
            "e5",
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            &bob_web,
            &bob,
            999_999,
            2,
            "e5",
            StatusCode::NOT_FOUND,
            "not_found",
        ),
    ];
    for (web, api, id, ply, text, status, code) in cases {
        let res = app.play(web, id, ply, text).await;
        assert_eq!(
            res.status(),
            status,
            "page: {text} at ply {ply} in game {id}"
        );
        let page = res.text().await.expect("body");
        if status != StatusCode::NOT_FOUND {
            // Shown where it came from: the game page, with its board and the reason.
            assert!(page.contains("id=\"move-error\""), "{page}");
            assert!(page.contains("id=\"board-wrap\""), "{page}");
        }
        let (api_status, body) = api
            .post(
                &format!("/api/v1/games/{id}/moves"),
                json!({"ply": ply, "move": text}),
            )
            .await;
        assert_eq!(api_status, status, "API: {text} at ply {ply}: {body}");
        assert_eq!(body["code"], code, "{body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    // The game is as it was.
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4"]);
}

backend_tests!(a_refusal_has_one_status_everywhere);
