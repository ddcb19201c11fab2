//! Prints a crowded Terachess II middlegame reached by deterministic quiet moves.
use plypost_rules::{Position, Variant};
fn main() {
    let v = Variant::builtin("terachess2").unwrap();
    let mut pos = Position::start(&v);
    let mut state: u64 = 12345;
    for _ in 0..40 {
        let moves = pos.legal_moves();
        let quiet: Vec<_> = moves
            .iter()
            .filter(|m| pos.piece_at(m.to()).is_none() && !m.is_en_passant())
            .collect();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = quiet[(state >> 33) as usize % quiet.len()];
        pos = pos.play(mv).unwrap();
    }
    println!("{}", pos.to_fen());
    println!("{} legal moves", pos.legal_moves().len());
    println!("size_of Position = {}", std::mem::size_of::<Position>());
}
