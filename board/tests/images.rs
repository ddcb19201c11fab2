//! The piece images: every name plypost uses has a drawing, the sprite is well-formed, and the
//! standalone files in static/pieces/ are exactly what the crate generates (regenerate them with
//! `cargo run --example gallery -- /tmp --static ../static/pieces`).
use plypost_board::{has_image, image_names, piece_icon, sprite, standalone_svg};

const NAMES: &[&str] = &[
    // Terachess II
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "prince",
    "elephant",
    "machine",
    "camel",
    "giraffe",
    "buffalo",
    "lion",
    "cannon",
    "crocodile",
    "sorceress",
    "eagle",
    "rhinoceros",
    "marshal",
    "cardinal",
    "amazon",
    "centaur",
    "admiral",
    "missionary",
    "duchess",
    "troll",
    // Terachess I
    "corporal",
    "ship",
    "gazelle",
    // Obento
    "marquis",
    "gold-pashtun",
    "silver-pashtun",
    "wizard",
    "snake",
    "osprey",
    "ostrich",
    "wildebeest",
    "dragon-king",
    "dragon-horse",
    "flying-ox",
    "squirrel",
    "caliph",
    "wildeguard",
    "gold-rider",
    "silver-rider",
    // GraTiA
    "gryphon",
    "anchorite",
    "wazir",
    "ferz",
    "dabbaba",
    "nightpotentate",
    "panda",
    "camelpotentate",
    "bear",
    "pocket",
    "picket",
];

#[test]
fn every_name_has_a_symbol() {
    let s = sprite();
    let doc = roxmltree::Document::parse(s).expect("sprite is XML");
    let ids: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("symbol"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    for name in NAMES.iter().chain(["old-rhinoceros", "generic"].iter()) {
        assert!(
            ids.contains(&format!("pc-{name}").as_str()),
            "no symbol for {name}"
        );
    }
    for name in NAMES {
        assert!(has_image(name), "{name}");
    }
    assert!(has_image("old-rhinoceros"));
    assert!(!has_image("wombat"));
    let mut sorted = image_names();
    sorted.sort_unstable();
    let mut expected = NAMES.to_vec();
    expected.sort_unstable();
    assert_eq!(sorted, expected, "image list and this test disagree");
}

#[test]
fn drawings_are_distinct() {
    let names = image_names();
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            assert_ne!(
                standalone_svg(a, true).replace(a, ""),
                standalone_svg(b, true).replace(b, ""),
                "{a} = {b}"
            );
        }
    }
}

#[test]
fn icons_parse() {
    for name in image_names().into_iter().chain(["wombat", "<x&y>"]) {
        for white in [true, false] {
            let svg = piece_icon(name, white, "White \"<Piece>\"", 22);
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
            let svg = standalone_svg(name, white);
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    assert!(piece_icon("wombat", true, "x", 22).contains(">W</text>"));
}

#[test]
fn static_files_match_the_embedded_drawings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../static/pieces");
    for name in image_names() {
        let path = dir.join(format!("{name}.svg"));
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run the gallery example with --static)",
                path.display()
            )
        });
        assert_eq!(
            on_disk,
            standalone_svg(name, true),
            "{} is stale",
            path.display()
        );
    }
    let mut extra = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("static/pieces") {
        let file = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if let Some(stem) = file.strip_suffix(".svg") {
            if !image_names().contains(&stem) {
                extra.push(file);
            }
        }
    }
    assert!(extra.is_empty(), "files without a drawing: {extra:?}");
    let css = std::fs::read_to_string(dir.join("board.css")).expect("static/pieces/board.css");
    assert_eq!(
        css,
        plypost_board::stylesheet(),
        "static/pieces/board.css is stale"
    );
}
