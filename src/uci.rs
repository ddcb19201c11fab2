//! `plypost uci`: the Universal Chess Interface, spoken as Fairy-Stockfish speaks it for
//! variants (`UCI_Variant`, the variant's own FENs, ranks written in full: `a10a11`), so
//! that GUIs, python-chess and match runners can drive the engine of `plypost-engine`.
//!
//! [`run`] reads commands from any `BufRead` and answers on any `Write`, so the protocol is
//! tested on byte buffers. `go` searches on a worker thread: `stop`, `isready` and `quit`
//! are answered while it thinks; other commands wait for the search to end first.

use plypost_engine::{
    move_from_uci, move_to_uci, Level, Limits, Root, Score, SearchInfo, SearchResult, Searcher,
};
use plypost_rules::{Color, Move, Position, Variant};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 1024;

/// Writes one line and flushes; a write error (the GUI went away) ends nothing here: the
/// input loop ends when its input does.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}").and_then(|()| w.flush());
    }
}

/// The protocol's state between commands.
struct Session {
    /// Built-in variants, then those loaded with `VariantPath` (by name; a later file with
    /// the same name replaces the earlier one).
    custom: Vec<Variant>,
    variant: Variant,
    start: Position,
    moves: Vec<Move>,
    hash_mb: usize,
    level: Level,
    /// `go` commands so far: with the position, the seed of a weak level's noise.
    searches: u64,
}

/// A search on the worker thread.
struct Running<'scope> {
    handle: ScopedJoinHandle<'scope, Searcher>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

/// Runs the protocol until `quit` or the end of `input`. At the end of input a running
/// search is allowed to finish (an infinite one is stopped), so its `bestmove` is written.
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let out = Mutex::new(output);
    let chess = Variant::builtin("chess").map_err(io::Error::other)?;
    let mut session = Session {
        custom: Vec::new(),
        start: Position::start(&chess),
        variant: chess,
        moves: Vec::new(),
        hash_mb: DEFAULT_HASH_MB,
        level: Level::MAX,
        searches: 0,
    };
    let mut searcher = Some(Searcher::new(DEFAULT_HASH_MB));
    std::thread::scope(|scope| {
        let mut running: Option<Running<'_>> = None;
        for line in input.lines() {
            let line = line?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&command) = words.first() else {
                continue;
            };
            match command {
                "isready" => say(&out, "readyok"),
                "stop" => finish(&mut running, &mut searcher, true),
                "quit" => {
                    finish(&mut running, &mut searcher, true);
                    return Ok(());
                }
                _ => {
                    finish(&mut running, &mut searcher, false);
                    let searcher = &mut searcher;
                    if let Some(started) = session.command(&words, searcher, &out, scope) {
                        running = Some(started);
                    }
                }
            }
        }
        let infinite = running.as_ref().is_some_and(|r| r.infinite);
        finish(&mut running, &mut searcher, infinite);
        Ok(())
    })
}

/// Ends the running search, if any: stopped now (`stop`), or awaited; the searcher comes
/// back from the worker.
fn finish(running: &mut Option<Running<'_>>, searcher: &mut Option<Searcher>, stop: bool) {
    if let Some(r) = running.take() {
        if stop || r.infinite {
            r.stop.store(true, Ordering::Relaxed);
        }
        // A worker that panicked (it should not) gives back a fresh searcher.
        let back = r
            .handle
            .join()
            .unwrap_or_else(|_| Searcher::new(DEFAULT_HASH_MB));
        *searcher = Some(back);
    }
}

impl Session {
    /// Every command but `isready`, `stop` and `quit`, with no search running. Returns the
    /// search that `go` started.
    fn command<'scope, 'env, W: Write + Send>(
        &mut self,
        words: &[&str],
        searcher: &mut Option<Searcher>,
        out: &'env Mutex<W>,
        scope: &'scope Scope<'scope, 'env>,
    ) -> Option<Running<'scope>> {
        match words[0] {
            "uci" => self.identify(out),
            "ucinewgame" => {
                if let Some(s) = searcher.as_mut() {
                    s.clear();
                }
                self.start = Position::start(&self.variant);
                self.moves.clear();
            }
            "setoption" => self.set_option(words, searcher, out),
            "position" => self.set_position(&words[1..], out),
            "go" if words.get(1) == Some(&"perft") => self.perft(words.get(2), out),
            "go" => return self.go(&words[1..], searcher, out, scope),
            "d" => say(out, &format!("info string fen {}", self.current().to_fen())),
            _ => {} // Unknown commands are ignored, as the protocol asks.
        }
        None
    }

    fn identify<W: Write>(&self, out: &Mutex<W>) {
        say(
            out,
            &format!("id name plypost {}", env!("CARGO_PKG_VERSION")),
        );
        say(out, "id author plypost developers");
        let mut names: Vec<&str> = Variant::builtin_names().to_vec();
        for v in &self.custom {
            if !names.contains(&v.name()) {
                names.push(v.name());
            }
        }
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        say(
            out,
            &format!("option name UCI_Variant type combo default chess{vars}"),
        );
        say(out, "option name VariantPath type string default <empty>");
        say(
            out,
            &format!(
                "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
            ),
        );
        say(out, "option name Threads type spin default 1 min 1 max 1");
        say(
            out,
            "option name Skill Level type spin default 8 min 1 max 8",
        );
        say(out, "uciok");
    }

    /// The position after the moves.
    fn current(&self) -> Position {
        self.root().position().clone()
    }

    fn root(&self) -> Root {
        Root::from_moves(self.start.clone(), &self.moves)
    }

    /// A variant by name: loaded ones first (they may replace a built-in), then built-in.
    fn find_variant(&self, name: &str) -> Option<Variant> {
        self.custom
            .iter()
            .rev()
            .find(|v| v.name() == name)
            .cloned()
            .or_else(|| Variant::builtin(name).ok())
    }

    fn set_option<W: Write>(
        &mut self,
        words: &[&str],
        searcher: &mut Option<Searcher>,
        out: &Mutex<W>,
    ) {
        let (name, value) = option_name_value(words);
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.find_variant(&value) {
                Some(v) => {
                    self.start = Position::start(&v);
                    self.variant = v;
                    self.moves.clear();
                }
                None => say(out, &format!("info string unknown variant '{value}'")),
            },
            "variantpath" => self.load_variant(&value, out),
            "hash" => match value.parse::<usize>() {
                Ok(mb) => {
                    self.hash_mb = mb.clamp(1, MAX_HASH_MB);
                    if let Some(s) = searcher.as_mut() {
                        s.set_hash_mb(self.hash_mb);
                    }
                }
                Err(_) => say(out, &format!("info string Hash: '{value}' is not a number")),
            },
            "skill level" => match value.parse::<i64>() {
                Ok(n) => self.level = Level::clamped(n),
                Err(_) => say(
                    out,
                    &format!("info string Skill Level: '{value}' is not a number"),
                ),
            },
            "threads" => {} // One thread; the option exists for GUIs that always set it.
            _ => say(out, &format!("info string unknown option '{name}'")),
        }
    }

    /// `VariantPath`: a plypost variant definition (TOML) whose variant joins the list.
    fn load_variant<W: Write>(&mut self, path: &str, out: &Mutex<W>) {
        if path.is_empty() || path == "<empty>" {
            return;
        }
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                say(out, &format!("info string VariantPath {path}: {e}"));
                return;
            }
        };
        match Variant::from_toml(&text) {
            Ok(v) => {
                say(out, &format!("info string loaded variant {}", v.name()));
                self.custom.push(v);
            }
            Err(errors) => {
                for e in errors {
                    say(out, &format!("info string VariantPath {path}: {e}"));
                }
            }
        }
    }

    /// `position startpos|fen <FEN> [moves ...]`. A bad FEN keeps the previous position; a
    /// bad move keeps the moves before it.
    fn set_position<W: Write>(&mut self, args: &[&str], out: &Mutex<W>) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let start = match setup.split_first() {
            Some((&"startpos", _)) => Position::start(&self.variant),
            Some((&"fen", fields)) if !fields.is_empty() => {
                let fen = fields.join(" ");
                match Position::from_fen(&self.variant, &fen) {
                    Ok(pos) => pos,
                    Err(e) => {
                        say(
                            out,
                            &format!("info string bad FEN for {}: {e}", self.variant.name()),
                        );
                        return;
                    }
                }
            }
            _ => {
                say(
                    out,
                    "info string position needs 'startpos' or 'fen <FEN>', then 'moves ...'",
                );
                return;
            }
        };
        self.start = start;
        self.moves.clear();
        let mut pos = self.start.clone();
        for (i, text) in moves.iter().enumerate() {
            match move_from_uci(&pos, text) {
                Ok(mv) => {
                    pos = pos.play_unchecked(&mv);
                    self.moves.push(mv);
                }
                Err(e) => {
                    say(
                        out,
                        &format!(
                            "info string illegal move {} ({e}); the moves after it are ignored",
                            i + 1
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// `go perft N`: the count below each legal move, then the total.
    fn perft<W: Write>(&self, depth: Option<&&str>, out: &Mutex<W>) {
        let Some(depth) = depth.and_then(|d| d.parse::<u32>().ok()) else {
            say(out, "info string go perft needs a depth");
            return;
        };
        let pos = self.current();
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for mv in pos.legal_moves() {
                let count = plypost_rules::perft(&pos.play_unchecked(&mv), depth - 1);
                say(out, &format!("{}: {count}", move_to_uci(&pos, &mv)));
                total += count;
            }
        }
        say(out, "");
        say(out, &format!("Nodes searched: {total}"));
        say(out, "");
    }

    /// `go ...`: starts the search on a worker thread, which writes `info` and `bestmove`.
    fn go<'scope, 'env, W: Write + Send>(
        &mut self,
        args: &[&str],
        searcher: &mut Option<Searcher>,
        out: &'env Mutex<W>,
        scope: &'scope Scope<'scope, 'env>,
    ) -> Option<Running<'scope>> {
        let mut worker = searcher.take()?;
        let go = GoParams::parse(args);
        let root = self.root();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = go.limits(root.position().side_to_move(), self.level, stop.clone());
        self.searches += 1;
        let budget = self.level.budget();
        worker.set_noise(budget.noise, root.position().hash() ^ self.searches);
        let infinite = go.infinite;
        let flag = stop.clone();
        let handle = scope.spawn(move || {
            let result = {
                let mut info = |i: &SearchInfo<'_>| say(out, &info_line(root.position(), i));
                worker.search(&root, &limits, &mut info)
            };
            if infinite {
                // The protocol: no bestmove before `stop`, even when the search is done.
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            say(out, &bestmove_line(root.position(), &result));
            worker
        });
        Some(Running {
            handle,
            stop,
            infinite,
        })
    }
}

/// The name and value of `setoption name <name...> value <value...>` (both may contain
/// spaces: `Skill Level`, a path).
fn option_name_value(words: &[&str]) -> (String, String) {
    let name_at = words.iter().position(|&w| w == "name");
    let value_at = words.iter().position(|&w| w == "value");
    let name = match (name_at, value_at) {
        (Some(n), Some(v)) if v > n => words[n + 1..v].join(" "),
        (Some(n), _) => words[n + 1..].join(" "),
        _ => String::new(),
    };
    let value = value_at.map_or(String::new(), |v| words[v + 1..].join(" "));
    (name, value)
}

/// The parameters of `go`.
#[derive(Debug, Default, PartialEq)]
struct GoParams {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    time: [Option<u64>; 2],
    increment: [Option<u64>; 2],
    movestogo: Option<u64>,
    infinite: bool,
}

impl GoParams {
    /// Reads the parameters; unknown words and bad numbers are skipped.
    fn parse(args: &[&str]) -> GoParams {
        let mut go = GoParams::default();
        let mut i = 0;
        while i < args.len() {
            let number = || args.get(i + 1).and_then(|n| n.parse::<i64>().ok());
            let value = number().map(|n| n.max(0) as u64);
            match args[i] {
                "infinite" => go.infinite = true,
                "depth" => go.depth = value.map(|d| d.min(u32::MAX as u64) as u32),
                "nodes" => go.nodes = value,
                "movetime" => go.movetime = value,
                "wtime" => go.time[0] = value,
                "btime" => go.time[1] = value,
                "winc" => go.increment[0] = value,
                "binc" => go.increment[1] = value,
                "movestogo" => go.movestogo = value,
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += if args[i] == "infinite" { 1 } else { 2 };
        }
        go
    }

    /// The search limits for the side to move at `level`. A plain `go` thinks for the
    /// level's time; levels below the top also cap depth and nodes.
    fn limits(&self, side: Color, level: Level, stop: Arc<AtomicBool>) -> Limits {
        let now = Instant::now();
        let budget = level.budget();
        let capped = level < Level::MAX;
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            stop: Some(stop),
            ..Limits::default()
        };
        if capped {
            limits.depth = Some(self.depth.unwrap_or(u32::MAX).min(budget.depth));
            limits.nodes = Some(
                self.nodes
                    .unwrap_or(u64::MAX)
                    .min(budget.nodes.unwrap_or(u64::MAX)),
            );
        }
        let clock = self.time[side.index()];
        if let Some(ms) = self.movetime {
            let margin = (ms / 20).min(30);
            limits.deadline = Some(now + Duration::from_millis(ms.saturating_sub(margin).max(1)));
        } else if let Some(left) = clock {
            let inc = self.increment[side.index()].unwrap_or(0);
            let moves = self.movestogo.unwrap_or(30).clamp(1, 60);
            let reserve = left.saturating_sub(50);
            let soft = (left / moves + inc * 3 / 4).min(reserve / 3).max(1);
            let hard = (soft * 3).min(reserve / 2).max(soft);
            limits.soft_deadline = Some(now + Duration::from_millis(soft));
            limits.deadline = Some(now + Duration::from_millis(hard));
        } else if !self.infinite && self.depth.is_none() && self.nodes.is_none() {
            limits.deadline = Some(now + budget.time);
            limits.soft_deadline = Some(now + budget.time / 2);
        }
        limits
    }
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// The moves of `line` from `pos` in UCI text.
fn line_text(pos: &Position, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for mv in line {
        words.push(move_to_uci(&pos, mv));
        pos = pos.play_unchecked(mv);
    }
    words.join(" ")
}

fn info_line(root: &Position, info: &SearchInfo<'_>) -> String {
    let ms = info.elapsed.as_millis() as u64;
    let nps = info.nodes * 1000 / ms.max(1);
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.seldepth,
        score_text(info.score),
        info.nodes,
        line_text(root, info.pv)
    )
}

fn bestmove_line(root: &Position, result: &SearchResult) -> String {
    let Some(best) = result.best else {
        return "bestmove (none)".to_string();
    };
    let mut line = format!("bestmove {}", move_to_uci(root, &best));
    if let Some(ponder) = result.ponder {
        let next = root.play_unchecked(&best);
        line.push_str(&format!(" ponder {}", move_to_uci(&next, &ponder)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output of a whole session given as one input text.
    fn session(input: &str) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn bestmoves(output: &str) -> Vec<&str> {
        output
            .lines()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .map(|rest| rest.split_whitespace().next().unwrap_or(""))
            .collect()
    }

    fn legal_texts(variant: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
        let v = Variant::builtin(variant).unwrap();
        let mut pos = match fen {
            Some(f) => Position::from_fen(&v, f).unwrap(),
            None => Position::start(&v),
        };
        for m in moves {
            let mv = move_from_uci(&pos, m).unwrap();
            pos = pos.play_unchecked(&mv);
        }
        pos.legal_moves()
            .iter()
            .map(|m| move_to_uci(&pos, m))
            .collect()
    }

    #[test]
    fn handshake_lists_every_variant_and_option() {
        let out = session("uci\nisready\nquit\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            format!("id name plypost {}", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(lines[1], "id author plypost developers");
        let combo = lines
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant type combo default chess var chess"))
            .unwrap();
        for name in Variant::builtin_names() {
            assert!(combo.contains(&format!(" var {name}")), "{name}");
        }
        for option in [
            "option name VariantPath type string default <empty>",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Threads type spin default 1 min 1 max 1",
            "option name Skill Level type spin default 8 min 1 max 8",
        ] {
            assert!(lines.contains(&option), "{option}");
        }
        let uciok = lines.iter().position(|&l| l == "uciok").unwrap();
        assert_eq!(lines[uciok + 1], "readyok");
    }

    #[test]
    fn go_depth_reports_each_depth_and_a_legal_move() {
        let out = session("position startpos moves e2e4 e7e5\ngo depth 3\n");
        let depths: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| l.split_whitespace().nth(2).unwrap())
            .collect();
        assert_eq!(depths, ["1", "2", "3"]);
        let info = out.lines().find(|l| l.starts_with("info depth 3")).unwrap();
        for word in [
            " seldepth ",
            " score cp ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(word), "{info}");
        }
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1);
        assert!(legal_texts("chess", None, &["e2e4", "e7e5"]).contains(&best[0].to_string()));
        assert!(out.lines().last().unwrap().contains(" ponder "), "{out}");
    }

    #[test]
    fn infinite_search_answers_isready_and_stops_on_stop() {
        let out = session("go infinite\nisready\nstop\nisready\n");
        let lines: Vec<&str> = out.lines().collect();
        let first_ready = lines.iter().position(|&l| l == "readyok").unwrap();
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove "))
            .unwrap();
        assert!(first_ready < best, "{out}");
        assert_eq!(lines.iter().filter(|&&l| l == "readyok").count(), 2);
        // Also stopped by the end of input alone.
        let out = session("go infinite\n");
        assert_eq!(bestmoves(&out).len(), 1);
    }

    #[test]
    fn mate_is_reported_as_mate() {
        let out = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 4\n");
        assert!(out.contains("score mate 1"), "{out}");
        assert_eq!(bestmoves(&out), ["a1a8"]);
        // No legal move: the protocol's (none).
        let out = session("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo depth 2\n");
        assert_eq!(bestmoves(&out), ["(none)"]);
    }

    #[test]
    fn bad_input_is_explained_and_the_engine_goes_on() {
        let out = session(
            "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1\nisready\n\
             position startpos moves e2e4 e2e5 d7d5\nd\n\
             frobnicate\ngo wtime banana\nsetoption name UCI_Variant value nosuch\n\
             setoption name Hash value many\ngo perft x\nposition\nisready\n",
        );
        assert!(
            out.contains("info string bad FEN for chess: the FEN has 4 ranks"),
            "{out}"
        );
        assert!(out.contains("info string illegal move 2 (e2e5: "), "{out}");
        // The moves before the bad one were kept.
        assert!(
            out.contains("info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"),
            "{out}"
        );
        assert!(out.contains("info string unknown variant 'nosuch'"));
        assert!(out.contains("info string Hash: 'many' is not a number"));
        assert!(out.contains("info string go perft needs a depth"));
        assert_eq!(out.lines().filter(|&l| l == "readyok").count(), 2);
        assert_eq!(bestmoves(&out).len(), 1);
    }

    #[test]
    fn perft_divides_by_root_move() {
        let out = session("go perft 2\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 20 + 1);
        assert!(lines.contains(&"e2e4: 20"));
        assert!(lines.contains(&"Nodes searched: 400"));
        let out = session("setoption name UCI_Variant value terachess2\ngo perft 2\n");
        assert!(out.contains("Nodes searched: 2916"), "{out}");
        assert!(out.contains("e4e6: 54"), "{out}");
    }

    #[test]
    fn shako_games_between_two_searches_stay_legal() {
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..4 {
            let out = session(&format!(
                "setoption name UCI_Variant value shako\nposition startpos moves {}\ngo nodes 1500\n",
                moves.join(" ")
            ));
            let best = bestmoves(&out)[0].to_string();
            let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
            assert!(legal_texts("shako", None, &refs).contains(&best), "{best}");
            moves.push(best);
        }
    }

    #[test]
    fn castling_and_promotion_are_written_as_fairy_stockfish_does() {
        let out = session(
            "position fen r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1c1 e8g8 b7a8q\nd\n",
        );
        assert!(
            out.contains("info string fen Q4rk1/8/8/8/8/8/8/2KR3R b - - 0 2"),
            "{out}"
        );
        // Castling into the Pawn's attack is refused with the rules' reason.
        let out = session("position fen r3k2r/1P6/8/8/8/8/8/R3K2R b KQkq - 0 1 moves e8c8\n");
        assert!(
            out.contains("e8c8: that move leaves your King in check"),
            "{out}"
        );
    }

    #[test]
    fn variant_path_adds_a_variant() {
        let dir = std::env::temp_dir().join(format!("plypost-uci-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let chess = Variant::builtin("chess").unwrap();
        let text = chess
            .source_text()
            .replacen("name = \"chess\"", "name = \"mychess\"", 1);
        let file = dir.join("mychess.toml");
        std::fs::write(&file, text).unwrap();
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "name = 3").unwrap();
        let out = session(&format!(
            "setoption name VariantPath value {}\nsetoption name VariantPath value {}\n\
             setoption name VariantPath value /nonexistent/x.toml\nuci\n\
             setoption name UCI_Variant value mychess\ngo perft 1\n",
            file.display(),
            bad.display()
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(out.contains("info string loaded variant mychess"), "{out}");
        assert!(out.contains(" var mychess"), "{out}");
        assert!(out.contains(&format!("info string VariantPath {}: ", bad.display())));
        assert!(out.contains("info string VariantPath /nonexistent/x.toml: "));
        assert!(out.contains("Nodes searched: 20"));
    }

    #[test]
    fn go_parameters_and_time_management() {
        let go = GoParams::parse(&[
            "wtime",
            "60000",
            "btime",
            "1000",
            "winc",
            "1000",
            "movestogo",
            "10",
            "ponder",
            "depth",
            "-3",
        ]);
        assert_eq!(go.time, [Some(60_000), Some(1_000)]);
        assert_eq!(go.increment, [Some(1_000), None]);
        assert_eq!(go.movestogo, Some(10));
        assert_eq!(go.depth, Some(0));
        let stop = Arc::new(AtomicBool::new(false));
        let before = Instant::now();
        let white = go.limits(Color::White, Level::MAX, stop.clone());
        let soft = white.soft_deadline.unwrap() - before;
        assert!(
            soft >= Duration::from_millis(6_000) && soft <= Duration::from_millis(7_000),
            "{soft:?}"
        );
        let black = go.limits(Color::Black, Level::MAX, stop.clone());
        assert!(black.deadline.unwrap() - before <= Duration::from_millis(500));
        // Weak levels cap depth and nodes; a plain go thinks for the level's time.
        let weak = GoParams::parse(&[]).limits(Color::White, Level::MIN, stop);
        assert_eq!(weak.depth, Some(1));
        assert_eq!(weak.nodes, Level::MIN.budget().nodes);
        assert!(weak.deadline.is_some());
        assert_eq!(
            option_name_value(&["setoption", "name", "Skill", "Level", "value", "3"]),
            ("Skill Level".to_string(), "3".to_string())
        );
    }

    #[test]
    fn skill_level_one_still_plays_legal_moves() {
        let out = session("setoption name Skill Level value 1\nposition startpos\ngo\n");
        let best = bestmoves(&out);
        assert!(legal_texts("chess", None, &[]).contains(&best[0].to_string()));
        assert!(!out.contains("info depth 2"), "{out}");
    }
}
