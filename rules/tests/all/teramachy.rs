//! Teramachy: provisional setup notice, five promotion choices, King's jump on 16 x 12.

use crate::common;
use common::*;
use plypost_rules::{perft, MoveError, Position};

#[test]
fn start_position_and_provisional_notice() {
    let v = variant("teramachy");
    assert_eq!((v.width(), v.height()), (16, 12));
    assert!(v.provisional_setup().unwrap().contains("reconstructed"));
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), v.start_fen());
    assert!(p.has_jump_right(plypost_rules::Color::White));
    assert!(perft(&p, 2) > 0);
}

#[test]
fn pawn_and_prince_choose_among_five_promotions() {
    let v = variant("teramachy");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p8"), ("P", "e11"), ("I", "j11")],
        "w - - 0 1",
    );
    assert_eq!(
        moves_from(&p, "e11"),
        list("e11e12a e11e12l e11e12g e11e12u e11e12f")
    );
    let prince: Vec<String> = moves_from(&p, "j11")
        .into_iter()
        .filter(|m| m.starts_with("j11j12"))
        .collect();
    assert_eq!(prince, list("j11j12a j11j12l j11j12g j11j12u j11j12f"));
    match p.parse_move("e11-e12") {
        Err(MoveError::Ambiguous(choices)) => assert_eq!(choices, "=A or =L or =G or =U or =F"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        p.parse_move("e11-e12").unwrap_err().to_string(),
        "ambiguous: choose promotion =A or =L or =G or =U or =F"
    );
    let mv = p.parse_move("e11-e12=U").unwrap();
    assert_eq!(p.move_text(&mv), "Pe11-e12=U");
    assert_eq!(p.parse_move("e11e12u").unwrap(), mv);
    assert!(p.parse_move("e11-e12=Q").is_err());
}

#[test]
fn king_jump_on_the_twelve_rank_board() {
    let v = variant("teramachy");
    let p = pos(&v, &[("K", "h2"), ("k", "h11")], "w Kk - 0 1");
    assert_eq!(moves_from(&p, "h2").len(), 19);
}

#[test]
fn prince_two_step_taken_en_passant_by_a_pawn() {
    let v = variant("teramachy");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "p12"), ("I", "e4"), ("p", "d6")],
        "w - - 0 1",
    );
    let p = play(&p, "e4e6");
    let mv = p.parse_move("d6xe5").unwrap();
    assert!(mv.is_en_passant());
}

#[test]
fn knights_do_not_promote_in_teramachy() {
    let v = variant("teramachy");
    let p = pos(&v, &[("K", "a1"), ("k", "p8"), ("N", "e10")], "w - - 0 1");
    let m = moves_from(&p, "e10");
    assert!(m.contains(&"e10d12".to_string()));
    assert!(m.iter().all(|x| x.len() <= 6));
}
