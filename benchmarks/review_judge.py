"""Does the judge know what it says? (a) The review ranks the levels: mean loss per judged decision of
High's, Low's and Random's seat (95 % intervals), each in seat 0 against Low players. (b) Calibration:
for judged decisions where the move played differs from High's, both moves are played out again from
many fresh worlds consistent with the player's view; the measured difference is regressed on the
reported loss (slope, and mean measured − reported).

The play-outs of (b) finish each world with the judge's own continuation (Low in every seat) on worlds
drawn independently of the review's, so (b) measures the judge's sampling error, not how far Low's
continuation is from best play.

Usage: python3 benchmarks/review_judge.py [--deals 200] [--worlds 48] [--calibrate 300] [--playouts 400]
       [--games truco,pao_de_kuai,french_tarot] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing

from cardavia_nb.core.arena import mean_interval
from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.review import review
from cardavia_nb.review.deals import played_deal
from cardavia_nb.review.judge import paired_values

KINDS = ("high", "low", "random")
GAMES = ("truco", "pao_de_kuai", "french_tarot")


def one_review(task: tuple[str, str, int, int]) -> tuple[str, object, object]:
    """Deal ``seed`` of ``name`` with seat 0 played by ``kind`` against Low players, and its review of seat 0."""
    name, kind, seed, worlds = task
    seats = get(name).num_players
    record = played_deal(name, 5000 + seed, [kind] + ["low"] * (seats - 1), seats_seed=seed * 10)
    return kind, record, review(record, 0, worlds, hindsight=0, duplicate=False)


def reviews(name: str, deals: int, worlds: int, jobs: int) -> dict[str, list]:
    """Per level, the (record, review) of each deal, worked out by ``jobs`` processes (the same figures for any
    number: every deal is seeded on its own)."""
    tasks = [(name, kind, seed, worlds) for kind in KINDS for seed in range(deals)]
    found: dict[str, list] = {kind: [] for kind in KINDS}
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(one_review, tasks, chunksize=1)
    else:
        done = map(one_review, tasks)
    for kind, record, reviewed in done:
        found[kind].append((record, reviewed))
    return found


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
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the reviews")
    args = parser.parse_args()
    for name in args.games.split(","):
        found = reviews(name, args.deals, args.worlds, args.jobs)
        print("\n".join(ranking(name, found)), flush=True)
        print(calibration(name, found, args.calibrate, args.playouts), flush=True)


if __name__ == "__main__":
    main()
