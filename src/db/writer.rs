//! The SQLite writer: the one connection on which every write transaction of a SQLite
//! database runs ([`super::Db::write`]), and a thread that checkpoints its write-ahead log.
//!
//! * **One connection.** SQLite throws away a connection's page cache whenever another
//!   connection has written. With writes spread over the pool every write transaction began
//!   cold and read each index page it touched with a system call; the writer's cache stays
//!   warm, since every change since its last transaction is its own.
//! * **Turns in arrival order.** Writers wait for the connection here, in a fair lock,
//!   rather than in SQLite's busy handler, whose growing sleeps gave a long tail under load.
//!   Each turn is one `BEGIN IMMEDIATE` transaction that commits (or rolls back) before the
//!   next turn starts.
//! * **Checkpoints** run on a thread of their own, after commits; left to SQLite, the writer
//!   that crosses the log's size limit does it inside its commit while everyone waits.

use std::sync::{Arc, Weak};
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::Connection;
use parking_lot::{Condvar, Mutex, MutexGuard};

use super::{establish, transaction_depth, DatabaseUrl, DbConn, DbError};

/// The writer connection's page cache.
const CACHE_KIB: u32 = 64 * 1024;
/// The checkpointer runs after commits, at most this often: small checkpoints, each a short
/// burst of I/O.
const CHECKPOINT_SPACING: Duration = Duration::from_millis(10);
/// An idle checkpointer looks this often whether its database is still in use.
const CHECKPOINT_IDLE_CHECK: Duration = Duration::from_secs(1);
/// The writer checkpoints by itself only if the log has grown this long (4 KB pages).
const AUTOCHECKPOINT_PAGES: u32 = 10_000;

/// A SQLite database's writer.
pub(super) struct SqliteWriter {
    url: DatabaseUrl,
    /// `None` after a failure left it unusable; opened again on next use.
    conn: Mutex<Option<DbConn>>,
    /// How long a write waits for its turn before failing.
    patience: Duration,
    /// Set by commits; the checkpointer waits for it.
    committed: Mutex<bool>,
    commit_signal: Condvar,
}

impl SqliteWriter {
    /// Opens the writer of the SQLite database at `url` and starts its checkpointer, which
    /// stops when the writer is dropped.
    pub(super) fn open(url: &DatabaseUrl, patience: Duration) -> Result<Arc<Self>, DbError> {
        let writer = Arc::new(SqliteWriter {
            url: url.clone(),
            conn: Mutex::new(Some(open_writer_connection(url)?)),
            patience,
            committed: Mutex::new(false),
            commit_signal: Condvar::new(),
        });
        spawn_checkpointer(Arc::downgrade(&writer))?;
        Ok(writer)
    }

    /// Runs `f` on the writer connection in its own `BEGIN IMMEDIATE` transaction, after the
    /// writes that asked earlier. Returns once the transaction has committed; an error from
    /// `f` or from the commit rolls back everything `f` did.
    pub(super) fn write<T, E>(&self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DieselError>,
    {
        let Some(mut slot) = self.conn.try_lock_for(self.patience) else {
            return Err(E::from(busy(self.patience)));
        };
        let conn = match slot.take() {
            Some(conn) => conn,
            None => open_writer_connection(&self.url).map_err(|e| E::from(reopen_failed(&e)))?,
        };
        let conn = slot.insert(conn);
        let result = immediate_transaction(conn, f);
        // A transaction diesel could not close leaves the connection in an unknown state.
        if !matches!(transaction_depth(conn), Ok(None)) {
            *slot = None;
        }
        MutexGuard::unlock_fair(slot);
        *self.committed.lock() = true;
        self.commit_signal.notify_one();
        result
    }
}

/// `f` in a SQLite transaction started with `BEGIN IMMEDIATE`: the write lock is taken up
/// front, so a concurrent writer on another connection (another process) waits instead of
/// failing when a read lock would have to be upgraded.
fn immediate_transaction<T, E>(
    conn: &mut DbConn,
    f: impl FnOnce(&mut DbConn) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<DieselError>,
{
    if let DbConn::Sqlite(c) = conn {
        AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
    }
    match f(conn) {
        Ok(value) => {
            <DbConn as Connection>::TransactionManager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(err) => {
            if let Err(rollback) =
                <DbConn as Connection>::TransactionManager::rollback_transaction(conn)
            {
                tracing::error!(error = %rollback, "rollback failed");
            }
            Err(err)
        }
    }
}

fn busy(waited: Duration) -> DieselError {
    DieselError::DatabaseError(
        DatabaseErrorKind::Unknown,
        Box::new(format!("the database writer stayed busy for {waited:?}")),
    )
}

fn reopen_failed(err: &DbError) -> DieselError {
    DieselError::DatabaseError(DatabaseErrorKind::Unknown, Box::new(err.to_string()))
}

fn open_writer_connection(url: &DatabaseUrl) -> Result<DbConn, DbError> {
    let mut conn = establish(url)?;
    // The checkpointer copies the log into the database; this is a backstop. The cache holds
    // the pages writes touch (every active game's row and moves, the indexes); SQLite's
    // default of 2 MB held the moves of a few hundred games.
    conn.batch_execute(&format!(
        "PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES};
         PRAGMA cache_size = -{CACHE_KIB};"
    ))?;
    Ok(conn)
}

/// Copies the write-ahead log into the database file after commits, from a thread of its
/// own, until the writer is dropped.
fn spawn_checkpointer(writer: Weak<SqliteWriter>) -> Result<(), DbError> {
    std::thread::Builder::new()
        .name("sqlite-checkpoint".into())
        .spawn(move || {
            let mut conn: Option<DbConn> = None;
            loop {
                let Some(url) = wait_for_commit(&writer) else {
                    return;
                };
                let result = match conn.take() {
                    Some(c) => Ok(c),
                    None => establish(&url),
                }
                .and_then(|mut c| {
                    // PASSIVE: copies what no reader still needs, never waits for anyone.
                    c.batch_execute("PRAGMA wal_checkpoint(PASSIVE)")?;
                    Ok(c)
                });
                match result {
                    Ok(c) => conn = Some(c),
                    Err(e) => tracing::warn!(error = %e, "SQLite checkpoint failed"),
                }
                std::thread::sleep(CHECKPOINT_SPACING);
            }
        })?;
    Ok(())
}

/// Waits until the writer has committed since the last checkpoint; `None` once the writer
/// is gone (its pool was dropped).
fn wait_for_commit(writer: &Weak<SqliteWriter>) -> Option<DatabaseUrl> {
    loop {
        let writer = writer.upgrade()?;
        let mut committed = writer.committed.lock();
        if !*committed {
            writer
                .commit_signal
                .wait_for(&mut committed, CHECKPOINT_IDLE_CHECK);
        }
        if std::mem::take(&mut *committed) {
            return Some(writer.url.clone());
        }
    }
}
