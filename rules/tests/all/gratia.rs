//! GraTiA: castling King 3 / Rook 4, Pawns promoting by start file, must-continue bent
//! riders, odd-only and min-range riders, lame double leapers.

use crate::common;
use common::*;
use plypost_rules::{perft, Position};

#[test]
fn start_position_and_provisional_notice() {
    let v = variant("gratia");
    assert_eq!((v.width(), v.height()), (13, 13));
    assert!(v.provisional_setup().unwrap().contains("reconstructed"));
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), v.start_fen());
    // Each Pawn's target is that of its file.
    let target = |sq: &str| {
        p.piece_at(sq.parse().unwrap())
            .unwrap()
            .promotion_target
            .unwrap()
            .name
            .clone()
    };
    assert_eq!(target("a3"), "Rook");
    assert_eq!(target("b3"), "Queen");
    assert_eq!(target("c3"), "Anchorite");
    assert_eq!(target("f3"), "Gryphon");
    assert_eq!(target("g3"), "Queen");
    assert_eq!(target("l11"), "Queen");
    assert!(perft(&p, 2) > 0);
}

#[test]
fn castling_king_three_rook_four() {
    let v = variant("gratia");
    let p = pos(
        &v,
        &[("K", "g1"), ("R", "a1"), ("R", "m1"), ("k", "g13")],
        "w KQ - 0 1",
    );
    let short = p.parse_move("O-O").unwrap();
    assert_eq!(p.move_compact(&short), "g1j1");
    let after = p.play(&short).unwrap();
    assert_eq!(
        after.piece_at("i1".parse().unwrap()).unwrap().name(),
        "Rook"
    );
    assert_eq!(
        after.piece_at("j1".parse().unwrap()).unwrap().name(),
        "King"
    );
    let long = p.parse_move("O-O-O").unwrap();
    assert_eq!(p.move_compact(&long), "g1d1");
    let after = p.play(&long).unwrap();
    assert_eq!(
        after.piece_at("e1".parse().unwrap()).unwrap().name(),
        "Rook"
    );
    assert_eq!(
        after.piece_at("d1".parse().unwrap()).unwrap().name(),
        "King"
    );
    assert!(after.to_fen().contains(" b - - "));
}

#[test]
fn black_castles_on_rank_thirteen() {
    let v = variant("gratia");
    let p = pos(
        &v,
        &[("K", "g1"), ("r", "a13"), ("r", "m13"), ("k", "g13")],
        "b kq - 0 1",
    );
    let king = moves_from(&p, "g13");
    assert!(king.contains(&"g13j13".to_string()));
    assert!(king.contains(&"g13d13".to_string()));
}

#[test]
fn pawn_promotes_to_the_piece_of_its_start_file_after_changing_file() {
    let v = variant("gratia");
    // A Pawn that started on the c-file (target Anchorite) stands on d11.
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "m7"),
            ("P[A]", "d11"),
            ("n", "e12"),
            ("n", "d12"),
        ],
        "w - - 0 1",
    );
    assert!(p.to_fen().contains("P[A]"));
    assert_eq!(
        p.piece_at("d11".parse().unwrap())
            .unwrap()
            .promotion_target
            .unwrap()
            .name,
        "Anchorite"
    );
    // First zone rank: optional.
    assert_eq!(moves_from(&p, "d11"), list("d11e12 d11e12a"));
    let p = play(&p, "d11xe12");
    assert!(p.to_fen().contains("P[A]"));
    let p = play(&p, "m7m6");
    // Last rank: compulsory, to the Anchorite (not the e-file's Bishop).
    assert_eq!(moves_from(&p, "e12"), list("e12e13a"));
    let p = play(&p, "e12-e13");
    assert_eq!(
        p.piece_at("e13".parse().unwrap()).unwrap().name(),
        "Anchorite"
    );
}

#[test]
fn pawn_target_defaults_to_the_file_it_stands_on() {
    let v = variant("gratia");
    // A Pawn that started on the b-file captures to c: its target stays the Queen, written [Q].
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "m7"), ("P", "b4"), ("n", "c5")],
        "w - - 0 1",
    );
    let p = play(&p, "b4xc5");
    assert!(p.to_fen().contains("P[Q]"), "{}", p.to_fen());
    // Black Pawn targets are written in lower case.
    let p = pos(&v, &[("K", "a1"), ("k", "m7"), ("p[q]", "d9")], "w - - 0 1");
    assert!(p.to_fen().contains("p[q]"));
    assert_eq!(
        p.piece_at("d9".parse().unwrap())
            .unwrap()
            .promotion_target
            .unwrap()
            .name,
        "Queen"
    );
}

#[test]
fn gryphon_cannot_stop_on_its_first_square() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "a13"), ("k", "m1"), ("Y", "g7")], "w - - 0 1");
    let expected = "g7a6 g7a8 g7b6 g7b8 g7c6 g7c8 g7d6 g7d8 g7e6 g7e8 g7f1 g7f10 g7f11 g7f12 \
        g7f13 g7f2 g7f3 g7f4 g7f5 g7f9 g7h1 g7h10 g7h11 g7h12 g7h13 g7h2 g7h3 g7h4 g7h5 g7h9 \
        g7i6 g7i8 g7j6 g7j8 g7k6 g7k8 g7l6 g7l8 g7m6 g7m8";
    let got: Vec<String> = moves_from(&p, "g7")
        .into_iter()
        .filter(|m| m.len() <= 5)
        .collect();
    assert_eq!(got, list(expected));
    // An enemy on the first square blocks and is not captured.
    let p = pos(
        &v,
        &[("K", "a13"), ("k", "m1"), ("Y", "g7"), ("n", "h8")],
        "w - - 0 1",
    );
    let m = moves_from(&p, "g7");
    assert!(!m.contains(&"g7h8".to_string()));
    assert!(!m.contains(&"g7h9".to_string()));
    assert!(!m.contains(&"g7i8".to_string()));
    assert_eq!(refusal(&p, "g7h8"), "a Gryphon cannot move from g7 to h8");
}

#[test]
fn anchorite_exact_moves() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "a13"), ("k", "m1"), ("A", "g7")], "w - - 0 1");
    let expected = "g7a12 g7a2 g7b1 g7b11 g7b13 g7b3 g7c10 g7c12 g7c2 g7c4 g7d11 g7d3 g7d5 g7d9 \
        g7e10 g7e4 g7e6 g7e8 g7f5 g7f9 g7h5 g7h9 g7i10 g7i4 g7i6 g7i8 g7j11 g7j3 g7j5 g7j9 \
        g7k10 g7k12 g7k2 g7k4 g7l1 g7l11 g7l13 g7l3 g7m12 g7m2";
    let got: Vec<String> = moves_from(&p, "g7")
        .into_iter()
        .filter(|m| m.len() <= 5)
        .collect();
    assert_eq!(got, list(expected));
}

#[test]
fn panda_and_bear_move_odd_distances_only() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "b13"), ("k", "l13"), ("+W", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list("g7b7 g7d7 g7f7 g7g10 g7g12 g7g2 g7g4 g7g6 g7g8 g7h7 g7j7 g7l7")
    );
    let p = pos(&v, &[("K", "b13"), ("k", "l13"), ("+F", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list("g7b12 g7b2 g7d10 g7d4 g7f6 g7f8 g7h6 g7h8 g7j10 g7j4 g7l12 g7l2")
    );
    // Blocked on the way: a piece on g9 stops the Panda reaching g10 and beyond.
    let p = pos(
        &v,
        &[("K", "b13"), ("k", "l13"), ("+W", "g7"), ("n", "g9")],
        "w - - 0 1",
    );
    let m = moves_from(&p, "g7");
    assert!(m.contains(&"g7g8".to_string()));
    assert!(!m.contains(&"g7g9".to_string()));
    assert!(!m.contains(&"g7g10".to_string()));
    let p = pos(
        &v,
        &[("K", "b13"), ("k", "l13"), ("+W", "g7"), ("n", "g10")],
        "w - - 0 1",
    );
    assert!(moves_from(&p, "g7").contains(&"g7g10".to_string()));
}

#[test]
fn pocket_and_picket_need_at_least_two_squares() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "b13"), ("k", "l13"), ("+D", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list(
            "g7a7 g7b7 g7c7 g7d7 g7e7 g7g1 g7g10 g7g11 g7g12 g7g13 g7g2 g7g3 g7g4 g7g5 g7g9 \
             g7i7 g7j7 g7k7 g7l7 g7m7"
        )
    );
    let p = pos(&v, &[("K", "a7"), ("k", "m7"), ("+E", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list(
            "g7a1 g7a13 g7b12 g7b2 g7c11 g7c3 g7d10 g7d4 g7e5 g7e9 g7i5 g7i9 g7j10 g7j4 g7k11 \
             g7k3 g7l12 g7l2 g7m1 g7m13"
        )
    );
    // An adjacent enemy cannot be captured.
    let p = pos(
        &v,
        &[("K", "b13"), ("k", "l13"), ("+D", "g7"), ("n", "g8")],
        "w - - 0 1",
    );
    assert!(!moves_from(&p, "g7").iter().any(|m| m.starts_with("g7g8")));
}

#[test]
fn nightpotentate_is_lame_on_the_halfway_square() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "b13"), ("k", "l13"), ("+N", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list("g7c5 g7c9 g7e11 g7e3 g7e6 g7e8 g7f5 g7f9 g7h5 g7h9 g7i11 g7i3 g7i6 g7i8 g7k5 g7k9")
    );
    let p = pos(
        &v,
        &[("K", "b13"), ("k", "l13"), ("+N", "g7"), ("n", "h9")],
        "w - - 0 1",
    );
    let m = moves_from(&p, "g7");
    assert!(m.contains(&"g7h9".to_string()));
    assert!(!m.contains(&"g7i11".to_string()));
    // A piece beside the path (not on the halfway square) does not block.
    let p = pos(
        &v,
        &[
            ("K", "b13"),
            ("k", "l13"),
            ("+N", "g7"),
            ("n", "g8"),
            ("n", "h8"),
        ],
        "w - - 0 1",
    );
    assert!(moves_from(&p, "g7").contains(&"g7i11".to_string()));
}

#[test]
fn camelpotentate_double_leap() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "b13"), ("k", "l13"), ("+C", "g7")], "w - - 0 1");
    let m = moves_from(&p, "g7");
    assert!(m.contains(&"g7h10".to_string()) && m.contains(&"g7i13".to_string()));
    let p = pos(
        &v,
        &[("K", "b13"), ("k", "m13"), ("+C", "g7"), ("n", "h10")],
        "w - - 0 1",
    );
    assert!(!moves_from(&p, "g7").contains(&"g7i13".to_string()));
}

#[test]
fn short_range_pieces_promote_optionally_in_the_zone() {
    let v = variant("gratia");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "m7"), ("N", "e10"), ("W", "h12")],
        "w - - 0 1",
    );
    let n = moves_from(&p, "e10");
    assert!(n.contains(&"e10f12".to_string()) && n.contains(&"e10f12+n".to_string()));
    assert!(!n.contains(&"e10g9+n".to_string()));
    let w = moves_from(&p, "h12");
    assert!(w.contains(&"h12h13".to_string()) && w.contains(&"h12h13+w".to_string()));
}

#[test]
fn giraffe_four_one_leap() {
    let v = variant("gratia");
    let p = pos(&v, &[("K", "a13"), ("k", "m13"), ("G", "g7")], "w - - 0 1");
    assert_eq!(
        moves_from(&p, "g7"),
        list("g7c6 g7c8 g7f11 g7f3 g7h11 g7h3 g7k6 g7k8")
    );
}
