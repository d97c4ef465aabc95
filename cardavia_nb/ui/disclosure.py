"""What of a game may leave the kernel for a page, and when: the one rule every path out goes through.

A game in progress never leaves as a record, nor does one left unfinished: its moves so far are on the
table already, and its record would show every hand. A practice deal taken over from a review is never
kept and never sent. A class deal leaves without its seeds (the deal's, which also deals its redeals, and
the computers', which rebuild the class's very opponents) until the teacher closes its set, or when the
code the page holds gives them anyway (an open set): the cards of a deal a classmate has not played yet
must stay in the store. The rest of a player's own finished game is theirs: every hand, every seed.

The paths: *Download all* and the lines of *Your games* (ui/history/panel.py, ``stored``, ``listed``),
``review:<id>`` (``Keeper.review``, ``listed``), *Download the record* and *Open a record* at the table
(ui/review/reviewing.py, ``leaving``, ``may_leave``), the board's replay of a student's deal (ui/classroom/teacher_page.py) and the class panel's
results file (``class_record``).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

from cardavia_nb.core.record import Record, replayed
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get
from cardavia_nb.store.rows import Saved
from cardavia_nb.ui.refusal import Refusal


def unseeded(record: Record) -> Record:
    """``record`` with no seed in it: the computers' seeds dropped (their moves replay, the players are not
    rebuilt) and the deal's seed 0, the record beginning at its last deal (Tarot deals again after four
    passes, from the seed) so that it replays to the same end. A record that does not replay raises."""
    game = get(record.game, **record.options)
    start, setup = 0, record.setup
    for step, (before, state) in enumerate(pairwise(replayed(game, record)), start=1):
        if getattr(state, "deal_no", None) != getattr(before, "deal_no", None):
            start, setup = step, game.deal_setup(state)
    players = tuple(replace(p, seed=None) for p in record.players)
    return replace(record, seed=0, actions=record.actions[start:], setup=setup, players=players)


def may_leave(*, over: bool, practice: bool = False) -> None:
    """Refuse in words a record or a replay while its deal goes on (``over`` False), or of a practice deal."""
    if practice:
        raise Refusal(Msg.of("ui.review.in_practice"))
    if not over:
        raise Refusal(Msg.of("ui.review.not_over"))


def leaving(record: Record, *, over: bool = True, practice: bool = False, apart: bool = False, told: bool = False) -> Record:
    """``record`` as it may leave for a page now (``may_leave``): a class deal's (``apart``) without its
    seeds unless the page may be ``told`` them (``class_record``)."""
    may_leave(over=over, practice=practice)
    return unseeded(record) if apart and not told else record


def class_record(cls: Any, record: Record) -> Record:
    """A finished deal of the class set ``cls`` as it may leave for a page: with the set's seeds once the
    set is closed, or for an open set (its code, which every student holds, gives them), else without."""
    return leaving(record, apart=True, told=cls.closed or cls.kind == "open")


def listed(saved: Saved) -> bool:
    """Whether a kept game is one of the player's own in *Your games* (a line, a *Review*, ``review:<id>``):
    a class deal is not (the class panel shows it, with the class's results, and its row holds the seeds)."""
    return not saved.class_deal


def stored(saved: Saved) -> str | None:
    """A kept game's record as *Download all* may send it, None when it may not: finished and listed only
    (the page's history cannot tell whether a class deal's set is closed)."""
    return saved.record if saved.over and listed(saved) else None

