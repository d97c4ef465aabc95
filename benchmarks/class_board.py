"""A class's store under load: the teacher's board's own cost, and thirty students finishing at once.

(a) The board's cost: ``Classes.board()`` and ``stamp()`` timed with N students x D deals in the store
    (every result replayed by ``finish`` and half of them reviewed), for SQLite and PostgreSQL.
(b) N student processes, each with its own token and name, finish the set's deals at the same moments
    (a barrier before each deal; each result sent twice, as a reloading page would) while a poller calls
    ``stamp()`` every second and ``board()`` when it changes. Printed: results lost and doubled, "database
    is locked" in any log, finish() time p50/p95, and the time from a result (and from each deal's last
    result) to the first board that shows it, p50/p95.

PostgreSQL is started as the tests start it (``tests/databases.py``).

    python benchmarks/class_board.py                      # 30 students x 12 deals of Truco, both databases
    python benchmarks/class_board.py --students 5 --deals 3 --databases sqlite
"""

from __future__ import annotations

import argparse
import io
import logging
import multiprocessing
import os
import statistics
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import func, select  # noqa: E402

from benchmarks.table_clicks import percentile  # noqa: E402
from cardavia_nb.store import Store, new_token  # noqa: E402
from cardavia_nb.classroom import Classes  # noqa: E402
from cardavia_nb.store.tables import class_results  # noqa: E402
from tests.classroom import student_record  # noqa: E402
from tests.databases import database, pg_missing  # noqa: E402

TEACHER = "benchmark-teacher-key-0123456789"
LOCKED = "database is locked"


@contextmanager
def store_log() -> Iterator[io.StringIO]:
    """Everything the store logs during the block (a failed write logs its database error there)."""
    text, handler = io.StringIO(), logging.StreamHandler()
    handler.stream = text
    logger = logging.getLogger("cardavia_nb.store")
    logger.addHandler(handler)
    try:
        yield text
    finally:
        logger.removeHandler(handler)


def ms(values: list[float]) -> str:
    """p50 / p95 / max of seconds, in milliseconds."""
    if not values:
        return "-"
    return (f"p50 {1000 * statistics.median(values):.0f} ms, p95 {1000 * percentile(values, 95):.0f} ms, "
            f"max {1000 * max(values):.0f} ms")


# --- (a) the board's own cost ------------------------------------------------------------------
def board_cost(url: str, students: int, deals: int, game: str, repeats: int) -> None:
    """Fill a set with ``students`` x ``deals`` results, then time board() and stamp()."""
    store = Store(url)
    classes = Classes(store)
    cls = classes.create(TEACHER, game, "low", deals)
    began = time.perf_counter()
    for n in range(students):
        token = new_token()
        classes.join(cls, token, f"Student {n:02d}")
        for deal in range(deals):
            record = student_record(cls, deal, seed=n)
            classes.finish(cls, token, deal, record)
            if n % 2:
                step = len(record.actions) - 1
                classes.reviewed(cls, token, deal, [{"step": step, "played": record.actions[step], "best": "x",
                                                      "loss": 0.5}])
    filled = time.perf_counter() - began
    boards, stamps = [], []
    for _ in range(repeats):
        began = time.perf_counter()
        board = classes.board(TEACHER, cls.id)
        boards.append(time.perf_counter() - began)
        began = time.perf_counter()
        classes.stamp(cls.id)
        stamps.append(time.perf_counter() - began)
    shown = sum(len(d["rows"]) for d in board["deals"])
    print(f"  (a) {students} students x {deals} deals ({shown} results; filling through finish took {filled:.1f} s)")
    print(f"      board(): {ms(boards)}   stamp(): {ms(stamps)}")
    store.close()


# --- (b) a class finishing at once ---------------------------------------------------------------
def student(url: str, code: str, n: int, deals: int, barrier, finished) -> None:
    """One student's kernel: join, then at each deal's moment finish it (twice, as after a reload)."""
    store = Store(url)
    classes = Classes(store)
    cls = classes.find(code)
    token = new_token()
    with store_log() as log:
        try:
            classes.join(cls, token, f"Student {n:02d}")
            records = [student_record(cls, deal, seed=n) for deal in range(deals)]
            for deal, record in enumerate(records):
                barrier.wait()
                began = time.time()
                added = classes.finish(cls, token, deal, record)
                done = time.time()
                again = classes.finish(cls, token, deal, record)
                finished.put(("result", n, deal, added, again, began, done))
        except Exception as err:  # noqa: BLE001 - counted and printed, the run goes on
            finished.put(("error", n, repr(err), log.getvalue()))
        finished.put(("log", n, log.getvalue()))
    store.close()


def poll(classes: Classes, set_id: int, expected: int, seen: dict, stop: threading.Event, counts: dict) -> None:
    """The teacher's board: stamp() every second, board() when it changed; when each result first shows."""
    last = None
    while not stop.is_set() and len(seen) < expected:
        began = time.perf_counter()
        stamp = classes.stamp(set_id)
        counts["stamps"] += 1
        if stamp != last:
            board = classes.board(TEACHER, set_id)
            counts["boards"] += 1
            now = time.time()
            for deal in board["deals"]:
                for row in deal["rows"]:
                    if row["status"] == "over":
                        seen.setdefault((row["name"], deal["index"]), now)
            last = stamp
        stop.wait(max(0.0, 1.0 - (time.perf_counter() - began)))


def class_at_once(url: str, students: int, deals: int, game: str) -> None:
    """N student processes finishing the same deals at the same moments, with the board polling."""
    store = Store(url)
    classes = Classes(store)
    cls = classes.create(TEACHER, game, "low", deals)
    context = multiprocessing.get_context("spawn")
    barrier, finished = context.Barrier(students), context.Queue()
    processes = [context.Process(target=student, args=(url, cls.code, n, deals, barrier, finished))
                 for n in range(students)]
    seen: dict = {}
    counts = {"stamps": 0, "boards": 0}
    stop = threading.Event()
    with store_log() as board_log:
        poller = threading.Thread(target=poll, args=(classes, cls.id, students * deals, seen, stop, counts))
        poller.start()
        for process in processes:
            process.start()
        results, errors, logs = [], [], []
        while len(logs) < students:
            item = finished.get(timeout=600)
            {"result": results, "error": errors, "log": logs}[item[0]].append(item)
        for process in processes:
            process.join()
        deadline = time.time() + 10
        while len(seen) < students * deals and time.time() < deadline:
            time.sleep(0.1)
        stop.set()
        poller.join()
    with store.engine.connect() as connection:
        stored = connection.execute(select(func.count()).select_from(class_results)
                                    .where(class_results.c.set_id == cls.id)).scalar()
        distinct = connection.execute(select(func.count()).select_from(
            select(class_results.c.student, class_results.c.deal).where(class_results.c.set_id == cls.id)
            .distinct().subquery())).scalar()
    added = sum(1 for r in results if r[3])
    repeated = sum(1 for r in results if r[4])
    locked = sum(text.count(LOCKED) for *_, text in logs) + board_log.getvalue().count(LOCKED) + \
        sum(e[3].count(LOCKED) for e in errors)
    finish_times = [r[6] - r[5] for r in results]
    to_board = [seen[(f"Student {r[1]:02d}", r[2])] - r[6] for r in results if (f"Student {r[1]:02d}", r[2]) in seen]
    last_to_board = []
    for deal in range(deals):
        mine = [r for r in results if r[2] == deal]
        shown = [seen.get((f"Student {r[1]:02d}", deal)) for r in mine]
        if mine and None not in shown:
            last_to_board.append(max(shown) - max(r[6] for r in mine))
    print(f"  (b) {students} student processes x {deals} deals at the same moments, board polled every second")
    print(f"      results: {students * deals} expected, {added} added, {stored} stored ({stored - distinct} doubled, "
          f"{students * deals - distinct} lost), second sends that added something: {repeated}; "
          f"errors: {len(errors)}; '{LOCKED}': {locked}")
    for error in errors[:3]:
        print(f"      error: {error[2]}")
    print(f"      finish(): {ms(finish_times)}")
    print(f"      result -> board: {ms(to_board)}   (board calls: {counts['boards']}, stamps: {counts['stamps']})")
    print(f"      last result of a deal -> board complete: {ms(last_to_board)}")
    print(f"      load average after the run: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    store.close()


def main() -> None:
    """Run (a) and (b) on each database asked for and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--game", default="truco")
    parser.add_argument("--repeats", type=int, default=20, help="board() calls timed in (a)")
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgresql"])
    args = parser.parse_args()
    for kind in args.databases:
        if kind == "postgresql" and pg_missing():
            print(f"{kind}: skipped, {pg_missing()}")
            continue
        print(f"{kind} ({args.game}, computer level low)")
        with database(kind) as url:
            board_cost(url, args.students, args.deals, args.game, args.repeats)
        with database(kind) as url:
            class_at_once(url, args.students, args.deals, args.game)


if __name__ == "__main__":
    main()
