//! Property tests: no input makes the engine panic; random legal play keeps every invariant.

use plypost_rules::{Position, Variant};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The built-in variants, loaded once (loading builds the move tables).
fn variants() -> &'static [Variant] {
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        Variant::builtin_names()
            .iter()
            .map(|n| Variant::builtin(n).unwrap())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,120}") {
        for v in variants() {
            let _ = Position::from_fen(v, &text);
        }
    }

    #[test]
    fn fen_parser_survives_fen_like_text(text in "[pPkKqQrRnNbB+\\[\\]0-9/ wb-]{0,120}") {
        for v in variants() {
            if let Ok(p) = Position::from_fen(v, &text) {
                // Whatever parses must write back and read again identically.
                let again = Position::from_fen(v, &p.to_fen()).unwrap();
                prop_assert_eq!(again.to_fen(), p.to_fen());
                let _ = p.legal_moves();
            }
        }
    }

    #[test]
    fn mutated_start_fens_never_panic(index in 0usize..200, ch in "[\\PC]", variant in 0usize..6) {
        let v = &variants()[variant];
        let mut fen: Vec<char> = v.start_fen().chars().collect();
        let i = index % fen.len();
        fen[i] = ch.chars().next().unwrap();
        let fen: String = fen.into_iter().collect();
        if let Ok(p) = Position::from_fen(v, &fen) {
            let _ = p.legal_moves();
            let _ = p.to_fen();
        }
    }

    #[test]
    fn move_parser_never_panics(text in "\\PC{0,24}") {
        for v in variants() {
            let p = Position::start(v);
            let _ = p.parse_move(&text);
        }
    }

    #[test]
    fn move_parser_survives_move_like_text(text in "[KQRNPa-p0-9x=+#O\\-]{0,12}") {
        for v in variants() {
            let p = Position::start(v);
            if let Ok(mv) = p.parse_move(&text) {
                prop_assert!(p.legal_moves().contains(&mv));
            }
        }
    }

    #[test]
    fn definition_loader_never_panics(text in "\\PC{0,200}") {
        let _ = Variant::from_toml(&text);
    }

    #[test]
    fn mutated_definitions_never_panic(
        edits in prop::collection::vec((0usize..4000, "[a-zA-Z0-9,=\\[\\]\" +/()-]"), 1..6),
        which in 0usize..6,
    ) {
        let mut text: Vec<char> = variants()[which].source_text().chars().collect();
        for (index, replacement) in edits {
            let i = index % text.len();
            text[i] = replacement.chars().next().unwrap();
        }
        let text: String = text.into_iter().collect();
        if let Ok(v) = Variant::from_toml(&text) {
            let p = Position::start(&v);
            for mv in p.legal_moves() {
                let _ = p.play(&mv).unwrap();
            }
        }
    }
}

/// Random games per variant: fewer in unoptimised builds (CI runs `cargo test` in debug).
const GAME_CASES: u32 = if cfg!(debug_assertions) { 3 } else { 10 };

/// Plays a pseudo-random game, checking at every ply that every legal move plays, that move
/// texts read back to the same move, and that the FEN round-trips the whole state.
fn random_game(v: &Variant, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut pos = Position::start(v);
    for (ply, &choice) in choices.iter().enumerate() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let fen = pos.to_fen();
        let again = Position::from_fen(v, &fen).unwrap();
        prop_assert_eq!(&again.to_fen(), &fen);
        prop_assert_eq!(again.hash(), pos.hash());
        prop_assert_eq!(&again.legal_moves(), &moves);
        // Reading every move text back is quadratic: do it on every fourth ply.
        let checked = if ply % 4 == 0 { moves.len() } else { 1 };
        for mv in moves
            .iter()
            .skip(choice as usize % moves.len())
            .chain(&moves)
            .take(checked)
        {
            prop_assert!(pos.play(mv).is_ok());
            let text = pos.move_text(mv);
            prop_assert_eq!(pos.parse_move(&text).ok(), Some(*mv), "{}", text);
            let compact = pos.move_compact(mv);
            prop_assert_eq!(pos.parse_move(&compact).ok(), Some(*mv), "{}", compact);
        }
        let mv = moves[choice as usize % moves.len()];
        pos = pos.play(&mv).unwrap();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: GAME_CASES, .. ProptestConfig::default() })]

    #[test]
    fn random_games_chess(choices in prop::collection::vec(any::<u16>(), 80)) {
        random_game(&variants()[0], &choices)?;
    }

    #[test]
    fn random_games_terachess2(choices in prop::collection::vec(any::<u16>(), 60)) {
        random_game(&variants()[1], &choices)?;
    }

    #[test]
    fn random_games_terachess1(choices in prop::collection::vec(any::<u16>(), 60)) {
        random_game(&variants()[2], &choices)?;
    }

    #[test]
    fn random_games_teramachy(choices in prop::collection::vec(any::<u16>(), 60)) {
        random_game(&variants()[3], &choices)?;
    }

    #[test]
    fn random_games_obento(choices in prop::collection::vec(any::<u16>(), 60)) {
        random_game(&variants()[4], &choices)?;
    }

    #[test]
    fn random_games_gratia(choices in prop::collection::vec(any::<u16>(), 60)) {
        random_game(&variants()[5], &choices)?;
    }
}
