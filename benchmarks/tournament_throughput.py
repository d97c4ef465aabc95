"""Tournament throughput in matches per second: serial, 2 processes, and a local Dask cluster (2 workers).

Usage: python3 benchmarks/tournament_throughput.py [--game truco] [--deals 40]
Low against Random in the sandboxed arena (each bot in its own process), the same games each way.
"""

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module

from distributed import Client, LocalCluster

from cardavia_nb import arena
from cardavia_nb.players.base import RandomPlayer


def timed(games, executor=None) -> float:
    """Matches per second for playing ``games`` on ``executor``."""
    start = time.perf_counter()
    arena.play_all(games, executor, progress=False)
    return len(games) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="truco")
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    low = import_module(f"cardavia_nb.players.{args.game}").LowPlayer(1)
    games = arena.matches(args.game, [arena.entrant(low), arena.entrant(RandomPlayer(2))], args.deals)
    print(f"{args.game}: {len(games)} matches, Low vs Random, each bot sandboxed")
    print(f"serial            {timed(games):7.1f} matches/s")
    with ProcessPoolExecutor(2) as pool:
        print(f"2 processes       {timed(games, pool):7.1f} matches/s")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client, client.get_executor(pure=False) as executor:
        print(f"Dask, 2 workers   {timed(games, executor):7.1f} matches/s")


if __name__ == "__main__":
    main()
