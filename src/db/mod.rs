//! Storage: one connection type over SQLite and PostgreSQL, an r2d2 pool, embedded
//! migrations (one folder per backend) and the few helpers every service uses.
//!
//! How to use it, in one place:
//!
//! * **Reads** run on a [`Db`] (a pooled connection) or on the `&mut DbConn` a write gives
//!   you, written once with diesel's query builder: `games::table.find(id).first(conn)`.
//! * **Writes** go through [`Db::write`]: the closure gets the connection that commits,
//!   runs in one transaction, and what it returns comes back after the commit. Functions
//!   that only make sense inside a write take `&mut DbConn`; functions that start one take
//!   `&mut Db`.
//! * **Backends differ in SQL text only, and only here**: [`per_backend`] picks a text,
//!   [`on_backend!`] runs a statement on the backend's own connection (`RETURNING`, which
//!   diesel's `MultiConnection` cannot express, and the two reads of every signed-in
//!   request), [`first_for_update!`] locks the row it reads on
//!   PostgreSQL (SQLite's write transaction already holds the database's only write lock).
//!   No code outside `src/db` names a backend.

pub mod backup;
mod gate;
pub mod ids;
pub mod models;
pub mod schema;
mod writer;

use gate::{FairGate, Permit};
use writer::SqliteWriter;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

pub use ids::{ChallengeId, GameId, OutboxId, PresetVersionId, UserId};

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// How long SQLite waits for a lock before giving up with "database is locked".
const SQLITE_BUSY_TIMEOUT_MS: u32 = 5_000;

/// Runs `$run` with `$c` bound to the backend's own connection: for the statements diesel's
/// `MultiConnection` cannot express (`.returning(..)`), as in `on_backend!(conn, |c|
/// insert.returning(games::id).get_result(c))`, and for the reads every signed-in request
/// makes (the session; a game with its players), which `MultiConnection` would write out as
/// SQL text again on each run. `$run` is compiled once per backend, so build the query
/// inside it.
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $run:expr) => {
        match $conn {
            $crate::db::DbConn::Sqlite($c) => $run,
            $crate::db::DbConn::Postgres($c) => $run,
        }
    };
}

/// The first row of `$query`, locked for the rest of the write transaction on PostgreSQL
/// (`SELECT .. FOR UPDATE`). SQLite has no row locks and needs none: a write transaction
/// holds the database's only write lock from its start. Gives `Option<row>`.
#[macro_export]
macro_rules! first_for_update {
    ($conn:expr, $query:expr) => {{
        use diesel::{OptionalExtension as _, QueryDsl as _, RunQueryDsl as _};
        match $conn {
            $crate::db::DbConn::Sqlite(c) => $query.first(c).optional(),
            $crate::db::DbConn::Postgres(c) => $query.for_update().first(c).optional(),
        }
    }};
}

/// The SQL text for `conn`'s backend, where the two dialects differ.
pub fn per_backend<'a>(conn: &DbConn, sqlite: &'a str, postgres: &'a str) -> &'a str {
    match conn {
        DbConn::Sqlite(_) => sqlite,
        DbConn::Postgres(_) => postgres,
    }
}

/// A database connection of either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

pub type PooledConn = r2d2::PooledConnection<ConnectionManager>;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot connect to the database: {0}")]
    Connect(#[from] diesel::ConnectionError),
    #[error("database pool: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("no database connection became free within {0:?}")]
    PoolBusy(Duration),
    #[error("database query: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("migrations: {0}")]
    Migration(String),
    #[error("cannot prepare the database file: {0}")]
    Io(#[from] std::io::Error),
    #[error("backup: {0}")]
    Backup(String),
}

/// Where the data lives; the backend is chosen by the URL scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// A file path (`plypost.db`, `sqlite://var/plypost.db`, `sqlite:plypost.db`).
    Sqlite(String),
    /// `postgres://` or `postgresql://`.
    Postgres(String),
}

impl DatabaseUrl {
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Self::Postgres(text.to_owned()));
        }
        let path = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"))
            .unwrap_or(text);
        if path.is_empty() {
            return Err("an empty SQLite path".to_owned());
        }
        if path.contains("://") {
            return Err(format!(
                "`{text}`: use a SQLite file path or a postgres:// URL"
            ));
        }
        if path == ":memory:" {
            // Each pooled connection would get its own empty database.
            return Err("an in-memory SQLite database cannot be shared; use a file".to_owned());
        }
        Ok(Self::Sqlite(path.to_owned()))
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            Self::Sqlite(_) => "sqlite",
            Self::Postgres(_) => "postgres",
        }
    }
}

/// Opens connections for the pool, picking the backend by the URL scheme ourselves (the
/// derived `establish` tries each backend and hides the real error) and setting up SQLite.
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DatabaseUrl,
}

impl ConnectionManager {
    pub fn new(url: DatabaseUrl) -> Self {
        Self { url }
    }
}

/// A PostgreSQL connection checked this recently is taken to be alive without asking the
/// server again (otherwise every checkout costs a round trip). A connection lost in between
/// fails its query with a closed-connection error, which pages answer with a 503
/// ([`is_connection_lost`]); its next check, at most this much later, replaces it.
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// A pooled connection and when it was last checked.
pub struct PoolSlot {
    conn: DbConn,
    checked_at: std::time::Instant,
}

impl ManageConnection for ConnectionManager {
    type Connection = PoolSlot;
    type Error = DbError;

    fn connect(&self) -> Result<PoolSlot, DbError> {
        Ok(PoolSlot {
            conn: establish(&self.url)?,
            checked_at: std::time::Instant::now(),
        })
    }

    fn is_valid(&self, slot: &mut PoolSlot) -> Result<(), DbError> {
        if slot.checked_at.elapsed() < CHECK_EVERY {
            return Ok(());
        }
        slot.conn.batch_execute("SELECT 1")?;
        slot.checked_at = std::time::Instant::now();
        Ok(())
    }

    /// A connection given back inside a transaction, or whose transaction bookkeeping failed,
    /// is closed rather than reused (as diesel's own r2d2 manager does).
    fn has_broken(&self, slot: &mut PoolSlot) -> bool {
        !matches!(transaction_depth(&mut slot.conn), Ok(None))
    }
}

/// How deep in transactions (and savepoints) diesel has `conn`: `Ok(None)` outside any, an
/// error when its transaction bookkeeping broke.
pub(crate) fn transaction_depth(
    conn: &mut DbConn,
) -> diesel::QueryResult<Option<std::num::NonZeroU32>> {
    match conn {
        DbConn::Sqlite(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
        DbConn::Postgres(c) => AnsiTransactionManager::transaction_manager_status_mut(c),
    }
    .transaction_depth()
}

/// Whether `conn` is inside a transaction (or savepoint) diesel opened. Broken bookkeeping
/// counts as inside one: nothing read then is trusted.
pub fn in_transaction(conn: &mut DbConn) -> bool {
    transaction_depth(conn).map_or(true, |depth| depth.is_some())
}

/// True when a query failed because the connection to the database is gone (server restart,
/// database dropped): a temporary outage, not a bug.
pub fn is_connection_lost(err: &diesel::result::Error) -> bool {
    use diesel::result::DatabaseErrorKind::{ClosedConnection, UnableToSendCommand};
    matches!(
        err,
        diesel::result::Error::DatabaseError(ClosedConnection | UnableToSendCommand, _)
    )
}

/// Opens one connection (SQLite: WAL, busy timeout and foreign keys on).
pub fn establish(url: &DatabaseUrl) -> Result<DbConn, DbError> {
    match url {
        DatabaseUrl::Postgres(url) => {
            let mut conn = PgConnection::establish(url)?;
            // JIT compiles a plan whose estimated cost is high, which takes longer than the
            // index reads of a web request ever do: 40 ms of 41 for a game's log, measured.
            conn.batch_execute("SET jit = off")?;
            Ok(DbConn::Postgres(conn))
        }
        DatabaseUrl::Sqlite(path) => {
            let mut conn = SqliteConnection::establish(path)?;
            // busy_timeout first: switching to WAL itself needs a lock. auto_vacuum takes
            // effect in a new, empty file only (`plypost vacuum` switches an older one).
            conn.batch_execute(&format!(
                "PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS};
                 PRAGMA auto_vacuum = INCREMENTAL;
                 PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = NORMAL;
                 PRAGMA foreign_keys = ON;"
            ))?;
            Ok(DbConn::Sqlite(conn))
        }
    }
}

/// The connection pool and, for SQLite, the one connection that every write transaction of
/// this database runs on ([`Db::write`]). Cheap to clone.
#[derive(Clone)]
pub struct DbPool {
    pool: r2d2::Pool<ConnectionManager>,
    /// Connections are handed out in the order they were asked for (see [`gate`]).
    gate: Arc<FairGate>,
    timeout: Duration,
    writer: Option<Arc<SqliteWriter>>,
}

impl DbPool {
    /// A connection, after those who asked earlier.
    pub fn get(&self) -> Result<Db, DbError> {
        let asked = std::time::Instant::now();
        let permit = self
            .gate
            .acquire(self.timeout)
            .ok_or(DbError::PoolBusy(self.timeout))?;
        let conn = self.pool.get()?;
        crate::metrics::METRICS.pool_wait(asked.elapsed());
        Ok(Db {
            conn,
            writer: self.writer.clone(),
            _permit: permit,
        })
    }
}

/// A pooled connection: reads run on it directly (it dereferences to [`DbConn`]), writes
/// through [`Db::write`]. The fields drop in order: the connection goes back to the pool
/// before the permit goes to the next waiter.
pub struct Db {
    conn: PooledConn,
    writer: Option<Arc<SqliteWriter>>,
    _permit: Permit,
}

impl Db {
    /// Runs `f` in a write transaction and commits it; an error from `f` or from the commit
    /// rolls back everything `f` did, and is returned. The connection `f` receives is the
    /// one that commits: on PostgreSQL this connection, on SQLite the database's writer
    /// (one connection for all writes, taken in turn, first come first served, with
    /// `BEGIN IMMEDIATE`; see [`writer`]). Inside `f`, `conn.transaction(..)` opens a
    /// savepoint.
    pub fn write<T, E>(&mut self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        match &self.writer {
            Some(writer) => writer.write(f),
            None => self.conn.conn.transaction(f),
        }
    }
}

impl Db {
    /// The pooled connection, for reads (where deref coercion does not reach: diesel's
    /// `load(conn)` and friends are generic over the connection).
    pub fn conn(&mut self) -> &mut DbConn {
        &mut self.conn.conn
    }
}

impl std::ops::Deref for Db {
    type Target = DbConn;
    fn deref(&self) -> &DbConn {
        &self.conn.conn
    }
}

impl std::ops::DerefMut for Db {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.conn.conn
    }
}

/// Builds the pool. The SQLite file (and its folder) is created if missing. `timeout` bounds
/// the wait for a connection.
pub fn pool(url: &DatabaseUrl, max_size: u32, timeout: Duration) -> Result<DbPool, DbError> {
    create_folder(url)?;
    let pool = r2d2::Pool::builder()
        .max_size(max_size)
        // A SQLite connection does not go stale; a PostgreSQL one can (server restart), so
        // it is checked with `SELECT 1` (at most once a second, see `CHECK_EVERY`).
        .test_on_check_out(matches!(url, DatabaseUrl::Postgres(_)))
        .connection_timeout(timeout)
        .build(ConnectionManager::new(url.clone()))?;
    let writer = match url {
        DatabaseUrl::Sqlite(_) => Some(SqliteWriter::open(
            url,
            Duration::from_millis(SQLITE_BUSY_TIMEOUT_MS.into()),
        )?),
        DatabaseUrl::Postgres(_) => None,
    };
    Ok(DbPool {
        pool,
        gate: FairGate::new(max_size as usize),
        timeout,
        writer,
    })
}

/// Creates the folder of a SQLite file if it is missing.
fn create_folder(url: &DatabaseUrl) -> Result<(), DbError> {
    if let DatabaseUrl::Sqlite(path) = url {
        if let Some(dir) = Path::new(path)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir)?;
        }
    }
    Ok(())
}

/// One connection of its own, before any pool is opened: start-up migrates on it, so no
/// pooled connection meets a database that a migration has locked.
pub fn single_connection(url: &DatabaseUrl) -> Result<DbConn, DbError> {
    create_folder(url)?;
    establish(url)
}

/// Applies the pending migrations of the connection's backend; returns how many ran.
pub fn run_migrations(conn: &mut DbConn) -> Result<usize, DbError> {
    let applied = match conn {
        DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
        DbConn::Postgres(c) => c
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
    };
    applied.map_err(|e| DbError::Migration(e.to_string()))
}

/// Keeps the query planner's statistics current. SQLite: `PRAGMA optimize` analyzes the
/// tables whose statistics are missing or stale, bounded by `analysis_limit` (rows read per
/// index), so it stays cheap on a big archive; inside `BEGIN IMMEDIATE`, so that it queues
/// with the other writers. Called at start (before the pool opens) and by the clean-up job.
/// PostgreSQL's autovacuum does the same there.
pub fn refresh_statistics(conn: &mut DbConn) -> Result<(), diesel::result::Error> {
    use diesel::connection::SimpleConnection;
    if let DbConn::Sqlite(c) = conn {
        c.batch_execute(
            "PRAGMA analysis_limit = 1000; BEGIN IMMEDIATE; PRAGMA optimize = 0x10002; COMMIT;",
        )?;
    }
    Ok(())
}

/// Refreshes every table's planner statistics at once, after a bulk load (`plypost seed`):
/// SQLite `ANALYZE`, PostgreSQL `ANALYZE` (autovacuum would come to it only later).
pub fn analyze_all(conn: &mut DbConn) -> QueryResult<()> {
    match conn {
        DbConn::Sqlite(c) => c.batch_execute("ANALYZE"),
        DbConn::Postgres(c) => c.batch_execute("ANALYZE"),
    }
}

/// Pages the clean-up job gives back to the file system at most per run (40 MB of 4 KiB
/// pages), so that a run holds the write lock for a moment only.
const FREE_PAGES_PER_RUN: i64 = 10_000;

#[derive(QueryableByName)]
struct PragmaNumber {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn sqlite_pragma(c: &mut SqliteConnection, name: &str) -> QueryResult<i64> {
    Ok(
        diesel::sql_query(format!("SELECT {name} AS n FROM pragma_{name}"))
            .get_result::<PragmaNumber>(c)?
            .n,
    )
}

/// SQLite: gives the free pages of the file (left by deleted rows: sent mail, sessions) back
/// to the file system, [`FREE_PAGES_PER_RUN`] at a time, when the file is in incremental
/// auto-vacuum mode (new files are; `plypost vacuum` switches older ones). Returns the pages
/// given back. PostgreSQL: nothing to do (autovacuum reuses the space).
pub fn give_back_free_pages(conn: &mut DbConn) -> QueryResult<i64> {
    let DbConn::Sqlite(c) = conn else {
        return Ok(0);
    };
    const INCREMENTAL: i64 = 2;
    if sqlite_pragma(c, "auto_vacuum")? != INCREMENTAL {
        return Ok(0);
    }
    let before = sqlite_pragma(c, "freelist_count")?;
    if before == 0 {
        return Ok(0);
    }
    c.batch_execute(&format!("PRAGMA incremental_vacuum({FREE_PAGES_PER_RUN})"))?;
    Ok(before - sqlite_pragma(c, "freelist_count")?)
}

/// What `plypost vacuum` did: the database's size before and after, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacuumed {
    pub before: i64,
    pub after: i64,
}

/// Rewrites the database without its free space (`plypost vacuum`, for the operator to
/// schedule in a quiet hour: SQLite's `VACUUM` holds the write lock while it copies the
/// file). SQLite also switches to incremental auto-vacuum, so that the clean-up job gives
/// space back from then on. PostgreSQL: a plain `VACUUM (ANALYZE)` (it marks space for
/// reuse; it never locks out writers).
pub fn vacuum(conn: &mut DbConn) -> QueryResult<Vacuumed> {
    match conn {
        DbConn::Sqlite(c) => {
            let size = |c: &mut SqliteConnection| -> QueryResult<i64> {
                Ok(sqlite_pragma(c, "page_count")? * sqlite_pragma(c, "page_size")?)
            };
            let before = size(c)?;
            c.batch_execute(
                "PRAGMA auto_vacuum = INCREMENTAL; VACUUM; PRAGMA wal_checkpoint(TRUNCATE);",
            )?;
            Ok(Vacuumed {
                before,
                after: size(c)?,
            })
        }
        DbConn::Postgres(c) => {
            let size = |c: &mut PgConnection| -> QueryResult<i64> {
                Ok(
                    diesel::sql_query("SELECT pg_database_size(current_database()) AS n")
                        .get_result::<PragmaNumber>(c)?
                        .n,
                )
            };
            let before = size(c)?;
            c.batch_execute("VACUUM (ANALYZE)")?;
            Ok(Vacuumed {
                before,
                after: size(c)?,
            })
        }
    }
}

/// True when the error is a violated UNIQUE constraint (on either backend).
pub fn is_unique_violation(err: &diesel::result::Error) -> bool {
    matches!(
        err,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}

/// One column of a table, as the database reports it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ColumnInfo {
    pub table: String,
    pub column: String,
    pub not_null: bool,
}

#[derive(QueryableByName)]
struct ColumnRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    table_name: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    column_name: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    not_null: bool,
}

/// The application's tables and columns (diesel's own bookkeeping table left out), sorted.
/// Used to check that both backends' migrations describe the same schema.
pub fn describe_schema(conn: &mut DbConn) -> Result<Vec<ColumnInfo>, DbError> {
    let rows: Vec<ColumnRow> = match conn {
        DbConn::Sqlite(c) => diesel::sql_query(
            "SELECT m.name AS table_name, p.name AS column_name,
                    (p.\"notnull\" <> 0 OR p.pk > 0) AS not_null
             FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '__diesel_schema_migrations'",
        )
        .load(c)?,
        DbConn::Postgres(c) => diesel::sql_query(
            "SELECT table_name::text AS table_name, column_name::text AS column_name,
                    (is_nullable = 'NO') AS not_null
             FROM information_schema.columns
             WHERE table_schema = current_schema()
               AND table_name <> '__diesel_schema_migrations'",
        )
        .load(c)?,
    };
    let mut columns: Vec<ColumnInfo> = rows
        .into_iter()
        .map(|r| ColumnInfo {
            table: r.table_name,
            column: r.column_name,
            not_null: r.not_null,
        })
        .collect();
    columns.sort();
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_is_chosen_by_scheme() {
        assert_eq!(
            DatabaseUrl::parse("postgres://u@h/db").unwrap(),
            DatabaseUrl::Postgres("postgres://u@h/db".into())
        );
        assert_eq!(
            DatabaseUrl::parse("postgresql://h/db")
                .unwrap()
                .backend_name(),
            "postgres"
        );
        assert_eq!(
            DatabaseUrl::parse("sqlite://var/p.db").unwrap(),
            DatabaseUrl::Sqlite("var/p.db".into())
        );
        assert_eq!(
            DatabaseUrl::parse("p.db").unwrap(),
            DatabaseUrl::Sqlite("p.db".into())
        );
        assert!(DatabaseUrl::parse("mysql://h/db").is_err());
        assert!(DatabaseUrl::parse(":memory:").is_err());
    }

    #[test]
    fn sqlite_is_set_up_for_concurrency() {
        let dir = tempfile::tempdir().unwrap();
        let url = DatabaseUrl::Sqlite(dir.path().join("t.db").to_string_lossy().into_owned());
        let pool = pool(&url, 2, Duration::from_secs(5)).unwrap();
        let mut conn = pool.get().unwrap();
        #[derive(QueryableByName)]
        struct Mode {
            #[diesel(sql_type = diesel::sql_types::Text)]
            journal_mode: String,
        }
        #[derive(QueryableByName)]
        struct Fk {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            foreign_keys: i64,
        }
        let DbConn::Sqlite(c) = &mut *conn else {
            panic!("expected SQLite")
        };
        let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
            .get_result(c)
            .unwrap();
        assert_eq!(mode.journal_mode, "wal");
        let fk: Fk = diesel::sql_query("PRAGMA foreign_keys")
            .get_result(c)
            .unwrap();
        assert_eq!(fk.foreign_keys, 1);
        // .cargo/config.toml: without these, cached statements are recompiled on every use
        // and every allocation takes a global lock.
        #[derive(QueryableByName)]
        struct Options {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            qpsg: i32,
            #[diesel(sql_type = diesel::sql_types::Integer)]
            memstatus: i32,
        }
        let options: Options = diesel::sql_query(
            "SELECT sqlite_compileoption_used('ENABLE_QPSG') AS qpsg,
                    sqlite_compileoption_used('DEFAULT_MEMSTATUS=0') AS memstatus",
        )
        .get_result(c)
        .unwrap();
        assert_eq!((options.qpsg, options.memstatus), (1, 1));
        assert!(run_migrations(&mut conn).unwrap() > 0);
        assert_eq!(run_migrations(&mut conn).unwrap(), 0);
    }

    fn sqlite_pool(dir: &tempfile::TempDir, size: u32) -> DbPool {
        let url = DatabaseUrl::Sqlite(dir.path().join("t.db").to_string_lossy().into_owned());
        pool(&url, size, Duration::from_secs(5)).unwrap()
    }

    /// The `n` column of a one-row query.
    fn count(conn: &mut DbConn, sql: &str) -> i64 {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let row: Count = diesel::sql_query(sql).get_result(conn).unwrap();
        row.n
    }

    #[test]
    fn sqlite_writes_run_on_one_writer_connection_across_threads() {
        let dir = tempfile::tempdir().unwrap();
        let pool = sqlite_pool(&dir, 4);
        {
            let mut db = pool.get().unwrap();
            db.batch_execute("CREATE TABLE hits (n BIGINT NOT NULL)")
                .unwrap();
            // A TEMP table lives on one connection only: later writes begun from other
            // pooled connections see it only if they run on the same writer.
            db.write(|c| c.batch_execute("CREATE TEMP TABLE writer_mark (x INTEGER)"))
                .unwrap();
        }
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let pool = pool.clone();
                std::thread::spawn(move || {
                    let mut db = pool.get().unwrap();
                    for _ in 0..25 {
                        db.write(|c| {
                            c.batch_execute(
                                "INSERT INTO writer_mark VALUES (1); INSERT INTO hits VALUES (1);",
                            )
                        })
                        .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let mut db = pool.get().unwrap();
        assert_eq!(
            count(&mut db, "SELECT count(*) AS n FROM hits"),
            150,
            "every write committed once, visible to a reader"
        );
        let marks = db
            .write(|c| {
                Ok::<_, diesel::result::Error>(count(c, "SELECT count(*) AS n FROM writer_mark"))
            })
            .unwrap();
        assert_eq!(marks, 150, "every write ran on the writer connection");
    }

    #[test]
    fn a_failing_write_undoes_all_of_its_own_work_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let pool = sqlite_pool(&dir, 8);
        pool.get()
            .unwrap()
            .batch_execute("CREATE TABLE hits (thread BIGINT NOT NULL, n BIGINT NOT NULL)")
            .unwrap();
        let threads: Vec<_> = (0..8i64)
            .map(|thread| {
                let pool = pool.clone();
                std::thread::spawn(move || {
                    let mut db = pool.get().unwrap();
                    let mut committed = 0;
                    for n in 0..40i64 {
                        let result = db.write(|c| {
                            c.batch_execute(&format!("INSERT INTO hits VALUES ({thread}, {n})"))?;
                            // A savepoint inside the write: undone with the rest.
                            c.transaction(|c| {
                                c.batch_execute(&format!(
                                    "INSERT INTO hits VALUES ({thread}, {n} + 1000)"
                                ))
                            })?;
                            if n % 3 == 0 {
                                // Fails after writing: none of its rows may be committed.
                                return Err(diesel::result::Error::RollbackTransaction);
                            }
                            Ok(())
                        });
                        if result.is_ok() {
                            committed += 2;
                        }
                    }
                    committed
                })
            })
            .collect();
        let committed: i64 = threads.into_iter().map(|t| t.join().unwrap()).sum();
        let mut db = pool.get().unwrap();
        assert_eq!(committed, 8 * 26 * 2, "26 of 40 writes per thread succeed");
        assert_eq!(
            count(&mut db, "SELECT count(*) AS n FROM hits"),
            committed,
            "exactly the successful writes are stored"
        );
        assert_eq!(
            count(
                &mut db,
                "SELECT count(*) AS n FROM hits WHERE n % 1000 % 3 = 0"
            ),
            0,
            "no row of a failed write is stored"
        );
    }

    #[test]
    fn a_failed_commit_is_returned_and_rolls_back_and_the_writer_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let pool = sqlite_pool(&dir, 2);
        let mut db = pool.get().unwrap();
        db.batch_execute(
            "CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id));",
        )
        .unwrap();
        // With deferred foreign keys the statement succeeds and the COMMIT fails.
        let result = db.write(|c| {
            c.batch_execute("PRAGMA defer_foreign_keys = ON; INSERT INTO child VALUES (42);")?;
            Ok::<_, diesel::result::Error>("closure finished")
        });
        let err = result.expect_err("the commit must fail");
        assert!(err.to_string().contains("FOREIGN KEY"), "{err}");
        assert_eq!(count(&mut db, "SELECT count(*) AS n FROM child"), 0);
        db.write(|c| {
            c.batch_execute("INSERT INTO parent VALUES (42); INSERT INTO child VALUES (42);")
        })
        .unwrap();
        assert_eq!(count(&mut db, "SELECT count(*) AS n FROM child"), 1);
    }
}
