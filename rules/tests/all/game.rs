//! Game end: checkmate, stalemate, threefold repetition, the move-count rule, options.

use crate::common;
use common::*;
use plypost_rules::{Color, DecisiveReason, DrawReason, Game, Outcome, Position, RuleOptions};

#[test]
fn threefold_repetition_draws() {
    let v = variant("chess");
    let mut game = Game::new(Position::start(&v));
    for _ in 0..2 {
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            assert_eq!(game.outcome(), None);
            game.play_text(mv).unwrap();
        }
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    // Refused once over.
    assert!(game.play_text("g1f3").is_err());
}

#[test]
fn repetition_can_be_switched_off() {
    let v = variant("chess");
    let options = RuleOptions {
        repetition: false,
        move_count_limit: Some(100),
    };
    let mut game = Game::with_options(Position::start(&v), options);
    for _ in 0..3 {
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            game.play_text(mv).unwrap();
        }
    }
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_counts_rights() {
    // Terachess II: the first King move loses the jump right, so the start position
    // (with rights) occurs once even if the placement comes back.
    let v = variant("terachess2");
    let start = pos(
        &v,
        &[("K", "h2"), ("k", "h15"), ("N", "c3"), ("n", "c14")],
        "w Kk - 0 1",
    );
    let mut game = Game::new(start);
    for mv in ["h2h3", "h15h14", "h3h2", "h14h15"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.occurrences(), 1);
    for mv in ["c3d5", "c14d12", "d5c3", "d12c14"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
}

#[test]
fn move_count_rule_draws_after_100_plies() {
    let v = variant("chess");
    let start = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    let mut game = Game::new(start.clone());
    assert_eq!(game.outcome(), None);
    game.play_text("a1a2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MoveCount
        })
    );
    // Off, or with a higher limit, it goes on.
    let mut game = Game::with_options(
        start.clone(),
        RuleOptions {
            move_count_limit: None,
            repetition: true,
        },
    );
    game.play_text("a1a2").unwrap();
    assert_eq!(game.outcome(), None);
    // A Pawn move resets the clock (Pawns have resets_move_clock).
    let start = Position::from_fen(&v, "4k3/8/8/8/8/8/P7/4K3 w - - 99 80").unwrap();
    let mut game = Game::new(start);
    game.play_text("a2a3").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn corporal_resets_the_move_clock() {
    let v = variant("terachess1");
    let start = pos(&v, &[("K", "a1"), ("k", "p16"), ("T", "e5")], "w - - 60 40");
    let after = play(&start, "e5e6");
    assert_eq!(after.halfmove_clock(), 0);
    let after = play(&start, "a1a2");
    assert_eq!(after.halfmove_clock(), 61);
}

#[test]
fn checkmate_wins() {
    let v = variant("chess");
    let mut game = Game::new(Position::start(&v));
    for mv in ["f2f3", "e7e5", "g2g4"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.outcome(), None);
    game.play_text("Qd8-h4").unwrap();
    assert!(game.position().is_check());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: DecisiveReason::Checkmate
        })
    );
}

#[test]
fn stalemate_draws() {
    let v = variant("chess");
    let p = Position::from_fen(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn variant_rule_options_come_from_the_file() {
    for name in plypost_rules::Variant::builtin_names() {
        let v = variant(name);
        assert_eq!(v.rule_options(), RuleOptions::default(), "{name}");
    }
}

/// Chess with Shatranj's `[end]`: a stalemate loses, a bare King loses.
fn shatranj_ending_chess() -> plypost_rules::Variant {
    let text = include_str!("../../variants/chess.toml").replace(
        "[draw]",
        "[end]\nstalemate = \"loss\"\nbare_king = true\n\n[draw]",
    );
    plypost_rules::Variant::from_toml(&text).expect("chess with [end]")
}

#[test]
fn a_stalemate_may_lose() {
    let v = shatranj_ending_chess();
    let p = Position::from_fen(&v, "7k/5Q2/6K1/8/8/p7/P7/8 b - - 0 1").unwrap();
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::Stalemate
        })
    );
}

#[test]
fn a_bare_king_loses_unless_it_bares_the_other_at_once() {
    let v = shatranj_ending_chess();
    // Black just lost its last piece against a King and two: Black loses at once.
    let p = Position::from_fen(&v, "7k/8/8/8/8/8/P7/K5R1 w - - 0 1").unwrap();
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::BareKing
        })
    );
    // Against a King and one piece, the bare side to move may still take it.
    let p = Position::from_fen(&v, "7k/6R1/8/8/8/8/8/K7 b - - 0 1").unwrap();
    let mut game = Game::new(p);
    assert_eq!(game.outcome(), None);
    game.play_text("h8g7").unwrap();
    assert_eq!(game.outcome(), None, "both Kings bare: the game goes on");
    // Had it not taken, it would have lost.
    let p = Position::from_fen(&v, "7k/8/6R1/8/8/8/8/K7 b - - 0 1").unwrap();
    let mut game = Game::new(p);
    game.play_text("h8h7").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::BareKing
        })
    );
}
