//! Every way a game ends, each through the one end (`play::end`), each checked for the same
//! consequences: the status, result and reason; no deadline, offer, takeback request or
//! conditional moves left; the ratings changed once for a rated game and never for a casual
//! or aborted one; exactly one game-over mail to each player, with no "reply with your move"
//! line. A tournament's next round gets its "your move" mails (a 6-player Swiss played
//! through the API to the end), and a withdrawal ends the player's games.

use chrono::Duration;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{location, post_with, Backend, TestApp, TestOptions, PASSWORD};
use plypost::db::schema::{conditional_moves, games, outbox, rating_history, users};
use plypost::games::GameRow;

/// How a game of the table is brought to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Checkmate,
    Stalemate,
    Repetition,
    MoveCount,
    DrawAgreed,
    Resignation,
    TimeOut,
    Abandonment,
    Adjudication,
    Abort,
    AccountDeletion,
    TournamentWithdrawal,
}

/// One row of the table: the way, whether the game is rated, and what it must end as.
struct Case {
    way: Way,
    rated: bool,
    result: Option<&'static str>,
    reason: &'static str,
}

const CASES: &[Case] = &[
    Case {
        way: Way::Checkmate,
        rated: true,
        result: Some("0-1"),
        reason: "checkmate",
    },
    Case {
        way: Way::Stalemate,
        rated: false,
        result: Some("1/2-1/2"),
        reason: "stalemate",
    },
    Case {
        way: Way::Repetition,
        rated: true,
        result: Some("1/2-1/2"),
        reason: "repetition",
    },
    Case {
        way: Way::MoveCount,
        rated: false,
        result: Some("1/2-1/2"),
        reason: "move_count",
    },
    Case {
        way: Way::DrawAgreed,
        rated: true,
        result: Some("1/2-1/2"),
        reason: "agreement",
    },
    Case {
        way: Way::Resignation,
        rated: false,
        result: Some("1-0"),
        reason: "resignation",
    },
    Case {
        way: Way::TimeOut,
        rated: true,
        result: Some("1-0"),
        reason: "time",
    },
    Case {
        way: Way::Abandonment,
        rated: false,
        result: None,
        reason: "abandoned",
    },
    Case {
        way: Way::Adjudication,
        rated: true,
        result: Some("0-1"),
        reason: "adjudication",
    },
    Case {
        way: Way::Abort,
        rated: true,
        result: None,
        reason: "aborted",
    },
    Case {
        way: Way::TournamentWithdrawal,
        rated: false,
        result: Some("1-0"),
        reason: "withdrawal",
    },
    Case {
        way: Way::AccountDeletion,
        rated: true,
        result: Some("1-0"),
        reason: "account_deleted",
    },
];

/// An app whose mails carry reply addresses, so a game-over mail that asked for a reply
/// would show it.
async fn app_with_replies(backend: Backend) -> TestApp {
    TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_MAIL_REPLY_TO", "moves@plypost.test".to_owned())],
    })
    .await
}

/// `white` challenges `black` to chess (three days a move, or untimed), rated or casual;
/// `black` accepts. Returns the game.
async fn chess(
    white: &Api<'_>,
    black: &Api<'_>,
    black_name: &str,
    rated: bool,
    untimed: bool,
) -> i64 {
    let time = if untimed {
        json!({"kind": "untimed"})
    } else {
        json!({"kind": "days", "days": 3})
    };
    let (status, body) = white
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "opponent": black_name, "color": "white",
                   "time_control": time, "rated": rated}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let challenge = body["id"].as_i64().expect("challenge id");
    let (status, body) = black
        .post(&format!("/api/v1/challenges/{challenge}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["game_id"].as_i64().expect("game id")
}

async fn post_ok(api: &Api<'_>, path: &str, body: Value) -> Value {
    let (status, answer) = api.post(path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

/// Puts `game` in the position `fen` (set up for the test: a few moves from an ending).
async fn set_position(app: &TestApp, game: i64, fen: &'static str) {
    app.with_db(move |conn| {
        diesel::update(games::table.find(game))
            .set((games::start_fen.eq(fen), games::current_fen.eq(fen)))
            .execute(conn)
            .expect("set the position")
    })
    .await;
}

/// White saves a conditional line, to be dropped by the end.
async fn save_conditional(white: &Api<'_>, game: i64, lines: Value) {
    let (status, body) = white
        .send(
            reqwest::Method::PUT,
            &format!("/api/v1/games/{game}/conditional"),
            Some(json!({ "lines": lines })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn run_clock_job(app: &TestApp) {
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |db| {
        plypost::jobs::timeouts::run_once(db, &*clock, &config).expect("clock job")
    })
    .await;
}

/// Brings `game` (White `white`, Black `black`) to its end the way `way` says.
async fn bring_to_end(app: &TestApp, way: Way, game: i64, (white, black): (&Api<'_>, &Api<'_>)) {
    match way {
        Way::Checkmate => {
            white.play(game, 1, "f3").await;
            black.play(game, 2, "e5").await;
            white.play(game, 3, "g4").await;
            save_conditional(white, game, json!([["d5", "Nc3"]])).await;
            black.play(game, 4, "Qh4#").await;
        }
        Way::Stalemate => {
            set_position(app, game, "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1").await;
            white.play(game, 1, "Qf7").await;
        }
        Way::Repetition => {
            for (ply, text) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
                .into_iter()
                .enumerate()
            {
                let mover = if ply % 2 == 0 { white } else { black };
                mover.play(game, ply as i64 + 1, text).await;
            }
        }
        Way::MoveCount => {
            set_position(app, game, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").await;
            white.play(game, 1, "Ra2").await;
        }
        Way::DrawAgreed => {
            post_ok(
                white,
                &format!("/api/v1/games/{game}/moves"),
                json!({"ply": 1, "move": "e4", "offer_draw": true}),
            )
            .await;
            post_ok(
                black,
                &format!("/api/v1/games/{game}/draw/accept"),
                json!({}),
            )
            .await;
        }
        Way::Resignation => {
            white.play(game, 1, "e4").await;
            save_conditional(white, game, json!([["e5", "Nf3"]])).await;
            post_ok(black, &format!("/api/v1/games/{game}/resign"), json!({})).await;
        }
        Way::TimeOut => {
            white.play(game, 1, "d4").await;
            save_conditional(white, game, json!([["d5", "c4"]])).await;
            app.clock.advance(Duration::days(4));
            run_clock_job(app).await;
        }
        Way::Abandonment => {
            white.play(game, 1, "e4").await;
            app.clock.advance(Duration::days(61));
            // Two months on, Alice signs in again.
            let alice = signed_in(app, "alice").await;
            let res = app
                .post_as(&alice, &format!("/games/{game}/abandon"), &[])
                .await;
            assert_eq!(location(&res), format!("/games/{game}?done=abandoned"));
        }
        Way::Adjudication | Way::Abort => {
            white.play(game, 1, "e4").await;
            let verdict = if way == Way::Abort { "abort" } else { "0-1" };
            let id = game.to_string();
            let res = app
                .post_as(
                    &signed_in(app, "carol").await,
                    "/admin/games/adjudicate",
                    &[("game", &id), ("result", verdict), ("reason", "test")],
                )
                .await;
            assert_eq!(location(&res), "/admin?done=adjudicated");
        }
        Way::TournamentWithdrawal => {
            // Black leaves the event the game belongs to: it is lost.
            let event: i64 = app
                .with_db(move |conn| {
                    games::table
                        .find(game)
                        .select(games::tournament_id)
                        .first::<Option<i64>>(conn)
                        .expect("game")
                        .expect("a tournament game")
                })
                .await;
            post_ok(
                black,
                &format!("/api/v1/tournaments/{event}/leave"),
                json!({}),
            )
            .await;
        }
        Way::AccountDeletion => {
            white.play(game, 1, "e4").await;
            let res = app
                .post_as(
                    &signed_in(app, "erin").await,
                    "/settings/delete",
                    &[("confirm_username", "erin"), ("current_password", PASSWORD)],
                )
                .await;
            assert_eq!(location(&res), "/?account=deleted");
        }
    }
}

/// A new browser signed in as `name`.
async fn signed_in(app: &TestApp, name: &str) -> reqwest::Client {
    let client = app.new_client();
    let res = post_with(
        &client,
        &app.url(""),
        "/login",
        &[("username", name), ("password", PASSWORD)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "sign in {name}");
    client
}

/// What the end left, read from the database.
struct Left {
    row: GameRow,
    conditionals: i64,
    /// Rating rows of this game, per player (White, Black).
    ratings: (i64, i64),
    /// Game-over mails of this game, per address.
    game_over_mails: Vec<(String, String)>,
}

async fn what_is_left(app: &TestApp, game: i64) -> Left {
    app.with_db(move |conn| {
        let row: GameRow = games::table
            .find(plypost::games::GameId(game))
            .select(GameRow::as_select())
            .first(conn)
            .expect("game");
        let conditionals = conditional_moves::table
            .filter(conditional_moves::game_id.eq(game))
            .count()
            .get_result(conn)
            .expect("conditionals");
        let rows_of = |conn: &mut plypost::db::DbConn, user: plypost::db::UserId| -> i64 {
            rating_history::table
                .filter(rating_history::game_id.eq(game))
                .filter(rating_history::user_id.eq(user))
                .count()
                .get_result(conn)
                .expect("rating rows")
        };
        let ratings = (rows_of(conn, row.white_id), rows_of(conn, row.black_id));
        let header = format!("Game #{game},");
        let game_over_mails = outbox::table
            .filter(outbox::kind.eq("game_end"))
            .select((outbox::to_addr, outbox::body_text))
            .load::<(String, String)>(conn)
            .expect("outbox")
            .into_iter()
            .filter(|(_, body)| body.starts_with(&header))
            .collect();
        Left {
            row,
            conditionals,
            ratings,
            game_over_mails,
        }
    })
    .await
}

/// The invariants every ending must leave.
fn assert_ended(case: &Case, left: &Left, addresses: (&str, &str)) {
    let what = format!("{:?}", case.way);
    let row = &left.row;
    assert_eq!(row.status.as_str(), "finished", "{what}");
    assert_eq!(row.result.map(|r| r.as_str()), case.result, "{what}");
    assert_eq!(
        row.result_reason.map(|r| r.as_str()),
        Some(case.reason),
        "{what}"
    );
    assert!(row.finished_at.is_some(), "{what}: finished_at");
    assert_eq!(row.deadline_at, None, "{what}: the clock is stopped");
    assert_eq!(row.draw_offer_by, None, "{what}: no draw offer left");
    assert_eq!(row.takeback_by, None, "{what}: no takeback request left");
    assert_eq!(left.conditionals, 0, "{what}: conditional moves dropped");
    let once = i64::from(case.rated && case.way != Way::Abort);
    assert_eq!(left.ratings, (once, once), "{what}: rating rows");
    for address in [addresses.0, addresses.1] {
        let mails: Vec<&String> = left
            .game_over_mails
            .iter()
            .filter(|(to, _)| to == address)
            .map(|(_, body)| body)
            .collect();
        assert_eq!(
            mails.len(),
            1,
            "{what}: one game-over mail to {address}: {mails:?}"
        );
        let body = mails[0];
        assert!(body.contains("The game is over:"), "{what}: {body}");
        assert!(
            !body.contains("To move, reply"),
            "{what}: no reply line: {body}"
        );
        assert!(body.contains("Key:"), "{what}: the final position: {body}");
    }
}

async fn every_way_a_game_ends(backend: Backend) {
    let app = app_with_replies(backend).await;
    for name in ["alice", "bob", "dave", "erin", "carol", "tom"] {
        app.player(name).await;
    }
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "carol", true).expect("grant")
    })
    .await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let dave = Api::login(&app, "dave").await;
    let erin = Api::login(&app, "erin").await;
    let tom = Api::login(&app, "tom").await;
    for case in CASES {
        let (white, black, names) = if case.way == Way::AccountDeletion {
            (&dave, &erin, ("dave", "erin"))
        } else {
            (&alice, &bob, ("alice", "bob"))
        };
        let untimed = case.way == Way::Abandonment;
        let (game, white, black, names) = if case.way == Way::TournamentWithdrawal {
            tournament_game(&alice, &bob, &tom).await
        } else {
            let game = chess(white, black, names.1, case.rated, untimed).await;
            (game, white, black, names)
        };
        bring_to_end(&app, case.way, game, (white, black)).await;
        let left = what_is_left(&app, game).await;
        let addresses = (
            format!("{}@example.org", names.0),
            format!("{}@example.org", names.1),
        );
        assert_ended(case, &left, (&addresses.0, &addresses.1));
    }
    // The API lists every one of Alice's games with its result and reason.
    let (status, listed) = alice.get("/api/v1/games").await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let finished = listed
        .as_array()
        .or_else(|| listed["games"].as_array())
        .map(|games| games.iter().filter(|g| !g["reason"].is_null()).count())
        .unwrap_or_default();
    assert!(
        finished >= 9,
        "Alice's finished games, each with its reason: {listed}"
    );
}

/// A game between Alice and Bob in a three-player round-robin with Tom, with the players as
/// White and Black.
async fn tournament_game<'a, 'b>(
    alice: &'a Api<'b>,
    bob: &'a Api<'b>,
    tom: &'a Api<'b>,
) -> (i64, &'a Api<'b>, &'a Api<'b>, (&'static str, &'static str)) {
    let (status, created) = alice
        .post(
            "/api/v1/tournaments",
            json!({"name": "Three", "preset": "chess", "kind": "round_robin",
                   "min_players": 3, "max_players": 3,
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("id");
    for api in [alice, bob, tom] {
        post_ok(api, &format!("/api/v1/tournaments/{id}/join"), json!({})).await;
    }
    let (_, event) = alice.get(&format!("/api/v1/tournaments/{id}")).await;
    let game = event["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| {
            (g["white"] == "alice" && g["black"] == "bob")
                || (g["white"] == "bob" && g["black"] == "alice")
        })
        .unwrap_or_else(|| panic!("alice and bob meet: {event}"));
    let id = game["id"].as_i64().expect("game id");
    if game["white"] == "alice" {
        (id, alice, bob, ("alice", "bob"))
    } else {
        (id, bob, alice, ("bob", "alice"))
    }
}

/// The PGN of a finished game carries its result and how it came (python-chess reads it
/// elsewhere; here the tags).
async fn the_log_says_how_a_game_ended(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let game = chess(&alice, &bob, "bob", false, false).await;
    alice.play(game, 1, "e4").await;
    post_ok(&bob, &format!("/api/v1/games/{game}/resign"), json!({})).await;
    let pgn = app.get_text(&format!("/logs/{game}.pgn")).await;
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \""), "{pgn}");
}

/// Usernames of the players of event `id`'s games still in progress, with the game and
/// whose move it is.
fn open_games(event: &Value) -> Vec<(i64, String, String)> {
    event["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["result"].is_null())
        .map(|g| {
            (
                g["id"].as_i64().expect("id"),
                g["white"].as_str().expect("white").to_owned(),
                g["black"].as_str().expect("black").to_owned(),
            )
        })
        .collect()
}

/// "Your move" mails of `game` to `address`.
async fn your_move_mails(app: &TestApp, game: i64, address: String) -> usize {
    app.with_db(move |conn| {
        outbox::table
            .filter(outbox::kind.eq("your_turn"))
            .filter(outbox::to_addr.eq(address))
            .select(outbox::body_text)
            .load::<String>(conn)
            .expect("outbox")
            .into_iter()
            .filter(|body| body.starts_with(&format!("Game #{game},")))
            .count()
    })
    .await
}

async fn a_swiss_event_is_played_to_its_end_through_the_api(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["anna", "boris", "clara", "dmitri", "emma", "felix"];
    for name in names {
        app.player(name).await;
    }
    let mut apis = Vec::new();
    for name in names {
        apis.push(Api::login(&app, name).await);
    }
    let api = |name: &str| &apis[names.iter().position(|n| *n == name).expect("a player")];
    let (status, created) = api("anna")
        .post(
            "/api/v1/tournaments",
            json!({"name": "Winter Swiss", "preset": "chess", "kind": "swiss", "rounds": 3,
                   "min_players": 6, "max_players": 6,
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("id");
    for name in names {
        let (status, body) = api(name)
            .post(&format!("/api/v1/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{name}: {body}");
    }
    let mut seen = std::collections::HashSet::new();
    for round in 1..=3 {
        let (_, event) = api("anna").get(&format!("/api/v1/tournaments/{id}")).await;
        assert_eq!(event["status"], "running", "round {round}: {event}");
        let open = open_games(&event);
        assert_eq!(open.len(), 3, "round {round}: three games: {event}");
        for (game, white, black) in &open {
            assert!(seen.insert(*game), "a new game");
            if round > 1 {
                // Each new game asks its first player to move, once, as an accepted
                // challenge does.
                assert_eq!(
                    your_move_mails(&app, *game, format!("{white}@example.org")).await,
                    1,
                    "round {round} game {game}"
                );
                assert_eq!(
                    your_move_mails(&app, *game, format!("{black}@example.org")).await,
                    0,
                    "round {round} game {game}"
                );
            }
            // White wins every game by Black's resignation.
            let res = api(black)
                .post(&format!("/api/v1/games/{game}/resign"), json!({}))
                .await;
            assert_eq!(res.0, StatusCode::OK, "{}", res.1);
            let left = what_is_left(&app, *game).await;
            assert_eq!(left.row.deadline_at, None);
            assert_eq!(left.game_over_mails.len(), 2, "one game-over mail each");
        }
    }
    let (_, event) = api("anna").get(&format!("/api/v1/tournaments/{id}")).await;
    assert_eq!(event["status"], "finished", "{event}");
    assert!(open_games(&event).is_empty());
    assert_eq!(event["games"].as_array().map(Vec::len), Some(9));
    // The standings: White won every game, so each player has a point per game as White.
    let mut expected: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    for g in event["games"].as_array().expect("games") {
        assert_eq!(g["result"], "1-0", "{g}");
        *expected
            .entry(g["white"].as_str().expect("white").to_owned())
            .or_default() += 1.0;
    }
    let standings = event["standings"].as_array().expect("standings");
    assert_eq!(standings.len(), 6);
    for s in standings {
        let name = s["username"].as_str().expect("username");
        let score = s["score"].as_f64().expect("score");
        assert_eq!(
            score,
            expected.get(name).copied().unwrap_or(0.0),
            "{name}: {event}"
        );
    }
}

async fn a_withdrawal_ends_the_players_games(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["ann", "ben", "cat"];
    for name in names {
        app.player(name).await;
    }
    let mut apis = Vec::new();
    for name in names {
        apis.push(Api::login(&app, name).await);
    }
    let (status, created) = apis[0]
        .post(
            "/api/v1/tournaments",
            json!({"name": "Small round-robin", "preset": "chess", "kind": "round_robin",
                   "min_players": 3, "max_players": 3,
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("id");
    for api in &apis {
        let (status, body) = api
            .post(&format!("/api/v1/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = apis[2]
        .post(&format!("/api/v1/tournaments/{id}/leave"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, event) = apis[0].get(&format!("/api/v1/tournaments/{id}")).await;
    for g in event["games"].as_array().expect("games") {
        if g["white"] == "cat" || g["black"] == "cat" {
            let game = g["id"].as_i64().expect("id");
            let left = what_is_left(&app, game).await;
            assert_eq!(
                left.row.result_reason.map(|r| r.as_str()),
                Some("withdrawal"),
                "{g}"
            );
            let cat_won = (g["white"] == "cat"
                && left.row.result.map(|r| r.as_str()) == Some("1-0"))
                || (g["black"] == "cat" && left.row.result.map(|r| r.as_str()) == Some("0-1"));
            assert!(!cat_won, "the withdrawn player loses: {g}");
            assert_eq!(left.row.deadline_at, None);
            assert_eq!(
                left.game_over_mails.len(),
                2,
                "one game-over mail each: {g}"
            );
        }
    }
    // The withdrawn player cannot be found among those still playing.
    let withdrawn: i64 = app
        .with_db(move |conn| {
            plypost::db::schema::tournament_players::table
                .inner_join(users::table)
                .filter(plypost::db::schema::tournament_players::tournament_id.eq(id))
                .filter(users::username.eq("cat"))
                .filter(plypost::db::schema::tournament_players::status.eq("withdrawn"))
                .count()
                .get_result(conn)
                .expect("count")
        })
        .await;
    assert_eq!(withdrawn, 1);
}

backend_tests!(
    every_way_a_game_ends,
    the_log_says_how_a_game_ended,
    a_swiss_event_is_played_to_its_end_through_the_api,
    a_withdrawal_ends_the_players_games,
);
