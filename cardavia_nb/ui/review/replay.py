"""A finished deal on the felt, move by move: pure functions from a record's states to the replay's frame.

``Replay`` holds the states of a record (every prefix, replayed once) and the log line of each move;
``frame(replay, step, words, faceup)`` is what the page draws at one move: the snapshot of the seat
the record was played from (stripped of every control: nothing can be played from a replay), the
other hands face up when asked, the lines with the current one marked, and the jumps to each trick
or round. It is only ever built from a deal that is over (see ``ui/review/reviewing.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.core.record import Record, replayed
from cardavia_nb.core.text import Msg
from cardavia_nb.ui.table.adapters import Adapter
from cardavia_nb.ui.table.snapshot import snapshot
from cardavia_nb.ui.table.turns import read
from cardavia_nb.ui.table.render_context import RenderContext

# The events that close a trick or a round: the next move starts the next one (a jump target).
ENDS = {"trick": "trick", "trick_won": "trick", "parda": "trick", "round_end": "round"}


@dataclass(frozen=True)
class Replay:
    """A record's states (``states[i]`` after its first ``i`` moves) and the seat it is seen from."""

    game: Game
    adapter: Adapter
    record: Record
    seat: int
    states: tuple[Any, ...]

    @property
    def last(self) -> int:
        """The index of the final state (the number of moves)."""
        return len(self.states) - 1


def replay_of(game: Game, adapter: Adapter, record: Record, seat: int) -> Replay:
    """Every state of ``record`` (already checked to replay) seen from ``seat``."""
    return Replay(game, adapter, record, seat, tuple(replayed(game, record)))


def lines(replay: Replay, words: RenderContext) -> list[str]:
    """The log line of each move (line 0 opens the deal): what its events say, in the page language."""
    out = [words.text(Msg.of("ui.review.start"))]
    for state in replay.states[1:]:
        said = [words.text(replay.game.describe(event)) for event in state.events]
        out.append(" ".join(line for line in said if line))
    return out


def jumps(replay: Replay, words: RenderContext) -> list[dict[str, Any]]:
    """The move that completes each trick or round, ``{step, label}`` ("Trick 2", "Round 3"): the
    felt shows it whole there."""
    out: list[dict[str, Any]] = []
    for step, state in enumerate(replay.states[1:], start=1):
        kinds = [ENDS[e.kind] for e in state.events if e.kind in ENDS]
        if kinds:
            out.append({"step": step, "label": words.text(Msg.of(f"ui.review.{kinds[0]}", n=len(out) + 1))})
    return out


def frame(replay: Replay, step: int, words: RenderContext, faceup: bool) -> dict[str, Any]:
    """The replay at ``step``: the seat's snapshot without controls, the hands shown, the position."""
    game, adapter, seat = replay.game, replay.adapter, replay.seat
    words = replace(words, human=seat)
    state = replay.states[step]
    view = snapshot(read(game, adapter, state, seat, None), words)
    where = words.text(Msg.of("ui.review.where", n=step, total=replay.last))
    view = {**view, "actions": [], "select": None, "mine": False, "help": "", "summary": None, "over": False,
            "status": where,
            "hand": [{**card, "action": None, "why": ""} for card in view["hand"]]}
    shown = [s for s in range(game.num_players) if s != seat] if faceup else []
    hands = [{"seat": s, "name": words.name(s),
              "cards": adapter.cards(adapter.hand(game.observe(state, s)), words.lang)} for s in shown]
    return {"view": view, "hands": hands, "step": step, "last": replay.last, "faceup": faceup,
            "where": where}


__all__ = ["ENDS", "Replay", "frame", "jumps", "lines", "replay_of"]
