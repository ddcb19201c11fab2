use plypost_rules::{divide, perft, Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::builtin(&args[1]).unwrap();
    let depth: u32 = args[2].parse().unwrap();
    let pos = match args.get(3) {
        Some(f) => Position::from_fen(&v, f).unwrap(),
        None => Position::start(&v),
    };
    if args.get(4).is_some() {
        for (m, n) in divide(&pos, depth) {
            println!("{m} {n}");
        }
    }
    let t = std::time::Instant::now();
    let n = perft(&pos, depth);
    println!("perft({depth}) = {n} in {:?}", t.elapsed());
}
