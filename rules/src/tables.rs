//! Tables compiled from the movement model: per colour and kind the move generators, and per
//! attacking colour the reverse attack patterns used to answer "is this square attacked".

use crate::model::{BentLeg, MovePart, Shape, Vector};
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
        part: &MovePart,
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

impl Frame {
    /// A White vector for this frame's colour: Black's is mirrored across the middle rank,
    /// or turned half round when the variant says so (Fairy-Stockfish's way).
    fn orient(&self, v: Vector) -> (i8, i8) {
        match (self.color, self.rotate) {
            (Color::White, _) => (v.dx, v.dy),
            (Color::Black, false) => (v.dx, -v.dy),
            (Color::Black, true) => (-v.dx, -v.dy),
        }
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

/// The attack groups of one attacking colour, gathered from every kind's parts.
#[derive(Default)]
struct Attacks {
    rays: Vec<RayAttack>,
    hops: Vec<HopAttack>,
    bents: Vec<BentAttack>,
}

impl Attacks {
    /// A capture along `d` from distance `min` to `max` (odd ones only if `odd`), stored
    /// as seen from the attacked square.
    fn add_ray(&mut self, d: (i8, i8), (min, max, odd): (u8, u8, bool), bit: u64) {
        let back = (-d.0, -d.1);
        let idx = match self.rays.iter().position(|r| (r.dx, r.dy) == back) {
            Some(i) => i,
            None => {
                self.rays.push(RayAttack {
                    dx: back.0,
                    dy: back.1,
                    dir: 0,
                    reach: 0,
                    masks: [0; MAX_DISTANCE],
                });
                self.rays.len() - 1
            }
        };
        let ray = &mut self.rays[idx];
        for k in min..=max.min(MAX_DISTANCE as u8 - 1) {
            if !odd || k % 2 == 1 {
                ray.masks[k as usize] |= bit;
                ray.reach = ray.reach.max(k);
            }
        }
    }

    fn add_hop(&mut self, d: (i8, i8), bit: u64) {
        let back = (-d.0, -d.1);
        match self.hops.iter_mut().find(|h| (h.dx, h.dy) == back) {
            Some(h) => h.mask |= bit,
            None => self.hops.push(HopAttack {
                dx: back.0,
                dy: back.1,
                dir: 0,
                mask: bit,
            }),
        }
    }

    fn add_bent(&mut self, first: (i8, i8), slide: (i8, i8), bit: u64) {
        let back_slide = (-slide.0, -slide.1);
        let back_first = (-first.0, -first.1);
        match self
            .bents
            .iter_mut()
            .find(|b| b.back_slide == back_slide && b.back_first == back_first)
        {
            Some(b) => b.mask |= bit,
            None => self.bents.push(BentAttack {
                back_slide,
                back_first,
                back_slide_dir: 0,
                back_first_dir: 0,
                mask: bit,
            }),
        }
    }
}

/// The generators of one kind for one colour.
#[derive(Default)]
struct KindMoves {
    gens: Vec<Gen>,
    leaps: Vec<LeapSet>,
}

/// The board a part is compiled for, and the colour moving.
#[derive(Clone, Copy)]
struct Frame {
    color: Color,
    /// Black's moves are White's turned half round, not mirrored.
    rotate: bool,
    width: u8,
    height: u8,
    /// The longest ride that fits on the board.
    longest: u8,
}

impl Frame {
    fn gen(&self, part: &MovePart, d: (i8, i8), shape: GenShape) -> Gen {
        Gen {
            dx: d.0,
            dy: d.1,
            dir: 0,
            shape,
            can_move: part.mode.can_move(),
            can_capture: part.mode.can_capture(),
            first_move_only: part.first_move_only,
            promoting: part.promoting,
        }
    }
}

/// One move part of the kind `bit`: its generators into `moves`, its captures into
/// `attacks` (first-move-only parts never capture).
fn compile_part(
    part: &MovePart,
    frame: Frame,
    bit: u64,
    moves: &mut KindMoves,
    attacks: &mut Attacks,
) {
    let captures = part.mode.can_capture() && !part.first_move_only;
    match &part.shape {
        Shape::Leap { vectors } => {
            moves.leaps.push(LeapSet::build(
                vectors.iter().map(|&v| frame.orient(v)),
                part,
                frame.width,
                frame.height,
            ));
            if captures {
                for &v in vectors {
                    attacks.add_ray(frame.orient(v), (1, 1, false), bit);
                }
            }
        }
        Shape::Ride {
            vectors,
            min,
            max,
            odd_only,
        } => {
            let (min, max) = (*min, max.unwrap_or(frame.longest).min(frame.longest));
            let odd_only = *odd_only;
            for &v in vectors {
                let d = frame.orient(v);
                if captures {
                    attacks.add_ray(d, (min, max, odd_only), bit);
                }
                let shape = GenShape::Ride { min, max, odd_only };
                moves.gens.push(frame.gen(part, d, shape));
            }
        }
        Shape::Hop { vectors } => {
            for &v in vectors {
                let d = frame.orient(v);
                moves.gens.push(frame.gen(part, d, GenShape::Hop));
                if captures {
                    attacks.add_hop(d, bit);
                }
            }
        }
        Shape::Bent { legs, may_stop } => {
            for leg in legs {
                compile_bent_leg(part, leg, *may_stop, frame, bit, moves, attacks, captures);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn compile_bent_leg(
    part: &MovePart,
    leg: &BentLeg,
    may_stop: bool,
    frame: Frame,
    bit: u64,
    moves: &mut KindMoves,
    attacks: &mut Attacks,
    captures: bool,
) {
    let first = frame.orient(leg.first);
    let mut slides = [(0i8, 0i8); 4];
    let mut slide_count = 0u8;
    for (i, &s) in leg.slides.iter().take(4).enumerate() {
        slides[i] = frame.orient(s);
        slide_count += 1;
    }
    let shape = GenShape::Bent {
        slides,
        slide_dirs: [0; 4],
        slide_count,
        may_stop,
    };
    moves.gens.push(frame.gen(part, first, shape));
    if captures {
        if may_stop {
            attacks.add_ray(first, (1, 1, false), bit);
        }
        for &s in &slides[..slide_count as usize] {
            attacks.add_bent(first, s, bit);
        }
    }
}

/// Per king square: the squares whose emptying may expose the King to `attacks`
/// (`block`), and where a new piece may become a hopper's screen (`screen`).
fn sensitive_squares(attacks: &Attacks, width: u8, height: u8) -> (Vec<SquareSet>, Vec<SquareSet>) {
    let mut block_sensitive = vec![[0; 4]; 256];
    let mut screen_sensitive = vec![[0; 4]; 256];
    for king in 0..256usize {
        if king % 16 >= width as usize || king / 16 >= height as usize {
            continue;
        }
        let block = &mut block_sensitive[king];
        let screen = &mut screen_sensitive[king];
        for ray in &attacks.rays {
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
        for hop in &attacks.hops {
            let mut sq = king;
            while let Some(next) = step(sq, (hop.dx, hop.dy), width, height) {
                sq = next;
                set_insert(block, sq);
                set_insert(screen, sq);
            }
        }
        for bent in &attacks.bents {
            let mut sq = king;
            while let Some(next) = step(sq, bent.back_slide, width, height) {
                sq = next;
                set_insert(block, sq);
            }
        }
    }
    (block_sensitive, screen_sensitive)
}

/// The attack groups of one colour by the primitive direction they lie along.
fn line_groups(attacks: &Attacks) -> Vec<LineGroup> {
    let mut lines = vec![LineGroup::default(); LINE_SLOTS];
    // A leap (reach 1) cannot be blocked, so no line change can uncover it.
    for (i, ray) in attacks.rays.iter().enumerate().filter(|(_, r)| r.reach > 1) {
        lines[primitive_slot(ray.dx as i32, ray.dy as i32)]
            .rays
            .push(i as u16);
    }
    for (i, hop) in attacks.hops.iter().enumerate() {
        lines[primitive_slot(hop.dx as i32, hop.dy as i32)]
            .hops
            .push(i as u16);
    }
    for (i, bent) in attacks.bents.iter().enumerate() {
        let (dx, dy) = bent.back_slide;
        lines[primitive_slot(dx as i32, dy as i32)]
            .bents
            .push(i as u16);
    }
    lines
}

/// Gives every generator and attack group its direction ids; returns the directions.
fn assign_directions(gens: &mut [Vec<Vec<Gen>>; 2], attacks: &mut [Attacks; 2]) -> Vec<(i8, i8)> {
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
    for a in attacks.iter_mut() {
        for r in a.rays.iter_mut() {
            r.dir = intern(&mut dirs, (r.dx, r.dy));
        }
        for h in a.hops.iter_mut() {
            h.dir = intern(&mut dirs, (h.dx, h.dy));
        }
        for b in a.bents.iter_mut() {
            b.back_slide_dir = intern(&mut dirs, b.back_slide);
            b.back_first_dir = intern(&mut dirs, b.back_first);
        }
    }
    dirs
}

/// `next[direction id][square]`: the square one step further, or `OFF`.
fn next_squares(dirs: &[(i8, i8)], width: u8, height: u8) -> Vec<[u16; 256]> {
    dirs.iter()
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
        .collect()
}

/// Per colour: bit r set if rank r is in that colour's promotion zone.
fn zone_ranks(height: u8, promotion_zone: u8) -> [u16; 2] {
    let mut zone_ranks = [0u16; 2];
    for rank in 0..height {
        if rank + promotion_zone >= height {
            zone_ranks[0] |= 1 << rank;
            zone_ranks[1] |= 1 << (height - 1 - rank);
        }
    }
    zone_ranks
}

impl Tables {
    pub(crate) fn build(
        pieces: &[PieceKind],
        (width, height): (u8, u8),
        promotion_zone: u8,
        rotate: bool,
    ) -> Tables {
        let longest = width.max(height).saturating_sub(1).max(1);
        let mut gens: [Vec<Vec<Gen>>; 2] = [Vec::new(), Vec::new()];
        let mut leaps: [Vec<Vec<LeapSet>>; 2] = [Vec::new(), Vec::new()];
        let mut attacks: [Attacks; 2] = Default::default();
        for color in [Color::White, Color::Black] {
            let c = color.index();
            let frame = Frame {
                color,
                rotate,
                width,
                height,
                longest,
            };
            for kind in pieces {
                let bit = 1u64 << kind.id.index();
                let mut moves = KindMoves::default();
                for part in &kind.moves {
                    compile_part(part, frame, bit, &mut moves, &mut attacks[c]);
                }
                gens[c].push(moves.gens);
                leaps[c].push(moves.leaps);
            }
            // Short rays first: they are the cheapest to test.
            attacks[c].rays.sort_by_key(|r| r.reach);
        }
        // Indexed by the King's colour; the attackers are the other colour.
        let [white_attacks, black_attacks] = &attacks;
        let (white_block, white_screen) = sensitive_squares(black_attacks, width, height);
        let (black_block, black_screen) = sensitive_squares(white_attacks, width, height);
        let lines = [line_groups(white_attacks), line_groups(black_attacks)];
        // Direction ids and the next-square table shared by generation and attack tests.
        let dirs = assign_directions(&mut gens, &mut attacks);
        let has_hoppers = attacks.iter().any(|a| !a.hops.is_empty());
        let has_promoting_parts = pieces
            .iter()
            .map(|p| p.moves.iter().any(|m| m.promoting))
            .collect();
        let may_repeat_moves = pieces
            .iter()
            .map(|p| crate::model::find_overlap(&p.moves).is_some())
            .collect();
        let mut promotable: Vec<bool> = pieces.iter().map(|p| p.can_promote()).collect();
        promotable.resize(64, false);
        let [white, black] = attacks;
        Tables {
            zone_ranks: zone_ranks(height, promotion_zone),
            promotable,
            next: next_squares(&dirs, width, height),
            gens,
            leaps,
            has_promoting_parts,
            may_repeat_moves,
            rays: [white.rays, black.rays],
            hops: [white.hops, black.hops],
            bents: [white.bents, black.bents],
            has_hoppers,
            lines,
            block_sensitive: [white_block, black_block],
            screen_sensitive: [white_screen, black_screen],
        }
    }
}
