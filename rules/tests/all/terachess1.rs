//! Terachess I: the pieces that differ from Terachess II.

use crate::common;
use common::*;
use plypost_rules::{perft, Position};

#[test]
fn start_position_loads_and_round_trips() {
    let v = variant("terachess1");
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), v.start_fen());
    assert_eq!(
        p.king_square(plypost_rules::Color::White)
            .unwrap()
            .to_string(),
        "i3"
    );
    // Plain King: no jump right in the FEN, no jump moves.
    assert!(!v.has_king_jump());
    assert!(perft(&p, 2) > 0);
}

#[test]
fn old_rhinoceros_leaps_as_a_knight_then_slides_diagonally_away() {
    let v = variant("terachess1");
    let p = pos(&v, &[("K", "a1"), ("k", "p16"), ("U", "h8")], "w - - 0 1");
    let expected = "h8a14 h8a16 h8a2 h8b1 h8b13 h8b15 h8b3 h8c12 h8c14 h8c2 h8c4 h8d11 h8d13 \
        h8d3 h8d5 h8e10 h8e12 h8e4 h8e6 h8f11 h8f5 h8f7 h8f9 h8g10 h8g6 h8i10 h8i6 h8j11 h8j5 \
        h8j7 h8j9 h8k10 h8k12 h8k4 h8k6 h8l11 h8l13 h8l3 h8l5 h8m12 h8m14 h8m2 h8m4 h8n1 h8n13 \
        h8n15 h8n3 h8o14 h8o16 h8o2 h8p1 h8p15";
    assert_eq!(moves_from(&p, "h8"), list(expected));
    // An occupied leap square stops the slide (but may be captured).
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("U", "h8"), ("p", "i10")],
        "w - - 0 1",
    );
    let m = moves_from(&p, "h8");
    assert!(m.contains(&"h8i10".to_string()));
    assert!(!m.contains(&"h8j11".to_string()));
}

#[test]
fn ship_continues_vertically_only() {
    let v = variant("terachess1");
    let p = pos(&v, &[("K", "a1"), ("k", "p16"), ("S", "h8")], "w - - 0 1");
    let expected = "h8g1 h8g10 h8g11 h8g12 h8g13 h8g14 h8g15 h8g16g h8g2 h8g3 h8g4 h8g5 h8g6 h8g7 \
        h8g9 h8i1 h8i10 h8i11 h8i12 h8i13 h8i14 h8i15 h8i16g h8i2 h8i3 h8i4 h8i5 h8i6 h8i7 h8i9";
    assert_eq!(moves_from(&p, "h8"), list(expected));
}

#[test]
fn ship_promotes_to_gryphon_on_the_last_rank() {
    let v = variant("terachess1");
    let p = pos(&v, &[("K", "a1"), ("k", "p10"), ("S", "c14")], "w - - 0 1");
    let m = moves_from(&p, "c14");
    assert!(m.contains(&"c14d16g".to_string()));
    assert!(m.contains(&"c14b16g".to_string()));
    assert!(!m.contains(&"c14d16".to_string()));
}

#[test]
fn corporal_moves_diagonally_forward_and_captures_en_passant_that_way() {
    let v = variant("terachess1");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("T", "e5"), ("p", "d7")],
        "b - - 0 1",
    );
    // Black Pawn d7-d5 passes d6; the Corporal's diagonal move to d6 is the e.p. capture.
    let p = play(&p, "d7d5");
    assert!(p.to_fen().ends_with(" w - d6 0 2"));
    let mv = p.parse_move("e5d6").unwrap();
    assert!(mv.is_en_passant());
    assert_eq!(p.move_text(&mv), "Te5xd6");
    let after = p.play(&mv).unwrap();
    assert!(after.piece_at("d5".parse().unwrap()).is_none());
    // Only one move from e5 to d6 exists (no separate plain diagonal move).
    assert_eq!(moves_from(&p, "e5"), list("e5d6 e5e6 e5e7 e5f6"));
}

#[test]
fn corporal_two_step_creates_en_passant_for_pawns_and_corporals() {
    let v = variant("terachess1");
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p16"),
            ("T", "e4"),
            ("p", "d6"),
            ("t", "f6"),
        ],
        "w - - 0 1",
    );
    let p = play(&p, "e4e6");
    assert!(p.parse_move("d6e5").unwrap().is_en_passant());
    assert!(p.parse_move("f6e5").unwrap().is_en_passant());
}

#[test]
fn gazelle_and_corporal_promote() {
    let v = variant("terachess1");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p10"), ("J", "c13"), ("T", "h15")],
        "w - - 0 1",
    );
    assert!(moves_from(&p, "c13").contains(&"c13c16o".to_string()));
    assert!(moves_from(&p, "h15").contains(&"h15h16q".to_string()));
    assert!(moves_from(&p, "h15").contains(&"h15g16q".to_string()));
}
