"""French Tarot (four players, one deal), spec french_tarot.md: ``rules`` (cards, legal cards, checks,
settlement, the state), ``actions`` (action ids and the lazy list of whole-set actions), ``view``
(what a seat sees), ``words`` (labels and log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.french_tarot import rules
from cardavia_nb.games.french_tarot.engine import FrenchTarot
from cardavia_nb.games.french_tarot.rules import (
    SUIT, TarotState, card_points, legal, public_discard, settle, tally, target, trick_winner,
)
from cardavia_nb.games.french_tarot.view import TarotView, TrickView

__all__ = ["FrenchTarot", "SUIT", "TarotState", "TarotView", "TrickView", "card_points", "legal",
           "public_discard", "rules", "settle", "tally", "target", "trick_winner"]
