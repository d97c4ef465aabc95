"""The store under a class: N kernels (processes) playing at once, each saving its game after every move.

Prints lost saves (a game whose stored record is not its last move), "database is locked" and other
errors, the save time p50/p95/max, and the database size after all the games. Runs on SQLite (a file
in a temporary folder) and, when PostgreSQL's binaries are there, on a server it starts and stops.

    python benchmarks/store_saves.py --players 30 --games 34 --moves 40
"""

from __future__ import annotations

import argparse
from collections import Counter
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text  # noqa: E402

from cardavia_nb.core.rng import rng  # noqa: E402
from cardavia_nb.store import Store, StoreError, new_token  # noqa: E402
from tests.databases import pg_missing, postgresql_server  # noqa: E402

RECORD_BYTES = 2_000  # about a whole Truco match's record as JSON


def cause(err: StoreError) -> str:
    """The database's own words behind a StoreError (raised ``from None``, so kept as its context)."""
    return str(err.__context__ or err)


def kernel(url: str, player: int, games: int, moves: int, start: float) -> tuple[list[float], int, list[str]]:
    """One player's kernel: ``games`` games of ``moves`` moves, a save after each; returns save times
    (ms), lost games and error texts. Moves come at a human's pace scaled down (0-20 ms apart)."""
    while time.time() < start:  # every kernel begins at the same moment
        time.sleep(0.001)
    pause = rng("store-bench", player)
    try:
        store, token = Store(url), new_token()
    except StoreError as err:  # a kernel that cannot even open the store loses every game
        return [], games, [cause(err)]
    times, lost, errors = [], 0, []
    for game in range(games):
        game_id = None
        for move in range(1, moves + 1):
            record = f'{{"game": {game}, "move": {move}, "pad": "{"x" * RECORD_BYTES}"}}'
            began = time.perf_counter()
            try:
                game_id = store.save(token, "truco", record, level="low", seat=0, moves=move, deals=1,
                                     game_id=game_id, over=move == moves, points=1, outcome="won")
            except StoreError as err:
                errors.append(cause(err))
            times.append((time.perf_counter() - began) * 1e3)
            time.sleep(pause.random() * 0.02)
        kept = store.get(token, game_id) if game_id is not None else None
        lost += kept is None or f'"move": {moves},' not in kept.record
    store.close()
    return times, lost, errors


def run(url: str, label: str, players: int, games: int, moves: int) -> None:
    """Start the kernels together and print the figures."""
    Store(url).close()  # the schema, as the first page of the day would make it
    start = time.time() + 3
    with multiprocessing.get_context("spawn").Pool(players) as pool:
        results = pool.starmap(kernel, [(url, p, games, moves, start) for p in range(players)])
    times = sorted(t for r in results for t in r[0])
    lost = sum(r[1] for r in results)
    errors = [e for r in results for e in r[2]]
    locked = sum("locked" in e for e in errors)
    store = Store(url)
    with store.engine.connect() as connection:
        kept = connection.execute(text("SELECT count(*) FROM games")).scalar()
        size = (Path(url.removeprefix("sqlite:///")).stat().st_size if url.startswith("sqlite")
                else connection.execute(text("SELECT pg_database_size(current_database())")).scalar())
    store.close()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]  # noqa: E731
    print(f"{label}: {players} kernels x {games} games x {moves} moves = {len(times)} saves, {kept} games kept")
    print(f"  lost games {lost}, 'database is locked' {locked}, other errors {len(errors) - locked}")
    for error, times_seen in Counter(e.splitlines()[0][:160] for e in errors).most_common(3):
        print(f"    {times_seen} x {error}")
    print(f"  save time p50 {pick(0.5):.1f} ms, p95 {pick(0.95):.1f} ms, max {times[-1]:.1f} ms")
    print(f"  database size after {kept} games: {size / 1e6:.1f} MB")


def main() -> None:
    """Parse the arguments and run on each database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--games", type=int, default=34, help="games per player (30 x 34 = 1,020 games)")
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run(f"sqlite:///{folder}/games.sqlite", "SQLite", args.players, args.games, args.moves)
    missing = pg_missing()
    if missing:
        print(f"PostgreSQL: not run ({missing})")
        return
    with postgresql_server() as url:
        run(url, "PostgreSQL", args.players, args.games, args.moves)


if __name__ == "__main__":
    main()
