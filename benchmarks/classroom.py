"""A class of N students against one Voila server on this machine, over real kernel websockets.

Each simulated student does what the browser does: loads a game page (Voila starts a kernel and
runs the notebook), opens the kernel's websocket, asks the widget manager for the table's state,
then plays a few deals by sending the table's own intent messages ({"type": "act", "id": ...}) with
pauses like a person, and finally leaves as a closing tab does: the websocket closes and the page's
kernel-shutdown request is sent (with the XSRF check on, Voila refuses it; the status is counted).

Each student asks for a language in the address (``?lang=``, the five in turn) and does what the
page's settings bar does as it renders: when the kernel's settings show another language (a preheated
kernel has drawn English), it sends ``{"type": "set", "key": "lang", "value": ...}``, and at once the
page's token (``{"type": "token", ...}``: the store resumes or keeps the page's game under it).

Printed per class size, without and with a pool of preheated kernels (class mode,
cardavia_nb/classroom/server.py) in the same run: until the page's widgets are drawn, its time-to-interactive
p50/p95 (until the kernel has handled the language and the token the page sent on connect: a click made
earlier waits behind them; measured by a request the kernel answers in order), time until the page
is in its address's language, pages that ended in another language, click-to-update p50/p95
(intent sent → the table's next frame received, matched by its seq; includes the computer players'
thinking; a click refused in words is counted apart), errors,
Voila server and kernel memory, the load average; then, after the class has left, the kernel count
and memory every 15 s until the culler (voila.json: kernels idle and unconnected for 60 s, checked
every 15 s) has brought them back to the pool.

    python benchmarks/classroom.py --students 30                  # no pool, then a pool of 30
    python benchmarks/classroom.py --students 5 --pool 0          # no pool only
    python benchmarks/classroom.py --students 1 --pool 0 1 --deals 1   # a single visitor, quiet server

With ``--class-set`` the server runs as class mode runs it (a store, the teacher key's hash) and each class
size is played twice: first as above, then as a class. For the class a set of ``--deals`` Truco deals is
made in the store; each student sends the page's token and the set's code as the page does, joins under a
name and plays the set's deals (``Next deal`` deals the set's next one), while the teacher's page
(05-class, its board opened with the key, the set chosen) is open; as in a class, the students arrive once
the board shows the set's code. Printed besides: click-to-update beside
the run without a class, and from each deal's end on a student's table to the first board that counts it,
p50/p95, with the deals the board never counted.

    python benchmarks/classroom.py --students 30 --pool 30 --deals 2 --class-set
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardavia_nb.classroom.server import idle_kernels, kernel_env, kernel_ids, voila_flags, wait_until_full  # noqa: E402
from cardavia_nb.store import Store  # noqa: E402
from cardavia_nb.classroom import Classes  # noqa: E402
from tests.browser.harness import ROOT, voila_server  # noqa: E402
from tests.databases import database  # noqa: E402

PAGE = "voila/render/notebooks/01-truco.ipynb"
TEACHER_PAGE = "voila/render/notebooks/05-class.ipynb"
TEACHER_KEY = "classroom-benchmark-teacher-key-0123456789"
USUAL = ("Culling 'idle' kernel", "running over TCP without encryption")  # the log's lines that say nothing wrong
LANGS = ("pt", "fr", "nl", "es", "en")
ARRIVAL = 5.0  # seconds over which a class arrives
DEADLINE = 120.0
CULL_WAIT = 600.0  # give up waiting for the culler after this long


@dataclass
class Figures:
    """What one class size measured."""

    drawn: list[float] = field(default_factory=list)  # until the table's and the settings bar's states are there
    tti: list[float] = field(default_factory=list)  # until the kernel has handled what the page sends on connect
    in_lang: list[float] = field(default_factory=list)  # until the settings show the address's language
    wrong_lang: int = 0
    clicks: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # clicks the kernel refused in words (a notice, no new frame)
    shutdowns: list[int] = field(default_factory=list)  # HTTP status of each tab's shutdown request
    kernels: set[str] = field(default_factory=set)  # the students' kernels (taken from the pool or started)
    ended: dict[tuple[str, int], float] = field(default_factory=dict)  # (name, deals done) -> when its table showed it
    counted: dict[tuple[str, int], float] = field(default_factory=dict)  # the same -> when the board first showed it


def _msg(msg_type: str, content: dict, session: str, channel: str = "shell") -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "student",
              "version": "5.3", "date": ""}
    return json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                       "channel": channel, "buffers": []})


async def messages(ws):
    """The kernel's messages on a channels websocket, parsed, until it closes."""
    while (raw := await ws.read_message()) is not None:
        yield json.loads(raw)


class Student:
    """One simulated browser tab on a Truco page."""

    def __init__(self, base: str, index: int, figures: Figures, deals: int, code: str | None = None):
        self.base, self.figures, self.deals, self.code = base, figures, deals, code
        self.name = f"Student {index + 1}"
        self.rand = random.Random(index)
        self.session = uuid.uuid4().hex
        self.lang = LANGS[index % len(LANGS)]
        self.table_comm: str | None = None
        self.settings_comm: str | None = None
        self.class_comm: str | None = None  # the class panel under the table (ui/classroom/student.py)
        self.ended_at: int | None = None  # the table's frame at which the last deal ended
        self.shown_lang = ""
        self.state: dict = {}
        self.updates: asyncio.Queue = asyncio.Queue()
        self.inbox: asyncio.Queue = asyncio.Queue()

    async def run(self) -> None:
        """Load, play one deal, leave; any failure is recorded as an error."""
        try:
            await asyncio.wait_for(self._run(), DEADLINE)
        except Exception as err:  # noqa: BLE001 - every failure is a figure
            self.figures.errors.append(f"{type(err).__name__}: {err}")

    async def _run(self) -> None:
        start = time.perf_counter()
        page = await AsyncHTTPClient().fetch(f"{self.base}{PAGE}?lang={self.lang}", request_timeout=DEADLINE)
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.body.decode()).group(1)
        self.figures.kernels.add(kernel)
        ws = await websocket_connect(f"{self.base.replace('http', 'ws')}api/kernels/{kernel}/channels?session_id={self.session}")
        reader = asyncio.ensure_future(self._read(ws))
        try:
            ws.write_message(_msg("comm_info_request", {"target_name": "jupyter.widget"}, self.session))
            comms = await self._next(lambda m: m["header"]["msg_type"] == "comm_info_reply")
            for comm_id in comms["content"]["comms"]:
                self._request_state(ws, comm_id)
            await self._until(lambda: self.table_comm is not None and self.settings_comm is not None)
            self.figures.drawn.append(time.perf_counter() - start)
            # what widgets/settings.js sends as it renders: the address's language if the kernel shows another,
            # then at once the page's token (the store keeps the games of it)
            if self.shown_lang != self.lang:
                self._send(ws, self.settings_comm, {"type": "set", "key": "lang", "value": self.lang})
            self._send(ws, self.settings_comm, {"type": "token", "value": uuid.uuid4().hex + uuid.uuid4().hex[:11], "games": []})
            # a kernel answers its shell messages in order: this reply comes once it has handled the page's
            # language and token, so a click made from now on is answered without waiting behind them
            ws.write_message(_msg("comm_info_request", {"target_name": "jupyter.widget"}, self.session))
            await self._next(lambda m: m["header"]["msg_type"] == "comm_info_reply")
            self.figures.tti.append(time.perf_counter() - start)
            try:
                await asyncio.wait_for(self._until(lambda: self.shown_lang == self.lang), 30)
            except asyncio.TimeoutError:
                self.figures.wrong_lang += 1
            self.figures.in_lang.append(time.perf_counter() - start)
            if self.code is not None:
                await self._join(ws)
            await self._play(ws, self.deals)
        finally:
            reader.cancel()
            ws.close()
            answer = await AsyncHTTPClient().fetch(HTTPRequest(f"{self.base}voila/api/shutdown/{kernel}", method="POST", body=b""),
                                                   raise_error=False)
            self.figures.shutdowns.append(answer.code)

    def _request_state(self, ws, comm_id: str) -> None:
        """Ask a widget for its whole state, as the page's widget manager does."""
        ws.write_message(_msg("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}}, self.session))

    def _send(self, ws, comm: str, content: dict) -> None:
        """A widget's custom message, as its front end sends it."""
        ws.write_message(_msg("comm_msg", {"comm_id": comm, "data": {"method": "custom", "content": content}}, self.session))

    async def _join(self, ws) -> None:
        """What a class page does besides: the address's class code, then a name; wait for the set's deal."""
        await self._until(lambda: self.class_comm is not None)
        self._send(ws, self.class_comm, {"type": "class", "code": self.code})
        dealt = self.state.get("frame", {}).get("seq")
        self._send(ws, self.class_comm, {"type": "text", "id": "name", "value": self.name})
        await asyncio.wait_for(self._until(lambda: self.state.get("frame", {}).get("seq") != dealt), 30)
        await asyncio.sleep(0.2)

    async def _read(self, ws) -> None:
        """Route kernel messages: table state updates go to ``updates``, the rest to ``inbox``."""
        async for msg in messages(ws):
            content = msg.get("content", {})
            if msg["header"]["msg_type"] == "comm_msg" and content.get("data", {}).get("method") == "update":
                patch = content["data"].get("state", {})
                if "langs" in patch or content["comm_id"] == self.settings_comm:
                    self.settings_comm = content["comm_id"]
                    self.shown_lang = patch.get("lang", self.shown_lang)
                if "class" in patch.get("_esm", "") and 'type: "class"' in patch["_esm"]:
                    self.class_comm = content["comm_id"]
                if "frame" in patch or content["comm_id"] == self.table_comm:
                    self.table_comm = content["comm_id"]
                    self.state.update(patch)
                    if "frame" in patch:  # a frame, with its seq: a move's answer has a new one
                        self.updates.put_nowait((time.perf_counter(), patch["frame"].get("seq")))
                    elif patch.get("notice") and self.state.get("tone") == "bad":  # a refusal: the click changed nothing
                        self.updates.put_nowait((time.perf_counter(), None))
                    continue
            self.inbox.put_nowait(msg)

    async def _next(self, match) -> dict:
        while True:
            msg = await self.inbox.get()
            if match(msg):
                return msg

    async def _until(self, condition) -> None:
        while not condition():
            await asyncio.sleep(0.01)

    def _choice(self) -> str | None:
        """A sensible click: a playable card, else a button (answers, next deal)."""
        view = self.state.get("frame", {}).get("view", {})
        if view.get("over"):
            return None
        cards = [c["action"] for c in view.get("hand", []) if c.get("action")]
        buttons = [a["id"] for a in view.get("actions", []) if a["id"] != "fold"]
        return self.rand.choice(cards) if cards else (self.rand.choice(buttons) if buttons else None)

    async def _play(self, ws, deals: int = 3) -> None:
        """Click through a few deals (answers, cards, "Next deal") with human pauses."""
        for _ in range(60):
            await asyncio.sleep(self.rand.uniform(0.5, 2.0))  # a person looks, then clicks what the table shows now
            action = self._choice()
            if action == "next_deal":
                deals -= 1
            if action is None or deals == 0:
                return
            before = self.state.get("frame", {}).get("seq")
            while not self.updates.empty():
                self.updates.get_nowait()
            sent = time.perf_counter()
            content = {"method": "custom", "content": {"type": "act", "id": action}}
            ws.write_message(_msg("comm_msg", {"comm_id": self.table_comm, "data": content}, self.session))
            arrived, seq = await asyncio.wait_for(self.updates.get(), 30)
            while seq == before:  # a frame drawn again (High's line, words): not this click's answer
                arrived, seq = await asyncio.wait_for(self.updates.get(), 30)
            if seq is None:
                self.figures.refused.append(f"{action}: {self.state.get('notice')}")
                continue
            self.figures.clicks.append(arrived - sent)
            await asyncio.sleep(0.05)  # let the rest of this update's traits arrive
            seq = self.state.get("frame", {}).get("seq")
            if self.code is not None and self._deal_ended() and seq != self.ended_at:
                self.ended_at = seq
                done = 1 + sum(name == self.name for name, _ in self.figures.ended)
                self.figures.ended[(self.name, done)] = arrived

    def _deal_ended(self) -> bool:
        """Whether the table shows the deal over (the match's end, or Truco's *Next deal* pause)."""
        view = self.state.get("frame", {}).get("view", {})
        return bool(view.get("over")) or any(a["id"] == "next_deal" for a in view.get("actions", []))


class Teacher(Student):
    """The teacher's page (05-class) with the board of the set open: records when each student's finished
    deals first show on it (the students table's *done* column)."""

    def __init__(self, base: str, figures: Figures, set_id: int, code: str):
        super().__init__(base, 0, figures, 0)
        self.set_id, self.set_code, self.board_comm = set_id, code, None
        self.done: dict[str, int] = {}
        self.shown = asyncio.Event()  # the board shows the set (its code): the teacher can give the code out

    async def watch(self, stop: asyncio.Event) -> None:
        """Open the page, give the key, choose the set, then read every board update until ``stop``."""
        page = await AsyncHTTPClient().fetch(f"{self.base}{TEACHER_PAGE}", request_timeout=DEADLINE)
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.body.decode()).group(1)
        ws = await websocket_connect(f"{self.base.replace('http', 'ws')}api/kernels/{kernel}/channels?session_id={self.session}")
        try:
            ws.write_message(_msg("comm_info_request", {"target_name": "jupyter.widget"}, self.session))
            reader = asyncio.ensure_future(self._board(ws))
            await asyncio.wait_for(self._until(lambda: self.board_comm is not None), DEADLINE)
            self._send(ws, self.board_comm, {"type": "key", "value": TEACHER_KEY})
            self._send(ws, self.board_comm, {"type": "press", "id": f"set:{self.set_id}"})
            await stop.wait()
            reader.cancel()
        finally:
            ws.close()

    async def _board(self, ws) -> None:
        """Find the board among the page's widgets, then note each student's *done* count as it grows."""
        async for msg in messages(ws):
            content, kind = msg.get("content", {}), msg["header"]["msg_type"]
            if kind == "comm_info_reply":
                for comm_id in content["comms"]:
                    self._request_state(ws, comm_id)
            if kind != "comm_msg" or content.get("data", {}).get("method") != "update":
                continue
            patch = content["data"].get("state", {})
            if self.board_comm is None and 'type: "key"' in patch.get("_esm", ""):
                self.board_comm = content["comm_id"]
            if content["comm_id"] == self.board_comm and "blocks" in patch:
                if self.set_code in json.dumps(patch["blocks"]):
                    self.shown.set()
                now = time.perf_counter()
                for name, done in students_done(patch["blocks"]).items():
                    for n in range(self.done.get(name, 0) + 1, done + 1):
                        self.figures.counted.setdefault((name, n), now)
                    self.done[name] = max(done, self.done.get(name, 0))


def students_done(blocks: list[dict]) -> dict[str, int]:
    """The board's students table (name, state, deals done) as {name: done}."""
    for block in blocks:
        rows = block.get("rows") if block.get("type") == "table" else None
        if rows and all(len(row) == 3 for row in rows) and all(str(row[2]).isdigit() for row in rows):
            return {row[0]: int(row[2]) for row in rows}
    return {}


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def kernels_of(server_pid: int) -> list[int]:
    """Kernel processes started by the Voila server."""
    out = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"PPid:\t{server_pid}\n" in text and "ipykernel" in Path(status.parent, "cmdline").read_text():
            out.append(int(status.parent.name))
    return out


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def memory(server_pid: int) -> str:
    """Kernel count and memory now, in words."""
    kernels = [rss_mib(p) for p in kernels_of(server_pid)]
    return f"{len(kernels)} kernels, {sum(kernels):.0f} MiB in kernels, server {rss_mib(server_pid):.0f} MiB"


def load() -> str:
    """The machine's load averages (1, 5, 15 min): other work shares these cores."""
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


async def quiet(limit: float = 180.0) -> str:
    """Wait until the machine is quiet (under 15% CPU over 3 s: kernels done warming, the culler's work
    done), so that a class with and without a class set start alike; says how long it took."""
    began = time.perf_counter()
    while (used := await asyncio.to_thread(psutil.cpu_percent, 3.0) / 100) > 0.15 and time.perf_counter() - began < limit:
        pass
    return f"quiet after {time.perf_counter() - began:.0f} s ({used:.0%} CPU)"


async def one_class(base: str, n: int, server_pid: int, deals: int, pool: int, store: str | None = None,
                    board: bool = True) -> None:
    """Run n students at once (arrivals spread over a few seconds), print the figures, then wait for the culler.
    With ``store``: a class set of ``deals`` Truco deals made in it, played by the students with the board open."""
    figures = Figures()
    cls = teacher = None
    stop = asyncio.Event()
    if store is not None:
        classes = Classes(Store(store))
        cls = classes.create(TEACHER_KEY, "truco", "low", deals)
        teacher = Teacher(base, figures, cls.id, cls.code) if board else None
    students = [Student(base, i, figures, deals, cls.code if cls else None) for i in range(n)]
    label = f"{n:>3} students, pool {pool:>2}{', class set' if cls else ''}"
    if teacher is None:
        print(f"{label} | {await quiet()}")
    print(f"{label} | before: {memory(server_pid)} | {load()}")
    peak = {"server": 0.0, "kernels": []}

    async def sample() -> None:
        while True:
            kernels = [rss_mib(p) for p in kernels_of(server_pid)]
            peak["server"] = max(peak["server"], rss_mib(server_pid))
            if sum(kernels) > sum(peak["kernels"]):
                peak["kernels"] = kernels
            await asyncio.sleep(0.5)

    sampler = asyncio.ensure_future(sample())

    async def arrive(i: int, student: Student) -> None:
        await asyncio.sleep(i * ARRIVAL / max(1, n))
        await student.run()

    watching = asyncio.ensure_future(teacher.watch(stop)) if teacher else None
    if teacher is not None:  # as in a class: the board is open, with the set's code, before the code is given out
        await asyncio.wait_for(teacher.shown.wait(), DEADLINE)
        print(f"{label} | the board shows the set; {await quiet()}")
    await asyncio.gather(*(arrive(i, s) for i, s in enumerate(students)))
    if watching is not None:  # the board's poll is once a second; the last results are being replayed
        await asyncio.sleep(10)
        stop.set()
        await watching
    sampler.cancel()
    gone = time.perf_counter()
    await asyncio.sleep(5)
    left = kernels_of(server_pid)
    kernels = peak["kernels"] or [0.0]
    statuses = ", ".join(f"{code}: {figures.shutdowns.count(code)}" for code in sorted(set(figures.shutdowns)))
    print(f"{label} | drawn p50 {statistics.median(figures.drawn or [float('nan')]):5.2f} s p95 {pct(figures.drawn, 95):5.2f} s "
          f"| TTI p50 {statistics.median(figures.tti or [float('nan')]):5.2f} s "
          f"p95 {pct(figures.tti, 95):5.2f} s | in its language p50 {statistics.median(figures.in_lang or [float('nan')]):5.2f} s "
          f"p95 {pct(figures.in_lang, 95):5.2f} s, other language {figures.wrong_lang} | click p50 {1000 * statistics.median(figures.clicks or [float('nan')]):6.0f} ms "
          f"p95 {1000 * pct(figures.clicks, 95):6.0f} ms ({len(figures.clicks)} clicks, {len(figures.refused)} refused) | errors {len(figures.errors)} | "
          f"server peak {peak['server']:.0f} MiB | kernels peak {len(kernels)} × {statistics.mean(kernels):.0f} MiB "
          f"(max {max(kernels):.0f}) | 5 s after leaving: {len(left)} kernels, server {rss_mib(server_pid):.0f} MiB "
          f"| shutdown requests answered {statuses} | {load()}")
    if cls is not None:
        board = [figures.counted[key] - at for key, at in figures.ended.items() if key in figures.counted]
        print(f"      board: a finished deal first counted on the teacher's board p50 {statistics.median(board or [float('nan')]):5.2f} s "
              f"p95 {pct(board, 95):5.2f} s after the student's table showed it ({len(board)} deals); "
              f"never counted {len(figures.ended) - len(board)}; {kept(store, cls, figures.ended)}")
    for err in sorted(set(figures.errors))[:5]:
        print(f"      error: {err}")
    for refusal in figures.refused[:5]:
        print(f"      refused: {refusal}")

    def back() -> bool:  # every student's kernel freed, and the pool refilled to its size
        return (not figures.kernels & set(kernel_ids(server_pid)) and len(kernels_of(server_pid)) == pool
                and idle_kernels(base, server_pid) == pool)

    while not back() and time.perf_counter() - gone < CULL_WAIT:
        await asyncio.sleep(15)
        print(f"      {time.perf_counter() - gone:4.0f} s after the last student left: {memory(server_pid)}")
    print(f"      back to the idle pool ({memory(server_pid)}) {time.perf_counter() - gone:.0f} s after the last student left"
          if back() else f"      not back to the idle pool after {CULL_WAIT:.0f} s")


def kept(store: str, cls, ended: dict[tuple[str, int], float]) -> str:
    """What the class's store holds against the deals the students' tables showed over: lost and doubled results."""
    board = Classes(Store(store)).board(TEACHER_KEY, cls.id)
    held = [(r["name"], deal["index"]) for deal in board["deals"] for r in deal["rows"] if r["status"] == "over"]
    lost = sorted((name, done - 1) for name, done in ended if (name, done - 1) not in held)
    doubled = len(held) - len(set(held))
    return (f"the store holds {len(held)} results of {len(ended)} deals played: lost {len(lost)}, doubled {doubled}"
            + "".join(f"\n      lost: {name}'s deal {index + 1}" for name, index in lost[:5]))


def server_log(log: Path) -> str:
    """What the server's log says that is out of the ordinary, in a few lines."""
    text = log.read_text(errors="replace")
    warned = sorted({line[:300] for line in text.splitlines() if ("WARNING |" in line or "ERROR |" in line)
                     and not any(usual in line for usual in USUAL)})
    return (f"      the server's log: \"database is locked\" {text.count('database is locked')} times, "
            f"{text.count('Traceback')} tracebacks, {len(warned)} other warnings or errors"
            + "".join(f"\n      log: {line}" for line in warned[:8]))


def main() -> None:
    AsyncHTTPClient.configure(None, max_clients=200)  # every student's page request at once, as browsers do
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 10, 20, 30])
    parser.add_argument("--deals", type=int, default=3, help="deals each student plays before leaving")
    parser.add_argument("--pool", type=int, nargs="+", help="pool sizes to compare (0: no pool); default: 0 and "
                        "the largest class")
    parser.add_argument("--fill-delay", type=float, default=60.0)
    parser.add_argument("--class-set", action="store_true", help="a store and the teacher key on; each size played "
                        "without, then with a class set and the teacher's board open")
    parser.add_argument("--no-board", action="store_true", help="with --class-set: no teacher's page open (what the "
                        "board costs the students)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite",
                        help="the store's database (PostgreSQL started as the tests start it)")
    args = parser.parse_args()
    for pool in args.pool if args.pool is not None else [0, max(args.students)]:
        flags = tuple(voila_flags(pool, ["01-truco"], args.fill_delay)) if pool else ()
        with tempfile.TemporaryDirectory() as tmp, database(args.database) as url:
            # the kernels keep every page's game in the benchmark's own database (a fresh SQLite file or PostgreSQL
            # server), never in the checkout's .cardavia/
            store = url if args.class_set else None
            env = {**kernel_env(url, TEACHER_KEY), "JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
            log = Path(tmp) / "voila.log"
            with voila_server(log, flags, env=env) as server:
                print(f"Voila at {server.url} (pid {server.pid}), page {PAGE}, pool {pool}, store {args.database}"
                      f"{', class sets' if store else ''} | {load()}")
                if pool:
                    took = wait_until_full(server.url, server.pid, pool, timeout=900)
                    print(f"      pool of {pool} full after {took if took is None else round(took)} s: {memory(server.pid)} | {load()}")
                for n in args.students:
                    asyncio.run(one_class(server.url, n, server.pid, args.deals, pool))
                    if store:
                        asyncio.run(one_class(server.url, n, server.pid, args.deals, pool, store, not args.no_board))
                    print(server_log(log))


if __name__ == "__main__":
    main()
