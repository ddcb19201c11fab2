//! Set-ups for the benchmarks of BENCHMARKS.md, one binary: ignored tests that the bench
//! scripts select by module.
//!
//! ```text
//! cargo test --release --test bench -- --ignored --exact games::prepare_game_benchmarks
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 logs::
//! ```

#[path = "../common/mod.rs"]
mod common;

mod games;
mod logs;
mod page_weight;
mod tournaments;

/// Deterministic pseudo-random numbers (no dependency on a seedable RNG): the set-ups make the
/// same data on every run.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number below `n`.
    pub fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}
