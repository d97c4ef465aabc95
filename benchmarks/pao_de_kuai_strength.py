"""Pao De Kuai strength with 95% intervals: High against two Lows and Low against two Randoms,
the same deals replayed with the lone player in each seat (core.arena.rotations(3, 2))."""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from cardavia_nb.core.arena import rotations, tournament
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer


def main() -> None:
    """Run both matches and print the standings."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=3000, help="deals (each played in 3 seatings)")
    parser.add_argument("--low-n", type=int, default=3000, help="deals for Low vs Random")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    game = PaoDeKuai()
    with ProcessPoolExecutor(args.workers) as pool:
        for players, n in (([LowPlayer(1), RandomPlayer(2)], args.low_n), ([HighPlayer(1), LowPlayer(2)], args.n)):
            start = time.perf_counter()
            table, _ = tournament(game, players, list(range(n)), executor=pool, lineups=rotations(3, 2))
            print(f"{players[0].name} vs two {players[1].name}s, {n} deals x 3 seatings "
                  f"({time.perf_counter() - start:.0f} s):")
            for row in table:
                print("  ", row)


if __name__ == "__main__":
    main()
