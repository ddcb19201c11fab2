//! A plypost variant as a Fairy-Stockfish variants.ini section, when it fits: a board of at
//! most 12x10, movements Fairy-Stockfish's Betza can say, rules it has. Otherwise every
//! thing that does not fit is named.
//!
//! Each piece is written as the named Fairy-Stockfish type that moves the same (`knight`,
//! `archbishop`, ...) or as a custom piece in Fairy-Stockfish's Betza dialect, vector by
//! vector where the directions matter; first moves become initial moves (`i`) on the
//! double-step region, which is set to the ranks those pieces start on.

use crate::import::Problem;
use crate::model::{Mode, MovePart, Shape, Vector};
use crate::square::Color;
use crate::variant::{PieceKind, StalemateRule, Variant};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Named types whose movement needs no Betza, with Fairy-Stockfish's Betza for them.
const NAMED: [(&str, &str); 14] = [
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("cannon", "mRcpR"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Custom piece slots the export uses (Fairy-Stockfish's builds have at least this many).
const CUSTOM_SLOTS: usize = 20;

fn problem(key: &str, message: impl Into<String>) -> Problem {
    Problem {
        line: 0,
        key: key.to_owned(),
        message: message.into(),
        code: None,
        args: std::collections::BTreeMap::new(),
    }
}

/// The variants.ini section `[name]` of `variant`, or every reason it does not fit.
pub fn to_fsf_ini(variant: &Variant) -> Result<String, Vec<Problem>> {
    let mut errors = Vec::new();
    let (w, h) = (variant.width(), variant.height());
    let rules = variant.rule_options();
    if !rules.repetition {
        errors.push(problem(
            "repetition",
            "Fairy-Stockfish always draws on the third repetition",
        ));
    }
    if rules.move_count_limit.is_some_and(|n| n % 2 == 1) {
        errors.push(problem(
            "move_count_limit",
            "Fairy-Stockfish counts the move-count rule in whole moves",
        ));
    }
    if w > 12 || h > 10 {
        errors.push(problem(
            "board",
            format!("the board is {w}x{h}; Fairy-Stockfish's boards are at most 12x10"),
        ));
    }
    if variant.has_king_jump() {
        errors.push(problem(
            "king_jump",
            "Fairy-Stockfish has no King's first-move jump",
        ));
    }
    if variant.pieces().iter().any(|p| p.promotes_by_start_file) {
        errors.push(problem(
            "promotes_by_start_file",
            "Fairy-Stockfish has no promotion to the piece of the start file",
        ));
    }
    if variant.pieces().iter().any(|p| p.is_promoted) {
        errors.push(problem(
            "letter",
            "promoted pieces (+X) are not written by the export",
        ));
    }
    if !variant.black_rotated() {
        for kind in variant.pieces() {
            let betza = kind.xbetza.clone().unwrap_or_default();
            if !crate::import::spec::parts_left_right_symmetric(&kind.moves) {
                errors.push(problem(
                    &kind.name,
                    format!(
                        "it moves differently to its left and right ({betza}); Fairy-Stockfish turns \
                         Black's moves half round where this variant mirrors them"
                    ),
                ));
            }
        }
    }
    check_first_moves(variant, &mut errors);
    let royal = variant.pieces().iter().filter(|p| p.is_royal).count();
    if royal != 1 {
        errors.push(problem(
            "royal",
            "the export needs exactly one royal piece (Fairy-Stockfish's King)",
        ));
    }
    let mut out = String::new();
    let _ = writeln!(out, "[{}]", variant.name());
    let _ = writeln!(out, "maxFile = {w}");
    let _ = writeln!(out, "maxRank = {h}");
    let pieces = write_pieces(variant, &mut out, &mut errors);
    let _ = writeln!(out, "startFen = {}", fsf_fen(variant.start_fen()));
    write_first_moves(variant, &mut out, &mut errors);
    write_promotion(variant, &pieces, &mut out, &mut errors);
    write_castling(variant, &mut out, &mut errors);
    write_ending(variant, &mut out);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// plypost's FEN, which is Fairy-Stockfish's for the boards it takes.
fn fsf_fen(fen: &str) -> String {
    fen.trim().to_owned()
}

/// Writes one key per piece; returns the Fairy-Stockfish letter of each kind.
fn write_pieces(variant: &Variant, out: &mut String, errors: &mut Vec<Problem>) -> Vec<char> {
    let mut used_named: BTreeSet<&str> = BTreeSet::new();
    let mut custom = 0usize;
    let mut letters = Vec::new();
    for kind in variant.pieces() {
        let letter = kind
            .letter
            .chars()
            .last()
            .unwrap_or('x')
            .to_ascii_lowercase();
        letters.push(letter);
        let betza = match fsf_betza(kind) {
            Ok(b) => b,
            Err(why) => {
                errors.push(problem(&kind.name, why));
                continue;
            }
        };
        if kind.is_royal {
            if movement_of_fsf("K") == movement_of(kind) {
                let _ = writeln!(out, "king = {letter}");
            } else {
                let _ = writeln!(out, "king = {letter}:{betza}");
            }
            continue;
        }
        if is_standard_pawn(kind) {
            let _ = writeln!(out, "pawn = {letter}");
            continue;
        }
        let same = |fsf: &str| movement_of_fsf(fsf) == movement_of(kind);
        if let Some((name, _)) = NAMED
            .iter()
            .find(|(name, fsf)| !used_named.contains(name) && same(fsf))
        {
            used_named.insert(name);
            let _ = writeln!(out, "{name} = {letter}");
            continue;
        }
        custom += 1;
        if custom > CUSTOM_SLOTS {
            errors.push(problem(
                &kind.name,
                format!("more than {CUSTOM_SLOTS} custom pieces"),
            ));
            continue;
        }
        let ep = if kind.captures_en_passant { "e" } else { "" };
        let _ = writeln!(out, "customPiece{custom} = {letter}:{ep}{betza}");
    }
    letters
}

/// The Pawn of chess: Fairy-Stockfish's `pawn` type (its double step comes from the region).
fn is_standard_pawn(kind: &PieceKind) -> bool {
    let Ok(chess_pawn) = crate::betza::compile("fmWfceFifmnD") else {
        return false;
    };
    kind.creates_en_passant
        && kind.captures_en_passant
        && movement(&kind.moves) == movement(&chess_pawn.parts)
}

/// A movement as plain facts (mode, first move, vector, range), for comparisons.
fn movement(parts: &[MovePart]) -> BTreeSet<String> {
    crate::import::spec::signature(parts)
}

fn movement_of(kind: &PieceKind) -> BTreeSet<String> {
    movement(&kind.moves)
}

/// The movement of a Fairy-Stockfish Betza text, read in Fairy-Stockfish's dialect.
fn movement_of_fsf(fsf: &str) -> BTreeSet<String> {
    crate::import::translate_fsf_betza(fsf)
        .ok()
        .and_then(|t| crate::betza::compile(&t.xbetza).ok())
        .map(|p| movement(&p.parts))
        .unwrap_or_default()
}

/// The vectors of one part that share an atom: its letter, whether it is straight, the set.
type AtomGroup = (char, bool, BTreeSet<(i8, i8)>);

/// The atom letter of a base vector, if Fairy-Stockfish has one.
fn atom(v: Vector) -> Option<(char, bool)> {
    let (a, b) = (v.dx.unsigned_abs(), v.dy.unsigned_abs());
    let (long, short) = (a.max(b), a.min(b));
    let letter = match (long, short) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    };
    Some((letter, short == 0 || short == long))
}

/// All eight (or four) images of a base vector.
fn images(v: Vector) -> BTreeSet<(i8, i8)> {
    crate::model::symmetric_images(v.dx, v.dy)
        .into_iter()
        .map(|w| (w.dx, w.dy))
        .collect()
}

/// Fairy-Stockfish direction letters that select exactly vector `v` of its atom.
fn fsf_letters(v: Vector) -> String {
    let (dx, dy) = (v.dx, v.dy);
    if dx == 0 {
        return if dy > 0 { "f" } else { "b" }.to_owned();
    }
    if dy == 0 {
        return if dx > 0 { "r" } else { "l" }.to_owned();
    }
    // Fairy-Stockfish's eight cases for an atom (a, b), a >= b: (b, a) is "rf", (a, b) is
    // "fr", and so on round the board; on a diagonal either spelling picks one vector.
    let steep = dy.abs() > dx.abs();
    let h = if dx > 0 { 'r' } else { 'l' };
    let vert = if dy > 0 { 'f' } else { 'b' };
    if steep {
        format!("{h}{vert}")
    } else {
        format!("{vert}{h}")
    }
}

/// The piece's movement in Fairy-Stockfish's Betza dialect, or why it has none.
fn fsf_betza(kind: &PieceKind) -> Result<String, String> {
    let mut out = String::new();
    for part in &kind.moves {
        if part.promoting {
            return Err("moves that alone promote are not in Fairy-Stockfish".to_owned());
        }
        let mut prefix = String::new();
        if part.first_move_only {
            prefix.push('i');
        }
        match part.mode {
            Mode::MoveOnly => prefix.push('m'),
            Mode::CaptureOnly => prefix.push('c'),
            Mode::MoveOrCapture => {}
        }
        let (vectors, suffix, lame, hop) = match &part.shape {
            Shape::Leap { vectors } => (vectors, String::new(), false, false),
            Shape::Ride {
                vectors,
                min,
                max,
                odd_only,
            } => {
                if *odd_only {
                    return Err("odd-distance rides are not in Fairy-Stockfish".to_owned());
                }
                match (*min, *max) {
                    (1, Some(1)) => (vectors, String::new(), false, false),
                    (1, None) => (vectors, "*".to_owned(), false, false),
                    (1, Some(n)) if n <= 9 => (vectors, n.to_string(), false, false),
                    (2, Some(2)) => (vectors, String::new(), true, false),
                    _ => {
                        return Err(format!(
                            "a ride of {min} to {max:?} squares is not in Fairy-Stockfish"
                        ))
                    }
                }
            }
            Shape::Hop { vectors } => (vectors, "*".to_owned(), false, true),
            Shape::Bent { .. } => {
                return Err("bent (two-leg) moves are not in Fairy-Stockfish's Betza".to_owned())
            }
        };
        let mut groups: Vec<AtomGroup> = Vec::new();
        for &v in vectors {
            // A lame double step is written as the doubled atom (nD, nA).
            let base = if lame {
                Vector::new(v.dx * 2, v.dy * 2)
            } else {
                v
            };
            let Some((letter, straight)) = atom(base) else {
                return Err(format!(
                    "the leap ({},{}) has no atom in Fairy-Stockfish",
                    base.dx, base.dy
                ));
            };
            if lame && !straight {
                return Err("a lame oblique move is not written by the export".to_owned());
            }
            match groups.iter_mut().find(|g| g.0 == letter) {
                Some(g) => {
                    g.2.insert((base.dx, base.dy));
                }
                None => groups.push((letter, straight, BTreeSet::from([(base.dx, base.dy)]))),
            }
        }
        for (letter, _, set) in groups {
            let any = set.iter().next().copied().unwrap_or((1, 0));
            let full = images(Vector::new(any.0, any.1)) == set;
            let atom = match (suffix.as_str(), letter) {
                ("*", 'W') => "R".to_owned(),
                ("*", 'F') => "B".to_owned(),
                ("*", l) => format!("{l}{l}"),
                (n, l) => format!("{l}{n}"),
            };
            let mods = format!(
                "{prefix}{}{}",
                if hop { "p" } else { "" },
                if lame { "n" } else { "" }
            );
            if full {
                out.push_str(&format!("{mods}{atom}"));
            } else {
                for (dx, dy) in set {
                    out.push_str(&format!("{mods}{}{atom}", fsf_letters(Vector::new(dx, dy))));
                }
            }
        }
    }
    Ok(out)
}

/// The double-step region: the ranks where the pieces with first moves start.
fn write_first_moves(variant: &Variant, out: &mut String, errors: &mut Vec<Problem>) {
    let firsts: Vec<&PieceKind> = variant
        .pieces()
        .iter()
        .filter(|k| k.moves.iter().any(|p| p.first_move_only))
        .collect();
    if firsts.is_empty() {
        let _ = writeln!(out, "doubleStep = false");
        return;
    }
    let h = variant.height();
    let mut regions: [Option<u16>; 2] = [None, None];
    for kind in &firsts {
        for color in [Color::White, Color::Black] {
            let ranks = variant.0.start_ranks[color.index()]
                .get(kind.id.index())
                .copied()
                .unwrap_or(0);
            if ranks == 0 {
                continue;
            }
            match regions[color.index()] {
                None => regions[color.index()] = Some(ranks),
                Some(r) if r == ranks => {}
                Some(_) => errors.push(problem(
                    &kind.name,
                    "pieces with first moves start on different ranks; Fairy-Stockfish has one \
                     double-step region for all",
                )),
            }
        }
    }
    for (color, key) in [(0, "doubleStepRegionWhite"), (1, "doubleStepRegionBlack")] {
        let ranks = regions[color].unwrap_or(0);
        let list: Vec<String> = (0..h)
            .filter(|r| ranks & (1 << r) != 0)
            .map(|r| format!("*{}", r + 1))
            .collect();
        let _ = writeln!(
            out,
            "{key} = {}",
            if list.is_empty() {
                "-".to_owned()
            } else {
                list.join(" ")
            }
        );
    }
    let ep = variant.pieces().iter().any(|k| k.creates_en_passant);
    if !ep {
        let _ = writeln!(out, "enPassantRegion = -");
    }
}

fn write_promotion(
    variant: &Variant,
    letters: &[char],
    out: &mut String,
    errors: &mut Vec<Problem>,
) {
    let promoting: Vec<&PieceKind> = variant
        .pieces()
        .iter()
        .filter(|k| !k.promotes_to.is_empty())
        .collect();
    let letter = |k: &PieceKind| letters.get(k.id.index()).copied().unwrap_or('?');
    let Some(first) = promoting.first() else {
        let _ = writeln!(out, "promotionPawnTypes = -");
        let _ = writeln!(out, "promotionPieceTypes = -");
        return;
    };
    if promoting.iter().any(|k| {
        k.promotes_to != first.promotes_to || k.black_promotes_to != first.black_promotes_to
    }) {
        errors.push(problem(
            "promotes_to",
            "pieces promote to different choices; Fairy-Stockfish has one list",
        ));
    }
    let pawns: String = promoting.iter().map(|k| letter(k)).collect();
    let targets: String = first
        .promotes_to
        .iter()
        .map(|t| letter(variant.kind(*t)))
        .collect();
    let h = variant.height();
    let z = variant.promotion_zone();
    let white: Vec<String> = (h - z + 1..=h).map(|r| format!("*{r}")).collect();
    let black: Vec<String> = (1..=z).map(|r| format!("*{r}")).collect();
    let _ = writeln!(out, "promotionPawnTypes = {pawns}");
    match &first.black_promotes_to {
        None => {
            let _ = writeln!(out, "promotionPieceTypes = {targets}");
        }
        Some(black) => {
            let black: String = black.iter().map(|t| letter(variant.kind(*t))).collect();
            let _ = writeln!(out, "promotionPieceTypesWhite = {targets}");
            let _ = writeln!(
                out,
                "promotionPieceTypesBlack = {}",
                if black.is_empty() {
                    "-".to_owned()
                } else {
                    black
                }
            );
        }
    }
    let limits: Vec<String> = variant
        .pieces()
        .iter()
        .filter_map(|k| {
            variant
                .promotion_limit(k.id)
                .map(|n| format!("{}:{n}", letter(k)))
        })
        .collect();
    if !limits.is_empty() {
        let _ = writeln!(out, "promotionLimit = {}", limits.join(" "));
    }
    let _ = writeln!(out, "promotionRegionWhite = {}", white.join(" "));
    let _ = writeln!(out, "promotionRegionBlack = {}", black.join(" "));
    if variant.promotion_is_optional() {
        let _ = writeln!(out, "mandatoryPawnPromotion = false");
        if promoting.iter().any(|k| k.must_promote_on_last_rank) {
            let _ = writeln!(out, "immobilityIllegal = true");
        }
    }
}

fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

fn write_castling(variant: &Variant, out: &mut String, errors: &mut Vec<Problem>) {
    let Some(c) = variant.castling() else {
        let _ = writeln!(out, "castling = false");
        return;
    };
    if c.rook_distance.is_some() {
        errors.push(problem(
            "rook_distance",
            "Fairy-Stockfish's castling Rook lands next to the King",
        ));
        return;
    }
    let king = c.king_start[0];
    let rook = variant.kind(c.rook_kind);
    let letter = rook
        .letter
        .chars()
        .last()
        .unwrap_or('r')
        .to_ascii_lowercase();
    let _ = writeln!(out, "castling = true");
    let _ = writeln!(out, "castlingRank = {}", king.rank() + 1);
    let _ = writeln!(
        out,
        "castlingKingsideFile = {}",
        file_letter(king.file() + c.king_distance)
    );
    let _ = writeln!(
        out,
        "castlingQueensideFile = {}",
        file_letter(king.file().saturating_sub(c.queenside_king_distance))
    );
    let _ = writeln!(out, "castlingRookPieces = {letter}");
    let _ = writeln!(
        out,
        "castlingRookKingsideFile = {}",
        file_letter(c.rook_start[0][0].file())
    );
    let _ = writeln!(
        out,
        "castlingRookQueensideFile = {}",
        file_letter(c.rook_start[0][1].file())
    );
}

/// First moves: Fairy-Stockfish leaves an e.p. right behind every initial move of a piece
/// other than the Pawn, and only behind those; plypost behind the multi-square moves of the
/// pieces that create e.p. rights.
fn check_first_moves(variant: &Variant, errors: &mut Vec<Problem>) {
    let takers = variant.pieces().iter().any(|k| k.captures_en_passant);
    for kind in variant.pieces() {
        if is_standard_pawn(kind) || !kind.moves.iter().any(|p| p.first_move_only) {
            continue;
        }
        let free_multi_step = kind.moves.iter().any(|p| {
            !p.first_move_only
                && p.mode.can_move()
                && matches!(p.shape, Shape::Ride { max, .. } if max != Some(1))
        });
        if takers && (!kind.creates_en_passant || free_multi_step) {
            errors.push(problem(
                &kind.name,
                "Fairy-Stockfish gives an e.p. right after exactly its first moves, which this \
                 variant does not",
            ));
        }
    }
    if variant
        .pieces()
        .iter()
        .any(|k| k.creates_en_passant && !k.moves.iter().any(|p| p.first_move_only))
    {
        errors.push(problem(
            "creates_en_passant",
            "Fairy-Stockfish gives e.p. rights only after first moves",
        ));
    }
}

fn write_ending(variant: &Variant, out: &mut String) {
    let rules = variant.rule_options();
    let _ = writeln!(
        out,
        "nMoveRule = {}",
        rules.move_count_limit.map_or(0, |plies| plies / 2)
    );
    let end = variant.end_rules();
    match end.stalemate {
        StalemateRule::Draw => {}
        StalemateRule::Loss => {
            let _ = writeln!(out, "stalemateValue = loss");
        }
        StalemateRule::Win => {
            let _ = writeln!(out, "stalemateValue = win");
        }
    }
    if end.bare_king {
        let _ = writeln!(
            out,
            "extinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\n\
             extinctionPieceCount = 1\nextinctionOpponentPieceCount = 2"
        );
    }
}
