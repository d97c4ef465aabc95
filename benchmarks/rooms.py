"""Rooms under load: R rooms of two people playing Truco at once, each person a process with a kernel's share of
the work (a store of its own, a ``RoomPlay`` that writes its moves and hears the other's).

Prints, for SQLite (a file in a temporary folder) and PostgreSQL (a server it starts and stops, when its
binaries are there): the delay from a move's write returning in one kernel to the other kernel having applied
it, p50/p95/max over every move of every room, the moves per second of the whole server, and any move lost or
doubled (every kernel must end on the store's moves).

    python benchmarks/rooms.py --rooms 15 --moves 40
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardavia_nb.rooms import RoomPlay  # noqa: E402
from cardavia_nb.store import Store, new_token  # noqa: E402
from cardavia_nb.store.rooms import create_room, room_state, start_room  # noqa: E402
from tests.databases import pg_missing, postgresql_server  # noqa: E402

QUIET = {"grace": 60.0, "away": 3600.0}  # nobody is played for: each person moves on their own turn


def person(url: str, code: str, token: str, moves: int, ready, go, out) -> None:
    """One person's kernel: take the seat, then play the first legal move on each turn; each time a move of the
    other person's is applied here, note when (the other side notes when it wrote it)."""
    store = Store(url)
    heard: list[tuple[int, float]] = []
    seated: list[RoomPlay] = []  # the kernel's play, once made (the room tells its first state while it is made)

    def moved(moments) -> None:
        if moments and seated:
            heard.append((len(seated[0].session.moves), time.time()))

    play = RoomPlay(store, code, token, moved=moved, **QUIET)
    seated.append(play)
    wrote: list[tuple[int, float]] = []
    ready.put(play.seat)
    go.wait()
    deadline = time.monotonic() + 120
    while len(play.session.moves) < moves and play.session.to_act is not None and time.monotonic() < deadline:
        state = play.session.state
        if state.to_act == play.seat:
            action = play.game.legal_actions(state)[0].id
            try:
                play.play(action)
                wrote.append((len(play.session.moves), time.time()))
            except Exception:  # noqa: BLE001 - a stale move: the newer one is applied, the loop goes on
                pass
        else:
            time.sleep(0.002)
    time.sleep(0.5)
    play.catch_up()
    out.put((code, play.seat, wrote, heard, list(play.session.moves)))
    play.close()
    store.close()


def run(url: str, label: str, rooms: int, moves: int) -> None:
    """Play ``rooms`` rooms of two at once on ``url`` and print the figures."""
    store = Store(url)
    codes = [create_room(store, "truco", {}, 2, "low") for _ in range(rooms)]
    ctx = multiprocessing.get_context("spawn")
    ready, out, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=person, args=(url, code, new_token(), moves, ready, go, out))
             for code in codes for _ in range(2)]
    for proc in procs:
        proc.start()
    for _ in procs:
        ready.get(timeout=120)
    for code in codes:
        start_room(store, code)
    began = time.monotonic()
    go.set()
    results = [out.get(timeout=300) for _ in procs]
    took = time.monotonic() - began
    for proc in procs:
        proc.join()
    delays, total, wrong = [], 0, 0
    by_room: dict[str, dict[int, tuple]] = {}
    for code, seat, wrote, heard, played in results:
        by_room.setdefault(code, {})[seat] = (wrote, heard, played)
    for code, seats in by_room.items():
        stored = [m.action for m in room_state(store, code).moves]
        total += len(stored)
        wrong += sum(1 for _, _, played in seats.values() if played != stored)
        for seat, (wrote, _, _) in seats.items():
            heard_at = dict(seats[1 - seat][1])  # the other kernel: moves applied -> when
            delays += [(heard_at[n] - at) * 1000 for n, at in wrote if n in heard_at]
    store.close()
    delays.sort()
    pick = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))]  # noqa: E731
    print(f"{label}: {rooms} rooms of two, {total} moves in {took:.1f} s ({total / took:.0f} moves/s), "
          f"{wrong} kernels off the store's moves")
    print(f"  a move written -> the other kernel has it: p50 {pick(0.5):.0f} ms, p95 {pick(0.95):.0f} ms, "
          f"max {delays[-1]:.0f} ms ({len(delays)} moves)")


def main() -> None:
    """Parse the arguments and run on each database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=15)
    parser.add_argument("--moves", type=int, default=40, help="moves per room (a Truco match's first deals)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run(f"sqlite:///{folder}/games.sqlite", "SQLite", args.rooms, args.moves)
    missing = pg_missing()
    if missing:
        print(f"PostgreSQL: not run ({missing})")
        return
    with postgresql_server() as url:
        run(url, "PostgreSQL", args.rooms, args.moves)


if __name__ == "__main__":
    main()
