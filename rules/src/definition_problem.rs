//! What is wrong in a variant definition, typed so that a server can word it in its reader's
//! language; `Display` is the English text. Keys and section names are the definition's own
//! (English, as typed); `piece` is a piece's name as the definition gives it.

use std::fmt;

use crate::position::FenError;
use crate::square::{Color, Square};

/// One problem in a variant definition (its line is on [`crate::DefinitionError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DefinitionProblem {
    /// The TOML reader's own message (the `toml` crate's English).
    #[error("{0}")]
    Toml(String),
    #[error("missing '{key}'")]
    Missing { key: String },
    #[error("'{key}' must be a string")]
    NotString { key: String },
    #[error("'{key}' must be true or false")]
    NotBool { key: String },
    #[error("'{key}' must be a number")]
    NotNumber { key: String },
    #[error("'{key}' must be a whole number from {min} to {max}")]
    OutOfRange { key: String, min: i64, max: i64 },
    #[error("'{key}' must be a list of strings")]
    NotStringList { key: String },
    /// `section`: `[variant]`, `[[piece]]`, `[promotion]`…
    #[error("unknown key '{key}' in {section}")]
    UnknownKey { key: String, section: String },
    #[error("'name' must be a lower-case identifier (letters, digits, '-')")]
    BadName,
    #[error("'symmetry' must be \"mirror\" or \"rotate\"")]
    BadSymmetry,
    #[error("at most one piece kind may be royal")]
    SeveralRoyals,
    #[error("the King's jump needs a royal piece")]
    JumpNeedsRoyal,
    #[error("a setup's 'name' must have 1 to 40 characters")]
    SetupNameLength,
    #[error("two setups are named '{name}'")]
    SetupNamedTwice { name: String },
    #[error("the variant declares no [[piece]]")]
    NoPieces,
    #[error("at most {max} piece kinds are supported")]
    TooManyKinds { max: usize },
    #[error("piece '{piece}' promotes to '{letter}', which is no piece letter")]
    PromotesToUnknown { piece: String, letter: String },
    #[error("image '{image}' must be a lower-case identifier like \"dragon-king\"")]
    BadImage { image: String },
    #[error("letter '{letter}' must be one upper-case letter, or '+' and one (a promoted piece)")]
    BadLetter { letter: String },
    #[error("letter '{letter}' is used twice ({first} and {second})")]
    LetterTwice {
        letter: String,
        first: String,
        second: String,
    },
    #[error("piece '{piece}' has no 'moves' or 'betza'")]
    NoMoves { piece: String },
    #[error("piece '{piece}' gives both 'moves' and 'betza'; keep one")]
    MovesAndBetza { piece: String },
    #[error("piece '{piece}': {error}")]
    Betza {
        piece: String,
        error: crate::betza::BetzaError,
    },
    #[error("piece '{piece}', move \"{text}\": {error}")]
    MoveText {
        piece: String,
        text: String,
        error: crate::model::MoveTextError,
    },
    #[error(
        "piece '{piece}' gives both 'betza' and 'xbetza'; 'betza' is shown already, keep only it"
    )]
    BetzaAndXbetza { piece: String },
    #[error("piece '{piece}', 'xbetza': {error}")]
    Xbetza {
        piece: String,
        error: crate::betza::BetzaError,
    },
    #[error("piece '{piece}': 'xbetza_note' is longer than {max} characters")]
    NoteTooLong { piece: String, max: usize },
    #[error("'by_start_file' lists {count} pieces, the board has {width} files")]
    ByStartFileCount { count: usize, width: u8 },
    #[error("'by_start_file' names '{letter}', which is no piece letter")]
    ByStartFileUnknown { letter: String },
    #[error("a piece promotes by its start file, so [promotion] needs 'by_start_file' with one piece per file")]
    ByStartFileMissing,
    #[error("'limits' must be a table of piece letters and counts, {{ Q = 1, R = 2 }}")]
    LimitsNotTable,
    #[error("'limits' names '{letter}', which is no piece letter")]
    LimitsUnknown { letter: String },
    #[error("the limit of '{letter}' must be a whole number from 0 to 64")]
    LimitOutOfRange { letter: String },
    #[error("'move_count_limit' must be a whole number of plies (0 = off)")]
    BadMoveCountLimit,
    #[error("'stalemate' must be \"draw\", \"loss\" or \"win\" (for the side stalemated)")]
    BadStalemate,
    #[error("'bare_king' needs a royal piece")]
    BareKingNeedsRoyal,
    #[error("a variant cannot have both castling and the King's jump (both use the rights letters K and Q)")]
    CastlingAndJump,
    #[error("castling needs a royal piece")]
    CastlingNeedsRoyal,
    #[error("castling rook '{rook}' is no piece letter")]
    CastlingRookUnknown { rook: String },
    #[error("internal: variant still shared")]
    Internal,
    #[error("setup '{name}': {error}")]
    SetupFen { name: String, error: FenError },
    #[error("start_fen (the default setup) must be one of the [[setup]] list")]
    StartFenNotListed,
    #[error("start_fen: {0}")]
    StartFen(FenError),
    #[error("castling: {0} has no King in the setup")]
    CastlingNoKing(Color),
    #[error("castling: {color} needs a Rook on the King's rank farther than {king_distance} squares on the {wing} side")]
    CastlingNoRook {
        color: Color,
        king_distance: u8,
        wing: Wing,
    },
    #[error("castling: {color}'s Rook on {rook} would not land between the King's start and its own square")]
    CastlingRookLanding { color: Color, rook: Square },
}

/// A side of the board for castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wing {
    /// Toward the last file (kingside in chess).
    LastFile,
    /// Toward the a-file (queenside in chess).
    AFile,
}

impl fmt::Display for Wing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wing::LastFile => "last file",
            Wing::AFile => "a-file",
        })
    }
}
