//! plypost-rules: the rules engine of plypost. No IO, no web, no database.
//!
//! Variants are data (`rules/variants/*.toml`) read by one generic engine. Start with
//! [`Variant::builtin`], then [`Position::start`], [`Position::legal_moves`],
//! [`Position::play`], and [`Game`] for the game-end rules.
#![forbid(unsafe_code)]

pub mod betza;
pub mod diagram;
mod game;
pub mod model;
mod notation;
mod perft;
mod position;
mod square;
mod tables;
mod variant;

pub use betza::{BetzaError, CompiledPiece};
pub use game::{DecisiveReason, DrawReason, Game, Outcome};
pub use notation::{IllegalMove, MoveError};
pub use perft::{divide, perft};
pub use position::{FenError, Move, Piece, Position, Special};
pub use square::{Color, Square, SquareError};
pub use variant::{
    Castling, DefinitionError, KindId, PieceKind, RuleOptions, UnknownVariant, Variant,
};
