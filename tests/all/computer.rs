//! Games against the computer: started through the API at once and never rated, answered by
//! the computer's worker (`computer::run_once`, called here so each reply is awaited
//! deterministically) through the same move path as a person, ended through `play::end`;
//! a restarted server answers a pending game; two server processes never both play one
//! turn; the computer's replies send no "your move" mail; bad input is refused with 422.

use diesel::prelude::*;
use plypost_rules::{Position, Variant};
use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{Backend, TestApp};
use plypost::computer::{self, Report, Turn};
use plypost::db::schema::{game_moves, rating_history, ratings};

/// `server::launch`'s jobs: mail, cleanup, clock, computer.
const COMPUTER_JOB: usize = 3;

/// Stops the app's own computer job, so that the test's `run_once` calls are the only
/// players of the computer's moves.
fn stop_computer_job(app: &TestApp) {
    app.jobs[COMPUTER_JOB].abort();
}

async fn run_once(app: &TestApp) -> Report {
    let (pool, clock, config, log) = (
        app.state.pool.clone(),
        app.clock.clone(),
        app.config.clone(),
        app.state.move_logs.clone(),
    );
    tokio::task::spawn_blocking(move || {
        computer::run_once(&pool, &*clock, &config, &log, 2).expect("computer run")
    })
    .await
    .expect("computer task")
}

/// Starts a chess game against the computer at `level` as `color`; returns its id.
async fn start(api: &Api<'_>, level: i64, color: &str) -> i64 {
    let (status, body) = api
        .post(
            "/api/v1/challenges",
            json!({
                "preset": "chess",
                "opponent": "computer",
                "level": level,
                "color": color,
                "time_control": {"kind": "days", "days": 3},
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(body["id"].as_i64().is_some(), "{body}");
    body["game_id"].as_i64().expect("game id")
}

async fn game(api: &Api<'_>, id: i64) -> Value {
    let (status, body) = api.get(&format!("/api/v1/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A legal move of the game's position: a mate when there is one, else one at random.
fn pick_move(fen: &str, rng: &mut StdRng) -> String {
    let variant = Variant::builtin("chess").expect("chess");
    let pos = Position::from_fen(&variant, fen).expect("FEN");
    let moves = pos.legal_moves();
    let mating = moves.iter().find(|mv| {
        let after = pos.play_unchecked(mv);
        after.is_check() && after.legal_moves().is_empty()
    });
    let mv = mating.or_else(|| moves.choose(rng)).expect("a legal move");
    pos.move_compact(mv)
}

async fn against_level_1_to_the_end(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    let browser = app.player("ann").await;
    let ann = Api::login(&app, "ann").await;
    let id = start(&ann, 1, "white").await;
    let first = game(&ann, id).await;
    assert_eq!(first["black"], "Computer (level 1)");
    assert_eq!(first["computer_level"], 1);
    assert_eq!(first["rated"], false);
    let mut rng = StdRng::seed_from_u64(33);
    let mut state = first;
    let mut computer_moves = 0;
    for _ in 0..600 {
        if state["status"] != "active" {
            break;
        }
        let ply = state["ply"].as_i64().expect("ply");
        assert_eq!(
            state["to_move"], "white",
            "the computer answered every move"
        );
        let text = pick_move(state["fen"].as_str().expect("fen"), &mut rng);
        state = ann.play(id, ply + 1, &text).await;
        if state["status"] != "active" {
            break;
        }
        let asked = std::time::Instant::now();
        let report = run_once(&app).await;
        // Level 1 thinks 0.1 s at most; the rest is the write.
        assert!(asked.elapsed() < std::time::Duration::from_secs(2));
        assert!(
            matches!(report.turns.as_slice(), [(g, Turn::Moved(_))] if g.0 == id),
            "{report:?}"
        );
        computer_moves += 1;
        state = game(&ann, id).await;
    }
    assert_eq!(state["status"], "finished", "the game ended");
    assert!(computer_moves > 0);
    let reason = state["reason"].as_str().expect("reason");
    assert!(
        ["checkmate", "stalemate", "repetition", "move_count"].contains(&reason),
        "ended by the board: {reason}"
    );
    assert!(state["result"].is_string());
    eprintln!(
        "ended: {} {} after {} plies",
        state["result"], reason, state["ply"]
    );
    // Never rated: no ratings at all.
    let rows: (i64, i64) = app
        .with_db(|conn| {
            (
                ratings::table.count().get_result(conn).unwrap(),
                rating_history::table.count().get_result(conn).unwrap(),
            )
        })
        .await;
    assert_eq!(rows, (0, 0));
    // No "your move" mail for the computer's replies (it answers within seconds), and
    // none to the computer's account ever.
    let mail = app.queued_mail().await;
    assert!(
        !mail.iter().any(|(kind, _, _)| kind == "your_turn"),
        "{:?}",
        mail.iter().map(|(k, to, _)| (k, to)).collect::<Vec<_>>()
    );
    assert!(mail.iter().all(|(_, to, _)| to == "ann@example.org"));
    assert!(mail.iter().any(|(kind, _, _)| kind == "game_end"));
    // The home page names the computer with its level.
    let page = app.get_text_as(&browser, &format!("/games/{id}")).await;
    assert!(page.contains("Computer (level 1)"), "{page}");
    // So do the logs and the game's PGN.
    let logs = app.get_text_as(&browser, "/logs").await;
    assert!(logs.contains("Computer (level 1)"), "{logs}");
    let pgn = app.get_text_as(&browser, &format!("/logs/{id}.pgn")).await;
    assert!(pgn.contains(r#"[Black "Computer (level 1)"]"#), "{pgn}");
}

async fn the_page_and_lists_name_the_computer(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    let browser = app.player("bea").await;
    let bea = Api::login(&app, "bea").await;
    let id = start(&bea, 5, "black").await;
    let page = app.get_text_as(&browser, &format!("/games/{id}")).await;
    assert!(page.contains("Computer (level 5)"), "{page}");
    // It has no profile to link to; the player's name links to theirs.
    assert!(
        page.contains("<span class=\"white-player\">Computer (level 5)</span>"),
        "{page}"
    );
    assert!(page.contains("href=\"/users/bea\""), "{page}");
    let home = app.get_text_as(&browser, "/").await;
    assert!(home.contains("Computer (level 5)"), "{home}");
    // A French reader reads its name in French on every page that shows it.
    for path in [format!("/games/{id}"), "/".to_owned(), "/logs".to_owned()] {
        let (_, french) = app.get_in_language(&browser, &path, "fr").await;
        assert!(french.contains("Ordinateur (niveau 5)"), "{path}: {french}");
        assert!(!french.contains("Computer (level"), "{path}: {french}");
    }
    // The computer, White, moves first.
    let report = run_once(&app).await;
    assert!(
        matches!(report.turns.as_slice(), [(_, Turn::Moved(_))]),
        "{report:?}"
    );
    assert_eq!(game(&bea, id).await["ply"], 1);
}

async fn a_restarted_server_answers_a_pending_game(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    app.player("cid").await;
    let cid = Api::login(&app, "cid").await;
    // The computer plays White: its move is pending as soon as the game starts.
    let id = start(&cid, 2, "black").await;
    let pending = app
        .with_db(|conn| computer::pending(conn).expect("pending"))
        .await;
    assert_eq!(pending.iter().map(|g| g.0).collect::<Vec<_>>(), vec![id]);
    assert_eq!(game(&cid, id).await["ply"], 0);
    // A fresh server process on the same database answers it on its own, at start.
    let fresh = app.sibling().await;
    let fresh_cid = Api::login(&fresh, "cid").await;
    fresh
        .eventually(std::time::Duration::from_secs(20), || async {
            let g = game(&fresh_cid, id).await;
            (g["ply"] == 1).then_some(())
        })
        .await;
    // And it answers the next move too (woken by the move, or by its poll).
    let g = game(&fresh_cid, id).await;
    let text = pick_move(
        g["fen"].as_str().expect("fen"),
        &mut StdRng::seed_from_u64(1),
    );
    fresh_cid.play(id, 2, &text).await;
    fresh
        .eventually(std::time::Duration::from_secs(20), || async {
            let g = game(&fresh_cid, id).await;
            (g["ply"] == 3 || g["status"] != "active").then_some(())
        })
        .await;
    stop_computer_job(&fresh);
}

async fn two_processes_play_one_move_per_turn(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    let other = app.sibling().await;
    stop_computer_job(&other);
    app.player("dan").await;
    let dan = Api::login(&app, "dan").await;
    let id = start(&dan, 1, "black").await;
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..6 {
        let (a, b) = tokio::join!(run_once(&app), run_once(&other));
        let moved = a
            .turns
            .iter()
            .chain(&b.turns)
            .filter(|(_, t)| matches!(t, Turn::Moved(_)))
            .count();
        let g = game(&dan, id).await;
        if g["status"] != "active" {
            break;
        }
        assert_eq!(moved, 1, "round {round}: {a:?} {b:?}");
        let ply = g["ply"].as_i64().expect("ply");
        assert_eq!(ply, 2 * round + 1);
        let text = pick_move(g["fen"].as_str().expect("fen"), &mut rng);
        if dan
            .post(
                &format!("/api/v1/games/{id}/moves"),
                json!({"ply": ply + 1, "move": text}),
            )
            .await
            .0
            != StatusCode::OK
        {
            break;
        }
    }
    // One stored move per ply, the computer's from one process only.
    let plies: Vec<i64> = app
        .with_db(move |conn| {
            game_moves::table
                .filter(game_moves::game_id.eq(id))
                .order(game_moves::ply)
                .select(game_moves::ply)
                .load(conn)
                .unwrap()
        })
        .await;
    assert!(plies.len() >= 2);
    assert_eq!(plies, (1..=plies.len() as i64).collect::<Vec<_>>());
}

async fn bad_input_is_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    app.player("eve").await;
    let eve = Api::login(&app, "eve").await;
    let body = |extra: Value| {
        let mut b = json!({
            "preset": "chess",
            "opponent": "computer",
            "color": "white",
            "time_control": {"kind": "days", "days": 3},
        });
        for (k, v) in extra.as_object().expect("object") {
            b[k] = v.clone();
        }
        b
    };
    for (extra, field) in [
        (json!({"level": 0}), "level"),
        (json!({"level": 9}), "level"),
        (json!({}), "level"),
        (json!({"level": 3, "rated": true}), "rated"),
    ] {
        let (status, answer) = eve.post("/api/v1/challenges", body(extra.clone())).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{extra}: {answer}"
        );
        assert!(answer.to_string().contains(field), "{extra}: {answer}");
    }
    // A level without the computer is refused too.
    let (status, answer) = eve
        .post(
            "/api/v1/challenges",
            json!({
                "preset": "chess",
                "color": "white",
                "time_control": {"kind": "days", "days": 3},
                "level": 3,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    // Nothing was started; no one can register as the computer.
    let games = app
        .with_db(|conn| computer::pending(conn).expect("pending"))
        .await;
    assert!(games.is_empty());
    let res = crate::common::post_with(
        &app.new_client(),
        &app.address,
        "/register",
        &[
            ("username", "Computer"),
            ("email", "c@example.org"),
            ("password", crate::common::PASSWORD),
            ("password_confirm", crate::common::PASSWORD),
        ],
    )
    .await;
    assert_ne!(res.status(), StatusCode::SEE_OTHER);
}

/// The challenge form's "the computer" choice starts the game and opens it; while the
/// computer thinks the page carries the note the script polls with, and the state it polls
/// changes when the computer has moved.
async fn the_form_starts_a_game_and_the_page_waits(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    let browser = app.player("fay").await;
    let form = app.get_text_as(&browser, "/challenges/new").await;
    assert!(
        form.contains(r#"name="against" value="computer""#),
        "{form}"
    );
    assert!(form.contains(r#"name="level""#));
    let res = app
        .post_as(
            &browser,
            "/challenges",
            &[
                ("preset", "chess"),
                ("color", "black"),
                ("time_kind", "days"),
                ("days_per_move", "3"),
                ("rating", "rated"),
                ("against", "computer"),
                ("level", "2"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = crate::common::location(&res);
    let id: i64 = to
        .strip_prefix("/games/")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("redirected to {to}"));
    let (status, page) = app.get_as(&browser, &to).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Computer (level 2)"));
    assert!(
        page.contains("casual"),
        "the form's rating is ignored: never rated"
    );
    assert!(page.contains(r#"id="computer-thinking""#), "{page}");
    assert!(page.contains(&format!(r#"data-state="/games/{id}/state""#)));
    let state: Value = browser
        .get(app.url(&format!("/games/{id}/state")))
        .send()
        .await
        .expect("GET state")
        .json()
        .await
        .expect("JSON");
    assert_eq!(state, json!({"ply": 0, "status": "active"}));
    run_once(&app).await;
    let state: Value = browser
        .get(app.url(&format!("/games/{id}/state")))
        .send()
        .await
        .expect("GET state")
        .json()
        .await
        .expect("JSON");
    assert_eq!(state, json!({"ply": 1, "status": "active"}));
    let page = app.get_text_as(&browser, &to).await;
    assert!(
        !page.contains(r#"id="computer-thinking""#),
        "the player's turn now"
    );
    // A bad level on the form is refused, named.
    let res = app
        .post_as(
            &browser,
            "/challenges",
            &[("preset", "chess"), ("against", "computer"), ("level", "9")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.expect("body").contains("Level"));
}

/// Puts game `id` (the computer Black) in `fen`, Black to move, with the player's draw
/// offer standing if `offer`: a position the test needs without playing to it.
async fn set_position(app: &TestApp, id: i64, fen: &'static str, offer: bool) {
    app.with_db(move |conn| {
        use plypost::db::schema::games;
        let white: plypost::db::UserId = games::table
            .find(plypost::games::GameId(id))
            .select(games::white_id)
            .first(conn)
            .unwrap();
        diesel::update(games::table.find(plypost::games::GameId(id)))
            .set((
                games::start_fen.eq(fen),
                games::current_fen.eq(fen),
                games::side_to_move.eq(plypost::domain::Side::Black),
                games::draw_offer_by.eq(offer.then_some(white)),
            ))
            .execute(conn)
            .unwrap();
    })
    .await;
}

/// From level 4 the computer resigns a lost position (through the resignation path); below
/// it plays on. In a dead-drawn position it accepts the player's draw offer.
async fn resigns_lost_games_and_takes_dead_draws(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    app.player("gil").await;
    let gil = Api::login(&app, "gil").await;
    // A queen and a rook against a bare king, Black (the computer) to move, with a choice
    // of moves (a forced move is played without a search).
    let lost = "k7/8/8/8/3R4/3Q4/8/7K b - - 0 1";
    let strong = start(&gil, 4, "white").await;
    let weak = start(&gil, 3, "white").await;
    let drawn = start(&gil, 8, "white").await;
    let offers = start(&gil, 2, "white").await;
    set_position(&app, strong, lost, false).await;
    set_position(&app, offers, "k7/8/8/8/8/8/8/K7 b - - 0 1", false).await;
    set_position(&app, weak, lost, false).await;
    set_position(&app, drawn, "k7/8/8/8/8/8/8/K7 b - - 0 1", true).await;
    let started = std::time::Instant::now();
    let report = run_once(&app).await;
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let turn = |id: i64| {
        report
            .turns
            .iter()
            .find(|(g, _)| g.0 == id)
            .map(|(_, t)| t.clone())
    };
    assert_eq!(turn(strong), Some(Turn::Resigned), "{report:?}");
    assert!(matches!(turn(weak), Some(Turn::Moved(_))), "{report:?}");
    assert_eq!(turn(drawn), Some(Turn::AcceptedDraw), "{report:?}");
    let g = game(&gil, strong).await;
    assert_eq!(
        (g["result"].as_str(), g["reason"].as_str()),
        (Some("1-0"), Some("resignation"))
    );
    let g = game(&gil, drawn).await;
    assert_eq!(
        (g["result"].as_str(), g["reason"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );
    assert_eq!(game(&gil, weak).await["status"], "active");
    // Without an offer to accept in a dead-drawn position, it moves and offers a draw.
    assert!(matches!(turn(offers), Some(Turn::Moved(_))), "{report:?}");
    let g = game(&gil, offers).await;
    assert_eq!(
        (g["status"].as_str(), g["draw_offer"].as_str()),
        (Some("active"), Some("black"))
    );
}

/// How many "your move" mails went to `to`.
async fn your_move_mails(app: &TestApp, to: &str) -> usize {
    app.queued_mail()
        .await
        .iter()
        .filter(|(kind, addr, _)| kind == "your_turn" && addr == to)
        .count()
}

/// A reply that comes over a minute after the player's move (a restart, a busy server) is
/// mailed; so is every reply for a player who asked for them in settings.
async fn late_or_wanted_replies_are_mailed(backend: Backend) {
    let app = TestApp::new(backend).await;
    stop_computer_job(&app);
    let browser = app.player("gus").await;
    let gus = Api::login(&app, "gus").await;
    let id = start(&gus, 1, "white").await;
    let mut rng = StdRng::seed_from_u64(7);
    let text = pick_move(game(&gus, id).await["fen"].as_str().expect("fen"), &mut rng);
    gus.play(id, 1, &text).await;
    // At once: no mail.
    run_once(&app).await;
    assert_eq!(your_move_mails(&app, "gus@example.org").await, 0);
    // Two minutes late: mailed.
    let text = pick_move(game(&gus, id).await["fen"].as_str().expect("fen"), &mut rng);
    gus.play(id, 3, &text).await;
    app.clock.advance(chrono::Duration::minutes(2));
    run_once(&app).await;
    assert_eq!(your_move_mails(&app, "gus@example.org").await, 1);
    // Asked for: mailed at once too.
    let res = app
        .post_as(
            &browser,
            "/settings/preferences",
            &[
                ("notify_turn", "on"),
                ("notify_computer", "on"),
                ("time_zone", "UTC"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let text = pick_move(game(&gus, id).await["fen"].as_str().expect("fen"), &mut rng);
    gus.play(id, 5, &text).await;
    run_once(&app).await;
    assert_eq!(your_move_mails(&app, "gus@example.org").await, 2);
}

backend_tests!(
    late_or_wanted_replies_are_mailed,
    resigns_lost_games_and_takes_dead_draws,
    the_form_starts_a_game_and_the_page_waits,
    against_level_1_to_the_end,
    the_page_and_lists_name_the_computer,
    a_restarted_server_answers_a_pending_game,
    two_processes_play_one_move_per_turn,
    bad_input_is_refused,
);
