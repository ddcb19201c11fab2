//! The problems of a typed variant definition, worded in the reader's language: the rules'
//! typed [`DefinitionProblem`]s become `definition-*` messages (`errors.ftl`) whose English is
//! the rules' own text. Keys, section names and piece names stay as the definition writes
//! them, and so does what the TOML reader says; the XBetza and move-text readers' problems
//! are `betza-*` and `move-text-*` messages.

use plypost_rules::arg::Arg;
use plypost_rules::betza::BetzaError;
use plypost_rules::{DefinitionError, DefinitionProblem as P, Wing};

use crate::i18n::{Message, MessageValue};
use crate::presets::fen_problems::{fen_error, side};

/// One problem, with its line when known.
pub fn definition_error(e: &DefinitionError) -> Message {
    let problem = definition_problem(&e.problem);
    match e.line {
        Some(line) => Message::new("definition-at-line")
            .arg("line", line)
            .arg("problem", problem),
        None => problem,
    }
}

/// What the XBetza reader found wrong, and where in the text: `betza-<code>` in a frame
/// that quotes the text and the character.
pub fn betza_error(e: &BetzaError) -> Message {
    let detail = coded(format!("betza-{}", e.code), &e.args);
    let frame = match e.character {
        Some(c) => Message::new("betza-at").arg("character", c.to_string()),
        None => Message::new("betza-at-end"),
    };
    frame
        .arg("input", e.input.as_str())
        .arg("position", e.position)
        .arg("detail", detail)
}

/// The message `id` with the values a reader's problem names.
fn coded(id: String, args: &[(&'static str, Arg)]) -> Message {
    args.iter().fold(Message::new(id), |m, (name, value)| {
        m.arg(name, MessageValue::from(value))
    })
}

fn definition_problem(problem: &P) -> Message {
    let key = |id: &'static str, key: &str| Message::new(id).arg("key", key);
    let piece = |id: &'static str, name: &str| Message::new(id).arg("piece", name);
    let letter = |id: &'static str, letter: &str| Message::new(id).arg("letter", letter);
    match problem {
        P::Toml(text) => Message::new("definition-toml").arg("text", text),
        P::Missing { key: k } => key("definition-missing", k),
        P::NotString { key: k } => key("definition-not-string", k),
        P::NotBool { key: k } => key("definition-not-bool", k),
        P::NotNumber { key: k } => key("definition-not-number", k),
        P::OutOfRange { key: k, min, max } => key("definition-out-of-range", k)
            .arg("min", *min)
            .arg("max", *max),
        P::NotStringList { key: k } => key("definition-not-string-list", k),
        P::UnknownKey { key: k, section } => {
            key("definition-unknown-key", k).arg("section", section)
        }
        P::BadName => Message::new("definition-bad-name"),
        P::BadSymmetry => Message::new("definition-bad-symmetry"),
        P::SeveralRoyals => Message::new("definition-several-royals"),
        P::JumpNeedsRoyal => Message::new("definition-jump-needs-royal"),
        P::SetupNameLength => Message::new("definition-setup-name-length"),
        P::SetupNamedTwice { name } => {
            Message::new("definition-setup-named-twice").arg("name", name)
        }
        P::NoPieces => Message::new("definition-no-pieces"),
        P::TooManyKinds { max } => Message::new("definition-too-many-kinds").arg("max", *max),
        P::PromotesToUnknown {
            piece: p,
            letter: l,
        } => piece("definition-promotes-to-unknown", p).arg("letter", l),
        P::BadImage { image } => Message::new("definition-bad-image").arg("image", image),
        P::BadLetter { letter: l } => letter("definition-bad-letter", l),
        P::LetterTwice {
            letter: l,
            first,
            second,
        } => letter("definition-letter-twice", l)
            .arg("first", first)
            .arg("second", second),
        P::NoMoves { piece: p } => piece("definition-no-moves", p),
        P::MovesAndBetza { piece: p } => piece("definition-moves-and-betza", p),
        P::Betza { piece: p, error } => {
            piece("definition-betza", p).arg("error", betza_error(error))
        }
        P::MoveText {
            piece: p,
            text,
            error,
        } => piece("definition-move-text", p).arg("text", text).arg(
            "error",
            coded(format!("move-text-{}", error.code), &error.args),
        ),
        P::BetzaAndXbetza { piece: p } => piece("definition-betza-and-xbetza", p),
        P::Xbetza { piece: p, error } => {
            piece("definition-xbetza", p).arg("error", betza_error(error))
        }
        P::NoteTooLong { piece: p, max } => piece("definition-note-too-long", p).arg("max", *max),
        P::ByStartFileCount { count, width } => Message::new("definition-by-start-file-count")
            .arg("count", *count)
            .arg("width", u32::from(*width)),
        P::ByStartFileUnknown { letter: l } => letter("definition-by-start-file-unknown", l),
        P::ByStartFileMissing => Message::new("definition-by-start-file-missing"),
        P::LimitsNotTable => Message::new("definition-limits-not-table"),
        P::LimitsUnknown { letter: l } => letter("definition-limits-unknown", l),
        P::LimitOutOfRange { letter: l } => letter("definition-limit-out-of-range", l),
        P::BadMoveCountLimit => Message::new("definition-bad-move-count-limit"),
        P::BadStalemate => Message::new("definition-bad-stalemate"),
        P::BareKingNeedsRoyal => Message::new("definition-bare-king-needs-royal"),
        P::CastlingAndJump => Message::new("definition-castling-and-jump"),
        P::CastlingNeedsRoyal => Message::new("definition-castling-needs-royal"),
        P::CastlingRookUnknown { rook } => {
            Message::new("definition-castling-rook-unknown").arg("rook", rook)
        }
        P::Internal => Message::new("definition-internal"),
        P::SetupFen { name, error } => Message::new("definition-setup-fen")
            .arg("name", name)
            .arg("error", fen_error(error)),
        P::StartFenNotListed => Message::new("definition-start-fen-not-listed"),
        P::StartFen(error) => Message::new("definition-start-fen").arg("error", fen_error(error)),
        P::CastlingNoKing(color) => {
            Message::new("definition-castling-no-king").arg("side", side(*color))
        }
        P::CastlingNoRook {
            color,
            king_distance,
            wing,
        } => Message::new("definition-castling-no-rook")
            .arg("side", side(*color))
            .arg("distance", u32::from(*king_distance))
            .arg(
                "wing",
                match wing {
                    Wing::LastFile => "last-file",
                    Wing::AFile => "a-file",
                },
            ),
        P::CastlingRookLanding { color, rook } => Message::new("definition-castling-rook-landing")
            .arg("side", side(*color))
            .arg("square", rook.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use plypost_rules::Variant;

    /// Breaks the chess definition in many ways: every problem reads in English as the rules
    /// write it and in French in French.
    #[test]
    fn definition_problems_read_in_every_language() {
        let chess = Variant::builtin("chess").expect("chess");
        let text = chess.source_text();
        let fr = Lang::from_tag("fr").expect("French");
        let broken = [
            ("name = \"chess\"", "name = \"Chess!\""),
            (
                "name = \"chess\"",
                "name = \"chess\"\nsymmetry = \"spin\"\nshape = 1",
            ),
            ("display_name = \"Chess\"", "display_name = 3"),
            ("letter = \"N\"", "letter = \"Q\""),
            ("letter = \"N\"", "letter = \"n\""),
            (
                "moves = [\"leap N\"]",
                "betza = \"N\"\nmoves = [\"leap N\"]",
            ),
            ("moves = [\"leap N\"]", "moves = [\"fly N\"]"),
            ("moves = [\"leap N\"]", "betza = \"Nx\""),
            ("start_fen = \"", "start_fen = \"x"),
            ("width = 8", "width = 99"),
            ("[[piece]]", "[[piece]]\nimage = \"Big King\""),
        ];
        let mut seen = 0;
        for (from, to) in broken {
            assert!(text.contains(from), "{from}");
            let Err(errors) = Variant::from_toml(&text.replacen(from, to, 1)) else {
                panic!("{to} loads");
            };
            for e in &errors {
                let message = definition_error(e);
                assert_eq!(message.text(&Lang::default()), e.to_string(), "{to}");
                let french = message.text(&fr);
                assert_ne!(french, e.to_string(), "{to}");
                assert!(!french.contains("definition-"), "{to}: {french}");
                seen += 1;
            }
        }
        assert!(seen >= broken.len(), "{seen} problems");
    }

    /// Every problem of the XBetza reader reads in English as the reader writes it, and in
    /// French in French; the texts below reach every `betza-*` message but two checks kept
    /// for safety (every direction letter the reader accepts leaves some move).
    #[test]
    fn every_betza_problem_is_translated() {
        let fr = Lang::from_tag("fr").expect("French");
        let long = "W".repeat(201);
        let texts = [
            long.as_str(),
            "",
            "hN",
            "jR",
            "xW",
            "W99",
            "(99,1)",
            "(4",
            "(4,1",
            "(0,0)",
            "(,1)",
            "f",
            "X",
            "1W",
            "W!",
            "ffW",
            "vN",
            "WyaW",
            "WyabW",
            "WyalbW",
            "yW",
            "eW",
            "iW",
            "pW",
            "pnR",
            "cepR",
            "nR",
            "nN",
            "WyafsaW",
            "WyapW",
            "WyafsR",
            "WyaffssW",
            "WaW",
            "cyaW",
            "yafsD",
            "mWyaW",
            "RyafsW",
            "WyafsF",
            "FyafsW",
            "fmWfceFcR",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for text in texts {
            let e = plypost_rules::betza::compile(text).expect_err(text);
            let message = betza_error(&e);
            assert_eq!(message.text(&Lang::default()), e.to_string(), "{text}");
            let french = message.text(&fr);
            assert_ne!(french, e.to_string(), "{text}");
            assert!(
                !french.contains("betza-") && !french.contains('{'),
                "{text}: {french}"
            );
            seen.insert(format!("betza-{}", e.code));
        }
        let kept_for_safety = ["betza-no-move-left", "betza-no-first-leg"];
        let frames = ["betza-at", "betza-at-end"];
        let missing: Vec<&str> = include_str!("../../locales/en/betza.ftl")
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(id, _)| id))
            .filter(|id| id.starts_with("betza-"))
            .filter(|id| {
                !seen.contains(*id) && !kept_for_safety.contains(id) && !frames.contains(id)
            })
            .collect();
        assert!(missing.is_empty(), "no text reaches {missing:?}");
    }

    /// The same for the move-text reader: each of its problems in English as it writes it,
    /// in French in French, every `move-text-*` message reached.
    #[test]
    fn every_move_text_problem_is_translated() {
        let fr = Lang::from_tag("fr").expect("French");
        let texts = [
            "leap (0,0)",
            "ride Q",
            "ride W max",
            "leap W diagonal",
            "bent F then up",
            "ride W move-only",
            "ride W banana",
            "leap W max 2",
            "ride W then orthogonal-outward",
            "ride W min 3 max 2",
            "bent F",
            "bent W then orthogonal-outward",
            "bent W sideways then vertical-outward",
            "",
            "fly N",
            "leap",
            "first-move-only ride W",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for text in texts {
            let Err(e) = plypost_rules::model::MovePart::parse(text) else {
                continue;
            };
            let message = coded(format!("move-text-{}", e.code), &e.args);
            assert_eq!(message.text(&Lang::default()), e.message, "{text}");
            let french = message.text(&fr);
            assert_ne!(french, e.message, "{text}");
            assert!(!french.contains("move-text-"), "{text}: {french}");
            seen.insert(format!("move-text-{}", e.code));
        }
        let missing: Vec<&str> = include_str!("../../locales/en/betza.ftl")
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(id, _)| id))
            .filter(|id| id.starts_with("move-text-") && !seen.contains(*id))
            .collect();
        assert!(missing.is_empty(), "no text reaches {missing:?}");
    }
}
