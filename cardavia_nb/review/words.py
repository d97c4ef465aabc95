"""A review in words, in any language: the summary line, the mistakes worst first with High's reasons,
hindsight apart and labelled, and High's score on the same cards beside the player's.

Both the plain display of a ``Review`` (a notebook cell) and the page's review panel read these lines,
so the two always say the same thing. A review is read by its fields only (``review.report`` imports
this module, not the other way round).
"""

from __future__ import annotations

import math
from typing import Any

from cardavia_nb import i18n
from cardavia_nb.games import get
from cardavia_nb.i18n import Signed

Z95 = 1.96  # a 95 % interval is about this many standard errors either side


def amount(review: Any, value: float, lang: str) -> str:
    """A loss in the game's unit: points of match chance in Truco, deal points elsewhere."""
    key = "chance_points" if review.unit == "match_chance" else "points"
    return i18n.translate(f"review.unit.{key}", lang, amount=scale(review, value))


def worth(review: Any, value: float | None, lang: str) -> str:
    """What a finished deal was worth: a chance to win the match in Truco, signed deal points elsewhere."""
    if value is None or math.isnan(value):
        return i18n.translate("review.value.unknown", lang)
    if review.unit == "match_chance":
        return i18n.translate("review.value.chance", lang, amount=round(100 * value))
    return i18n.number(Signed(round(value, 1)), lang)


def summary(review: Any, lang: str) -> str:
    """The summary line: how many decisions were judged, how many were mistakes, about what they cost."""
    if not review.mistakes:
        return i18n.translate("review.summary.clean", lang, count=len(review.decisions),
                              threshold=amount(review, review.threshold, lang))
    return i18n.translate("review.summary.mistakes", lang, count=len(review.mistakes),
                          decisions=len(review.decisions), cost=amount(review, review.cost, lang))


def scale(review: Any, value: float) -> float:
    """A loss as it is written: percentage points of match chance in Truco, points elsewhere (one decimal)."""
    return round(100 * value if review.unit == "match_chance" else value, 1)


def cost(review: Any, judged: Any, lang: str) -> str:
    """A mistake's cost with its 95 % interval, or as exact where every world judged gave the same."""
    spread = scale(review, Z95 * judged.error)
    if spread == 0:
        return i18n.translate("review.cost_exact", lang, loss=amount(review, judged.loss, lang))
    return i18n.translate("review.cost", lang, loss=amount(review, judged.loss, lang), error=spread)


def mistake_lines(review: Any, lang: str) -> list[str]:
    """One paragraph per mistake, worst first: the moves, the loss with its 95 % interval, High's reason."""
    game = get(review.game)
    lines = []
    for number, judged in enumerate(review.mistakes, 1):
        words = [i18n.translate("review.mistake", lang, rank=number, step=judged.step + 1,
                                played=game.label(judged.played, lang), best=game.label(judged.best, lang)),
                 cost(review, judged, lang)]
        if judged.reason is not None:
            words.append(i18n.translate("review.reason", lang, reason=judged.reason.text(lang, reader=review.seat)))
        lines.append(" ".join(words))
    return lines


def hindsight_lines(review: Any, lang: str) -> list[str]:
    """Hindsight, labelled as such: what High's move really gave on these cards, beside what the deal gave."""
    if not review.hindsight:
        return []
    rows = [i18n.translate("review.hindsight.line", lang, step=h.step + 1, best=worth(review, h.best_gave, lang),
                           played=worth(review, h.played_gave, lang)) for h in review.hindsight]
    return [i18n.translate("review.hindsight.title", lang), *rows, i18n.translate("review.hindsight.luck", lang)]


def duplicate_line(review: Any, lang: str) -> str:
    """High's score in the seat on the same cards against the same opponents, beside the player's."""
    if review.high_score is None:
        return i18n.translate("review.duplicate.none", lang, score=worth(review, review.score, lang))
    return i18n.translate("review.duplicate.line", lang, high=worth(review, review.high_score, lang),
                          score=worth(review, review.score, lang))


def lines(review: Any, lang: str = i18n.DEFAULT) -> list[str]:
    """The whole review as Markdown paragraphs, in reading order."""
    head = [i18n.translate("review.title", lang), summary(review, lang), i18n.translate("review.method", lang)]
    return [*head, *mistake_lines(review, lang), *hindsight_lines(review, lang), duplicate_line(review, lang)]
