"""``python -m cardavia_nb.arena BOTS_DIR --game truco``: a class tournament from a folder of bot files.

Loads every ``*.py`` file of the folder (each defines ``bot``), plays the round robin with a progress
bar, prints the leaderboard and writes ``leaderboard.csv`` and ``leaderboard.json``. Games run in this
process, in ``--workers`` processes, or on the Dask cluster at ``--scheduler``.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from cardavia_nb.arena.leaderboard import Leaderboard
from cardavia_nb.arena.tournament import load_folder, matches, play_all, unique_names
from cardavia_nb.games import REGISTRY
from cardavia_nb.i18n import LANGS, translate


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m cardavia_nb.arena", description=__doc__.split("\n")[0])
    parser.add_argument("bots", type=Path, help="folder of bot files (each defines `bot`)")
    parser.add_argument("--game", choices=sorted(REGISTRY), default="truco")
    parser.add_argument("--deals", type=int, default=100, help="deal seeds per lineup (default 100)")
    parser.add_argument("--workers", type=int, default=1, help="local worker processes (default 1: this one)")
    parser.add_argument("--scheduler", help="address of a Dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--out", type=Path, default=Path("."), help="folder for leaderboard.csv and .json")
    parser.add_argument("--move-time", type=float, default=2.0, help="seconds a bot may think per move")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if not args.bots.is_dir():
        parser.error(translate("bots.cli.not_a_folder", args.lang, folder=args.bots))
    if args.deals < 1 or args.workers < 1 or args.move_time <= 0:
        parser.error(translate("bots.cli.bad_numbers", args.lang))
    return args


def executor(args: argparse.Namespace, stack: ExitStack) -> Executor | None:
    """Where the games run: a Dask client's executor, a process pool, or None (this process)."""
    if args.scheduler:
        from distributed import Client

        return stack.enter_context(Client(args.scheduler).get_executor(pure=False))
    if args.workers > 1:
        return stack.enter_context(ProcessPoolExecutor(args.workers))
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the tournament; exit status 2 when fewer than two bots load."""
    args = parse(argv)
    entrants, excluded = load_folder(args.bots)
    for name, reason in excluded.items():
        print(translate("bots.leaderboard.excluded_line", args.lang, file=name, reason=reason), file=sys.stderr)
    if len(entrants) < 2:
        print(translate("bots.cli.too_few", args.lang, folder=args.bots, count=len(entrants)), file=sys.stderr)
        return 2
    entrants = unique_names(entrants)
    games = matches(args.game, entrants, args.deals, move_time=args.move_time)
    print(translate("bots.cli.found", args.lang, count=len(entrants), folder=args.bots, games=len(games)))
    with ExitStack() as stack:
        played = play_all(games, executor(args, stack), not args.no_progress, args.game)
    leaderboard = Leaderboard.of(args.game, entrants, played, excluded)
    print(leaderboard.text(args.lang))
    csv_path, json_path = leaderboard.write(args.out, args.lang)
    print(translate("bots.cli.saved", args.lang, csv=csv_path, json=json_path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
