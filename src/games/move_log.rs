//! The move lists of recently shown or played games, kept in memory.
//!
//! A game's moves are only ever appended, and a game row says how many there are (`ply`):
//! what is cached for a game is always a correct prefix of its list. Reading a game's moves
//! then costs nothing when nobody has moved since, and one query for the new moves when
//! somebody has, instead of all of them (a 16x16 game's list with the position after each
//! move runs to tens of kilobytes) on every page view and every move.
//!
//! * Only committed moves are stored: a list read inside a write transaction (which may
//!   still roll back) is used but not kept; the move's own write adds its move after the
//!   commit (`store_committed`).
//! * An entry also records its game's creation time, so that a game id used again after its
//!   game was deleted (SQLite may do this) never meets the old game's moves.
//! * Entries are dropped first-in first-out once the byte budget is spent.

use std::collections::{HashMap, VecDeque};
use std::ops::Deref;
use std::sync::Arc;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use parking_lot::Mutex;

use super::model::{GameId, GameRow, MoveRow};
use crate::db::schema::game_moves;
use crate::db::{in_transaction, DbConn};

/// One move with the position after it (for the repetition rule).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_moves)]
pub struct LoggedMove {
    #[diesel(embed)]
    pub row: MoveRow,
    pub fen_after: String,
}

impl LoggedMove {
    /// About what the move takes in memory.
    fn bytes(&self) -> usize {
        let row = &self.row;
        std::mem::size_of::<Self>()
            + row.move_text.len()
            + row.compact.len()
            + row.comment.as_ref().map_or(0, String::len)
            + self.fen_after.len()
            + std::mem::size_of::<Arc<Self>>()
    }
}

/// The moves of a list are shared one by one: a list one move longer is a copy of the
/// pointers, not of the moves.
type Moves = Arc<Vec<Arc<LoggedMove>>>;

/// A game's moves in order, ply 1 first: a shared list, or the first part of one.
#[derive(Debug, Clone, Default)]
pub struct MoveLog {
    moves: Moves,
    len: usize,
}

impl Deref for MoveLog {
    type Target = [Arc<LoggedMove>];

    fn deref(&self) -> &[Arc<LoggedMove>] {
        &self.moves[..self.len]
    }
}

/// The cache; one per server (every database has its own, since game ids are per database).
pub struct MoveLogCache {
    budget: usize,
    entries: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    games: HashMap<GameId, Entry>,
    /// Game ids in the order they were first stored, oldest first.
    order: VecDeque<GameId>,
    bytes: usize,
}

struct Entry {
    created_at: NaiveDateTime,
    moves: Moves,
    bytes: usize,
}

impl Default for MoveLogCache {
    /// 128 MB (the server's default, `PLYPOST_MOVE_CACHE_MB`): a 16x16 move takes about 370
    /// bytes with its position, so the lists of about 3,500 such games of a hundred moves.
    fn default() -> Self {
        Self::new(128 * 1024 * 1024)
    }
}

impl MoveLogCache {
    /// A cache holding about `budget` bytes of moves at most.
    pub fn new(budget: usize) -> Self {
        Self {
            budget,
            entries: Mutex::new(Entries::default()),
        }
    }

    /// The moves of `game` up to its `ply`, reading from the database only the moves this
    /// cache does not have yet.
    pub fn moves_of(
        &self,
        conn: &mut DbConn,
        game: &GameRow,
    ) -> Result<MoveLog, diesel::result::Error> {
        let wanted = usize::try_from(game.ply).unwrap_or(0);
        let cached = self.cached(game);
        let have = cached.as_ref().map_or(0, |moves| moves.len());
        if let Some(moves) = cached.as_ref().filter(|_| have >= wanted) {
            return Ok(MoveLog {
                moves: Arc::clone(moves),
                len: wanted,
            });
        }
        let newer: Vec<LoggedMove> = game_moves::table
            .filter(game_moves::game_id.eq(game.id))
            .filter(game_moves::ply.gt(have as i64))
            .order(game_moves::ply)
            .select(LoggedMove::as_select())
            .load(conn)?;
        let mut moves = Vec::with_capacity(have + newer.len());
        if let Some(cached) = &cached {
            moves.extend(cached.iter().cloned());
        }
        moves.extend(newer.into_iter().map(Arc::new));
        let moves = Arc::new(moves);
        // Plies 1, 2, 3, ... without a gap: a list that is not (a damaged database) is shown
        // as read but not kept.
        let whole = moves
            .iter()
            .enumerate()
            .all(|(i, mv)| mv.row.ply == i as i64 + 1);
        if whole && !in_transaction(conn) {
            self.store(game, &moves);
        }
        let len = wanted.min(moves.len());
        Ok(MoveLog { moves, len })
    }

    /// Stores a game's list after a move was committed: `history`, the moves before it as
    /// read for it (committed, since the game's row said so), then the move. `game` is the
    /// row as the move left it.
    /// `played` may hold a second move: a conditional reply played in the same write.
    pub fn store_committed(&self, game: &GameRow, history: &MoveLog, played: Vec<LoggedMove>) {
        let in_order = played
            .iter()
            .enumerate()
            .all(|(i, mv)| mv.row.ply == (history.len() + i) as i64 + 1);
        if !in_order {
            return;
        }
        let mut moves = Vec::with_capacity(history.len() + played.len());
        moves.extend(history.iter().cloned());
        moves.extend(played.into_iter().map(Arc::new));
        self.store(game, &Arc::new(moves));
    }

    /// The cached list of `game`, if it agrees with the row: the same game (created at the
    /// same moment) and, where the list reaches the row's ply, the same position after it (a
    /// takeback makes a longer list wrong).
    fn cached(&self, game: &GameRow) -> Option<Moves> {
        let entries = self.entries.lock();
        let entry = entries.games.get(&game.id)?;
        let at_ply = usize::try_from(game.ply)
            .ok()
            .and_then(|ply| ply.checked_sub(1))
            .and_then(|i| entry.moves.get(i));
        let agrees = at_ply.is_none_or(|mv| mv.fen_after == game.current_fen);
        (entry.created_at == game.created_at && agrees).then(|| Arc::clone(&entry.moves))
    }

    /// Drops `game`'s list (after a takeback removed its last move).
    pub fn forget(&self, game: GameId) {
        let mut entries = self.entries.lock();
        if let Some(entry) = entries.games.remove(&game) {
            entries.bytes -= entry.bytes;
            entries.order.retain(|id| *id != game);
        }
    }

    fn store(&self, game: &GameRow, moves: &Moves) {
        let bytes = moves.iter().map(|mv| mv.bytes()).sum::<usize>();
        if bytes > self.budget {
            return;
        }
        let mut entries = self.entries.lock();
        let entries = &mut *entries;
        match entries.games.get_mut(&game.id) {
            // Another thread may have stored a longer list meanwhile: keep the longest, unless
            // it no longer agrees with this one (a takeback came between).
            Some(entry) if entry.created_at == game.created_at => {
                let agrees = match (moves.last(), entry.moves.get(moves.len().wrapping_sub(1))) {
                    (Some(new), Some(old)) => new.fen_after == old.fen_after,
                    _ => true,
                };
                if entry.moves.len() >= moves.len() && agrees {
                    return;
                }
                entries.bytes = entries.bytes - entry.bytes + bytes;
                entry.moves = Arc::clone(moves);
                entry.bytes = bytes;
            }
            found => {
                let entry = Entry {
                    created_at: game.created_at,
                    moves: Arc::clone(moves),
                    bytes,
                };
                match found {
                    Some(old) => {
                        entries.bytes = entries.bytes - old.bytes + bytes;
                        *old = entry;
                    }
                    None => {
                        entries.bytes += bytes;
                        entries.games.insert(game.id, entry);
                        entries.order.push_back(game.id);
                    }
                }
            }
        }
        while entries.bytes > self.budget {
            let Some(oldest) = entries.order.pop_front() else {
                break;
            };
            if let Some(gone) = entries.games.remove(&oldest) {
                entries.bytes -= gone.bytes;
            }
        }
    }
}
