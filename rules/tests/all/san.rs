//! Standard algebraic notation out: disambiguation only when needed, captures, promotions,
//! castling, check and mate, on chess and on a 16x16 variant.

use crate::common;
use common::*;
use plypost_rules::{Position, Variant};

/// The SAN of the move `text` (long or compact form) in `p`.
fn san(p: &Position, text: &str) -> String {
    let mv = p.parse_move(text).expect("legal move");
    p.move_san(&mv)
}

#[test]
fn a_game_of_chess_in_san() {
    let v = variant("chess");
    let mut p = Position::start(&v);
    let mut written = Vec::new();
    for text in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "f7f6", "d2d4",
        "e5d4", "f3d4", "c6c5", "d4e6", "c8e6", "d1d8", "e8d8",
    ] {
        let mv = p.parse_move(text).expect("legal move");
        written.push(p.move_san(&mv));
        p = p.play(&mv).expect("plays");
    }
    assert_eq!(
        written.join(" "),
        "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5 Ne6 Bxe6 Qxd8+ Kxd8"
    );
}

#[test]
fn disambiguation_by_file_rank_or_square_only_when_needed() {
    let v = variant("chess");
    // Knights on b1 and f3 can both reach d2: by file.
    let p = pos(
        &v,
        &[("K", "h1"), ("N", "b1"), ("N", "f3"), ("k", "h8")],
        "w - - 0 1",
    );
    assert_eq!(san(&p, "b1d2"), "Nbd2");
    assert_eq!(san(&p, "f3d4"), "Nd4");
    // Rooks on a1 and a5, same file: by rank.
    let p = pos(
        &v,
        &[("K", "h1"), ("R", "a1"), ("R", "a5"), ("k", "h8")],
        "w - - 0 1",
    );
    assert_eq!(san(&p, "a1a3"), "R1a3");
    // Three Queens: the one on h4 shares file with h1 and rank with e4: the full square.
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("Q", "h4"),
            ("Q", "e4"),
            ("Q", "h1"),
            ("k", "g8"),
        ],
        "w - - 0 1",
    );
    assert_eq!(san(&p, "h4e1"), "Qh4e1");
}

#[test]
fn promotion_en_passant_castling_and_mate() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[
            ("K", "e1"),
            ("R", "a1"),
            ("P", "b7"),
            ("k", "e8"),
            ("r", "a8"),
        ],
        "w Q - 0 1",
    );
    assert_eq!(san(&p, "b7a8q"), "bxa8=Q+");
    assert_eq!(san(&p, "e1c1"), "O-O-O");
    let p = pos(
        &v,
        &[("K", "e1"), ("P", "e5"), ("p", "d5"), ("k", "e8")],
        "w - d6 0 1",
    );
    assert_eq!(san(&p, "e5d6"), "exd6");
    // Fool's mate.
    let mut p = Position::start(&v);
    let mut last = String::new();
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = p.parse_move(text).expect("legal move");
        last = p.move_san(&mv);
        p = p.play(&mv).expect("plays");
    }
    assert_eq!(last, "Qh4#");
}

#[test]
fn multi_digit_ranks_on_a_large_board() {
    let v = Variant::builtin("terachess2").expect("built in");
    let p = Position::start(&v);
    for mv in p.legal_moves() {
        let text = p.move_san(&mv);
        let to = mv.to().to_string();
        assert!(text.ends_with(&to), "{text} should end with {to}");
        // No capture or check is possible on the first move.
        assert!(!text.contains(['x', '+', '#']), "{text}");
    }
}

#[test]
fn san_is_read_as_well_as_written() {
    let v = variant("chess");
    let mut p = Position::start(&v);
    for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p = p.play(&mv).expect("plays");
    }
    assert!(p
        .to_fen()
        .starts_with("r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq"));
    // `x` and `=` may be left out; check marks are ignored.
    let p = pos(
        &v,
        &[("K", "e1"), ("P", "b7"), ("k", "e8"), ("r", "a8")],
        "w - - 0 1",
    );
    for text in ["bxa8=Q+", "ba8Q", "bxa8Q"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.move_san(&mv), "bxa8=Q+");
    }
}

#[test]
fn ambiguous_or_impossible_san_says_why() {
    let v = variant("chess");
    let p = pos(
        &v,
        &[("K", "h1"), ("N", "b1"), ("N", "f3"), ("k", "h8")],
        "w - - 0 1",
    );
    assert_eq!(
        refusal(&p, "Nd2"),
        "Nd2: the Knights on b1 and f3 can both go there; write Nbd2 or Nfd2"
    );
    assert!(p.parse_move("Nbd2").is_ok());
    assert_eq!(refusal(&p, "Na5"), "Na5: no legal move is written that way");
}

#[test]
fn san_reads_multi_digit_ranks() {
    let v = Variant::builtin("terachess2").expect("built in");
    let p = Position::start(&v);
    for mv in p.legal_moves() {
        let text = p.move_san(&mv);
        let read = p
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read, mv, "{text}");
    }
}
