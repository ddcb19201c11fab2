//! Logs: the public list of games with filters, a game's replay, downloads (PGN, JSON, many
//! games as one PGN file) and importing PGN files. No HTTP here; `web::pages::logs` calls
//! these functions.

pub mod filter;
pub mod import;
pub mod list;
pub mod pgn;
pub mod record;

use crate::db::DbConn;
use crate::games::GameId;
use crate::i18n::{Lang, Message};
use filter::{Cursor, LogFilter};
use list::Resolved;

#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("There is no such game.")]
    NotFound,
    /// Bad input (a game of an imported file); the message says why.
    #[error("{0}")]
    Invalid(Message),
    /// Over a limit on uploads; the message says which.
    #[error("{0}")]
    Limit(Message),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    /// Stored data that cannot be read back.
    #[error("stored game data is damaged: {0}")]
    Corrupt(String),
}

impl LogError {
    /// The message a page shows for this error (`Display` is its English text); a server
    /// failure shows a generic message.
    pub fn message(&self) -> Message {
        match self {
            LogError::NotFound => Message::new("error-log-not-found"),
            LogError::Invalid(m) | LogError::Limit(m) => m.clone(),
            LogError::Db(_) | LogError::Corrupt(_) => Message::new("error-failed"),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

/// The owner of imported games could not be had: a server failure, not the file's fault.
impl From<crate::accounts::AccountError> for LogError {
    fn from(err: crate::accounts::AccountError) -> Self {
        match err {
            crate::accounts::AccountError::Db(e) => LogError::Db(e),
            other => LogError::Corrupt(other.to_string()),
        }
    }
}

/// Games per database round trip of a bulk export.
pub const EXPORT_BATCH: i64 = 100;

/// The next batch of a bulk export: the PGN text of up to [`EXPORT_BATCH`] games matching
/// `f` after `cursor`, and the cursor to continue from (`None`: that was the last batch).
/// Open challenges have no log, so a filter for them exports nothing.
pub fn export_batch(
    conn: &mut DbConn,
    f: &LogFilter,
    r: &Resolved,
    cursor: Option<Cursor>,
    base_url: &str,
) -> Result<(String, Option<Cursor>), LogError> {
    if f.status == filter::StatusFilter::Open {
        return Ok((String::new(), None));
    }
    let page_filter = LogFilter {
        after: cursor,
        before: None,
        ..f.clone()
    };
    let page = list::games_page(conn, &page_filter, r, EXPORT_BATCH)?;
    let ids: Vec<GameId> = page.games.iter().map(|g| g.id).collect();
    let mut text = String::new();
    for rec in record::load_many(conn, &ids)? {
        text.push_str(&record::to_pgn(&rec, base_url));
    }
    Ok((text, page.next))
}

/// A game's record and the position after one of its plies.
pub struct Replay {
    pub record: record::GameRecord,
    pub rules: crate::presets::rules::Rules,
    /// The ply shown (0 = the start position).
    pub ply: i64,
    pub position: plypost_rules::Position,
    /// The compact text of the move that led to it.
    pub last_compact: Option<String>,
    /// True when the asked ply was outside the game and the nearest one is shown.
    pub clamped: bool,
}

/// The position after ply `ply` of game `id` (the last one when `None`), read from the
/// stored FEN after that ply.
pub fn replay(conn: &mut DbConn, id: GameId, ply: Option<i64>) -> Result<Replay, LogError> {
    let record = record::load(conn, id)?;
    let rules = crate::presets::rules::load(conn, record.game.preset_version_id)
        .map_err(|e| LogError::Corrupt(e.to_string()))?;
    let total = record.moves.len() as i64;
    let wanted = ply.unwrap_or(total);
    let shown = wanted.clamp(0, total);
    let (fen, last_compact) = match usize::try_from(shown - 1)
        .ok()
        .and_then(|i| record.moves.get(i))
    {
        Some(m) => (m.fen_after.clone(), Some(m.compact.clone())),
        None => (record.game.start_fen.clone(), None),
    };
    let position = plypost_rules::Position::from_fen(&rules.variant, &fen)
        .map_err(|e| LogError::Corrupt(format!("game {id}, ply {shown}: {e}")))?;
    Ok(Replay {
        record,
        rules,
        ply: shown,
        position,
        last_compact,
        clamped: shown != wanted,
    })
}
