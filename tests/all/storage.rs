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
