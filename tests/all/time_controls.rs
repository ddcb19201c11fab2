//! Time controls through HTTP and the clock job, on SQLite and PostgreSQL, with the test
//! clock under the test's control: time-outs in each kind of control (and a late move),
//! reminders received by a real SMTP listener exactly once each, vacations that move
//! deadlines and stop reminders, the yearly allowance running out, and two job runners
//! racing over one expired game.

use chrono::{Duration, NaiveDateTime, TimeZone, Utc};
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::smtp::SmtpServer;
use crate::common::{location, Backend, TestApp, WAIT};
use plypost::db::schema::games;
use plypost::games::model::GameRow;
use plypost::jobs::timeouts::{self, Report};

/// All tests start on a fixed date, far from a year boundary.
fn start_time() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap()
}

async fn app(backend: Backend, smtp: Option<&SmtpServer>) -> TestApp {
    let app = match smtp {
        Some(s) => TestApp::with_smtp(backend, s.url()).await,
        None => TestApp::new(backend).await,
    };
    app.clock.set(start_time());
    app
}

/// `author` (White) challenges `opponent` to chess with the time-control fields given; the
/// opponent accepts. Returns the game id.
async fn start_game(
    app: &TestApp,
    author: &reqwest::Client,
    opponent_name: &str,
    opponent: &reqwest::Client,
    time: &[(&str, &str)],
) -> i64 {
    let mut fields = vec![("variant", "chess"), ("color", "white"), ("message", "")];
    fields.extend_from_slice(time);
    app.start_game(author, opponent_name, opponent, &fields)
        .await
}

async fn game_row(app: &TestApp, id: i64) -> GameRow {
    app.with_db(move |conn| {
        games::table
            .find(id)
            .select(GameRow::as_select())
            .first(conn)
            .expect("game")
    })
    .await
}

async fn run_job(app: &TestApp) -> Report {
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |conn| timeouts::run_once(conn, &*clock, &config).expect("clock job"))
        .await
}

fn now(app: &TestApp) -> NaiveDateTime {
    app.clock.now_db()
}

use plypost::clock::Clock;

/// Moves the clock forward in steps short enough that the clients' sessions stay alive.
async fn pass(app: &TestApp, clients: &[&reqwest::Client], by: Duration) {
    let mut left = by;
    while left > Duration::zero() {
        let step = left.min(Duration::days(20));
        app.clock.advance(step);
        left -= step;
        for c in clients {
            let res = c.get(app.url("/")).send().await.expect("GET /");
            assert_eq!(res.status(), StatusCode::OK);
        }
    }
}

async fn days_game_times_out(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "2")]).await;
    let started = now(&app);
    assert_eq!(
        game_row(&app, game).await.deadline_at,
        Some(started + Duration::days(2))
    );
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("Time control: 2 days per move"), "{page}");
    assert!(page.contains("2 days</strong> left"), "{page}");

    // One minute before the deadline nothing happens; the game is highlighted as urgent.
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(2) - Duration::minutes(1),
    )
    .await;
    assert_eq!(run_job(&app).await.timed_out, 0);
    let home = app.get_text_as(&alice, "/").await;
    assert!(home.contains("class=\"urgent\""), "{home}");
    assert!(home.contains("1 minute left"), "{home}");

    app.clock.advance(Duration::minutes(2));
    let report = run_job(&app).await;
    assert_eq!(report.timed_out, 1);
    assert_eq!(run_job(&app).await.timed_out, 0, "timed out once");
    // A rated game (the challenge form's default): the time-out rated both players once.
    let rated: Vec<(i64, i64, i64)> = app
        .with_db(|conn| {
            use plypost::db::schema::ratings;
            ratings::table
                .order(ratings::wins.desc())
                .select((ratings::games, ratings::wins, ratings::losses))
                .load(conn)
                .unwrap()
        })
        .await;
    assert_eq!(rated, [(1, 1, 0), (1, 0, 1)], "the winner, then the loser");
    let row = game_row(&app, game).await;
    assert_eq!(row.result.map(|r| r.as_str()), Some("0-1"));
    assert_eq!(row.result_reason.map(|r| r.as_str()), Some("time"));
    // Finished when the time ran out, not when the job noticed.
    assert_eq!(row.finished_at, Some(started + Duration::days(2)));
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    let ran_out = (started + Duration::days(2)).format("%Y-%m-%d %H:%M UTC");
    assert!(
        page.contains(&format!("Finished: 0-1, time (time ran out {ran_out})")),
        "{page}"
    );
    let mails: Vec<_> = app
        .queued_mail()
        .await
        .into_iter()
        .filter(|(_, _, body)| body.contains("ran out of time"))
        .collect();
    assert_eq!(mails.len(), 2, "both players are told");
    assert!(mails.iter().any(|(_, to, _)| to == "alice@example.org"));
    assert!(mails.iter().any(|(_, to, _)| to == "bob@example.org"));
}

async fn late_move_is_refused_and_ends_the_game(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "1")]).await;
    let res = app.play(&alice, game, 1, "e2-e4").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let moved = now(&app);
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(1) + Duration::seconds(1),
    )
    .await;
    // The job has not run: the move itself finds the time ran out.
    let res = app.play(&bob, game, 2, "e7-e5").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = res.text().await.unwrap_or_default();
    assert!(page.contains("Your time ran out"), "{page}");
    let row = game_row(&app, game).await;
    assert_eq!(row.ply, 1, "the late move was not stored");
    assert_eq!(row.result.map(|r| r.as_str()), Some("1-0"));
    assert_eq!(row.result_reason.map(|r| r.as_str()), Some("time"));
    assert_eq!(row.finished_at, Some(moved + Duration::days(1)));
    assert_eq!(run_job(&app).await.timed_out, 0);
}

async fn fischer_reserve_increment_and_time_out(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let time = [
        ("time_kind", "fischer"),
        ("reserve_days", "2"),
        ("increment_hours", "12"),
        ("cap_days", "3"),
    ];
    let game = start_game(&app, &alice, "bob", &bob, &time).await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains("2 days + 12 hours per move, at most 3 days"),
        "{page}"
    );
    // White uses a day: 1 day left + 12 hours increment.
    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    assert_eq!(
        app.play(&alice, game, 1, "e2-e4").await.status(),
        StatusCode::SEE_OTHER
    );
    let row = game_row(&app, game).await;
    assert_eq!(row.white_reserve_secs, Some(36 * 3600));
    assert_eq!(row.deadline_at, Some(now(&app) + Duration::days(2)));
    // Black answers at once: the reserve grows by the increment up to the cap (3 days).
    app.clock.advance(Duration::minutes(1));
    assert_eq!(
        app.play(&bob, game, 2, "e7-e5").await.status(),
        StatusCode::SEE_OTHER
    );
    let row = game_row(&app, game).await;
    assert_eq!(row.black_reserve_secs, Some(2 * 86400 - 60 + 12 * 3600));
    assert_eq!(row.deadline_at, Some(now(&app) + Duration::hours(36)));
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("1 day 12 hours</strong> left"), "{page}");
    assert!(page.contains("reserve: 2 days 11 hours"), "{page}");

    pass(&app, &[&alice, &bob], Duration::hours(36)).await;
    assert_eq!(run_job(&app).await.timed_out, 1);
    let row = game_row(&app, game).await;
    assert_eq!(row.result.map(|r| r.as_str()), Some("0-1"));
    assert_eq!(row.result_reason.map(|r| r.as_str()), Some("time"));
}

async fn lone_king_cannot_win_on_time(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "1")]).await;
    // White (to move) has a Queen; Black has only the King.
    app.with_db(move |conn| {
        diesel::update(games::table.find(game))
            .set(games::current_fen.eq("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"))
            .execute(conn)
            .expect("set the position")
    })
    .await;
    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    assert_eq!(run_job(&app).await.timed_out, 1);
    let row = game_row(&app, game).await;
    assert_eq!(row.result.map(|r| r.as_str()), Some("1/2-1/2"));
    assert_eq!(row.result_reason.map(|r| r.as_str()), Some("time"));
}

async fn untimed_games_and_abandonment(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    // Only between named players.
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("opponent", ""),
                ("time_kind", "untimed"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap_or_default()
        .contains("named player"));

    let game = start_game(&app, &alice, "bob", &bob, &[("time_kind", "untimed")]).await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("Time control: untimed"), "{page}");
    assert!(!page.contains("abandon-form"));

    pass(&app, &[&alice, &bob], Duration::days(59)).await;
    assert_eq!(run_job(&app).await, Report::default());
    let res = app
        .post_as(&bob, &format!("/games/{game}/abandon"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(game_row(&app, game).await.is_active());

    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("abandon-form"), "{page}");
    let carol = app.player("carol").await;
    let res = app
        .post_as(&carol, &format!("/games/{game}/abandon"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app
        .post_as(&bob, &format!("/games/{game}/abandon"), &[])
        .await;
    assert_eq!(location(&res), format!("/games/{game}?done=abandoned"));
    let row = game_row(&app, game).await;
    assert_eq!(row.result, None, "no winner");
    assert_eq!(row.result_reason.map(|r| r.as_str()), Some("abandoned"));
}

/// Reminder mails actually delivered to `to`.
fn reminders_to(smtp: &SmtpServer, to: &str) -> Vec<String> {
    smtp.received()
        .into_iter()
        .filter(|m| m.to.iter().any(|t| t.contains(to)))
        .map(|m| m.decoded_text())
        .filter(|text| text.contains("your time is running out"))
        .collect()
}

async fn all_mail_delivered(app: &TestApp) {
    app.eventually(WAIT, || async {
        let pending = app
            .outbox_count(plypost::domain::OutboxStatus::Pending)
            .await;
        (pending == 0).then_some(())
    })
    .await
}

async fn reminders_are_sent_once_each(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = app(backend, Some(&smtp)).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let res = app
        .post_as(
            &alice,
            "/settings/preferences",
            &[
                ("notify_turn", "on"),
                ("notify_reminder", "on"),
                ("time_zone", "Europe/Paris"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "3")]).await;
    let deadline = now(&app) + Duration::days(3);

    pass(
        &app,
        &[&alice, &bob],
        Duration::days(2) - Duration::minutes(1),
    )
    .await;
    assert_eq!(
        run_job(&app).await.reminders,
        0,
        "24 hours and a minute left"
    );
    app.clock.advance(Duration::minutes(2));
    assert_eq!(run_job(&app).await.reminders, 1);
    assert_eq!(run_job(&app).await.reminders, 0, "once");
    app.clock.advance(Duration::hours(22));
    assert_eq!(run_job(&app).await.reminders, 1, "below 2 hours");
    assert_eq!(run_job(&app).await.reminders, 0, "once");
    all_mail_delivered(&app).await;
    let mails = reminders_to(&smtp, "alice@example.org");
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(
        mails[0].contains("23 hours 59 minutes left"),
        "{}",
        mails[0]
    );
    assert!(mails[1].contains("1 hour 59 minutes left"), "{}", mails[1]);
    // The deadline in Alice's time zone (Paris is UTC+1 in March), and the game's link.
    let local = (deadline + Duration::hours(1))
        .format("%Y-%m-%d %H:%M CET")
        .to_string();
    assert!(mails[0].contains(&local), "{local} in {}", mails[0]);
    assert!(mails[0].contains(&format!("Game #{game}")));
    assert!(mails[0].contains(&app.url(&format!("/games/{game}"))));
    assert!(reminders_to(&smtp, "bob@example.org").is_empty());

    // A move resets them: Bob, with reminders off, gets none for his turn.
    assert_eq!(
        app.play(&alice, game, 1, "e2-e4").await.status(),
        StatusCode::SEE_OTHER
    );
    let res = app
        .post_as(
            &bob,
            "/settings/preferences",
            &[("notify_turn", "on"), ("time_zone", "UTC")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(3) - Duration::hours(1),
    )
    .await;
    assert_eq!(run_job(&app).await.reminders, 0);
    assert_eq!(
        app.play(&bob, game, 2, "e7-e5").await.status(),
        StatusCode::SEE_OTHER
    );
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(2) + Duration::hours(1),
    )
    .await;
    assert_eq!(run_job(&app).await.reminders, 1, "Alice's new turn");
    all_mail_delivered(&app).await;
    assert_eq!(reminders_to(&smtp, "alice@example.org").len(), 3);
    assert!(reminders_to(&smtp, "bob@example.org").is_empty());
}

/// Two games alice (White, to move) and bob start, at three days a move: one where a vacation
/// stops the clock, one ("no vacation") where it does not.
async fn three_day_games(
    app: &TestApp,
    alice: &reqwest::Client,
    bob: &reqwest::Client,
) -> (i64, i64) {
    let relaxed = start_game(app, alice, "bob", bob, &[("days_per_move", "3")]).await;
    let strict = start_game(
        app,
        alice,
        "bob",
        bob,
        &[("days_per_move", "3"), ("no_vacation", "on")],
    )
    .await;
    (relaxed, strict)
}

async fn vacation_moves_deadlines_and_stops_reminders(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (relaxed, strict) = three_day_games(&app, &alice, &bob).await;
    let original = game_row(&app, relaxed).await.deadline_at.expect("deadline");

    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    let res = app.post_as(&alice, "/settings/vacation/start", &[]).await;
    assert_eq!(location(&res), "/settings?saved=vacation_started#vacation");
    let settings = app.get_text_as(&alice, "/settings").await;
    assert!(settings.contains("You are on vacation"), "{settings}");
    let page = app.get_text_as(&bob, &format!("/games/{relaxed}")).await;
    assert!(page.contains("alice is on vacation until"), "{page}");
    assert!(page.contains("Clock stopped (vacation)"), "{page}");
    let page = app.get_text_as(&bob, &format!("/games/{strict}")).await;
    assert!(page.contains("no vacation (clocks never stop)"), "{page}");

    // Past both original deadlines: only the "no vacation" game ends; no reminders.
    pass(&app, &[&alice, &bob], Duration::days(4)).await;
    let report = run_job(&app).await;
    assert_eq!(report.timed_out, 1);
    assert_eq!(report.reminders, 0);
    assert_eq!(
        game_row(&app, strict)
            .await
            .result_reason
            .map(|r| r.as_str()),
        Some("time")
    );
    assert!(game_row(&app, relaxed).await.is_active());
    let page = app.get_text_as(&alice, &format!("/games/{relaxed}")).await;
    assert!(
        page.contains("2 days</strong> left"),
        "clock stopped at 2 days: {page}"
    );

    let res = app.post_as(&alice, "/settings/vacation/end", &[]).await;
    assert_eq!(location(&res), "/settings?saved=vacation_ended#vacation");
    assert_eq!(
        game_row(&app, relaxed).await.deadline_at,
        Some(original + Duration::days(4)),
        "moved by the time spent"
    );
    let settings = app.get_text_as(&alice, "/settings").await;
    assert!(
        settings.contains("Vacation left this year: <strong>26 days</strong>"),
        "{settings}"
    );
    // The clock runs again: a reminder once less than 24 hours are left.
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(1) + Duration::minutes(1),
    )
    .await;
    assert_eq!(run_job(&app).await.reminders, 1);
}

/// A player on vacation may still move. Past the deadline the vacation stopped, the move is
/// accepted; the same move in a game that allows no vacation comes too late.
async fn moving_while_on_vacation(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (relaxed, strict) = three_day_games(&app, &alice, &bob).await;
    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    let res = app.post_as(&alice, "/settings/vacation/start", &[]).await;
    assert_eq!(location(&res), "/settings?saved=vacation_started#vacation");
    // Past both original deadlines; the clock job has not run.
    pass(&app, &[&alice, &bob], Duration::days(4)).await;
    let res = app.play(&alice, relaxed, 1, "e2-e4").await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the vacation stopped the clock"
    );
    assert_eq!(game_row(&app, relaxed).await.ply, 1);
    let res = app.play(&alice, strict, 1, "e2-e4").await;
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "this game stops no clock"
    );
    let strict = game_row(&app, strict).await;
    assert_eq!(strict.ply, 0);
    assert_eq!(strict.result_reason.map(|r| r.as_str()), Some("time"));
}

async fn allowance_runs_out(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "2")]).await;
    let original = game_row(&app, game).await.deadline_at.expect("deadline");
    let res = app.post_as(&alice, "/settings/vacation/start", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    pass(&app, &[&alice, &bob], Duration::days(29)).await;
    assert_eq!(run_job(&app).await.vacations_ended, 0);
    pass(&app, &[&alice, &bob], Duration::days(2)).await;
    // The job ends the vacation as of the moment the 30 days ran out.
    let report = run_job(&app).await;
    assert_eq!(report.vacations_ended, 1);
    assert_eq!(report.timed_out, 0, "one day left after the 30 days");
    assert_eq!(
        game_row(&app, game).await.deadline_at,
        Some(original + Duration::days(30))
    );
    let settings = app.get_text_as(&alice, "/settings").await;
    assert!(
        settings.contains("Vacation left this year: <strong>none</strong>"),
        "{settings}"
    );
    let res = app.post_as(&alice, "/settings/vacation/start", &[]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap_or_default()
        .contains("You have used all 30 days of vacation for 2026"));

    pass(&app, &[&alice, &bob], Duration::days(1)).await;
    assert_eq!(run_job(&app).await.timed_out, 1);
}

async fn two_runners_time_out_once(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(start_game(&app, &alice, "bob", &bob, &[("days_per_move", "1")]).await);
    }
    pass(&app, &[&alice, &bob], Duration::days(2)).await;
    let runners: Vec<_> = (0..4)
        .map(|_| {
            let (pool, clock, config) = (
                app.state.pool.clone(),
                app.clock.clone(),
                app.config.clone(),
            );
            tokio::task::spawn_blocking(move || {
                let mut conn = pool.get().expect("connection");
                timeouts::time_out_due(&mut conn, &*clock, &config).expect("time-outs")
            })
        })
        .collect();
    let mut total = 0;
    for r in runners {
        total += r.await.expect("runner");
    }
    assert_eq!(total, 3, "each game timed out exactly once");
    let mails = app
        .queued_mail()
        .await
        .into_iter()
        .filter(|(_, _, body)| body.contains("ran out of time"))
        .count();
    assert_eq!(mails, 6, "one mail per player and game");
    for id in ids {
        assert_eq!(
            game_row(&app, id).await.result.map(|r| r.as_str()),
            Some("0-1")
        );
    }
}

async fn no_reminders_while_on_vacation(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "3")]).await;
    // Twelve hours left when Alice leaves: a reminder would be due, but her clock stops.
    pass(&app, &[&alice, &bob], Duration::hours(60)).await;
    let res = app.post_as(&alice, "/settings/vacation/start", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(run_job(&app).await.reminders, 0);
    pass(&app, &[&alice, &bob], Duration::days(2)).await;
    assert_eq!(run_job(&app).await, Report::default());
    let home = app.get_text_as(&alice, "/").await;
    assert!(home.contains("12 hours left"), "{home}");
    assert!(home.contains("clock stopped: vacation"), "{home}");
    // Back home: the clock runs from where it stopped, and the reminder goes out.
    let res = app.post_as(&alice, "/settings/vacation/end", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(run_job(&app).await.reminders, 1);
    assert!(game_row(&app, game).await.is_active());
    let reminders = app
        .queued_mail()
        .await
        .into_iter()
        .filter(|(kind, _, _)| kind == "reminder")
        .count();
    assert_eq!(reminders, 1);
}

async fn home_sorts_by_time_left(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slow = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "5")]).await;
    let untimed = start_game(&app, &alice, "bob", &bob, &[("time_kind", "untimed")]).await;
    let fast = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "1")]).await;
    let home = app.get_text_as(&alice, "/").await;
    let at = |id: i64| {
        home.find(&format!("href=\"/games/{id}\""))
            .unwrap_or_else(|| panic!("game {id} listed: {home}"))
    };
    assert!(at(fast) < at(slow), "least time left first");
    assert!(at(slow) < at(untimed), "untimed last");
    assert!(home.contains("1 day left"), "{home}");
    assert!(home.contains("5 days left"), "{home}");
}

async fn late_move_racing_the_job_ends_the_game_once(backend: Backend) {
    let app = app(backend, None).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, &[("days_per_move", "1")]).await;
    pass(
        &app,
        &[&alice, &bob],
        Duration::days(1) + Duration::minutes(5),
    )
    .await;
    let (pool, clock, config) = (
        app.state.pool.clone(),
        app.clock.clone(),
        app.config.clone(),
    );
    let job = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("connection");
        timeouts::time_out_due(&mut conn, &*clock, &config).expect("time-outs")
    });
    let res = app.play(&alice, game, 1, "e2-e4").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(job.await.expect("job") <= 1);
    let row = game_row(&app, game).await;
    assert_eq!(row.ply, 0);
    assert_eq!(row.result.map(|r| r.as_str()), Some("0-1"));
    let mails = app
        .queued_mail()
        .await
        .into_iter()
        .filter(|(_, _, body)| body.contains("ran out of time"))
        .count();
    assert_eq!(mails, 2, "ended once, whoever got there first");
}

backend_tests!(
    days_game_times_out,
    late_move_is_refused_and_ends_the_game,
    fischer_reserve_increment_and_time_out,
    lone_king_cannot_win_on_time,
    untimed_games_and_abandonment,
    reminders_are_sent_once_each,
    vacation_moves_deadlines_and_stops_reminders,
    moving_while_on_vacation,
    allowance_runs_out,
    two_runners_time_out_once,
    no_reminders_while_on_vacation,
    home_sorts_by_time_left,
    late_move_racing_the_job_ends_the_game_once,
);
