//! Tests of the whole search: mates in chess, Shako and Terachess II (checked by an
//! exhaustive solver over the rules crate, and by playing the line out), determinism under
//! a node limit, the stop flag, draws, levels.

use crate::{move_to_uci, Level, Limits, Root, Score, Searcher};
use plypost_rules::{DecisiveReason, Game, Outcome, Position, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn position(variant: &str, fen: &str) -> Position {
    let v = Variant::builtin(variant).unwrap();
    Position::from_fen(&v, fen).unwrap()
}

/// Whether the side to move can force mate within `moves` moves (exhaustive).
fn mates_within(pos: &Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|mv| {
        let next = pos.play_unchecked(mv);
        let replies = next.legal_moves();
        if replies.is_empty() {
            return next.is_check();
        }
        moves > 1
            && replies
                .iter()
                .all(|r| mates_within(&next.play_unchecked(r), moves - 1))
    })
}

fn depth_limited(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// The engine finds mate in exactly `n`, the solver agrees that no shorter mate exists,
/// and the principal variation played out ends in checkmate by the side to move.
fn assert_mate_in(variant: &str, fen: &str, n: i32) {
    let pos = position(variant, fen);
    assert!(
        mates_within(&pos, n as u32),
        "{variant} {fen}: no mate in {n}"
    );
    assert!(
        !mates_within(&pos, n as u32 - 1),
        "{variant} {fen}: mate in fewer than {n}"
    );
    let mut searcher = Searcher::new(8);
    let result = searcher.search(
        &Root::new(pos.clone()),
        &depth_limited(2 * n as u32 + 2),
        &mut |_| {},
    );
    assert_eq!(result.score, Score::Mate(n), "{variant} {fen}: {result:?}");
    assert_eq!(
        result.pv.len(),
        2 * n as usize - 1,
        "{variant}: {:?}",
        result.pv
    );
    let mut game = Game::new(pos.clone());
    for mv in &result.pv {
        game.play(mv).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: pos.side_to_move(),
            reason: DecisiveReason::Checkmate
        }),
        "{variant} {fen}"
    );
}

/// The mate suite: (variant, FEN, moves to mate).
pub(crate) fn mate_suite() -> Vec<(&'static str, &'static str, i32)> {
    include_str!("../tests/mates.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split(';').map(str::trim);
            let variant = fields.next().unwrap();
            let fen = fields.next().unwrap();
            let n = fields.next().unwrap().parse().unwrap();
            (variant, fen, n)
        })
        .collect()
}

fn assert_suite(variant: &str) {
    let suite: Vec<_> = mate_suite()
        .into_iter()
        .filter(|m| m.0 == variant)
        .collect();
    // Mates in one, two and three in each variant.
    for n in 1..=3 {
        assert!(suite.iter().any(|m| m.2 == n), "{variant}: no mate in {n}");
    }
    for (variant, fen, n) in suite {
        assert_mate_in(variant, fen, n);
    }
}

#[test]
fn chess_mates_in_one_two_three() {
    assert_suite("chess");
}

#[test]
fn shako_mates() {
    // The Cannon's mate: it checks over the Pawn on j5; Knight and King guard the flight.
    assert_suite("shako");
}

#[test]
fn terachess2_mates() {
    assert_suite("terachess2");
}

#[test]
fn a_mated_side_has_no_move() {
    let pos = position("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    let result = Searcher::new(1).search(&Root::new(pos), &depth_limited(3), &mut |_| {});
    assert_eq!(result.best, None);
    assert_eq!(result.score, Score::Mate(0));
}

#[test]
fn node_limited_search_is_deterministic() {
    for name in ["chess", "shako", "terachess2"] {
        let v = Variant::builtin(name).unwrap();
        let root = Root::new(Position::start(&v));
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let run = || {
            let mut s = Searcher::new(2);
            let mut depths = Vec::new();
            let r = s.search(&root, &limits, &mut |i| {
                depths.push((i.depth, i.score, i.pv.to_vec()))
            });
            (r.best, r.score, r.pv, r.nodes, r.depth, depths)
        };
        let first = run();
        assert_eq!(first, run(), "{name}");
        assert!(first.0.is_some());
        assert!(first.3 <= 3_000);
    }
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let v = Variant::builtin("terachess2").unwrap();
    let root = Root::new(Position::start(&v));
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let flag = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let started = Instant::now();
    let result = Searcher::new(4).search(&root, &limits, &mut |_| {});
    stopper.join().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let best = result.best.unwrap();
    assert!(root.position().legal_moves().contains(&best));

    // Already stopped: still a legal move, at once.
    let stopped = Limits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let result = Searcher::new(1).search(&root, &stopped, &mut |_| {});
    assert!(root
        .position()
        .legal_moves()
        .contains(&result.best.unwrap()));
}

#[test]
fn deadline_is_kept() {
    let v = Variant::builtin("shako").unwrap();
    let root = Root::new(Position::start(&v));
    let started = Instant::now();
    let limits = Limits {
        deadline: Some(started + Duration::from_millis(200)),
        ..Limits::default()
    };
    let result = Searcher::new(4).search(&root, &limits, &mut |_| {});
    assert!(started.elapsed() < Duration::from_millis(1_000));
    assert!(result.best.is_some() && result.depth >= 1);
}

#[test]
fn repetition_is_scored_as_a_draw() {
    // White is a Queen down; the Knight's shuffle g1-f3-g1 with Black's King h8-g8-h8
    // has been played once: Nf3 now repeats the position after the first Nf3.
    let start = position("chess", "7k/8/8/3q4/8/8/8/K5N1 w - - 0 1");
    let mut root = Root::new(start.clone());
    for text in ["g1f3", "h8g8", "f3g1", "g8h8"] {
        let mv = crate::move_from_uci(root.position(), text).unwrap();
        root.push(&mv);
    }
    let mut searcher = Searcher::new(4);
    let result = searcher.search(&root, &depth_limited(5), &mut |_| {});
    assert_eq!(result.score, Score::Cp(0), "{result:?}");
    assert_eq!(move_to_uci(root.position(), &result.best.unwrap()), "g1f3");
    // Without the repetition rule the same position is simply lost.
    let no_repetition = root.clone().with_options(plypost_rules::RuleOptions {
        move_count_limit: Some(100),
        repetition: false,
    });
    let result = searcher.search(&no_repetition, &depth_limited(5), &mut |_| {});
    assert!(
        matches!(result.score, Score::Cp(cp) if cp < -500),
        "{result:?}"
    );
}

#[test]
fn move_count_rule_is_scored_as_a_draw() {
    // A Queen down with 99 plies on the clock: any quiet move ends the game drawn.
    let pos = position("chess", "7k/8/8/3q4/8/8/8/K5N1 w - - 99 80");
    let result = Searcher::new(2).search(&Root::new(pos), &depth_limited(4), &mut |_| {});
    assert_eq!(result.score, Score::Cp(0), "{result:?}");
}

#[test]
fn dead_draws_and_resignation() {
    let mut s = Searcher::new(1);
    assert!(s.dead_drawn(&position("chess", "8/8/4k3/8/8/3K4/8/8 w - - 0 1")));
    assert!(s.dead_drawn(&position("chess", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1")));
    assert!(!s.dead_drawn(&position("chess", "8/8/4k3/8/8/3K4/8/6R1 w - - 0 1")));
    assert!(!s.dead_drawn(&position("chess", "8/8/4k3/8/8/3K4/6P1/8 w - - 0 1")));
    let v = Variant::builtin("shako").unwrap();
    assert!(!s.dead_drawn(&Position::start(&v)));
    let lost = position("chess", "7k/8/8/3q4/3r4/8/8/K7 w - - 0 1");
    let result = s.search(&Root::new(lost), &depth_limited(4), &mut |_| {});
    assert!(result.resigns(), "{result:?}");
    let even = Root::new(Position::start(&Variant::builtin("chess").unwrap()));
    assert!(!s.search(&even, &depth_limited(4), &mut |_| {}).resigns());
}

#[test]
fn levels_play_legal_moves() {
    let v = Variant::builtin("shako").unwrap();
    let root = Root::new(Position::start(&v));
    let mut s = Searcher::new(4);
    for n in [1, 4] {
        let level = Level::new(n).unwrap();
        let a = s.search_level(&root, level, 11, Instant::now(), None);
        assert!(root.position().legal_moves().contains(&a.best.unwrap()));
        assert!(a.depth <= level.budget().depth);
    }
    // Level 1 errs: over a few seeds it does not always play the same move.
    let moves: std::collections::HashSet<_> = (0..8)
        .map(|seed| {
            let mut s = Searcher::new(1);
            s.search_level(&root, Level::MIN, seed, Instant::now(), None)
                .best
        })
        .collect();
    assert!(moves.len() > 1);
}

#[test]
fn searcher_is_send() {
    fn send<T: Send>() {}
    send::<Searcher>();
}

#[test]
fn info_reports_each_depth() {
    let v = Variant::builtin("chess").unwrap();
    let mut depths = Vec::new();
    let result = Searcher::new(2).search(
        &Root::new(Position::start(&v)),
        &depth_limited(4),
        &mut |i| {
            depths.push(i.depth);
            assert!(!i.pv.is_empty());
        },
    );
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(result.depth, 4);
    assert!(result.ponder.is_some());
}

#[test]
fn full_strength_keeps_its_table_between_searches() {
    // Without noise the seed does not matter: the second search of the same position
    // starts from the first one's table and needs fewer nodes to reach the same depth.
    let v = Variant::builtin("chess").unwrap();
    let root = Root::new(Position::start(&v));
    let mut s = Searcher::new(8);
    s.set_noise(0, 1);
    let first = s.search(&root, &depth_limited(6), &mut |_| {});
    s.set_noise(0, 2);
    let second = s.search(&root, &depth_limited(6), &mut |_| {});
    assert!(
        second.nodes < first.nodes,
        "{} then {}",
        first.nodes,
        second.nodes
    );
}
