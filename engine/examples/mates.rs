//! The mate suite (`engine/tests/mates.txt`): for each position, the mate the search
//! finds, at what depth, with how many nodes and how long.
//!
//! ```text
//! cargo run --release -p plypost-engine --example mates
//! ```

use plypost_engine::{move_to_uci, Limits, Root, Score, Searcher};
use plypost_rules::{Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut failures = 0;
    println!(
        "{:<11} {:>4} {:>6} {:>5} {:>9} {:>7}  line",
        "variant", "mate", "found", "depth", "nodes", "ms"
    );
    for line in include_str!("../tests/mates.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [name, fen, n] = fields[..] else {
            eprintln!("mates: bad line {line}");
            return ExitCode::FAILURE;
        };
        let expected: i32 = n.parse().unwrap_or(0);
        let position = match Variant::builtin(name)
            .map_err(|e| e.to_string())
            .and_then(|v| Position::from_fen(&v, fen).map_err(|e| e.to_string()))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("mates: {name} {fen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let limits = Limits {
            depth: Some(2 * expected as u32 + 2),
            ..Limits::default()
        };
        let began = Instant::now();
        let result = Searcher::new(16).search(&Root::new(position.clone()), &limits, &mut |_| {});
        let ms = began.elapsed().as_secs_f64() * 1000.0;
        let found = match result.score {
            Score::Mate(m) => m.to_string(),
            Score::Cp(_) => "-".to_string(),
        };
        if result.score != Score::Mate(expected) {
            failures += 1;
        }
        let mut pos = position;
        let mut words = Vec::new();
        for mv in &result.pv {
            words.push(move_to_uci(&pos, mv));
            pos = pos.play_unchecked(mv);
        }
        println!(
            "{name:<11} {expected:>4} {found:>6} {:>5} {:>9} {ms:>7.1}  {}",
            result.depth,
            result.nodes,
            words.join(" ")
        );
    }
    if failures > 0 {
        eprintln!("mates: {failures} position(s) not solved as expected");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
