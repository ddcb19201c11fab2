//! Orthodox chess perft suite from tests/data/chess-perft.txt.

use plypost_rules::{perft, Position, Variant};

#[test]
fn chess_perft_suite() {
    let variant = Variant::builtin("chess").unwrap();
    let data = include_str!("../data/chess-perft.txt");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = Position::from_fen(&variant, fen).unwrap();
        assert_eq!(pos.to_fen(), fen, "FEN round trip");
        for entry in parts {
            let mut nums = entry.split_whitespace();
            let depth: u32 = nums.next().unwrap().parse().unwrap();
            let expected: u64 = nums.next().unwrap().parse().unwrap();
            assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
        }
    }
}
