//! `plypost backup FILE`: a consistent copy of a live SQLite database, taken while the server
//! runs and writes. `VACUUM INTO` reads one snapshot (a read transaction in WAL mode: writers
//! go on) and writes it, compacted, to a new file, which is then checked. PostgreSQL has its
//! own tool for this, `pg_dump`.

use std::path::Path;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::{DatabaseUrl, DbError};

/// What a backup did.
#[derive(Debug)]
pub enum Backup {
    /// The copy was written and passed SQLite's integrity check.
    Written { bytes: u64 },
    /// PostgreSQL: nothing was written; the text says how to use `pg_dump`.
    UsePgDump(String),
}

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

pub fn backup(url: &DatabaseUrl, to: &Path) -> Result<Backup, DbError> {
    let path = match url {
        DatabaseUrl::Postgres(_) => {
            return Ok(Backup::UsePgDump(format!(
                "plypost backup copies SQLite databases. On PostgreSQL use pg_dump, which \
                 takes a consistent snapshot while the server runs:\n  \
                 pg_dump --format=custom --file={} \"$PLYPOST_DATABASE_URL\"\n\
                 and to restore into an empty database:\n  \
                 pg_restore --no-owner --dbname=\"$PLYPOST_DATABASE_URL\" {}",
                to.display(),
                to.display()
            )))
        }
        DatabaseUrl::Sqlite(path) => path,
    };
    if to.exists() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("{} exists already; name a new file", to.display()),
        )));
    }
    if !Path::new(path).exists() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("there is no database at {path}"),
        )));
    }
    let target = to.to_string_lossy().into_owned();
    let mut conn = SqliteConnection::establish(path)?;
    conn.batch_execute("PRAGMA busy_timeout = 10000;")?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(&target)
        .execute(&mut conn)?;
    let mut copy = SqliteConnection::establish(&target)?;
    let check: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut copy)?;
    match check.first().map(|c| c.integrity_check.as_str()) {
        Some("ok") => Ok(Backup::Written {
            bytes: std::fs::metadata(to)?.len(),
        }),
        other => Err(DbError::Backup(format!(
            "the copy failed its integrity check: {}",
            other.unwrap_or("no answer")
        ))),
    }
}
