//! The SQLite writer: one connection per database on which every top-level
//! [`super::write_transaction`] runs, with group commit, and a thread that checkpoints the
//! write-ahead log.
//!
//! * **One connection.** SQLite throws away a connection's page cache whenever another
//!   connection has written. With writes spread over the pool every write transaction began
//!   cold and read each index page it touched with a system call; the writer's cache stays
//!   warm, since every change since its last transaction is its own.
//! * **Group commit.** A writer that finishes while others are queued leaves the transaction
//!   open and hands the connection to the next one; the last of the group commits for all.
//!   Each member runs inside its own savepoint, so a failing member undoes only its own work.
//!   A member returns only after the commit that contains its work succeeded. The pages that
//!   consecutive moves share (the ends of the time-ordered indexes, the outbox) are then
//!   written to the log once per group instead of once per move.
//! * **Checkpoints** run on a thread of their own, after commits; left to SQLite, the writer
//!   that crosses the log's size limit does it inside its commit, with two fsyncs, while
//!   everyone waits.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::Connection;
use parking_lot::{Condvar, Mutex, MutexGuard};

use super::{establish, DatabaseUrl, DbConn, DbError};

/// The writer connection's page cache.
const CACHE_KIB: u32 = 64 * 1024;
/// The checkpointer runs after commits, at most this often: small checkpoints, each a short
/// burst of I/O (at 100 ms, p99 of moves was 68 ms; at 1 s, 126 ms; at 10-25 ms, 36-40 ms).
const CHECKPOINT_SPACING: Duration = Duration::from_millis(10);
/// An idle checkpointer looks this often whether its database is still in use.
const CHECKPOINT_IDLE_CHECK: Duration = Duration::from_secs(1);
/// The writer checkpoints by itself only if the log has grown this long (4 KB pages).
const AUTOCHECKPOINT_PAGES: u32 = 10_000;
/// At most this many write transactions share one commit (bounds a member's wait).
const MAX_GROUP: usize = 16;
/// A member waiting for its group's commit checks this often that someone will commit it.
const GROUP_WAIT_CHECK: Duration = Duration::from_millis(50);

/// A database's writer.
pub(super) struct SqliteWriter {
    url: DatabaseUrl,
    state: Mutex<WriterState>,
    /// Threads waiting for `state`.
    queued: AtomicUsize,
    /// How long to wait for `state` before leaving it to SQLite's own locking.
    patience: Duration,
    /// Set by commits; the checkpointer waits for it.
    committed: Mutex<bool>,
    commit_signal: Condvar,
}

struct WriterState {
    /// `None` after a failure left it unusable; opened again on next use.
    conn: Option<DbConn>,
    /// The open transaction of the current group.
    group: Option<Arc<Group>>,
}

/// Write transactions committed together.
#[derive(Default)]
struct Group {
    members: AtomicUsize,
    /// Set once, by whoever commits or abandons the group.
    outcome: Mutex<Option<Result<(), String>>>,
    done: Condvar,
}

impl Group {
    fn finish(&self, outcome: Result<(), String>) {
        *self.outcome.lock() = Some(outcome);
        self.done.notify_all();
    }
}

impl SqliteWriter {
    /// Opens the writer of the SQLite database at `url` and starts its checkpointer, which
    /// stops when the writer is dropped.
    pub(super) fn open(url: &DatabaseUrl, patience: Duration) -> Result<Arc<Self>, DbError> {
        let writer = Arc::new(SqliteWriter {
            url: url.clone(),
            state: Mutex::new(WriterState {
                conn: Some(open_writer_connection(url)?),
                group: None,
            }),
            queued: AtomicUsize::new(0),
            patience,
            committed: Mutex::new(false),
            commit_signal: Condvar::new(),
        });
        spawn_checkpointer(Arc::downgrade(&writer))?;
        Ok(writer)
    }

    /// Runs `f` as one member of a group transaction on the writer connection. Gives `f` back
    /// when the writer could not be had in time (the caller then writes on its own
    /// connection).
    pub(super) fn run<T, E, F>(&self, f: F) -> Result<Result<T, E>, F>
    where
        E: From<DieselError>,
        F: FnOnce(&mut DbConn) -> Result<T, E>,
    {
        self.queued.fetch_add(1, Ordering::SeqCst);
        let state = self.state.try_lock_for(self.patience);
        self.queued.fetch_sub(1, Ordering::SeqCst);
        let Some(mut state) = state else {
            return Err(f);
        };
        let turn = self.run_turn(&mut state, f);
        // Still open: the commit was left to the next writer in the queue.
        let passed_on = state.group.is_some();
        MutexGuard::unlock_fair(state);
        Ok(turn.and_then(|(value, group)| {
            if passed_on {
                self.wait_for(&group).map_err(E::from)?;
            }
            Ok(value)
        }))
    }

    /// This thread's turn: joins (or opens) the group, runs `f` in a savepoint, then either
    /// leaves the transaction open for a queued writer or commits the group. Returns the
    /// value and the group; `state.group` is still set when the commit is left to others.
    fn run_turn<T, E>(
        &self,
        state: &mut WriterState,
        f: impl FnOnce(&mut DbConn) -> Result<T, E>,
    ) -> Result<(T, Arc<Group>), E>
    where
        E: From<DieselError>,
    {
        let group = match &state.group {
            Some(group) => group.clone(),
            None => {
                let conn = match state.conn.take() {
                    Some(conn) => conn,
                    None => open_writer_connection(&self.url).map_err(|e| E::from(failure(&e)))?,
                };
                let conn = state.conn.insert(conn);
                if let DbConn::Sqlite(c) = conn {
                    AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
                }
                let group = Arc::new(Group::default());
                state.group = Some(group.clone());
                group
            }
        };
        let members = group.members.fetch_add(1, Ordering::SeqCst) + 1;
        let Some(conn) = state.conn.as_mut() else {
            // Unreachable: a group is only open on a connection.
            return Err(E::from(DieselError::BrokenTransactionManager));
        };
        // Nested in the group's transaction, `transaction` is a savepoint: an error rolls
        // back this member's work only.
        let result = conn.transaction(f);
        if depth(conn) != Some(1) {
            // The savepoint could not be undone: the group's transaction is beyond repair.
            abandon(
                state,
                "a write transaction failed and could not be rolled back",
            );
            return result.and(Err(E::from(DieselError::BrokenTransactionManager)));
        }
        // Failed or not, this member decides whether the group commits now.
        if self.queued.load(Ordering::SeqCst) == 0 || members >= MAX_GROUP {
            let committed = self.commit(state);
            if result.is_ok() {
                committed.map_err(E::from)?;
            }
        }
        result.map(|value| (value, group))
    }

    /// Waits until `group` is committed. Whoever holds the writer commits it; if nobody does
    /// (the writer was handed to a thread that had given up waiting), this thread does.
    fn wait_for(&self, group: &Arc<Group>) -> Result<(), DieselError> {
        loop {
            {
                let mut outcome = group.outcome.lock();
                if outcome.is_none() {
                    group.done.wait_for(&mut outcome, GROUP_WAIT_CHECK);
                }
                if let Some(outcome) = outcome.as_ref() {
                    return outcome.clone().map_err(|e| failure(&e));
                }
            }
            if let Some(mut state) = self.state.try_lock() {
                if state.group.as_ref().is_some_and(|g| Arc::ptr_eq(g, group)) {
                    let _ = self.commit(&mut state);
                }
            }
        }
    }

    /// Commits the open group, tells its members, and wakes the checkpointer.
    fn commit(&self, state: &mut WriterState) -> Result<(), DieselError> {
        let Some(group) = state.group.take() else {
            return Ok(());
        };
        let result = match state.conn.as_mut() {
            Some(conn) => <DbConn as Connection>::TransactionManager::commit_transaction(conn),
            None => Err(DieselError::BrokenTransactionManager),
        };
        if let Err(e) = &result {
            tracing::error!(error = %e, "SQLite group commit failed");
            drop_if_in_transaction(state);
        }
        group.finish(result.as_ref().map(|_| ()).map_err(|e| e.to_string()));
        *self.committed.lock() = true;
        self.commit_signal.notify_one();
        result
    }
}

/// Rolls the open group back and tells its members it failed.
fn abandon(state: &mut WriterState, why: &str) {
    if let Some(conn) = state.conn.as_mut() {
        let _ = conn.batch_execute("ROLLBACK");
    }
    // diesel's own bookkeeping no longer matches the connection: do not use it again.
    state.conn = None;
    if let Some(group) = state.group.take() {
        group.finish(Err(why.to_owned()));
    }
}

fn drop_if_in_transaction(state: &mut WriterState) {
    if state.conn.as_mut().and_then(depth).is_some() {
        state.conn = None;
    }
}

/// The transaction depth diesel records for `conn` (`None`: no transaction).
fn depth(conn: &mut DbConn) -> Option<u32> {
    super::transaction_depth(conn)
        .ok()
        .flatten()
        .map(|d| d.get())
}

/// A diesel error for a failure reported by another member of the group.
fn failure(message: &impl ToString) -> DieselError {
    DieselError::DatabaseError(DatabaseErrorKind::Unknown, Box::new(message.to_string()))
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

thread_local! {
    /// The writer of the database whose pooled connection this thread holds (the innermost
    /// checkout).
    static CURRENT: RefCell<Option<Arc<SqliteWriter>>> = const { RefCell::new(None) };
}

/// This thread's current writer, if it holds a pooled SQLite connection.
pub(super) fn current() -> Option<Arc<SqliteWriter>> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Makes a writer this thread's current one until dropped (then restores the previous one).
/// Not `Send`: it must be dropped on the thread that made it.
pub(super) struct WriterScope {
    previous: Option<Option<Arc<SqliteWriter>>>,
    _not_send: PhantomData<*const ()>,
}

impl WriterScope {
    pub(super) fn enter(writer: Option<Arc<SqliteWriter>>) -> Self {
        let previous = writer.map(|w| CURRENT.with(|c| c.replace(Some(w))));
        Self {
            previous,
            _not_send: PhantomData,
        }
    }
}

impl Drop for WriterScope {
    fn drop(&mut self) {
        if let Some(previous) = self.previous.take() {
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
}
