//! Between players: a game's chat, private notes on a game (seen by their author only) and
//! blocking.

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
    let game = app.game_with_preset(&alice, "bob", &bob, "chess").await;
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
    app.resign(&bob, game).await;
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

    // Nor see or accept the other's open challenge.
    let res = challenge(&app, &bob, "").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(challenge_ids(&app.get_text_as(&alice, "/games").await).is_empty());
    let carol = app.player("carol").await;
    let lobby = app.get_text_as(&carol, "/games").await;
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

/// `client` saves their mail and chat preferences.
async fn preferences(app: &TestApp, client: &reqwest::Client, notify_chat: bool, public: bool) {
    let mut fields = vec![
        ("notify_turn", "on"),
        ("notify_reminder", "on"),
        ("time_zone", "UTC"),
    ];
    if notify_chat {
        fields.push(("notify_chat", "on"));
    }
    if public {
        fields.push(("public_chat", "on"));
    }
    let res = app.post_as(client, "/settings/preferences", &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

async fn chat_between_the_players(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let game = app.game_with_preset(&alice, "bob", &bob, "chess").await;
    let chat = format!("/games/{game}/chat");
    let page_url = format!("/games/{game}");

    let res = app
        .post_as(&alice, &chat, &[("body", "Good luck & <have> fun!")])
        .await;
    assert_eq!(location(&res), format!("{page_url}?done=chat#chat"));
    let page = app.get_text_as(&bob, &page_url).await;
    assert!(
        page.contains("Good luck &#38; &#60;have&#62; fun!"),
        "escaped"
    );
    let mails = app.queued_mail().await;
    let (kind, to, body) = mails.last().expect("a mail");
    assert_eq!((kind.as_str(), to.as_str()), ("chat", "bob@example.org"));
    assert!(body.contains("alice wrote:") && body.contains("Good luck & <have> fun!"));

    // A third player and a visitor neither read nor write it during the game.
    let page = app.get_text_as(&carol, &page_url).await;
    assert!(!page.contains("Good luck") && !page.contains("id=\"chat\""));
    let res = app.post_as(&carol, &chat, &[("body", "hi")]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let visitor = app.new_client();
    let page = visitor.get(app.url(&page_url)).send().await.unwrap();
    assert!(!page.text().await.unwrap().contains("Good luck"));

    // Empty, too long, and too many messages are refused.
    let res = app.post_as(&bob, &chat, &[("body", "   ")]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let long = "y".repeat(501);
    let res = app.post_as(&bob, &chat, &[("body", &long)]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Bob turns chat mail off: his messages still reach the chat, alice's do not mail him.
    preferences(&app, &bob, false, false).await;
    let before = app.queued_mail().await.len();
    let res = app
        .post_as(&alice, &chat, &[("body", "still there?")])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(app.queued_mail().await.len(), before, "no chat mail to bob");
    // Thirty messages an hour each, then 429.
    for i in 0..30 {
        let res = app
            .post_as(&bob, &chat, &[("body", &format!("m{i}"))])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "message {i}");
    }
    let res = app.post_as(&bob, &chat, &[("body", "one too many")]).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let res = app.post_as(&alice, &chat, &[("body", "alice may")]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the limit is per player"
    );
    app.clock.advance(chrono::Duration::minutes(61));
    let res = app.post_as(&bob, &chat, &[("body", "an hour later")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // Reports: by the player written to, once; not by the author, not by others.
    let first: i64 = app
        .with_db(move |conn| {
            use diesel::prelude::*;
            use plypost::db::schema::game_messages;
            game_messages::table
                .filter(game_messages::game_id.eq(game))
                .order(game_messages::id.asc())
                .select(game_messages::id)
                .first(conn)
                .unwrap()
        })
        .await;
    let report = format!("{chat}/{first}/report");
    assert_eq!(
        app.post_as(&alice, &report, &[]).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_as(&carol, &report, &[]).await.status(),
        StatusCode::FORBIDDEN
    );
    let res = app.post_as(&bob, &report, &[]).await;
    assert_eq!(location(&res), format!("{page_url}?done=reported#chat"));
    let reported = app
        .with_db(|conn| plypost::games::chat::reported(conn).unwrap())
        .await;
    assert_eq!(reported.len(), 1);
    assert_eq!(reported[0].1.author, "alice");

    // After the game: public only when both players allow it.
    app.resign(&bob, game).await;
    preferences(&app, &alice, true, true).await;
    assert!(!app
        .get_text_as(&carol, &page_url)
        .await
        .contains("still there?"));
    preferences(&app, &bob, false, true).await;
    assert!(app
        .get_text_as(&carol, &page_url)
        .await
        .contains("still there?"));
    assert!(!app
        .get_text_as(&carol, &page_url)
        .await
        .contains("id=\"chat-form\""));
}

async fn no_chat_with_a_blocked_player(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = app.game_with_preset(&alice, "bob", &bob, "chess").await;
    let res = app.post_as(&bob, "/users/alice/block", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for who in [&alice, &bob] {
        let res = app
            .post_as(who, &format!("/games/{game}/chat"), &[("body", "hello")])
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
}

/// A player with more games waiting for opponents than the home page lists sees the most
/// urgent 50, how many there are, and the link to all of them.
async fn the_home_page_lists_the_most_urgent_waiting_games(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice_browser = app.player("alice").await;
    let _bob = app.player("bob").await;
    let alice = crate::common::api::Api::login(&app, "alice").await;
    let bob = crate::common::api::Api::login(&app, "bob").await;
    // Bob plays White in each: every game waits for his move.
    for _ in 0..52 {
        crate::common::api::start_chess(&bob, &alice, "alice").await;
    }
    let (status, page) = app.get_as(&alice_browser, "/").await;
    assert_eq!(status, StatusCode::OK);
    let list = page
        .split("id=\"their-turn\"")
        .nth(1)
        .and_then(|rest| rest.split("</ul>").next())
        .expect("the games waiting for opponents");
    assert_eq!(list.matches("<li>").count(), 50);
    assert!(page.contains("The 50 most urgent of 52"), "the count");
    assert!(
        page.contains("/logs?player=alice&amp;status=active"),
        "the link to all"
    );
}

backend_tests!(
    the_home_page_lists_the_most_urgent_waiting_games,
    chat_between_the_players,
    no_chat_with_a_blocked_player,
    notes_are_seen_by_their_author_only,
    a_blocked_player_cannot_challenge,
);
