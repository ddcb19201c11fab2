//! Playing strength: levels 1 (weak on purpose) to 8 (full strength), and the seeded
//! random numbers that make the weak levels err.

use std::time::Duration;

/// A small seeded generator (SplitMix64): reproducible noise, no global state.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }
}

/// The SplitMix64 finaliser: a fixed bijection that scatters nearby inputs.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A playing level, 1..=8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level may spend and how much it errs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deepest iteration.
    pub depth: u32,
    /// Most nodes per move (None: no limit but time).
    pub nodes: Option<u64>,
    /// Longest thinking time per move.
    pub time: Duration,
    /// Amplitude of the evaluation noise, in centipawns (0: none).
    pub noise: i32,
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// The level `n`, if `n` is in 1..=8.
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// The level nearest to `n` in 1..=8.
    pub fn clamped(n: i64) -> Level {
        Level(n.clamp(1, 8) as u8)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn budget(self) -> Budget {
        let ms = Duration::from_millis;
        let (depth, nodes, time, noise) = match self.0 {
            1 => (1, Some(2_000), ms(100), 400),
            2 => (2, Some(6_000), ms(200), 250),
            3 => (3, Some(20_000), ms(300), 150),
            4 => (4, Some(60_000), ms(500), 80),
            5 => (6, Some(200_000), ms(800), 40),
            6 => (8, Some(600_000), ms(1_500), 15),
            7 => (16, Some(3_000_000), ms(2_500), 0),
            _ => (crate::search::MAX_DEPTH, None, ms(4_000), 0),
        };
        Budget {
            depth,
            nodes,
            time,
            noise,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_reproducible_and_spreads() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..5).map(|_| a.below(100)).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.below(100)).collect();
        assert_eq!(xs, ys);
        let mut c = Rng::new(8);
        assert_ne!(xs, (0..5).map(|_| c.below(100)).collect::<Vec<_>>());
        let mut counts = [0; 4];
        let mut r = Rng::new(1);
        for _ in 0..4000 {
            counts[r.below(4) as usize] += 1;
        }
        assert!(counts.iter().all(|&n| n > 900), "{counts:?}");
    }

    #[test]
    fn levels_grow_stronger() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::clamped(42), Level::MAX);
        let budgets: Vec<Budget> = (1..=8).map(|n| Level::clamped(n).budget()).collect();
        for pair in budgets.windows(2) {
            assert!(pair[0].depth <= pair[1].depth);
            assert!(pair[0].time <= pair[1].time);
            assert!(pair[0].noise >= pair[1].noise);
        }
        assert_eq!(Level::MIN.budget().depth, 1);
        assert!(Level::MIN.budget().noise >= 300);
        assert_eq!(Level::MAX.budget().noise, 0);
    }
}
