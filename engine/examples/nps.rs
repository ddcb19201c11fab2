//! Nodes per second of the search from the start of several variants.
//!
//! ```text
//! cargo run --release -p plypost-engine --example nps [NODES] [VARIANT...]
//! ```
//!
//! Each search is limited by nodes only, so the counts are the same on every run and only
//! the time varies.

use plypost_engine::{move_to_uci, Limits, Root, Searcher};
use plypost_rules::{Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let nodes: u64 = match args.next().map(|n| n.parse()) {
        None => 200_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("nps: NODES: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut names: Vec<String> = args.collect();
    if names.is_empty() {
        names = ["chess", "shako", "metamachy", "obento", "terachess2"]
            .map(String::from)
            .to_vec();
    }
    println!(
        "{:<12} {:>9} {:>8} {:>10} {:>6}  best",
        "variant", "nodes", "ms", "nps", "depth"
    );
    for name in &names {
        let variant = match Variant::builtin(name) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("nps: {e}");
                return ExitCode::FAILURE;
            }
        };
        let start = Position::start(&variant);
        let mut searcher = Searcher::new(64);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let began = Instant::now();
        let result = searcher.search(&Root::new(start.clone()), &limits, &mut |_| {});
        let seconds = began.elapsed().as_secs_f64();
        let best = result
            .best
            .map(|m| move_to_uci(&start, &m))
            .unwrap_or_else(|| "(none)".into());
        println!(
            "{:<12} {:>9} {:>8.0} {:>10.0} {:>6}  {best}",
            name,
            result.nodes,
            seconds * 1000.0,
            result.nodes as f64 / seconds.max(1e-9),
            result.depth
        );
    }
    ExitCode::SUCCESS
}
