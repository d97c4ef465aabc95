"""Truco strength: 30-point matches with seats and deals alternated (duplicate seeds), 95% intervals,
and the average points per deal each entrant scores from envido and from truco (tricks, refusals, folds).

Entrants: high, low, random and the exploiters of benchmarks/exploiters.py (envido_caller,
truco_bluffer, calling_station). Usage: python3 benchmarks/truco_strength.py [--n 200]
[--pairs high-envido_caller,...] (--n seeds per pairing; each seed is played with the seats swapped).
"""

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from cardavia_nb.core.arena import play_seeds
from cardavia_nb.core.record import replay
from cardavia_nb.games.truco import Truco
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from exploiters import TRUCO

MAKERS = {"high": HighPlayer, "low": LowPlayer, "random": RandomPlayer, **TRUCO}
PAIRS = ("high-envido_caller,high-truco_bluffer,high-calling_station,high-low,high-random,high-high,"
         "low-random")


def points_per_deal(game: Truco, played) -> dict[int, tuple[float, float]]:
    """Entrant -> (envido points per deal, truco points per deal) over the played matches."""
    envido, truco, deals = [0.0, 0.0], [0.0, 0.0], 0
    for match in played:
        final = replay(game, match.record)
        deals += final.deal_no
        for seat, entrant in enumerate(match.lineup):
            row = final.awards[seat]
            envido[entrant] += row[0]
            truco[entrant] += row[1] + row[2] + row[3]
    return {e: (envido[e] / deals, truco[e] / deals) for e in (0, 1)}


def main() -> None:
    """Play the pairings and print standings and point sources."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--pairs", default=PAIRS)
    args = parser.parse_args()
    game = Truco()
    with ProcessPoolExecutor(2) as pool:
        for pair in args.pairs.split(","):
            a, b = pair.split("-")
            players = [MAKERS[a](11, name=f"{a} (11)"), MAKERS[b](12, name=f"{b} (12)")]
            start = time.perf_counter()
            standings, played = play_seeds(game, players, list(range(args.n)), executor=pool)
            print(f"{a} vs {b}: {len(played)} matches in {time.perf_counter() - start:.0f} s", flush=True)
            for entrant, standing in enumerate(standings):
                env, tru = points_per_deal(game, played)[entrant]
                print(f"  {standing}\n  {'':>14}  points per deal: envido {env:.3f}, truco {tru:.3f}", flush=True)


if __name__ == "__main__":
    main()
