//! The search: iterative deepening alpha-beta with principal variation search, aspiration
//! windows, a transposition table, quiescence on captures, check extension, late-move
//! reductions, reverse futility pruning, and move ordering by the table's move, captures
//! (most valuable victim, least valuable attacker), two killers per ply and history.
//! Repetitions and the move-count rule score as draws; mate scores count the distance.

use crate::eval::Evaluator;
use crate::level::{mix, Level};
use crate::tt::{Bound, Table};
use plypost_rules::{Color, Move, Position, RuleOptions};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
const MATE: i32 = 1_000_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 2_000_000;
/// A search that loses more than this (centipawns) at depth [`RESIGN_DEPTH`] resigns.
pub const RESIGN_CP: i32 = 1_500;
pub const RESIGN_DEPTH: u32 = 4;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a Pawn of chess is 100; the variant files' values × 100).
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

/// When to stop. Without any limit the search runs to [`MAX_DEPTH`].
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop at once when this passes.
    pub deadline: Option<Instant>,
    /// Start no new iteration after this (time management; before `deadline`).
    pub soft_deadline: Option<Instant>,
    /// Stop at once when set (`stop` in UCI).
    pub stop: Option<Arc<AtomicBool>>,
}

/// The position to search from, with the keys of the positions before it (for
/// repetitions) and the draw rules.
#[derive(Clone, Debug)]
pub struct Root {
    position: Position,
    /// Repetition keys from the game's start to `position` included.
    keys: Vec<u64>,
    options: RuleOptions,
}

/// The score of a position without legal moves, for the side to move: mated, or stalemated
/// under the variant's rule (a draw, or a loss or win in Shatranj-like variants).
fn no_move_score(pos: &Position, in_check: bool, ply: usize) -> i32 {
    use plypost_rules::StalemateRule;
    if in_check {
        return -MATE + ply as i32;
    }
    match pos.variant().end_rules().stalemate {
        StalemateRule::Draw => 0,
        StalemateRule::Loss => -MATE + ply as i32,
        StalemateRule::Win => MATE - ply as i32,
    }
}

/// The bare-King rule's verdict (`plypost_rules::Game::bare_king_outcome`) as a score for
/// the side to move.
fn bare_king_score(pos: &Position, ply: usize) -> Option<i32> {
    match plypost_rules::Game::bare_king_outcome(pos)? {
        plypost_rules::Outcome::Decisive { winner, .. } if winner == pos.side_to_move() => {
            Some(MATE - ply as i32)
        }
        _ => Some(-MATE + ply as i32),
    }
}

/// The repetition key of a position: `hash()`, unless an e.p. right is set, which counts
/// only when some e.p. capture is legal (`repetition_key`, which costs a move generation).
fn repetition_key(pos: &Position) -> u64 {
    if pos.en_passant_squares().is_empty() {
        pos.hash()
    } else {
        pos.repetition_key()
    }
}

impl Root {
    /// A position without history, under its variant's draw rules.
    pub fn new(position: Position) -> Root {
        let options = position.variant().rule_options();
        Root {
            keys: vec![repetition_key(&position)],
            position,
            options,
        }
    }

    /// `start` followed by `moves` (each legal in turn, as a game's stored moves are).
    pub fn from_moves(start: Position, moves: &[Move]) -> Root {
        let mut root = Root::new(start);
        for mv in moves {
            root.push(mv);
        }
        root
    }

    /// Plays a legal move of the current position.
    pub fn push(&mut self, mv: &Move) {
        self.position = self.position.play_unchecked(mv);
        self.keys.push(repetition_key(&self.position));
    }

    /// Other draw rules (a preset's).
    pub fn with_options(mut self, options: RuleOptions) -> Root {
        self.options = options;
        self
    }

    pub fn position(&self) -> &Position {
        &self.position
    }
}

/// What the search reports after each completed depth.
#[derive(Clone, Debug)]
pub struct SearchInfo<'a> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: &'a [Move],
    /// Per mille of the transposition table used by this search.
    pub hashfull: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// None only when the position has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

impl SearchResult {
    /// Whether a computer player would resign here: mated by force, or down more than
    /// [`RESIGN_CP`] at depth [`RESIGN_DEPTH`] or more.
    pub fn resigns(&self) -> bool {
        match self.score {
            Score::Mate(n) => n < 0,
            Score::Cp(cp) => cp < -RESIGN_CP && self.depth >= RESIGN_DEPTH,
        }
    }
}

/// Move-ordering memory kept between searches.
struct Heuristics {
    /// `[color][from * 256 + to]`.
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
}

impl Heuristics {
    fn new() -> Heuristics {
        Heuristics {
            history: vec![0; 2 * 256 * 256],
            killers: vec![[None; 2]; MAX_PLY + 1],
        }
    }

    fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    fn history_index(color: Color, mv: &Move) -> usize {
        color.index() * 65536 + mv.from().index() * 256 + mv.to().index()
    }
}

/// A search engine: its transposition table, evaluation and ordering memory. `Send`: a
/// server may move it to a worker thread.
pub struct Searcher {
    tt: Table,
    eval: Option<Evaluator>,
    heuristics: Heuristics,
    noise: i32,
    seed: u64,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_mb),
            eval: None,
            heuristics: Heuristics::new(),
            noise: 0,
            seed: 0,
        }
    }

    /// A new table of about `hash_mb` megabytes (the old one's content is dropped).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics = Heuristics::new();
    }

    /// Evaluation noise of up to ±`amplitude` centipawns, a fixed function of the position
    /// and `seed` (weak levels). 0: none.
    pub fn set_noise(&mut self, amplitude: i32, seed: u64) {
        let amplitude = amplitude.max(0);
        let unchanged = amplitude == 0 && self.noise == 0;
        if !unchanged && (amplitude, seed) != (self.noise, self.seed) {
            // Scores stored under other noise would leak into this search.
            self.tt.clear();
        }
        self.noise = amplitude;
        self.seed = seed;
    }

    /// The evaluator of `variant`, built on first use and kept while the variant is the same.
    pub fn evaluator(&mut self, variant: &plypost_rules::Variant) -> &Evaluator {
        if self.eval.as_ref().is_none_or(|e| e.variant() != variant) {
            self.eval = Some(Evaluator::new(variant));
            self.tt.clear();
        }
        self.eval.get_or_insert_with(|| Evaluator::new(variant))
    }

    /// The static evaluation of `pos` (centipawns, side to move), without noise.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.evaluator(pos.variant()).evaluate(pos)
    }

    /// Whether `pos` is dead drawn: no side can ever mate (see [`Evaluator::dead_drawn`]).
    pub fn dead_drawn(&mut self, pos: &Position) -> bool {
        self.evaluator(pos.variant()).dead_drawn(pos)
    }

    /// Searches at a playing level: its depth, nodes and time budget (from `now`) and its
    /// noise, seeded by `seed`.
    pub fn search_level(
        &mut self,
        root: &Root,
        level: Level,
        seed: u64,
        now: Instant,
        stop: Option<Arc<AtomicBool>>,
    ) -> SearchResult {
        let budget = level.budget();
        self.set_noise(budget.noise, seed);
        let deadline = now + budget.time;
        let limits = Limits {
            depth: Some(budget.depth),
            nodes: budget.nodes,
            deadline: Some(deadline),
            soft_deadline: Some(now + budget.time / 2),
            stop,
        };
        self.search(root, &limits, &mut |_| {})
    }

    /// Searches `root` within `limits`, calling `info` after each completed depth.
    pub fn search(
        &mut self,
        root: &Root,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo<'_>),
    ) -> SearchResult {
        self.evaluator(root.position.variant());
        self.tt.next_age();
        self.heuristics.age();
        let Searcher {
            tt,
            eval,
            heuristics,
            noise,
            seed,
        } = self;
        let Some(eval) = eval.as_ref() else {
            return SearchResult::none(&root.position);
        };
        let mut worker = Worker {
            eval,
            tt,
            heuristics,
            noise: *noise,
            seed: *seed,
            limits,
            options: root.options,
            keys: root.keys.clone(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            aborted: false,
            start: Instant::now(),
            root_depth: 1,
            root_best: None,
        };
        worker.iterate(&root.position, info)
    }
}

impl SearchResult {
    fn none(pos: &Position) -> SearchResult {
        SearchResult {
            best: None,
            ponder: None,
            score: if pos.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }
}

/// One search's state.
struct Worker<'a> {
    eval: &'a Evaluator,
    tt: &'a mut Table,
    heuristics: &'a mut Heuristics,
    noise: i32,
    seed: u64,
    limits: &'a Limits,
    options: RuleOptions,
    /// Repetition keys from the game's start to the current node.
    keys: Vec<u64>,
    /// Triangular principal variations, one per ply.
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    start: Instant,
    root_depth: i32,
    /// The best root move of the current iteration so far, with its score and line.
    root_best: Option<(i32, Vec<Move>)>,
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Worker<'_> {
    /// Iterative deepening from `root`.
    fn iterate(&mut self, root: &Position, info: &mut dyn FnMut(&SearchInfo<'_>)) -> SearchResult {
        let moves = root.legal_moves();
        if moves.is_empty() {
            return SearchResult::none(root);
        }
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut done: Option<(u32, i32, Vec<Move>)> = None;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.root_best = None;
            let previous = done.as_ref().map(|d| d.1);
            let score = self.aspiration(root, depth as i32, previous);
            if self.aborted {
                // A move of the unfinished iteration that beat the previous best is better
                // informed than it.
                if let Some((s, pv)) = self.root_best.take() {
                    let changed = done.as_ref().is_none_or(|d| d.2.first() != pv.first());
                    if changed && done.as_ref().is_none_or(|d| s > d.1 - 30) {
                        done = Some((done.as_ref().map_or(depth - 1, |d| d.0), s, pv));
                    }
                }
                break;
            }
            let pv = self.pv[0].clone();
            info(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score: Score::from_internal(score),
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: &pv,
                hashfull: self.tt.hashfull(),
            });
            done = Some((depth, score, pv));
            if self.finished(score, depth, moves.len()) {
                break;
            }
        }
        self.result(root, &moves, done)
    }

    /// Whether to start no further iteration after completing `depth` with `score`.
    fn finished(&self, score: i32, depth: u32, root_moves: usize) -> bool {
        let mate_found = score.abs() >= MATE_BOUND && depth as i32 >= MATE - score.abs() + 2;
        let timed = self.limits.deadline.is_some() || self.limits.soft_deadline.is_some();
        let only_move = root_moves == 1 && timed;
        let soft = self
            .limits
            .soft_deadline
            .is_some_and(|d| Instant::now() >= d);
        mate_found || only_move || soft
    }

    fn result(
        &mut self,
        root: &Position,
        moves: &[Move],
        done: Option<(u32, i32, Vec<Move>)>,
    ) -> SearchResult {
        let (depth, score, mut pv) = match done {
            Some((d, s, pv)) if !pv.is_empty() => (d, s, pv),
            // Nothing completed: the best-ordered move, so that a move is always given.
            _ => {
                let ordered = self.order(root, moves, None, 0);
                let best = ordered.iter().max_by_key(|m| m.1).map_or(moves[0], |m| m.0);
                (0, self.evaluate(root), vec![best])
            }
        };
        if pv.len() == 1 {
            // The ponder move from the table, if it holds a legal one.
            let next = root.play_unchecked(&pv[0]);
            if let Some(mv) = self.tt.probe(next.hash()).and_then(|e| e.mv) {
                if next.legal_moves().contains(&mv) {
                    pv.push(mv);
                }
            }
        }
        SearchResult {
            best: pv.first().copied(),
            ponder: pv.get(1).copied(),
            score: Score::from_internal(score),
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            pv,
            elapsed: self.start.elapsed(),
        }
    }

    /// One iteration, in a window around the previous score that widens on failure.
    fn aspiration(&mut self, root: &Position, depth: i32, previous: Option<i32>) -> i32 {
        let mut delta = 40;
        let (mut alpha, mut beta) = match previous {
            Some(p) if depth >= 4 && p.abs() < MATE_BOUND => (p - delta, p + delta),
            _ => (-INF, INF),
        };
        loop {
            let score = self.negamax(root, depth, alpha, beta, 0);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (beta + delta).min(INF);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1_000 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// Whether to stop now: stop flag, deadline (checked every 1024 nodes) or node limit.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            let stopped = self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            let late = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted = stopped || late;
        }
        self.aborted
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        let score = self.eval.evaluate(pos);
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            score + (mix(pos.hash() ^ self.seed) % span) as i32 - self.noise
        } else {
            score
        }
    }

    /// Whether the current node (the last key) repeats an earlier position since the last
    /// irreversible move.
    fn repeats(&self, pos: &Position) -> bool {
        if !self.options.repetition {
            return false;
        }
        let n = self.keys.len();
        let Some(&key) = self.keys.last() else {
            return false;
        };
        let window = (pos.halfmove_clock() as usize).min(n - 1);
        (4..=window)
            .step_by(2)
            .any(|back| self.keys[n - 1 - back] == key)
    }

    fn move_count_reached(&self, pos: &Position) -> bool {
        self.options
            .move_count_limit
            .is_some_and(|limit| pos.halfmove_clock() >= limit)
    }

    /// Principal variation search to `depth` plies.
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if self.repeats(pos) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let in_check = pos.is_check();
        if depth <= 0 && !in_check {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let depth = depth.max(1);
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|e| ply > 0 && !pv_node && e.depth as i32 >= depth) {
            let s = from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if usable {
                return s;
            }
        }
        if let Some(score) = bare_king_score(pos, ply) {
            return score;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return no_move_score(pos, in_check, ply);
        }
        if ply > 0 && self.move_count_reached(pos) {
            return 0;
        }
        if !pv_node && !in_check && depth <= 3 && beta.abs() < MATE_BOUND {
            let static_eval = self.evaluate(pos);
            if static_eval - 150 * depth >= beta {
                return static_eval;
            }
        }
        let ordered = self.order(pos, &moves, entry.and_then(|e| e.mv), ply);
        self.search_moves(pos, ordered, depth, alpha, beta, ply, in_check)
    }

    /// The move loop of [`Worker::negamax`]; stores the result in the table.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &Position,
        mut ordered: Vec<(Move, i32)>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> i32 {
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..ordered.len() {
            let (mv, order_score) = pick(&mut ordered, i);
            let child = pos.play_unchecked(&mv);
            let gives_check = child.is_check();
            let quiet = self.victim_value(pos, &mv).is_none() && mv.promotion().is_none();
            let extend = gives_check && (ply as i32) < 2 * self.root_depth + 4;
            let new_depth = depth - 1 + i32::from(extend);
            self.keys.push(repetition_key(&child));
            let score = if i == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1)
            } else {
                let killer = (KILLER_SCORE - 1..CAPTURE_SCORE).contains(&order_score);
                let reduce = depth >= 3 && i >= 3 && quiet && !killer && !in_check && !gives_check;
                let r = if !reduce {
                    0
                } else if i >= 10 && depth >= 5 {
                    2
                } else {
                    1
                };
                let mut s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                self.set_pv(ply, mv);
                if ply == 0 {
                    self.root_best = Some((score, self.pv[0].clone()));
                }
                if score >= beta {
                    if quiet {
                        self.remember_cutoff(pos.side_to_move(), mv, depth, ply);
                    }
                    break;
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(pos.hash(), best_move, to_tt(best, ply), depth, bound);
        best
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(rest) = tail.first() {
            line.extend_from_slice(rest);
        }
    }

    fn remember_cutoff(&mut self, side: Color, mv: Move, depth: i32, ply: usize) {
        let killers = &mut self.heuristics.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.heuristics.history[Heuristics::history_index(side, &mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }

    /// Captures (and, in check, every evasion) until the position is quiet.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let check = pos.is_check();
        // Evasions only near the horizon: deeper, a check is judged by the standing score.
        let in_check = check && qply < 6;
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let stand = if in_check { -INF } else { self.evaluate(pos) };
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if let Some(score) = bare_king_score(pos, ply) {
            return score;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return no_move_score(pos, check, ply);
        }
        let mut ordered = self.capture_list(pos, &moves, in_check, stand, alpha);
        let mut best = stand;
        for i in 0..ordered.len() {
            let (mv, _) = pick(&mut ordered, i);
            let child = pos.play_unchecked(&mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INF {
            // In check, every evasion pruned (none are): keep a finite score anyway.
            best = -MATE + ply as i32;
        }
        best
    }

    /// The moves quiescence tries: in check all, else captures and promotions worth trying
    /// (not losing the mover to a defended square for less, not hopeless for alpha).
    fn capture_list(
        &self,
        pos: &Position,
        moves: &[Move],
        in_check: bool,
        stand: i32,
        alpha: i32,
    ) -> Vec<(Move, i32)> {
        if in_check {
            return self.order(pos, moves, None, MAX_PLY);
        }
        let them = pos.side_to_move().opposite();
        let mut out = Vec::new();
        for mv in moves {
            let victim = self.victim_value(pos, mv);
            let gain = victim.unwrap_or(0) + self.promotion_gain(mv);
            if victim.is_none() && mv.promotion().is_none() {
                continue;
            }
            if stand + gain + 200 < alpha {
                continue;
            }
            let attacker = self.value_on(pos, mv.from()).unwrap_or(0);
            if attacker > gain + 50 && pos.is_attacked(mv.to(), them) {
                continue;
            }
            out.push((*mv, gain * 64 - attacker));
        }
        out
    }

    fn value_on(&self, pos: &Position, sq: plypost_rules::Square) -> Option<i32> {
        pos.piece_at(sq).map(|p| self.eval.value(p.kind.id.index()))
    }

    /// The value of what `mv` captures, if it captures.
    fn victim_value(&self, pos: &Position, mv: &Move) -> Option<i32> {
        if let plypost_rules::Special::EnPassant { victim } = mv.special() {
            return self.value_on(pos, victim);
        }
        self.value_on(pos, mv.to())
    }

    fn promotion_gain(&self, mv: &Move) -> i32 {
        mv.promotion().map_or(0, |k| self.eval.value(k.index()))
    }

    /// Ordering scores: table move, captures and promotions, killers, history.
    fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
    ) -> Vec<(Move, i32)> {
        let side = pos.side_to_move();
        let killers = self
            .heuristics
            .killers
            .get(ply)
            .copied()
            .unwrap_or([None; 2]);
        moves
            .iter()
            .map(|mv| {
                let score = if Some(*mv) == tt_move {
                    TT_SCORE
                } else if let Some(victim) = self.victim_value(pos, mv) {
                    let attacker = self.value_on(pos, mv.from()).unwrap_or(0);
                    CAPTURE_SCORE + (victim + self.promotion_gain(mv)) * 64 - attacker / 16
                } else if mv.promotion().is_some() {
                    CAPTURE_SCORE + self.promotion_gain(mv) * 64
                } else if killers[0] == Some(*mv) {
                    KILLER_SCORE
                } else if killers[1] == Some(*mv) {
                    KILLER_SCORE - 1
                } else {
                    self.heuristics.history[Heuristics::history_index(side, mv)]
                };
                (*mv, score)
            })
            .collect()
    }
}

const TT_SCORE: i32 = 1 << 30;
const CAPTURE_SCORE: i32 = 1 << 28;
const KILLER_SCORE: i32 = 1 << 26;
const HISTORY_MAX: i32 = 1 << 24;

/// Moves the best-scored move of `list[i..]` to `i` and returns it (selection sort, one
/// step at a time: a cut-off usually comes before the list is sorted).
fn pick(list: &mut [(Move, i32)], i: usize) -> (Move, i32) {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].1 > list[best].1 {
            best = j;
        }
    }
    list.swap(i, best);
    list[i]
}
