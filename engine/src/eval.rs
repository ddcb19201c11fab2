//! Static evaluation for any variant definition: material, placement, mobility, king safety
//! and pawn advancement, all derived from the variant's data when it is built, so that a
//! custom variant is evaluated as sensibly as a built-in one.

use crate::geometry::{empty_board_mobility, index, reach, walks, Cell, Grid, Walk, BLACK};
use plypost_rules::model::Mode;
use plypost_rules::{Color, Position, Square, Variant};

/// Mobility: centipawns per reachable square.
const MOBILITY: i32 = 2;
/// Placement: centipawns per square of empty-board mobility above the piece's average.
const CENTRE: f64 = 3.0;
/// King safety: centipawns per enemy attack on a square next to the royal piece, squared
/// growth, capped.
const KING_ATTACK: i32 = 6;
const KING_ATTACK_CAP: i32 = 600;
/// Centipawns per step closer to the enemy royal piece (Chebyshev distance, up to 7).
const TROPISM: i32 = 2;
const TEMPO: i32 = 10;
/// A royal piece keeping its first-move jump, and each castling right.
const JUMP_RIGHT: i32 = 12;
const CASTLING_RIGHT: i32 = 8;
/// Full middle game.
const PHASE_MAX: i32 = 256;

/// What the evaluation knows about one piece kind.
#[derive(Clone, Debug)]
pub(crate) struct KindInfo {
    /// Centipawns (the file's value × 100, Rook = 500; derived from mobility without one).
    pub value: i32,
    pub royal: bool,
    /// It can promote: advancement toward the zone is worth part of the gain.
    pub promotes: bool,
    /// The best promotion's value minus this kind's.
    pub promotion_gain: i32,
    walks: [Vec<Walk>; 2],
}

/// The evaluation of one variant. Built once per variant (a few milliseconds), then shared
/// by every search of it.
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    width: i32,
    height: i32,
    pub(crate) kinds: Vec<KindInfo>,
    /// `[color][kind][square]` placement bonus (non-royal kinds).
    pst: Vec<i16>,
    /// `[color][square]` the royal piece's placement, middle game and ending.
    king_mg: Vec<i16>,
    king_eg: Vec<i16>,
    /// Material of both sides in the start position, pieces that promote and royals left
    /// out: the measure of the game's phase.
    start_material: i32,
}

/// The value of a kind without one in the file: from its average mobility on an empty board
/// (fitted on the orthodox pieces: Knight ≈ 230, Bishop ≈ 360, Rook ≈ 560, Queen ≈ 890).
fn derived_value(average_mobility: f64) -> i32 {
    (30.0 + 38.0 * average_mobility).round() as i32
}

impl Evaluator {
    pub fn new(variant: &Variant) -> Evaluator {
        let (width, height) = (variant.width() as i32, variant.height() as i32);
        let mut kinds = Vec::new();
        let mut mobility_maps = Vec::new();
        for kind in variant.pieces() {
            let rotate = variant.black_rotated();
            let w = [
                walks(kind, Color::White, rotate),
                walks(kind, Color::Black, rotate),
            ];
            let mut map = vec![0.0; 256];
            let mut sum = 0.0;
            for rank in 0..height {
                for file in 0..width {
                    let m = empty_board_mobility(&w[0], width, height, file, rank);
                    map[index(file, rank)] = m;
                    sum += m;
                }
            }
            let average = sum / (width * height) as f64;
            let value = match kind.value {
                _ if kind.is_royal => 0,
                Some(v) => (v * 100.0).round() as i32,
                None => derived_value(average),
            };
            kinds.push(KindInfo {
                value,
                royal: kind.is_royal,
                promotes: kind.can_promote() && !kind.is_royal,
                promotion_gain: 0,
                walks: w,
            });
            mobility_maps.push((map, average));
        }
        for (i, kind) in variant.pieces().iter().enumerate() {
            let mut targets: Vec<usize> = kind
                .promotes_to
                .iter()
                .chain(kind.black_promotes_to.iter().flatten())
                .map(|k| k.index())
                .collect();
            if kind.promotes_by_start_file {
                targets.extend(
                    (0..width as u8)
                        .filter_map(|f| variant.file_promotion_target(f))
                        .map(|k| k.index()),
                );
            }
            let best = targets
                .iter()
                .filter_map(|&t| kinds.get(t))
                .map(|k| k.value)
                .max();
            kinds[i].promotion_gain = best.map_or(0, |b| (b - kinds[i].value).max(0));
        }
        let mut eval = Evaluator {
            variant: variant.clone(),
            width,
            height,
            kinds,
            pst: vec![0; 2 * variant.pieces().len() * 256],
            king_mg: vec![0; 2 * 256],
            king_eg: vec![0; 2 * 256],
            start_material: 0,
        };
        eval.fill_tables(&mobility_maps);
        eval.start_material = eval.phase_material(&Position::start(variant)).max(1);
        eval
    }

    /// The variant this evaluator was built for.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    fn fill_tables(&mut self, mobility_maps: &[(Vec<f64>, f64)]) {
        let (w, h) = (self.width, self.height);
        let zone = self.variant.promotion_zone() as i32;
        let (cx, cy) = ((w - 1) as f64 / 2.0, (h - 1) as f64 / 2.0);
        let kinds = self.kinds.len();
        for color in 0..2 {
            for rank in 0..h {
                let relative = if color == 0 { rank } else { h - 1 - rank };
                for file in 0..w {
                    let sq = index(file, rank);
                    // 1 in the centre, 0 in a corner.
                    let centrality = 1.0
                        - ((file as f64 - cx).abs() + (rank as f64 - cy).abs())
                            / (cx + cy).max(1.0);
                    for (k, info) in self.kinds.iter().enumerate() {
                        let (map, average) = &mobility_maps[k];
                        let value = if info.royal {
                            0.0
                        } else if info.promotes && info.promotion_gain > 0 {
                            let start_of_zone = (h - zone).max(1) as f64;
                            let progress = (relative as f64 / start_of_zone).min(1.0);
                            info.promotion_gain as f64 * progress.powi(3) * 0.3 + 8.0 * centrality
                        } else {
                            (map[sq] - average) * CENTRE + 16.0 * centrality
                        };
                        self.pst[(color * kinds + k) * 256 + sq] = value.round() as i16;
                    }
                    // The royal piece: at home while the armies are on the board, in the
                    // centre once they are gone.
                    self.king_mg[color * 256 + sq] = (-(relative.min(4)) * 20) as i16;
                    self.king_eg[color * 256 + sq] = (centrality * 40.0).round() as i16;
                }
            }
        }
    }

    /// Material of both sides that measures the phase (no royals, nothing that promotes).
    fn phase_material(&self, pos: &Position) -> i32 {
        let mut total = 0;
        for_each_piece(pos, self.width, self.height, |_, _, color_kind| {
            let info = &self.kinds[color_kind.1];
            if !info.royal && !info.promotes {
                total += info.value;
            }
        });
        total
    }

    /// The value of a kind in centipawns (royal: 0).
    pub fn value(&self, kind: usize) -> i32 {
        self.kinds.get(kind).map_or(0, |k| k.value)
    }

    /// The evaluation of `pos` in centipawns, from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut cells = [0 as Cell; 256];
        let mut pieces: Vec<(usize, usize, usize)> = Vec::with_capacity(64);
        for_each_piece(pos, self.width, self.height, |sq, _, (color, kind)| {
            cells[sq] = (kind as u8 + 1) | if color == 1 { BLACK } else { 0 };
            pieces.push((sq, color, kind));
        });
        let grid = Grid {
            cells: &cells,
            width: self.width,
            height: self.height,
        };
        let mut attacks = [[0u8; 256]; 2];
        let mut material = [0i32; 2];
        let mut material_phase = 0;
        let mut promoters = [0; 2];
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut royal_sq: [Option<usize>; 2] = [None, None];
        let kinds = self.kinds.len();
        for &(sq, color, kind) in &pieces {
            let info = &self.kinds[kind];
            if info.royal {
                royal_sq[color] = Some(sq);
                mg[color] += self.king_mg[color * 256 + sq] as i32;
                eg[color] += self.king_eg[color * 256 + sq] as i32;
                continue;
            }
            material[color] += info.value;
            if info.promotes {
                promoters[color] += 1;
            } else {
                material_phase += info.value;
            }
            let place = self.pst[(color * kinds + kind) * 256 + sq] as i32;
            mg[color] += place;
            eg[color] += place;
            let mut mobility = 0;
            let own = if color == 1 { BLACK } else { 0 };
            let seen = &mut attacks[color];
            reach(
                &info.walks[color],
                &grid,
                (sq % 16) as i32,
                (sq / 16) as i32,
                &mut |i, mode: Mode, cell| {
                    if mode.can_capture() {
                        seen[i] = seen[i].saturating_add(1);
                    }
                    let enemy = cell != 0 && cell & BLACK != own;
                    if (cell == 0 && mode.can_move()) || (enemy && mode.can_capture()) {
                        mobility += 1;
                    }
                },
            );
            mg[color] += mobility * MOBILITY;
            eg[color] += mobility * MOBILITY;
        }
        let phase = (material_phase * PHASE_MAX / self.start_material).clamp(0, PHASE_MAX);
        for color in 0..2 {
            let Some(king) = royal_sq[color] else {
                continue;
            };
            let them = 1 - color;
            mg[color] -= self.king_danger(king, &attacks[them]);
            // Enemy pieces closing in on this royal piece.
            let tropism = self.tropism(&pieces, color, king);
            mg[them] += tropism;
        }
        let rights = self.rights_bonus(pos);
        let mut score = [0i32; 2];
        for color in 0..2 {
            score[color] = material[color]
                + (mg[color] * phase + eg[color] * (PHASE_MAX - phase)) / PHASE_MAX
                + rights[color];
        }
        let mut white = score[0] - score[1];
        // Without anything to promote, a side with less than a Rook's worth cannot win.
        let strong = if white > 0 { 0 } else { 1 };
        if promoters[strong] == 0 && material[strong] < 400 {
            white /= 8;
        }
        let side = if pos.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        side + TEMPO
    }

    /// Whether no side can ever mate: nothing that promotes, and each side has at most one
    /// piece besides its royal, worth less than a Rook (a lone Knight or Bishop in chess),
    /// or nothing at all.
    pub fn dead_drawn(&self, pos: &Position) -> bool {
        let mut count = [0; 2];
        let mut material = [0; 2];
        let mut promoters = 0;
        for_each_piece(pos, self.width, self.height, |_, _, (color, kind)| {
            let info = &self.kinds[kind];
            if !info.royal {
                count[color] += 1;
                material[color] += info.value;
                promoters += usize::from(info.promotes);
            }
        });
        promoters == 0 && (0..2).all(|c| count[c] <= 1 && material[c] < 400)
    }

    /// Penalty for enemy attacks on the squares around the royal piece on `king`.
    fn king_danger(&self, king: usize, enemy_attacks: &[u8; 256]) -> i32 {
        let (kf, kr) = ((king % 16) as i32, (king / 16) as i32);
        let mut units = 0i32;
        for dr in -1..=1 {
            for df in -1..=1 {
                let (f, r) = (kf + df, kr + dr);
                if f >= 0 && r >= 0 && f < self.width && r < self.height {
                    units += enemy_attacks[index(f, r)] as i32;
                }
            }
        }
        (units * units * KING_ATTACK / 2).min(KING_ATTACK_CAP)
    }

    /// Bonus for the enemy pieces of `color`'s royal on `king` standing close to it.
    fn tropism(&self, pieces: &[(usize, usize, usize)], color: usize, king: usize) -> i32 {
        let (kf, kr) = ((king % 16) as i32, (king / 16) as i32);
        pieces
            .iter()
            .filter(|&&(_, c, k)| c != color && !self.kinds[k].royal && !self.kinds[k].promotes)
            .map(|&(sq, _, _)| {
                let d = ((sq % 16) as i32 - kf)
                    .abs()
                    .max(((sq / 16) as i32 - kr).abs());
                (7 - d.min(7)) * TROPISM
            })
            .sum()
    }

    fn rights_bonus(&self, pos: &Position) -> [i32; 2] {
        let mut out = [0; 2];
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            if pos.has_jump_right(color) {
                out[i] += JUMP_RIGHT;
            }
            for king_side in [true, false] {
                if pos.has_castling_right(color, king_side) {
                    out[i] += CASTLING_RIGHT;
                }
            }
        }
        out
    }
}

/// Calls `f(square index, square, (color index, kind index))` for every piece of `pos`.
#[inline]
pub(crate) fn for_each_piece(
    pos: &Position,
    width: i32,
    height: i32,
    mut f: impl FnMut(usize, Square, (usize, usize)),
) {
    for rank in 0..height as u8 {
        for file in 0..width as u8 {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            if let Some(piece) = pos.piece_at(sq) {
                f(sq.index(), sq, (piece.color.index(), piece.kind.id.index()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced_and_values_exist() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            let e = Evaluator::new(&v);
            let start = Position::start(&v);
            // The side to move has only its tempo (setups are symmetric or nearly so).
            let score = e.evaluate(&start);
            assert!(score.abs() < 80, "{name}: {score}");
            for (k, kind) in v.pieces().iter().enumerate() {
                if !kind.is_royal {
                    assert!(e.value(k) > 0, "{name} {}", kind.name);
                }
            }
        }
    }

    #[test]
    fn derived_values_order_the_orthodox_pieces() {
        // GraTiA and Obento give no values: the derived ones must still make sense there;
        // here the orthodox pieces' derived values are checked against their known order.
        let v = Variant::builtin("chess").unwrap();
        let e = Evaluator::new(&v);
        let derived = |letter: &str| {
            let k = v.kind_by_letter(letter).unwrap().id.index();
            let walks = &e.kinds[k].walks[0];
            let mut sum = 0.0;
            for r in 0..8 {
                for f in 0..8 {
                    sum += empty_board_mobility(walks, 8, 8, f, r);
                }
            }
            derived_value(sum / 64.0)
        };
        assert!(derived("P") < derived("N"));
        assert!(derived("N") < derived("B"));
        assert!(derived("B") < derived("R"));
        assert!(derived("R") < derived("Q"));
    }

    #[test]
    fn material_counts() {
        let v = Variant::builtin("chess").unwrap();
        let e = Evaluator::new(&v);
        let up_a_queen = Position::from_fen(
            &v,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&up_a_queen) > 700);
        let black_to_move = Position::from_fen(
            &v,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&black_to_move) < -700);
    }
}
