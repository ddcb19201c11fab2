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
pub mod illegal;
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

use crate::i18n::{Lang, Message};
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
    Forbidden(Message),
    /// Bad form input; the message is meant for the user.
    #[error("{0}")]
    Invalid(Message),
    /// The rules refused the move, for this reason.
    #[error("Illegal move: {0}.")]
    Illegal(illegal::IllegalReason),
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
    TooMany(Message),
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

    /// The message a page shows for this error (`Display` is its English text, for logs and
    /// the JSON API). A server failure shows a generic message, never its details.
    pub fn message(&self) -> Message {
        let fixed = Message::new;
        match self {
            GameError::NotFound => fixed("error-game-not-found"),
            GameError::ChallengeNotFound => fixed("error-game-challenge-not-found"),
            GameError::Forbidden(m) | GameError::Invalid(m) | GameError::TooMany(m) => m.clone(),
            GameError::Illegal(reason) => reason.message(),
            GameError::MovedOn => fixed("error-game-moved-on"),
            GameError::AlreadyPlayed => fixed("error-game-already-played"),
            GameError::NotYourTurn => fixed("error-game-not-your-turn"),
            GameError::Finished => fixed("error-game-finished"),
            GameError::TimeRanOut => fixed("error-game-time-ran-out"),
            GameError::ChallengeClosed => fixed("error-game-challenge-closed"),
            GameError::NoDrawOffer => fixed("error-game-no-draw-offer"),
            GameError::NoTakeback => fixed("error-game-no-takeback"),
            GameError::TooManyMessages => Message::new("error-game-too-many-messages")
                .arg("count", chat::MAX_MESSAGES_PER_HOUR),
            GameError::Db(_) | GameError::Mail(_) | GameError::Corrupt(_) => fixed("error-failed"),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

/// For callers that look up accounts: only a database failure is expected there.
impl From<crate::accounts::AccountError> for GameError {
    fn from(err: crate::accounts::AccountError) -> Self {
        use crate::accounts::AccountError;
        match err {
            AccountError::Db(e) => GameError::Db(e),
            AccountError::Mail(e) => GameError::Mail(e),
            other if other.is_user_error() => GameError::Invalid(other.message()),
            other => GameError::Corrupt(other.to_string()),
        }
    }
}

/// Trims a free-text field and checks its length; empty becomes `None`. `what` names the
/// field in the messages: `"name"`, `"comment"` or `"message"` (a selector key in
/// `errors.ftl`).
pub(crate) fn clean_text(text: &str, what: &'static str) -> Result<Option<String>, GameError> {
    let text = text.trim();
    if text.chars().count() > MAX_COMMENT_CHARS {
        return Err(GameError::Invalid(
            Message::new("error-game-text-too-long")
                .arg("what", what)
                .arg("max", MAX_COMMENT_CHARS),
        ));
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
    {
        return Err(GameError::Invalid(
            Message::new("error-game-text-control").arg("what", what),
        ));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// "There is no player named …": a challenge's or an event's form named nobody.
pub(crate) fn no_such_player(name: &str) -> GameError {
    GameError::Invalid(Message::new("error-game-no-such-player").arg("name", name))
}

/// Why a player's `rating` is outside a challenge's or an event's range `min`..`max` (at
/// least one set): `ids` are the messages for both bounds, a lowest only, a highest only.
pub(crate) fn outside_rating_range(
    ids: [&'static str; 3],
    min: Option<i64>,
    max: Option<i64>,
    rating: f64,
) -> Message {
    let [between, from, up_to] = ids;
    let message = match (min, max) {
        (Some(lo), None) => Message::new(from).arg("min", lo),
        (None, Some(hi)) => Message::new(up_to).arg("max", hi),
        (Some(lo), Some(hi)) => Message::new(between).arg("min", lo).arg("max", hi),
        // Not refused without a bound; written as the range would be.
        (None, None) => Message::new(between).arg("min", "any").arg("max", "any"),
    };
    // As `{rating:.0}` wrote it.
    message.arg("rating", rating.round_ties_even())
}

/// For the challenge service: a preset that cannot start a game is a refused form.
impl From<crate::presets::PresetError> for GameError {
    fn from(err: crate::presets::PresetError) -> Self {
        match err {
            crate::presets::PresetError::Db(e) => GameError::Db(e),
            crate::presets::PresetError::Corrupt(m) => GameError::Corrupt(m),
            crate::presets::PresetError::Fields(errors) => GameError::Invalid(
                Message::joined(
                    errors
                        .0
                        .into_iter()
                        .map(|(_, m)| Message::new("error-game-preset-refused").arg("reason", m)),
                )
                .unwrap_or_else(|| Message::new("error-preset-fields")),
            ),
            other => GameError::Invalid(other.message()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fr() -> Lang {
        Lang::from_tag("fr").expect("French")
    }

    /// The English of a message is the text the service wrote before messages.
    #[test]
    fn english_is_unchanged() {
        let m = Message::new;
        let cases: Vec<(Message, &str)> = vec![
            (
                m("error-game-text-too-long")
                    .arg("what", "comment")
                    .arg("max", MAX_COMMENT_CHARS),
                "The comment is too long (at most 500 characters).",
            ),
            (
                m("error-game-text-control").arg("what", "name"),
                "The name contains control characters.",
            ),
            (
                m("error-game-rating-bound")
                    .arg("which", "lowest")
                    .arg("min", 0)
                    .arg("max", 4000),
                "The lowest rating is a whole number from 0 to 4000.",
            ),
            (
                m("error-game-too-many-open-challenges").arg("count", 1),
                "You have 1 challenges waiting for an answer, the most one player may have; \
                 withdraw one before posting another.",
            ),
            (
                m("error-game-no-such-player").arg("name", "zoë"),
                "There is no player named “zoë”.",
            ),
            (
                outside_rating_range(
                    ["a", "error-game-challenge-rating-from", "c"],
                    Some(1600),
                    None,
                    1499.5,
                ),
                "This challenge is for players rated 1600 to any; your rating is 1500.",
            ),
            (
                outside_rating_range(
                    ["error-game-tournament-rating-between", "b", "c"],
                    Some(1600),
                    Some(1800),
                    1912.3,
                ),
                "This tournament is for players rated 1600 to 1800; your rating is 1912.",
            ),
            (
                m("error-game-days-per-move-range")
                    .arg("min", MIN_DAYS_PER_MOVE)
                    .arg("max", MAX_DAYS_PER_MOVE),
                "Days per move must be a whole number from 1 to 30.",
            ),
            (
                m("error-game-close-too-soon").arg("days", 60),
                "An untimed game can be closed once no move was played for 60 days.",
            ),
            (
                m("error-game-conditional-line-ply")
                    .arg("line", 2)
                    .arg("ply", 7)
                    .arg("move", "Nf3")
                    .arg("why", m("error-game-conditional-over-here")),
                "Line 2, ply 7 (Nf3): the game is already over here.",
            ),
            (
                m("error-game-conditional-ply")
                    .arg("ply", 7)
                    .arg("move", "Kx")
                    .arg("why", "no such move"),
                "Ply 7 (Kx): no such move.",
            ),
            (
                m("error-game-conditional-two-answers")
                    .arg("other", 1)
                    .arg("move", "e5")
                    .arg("answer", "Nf3"),
                "line 1 answers e5 with Nf3 here; give one answer to each move",
            ),
            (
                m("error-game-tournament-not-open").arg("status", "running"),
                "This tournament is running; that can only be done before it starts.",
            ),
            (
                m("error-game-tournament-field-range")
                    .arg("what", "min-players")
                    .arg("min", 2)
                    .arg("max", 64),
                "The smallest number of players is a whole number from 2 to 64.",
            ),
            (
                m("error-game-tournament-description-too-long").arg("max", 5_000),
                "The description has at most 5000 characters.",
            ),
            (
                m("error-game-tournament-too-few-joined")
                    .arg("count", 1)
                    .arg("min", 3),
                "1 players have joined; this tournament needs at least 3.",
            ),
            (
                m("error-game-tournament-swiss-too-few-players")
                    .arg("rounds", 4)
                    .arg("players", 5),
                "4 rounds need at least 5 players (nobody meets an opponent twice); raise the \
                 smallest number of players or play fewer rounds.",
            ),
        ];
        for (message, english) in cases {
            assert_eq!(message.to_string(), english);
            let french = message.text(&fr());
            assert!(
                !french.is_empty() && french != english && !french.contains("error-"),
                "{french}"
            );
        }
    }

    #[test]
    fn every_variant_has_a_message() {
        let fixed = [
            GameError::NotFound,
            GameError::ChallengeNotFound,
            GameError::Illegal(illegal::IllegalReason::Text("no piece on e4".into())),
            GameError::MovedOn,
            GameError::AlreadyPlayed,
            GameError::NotYourTurn,
            GameError::Finished,
            GameError::TimeRanOut,
            GameError::ChallengeClosed,
            GameError::NoDrawOffer,
            GameError::NoTakeback,
            GameError::TooManyMessages,
            GameError::Forbidden(Message::new("error-game-accept-own")),
        ];
        for err in fixed {
            assert_eq!(err.localized(&Lang::default()), err.to_string());
            assert_ne!(err.localized(&fr()), err.to_string());
        }
        assert_eq!(
            GameError::Illegal(illegal::IllegalReason::Text("no piece on e4".into()))
                .localized(&fr()),
            "Coup illégal\u{a0}: no piece on e4."
        );
        let failed = GameError::Corrupt("bad FEN in row 3".into());
        assert_eq!(
            failed.to_string(),
            "stored game data is damaged: bad FEN in row 3"
        );
        assert!(!failed.localized(&fr()).contains("FEN"));
        let gone = GameError::from(crate::presets::PresetError::NotFound);
        assert_eq!(gone.to_string(), "There is no such preset.");
    }
}
