//! Move text in and out (VARIANTS.md section 1), and explanations of illegal moves.

use crate::position::{cell_kind, Move, Position};
use crate::square::{parse_square_prefix, Color, Square};
use crate::tables::GenShape;
use crate::variant::KindId;

/// Why a move is illegal, in player words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("{0} is not on the board")]
    OffBoard(Square),
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    #[error("you cannot capture your own piece on {0}")]
    OwnPiece(Square),
    #[error("a {piece} cannot move from {from} to {to}")]
    CannotReach {
        piece: String,
        from: Square,
        to: Square,
    },
    #[error("the way of the {piece} from {from} to {to} is blocked")]
    Blocked {
        piece: String,
        from: Square,
        to: Square,
    },
    #[error("a {piece} captures only over exactly one piece")]
    HopNeedsOneScreen { piece: String },
    #[error("a {piece} goes to {to} only to capture")]
    CaptureOnly { piece: String, to: Square },
    #[error("a {piece} cannot capture on {to} that way")]
    MoveOnly { piece: String, to: Square },
    #[error("that move leaves your King in check")]
    LeavesKingInCheck,
    #[error("the King's jump passes over an attacked square")]
    JumpThroughCheck,
    #[error("the King cannot jump while in check")]
    JumpInCheck,
    #[error("the King's jump never captures")]
    JumpNeverCaptures,
    #[error("the King has already lost its jump")]
    NoJumpRight,
    #[error("castling needs every square between King and Rook empty, and {0} is not")]
    CastlingBlocked(Square),
    #[error("you cannot castle out of check")]
    CastlingInCheck,
    #[error("the King cannot castle over the attacked square {0}")]
    CastlingThroughCheck(Square),
    #[error("the right to castle on that side is lost")]
    NoCastlingRight,
    #[error("the {piece} must promote on the last rank")]
    MustPromote { piece: String },
    #[error("the {piece} cannot promote to {target} on this move")]
    BadPromotion { piece: String, target: String },
    #[error("this move does not promote")]
    DoesNotPromote,
    #[error("the game is over")]
    GameOver,
}

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("syntax error at character {at}: expected {expected}")]
    Syntax { at: usize, expected: &'static str },
    #[error("unknown piece letter '{0}'")]
    UnknownPiece(String),
    #[error("the piece on {square} is a {found}, not a {given}")]
    WrongPiece {
        square: Square,
        found: String,
        given: String,
    },
    #[error("ambiguous: choose promotion {0}")]
    Ambiguous(String),
    /// Standard notation that names more than one legal move.
    #[error("{text}: the {pieces} can {} go there; write {choices}", if *.count == 2 { "both" } else { "all" })]
    AmbiguousSan {
        text: String,
        count: usize,
        /// "Knights on b1 and f3".
        pieces: String,
        /// "Nbd2 or Nfd2".
        choices: String,
    },
    /// Standard notation that names no legal move.
    #[error("{0}: no legal move is written that way")]
    NoSuchMove(String),
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
}

struct Parsed {
    piece: Option<String>,
    from: Square,
    to: Square,
    promotion: Option<String>,
}

fn syntax(at: usize, expected: &'static str) -> MoveError {
    MoveError::Syntax {
        at: at + 1,
        expected,
    }
}

/// Reads an optional piece token (`+R`, `Q`, `q`) at `i`; `upper_only`: only upper case.
fn read_token(bytes: &[u8], i: usize, upper_only: bool) -> Option<(String, usize)> {
    let plus = bytes.get(i) == Some(&b'+');
    let at = if plus { i + 1 } else { i };
    let l = *bytes.get(at)?;
    let ok = if upper_only {
        l.is_ascii_uppercase()
    } else {
        l.is_ascii_alphabetic()
    };
    if !ok {
        return None;
    }
    let token = format!(
        "{}{}",
        if plus { "+" } else { "" },
        l.to_ascii_uppercase() as char
    );
    Some((token, at + 1 - i))
}

fn parse_text(text: &str) -> Result<Parsed, MoveError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut piece = None;
    if let Some((token, used)) = read_token(bytes, 0, true) {
        piece = Some(token);
        i += used;
    }
    let (from, used) =
        parse_square_prefix(&bytes[i..]).ok_or_else(|| syntax(i, "a square like h2"))?;
    i += used;
    if matches!(bytes.get(i), Some(b'-' | b'x' | b':')) {
        i += 1;
    }
    let (to, used) = parse_square_prefix(&bytes[i..])
        .ok_or_else(|| syntax(i, "the destination square, like j3"))?;
    i += used;
    let mut promotion = None;
    if bytes.get(i) == Some(&b'=') {
        let (token, used) = read_token(bytes, i + 1, false)
            .ok_or_else(|| syntax(i + 1, "a piece letter after '='"))?;
        promotion = Some(token);
        i += 1 + used;
    } else if let Some((token, used)) = read_token(bytes, i, false) {
        promotion = Some(token);
        i += used;
    }
    while i < bytes.len() {
        if matches!(bytes[i], b'+' | b'#' | b'!' | b'?') {
            i += 1;
        } else {
            return Err(syntax(i, "the end of the move"));
        }
    }
    Ok(Parsed {
        piece,
        from,
        to,
        promotion,
    })
}

impl Position {
    /// Canonical long algebraic text: piece letter, from, `-` or `x`, to, `=` promotion.
    pub fn move_text(&self, mv: &Move) -> String {
        let letter = self
            .piece_at(mv.from)
            .map(|p| p.kind.letter.clone())
            .unwrap_or_default();
        let capture = self.board[mv.to.index()] != 0 || mv.is_en_passant();
        let mut out = format!(
            "{letter}{}{}{}",
            mv.from,
            if capture { 'x' } else { '-' },
            mv.to
        );
        if let Some(p) = mv.promotion {
            out.push('=');
            out.push_str(&self.variant.kind(p).letter);
        }
        out
    }

    /// Standard algebraic notation: the piece letter (none for a Pawn), the origin's file,
    /// rank or square only when another piece of the same kind could go to the same square,
    /// `x` for a capture, the destination, `=X` for a promotion, and `+` or `#`. Castling is
    /// `O-O` or `O-O-O`; the King's jump is written as a plain King move.
    pub fn move_san(&self, mv: &Move) -> String {
        let Some(piece) = self.piece_at(mv.from) else {
            return self.move_text(mv);
        };
        let mut out = if let crate::position::Special::Castle { rook_from, .. } = mv.special {
            if rook_from.file() > mv.from.file() {
                "O-O".to_owned()
            } else {
                "O-O-O".to_owned()
            }
        } else {
            let kind = piece.kind.id;
            let is_pawn = piece.kind.letter == "P";
            let capture = self.board[mv.to.index()] != 0 || mv.is_en_passant();
            let rivals: Vec<Square> = self
                .legal_moves()
                .into_iter()
                .filter(|other| other.to == mv.to && other.from != mv.from)
                .filter(|other| self.piece_at(other.from).is_some_and(|p| p.kind.id == kind))
                .map(|other| other.from)
                .collect();
            let origin = if rivals.is_empty() {
                if is_pawn && capture {
                    mv.from.file_char().to_string()
                } else {
                    String::new()
                }
            } else if rivals.iter().all(|r| r.file() != mv.from.file()) {
                mv.from.file_char().to_string()
            } else if !is_pawn && rivals.iter().all(|r| r.rank() != mv.from.rank()) {
                (mv.from.rank() + 1).to_string()
            } else {
                mv.from.to_string()
            };
            let mut text = if is_pawn {
                origin
            } else {
                format!("{}{origin}", piece.kind.letter)
            };
            if capture {
                text.push('x');
            }
            text.push_str(&mv.to.to_string());
            if let Some(p) = mv.promotion {
                text.push('=');
                text.push_str(&self.variant.kind(p).letter);
            }
            text
        };
        let after = self.play_unchecked(mv);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    /// Reads standard algebraic notation (`Nf3`, `exd5`, `Gj14`, `e8=Q`; `x` and `=` may be
    /// left out) by matching it against the SAN of the legal moves to a square it names.
    /// `None` when the text names no square a legal move goes to.
    fn parse_san(&self, text: &str) -> Option<Result<Move, MoveError>> {
        if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '=') {
            return None;
        }
        let squeeze = |t: &str| t.replace(['x', '=', '+', '#'], "");
        let wanted = squeeze(text);
        let moves: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| text.contains(&m.to.to_string()))
            .collect();
        if moves.is_empty() {
            // Shaped like SAN (a square at the end, perhaps a promotion after it): say so.
            let end = text.trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '=');
            let names_square = end.ends_with(|c: char| c.is_ascii_digit())
                && end.contains(|c: char| c.is_ascii_lowercase());
            return names_square.then(|| Err(MoveError::NoSuchMove(text.to_owned())));
        }
        let written: Vec<(Move, String)> = moves.iter().map(|m| (*m, self.move_san(m))).collect();
        if let Some((mv, _)) = written.iter().find(|(_, san)| squeeze(san) == wanted) {
            return Some(Ok(*mv));
        }
        // Too little disambiguation: the same piece letter, destination and promotion.
        let loose = |m: &Move| {
            let letter = self
                .piece_at(m.from)
                .map(|p| p.kind.letter.clone())
                .filter(|l| l != "P")
                .unwrap_or_default();
            let promotion = m
                .promotion
                .map(|p| self.variant.kind(p).letter.clone())
                .unwrap_or_default();
            format!("{letter}{}{promotion}", m.to)
        };
        let matching: Vec<&(Move, String)> =
            written.iter().filter(|(m, _)| loose(m) == wanted).collect();
        if matching.len() > 1 {
            let name = self
                .piece_at(matching[0].0.from)
                .map(|p| p.kind.name.clone())
                .unwrap_or_default();
            let squares: Vec<String> = matching.iter().map(|(m, _)| m.from.to_string()).collect();
            let choices: Vec<String> = matching
                .iter()
                .map(|(_, san)| san.trim_end_matches(['+', '#']).to_owned())
                .collect();
            return Some(Err(MoveError::AmbiguousSan {
                text: text.to_owned(),
                count: matching.len(),
                pieces: format!("{name}s on {}", join_words(&squares, "and")),
                choices: join_words(&choices, "or"),
            }));
        }
        Some(Err(MoveError::NoSuchMove(text.to_owned())))
    }

    /// Compact text: from, to, lower-case promotion token (`d15d16q`, `e9e10+p`).
    pub fn move_compact(&self, mv: &Move) -> String {
        let mut out = format!("{}{}", mv.from, mv.to);
        if let Some(p) = mv.promotion {
            out.push_str(&self.variant.kind(p).letter.to_ascii_lowercase());
        }
        out
    }

    /// Reads a move in long algebraic or compact form and matches it against the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let bare = text.trim_end_matches(['+', '#', '!', '?']);
        if matches!(bare, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let wing = usize::from(bare.len() > 3);
            let king = self
                .king_square(self.side)
                .ok_or(MoveError::Illegal(IllegalMove::NoCastlingRight))?;
            let mv = self
                .castling_move(king, wing)
                .ok_or(MoveError::Illegal(IllegalMove::NoCastlingRight))?;
            return self.play(&mv).map(|_| mv).map_err(MoveError::Illegal);
        }
        if text.is_empty() {
            return Err(syntax(0, "a move like h2-j3"));
        }
        let parsed = match parse_text(text) {
            Ok(parsed) => parsed,
            Err(syntax_error) => {
                return self.parse_san(bare).unwrap_or(Err(syntax_error));
            }
        };
        if let Some(letter) = &parsed.piece {
            let Some(kind) = self.variant.kind_by_letter(letter) else {
                return Err(MoveError::UnknownPiece(letter.clone()));
            };
            if let Some(found) = self.piece_at(parsed.from) {
                if found.kind.id != kind.id && found.color == self.side {
                    return Err(MoveError::WrongPiece {
                        square: parsed.from,
                        found: found.kind.name.clone(),
                        given: kind.name.clone(),
                    });
                }
            }
        }
        let promotion = match &parsed.promotion {
            Some(token) => Some(
                self.variant
                    .kind_by_letter(token)
                    .map(|k| k.id)
                    .ok_or_else(|| MoveError::UnknownPiece(token.clone()))?,
            ),
            None => None,
        };
        let candidates: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == parsed.from && m.to == parsed.to)
            .collect();
        if let Some(p) = promotion {
            return candidates
                .iter()
                .find(|m| m.promotion == Some(p))
                .copied()
                .ok_or_else(|| {
                    MoveError::Illegal(self.explain_illegal(parsed.from, parsed.to, Some(p), false))
                });
        }
        if let Some(m) = candidates.iter().find(|m| m.promotion.is_none()) {
            return Ok(*m);
        }
        match candidates.len() {
            0 => Err(MoveError::Illegal(self.explain_illegal(
                parsed.from,
                parsed.to,
                None,
                false,
            ))),
            1 => Ok(candidates[0]),
            _ => {
                let choices: Vec<String> = candidates
                    .iter()
                    .filter_map(|m| m.promotion)
                    .map(|p| format!("={}", self.variant.kind(p).letter))
                    .collect();
                Err(MoveError::Ambiguous(choices.join(" or ")))
            }
        }
    }

    /// Pseudo-legal moves of the piece on `from` (no jump, no castling).
    fn piece_moves(&self, from: Square) -> Vec<Move> {
        let mut all = Vec::new();
        self.pseudo_moves(&mut all, true);
        all.retain(|m| m.from == from);
        all
    }

    /// Says why moving `from`-`to` (with `promotion`) is not legal here.
    pub(crate) fn explain_illegal(
        &self,
        from: Square,
        to: Square,
        promotion: Option<KindId>,
        exact: bool,
    ) -> IllegalMove {
        for sq in [from, to] {
            if !self.variant.contains(sq) {
                return IllegalMove::OffBoard(sq);
            }
        }
        let Some(piece) = self.piece_at(from) else {
            return IllegalMove::NoPiece(from);
        };
        if piece.color != self.side {
            return IllegalMove::NotYourPiece(from);
        }
        let name = piece.kind.name.clone();
        let legal: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if !legal.is_empty() {
            return self.promotion_problem(&legal, promotion, exact, name);
        }
        let target = self.piece_at(to).map(|t| t.color);
        if piece.kind.is_royal {
            if let Some(problem) = self.royal_move_problem(from, to, target) {
                return problem;
            }
        }
        if self.piece_moves(from).iter().any(|m| m.to == to) {
            return IllegalMove::LeavesKingInCheck;
        }
        if target == Some(self.side) {
            return IllegalMove::OwnPiece(to);
        }
        if target.is_some() && self.on_hop_line(from, to) {
            return IllegalMove::HopNeedsOneScreen { piece: name };
        }
        self.geometry_problem(from, to, piece.kind.id, target.is_some(), name)
    }

    /// The square pair has legal moves (`legal`), but not with this `promotion`.
    fn promotion_problem(
        &self,
        legal: &[Move],
        promotion: Option<KindId>,
        exact: bool,
        piece: String,
    ) -> IllegalMove {
        match promotion {
            Some(_) if legal.iter().all(|m| m.promotion.is_none()) => IllegalMove::DoesNotPromote,
            Some(p) => IllegalMove::BadPromotion {
                piece,
                target: self.variant.kind(p).name.clone(),
            },
            None if exact || legal.iter().all(|m| m.promotion.is_some()) => {
                IllegalMove::MustPromote { piece }
            }
            None => IllegalMove::LeavesKingInCheck,
        }
    }

    /// The royal piece's castling and jump: why one of them fails, if the move is one
    /// (`target`: the colour of the piece on `to`).
    fn royal_move_problem(
        &self,
        from: Square,
        to: Square,
        target: Option<Color>,
    ) -> Option<IllegalMove> {
        let v = &self.variant;
        let dx = to.file() as i32 - from.file() as i32;
        let dy = to.rank() as i32 - from.rank() as i32;
        if let Some(castling) = v.castling() {
            let wing = usize::from(dx < 0);
            let distance = if wing == 0 {
                castling.king_distance
            } else {
                castling.queenside_king_distance
            };
            if dy == 0 && dx.unsigned_abs() == distance as u32 {
                return Some(match self.castling_move(from, wing) {
                    None => IllegalMove::NoCastlingRight,
                    Some(mv) => self
                        .castling_problem(&mv)
                        .unwrap_or(IllegalMove::LeavesKingInCheck),
                });
            }
        }
        let is_jump = dx.abs().max(dy.abs()) == 2;
        if !(v.has_king_jump() && is_jump) {
            return None;
        }
        Some(if !self.has_jump_right(self.side) {
            IllegalMove::NoJumpRight
        } else if target == Some(self.side) {
            IllegalMove::OwnPiece(to)
        } else if target.is_some() {
            IllegalMove::JumpNeverCaptures
        } else if self.is_check() {
            IllegalMove::JumpInCheck
        } else {
            let mut jumps = Vec::new();
            self.pseudo_moves(&mut jumps, false);
            if jumps.iter().any(|m| m.from == from && m.to == to) {
                IllegalMove::LeavesKingInCheck
            } else {
                IllegalMove::JumpThroughCheck
            }
        })
    }

    /// Whether `to` lies on a capturing hop line of the piece on `from` (so a capture there
    /// failed for the number of screens).
    fn on_hop_line(&self, from: Square, to: Square) -> bool {
        let v = &self.variant;
        let cell = self.board[from.index()];
        let gens = &v.0.tables.gens[self.side.index()];
        let kind_gens = gens.get(cell_kind(cell)).map(Vec::as_slice).unwrap_or(&[]);
        kind_gens
            .iter()
            .filter(|g| matches!(g.shape, GenShape::Hop) && g.can_capture)
            .any(|g| {
                let mut sq = from;
                while let Some(next) = sq.offset(g.dx as i32, g.dy as i32, v.width(), v.height()) {
                    sq = next;
                    if sq == to {
                        return true;
                    }
                }
                false
            })
    }

    /// The piece (`kind`, named `piece`) cannot go `from`-`to` here: blocked, the wrong
    /// occupancy of `to` (`capture`: an enemy stands there), or not its move at all.
    fn geometry_problem(
        &self,
        from: Square,
        to: Square,
        kind: KindId,
        capture: bool,
        piece: String,
    ) -> IllegalMove {
        // Would the piece reach `to` on an otherwise empty board?
        let mut lone = self.clone();
        lone.ep = None;
        for index in 0..256 {
            if index != from.index() && index != to.index() {
                lone.board[index] = 0;
            }
        }
        if lone.piece_moves(from).iter().any(|m| m.to == to) {
            return IllegalMove::Blocked { piece, from, to };
        }
        // Try the other occupancy of `to`: empty, or an enemy piece.
        lone.board[to.index()] = if capture {
            0
        } else {
            crate::position::make_cell(self.side.opposite(), kind, None)
        };
        if lone.piece_moves(from).iter().any(|m| m.to == to) {
            return if capture {
                IllegalMove::MoveOnly { piece, to }
            } else {
                IllegalMove::CaptureOnly { piece, to }
            };
        }
        IllegalMove::CannotReach { piece, from, to }
    }
}

/// "a, b and c".
fn join_words(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}
