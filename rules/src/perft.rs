//! Perft: counting legal move sequences, the correctness and speed benchmark.

use crate::position::{Move, Position};

/// The number of legal move sequences of `depth` plies from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    moves.clear();
    let in_check = pos.is_check();
    pos.pseudo_moves(moves, in_check);
    let mut board = pos.board;
    if depth == 1 {
        return moves
            .iter()
            .filter(|mv| pos.is_legal_pseudo(&mut board, mv, in_check))
            .count() as u64;
    }
    let mut total = 0;
    for mv in moves.iter() {
        if pos.is_legal_pseudo(&mut board, mv, in_check) {
            let next = pos.play_unchecked(mv);
            total += perft_inner(&next, depth - 1, rest);
        }
    }
    total
}

/// Perft split by first move: (compact move text, count), sorted by move text.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|mv| {
            let count = perft(&pos.play_unchecked(mv), depth.saturating_sub(1));
            (pos.move_compact(mv), count)
        })
        .collect();
    out.sort();
    out
}
