"""Fairy-Stockfish's own move generator (PyPI pyffish) as the oracle of plypost's imports.

usage: oracle.py INI VARIANT DEPTH GAMES PLIES SEED

Loads INI (a variants.ini; '-' for none) and prints one line 'FEN<TAB>NODES' for the start
position of VARIANT and for positions along GAMES random games (at half of PLIES and at
PLIES plies), NODES being the legal move sequences of DEPTH plies (pure move generation, as
plypost's perft). Run it in its own process: pyffish crashes on an unknown variant name.
"""
import random
import sys

import pyffish as sf


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth <= 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def main():
    ini, variant, depth, games, plies, seed = sys.argv[1:7]
    depth, games, plies = int(depth), int(games), int(plies)
    if ini != "-":
        with open(ini, encoding="utf-8") as f:
            sf.load_variant_config(f.read())
    if variant not in sf.variants():
        sys.exit(f"pyffish does not know the variant {variant}")
    rng = random.Random(int(seed))
    start = sf.start_fen(variant)
    positions = [start]
    for _ in range(games):
        moves = []
        for ply in range(1, plies + 1):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
            if ply in (plies // 2, plies):
                positions.append(sf.get_fen(variant, start, moves))
    for fen in positions:
        print(f"{fen}\t{perft(variant, fen, [], depth)}", flush=True)


if __name__ == "__main__":
    main()
