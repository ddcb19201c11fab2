//! Moves in UCI text as Fairy-Stockfish writes them for variants: from-square and
//! to-square with ranks in full (`a10a11`), castling and the King's jump as the King's own
//! move, a promotion as the chosen piece's lower-case letter (`e7e8q`), or `+` when it
//! becomes a promoted form (`+R`).

use plypost_rules::{Move, Position};

/// The UCI text of `mv`, a legal move of `pos`.
pub fn move_to_uci(pos: &Position, mv: &Move) -> String {
    let mut text = format!("{}{}", mv.from(), mv.to());
    if let Some(kind) = mv.promotion() {
        let letter = &pos.variant().kind(kind).letter;
        if letter.starts_with('+') {
            text.push('+');
        } else {
            text.push_str(&letter.to_ascii_lowercase());
        }
    }
    text
}

/// The legal move of `pos` written `text` in UCI, or why there is none (in player words).
/// Also accepted: an upper-case promotion letter, and `+x` naming a promoted form.
pub fn move_from_uci(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let legal = pos.legal_moves();
    if let Some(mv) = legal.iter().find(|m| move_to_uci(pos, m) == text) {
        return Ok(*mv);
    }
    let lower = text.to_ascii_lowercase();
    let spelled = |m: &Move| {
        let mut long = format!("{}{}", m.from(), m.to());
        if let Some(k) = m.promotion() {
            long.push_str(&pos.variant().kind(k).letter.to_ascii_lowercase());
        }
        long
    };
    let loose: Vec<&Move> = legal
        .iter()
        .filter(|m| move_to_uci(pos, m).to_ascii_lowercase() == lower || spelled(m) == lower)
        .collect();
    if let [mv] = loose[..] {
        return Ok(*mv);
    }
    // Not a legal move: let the rules say why, in the words a player would get.
    match pos.parse_move(text) {
        Err(e) => Err(format!("{text}: {e}")),
        Ok(_) => Err(format!("{text}: not a legal move in UCI notation here")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::Variant;

    fn round_trip_all(pos: &Position) {
        let mut seen = std::collections::HashSet::new();
        for mv in pos.legal_moves() {
            let text = move_to_uci(pos, &mv);
            assert!(seen.insert(text.clone()), "two moves written {text}");
            assert_eq!(move_from_uci(pos, &text), Ok(mv), "{text}");
        }
    }

    #[test]
    fn chess_moves_castling_and_promotion() {
        let v = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(&v, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        round_trip_all(&pos);
        let castle = move_from_uci(&pos, "e1g1").unwrap();
        assert!(castle.is_castle());
        let promo = move_from_uci(&pos, "b7a8n").unwrap();
        assert_eq!(move_to_uci(&pos, &promo), "b7a8n");
        assert_eq!(move_from_uci(&pos, "b7a8N"), Ok(promo));
        assert!(move_from_uci(&pos, "b7b8").unwrap_err().contains("b7b8"));
        assert!(move_from_uci(&pos, "e1e3").is_err());
        assert!(move_from_uci(&pos, "zz").is_err());
    }

    #[test]
    fn big_boards_write_ranks_in_full() {
        let v = Variant::builtin("terachess2").unwrap();
        let pos = Position::start(&v);
        round_trip_all(&pos);
        let mv = move_from_uci(&pos, "e4e6").unwrap();
        assert_eq!(move_to_uci(&pos, &mv), "e4e6");
        let next = pos.play_unchecked(&mv);
        round_trip_all(&next);
        assert!(next
            .legal_moves()
            .iter()
            .any(|m| move_to_uci(&next, m).len() == 6));
    }

    #[test]
    fn promoted_forms_take_a_plus() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            round_trip_all(&Position::start(&v));
        }
        // Obento: promotion is optional in the last three ranks.
        let v = Variant::builtin("obento").unwrap();
        let pos =
            Position::from_fen(&v, "6k5/12/12/P11/12/12/12/12/12/12/12/6K5 w - - 0 1").unwrap();
        round_trip_all(&pos);
        let plain = move_from_uci(&pos, "a9a10").unwrap();
        assert_eq!(plain.promotion(), None);
        let promoted = move_from_uci(&pos, "a9a10+").unwrap();
        assert_eq!(v.kind(promoted.promotion().unwrap()).letter, "+P");
    }
}
