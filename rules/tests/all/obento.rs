//! Obento Chess: 3-step e.p., castling with King 3, optional zone promotion, bent riders.

use crate::common;
use common::*;
use plypost_rules::{perft, Position};

#[test]
fn start_position() {
    let v = variant("obento");
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), v.start_fen());
    assert!(v.provisional_setup().is_none());
    // Pawns: 1, 2 or 3 steps from the start rank.
    assert_eq!(moves_from(&p, "e3"), list("e3e4 e3e5 e3e6"));
    assert!(perft(&p, 2) > 0);
}

#[test]
fn pawn_multi_steps_only_on_its_first_move() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "g2"), ("k", "g11"), ("P", "e4")], "w - - 0 1");
    assert_eq!(moves_from(&p, "e4"), list("e4e5"));
}

#[test]
fn fen_rejects_foreign_letters() {
    let v = variant("obento");
    let text = fen(&v, &[("K", "g2"), ("k", "g11"), ("N", "e6")], "w - - 0 1");
    let err = Position::from_fen(&v, &text).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("unknown piece letter 'N' at character"));
}

#[test]
fn three_step_gives_en_passant_on_both_passed_squares() {
    let v = variant("obento");
    let p = pos(
        &v,
        &[
            ("K", "g2"),
            ("k", "g11"),
            ("P", "e3"),
            ("p", "d5"),
            ("p", "f6"),
        ],
        "w - - 0 1",
    );
    let p = play(&p, "e3e6");
    assert!(p.to_fen().ends_with(" b - e4e5 0 1"));
    for capture in ["d5e4", "f6e5"] {
        let mv = p.parse_move(capture).unwrap();
        assert!(mv.is_en_passant(), "{capture}");
        let after = p.play(&mv).unwrap();
        assert!(after.piece_at("e6".parse().unwrap()).is_none(), "{capture}");
    }
    // FEN with two e.p. squares reads back.
    let again = Position::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(again.to_fen(), p.to_fen());
    assert_eq!(again.en_passant_squares().len(), 2);
}

#[test]
fn three_step_needs_empty_squares() {
    let v = variant("obento");
    let p = pos(
        &v,
        &[("K", "g2"), ("k", "g11"), ("P", "e3"), ("p", "e5")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e3"), list("e3e4"));
}

#[test]
fn castling_both_wings_king_three() {
    let v = variant("obento");
    let p = pos(
        &v,
        &[("K", "g2"), ("R", "a2"), ("R", "l2"), ("k", "g11")],
        "w KQ - 0 1",
    );
    let king = moves_from(&p, "g2");
    assert!(king.contains(&"g2j2".to_string()));
    assert!(king.contains(&"g2d2".to_string()));
    let short = p.parse_move("O-O").unwrap();
    assert!(short.is_castle());
    assert_eq!(p.move_text(&short), "Kg2-j2");
    let after = p.play(&short).unwrap();
    assert_eq!(
        after.piece_at("i2".parse().unwrap()).unwrap().name(),
        "Rook"
    );
    assert_eq!(
        after.piece_at("j2".parse().unwrap()).unwrap().name(),
        "King"
    );
    assert!(after.piece_at("l2".parse().unwrap()).is_none());
    assert!(after.to_fen().contains(" b - - 1 1"));
    let long = p.parse_move("O-O-O").unwrap();
    let after = p.play(&long).unwrap();
    assert_eq!(
        after.piece_at("e2".parse().unwrap()).unwrap().name(),
        "Rook"
    );
    assert_eq!(
        after.piece_at("d2".parse().unwrap()).unwrap().name(),
        "King"
    );
    assert_eq!(p.parse_move("g2-d2").unwrap(), long);
}

#[test]
fn castling_conditions() {
    let v = variant("obento");
    let base = [("K", "g2"), ("R", "a2"), ("R", "l2"), ("k", "g11")];
    // A Black Rook on i9 attacks i2, a square the King passes over: no short castling.
    let mut pieces = base.to_vec();
    pieces.push(("r", "i9"));
    let p = pos(&v, &pieces, "w KQ - 0 1");
    assert!(!moves_from(&p, "g2").contains(&"g2j2".to_string()));
    assert_eq!(
        refusal(&p, "O-O"),
        "the King cannot castle over the attacked square i2"
    );
    assert!(moves_from(&p, "g2").contains(&"g2d2".to_string()));
    // In check: none.
    let mut pieces = base.to_vec();
    pieces.push(("r", "g9"));
    let p = pos(&v, &pieces, "w KQ - 0 1");
    assert_eq!(refusal(&p, "O-O-O"), "you cannot castle out of check");
    // Landing square attacked.
    let mut pieces = base.to_vec();
    pieces.push(("r", "j9"));
    let p = pos(&v, &pieces, "w KQ - 0 1");
    assert_eq!(refusal(&p, "O-O"), "that move leaves your King in check");
    // A piece between King and Rook.
    let mut pieces = base.to_vec();
    pieces.push(("B", "k2"));
    let p = pos(&v, &pieces, "w KQ - 0 1");
    assert!(!moves_from(&p, "g2").contains(&"g2j2".to_string()));
    // No right.
    let p = pos(&v, &base, "w Q - 0 1");
    assert_eq!(
        refusal(&p, "O-O"),
        "the right to castle on that side is lost"
    );
    // The Rook moving away ends the right.
    let p = pos(&v, &base, "w KQ - 0 1");
    let p = play(&p, "l2l3");
    assert!(p.to_fen().contains(" b Q - "));
}

#[test]
fn optional_promotion_in_the_zone_and_forced_on_the_last_rank() {
    let v = variant("obento");
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "l7"),
            ("P", "e9"),
            ("P", "c11"),
            ("R", "h5"),
        ],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e9"), list("e9e10 e9e10+p"));
    assert_eq!(moves_from(&p, "c11"), list("c11c12+p"));
    let mv = p.parse_move("e9e10+p").unwrap();
    assert_eq!(p.move_text(&mv), "Pe9-e10=+P");
    assert_eq!(p.parse_move("e9-e10=+P").unwrap(), mv);
    assert_eq!(p.parse_move("e9-e10").unwrap().promotion(), None);
    // The forced promotion is accepted without a suffix.
    assert!(p.parse_move("c11-c12").unwrap().promotion().is_some());
    // A Rook entering the zone may promote, and leaving-to-outside does not.
    let rook = moves_from(&p, "h5");
    assert!(rook.contains(&"h5h10".to_string()) && rook.contains(&"h5h10+r".to_string()));
    assert!(rook.contains(&"h5h12+r".to_string()) && rook.contains(&"h5h12".to_string()));
    assert!(!rook.contains(&"h5h9+r".to_string()));
    let after = play(&p, "h5h10+r");
    assert_eq!(
        after.piece_at("h10".parse().unwrap()).unwrap().name(),
        "Dragon King"
    );
    assert!(after.to_fen().contains("+R"));
}

#[test]
fn a_piece_that_declined_may_promote_later_in_the_zone() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l7"), ("M", "e10")], "w - - 0 1");
    let m = moves_from(&p, "e10");
    assert!(m.contains(&"e10e11+m".to_string()));
    assert!(m.contains(&"e10e11".to_string()));
    assert!(!m.contains(&"e10e9+m".to_string()));
}

#[test]
fn ship_promotes_to_ostrich_and_snake_to_osprey() {
    let v = variant("obento");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "l5"), ("S", "c9"), ("T", "h9")],
        "w - - 0 1",
    );
    assert!(moves_from(&p, "c9").contains(&"c9d10o".to_string()));
    assert!(moves_from(&p, "h9").contains(&"h9h10y".to_string()));
}

#[test]
fn snake_exact_moves() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("T", "f6")], "w - - 0 1");
    let expected = "f6a12 f6b1 f6b11 f6c10 f6c2 f6d3 f6d9 f6e4 f6e8 f6f5 f6f7 f6g4 f6g8 f6h3 \
        f6h9 f6i10 f6i2 f6j1 f6j11 f6k12";
    let promoted = "f6a12y f6b11y f6c10y f6i10y f6j11y f6k12y";
    assert_eq!(
        moves_from(&p, "f6"),
        list(&format!("{expected} {promoted}"))
    );
}

#[test]
fn osprey_exact_moves() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("Y", "f6")], "w - - 0 1");
    let expected = "f6a3 f6a9 f6b12 f6b4 f6b8 f6c1 f6c11 f6c5 f6c7 f6d10 f6d2 f6d6 f6e3 f6e9 \
        f6f4 f6f8 f6g3 f6g9 f6h10 f6h2 f6h6 f6i1 f6i11 f6i5 f6i7 f6j12 f6j4 f6j8 f6k3 f6k9 \
        f6l10 f6l2";
    assert_eq!(moves_from(&p, "f6"), list(expected));
}

#[test]
fn ostrich_exact_moves() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("O", "f6")], "w - - 0 1");
    let expected = "f6a4 f6a8 f6b4 f6b8 f6c4 f6c8 f6d1 f6d10 f6d11 f6d12 f6d2 f6d3 f6d4 f6d8 \
        f6d9 f6h1 f6h10 f6h11 f6h12 f6h2 f6h3 f6h4 f6h8 f6h9 f6i4 f6i8 f6j4 f6j8 f6k4 f6k8 \
        f6l4 f6l8";
    assert_eq!(moves_from(&p, "f6"), list(expected));
}

#[test]
fn obento_ship_exact_moves() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("S", "f6")], "w - - 0 1");
    let expected = "f6e1 f6e10 f6e11 f6e12 f6e2 f6e3 f6e4 f6e5 f6e7 f6e8 f6e9 f6g1 f6g10 f6g11 \
        f6g12 f6g2 f6g3 f6g4 f6g5 f6g7 f6g8 f6g9";
    // Entering the zone (ranks 10-12) offers the Ostrich promotion as well.
    let promoted = "f6e10o f6e11o f6e12o f6g10o f6g11o f6g12o";
    assert_eq!(
        moves_from(&p, "f6"),
        list(&format!("{expected} {promoted}"))
    );
}

#[test]
fn pashtuns_face_forward_for_both_sides() {
    let v = variant("obento");
    let white = pos(
        &v,
        &[("K", "a1"), ("k", "l12"), ("G", "f6"), ("V", "f3")],
        "w - - 0 1",
    );
    assert_eq!(
        moves_from(&white, "f6"),
        list("f6f7 f6f8 f6f5 f6f4 f6e6 f6d6 f6g6 f6h6 f6e7 f6d8 f6g7 f6h8")
    );
    assert_eq!(
        moves_from(&white, "f3"),
        list("f3e4 f3d5 f3g4 f3h5 f3e2 f3d1 f3g2 f3h1 f3f4 f3f5")
    );
    let black = pos(&v, &[("K", "a1"), ("k", "l12"), ("g", "f6")], "b - - 0 1");
    assert_eq!(
        moves_from(&black, "f6"),
        list("f6f7 f6f8 f6f5 f6f4 f6e6 f6d6 f6g6 f6h6 f6e5 f6d4 f6g5 f6h4")
    );
}

#[test]
fn wizard_and_wildebeest() {
    let v = variant("obento");
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("W", "f6")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "f6"),
        list("f6e5 f6e7 f6g5 f6g7 f6c5 f6c7 f6i5 f6i7 f6e3 f6g3 f6e9 f6g9")
    );
    let p = pos(&v, &[("K", "a1"), ("k", "l12"), ("I", "f6")], "w - - 0 1");
    assert_eq!(moves_from(&p, "f6").len(), 16);
}
