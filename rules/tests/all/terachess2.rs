//! Terachess II: perft against the reference counts, and one test per special rule or piece.

use crate::common;
use common::*;
use plypost_rules::{divide, perft, IllegalMove, Position};

fn tc2() -> plypost_rules::Variant {
    variant("terachess2")
}

#[test]
fn start_moves_equal_the_reference_list() {
    let v = tc2();
    let pos = Position::start(&v);
    let expected: Vec<String> = list(include_str!("../data/terachess2-start-moves.txt"));
    assert_eq!(all_moves(&pos), expected);
    assert_eq!(expected.len(), 54);
}

#[test]
fn perft_2() {
    assert_eq!(perft(&Position::start(&tc2()), 2), 2916);
}

#[test]
fn perft_3_divide_matches_reference() {
    let pos = Position::start(&tc2());
    let data = include_str!("../data/terachess2-start-divide3.txt");
    let mut expected: Vec<(String, u64)> = data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            (
                it.next().unwrap().to_string(),
                it.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    expected.sort();
    let got = divide(&pos, 3);
    assert_eq!(got, expected);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u64>(), 175_508);
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn perft_4() {
    assert_eq!(perft(&Position::start(&tc2()), 4), 10_562_564);
}

#[test]
fn start_fen_round_trips() {
    let v = tc2();
    let pos = Position::start(&v);
    assert_eq!(pos.to_fen(), v.start_fen());
    assert!(v.provisional_setup().is_none());
}

// ----- King's jump (8.1) ------------------------------------------------------------------

#[test]
fn king_jump_destinations_on_an_open_board() {
    let v = tc2();
    let p = pos(&v, &[("K", "h2"), ("k", "h15")], "w Kk - 0 1");
    let steps = "h2g1 h2h1 h2i1 h2g2 h2i2 h2g3 h2h3 h2i3";
    let jumps = "h2f2 h2j2 h2h4 h2j4 h2f4 h2j3 h2f3 h2j1 h2f1 h2i4 h2g4";
    assert_eq!(moves_from(&p, "h2"), list(&format!("{steps} {jumps}")));
    // Without the right only the steps remain.
    let p = pos(&v, &[("K", "h2"), ("k", "h15")], "w k - 0 1");
    assert_eq!(moves_from(&p, "h2"), list(steps));
}

#[test]
fn knight_shaped_jump_with_one_passed_square_attacked_is_legal() {
    let v = tc2();
    // A Black Camel on k4 attacks h3 ((-3,-1)) but not i3: h2-i4 passes over h3 and i3.
    let p = pos(&v, &[("K", "h2"), ("k", "h15"), ("m", "k4")], "w Kk - 0 1");
    assert!(p.is_attacked("h3".parse().unwrap(), plypost_rules::Color::Black));
    assert!(!p.is_attacked("i3".parse().unwrap(), plypost_rules::Color::Black));
    assert!(moves_from(&p, "h2").contains(&"h2i4".to_string()));
}

#[test]
fn knight_shaped_jump_with_both_passed_squares_attacked_is_illegal() {
    let v = tc2();
    // Camel k4 attacks h3; a Knight on j5 attacks i3 (not i4, not h2).
    let p = pos(
        &v,
        &[("K", "h2"), ("k", "h15"), ("m", "k4"), ("n", "j5")],
        "w Kk - 0 1",
    );
    assert!(!p.is_check());
    assert!(!p.is_attacked("i4".parse().unwrap(), plypost_rules::Color::Black));
    assert!(!moves_from(&p, "h2").contains(&"h2i4".to_string()));
    assert_eq!(
        refusal(&p, "Kh2-i4"),
        IllegalMove::JumpThroughCheck.to_string()
    );
    assert_eq!(
        refusal(&p, "h2i4"),
        "the King's jump passes over an attacked square"
    );
}

#[test]
fn straight_jump_over_an_attacked_square_is_illegal() {
    let v = tc2();
    // The Camel on k4 attacks h3: h2-h4 passes over h3.
    let p = pos(&v, &[("K", "h2"), ("k", "h15"), ("m", "k4")], "w Kk - 0 1");
    assert!(!moves_from(&p, "h2").contains(&"h2h4".to_string()));
    assert!(moves_from(&p, "h2").contains(&"h2j2".to_string()));
}

#[test]
fn passed_square_attack_counts_pinned_pieces_and_the_king_on_its_square() {
    let v = tc2();
    // A Black Cannon on h9 with the Black Pawn h5 as screen attacks h3? The line from h9 down:
    // h8..h6 empty, h5 screen, h4, h3 empty... a hop captures the first piece beyond the
    // screen: the Cannon attacks h4 and h3 (every square up to the next piece, the King).
    let p = pos(
        &v,
        &[("K", "h2"), ("k", "h15"), ("c", "h9"), ("p", "h5")],
        "w Kk - 0 1",
    );
    assert!(p.is_attacked("h3".parse().unwrap(), plypost_rules::Color::Black));
    assert!(!moves_from(&p, "h2").contains(&"h2h4".to_string()));
}

#[test]
fn no_jump_while_in_check() {
    let v = tc2();
    let p = pos(&v, &[("K", "h2"), ("k", "h15"), ("r", "h9")], "w Kk - 0 1");
    assert!(p.is_check());
    let from_king = moves_from(&p, "h2");
    assert_eq!(from_king, list("h2g1 h2i1 h2g2 h2i2 h2g3 h2i3"));
    assert_eq!(refusal(&p, "h2j2"), "the King cannot jump while in check");
}

#[test]
fn jump_never_captures() {
    let v = tc2();
    // A Black Camel on j4 (it attacks neither h2 nor the passed squares of h2-j4).
    let p = pos(&v, &[("K", "h2"), ("k", "h15"), ("m", "j4")], "w Kk - 0 1");
    assert!(!moves_from(&p, "h2").contains(&"h2j4".to_string()));
    assert_eq!(refusal(&p, "h2xj4"), "the King's jump never captures");
}

#[test]
fn any_king_move_ends_the_jump_right() {
    let v = tc2();
    let p = pos(&v, &[("K", "h2"), ("k", "h15")], "w Kk - 0 1");
    let p = play(&p, "h2h3");
    assert!(p.to_fen().contains(" b k "));
    let p = play(&p, "h15h14");
    assert!(p.to_fen().contains(" w - "));
    let p = play(&p, "h3h2");
    assert_eq!(refusal(&p, "h14h12"), "the King has already lost its jump");
    assert_eq!(refusal(&p, "h2h1"), "the piece on h2 is not yours");
    let p = play(&p, "h14h15");
    assert_eq!(refusal(&p, "h2h4"), "the King has already lost its jump");
}

#[test]
fn jump_is_written_as_a_king_move() {
    let v = tc2();
    let p = pos(&v, &[("K", "h2"), ("k", "h15")], "w Kk - 0 1");
    let mv = p.parse_move("Kh2-j3").unwrap();
    assert!(mv.is_king_jump());
    assert_eq!(p.move_text(&mv), "Kh2-j3");
    assert_eq!(p.move_compact(&mv), "h2j3");
}

// ----- Cannon family ----------------------------------------------------------------------

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let v = tc2();
    let base = [
        ("K", "a1"),
        ("k", "p16"),
        ("C", "c3"),
        ("P", "c5"),
        ("r", "c8"),
    ];
    let p = pos(&v, &base, "w - - 0 1");
    // Moves as a Rook without capturing; captures c8 over the single screen c5.
    let expected = "c3c1 c3c2 c3c4 c3b3 c3a3 c3d3 c3e3 c3f3 c3g3 c3h3 c3i3 c3j3 c3k3 c3l3 c3m3 \
                    c3n3 c3o3 c3p3 c3c8";
    assert_eq!(moves_from(&p, "c3"), list(expected));
    // Two screens: no capture.
    let mut two = base.to_vec();
    two.push(("n", "c6"));
    let p = pos(&v, &two, "w - - 0 1");
    assert!(!moves_from(&p, "c3").contains(&"c3c8".to_string()));
    assert_eq!(
        refusal(&p, "Cc3xc8"),
        "a Cannon captures only over exactly one piece"
    );
    // No screen: no capture either.
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("C", "c3"), ("r", "c8")],
        "w - - 0 1",
    );
    assert!(!moves_from(&p, "c3").contains(&"c3c8".to_string()));
    assert_eq!(
        refusal(&p, "c3c8"),
        "a Cannon captures only over exactly one piece"
    );
}

#[test]
fn cannon_gives_check_through_exactly_one_screen() {
    let v = tc2();
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "c10"), ("C", "c3"), ("P", "c5")],
        "b - - 0 1",
    );
    assert!(p.is_check());
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "c10"),
            ("C", "c3"),
            ("P", "c5"),
            ("P", "c6"),
        ],
        "b - - 0 1",
    );
    assert!(!p.is_check());
    let p = pos(&v, &[("K", "a1"), ("k", "c10"), ("C", "c3")], "b - - 0 1");
    assert!(!p.is_check());
}

#[test]
fn moving_a_piece_onto_a_cannon_line_can_expose_the_king() {
    let v = tc2();
    // Black Cannon c12 looks at the White King c2 with no screen: a White piece stepping
    // onto the c-file would become the screen.
    let p = pos(
        &v,
        &[("K", "c2"), ("k", "p16"), ("c", "c12"), ("N", "b5")],
        "w - - 0 1",
    );
    assert!(!p.is_check());
    let knight = moves_from(&p, "b5");
    assert!(!knight.contains(&"b5c7".to_string()));
    assert!(!knight.contains(&"b5c3".to_string()));
    assert!(knight.contains(&"b5a7".to_string()));
    assert_eq!(refusal(&p, "Nb5-c7"), "that move leaves your King in check");
}

#[test]
fn sorceress_and_crocodile_hop_diagonally() {
    let v = tc2();
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p16"),
            ("V", "e5"),
            ("P", "g7"),
            ("q", "j10"),
        ],
        "w - - 0 1",
    );
    let croc = moves_from(&p, "e5");
    assert!(croc.contains(&"e5j10".to_string()));
    assert!(!croc.contains(&"e5h8".to_string()));
    assert!(croc.contains(&"e5f6".to_string()));
}

// ----- Bent riders ------------------------------------------------------------------------

#[test]
fn eagle_exact_moves() {
    let v = tc2();
    let p = pos(&v, &[("K", "a1"), ("k", "p16"), ("G", "h8")], "w - - 0 1");
    let expected = "h8a7 h8a9 h8b7 h8b9 h8c7 h8c9 h8d7 h8d9 h8e7 h8e9 h8f7 h8f9 h8g1 h8g10 h8g11 \
        h8g12 h8g13 h8g14 h8g15 h8g16 h8g2 h8g3 h8g4 h8g5 h8g6 h8g7 h8g9 h8i1 h8i10 h8i11 h8i12 \
        h8i13 h8i14 h8i15 h8i16 h8i2 h8i3 h8i4 h8i5 h8i6 h8i7 h8i9 h8j7 h8j9 h8k7 h8k9 h8l7 h8l9 \
        h8m7 h8m9 h8n7 h8n9 h8o7 h8o9 h8p7 h8p9";
    assert_eq!(moves_from(&p, "h8"), list(expected));
}

#[test]
fn eagle_is_stopped_by_an_occupied_corner_but_may_capture_there() {
    let v = tc2();
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p16"),
            ("G", "h8"),
            ("p", "i9"),
            ("P", "g9"),
            ("r", "i12"),
        ],
        "w - - 0 1",
    );
    let m = moves_from(&p, "h8");
    assert!(m.contains(&"h8i9".to_string()));
    assert!(!m.contains(&"h8i10".to_string()));
    assert!(!m.contains(&"h8j9".to_string()));
    assert!(!m.contains(&"h8g9".to_string()));
    assert!(!m.contains(&"h8g10".to_string()));
    assert!(!m.contains(&"h8i12".to_string()));
}

#[test]
fn eagle_gives_check_around_the_corner() {
    let v = tc2();
    // Eagle h8: step to i9, slide north to i14 (the King).
    let p = pos(&v, &[("K", "a1"), ("k", "i14"), ("G", "h8")], "b - - 0 1");
    assert!(p.is_check());
    // Blocking the corner removes the check.
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "i14"), ("G", "h8"), ("p", "i9")],
        "b - - 0 1",
    );
    assert!(!p.is_check());
}

#[test]
fn rhinoceros_exact_moves() {
    let v = tc2();
    let p = pos(&v, &[("K", "a1"), ("k", "p16"), ("U", "h8")], "w - - 0 1");
    let expected = "h8a14 h8a16 h8a2 h8b1 h8b13 h8b15 h8b3 h8c12 h8c14 h8c2 h8c4 h8d11 h8d13 \
        h8d3 h8d5 h8e10 h8e12 h8e4 h8e6 h8f11 h8f5 h8f7 h8f9 h8g10 h8g6 h8g8 h8h7 h8h9 h8i10 \
        h8i6 h8i8 h8j11 h8j5 h8j7 h8j9 h8k10 h8k12 h8k4 h8k6 h8l11 h8l13 h8l3 h8l5 h8m12 h8m14 \
        h8m2 h8m4 h8n1 h8n13 h8n15 h8n3 h8o14 h8o16 h8o2 h8p1 h8p15";
    assert_eq!(moves_from(&p, "h8"), list(expected));
}

// ----- Pawns, Princes, e.p., promotion ----------------------------------------------------

#[test]
fn pawn_two_step_from_any_rank() {
    let v = tc2();
    let p = pos(&v, &[("K", "a1"), ("k", "p16"), ("P", "e8")], "w - - 0 1");
    assert_eq!(moves_from(&p, "e8"), list("e8e9 e8e10"));
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("P", "e8"), ("n", "e9")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e8"), list(""));
}

#[test]
fn prince_two_step_is_taken_en_passant_by_a_pawn_only() {
    let v = tc2();
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p16"),
            ("I", "e4"),
            ("p", "d6"),
            ("i", "f6"),
        ],
        "w - - 0 1",
    );
    let p = play(&p, "e4e6");
    // A Prince move does not reset the move clock.
    assert!(p.to_fen().ends_with(" b - e5 1 1"));
    // The Pawn takes e.p.
    let mv = p.parse_move("d6xe5").unwrap();
    assert!(mv.is_en_passant());
    let after = p.play(&mv).unwrap();
    assert!(after.piece_at("e6".parse().unwrap()).is_none());
    // The Prince's step to e5 is a plain move: the White Prince stays.
    let after = play(&p, "f6e5");
    assert_eq!(
        after.piece_at("e6".parse().unwrap()).unwrap().name(),
        "Prince"
    );
}

#[test]
fn prince_never_captures_en_passant() {
    let v = tc2();
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("P", "e4"), ("i", "f6")],
        "w - - 0 1",
    );
    let p = play(&p, "e4e6");
    let m = p.parse_move("f6e5").unwrap();
    assert!(!m.is_en_passant());
}

#[test]
fn en_passant_right_lasts_one_move() {
    let v = tc2();
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p16"), ("P", "e4"), ("p", "d6")],
        "w - - 0 1",
    );
    let p = play(&p, "e4e6");
    let p = play(&p, "p16p15");
    let p = play(&p, "a1a2");
    assert!(!moves_from(&p, "d6").contains(&"d6e5".to_string()));
}

#[test]
fn two_step_onto_the_last_rank_promotes_and_gives_en_passant() {
    let v = tc2();
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p10"), ("P", "e14"), ("p", "d16")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e14"), list("e14e15 e14e16q"));
    let p = play(&p, "e14-e16=Q");
    assert_eq!(p.piece_at("e16".parse().unwrap()).unwrap().name(), "Queen");
    assert!(p.to_fen().ends_with(" b - e15 0 1"));
    let mv = p.parse_move("d16xe15").unwrap();
    assert!(mv.is_en_passant());
    let after = p.play(&mv).unwrap();
    assert!(after.piece_at("e16".parse().unwrap()).is_none());
    assert_eq!(
        after.piece_at("e15".parse().unwrap()).unwrap().name(),
        "Pawn"
    );
}

#[test]
fn promotion_is_compulsory_and_automatic() {
    let v = tc2();
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p10"),
            ("P", "c15"),
            ("N", "h14"),
            ("M", "j13"),
            ("E", "l14"),
        ],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "c15"), list("c15c16q"));
    // Text without suffix is accepted: the only choice.
    let mv = p.parse_move("c15-c16").unwrap();
    assert_eq!(p.move_text(&mv), "Pc15-c16=Q");
    assert!(moves_from(&p, "h14").contains(&"h14g16f".to_string()));
    assert!(moves_from(&p, "j13").contains(&"j13k16f".to_string()));
    assert!(moves_from(&p, "l14").contains(&"l14n16l".to_string()));
    assert!(!moves_from(&p, "l14").contains(&"l14n16".to_string()));
}

#[test]
fn troll_promotes_only_by_its_pawn_like_step() {
    let v = tc2();
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p10"), ("T", "e15"), ("T", "h13")],
        "w - - 0 1",
    );
    assert_eq!(
        moves_from(&p, "e15"),
        list("e15b15 e15h15 e15e12 e15b12 e15h12 e15e16q")
    );
    let leap = moves_from(&p, "h13");
    assert!(leap.contains(&"h13h16".to_string()));
    assert!(!leap.contains(&"h13h16q".to_string()));
    let p = play(&p, "h13h16");
    assert_eq!(p.piece_at("h16".parse().unwrap()).unwrap().name(), "Troll");
}

#[test]
fn troll_captures_diagonally_forward_and_promotes() {
    let v = tc2();
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "p10"),
            ("T", "e15"),
            ("r", "f16"),
            ("r", "e16"),
        ],
        "w - - 0 1",
    );
    let m = moves_from(&p, "e15");
    assert!(m.contains(&"e15f16q".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("e15e16")));
}

#[test]
fn ascii_board_has_two_digit_runs() {
    let v = tc2();
    let p = pos(&v, &[("K", "a1"), ("k", "p16")], "w - - 0 1");
    assert!(p.to_fen().starts_with("15k/16/16/"));
    assert!(p.to_fen().contains("/K15 w"));
}
