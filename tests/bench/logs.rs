//! The logs list with 100,000 games: bulk-inserts them (multi-row INSERTs), then times page
//! 1, a deep page and filtered pages through the service and through HTTP, and prints the
//! query plans. Ignored by default; run it with
//!
//! ```text
//! PLYPOST_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres \
//!   cargo test --release --test bench -- --ignored --nocapture logs::
//! ```
//! The numbers go to BENCHMARKS.md ("Logs").

use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::Text;
use plypost::db::schema::{preset_versions, presets};
use plypost::db::DbConn;
use plypost::logs::filter::{FilterQuery, LogFilter};
use plypost::logs::list;

use crate::common::{Backend, TestApp};
use crate::Lcg;

const GAMES: usize = 100_000;
const USERS: usize = 500;
const BATCH: usize = 1_000;

fn seed(conn: &mut DbConn, clock: &dyn plypost::clock::Clock) {
    plypost::presets::ensure_builtin_presets(conn, clock).unwrap();
    let versions: Vec<i64> = preset_versions::table
        .inner_join(presets::table)
        .select(preset_versions::id)
        .load(conn)
        .unwrap();
    let mut users = String::from(
        "INSERT INTO users (username, username_key, email, email_key, password_hash, \
         unsubscribe_token, created_at, updated_at) VALUES ",
    );
    for i in 0..USERS {
        if i > 0 {
            users.push(',');
        }
        users.push_str(&format!(
            "('player{i}', 'player{i}', 'p{i}@example.org', 'p{i}@example.org', 'x', 'tok{i}', \
             '2025-01-01 00:00:00', '2025-01-01 00:00:00')"
        ));
    }
    diesel::sql_query(users).execute(conn).unwrap();
    let first_user: i64 = diesel::sql_query("SELECT MIN(id) AS line FROM users")
        .get_result::<MinId>(conn)
        .unwrap()
        .line;
    let mut rng = Lcg(42);
    let outcomes = [
        ("'1-0'", "'checkmate'"),
        ("'0-1'", "'checkmate'"),
        ("'1-0'", "'resignation'"),
        ("'0-1'", "'resignation'"),
        ("'1-0'", "'time'"),
        ("'1/2-1/2'", "'agreement'"),
        ("'1/2-1/2'", "'stalemate'"),
        ("'1/2-1/2'", "'repetition'"),
        ("'1/2-1/2'", "'move_count'"),
    ];
    let fen = "'8/8/8/8/8/8/8/8 w - - 0 1'";
    for batch in 0..GAMES / BATCH {
        let mut sql = String::from(
            "INSERT INTO games (preset_version_id, white_id, black_id, status, result, \
             result_reason, start_fen, current_fen, ply, side_to_move, time_kind, days_per_move, \
             last_move_at, created_at, finished_at) VALUES ",
        );
        for i in 0..BATCH {
            let n = batch * BATCH + i;
            let white = first_user + rng.next(USERS as u64) as i64;
            let mut black = first_user + rng.next(USERS as u64) as i64;
            if black == white {
                black = first_user + (black - first_user + 1) % USERS as i64;
            }
            let version = versions[rng.next(versions.len() as u64) as usize];
            let ply = rng.next(400);
            // Two years of games, one every ~10 minutes; last move up to 60 days later.
            let start = chrono::NaiveDate::from_ymd_opt(2024, 1, 1)
                .unwrap()
                .and_hms_opt(0, 0, 0)
                .unwrap()
                + chrono::Duration::minutes(n as i64 * 10);
            let last = start + chrono::Duration::minutes(rng.next(60 * 24 * 60) as i64);
            let finished = rng.next(10) < 8;
            let (status, result, reason, finished_at) = if finished {
                let (r, why) = outcomes[rng.next(outcomes.len() as u64) as usize];
                ("'finished'", r, why, format!("'{last}'"))
            } else {
                ("'active'", "NULL", "NULL", "NULL".to_owned())
            };
            let last_move = if ply == 0 {
                "NULL".to_owned()
            } else {
                format!("'{last}'")
            };
            if i > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "({version}, {white}, {black}, {status}, {result}, {reason}, {fen}, {fen}, {ply}, \
                 'white', 'days', 3, {last_move}, '{start}', {finished_at})"
            ));
        }
        diesel::sql_query(sql).execute(conn).unwrap();
    }
    let analyze = match conn {
        DbConn::Sqlite(_) => "ANALYZE",
        DbConn::Postgres(_) => "ANALYZE games",
    };
    diesel::sql_query(analyze).execute(conn).unwrap();
}

#[derive(QueryableByName)]
struct MinId {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    line: i64,
}

fn filter(query: &str) -> LogFilter {
    let q: FilterQuery = serde_urlencoded::from_str(query).unwrap();
    LogFilter::parse(&q).0
}

/// Median of 7 runs of one page (and the count), in milliseconds.
fn time_page(conn: &mut DbConn, query: &str) -> (f64, f64, usize) {
    let f = filter(query);
    let mut page_times = Vec::new();
    let mut count_times = Vec::new();
    let mut rows = 0;
    for _ in 0..7 {
        let t = Instant::now();
        let r = list::resolve(conn, &f).unwrap();
        let page = list::games_page(conn, &f, &r, list::PAGE_SIZE).unwrap();
        let rows_shown = list::game_rows(conn, &page.games).unwrap();
        page_times.push(t.elapsed());
        rows = rows_shown.len();
        let t = Instant::now();
        list::count_games(conn, &f, &r).unwrap();
        count_times.push(t.elapsed());
    }
    (median(page_times), median(count_times), rows)
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1000.0
}

fn plan(conn: &mut DbConn, sql: &str) -> Vec<String> {
    match conn {
        DbConn::Sqlite(c) => {
            #[derive(QueryableByName)]
            struct Row {
                #[diesel(sql_type = Text)]
                detail: String,
            }
            diesel::sql_query(format!("EXPLAIN QUERY PLAN {sql}"))
                .load::<Row>(c)
                .unwrap()
                .into_iter()
                .map(|r| r.detail)
                .collect()
        }
        DbConn::Postgres(c) => {
            #[derive(QueryableByName)]
            struct Row {
                #[diesel(sql_type = Text, column_name = "QUERY PLAN")]
                plan: String,
            }
            diesel::sql_query(format!("EXPLAIN {sql}"))
                .load::<Row>(c)
                .unwrap()
                .into_iter()
                .map(|r| r.plan)
                .collect()
        }
    }
}

async fn bench(backend: Backend) {
    let name = match &backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres(_) => "PostgreSQL",
    };
    let app = TestApp::new(backend).await;
    let clock = app.clock.clone();
    let t = Instant::now();
    app.with_db(move |conn| seed(conn, &*clock)).await;
    println!(
        "\n## {name}: {GAMES} games inserted in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    // A cursor about 90,000 rows deep in each order (found once, not timed).
    let deep = app
        .with_db(|conn| {
            #[derive(QueryableByName)]
            struct Key {
                #[diesel(sql_type = diesel::sql_types::Timestamp)]
                k: chrono::NaiveDateTime,
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                id: i64,
            }
            let key: Key = diesel::sql_query(
                "SELECT COALESCE(last_move_at, created_at) AS k, id FROM games \
                 ORDER BY COALESCE(last_move_at, created_at) DESC, id DESC LIMIT 1 OFFSET 90000",
            )
            .get_result(conn)
            .unwrap();
            format!(
                "{}_{}",
                key.k.and_utc().timestamp_nanos_opt().unwrap(),
                key.id
            )
        })
        .await;
    let player = "player7";
    let queries: Vec<(&str, String)> = vec![
        ("page 1 (last move)", String::new()),
        ("deep page (~90,000 rows in)", format!("after={deep}")),
        ("page 1 by length", "sort=length".into()),
        ("page 1 by start, oldest first", "sort=started&order=asc".into()),
        ("variant", "variant=terachess2".into()),
        ("player (either side)", format!("player={player}")),
        ("player as Black", format!("player={player}&side=black")),
        ("status finished + result draw", "status=finished&result=draw".into()),
        ("reason checkmate", "reason=checkmate".into()),
        ("date range (started, 1 month)", "from=2025-03-01&to=2025-03-31".into()),
        (
            "combination (variant, player, status, result, dates)",
            format!("variant=chess&player={player}&status=finished&result=white&from=2024-06-01&to=2025-12-31"),
        ),
    ];
    println!("\n| query | page (ms) | count (ms) | rows |\n|---|---:|---:|---:|");
    for (label, q) in &queries {
        let q2 = q.clone();
        let (page, count, rows) = app.with_db(move |conn| time_page(conn, &q2)).await;
        println!("| {label} | {page:.2} | {count:.2} | {rows} |");
    }
    // Through HTTP (the whole page: query, rows, template).
    println!("\n| HTTP | ms (median of 7) |\n|---|---:|");
    for (label, q) in [
        ("GET /logs", String::new()),
        ("GET /logs?after=<deep>", format!("after={deep}")),
        ("GET /logs?player=..", format!("player={player}&side=white")),
    ] {
        let mut times = Vec::new();
        for _ in 0..7 {
            let t = Instant::now();
            let res = app.get(&format!("/logs?{q}")).await;
            assert!(res.status().is_success());
            res.text().await.unwrap();
            times.push(t.elapsed());
        }
        println!("| {label} | {:.2} |", median(times));
    }
    let t = Instant::now();
    let body = app
        .get_text("/logs/export.pgn?from=2024-01-01&to=2024-03-10")
        .await;
    println!(
        "\nbulk export of {} games (no moves): {:.0} ms, {} bytes",
        body.matches("[Event ").count(),
        t.elapsed().as_secs_f64() * 1000.0,
        body.len()
    );

    let plans = app
        .with_db(move |conn| {
            let page1 = "SELECT id FROM games ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, games.id DESC LIMIT 51";
            let deep_sql = "SELECT id FROM games WHERE COALESCE(games.last_move_at, games.created_at) <= '2024-03-01 00:00:00' AND (COALESCE(games.last_move_at, games.created_at), games.id) < ('2024-03-01 00:00:00', 1000) ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, games.id DESC LIMIT 51";
            let by_result = "SELECT id FROM games WHERE games.status = 'finished' AND games.result = '1/2-1/2' ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, games.id DESC LIMIT 51";
            let by_preset = "SELECT id FROM games WHERE games.preset_version_id IN (3) ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, games.id DESC LIMIT 51";
            let by_player = "SELECT id FROM games WHERE (games.white_id = 8 OR lower(games.white_name) = 'player7') OR (games.black_id = 8 OR lower(games.black_name) = 'player7') ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, games.id DESC LIMIT 51";
            let by_length = "SELECT id FROM games ORDER BY games.ply DESC, games.id DESC LIMIT 51";
            [page1, deep_sql, by_player, by_length, by_result, by_preset]
                .iter()
                .map(|q| (q.to_string(), plan(conn, q)))
                .collect::<Vec<_>>()
        })
        .await;
    for (q, p) in plans {
        println!("\nEXPLAIN {q}\n  {}", p.join("\n  "));
    }
}

#[actix_web::test]
#[ignore = "slow: 100,000 games; run with --release --ignored --nocapture"]
async fn logs_with_100k_games_sqlite() {
    bench(Backend::Sqlite).await;
}

#[actix_web::test]
#[ignore = "slow: 100,000 games; run with --release --ignored --nocapture"]
async fn logs_with_100k_games_postgres() {
    if let Some(backend) = Backend::postgres() {
        bench(backend).await;
    }
}
