"""Whole deals played by computer players and written as records (v3: every deal written out, Tarot's
redeals too): something to review in a notebook, and the deals the review's benchmarks measure on.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.playing import play_out
from cardavia_nb.core.record import Record, result_data
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer, seat_of


def played_deal(name: str, seed: int, kinds: Sequence[str], setup: dict[str, Any] | None = None,
                seats_seed: int = 0) -> Record:
    """One deal of ``name`` from ``seed`` (or the explicit ``setup``), seat ``s`` played by the computer
    level ``kinds[s]`` with seed ``seats_seed + s``; the record has its deal written out and its players."""
    game = get(name)
    players = [computer(name, kind, seats_seed + s) for s, kind in enumerate(kinds)]
    first = state = game.new(seed, **(setup or {}))
    moves: list[str] = []
    for decision in play_out(game, state, players, until=game.deal_over):
        moves.append(decision.action.id)
        state = decision.after
    dealt = game.played_setup(first, state)  # with the deals dealt after the first (Tarot, after four passes)
    written = {**dealt, **setup} if setup else dealt
    return Record(name, seed, tuple(moves), dict(game.options), written,
                  tuple(seat_of(name, p) for p in players), result=result_data(game, state))
