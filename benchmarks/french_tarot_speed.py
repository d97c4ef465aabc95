"""French Tarot speed: random playouts of full deals (auction, discard, play, scoring) and AI decision times.

Run: python3 benchmarks/french_tarot_speed.py [--n DEALS] [--ai-deals N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardavia_nb.core.rng import rng
from cardavia_nb.games import get
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer


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


def decision_times(game, make, deals: int) -> list[float]:
    """Milliseconds per decision of the player made by ``make`` in every seat over real deals."""
    times = []
    for seed in range(deals):
        players = [make(seed * 4 + s) for s in range(4)]
        state = game.new(10_000 + seed)
        while state.to_act is not None:
            seat = state.to_act
            view, legal = game.observe(state, seat), game.legal_actions(state)
            t0 = time.perf_counter()
            action = players[seat].choose(game, view, legal)
            times.append((time.perf_counter() - t0) * 1e3)
            state = game.apply(state, action)
    return times


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
        times = sorted(decision_times(game, make, args.ai_deals))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{label:>4} decision time: p50 {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, "
              f"max {times[-1]:.2f} ms over {len(times)} decisions")


if __name__ == "__main__":
    main()
