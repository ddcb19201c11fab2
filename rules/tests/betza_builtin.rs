//! Issue 8 part 2: every piece whose VARIANTS.md entry gives an XBetza string, compiled from
//! that string (`betza = "..."` substituted for its `moves` in the built-in definition), must
//! generate exactly the moves of the built-in definition: on empty boards and on crowded boards,
//! both colours, and one ply deeper for the pieces with e.p. or first-move parts.

use plypost_rules::betza::compile;
use plypost_rules::{Position, Variant};

/// (letter, XBetza, note). The note says where the string does not come from VARIANTS.md.
type Entry = (&'static str, &'static str, &'static str);

/// Terachess II, VARIANTS.md 2.2 (letters of the built-in file).
const TERACHESS2: &[Entry] = &[
    (
        "K",
        "K",
        "the King's jump is a variant rule, not part of the piece",
    ),
    ("Q", "Q", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("N", "N", ""),
    ("P", "fmWfceFfmnnD", ""),
    ("I", "KfmnnD", ""),
    ("E", "FA", ""),
    ("W", "WD", ""),
    ("M", "C", ""),
    ("Z", "Z", ""),
    ("F", "NCZ", ""),
    ("L", "KNAD", ""),
    ("C", "mRcpR", ""),
    ("V", "mBcpB", ""),
    ("O", "mQcpQ", ""),
    ("G", "FyafsF", ""),
    ("U", "WyafsW", ""),
    ("H", "RN", ""),
    ("X", "BN", ""),
    ("A", "QN", ""),
    ("J", "KN", ""),
    ("S", "RF", ""),
    ("Y", "BW", ""),
    ("D", "KADGH", ""),
    // Compared without promotion suffixes, see `TROLL_NOTE`.
    ("T", "GHfmWfcF", TROLL_NOTE),
];

/// Cannot be written in XBetza: the Troll promotes only by its Pawn-like step or capture
/// (VARIANTS.md 2.3); XBetza has no way to mark which moves promote, so the compiled Troll also
/// promotes after a leap to the last rank. Its moves are compared with promotion suffixes
/// removed.
const TROLL_NOTE: &str = "promotion only by some moves cannot be written in XBetza";

/// Terachess I, VARIANTS.md 3.2: the pieces "as Terachess II", plus strings written here for
/// the others (VARIANTS.md gives none for them).
const TERACHESS1: &[Entry] = &[
    ("K", "K", ""),
    ("Q", "Q", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("N", "N", ""),
    ("P", "fmWfceFfmnnD", ""),
    ("I", "KfmnnD", ""),
    ("E", "FA", ""),
    ("W", "WD", ""),
    ("M", "C", ""),
    ("Z", "Z", ""),
    ("F", "NCZ", ""),
    ("L", "KNAD", ""),
    ("C", "mRcpR", ""),
    ("V", "mBcpB", ""),
    ("O", "mQcpQ", ""),
    ("G", "FyafsF", ""),
    ("H", "RN", ""),
    ("X", "BN", ""),
    ("A", "QN", ""),
    (
        "T",
        "fmWfmnnDfmceF",
        "not in VARIANTS.md: Corporal, e.p. by its diagonal move",
    ),
    ("J", "DAHG", "not in VARIANTS.md: Gazelle"),
    (
        "S",
        "FfrFyaflFflFyafrFbrFyafrFblFyaflF",
        "not in VARIANTS.md: Ship, one bent move per first-leg direction (the turn to the \
         vertical is left for NE/SW steps, right for NW/SE steps)",
    ),
    (
        "U",
        "rfNyafrWlfNyaflWfrNyaflWbrNyafrWflNyafrWblNyaflWrbNyaflWlbNyafrW",
        "not in VARIANTS.md: old Rhinoceros, one bent move per Knight direction; each leap \
         heads along its longer axis and turns 45° toward its shorter one",
    ),
];

/// Teramachy, VARIANTS.md 4.2: as the same-named Terachess II pieces.
const TERAMACHY: &[Entry] = &[
    ("K", "K", ""),
    ("Q", "Q", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("N", "N", ""),
    ("P", "fmWfceFfmnnD", ""),
    ("I", "KfmnnD", ""),
    ("E", "FA", ""),
    ("W", "WD", ""),
    ("M", "C", ""),
    ("Z", "Z", ""),
    ("F", "NCZ", ""),
    ("L", "KNAD", ""),
    ("C", "mRcpR", ""),
    ("V", "mBcpB", ""),
    ("G", "FyafsF", ""),
    ("U", "WyafsW", ""),
    ("H", "RN", ""),
    ("X", "BN", ""),
    ("A", "QN", ""),
    ("J", "KN", ""),
    ("S", "RF", ""),
    ("Y", "BW", ""),
];

/// Obento, VARIANTS.md 5.2, with the compounds written as one string ("`D` + `DyafsW`" is
/// `DDyafsW`).
const OBENTO: &[Entry] = &[
    ("K", "K", ""),
    ("Q", "Q", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("M", "NW", ""),
    ("G", "WDfFfA", ""),
    ("V", "FAfWfD", ""),
    ("W", "FC", ""),
    (
        "S",
        "FfrFyaflFflFyafrFbrFyafrFblFyaflF",
        "not in VARIANTS.md (it gives '—'): Ship, one bent move per first-leg direction",
    ),
    ("T", "vWvWyafsW", ""),
    // VARIANTS.md: `D` + `DyafsW`. Concatenated, `DD` would be the Dabbaba rider; the D before
    // `ya` is a move of its own already, so both orders below are the Osprey.
    ("Y", "DyafsW", ""),
    ("Y", "DyafsWD", ""),
    ("O", "AyafsF", ""),
    ("O", "AyafsFA", ""),
    ("I", "NC", ""),
    ("P", "fmWfceFifmnDifmnH", ""),
    ("+R", "RF", ""),
    ("+B", "BW", ""),
    ("+P", "BvR", ""),
    ("+M", "NAD", ""),
    ("+W", "BC", ""),
    ("+I", "NCK", ""),
    ("+G", "RfB", ""),
    ("+V", "BfR", ""),
];

/// GraTiA: VARIANTS.md gives no XBetza; these strings are written here.
const GRATIA: &[Entry] = &[
    ("K", "K", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("G", "(4,1)", ""),
    ("Y", "yafsF", "Gryphon: must make both legs, so no plain F"),
    ("A", "yafsW", "Anchorite: must make both legs"),
    ("N", "N", ""),
    ("W", "W", ""),
    ("C", "C", ""),
    ("F", "F", ""),
    ("D", "D", ""),
    ("E", "A", ""),
    ("Q", "Q", ""),
    ("P", "fmWfceFifmnD", ""),
    ("+N", "N2", "Nightpotentate"),
    ("+C", "C2", "Camelpotentate"),
    (
        "+D",
        "yafW",
        "Pocket: at least two squares = a W step to an empty square, then straight on",
    ),
    ("+E", "yafF", "Picket: at least two squares diagonally"),
];

/// Pieces with no XBetza form, and why (the test checks the stated reason holds).
const NOT_EXPRESSIBLE: &[(&str, &str, &str, &str)] = &[
    (
        "gratia",
        "+W",
        "W3",
        "Panda: odd distances only; XBetza has no odd-only range",
    ),
    (
        "gratia",
        "+F",
        "F3",
        "Bear: odd distances only; XBetza has no odd-only range",
    ),
    (
        "terachess2",
        "T",
        "GHfmWfcF",
        "Troll: promotes only by its Pawn-like moves (2.3); XBetza cannot mark which moves \
         promote (its moves are compared without promotion suffixes)",
    ),
];

const CHESS: &[Entry] = &[
    ("K", "K", ""),
    ("Q", "Q", ""),
    ("R", "R", ""),
    ("B", "B", ""),
    ("N", "N", ""),
    ("P", "fmWfceFifmnD", ""),
];

/// The built-in source with the `moves` of the piece `letter` replaced by `betza = "..."`.
fn substitute(source: &str, letter: &str, betza: &str) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    // Start line of each [[piece]] block, to find the one with our letter.
    let mut block_start = 0;
    let mut in_target = false;
    let target_letter = format!("letter = \"{letter}\"");
    // First pass: find the block.
    let mut target_block = None;
    for (n, line) in lines.iter().enumerate() {
        if line.trim() == "[[piece]]" {
            block_start = n;
        }
        if line.trim() == target_letter {
            target_block = Some(block_start);
        }
    }
    let target_block = target_block.unwrap_or_else(|| panic!("no piece with letter {letter}"));
    let mut replaced = false;
    while i < lines.len() {
        let line = lines[i];
        if line.trim() == "[[piece]]" {
            in_target = i == target_block;
        }
        if in_target && !replaced && line.trim_start().starts_with("moves =") {
            // Skip a multi-line array.
            if !line.contains(']') {
                while i < lines.len() && !lines[i].contains(']') {
                    i += 1;
                }
            }
            out.push(format!("betza = \"{betza}\""));
            replaced = true;
            i += 1;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    assert!(replaced, "piece {letter} has no moves line");
    out.join("\n") + "\n"
}

/// Deterministic generator for the crowded boards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn board_fen(grid: &[Vec<Option<String>>]) -> String {
    let mut ranks = Vec::new();
    for row in grid.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(t);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    ranks.join("/")
}

fn lower(token: &str) -> String {
    token.to_ascii_lowercase()
}

/// Sorted compact legal moves, or the FEN error.
fn moves(variant: &Variant, fen: &str, strip_promotions: bool) -> Result<Vec<String>, String> {
    let pos = Position::from_fen(variant, fen).map_err(|e| e.to_string())?;
    Ok(move_list(&pos, strip_promotions))
}

fn move_list(pos: &Position, strip_promotions: bool) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let text = pos.move_compact(m);
            if strip_promotions {
                text.trim_end_matches(|c: char| !c.is_ascii_digit())
                    .to_string()
            } else {
                text
            }
        })
        .collect();
    out.sort();
    if strip_promotions {
        out.dedup();
    }
    out
}

fn diff(a: &[String], b: &[String]) -> (Vec<String>, Vec<String>) {
    let only_a = a.iter().filter(|m| !b.contains(m)).cloned().collect();
    let only_b = b.iter().filter(|m| !a.contains(m)).cloned().collect();
    (only_a, only_b)
}

struct Checker {
    original: Variant,
    copy: Variant,
    label: String,
    strip: bool,
    deep: bool,
    letter: String,
    failures: Vec<String>,
    compared: usize,
}

impl Checker {
    fn compare(&mut self, fen: &str) {
        let a = moves(&self.original, fen, self.strip);
        let b = moves(&self.copy, fen, self.strip);
        match (&a, &b) {
            (Ok(a), Ok(b)) => {
                self.compared += 1;
                if a != b {
                    let (only_a, only_b) = diff(a, b);
                    self.failures.push(format!(
                        "{}: {fen}\n  only built-in: {only_a:?}\n  only XBetza: {only_b:?}\n  \
                         (counts {} vs {})",
                        self.label,
                        a.len(),
                        b.len()
                    ));
                    return;
                }
                if self.deep {
                    self.compare_deeper(fen);
                }
            }
            (Err(_), Err(_)) => {}
            _ => self.failures.push(format!(
                "{}: {fen}: FEN accepted by one definition only: {a:?} / {b:?}",
                self.label
            )),
        }
    }

    /// One ply deeper after every move of the tested piece (e.p. rights, first moves).
    fn compare_deeper(&mut self, fen: &str) {
        let (Ok(pa), Ok(pb)) = (
            Position::from_fen(&self.original, fen),
            Position::from_fen(&self.copy, fen),
        ) else {
            return;
        };
        let letter = self.letter.clone();
        for mv in pa.legal_moves() {
            let token = pa.piece_at(mv.from()).map(|p| p.token());
            if token.as_deref().map(|t| t.to_ascii_uppercase()) != Some(letter.clone()) {
                continue;
            }
            let text = pa.move_compact(&mv);
            let Ok(mb) = pb.parse_move(&text) else {
                self.failures
                    .push(format!("{}: {fen}: move {text} not parsed", self.label));
                continue;
            };
            let (Ok(na), Ok(nb)) = (pa.play(&mv), pb.play(&mb)) else {
                self.failures
                    .push(format!("{}: {fen}: move {text} not playable", self.label));
                continue;
            };
            let (a, b) = (move_list(&na, self.strip), move_list(&nb, self.strip));
            self.compared += 1;
            if a != b {
                let (only_a, only_b) = diff(&a, &b);
                self.failures.push(format!(
                    "{}: {fen} after {text}\n  only built-in: {only_a:?}\n  only XBetza: {only_b:?}",
                    self.label
                ));
            }
        }
    }
}

/// Compares every entry; returns the differences found.
fn differences(name: &str, entries: &[Entry]) -> Vec<String> {
    let original = Variant::builtin(name).unwrap();
    let (w, h) = (original.width() as usize, original.height() as usize);
    let royal = original
        .pieces()
        .iter()
        .find(|p| p.is_royal)
        .map(|p| p.letter.clone())
        .unwrap();
    let others: Vec<String> = original
        .pieces()
        .iter()
        .filter(|p| !p.is_royal)
        .map(|p| p.letter.clone())
        .collect();
    let mut failures = Vec::new();
    let mut all_subst = original.source_text().to_string();
    let mut substituted: Vec<&str> = Vec::new();
    for &(letter, betza, note) in entries {
        let source = substitute(original.source_text(), letter, betza);
        if !substituted.contains(&letter) {
            all_subst = substitute(&all_subst, letter, betza);
            substituted.push(letter);
        }
        let copy = Variant::from_toml(&source)
            .unwrap_or_else(|e| panic!("{name} {letter} '{betza}': {e:?}"));
        let kind = original.kind_by_letter(letter).unwrap();
        // The compiled e.p. flag must be the built-in one where the string says anything.
        let compiled = compile(betza).unwrap();
        if compiled.captures_en_passant {
            assert!(
                kind.captures_en_passant,
                "{name} {letter}: 'e' on a non-e.p. piece"
            );
        }
        let deep = kind.captures_en_passant
            || kind.creates_en_passant
            || kind.moves.iter().any(|m| m.first_move_only);
        let mut ck = Checker {
            original: original.clone(),
            copy,
            label: format!("{name} {} ({letter}) '{betza}'", kind.name),
            strip: note == TROLL_NOTE,
            deep,
            letter: letter.to_string(),
            failures: Vec::new(),
            compared: 0,
        };
        // Empty boards: the piece alone (with the Kings in corners) on several squares.
        let files = [0, 1, w / 2 - 1, w / 2, w - 2, w - 1];
        let ranks = [0, 1, 2, 3, h / 2, h - 4, h - 3, h - 2, h - 1];
        for &file in &files {
            for &rank in &ranks {
                for white in [true, false] {
                    let mut grid = vec![vec![None; w]; h];
                    let piece = if white {
                        letter.to_string()
                    } else {
                        lower(letter)
                    };
                    if letter == royal {
                        grid[rank][file] = Some(piece);
                        let (kf, kr) = if rank < h / 2 {
                            (w - 1 - file, h - 1)
                        } else {
                            (w - 1 - file, 0)
                        };
                        grid[kr][kf] = Some(if white { lower(&royal) } else { royal.clone() });
                    } else {
                        let wk = if (file, rank) == (w - 1, 0) {
                            (w - 2, 0)
                        } else {
                            (w - 1, 0)
                        };
                        let bk = if (file, rank) == (0, h - 1) {
                            (1, h - 1)
                        } else {
                            (0, h - 1)
                        };
                        if (file, rank) == wk || (file, rank) == bk {
                            continue;
                        }
                        grid[wk.1][wk.0] = Some(royal.clone());
                        grid[bk.1][bk.0] = Some(lower(&royal));
                        grid[rank][file] = Some(piece);
                    }
                    let side = if white { "w" } else { "b" };
                    ck.compare(&format!("{} {side} - - 0 1", board_fen(&grid)));
                }
            }
        }
        // Crowded boards: several of the tested piece of each colour among random pieces.
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15
            ^ (letter.len() as u64 * 7919)
            ^ letter.as_bytes()[letter.len() - 1] as u64);
        let mut made = 0;
        let mut tries = 0;
        while made < 8 && tries < 200 {
            tries += 1;
            let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; w]; h];
            let place = |grid: &mut Vec<Vec<Option<String>>>, token: String, rng: &mut Rng| {
                for _ in 0..50 {
                    let (f, r) = (rng.below(w), rng.below(h));
                    if grid[r][f].is_none() {
                        grid[r][f] = Some(token);
                        return;
                    }
                }
            };
            place(&mut grid, royal.clone(), &mut rng);
            place(&mut grid, lower(&royal), &mut rng);
            for _ in 0..if letter == royal { 0 } else { 4 } {
                place(&mut grid, letter.to_string(), &mut rng);
                place(&mut grid, lower(letter), &mut rng);
            }
            let density = 25 + rng.below(25); // percent of the remaining squares
            for row in grid.iter_mut() {
                for cell in row.iter_mut() {
                    if cell.is_none() && rng.below(100) < density {
                        let t = &others[rng.below(others.len())];
                        *cell = Some(if rng.below(2) == 0 {
                            t.clone()
                        } else {
                            lower(t)
                        });
                    }
                }
            }
            let side = if made % 2 == 0 { "w" } else { "b" };
            let fen = format!("{} {side} - - 0 1", board_fen(&grid));
            let before = ck.compared;
            ck.compare(&fen);
            if ck.compared > before {
                made += 1;
            }
        }
        assert!(
            made >= 6,
            "{}: only {made} crowded boards were valid",
            ck.label
        );
        println!(
            "{}: {} positions compared, {} difference(s)",
            ck.label,
            ck.compared,
            ck.failures.len()
        );
        failures.append(&mut ck.failures);
    }
    // All pieces substituted at once: the start position two plies deep.
    let copy = Variant::from_toml(&all_subst).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let strip = entries.iter().any(|e| e.2 == TROLL_NOTE);
    let start = original.start_fen().to_string();
    let pa = Position::start(&original);
    let pb = Position::start(&copy);
    if move_list(&pa, strip) != move_list(&pb, strip) {
        failures.push(format!("{name} all pieces: {start}"));
    }
    for mv in pa.legal_moves() {
        let text = pa.move_compact(&mv);
        let next = pb.parse_move(&text).ok().and_then(|mb| pb.play(&mb).ok());
        match (pa.play(&mv), next) {
            (Ok(na), Some(nb)) if move_list(&na, strip) == move_list(&nb, strip) => {}
            _ => failures.push(format!("{name} all pieces: {start} after {text}")),
        }
    }
    failures
}

fn check_variant(name: &str, entries: &[Entry]) {
    let failures = differences(name, entries);
    assert!(
        failures.is_empty(),
        "{} difference(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The comparison is able to fail: near-miss strings are caught.
#[test]
fn near_misses_are_caught() {
    for (name, entry) in [
        ("terachess2", ("G", "FyafF", "")),
        ("terachess2", ("U", "yafsW", "")),
        ("terachess2", ("P", "fmWfceFifmnD", "")),
        ("obento", ("T", "yafsWvW", "")),
        ("obento", ("P", "fmWfceFifmnD", "")),
        ("gratia", ("+N", "NN", "")),
        ("terachess2", ("C", "mRcpB", "")),
        (
            "terachess1",
            (
                "U",
                "rfNyaflWlfNyaflWfrNyaflWbrNyafrWflNyafrWblNyaflWrbNyaflWlbNyafrW",
                "",
            ),
        ),
        ("terachess1", ("S", "FyafsF", "")),
    ] {
        let found = differences(name, &[entry]);
        assert!(!found.is_empty(), "{name} {entry:?}: no difference found");
    }
}

#[test]
fn terachess2_pieces_match() {
    check_variant("terachess2", TERACHESS2);
}

#[test]
fn terachess1_pieces_match() {
    check_variant("terachess1", TERACHESS1);
}

#[test]
fn teramachy_pieces_match() {
    check_variant("teramachy", TERAMACHY);
}

#[test]
fn obento_pieces_match() {
    check_variant("obento", OBENTO);
}

#[test]
fn gratia_pieces_match() {
    check_variant("gratia", GRATIA);
}

#[test]
fn chess_pieces_match() {
    check_variant("chess", CHESS);
}

/// The pieces without an XBetza form: the nearest strings are either rejected or differ, as
/// their reasons say.
#[test]
fn inexpressible_pieces_are_reported() {
    for &(name, letter, nearest, reason) in NOT_EXPRESSIBLE {
        match compile(nearest) {
            Err(e) => println!(
                "{name} {letter}: cannot be written in XBetza ({reason}); '{nearest}': {e}"
            ),
            Ok(compiled) => {
                let original = Variant::builtin(name).unwrap();
                let kind = original.kind_by_letter(letter).unwrap();
                assert_ne!(
                    compiled.parts, kind.moves,
                    "{name} {letter}: '{nearest}' unexpectedly equals the built-in ({reason})"
                );
                println!("{name} {letter}: cannot be written in XBetza ({reason})");
            }
        }
    }
}
