//! Takebacks by agreement in casual games: accepted (the position, the clocks and the move
//! list exactly as before the move), declined, answered by moving, and refused in a rated
//! game.

use chrono::NaiveDateTime;
use reqwest::StatusCode;

use crate::common::{location, Backend, TestApp};

/// What a takeback must put back: position, ply, side, clocks and draw offer.
type Clocks = (
    String,
    i64,
    String,
    Option<NaiveDateTime>,
    Option<NaiveDateTime>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

async fn clocks_of(app: &TestApp, game: i64) -> Clocks {
    app.with_db(move |conn| {
        use diesel::prelude::*;
        use plypost::db::schema::games;
        games::table
            .find(game)
            .select((
                games::current_fen,
                games::ply,
                games::side_to_move,
                games::deadline_at,
                games::last_move_at,
                games::white_reserve_secs,
                games::black_reserve_secs,
                games::draw_offer_by,
            ))
            .first::<(
                String,
                i64,
                String,
                Option<NaiveDateTime>,
                Option<NaiveDateTime>,
                Option<i64>,
                Option<i64>,
                Option<i64>,
            )>(conn)
            .unwrap()
    })
    .await
}

const CASUAL_FISCHER: [(&str, &str); 7] = [
    ("preset", "chess"),
    ("color", "white"),
    ("time_kind", "fischer"),
    ("reserve_days", "7"),
    ("increment_hours", "24"),
    ("cap_days", ""),
    ("rating", "casual"),
];

async fn an_accepted_takeback_restores_everything(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = app.start_game(&alice, "bob", &bob, &CASUAL_FISCHER).await;
    app.play(&alice, game, 1, "e2-e4").await;
    app.clock.advance(chrono::Duration::hours(30));
    let res = app
        .post_as(
            &bob,
            &format!("/games/{game}/move"),
            &[("move", "e7-e5"), ("ply", "2"), ("offer_draw", "on")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    app.clock.advance(chrono::Duration::hours(50));
    let before = clocks_of(&app, game).await;
    app.play(&alice, game, 3, "g1-f3").await;
    assert_ne!(clocks_of(&app, game).await, before);

    // Alice asks; Bob is asked on his page and by mail.
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("id=\"takeback-form\""));
    let res = app
        .post_as(&alice, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(location(&res), format!("/games/{game}?done=takeback_asked"));
    let res = app
        .post_as(&alice, &format!("/games/{game}/takeback/accept"), &[])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "not her own request to accept"
    );
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("id=\"takeback-answer\""));
    let res = app
        .post_as(&bob, &format!("/games/{game}/takeback/accept"), &[])
        .await;
    assert_eq!(
        location(&res),
        format!("/games/{game}?done=takeback_accepted")
    );

    assert_eq!(
        clocks_of(&app, game).await,
        before,
        "position and clocks as before the move"
    );
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4", "Pe7-e5"]);
    let mail = app.queued_mail().await;
    assert!(mail
        .iter()
        .any(|(_, to, body)| to == "bob@example.org" && body.contains("alice asks to take back")));
    assert!(mail
        .iter()
        .any(|(_, to, body)| to == "alice@example.org"
            && body.contains("bob accepted your takeback")));
    // Bob's draw offer stands again; Alice plays another move, and the game goes on from the
    // restored position (the move list shown and stored agree).
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains("id=\"draw-answer\""),
        "the draw offer is back"
    );
    assert!(!page.contains(">Nf3</span>"));
    assert!(page.contains("<span class=\"mv\" data-ply=\"2\">e5</span>"));
    let res = app.play(&alice, game, 3, "d2-d4").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    app.play(&bob, game, 4, "e5xd4").await;
    assert_eq!(
        app.stored_moves(game).await,
        ["Pe2-e4", "Pe7-e5", "Pd2-d4", "Pe5xd4"]
    );
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains(">d4<") && page.contains(">exd4<"));
    // Only the last move, once: the clocks before Bob's move were kept, not older ones.
    let res = app
        .post_as(&bob, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    app.post_as(&alice, &format!("/games/{game}/takeback/accept"), &[])
        .await;
    let res = app
        .post_as(&bob, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "not a move of his to take back now"
    );
}

async fn a_takeback_declined_or_answered_by_moving(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = app.start_game(&alice, "bob", &bob, &CASUAL_FISCHER).await;
    app.play(&alice, game, 1, "e2-e4").await;
    app.post_as(&alice, &format!("/games/{game}/takeback"), &[])
        .await;
    let res = app
        .post_as(&alice, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "asked already"
    );
    let res = app
        .post_as(&bob, &format!("/games/{game}/takeback/decline"), &[])
        .await;
    assert_eq!(
        location(&res),
        format!("/games/{game}?done=takeback_declined")
    );
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4"]);
    assert!(app
        .queued_mail()
        .await
        .iter()
        .any(|(_, to, body)| to == "alice@example.org" && body.contains("declined your takeback")));
    // Asked again, answered by a move: the request is gone.
    app.post_as(&alice, &format!("/games/{game}/takeback"), &[])
        .await;
    app.play(&bob, game, 2, "e7-e5").await;
    let res = app
        .post_as(&bob, &format!("/games/{game}/takeback/accept"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4", "Pe7-e5"]);
    // A third user can do nothing.
    let carol = app.player("carol").await;
    let res = app
        .post_as(&carol, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

async fn rated_games_never_allow_takebacks(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let rated = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("rating", "rated"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &rated).await;
    app.play(&alice, game, 1, "e2-e4").await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("· rated"));
    assert!(!page.contains("id=\"takeback-form\""));
    let res = app
        .post_as(&alice, &format!("/games/{game}/takeback"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.unwrap().contains("this game is rated"));
    assert_eq!(app.stored_moves(game).await, ["Pe2-e4"]);
}

backend_tests!(
    an_accepted_takeback_restores_everything,
    a_takeback_declined_or_answered_by_moving,
    rated_games_never_allow_takebacks,
);
