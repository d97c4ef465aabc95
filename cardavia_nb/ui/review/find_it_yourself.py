"""Find it yourself first: a move the learner tries at a mistake, judged on the same view and the same
worlds as the review judged the move played and High's (``review.judge.paired_values``)."""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.core.rng import derive
from cardavia_nb.core.text import Msg
from cardavia_nb.review import Judgement
from cardavia_nb.review.judge import mean_and_error, paired_values
from cardavia_nb.review.units import THRESHOLDS
from cardavia_nb.ui.refusal import Refusal


def verdict(game: Game, view: Any, mistake: Judgement, tried: str, worlds: int, seed: int) -> tuple[str, float, float, float]:
    """How the tried move compares: ("same", ...) High's move itself, ("good", ...) as good as High's,
    ("better", ...) better than the move
    played but short of High's, ("losing", ...) no better than the move played; with the gain over the
    move played, the loss against High's and that loss's standard error, in the game's unit."""
    if tried == mistake.best:
        return "same", mistake.loss, 0.0, 0.0
    step_seed = derive("review", seed, mistake.step)  # the review's own worlds for this decision
    best, played, mine = paired_values(game, view, [game.action(m) for m in (mistake.best, mistake.played, tried)],
                                       worlds, step_seed)
    if not mine:  # the sampler kept no world for this view (its contract allows it): nothing to weigh with
        raise Refusal(Msg.of("ui.review.unweighed"))
    loss, error = mean_and_error([b - t for b, t in zip(best, mine)])
    gain, _ = mean_and_error([t - p for t, p in zip(mine, played)])
    if loss <= THRESHOLDS[game.name] or loss <= 2 * error:
        return "good", gain, loss, error
    return ("better" if gain > THRESHOLDS[game.name] else "losing"), gain, loss, error


__all__ = ["verdict"]
