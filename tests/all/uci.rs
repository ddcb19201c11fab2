//! `plypost uci` as other programs see it: python-chess drives it as any UCI engine,
//! pyffish (Fairy-Stockfish's rules) checks its Shako moves, its `go perft` agrees with
//! `plypost perft`, and bad input is answered, not crashed on. Without python3, chess or
//! pyffish the Python tests are skipped with a message, except under `CI=true`, where they
//! fail.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_plypost");
const INSTALL: &str = "pip install chess pyffish";

/// Whether python3 can import chess and pyffish; a panic under `CI=true` when not.
fn python_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import chess, chess.engine, pyffish"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !ok {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("python3 with chess and pyffish is needed when CI=true: {INSTALL}");
        }
        eprintln!("skipped: {INSTALL} to run this test");
    }
    ok
}

/// Runs a Python script with the engine's path as its argument; returns its output.
fn python(script: &str) -> String {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "python3 failed ({})\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// One `plypost uci` session: `input` on standard input, then its end; the output.
fn uci_session(input: &str) -> String {
    let mut child = Command::new(BIN)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plypost uci starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write commands");
    let out = child.wait_with_output().expect("plypost uci ends");
    assert!(
        out.status.success(),
        "plypost uci failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// python-chess plays moves from the start, analyses, and plays a short mate out.
const PYTHON_CHESS: &str = r#"
import sys, chess, chess.engine
with chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"]) as engine:
    assert engine.id["name"].startswith("plypost "), engine.id
    assert "UCI_Variant" in engine.options and "Skill Level" in engine.options
    board = chess.Board()
    for _ in range(8):
        result = engine.play(board, chess.engine.Limit(nodes=3000))
        assert result.move in board.legal_moves, (board.fen(), result.move)
        board.push(result.move)
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    assert info["depth"] >= 4 and "score" in info and info.get("pv"), info
    print("analysed", info["score"].white())
    # A short game: White mates in two; both sides are the engine.
    board = chess.Board("7k/8/5K2/8/8/8/8/1R6 w - - 0 1")
    while not board.is_game_over() and board.ply() < 10:
        result = engine.play(board, chess.engine.Limit(depth=5))
        assert result.move in board.legal_moves, (board.fen(), result.move)
        board.push(result.move)
    assert board.is_checkmate(), board.fen()
    print("mated", board.fen())
    info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=3))
    assert info["score"].white() == chess.engine.Mate(1), info
    print("ok")
"#;

#[test]
fn python_chess_drives_the_engine() {
    if !python_available() {
        return;
    }
    let out = python(PYTHON_CHESS);
    assert!(out.lines().any(|l| l == "ok"), "{out}");
}

/// Engine against engine in Shako with raw UCI, every move checked by pyffish, and the
/// final position's FEN compared with pyffish's.
const SHAKO_GAME: &str = r#"
import sys, subprocess, pyffish
engine = subprocess.Popen([sys.argv[1], "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()
def until(prefix):
    while True:
        line = engine.stdout.readline()
        assert line, "the engine ended"
        if line.startswith(prefix):
            return line.strip()
send("uci"); until("uciok")
send("setoption name UCI_Variant value shako")
send("isready"); until("readyok")
start = pyffish.start_fen("shako")
assert start == "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1", start
moves = []
for ply in range(10):
    send("position startpos moves " + " ".join(moves))
    send("go nodes 2000")
    best = until("bestmove ").split()[1]
    legal = pyffish.legal_moves("shako", start, moves)
    assert best in legal, (ply, best, moves, legal)
    moves.append(best)
send("position startpos moves " + " ".join(moves))
send("d")
ours = until("info string fen ").split()[3:5]
theirs = pyffish.get_fen("shako", start, moves).split()[0:2]
assert ours == theirs, (ours, theirs)
# Castling is the King's own move, as Fairy-Stockfish writes it.
castle_fen = "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1"
send("position fen " + castle_fen + " moves f2h2")
send("d")
ours = until("info string fen ").split()[3]
assert ours == pyffish.get_fen("shako", castle_fen, ["f2h2"]).split()[0], ours
send("quit")
engine.wait(timeout=30)
print("ok", " ".join(moves))
"#;

#[test]
fn shako_moves_are_legal_for_pyffish() {
    if !python_available() {
        return;
    }
    let out = python(SHAKO_GAME);
    assert!(out.starts_with("ok "), "{out}");
}

fn perft_total(variant: &str, depth: u32) -> u64 {
    let out = Command::new(BIN)
        .args(["perft", variant, &depth.to_string()])
        .output()
        .expect("plypost perft runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {text}"))
}

#[test]
fn go_perft_agrees_with_plypost_perft() {
    for (variant, depth) in [("chess", 3), ("shako", 3), ("terachess2", 3)] {
        let out = uci_session(&format!(
            "setoption name UCI_Variant value {variant}\ngo perft {depth}\nquit\n"
        ));
        let total: u64 = out
            .lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{variant}: {out}"));
        let divided: u64 = out
            .lines()
            .filter_map(|l| l.split_once(": "))
            .filter(|(m, _)| !m.starts_with("Nodes"))
            .map(|(_, n)| n.parse::<u64>().expect("a count"))
            .sum();
        assert_eq!(total, divided, "{variant}");
        assert_eq!(total, perft_total(variant, depth), "{variant}");
    }
}

#[test]
fn bad_fen_is_explained_and_the_engine_keeps_answering() {
    let out = uci_session(
        "uci\nposition fen this is no fen\nisready\nposition startpos moves e2e5\nisready\n\
         go depth 2\nisready\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string bad FEN for chess: ")),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string illegal move 1 (e2e5: ")),
        "{out}"
    );
    assert_eq!(
        lines.iter().filter(|&&l| l == "readyok").count(),
        3,
        "{out}"
    );
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")), "{out}");
}
