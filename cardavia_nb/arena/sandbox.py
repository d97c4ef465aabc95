"""A bot in a process of its own: it receives views and legal moves, never a game state.

The referee (``cardavia_nb.arena.referee``) starts one sandbox per seat with ``Seat``. The bot's code
runs only in the child process, which never holds a state: no attribute, ``gc`` walk or frame
inspection can find hidden cards there. A move that takes too long gets the child killed.

Run as ``python -m cardavia_nb.arena.sandbox READ_FD WRITE_FD`` (POSIX pipes inherited from the
referee); messages are pickled tuples over ``multiprocessing.connection`` pipes.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys
import threading
import time
import traceback
import types
from multiprocessing.connection import Connection
from typing import Any

from cardavia_nb.core.rng import derive
from cardavia_nb.core.text import Msg


class BotFailure(Exception):
    """The bot broke a rule of the arena: ``kind`` (crash, illegal, timeout, load) and the reason."""

    def __init__(self, kind: str, reason: Msg):
        super().__init__(str(reason))
        self.kind = kind
        self.reason = reason


def load_bot(kind: str, payload: Any) -> Any:
    """The bot object an entrant describes: ``("source", (filename, text))`` runs a bot file and takes
    its ``bot``; ``("pickle", bytes)`` unpickles an object (cloudpickle ships notebook classes)."""
    if kind == "pickle":
        return pickle.loads(payload)
    filename, text = payload
    module = types.ModuleType(os.path.splitext(os.path.basename(filename))[0])
    module.__file__ = filename
    sys.modules[module.__name__] = module
    exec(compile(text, filename, "exec"), module.__dict__)
    bot = getattr(module, "bot", None)
    if bot is None:
        raise ValueError(f"{os.path.basename(filename)} defines no `bot` (an object with `name` and `choose`).")
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"The `bot` of {os.path.basename(filename)} has no choose(game, view, legal) method.")
    return bot


def _error_text(err: BaseException) -> str:
    """The exception in one line with the place in the bot's code where it was raised."""
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename != __file__]
    where = f" (line {frames[-1].lineno} of {os.path.basename(frames[-1].filename)})" if frames else ""
    return f"{type(err).__name__}: {err}{where}"


def _watch_parent(parent: int) -> None:
    """End this process when the referee is gone, even if the bot is stuck in a loop."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def serve(conn: Connection) -> None:
    """The child's loop: load the bot, then answer ``start`` and ``choose`` messages until ``quit``."""
    from cardavia_nb.games import get as get_game

    kind, payload = conn.recv()
    try:
        pristine = load_bot(kind, payload)
        conn.send(("ok", str(getattr(pristine, "name", type(pristine).__name__))))
    except BaseException as err:  # the bot's own code failed: report it, nothing else to do
        conn.send(("error", _error_text(err)))
        return
    bot = game = None
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message[0] == "start":
            _, game_name, options, seed, seat = message
            game = get_game(game_name, **options)
            random.seed(derive("arena-bot", seed, seat))  # bots using the global RNG stay reproducible
            bot = copy.deepcopy(pristine)  # a fresh bot per game: no memory leaks between games
        elif message[0] == "choose":
            _, view, legal = message
            try:
                action = bot.choose(game, view, legal)
                conn.send(("ok", getattr(action, "id", action)))
            except BaseException as err:
                conn.send(("error", _error_text(err)))
        else:
            return


class Seat:
    """The referee's handle on one sandboxed bot: start it, ask it for moves under a time limit."""

    def __init__(self, kind: str, payload: Any, load_time: float = 30.0):
        parent_read, child_write = os.pipe()
        child_read, parent_write = os.pipe()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardavia_nb.arena.sandbox", str(child_read), str(child_write)],
            pass_fds=(child_read, child_write), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(child_read)
        os.close(child_write)
        self._in = Connection(parent_read, writable=False)
        self._out = Connection(parent_write, readable=False)
        self._out.send((kind, payload))
        self.name = self._answer(load_time, "load")

    def _answer(self, limit: float, kind: str) -> Any:
        """The child's next reply within ``limit`` seconds; a failure raises BotFailure."""
        try:
            ready = self._in.poll(limit)
            reply = self._in.recv() if ready else None
        except (EOFError, OSError):
            self.close()
            raise BotFailure("crash", Msg.of("bots.forfeit.ended", code=self.process.poll())) from None
        if reply is None:
            self.process.kill()
            self.close()
            raise BotFailure("timeout", Msg.of("bots.forfeit.timeout", seconds=f"{limit:g}"))
        status, value = reply
        if status == "error":
            raise BotFailure(kind, Msg.of(f"bots.forfeit.{kind}", error=value))
        return value

    def start(self, game_name: str, options: dict, seed: int, seat: int) -> None:
        """Tell the bot a new game begins (it gets a fresh copy of itself)."""
        self._out.send(("start", game_name, options, seed, seat))

    def choose(self, view: Any, legal: tuple, limit: float) -> str:
        """The id of the move the bot picks, within ``limit`` seconds."""
        try:
            self._out.send(("choose", view, legal))
        except OSError:
            self.close()
            raise BotFailure("crash", Msg.of("bots.forfeit.ended", code=self.process.poll())) from None
        return self._answer(limit, "crash")

    @property
    def alive(self) -> bool:
        """Whether the child process still runs."""
        return self.process.poll() is None

    def close(self) -> None:
        """Stop the child (politely, then by force) and release the pipes."""
        if self.process.poll() is None:
            try:
                self._out.send(("quit",))
                self.process.wait(0.5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        self._in.close()
        self._out.close()


def main(read_fd: int, write_fd: int) -> None:
    """Entry point of the child process."""
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    serve(_Duplex(Connection(read_fd, writable=False), Connection(write_fd, readable=False)))


class _Duplex:
    """Two one-way pipes seen as one connection (``recv`` on one, ``send`` on the other)."""

    def __init__(self, read: Connection, write: Connection):
        self.recv, self.send = read.recv, write.send


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
