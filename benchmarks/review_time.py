"""Review time: seconds to review a whole deal in the kernel, p50/p95 per game, against the targets.

Each deal is played by Low in every seat (``review.deals.played_deal``) and reviewed for seat 0 the way
the table reviews a finished deal: its worlds per decision (``ui.reviewing.WORLDS``, 64; ``--worlds 2048``
for ``review(record)``'s default in a notebook), hindsight for the 3 worst mistakes, High's result on
the same cards. Two parts are timed apart, as the table runs
them: High on the same cards (``high_on_same_cards``: the summary's line, played when the deal ends),
then the review that takes that result instead of playing the deal again (``played_again``). A whole
review by itself, as ``review(record)`` runs it, is the two together (their sum per deal).

Usage: python3 benchmarks/review_time.py [--deals 50] [--worlds 24] [--games truco,pao_de_kuai,french_tarot]
"""

from __future__ import annotations

import argparse
from functools import partial

from cardavia_nb.games import get
from cardavia_nb.review import review
from cardavia_nb.review.report import high_on_same_cards
from cardavia_nb.review.deals import played_deal
from cardavia_nb.ui.review.reviewing import WORLDS
from decision_speed import Stopwatch

TARGETS = {"truco": 1.5, "pao_de_kuai": 6.0, "french_tarot": 10.0}  # seconds at p95, issue 27


def measure(name: str, deals: int, worlds: int) -> tuple[Stopwatch, Stopwatch]:
    """High on the same cards, then the rest of the review, of ``deals`` whole deals of ``name``, each timed."""
    same, rest = Stopwatch(), Stopwatch()
    seats = get(name).num_players
    for seed in range(deals):
        record = played_deal(name, 1000 + seed, ["low"] * seats, seats_seed=seed * 10)
        high = same.time(high_on_same_cards, record, 0)
        rest.time(partial(review, played_again=lambda: high), record, 0, worlds)
    return same, rest


def whole(same: Stopwatch, rest: Stopwatch) -> Stopwatch:
    """The two parts of each deal's review added up: the whole review, as ``review(record)`` runs it."""
    out = Stopwatch()
    out.wall = [a + b for a, b in zip(same.wall, rest.wall)]
    out.cpu = [a + b for a, b in zip(same.cpu, rest.cpu)]
    return out


def main() -> None:
    """Print p50/p95/max per game and whether p95 meets the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--games", default=",".join(TARGETS))
    args = parser.parse_args()
    for name in args.games.split(","):
        same, rest = measure(name, args.deals, args.worlds)
        print(f"{name}: High on the same cards (the summary's line): {same.summary().replace('decisions', 'deals')}")
        print(f"{name}: the review after it (the table's Review): {rest.summary().replace('decisions', 'deals')}")
        watch = whole(same, rest)
        wall = sorted(watch.wall)
        p95 = wall[int(0.95 * (len(wall) - 1))] / 1e3
        verdict = "meets" if p95 <= TARGETS[name] else "MISSES"
        print(f"{name}: the whole review: {watch.summary().replace('decisions', 'deals')}; p95 {p95:.2f} s {verdict} "
              f"the {TARGETS[name]} s target (worlds {args.worlds})")


if __name__ == "__main__":
    main()
