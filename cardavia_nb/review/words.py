"""A review in words, in any language: the summary line, how the deals were played on, the mistakes worst first
with High's reasons, those only worth a look apart, hindsight apart and labelled, and High's score on the same
cards beside the player's.

Both the plain display of a ``Review`` (a notebook cell) and the page's review panel read these lines,
so the two always say the same thing. A review is read by its fields only (``review.report`` imports
this module, not the other way round).
"""

from __future__ import annotations

import math
from typing import Any

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get
from cardavia_nb.i18n import Signed
from cardavia_nb.review.units import scaled


def amount(review: Any, value: float, lang: str) -> str:
    """A loss in the game's unit: points of match chance in Truco, deal points elsewhere."""
    key = "chance_points" if review.unit == "match_chance" else "points"
    return i18n.translate(f"review.unit.{key}", lang, amount=scaled(review.unit, value))


def worth(review: Any, value: float | None, lang: str) -> str:
    """What a finished deal was worth: a chance to win the match in Truco, signed deal points elsewhere."""
    if value is None or math.isnan(value):
        return i18n.translate("review.value.unknown", lang)
    if review.unit == "match_chance":
        return i18n.translate("review.value.chance", lang, amount=round(100 * value))
    return i18n.number(Signed(round(value, 1)), lang)


def summary(review: Any, lang: str) -> str:
    """The summary line: how many decisions were judged, how many were mistakes, about what they cost; those
    only worth a look are counted apart, never as mistakes."""
    looks = review.looks
    if review.mistakes:
        line = i18n.translate("review.summary.mistakes", lang, count=len(review.mistakes),
                              decisions=len(review.decisions), cost=amount(review, review.cost, lang))
    elif looks:
        line = i18n.translate("review.summary.unsure", lang, count=len(review.decisions))
    else:
        return i18n.translate("review.summary.clean", lang, count=len(review.decisions),
                              threshold=amount(review, clean_threshold(review), lang))
    return f"{line} {i18n.translate('review.summary.looks', lang, count=len(looks))}" if looks else line


def clean_threshold(review: Any) -> float:
    """The threshold the clean summary can say no decision's loss went above: the largest of the decisions'
    own thresholds (a French Tarot decision's may be above the game's nominal one), else the game's."""
    return max((j.threshold for j in review.decisions if j.threshold > 0), default=review.threshold)


def method(review: Any, lang: str) -> str:
    """How the deals consistent with each decision were played on: by High in every seat, which calls and bluffs,
    or by Low in every seat, which never bluffs (so a call's verdict may be off)."""
    key = "review.method.high" if review.playout == "high" else "review.method.low"
    return i18n.translate(key, lang)


def loss_words(unit: str, loss: float, margin: float) -> Msg:
    """A loss with ``margin``, half the width of its 95 % interval (``Judgement.margin``), as a learner reads it,
    the one way the notebook and the table say it: "about 3 points (between 1 and 5)"; where that interval is a
    single number as written (every world judged gave the same loss) "3 points in every deal judged", never "± 0"."""
    kind = "chance" if unit == "match_chance" else "points"
    n, low, high = (scaled(unit, value) for value in (loss, loss - margin, loss + margin))
    if low == high:
        return Msg.of(f"review.loss.{kind}_exact", n=n)
    return Msg.of(f"review.loss.{kind}", n=n, low=low, high=high)


def cost(review: Any, judged: Any, lang: str) -> str:
    """A mistake's cost in a sentence (``loss_words``)."""
    return i18n.translate("review.cost", lang, loss=loss_words(review.unit, judged.loss, judged.margin))


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


def look_lines(review: Any, lang: str) -> list[str]:
    """The decisions only worth a look, worst first, under their own title and apart from the mistakes: the
    moves, the loss with its 95 % interval, and that the deals weighed could not tell whether it is a mistake."""
    if not review.looks:
        return []
    game = get(review.game)
    rows = [i18n.translate("review.look.title", lang)]
    for judged in review.looks:
        words = [i18n.translate("review.look.line", lang, step=judged.step + 1, played=game.label(judged.played, lang),
                                best=game.label(judged.best, lang)),
                 i18n.translate("review.look.unsure", lang,
                                loss=loss_words(review.unit, judged.loss, judged.margin))]
        if judged.reason is not None:
            words.append(i18n.translate("review.reason", lang, reason=judged.reason.text(lang, reader=review.seat)))
        rows.append(" ".join(words))
    return rows


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
    head = [i18n.translate("review.title", lang), summary(review, lang), method(review, lang)]
    return [*head, *mistake_lines(review, lang), *look_lines(review, lang), *hindsight_lines(review, lang),
            duplicate_line(review, lang)]
