#!/usr/bin/env python3
"""Matches between UCI engines in a variant both know, refereed by pyffish
(Fairy-Stockfish's move generator): every move is checked legal, and the game ends by
pyffish's rules (mate, stalemate, repetition and move-count claims at once), or is a draw
after the ply limit. Used for plypost against fairy-stockfish in Shako (BENCHMARKS.md,
"Search engine"); bench/engine_match.py does the same for chess through python-chess.

    bench/variant_match.py [--games 20] [--movetime 100] [--max-plies 300]
        [--plypost PATH] VARIANT PLAYER PLAYER

A PLAYER is `plypost:LEVEL` (`plypost uci`, Skill Level 1..8) or `fairy-stockfish[:SKILL]`
(Skill Level 0..20; default full strength). Colours alternate; two random plies per side
open each game (seeded by its number). Prints each game, then the first player's score and
an Elo estimate with its 95 % interval.
"""

import argparse
import math
import os
import random
import shutil
import subprocess
import sys

import pyffish

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Uci:
    def __init__(self, name, command, options):
        self.name = name
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        for key, value in options.items():
            self.send(f"setoption name {key} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} stopped")
            if line.startswith(prefix):
                return line.strip()

    def move(self, moves, movetime):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go movetime {movetime}")
        return self.wait("bestmove").split()[1]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def make_player(spec, variant, plypost):
    kind, _, level = spec.partition(":")
    if kind == "plypost":
        options = {"UCI_Variant": variant}
        if level:
            options["Skill Level"] = level
        return Uci(spec, [plypost, "uci"], options)
    if kind == "fairy-stockfish":
        path = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
        options = {"UCI_Variant": variant, "Threads": 1, "Hash": 16}
        if level:
            options["Skill Level"] = level
        return Uci(spec, [path], options)
    sys.exit(f"unknown player {spec}")


def play(variant, white, black, movetime, max_plies, seed):
    """The result for White: 1, 0.5 or 0, and how the game ended."""
    rng = random.Random(seed)
    fen = pyffish.start_fen(variant)
    moves = []
    for ply in range(max_plies):
        legal = pyffish.legal_moves(variant, fen, moves)
        white_to_move = ply % 2 == 0
        if not legal:
            result = pyffish.game_result(variant, fen, moves)
            return finish(result, white_to_move, "no legal move")
        ended, result = pyffish.is_immediate_game_end(variant, fen, moves)
        if not ended:
            ended, result = pyffish.is_optional_game_end(variant, fen, moves)
        if ended:
            return finish(result, white_to_move, "rule")
        if ply < 4:
            move = rng.choice(legal)
        else:
            player = white if white_to_move else black
            move = player.move(moves, movetime)
            if move not in legal:
                print(f"  {player.name} played an illegal move {move} after {moves}")
                return (0.0 if white_to_move else 1.0), "illegal move"
        moves.append(move)
    return 0.5, "ply limit"


def finish(result, white_to_move, how):
    if result == 0:
        return 0.5, how
    mover_wins = result > 0
    return (1.0 if mover_wins == white_to_move else 0.0), how


def elo(points, games):
    p = points / games
    if p >= 1 or p <= 0:
        bound = 0.05 ** (1 / games)
        q = bound if p >= 1 else 1 - bound
        return ("> " if p >= 1 else "< ") + f"{-400 * math.log10(1 / q - 1):+.0f}"
    se = math.sqrt(p * (1 - p) / games)
    slope = 400 / (math.log(10) * p * (1 - p))
    return f"{-400 * math.log10(1 / p - 1):+.0f} ± {1.96 * se * slope:.0f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--plypost", default=os.path.join(ROOT, "target/release/plypost"))
    parser.add_argument("variant")
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args()
    first = make_player(args.first, args.variant, args.plypost)
    second = make_player(args.second, args.variant, args.plypost)
    points = wins = draws = losses = 0
    try:
        for game in range(args.games):
            first_white = game % 2 == 0
            white, black = (first, second) if first_white else (second, first)
            for p in (first, second):
                p.send("ucinewgame")
            score, how = play(args.variant, white, black, args.movetime, args.max_plies, game)
            mine = score if first_white else 1 - score
            points += mine
            wins += mine == 1
            draws += mine == 0.5
            losses += mine == 0
            print(f"game {game + 1}: {white.name} - {black.name} {score} ({how})", flush=True)
    finally:
        first.close()
        second.close()
    print(
        f"{args.variant}: {args.first} vs {args.second}: +{wins} ={draws} -{losses}, "
        f"{points}/{args.games}, Elo {elo(points, args.games)}"
    )


if __name__ == "__main__":
    main()
