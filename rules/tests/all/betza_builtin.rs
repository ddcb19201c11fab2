//! Issue 8 parts 2 and 5: every built-in piece's XBetza, as its variant file documents it
//! (`xbetza = "..."`, the string the legends show), compiled from that string (`betza = "..."`
//! substituted for its `moves` in the built-in definition), must generate exactly the moves of
//! the built-in definition: on empty boards and on crowded boards, both colours, and one ply
//! deeper for the pieces with e.p. or first-move parts. Pieces without an exact form say why
//! (`xbetza_note`), and the reason is checked.

use plypost_rules::betza::compile;
use plypost_rules::{Position, Variant};

/// (letter, XBetza, strip promotion suffixes).
type Entry = (String, String, bool);

/// Every piece's documented XBetza, read from the built-in file (`xbetza = "..."`), so the
/// strings checked here are exactly the ones the legends show. A piece whose built-in moves
/// mark promoting parts (the Terachess II Troll) has no exact XBetza form: its moves are
/// compared with promotion suffixes removed, and the file must say why (`xbetza_note`).
fn entries(name: &str) -> Vec<Entry> {
    let variant = Variant::builtin(name).unwrap();
    let mut out = Vec::new();
    for kind in variant.pieces() {
        match (&kind.xbetza, &kind.xbetza_note) {
            (None, None) => panic!(
                "{name} {}: neither 'xbetza' nor 'xbetza_note' in the file",
                kind.letter
            ),
            (None, Some(_)) => {}
            (Some(x), note) => {
                let strip = kind.moves.iter().any(|m| m.promoting);
                assert_eq!(
                    strip,
                    note.is_some(),
                    "{name} {}: an 'xbetza_note' goes with an inexact XBetza and only then",
                    kind.letter
                );
                out.push((kind.letter.clone(), x.clone(), strip));
            }
        }
    }
    out
}

/// Other spellings that must mean the same as the file's (VARIANTS.md's `D` + `DyafsW`).
const ALTERNATIVES: &[(&str, &str, &str)] =
    &[("obento", "Y", "DyafsWD"), ("obento", "O", "AyafsFA")];

/// The nearest XBetza of each piece whose file gives only an `xbetza_note` (the test checks
/// the note's reason holds: the string is rejected or means something else).
const NEAREST: &[(&str, &str, &str)] = &[("gratia", "+W", "W3"), ("gratia", "+F", "F3")];

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
        // The documentation field cannot stay beside `betza`.
        if in_target && line.trim_start().starts_with("xbetza =") {
            i += 1;
            continue;
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
    for (letter, betza, strip) in entries {
        let (letter, betza, strip) = (letter.as_str(), betza.as_str(), *strip);
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
            strip,
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
    let strip = entries.iter().any(|e| e.2);
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

fn entry(letter: &str, betza: &str) -> Entry {
    (letter.to_string(), betza.to_string(), false)
}

/// The comparison is able to fail: near-miss strings are caught.
#[test]
fn near_misses_are_caught() {
    for (name, letter, betza) in [
        ("terachess2", "G", "FyafF"),
        ("terachess2", "U", "yafsW"),
        ("terachess2", "P", "fmWfceFifmnD"),
        ("obento", "T", "yafsWvW"),
        ("obento", "P", "fmWfceFifmnD"),
        ("gratia", "+N", "NN"),
        ("terachess2", "C", "mRcpB"),
        (
            "terachess1",
            "U",
            "rfNyaflWlfNyaflWfrNyaflWbrNyafrWflNyafrWblNyaflWrbNyaflWlbNyafrW",
        ),
        ("terachess1", "S", "FyafsF"),
    ] {
        let found = differences(name, &[entry(letter, betza)]);
        assert!(
            !found.is_empty(),
            "{name} {letter} '{betza}': no difference found"
        );
    }
}

#[test]
fn terachess2_pieces_match() {
    check_variant("terachess2", &entries("terachess2"));
}

#[test]
fn terachess1_pieces_match() {
    check_variant("terachess1", &entries("terachess1"));
}

#[test]
fn teramachy_pieces_match() {
    check_variant("teramachy", &entries("teramachy"));
}

#[test]
fn obento_pieces_match() {
    check_variant("obento", &entries("obento"));
}

#[test]
fn gratia_pieces_match() {
    check_variant("gratia", &entries("gratia"));
}

#[test]
fn chess_pieces_match() {
    check_variant("chess", &entries("chess"));
}

#[test]
fn alternative_spellings_match() {
    for &(name, letter, betza) in ALTERNATIVES {
        check_variant(name, &[entry(letter, betza)]);
    }
}

/// Every built-in piece documents its XBetza or why it has none, and the legends' strings are
/// the compiler's input as written (no whitespace, all compile).
#[test]
fn every_builtin_piece_is_documented() {
    for name in Variant::builtin_names() {
        let variant = Variant::builtin(name).unwrap();
        for kind in variant.pieces() {
            assert!(
                kind.xbetza.is_some() || kind.xbetza_note.is_some(),
                "{name} {}: no XBetza and no reason",
                kind.letter
            );
            if let Some(x) = &kind.xbetza {
                assert_eq!(x.trim(), x, "{name} {}", kind.letter);
                compile(x).unwrap_or_else(|e| panic!("{name} {}: {e}", kind.letter));
            }
        }
    }
}

/// The pieces without an exact XBetza form: the file's reason holds. With only a note, the
/// nearest string is rejected or means something else; with an inexact string (the Troll),
/// it generates other moves once promotion suffixes count.
#[test]
fn inexpressible_pieces_are_reported() {
    let mut with_note_only = 0;
    for name in Variant::builtin_names() {
        let original = Variant::builtin(name).unwrap();
        for kind in original.pieces() {
            let Some(reason) = &kind.xbetza_note else {
                continue;
            };
            let letter = kind.letter.as_str();
            match &kind.xbetza {
                Some(x) => {
                    let found = differences(name, &[entry(letter, x)]);
                    assert!(
                        !found.is_empty(),
                        "{name} {letter}: '{x}' is exact after all, yet the file says: {reason}"
                    );
                    println!("{name} {letter}: '{x}' is inexact ({reason})");
                }
                None => {
                    with_note_only += 1;
                    let nearest = NEAREST
                        .iter()
                        .find(|n| n.0 == *name && n.1 == letter)
                        .map(|n| n.2)
                        .unwrap_or_else(|| panic!("{name} {letter}: add its nearest string"));
                    match compile(nearest) {
                        Err(e) => println!(
                            "{name} {letter}: cannot be written in XBetza ({reason}); \
                             '{nearest}': {e}"
                        ),
                        Ok(compiled) => {
                            assert_ne!(
                                compiled.parts, kind.moves,
                                "{name} {letter}: '{nearest}' unexpectedly equals the built-in \
                                 ({reason})"
                            );
                            let found = differences(name, &[entry(letter, nearest)]);
                            assert!(!found.is_empty(), "{name} {letter}: '{nearest}' matches");
                            println!("{name} {letter}: cannot be written in XBetza ({reason})");
                        }
                    }
                }
            }
        }
    }
    assert_eq!(with_note_only, NEAREST.len());
}
