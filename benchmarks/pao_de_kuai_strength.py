"""Pao De Kuai strength with 95% intervals: one player against two copies of another, the same deals
replayed with the lone player in each seat (core.arena.rotations(3, 2)).

Entrants: high (rollouts plan its own hand), high_all (plan every hand), high_simple (no planning), low,
random and the
exploiters of benchmarks/exploiters.py (bomb_hoarder, yielder). Usage:
python3 benchmarks/pao_de_kuai_strength.py [--n 3000] [--pairs high-low,low-random] [--chunk 500]
(standings so far are printed after every chunk of deals, so a run cut short still reports its sample)
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from cardavia_nb.core.arena import play_seeds, rotations, standings
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from exploiters import PAO_DE_KUAI

MAKERS = {"high": HighPlayer, "high_all": partial(HighPlayer, plan="all"),
          "high_simple": partial(HighPlayer, plan="none"), "low": LowPlayer,
          "random": RandomPlayer, **PAO_DE_KUAI}
PAIRS = "high-low,high-bomb_hoarder,high-yielder,high-random,high-high,low-random"


def main() -> None:
    """Run every pairing and print the standings."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=3000, help="deals per pairing (each played in 3 seatings)")
    parser.add_argument("--pairs", default=PAIRS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=500, help="deals between two printed standings")
    args = parser.parse_args()
    game = PaoDeKuai()
    with ProcessPoolExecutor(args.workers) as pool:
        for pair in args.pairs.split(","):
            a, b = pair.split("-")
            players = [MAKERS[a](1, name=a), MAKERS[b](2, name=b)]
            start, played = time.perf_counter(), []
            for first in range(0, args.n, args.chunk):
                seeds = list(range(first, min(args.n, first + args.chunk)))
                played += play_seeds(game, players, seeds, executor=pool, lineups=rotations(3, 2))[1]
                print(f"{a} vs two {b}s, {seeds[-1] + 1} deals x 3 seatings ({time.perf_counter() - start:.0f} s):",
                      flush=True)
                for row in standings(players, played):
                    print("  ", row, flush=True)


if __name__ == "__main__":
    main()
