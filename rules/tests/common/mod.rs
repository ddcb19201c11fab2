//! Helpers shared by the integration tests.
#![allow(dead_code)]

use plypost_rules::{Position, Square, Variant};

pub fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap()
}

/// Builds a FEN from (token, square) placements: `fen(&v, &[("K", "h2"), ("k", "h15")], "w Kk -")`.
pub fn fen(variant: &Variant, pieces: &[(&str, &str)], rest: &str) -> String {
    let (w, h) = (variant.width() as usize, variant.height() as usize);
    let mut grid = vec![vec![String::new(); w]; h];
    for (token, sq) in pieces {
        let sq: Square = sq.parse().unwrap();
        grid[sq.rank() as usize][sq.file() as usize] = token.to_string();
    }
    let mut ranks = Vec::new();
    for rank in (0..h).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for t in &grid[rank] {
            if t.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push_str(t);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{} {rest}", ranks.join("/"))
}

pub fn pos(variant: &Variant, pieces: &[(&str, &str)], rest: &str) -> Position {
    let text = fen(variant, pieces, rest);
    Position::from_fen(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Sorted compact texts of the legal moves from `from`.
pub fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| pos.move_compact(m))
        .collect();
    out.sort();
    out
}

/// Sorted compact texts of all legal moves.
pub fn all_moves(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_compact(m))
        .collect();
    out.sort();
    out
}

/// The expected list, written as space-separated compact moves.
pub fn list(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(String::from).collect();
    out.sort();
    out
}

/// Plays a compact or long-algebraic move text.
pub fn play(pos: &Position, text: &str) -> Position {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&mv).unwrap()
}

/// The error message of an illegal move text.
pub fn refusal(pos: &Position, text: &str) -> String {
    match pos.parse_move(text) {
        Ok(mv) => panic!("{text} was accepted as {mv:?}"),
        Err(e) => e.to_string(),
    }
}
