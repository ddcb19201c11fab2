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
