//! Rules-engine benchmarks: Terachess II perft and move generation, orthodox chess perft.
//! Run: `cd rules && cargo bench --bench perft` (results and machine in BENCHMARKS.md).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use plypost_rules::{perft, Position, Variant};
use std::time::Duration;

/// A crowded Terachess II middlegame (40 quiet plies from the start; 143 legal moves).
const TERACHESS2_MIDDLEGAME: &str = "sjyhx1doodfxhyjs/cmzfuvl2lvutzmc/1rnbwigaqgiw2re/\
1p1pppppkpp1pp1p/p5t9/2p5p2p2p1/2b13/12q2T/2e11n1/16/2P4P4Q3/M5PQ1P3P2/PP1PPP2PFPPP1PP/\
ERNBWIG2GIWBNRE/CJZTUVLKALVU1ZMC/S1YHXFDOOD1XHYJS w K - 1 21";

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn terachess2(c: &mut Criterion) {
    let v = Variant::builtin("terachess2").unwrap();
    let start = Position::start(&v);
    let middle = Position::from_fen(&v, TERACHESS2_MIDDLEGAME).unwrap();
    eprintln!(
        "size_of::<Position>() = {} bytes; heap per position: 0 (the variant is shared)",
        std::mem::size_of::<Position>()
    );

    c.bench_function("terachess2 legal_moves start", |b| {
        b.iter(|| black_box(&start).legal_moves().len())
    });
    c.bench_function("terachess2 legal_moves middlegame", |b| {
        b.iter(|| black_box(&middle).legal_moves().len())
    });

    let mut group = c.benchmark_group("terachess2 perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("perft(3) start", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 3), 175_508))
    });
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("perft(4) start", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 4), 10_562_564))
    });
    group.finish();
}

fn chess(c: &mut Criterion) {
    let v = Variant::builtin("chess").unwrap();
    let start = Position::start(&v);
    let kiwipete = Position::from_fen(&v, KIWIPETE).unwrap();
    let mut group = c.benchmark_group("chess perft");
    group.sample_size(10);
    group.bench_function("perft(4) start", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 4), 197_281))
    });
    group.bench_function("perft(3) kiwipete", |b| {
        b.iter(|| assert_eq!(perft(black_box(&kiwipete), 3), 97_862))
    });
    group.finish();
}

criterion_group!(benches, terachess2, chess);
criterion_main!(benches);
