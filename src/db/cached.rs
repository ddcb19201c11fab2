//! Prepared-statement reuse for queries diesel would prepare again on every run.
//!
//! diesel never caches an `UPDATE` (a changeset may skip `None` fields, so one query type can
//! stand for several SQL texts). Preparing the game update of a move costs SQLite a plan over
//! every index of `games`, inside the write lock. An update whose `SET` list is a fixed tuple
//! of `column.eq(value)` has one SQL text; [`cached`] says so and names it with a marker type,
//! and the connection's statement cache keeps it.

use std::marker::PhantomData;

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::{QueryResult, RunQueryDsl};

/// `query`, prepared once per connection under the marker type `K`. The caller promises that
/// every query given with the same `K` has the same SQL text: give each call site its own
/// marker, and use only `SET` lists without `Option` changesets.
pub fn cached<K: 'static, Q>(query: Q) -> Cached<K, Q> {
    Cached {
        query,
        _marker: PhantomData,
    }
}

/// See [`cached`].
pub struct Cached<K, Q> {
    query: Q,
    _marker: PhantomData<K>,
}

impl<K: 'static, Q> QueryId for Cached<K, Q> {
    type QueryId = K;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<K, Q, DB> QueryFragment<DB> for Cached<K, Q>
where
    DB: Backend,
    Q: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.query.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        Ok(true)
    }
}

impl<K, Q, Conn> RunQueryDsl<Conn> for Cached<K, Q> {}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;

    use super::*;

    diesel::table! {
        counters (id) {
            id -> BigInt,
            value -> BigInt,
            label -> Nullable<Text>,
        }
    }

    struct BumpCounter;

    fn bump(conn: &mut SqliteConnection, id: i64, label: Option<&str>) -> usize {
        cached::<BumpCounter, _>(
            diesel::update(counters::table.filter(counters::id.eq(id))).set((
                counters::value.eq(counters::value + 1),
                counters::label.eq(label),
            )),
        )
        .execute(conn)
        .unwrap()
    }

    #[test]
    fn a_cached_update_runs_with_new_binds_each_time() {
        let mut conn = SqliteConnection::establish(":memory:").unwrap();
        conn.batch_execute(
            "CREATE TABLE counters (id BIGINT PRIMARY KEY, value BIGINT NOT NULL, label TEXT);
             INSERT INTO counters VALUES (1, 0, NULL), (2, 10, NULL);",
        )
        .unwrap();
        assert_eq!(bump(&mut conn, 1, Some("a")), 1);
        assert_eq!(bump(&mut conn, 2, None), 1);
        assert_eq!(bump(&mut conn, 1, Some("b")), 1);
        assert_eq!(bump(&mut conn, 3, Some("c")), 0);
        let rows: Vec<(i64, i64, Option<String>)> =
            counters::table.order(counters::id).load(&mut conn).unwrap();
        assert_eq!(
            rows,
            vec![(1, 2, Some("b".to_owned())), (2, 11, None)],
            "each run used its own bound values"
        );
    }
}
