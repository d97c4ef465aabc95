"""Does the judge know what it says? (a) The review ranks the levels: mean loss per judged decision of
High's, Low's and Random's seat (95 % intervals), each in seat 0 against Low players. (b) Calibration:
for judged decisions where the move played differs from High's, both moves are played out again from
many fresh worlds consistent with the player's view; the measured difference is regressed on the
reported loss (slope, and mean measured − reported).

The play-outs of (b) finish each world with the judge's own continuation (Low in every seat) on worlds
drawn independently of the review's, so (b) measures the judge's sampling error, not how far Low's
continuation is from best play.

Usage: python3 benchmarks/review_judge.py [--deals 200] [--worlds 48] [--calibrate 300] [--playouts 400]
       [--games truco,pao_de_kuai,french_tarot]
"""

from __future__ import annotations

import argparse

from cardavia_nb.core.arena import mean_interval
from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.review import review
from cardavia_nb.review.deals import played_deal
from cardavia_nb.review.judge import paired_values

KINDS = ("high", "low", "random")
GAMES = ("truco", "pao_de_kuai", "french_tarot")


def reviews(name: str, kind: str, deals: int, worlds: int) -> list:
    """Reviews of seat 0 played by ``kind`` against Low players, one per deal."""
    seats = get(name).num_players
    out = []
    for seed in range(deals):
        record = played_deal(name, 5000 + seed, [kind] + ["low"] * (seats - 1), seats_seed=seed * 10)
        out.append((record, review(record, 0, worlds, hindsight=0, duplicate=False)))
    return out


def ranking(name: str, found: dict[str, list]) -> list[str]:
    """One line per level: mean loss per judged decision with its 95 % interval."""
    lines = []
    for kind in KINDS:
        losses = [j.loss for _, r in found[kind] for j in r.decisions]
        mean, low, high = mean_interval(losses)
        lines.append(f"{name} {kind:>6}: mean loss per decision {mean:.4f} [{low:.4f}, {high:.4f}] "
                     f"over {len(losses)} decisions")
    return lines


def calibration(name: str, found: dict[str, list], count: int, playouts: int) -> str:
    """Slope and mean error of the measured difference against the reported loss."""
    game = get(name)
    pairs = []
    for record, reviewed in (x for kind in KINDS for x in found[kind]):
        for judged in reviewed.decisions:
            if judged.played == judged.best or len(pairs) >= count:
                continue
            state = replay(game, record, upto=judged.step)
            best, played = paired_values(game, game.observe(state, 0), [game.action(judged.best),
                                         game.action(judged.played)], playouts, seed=record.seed + 7_919)
            pairs.append((judged.loss, sum(b - p for b, p in zip(best, played)) / len(best)))
    if len(pairs) < 2:
        return f"{name} calibration: only {len(pairs)} decisions where the moves differ"
    reported, measured = [r for r, _ in pairs], [m for _, m in pairs]
    mr, mm = sum(reported) / len(pairs), sum(measured) / len(pairs)
    spread = sum((r - mr) ** 2 for r in reported)
    slope = sum((r - mr) * (m - mm) for r, m in pairs) / spread if spread else float("nan")
    error = sum(m - r for r, m in pairs) / len(pairs)
    absolute = sum(abs(m - r) for r, m in pairs) / len(pairs)
    return (f"{name} calibration: {len(pairs)} decisions, {playouts} play-outs each: slope {slope:.3f}, "
            f"mean error (measured − reported) {error:+.4f}, mean absolute error {absolute:.4f}")


def main() -> None:
    """Print the ranking and the calibration per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=48)
    parser.add_argument("--calibrate", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    for name in args.games.split(","):
        found = {kind: reviews(name, kind, args.deals, args.worlds) for kind in KINDS}
        print("\n".join(ranking(name, found)), flush=True)
        print(calibration(name, found, args.calibrate, args.playouts), flush=True)


if __name__ == "__main__":
    main()
