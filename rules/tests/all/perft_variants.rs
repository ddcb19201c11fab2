//! Regression perft counts of Terachess I, Teramachy, Obento and GraTiA
//! (tests/data/engine-perft.txt; see the note there).

use plypost_rules::{perft, Position, Variant};

#[test]
fn start_position_perft_regression() {
    let data = include_str!("../data/engine-perft.txt");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let name = parts.next().unwrap().trim();
        let pos = Position::start(&Variant::builtin(name).unwrap());
        for entry in parts {
            let mut nums = entry.split_whitespace();
            let depth: u32 = nums.next().unwrap().parse().unwrap();
            let expected: u64 = nums.next().unwrap().parse().unwrap();
            assert_eq!(perft(&pos, depth), expected, "{name} depth {depth}");
        }
    }
}
