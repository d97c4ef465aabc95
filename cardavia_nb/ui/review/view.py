"""A reviewed deal on the page: the review's words (``review.words``) as a panel in the page's language.

It reads a finished ``Review`` only, which is made of finished deals, so it shows nothing that is
still hidden; the kernel writes every trait and the panel takes no intents.
"""

from __future__ import annotations

import math

from cardavia_nb import i18n
from cardavia_nb.review import Review
from cardavia_nb.review.words import lines
from cardavia_nb.ui.panel import Panel, md
from cardavia_nb.ui.settings import Settings


class ReviewView(Panel):
    """The mistakes worst first with High's reasons, the summary, hindsight apart, High's score beside yours."""

    def __init__(self, review: Review, caption: str | None = None, settings: Settings | None = None):
        """``caption`` is the catalog key of a sentence saying which deal this is (shown under the title).
        A review of a deal still in play is refused: its hindsight would tell hidden cards."""
        if review.score is None or math.isnan(review.score):
            raise ValueError("Only a finished deal is reviewed on the page: this record stops before its deal's end.")
        self.review, self.caption = review, caption
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """One Markdown block per paragraph of the review, the caption after its title."""
        paragraphs = lines(self.review, lang)
        if self.caption is not None:
            paragraphs.insert(1, i18n.translate(self.caption, lang))
        return [md(line) for line in paragraphs]
