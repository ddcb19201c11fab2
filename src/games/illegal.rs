//! Why a move was refused, worded in the reader's language: the rules' typed reasons
//! ([`MoveError`]) become messages (`move-*` in `errors.ftl`); `Display` stays English for
//! logs, mail answers' logs and the JSON API.

use std::fmt;

use plypost_rules::{IllegalMove, MoveError};

use crate::i18n::{Message, MessageValue};

/// The reason a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// The rules' own reason.
    Rules(MoveError),
    /// A reason given as text (the UCI reader's).
    Text(String),
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::Rules(e) => write!(f, "{e}"),
            IllegalReason::Text(text) => f.write_str(text),
        }
    }
}

impl IllegalReason {
    /// The reason as a message: "Illegal move: …" around the rules' reason in words.
    pub fn message(&self) -> Message {
        let reason = match self {
            IllegalReason::Rules(e) => move_error(e),
            IllegalReason::Text(text) => return text_reason(text),
        };
        Message::new("error-game-illegal").arg("reason", reason)
    }
}

fn text_reason(text: &str) -> Message {
    Message::new("error-game-illegal").arg("reason", text)
}

fn piece(name: &str) -> MessageValue {
    MessageValue::Piece(name.to_owned())
}

fn move_error(e: &MoveError) -> Message {
    match e {
        MoveError::Syntax { at, expected } => {
            // The rules name what they expected in English; each has a key here.
            let key = match *expected {
                "a square like h2" => "square",
                "the destination square, like j3" => "destination",
                "a piece letter after '='" => "promotion",
                "the end of the move" => "end",
                "a move like h2-j3" => "move",
                _ => "other",
            };
            Message::new("move-syntax")
                .arg("at", *at)
                .arg("expected", key)
                .arg("english", *expected)
        }
        MoveError::UnknownPiece(letter) => Message::new("move-unknown-piece").arg("letter", letter),
        MoveError::WrongPiece {
            square,
            found,
            given,
        } => Message::new("move-wrong-piece")
            .arg("square", square.to_string())
            .arg("found", piece(found))
            .arg("given", piece(given)),
        MoveError::Ambiguous(choices) => Message::new("move-ambiguous").arg("choices", choices),
        MoveError::AmbiguousSan {
            text,
            count,
            pieces,
            choices,
        } => Message::new("move-ambiguous-san")
            .arg("text", text)
            .arg("count", *count)
            .arg("pieces", pieces)
            .arg("choices", choices),
        MoveError::NoSuchMove(text) => Message::new("move-no-such-move").arg("text", text),
        MoveError::Illegal(illegal) => illegal_move(illegal),
    }
}

fn illegal_move(e: &IllegalMove) -> Message {
    let square = |id: &'static str, sq: &plypost_rules::Square| {
        Message::new(id).arg("square", sq.to_string())
    };
    let piece_move = |id: &'static str, name: &str, from: String, to: String| {
        Message::new(id)
            .arg("piece", piece(name))
            .arg("from", from)
            .arg("to", to)
    };
    match e {
        IllegalMove::OffBoard(sq) => square("move-off-board", sq),
        IllegalMove::NoPiece(sq) => square("move-no-piece", sq),
        IllegalMove::NotYourPiece(sq) => square("move-not-yours", sq),
        IllegalMove::OwnPiece(sq) => square("move-own-piece", sq),
        IllegalMove::CannotReach { piece, from, to } => {
            piece_move("move-cannot-reach", piece, from.to_string(), to.to_string())
        }
        IllegalMove::Blocked { piece, from, to } => {
            piece_move("move-blocked", piece, from.to_string(), to.to_string())
        }
        IllegalMove::HopNeedsOneScreen { piece: name } => {
            Message::new("move-hop-one-screen").arg("piece", piece(name))
        }
        IllegalMove::CaptureOnly { piece: name, to } => Message::new("move-capture-only")
            .arg("piece", piece(name))
            .arg("to", to.to_string()),
        IllegalMove::MoveOnly { piece: name, to } => Message::new("move-move-only")
            .arg("piece", piece(name))
            .arg("to", to.to_string()),
        IllegalMove::LeavesKingInCheck => Message::new("move-king-in-check"),
        IllegalMove::JumpThroughCheck => Message::new("move-jump-through-check"),
        IllegalMove::JumpInCheck => Message::new("move-jump-in-check"),
        IllegalMove::JumpNeverCaptures => Message::new("move-jump-never-captures"),
        IllegalMove::NoJumpRight => Message::new("move-no-jump-right"),
        IllegalMove::CastlingBlocked(sq) => square("move-castling-blocked", sq),
        IllegalMove::CastlingInCheck => Message::new("move-castling-in-check"),
        IllegalMove::CastlingThroughCheck(sq) => square("move-castling-through-check", sq),
        IllegalMove::NoCastlingRight => Message::new("move-no-castling-right"),
        IllegalMove::MustPromote { piece: name } => {
            Message::new("move-must-promote").arg("piece", piece(name))
        }
        IllegalMove::BadPromotion {
            piece: name,
            target,
        } => Message::new("move-bad-promotion")
            .arg("piece", piece(name))
            .arg("target", piece(target)),
        IllegalMove::DoesNotPromote => Message::new("move-does-not-promote"),
        IllegalMove::GameOver => Message::new("move-game-over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use plypost_rules::{Position, Variant};

    /// The English words are the rules' own; French reads French, with French piece names.
    #[test]
    fn reasons_read_in_every_language() {
        let chess = Variant::builtin("chess").expect("chess");
        let start = Position::start(&chess);
        let fr = Lang::from_tag("fr").expect("French");
        for text in [
            "Nb1-b3", "e4-e5", "e2-e5", "Qd1-d3", "Ke1-g1", "Z", "e9", "Xe2-e4", "Nb1-d2",
        ] {
            let Err(e) = start.parse_move(text) else {
                panic!("{text} is legal");
            };
            let reason = IllegalReason::Rules(e.clone());
            assert_eq!(
                reason.message().text(&Lang::default()),
                format!("Illegal move: {e}."),
                "{text}"
            );
            let french = reason.message().text(&fr);
            assert!(french.starts_with("Coup illégal"), "{text}: {french}");
            assert!(!french.contains(&e.to_string()), "{text}: {french}");
        }
        let blocked = IllegalReason::Rules(start.parse_move("Qd1-d3").unwrap_err());
        assert!(blocked.message().text(&fr).contains("Dame"), "{blocked}");
    }
}
