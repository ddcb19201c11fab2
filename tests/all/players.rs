//! Between players: private notes on a game (seen by their author only) and blocking.

use reqwest::StatusCode;

use crate::common::{challenge_ids, location, Backend, TestApp};

/// `author` (White) challenges `opponent_name` to chess; returns the response.
async fn challenge(
    app: &TestApp,
    author: &reqwest::Client,
    opponent_name: &str,
) -> reqwest::Response {
    app.post_as(
        author,
        "/challenges",
        &[
            ("preset", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
            ("message", ""),
            ("opponent", opponent_name),
        ],
    )
    .await
}

async fn notes_are_seen_by_their_author_only(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("message", ""),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let notes = format!("/games/{game}/notes");
    let secret = "Plan: castle long, then push the h-pawn";

    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains(&notes), "the game page links the notes");
    let res = app.post_as(&alice, &notes, &[("body", secret)]).await;
    assert_eq!(location(&res), format!("{notes}?done=saved"));
    let (status, page) = app.get_as(&alice, &notes).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains(secret));

    // The opponent has notes of their own, never these; a third user has none at all.
    let (status, page) = app.get_as(&bob, &notes).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!page.contains(secret));
    assert!(!app
        .get_text_as(&bob, &format!("/games/{game}"))
        .await
        .contains(secret));
    let (status, page) = app.get_as(&carol, &notes).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(!page.contains(secret));
    let res = app.post_as(&carol, &notes, &[("body", "mine now")]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let anonymous = app.new_client();
    let res = anonymous.get(app.url(&notes)).send().await.unwrap();
    assert_ne!(res.status(), StatusCode::OK);

    // Kept after the game; too long is refused; an empty text deletes them.
    let res = app
        .post_as(
            &bob,
            &format!("/games/{game}/resign"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(app.get_text_as(&alice, &notes).await.contains(secret));
    let long = "x".repeat(5_001);
    let res = app.post_as(&alice, &notes, &[("body", &long)]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(app.get_text_as(&alice, &notes).await.contains(secret));
    let res = app.post_as(&alice, &notes, &[("body", "  ")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(!app.get_text_as(&alice, &notes).await.contains(secret));
}

async fn a_blocked_player_cannot_challenge(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;

    let res = app.post_as(&bob, "/users/alice/block", &[]).await;
    assert_eq!(location(&res), "/users/alice");
    let profile = app.get_text_as(&bob, "/users/alice").await;
    assert!(profile.contains("/users/alice/unblock"));
    assert!(!profile.contains("/challenges/new?opponent=alice"));

    // Neither can challenge the other by name.
    let res = challenge(&app, &alice, "bob").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("bob does not take challenges from you."));
    let res = challenge(&app, &bob, "alice").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("You have blocked alice"));

    // Nor accept the other's open challenge.
    let res = challenge(&app, &bob, "").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let lobby = app.get_text_as(&alice, "/games").await;
    let open = *challenge_ids(&lobby).last().expect("bob's open challenge");
    let res = app
        .post_as(&alice, &format!("/challenges/{open}/accept"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    // Blocking needs a signed-in player and a real one.
    let res = app.post_as(&bob, "/users/nobody-here/block", &[]).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = app.post_as(&bob, "/users/bob/block", &[]).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // Unblocked, the challenge goes through.
    let res = app.post_as(&bob, "/users/alice/unblock", &[]).await;
    assert_eq!(location(&res), "/users/alice");
    let res = challenge(&app, &alice, "bob").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

backend_tests!(
    notes_are_seen_by_their_author_only,
    a_blocked_player_cannot_challenge,
);
