//! The computer player. A game against it (started by `challenges::against_computer`) has
//! `games.computer_level` set and the reserved account `(computer)` on one side.
//! [`pending`] finds the games where it is the computer's turn — in the database, so a
//! restarted server finds them again — and [`play_turn`] answers one: a search within the
//! level's budget (`plypost_engine::Level`), then the move through `play::play_move`, the
//! path of a person's move (so check, mate, repetition and the end all go through
//! `play::end`), or a resignation through `play::resign_at`, or a draw accepted through
//! `play::accept_draw`. The ply it searched from goes with the move, so when two processes
//! searched the same turn the second is refused (`MovedOn`) and the turn gets one move.
//! `jobs::computer` runs [`run_once`] in the background.

use std::time::Instant;

use diesel::prelude::*;
use plypost_engine::{Level, Root, Searcher};
use plypost_rules::Position;

use crate::accounts::users;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::games;
use crate::db::{DbError, DbPool, UserId};
use crate::domain::{GameStatus, Side};
use crate::games::model::GameId;
use crate::games::move_log::MoveLogCache;
use crate::games::{players, GameError};
use crate::play::{self, MoveInput};
use crate::presets::rules;

/// Memory for one search's transposition table.
const HASH_MB: usize = 16;

/// The lowest level that resigns a lost position (the weak levels play on, as beginners do).
const RESIGNS_FROM_LEVEL: u8 = 4;

#[derive(Debug, thiserror::Error)]
pub enum ComputerError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for ComputerError {
    fn from(e: diesel::result::Error) -> Self {
        ComputerError::Game(GameError::Db(e))
    }
}

/// What the computer did in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// It played this move (long notation).
    Moved(String),
    Resigned,
    /// It accepted the player's draw offer in a dead-drawn position.
    AcceptedDraw,
    /// Nothing to do: not its turn any more, or another process answered first.
    Nothing,
}

/// The games where it is the computer's turn, the longest waiting first.
pub fn pending(conn: &mut crate::db::DbConn) -> Result<Vec<GameId>, ComputerError> {
    let Some(computer) = computer_id(conn)? else {
        return Ok(Vec::new());
    };
    let its_turn = (games::white_id
        .eq(computer)
        .and(games::side_to_move.eq(Side::White)))
    .or(games::black_id
        .eq(computer)
        .and(games::side_to_move.eq(Side::Black)));
    Ok(games::table
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::computer_level.is_not_null())
        .filter(its_turn)
        .order((games::last_move_at.asc(), games::id.asc()))
        .select(games::id)
        .load(conn)?)
}

fn computer_id(conn: &mut crate::db::DbConn) -> Result<Option<UserId>, ComputerError> {
    users::find_computer_user(conn).map_err(|e| match e {
        crate::accounts::AccountError::Db(e) => e.into(),
        other => GameError::Corrupt(format!("the computer's account: {other}")).into(),
    })
}

/// What one run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    /// The games answered, with what the computer did.
    pub turns: Vec<(GameId, Turn)>,
}

impl Report {
    /// Whether the run changed anything (and so queued mail).
    pub fn changed(&self) -> bool {
        self.turns.iter().any(|(_, t)| *t != Turn::Nothing)
    }
}

/// Answers every game waiting for the computer, `threads` searches at a time at most
/// (`config.engine_threads` in the server). A game that fails is logged and left for the
/// next run; the others go on.
pub fn run_once(
    pool: &DbPool,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    threads: usize,
) -> Result<Report, ComputerError> {
    let ids = pending(pool.get()?.conn())?;
    if ids.is_empty() {
        return Ok(Report::default());
    }
    let threads = threads.clamp(1, ids.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let turns = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB);
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&id) = ids.get(i) else { break };
                    match play_turn(pool, clock, config, log, &mut searcher, id) {
                        Ok(turn) => {
                            if let Ok(mut turns) = turns.lock() {
                                turns.push((id, turn));
                            }
                        }
                        Err(e) => tracing::warn!(game = %id, error = %e, "computer move failed"),
                    }
                }
            });
        }
    });
    let mut turns = turns.into_inner().unwrap_or_default();
    turns.sort_by_key(|(id, _)| *id);
    Ok(Report { turns })
}

/// The game as the computer sees it before thinking.
struct Board {
    computer: UserId,
    level: Level,
    /// The game's ply when read: the move is for `ply + 1`.
    ply: i64,
    root: Root,
    /// The player's standing draw offer.
    offered: bool,
}

/// Reads game `id` and, if it is the computer's turn, the position with its history.
fn read_board(
    pool: &DbPool,
    log: &MoveLogCache,
    id: GameId,
) -> Result<Option<Board>, ComputerError> {
    let mut db = pool.get()?;
    let players::GameWithPlayers {
        game,
        players,
        version,
        ..
    } = players::game_with_players(&mut db, id)?;
    let level = game
        .computer_level
        .and_then(|l| u8::try_from(l).ok())
        .and_then(Level::new);
    let to_move = &players.to_move(&game).user;
    let (Some(level), true, true) = (
        level,
        game.is_active(),
        users::is_computer(&to_move.username),
    ) else {
        return Ok(None);
    };
    let rules = rules::from_row(&mut db, version).map_err(GameError::from)?;
    let corrupt = |e: String| GameError::Corrupt(format!("game {id}: {e}"));
    let start = Position::from_fen(&rules.variant, &game.start_fen)
        .map_err(|e| corrupt(format!("start FEN: {e}")))?;
    let mut root = Root::new(start).with_options(rules.options);
    for played in log.moves_of(&mut db, &game)?.iter() {
        let mv = root
            .position()
            .parse_move(&played.row.compact)
            .map_err(|e| corrupt(format!("stored move: {e}")))?;
        root.push(&mv);
    }
    Ok(Some(Board {
        computer: to_move.id,
        level,
        ply: game.ply,
        root,
        offered: game.draw_offer_by == Some(game.opponent_of(to_move.id)),
    }))
}

/// Answers game `id` if it is the computer's turn. The search runs without holding a
/// database connection.
pub fn play_turn(
    pool: &DbPool,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    searcher: &mut Searcher,
    id: GameId,
) -> Result<Turn, ComputerError> {
    let Some(board) = read_board(pool, log, id)? else {
        return Ok(Turn::Nothing);
    };
    let position = board.root.position().clone();
    let dead = searcher.dead_drawn(&position);
    if dead && board.offered {
        let accepted = play::accept_draw(&mut pool.get()?, clock, config, board.computer, id);
        return settle(accepted.map(|()| Turn::AcceptedDraw));
    }
    // The same game and ply always give the same noise: two processes searching one turn
    // agree, and a game can be replayed.
    let seed = (id.0 as u64)
        .wrapping_mul(0x9e37_79b9)
        .wrapping_add(board.ply as u64);
    let result = searcher.search_level(&board.root, board.level, seed, Instant::now(), None);
    if board.level.number() >= RESIGNS_FROM_LEVEL && result.resigns() {
        let resigned = play::resign_at(
            &mut pool.get()?,
            clock,
            config,
            board.computer,
            id,
            Some(board.ply),
        );
        return settle(resigned.map(|()| Turn::Resigned));
    }
    // No legal move: the game ended with the last move (the rules saw to that).
    let Some(best) = result.best else {
        return Ok(Turn::Nothing);
    };
    let input = MoveInput {
        ply: board.ply + 1,
        text: position.move_compact(&best),
        comment: String::new(),
        offer_draw: dead,
    };
    let played = play::play_move(
        &mut pool.get()?,
        clock,
        config,
        log,
        board.computer,
        id,
        &input,
    );
    settle(played.map(|p| Turn::Moved(p.move_text)))
}

/// The answer refused because the game moved on meanwhile (another process answered, the
/// player resigned, the time ran out) is no failure: there is nothing left to do.
fn settle(result: Result<Turn, GameError>) -> Result<Turn, ComputerError> {
    match result {
        Ok(turn) => Ok(turn),
        Err(
            GameError::MovedOn
            | GameError::AlreadyPlayed
            | GameError::NotYourTurn
            | GameError::Finished
            | GameError::NoDrawOffer
            | GameError::TimeRanOut,
        ) => Ok(Turn::Nothing),
        Err(e) => Err(e.into()),
    }
}
