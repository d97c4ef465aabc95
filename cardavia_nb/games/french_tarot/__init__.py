"""French Tarot (four players, one deal): the engine ``FrenchTarot`` and the rule helpers of the spec."""

from cardavia_nb.games.french_tarot.engine import FrenchTarot, TarotState
from cardavia_nb.games.french_tarot.rules import (card_points, legal, settle, tally, target,
                                                  trick_winner)
from cardavia_nb.games.french_tarot.view import TarotView, TrickView

__all__ = ["FrenchTarot", "TarotState", "TarotView", "TrickView", "card_points", "legal", "settle",
           "tally", "target", "trick_winner"]
