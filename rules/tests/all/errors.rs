//! Parser errors say what is wrong and where; the definition loader reports every problem.

use crate::common;
use common::*;
use plypost_rules::{FenError, IllegalMove, MoveError, Position, Variant};

#[test]
fn fen_rank_too_long() {
    let v = variant("terachess2");
    let fen = v.start_fen().replacen("/16/", "/17/", 1);
    let err = Position::from_fen(&v, &fen).unwrap_err();
    assert_eq!(
        err.to_string(),
        "rank 12 of the FEN has 17 squares, the board has 16"
    );
}

#[test]
fn fen_unknown_letter_with_position() {
    let v = variant("chess");
    let err = Position::from_fen(
        &v,
        "rnbqkbnr/ppZppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "unknown piece letter 'Z' at character 12");
}

#[test]
fn fen_other_errors() {
    let v = variant("chess");
    let cases = [
        ("", "the FEN is empty"),
        ("8/8/8/8/8/8/8 w - - 0 1", "the FEN has 7 ranks, the board has 8"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "the side to move must be 'w' or 'b', not 'x'"),
        (
            "4k3/8/8/8/8/8/8/4K3 w J - 0 1",
            "unknown special right 'J' at character 23 (this variant allows K Q k q (castling) or -)",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - z 1", "the half-move clock 'z' is not a number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "the move number '0' is not a positive number"),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "White has more than one royal piece"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (Black) is in check"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "unexpected text 'extra' after the move number"),
        ("4k3/8/8/8/8/8/8/3K4/ w - - 0 1", "the FEN has 9 ranks, the board has 8"),
    ];
    for (fen, message) in cases {
        let err = Position::from_fen(&v, fen).unwrap_err();
        assert_eq!(err.to_string(), message, "{fen}");
    }
    let err = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap_err();
    assert!(matches!(err, FenError::EnPassant { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("no Black piece stands just beyond e3"),
        "{err}"
    );
}

#[test]
fn fen_clocks_may_be_omitted() {
    let v = variant("chess");
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w -").unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn move_syntax_errors() {
    let v = variant("chess");
    let p = Position::start(&v);
    assert_eq!(
        p.parse_move("e2-e").unwrap_err().to_string(),
        "syntax error at character 4: expected the destination square, like j3"
    );
    assert_eq!(
        p.parse_move("").unwrap_err().to_string(),
        "syntax error at character 1: expected a move like h2-j3"
    );
    assert_eq!(
        p.parse_move("e2e4 now").unwrap_err().to_string(),
        "syntax error at character 5: expected the end of the move"
    );
    assert_eq!(
        p.parse_move("Ze2-e4").unwrap_err().to_string(),
        "unknown piece letter 'Z'"
    );
    assert_eq!(
        p.parse_move("Ne2-e4").unwrap_err().to_string(),
        "the piece on e2 is a Pawn, not a Knight"
    );
}

#[test]
fn illegal_move_explanations() {
    let v = variant("chess");
    let p = Position::start(&v);
    assert_eq!(
        p.parse_move("e4e5").unwrap_err().to_string(),
        "there is no piece on e4"
    );
    assert_eq!(
        p.parse_move("e7e5").unwrap_err().to_string(),
        "the piece on e7 is not yours"
    );
    assert_eq!(
        p.parse_move("a1a3").unwrap_err().to_string(),
        "the way of the Rook from a1 to a3 is blocked"
    );
    assert_eq!(
        p.parse_move("b1d3").unwrap_err().to_string(),
        "a Knight cannot move from b1 to d3"
    );
    assert_eq!(
        p.parse_move("d1d2").unwrap_err().to_string(),
        "you cannot capture your own piece on d2"
    );
    assert_eq!(
        p.parse_move("e2d3").unwrap_err().to_string(),
        "a Pawn goes to d3 only to capture"
    );
    let p = Position::from_fen(&v, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1").unwrap();
    assert_eq!(
        p.parse_move("e2e3").unwrap_err().to_string(),
        "a Pawn cannot capture on e3 that way"
    );
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        p.parse_move("a1a5").unwrap_err(),
        MoveError::Illegal(IllegalMove::LeavesKingInCheck)
    );
    let p = Position::from_fen(&v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        p.parse_move("a7-a8").unwrap_err().to_string(),
        "ambiguous: choose promotion =Q or =R or =B or =N"
    );
    assert_eq!(
        p.parse_move("a7-a8=K").unwrap_err().to_string(),
        "the Pawn cannot promote to King on this move"
    );
    let mv = p.parse_move("a7a8n").unwrap();
    assert_eq!(p.move_text(&mv), "Pa7-a8=N");
    let plain = p
        .legal_moves()
        .into_iter()
        .find(|m| m.promotion().is_none())
        .unwrap();
    assert!(p.play(&plain).is_ok());
}

#[test]
fn move_text_forms() {
    let v = variant("chess");
    let p = Position::start(&v);
    let mv = p.parse_move("e2-e4").unwrap();
    for text in ["e2e4", "Pe2-e4", "e2-e4+", " e2e4 "] {
        assert_eq!(p.parse_move(text).unwrap(), mv, "{text}");
    }
    assert_eq!(p.move_text(&mv), "Pe2-e4");
    assert_eq!(p.move_compact(&mv), "e2e4");
    let p = play(&p, "e2e4");
    let p = play(&p, "d7d5");
    let mv = p.parse_move("e4xd5").unwrap();
    assert_eq!(p.move_text(&mv), "Pe4xd5");
}

const BROKEN: &str = r#"name = "Broken Name"
display_name = "Broken"
width = 20
height = 8
start_fen = "8/8/8/8/8/8/8/8 w - - 0 1"
colour = "red"

[[piece]]
name = "King"
letter = "K"
image = "King"
royal = true
description = "one step"
moves = ["leap W,F"]

[[piece]]
name = "Thing"
letter = "K"
image = "thing"
description = "odd"
moves = ["ride Q", "jump W"]
promotes_to = ["X"]
"#;

#[test]
fn definition_reports_every_error_with_its_line() {
    let errors = Variant::from_toml(BROKEN).unwrap_err();
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    let has = |needle: &str| text.iter().any(|t| t.contains(needle));
    assert!(
        has("line 1: 'name' must be a lower-case identifier"),
        "{text:#?}"
    );
    assert!(
        has("line 3: 'width' must be a whole number from 5 to 16"),
        "{text:#?}"
    );
    assert!(
        has("line 6: unknown key 'colour' in the variant"),
        "{text:#?}"
    );
    assert!(
        has("line 11: image 'King' must be a lower-case identifier"),
        "{text:#?}"
    );
    assert!(
        has("line 18: letter 'K' is used twice (King and Thing)"),
        "{text:#?}"
    );
    assert!(
        has("line 21: piece 'Thing', move \"ride Q\": unknown atom 'Q'"),
        "{text:#?}"
    );
    assert!(has("move \"jump W\": expected a shape"), "{text:#?}");
    assert!(
        has("line 22: piece 'Thing' promotes to 'X', which is no piece letter"),
        "{text:#?}"
    );
    assert!(errors.len() >= 8, "{text:#?}");
}

#[test]
fn definition_syntax_error_has_a_line() {
    let errors = Variant::from_toml("name = \"x\"\nwidth = = 3\n").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, Some(2));
}

#[test]
fn definition_bad_setup_is_reported() {
    let text = include_str!("../../variants/chess.toml")
        .replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppppp");
    let errors = Variant::from_toml(&text).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(errors[0]
        .to_string()
        .contains("start_fen: rank 7 of the FEN has 9 squares"));
    assert_eq!(errors[0].line, Some(6));
}

#[test]
fn named_setups_are_checked_each_by_name() {
    let chess = include_str!("../../variants/chess.toml");
    let with = |setups: &str| format!("{chess}\n{setups}");
    let ok = with(
        "[[setup]]\nname = \"orthodox\"\nfen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
         [[setup]]\nname = \"no queens\"\nfen = \"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1\"\n",
    );
    let v = Variant::from_toml(&ok).unwrap();
    assert_eq!(v.setups().len(), 2);
    assert_eq!(v.setups()[1].name, "no queens");
    // A bad FEN is named; a duplicate name and an unknown key are reported; the default
    // (start_fen) must be in the list.
    let bad = with(
        "[[setup]]\nname = \"wide\"\nfen = \"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"\n\
         [[setup]]\nname = \"wide\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\ncolour = 1\n",
    );
    let errors: Vec<String> = Variant::from_toml(&bad)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    let all = errors.join("\n");
    assert!(
        all.contains("setup 'wide': rank 7 of the FEN has 9 squares"),
        "{all}"
    );
    assert!(all.contains("two setups are named 'wide'"), "{all}");
    assert!(all.contains("unknown key 'colour' in a [[setup]]"), "{all}");
    assert!(
        all.contains("start_fen (the default setup) must be one of the [[setup]] list"),
        "{all}"
    );
    assert!(errors.iter().all(|e| e.starts_with("line ")), "{all}");
}

#[test]
fn overlapping_moves_are_listed_once() {
    use plypost_rules::perft;
    let chess = Variant::builtin("chess").unwrap();
    // A Queen that also has a Wazir step: the step is already a Queen move.
    let text = include_str!("../../variants/chess.toml").replace(
        "moves = [\"ride W,F\"]",
        "moves = [\"ride W,F\", \"leap W\"]",
    );
    let doubled = Variant::from_toml(&text).unwrap();
    for fen in [
        "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let a = Position::from_fen(&chess, fen).unwrap();
        let b = Position::from_fen(&doubled, fen).unwrap();
        assert_eq!(perft(&a, 3), perft(&b, 3), "{fen}");
    }
    // A Knight that is also an Eagle reaches (1,2) both ways: one move.
    let text = include_str!("../../variants/chess.toml").replace(
        "moves = [\"leap N\"]",
        "moves = [\"leap N\", \"bent F then orthogonal-outward\"]",
    );
    let v = Variant::from_toml(&text).unwrap();
    let p = Position::from_fen(&v, "k7/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
    let moves = moves_from(&p, "d4");
    let mut unique = moves.clone();
    unique.dedup();
    assert_eq!(moves, unique);
    assert!(moves.contains(&"d4e6".to_string()));
}

#[test]
fn castling_rook_must_land_between_king_and_rook() {
    // King 2 and Rook 2 in chess: the a-Rook would land on c1, the King's own new square.
    let text = include_str!("../../variants/chess.toml").replace(
        "king_distance = 2\n",
        "king_distance = 2\nrook_distance = 2\n",
    );
    let errors = Variant::from_toml(&text).unwrap_err();
    assert!(
        errors.iter().any(|e| e
            .to_string()
            .contains("White's Rook on a1 would not land between")),
        "{errors:?}"
    );
    // Rook 3 is geometrically fine on the h-side (h1-e1 is the King's start, vacated) and
    // on the a-side (a1-d1, beside the King's new square c1).
    let text = include_str!("../../variants/chess.toml").replace(
        "king_distance = 2\n",
        "king_distance = 2\nrook_distance = 3\n",
    );
    let v = Variant::from_toml(&text).unwrap();
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let after = p.play(&p.parse_move("O-O").unwrap()).unwrap();
    assert!(
        after.to_fen().starts_with("4k3/8/8/8/8/8/8/R3R1K1 b"),
        "{}",
        after.to_fen()
    );
}

#[test]
fn setup_errors_are_reported_with_the_other_errors() {
    let text = include_str!("../../variants/chess.toml")
        .replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppppp")
        .replace("moves = [\"leap N\"]", "moves = [\"leap Q\"]");
    let errors = Variant::from_toml(&text).unwrap_err();
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{text:#?}");
    assert!(text[0].contains("piece 'Knight', move \"leap Q\": unknown atom 'Q'"));
    assert!(text[1].starts_with("line 6: start_fen: rank 7 of the FEN has 9 squares"));
}

#[test]
fn documented_xbetza_is_checked() {
    let chess = include_str!("../../variants/chess.toml");
    // The Knight's documentation line, with a typo: the error names its line.
    let line = chess
        .lines()
        .position(|l| l == "xbetza = \"N\"")
        .map(|i| i + 1)
        .unwrap();
    let text = chess.replacen("xbetza = \"N\"", "xbetza = \"Nx\"", 1);
    let errors = Variant::from_toml(&text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, Some(line));
    assert!(errors[0]
        .problem
        .to_string()
        .contains("piece 'Knight', 'xbetza'"));
    // `betza` is shown already; both is an error.
    let text = chess.replacen("moves = [\"leap N\"]", "betza = \"N\"", 1);
    let errors = Variant::from_toml(&text).unwrap_err();
    assert!(
        errors[0]
            .problem
            .to_string()
            .contains("both 'betza' and 'xbetza'"),
        "{errors:?}"
    );
    // Without the documentation line, `betza` is the legend's XBetza.
    let text = chess.replacen("moves = [\"leap N\"]\nxbetza = \"N\"", "betza = \"N\"", 1);
    let v = Variant::from_toml(&text).unwrap();
    assert_eq!(v.kind_by_letter("N").unwrap().xbetza.as_deref(), Some("N"));
    // A note alone is kept (trimmed); an over-long one is refused.
    let text = chess.replacen("xbetza = \"N\"", "xbetza_note = \"  no reason at all \"", 1);
    let v = Variant::from_toml(&text).unwrap();
    let n = v.kind_by_letter("N").unwrap();
    assert_eq!(n.xbetza, None);
    assert_eq!(n.xbetza_note.as_deref(), Some("no reason at all"));
    let long = "x".repeat(301);
    let text = chess.replacen("xbetza = \"N\"", &format!("xbetza_note = \"{long}\""), 1);
    assert!(Variant::from_toml(&text).is_err());
}
