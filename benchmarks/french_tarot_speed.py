"""French Tarot speed: random playouts of full deals (auction, discard, play, scoring) and AI decision times.

Run: python3 benchmarks/french_tarot_speed.py [--n DEALS] [--ai-deals N]
"""

from __future__ import annotations

import argparse
import time

from cardavia_nb.core.rng import rng
from cardavia_nb.games import get
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from decision_speed import Stopwatch


def random_speed(game, n: int) -> tuple[float, int]:
    """µs per decision (legal_actions + choice + apply) over ``n`` random full deals, with result()."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(n):
        choose = rng("bench", seed)
        state = game.new(seed)
        while state.to_act is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[choose.randrange(len(legal))])
            decisions += 1
        game.result(state)
    return (time.perf_counter() - start) / decisions * 1e6, decisions


def decision_times(game, make, deals: int) -> Stopwatch:
    """Decisions of the player made by ``make`` in every seat over real deals, timed."""
    watch = Stopwatch()
    for seed in range(deals):
        players = [make(seed * 4 + s) for s in range(4)]
        state = game.new(10_000 + seed)
        while state.to_act is not None:
            seat = state.to_act
            view, legal = game.observe(state, seat), game.legal_actions(state)
            state = game.apply(state, watch.time(players[seat].choose, game, view, legal))
    return watch


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="random deals")
    parser.add_argument("--ai-deals", type=int, default=6, help="deals per AI level for decision times")
    args = parser.parse_args()
    game = get("french_tarot")
    us, decisions = random_speed(game, args.n)
    print(f"random playout: {us:.2f} µs per decision ({decisions} decisions, {args.n} deals; target ≤ 10 µs)")
    for label, make in (("Low", LowPlayer), ("High", HighPlayer)):
        print(f"{label:>4} decision time: {decision_times(game, make, args.ai_deals).summary()}")


if __name__ == "__main__":
    main()
