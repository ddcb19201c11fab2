//! Every built-in variant file loads cleanly and describes itself completely.

use plypost_rules::{Position, Variant};
use std::collections::HashSet;

const FILES: [(&str, &str); 13] = [
    ("chess", include_str!("../../variants/chess.toml")),
    ("terachess2", include_str!("../../variants/terachess2.toml")),
    ("terachess1", include_str!("../../variants/terachess1.toml")),
    ("teramachy", include_str!("../../variants/teramachy.toml")),
    ("obento", include_str!("../../variants/obento.toml")),
    ("gratia", include_str!("../../variants/gratia.toml")),
    ("shako", include_str!("../../variants/shako.toml")),
    ("pemba", include_str!("../../variants/pemba.toml")),
    (
        "wildtamerlane",
        include_str!("../../variants/wildtamerlane.toml"),
    ),
    ("metamachy", include_str!("../../variants/metamachy.toml")),
    ("zanzibar", include_str!("../../variants/zanzibar.toml")),
    ("gigachess2", include_str!("../../variants/gigachess2.toml")),
    ("gigachess1", include_str!("../../variants/gigachess1.toml")),
];

#[test]
fn builtin_names_match_the_files() {
    let names: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
    assert_eq!(Variant::builtin_names(), names.as_slice());
    assert_eq!(
        Variant::builtin("shogi").unwrap_err().to_string(),
        "unknown variant 'shogi' (built-in: chess, terachess2, terachess1, teramachy, obento, gratia, shako, pemba, wildtamerlane, metamachy, zanzibar, gigachess2, gigachess1)"
    );
}

#[test]
fn every_file_validates_and_round_trips_its_setup() {
    for (name, text) in FILES {
        let v = Variant::from_toml(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(v.name(), name);
        assert_eq!(v.source_text(), text);
        assert_eq!(Variant::builtin(name).unwrap().source_text(), text);
        let start = Position::start(&v);
        assert_eq!(start.to_fen(), v.start_fen(), "{name}");
        assert!(!start.legal_moves().is_empty(), "{name}");
        assert!(
            start.king_square(plypost_rules::Color::White).is_some(),
            "{name}"
        );
        assert!(
            start.king_square(plypost_rules::Color::Black).is_some(),
            "{name}"
        );
    }
}

#[test]
fn every_piece_is_fully_described() {
    for (name, text) in FILES {
        let v = Variant::from_toml(text).unwrap();
        let mut letters = HashSet::new();
        let mut images = HashSet::new();
        for p in v.pieces() {
            assert!(
                !p.name.is_empty() && !p.description.is_empty(),
                "{name} {}",
                p.name
            );
            assert!(
                letters.insert(p.letter.clone()),
                "{name}: letter {}",
                p.letter
            );
            assert!(images.insert(p.image.clone()), "{name}: image {}", p.image);
            assert!(!p.moves.is_empty(), "{name} {}", p.name);
            assert_eq!(p.is_promoted, p.letter.starts_with('+'));
        }
        assert_eq!(
            v.pieces().iter().filter(|p| p.is_royal).count(),
            1,
            "{name}"
        );
    }
}

#[test]
fn provisional_setups_are_announced() {
    for (name, text) in FILES {
        let v = Variant::from_toml(text).unwrap();
        let expected = matches!(name, "teramachy" | "gratia" | "pemba" | "gigachess1");
        assert_eq!(v.provisional_setup().is_some(), expected, "{name}");
        let promotion = matches!(name, "pemba" | "wildtamerlane");
        assert_eq!(v.provisional_promotion().is_some(), promotion, "{name}");
    }
}

#[test]
fn board_sizes_and_special_rules() {
    let expect = [
        ("chess", 8, 8, false, Some(2), 1, false),
        ("terachess2", 16, 16, true, None, 1, false),
        ("terachess1", 16, 16, false, None, 1, false),
        ("teramachy", 16, 12, true, None, 1, false),
        ("obento", 12, 12, false, Some(3), 3, true),
        ("gratia", 13, 13, false, Some(3), 2, true),
        ("shako", 10, 10, false, Some(2), 1, false),
        ("pemba", 10, 10, false, None, 1, false),
        ("wildtamerlane", 11, 11, false, None, 1, false),
        ("metamachy", 12, 12, true, None, 1, false),
        ("zanzibar", 12, 12, true, None, 1, false),
        ("gigachess2", 14, 14, true, None, 1, false),
        ("gigachess1", 14, 14, false, None, 1, false),
    ];
    for (name, w, h, jump, castle, zone, optional) in expect {
        let v = Variant::builtin(name).unwrap();
        assert_eq!((v.width(), v.height()), (w, h), "{name}");
        assert_eq!(v.has_king_jump(), jump, "{name}");
        assert_eq!(v.castling().map(|c| c.king_distance), castle, "{name}");
        assert_eq!(v.promotion_zone(), zone, "{name}");
        assert_eq!(v.promotion_is_optional(), optional, "{name}");
    }
}

#[test]
fn small_boards_work() {
    // A 5 x 5 variant and a 16 x 5 one built from the chess file.
    for (w, h, fen) in [
        (5u8, 5u8, "k4/5/5/5/4K w - - 0 1"),
        (16, 5, "k15/16/16/16/15K w - - 0 1"),
    ] {
        let text = include_str!("../../variants/chess.toml")
            .replace("width = 8", &format!("width = {w}"))
            .replace("height = 8", &format!("height = {h}"))
            .replace(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                fen,
            )
            .replace("[castling]\nking_distance = 2\nrook = \"R\"\n", "");
        let v = Variant::from_toml(&text).unwrap_or_else(|e| panic!("{e:?}"));
        let p = Position::start(&v);
        assert_eq!(p.to_fen(), fen);
        assert_eq!(p.legal_moves().len(), 3);
    }
}
