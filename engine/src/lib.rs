//! plypost-engine: a game-playing search for any plypost variant. No IO, no globals: the
//! caller passes the clock (a deadline) and a stop flag.
//!
//! ```
//! use plypost_engine::{Limits, Root, Score, Searcher};
//! use plypost_rules::{Position, Variant};
//!
//! let variant = Variant::builtin("chess").unwrap();
//! // Mate in one: Ra8#.
//! let pos = Position::from_fen(&variant, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut searcher = Searcher::new(4);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let result = searcher.search(&Root::new(pos.clone()), &limits, &mut |_| {});
//! assert_eq!(result.score, Score::Mate(1));
//! assert_eq!(plypost_engine::move_to_uci(&pos, &result.best.unwrap()), "a1a8");
//! ```
//!
//! Modules: `search` (iterative deepening PVS), `eval` (an evaluation derived from the
//! variant definition), `tt` (transposition table), `level` (playing levels 1..=8),
//! `notation` (UCI move text as Fairy-Stockfish writes it).
#![forbid(unsafe_code)]

mod eval;
mod geometry;
mod level;
mod notation;
mod search;
mod tt;

pub use eval::Evaluator;
pub use level::{Budget, Level, Rng};
pub use notation::{move_from_uci, move_to_uci};
pub use search::{
    Limits, Root, Score, SearchInfo, SearchResult, Searcher, MAX_DEPTH, RESIGN_CP, RESIGN_DEPTH,
};

#[cfg(test)]
mod tests;
