//! Ratings: a rated game ends (by resignation, agreement, mate) and both players' Glicko-2
//! ratings move in the same write; casual games change nothing; the profile and the
//! leaderboard show them.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::{Backend, TestApp};
use plypost::clock::Clock;
use plypost::db::schema::{rating_history, ratings, users};
use plypost::db::UserId;

/// A player's stored rating in chess: (rating, deviation, games, wins, draws, losses).
async fn chess_rating(app: &TestApp, name: &'static str) -> Option<(f64, f64, i64, i64, i64, i64)> {
    app.with_db(move |conn| {
        ratings::table
            .inner_join(users::table)
            .filter(users::username.eq(name))
            .filter(ratings::variant.eq("chess"))
            .select((
                ratings::rating,
                ratings::deviation,
                ratings::games,
                ratings::wins,
                ratings::draws,
                ratings::losses,
            ))
            .first(conn)
            .optional()
            .unwrap()
    })
    .await
}

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 0.005,
        "{actual} is not {expected}"
    );
}

/// `white` challenges `black` to chess with `rating` ("rated" or "casual"); `black` accepts.
async fn chess_game(
    app: &TestApp,
    white: &reqwest::Client,
    black_name: &str,
    black: &reqwest::Client,
    rating: &str,
) -> i64 {
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("message", ""),
        ("rating", rating),
    ];
    app.start_game(white, black_name, black, &fields).await
}

async fn first_rated_game_moves_both_ratings(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = chess_game(&app, &alice, "bob", &bob, "rated").await;
    app.play_all(&alice, &bob, game, &["e2-e4", "e7-e5"]).await;
    assert_eq!(
        chess_rating(&app, "alice").await,
        None,
        "rated when it ends"
    );
    app.resign(&bob, game).await;

    // Glickman's formulas for two new players (1500, 350, 0.06) after one game.
    let (rating, deviation, games, wins, draws, losses) =
        chess_rating(&app, "alice").await.expect("alice is rated");
    close(rating, 1662.31);
    close(deviation, 290.32);
    assert_eq!((games, wins, draws, losses), (1, 1, 0, 0));
    let (rating, deviation, games, wins, draws, losses) =
        chess_rating(&app, "bob").await.expect("bob is rated");
    close(rating, 1337.69);
    close(deviation, 290.32);
    assert_eq!((games, wins, draws, losses), (1, 0, 0, 1));
    let history: i64 = app
        .with_db(move |conn| {
            rating_history::table
                .filter(rating_history::game_id.eq(game))
                .count()
                .get_result(conn)
                .unwrap()
        })
        .await;
    assert_eq!(history, 2, "one history point per player");

    // The profile: the rating (provisional), the chart, the record against the viewer.
    let page = app.get_text_as(&bob, "/users/alice").await;
    assert!(page.contains("1662?"), "{page}");
    assert!(page.contains("class=\"rating-chart\""));
    assert!(page.contains("Your record against alice: 0 won, 0 drawn, 1 lost."));
    assert!(page.contains("/challenges/new?opponent=alice"));
    assert!(
        page.contains(&format!("/games/{game}")),
        "the finished game"
    );
    // A game page shows the ratings the players had when it started, and links the names.
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    let first_game = "<span class=\"rating\">1500?</span>";
    assert_eq!(page.matches(first_game).count(), 2, "{page}");
    assert!(page.contains("href=\"/users/alice\""));
    let next = chess_game(&app, &alice, "bob", &bob, "rated").await;
    let page = app.get_text_as(&bob, &format!("/games/{next}")).await;
    assert!(
        page.contains("<span class=\"rating\">1662?</span>"),
        "{page}"
    );
    assert!(page.contains("<span class=\"rating\">1338?</span>"));
    // The logs show the ratings the players came out of the game with.
    let logs = app.get_text("/logs").await;
    assert!(logs.contains("(1662? – 1338?)"), "{logs}");
    // Not yet on the leaderboard: the deviation is still far above 150.
    let board = app.get_text_as(&bob, "/ratings/chess").await;
    assert!(board.contains("Nobody qualifies yet."));
    let (status, _) = app.get_as(&bob, "/users/nobody-here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get_as(&bob, "/ratings/no-such-variant").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn draws_and_casual_games(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;

    // Casual: nothing is rated.
    let game = chess_game(&app, &alice, "bob", &bob, "casual").await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("(Black) · casual"));
    app.resign(&bob, game).await;
    assert_eq!(chess_rating(&app, "alice").await, None);
    assert_eq!(chess_rating(&app, "bob").await, None);

    // A draw by agreement between two new players: ratings stay, deviations narrow.
    let game = chess_game(&app, &alice, "bob", &bob, "rated").await;
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[("move", "e2-e4"), ("ply", "1"), ("offer_draw", "on")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app
        .post_as(&bob, &format!("/games/{game}/draw/accept"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for name in ["alice", "bob"] {
        let (rating, deviation, games, wins, draws, losses) =
            chess_rating(&app, name).await.expect("rated");
        close(rating, 1500.0);
        close(deviation, 290.32);
        assert_eq!((games, wins, draws, losses), (1, 0, 1, 0));
    }

    // Checkmate ends a rated game too (Fool's mate: Black wins).
    let game = chess_game(&app, &alice, "bob", &bob, "rated").await;
    app.play_all(&alice, &bob, game, &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"])
        .await;
    let (rating, _, games, wins, _, _) = chess_rating(&app, "bob").await.expect("rated");
    assert!(rating > 1500.0);
    assert_eq!((games, wins), (2, 1));
}

/// Registers `name` with a stored chess rating, last rated `days_ago`; returns their
/// signed-in browser.
async fn seed_rating(
    app: &TestApp,
    name: &'static str,
    rating: f64,
    deviation: f64,
    days_ago: i64,
) -> reqwest::Client {
    let player = app.player(name).await;
    let now: NaiveDateTime = app.clock.now_db();
    app.with_db(move |conn| {
        let id: UserId = users::table
            .filter(users::username.eq(name))
            .select(users::id)
            .first(conn)
            .unwrap();
        diesel::insert_into(ratings::table)
            .values((
                ratings::user_id.eq(id),
                ratings::variant.eq("chess"),
                ratings::rating.eq(rating),
                ratings::deviation.eq(deviation),
                ratings::volatility.eq(0.06),
                ratings::games.eq(40i64),
                ratings::wins.eq(20i64),
                ratings::draws.eq(0i64),
                ratings::losses.eq(20i64),
                ratings::rated_at.eq(now - Duration::days(days_ago)),
            ))
            .execute(conn)
            .unwrap();
    })
    .await;
    player
}

async fn leaderboard_lists_settled_active_players_best_first(backend: Backend) {
    let app = TestApp::new(backend).await;
    seed_rating(&app, "steady", 1700.0, 80.0, 10).await;
    seed_rating(&app, "strongest", 1900.0, 100.0, 20).await;
    seed_rating(&app, "newcomer", 2000.0, 200.0, 1).await;
    seed_rating(&app, "retired", 2100.0, 60.0, 200).await;
    // Stored below 150, but 90 idle days (three periods of step 6) widen it to 150.58.
    seed_rating(&app, "idle", 1800.0, 149.5, 90).await;
    let board = app.get_text("/ratings/chess").await;
    let strongest = board.find(">strongest<").expect("strongest listed");
    let steady = board.find(">steady<").expect("steady listed");
    assert!(strongest < steady, "best first");
    for absent in ["newcomer", "retired", "idle"] {
        assert!(
            !board.contains(&format!(">{absent}<")),
            "{absent} is not listed"
        );
    }
    // The idle player's profile shows the widened deviation.
    let page = app.get_text("/users/idle").await;
    assert!(
        page.contains("<td class=\"rating\">1800?</td><td>151</td>"),
        "{page}"
    );
}

async fn open_challenges_with_a_rating_range(backend: Backend) {
    let app = TestApp::new(backend).await;
    let strong = seed_rating(&app, "strong", 1700.0, 80.0, 5).await;
    let weak = seed_rating(&app, "weak", 1400.0, 80.0, 5).await;
    let alice = app.player("alice").await;
    let fields = |min: &'static str, max: &'static str, opponent: &'static str| {
        vec![
            ("preset", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
            ("message", ""),
            ("rating", "rated"),
            ("rating_min", min),
            ("rating_max", max),
            ("opponent", opponent),
        ]
    };
    // A range is for open rated challenges, and must be a range.
    for (min, max, opponent) in [
        ("1450", "1600", "strong"),
        ("1600", "1450", ""),
        ("x", "", ""),
    ] {
        let res = app
            .post_as(&alice, "/challenges", &fields(min, max, opponent))
            .await;
        assert_eq!(
            res.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{min} {max} {opponent}"
        );
    }
    let res = app
        .post_as(&alice, "/challenges", &fields("1450", "1600", ""))
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let lobby = app.get_text_as(&strong, "/games").await;
    assert!(lobby.contains("for players rated 1450 to 1600"), "{lobby}");
    assert!(
        lobby.contains("<span class=\"rating\">1500?</span>"),
        "the author's rating"
    );
    let id = *crate::common::challenge_ids(&lobby)
        .last()
        .expect("the open challenge");
    let accept = format!("/challenges/{id}/accept");
    let res = app.post_as(&strong, &accept, &[]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("your rating is 1700"));
    let res = app.post_as(&weak, &accept, &[]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // A new player (1500) is inside the range.
    let newcomer = app.player("newcomer").await;
    let res = app.post_as(&newcomer, &accept, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

backend_tests!(
    open_challenges_with_a_rating_range,
    first_rated_game_moves_both_ratings,
    draws_and_casual_games,
    leaderboard_lists_settled_active_players_best_first,
);
