"""French Tarot strength on duplicate deals: High in seat 0 with three Lows, then Low, then the
always-Garde exploiter in seat 0 with the same three Lows and the same cards; prints High's mean score
per deal minus each other's with a 95% interval, how often each bids and makes its contract, and the
calibration of High's bid table (predicted against actual contract success).

Run: python3 benchmarks/french_tarot_strength.py [--n DEALS] [--first SEED] [--workers 2] [--chunk 250]
(the differences so far are printed after every chunk of deals, so a run cut short still reports its sample)
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from cardavia_nb.core.arena import mean_interval, play, wilson
from cardavia_nb.games import get
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from cardavia_nb.players.french_tarot_bidding import predict
from exploiters import FRENCH_TAROT

MAKERS = {"high": HighPlayer, "low": LowPlayer, "random": RandomPlayer, **FRENCH_TAROT}
HEROES = ("high", "low", "always_garde")


def one_deal(seed: int, hero: str, rival: str = "low") -> tuple[float, bool, bool, float]:
    """Seat 0's score, whether it took, whether it made its contract, and the bid table's chance of
    making that contract with seat 0's hand (0 when it did not take), on deal ``seed``."""
    game = get("french_tarot")
    hero_player = BidHand(MAKERS[hero](seed))
    players = [hero_player] + [MAKERS[rival](1000 + 4 * seed + s) for s in range(1, 4)]
    state, _ = play(game, players, seed)
    result = game.result(state)
    took = state.taker == 0
    predicted = predict(hero_player.hand, state.contract)[1] if took else 0.0
    return result.payoffs[0], took, took and 0 in result.winners, predicted


class BidHand:
    """A player wrapper that keeps the hand of its last bid (the deal that was played, after redeals)."""

    def __init__(self, inner):
        self.inner, self.name, self.hand = inner, inner.name, ()

    def choose(self, game, view, legal):
        """The wrapped player's choice."""
        if view.phase == "bid":
            self.hand = view.hand
        return self.inner.choose(game, view, legal)


def duplicate(seed: int) -> list[tuple[float, bool, bool, float]]:
    """Deal ``seed`` with each hero of HEROES in seat 0."""
    return [one_deal(seed, hero) for hero in HEROES]


def calibration(rows: list[tuple[float, bool, bool, float]]) -> None:
    """Predicted against actual contract success of the contracts taken, in bands of 20%."""
    print("High's bid table calibration (contracts High took: predicted vs actual success):")
    for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
        band = [r for r in rows if r[1] and lo <= r[3] < lo + 0.2 + 1e-9 * (lo == 0.8)]
        if band:
            made = sum(r[2] for r in band)
            wlo, whi = wilson(made, len(band))
            pred = sum(r[3] for r in band) / len(band)
            print(f"  predicted {lo:.0%}-{lo + 0.2:.0%}: {len(band):4d} contracts, predicted {pred:.1%}, "
                  f"made {made / len(band):.1%} [{wlo:.1%}, {whi:.1%}]")


def report(name: str, rows: list[tuple[float, bool, bool, float]]) -> None:
    """Print mean score, bidding and contract-making rates of one seat-0 player."""
    n = len(rows)
    mean, lo, hi = mean_interval([r[0] for r in rows])
    bids = sum(r[1] for r in rows)
    made = sum(r[2] for r in rows)
    blo, bhi = wilson(bids, n)
    mlo, mhi = wilson(made, bids) if bids else (0.0, 1.0)
    print(f"{name:>12} in seat 0: mean score {mean:+.2f} [{lo:+.2f}, {hi:+.2f}]; took {bids / n:.1%} "
          f"[{blo:.1%}, {bhi:.1%}] of deals; made {made / max(bids, 1):.1%} [{mlo:.1%}, {mhi:.1%}] of its contracts")


def main() -> None:
    """Run the duplicate match and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="duplicate deals")
    parser.add_argument("--first", type=int, default=0, help="first deal seed (another range checks a figure afresh)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sanity", type=int, default=200, help="deals of Low vs Random (0 to skip)")
    parser.add_argument("--chunk", type=int, default=250, help="deals between two printed differences")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = []
        end = args.first + args.n
        for first in range(args.first, end, args.chunk):
            rows += pool.map(duplicate, range(first, min(end, first + args.chunk)), chunksize=8)
            print(f"{len(rows)} duplicate deals ({', '.join(HEROES)} in seat 0, same three Lows, same cards)")
            for i, hero in enumerate(HEROES[1:], 1):
                diff, dlo, dhi = mean_interval([r[0][0] - r[i][0] for r in rows])
                print(f"High − {hero} mean score per deal: {diff:+.2f} [{dlo:+.2f}, {dhi:+.2f}] (95% interval)",
                      flush=True)
        for i, hero in enumerate(HEROES):
            report(hero, [r[i] for r in rows])
        calibration([r[0] for r in rows])
        if args.sanity:
            rows = list(pool.map(one_deal, range(args.sanity), ["low"] * args.sanity, ["random"] * args.sanity))
            rnd = list(pool.map(one_deal, range(args.sanity), ["random"] * args.sanity, ["random"] * args.sanity))
            d, lo, hi = mean_interval([a[0] - b[0] for a, b in zip(rows, rnd)])
            print(f"Low − Random (seat 0 vs three Randoms, {args.sanity} duplicate deals): {d:+.2f} [{lo:+.2f}, {hi:+.2f}]")


if __name__ == "__main__":
    main()
