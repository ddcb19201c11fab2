//! Conditional moves: lines followed, a branch chosen, a mismatch dropping the tree, a
//! conditional mate, illegal lines, privacy, the race between a move and an edit, and the
//! analysis board's pages.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::{start_chess, Api};
use crate::common::{Backend, TestApp};

async fn put(api: &Api<'_>, game: i64, body: Value) -> (StatusCode, Value) {
    api.send(
        reqwest::Method::PUT,
        &format!("/api/v1/games/{game}/conditional"),
        Some(body),
    )
    .await
}

async fn tree(api: &Api<'_>, game: i64) -> Value {
    let (status, body) = api.get(&format!("/api/v1/games/{game}/conditional")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["lines"].clone()
}

/// Alice (White) and Bob; Alice has played 1. e4, so Bob is to move.
async fn after_e4(app: &TestApp) -> (Api<'_>, Api<'_>, i64) {
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(app, "alice").await;
    let bob = Api::login(app, "bob").await;
    let game = start_chess(&alice, &bob, "bob").await;
    alice.play(game, 1, "e4").await;
    (alice, bob, game)
}

async fn a_line_is_followed(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    let (status, saved) = put(
        &alice,
        game,
        json!({"lines": [["e5", "Nf3", "Nc6", "Bb5"]]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["lines"], json!([["e5", "Nf3", "Nc6", "Bb5"]]));
    assert_eq!(saved["compact"], json!([["e7e5", "g1f3", "b8c6", "f1b5"]]));
    assert_eq!(saved["ply"], 1);

    let after = bob.play(game, 2, "e5").await;
    assert_eq!(after["ply"], 3, "the answer was played at once");
    assert_eq!(after["moves"][2]["san"], "Nf3");
    assert_eq!(after["to_move"], "black");
    assert_eq!(tree(&alice, game).await, json!([["Nc6", "Bb5"]]));
    let after = bob.play(game, 4, "Nc6").await;
    assert_eq!(after["ply"], 5);
    assert_eq!(after["moves"][4]["san"], "Bb5");
    assert_eq!(tree(&alice, game).await, json!([]), "the line is used up");
    assert_eq!(
        app.stored_moves(game).await,
        ["Pe2-e4", "Pe7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5"]
    );
    // Bob was told in his "your move" mail that it was a conditional move; Alice that hers
    // was played.
    let mail = app.queued_mail().await;
    assert!(mail.iter().any(|(_, to, body)| to == "bob@example.org"
        && body.contains("alice played 2. Nf3")
        && body.contains("conditional moves")));
    assert!(mail.iter().any(|(_, to, body)| to == "alice@example.org"
        && body.contains("your answer 3. Bf1-b5 was played for you")));
}

async fn a_branch_is_chosen_among_several(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    let lines = json!({"lines": [["e5", "Nf3"], ["c5", "Nc3", "d6", "d4"], ["c5", "Nc3", "Nc6", "Nf3"], ["e6", "d4"]]});
    let (status, body) = put(&alice, game, lines).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let after = bob.play(game, 2, "c5").await;
    assert_eq!(after["moves"][2]["san"], "Nc3");
    assert_eq!(
        tree(&alice, game).await,
        json!([["d6", "d4"], ["Nc6", "Nf3"]])
    );
    let after = bob.play(game, 4, "Nc6").await;
    assert_eq!(after["moves"][4]["san"], "Nf3");
}

async fn a_move_no_line_expects_drops_the_tree(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    put(
        &alice,
        game,
        json!({"lines": [["e5", "Nf3"], ["c5", "Nf3"]]}),
    )
    .await;
    let after = bob.play(game, 2, "d5").await;
    assert_eq!(after["ply"], 2, "nothing answered");
    assert_eq!(after["to_move"], "white");
    assert_eq!(tree(&alice, game).await, json!([]));
    // One mail for the move: Alice's "your move", which says her lines are gone.
    let mail = app.queued_mail().await;
    let to_alice: Vec<&String> = mail
        .iter()
        .filter(|(_, to, body)| to == "alice@example.org" && body.contains("bob played"))
        .map(|(_, _, body)| body)
        .collect();
    assert_eq!(to_alice.len(), 1, "{to_alice:?}");
    assert!(to_alice[0].contains("None of your conditional moves expected it"));
    assert!(to_alice[0].contains("It is your move."));
}

async fn a_conditional_reply_mates(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let game = start_chess(&alice, &bob, "bob").await;
    alice.play(game, 1, "f3").await;
    bob.play(game, 2, "e5").await;
    let (status, body) = put(&bob, game, json!({"lines": [["g4", "Qh4#"]], "ply": 2})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let over = alice.play(game, 3, "g4").await;
    assert_eq!(over["status"], "finished");
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], "checkmate");
    assert_eq!(over["moves"][3]["san"], "Qh4#");
    let mail = app.queued_mail().await;
    assert!(mail.iter().any(|(_, to, body)| to == "bob@example.org"
        && body.contains("was played for you")
        && body.contains("0-1")));
}

async fn illegal_lines_are_refused_with_their_place(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    let (status, body) = put(
        &alice,
        game,
        json!({"lines": [["e5", "Nf3"], ["c5", "Nf6"]]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("Line 2, ply 3 (Nf6)"), "{error}");
    let (status, body) = put(&alice, game, json!({"lines": [["e5"]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"].as_str().unwrap().contains("give your answer"));
    let (status, body) = put(
        &alice,
        game,
        json!({"lines": [["e5", "Nf3"], ["e5", "Nc3"]]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"].as_str().unwrap().contains("one answer"),
        "{body}"
    );
    // The player to move has nothing to wait for.
    let (status, _) = put(&bob, game, json!({"lines": [["Nf3", "Nc6"]]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // A stale ply: 409.
    let (status, body) = put(&alice, game, json!({"lines": [["e5", "Nf3"]], "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(tree(&alice, game).await, json!([]), "nothing was saved");
}

async fn only_their_author_sees_them(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    app.player("carol").await;
    let carol = Api::login(&app, "carol").await;
    put(&alice, game, json!({"lines": [["e5", "Qh5"]]})).await;
    // Bob sees his own (empty) tree, never Alice's; Carol is refused.
    assert_eq!(tree(&bob, game).await, json!([]));
    let (status, _) = carol
        .get(&format!("/api/v1/games/{game}/conditional"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = put(&carol, game, json!({"lines": []})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for path in [
        format!("/games/{game}"),
        format!("/logs/{game}"),
        format!("/logs/{game}.json"),
        format!("/logs/{game}.pgn"),
    ] {
        let text = app.get_text(&path).await;
        assert!(!text.contains("Qh5") && !text.contains("d1h5"), "{path}");
    }
    let (_, body) = bob.get(&format!("/api/v1/games/{game}")).await;
    assert!(!body.to_string().contains("h5"));
    // After the game, still private.
    bob.post(&format!("/api/v1/games/{game}/resign"), json!({}))
        .await;
    let (status, _) = carol
        .get(&format!("/api/v1/games/{game}/conditional"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(tree(&bob, game).await, json!([]));
    // The web page of the tree: its author only.
    let carol_web = app.player("dave").await;
    let (status, _) = app
        .get_as(&carol_web, &format!("/games/{game}/conditional"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// A move and an edit of the tree at the same moment: either the edit came first and the
/// answer was played, or the move came first and the edit was refused (409); never an edit
/// silently left behind.
async fn a_move_racing_an_edit_loses_neither(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (alice, bob, game) = after_e4(&app).await;
    let mut ply = 1;
    for round in 0..6 {
        // Bob's next move (ply + 1) and Alice's answer to it.
        let (theirs, mine) = [
            ("Nc6", "Nc3"),
            ("Nf6", "Nf3"),
            ("d6", "d4"),
            ("e6", "Be2"),
            ("Be7", "O-O"),
            ("O-O", "h3"),
        ][round];
        let edit = put(&alice, game, json!({"lines": [[theirs, mine]], "ply": ply}));
        let moves = format!("/api/v1/games/{game}/moves");
        let mv = bob.post(&moves, json!({"ply": ply + 1, "move": theirs}));
        let ((edit_status, edit_body), (move_status, moved)) = tokio::join!(edit, mv);
        assert_eq!(move_status, StatusCode::OK, "{moved}");
        let (_, now) = alice.get(&format!("/api/v1/games/{game}")).await;
        let now_ply = now["ply"].as_i64().unwrap();
        match edit_status {
            StatusCode::OK => assert_eq!(now_ply, ply + 2, "saved first, so answered: {now}"),
            StatusCode::CONFLICT => {
                assert_eq!(now_ply, ply + 1, "{edit_body}");
                alice.play(game, ply + 2, mine).await;
            }
            other => panic!("round {round}: {other} {edit_body}"),
        }
        assert_eq!(tree(&alice, game).await, json!([]));
        ply += 2;
    }
}

async fn the_analysis_board_and_the_text_form(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice_web = app.player("alice").await;
    let bob_web = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice_web, "bob", &bob_web, &fields).await;
    app.play(&alice_web, game, 1, "e2-e4").await;

    // The board's move form extends the line and redirects to its address.
    let res = alice_web
        .get(app.url(&format!("/games/{game}/analysis?line=&at=0&move=e5")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        crate::common::location(&res),
        format!("/games/{game}/analysis?line=e7e5&at=1")
    );
    let page = app
        .get_text_as(
            &alice_web,
            &format!("/games/{game}/analysis?line=e7e5,g1f3&at=2"),
        )
        .await;
    assert!(
        page.contains("id=\"save-conditional-form\""),
        "Alice may save it"
    );
    assert!(page.contains("Nf3") && page.contains("Black to move"));
    // An illegal move is refused with the reason, the line kept.
    let page = app
        .get_text_as(
            &alice_web,
            &format!("/games/{game}/analysis?line=e7e5&at=1&move=Ke3"),
        )
        .await;
    assert!(page.contains("id=\"analysis-error\""), "{page}");
    // Anyone may analyse; only a waiting player may save.
    let page = app
        .get_text(&format!("/games/{game}/analysis?line=e7e5,g1f3"))
        .await;
    assert!(!page.contains("save-conditional-form"));
    let res = app
        .post_as(
            &alice_web,
            &format!("/games/{game}/conditional/add"),
            &[("line", "e7e5,g1f3"), ("ply", "1")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app
        .post_as(
            &alice_web,
            &format!("/games/{game}/conditional/add"),
            &[("line", "c7c5,b1c3"), ("ply", "1")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app
        .get_text_as(&alice_web, &format!("/games/{game}/conditional"))
        .await;
    assert!(
        page.contains("<code>e5 Nf3</code>") && page.contains("<code>c5 Nc3</code>"),
        "{page}"
    );
    // The text form: an illegal line is refused with its place and the text kept.
    let res = app
        .post_as(
            &alice_web,
            &format!("/games/{game}/conditional"),
            &[("lines", "1... e5 2. Nf3\nd5 Qxd5"), ("ply", "1")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    assert!(page.contains("Line 2, ply 3 (Qxd5)"), "{page}");
    assert!(page.contains("d5 Qxd5"));
    let res = app
        .post_as(
            &alice_web,
            &format!("/games/{game}/conditional"),
            &[("lines", "1... e5 2. Nf3\nd5 exd5"), ("ply", "1")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let bob_page = app.get_text_as(&bob_web, &format!("/games/{game}")).await;
    assert!(!bob_page.contains("d5 exd5") && !bob_page.contains("e4d5"));
    app.play(&bob_web, game, 2, "d7-d5").await;
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4", "Pd7-d5", "Pe4xd5"]);
    let res = app
        .post_as(
            &alice_web,
            &format!("/games/{game}/conditional/delete"),
            &[],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

backend_tests!(
    a_line_is_followed,
    a_branch_is_chosen_among_several,
    a_move_no_line_expects_drops_the_tree,
    a_conditional_reply_mates,
    illegal_lines_are_refused_with_their_place,
    only_their_author_sees_them,
    a_move_racing_an_edit_loses_neither,
    the_analysis_board_and_the_text_form,
);
