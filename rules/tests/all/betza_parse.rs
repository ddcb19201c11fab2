//! Unit tests of the XBetza compiler: atoms, directions, ranges, modes, bent moves, and the
//! rejection messages with their positions; the `betza` key of variant files.

use plypost_rules::betza::{compile, BetzaError};
use plypost_rules::model::{Mode, MovePart, Shape};
use plypost_rules::Variant;

fn parts(s: &str) -> Vec<MovePart> {
    compile(s).unwrap_or_else(|e| panic!("{s}: {e}")).parts
}

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort();
    v
}

/// The vectors (first legs for bent moves) of all parts.
fn vectors(s: &str) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for p in parts(s) {
        match p.shape {
            Shape::Leap { vectors } | Shape::Ride { vectors, .. } | Shape::Hop { vectors } => {
                out.extend(vectors.iter().map(|v| (v.dx, v.dy)))
            }
            Shape::Bent { legs, .. } => out.extend(legs.iter().map(|l| (l.first.dx, l.first.dy))),
        }
    }
    sorted(out)
}

fn err(s: &str) -> BetzaError {
    match compile(s) {
        Ok(p) => panic!("{s} was accepted: {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn atoms_have_their_leaps() {
    for (atom, x, y, count) in [
        ("W", 1, 0, 4),
        ("F", 1, 1, 4),
        ("D", 2, 0, 4),
        ("A", 2, 2, 4),
        ("H", 3, 0, 4),
        ("G", 3, 3, 4),
        ("N", 2, 1, 8),
        ("C", 3, 1, 8),
        ("Z", 3, 2, 8),
        ("(4,1)", 4, 1, 8),
        ("(0,5)", 5, 0, 4),
    ] {
        let p = parts(atom);
        assert_eq!(p.len(), 1, "{atom}");
        let Shape::Leap { vectors } = &p[0].shape else {
            panic!("{atom} is not a leap");
        };
        assert_eq!(vectors.len(), count, "{atom}");
        assert!(vectors.iter().all(|v| {
            let (a, b) = (v.dx.abs(), v.dy.abs());
            (a, b) == (x, y) || (a, b) == (y, x)
        }));
        assert_eq!(p[0].mode, Mode::MoveOrCapture);
    }
}

#[test]
fn compounds_and_riders() {
    assert_eq!(vectors("K"), vectors("WF"));
    let ride = |s: &str| match &parts(s)[0].shape {
        Shape::Ride {
            vectors,
            min,
            max,
            odd_only,
        } => (vectors.len(), *min, *max, *odd_only),
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(ride("R"), (4, 1, None, false));
    assert_eq!(ride("WW"), (4, 1, None, false));
    assert_eq!(ride("W0"), (4, 1, None, false));
    assert_eq!(ride("B"), (4, 1, None, false));
    assert_eq!(ride("Q"), (8, 1, None, false));
    assert_eq!(ride("KK"), (8, 1, None, false));
    assert_eq!(ride("NN"), (8, 1, None, false));
    assert_eq!(ride("(4,1)(4,1)"), (8, 1, None, false));
    assert_eq!(ride("W3"), (4, 1, Some(3), false));
    assert_eq!(ride("R4"), (4, 1, Some(4), false));
    assert_eq!(ride("N2"), (8, 1, Some(2), false));
    // 15 reaches every edge: the same as unlimited.
    assert_eq!(ride("F15"), (4, 1, None, false));
    assert_eq!(ride("F14"), (4, 1, Some(14), false));
    // Rides along one line with touching ranges are one ride; covered distances are dropped.
    assert_eq!(ride("fmWfmnD").1, 1);
    assert_eq!(ride("fmWfmnD").2, Some(2));
    assert_eq!(parts("fmnDR"), parts("R"));
    assert_eq!(parts("DnD"), parts("D"));
    assert_eq!(parts("W3R"), parts("R"));
    assert!(matches!(parts("W1")[0].shape, Shape::Leap { .. }));
    // The same move twice is generated once.
    assert_eq!(parts("WW"), parts("WWW1"));
    assert_eq!(parts("KW"), parts("K"));
    assert_eq!(parts("QK"), parts("Q"));
}

#[test]
fn orthogonal_directions() {
    assert_eq!(vectors("fW"), vec![(0, 1)]);
    assert_eq!(vectors("bW"), vec![(0, -1)]);
    assert_eq!(vectors("lW"), vec![(-1, 0)]);
    assert_eq!(vectors("rW"), vec![(1, 0)]);
    assert_eq!(vectors("vW"), vec![(0, -1), (0, 1)]);
    assert_eq!(vectors("sW"), vec![(-1, 0), (1, 0)]);
    assert_eq!(vectors("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
    assert_eq!(vectors("frW"), vec![(0, 1), (1, 0)]);
    assert_eq!(vectors("vR"), vec![(0, -1), (0, 1)]);
}

#[test]
fn diagonal_directions() {
    assert_eq!(vectors("fF"), vec![(-1, 1), (1, 1)]);
    assert_eq!(vectors("bF"), vec![(-1, -1), (1, -1)]);
    assert_eq!(vectors("lF"), vec![(-1, -1), (-1, 1)]);
    assert_eq!(vectors("rF"), vec![(1, -1), (1, 1)]);
    assert_eq!(vectors("flF"), vec![(-1, 1)]);
    assert_eq!(vectors("lfF"), vec![(-1, 1)]);
    assert_eq!(vectors("brF"), vec![(1, -1)]);
    assert_eq!(vectors("fsF"), vec![(-1, 1), (1, 1)]);
    assert_eq!(vectors("vF").len(), 4);
    assert_eq!(vectors("frblF"), vec![(-1, -1), (1, 1)]);
    assert_eq!(vectors("fA"), vec![(-2, 2), (2, 2)]);
    assert_eq!(vectors("fB"), vec![(-1, 1), (1, 1)]);
}

#[test]
fn oblique_directions() {
    assert_eq!(vectors("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
    assert_eq!(vectors("bN"), vec![(-2, -1), (-1, -2), (1, -2), (2, -1)]);
    assert_eq!(vectors("lN"), vec![(-2, -1), (-2, 1), (-1, -2), (-1, 2)]);
    assert_eq!(vectors("ffN"), vec![(-1, 2), (1, 2)]);
    assert_eq!(vectors("bbN"), vec![(-1, -2), (1, -2)]);
    assert_eq!(vectors("llN"), vec![(-2, -1), (-2, 1)]);
    assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
    assert_eq!(vectors("bsN"), vec![(-2, -1), (2, -1)]);
    assert_eq!(vectors("frN"), vec![(2, 1)]);
    assert_eq!(vectors("rfN"), vec![(1, 2)]);
    assert_eq!(vectors("rvN"), vec![(1, -2), (1, 2)]);
    assert_eq!(vectors("ffC"), vec![(-1, 3), (1, 3)]);
    assert_eq!(vectors("fsZ"), vec![(-3, 2), (3, 2)]);
    assert_eq!(vectors("ffNN"), vec![(-1, 2), (1, 2)]);
}

#[test]
fn modes() {
    let p = parts("mRcpR");
    assert_eq!(p.len(), 2);
    assert!(matches!(p[0].shape, Shape::Ride { max: None, .. }));
    assert_eq!(p[0].mode, Mode::MoveOnly);
    assert!(matches!(p[1].shape, Shape::Hop { .. }));
    assert_eq!(p[1].mode, Mode::CaptureOnly);
    assert_eq!(parts("mcW")[0].mode, Mode::MoveOrCapture);
    assert_eq!(parts("pQ")[0].mode, Mode::MoveOrCapture);
    // Lame: blocked on the passed squares.
    match &parts("fmnD")[0].shape {
        Shape::Ride {
            vectors, min, max, ..
        } => {
            assert_eq!(vectors.len(), 1);
            assert_eq!(
                (vectors[0].dx, vectors[0].dy, *min, *max),
                (0, 1, 2, Some(2))
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(parts("fmnnD"), parts("fmnD"));
    match &parts("nG")[0].shape {
        Shape::Ride {
            vectors, min, max, ..
        } => {
            assert_eq!((vectors.len(), *min, *max), (4, 3, Some(3)));
        }
        other => panic!("{other:?}"),
    }
    // First move only.
    let p = parts("ifmnH");
    assert!(p[0].first_move_only);
    assert_eq!(p[0].mode, Mode::MoveOnly);
    // e.p.
    let c = compile("fmWfceFifmnD").unwrap();
    assert!(c.captures_en_passant);
    assert!(!compile("fmWfcFifmnD").unwrap().captures_en_passant);
    assert!(compile("fmWfmceF").unwrap().captures_en_passant);
}

/// Bent legs as (first, sorted slides).
type Legs = Vec<((i8, i8), Vec<(i8, i8)>)>;

#[test]
fn bent_moves() {
    let bent = |s: &str| -> (Legs, bool) {
        let p = parts(s);
        assert_eq!(p.len(), 1, "{s}: {p:?}");
        match &p[0].shape {
            Shape::Bent { legs, may_stop } => {
                let mut l: Vec<_> = legs
                    .iter()
                    .map(|l| {
                        (
                            (l.first.dx, l.first.dy),
                            sorted(l.slides.iter().map(|v| (v.dx, v.dy)).collect()),
                        )
                    })
                    .collect();
                l.sort();
                (l, *may_stop)
            }
            other => panic!("{s}: {other:?}"),
        }
    };
    // Eagle: NE step, then N and E.
    let (legs, stop) = bent("FyafsF");
    assert!(stop);
    assert_eq!(legs.len(), 4);
    assert!(legs.contains(&((1, 1), vec![(0, 1), (1, 0)])));
    // Rhinoceros: N step, then NE and NW.
    let (legs, stop) = bent("WyafsW");
    assert!(stop);
    assert!(legs.contains(&((0, 1), vec![(-1, 1), (1, 1)])));
    // Gryphon: must continue.
    let (legs, stop) = bent("yafsF");
    assert!(!stop);
    assert_eq!(legs.len(), 4);
    // Osprey, Ostrich, Snake.
    let (legs, stop) = bent("DyafsW");
    assert!(stop);
    assert!(legs.contains(&((0, 2), vec![(-1, 1), (1, 1)])));
    assert_eq!(bent("DyafsW"), bent("DyafsWD"));
    let (legs, _) = bent("AyafsF");
    assert!(legs.contains(&((-2, 2), vec![(-1, 0), (0, 1)])));
    let (legs, stop) = bent("vWyafsW");
    assert!(stop);
    assert_eq!(
        legs.iter().map(|l| l.0).collect::<Vec<_>>(),
        vec![(0, -1), (0, 1)]
    );
    // Straight on: at least two squares, which is a ride from distance 2.
    match &parts("yafW")[0].shape {
        Shape::Ride {
            vectors, min, max, ..
        } => assert_eq!((vectors.len(), *min, *max), (4, 2, None)),
        other => panic!("{other:?}"),
    }
    assert_eq!(parts("WyafW"), parts("R"));
    // Single turns.
    let (legs, _) = bent("frFyaflF");
    assert_eq!(legs, vec![((1, 1), vec![(0, 1)])]);
    let (legs, _) = bent("yafrW");
    assert!(legs.contains(&((0, 1), vec![(1, 1)])));
    let (legs, _) = bent("yasW");
    assert!(legs.contains(&((0, 1), vec![(-1, 0), (1, 0)])));
    // Oblique first legs head along their longer axis.
    let (legs, stop) = bent("rfNyafrW");
    assert!(stop);
    assert_eq!(legs, vec![((1, 2), vec![(1, 1)])]);
    let (legs, _) = bent("frNyaflW");
    assert_eq!(legs, vec![((2, 1), vec![(1, 1)])]);
    // A move-only continuation keeps the plain step: two parts.
    let p = parts("FyafsmF");
    assert_eq!(p.len(), 2);
    assert!(matches!(p[0].shape, Shape::Leap { .. }));
    assert!(matches!(
        p[1].shape,
        Shape::Bent {
            may_stop: false,
            ..
        }
    ));
    assert_eq!(p[1].mode, Mode::MoveOnly);
}

/// (input, position, character, part of the message)
const REJECTED: &[(&str, usize, Option<char>, &str)] = &[
    ("", 1, None, "empty"),
    ("FyafsQ", 6, Some('Q'), "single atoms"),
    ("X", 1, Some('X'), "unknown atom"),
    ("KhW", 2, Some('h'), "'h'"),
    ("jN", 1, Some('j'), "must jump"),
    ("oW", 1, Some('o'), "modifier 'o'"),
    ("W16", 2, Some('1'), "at most 15"),
    ("W123", 2, Some('1'), "at most 15"),
    ("(16,1)", 2, Some('1'), "at most 15"),
    ("(4,1", 5, None, "')'"),
    ("(4;1)", 3, Some(';'), "','"),
    ("(0,0)", 1, Some('('), "nowhere"),
    ("3W", 1, Some('3'), "number must follow"),
    ("fm", 3, None, "expected an atom"),
    ("W W", 2, Some(' '), "unexpected ' '"),
    ("Wé", 2, Some('é'), "unexpected 'é'"),
    ("iW", 1, Some('i'), "needs 'm'"),
    ("eF", 1, Some('e'), "needs 'c'"),
    ("fmWfceFfcW", 10, Some('W'), "e.p."),
    ("pW", 1, Some('p'), "unlimited rider"),
    ("pR3", 1, Some('p'), "unlimited rider"),
    ("nN", 1, Some('n'), "oblique"),
    ("nR", 1, Some('n'), "lame rider"),
    ("ffW", 1, Some('f'), "narrow pair"),
    ("vN", 1, Some('v'), "ambiguous"),
    ("afsW", 1, Some('a'), "without 'y'"),
    ("yW", 1, Some('y'), "followed by 'a'"),
    ("yafsD", 5, Some('D'), "must be W or F"),
    ("yafsafsF", 5, Some('a'), "at most 2 legs"),
    ("yafsFafsF", 6, Some('a'), "without 'y'"),
    ("NyafF", 5, Some('F'), "must be 'W'"),
    ("KyafsF", 1, Some('K'), "single leap"),
    ("DyafsF", 6, Some('F'), "must be 'W'"),
    ("FyafsW", 6, Some('W'), "must be 'F'"),
    ("FyaF", 4, Some('F'), "give the continuation's directions"),
    ("FyabF", 4, Some('b'), "turns back"),
    ("FyabrF", 4, Some('b'), "turns back"),
    ("FyafsF2", 6, Some('F'), "single atoms"),
    ("mFyafsF", 1, Some('m'), "only direction"),
    ("cyafsF", 1, Some('c'), "only have directions"),
    ("FyafspF", 6, Some('p'), "last leg"),
    ("yafsmsmfW", 9, Some('W'), "at most 4"),
    ("fbW", 1, Some('f'), ""),
];

#[test]
fn rejections_name_the_character_and_position() {
    for &(input, position, character, message) in REJECTED {
        let e = match compile(input) {
            Ok(p) => {
                // `fbW` is fine (forward and backward): the table ends with an accepted input.
                assert_eq!(input, "fbW", "{input} was accepted: {p:?}");
                continue;
            }
            Err(e) => e,
        };
        assert_eq!(
            (e.position, e.character),
            (position, character),
            "{input}: {e}"
        );
        assert!(e.message.contains(message), "{input}: {e}");
        let shown = e.to_string();
        assert!(
            shown.starts_with(&format!("XBetza '{input}' at character {position} (")),
            "{shown}"
        );
    }
}

#[test]
fn display_format() {
    assert_eq!(
        err("FyafsQ").to_string(),
        "XBetza 'FyafsQ' at character 6 ('Q'): a bent move's legs are single atoms without range \
         (it slides because of 'y')"
    );
    let long = "W".repeat(201);
    let e = err(&long);
    assert_eq!((e.position, e.character), (201, Some('W')));
    assert!(e.message.contains("longer than 200"));
    assert!(e.input.chars().count() <= 41);
    assert!(compile(&"W".repeat(200)).is_ok());
}

const MINI: &str = r#"
name = "mini"
display_name = "Mini"
width = 8
height = 8
start_fen = "4k3/8/8/8/8/8/8/4K2X w - - 0 1"

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
description = "test piece"
BETZA
"#;

fn mini(line: &str) -> Result<Variant, Vec<plypost_rules::DefinitionError>> {
    Variant::from_toml(&MINI.replace("BETZA", line))
}

#[test]
fn variant_files_accept_betza() {
    let v = mini("betza = \"FyafsF\"").unwrap();
    let x = v.kind_by_letter("X").unwrap();
    assert_eq!(x.moves, parts("FyafsF"));
    assert_eq!(x.move_texts, vec!["FyafsF".to_string()]);
    assert!(!x.captures_en_passant);
    let v = mini("betza = \"fmWfceF\"").unwrap();
    assert!(v.kind_by_letter("X").unwrap().captures_en_passant);
}

#[test]
fn variant_file_errors_have_lines() {
    let errors = mini("betza = \"FyafsQ\"").unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, Some(21));
    assert!(errors[0]
        .problem
        .to_string()
        .contains("piece 'Test': XBetza 'FyafsQ' at character 6 ('Q')"));
    let errors = mini("moves = [\"leap W\"]\nbetza = \"W\"").unwrap_err();
    assert!(
        errors[0]
            .problem
            .to_string()
            .contains("both 'moves' and 'betza'"),
        "{errors:?}"
    );
    assert_eq!(errors[0].line, Some(22));
    let errors = mini("").unwrap_err();
    assert!(
        errors[0]
            .problem
            .to_string()
            .contains("no 'moves' or 'betza'"),
        "{errors:?}"
    );
    let errors = mini("betza = 3").unwrap_err();
    assert!(
        errors[0]
            .problem
            .to_string()
            .contains("'betza' must be a string"),
        "{errors:?}"
    );
}
