//! Tables compiled from the movement model: per colour and kind the move generators, and per
//! attacking colour the reverse attack patterns used to answer "is this square attacked".

use crate::model::{Shape, Vector};
use crate::square::Color;
use crate::variant::PieceKind;

/// Distances are at most 15 on a 16 x 16 board.
pub(crate) const MAX_DISTANCE: usize = 16;

#[derive(Clone, Copy, Debug)]
pub(crate) enum GenShape {
    Ride {
        min: u8,
        max: u8,
        odd_only: bool,
    },
    Hop,
    Bent {
        slides: [(i8, i8); 4],
        /// Direction ids of `slides` (see `Tables::next`).
        slide_dirs: [u16; 4],
        slide_count: u8,
        may_stop: bool,
    },
}

/// One direction of one move part, in absolute board terms for one colour.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Gen {
    pub dx: i8,
    pub dy: i8,
    /// Direction id of (dx, dy) in `Tables::next`.
    pub dir: u16,
    pub shape: GenShape,
    pub can_move: bool,
    pub can_capture: bool,
    pub first_move_only: bool,
    pub promoting: bool,
}

/// One leap part for one colour: the squares it reaches from each square.
#[derive(Clone, Debug)]
pub(crate) struct LeapSet {
    pub can_move: bool,
    pub can_capture: bool,
    pub first_move_only: bool,
    pub promoting: bool,
    /// Targets of square i are `squares[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    squares: Vec<u8>,
}

impl LeapSet {
    fn build(
        vectors: impl Iterator<Item = (i8, i8)> + Clone,
        part: &crate::model::MovePart,
        width: u8,
        height: u8,
    ) -> LeapSet {
        let mut offsets = Vec::with_capacity(257);
        let mut squares = Vec::new();
        for index in 0..256usize {
            offsets.push(squares.len() as u32);
            if index % 16 >= width as usize || index / 16 >= height as usize {
                continue;
            }
            for d in vectors.clone() {
                if let Some(t) = step(index, d, width, height) {
                    squares.push(t as u8);
                }
            }
        }
        offsets.push(squares.len() as u32);
        LeapSet {
            can_move: part.mode.can_move(),
            can_capture: part.mode.can_capture(),
            first_move_only: part.first_move_only,
            promoting: part.promoting,
            offsets,
            squares,
        }
    }

    /// The squares this leap reaches from square `index`.
    #[inline]
    pub fn targets(&self, index: usize) -> &[u8] {
        match (self.offsets.get(index), self.offsets.get(index + 1)) {
            (Some(&a), Some(&b)) => self.squares.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// Attackers along a line from the attacked square: `masks[k]` holds the kinds that capture
/// from distance k (the first piece met must be one of them).
#[derive(Clone, Debug)]
pub(crate) struct RayAttack {
    pub dx: i8,
    pub dy: i8,
    pub dir: u16,
    pub reach: u8,
    pub masks: [u64; MAX_DISTANCE],
}

/// Hoppers attacking along a line: the second piece met must be one of them.
#[derive(Clone, Debug)]
pub(crate) struct HopAttack {
    pub dx: i8,
    pub dy: i8,
    pub dir: u16,
    pub mask: u64,
}

/// Bent riders: walk back along `back_slide` over empty squares (each a possible corner); the
/// attacker stands at corner + `back_first`.
#[derive(Clone, Debug)]
pub(crate) struct BentAttack {
    pub back_slide: (i8, i8),
    pub back_first: (i8, i8),
    pub back_slide_dir: u16,
    pub back_first_dir: u16,
    pub mask: u64,
}

/// The attack groups lying along one primitive direction from the attacked square.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineGroup {
    pub rays: Vec<u16>,
    pub hops: Vec<u16>,
    pub bents: Vec<u16>,
}

/// Number of primitive directions indexed by `line_index` (dx, dy in -15..=15).
const LINE_SLOTS: usize = 31 * 31;

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

fn primitive_slot(dx: i32, dy: i32) -> usize {
    let g = gcd(dx, dy).max(1);
    ((dx / g + 15) * 31 + (dy / g + 15)) as usize
}

/// The slot of the primitive direction from `from` toward `to`.
pub(crate) fn line_index(from: crate::square::Square, to: crate::square::Square) -> usize {
    let dx = to.file() as i32 - from.file() as i32;
    let dy = to.rank() as i32 - from.rank() as i32;
    primitive_slot(dx, dy)
}

/// A set of squares (index `rank * 16 + file`).
pub(crate) type SquareSet = [u64; 4];

pub(crate) fn set_contains(set: &SquareSet, index: usize) -> bool {
    set[index >> 6] & (1u64 << (index & 63)) != 0
}

fn set_insert(set: &mut SquareSet, index: usize) {
    set[index >> 6] |= 1u64 << (index & 63);
}

/// `Tables::next` entry for a step off the board.
pub(crate) const OFF: u16 = u16::MAX;

fn intern(dirs: &mut Vec<(i8, i8)>, d: (i8, i8)) -> u16 {
    match dirs.iter().position(|&x| x == d) {
        Some(i) => i as u16,
        None => {
            dirs.push(d);
            (dirs.len() - 1) as u16
        }
    }
}

pub(crate) struct Tables {
    /// `gens[colour][kind]`: rides, hops and bent moves.
    pub gens: [Vec<Vec<Gen>>; 2],
    /// `leaps[colour][kind]`: leap parts, as per-square target lists.
    pub leaps: [Vec<Vec<LeapSet>>; 2],
    /// Kinds that can promote at all (`PieceKind::can_promote`), indexed by kind; 64 entries.
    pub promotable: Vec<bool>,
    /// Per colour: bit r set if rank r is in that colour's promotion zone.
    pub zone_ranks: [u16; 2],
    /// Kinds having at least one `promoting` part.
    pub has_promoting_parts: Vec<bool>,
    /// Kinds whose parts can reach one square in two ways (see `model::find_overlap`): their
    /// generated moves are deduplicated.
    pub may_repeat_moves: Vec<bool>,
    /// `next[direction id][square]`: the square one step further, or `OFF`.
    pub next: Vec<[u16; 256]>,
    /// Indexed by the attacking colour.
    pub rays: [Vec<RayAttack>; 2],
    pub hops: [Vec<HopAttack>; 2],
    pub bents: [Vec<BentAttack>; 2],
    pub has_hoppers: bool,
    /// Indexed by the attacking colour, then by `line_index`: the groups along that line.
    pub lines: [Vec<LineGroup>; 2],
    /// `[king colour][king square]`: squares whose emptying may expose the King.
    pub block_sensitive: [Vec<SquareSet>; 2],
    /// `[king colour][king square]`: squares where a new piece may become a hopper's screen.
    pub screen_sensitive: [Vec<SquareSet>; 2],
}

fn orient(v: Vector, color: Color) -> (i8, i8) {
    match color {
        Color::White => (v.dx, v.dy),
        Color::Black => (v.dx, -v.dy),
    }
}

/// The square index one step `d` from `index` on a `width` x `height` board, if any.
#[inline]
pub(crate) fn step(index: usize, d: (i8, i8), width: u8, height: u8) -> Option<usize> {
    let file = (index % 16) as i32 + d.0 as i32;
    let rank = (index / 16) as i32 + d.1 as i32;
    if file >= 0 && rank >= 0 && file < width as i32 && rank < height as i32 {
        Some((rank * 16 + file) as usize)
    } else {
        None
    }
}

impl Tables {
    pub(crate) fn build(pieces: &[PieceKind], width: u8, height: u8, promotion_zone: u8) -> Tables {
        let longest = width.max(height).saturating_sub(1).max(1);
        let mut gens: [Vec<Vec<Gen>>; 2] = [Vec::new(), Vec::new()];
        let mut leaps: [Vec<Vec<LeapSet>>; 2] = [Vec::new(), Vec::new()];
        let mut rays: [Vec<RayAttack>; 2] = [Vec::new(), Vec::new()];
        let mut hops: [Vec<HopAttack>; 2] = [Vec::new(), Vec::new()];
        let mut bents: [Vec<BentAttack>; 2] = [Vec::new(), Vec::new()];
        let mut has_hoppers = false;
        for color in [Color::White, Color::Black] {
            let c = color.index();
            for kind in pieces {
                let bit = 1u64 << kind.id.index();
                let mut kind_gens = Vec::new();
                let mut kind_leaps = Vec::new();
                for part in &kind.moves {
                    let can_move = part.mode.can_move();
                    let can_capture = part.mode.can_capture();
                    let mut add_ray = |d: (i8, i8), min: u8, max: u8, odd: bool| {
                        let back = (-d.0, -d.1);
                        let idx = match rays[c].iter().position(|r| (r.dx, r.dy) == back) {
                            Some(i) => i,
                            None => {
                                rays[c].push(RayAttack {
                                    dx: back.0,
                                    dy: back.1,
                                    dir: 0,
                                    reach: 0,
                                    masks: [0; MAX_DISTANCE],
                                });
                                rays[c].len() - 1
                            }
                        };
                        let ray = &mut rays[c][idx];
                        for k in min..=max.min(MAX_DISTANCE as u8 - 1) {
                            if !odd || k % 2 == 1 {
                                ray.masks[k as usize] |= bit;
                                ray.reach = ray.reach.max(k);
                            }
                        }
                    };
                    match &part.shape {
                        Shape::Leap { vectors } | Shape::Ride { vectors, .. } => {
                            let (min, max, odd_only) = match &part.shape {
                                Shape::Ride {
                                    min, max, odd_only, ..
                                } => (*min, max.unwrap_or(longest).min(longest), *odd_only),
                                _ => (1, 1, false),
                            };
                            if matches!(part.shape, Shape::Leap { .. }) {
                                kind_leaps.push(LeapSet::build(
                                    vectors.iter().map(|&v| orient(v, color)),
                                    part,
                                    width,
                                    height,
                                ));
                            }
                            for &v in vectors {
                                let d = orient(v, color);
                                if can_capture && !part.first_move_only {
                                    add_ray(d, min, max, odd_only);
                                }
                                if matches!(part.shape, Shape::Leap { .. }) {
                                    continue;
                                }
                                kind_gens.push(Gen {
                                    dx: d.0,
                                    dy: d.1,
                                    dir: 0,
                                    shape: GenShape::Ride { min, max, odd_only },
                                    can_move,
                                    can_capture,
                                    first_move_only: part.first_move_only,
                                    promoting: part.promoting,
                                });
                            }
                        }
                        Shape::Hop { vectors } => {
                            for &v in vectors {
                                let d = orient(v, color);
                                kind_gens.push(Gen {
                                    dx: d.0,
                                    dy: d.1,
                                    dir: 0,
                                    shape: GenShape::Hop,
                                    can_move,
                                    can_capture,
                                    first_move_only: part.first_move_only,
                                    promoting: part.promoting,
                                });
                                if can_capture && !part.first_move_only {
                                    has_hoppers = true;
                                    let back = (-d.0, -d.1);
                                    match hops[c].iter_mut().find(|h| (h.dx, h.dy) == back) {
                                        Some(h) => h.mask |= bit,
                                        None => hops[c].push(HopAttack {
                                            dx: back.0,
                                            dy: back.1,
                                            dir: 0,
                                            mask: bit,
                                        }),
                                    }
                                }
                            }
                        }
                        Shape::Bent { legs, may_stop } => {
                            for leg in legs {
                                let first = orient(leg.first, color);
                                let mut slides = [(0i8, 0i8); 4];
                                let mut slide_count = 0u8;
                                for (i, &s) in leg.slides.iter().take(4).enumerate() {
                                    slides[i] = orient(s, color);
                                    slide_count += 1;
                                }
                                kind_gens.push(Gen {
                                    dx: first.0,
                                    dy: first.1,
                                    dir: 0,
                                    shape: GenShape::Bent {
                                        slides,
                                        slide_dirs: [0; 4],
                                        slide_count,
                                        may_stop: *may_stop,
                                    },
                                    can_move,
                                    can_capture,
                                    first_move_only: part.first_move_only,
                                    promoting: part.promoting,
                                });
                                if can_capture && !part.first_move_only {
                                    if *may_stop {
                                        add_ray(first, 1, 1, false);
                                    }
                                    for &s in &slides[..slide_count as usize] {
                                        let back_slide = (-s.0, -s.1);
                                        let back_first = (-first.0, -first.1);
                                        match bents[c].iter_mut().find(|b| {
                                            b.back_slide == back_slide && b.back_first == back_first
                                        }) {
                                            Some(b) => b.mask |= bit,
                                            None => bents[c].push(BentAttack {
                                                back_slide,
                                                back_first,
                                                back_slide_dir: 0,
                                                back_first_dir: 0,
                                                mask: bit,
                                            }),
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                gens[c].push(kind_gens);
                leaps[c].push(kind_leaps);
            }
            // Short rays first: they are the cheapest to test.
            rays[c].sort_by_key(|r| r.reach);
        }

        let mut block_sensitive: [Vec<SquareSet>; 2] = [Vec::new(), Vec::new()];
        let mut screen_sensitive: [Vec<SquareSet>; 2] = [Vec::new(), Vec::new()];
        for king_color in [Color::White, Color::Black] {
            let attacker = king_color.opposite().index();
            let kc = king_color.index();
            block_sensitive[kc] = vec![[0; 4]; 256];
            screen_sensitive[kc] = vec![[0; 4]; 256];
            for king in 0..256usize {
                if king % 16 >= width as usize || king / 16 >= height as usize {
                    continue;
                }
                let block = &mut block_sensitive[kc][king];
                let screen = &mut screen_sensitive[kc][king];
                for ray in &rays[attacker] {
                    let mut sq = king;
                    for _ in 1..ray.reach {
                        match step(sq, (ray.dx, ray.dy), width, height) {
                            Some(next) => {
                                sq = next;
                                set_insert(block, sq);
                            }
                            None => break,
                        }
                    }
                }
                for hop in &hops[attacker] {
                    let mut sq = king;
                    while let Some(next) = step(sq, (hop.dx, hop.dy), width, height) {
                        sq = next;
                        set_insert(block, sq);
                        set_insert(screen, sq);
                    }
                }
                for bent in &bents[attacker] {
                    let mut sq = king;
                    while let Some(next) = step(sq, bent.back_slide, width, height) {
                        sq = next;
                        set_insert(block, sq);
                    }
                }
            }
        }
        let mut lines: [Vec<LineGroup>; 2] = [
            vec![LineGroup::default(); LINE_SLOTS],
            vec![LineGroup::default(); LINE_SLOTS],
        ];
        for c in 0..2 {
            // A leap (reach 1) cannot be blocked, so no line change can uncover it.
            for (i, ray) in rays[c].iter().enumerate().filter(|(_, r)| r.reach > 1) {
                lines[c][primitive_slot(ray.dx as i32, ray.dy as i32)]
                    .rays
                    .push(i as u16);
            }
            for (i, hop) in hops[c].iter().enumerate() {
                lines[c][primitive_slot(hop.dx as i32, hop.dy as i32)]
                    .hops
                    .push(i as u16);
            }
            for (i, bent) in bents[c].iter().enumerate() {
                let (dx, dy) = bent.back_slide;
                lines[c][primitive_slot(dx as i32, dy as i32)]
                    .bents
                    .push(i as u16);
            }
        }
        let has_promoting_parts = pieces
            .iter()
            .map(|p| p.moves.iter().any(|m| m.promoting))
            .collect();
        // Direction ids and the next-square table shared by generation and attack tests.
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        for per_color in gens.iter_mut() {
            for g in per_color.iter_mut().flatten() {
                g.dir = intern(&mut dirs, (g.dx, g.dy));
                if let GenShape::Bent {
                    slides,
                    slide_dirs,
                    slide_count,
                    ..
                } = &mut g.shape
                {
                    for i in 0..*slide_count as usize {
                        slide_dirs[i] = intern(&mut dirs, slides[i]);
                    }
                }
            }
        }
        for c in 0..2 {
            for r in rays[c].iter_mut() {
                r.dir = intern(&mut dirs, (r.dx, r.dy));
            }
            for h in hops[c].iter_mut() {
                h.dir = intern(&mut dirs, (h.dx, h.dy));
            }
            for b in bents[c].iter_mut() {
                b.back_slide_dir = intern(&mut dirs, b.back_slide);
                b.back_first_dir = intern(&mut dirs, b.back_first);
            }
        }
        let next = dirs
            .iter()
            .map(|&d| {
                let mut row = [OFF; 256];
                for (index, slot) in row.iter_mut().enumerate() {
                    if index % 16 < width as usize && index / 16 < height as usize {
                        if let Some(n) = step(index, d, width, height) {
                            *slot = n as u16;
                        }
                    }
                }
                row
            })
            .collect();
        let may_repeat_moves = pieces
            .iter()
            .map(|p| crate::model::find_overlap(&p.moves).is_some())
            .collect();
        let mut promotable: Vec<bool> = pieces.iter().map(|p| p.can_promote()).collect();
        promotable.resize(64, false);
        let mut zone_ranks = [0u16; 2];
        for rank in 0..height {
            if rank + promotion_zone >= height {
                zone_ranks[0] |= 1 << rank;
                zone_ranks[1] |= 1 << (height - 1 - rank);
            }
        }
        Tables {
            zone_ranks,
            promotable,
            next,
            gens,
            leaps,
            has_promoting_parts,
            may_repeat_moves,
            rays,
            hops,
            bents,
            has_hoppers,
            lines,
            block_sensitive,
            screen_sensitive,
        }
    }
}
