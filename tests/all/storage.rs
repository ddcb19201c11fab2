//! `Db::write` on both backends: a write commits everything or nothing, and what it
//! returns comes back only after its commit.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::result::Error;

use crate::common::{Backend, TestApp};
use plypost::db::{Db, DbConn};

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn count(conn: &mut DbConn, table: &str) -> i64 {
    diesel::sql_query(format!("SELECT count(*) AS n FROM {table}"))
        .get_result::<Count>(conn)
        .expect("count")
        .n
}

/// A parent and a child table whose foreign key is checked at commit.
fn tables(db: &mut Db) {
    db.write(|c| {
        c.batch_execute(
            "CREATE TABLE parent (id BIGINT PRIMARY KEY);
             CREATE TABLE child (parent_id BIGINT NOT NULL
                 REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);",
        )
    })
    .expect("tables");
}

async fn a_failing_write_stores_nothing(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.with_pooled(|db| {
        tables(db);
        let result: Result<(), Error> = db.write(|c| {
            c.batch_execute("INSERT INTO parent VALUES (1)")?;
            // A savepoint inside the write goes with it.
            c.transaction(|c| c.batch_execute("INSERT INTO parent VALUES (2)"))?;
            Err(Error::RollbackTransaction)
        });
        assert!(matches!(result, Err(Error::RollbackTransaction)));
        assert_eq!(count(db, "parent"), 0);
        // The next write works and is seen by a read on the pooled connection.
        db.write(|c| c.batch_execute("INSERT INTO parent VALUES (3)"))
            .expect("write");
        assert_eq!(count(db, "parent"), 1);
    })
    .await;
}

async fn a_failed_commit_is_an_error_and_stores_nothing(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.with_pooled(|db| {
        tables(db);
        let result = db.write(|c| {
            c.batch_execute("INSERT INTO parent VALUES (7); INSERT INTO child VALUES (42)")?;
            Ok::<_, Error>("the closure finished")
        });
        let err = result.expect_err("the commit must fail");
        assert!(
            err.to_string().to_lowercase().contains("foreign key"),
            "{err}"
        );
        assert_eq!(count(db, "parent"), 0, "the whole write is undone");
        assert_eq!(count(db, "child"), 0);
        db.write(|c| {
            c.batch_execute("INSERT INTO parent VALUES (42); INSERT INTO child VALUES (42)")
        })
        .expect("a write after the failed one");
        assert_eq!(count(db, "child"), 1);
    })
    .await;
}

backend_tests!(
    a_failing_write_stores_nothing,
    a_failed_commit_is_an_error_and_stores_nothing,
);

#[derive(QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = diesel::sql_types::Text)]
    detail: String,
}

/// The logs' finished and result filters walk their own index in the list's order (no sort
/// of every matching game), rating changes are found by game, and refreshing the statistics
/// (at start and in the clean-up job) leaves them in `sqlite_stat1`.
#[actix_web::test]
async fn list_filters_use_their_indexes_and_statistics_are_kept() {
    let app = TestApp::new(Backend::Sqlite).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    for _ in 0..3 {
        let game = app
            .start_game(
                &alice,
                "bob",
                &bob,
                &[("preset", "chess"), ("color", "white")],
            )
            .await;
        app.play_all(&alice, &bob, game, &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"])
            .await;
    }
    let clock: plypost::clock::SharedClock = app.clock.clone();
    let plans = app
        .with_db(move |conn| {
            plypost::jobs::cleanup::run_once(conn, &clock).expect("clean-up");
            plypost::db::refresh_statistics(conn).expect("statistics");
            let explain = |conn: &mut DbConn, sql: &str| -> String {
                diesel::sql_query(format!("EXPLAIN QUERY PLAN {sql}"))
                    .load::<PlanLine>(conn)
                    .expect("plan")
                    .into_iter()
                    .map(|l| l.detail)
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let order = "ORDER BY COALESCE(games.last_move_at, games.created_at) DESC, \
                         games.id DESC LIMIT 51";
            (
                explain(
                    conn,
                    &format!("SELECT games.id FROM games WHERE games.status = 'finished' {order}"),
                ),
                explain(
                    conn,
                    &format!("SELECT games.id FROM games WHERE games.result = '1/2-1/2' {order}"),
                ),
                // (Too few rows here for the planner to prefer it: its column is checked.)
                diesel::sql_query(
                    "SELECT name AS detail FROM pragma_index_info('rating_history_game')",
                )
                .load::<PlanLine>(conn)
                .expect("index info")
                .into_iter()
                .map(|l| l.detail)
                .collect::<Vec<_>>()
                .join(","),
                count(conn, "sqlite_stat1"),
            )
        })
        .await;
    let (finished, draws, ratings, stats) = plans;
    assert!(
        finished.contains("games_logs_status_activity"),
        "{finished}"
    );
    assert!(draws.contains("games_logs_result_activity"), "{draws}");
    for plan in [&finished, &draws] {
        assert!(!plan.contains("TEMP B-TREE"), "no sort: {plan}");
    }
    assert_eq!(ratings, "game_id", "rating changes are found by game");
    assert!(stats > 0, "PRAGMA optimize wrote statistics");
}
