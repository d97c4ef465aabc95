"""Judging one decision with what the player could know then: the move played against the best of High's
short list.

From the player's view, worlds consistent with it are drawn (by the game's reader where its kit has one,
which weighs each world by how likely the other seats' calls make it, else by its sampler); in each world
every move of the short list and the move played are played and the deal is finished by the game's
play-out players (its kit's, else Low in every seat), the same for every move, so differences are paired
world by world. The first ``FLOOR`` worlds (more where the moves seldom differ: ``EVENTS``) pick the best
move; later worlds weigh only it and the move played. The judging stops once the loss is ``SETTLED``
standard errors from the decision's threshold on as many worlds (or at ``worlds``). A loss whose whole interval is above the threshold is a mistake; one above it whose
interval reaches below is only worth a look. Nothing here looks at the real hidden cards.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from cardavia_nb.core.game import Action, Game, World
from cardavia_nb.core.playing import play_out
from cardavia_nb.core.rng import derive
from cardavia_nb.core.steps import Steps, drained
from cardavia_nb.core.text import Msg
from cardavia_nb.players.seats import computer
from cardavia_nb.games import REGISTRY, kit
from cardavia_nb.review.units import deal_value, threshold_at

BATCH = 16  # worlds drawn at a time
FLOOR = 48  # worlds drawn before any verdict may end the judging: small samples misjudge their own error
FEW = 4  # up to this many legal moves, every one is weighed
SHORT = 3  # otherwise at most this many of High's moves, those it weighs within a threshold of its best
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
# standard errors between the loss and the threshold that end the judging before ``worlds``: wider than the
# verdict's interval, since a verdict looked at after every batch would otherwise stop on a lucky draw
SETTLED = 4.0
# worlds where the two moves' values differ that an early stop needs: where they differ only now and then (most
# Truco decisions), the mean and its error rest on those few worlds, and a handful misjudges both
EVENTS = 12


def t95(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom (a Cornish-Fisher series,
    within 0.002 from 6 degrees up): the interval of a mean of few paired values is wider than the normal's."""
    z = Z95
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


@dataclass(frozen=True)
class Judgement:
    """One decision judged: the move played and the best one, their values and the loss with its error."""

    step: int  # index of the move in the record
    played: str
    best: str  # the best move of the short list in the judge's worlds (High's own where it was played)
    played_value: float | None  # None where High would have played the same (nothing to compare)
    best_value: float | None
    loss: float  # best_value - played_value, paired over the same worlds (0 when the moves agree)
    error: float  # standard error of the loss
    worlds: int
    reason: Msg | None  # High's reason for its move (the hint's words), for a mistake
    threshold: float = 0.0  # the smallest loss worth showing at this decision, in the game's unit

    @property
    def margin(self) -> float:
        """Half the width of the loss's 95 % interval (0 where every world gave the same loss)."""
        return t95(self.worlds - 1) * self.error if self.worlds > 1 else 0.0

    @property
    def verdict(self) -> str:
        """"mistake" when the whole interval is above the threshold, "look" when the loss is above it but
        the interval reaches below (worth a look, not sure), else ""."""
        if self.loss <= self.threshold:
            return ""
        return "mistake" if self.loss - self.margin > self.threshold else "look"


def mistaken(judged: Judgement) -> bool:
    """Whether a judged decision is a mistake: a loss clear of its threshold, not the worlds' noise."""
    return judged.verdict == "mistake"


def worst_first(judged: Sequence[Judgement], verdict: str = "mistake") -> tuple[Judgement, ...]:
    """The decisions with ``verdict`` (mistakes, or those worth a look), the costliest first: the one ranking
    the notebook's report and the table's review both show."""
    return tuple(sorted((j for j in judged if j.verdict == verdict), key=lambda j: -j.loss))


def sampler(game: Game) -> Any:
    """The game's ``sample_worlds(view, rand, n)``."""
    found = kit(game.name)
    return found.part(found.sampler)


def drawn_worlds(game: Game, view: Any, rand: random.Random, n: int, players: Sequence[Any]) -> list[World]:
    """Up to ``n`` worlds for ``view``: read from the other seats' calls (``players``: the record's, None for a
    person) where the game's kit has a reader, else the sampler's."""
    found = kit(game.name) if game.name in REGISTRY else None
    if found is not None and found.reader:
        return found.part(found.reader)(game, view, rand, n, players)
    return sampler(game)(view, rand, n)


def players_on(game: Game, seed: int) -> list[Any]:
    """Who plays each seat on in the judge's worlds: the game's kit's play-out player, else Low."""
    found = kit(game.name) if game.name in REGISTRY else None
    if found is not None and found.playout:
        make = found.part(found.playout)
        return [make(derive("review-on", seed, s)) for s in range(game.num_players)]
    return [computer(game.name, "low", derive("review-low", seed, s)) for s in range(game.num_players)]


def playout_level(game: Game) -> str:
    """The level that plays on in the judge's worlds, as the review says it: "high" or "low"."""
    found = kit(game.name) if game.name in REGISTRY else None
    return "high" if found is not None and found.playout else "low"


def _dealt(game: Game, world: World, seed: int) -> Any:
    """The state a world describes: its deal, with its moves replayed."""
    state = game.new(seed, **world.setup)
    for move in world.moves:
        state = game.apply(state, move)
    return state


def playing_out(game: Game, state: Any, players: Sequence[Any]) -> Steps[Any]:
    """The deal played to its end by ``players`` (one per seat), a step per move: its final state."""
    for decision in play_out(game, state, players, until=game.deal_over):
        state = decision.after
        yield
    return state


def finish(game: Game, state: Any, seat: int, players: Sequence[Any]) -> float:
    """The deal played to its end by ``players`` (one per seat); its value to ``seat``."""
    return deal_value(game, drained(playing_out(game, state, players)), seat)


def paired(game: Game, view: Any, moves: Sequence[Action], worlds: int, seed: int,
           players: Sequence[Any] = ()) -> Iterator[list[float]]:
    """World by world (the same drawn worlds for every move), each move's value there; ``players`` are the
    record's, whose calls the worlds read."""
    seat = view.seat
    rand = random.Random(derive("review-worlds", seed, repr(view)))
    drawn = drawn_worlds(game, view, rand, worlds, players or [None] * game.num_players)
    for index, world in enumerate(drawn):
        start = _dealt(game, world, derive("review-deal", seed, index))
        on = players_on(game, derive("review-on", seed, index))  # a world's own: the moves compared share their draws
        yield [finish(game, game.apply(start, move), seat, on) for move in moves]


def decision_seed(record_seed: int, step: int, salt: int = 0) -> int:
    """The judging seed of the decision at ``step`` of a record (``salt`` judges it again on other worlds)."""
    return derive("review", record_seed, step, salt)


def batch(game: Game, view: Any, moves: Sequence[Action], start: int, worlds: int, seed: int,
          players: Sequence[Any] = ()) -> Iterator[list[float]]:
    """The batch of worlds the judge draws from world ``start`` on (of ``worlds``): each move's value in each."""
    return paired(game, view, moves, min(BATCH, worlds - start), derive("review-batch", seed, start), players)


def paired_values(game: Game, view: Any, moves: Sequence[Action], worlds: int, seed: int,
                  players: Sequence[Any] = ()) -> list[list[float]]:
    """Per move, its value in each of ``worlds`` drawn worlds (the same worlds for every move)."""
    rows = list(paired(game, view, moves, worlds, seed, players))
    return [[row[slot] for row in rows] for slot in range(len(moves))]


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def shortlist(rows: Sequence[dict[str, Any]], legal: Sequence[Action], threshold: float) -> list[str]:
    """The moves weighed against the one played: every legal move where there are few, else High's best and
    those its search (``rows``, its ``explain``, best first) weighs within ``threshold`` of it."""
    if len(legal) <= FEW or not rows:
        return [a.id for a in legal]
    top = rows[0]["value"]
    return [r["id"] for r in rows if top - r["value"] <= threshold][:SHORT]


def enough(differences: Sequence[float]) -> bool:
    """Whether the worlds weighed are enough to pick the best move and to stop on: ``FLOOR`` of them, ``EVENTS``
    where the two moves' values differ."""
    return len(differences) >= FLOOR and sum(1 for d in differences if d) >= EVENTS


def settled(differences: Sequence[float], threshold: float) -> bool:
    """Whether the loss is so far from the threshold, on enough worlds where the moves differ, that more worlds
    would not change the verdict."""
    if not enough(differences):
        return False
    loss, error = mean_and_error(differences)
    return abs(loss - threshold) > SETTLED * error


def judging(game: Game, view: Any, legal: Sequence[Action], played: Action, pick: Action, rows: Sequence[dict],
            step: int, worlds: int, seed: int, players: Sequence[Any] = ()) -> Steps[Judgement]:
    """The decision at ``view`` where ``played`` was chosen and High picks ``pick`` (``rows``: its explain),
    a step per world. A move High itself would play is no mistake, and is not weighed."""
    threshold = threshold_at(game, view)
    if pick == played:
        return Judgement(step, played.id, pick.id, None, None, 0.0, 0.0, 0, None, threshold)
    listed = [played.id] + [m for m in [pick.id, *shortlist(rows, legal, threshold)] if m != played.id]
    moves = [game.action(m) for m in dict.fromkeys(listed)]  # the move played first, each move once
    values: list[list[float]] = [[] for _ in moves]
    best = 1
    every = True  # the whole short list is weighed until its best is picked on enough worlds
    for start in range(0, worlds, BATCH):  # a fixed number of draws: a sampler may return fewer worlds
        weighed = moves if every else [moves[0], moves[best]]
        for row in batch(game, view, weighed, start, worlds, seed, players):
            for slot, value in zip(range(len(moves)) if every else (0, best), row):
                values[slot].append(value)
            yield
        if every:  # the short list's best, on the same worlds
            best = max(range(1, len(moves)), key=lambda i: sum(values[i]) / max(len(values[i]), 1))
            every = not enough(_differences(values, best))
        if settled(_differences(values, best), threshold):
            break
    if not values[0]:  # no world agreed with the view (a sampler may find none): nothing to weigh, no mistake
        return Judgement(step, played.id, pick.id, None, None, 0.0, 0.0, 0, None, threshold)
    loss, error = mean_and_error(_differences(values, best))
    if loss <= 0:  # the move played is as good as the short list's best in these worlds
        best, loss, error = 0, 0.0, 0.0
    return Judgement(step, played.id, moves[best].id, mean_and_error(values[0])[0],
                     mean_and_error(values[best])[0], loss, error, len(values[0]), None, threshold)


def _differences(values: list[list[float]], best: int) -> list[float]:
    """The best move's value less the played one's, world by world (the worlds both were weighed on)."""
    return [b - p for b, p in zip(values[best], values[0])]
