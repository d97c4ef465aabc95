"""Reviewing a finished deal: each decision judged from the player's own view by High, in the unit
the game is won in, the mistakes worst first, hindsight on the real cards kept apart and labelled.
"""

from cardavia_nb.review.judge import Judgement
from cardavia_nb.review.report import Hindsight, Review, review

__all__ = ["Hindsight", "Judgement", "Review", "review"]
