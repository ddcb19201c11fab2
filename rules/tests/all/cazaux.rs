//! Cazaux's family below Terachess II: Shako, Pemba, Wild Tamerlane, Metamachy, Zanzibar-S,
//! Gigachess II and I. Start counts from the rules reference (tests/data/cazaux-perft.txt) and
//! one test per special rule in hand-built positions.

use crate::common;
use common::*;
use plypost_rules::{perft, Color, Position, Variant};

#[test]
fn start_positions_match_the_reference_counts() {
    let data = include_str!("../data/cazaux-perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let name = parts.next().unwrap().trim();
        let v = variant(name);
        let start = Position::start(&v);
        assert_eq!(start.to_fen(), v.start_fen(), "{name}");
        for entry in parts {
            let mut nums = entry.split_whitespace();
            let depth: u32 = nums.next().unwrap().parse().unwrap();
            let expected: u64 = nums.next().unwrap().parse().unwrap();
            assert_eq!(perft(&start, depth), expected, "{name} depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
}

#[test]
fn boards_and_provisional_notices() {
    for (name, w, h) in [
        ("shako", 10, 10),
        ("pemba", 10, 10),
        ("wildtamerlane", 11, 11),
        ("metamachy", 12, 12),
        ("zanzibar", 12, 12),
        ("gigachess2", 14, 14),
        ("gigachess1", 14, 14),
    ] {
        let v = variant(name);
        assert_eq!((v.width(), v.height()), (w, h), "{name}");
    }
    assert!(variant("pemba").provisional_promotion().is_some());
    assert!(variant("pemba").provisional_setup().is_some());
    assert!(variant("wildtamerlane").provisional_promotion().is_some());
    assert!(variant("gigachess1").provisional_setup().is_some());
    assert!(variant("gigachess1").provisional_promotion().is_none());
    for name in ["shako", "metamachy", "zanzibar", "gigachess2"] {
        let v = variant(name);
        assert!(v.provisional_setup().is_none() && v.provisional_promotion().is_none());
    }
}

// ----- several start positions -------------------------------------------------------------

#[test]
fn metamachy_lists_its_twelve_setups_with_seven_as_default() {
    let v = variant("metamachy");
    let setups = v.setups();
    assert_eq!(setups.len(), 12);
    for (i, s) in setups.iter().enumerate() {
        assert!(s.name.starts_with(&format!("{i}: ")), "{}", s.name);
        let p = Position::from_fen(&v, &s.fen).unwrap();
        assert!(p.has_jump_right(Color::White) && p.has_jump_right(Color::Black));
        assert_eq!(perft(&p, 1), all_moves(&p).len() as u64);
    }
    let default = setups.iter().find(|s| s.fen == v.start_fen()).unwrap();
    assert_eq!(default.name, "7: K G / Q L");
    // Setup 0 as the reference writes it.
    assert!(setups[0]
        .fen
        .starts_with("cm3gl3mc/ernbikqibnre/pppppppppppp/12/"));
}

#[test]
fn zanzibar_lists_twenty_four_distinct_setups_with_the_authors_diagram_as_default() {
    let v = variant("zanzibar");
    let setups = v.setups();
    assert_eq!(setups.len(), 24);
    let mut boards: Vec<&str> = setups.iter().map(|s| s.fen.as_str()).collect();
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), 24);
    let default = setups.iter().find(|s| s.fen == v.start_fen()).unwrap();
    assert_eq!(default.name, "20: F Q K U / L G");
    assert!(v
        .start_fen()
        .starts_with("cmzvfqkuvzmc/ernbwlgwbnre/ppppippipppp/"));
    // No setup is the mirror image of another: the King always stands on the g-file.
    for s in setups {
        let p = Position::from_fen(&v, &s.fen).unwrap();
        let king = p
            .piece_at("g1".parse().unwrap())
            .or(p.piece_at("g2".parse().unwrap()));
        assert!(king.is_some(), "{}", s.name);
    }
}

// ----- Shako ---------------------------------------------------------------------------------

fn shako_castling_position(extra: &[(&str, &str)]) -> Position {
    let v = variant("shako");
    let mut pieces = vec![
        ("K", "f2"),
        ("R", "b2"),
        ("R", "i2"),
        ("E", "a2"),
        ("E", "j2"),
        ("C", "a1"),
        ("C", "j1"),
        ("k", "f9"),
    ];
    pieces.extend_from_slice(extra);
    pos(&v, &pieces, "w KQ - 0 1")
}

#[test]
fn shako_castles_with_the_rooks_inside_the_elephants() {
    let p = shako_castling_position(&[]);
    assert_eq!(
        moves_from(&p, "f2"),
        list("f2e1 f2f1 f2g1 f2e2 f2g2 f2e3 f2f3 f2g3 f2h2 f2d2")
    );
    let short = play(&p, "O-O");
    assert!(
        short.to_fen().contains("/ER4RK1E/C8C b - "),
        "{}",
        short.to_fen()
    );
    let long = play(&p, "O-O-O");
    assert!(
        long.to_fen().contains("/E2KR3RE/C8C b - "),
        "{}",
        long.to_fen()
    );
}

#[test]
fn shako_castling_is_stopped_by_a_cannon_line_only_with_a_screen() {
    // A Black Cannon on g9 sees down the g-file; without a screen it attacks nothing there.
    let open = shako_castling_position(&[("c", "g9")]);
    assert!(!open.is_attacked("g2".parse().unwrap(), Color::Black));
    assert!(moves_from(&open, "f2").contains(&"f2h2".to_string()));
    // With the Pawn g5 as screen it attacks g4 down to g1: the King may not pass g2.
    let screened = shako_castling_position(&[("c", "g9"), ("p", "g5")]);
    assert!(screened.is_attacked("g2".parse().unwrap(), Color::Black));
    let king = moves_from(&screened, "f2");
    assert!(!king.contains(&"f2h2".to_string()));
    assert!(king.contains(&"f2d2".to_string()));
    assert!(refusal(&screened, "O-O").contains("castl"));
}

#[test]
fn shako_castling_is_stopped_by_an_elephant_jump() {
    // The Elephant b4 jumps over the White Pawn on c3 to attack d2, the long castling's target.
    let p = shako_castling_position(&[("e", "b4"), ("P", "c3")]);
    assert!(p.is_attacked("d2".parse().unwrap(), Color::Black));
    let king = moves_from(&p, "f2");
    assert!(!king.contains(&"f2d2".to_string()));
    assert!(king.contains(&"f2h2".to_string()));
}

#[test]
fn shako_pawn_steps_two_only_from_its_start_rank() {
    let v = variant("shako");
    let p = pos(
        &v,
        &[("K", "f2"), ("k", "f9"), ("P", "c3"), ("P", "e4")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "c3"), list("c3c4 c3c5"));
    assert_eq!(moves_from(&p, "e4"), list("e4e5"));
    let p = play(&p, "c3c5");
    assert!(p.to_fen().contains(" c4 "), "{}", p.to_fen());
}

// ----- Cannon and Crocodile screens ------------------------------------------------------------

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let v = variant("shako");
    let with = |extra: &[(&str, &str)]| {
        let mut pieces = vec![("K", "a1"), ("k", "j10"), ("C", "e3"), ("r", "e8")];
        pieces.extend_from_slice(extra);
        pos(&v, &pieces, "w - - 0 1")
    };
    // No screen: moves up to e7, never captures e8.
    let m = moves_from(&with(&[]), "e3");
    assert!(m.contains(&"e3e7".to_string()) && !m.contains(&"e3e8".to_string()));
    // One screen (e6, either colour): captures e8, not the screen; stops before it.
    for screen in ["p", "P"] {
        let m = moves_from(&with(&[(screen, "e6")]), "e3");
        assert!(m.contains(&"e3e8".to_string()), "{screen}");
        assert!(!m.contains(&"e3e6".to_string()) && !m.contains(&"e3e7".to_string()));
        assert!(m.contains(&"e3e5".to_string()));
    }
    // Two screens: no capture.
    let m = moves_from(&with(&[("p", "e5"), ("P", "e6")]), "e3");
    assert!(!m.contains(&"e3e8".to_string()));
}

#[test]
fn crocodile_is_a_diagonal_cannon() {
    let v = variant("pemba");
    let with = |extra: &[(&str, &str)]| {
        let mut pieces = vec![("K", "a10"), ("k", "j1"), ("V", "c3"), ("r", "g7")];
        pieces.extend_from_slice(extra);
        pos(&v, &pieces, "w - - 0 1")
    };
    let m = moves_from(&with(&[]), "c3");
    assert!(m.contains(&"c3f6".to_string()) && !m.contains(&"c3g7".to_string()));
    let m = moves_from(&with(&[("n", "e5")]), "c3");
    assert!(m.contains(&"c3g7".to_string()));
    assert!(!m.contains(&"c3e5".to_string()) && !m.contains(&"c3f6".to_string()));
    let m = moves_from(&with(&[("n", "e5"), ("N", "f6")]), "c3");
    assert!(!m.contains(&"c3g7".to_string()));
}

// ----- compulsory promotion, each choice list --------------------------------------------------

/// The moves of a White Pawn one step from the last rank, straight ahead.
fn promotions(name: &str, pawn: &str, to: &str) -> Vec<String> {
    let v = variant(name);
    let far = if v.width() > 10 { "k1" } else { "j1" };
    let p = pos(&v, &[("K", "a1"), ("k", far), ("P", pawn)], "w - - 0 1");
    moves_from(&p, pawn)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{pawn}{to}")))
        .collect()
}

#[test]
fn promotion_is_compulsory_with_each_games_choices() {
    let expect = |name: &str, pawn: &str, to: &str, letters: &str| {
        let want: Vec<String> = letters.chars().map(|c| format!("{pawn}{to}{c}")).collect();
        let mut want = want;
        want.sort();
        assert_eq!(promotions(name, pawn, to), want, "{name}");
    };
    expect("shako", "e9", "e10", "qrbnec");
    expect("pemba", "e9", "e10", "qrbnecvmwz");
    expect("wildtamerlane", "e10", "e11", "qg");
    expect("metamachy", "e11", "e12", "qlg");
    expect("zanzibar", "e11", "e12", "qlguf");
}

#[test]
fn metamachy_prince_promotes_too() {
    let v = variant("metamachy");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "l1"), ("I", "c11"), ("I", "h10")],
        "w - - 0 1",
    );
    let to_last: Vec<String> = moves_from(&p, "c11")
        .into_iter()
        .filter(|m| m.starts_with("c11c12"))
        .collect();
    assert_eq!(to_last, list("c11c12q c11c12l c11c12g"));
    // The 2-step onto the last rank promotes as well.
    let two: Vec<String> = moves_from(&p, "h10")
        .into_iter()
        .filter(|m| m.starts_with("h10h12"))
        .collect();
    assert_eq!(two, list("h10h12q h10h12l h10h12g"));
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "l1"), ("I", "c11"), ("I", "h10")],
        "w - - 0 1",
    );
    let mv = p.parse_move("c11-c12=L").unwrap();
    let after = p.play(&mv).unwrap();
    assert_eq!(
        after.piece_at("c12".parse().unwrap()).map(|pc| pc.color),
        Some(Color::White)
    );
    assert!(after.to_fen().starts_with("2L9/"), "{}", after.to_fen());
}

// ----- Metamachy and Zanzibar-S: Pawn and King's jump ---------------------------------------

#[test]
fn metamachy_pawn_steps_two_from_any_rank_and_is_taken_en_passant() {
    let v = variant("metamachy");
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "l12"), ("P", "e5"), ("p", "d7")],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e5"), list("e5e6 e5e7"));
    let p = play(&p, "e5e7");
    assert!(p.to_fen().contains(" e6 "), "{}", p.to_fen());
    let ep = p.parse_move("d7xe6").unwrap();
    assert!(ep.is_en_passant());
    let after = p.play(&ep).unwrap();
    assert!(after.piece_at("e7".parse().unwrap()).is_none());
    // The right lasts one move.
    let p2 = play(&play(&p, "l12l11"), "a1a2");
    assert!(p2.parse_move("d7xe6").is_err());
}

fn jump_targets(p: &Position, from: &str) -> Vec<String> {
    let sq: plypost_rules::Square = from.parse().unwrap();
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    moves_from(p, from)
        .into_iter()
        .filter(|m| {
            let to: plypost_rules::Square = m[from.len()..].parse().unwrap();
            (to.file() as i32 - f)
                .abs()
                .max((to.rank() as i32 - r).abs())
                == 2
        })
        .collect()
}

#[test]
fn metamachy_king_jump_reaches_the_eleven_squares_from_f2() {
    let v = variant("metamachy");
    let p = pos(&v, &[("K", "f2"), ("k", "f11")], "w Kk - 0 1");
    assert_eq!(
        jump_targets(&p, "f2"),
        list("f2d1 f2d2 f2d3 f2d4 f2e4 f2f4 f2g4 f2h4 f2h3 f2h2 f2h1")
    );
    let mv = p.parse_move("Kf2-h3").unwrap();
    assert!(mv.is_king_jump());
}

#[test]
fn king_jump_needs_only_one_unattacked_intermediate_square_for_a_knight_jump() {
    // The text of VARIANTS 8.1, not the stricter Jocly models: f2-g4 passes f3 or g3.
    for name in ["metamachy", "zanzibar"] {
        let v = variant(name);
        // The Bishop c6 attacks f3, not g3.
        let one = pos(&v, &[("K", "f2"), ("k", "f11"), ("b", "c6")], "w Kk - 0 1");
        assert!(one.is_attacked("f3".parse().unwrap(), Color::Black));
        assert!(!one.is_attacked("g3".parse().unwrap(), Color::Black));
        assert!(
            jump_targets(&one, "f2").contains(&"f2g4".to_string()),
            "{name}"
        );
        // A Knight on h5 attacks g3 as well: both paths pass an attacked square.
        let both = pos(
            &v,
            &[("K", "f2"), ("k", "f11"), ("b", "c6"), ("n", "h5")],
            "w Kk - 0 1",
        );
        assert!(!both.is_check());
        assert!(!jump_targets(&both, "f2").contains(&"f2g4".to_string()));
        assert_eq!(
            refusal(&both, "f2g4"),
            "the King's jump passes over an attacked square"
        );
        // A straight jump over the attacked f3 is refused; h3 passes g2 (attacked) or g3.
        assert!(!jump_targets(&one, "f2").contains(&"f2f4".to_string()));
        assert!(one.is_attacked("g2".parse().unwrap(), Color::Black));
        assert!(jump_targets(&one, "f2").contains(&"f2h3".to_string()));
    }
}

#[test]
fn zanzibar_prince_two_steps_from_any_rank_and_is_taken_en_passant_by_a_pawn() {
    let v = variant("zanzibar");
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "l12"),
            ("I", "e5"),
            ("p", "d7"),
            ("i", "f7"),
        ],
        "w - - 0 1",
    );
    assert!(moves_from(&p, "e5").contains(&"e5e7".to_string()));
    let p = play(&p, "e5e7");
    assert!(p.parse_move("d7xe6").unwrap().is_en_passant());
    // A Prince never takes e.p.
    assert!(p.parse_move("f7xe6").map(|m| m.is_en_passant()) != Ok(true));
}

// ----- Gigachess II: automatic promotion table ------------------------------------------------

#[test]
fn gigachess2_promotes_automatically_by_the_table() {
    let v = variant("gigachess2");
    // (piece, from, to, the piece it becomes)
    for (piece, from, to, becomes) in [
        ("P", "e13", "e14", "q"),
        ("I", "e13", "e14", "a"),
        ("N", "e12", "f14", "f"),
        ("M", "e11", "f14", "f"),
        ("Z", "e11", "g14", "f"),
        ("E", "e12", "g14", "l"),
        ("W", "e12", "e14", "l"),
        ("J", "e13", "e14", "l"),
    ] {
        let p = pos(&v, &[("K", "a1"), ("k", "n1"), (piece, from)], "w - - 0 1");
        let reaching: Vec<String> = moves_from(&p, from)
            .into_iter()
            .filter(|m| m.starts_with(&format!("{from}{to}")))
            .collect();
        assert_eq!(reaching, vec![format!("{from}{to}{becomes}")], "{piece}");
    }
    // Pieces outside the table never promote.
    for (piece, from, to) in [
        ("R", "e10", "e14"),
        ("G", "e13", "f14"),
        ("L", "e12", "e14"),
    ] {
        let p = pos(&v, &[("K", "a1"), ("k", "n1"), (piece, from)], "w - - 0 1");
        assert!(
            moves_from(&p, from).contains(&format!("{from}{to}")),
            "{piece}"
        );
    }
    // Black promotes on rank 1.
    let p = pos(&v, &[("K", "n14"), ("k", "a14"), ("p", "e2")], "b - - 0 1");
    assert_eq!(moves_from(&p, "e2"), list("e2e1q"));
}

#[test]
fn gigachess2_king_jumps_and_has_no_troll() {
    let v = variant("gigachess2");
    assert!(v.kind_by_letter("T").is_none());
    let start = Position::start(&v);
    assert!(start.has_jump_right(Color::White));
}

// ----- Gigachess I: Corporal and Ship ------------------------------------------------------------

#[test]
fn gigachess1_corporal_steps_two_moves_diagonally_and_takes_en_passant() {
    let v = variant("gigachess1");
    let p = pos(
        &v,
        &[
            ("K", "a1"),
            ("k", "n14"),
            ("T", "e6"),
            ("p", "d8"),
            ("t", "f10"),
        ],
        "w - - 0 1",
    );
    assert_eq!(moves_from(&p, "e6"), list("e6d7 e6e7 e6e8 e6f7"));
    // Black's Pawn 2-step is taken e.p. by the Corporal's diagonal move.
    let p = play(&p, "a1a2");
    let p = play(&p, "d8d6");
    let ep = p.parse_move("e6d7").unwrap();
    assert!(ep.is_en_passant());
    // The Corporal's own 2-step creates an e.p. right for a Pawn.
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "n14"), ("T", "e5"), ("p", "d7")],
        "w - - 0 1",
    );
    let p = play(&p, "e5e7");
    assert!(p.parse_move("d7e6").unwrap().is_en_passant());
    // It promotes to a Queen on the last rank, automatically.
    let p = pos(&v, &[("K", "a1"), ("k", "n1"), ("T", "e13")], "w - - 0 1");
    assert_eq!(moves_from(&p, "e13"), list("e13d14q e13e14q e13f14q"));
}

#[test]
fn gigachess1_ship_slides_vertically_after_its_diagonal_step_and_promotes_to_eagle() {
    let v = variant("gigachess1");
    let p = pos(&v, &[("K", "a1"), ("k", "n14"), ("S", "h7")], "w - - 0 1");
    let expected = "h7g1 h7g2 h7g3 h7g4 h7g5 h7g6 h7g8 h7g9 h7g10 h7g11 h7g12 h7g13 h7g14g \
        h7i1 h7i2 h7i3 h7i4 h7i5 h7i6 h7i8 h7i9 h7i10 h7i11 h7i12 h7i13 h7i14g";
    assert_eq!(moves_from(&p, "h7"), list(expected));
    // A piece on the corner square stops it; the corner may be captured.
    let p = pos(
        &v,
        &[("K", "a1"), ("k", "n14"), ("S", "h7"), ("n", "g8")],
        "w - - 0 1",
    );
    let m = moves_from(&p, "h7");
    assert!(m.contains(&"h7g8".to_string()) && !m.contains(&"h7g9".to_string()));
}

#[test]
fn every_new_variant_loads_from_its_own_text() {
    for name in [
        "shako",
        "pemba",
        "wildtamerlane",
        "metamachy",
        "zanzibar",
        "gigachess2",
        "gigachess1",
    ] {
        let v = variant(name);
        let again = Variant::from_toml(v.source_text()).unwrap();
        assert_eq!(again.start_fen(), v.start_fen());
        assert_eq!(again.setups(), v.setups());
    }
}
