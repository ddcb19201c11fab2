//! Random games checking invariants (not part of the test suite: long-running).
use plypost_rules::{Position, Variant};
fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        let mut state = 0x1234_5678_u64;
        let mut plies = 0u64;
        for _ in 0..games {
            let mut pos = Position::start(&v);
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let next = pos.play(mv).unwrap();
                    let mover = pos.side_to_move();
                    if let Some(k) = next.king_square(mover) {
                        assert!(
                            !next.is_attacked(k, next.side_to_move()),
                            "{name} {} {:?}",
                            pos.to_fen(),
                            mv
                        );
                    }
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv = moves[(state % moves.len() as u64) as usize];
                pos = pos.play(&mv).unwrap();
                let again = Position::from_fen(&v, &pos.to_fen()).unwrap();
                assert_eq!(again.to_fen(), pos.to_fen());
                assert_eq!(again.hash(), pos.hash());
                plies += 1;
            }
        }
        println!("{name}: {games} games, {plies} plies ok");
    }
}
