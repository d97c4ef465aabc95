"""French Tarot strength on duplicate deals: High in seat 0 with three Lows, then Low in seat 0 with the
same three Lows and the same cards; prints High's mean score per deal minus Low's with a 95% interval,
and how often each bids and makes its contract.

Run: python3 benchmarks/french_tarot_strength.py [--n DEALS] [--workers 2]
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from cardavia_nb.core.arena import mean_interval, play, wilson
from cardavia_nb.games import get
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer

MAKERS = {"high": HighPlayer, "low": LowPlayer, "random": RandomPlayer}


def one_deal(seed: int, hero: str, rival: str = "low") -> tuple[float, bool, bool]:
    """Seat 0's score, whether it took, whether it made its contract, on deal ``seed``."""
    game = get("french_tarot")
    players = [MAKERS[hero](seed)] + [MAKERS[rival](1000 + 4 * seed + s) for s in range(1, 4)]
    state, _ = play(game, players, seed)
    result = game.result(state)
    took = state.taker == 0
    return result.payoffs[0], took, took and 0 in result.winners


def pair(seed: int) -> tuple[tuple[float, bool, bool], tuple[float, bool, bool]]:
    """The duplicate pair of deal ``seed``: High in seat 0, then Low in seat 0."""
    return one_deal(seed, "high"), one_deal(seed, "low")


def report(name: str, rows: list[tuple[float, bool, bool]]) -> None:
    """Print mean score, bidding and contract-making rates of one seat-0 player."""
    n = len(rows)
    mean, lo, hi = mean_interval([r[0] for r in rows])
    bids = sum(r[1] for r in rows)
    made = sum(r[2] for r in rows)
    blo, bhi = wilson(bids, n)
    mlo, mhi = wilson(made, bids) if bids else (0.0, 1.0)
    print(f"{name:>5} in seat 0: mean score {mean:+.2f} [{lo:+.2f}, {hi:+.2f}]; took {bids / n:.1%} "
          f"[{blo:.1%}, {bhi:.1%}] of deals; made {made / max(bids, 1):.1%} [{mlo:.1%}, {mhi:.1%}] of its contracts")


def main() -> None:
    """Run the duplicate match and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="duplicate deals")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sanity", type=int, default=200, help="deals of Low vs Random (0 to skip)")
    args = parser.parse_args()
    seeds = range(args.n)
    with ProcessPoolExecutor(args.workers) as pool:
        pairs = list(pool.map(pair, seeds, chunksize=8))
        high, low = [p[0] for p in pairs], [p[1] for p in pairs]
        diff, dlo, dhi = mean_interval([h[0] - l[0] for h, l in pairs])
        print(f"{args.n} duplicate deals (High then Low in seat 0, same three Lows, same cards)")
        print(f"High − Low mean score per deal: {diff:+.2f} [{dlo:+.2f}, {dhi:+.2f}] (95% interval)")
        report("High", high)
        report("Low", low)
        if args.sanity:
            rows = list(pool.map(one_deal, range(args.sanity), ["low"] * args.sanity, ["random"] * args.sanity))
            rnd = list(pool.map(one_deal, range(args.sanity), ["random"] * args.sanity, ["random"] * args.sanity))
            d, lo, hi = mean_interval([a[0] - b[0] for a, b in zip(rows, rnd)])
            print(f"Low − Random (seat 0 vs three Randoms, {args.sanity} duplicate deals): {d:+.2f} [{lo:+.2f}, {hi:+.2f}]")


if __name__ == "__main__":
    main()
