"""Truco speed: random-playout µs per decision, and AI decision time p50/p95 per level.

Usage: python3 benchmarks/truco_speed.py [--matches 2000] [--positions 400]
"""

import argparse
import time

from cardavia_nb.core.playing import play_out
from cardavia_nb.core.rng import rng
from cardavia_nb.games.truco import Truco
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from decision_speed import Stopwatch


def playout_speed(game: Truco, matches: int) -> tuple[int, float]:
    """Decisions and µs per decision (legal_actions + random choice + apply) over whole matches."""
    choose = rng("truco-speed")
    decisions = 0
    start = time.perf_counter()
    for seed in range(matches):
        state = game.new(seed)
        while state.to_act is not None:
            state = game.apply(state, choose.choice(game.legal_actions(state)))
            decisions += 1
    return decisions, (time.perf_counter() - start) / decisions * 1e6


def positions(game: Truco, count: int) -> list:
    """(view, legal) of decisions with a choice, from Low-vs-High matches."""
    out, seed = [], 0
    players = (LowPlayer(3), HighPlayer(4))
    while len(out) < count:
        for decision in play_out(game, game.new(seed), [players[(s + seed) % 2] for s in range(2)]):
            if len(decision.legal) > 1:
                out.append((decision.view, decision.legal))
            if len(out) == count:
                break
        seed += 1
    return out


def decision_times(game: Truco, player, sample: list) -> Stopwatch:
    """The player's decisions over the sample, timed."""
    watch = Stopwatch()
    for view, legal in sample:
        watch.time(player.choose, game, view, legal)
    return watch


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=400)
    args = parser.parse_args()
    game = Truco()
    decisions, micro = playout_speed(game, args.matches)
    per_second = args.matches / (decisions * micro * 1e-6)
    print(f"random playout: {args.matches} matches, {decisions} decisions, {micro:.2f} µs per decision, "
          f"{per_second:,.0f} matches/s")
    sample = positions(game, args.positions)
    for player in (LowPlayer(7), HighPlayer(7)):
        print(f"{player.level:>4} decision: {decision_times(game, player, sample).summary()}")


if __name__ == "__main__":
    main()
