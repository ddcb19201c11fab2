//! Starting a 30-player single round-robin (435 games, 30 mails, one write) and rendering
//! its crosstable page. Ignored by default; run it with
//!
//! ```text
//! PLYPOST_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres \
//!   cargo test --release --test bench -- --ignored --nocapture --test-threads 1 tournaments::
//! ```
//! The numbers go to BENCHMARKS.md ("Tournaments").

use std::time::Instant;

use diesel::prelude::*;
use plypost::accounts::User;
use plypost::db::schema::users;
use plypost::time_control::TimeControl;
use plypost::tournaments::{self, NewTournament};

use crate::common::{Backend, TestApp};

const PLAYERS: usize = 30;
const RUNS: usize = 5;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// A tournament with `PLAYERS` joined, not started; returns its id.
async fn full_event(app: &TestApp, run: usize) -> i64 {
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |db| {
        let players: Vec<User> = users::table
            .order(users::id)
            .select(User::as_select())
            .load(&mut **db)
            .unwrap();
        let input = NewTournament {
            control: TimeControl::DaysPerMove(7),
            rated: true,
            min_players: Some(2),
            ..NewTournament::round_robin(&format!("Thirty {run}"), "terachess2", PLAYERS as i64 + 1)
        };
        let id = tournaments::create(db, &*clock, &players[0], &input).unwrap();
        for p in &players {
            tournaments::join(db, &*clock, &config, p.id, id).unwrap();
        }
        id
    })
    .await
}

async fn bench(backend: Backend, label: &str) {
    let app = TestApp::new(backend).await;
    for i in 0..PLAYERS {
        app.register(
            &format!("player{i:02}"),
            &format!("p{i}@example.org"),
            "a long password",
        )
        .await;
    }
    let mut starts = Vec::new();
    let mut last = 0;
    for run in 0..RUNS {
        let id = full_event(&app, run).await;
        let (clock, config) = (app.clock.clone(), app.config.clone());
        let organiser = app
            .with_db(|conn| {
                users::table
                    .order(users::id)
                    .select(users::id)
                    .first::<i64>(conn)
                    .unwrap()
            })
            .await;
        let took = app
            .with_pooled(move |db| {
                let at = Instant::now();
                tournaments::start(db, &*clock, &config, plypost::db::UserId(organiser), id)
                    .unwrap();
                at.elapsed().as_secs_f64() * 1000.0
            })
            .await;
        starts.push(took);
        last = id;
    }
    let games: i64 = app
        .with_db(move |conn| {
            plypost::db::schema::games::table
                .filter(plypost::db::schema::games::tournament_id.eq(last))
                .count()
                .get_result(conn)
                .unwrap()
        })
        .await;
    assert_eq!(games, (PLAYERS * (PLAYERS - 1) / 2) as i64);
    let client = app.new_client();
    let mut pages = Vec::new();
    let mut bytes = 0;
    for _ in 0..25 {
        let at = Instant::now();
        let res = client
            .get(app.url(&format!("/tournaments/{last}")))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success());
        bytes = res.bytes().await.unwrap().len();
        pages.push(at.elapsed().as_secs_f64() * 1000.0);
    }
    println!(
        "{label}: start of a {PLAYERS}-player round-robin ({games} games), median of {RUNS}: {:.0} ms (runs {:?}); crosstable page, median of 25: {:.1} ms, {bytes} bytes",
        median(starts.clone()),
        starts.iter().map(|s| s.round()).collect::<Vec<_>>(),
        median(pages)
    );
}

#[actix_web::test]
#[ignore = "benchmark: run with --ignored (BENCHMARKS.md)"]
async fn start_and_crosstable() {
    bench(Backend::Sqlite, "SQLite").await;
    if let Some(pg) = Backend::postgres() {
        bench(pg, "PostgreSQL").await;
    }
}
