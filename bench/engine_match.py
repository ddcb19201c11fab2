#!/usr/bin/env python3
"""Chess matches for plypost's engine, through python-chess's engine module.

    bench/engine_match.py [--games N] [--movetime MS] [--plypost PATH] PLAYER PLAYER

A PLAYER is `random` (a uniformly random legal move), `plypost:LEVEL` (`plypost uci` with
Skill Level LEVEL, 1..8), or `fairy-stockfish[:SKILL]` (the Debian package's binary, with
its Skill Level, 0..20, default full strength). Games alternate colours; each starts with
two random plies per side (seeded by the game's number) so that deterministic engines do
not repeat one game. A game ends by the rules (checkmate, stalemate, insufficient
material, threefold repetition and the fifty-move rule claimed at once) or is adjudicated
a draw after 300 plies. Prints each game and the score of the first player.

Examples (BENCHMARKS.md, "Search engine"):

    cargo build --release && bench/engine_match.py --games 20 plypost:8 random
    bench/engine_match.py --games 20 plypost:8 plypost:1
    bench/engine_match.py --games 10 --movetime 200 plypost:8 fairy-stockfish
"""

import argparse
import math
import os
import random
import shutil
import sys

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class RandomPlayer:
    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def move(self, board, limit):
        return self.rng.choice(list(board.legal_moves))

    def close(self):
        pass


class EnginePlayer:
    def __init__(self, name, command, options):
        self.name = name
        self.engine = chess.engine.SimpleEngine.popen_uci(command)
        self.engine.configure(options)

    def move(self, board, limit):
        return self.engine.play(board, limit).move

    def close(self):
        self.engine.quit()


def make_player(spec, plypost, seed):
    kind, _, level = spec.partition(":")
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "plypost":
        level = int(level or 8)
        return EnginePlayer(f"plypost:{level}", [plypost, "uci"], {"Skill Level": level})
    if kind == "fairy-stockfish":
        path = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
        options = {"Skill Level": int(level)} if level else {}
        return EnginePlayer(spec, [path], options)
    sys.exit(f"engine_match: unknown player {spec!r}")


def play_game(white, black, limit, seed):
    board = chess.Board()
    rng = random.Random(seed)
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    players = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        mv = players[board.turn].move(board, limit)
        if mv not in board.legal_moves:
            raise SystemExit(f"{players[board.turn].name} played illegal {mv} in {board.fen()}")
        board.push(mv)
    outcome = board.outcome(claim_draw=True)
    return (outcome.result() if outcome else "1/2-1/2"), board


def elo(score, games):
    if games == 0 or score <= 0 or score >= games:
        return "n/a"
    p = score / games
    return f"{-400 * math.log10(1 / p - 1):+.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--movetime", type=int, default=200, help="milliseconds per move")
    parser.add_argument("--plypost", default=os.path.join(ROOT, "target/release/plypost"))
    args = parser.parse_args()
    limit = chess.engine.Limit(time=args.movetime / 1000)
    a = make_player(args.first, args.plypost, 1)
    b = make_player(args.second, args.plypost, 2)
    score = 0.0
    tally = {"win": 0, "draw": 0, "loss": 0}
    try:
        for game in range(args.games):
            first_white = game % 2 == 0
            white, black = (a, b) if first_white else (b, a)
            result, board = play_game(white, black, limit, seed=game)
            points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            mine = points if first_white else 1 - points
            score += mine
            tally[{1.0: "win", 0.5: "draw", 0.0: "loss"}[mine]] += 1
            print(f"game {game + 1}: {white.name} - {black.name} {result} ({board.ply()} plies)", flush=True)
    finally:
        a.close()
        b.close()
    n = args.games
    print(f"{a.name} vs {b.name}: +{tally['win']} ={tally['draw']} -{tally['loss']}, "
          f"{score}/{n}, Elo difference {elo(score, n)} (movetime {args.movetime} ms)")


if __name__ == "__main__":
    main()
