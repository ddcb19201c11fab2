//! plypost-rules: the rules engine of plypost. No IO, no web, no database.
//!
//! Variants are data (`rules/variants/*.toml`) read by one generic engine. Start with
//! [`Variant::builtin`], then [`Position::start`], [`Position::legal_moves`],
//! [`Position::play`], and [`Game`] for the game-end rules.
//!
//! ```
//! use plypost_rules::{Game, Position, Variant};
//!
//! let variant = Variant::builtin("terachess2").unwrap();
//! let start = Position::start(&variant);
//! assert_eq!(start.legal_moves().len(), 54);
//! let mv = start.parse_move("e4-e6").unwrap();
//! assert_eq!(start.move_text(&mv), "Pe4-e6");
//! let next = start.play(&mv).unwrap();
//! assert!(next.to_fen().ends_with(" b Kk e5 0 1"));
//! // Illegal moves are explained in player words.
//! let err = next.parse_move("Kh15-h13").unwrap_err();
//! assert_eq!(err.to_string(), "you cannot capture your own piece on h13");
//!
//! let mut game = Game::new(start);
//! assert!(game.play_text("Cp2xp5").is_err()); // no screen between
//! game.play_text("c3-b5").unwrap();
//! assert_eq!(game.outcome(), None);
//! ```
//!
//! Modules: [`model`] (the typed movement model), [`diagram`] (move diagrams),
//! [`betza`] (XBetza to the model). Variant file format: `rules/variants/README.md`.
#![forbid(unsafe_code)]

pub mod arg;
pub mod betza;
mod definition_problem;
pub mod diagram;
pub mod fsf_export;
pub mod fsf_ini;
mod game;
pub mod import;
pub mod model;
mod notation;
mod perft;
mod position;
mod square;
mod tables;
mod variant;

pub use betza::{BetzaError, CompiledPiece};
pub use definition_problem::{DefinitionProblem, Wing};
pub use game::{DecisiveReason, DrawReason, Game, Outcome};
pub use notation::{IllegalMove, MoveError};
pub use perft::{divide, perft};
pub use position::{
    EpProblem, FenError, FenExpected, Move, Piece, Position, RightsAllowed, SetupProblem, Special,
};
pub use square::{Color, Square, SquareError};
pub use variant::{
    Castling, DefinitionError, EndRules, KindId, NamedSetup, PieceKind, RuleOptions, StalemateRule,
    UnknownVariant, Variant,
};
