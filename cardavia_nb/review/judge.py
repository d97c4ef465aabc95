"""Judging one decision with what the player could know then: High's move against the move played.

From the player's view, worlds consistent with it are drawn by the game's own sampler (the one
sampler contract); in each world both moves are played and the deal is finished by Low in every seat,
the same continuation for both, so the difference is paired world by world. The mean difference is
the loss, its standard error the uncertainty. Worlds are drawn in batches, and the judging stops
early once the loss is clearly on one side of the game's mistake threshold (``worlds`` is the most
drawn). Nothing here looks at the real hidden cards.
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
from cardavia_nb.games import kit
from cardavia_nb.review.units import THRESHOLDS, deal_value

BATCH = 16  # worlds drawn at a time
SETTLED = 3.0  # standard errors between the loss and the threshold that end the judging early


@dataclass(frozen=True)
class Judgement:
    """One decision judged: the move played and High's, their values and the loss with its error."""

    step: int  # index of the move in the record
    played: str
    best: str
    played_value: float | None  # None where High would have played the same (nothing to compare)
    best_value: float | None
    loss: float  # best_value - played_value, paired over the same worlds (0 when the moves agree)
    error: float  # standard error of the loss
    worlds: int
    reason: Msg | None  # High's reason for its move (the hint's words), for a mistake


def mistaken(judged: Judgement, threshold: float) -> bool:
    """Whether a judged decision is a mistake worth showing: its loss above the game's threshold and
    above twice its standard error (clearly a loss, not the worlds' noise)."""
    return judged.loss > threshold and judged.loss > 2 * judged.error


def worst_first(judged: Sequence[Judgement], threshold: float) -> tuple[Judgement, ...]:
    """The mistakes among judged decisions, the costliest first: the one ranking the notebook's report
    and the table's review both show."""
    return tuple(sorted((j for j in judged if mistaken(j, threshold)), key=lambda j: -j.loss))


def sampler(game: Game) -> Any:
    """The game's ``sample_worlds(view, rand, n)``."""
    found = kit(game.name)
    return found.part(found.sampler)


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


def paired(game: Game, view: Any, moves: Sequence[Action], worlds: int, seed: int) -> Iterator[list[float]]:
    """World by world (the same sampled worlds for every move), each move's value there."""
    seat = view.seat
    drawn = sampler(game)(view, random.Random(derive("review-worlds", seed, repr(view))), worlds)
    continuation = [computer(game.name, "low", derive("review-low", seed, s)) for s in range(game.num_players)]
    for index, world in enumerate(drawn):
        start = _dealt(game, world, derive("review-deal", seed, index))
        yield [finish(game, game.apply(start, move), seat, continuation) for move in moves]


def paired_values(game: Game, view: Any, moves: Sequence[Action], worlds: int, seed: int) -> list[list[float]]:
    """Per move, its value in each of ``worlds`` sampled worlds (the same worlds for every move)."""
    rows = list(paired(game, view, moves, worlds, seed))
    return [[row[slot] for row in rows] for slot in range(len(moves))]


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def judging(game: Game, view: Any, legal: Sequence[Action], played: Action, best: Action, reason: Msg | None,
            step: int, worlds: int, seed: int) -> Steps[Judgement]:
    """The decision at ``view`` where ``played`` was chosen, against High's ``best`` there, a step per world."""
    if best == played:
        return Judgement(step, played.id, best.id, None, None, 0.0, 0.0, 0, None)
    threshold = THRESHOLDS[game.name]
    best_values: list[float] = []
    played_values: list[float] = []
    for start in range(0, worlds, BATCH):  # a fixed number of draws: a sampler may return fewer worlds
        for best_value, played_value in paired(game, view, [best, played], min(BATCH, worlds - start),
                                               derive("review-batch", seed, start)):
            best_values.append(best_value)
            played_values.append(played_value)
            yield
        if best_values:
            loss, error = mean_and_error([b - p for b, p in zip(best_values, played_values)])
            if len(best_values) > 1 and abs(loss - threshold) > SETTLED * error:
                break
    if not best_values:  # no world agreed with the view (a sampler may find none): nothing to weigh, no mistake
        return Judgement(step, played.id, best.id, None, None, 0.0, 0.0, 0, None)
    return Judgement(step, played.id, best.id, mean_and_error(played_values)[0], mean_and_error(best_values)[0],
                     loss, error, len(best_values), reason)

