//! What an import found, in plypost's terms, and its writing as a variant definition (the
//! TOML of `rules/variants/`), checked by loading it.

use super::{Imported, Problem};
use crate::model::{MovePart, Shape};
use crate::variant::{StalemateRule, Variant};
use std::collections::BTreeSet;
use std::fmt::Write;

#[derive(Debug, Clone)]
pub struct PieceSpec {
    /// Empty: named after the built-in piece that moves the same, or after its letter.
    pub name: String,
    /// One upper-case letter.
    pub letter: String,
    /// Empty: the image of the built-in piece that moves the same, or a lettered disc.
    pub image: String,
    /// Empty: the built-in piece's, or the XBetza in words.
    pub description: String,
    pub royal: bool,
    /// Standard XBetza, as `crate::betza` compiles it.
    pub betza: String,
    pub captures_en_passant: bool,
    pub promotes_to: Vec<String>,
    /// Black's choices when they differ from White's.
    pub promotes_to_black: Option<Vec<String>>,
    pub must_promote_on_last_rank: bool,
    pub creates_en_passant: bool,
    pub resets_move_clock: bool,
}

#[derive(Debug, Clone)]
pub struct CastlingSpec {
    pub king_distance: u8,
    pub queenside_king_distance: u8,
    pub rook: String,
}

#[derive(Debug, Clone)]
pub struct Spec {
    pub name: String,
    pub display_name: String,
    pub width: u8,
    pub height: u8,
    pub start_fen: String,
    pub pieces: Vec<PieceSpec>,
    pub castling: Option<CastlingSpec>,
    pub promotion_zone: u8,
    pub promotion_optional: bool,
    /// Plies; 0 = off.
    pub move_count_limit: u32,
    pub repetition: bool,
    pub stalemate: StalemateRule,
    pub bare_king: bool,
    /// Black's moves are White's turned half round (Fairy-Stockfish) rather than mirrored;
    /// written only when some piece moves differently to its left and right.
    pub black_rotated: bool,
    /// Promotion only while the side has fewer of the piece than this (letter, count).
    pub promotion_limits: Vec<(String, u8)>,
    /// A comment at the top of the definition: where it came from.
    pub source_note: String,
}

/// A start position read from the source's FEN.
#[derive(Debug, Clone)]
pub struct Fen {
    /// In plypost's FEN.
    pub text: String,
    /// `KQkq`, a part of it, or `-`.
    pub rights: String,
    /// Every piece: file, rank (0-based), its FEN letter.
    pub cells: Vec<(u8, u8, char)>,
}

/// Reads a chess-like FEN on a `width` x `height` board; `is_piece` says which letters the
/// variant has. Missing fields take their usual values.
pub fn read_fen(
    text: &str,
    width: u8,
    height: u8,
    is_piece: impl Fn(char) -> bool,
) -> Result<Fen, Problem> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let board = fields.first().copied().unwrap_or("");
    if board.contains('[') {
        return Err(Problem::coded(
            "fen-in-hand",
            "pieces in hand ([...] in the FEN) are not part of plypost's rules",
        ));
    }
    if let Some(c) = board.chars().find(|c| matches!(c, '~' | '+' | '*')) {
        return Err(Problem::coded(
            "fen-marker",
            format!("'{c}' in the FEN (a promoted piece or a wall) is not part of plypost's rules"),
        )
        .arg("value", c));
    }
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != height as usize {
        return Err(Problem::coded(
            "fen-rank-count",
            format!("the FEN has {} ranks, the board {height}", rows.len()),
        )
        .arg("ranks", rows.len())
        .arg("height", height));
    }
    let mut cells = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let rank = height - 1 - row as u8;
        let (pieces, file) = fen_row(text);
        for (f, c) in pieces {
            if !c.is_ascii_alphabetic() || !is_piece(c) {
                return Err(Problem::coded(
                    "fen-not-a-piece",
                    format!(
                        "'{c}' on rank {} of the FEN is no piece of the variant",
                        rank + 1
                    ),
                )
                .arg("value", c)
                .arg("rank", rank + 1));
            }
            if f < 16 {
                cells.push((f as u8, rank, c));
            }
        }
        if file != width as usize {
            return Err(Problem::coded(
                "fen-rank-width",
                format!(
                    "rank {} of the FEN has {file} squares, the board {width}",
                    rank + 1
                ),
            )
            .arg("rank", rank + 1)
            .arg("squares", file)
            .arg("width", width));
        }
    }
    let numeric = |s: &&str| s.chars().all(|c| c.is_ascii_digit());
    let side = fields.get(1).copied().unwrap_or("w");
    if side != "w" && side != "b" {
        return Err(Problem::coded(
            "fen-side",
            format!("'{side}' in the FEN is no side to move (w or b)"),
        )
        .arg("value", side));
    }
    let rest: Vec<&str> = fields.iter().skip(2).copied().collect();
    let (rights, ep, clocks) = match rest.as_slice() {
        [] => ("-", "-", Vec::new()),
        [a, ..] if numeric(a) => ("-", "-", rest.clone()),
        [r] => (*r, "-", Vec::new()),
        [r, e, tail @ ..] => (*r, *e, tail.to_vec()),
    };
    if rights != "-" && !rights.chars().all(|c| "KQkq".contains(c)) {
        return Err(Problem::coded(
            "fen-rights",
            format!("castling rights '{rights}': the import reads KQkq (the outermost Rooks) or -"),
        )
        .arg("value", rights));
    }
    let half = clocks.first().copied().unwrap_or("0");
    let full = clocks.get(1).copied().unwrap_or("1");
    Ok(Fen {
        text: format!("{board} {side} {rights} {ep} {half} {full}"),
        rights: rights.to_owned(),
        cells,
    })
}

/// One rank of a FEN's placement: each piece's file and character, and the rank's width in
/// squares. A `+` (plypost's promoted form) and a `[X]` (a GraTiA Pawn's target) belong to
/// their piece; anything else but a digit takes a square.
pub(crate) fn fen_row(row: &str) -> (Vec<(usize, char)>, usize) {
    let mut pieces = Vec::new();
    let mut file = 0usize;
    let mut digits = String::new();
    let mut in_target = false;
    for c in row.chars().chain(std::iter::once('/')) {
        match c {
            '[' => in_target = true,
            ']' => in_target = false,
            _ => {}
        }
        if in_target || c == ']' || c == '+' {
            continue;
        }
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            file = file.saturating_add(digits.parse::<usize>().unwrap_or(0));
            digits.clear();
        }
        if c == '/' {
            break;
        }
        pieces.push((file, c));
        file = file.saturating_add(1);
    }
    (pieces, file)
}

/// A variant identifier from a section or page name: lower case, digits, '-'.
pub fn identifier(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "imported".to_owned()
    } else {
        out
    }
}

/// Whether every move of the piece goes forward (it could be stranded on the last rank).
pub fn only_forward(betza: &str) -> bool {
    crate::betza::compile(betza).is_ok_and(|p| {
        p.parts.iter().all(|part| match &part.shape {
            Shape::Leap { vectors } | Shape::Ride { vectors, .. } | Shape::Hop { vectors } => {
                vectors.iter().all(|v| v.dy > 0)
            }
            Shape::Bent { .. } => false,
        })
    })
}

/// The movement as a set of plain facts, so that two ways of writing one movement compare
/// equal ("leap W,F" and "leap W" + "leap F"; a move-or-capture part and its two halves).
pub(crate) fn signature(parts: &[MovePart]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for part in parts {
        let modes: &[&str] = match part.mode {
            crate::model::Mode::MoveOrCapture => &["m", "c"],
            crate::model::Mode::MoveOnly => &["m"],
            crate::model::Mode::CaptureOnly => &["c"],
        };
        let flags = format!("{}{}", part.first_move_only, part.promoting);
        for m in modes {
            match &part.shape {
                Shape::Leap { vectors } => {
                    for v in vectors {
                        out.insert(format!("L{m}{flags}{},{}", v.dx, v.dy));
                    }
                }
                Shape::Ride {
                    vectors,
                    min,
                    max,
                    odd_only,
                } => {
                    for v in vectors {
                        if *min == 1 && *max == Some(1) {
                            out.insert(format!("L{m}{flags}{},{}", v.dx, v.dy));
                        } else {
                            out.insert(format!(
                                "R{m}{flags}{},{}:{min}:{max:?}:{odd_only}",
                                v.dx, v.dy
                            ));
                        }
                    }
                }
                Shape::Hop { vectors } => {
                    for v in vectors {
                        out.insert(format!("H{m}{flags}{},{}", v.dx, v.dy));
                    }
                }
                Shape::Bent { legs, may_stop } => {
                    for leg in legs {
                        let mut slides: Vec<(i8, i8)> =
                            leg.slides.iter().map(|v| (v.dx, v.dy)).collect();
                        slides.sort_unstable();
                        out.insert(format!(
                            "B{m}{flags}{},{}:{slides:?}{may_stop}",
                            leg.first.dx, leg.first.dy
                        ));
                    }
                }
            }
        }
    }
    out
}

/// Whether the piece has a move of several squares to an empty square that is not a first
/// move (plypost's e.p. rights follow every such move of a piece that creates them).
pub fn has_free_multi_step(betza: &str) -> bool {
    crate::betza::compile(betza).is_ok_and(|p| {
        p.parts.iter().any(|part| {
            !part.first_move_only
                && part.mode.can_move()
                && matches!(part.shape, Shape::Ride { max, .. } if max != Some(1))
        })
    })
}

/// The longest first move (in squares) of a piece, 0 when it has none.
pub fn longest_first_move(betza: &str) -> u8 {
    crate::betza::compile(betza).map_or(0, |p| {
        p.parts
            .iter()
            .filter(|part| part.first_move_only)
            .map(|part| match part.shape {
                Shape::Ride { max, .. } => max.unwrap_or(1),
                _ => 1,
            })
            .max()
            .unwrap_or(0)
    })
}

/// Whether the movement is the same seen in a mirror held beside the board.
pub fn left_right_symmetric(betza: &str) -> bool {
    crate::betza::compile(betza).map_or(true, |piece| parts_left_right_symmetric(&piece.parts))
}

/// `left_right_symmetric` of compiled parts.
pub fn parts_left_right_symmetric(parts: &[MovePart]) -> bool {
    let mirrored: Vec<MovePart> = parts
        .iter()
        .map(|part| {
            let mut part = part.clone();
            let flip = |v: &mut crate::model::Vector| v.dx = -v.dx;
            match &mut part.shape {
                Shape::Leap { vectors } | Shape::Ride { vectors, .. } | Shape::Hop { vectors } => {
                    vectors.iter_mut().for_each(flip)
                }
                Shape::Bent { legs, .. } => {
                    for leg in legs {
                        flip(&mut leg.first);
                        leg.slides.iter_mut().for_each(flip);
                    }
                }
            }
            part
        })
        .collect();
    signature(parts) == signature(&mirrored)
}

/// The built-in piece that moves as `betza` does (not a royal one): its name, image and
/// description.
fn builtin_twin(betza: &str) -> Option<(String, String, String)> {
    let wanted = signature(&crate::betza::compile(betza).ok()?.parts);
    for name in Variant::builtin_names() {
        let Ok(variant) = Variant::builtin(name) else {
            continue;
        };
        for piece in variant.pieces() {
            if !piece.is_royal && signature(&piece.moves) == wanted {
                return Some((
                    piece.name.clone(),
                    piece.image.clone(),
                    piece.description.clone(),
                ));
            }
        }
    }
    None
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

impl Spec {
    /// Fills in names and images, writes the definition and loads it; the warnings travel
    /// with the result.
    pub fn finish(mut self, warnings: Vec<Problem>) -> Result<Imported, Vec<Problem>> {
        for piece in &mut self.pieces {
            let twin = builtin_twin(&piece.betza);
            if let Some((name, image, description)) = &twin {
                if piece.name.is_empty() {
                    piece.name = name.clone();
                }
                if piece.image.is_empty() {
                    piece.image = image.clone();
                }
                if piece.description.is_empty() {
                    piece.description = description.clone();
                }
            }
            if piece.name.is_empty() {
                piece.name = format!("Piece {}", piece.letter);
            }
            if piece.image.is_empty() {
                // No drawing of its own: the generic disc shows this letter.
                piece.image = piece.letter.to_ascii_lowercase();
            }
            if piece.description.is_empty() {
                piece.description = format!("moves as {} (XBetza)", piece.betza);
            }
        }
        let text = self.to_toml();
        match Variant::from_toml(&text) {
            Ok(_) => Ok(Imported {
                definition: text,
                warnings,
            }),
            Err(errors) => Err(errors
                .into_iter()
                .map(|e| {
                    // Not expected: the import writes only what plypost reads. The detail
                    // stays in English, as a bug report would quote it.
                    Problem::coded(
                        "does-not-load",
                        format!("the imported rules do not load in plypost: {}", e.problem),
                    )
                    .arg("detail", e.problem.to_string())
                })
                .collect()),
        }
    }

    /// The definition text.
    pub fn to_toml(&self) -> String {
        let mut t = String::new();
        for line in self.source_note.lines() {
            let _ = writeln!(t, "# {line}");
        }
        let _ = writeln!(t, "name = {}", quoted(&self.name));
        let _ = writeln!(t, "display_name = {}", quoted(&self.display_name));
        let _ = writeln!(t, "width = {}", self.width);
        let _ = writeln!(t, "height = {}", self.height);
        let _ = writeln!(t, "start_fen = {}", quoted(&self.start_fen));
        if self.black_rotated && self.pieces.iter().any(|p| !left_right_symmetric(&p.betza)) {
            let _ = writeln!(t, "symmetry = \"rotate\"");
        }
        if let Some(c) = &self.castling {
            let _ = writeln!(t, "\n[castling]\nking_distance = {}", c.king_distance);
            if c.queenside_king_distance != c.king_distance {
                let _ = writeln!(t, "queenside_king_distance = {}", c.queenside_king_distance);
            }
            let _ = writeln!(t, "rook = {}", quoted(&c.rook));
        }
        if self.pieces.iter().any(|p| !p.promotes_to.is_empty()) {
            let _ = writeln!(
                t,
                "\n[promotion]\nzone = {}\noptional = {}",
                self.promotion_zone, self.promotion_optional
            );
            if !self.promotion_limits.is_empty() {
                let list: Vec<String> = self
                    .promotion_limits
                    .iter()
                    .map(|(l, n)| format!("{l} = {n}"))
                    .collect();
                let _ = writeln!(t, "limits = {{ {} }}", list.join(", "));
            }
        }
        let _ = writeln!(
            t,
            "\n[draw]\nmove_count_limit = {}\nrepetition = {}",
            self.move_count_limit, self.repetition
        );
        if self.stalemate != StalemateRule::Draw || self.bare_king {
            let stalemate = match self.stalemate {
                StalemateRule::Draw => "draw",
                StalemateRule::Loss => "loss",
                StalemateRule::Win => "win",
            };
            let _ = writeln!(
                t,
                "\n[end]\nstalemate = {}\nbare_king = {}",
                quoted(stalemate),
                self.bare_king
            );
        }
        for p in &self.pieces {
            let _ = writeln!(t, "\n[[piece]]");
            let _ = writeln!(t, "name = {}", quoted(&p.name));
            let _ = writeln!(t, "letter = {}", quoted(&p.letter));
            let _ = writeln!(t, "image = {}", quoted(&p.image));
            let _ = writeln!(t, "description = {}", quoted(&p.description));
            if p.royal {
                let _ = writeln!(t, "royal = true");
            }
            let _ = writeln!(t, "betza = {}", quoted(&p.betza));
            if !p.promotes_to.is_empty() || p.promotes_to_black.is_some() {
                let list: Vec<String> = p.promotes_to.iter().map(|l| quoted(l)).collect();
                let _ = writeln!(t, "promotes_to = [{}]", list.join(", "));
            }
            if let Some(black) = &p.promotes_to_black {
                let list: Vec<String> = black.iter().map(|l| quoted(l)).collect();
                let _ = writeln!(t, "promotes_to_black = [{}]", list.join(", "));
            }
            for (key, on) in [
                ("must_promote_on_last_rank", p.must_promote_on_last_rank),
                ("creates_en_passant", p.creates_en_passant),
                ("captures_en_passant", p.captures_en_passant),
                ("resets_move_clock", p.resets_move_clock),
            ] {
                if on {
                    let _ = writeln!(t, "{key} = true");
                }
            }
        }
        t
    }
}
