//! Issue 8 part 4: the XBetza compiler and the variant loader never panic, hang or grow without
//! bound, and enforce their limits with messages.

use plypost_rules::betza::{compile, BetzaError, CompiledPiece, MAX_INPUT_CHARS, MAX_RANGE};
use plypost_rules::model::{Mode, Shape};
use plypost_rules::{Position, Variant};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Invariants of an accepted string's parts (what the engine's tables rely on).
fn check_compiled(input: &str, c: &CompiledPiece) {
    assert!(!c.parts.is_empty(), "{input}: no parts");
    let mut total = 0;
    for p in &c.parts {
        if p.first_move_only {
            assert_eq!(p.mode, Mode::MoveOnly, "{input}");
        }
        assert!(!p.promoting);
        match &p.shape {
            Shape::Leap { vectors } | Shape::Hop { vectors } => {
                assert!(!vectors.is_empty());
                total += vectors.len();
                for v in vectors {
                    assert!((v.dx, v.dy) != (0, 0));
                    assert!(v.dx.unsigned_abs() <= MAX_RANGE && v.dy.unsigned_abs() <= MAX_RANGE);
                }
            }
            Shape::Ride {
                vectors,
                min,
                max,
                odd_only,
            } => {
                assert!(!vectors.is_empty() && !odd_only);
                total += vectors.len();
                assert!(*min >= 1 && *min <= MAX_RANGE);
                if let Some(max) = max {
                    assert!(max >= min && *max <= MAX_RANGE, "{input}");
                }
                for v in vectors {
                    assert!((v.dx, v.dy) != (0, 0));
                }
            }
            Shape::Bent { legs, .. } => {
                assert!(!legs.is_empty());
                total += legs.len();
                for leg in legs {
                    assert!((1..=4).contains(&leg.slides.len()), "{input}");
                    for s in &leg.slides {
                        assert!(s.dx.abs() <= 1 && s.dy.abs() <= 1 && (s.dx, s.dy) != (0, 0));
                    }
                }
            }
        }
    }
    // Output bounded by the input: at most 8 vectors per character.
    assert!(
        total <= 8 * input.chars().count(),
        "{input}: {total} vectors"
    );
}

fn check_error(input: &str, e: &BetzaError) {
    let chars: Vec<char> = input.chars().collect();
    assert!(
        e.position >= 1 && e.position <= chars.len() + 1,
        "{input}: {e}"
    );
    assert_eq!(
        e.character,
        chars.get(e.position - 1).copied(),
        "{input}: {e}"
    );
    assert!(!e.message.is_empty());
    assert!(e.input.chars().count() <= 41);
    let shown = e.to_string();
    assert!(shown.starts_with("XBetza '"), "{shown}");
}

fn run(input: &str) -> Result<CompiledPiece, BetzaError> {
    let start = Instant::now();
    let result = compile(input);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{input}: compiling took {:?}",
        start.elapsed()
    );
    match &result {
        Ok(c) => check_compiled(input, c),
        Err(e) => check_error(input, e),
    }
    if input.chars().count() > MAX_INPUT_CHARS {
        assert!(result.is_err(), "{input}: too long but accepted");
    }
    result
}

/// A small variant with the compiled piece, so accepted strings also go through the loader and
/// the move generator.
fn play_with(betza: &str) {
    let text = format!(
        r#"
name = "fuzz"
display_name = "Fuzz"
width = 10
height = 10
start_fen = "4k5/10/10/10/10/10/10/10/10/4K4X w - - 0 1"

[[piece]]
name = "King"
letter = "K"
image = "king"
description = "king"
royal = true
moves = ["leap W,F"]

[[piece]]
name = "Test"
letter = "X"
image = "test"
description = "test"
betza = "{betza}"
"#
    );
    let Ok(v) = Variant::from_toml(&text) else {
        panic!("{betza}: accepted by compile, rejected by the loader");
    };
    for fen in [
        "4k5/10/10/10/4X5/10/10/10/10/4K5 w - - 0 1",
        "4k5/1p1p1p1p2/10/2P1x1P3/3pXp4/2P3P3/10/1x6X1/10/4K5 w - - 0 1",
        "4k5/1p1p1p1p2/10/2P1x1P3/3pXp4/2P3P3/10/1x6X1/10/4K5 b - - 0 1",
    ] {
        // `p`/`P` are not letters of this variant: use X for the crowd.
        let fen = fen.replace(['p', 'P'], "x");
        if let Ok(pos) = Position::from_fen(&v, &fen) {
            for mv in pos.legal_moves() {
                let _ = pos.play(&mv);
            }
        }
    }
}

const ALPHABET: &str = "[WFDAHGNCZKRBQXfblrvsmcepnijyahoz0-9(),]{0,60}";

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_handled(input in "\\PC{0,260}") {
        let _ = run(&input);
    }

    #[test]
    fn xbetza_like_text_is_handled(input in ALPHABET) {
        let _ = run(&input);
    }

    #[test]
    fn long_text_is_rejected(input in "[WFNfsm]{201,400}") {
        let e = run(&input).unwrap_err();
        prop_assert_eq!(e.position, MAX_INPUT_CHARS + 1);
        prop_assert!(e.message.contains("longer than 200"));
    }
}

/// Components that are well formed on their own.
fn component() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "W", "F", "D", "A", "H", "G", "N", "C", "Z", "K", "R", "B", "Q", "WW", "NN", "(4,1)", "W3",
        "N2", "R7", "F0", "KK",
    ]);
    let dirs = prop::sample::select(vec!["", "f", "b", "l", "r", "fl", "br", "fb", "lr"]);
    let mode = prop::sample::select(vec!["", "m", "c", "mc"]);
    let bent = prop::sample::select(vec![
        "FyafsF",
        "WyafsW",
        "DyafsW",
        "AyafsF",
        "vWyafsW",
        "yafsF",
        "yafsW",
        "yafW",
        "yafF",
        "frFyaflF",
        "HyafrW",
        "GyaflF",
        "(5,0)yafsW",
        "FyafsmF",
        "WyasW",
        "fDyafsW",
    ]);
    prop_oneof![
        (dirs, mode, atom).prop_map(|(d, m, a)| format!("{d}{m}{a}")),
        bent.prop_map(str::to_string),
        Just("mRcpR".to_string()),
        Just("fmnD".to_string()),
        Just("ifmnH".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Accepted strings also load as a piece and generate moves without panicking.
    #[test]
    fn compiled_pieces_play(parts in prop::collection::vec(component(), 1..5)) {
        let input: String = parts.concat();
        if run(&input).is_ok() {
            play_with(&input);
        }
    }

    #[test]
    fn random_xbetza_pieces_play(input in ALPHABET) {
        if run(&input).is_ok() {
            play_with(&input);
        }
    }
}

/// A built-in definition text, mutated.
fn mutated_source() -> impl Strategy<Value = String> {
    let names = prop::sample::select(Variant::builtin_names().to_vec());
    let edits = prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, "\\PC{0,12}"), 1..6);
    (names, edits).prop_map(|(name, edits)| {
        let mut text = Variant::builtin(name)
            .map(|v| v.source_text().to_string())
            .unwrap_or_default();
        for (index, kind, insert) in edits {
            let chars: Vec<char> = text.chars().collect();
            if chars.is_empty() {
                break;
            }
            let at = index.index(chars.len());
            let (head, tail): (String, String) =
                (chars[..at].iter().collect(), chars[at..].iter().collect());
            text = match kind {
                // Insert, delete a span, replace a span, or add a betza line after a newline.
                0 => format!("{head}{insert}{tail}"),
                1 => format!(
                    "{head}{}",
                    tail.chars().skip(insert.len() % 40 + 1).collect::<String>()
                ),
                2 => format!(
                    "{head}{insert}{}",
                    tail.chars()
                        .skip(insert.chars().count())
                        .collect::<String>()
                ),
                _ => match tail.find('\n') {
                    Some(nl) => format!(
                        "{head}{}\nbetza = \"{}\"{}",
                        &tail[..nl],
                        insert.replace(['"', '\\'], ""),
                        &tail[nl..]
                    ),
                    None => format!("{head}{tail}"),
                },
            };
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn variant_loader_never_panics(text in mutated_source()) {
        let start = Instant::now();
        match Variant::from_toml(&text) {
            Ok(v) => {
                let pos = Position::start(&v);
                let _ = pos.legal_moves();
            }
            Err(errors) => prop_assert!(!errors.is_empty()),
        }
        prop_assert!(start.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn range_and_leg_limits_have_messages() {
    let e = compile("W16").unwrap_err();
    assert!(e.to_string().contains("at most 15"), "{e}");
    let e = compile("(20,1)").unwrap_err();
    assert!(e.to_string().contains("at most 15"), "{e}");
    let e = compile("yafsafsF").unwrap_err();
    assert!(e.to_string().contains("at most 2 legs"), "{e}");
    let e = compile(&"N".repeat(201)).unwrap_err();
    assert!(e.to_string().contains("longer than 200"), "{e}");
    let e = compile("W99999999999999999999").unwrap_err();
    assert_eq!(e.position, 2);
}

/// A variant with the piece X written `betza`, a crowd kind Y (Wazir) and Kings.
fn crowd_variant(betza: &str) -> Variant {
    let text = format!(
        r#"
name = "union"
display_name = "Union"
width = 10
height = 10
start_fen = "4k5/10/10/10/10/10/10/10/10/4K4X w - - 0 1"

[[piece]]
name = "King"
letter = "K"
image = "king"
description = "king"
royal = true
moves = ["leap W,F"]

[[piece]]
name = "Test"
letter = "X"
image = "test"
description = "test"
betza = "{betza}"

[[piece]]
name = "Crowd"
letter = "Y"
image = "crowd"
description = "crowd"
moves = ["leap W"]
"#
    );
    match Variant::from_toml(&text) {
        Ok(v) => v,
        Err(e) => panic!("{betza}: {e:?}"),
    }
}

/// White X pieces among blockers; Black has only Crowd pieces and no King (so it is never in
/// check), so the legality of every move is the same whatever X is.
const UNION_FENS: &[&str] = &[
    "10/10/10/10/4X5/10/10/10/10/4K5 w - - 0 1",
    "10/1y1y1y1y2/10/2Y1y1Y3/3yXy4/2Y3Y3/10/1y6X1/10/4K5 w - - 0 1",
    "10/y1y1y1y1y1/1X3yy3/y1Y1X3y1/3y4y1/1y2Y1X3/y4y4/1X1y2Y1y1/y3y4y/X3K4X w - - 0 1",
];

fn all_moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = match Position::from_fen(v, fen) {
        Ok(pos) => pos,
        Err(e) => panic!("{fen}: {e}"),
    };
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_compact(m))
        .collect();
    out.sort();
    out
}

/// Concatenating `b` after `a` keeps both components as they are (no doubling, range,
/// `ya` bend or `(x,y)(x,y)` rider across the seam).
fn joins_cleanly(a: &str, b: &str) -> bool {
    match (a.chars().last(), b.chars().next()) {
        (Some(last), Some(first)) => {
            !(first == 'y'
                || first.is_ascii_digit()
                || first == last
                || (last == ')' && first == '('))
        }
        _ => false,
    }
}

/// Line-movers only (all paths are straight lines blocked by any piece): a compound of these
/// must generate each move once.
fn line_component() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "W", "F", "K", "R", "B", "Q", "W3", "F2", "KK", "fmnD", "nA", "nH", "yafW", "yafF", "fR",
        "mW", "vW2", "bF", "nG", "WW4",
    ])
    .prop_map(str::to_string)
}

fn duplicates(list: &[String]) -> Vec<String> {
    list.windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0].clone())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// A compound moves as the union of its components. (A square reached by two different
    /// paths, e.g. `W2` and `D`, is generated once per path, as with `moves`.)
    #[test]
    fn compound_is_union_of_components(a in component(), b in component()) {
        prop_assume!(joins_cleanly(&a, &b));
        prop_assume!(compile(&a).is_ok() && compile(&b).is_ok());
        let ab = format!("{a}{b}");
        prop_assert!(compile(&ab).is_ok(), "{} rejected", ab);
        let (va, vb, vab) = (crowd_variant(&a), crowd_variant(&b), crowd_variant(&ab));
        for fen in UNION_FENS {
            let mut union = all_moves(&va, fen);
            union.extend(all_moves(&vb, fen));
            union.sort();
            union.dedup();
            let mut combined = all_moves(&vab, fen);
            combined.dedup();
            prop_assert_eq!(&combined, &union, "{} on {}", ab, fen);
        }
    }

    /// Straight-line components combine without generating a move twice.
    #[test]
    fn line_compounds_generate_each_move_once(
        parts in prop::collection::vec(line_component(), 1..4),
    ) {
        let text: String = parts.concat();
        prop_assume!(parts.windows(2).all(|w| joins_cleanly(&w[0], &w[1])));
        let v = crowd_variant(&text);
        for fen in UNION_FENS {
            let moves = all_moves(&v, fen);
            prop_assert!(duplicates(&moves).is_empty(), "{} on {}: {:?}", text, fen, duplicates(&moves));
        }
    }

    /// A component written twice compiles to the same parts as once.
    #[test]
    fn repeated_component_is_deduplicated(a in component()) {
        let twice = format!("{a}{a}");
        prop_assume!(joins_cleanly(&a, &a));
        if let Ok(once) = compile(&a) {
            prop_assert_eq!(compile(&twice).map(|c| c.parts), Ok(once.parts));
        }
    }
}
