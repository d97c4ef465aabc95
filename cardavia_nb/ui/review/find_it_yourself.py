"""Find it yourself first: a move the learner tries at a mistake (or at a move worth a look), judged on the same
view and the same worlds as the review judged the move played and the best one (``review.judge``): the same
seed, batch by batch, the record's players whose calls the worlds read, and the decision's own threshold."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.game import Game
from cardavia_nb.core.text import Msg
from cardavia_nb.review import Judgement
from cardavia_nb.review.judge import BATCH, batch, decision_seed, mean_and_error
from cardavia_nb.review.units import threshold_at
from cardavia_nb.ui.refusal import Refusal


def review_worlds(game: Game, view: Any, moves: Sequence[Any], worlds: int, seed: int, step: int,
                  players: Sequence[Any]) -> list[list[float]]:
    """Per move, its value in each of the review's own first ``worlds`` worlds of the decision at ``step``: drawn
    as the judge draws them (``judge.batch`` from the decision's seed), so the move played and the best one are
    worth here what the review found them worth there."""
    step_seed = decision_seed(seed, step)
    rows = [row for start in range(0, worlds, BATCH) for row in batch(game, view, moves, start, worlds, step_seed, players)]
    return [[row[slot] for row in rows] for slot in range(len(moves))]


def verdict(game: Game, view: Any, mistake: Judgement, tried: str, worlds: int, seed: int,
            players: Sequence[Any] = ()) -> tuple[str, float, float, float]:
    """How the tried move compares: ("same", ...) the best move itself, ("good", ...) its loss to the best not
    clearly above the decision's threshold (the rule of ``Judgement.verdict``), ("better", ...) better than the
    move played by more than that threshold but short of the best, ("losing", ...) no better than that; with the
    gain over the move played, the loss against the best and half the width of that loss's 95 % interval, in the
    game's unit. ``players`` are the record's rebuilt ones (``players.seats.rebuilt``), whose calls Truco's
    worlds read."""
    if tried == mistake.best:
        return "same", mistake.loss, 0.0, 0.0
    played, best, mine = review_worlds(game, view, [game.action(m) for m in (mistake.played, mistake.best, tried)],
                                       worlds, seed, mistake.step, players)
    if not mine:  # the sampler kept no world for this view (its contract allows it): nothing to weigh with
        raise Refusal(Msg.of("ui.review.unweighed"))
    threshold = threshold_at(game, view)
    loss, error = mean_and_error([b - t for b, t in zip(best, mine)])
    gain, _ = mean_and_error([t - p for t, p in zip(mine, played)])
    judged = Judgement(mistake.step, tried, mistake.best, mean_and_error(mine)[0], mean_and_error(best)[0], loss,
                       error, len(mine), None, threshold)
    if judged.verdict != "mistake":
        return "good", gain, loss, judged.margin
    return ("better" if gain > threshold else "losing"), gain, loss, judged.margin


__all__ = ["review_worlds", "verdict"]
