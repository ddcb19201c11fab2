//! Orthodox chess rules in hand-built positions (the perft suite covers the rest).

use crate::common;
use common::*;

#[test]
fn castling_both_sides_and_conditions() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[("K", "e1"), ("R", "a1"), ("R", "h1"), ("k", "e8")],
        "w KQ - 0 1",
    );
    assert_eq!(
        moves_from(&p, "e1"),
        list("e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1")
    );
    let after = play(&p, "O-O");
    assert!(after.to_fen().starts_with("4k3/8/8/8/8/8/8/R4RK1 b - -"));
    // f1 attacked: no short castling; b1 attacked does not stop long castling (the King
    // does not pass b1).
    let p = pos(
        &v,
        &[
            ("K", "e1"),
            ("R", "a1"),
            ("R", "h1"),
            ("k", "e8"),
            ("r", "f8"),
            ("r", "b8"),
        ],
        "w KQ - 0 1",
    );
    let king = moves_from(&p, "e1");
    assert!(!king.contains(&"e1g1".to_string()));
    assert!(king.contains(&"e1c1".to_string()));
}

#[test]
fn capturing_a_rook_removes_the_right() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[
            ("K", "e1"),
            ("R", "a1"),
            ("R", "h1"),
            ("k", "e8"),
            ("b", "b7"),
        ],
        "b KQ - 0 1",
    );
    let after = play(&p, "b7h1");
    assert!(after.to_fen().contains(" w Q - "));
}

#[test]
fn en_passant_exact() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[("K", "e1"), ("P", "e5"), ("k", "e8"), ("p", "d7")],
        "b - - 0 1",
    );
    let p = play(&p, "d7d5");
    assert!(p.to_fen().ends_with(" w - d6 0 2"));
    assert_eq!(moves_from(&p, "e5"), list("e5d6 e5e6"));
    let after = play(&p, "e5xd6");
    assert!(after.piece_at("d5".parse().unwrap()).is_none());
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    let v = variant("chess");
    // The classic horizontal pin: King a5, Pawn b5, Black Pawn c7-c5, Black Rook h5.
    let p = pos(
        &v,
        &[
            ("K", "a5"),
            ("P", "b5"),
            ("k", "e8"),
            ("p", "c7"),
            ("r", "h5"),
        ],
        "b - - 0 1",
    );
    let p = play(&p, "c7c5");
    assert_eq!(moves_from(&p, "b5"), list("b5b6"));
    assert_eq!(refusal(&p, "b5xc6"), "that move leaves your King in check");
}

#[test]
fn promotion_choices() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[("K", "e1"), ("P", "b7"), ("k", "e8"), ("r", "a8")],
        "w - - 0 1",
    );
    assert_eq!(
        moves_from(&p, "b7"),
        list("b7a8b b7a8n b7a8q b7a8r b7b8b b7b8n b7b8q b7b8r")
    );
}

#[test]
fn pawn_two_step_only_from_the_start_rank() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[("K", "e1"), ("P", "c2"), ("P", "d3"), ("k", "e8")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "c2"), list("c2c3 c2c4"));
    assert_eq!(moves_from(&p, "d3"), list("d3d4"));
}
