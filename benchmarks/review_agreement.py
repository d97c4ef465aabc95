"""How steady are the review's verdicts? The same deals judged twice, under two judging seeds (``salt``):
of the decisions flagged as mistakes in either run, the share flagged in both; of the decisions weighed in
both, the share whose best move is the same. Also: flags on decisions where seat 0 followed the table's
hint (a fresh High in its seat at every decision, as the hint asks it), and the flag rate of High, Low
and Random in seat 0. Deals are played by the level in seat 0 against Low players.

``--playout`` judges Truco's worlds played on by another player than its kit's (``low``, or ``high200``:
High with its full sampling), and prints how many verdicts differ from the kit's play-out.

Usage: python3 benchmarks/review_agreement.py [--deals truco=200,pao_de_kuai=50,french_tarot=30]
       [--worlds 2048] [--jobs 2] [--hint 40] [--levels 40] [--playout low]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from typing import Any

from cardavia_nb.core.arena import mean_interval
from cardavia_nb.core.playing import play_out
from cardavia_nb.core.record import Record, SeatPlayer
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer, seat_of
from cardavia_nb.review import review
from cardavia_nb.review.deals import played_deal
from cardavia_nb.review.report import WORLDS

DEALS = "truco=200,pao_de_kuai=50,french_tarot=30"


class HintFollower:
    """Seat 0 as a learner who asks for the hint at every decision and plays it: a fresh High with the
    seat's number for its seed, as the table's hint asks it."""

    name = "Hint follower"

    def __init__(self, game: str):
        self.game = game

    def choose(self, game: Any, view: Any, legal: Any) -> Any:
        """The hint's move."""
        return computer(self.game, "high", view.seat).choose(game, view, legal)


def deal_of(name: str, kind: str, seed: int) -> Record:
    """Deal ``seed`` of ``name``, seat 0 played by ``kind`` ("hint": the hint follower, written as a person),
    the others by Low."""
    seats = get(name).num_players
    if kind != "hint":
        return played_deal(name, 5000 + seed, [kind] + ["low"] * (seats - 1), seats_seed=seed * 10)
    game = get(name)
    players = [HintFollower(name)] + [computer(name, "low", seed * 10 + s) for s in range(1, seats)]
    state = first = game.new(5000 + seed)
    moves = []
    for decision in play_out(game, state, players, until=game.deal_over):
        moves.append(decision.action.id)
        state = decision.after
    return Record(name, 5000 + seed, tuple(moves), dict(game.options), game.played_setup(first, state),
                  (SeatPlayer("human"),) + tuple(seat_of(name, p) for p in players[1:]))


def judged(task: tuple[str, str, int, int, tuple[int, ...], str]) -> tuple[str, list[tuple]]:
    """The decisions of one deal's reviews, one review per salt: (step, verdict, best, weighed) each."""
    name, kind, seed, worlds, salts, playout = task
    if playout:
        _use_playout(name, playout)
    record = deal_of(name, kind, seed)
    out = []
    for salt in salts:
        found = review(record, 0, worlds, hindsight=0, duplicate=False, salt=salt)
        out.append([(j.step, j.verdict, j.best, j.worlds > 0, round(j.loss, 2), round(j.error, 2), j.worlds,
                     j.threshold) for j in found.decisions])
    return kind, out


def _use_playout(name: str, playout: str) -> None:
    """Judge ``name``'s worlds played on by ``playout`` ("low", or "high200": High sampling as it plays)."""
    from dataclasses import replace

    from cardavia_nb.games import kits
    if playout == "low":
        kits.KITS[name] = replace(kits.KITS[name], playout="")
    else:
        kits.KITS[name] = replace(kits.KITS[name], playout="cardavia_nb.players.truco:HighPlayer")


def run(tasks: list[tuple], jobs: int) -> list[tuple[str, list]]:
    """Every task's decisions, by ``jobs`` processes (the same figures for any number)."""
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(judged, tasks, chunksize=1)
    return list(map(judged, tasks))


def agreement(name: str, done: list[tuple[str, list]]) -> str:
    """Flags in both runs over flags in either; best moves alike where both weighed; looks in each run."""
    both = either = same_best = weighed = looks = decisions = 0
    for _, (first, second) in done:
        for a, b in zip(first, second):
            flagged = (a[1] == "mistake", b[1] == "mistake")
            both += all(flagged)
            either += any(flagged)
            looks += (a[1] == "look") + (b[1] == "look")
            decisions += 1
            if a[3] and b[3]:
                weighed += 1
                same_best += a[2] == b[2]
    share = both / either if either else float("nan")
    return (f"{name}: {len(done)} deals, {decisions} decisions: flags in both / in either {both}/{either} = "
            f"{share:.1%}; best move the same in {same_best}/{weighed} weighed in both; "
            f"worth a look {looks / 2:.1f} per run")


def flag_rates(name: str, kinds: list[str], done: list[tuple[str, list]]) -> list[str]:
    """Per level in seat 0: flags per decision (95 % interval) in the first run."""
    lines = []
    for kind in kinds:
        flags = [float(d[1] == "mistake") for k, runs in done if k == kind for d in runs[0]]
        if flags:
            mean, low, high = mean_interval(flags)
            lines.append(f"{name} {kind:>6}: mistakes per decision {mean:.2%} [{low:.2%}, {high:.2%}] "
                         f"over {len(flags)} decisions")
    return lines


def main() -> None:
    """Print the agreement, then the hint-follower's and each level's flag rates, per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default=DEALS)
    parser.add_argument("--worlds", type=int, default=WORLDS)  # review()'s, as a notebook judges
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hint", type=int, default=40, help="deals played by the hint follower per game")
    parser.add_argument("--levels", type=int, default=40, help="deals per level for the flag rates")
    parser.add_argument("--playout", default="", help="Truco: compare verdicts with another play-out")
    parser.add_argument("--dump", default="", help="write each judged decision of both runs here (JSON)")
    args = parser.parse_args()
    for pair in args.deals.split(","):
        name, deals = pair.split("=")
        if args.playout:
            kit_runs = run([(name, "low", s, args.worlds, (0,), "") for s in range(int(deals))], args.jobs)
            other = run([(name, "low", s, args.worlds, (0,), args.playout) for s in range(int(deals))], args.jobs)
            pairs = [(a, b) for (_, (x,)), (_, (y,)) in zip(kit_runs, other) for a, b in zip(x, y)]
            changed = sum(a[1] != b[1] for a, b in pairs)
            flags = sum(a[1] == "mistake" or b[1] == "mistake" for a, b in pairs)
            print(f"{name}: play-out {args.playout} against the kit's: {changed} of {len(pairs)} verdicts differ "
                  f"({flags} decisions a mistake under either)", flush=True)
            continue
        done = run([(name, "low", s, args.worlds, (0, 1), "") for s in range(int(deals))], args.jobs)
        print(agreement(name, done), flush=True)
        if args.dump:
            with open(f"{args.dump}.{name}.json", "w") as out:
                json.dump(done, out)
        hint = run([(name, "hint", s, args.worlds, (0,), "") for s in range(args.hint)], args.jobs)
        levels = run([(name, k, s, args.worlds, (0,), "") for k in ("high", "random") for s in range(args.levels)],
                     args.jobs)
        print("\n".join(flag_rates(name, ["hint", "high", "low", "random"],
                                   hint + levels + [(k, [runs[0]]) for k, runs in done])), flush=True)


if __name__ == "__main__":
    main()
