//! Positions: board state, FEN, move generation, legality and playing moves.

use crate::square::{Color, Square};
use crate::tables::{
    line_index, set_contains, step, BentAttack, Gen, GenShape, HopAttack, LeapSet, RayAttack,
    Tables, OFF,
};
use crate::variant::{KindId, PieceKind, Variant};
use std::fmt;

/// Cell encoding: 0 = empty; else bit 7 set, bit 6 = Black, bits 0..5 = kind,
/// bits 8.. = promotion target + 1 (pieces that promote by their start file).
pub(crate) type Cell = u16;
const OCCUPIED: Cell = 0x80;
const BLACK_BIT: Cell = 0x40;

pub(crate) fn make_cell(color: Color, kind: KindId, target: Option<KindId>) -> Cell {
    let mut c = OCCUPIED | kind.0 as Cell;
    if color == Color::Black {
        c |= BLACK_BIT;
    }
    if let Some(t) = target {
        c |= (t.0 as Cell + 1) << 8;
    }
    c
}

#[inline]
pub(crate) fn cell_kind(c: Cell) -> usize {
    (c & 0x3f) as usize
}

#[inline]
pub(crate) fn cell_color(c: Cell) -> Color {
    if c & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
fn cell_is(c: Cell, color: Color) -> bool {
    c != 0 && ((c & BLACK_BIT != 0) == (color == Color::Black))
}

pub(crate) fn cell_target(c: Cell) -> Option<KindId> {
    let t = c >> 8;
    if t == 0 {
        None
    } else {
        Some(KindId((t - 1) as u8))
    }
}

/// A piece on the board, with its kind's description.
#[derive(Clone, Copy, Debug)]
pub struct Piece<'v> {
    pub color: Color,
    pub kind: &'v PieceKind,
    /// For pieces that promote by their start file (GraTiA Pawns): what it will become.
    pub promotion_target: Option<&'v PieceKind>,
}

impl Piece<'_> {
    /// The kind's token in this colour: `R`, `r`, `+R` (a Pawn's `[X]` target is not included).
    pub fn token(&self) -> String {
        self.kind.token(self.color)
    }
    pub fn name(&self) -> &str {
        &self.kind.name
    }
    pub fn image(&self) -> &str {
        &self.kind.image
    }
    pub fn is_promoted(&self) -> bool {
        self.kind.is_promoted
    }
}

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    None,
    /// A multi-square step that gives the opponent an e.p. right.
    MultiStep,
    /// An e.p. capture: the captured piece stands on `victim`.
    EnPassant {
        victim: Square,
    },
    /// Castling: the King moves from `from` to `to`, the Rook from `rook_from` to `rook_to`.
    Castle {
        rook_from: Square,
        rook_to: Square,
    },
    /// The King's first-move jump.
    KingJump,
}

/// A move. Obtain moves from `Position::legal_moves` or `Position::parse_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) promotion: Option<KindId>,
    pub(crate) special: Special,
}

impl Move {
    pub fn from(&self) -> Square {
        self.from
    }
    pub fn to(&self) -> Square {
        self.to
    }
    /// The kind the moving piece becomes, if the move promotes.
    pub fn promotion(&self) -> Option<KindId> {
        self.promotion
    }
    pub fn special(&self) -> Special {
        self.special
    }
    pub fn is_castle(&self) -> bool {
        matches!(self.special, Special::Castle { .. })
    }
    pub fn is_en_passant(&self) -> bool {
        matches!(self.special, Special::EnPassant { .. })
    }
    pub fn is_king_jump(&self) -> bool {
        self.special == Special::KingJump
    }
}

/// Most squares an e.p. right can cover.
const MAX_EP_SQUARES: usize = 5;

/// The e.p. right left by the last move: the squares passed over and the piece to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EnPassant {
    pub victim: Square,
    pub passed: [Square; MAX_EP_SQUARES],
    pub count: u8,
}

impl EnPassant {
    pub fn squares(&self) -> &[Square] {
        &self.passed[..self.count as usize]
    }
    fn contains(&self, sq: Square) -> bool {
        self.squares().contains(&sq)
    }
}

/// A complete game state.
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: [Cell; 256],
    pub(crate) side: Color,
    /// King's first-move jump rights per colour.
    pub(crate) jump_rights: [bool; 2],
    /// Castling rights per colour: [last-file wing (`K`), a-file wing (`Q`)].
    pub(crate) castling: [[bool; 2]; 2],
    pub(crate) ep: Option<EnPassant>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) kings: [Option<Square>; 2],
    /// Zobrist hash of the placement only (state is mixed in by `hash()`).
    pub(crate) board_hash: u64,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.board[..] == other.board[..]
            && self.side == other.side
            && self.jump_rights == other.jump_rights
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline]
fn cell_key(cell: Cell, index: usize) -> u64 {
    splitmix(((cell as u64) << 8) | index as u64)
}

/// The King's jump destinations with the squares they pass over (8.1).
type Jump = (i8, i8, [(i8, i8); 2], usize);

const JUMPS: [Jump; 16] = [
    (2, 0, [(1, 0), (0, 0)], 1),
    (-2, 0, [(-1, 0), (0, 0)], 1),
    (0, 2, [(0, 1), (0, 0)], 1),
    (0, -2, [(0, -1), (0, 0)], 1),
    (2, 2, [(1, 1), (0, 0)], 1),
    (2, -2, [(1, -1), (0, 0)], 1),
    (-2, 2, [(-1, 1), (0, 0)], 1),
    (-2, -2, [(-1, -1), (0, 0)], 1),
    (2, 1, [(1, 0), (1, 1)], 2),
    (2, -1, [(1, 0), (1, -1)], 2),
    (-2, 1, [(-1, 0), (-1, 1)], 2),
    (-2, -1, [(-1, 0), (-1, -1)], 2),
    (1, 2, [(0, 1), (1, 1)], 2),
    (-1, 2, [(0, 1), (-1, 1)], 2),
    (1, -2, [(0, -1), (1, -1)], 2),
    (-1, -2, [(0, -1), (-1, -1)], 2),
];

/// Why a position that reads cannot start a game (a preset's setup).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("{color} has no {royal}, and the variant gives each side one")]
    NoRoyal { color: Color, royal: String },
    #[error("the {color} {piece} on {square} stands where it must promote")]
    MustPromote {
        color: Color,
        piece: String,
        square: Square,
    },
}

/// What a FEN's board field should have had where it had something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenExpected {
    #[error("'+' must be followed by a piece letter")]
    LetterAfterPlus,
    #[error("a piece letter, a digit or '/'")]
    PieceDigitOrSlash,
    #[error("an empty-square count is 1 to 16")]
    EmptyCount,
    #[error("'[' must be closed by ']'")]
    ClosingBracket,
    #[error("a [target] follows only a piece that promotes by its start file")]
    TargetNotAllowed,
}

/// The letters a variant allows in a FEN's rights field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RightsAllowed {
    #[error("K and k (King's jump) or -")]
    KingJump,
    #[error("K Q k q (castling) or -")]
    Castling,
    #[error("only -")]
    None,
}

/// What is wrong with a FEN's en-passant field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EpProblem {
    /// `at` is 1-based in the field.
    #[error("no square at character {at}")]
    NoSquareAt { at: usize },
    #[error("at most {max} squares")]
    TooMany { max: usize },
    #[error("no square")]
    NoSquare,
    #[error("{0} is off the board")]
    OffBoard(Square),
    #[error("{0} is not empty")]
    NotEmpty(Square),
    #[error("the squares must follow each other on one file")]
    NotOnOneFile,
    #[error("no {mover} piece stands just beyond {last}")]
    NoVictim { mover: Color, last: Square },
}

/// Why a FEN could not be read. Character positions are 1-based in the whole FEN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("the FEN has {found} ranks, the board has {expected}")]
    RankCount { found: usize, expected: u8 },
    #[error("rank {rank} of the FEN has {found} squares, the board has {expected}")]
    RankWidth {
        rank: u8,
        found: usize,
        expected: u8,
    },
    #[error("unknown piece letter '{letter}' at character {at}")]
    UnknownPiece { letter: String, at: usize },
    #[error("unexpected '{found}' at character {at}: {expected}")]
    Unexpected {
        found: char,
        at: usize,
        expected: FenExpected,
    },
    #[error("the side to move must be 'w' or 'b', not '{0}'")]
    Side(String),
    #[error("unknown special right '{found}' at character {at} (this variant allows {allowed})")]
    Right {
        found: char,
        at: usize,
        allowed: RightsAllowed,
    },
    #[error("bad e.p. field '{field}': {problem}")]
    EnPassant { field: String, problem: EpProblem },
    #[error("the half-move clock '{0}' is not a number")]
    Halfmove(String),
    #[error("the move number '{0}' is not a positive number")]
    Fullmove(String),
    #[error("unexpected text '{0}' after the move number")]
    Trailing(String),
    #[error("{0} has more than one royal piece")]
    TooManyKings(Color),
    #[error("the side not to move ({0}) is in check")]
    OpponentInCheck(Color),
}

/// What every move of one generator shares: the moving piece, its square, the generator.
struct Mover<'a> {
    from: Square,
    cell: Cell,
    g: &'a Gen,
    them: Color,
}

impl Mover<'_> {
    /// Adds the move to `to`, with its promotions.
    #[inline(always)]
    fn push(&self, pos: &Position, out: &mut Vec<Move>, to: Square, special: Special) {
        pos.push_with_promotions(out, self.from, to, self.cell, self.g.promoting, special);
    }
}

/// A FEN split into its fields (byte offset and text where an error needs the place);
/// nothing read yet.
struct FenFields<'a> {
    placement: (usize, &'a str),
    side: Option<&'a str>,
    rights: Option<(usize, &'a str)>,
    ep: Option<&'a str>,
    halfmove: Option<&'a str>,
    fullmove: Option<&'a str>,
    /// A seventh field: an error, reported after the clocks'.
    extra: Option<&'a str>,
}

impl<'a> FenFields<'a> {
    fn split(fen: &'a str) -> Result<FenFields<'a>, FenError> {
        let fields = fields_with_offsets(fen);
        let field = |i: usize| fields.get(i).copied();
        let text = |i: usize| field(i).map(|(_, t)| t);
        Ok(FenFields {
            placement: field(0).ok_or(FenError::Empty)?,
            side: text(1),
            rights: field(2),
            ep: text(3),
            halfmove: text(4),
            fullmove: text(5),
            extra: text(6),
        })
    }
}

/// An empty-square count at `bytes[i]` (a digit): its value and its length (one or two
/// digits).
#[inline]
fn empty_count(bytes: &[u8], i: usize) -> (usize, usize) {
    let mut n = usize::from(bytes[i] - b'0');
    match bytes.get(i + 1) {
        Some(&d) if d.is_ascii_digit() => {
            n = n * 10 + usize::from(d - b'0');
            (n, 2)
        }
        _ => (n, 1),
    }
}

/// A piece of the placement: `+`?, a letter, `[target]`?
struct PieceToken<'v> {
    color: Color,
    kind: &'v PieceKind,
    target: Option<KindId>,
    /// The byte of `text` after the token.
    end: usize,
}

/// The piece token at byte `i` of the rank `text`, which starts at byte `byte` of `fen`.
fn read_piece_token<'v>(
    variant: &'v Variant,
    fen: &str,
    byte: usize,
    text: &str,
    i: usize,
) -> Result<PieceToken<'v>, FenError> {
    let bytes = text.as_bytes();
    let at = char_number(fen, byte + i);
    let promoted = bytes.get(i) == Some(&b'+');
    let letter_index = if promoted { i + 1 } else { i };
    let Some(&l) = bytes.get(letter_index) else {
        return Err(FenError::Unexpected {
            found: '+',
            at,
            expected: FenExpected::LetterAfterPlus,
        });
    };
    if !l.is_ascii_alphabetic() {
        let found = text
            .get(letter_index..)
            .and_then(|t| t.chars().next())
            .unwrap_or('?');
        return Err(FenError::Unexpected {
            found,
            at: char_number(fen, byte + letter_index),
            expected: FenExpected::PieceDigitOrSlash,
        });
    }
    let color = if l.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let token = format!(
        "{}{}",
        if promoted { "+" } else { "" },
        l.to_ascii_uppercase() as char
    );
    let Some(kind) = variant.kind_by_letter(&token) else {
        let shown = if promoted {
            format!("+{}", l as char)
        } else {
            (l as char).to_string()
        };
        return Err(FenError::UnknownPiece { letter: shown, at });
    };
    let mut end = letter_index + 1;
    let mut target = None;
    if bytes.get(end) == Some(&b'[') {
        let (t, close) = read_target(variant, kind, fen, byte, text, end)?;
        target = Some(t);
        end = close + 1;
    }
    Ok(PieceToken {
        color,
        kind,
        target,
        end,
    })
}

/// The `[target]` at byte `open` of `text` after a piece of `kind`: the target and the
/// byte of its `]`.
fn read_target(
    variant: &Variant,
    kind: &PieceKind,
    fen: &str,
    byte: usize,
    text: &str,
    open: usize,
) -> Result<(KindId, usize), FenError> {
    let bracket_error = |expected| FenError::Unexpected {
        found: '[',
        at: char_number(fen, byte + open),
        expected,
    };
    let Some(close) = text[open..].find(']').map(|c| c + open) else {
        return Err(bracket_error(FenExpected::ClosingBracket));
    };
    if !kind.promotes_by_start_file {
        return Err(bracket_error(FenExpected::TargetNotAllowed));
    }
    let inner = &text[open + 1..close];
    match variant.kind_by_letter(&inner.to_ascii_uppercase()) {
        Some(t) => Ok((t.id, close)),
        None => Err(FenError::UnknownPiece {
            letter: inner.to_string(),
            at: char_number(fen, byte + open + 1),
        }),
    }
}

/// Splits on ASCII whitespace, keeping each field's byte offset.
fn fields_with_offsets(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in text.bytes().enumerate() {
        if b.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// 1-based character number of byte offset `byte` in `text`.
fn char_number(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(byte, |t| t.chars().count()) + 1
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: &Variant) -> Position {
        match Position::from_fen(variant, variant.start_fen()) {
            Ok(pos) => pos,
            // A Variant is only built after its start FEN parsed; keep a safe fallback anyway.
            Err(_) => Position::empty(variant),
        }
    }

    fn empty(variant: &Variant) -> Position {
        Position {
            variant: variant.clone(),
            board: [0; 256],
            side: Color::White,
            jump_rights: [false; 2],
            castling: [[false; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            kings: [None, None],
            board_hash: 0,
        }
    }

    /// Reads a FEN (section 1 of VARIANTS.md). The clocks may be omitted (0 and 1).
    ///
    /// Parse: split into fields. Check and build: each field in order onto an empty
    /// position (so that the first problem in the text is the one reported), then what needs
    /// the whole position (the side not to move is not in check).
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Position, FenError> {
        let fields = FenFields::split(fen)?;
        let mut pos = Position::empty(variant);
        pos.read_placement(fen, fields.placement)?;
        if let Some(side) = fields.side {
            pos.side = match side {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(FenError::Side(side.to_string())),
            };
        }
        if let Some(rights) = fields.rights {
            pos.read_rights(fen, rights)?;
        }
        if let Some(ep) = fields.ep.filter(|&ep| ep != "-") {
            pos.ep = Some(pos.parse_ep(ep)?);
        }
        if let Some(half) = fields.halfmove {
            pos.halfmove = half
                .parse()
                .map_err(|_| FenError::Halfmove(half.to_string()))?;
        }
        if let Some(full) = fields.fullmove {
            pos.fullmove = match full.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => return Err(FenError::Fullmove(full.to_string())),
            };
        }
        if let Some(extra) = fields.extra {
            return Err(FenError::Trailing(extra.to_string()));
        }
        let them = pos.side.opposite();
        if let Some(k) = pos.kings[them.index()] {
            if pos.attacked(&pos.board, k, pos.side) {
                return Err(FenError::OpponentInCheck(them));
            }
        }
        Ok(pos)
    }

    /// The placement field (starting at byte `base` of `fen`), rank by rank from the top.
    fn read_placement(
        &mut self,
        fen: &str,
        (base, placement): (usize, &str),
    ) -> Result<(), FenError> {
        let height = self.variant.0.height;
        let found = placement.split('/').count();
        if found != height as usize {
            return Err(FenError::RankCount {
                found,
                expected: height,
            });
        }
        let mut byte = base;
        let mut royal_count = [0; 2];
        for (row, text) in placement.split('/').enumerate() {
            let rank = height as usize - 1 - row;
            self.read_rank(fen, byte, text, rank, &mut royal_count)?;
            byte += text.len() + 1;
        }
        Ok(())
    }

    /// One rank of the placement: `text` starts at byte `byte` of `fen`.
    fn read_rank(
        &mut self,
        fen: &str,
        byte: usize,
        text: &str,
        rank: usize,
        royal_count: &mut [u8; 2],
    ) -> Result<(), FenError> {
        let variant = self.variant.clone();
        let width = variant.width();
        let too_wide = |found: usize| FenError::RankWidth {
            rank: rank as u8 + 1,
            found,
            expected: width,
        };
        let bytes = text.as_bytes();
        let mut file = 0usize;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            let at = char_number(fen, byte + i);
            if b.is_ascii_digit() {
                let (n, used) = empty_count(bytes, i);
                if n == 0 {
                    return Err(FenError::Unexpected {
                        found: '0',
                        at,
                        expected: FenExpected::EmptyCount,
                    });
                }
                file += n;
                i += used;
                continue;
            }
            let piece = read_piece_token(&variant, fen, byte, text, i)?;
            i = piece.end;
            if file >= width as usize {
                return Err(too_wide(file + 1));
            }
            let mut target = piece.target;
            if piece.kind.promotes_by_start_file && target.is_none() {
                target = variant.file_promotion_target(file as u8);
            }
            if piece.kind.is_royal {
                royal_count[piece.color.index()] += 1;
                if royal_count[piece.color.index()] > 1 {
                    return Err(FenError::TooManyKings(piece.color));
                }
            }
            let sq = Square::from_index((rank * 16 + file) as u8);
            self.put(sq, make_cell(piece.color, piece.kind.id, target));
            file += 1;
        }
        if file != width as usize {
            return Err(too_wide(file));
        }
        Ok(())
    }

    /// The rights field (starting at byte `at` of `fen`): the King's jump or castling.
    fn read_rights(&mut self, fen: &str, (at, rights): (usize, &str)) -> Result<(), FenError> {
        if rights == "-" {
            return Ok(());
        }
        let king_jump = self.variant.0.king_jump;
        let castling = self.variant.0.castling.is_some();
        let allowed = if king_jump {
            RightsAllowed::KingJump
        } else if castling {
            RightsAllowed::Castling
        } else {
            RightsAllowed::None
        };
        for (i, ch) in rights.char_indices() {
            match ch {
                'K' | 'k' if king_jump => {
                    self.jump_rights[usize::from(ch == 'k')] = true;
                }
                'K' | 'Q' | 'k' | 'q' if castling => {
                    let color = usize::from(ch.is_ascii_lowercase());
                    let wing = usize::from(ch.eq_ignore_ascii_case(&'q'));
                    self.castling[color][wing] = true;
                }
                _ => {
                    return Err(FenError::Right {
                        found: ch,
                        at: char_number(fen, at + i),
                        allowed,
                    })
                }
            }
        }
        Ok(())
    }

    fn parse_ep(&self, field: &str) -> Result<EnPassant, FenError> {
        let err = |problem: EpProblem| FenError::EnPassant {
            field: field.to_string(),
            problem,
        };
        let mut squares = Vec::new();
        let bytes = field.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match crate::square::parse_square_prefix(&bytes[i..]) {
                Some((sq, used)) => {
                    squares.push(sq);
                    i += used;
                }
                None => return Err(err(EpProblem::NoSquareAt { at: i + 1 })),
            }
        }
        if squares.len() > MAX_EP_SQUARES {
            return Err(err(EpProblem::TooMany {
                max: MAX_EP_SQUARES,
            }));
        }
        let mover = self.side.opposite();
        let fwd = mover.forward();
        squares.sort_by_key(|s| s.rank() as i32 * fwd);
        let Some(&last) = squares.last() else {
            return Err(err(EpProblem::NoSquare));
        };
        for (i, sq) in squares.iter().enumerate() {
            if !self.variant.contains(*sq) {
                return Err(err(EpProblem::OffBoard(*sq)));
            }
            if self.board[sq.index()] != 0 {
                return Err(err(EpProblem::NotEmpty(*sq)));
            }
            if i > 0 {
                let prev = squares[i - 1];
                if sq.file() != prev.file() || (sq.rank() as i32 - prev.rank() as i32) != fwd {
                    return Err(err(EpProblem::NotOnOneFile));
                }
            }
        }
        let victim = last
            .offset(0, fwd, self.variant.width(), self.variant.height())
            .filter(|v| cell_is(self.board[v.index()], mover))
            .ok_or_else(|| err(EpProblem::NoVictim { mover, last }))?;
        let mut passed = [victim; MAX_EP_SQUARES];
        passed[..squares.len()].copy_from_slice(&squares);
        Ok(EnPassant {
            victim,
            passed,
            count: squares.len() as u8,
        })
    }

    /// Writes the FEN of the complete state.
    pub fn to_fen(&self) -> String {
        let v = &self.variant.0;
        let mut out = String::new();
        for rank in (0..v.height).rev() {
            let mut empty = 0;
            for file in 0..v.width {
                let index = rank as usize * 16 + file as usize;
                let cell = self.board[index];
                if cell == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                let kind = self.variant.kind(KindId(cell_kind(cell) as u8));
                let color = cell_color(cell);
                out.push_str(&kind.token(color));
                if kind.promotes_by_start_file {
                    if let Some(t) = cell_target(cell) {
                        if Some(t) != self.variant.file_promotion_target(file) {
                            out.push('[');
                            out.push_str(&self.variant.kind(t).token(color));
                            out.push(']');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let mut rights = String::new();
        if v.king_jump {
            if self.jump_rights[0] {
                rights.push('K');
            }
            if self.jump_rights[1] {
                rights.push('k');
            }
        }
        for (color, letters) in [(0, ['K', 'Q']), (1, ['k', 'q'])] {
            for (wing, letter) in letters.into_iter().enumerate() {
                if self.castling[color][wing] {
                    rights.push(letter);
                }
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        out.push_str(&rights);
        out.push(' ');
        match &self.ep {
            Some(ep) => {
                for sq in ep.squares() {
                    out.push_str(&sq.to_string());
                }
            }
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    fn put(&mut self, sq: Square, cell: Cell) {
        let index = sq.index();
        let old = self.board[index];
        if old != 0 {
            self.board_hash ^= cell_key(old, index);
            if Some(KindId(cell_kind(old) as u8)) == self.variant.0.royal {
                self.kings[cell_color(old).index()] = None;
            }
        }
        self.board[index] = cell;
        if cell != 0 {
            self.board_hash ^= cell_key(cell, index);
            if Some(KindId(cell_kind(cell) as u8)) == self.variant.0.royal {
                self.kings[cell_color(cell).index()] = Some(sq);
            }
        }
    }

    pub(crate) fn cell_at(&self, sq: Square) -> Option<(Color, KindId, Option<KindId>)> {
        let c = *self.board.get(sq.index())?;
        if c == 0 {
            None
        } else {
            Some((cell_color(c), KindId(cell_kind(c) as u8), cell_target(c)))
        }
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any (None off the board too).
    pub fn piece_at(&self, sq: Square) -> Option<Piece<'_>> {
        if !self.variant.contains(sq) {
            return None;
        }
        let (color, kind, target) = self.cell_at(sq)?;
        Some(Piece {
            color,
            kind: self.variant.kind(kind),
            promotion_target: target.map(|t| self.variant.kind(t)),
        })
    }

    /// What keeps this position from starting a game, though its FEN reads: a side without
    /// the royal piece its variant gives it, or a piece left unpromoted where promotion is
    /// compulsory (it could never have got there). Empty for a playable setup.
    pub fn setup_problems(&self) -> Vec<SetupProblem> {
        let variant = self.variant();
        let mut problems = Vec::new();
        if let Some(royal) = variant.pieces().iter().find(|p| p.is_royal) {
            for color in [Color::White, Color::Black] {
                if self.king_square(color).is_none() {
                    problems.push(SetupProblem::NoRoyal {
                        color,
                        royal: royal.name.clone(),
                    });
                }
            }
        }
        let height = variant.height();
        for index in 0..=u8::MAX {
            let square = Square::from_index(index);
            if !variant.contains(square) {
                continue;
            }
            let Some(piece) = self.piece_at(square) else {
                continue;
            };
            let kind = piece.kind;
            // A kind with marked promoting parts (the Troll) promotes only by those.
            if !kind.can_promote() || kind.moves.iter().any(|m| m.promoting) {
                continue;
            }
            let depth = match piece.color {
                Color::White => height - square.rank(),
                Color::Black => square.rank() + 1,
            };
            let compulsory = if variant.promotion_is_optional() {
                kind.must_promote_on_last_rank && depth == 1
            } else {
                depth <= variant.promotion_zone()
            };
            if compulsory {
                problems.push(SetupProblem::MustPromote {
                    color: piece.color,
                    piece: kind.name.clone(),
                    square,
                });
            }
        }
        problems
    }

    /// How many pieces of `kind` `color` has on the board.
    pub fn kind_count(&self, color: Color, kind: KindId) -> usize {
        self.board
            .iter()
            .filter(|&&c| cell_is(c, color) && cell_kind(c) == kind.index())
            .count()
    }

    /// How many pieces `color` has on the board.
    pub fn piece_count(&self, color: Color) -> usize {
        self.board.iter().filter(|&&c| cell_is(c, color)).count()
    }

    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match self.kings[self.side.index()] {
            Some(k) => self.attacked(&self.board, k, self.side.opposite()),
            None => false,
        }
    }

    /// Whether `by` attacks `sq` (8.4: any capture move of `by` onto it counts).
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.variant.contains(sq) && self.attacked(&self.board, sq, by)
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The squares of the current e.p. right.
    pub fn en_passant_squares(&self) -> Vec<Square> {
        self.ep.map(|e| e.squares().to_vec()).unwrap_or_default()
    }
    /// Whether `color`'s King still has its first-move jump.
    pub fn has_jump_right(&self, color: Color) -> bool {
        self.jump_rights[color.index()]
    }
    /// Castling right of `color` on the last-file wing (`king_side`) or the a-file wing.
    pub fn has_castling_right(&self, color: Color, king_side: bool) -> bool {
        self.castling[color.index()][usize::from(!king_side)]
    }

    fn state_key(&self, ep: Option<&EnPassant>) -> u64 {
        let mut packed = self.side.index() as u64;
        packed |= (self.jump_rights[0] as u64) << 1 | (self.jump_rights[1] as u64) << 2;
        packed |= (self.castling[0][0] as u64) << 3 | (self.castling[0][1] as u64) << 4;
        packed |= (self.castling[1][0] as u64) << 5 | (self.castling[1][1] as u64) << 6;
        if let Some(ep) = ep {
            packed |= (ep.victim.index() as u64 + 1) << 8;
            packed |= (ep.count as u64) << 20;
        }
        splitmix(packed ^ 0x5eed_0000_0000)
    }

    /// Zobrist hash of the complete state (placement, side, rights, e.p.).
    pub fn hash(&self) -> u64 {
        self.board_hash ^ self.state_key(self.ep.as_ref())
    }

    /// The key for repetition: like `hash`, but an e.p. right counts only when some e.p.
    /// capture is legal (8.5: "e.p. possibilities").
    pub fn repetition_key(&self) -> u64 {
        let ep_possible = self.ep.is_some() && self.legal_moves().iter().any(|m| m.is_en_passant());
        let ep = if ep_possible { self.ep.as_ref() } else { None };
        self.board_hash ^ self.state_key(ep)
    }

    // ----- attacks -----------------------------------------------------------------------

    /// Whether `by` attacks `sq` on `board`.
    pub(crate) fn attacked(&self, board: &[Cell; 256], sq: Square, by: Color) -> bool {
        let t: &Tables = &self.variant.0.tables;
        let c = by.index();
        t.rays[c]
            .iter()
            .any(|ray| self.ray_attacks(board, sq, by, ray))
            || t.hops[c]
                .iter()
                .any(|hop| self.hop_attacks(board, sq, by, hop))
            || t.bents[c]
                .iter()
                .any(|bent| self.bent_attacks(board, sq, by, bent))
    }

    /// Whether `by` attacks `sq` along the line of primitive direction `line` (from `sq`
    /// outward): the only attacks that emptying or filling a square on that line can change.
    fn attacked_along(&self, board: &[Cell; 256], sq: Square, by: Color, line: usize) -> bool {
        let t: &Tables = &self.variant.0.tables;
        let c = by.index();
        let Some(group) = t.lines[c].get(line) else {
            return self.attacked(board, sq, by);
        };
        group
            .rays
            .iter()
            .any(|&i| self.ray_attacks(board, sq, by, &t.rays[c][i as usize]))
            || group
                .hops
                .iter()
                .any(|&i| self.hop_attacks(board, sq, by, &t.hops[c][i as usize]))
            || group
                .bents
                .iter()
                .any(|&i| self.bent_attacks(board, sq, by, &t.bents[c][i as usize]))
    }

    #[inline]
    fn ray_attacks(&self, board: &[Cell; 256], sq: Square, by: Color, ray: &RayAttack) -> bool {
        let line = &self.variant.0.tables.next[ray.dir as usize];
        let mut s = sq.index();
        for k in 1..=ray.reach as usize {
            let n = line[s];
            if n == OFF {
                return false;
            }
            s = n as usize;
            let cell = board[s];
            if cell != 0 {
                return cell_is(cell, by) && ray.masks[k] & (1u64 << cell_kind(cell)) != 0;
            }
        }
        false
    }

    #[inline]
    fn hop_attacks(&self, board: &[Cell; 256], sq: Square, by: Color, hop: &HopAttack) -> bool {
        let line = &self.variant.0.tables.next[hop.dir as usize];
        let mut s = sq.index();
        let mut screened = false;
        loop {
            let n = line[s];
            if n == OFF {
                return false;
            }
            s = n as usize;
            let cell = board[s];
            if cell != 0 {
                if screened {
                    return cell_is(cell, by) && hop.mask & (1u64 << cell_kind(cell)) != 0;
                }
                screened = true;
            }
        }
    }

    #[inline]
    fn bent_attacks(&self, board: &[Cell; 256], sq: Square, by: Color, bent: &BentAttack) -> bool {
        let next = &self.variant.0.tables.next;
        let slide = &next[bent.back_slide_dir as usize];
        let first = &next[bent.back_first_dir as usize];
        let mut corner = sq.index();
        loop {
            let n = slide[corner];
            if n == OFF || board[n as usize] != 0 {
                return false;
            }
            corner = n as usize;
            let a = first[corner];
            if a != OFF {
                let cell = board[a as usize];
                if cell_is(cell, by) && bent.mask & (1u64 << cell_kind(cell)) != 0 {
                    return true;
                }
            }
        }
    }

    // ----- move generation ---------------------------------------------------------------

    #[inline]
    fn push_with_promotions(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        to: Square,
        cell: Cell,
        part_promotes: bool,
        special: Special,
    ) {
        let t = &self.variant.0.tables;
        let promotable = t.promotable[cell_kind(cell)]
            && t.zone_ranks[self.side.index()] & (1 << to.rank()) != 0;
        if promotable {
            self.push_promoting(out, from, to, cell, part_promotes, special);
        } else {
            out.push(Move {
                from,
                to,
                promotion: None,
                special,
            });
        }
    }

    /// `push_with_promotions` for kinds that can promote.
    #[inline(never)]
    fn push_promoting(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        to: Square,
        cell: Cell,
        part_promotes: bool,
        special: Special,
    ) {
        let v = &self.variant.0;
        let kind_index = cell_kind(cell);
        let plain = Move {
            from,
            to,
            promotion: None,
            special,
        };
        let Some(kind) = v.pieces.get(kind_index) else {
            return;
        };
        if !kind.can_promote() || (v.tables.has_promoting_parts[kind_index] && !part_promotes) {
            out.push(plain);
            return;
        }
        let relative = match self.side {
            Color::White => to.rank(),
            Color::Black => v.height - 1 - to.rank(),
        };
        if relative + v.promotion_zone < v.height {
            out.push(plain);
            return;
        }
        let last_rank = relative == v.height - 1;
        if v.promotion_optional && !(kind.must_promote_on_last_rank && last_rank) {
            out.push(plain);
        }
        if kind.promotes_by_start_file {
            match cell_target(cell) {
                Some(t) => out.push(Move {
                    promotion: Some(t),
                    ..plain
                }),
                None if !v.promotion_optional => out.push(plain),
                None => {}
            }
        } else {
            for &t in kind.promotion_targets(self.side) {
                if let Some(limit) = v.promotion_limits.get(t.index()).copied().flatten() {
                    if self.kind_count(self.side, t) >= limit as usize {
                        continue;
                    }
                }
                out.push(Move {
                    promotion: Some(t),
                    ..plain
                });
            }
        }
    }

    /// Pseudo-legal moves (own King's safety not checked, except the jump's and castling's
    /// passed squares and the no-jump-out-of-check rule), appended to `out`.
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>, in_check: bool) {
        let v = &self.variant.0;
        let (w, h) = (v.width, v.height);
        let us = self.side;
        let them = us.opposite();
        let gens_by_kind = &v.tables.gens[us.index()];
        for rank in 0..h as usize {
            for file in 0..w as usize {
                let index = rank * 16 + file;
                let cell = self.board[index];
                if !cell_is(cell, us) {
                    continue;
                }
                let kind = cell_kind(cell);
                let from = Square::from_index(index as u8);
                let on_start_rank = v.start_ranks[us.index()]
                    .get(kind)
                    .is_some_and(|r| r & (1 << rank) != 0);
                let Some(piece) = v.pieces.get(kind) else {
                    continue;
                };
                let ep = if piece.captures_en_passant {
                    self.ep.as_ref()
                } else {
                    None
                };
                let Some(gens) = gens_by_kind.get(kind) else {
                    continue;
                };
                let first_new = out.len();
                if let Some(leap_sets) = v.tables.leaps[us.index()].get(kind) {
                    for set in leap_sets {
                        if set.first_move_only && !on_start_rank {
                            continue;
                        }
                        self.gen_leaps(out, from, cell, set, ep, them);
                    }
                }
                for g in gens {
                    if g.first_move_only && !on_start_rank {
                        continue;
                    }
                    self.gen_one(out, from, cell, g, ep, piece.creates_en_passant, them);
                }
                if v.tables
                    .may_repeat_moves
                    .get(kind)
                    .copied()
                    .unwrap_or(false)
                {
                    // Two paths to one square are one move.
                    let mut mine = out.split_off(first_new);
                    mine.sort_by_key(|m| (m.to, m.promotion));
                    mine.dedup_by_key(|m| (m.to, m.promotion));
                    out.extend(mine);
                }
            }
        }
        if let Some(king) = self.kings[us.index()] {
            if v.king_jump && self.jump_rights[us.index()] && !in_check {
                self.gen_jumps(out, king);
            }
            if v.castling.is_some() && !in_check {
                self.gen_castling(out, king);
            }
        }
    }

    #[inline]
    fn gen_leaps(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        cell: Cell,
        set: &LeapSet,
        ep: Option<&EnPassant>,
        them: Color,
    ) {
        for &t in set.targets(from.index()) {
            let target = self.board[t as usize];
            let to = Square::from_index(t);
            if target == 0 {
                if let Some(ep) = ep {
                    if set.can_capture && ep.contains(to) {
                        let special = Special::EnPassant { victim: ep.victim };
                        self.push_with_promotions(out, from, to, cell, set.promoting, special);
                        continue;
                    }
                }
                if set.can_move {
                    self.push_with_promotions(out, from, to, cell, set.promoting, Special::None);
                }
            } else if set.can_capture && cell_is(target, them) {
                self.push_with_promotions(out, from, to, cell, set.promoting, Special::None);
            }
        }
    }

    /// The moves of one generator from `from`: dispatches on its shape. Every helper is
    /// inlined into this one (the hot path of perft; measured unchanged by the split).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn gen_one(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        cell: Cell,
        g: &Gen,
        ep: Option<&EnPassant>,
        creates_ep: bool,
        them: Color,
    ) {
        let line = &self.variant.0.tables.next[g.dir as usize];
        let mover = Mover {
            from,
            cell,
            g,
            them,
        };
        match g.shape {
            GenShape::Ride { min, max, odd_only } => {
                self.gen_ride(out, &mover, line, (min, max, odd_only), ep, creates_ep)
            }
            GenShape::Hop => self.gen_hop(out, &mover, line),
            GenShape::Bent {
                slide_dirs,
                slide_count,
                may_stop,
                ..
            } => self.gen_bent(
                out,
                &mover,
                line,
                &slide_dirs[..slide_count as usize],
                may_stop,
            ),
        }
    }

    /// A ride of `min..=max` steps (only odd ones if `odd_only`) along `line`.
    #[inline(always)]
    fn gen_ride(
        &self,
        out: &mut Vec<Move>,
        m: &Mover<'_>,
        line: &[u16; 256],
        (min, max, odd_only): (u8, u8, bool),
        ep: Option<&EnPassant>,
        creates_ep: bool,
    ) {
        let g = m.g;
        let mut s = m.from.index();
        for k in 1..=max {
            let n = line[s];
            if n == OFF {
                break;
            }
            s = n as usize;
            let target = self.board[s];
            let counts = k >= min && (!odd_only || k % 2 == 1);
            let to = Square::from_index(s as u8);
            if target != 0 {
                if counts && g.can_capture && cell_is(target, m.them) {
                    m.push(self, out, to, Special::None);
                }
                break;
            }
            if !counts {
                continue;
            }
            if let Some(ep) = ep {
                if g.can_capture && ep.contains(to) {
                    m.push(self, out, to, Special::EnPassant { victim: ep.victim });
                    continue;
                }
            }
            if g.can_move {
                let special = if creates_ep && k >= 2 {
                    Special::MultiStep
                } else {
                    Special::None
                };
                m.push(self, out, to, special);
            }
        }
    }

    /// A hop: over the first piece met along `line` (the screen), then on as a slide.
    #[inline(always)]
    fn gen_hop(&self, out: &mut Vec<Move>, m: &Mover<'_>, line: &[u16; 256]) {
        let mut s = m.from.index();
        loop {
            let n = line[s];
            if n == OFF {
                return;
            }
            s = n as usize;
            if self.board[s] != 0 {
                break;
            }
        }
        self.gen_slide(out, m, line, s);
    }

    /// A bent move: one step to the corner (a stop there if `may_stop`), then slides.
    #[inline(always)]
    fn gen_bent(
        &self,
        out: &mut Vec<Move>,
        m: &Mover<'_>,
        line: &[u16; 256],
        slide_dirs: &[u16],
        may_stop: bool,
    ) {
        let corner = line[m.from.index()];
        if corner == OFF {
            return;
        }
        let corner = corner as usize;
        let corner_cell = self.board[corner];
        let corner_sq = Square::from_index(corner as u8);
        if corner_cell != 0 {
            if may_stop && m.g.can_capture && cell_is(corner_cell, m.them) {
                m.push(self, out, corner_sq, Special::None);
            }
            return;
        }
        if may_stop && m.g.can_move {
            m.push(self, out, corner_sq, Special::None);
        }
        let next = &self.variant.0.tables.next;
        for &dir in slide_dirs {
            self.gen_slide(out, m, &next[dir as usize], corner);
        }
    }

    /// Steps on from square `start` along `line`: empty squares are moves, the first piece
    /// met ends the slide (a capture if it is an enemy).
    #[inline(always)]
    fn gen_slide(&self, out: &mut Vec<Move>, m: &Mover<'_>, line: &[u16; 256], start: usize) {
        let mut s = start;
        loop {
            let n = line[s];
            if n == OFF {
                return;
            }
            s = n as usize;
            let target = self.board[s];
            let to = Square::from_index(s as u8);
            if target == 0 {
                if m.g.can_move {
                    m.push(self, out, to, Special::None);
                }
            } else {
                if m.g.can_capture && cell_is(target, m.them) {
                    m.push(self, out, to, Special::None);
                }
                return;
            }
        }
    }

    /// The jump destinations that pass 8.1 points 2..4 (destination safety is checked later).
    fn gen_jumps(&self, out: &mut Vec<Move>, king: Square) {
        let v = &self.variant.0;
        let them = self.side.opposite();
        for &(dx, dy, passed, count) in &JUMPS {
            let Some(to) = step(king.index(), (dx, dy), v.width, v.height) else {
                continue;
            };
            if self.board[to] != 0 {
                continue;
            }
            let any_safe = passed[..count].iter().any(|&(px, py)| {
                step(king.index(), (px, py), v.width, v.height)
                    .is_some_and(|p| !self.attacked(&self.board, Square::from_index(p as u8), them))
            });
            if any_safe {
                out.push(Move {
                    from: king,
                    to: Square::from_index(to as u8),
                    promotion: None,
                    special: Special::KingJump,
                });
            }
        }
    }

    /// Castling moves whose path is empty and whose passed squares are not attacked.
    fn gen_castling(&self, out: &mut Vec<Move>, king: Square) {
        for wing in 0..2 {
            if let Some(mv) = self.castling_move(king, wing) {
                if self.castling_problem(&mv).is_none() {
                    out.push(mv);
                }
            }
        }
    }

    /// The castling move of `wing` (0 = last-file wing) if the right and the pieces are there.
    pub(crate) fn castling_move(&self, king: Square, wing: usize) -> Option<Move> {
        let v = &self.variant.0;
        let castling = v.castling.as_ref()?;
        let us = self.side.index();
        if !self.castling[us][wing] || castling.king_start[us] != king {
            return None;
        }
        let rook_from = castling.rook_start[us][wing];
        let rook_cell = self.board[rook_from.index()];
        if !cell_is(rook_cell, self.side) || cell_kind(rook_cell) != castling.rook_kind.index() {
            return None;
        }
        let (dir, distance) = if wing == 0 {
            (1, castling.king_distance)
        } else {
            (-1, castling.queenside_king_distance)
        };
        let to = king.offset(dir * distance as i32, 0, v.width, v.height)?;
        let rook_to = castling.rook_target[us][wing];
        Some(Move {
            from: king,
            to,
            promotion: None,
            special: Special::Castle { rook_from, rook_to },
        })
    }

    /// Why a castling move (as built by `castling_move`) is not allowed before the
    /// landing-square test, if it is not.
    pub(crate) fn castling_problem(&self, mv: &Move) -> Option<crate::IllegalMove> {
        use crate::IllegalMove;
        let Special::Castle { rook_from, .. } = mv.special else {
            return None;
        };
        let v = &self.variant.0;
        let (a, b) = if rook_from.file() < mv.from.file() {
            (rook_from.file() + 1, mv.from.file())
        } else {
            (mv.from.file() + 1, rook_from.file())
        };
        let rank = mv.from.rank();
        for file in a..b {
            let index = rank as usize * 16 + file as usize;
            if self.board[index] != 0 {
                return Some(IllegalMove::CastlingBlocked(Square::from_index(
                    index as u8,
                )));
            }
        }
        if self.is_check() {
            return Some(IllegalMove::CastlingInCheck);
        }
        let dir: i32 = if mv.to.file() > mv.from.file() { 1 } else { -1 };
        let them = self.side.opposite();
        let mut sq = mv.from;
        loop {
            sq = sq.offset(dir, 0, v.width, v.height)?;
            if sq == mv.to {
                break;
            }
            if self.attacked(&self.board, sq, them) {
                return Some(IllegalMove::CastlingThroughCheck(sq));
            }
        }
        None
    }

    /// Whether the mover's King is safe after `mv` (ordinary legality), using `board` as
    /// scratch space (restored before returning).
    pub(crate) fn king_safe_after(&self, board: &mut [Cell; 256], mv: &Move) -> bool {
        let us = self.side;
        let from = mv.from.index();
        let to = mv.to.index();
        let moving = board[from];
        let royal = self.variant.0.royal.map(|r| r.index());
        let mut king = self.kings[us.index()];
        if Some(cell_kind(moving)) == royal {
            king = Some(mv.to);
        }
        let saved_to = board[to];
        match mv.special {
            Special::EnPassant { victim } => {
                let saved_victim = board[victim.index()];
                board[victim.index()] = 0;
                board[from] = 0;
                board[to] = moving;
                let safe = king.is_none_or(|k| !self.attacked(board, k, us.opposite()));
                board[to] = saved_to;
                board[from] = moving;
                board[victim.index()] = saved_victim;
                safe
            }
            Special::Castle { rook_from, rook_to } => {
                let rook = board[rook_from.index()];
                let saved_rook_to = board[rook_to.index()];
                board[from] = 0;
                board[rook_from.index()] = 0;
                board[to] = moving;
                board[rook_to.index()] = rook;
                let safe = king.is_none_or(|k| !self.attacked(board, k, us.opposite()));
                board[rook_to.index()] = saved_rook_to;
                board[to] = saved_to;
                board[rook_from.index()] = rook;
                board[from] = moving;
                safe
            }
            _ => {
                board[from] = 0;
                board[to] = moving;
                let safe = king.is_none_or(|k| !self.attacked(board, k, us.opposite()));
                board[to] = saved_to;
                board[from] = moving;
                safe
            }
        }
    }

    /// Legality of a pseudo-legal move. When not in check, a non-King move can only expose
    /// the King along the line through its from-square (or, with hoppers, through its
    /// to-square, a new screen): only those lines are examined, and not at all when the
    /// squares are on no attack line of the King.
    #[inline]
    pub(crate) fn is_legal_pseudo(
        &self,
        board: &mut [Cell; 256],
        mv: &Move,
        in_check: bool,
    ) -> bool {
        let v = &self.variant.0;
        let us = self.side.index();
        if in_check {
            return self.king_safe_after(board, mv);
        }
        let Some(king) = self.kings[us] else {
            return true;
        };
        let moving = self.board[mv.from.index()];
        let simple = matches!(mv.special, Special::None | Special::MultiStep)
            && Some(cell_kind(moving)) != v.royal.map(|r| r.index());
        if !simple {
            return self.king_safe_after(board, mv);
        }
        let from_line = set_contains(&v.tables.block_sensitive[us][king.index()], mv.from.index());
        let to_line = v.tables.has_hoppers
            && set_contains(&v.tables.screen_sensitive[us][king.index()], mv.to.index());
        if !from_line && !to_line {
            return true;
        }
        let (from, to) = (mv.from.index(), mv.to.index());
        let saved_to = board[to];
        board[from] = 0;
        board[to] = moving;
        let them = self.side.opposite();
        let exposed = (from_line
            && self.attacked_along(board, king, them, line_index(king, mv.from)))
            || (to_line && self.attacked_along(board, king, them, line_index(king, mv.to)));
        board[to] = saved_to;
        board[from] = moving;
        !exposed
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(256);
        let in_check = self.is_check();
        self.pseudo_moves(&mut moves, in_check);
        let mut board = self.board;
        moves.retain(|mv| self.is_legal_pseudo(&mut board, mv, in_check));
        moves
    }

    /// Plays a move known to be legal: one from [`Position::legal_moves`] or
    /// [`Position::parse_move`] of this position. It skips the legality test that
    /// [`Position::play`] makes (a move generation); with any other move the result is some
    /// position, never a panic, but not one the rules can reach.
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut next = self.clone();
        let v = &self.variant.0;
        let us = self.side;
        let moving = self.board[mv.from.index()];
        let kind_index = cell_kind(moving);
        let mut capture = self.board[mv.to.index()] != 0;
        next.put(mv.from, 0);
        match mv.special {
            Special::EnPassant { victim } => {
                next.put(victim, 0);
                capture = true;
            }
            Special::Castle { rook_from, rook_to } => {
                let rook = self.board[rook_from.index()];
                next.put(rook_from, 0);
                next.put(rook_to, rook);
            }
            _ => {}
        }
        let placed = match mv.promotion {
            Some(kind) => make_cell(us, kind, None),
            None => moving,
        };
        next.put(mv.to, placed);
        if Some(KindId(kind_index as u8)) == v.royal {
            next.jump_rights[us.index()] = false;
            next.castling[us.index()] = [false, false];
        }
        if let Some(castling) = &v.castling {
            for color in 0..2 {
                for wing in 0..2 {
                    let rook_sq = castling.rook_start[color][wing];
                    if rook_sq == mv.from || rook_sq == mv.to {
                        next.castling[color][wing] = false;
                    }
                }
            }
        }
        next.ep = None;
        if mv.special == Special::MultiStep {
            let (fx, fy) = (mv.from.file() as i32, mv.from.rank() as i32);
            let (tx, ty) = (mv.to.file() as i32, mv.to.rank() as i32);
            let steps = (tx - fx).abs().max((ty - fy).abs());
            let count = (steps - 1) as usize;
            if steps >= 2
                && count <= MAX_EP_SQUARES
                && (tx - fx) % steps == 0
                && (ty - fy) % steps == 0
            {
                let (ux, uy) = ((tx - fx) / steps, (ty - fy) / steps);
                let mut passed = [mv.to; MAX_EP_SQUARES];
                let mut ok = true;
                for (k, slot) in passed.iter_mut().enumerate().take(count) {
                    match mv.from.offset(
                        ux * (k as i32 + 1),
                        uy * (k as i32 + 1),
                        v.width,
                        v.height,
                    ) {
                        Some(sq) => *slot = sq,
                        None => ok = false,
                    }
                }
                if ok {
                    next.ep = Some(EnPassant {
                        victim: mv.to,
                        passed,
                        count: count as u8,
                    });
                }
            }
        }
        let resets = capture
            || v.pieces
                .get(kind_index)
                .is_some_and(|p| p.resets_move_clock);
        next.halfmove = if resets {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = us.opposite();
        next
    }

    /// Plays `mv` if it is legal, else says why not.
    pub fn play(&self, mv: &Move) -> Result<Position, crate::IllegalMove> {
        if self.legal_moves().contains(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(self.explain_illegal(mv.from, mv.to, mv.promotion, true))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reverse attack tables must agree with forward move generation: a square is
    /// attacked by the side to move exactly when, with an enemy piece standing on it, some
    /// pseudo-legal capture (not e.p.) lands there.
    #[test]
    fn reverse_attacks_agree_with_forward_captures() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            let them_kind = v
                .pieces()
                .iter()
                .find(|p| !p.is_royal)
                .map(|p| p.id)
                .unwrap();
            let games: u64 = if cfg!(debug_assertions) { 1 } else { 4 };
            for seed in 0..games {
                let mut pos = Position::start(&v);
                let mut state = seed.wrapping_mul(0x2545_f491) + 7;
                for _ in 0..80 {
                    let us = pos.side;
                    let dummy = make_cell(us.opposite(), them_kind, None);
                    for index in 0..256usize {
                        let sq = Square::from_index(index as u8);
                        if !v.contains(sq) || Some(sq) == pos.kings[us.index()] {
                            continue;
                        }
                        let mut probe = pos.clone();
                        probe.board[index] = dummy;
                        probe.ep = None;
                        let mut moves = Vec::new();
                        probe.pseudo_moves(&mut moves, true);
                        let captured = moves.iter().any(|m| m.to == sq);
                        let attacked = pos.attacked(&pos.board, sq, us);
                        assert_eq!(attacked, captured, "{name} {} {sq}", pos.to_fen());
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    state = splitmix(state);
                    pos = pos.play_unchecked(&legal[(state % legal.len() as u64) as usize]);
                }
            }
        }
    }

    /// The fast legality path (sensitive squares) must agree with make-and-test on every
    /// pseudo-legal move, along pseudo-random games of every built-in variant.
    #[test]
    fn fast_legality_agrees_with_full_check() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            for seed in 0..6u64 {
                let mut pos = Position::start(&v);
                let mut state = seed.wrapping_mul(0x9e37_79b9) + 1;
                for _ in 0..120 {
                    let in_check = pos.is_check();
                    let mut pseudo = Vec::new();
                    pos.pseudo_moves(&mut pseudo, in_check);
                    let mut board = pos.board;
                    for mv in &pseudo {
                        let fast = pos.is_legal_pseudo(&mut board, mv, in_check);
                        let full = pos.king_safe_after(&mut board, mv);
                        assert_eq!(fast, full, "{name} {} {:?}", pos.to_fen(), mv);
                        assert_eq!(board, pos.board);
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    state = splitmix(state);
                    let mv = legal[(state % legal.len() as u64) as usize];
                    let next = pos.play_unchecked(&mv);
                    // The incremental hash equals one computed from scratch.
                    let fresh = Position::from_fen(&v, &next.to_fen()).unwrap();
                    assert_eq!(fresh.hash(), next.hash(), "{name}");
                    pos = next;
                }
            }
        }
    }
}
