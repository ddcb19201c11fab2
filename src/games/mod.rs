//! Games as stored: the rows and their reads (model, query, move log, board images), a new
//! game's row, the writes that `play` decides (moves, the end), the clocks' arithmetic on a
//! row, conditional moves, notes, chat and takebacks. This module owns the `games`,
//! `game_moves`, `conditional_moves`, `game_notes` and `game_messages` tables.
//!
//! Above it: `challenges` and `tournaments` start games, `game_mail` writes their mails, and
//! `play` changes them (moves, offers, and the one way a game ends). `docs/life-of-a-game.md`
//! follows a game through them.

pub mod board_image;
pub mod chat;
pub mod clocks;
pub mod conditional;
pub mod create;
pub mod imported;
pub mod model;
pub mod move_log;
mod move_update;
pub mod notes;
pub mod notify;
pub mod players;
pub mod query;
pub(crate) mod record;
pub mod takeback;
pub mod vacations;

pub use crate::domain::ColorChoice;
pub use model::{ChallengeId, GameId, GameRow, MoveRow, PresetVersionId};

use crate::mail::MailError;

/// Longest move comment and challenge message, in characters.
pub const MAX_COMMENT_CHARS: usize = 500;
/// Allowed days per move.
pub use crate::time_control::{MAX_DAYS_PER_MOVE, MIN_DAYS_PER_MOVE};

#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("There is no such game.")]
    NotFound,
    #[error("There is no such challenge.")]
    ChallengeNotFound,
    /// Not allowed for this user; the message says why.
    #[error("{0}")]
    Forbidden(&'static str),
    /// Bad form input; the message is meant for the user.
    #[error("{0}")]
    Invalid(String),
    /// The engine refused the move; the message is its reason.
    #[error("Illegal move: {0}.")]
    Illegal(String),
    #[error("The game has moved on since this page was loaded: another move was already played for this turn. Nothing was changed; here is the game as it is now.")]
    MovedOn,
    #[error("This move was already played (it was submitted twice). It counts once.")]
    AlreadyPlayed,
    #[error("It is not your turn to move.")]
    NotYourTurn,
    #[error("This game is over.")]
    Finished,
    /// A move after the deadline: the game was ended on time instead.
    #[error("Your time ran out before this move, so the game is lost on time.")]
    TimeRanOut,
    #[error("This challenge is no longer open.")]
    ChallengeClosed,
    #[error("There is no draw offer from your opponent.")]
    NoDrawOffer,
    #[error("There is no takeback request from your opponent.")]
    NoTakeback,
    #[error(
        "You have written {} chat messages in the last hour; please wait a while.",
        chat::MAX_MESSAGES_PER_HOUR
    )]
    TooManyMessages,
    /// Over a limit on how often something may be done; the message says which.
    #[error("{0}")]
    TooMany(String),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("mail: {0}")]
    Mail(#[from] MailError),
    /// Stored data the engine cannot read back: a bug or a damaged database.
    #[error("stored game data is damaged: {0}")]
    Corrupt(String),
}

impl GameError {
    /// True for errors caused by the request (shown to the user), false for server failures.
    pub fn is_user_error(&self) -> bool {
        !matches!(
            self,
            GameError::Db(_) | GameError::Mail(_) | GameError::Corrupt(_)
        )
    }
}

/// Trims a free-text field and checks its length; empty becomes `None`.
pub(crate) fn clean_text(text: &str, what: &str) -> Result<Option<String>, GameError> {
    let text = text.trim();
    if text.chars().count() > MAX_COMMENT_CHARS {
        return Err(GameError::Invalid(format!(
            "The {what} is too long (at most {MAX_COMMENT_CHARS} characters)."
        )));
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
    {
        return Err(GameError::Invalid(format!(
            "The {what} contains control characters."
        )));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// For the challenge service: a preset that cannot start a game is a refused form.
impl From<crate::presets::PresetError> for GameError {
    fn from(err: crate::presets::PresetError) -> Self {
        match err {
            crate::presets::PresetError::Db(e) => GameError::Db(e),
            crate::presets::PresetError::Corrupt(m) => GameError::Corrupt(m),
            crate::presets::PresetError::Fields(errors) => GameError::Invalid(
                errors
                    .0
                    .into_iter()
                    .map(|(_, m)| m)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            other => GameError::Invalid(other.to_string()),
        }
    }
}
