//! Why a FEN is not a position of a variant, or why a position cannot start a game, worded
//! in the reader's language: the rules' typed reasons ([`FenError`], [`SetupProblem`])
//! become messages (`fen-*` in `errors.ftl`) whose English is the rules' own text.

use plypost_rules::{Color, EpProblem, FenError, FenExpected, RightsAllowed, SetupProblem};

use crate::i18n::{Message, MessageValue};

/// A side as the messages' `$side` selector names it.
pub(crate) fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Why the FEN could not be read.
pub fn fen_error(e: &FenError) -> Message {
    match e {
        FenError::Empty => Message::new("fen-empty"),
        FenError::RankCount { found, expected } => Message::new("fen-rank-count")
            .arg("found", *found)
            .arg("expected", u32::from(*expected)),
        FenError::RankWidth {
            rank,
            found,
            expected,
        } => Message::new("fen-rank-width")
            .arg("rank", u32::from(*rank))
            .arg("found", *found)
            .arg("expected", u32::from(*expected)),
        FenError::UnknownPiece { letter, at } => Message::new("fen-unknown-piece")
            .arg("letter", letter)
            .arg("at", *at),
        FenError::Unexpected {
            found,
            at,
            expected,
        } => Message::new("fen-unexpected")
            .arg("found", found.to_string())
            .arg("at", *at)
            .arg(
                "expected",
                Message::new(match expected {
                    FenExpected::LetterAfterPlus => "fen-expected-letter-after-plus",
                    FenExpected::PieceDigitOrSlash => "fen-expected-piece-digit-or-slash",
                    FenExpected::EmptyCount => "fen-expected-empty-count",
                    FenExpected::ClosingBracket => "fen-expected-closing-bracket",
                    FenExpected::TargetNotAllowed => "fen-expected-no-target",
                }),
            ),
        FenError::Side(text) => Message::new("fen-side").arg("text", text),
        FenError::Right { found, at, allowed } => Message::new("fen-right")
            .arg("found", found.to_string())
            .arg("at", *at)
            .arg(
                "allowed",
                Message::new(match allowed {
                    RightsAllowed::KingJump => "fen-rights-king-jump",
                    RightsAllowed::Castling => "fen-rights-castling",
                    RightsAllowed::None => "fen-rights-none",
                }),
            ),
        FenError::EnPassant { field, problem } => Message::new("fen-en-passant")
            .arg("field", field)
            .arg("problem", ep_problem(problem)),
        FenError::Halfmove(text) => Message::new("fen-halfmove").arg("text", text),
        FenError::Fullmove(text) => Message::new("fen-fullmove").arg("text", text),
        FenError::Trailing(text) => Message::new("fen-trailing").arg("text", text),
        FenError::TooManyKings(color) => {
            Message::new("fen-too-many-kings").arg("side", side(*color))
        }
        FenError::OpponentInCheck(color) => {
            Message::new("fen-opponent-in-check").arg("side", side(*color))
        }
    }
}

fn ep_problem(problem: &EpProblem) -> Message {
    let square = |id: &'static str, sq: &plypost_rules::Square| {
        Message::new(id).arg("square", sq.to_string())
    };
    match problem {
        EpProblem::NoSquareAt { at } => Message::new("fen-ep-no-square-at").arg("at", *at),
        EpProblem::TooMany { max } => Message::new("fen-ep-too-many").arg("max", *max),
        EpProblem::NoSquare => Message::new("fen-ep-no-square"),
        EpProblem::OffBoard(sq) => square("fen-ep-off-board", sq),
        EpProblem::NotEmpty(sq) => square("fen-ep-not-empty", sq),
        EpProblem::NotOnOneFile => Message::new("fen-ep-not-on-one-file"),
        EpProblem::NoVictim { mover, last } => Message::new("fen-ep-no-victim")
            .arg("side", side(*mover))
            .arg("square", last.to_string()),
    }
}

/// Why a position that reads cannot start a game.
pub fn setup_problem(problem: &SetupProblem) -> Message {
    match problem {
        SetupProblem::NoRoyal { color, royal } => Message::new("fen-no-royal")
            .arg("side", side(*color))
            .arg("royal", MessageValue::Piece(royal.clone())),
        SetupProblem::MustPromote {
            color,
            piece,
            square,
        } => Message::new("fen-must-promote")
            .arg("side", side(*color))
            .arg("piece", MessageValue::Piece(piece.clone()))
            .arg("square", square.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use plypost_rules::{Position, Variant};

    /// The English words are the rules' own; French reads French.
    #[test]
    fn fen_problems_read_in_every_language() {
        let chess = Variant::builtin("chess").expect("chess");
        let fr = Lang::from_tag("fr").expect("French");
        let bad = [
            "",
            "8/8/8 w - - 0 1",
            "9/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2Z w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2+ w - - 0 1",
            "4k3/8/8/8/8/8/8/4K1!1 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K02 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2P[Q] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w X - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 more",
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        ];
        for fen in bad {
            let Err(e) = Position::from_fen(&chess, fen) else {
                panic!("{fen} reads");
            };
            let message = fen_error(&e);
            assert_eq!(message.text(&Lang::default()), e.to_string(), "{fen}");
            let french = message.text(&fr);
            assert_ne!(french, e.to_string(), "{fen}");
            assert!(!french.contains("fen-"), "{fen}: {french}");
        }
        for fen in [
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let position = Position::from_fen(&chess, fen).expect("reads");
            let problem = position.setup_problems().remove(0);
            let message = setup_problem(&problem);
            assert_eq!(message.text(&Lang::default()), problem.to_string(), "{fen}");
            let french = message.text(&fr);
            assert!(
                french.contains("Roi") || french.contains("Pion"),
                "{fen}: {french}"
            );
        }
    }
}
