//! Move diagrams for legends and the presets page: where a piece can go from the centre of a
//! small empty board, computed from the movement model (not from a hand-drawn table).

use crate::model::{BentLeg, MovePart, Shape, Vector};
use crate::square::{Color, Square};
use crate::variant::{KindId, Variant};
use serde::Serialize;

/// What a piece can do on one square of the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Mark {
    /// Moves there (empty square) but cannot capture there.
    MoveOnly,
    /// Captures there but cannot move there.
    CaptureOnly,
    /// Moves or captures there.
    MoveOrCapture,
    /// Captures there only by jumping exactly one piece (the screen) on the way.
    HopCapture,
    /// Moves there, and captures there by jumping a screen (a Cannon's squares beyond 1).
    MoveOrHopCapture,
    /// Only as the piece's first move (Pawn multi-steps, the King's jump); never captures.
    FirstMoveOnly,
}

/// The squares a bent rider reaches through one corner (the square of its first leg).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BentPath {
    pub corner: Square,
    /// Whether the piece may stop on the corner.
    pub may_stop: bool,
    /// Squares of the continuation, in order, for each slide direction.
    pub slides: Vec<Vec<Square>>,
}

/// A small board with the piece in the centre and a mark per reachable square.
/// Squares use diagram coordinates (`a1` is the diagram's bottom-left corner), White at
/// the bottom whatever the colour of the piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveDiagram {
    pub width: u8,
    pub height: u8,
    pub piece_square: Square,
    pub color: Color,
    /// `marks[rank * width + file]`.
    pub marks: Vec<Option<Mark>>,
    pub bent_paths: Vec<BentPath>,
}

impl MoveDiagram {
    /// The mark of a square of the diagram (None: unreachable or off the diagram).
    pub fn mark(&self, sq: Square) -> Option<Mark> {
        if sq.file() >= self.width || sq.rank() >= self.height {
            return None;
        }
        self.marks
            .get(sq.rank() as usize * self.width as usize + sq.file() as usize)
            .copied()
            .flatten()
    }

    /// A plain-text rendering (top rank first): `*` piece, `o` move, `x` capture,
    /// `#` move or capture, `^` hop capture, `%` move or hop capture, `i` first move only.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.height).rev() {
            for file in 0..self.width {
                let sq = Square::new(file, rank);
                let c = if sq == Some(self.piece_square) {
                    '*'
                } else {
                    match sq.and_then(|s| self.mark(s)) {
                        None => '.',
                        Some(Mark::MoveOnly) => 'o',
                        Some(Mark::CaptureOnly) => 'x',
                        Some(Mark::MoveOrCapture) => '#',
                        Some(Mark::HopCapture) => '^',
                        Some(Mark::MoveOrHopCapture) => '%',
                        Some(Mark::FirstMoveOnly) => 'i',
                    }
                };
                out.push(c);
            }
            out.push('\n');
        }
        out
    }
}

#[derive(Clone, Copy, Default)]
struct Flags {
    moves: bool,
    captures: bool,
    hop_captures: bool,
    first_move: bool,
}

/// How far from the centre the diagram must reach to show every move shape.
fn reach(variant: &Variant, kind: KindId) -> i32 {
    let piece = variant.kind(kind);
    let len = |v: &Vector| (v.dx.unsigned_abs().max(v.dy.unsigned_abs())) as i32;
    let mut reach = 1;
    if piece.is_royal && variant.has_king_jump() {
        reach = 2;
    }
    for part in &piece.moves {
        let r = match &part.shape {
            Shape::Leap { vectors } => vectors.iter().map(len).max().unwrap_or(1),
            Shape::Ride {
                vectors, min, max, ..
            } => {
                let step = vectors.iter().map(len).max().unwrap_or(1);
                match max {
                    Some(m) => step * *m as i32,
                    None => step * (*min as i32 + 3).max(4),
                }
            }
            Shape::Hop { .. } => 5,
            Shape::Bent { legs, .. } => legs.iter().map(|l| len(&l.first)).max().unwrap_or(1) + 3,
        };
        reach = reach.max(r);
    }
    reach
}

/// The move diagram of `kind` for `color`: a 9x9 to 15x15 board (as small as the piece's
/// moves allow) with the piece in the centre.
pub fn move_diagram(variant: &Variant, kind: KindId, color: Color) -> MoveDiagram {
    let side = (2 * reach(variant, kind) + 1).clamp(9, 15) as u8;
    let centre = side / 2;
    let piece_square = Square::new(centre, centre).unwrap_or_else(|| Square::from_index(0));
    let mut canvas = Canvas {
        side,
        piece_square,
        flip: if color == Color::White { 1 } else { -1 },
        flip_x: if color == Color::Black && variant.black_rotated() {
            -1
        } else {
            1
        },
        flags: vec![Flags::default(); side as usize * side as usize],
        bent_paths: Vec::new(),
    };
    let piece = variant.kind(kind);
    for part in &piece.moves {
        canvas.draw_part(part);
    }
    if piece.is_royal && variant.has_king_jump() {
        canvas.draw_king_jump();
    }
    MoveDiagram {
        width: side,
        height: side,
        piece_square,
        color,
        marks: canvas.flags.iter().map(Flags::mark).collect(),
        bent_paths: canvas.bent_paths,
    }
}

/// The King's jump (8.1): every square two away, first move only.
const KING_JUMPS: [(i32, i32); 16] = [
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
];

impl Flags {
    fn mark(&self) -> Option<Mark> {
        match (self.moves, self.captures, self.hop_captures) {
            (true, true, _) => Some(Mark::MoveOrCapture),
            (true, false, true) => Some(Mark::MoveOrHopCapture),
            (true, false, false) => Some(Mark::MoveOnly),
            (false, true, _) => Some(Mark::CaptureOnly),
            (false, false, true) => Some(Mark::HopCapture),
            (false, false, false) if self.first_move => Some(Mark::FirstMoveOnly),
            _ => None,
        }
    }
}

/// The diagram being drawn: a `side` x `side` board with the piece on `piece_square`.
struct Canvas {
    side: u8,
    piece_square: Square,
    /// -1 for Black: vectors are written from White's side.
    flip: i32,
    /// -1 for Black when the variant turns Black's moves half round.
    flip_x: i32,
    flags: Vec<Flags>,
    bent_paths: Vec<BentPath>,
}

impl Canvas {
    /// The square (dx, dy) from the piece, and its index in `flags`.
    fn at(&self, dx: i32, dy: i32) -> Option<(Square, usize)> {
        let sq = self.piece_square.offset(dx, dy, self.side, self.side)?;
        Some((
            sq,
            sq.rank() as usize * self.side as usize + sq.file() as usize,
        ))
    }

    /// Marks square `index` as reached by `part` (`hop`: beyond a screen).
    fn mark(&mut self, index: usize, part: &MovePart, hop: bool) {
        let (can_move, can_capture) = (part.mode.can_move(), part.mode.can_capture());
        let Some(f) = self.flags.get_mut(index) else {
            return;
        };
        if part.first_move_only {
            f.first_move = true;
        } else if hop {
            f.hop_captures |= can_capture;
            f.moves |= can_move;
        } else {
            f.moves |= can_move;
            f.captures |= can_capture;
        }
    }

    fn draw_part(&mut self, part: &MovePart) {
        match &part.shape {
            Shape::Leap { vectors } => self.draw_ride(part, vectors, (1, 1, false)),
            Shape::Ride {
                vectors,
                min,
                max,
                odd_only,
            } => {
                let range = (*min as i32, max.map_or(15, |m| m as i32), *odd_only);
                self.draw_ride(part, vectors, range)
            }
            Shape::Hop { vectors } => self.draw_hop(part, vectors),
            Shape::Bent { legs, may_stop } => {
                for leg in legs {
                    self.draw_bent_leg(part, leg, *may_stop);
                }
            }
        }
    }

    /// Distances `min..=max` along each vector (odd ones only if `odd`).
    fn draw_ride(
        &mut self,
        part: &MovePart,
        vectors: &[Vector],
        (min, max, odd): (i32, i32, bool),
    ) {
        for v in vectors {
            for k in min..=max {
                if odd && k % 2 == 0 {
                    continue;
                }
                match self.at(v.dx as i32 * k * self.flip_x, v.dy as i32 * k * self.flip) {
                    Some((_, index)) => self.mark(index, part, false),
                    None => break,
                }
            }
        }
    }

    fn draw_hop(&mut self, part: &MovePart, vectors: &[Vector]) {
        for v in vectors {
            // The nearest square a hop can reach is the second along the line.
            for k in 2..=15 {
                match self.at(v.dx as i32 * k * self.flip_x, v.dy as i32 * k * self.flip) {
                    Some((_, index)) => self.mark(index, part, true),
                    None => break,
                }
            }
        }
    }

    /// One leg of a bent move: its corner, its slides, and the path for the legend.
    fn draw_bent_leg(&mut self, part: &MovePart, leg: &BentLeg, may_stop: bool) {
        let (fx, fy) = (
            leg.first.dx as i32 * self.flip_x,
            leg.first.dy as i32 * self.flip,
        );
        let Some((corner, corner_index)) = self.at(fx, fy) else {
            return;
        };
        if may_stop {
            self.mark(corner_index, part, false);
        }
        let mut slides = Vec::new();
        for s in &leg.slides {
            let (sx, sy) = (s.dx as i32 * self.flip_x, s.dy as i32 * self.flip);
            let mut squares = Vec::new();
            for k in 1..=15 {
                match self.at(fx + sx * k, fy + sy * k) {
                    Some((sq, index)) => {
                        self.mark(index, part, false);
                        squares.push(sq);
                    }
                    None => break,
                }
            }
            slides.push(squares);
        }
        self.bent_paths.push(BentPath {
            corner,
            may_stop,
            slides,
        });
    }

    fn draw_king_jump(&mut self) {
        for (dx, dy) in KING_JUMPS {
            if let Some((_, index)) = self.at(dx, dy) {
                if let Some(f) = self.flags.get_mut(index) {
                    f.first_move = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagram(variant: &str, letter: &str, color: Color) -> MoveDiagram {
        let v = Variant::builtin(variant).unwrap();
        let kind = v.kind_by_letter(letter).unwrap().id;
        move_diagram(&v, kind, color)
    }

    #[test]
    fn pawn_diagram_of_obento() {
        let d = diagram("obento", "P", Color::White);
        assert_eq!(d.width, 9);
        let text = d.to_text();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[1], "....i....");
        assert_eq!(rows[2], "....i....");
        assert_eq!(rows[3], "...xox...");
        assert_eq!(rows[4], "....*....");
        // Black's Pawn goes down the diagram.
        let black = diagram("obento", "P", Color::Black).to_text();
        assert_eq!(black.lines().nth(5), Some("...xox..."));
    }

    #[test]
    fn cannon_diagram_marks_hop_captures() {
        let d = diagram("terachess2", "C", Color::White);
        let c = d.piece_square;
        let next = c.offset(0, 1, d.width, d.height).unwrap();
        let far = c.offset(0, 3, d.width, d.height).unwrap();
        assert_eq!(d.mark(next), Some(Mark::MoveOnly));
        assert_eq!(d.mark(far), Some(Mark::MoveOrHopCapture));
    }

    #[test]
    fn eagle_diagram_lists_bent_paths() {
        let d = diagram("terachess2", "G", Color::White);
        assert_eq!(d.bent_paths.len(), 4);
        assert!(d
            .bent_paths
            .iter()
            .all(|p| p.may_stop && p.slides.len() == 2));
        let gryphon = diagram("gratia", "Y", Color::White);
        let corner = gryphon.bent_paths[0].corner;
        assert_eq!(gryphon.mark(corner), None);
    }

    #[test]
    fn king_jump_is_first_move_only() {
        let d = diagram("terachess2", "K", Color::White);
        let c = d.piece_square;
        assert_eq!(
            d.mark(c.offset(2, 1, 9, 9).unwrap()),
            Some(Mark::FirstMoveOnly)
        );
        assert_eq!(
            d.mark(c.offset(1, 1, 9, 9).unwrap()),
            Some(Mark::MoveOrCapture)
        );
    }

    #[test]
    fn every_piece_of_every_variant_has_a_diagram() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            for piece in v.pieces() {
                let d = move_diagram(&v, piece.id, Color::Black);
                assert!((9..=15).contains(&d.width));
                assert!(d.marks.iter().any(Option::is_some), "{name} {}", piece.name);
            }
        }
    }
}
