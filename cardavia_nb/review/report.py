"""A whole deal reviewed: every decision of one seat that had a real choice, judged; the mistakes
worst first; hindsight on the real cards, apart; and what High scored in that seat on the same cards.
"""

from __future__ import annotations

import copy
from functools import partial
from dataclasses import dataclass, replace
from typing import Any, Callable

from cardavia_nb.core.game import Game, jsonable
from cardavia_nb.core.record import Record
from cardavia_nb.core.rng import derive
from cardavia_nb.core.steps import Steps, drained
from cardavia_nb.games import REGISTRY, get
from cardavia_nb.players.seats import HUMAN, computer, rebuilt
from cardavia_nb.review.judge import (Judgement, decision_seed, judging, mistaken, playing_out, playout_level,
                                     worst_first)
from cardavia_nb.review.units import THRESHOLDS, UNITS, deal_value
from cardavia_nb.review.words import lines

# the most worlds drawn per judged decision: a clear verdict stops at the floor (48), one near its threshold goes
# on until settled, so a verdict seldom turns on the draw (benchmarks/review_agreement.py)
WORLDS = 2048
HINDSIGHT = 3  # mistakes also played out on the real cards


@dataclass(frozen=True)
class Hindsight:
    """On these cards (known only afterwards): what the best move found gave, played on by High in the seat
    against the same computer players, beside what the deal really gave."""

    step: int
    best_gave: float
    played_gave: float


@dataclass(frozen=True)
class SameCards:
    """High in ``seat`` from the deal's first move, on the same cards against the same computer players
    (duplicate scoring): what the deal was worth to the seat in the game's unit, and each seat's points."""

    seat: int
    value: float
    points: tuple[float, ...]


@dataclass(frozen=True)
class Review:
    """A reviewed deal of ``seat``: decisions in order, mistakes worst first, hindsight and duplicate score."""

    game: str
    seat: int
    unit: str
    decisions: tuple[Judgement, ...]
    mistakes: tuple[Judgement, ...]
    hindsight: tuple[Hindsight, ...] = ()
    high_score: float | None = None  # High in this seat from the first move, same cards, same opponents
    score: float | None = None  # what the seat really got
    threshold: float = 0.0  # the game's threshold before anything is known (a decision's own is its judgement's)
    looks: tuple[Judgement, ...] = ()  # losses above the threshold whose interval reaches below it, worst first
    playout: str = "low"  # the level that plays every seat on in the judge's worlds

    @property
    def cost(self) -> float:
        """About how much the mistakes cost, summed (in the game's unit)."""
        return sum(m.loss for m in self.mistakes)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data (messages as their keys and parameters)."""
        return jsonable(self)

    def text(self, lang: str = "en") -> str:
        """The review in words, as Markdown paragraphs in ``lang``."""
        return "\n\n".join(lines(self, lang))

    def _repr_markdown_(self) -> str:
        """How a notebook cell shows a review (the page's panel, ``ui.review.view``, follows its language)."""
        return self.text()


def human_seat(record: Record) -> int:
    """The seat a person played (the first "human" seat; seat 0 for a record that names none)."""
    return next((i for i, p in enumerate(record.players) if p.kind == HUMAN), 0)


def _walk(game: Game, record: Record, seat: int, players: list[Any], adviser: Callable[[], Any],
          visit: Callable[[int, Any, Any, Any, Any, Any], Steps[None]]) -> Steps[Any]:
    """Replay the record, a step per move, with its computer players answering; the steps of ``visit`` (step,
    state, the seat's view and legal moves, a new ``adviser()`` and the move it chooses there) come before each
    of ``seat``'s moves that had a choice. Its result is the final state."""
    state = game.new(record.seed, **(record.setup or {}))
    for step, action_id in enumerate(record.actions):
        mover = state.to_act
        legal = game.legal_actions(state)
        view = game.observe(state, mover)
        if mover == seat and len(legal) > 1:
            high = adviser()
            yield from visit(step, state, view, legal, high, high.choose(game, view, legal))
        elif mover != seat and players[mover] is not None:
            players[mover].choose(game, view, legal)  # their memories as they were when they played
        state = game.apply(state, action_id)
        yield
    return state


def _deal_end(game: Game, state: Any, seat: int) -> float:
    """The real deal's value to ``seat``; a Truco record's last deal may stop short of its end."""
    return deal_value(game, state, seat) if game.deal_over(state) else float("nan")


def review(record: Record, seat: int | None = None, worlds: int = WORLDS, hindsight: int = HINDSIGHT,
           duplicate: bool = True, on_judged: Callable[[Judgement], None] | None = None,
           played_again: Callable[[], SameCards | None] | None = None, salt: int = 0) -> Review:
    """Judge every decision of ``seat`` (the record's human seat by default) that had a real choice;
    ``on_judged`` hears each judgement as soon as it is made (a page streams them while it waits).
    Hindsight and High's score on the same cards need computer players in the other seats: with a
    person there (a worked example of the rules) they are left out (``()`` and ``None``).
    ``played_again`` gives ``high_on_same_cards(record, seat)`` where it is already being played (the
    table's summary); when it gives None the deal is played here. ``salt`` draws other worlds (the same
    deal judged again, to measure how steady the verdicts are)."""
    return drained(reviewing(record, seat, worlds, hindsight, duplicate, on_judged, played_again, salt))


def reviewing(record: Record, seat: int | None = None, worlds: int = WORLDS, hindsight: int = HINDSIGHT,
              duplicate: bool = True, on_judged: Callable[[Judgement], None] | None = None,
              played_again: Callable[[], SameCards | None] | None = None, salt: int = 0) -> Steps[Review]:
    """``review`` as steps (``core.steps``): a page without threads answers clicks between them."""
    game = get(record.game, **record.options)
    seat = human_seat(record) if seat is None else seat
    players = rebuilt(record)
    players += [None] * (game.num_players - len(players))
    # the table's hint adviser, asked afresh at each decision as the hint asks it: a player who follows the
    # hint plays High's move, and the review never calls that a mistake
    adviser = partial(computer, game.name, "high", seat)
    judged: list[Judgement] = []
    snapshots: dict[int, tuple[Any, list[Any]]] = {}

    def visit(step: int, state: Any, view: Any, legal: Any, high: Any, pick: Any) -> Steps[None]:
        played = game.action(record.actions[step])
        rows = high.explain(game, view, legal) if pick != played else []  # its search, kept from ``choose``
        judged.append((yield from judging(game, view, legal, played, pick, rows, step, worlds,
                                          decision_seed(record.seed, step, salt), players)))
        if judged[-1].verdict:  # a mistake, or one worth a look, is shown with High's reason for its best move
            best = judged[-1].best
            judged[-1] = replace(judged[-1], reason=next((r["message"] for r in rows if r["id"] == best), None))
        if mistaken(judged[-1]):  # a mistake is looked at in hindsight
            snapshots[step] = (state, copy.deepcopy(players))
        if on_judged is not None:
            on_judged(judged[-1])

    final = yield from _walk(game, record, seat, players, adviser, visit)
    mistakes = worst_first(judged)
    score = _deal_end(game, final, seat)
    opponents = same_opponents(record, seat)  # else nobody to play on against
    looked: list[Hindsight] = []
    for mistake in mistakes[:hindsight] if opponents else ():
        looked.append((yield from _hindsight(game, record, seat, mistake, *snapshots[mistake.step], score)))
    same = None
    if duplicate and opponents:
        same = (played_again() if played_again is not None else None) or (yield from playing_same_cards(record, seat))
    high_score = same.value if same is not None else None
    return Review(game.name, seat, UNITS[game.name], tuple(judged), mistakes, tuple(looked), high_score, score,
                  THRESHOLDS.get(game.name, 1.0), worst_first(judged, "look"), playout_level(game))


def _in_seat(game: Game, record: Record, seat: int, players: list[Any]) -> list[Any]:
    """The players with a High of its own in ``seat``."""
    out = list(players)
    out[seat] = computer(game.name, "high", derive("review-seat", record.seed))
    return out


def _hindsight(game: Game, record: Record, seat: int, mistake: Judgement, state: Any, players: list[Any],
               score: float) -> Steps[Hindsight]:
    """The best move found at a mistake, played out by High on the real cards against the same computer players."""
    table = _in_seat(game, record, seat, players)
    final = yield from playing_out(game, game.apply(state, mistake.best), table)
    return Hindsight(mistake.step, deal_value(game, final, seat), score)


def same_opponents(record: Record, seat: int) -> bool:
    """Whether every seat but ``seat`` is a computer player the record can rebuild (else there is
    nobody to play the deal again against)."""
    if record.game not in REGISTRY:  # a game of the caller's own (a test's toy game) has no computer players here
        return False
    players = rebuilt(record)
    return len(players) == get(record.game).num_players and all(p is not None for i, p in enumerate(players) if i != seat)


def high_on_same_cards(record: Record, seat: int | None = None,
                       going: Callable[[], bool] | None = None) -> SameCards | None:
    """High in ``seat`` (the record's human seat by default) from the first move of the deal, on the same
    cards against the same computer players, rebuilt; None when ``going`` says to stop first."""
    return drained(playing_same_cards(record, seat), going)


def playing_same_cards(record: Record, seat: int | None = None) -> Steps[SameCards]:
    """``high_on_same_cards`` as steps, one per move."""
    game = get(record.game, **record.options)
    seat = human_seat(record) if seat is None else seat
    players = rebuilt(record)
    players += [None] * (game.num_players - len(players))
    final = yield from playing_out(game, game.new(record.seed, **(record.setup or {})),
                                   _in_seat(game, record, seat, players))
    return SameCards(seat, deal_value(game, final, seat), game.deal_points(final))
