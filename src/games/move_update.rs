//! The update of a game row by a move, written out by hand so that it is prepared once per
//! connection.
//!
//! diesel prepares every `UPDATE` again on each run: a changeset may leave out `None` fields,
//! so an update statement marks itself unsafe to cache. Preparing this one is a plan over
//! every index of `games`, and on SQLite it happens while the write lock is held. This
//! statement always has the same text, so it says nothing of the kind and the connection's
//! statement cache keeps it.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, HasSqlType, Nullable, Text, Timestamp};
use diesel::{QueryResult, RunQueryDsl};

use super::model::GameRow;
use crate::domain::{GameStatus, Side};

/// `UPDATE games SET <what a move changes> WHERE id = ? AND ply = ? AND status = ? AND
/// <deadline as before>`: the row as `after` has it, if the game is still as `before` was
/// read. A move's ply, an ending's status and a vacation's shifted deadline are everything
/// that changes a game while its player to move thinks, so a move worked out from `before`
/// never overwrites another change. It never ends a game: `play::end` does, after it.
pub struct MoveUpdate<'a> {
    pub after: &'a GameRow,
    pub before: &'a GameRow,
}

impl QueryId for MoveUpdate<'_> {
    type QueryId = MoveUpdate<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<DB> QueryFragment<DB> for MoveUpdate<'_>
where
    DB: Backend + HasSqlType<Text> + HasSqlType<BigInt> + HasSqlType<Timestamp>,
    String: ToSql<Text, DB>,
    str: ToSql<Text, DB>,
    i64: ToSql<BigInt, DB>,
    chrono::NaiveDateTime: ToSql<Timestamp, DB>,
    crate::db::UserId: ToSql<BigInt, DB>,
    Side: ToSql<Text, DB>,
    GameStatus: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        let row = self.after;
        out.push_sql("UPDATE ");
        out.push_identifier("games")?;
        let mut first = true;
        let mut set = |out: &mut AstPass<'_, 'b, DB>, column: &str| {
            out.push_sql(if first { " SET " } else { ", " });
            first = false;
            out.push_identifier(column)?;
            out.push_sql(" = ");
            Ok::<(), diesel::result::Error>(())
        };
        set(&mut out, "current_fen")?;
        out.push_bind_param::<Text, String>(&row.current_fen)?;
        set(&mut out, "ply")?;
        out.push_bind_param::<BigInt, i64>(&row.ply)?;
        set(&mut out, "side_to_move")?;
        out.push_bind_param::<Text, Side>(&row.side_to_move)?;
        set(&mut out, "draw_offer_by")?;
        out.push_bind_param::<Nullable<BigInt>, _>(&row.draw_offer_by)?;
        set(&mut out, "last_move_at")?;
        out.push_bind_param::<Nullable<Timestamp>, _>(&row.last_move_at)?;
        set(&mut out, "deadline_at")?;
        out.push_bind_param::<Nullable<Timestamp>, _>(&row.deadline_at)?;
        set(&mut out, "white_reserve_secs")?;
        out.push_bind_param::<Nullable<BigInt>, _>(&row.white_reserve_secs)?;
        set(&mut out, "black_reserve_secs")?;
        out.push_bind_param::<Nullable<BigInt>, _>(&row.black_reserve_secs)?;
        set(&mut out, "takeback_by")?;
        out.push_bind_param::<Nullable<BigInt>, _>(&row.takeback_by)?;
        set(&mut out, "undo_clock")?;
        out.push_bind_param::<Nullable<Text>, _>(&row.undo_clock)?;
        out.push_sql(" WHERE ");
        out.push_identifier("id")?;
        out.push_sql(" = ");
        out.push_bind_param::<BigInt, i64>(&row.id.0)?;
        out.push_sql(" AND ");
        out.push_identifier("ply")?;
        out.push_sql(" = ");
        out.push_bind_param::<BigInt, i64>(&self.before.ply)?;
        out.push_sql(" AND ");
        out.push_identifier("status")?;
        out.push_sql(" = ");
        out.push_bind_param::<Text, GameStatus>(&self.before.status)?;
        // `IS NOT DISTINCT FROM` in both dialects, spelled the way both accept.
        out.push_sql(" AND (");
        out.push_identifier("deadline_at")?;
        out.push_sql(" = ");
        out.push_bind_param::<Nullable<Timestamp>, _>(&self.before.deadline_at)?;
        out.push_sql(" OR (");
        out.push_identifier("deadline_at")?;
        out.push_sql(" IS NULL AND ");
        out.push_bind_param::<Nullable<Timestamp>, _>(&self.before.deadline_at)?;
        out.push_sql(" IS NULL))");
        Ok(())
    }
}

impl<Conn> RunQueryDsl<Conn> for MoveUpdate<'_> {}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
    use diesel::prelude::*;
    use diesel_migrations::MigrationHarness;

    use super::*;
    use crate::db::schema::games;

    /// Counts the UPDATEs prepared for a connection's statement cache.
    struct CountCachedUpdates(Arc<AtomicUsize>);

    impl Instrumentation for CountCachedUpdates {
        fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
            if let InstrumentationEvent::CacheQuery { sql, .. } = event {
                if sql.starts_with("UPDATE") {
                    self.0.fetch_add(1, Ordering::SeqCst);
                }
            }
        }
    }

    fn game(conn: &mut SqliteConnection) -> GameRow {
        games::table
            .find(crate::games::GameId(1))
            .select(GameRow::as_select())
            .first(conn)
            .unwrap()
    }

    #[test]
    fn a_move_update_is_prepared_once_and_applies_only_at_its_ply() {
        let mut conn = SqliteConnection::establish(":memory:").unwrap();
        conn.run_pending_migrations(crate::db::SQLITE_MIGRATIONS)
            .unwrap();
        // Without foreign keys the row needs no players or preset.
        conn.batch_execute(
            "PRAGMA foreign_keys = OFF;
             INSERT INTO games (id, preset_version_id, white_id, black_id, status, start_fen,
                 current_fen, ply, side_to_move, time_kind, days_per_move, created_at,
                 imported, allow_vacation)
             VALUES (1, 1, 1, 2, 'active', 'start', 'start', 0, 'white', 'days', 3,
                 '2026-12-01 10:00:00', 0, 1)",
        )
        .unwrap();
        let prepared = Arc::new(AtomicUsize::new(0));
        conn.set_instrumentation(CountCachedUpdates(prepared.clone()));
        for ply in 1..=3 {
            let before = game(&mut conn);
            let mut after = before.clone();
            after.ply = ply;
            after.current_fen = format!("fen {ply}");
            after.draw_offer_by = (ply == 2).then_some(crate::db::UserId(1));
            after.deadline_at = chrono::NaiveDate::from_ymd_opt(2026, 12, ply as u32)
                .and_then(|d| d.and_hms_opt(10, 0, 0));
            let update = MoveUpdate {
                after: &after,
                before: &before,
            };
            assert_eq!(update.execute(&mut conn).unwrap(), 1);
            // A second submission for the same ply finds the game moved on.
            let again = MoveUpdate {
                after: &after,
                before: &before,
            };
            assert_eq!(again.execute(&mut conn).unwrap(), 0);
        }
        let stored = game(&mut conn);
        assert_eq!((stored.ply, stored.current_fen.as_str()), (3, "fen 3"));
        // A deadline moved since the read (a vacation ended) stops the update.
        let mut shifted = stored.clone();
        shifted.deadline_at = stored.deadline_at.map(|d| d + chrono::Duration::days(1));
        let mut after = stored.clone();
        after.ply = 4;
        let stale = MoveUpdate {
            after: &after,
            before: &shifted,
        };
        assert_eq!(stale.execute(&mut conn).unwrap(), 0);
        // Read again, it applies; a game without a deadline matches a read without one.
        let mut no_deadline = stored.clone();
        no_deadline.deadline_at = None;
        let mut after = no_deadline.clone();
        after.ply = 4;
        let fresh = MoveUpdate {
            after: &after,
            before: &stored,
        };
        assert_eq!(fresh.execute(&mut conn).unwrap(), 1);
        let mut after_none = no_deadline.clone();
        after_none.ply = 5;
        let before_none = GameRow {
            ply: 4,
            ..no_deadline
        };
        let from_none = MoveUpdate {
            after: &after_none,
            before: &before_none,
        };
        assert_eq!(from_none.execute(&mut conn).unwrap(), 1);
        assert_eq!(stored.draw_offer_by, None);
        assert_eq!(
            prepared.load(Ordering::SeqCst),
            1,
            "prepared once, then reused"
        );
    }
}
