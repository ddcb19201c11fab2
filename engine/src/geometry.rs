//! Piece movement as the evaluation walks it: the rules' movement model
//! ([`PieceKind::moves`]) flattened into per-colour walks over a plain board of cells. Used
//! for mobility, attacks near the royal piece and the value of pieces that have none.
//! First-move-only parts are left out: they matter for a move or two and would only blur
//! the estimates.

use plypost_rules::model::{Mode, Shape};
use plypost_rules::{Color, PieceKind};

/// A board cell for the evaluation: 0 empty, else `kind + 1`, with [`BLACK`] set for Black.
pub(crate) type Cell = u8;
pub(crate) const BLACK: Cell = 0x80;

/// The index of a square on the 16x16 grid the rules crate uses (`rank * 16 + file`).
#[inline]
pub(crate) fn index(file: i32, rank: i32) -> usize {
    (rank * 16 + file) as usize
}

/// One direction of one move part, from the mover's point of view already (Black's vectors
/// are mirrored).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Walk {
    Leap {
        dx: i8,
        dy: i8,
        mode: Mode,
    },
    Ride {
        dx: i8,
        dy: i8,
        min: u8,
        max: u8,
        odd: bool,
        mode: Mode,
    },
    Hop {
        dx: i8,
        dy: i8,
        mode: Mode,
    },
    /// A first leg to a corner, then slides in up to four directions.
    Bent {
        dx: i8,
        dy: i8,
        slides: [(i8, i8); 4],
        count: u8,
        stop: bool,
        mode: Mode,
    },
}

/// The walks of `kind` for `color` (`rotate`: Black's moves are White's turned half round,
/// `Variant::black_rotated`).
pub(crate) fn walks(kind: &PieceKind, color: Color, rotate: bool) -> Vec<Walk> {
    let flip = if color == Color::White { 1 } else { -1 };
    let side = if color == Color::Black && rotate {
        -1
    } else {
        1
    };
    let mut out = Vec::new();
    for part in kind.moves.iter().filter(|p| !p.first_move_only) {
        let mode = part.mode;
        match &part.shape {
            Shape::Leap { vectors } => {
                for v in vectors {
                    out.push(Walk::Leap {
                        dx: v.dx * side,
                        dy: v.dy * flip,
                        mode,
                    });
                }
            }
            Shape::Ride {
                vectors,
                min,
                max,
                odd_only,
            } => {
                for v in vectors {
                    out.push(Walk::Ride {
                        dx: v.dx * side,
                        dy: v.dy * flip,
                        min: *min,
                        max: max.unwrap_or(u8::MAX),
                        odd: *odd_only,
                        mode,
                    });
                }
            }
            Shape::Hop { vectors } => {
                for v in vectors {
                    out.push(Walk::Hop {
                        dx: v.dx * side,
                        dy: v.dy * flip,
                        mode,
                    });
                }
            }
            Shape::Bent { legs, may_stop } => {
                for leg in legs {
                    let mut slides = [(0, 0); 4];
                    let mut count = 0;
                    for s in leg.slides.iter().take(4) {
                        slides[count] = (s.dx * side, s.dy * flip);
                        count += 1;
                    }
                    out.push(Walk::Bent {
                        dx: leg.first.dx * side,
                        dy: leg.first.dy * flip,
                        slides,
                        count: count as u8,
                        stop: *may_stop,
                        mode,
                    });
                }
            }
        }
    }
    out
}

/// A board for walking: cells and size.
pub(crate) struct Grid<'a> {
    pub cells: &'a [Cell; 256],
    pub width: i32,
    pub height: i32,
}

impl Grid<'_> {
    #[inline]
    fn on(&self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && file < self.width && rank < self.height
    }
}

/// Calls `visit(square index, mode, cell there)` for every square the walks reach from
/// (`file`, `rank`): empty squares on the way and the first occupied square of each line
/// (whatever stands there: the caller decides what a move, a capture or a defence is).
#[inline]
pub(crate) fn reach(
    walks: &[Walk],
    grid: &Grid<'_>,
    file: i32,
    rank: i32,
    visit: &mut impl FnMut(usize, Mode, Cell),
) {
    for walk in walks {
        match *walk {
            Walk::Leap { dx, dy, mode } => {
                let (f, r) = (file + dx as i32, rank + dy as i32);
                if grid.on(f, r) {
                    let i = index(f, r);
                    visit(i, mode, grid.cells[i]);
                }
            }
            Walk::Ride {
                dx,
                dy,
                min,
                max,
                odd,
                mode,
            } => ride(grid, file, rank, (dx, dy), (min, max, odd), mode, visit),
            Walk::Hop { dx, dy, mode } => hop(grid, file, rank, (dx, dy), mode, visit),
            Walk::Bent {
                dx,
                dy,
                slides,
                count,
                stop,
                mode,
            } => {
                let (cf, cr) = (file + dx as i32, rank + dy as i32);
                if !grid.on(cf, cr) {
                    continue;
                }
                let corner = index(cf, cr);
                if stop {
                    visit(corner, mode, grid.cells[corner]);
                }
                if grid.cells[corner] != 0 {
                    continue;
                }
                for &slide in &slides[..count as usize] {
                    ride(grid, cf, cr, slide, (1, u8::MAX, false), mode, visit);
                }
            }
        }
    }
}

#[inline]
fn ride(
    grid: &Grid<'_>,
    file: i32,
    rank: i32,
    (dx, dy): (i8, i8),
    (min, max, odd): (u8, u8, bool),
    mode: Mode,
    visit: &mut impl FnMut(usize, Mode, Cell),
) {
    let (mut f, mut r) = (file, rank);
    let mut steps = 0u8;
    while steps < max {
        f += dx as i32;
        r += dy as i32;
        steps += 1;
        if !grid.on(f, r) {
            return;
        }
        let i = index(f, r);
        let cell = grid.cells[i];
        if steps >= min && (!odd || steps % 2 == 1) {
            visit(i, mode, cell);
        }
        if cell != 0 {
            return;
        }
    }
}

#[inline]
fn hop(
    grid: &Grid<'_>,
    file: i32,
    rank: i32,
    (dx, dy): (i8, i8),
    mode: Mode,
    visit: &mut impl FnMut(usize, Mode, Cell),
) {
    let (mut f, mut r) = (file, rank);
    let mut screened = false;
    loop {
        f += dx as i32;
        r += dy as i32;
        if !grid.on(f, r) {
            return;
        }
        let i = index(f, r);
        let cell = grid.cells[i];
        if screened {
            visit(i, mode, cell);
            if cell != 0 {
                return;
            }
        } else if cell != 0 {
            screened = true;
        }
    }
}

/// How many squares the walks reach from (`file`, `rank`) on an empty `width` x `height`
/// board, counting a move-only or capture-only square as half, and a hop's line (which
/// needs a screen) as a third of what a rider would reach.
pub(crate) fn empty_board_mobility(
    walks: &[Walk],
    width: i32,
    height: i32,
    file: i32,
    rank: i32,
) -> f64 {
    let empty = [0u8; 256];
    let grid = Grid {
        cells: &empty,
        width,
        height,
    };
    let weight = |mode: Mode| {
        if mode == Mode::MoveOrCapture {
            1.0
        } else {
            0.5
        }
    };
    let mut total = 0.0;
    for walk in walks {
        let one = std::slice::from_ref(walk);
        match *walk {
            Walk::Hop { dx, dy, mode } => {
                let mut n = 0.0;
                ride(
                    &grid,
                    file,
                    rank,
                    (dx, dy),
                    (1, u8::MAX, false),
                    mode,
                    &mut |_, _, _| n += 1.0,
                );
                total += n * weight(mode) / 3.0;
            }
            _ => reach(one, &grid, file, rank, &mut |_, mode, _| {
                total += weight(mode)
            }),
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::Variant;

    fn kind<'v>(v: &'v Variant, letter: &str) -> &'v PieceKind {
        v.kind_by_letter(letter).unwrap()
    }

    #[test]
    fn empty_board_mobility_of_chess_pieces() {
        let v = Variant::builtin("chess").unwrap();
        let m = |l: &str, f, r| {
            empty_board_mobility(&walks(kind(&v, l), Color::White, false), 8, 8, f, r)
        };
        assert_eq!(m("N", 0, 0), 2.0);
        assert_eq!(m("N", 3, 3), 8.0);
        assert_eq!(m("R", 3, 3), 14.0);
        assert_eq!(m("Q", 3, 3), 27.0);
        // Pawn: a move-only step and two capture-only steps, each counted half.
        assert_eq!(m("P", 3, 3), 1.5);
    }

    #[test]
    fn rides_stop_at_the_first_piece_and_hops_need_a_screen() {
        let v = Variant::builtin("shako").unwrap();
        let cannon = walks(kind(&v, "C"), Color::White, false);
        let mut cells = [0u8; 256];
        cells[index(0, 3)] = 1; // a screen on a4
        cells[index(0, 6)] = 2 | BLACK; // a piece to take on a7
        let grid = Grid {
            cells: &cells,
            width: 10,
            height: 10,
        };
        let mut captures = Vec::new();
        let mut moves = 0;
        reach(&cannon, &grid, 0, 0, &mut |i, mode, cell| {
            if cell != 0 && mode.can_capture() {
                captures.push(i);
            }
            if cell == 0 && mode.can_move() {
                moves += 1;
            }
        });
        assert_eq!(captures, vec![index(0, 6)]);
        // a2, a3 up the file (the hop's empty squares a5, a6 are capture-only), b1..j1.
        assert_eq!(moves, 2 + 9);
    }
}
