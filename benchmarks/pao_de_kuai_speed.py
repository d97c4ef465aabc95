"""Pao De Kuai speed: random-playout µs per decision, legal-move generation for a 16-card lead,
and AI decision time (p50/p95) of Low and High over positions from real games."""

from __future__ import annotations

import argparse
import statistics
import time

from cardavia_nb.core.arena import play
from cardavia_nb.core.record import replay
from cardavia_nb.core.rng import rng
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from decision_speed import Stopwatch

GAME = PaoDeKuai()


def playout_speed(games: int) -> tuple[float, float]:
    """µs per decision (legal_actions + choice + apply) and decisions per game over random games."""
    decisions, start = 0, time.perf_counter()
    for seed in range(games):
        choose, state = rng("bench", seed), GAME.new(seed)
        while state.to_act is not None:
            state = GAME.apply(state, choose.choice(GAME.legal_actions(state)))
            decisions += 1
    return (time.perf_counter() - start) / decisions * 1e6, decisions / games


def lead_generation(deals: int) -> tuple[float, float, int]:
    """Mean and max µs to list every legal lead of a fresh 16-card hand, and the most plays."""
    times, most = [], 0
    for seed in range(deals):
        state = GAME.new(seed)
        for seat in range(3):
            fresh = GAME.new(seed, hands=[list(h) for h in state.hands], to_act=seat, opening=False)
            start = time.perf_counter()
            legal = GAME.legal_actions(fresh)
            times.append((time.perf_counter() - start) * 1e6)
            most = max(most, len(legal))
    return statistics.mean(times), max(times), most


def decision_times(player, games: int) -> Stopwatch:
    """Decisions of ``player`` over positions of Low-vs-Low-vs-High games, timed."""
    watch = Stopwatch()
    for seed in range(games):
        _, record = play(GAME, [LowPlayer(1), LowPlayer(2), HighPlayer(3)], seed)
        for step in range(len(record.actions)):
            state = replay(GAME, record, step)
            view, legal = GAME.observe(state, state.to_act), GAME.legal_actions(state)
            watch.time(player.choose, GAME, view, legal)
    return watch


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="random playouts")
    parser.add_argument("--ai", type=int, default=10, help="games whose positions time the AIs")
    args = parser.parse_args()
    us, per = playout_speed(args.n)
    print(f"random playout: {us:.1f} µs per decision ({per:.1f} decisions per deal, {args.n} deals)")
    mean, worst, most = lead_generation(max(1, args.n // 10))
    print(f"16-card lead generation: mean {mean:.0f} µs, max {worst:.0f} µs (up to {most} plays)")
    for player in (LowPlayer(0), HighPlayer(0), HighPlayer(0, name="High (simple rollouts)", plan="none")):
        print(f"{player.name} decision: {decision_times(player, args.ai).summary()}")


if __name__ == "__main__":
    main()
