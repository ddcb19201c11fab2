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
            let retention = plypost::jobs::cleanup::Retention {
                sent_mail_rows: chrono::Duration::days(30),
            };
            plypost::jobs::cleanup::run_once(conn, &clock, retention).expect("clean-up");
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

#[derive(QueryableByName)]
struct Pragma {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn pragma(conn: &mut DbConn, name: &str) -> i64 {
    diesel::sql_query(format!("SELECT {name} AS n FROM pragma_{name}"))
        .get_result::<Pragma>(conn)
        .expect("pragma")
        .n
}

/// A new SQLite file gives the pages of deleted rows back to the file system (incremental
/// auto-vacuum, run by the clean-up job); `plypost vacuum` shrinks a file made without it
/// and switches it over.
#[actix_web::test]
async fn the_sqlite_file_gives_space_back() {
    let app = TestApp::new(Backend::Sqlite).await;
    let (mode, freed, free_after, pages) = app
        .with_db(|conn| {
            let mode = pragma(conn, "auto_vacuum");
            conn.batch_execute(
                "CREATE TABLE filler (b BLOB);
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                 INSERT INTO filler SELECT randomblob(4000) FROM n;",
            )
            .unwrap();
            let full = pragma(conn, "page_count");
            conn.batch_execute("DELETE FROM filler").unwrap();
            let free = pragma(conn, "freelist_count");
            assert!(free > 1_000, "deleted rows leave free pages: {free}");
            let freed = plypost::db::give_back_free_pages(conn).unwrap();
            let pages = pragma(conn, "page_count");
            assert!(pages < full - 1_000, "{pages} pages of {full}");
            (mode, freed, pragma(conn, "freelist_count"), pages)
        })
        .await;
    assert_eq!(mode, 2, "incremental auto-vacuum");
    assert!(freed > 1_000, "{freed}");
    assert_eq!(free_after, 0);
    assert!(pages > 0);

    // A file made before: no auto-vacuum; `plypost vacuum` shrinks it and switches it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let mut old = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
        old.batch_execute(
            "CREATE TABLE filler (b BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
             INSERT INTO filler SELECT randomblob(4000) FROM n;
             DELETE FROM filler;",
        )
        .unwrap();
    }
    let before = std::fs::metadata(&path).unwrap().len();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_plypost"))
        .arg("vacuum")
        .env("PLYPOST_DATABASE_URL", &path)
        .env("PLYPOST_SECRET_KEY", "0123456789abcdef0123456789abcdef")
        .env("PLYPOST_MAIL_DIR", dir.path().join("mail"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("sqlite database:") && said.contains("MB after"),
        "{said}"
    );
    let after = std::fs::metadata(&path).unwrap().len();
    assert!(after < before / 4, "{after} bytes of {before}");
    let mut old = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    let mode = diesel::sql_query("SELECT auto_vacuum AS n FROM pragma_auto_vacuum")
        .get_result::<Pragma>(&mut old)
        .unwrap()
        .n;
    assert_eq!(mode, 2, "switched to incremental auto-vacuum");
}
