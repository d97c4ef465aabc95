"""French Tarot (four players, one deal), spec french_tarot.md: ``rules`` (cards, phases, legal cards,
checks, action ids, legality), ``state`` (the state, what a seat sees, ``observe``), ``scoring`` (counting
and settlement), ``words`` (labels and log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.french_tarot import rules
from cardavia_nb.games.french_tarot.engine import FrenchTarot
from cardavia_nb.games.french_tarot.rules import (
    DEAL_DOMAIN, PHASES, SUIT, card_points, chien_shown, illegal_reason, legal, legal_actions, public_discard,
    target, trick_winner,
)
from cardavia_nb.games.french_tarot.scoring import count_deal, settle, settle_facts
from cardavia_nb.games.french_tarot.state import FrenchTarotState, FrenchTarotView, TrickView, observe
from cardavia_nb.games.french_tarot.words import describe, label

__all__ = ["DEAL_DOMAIN", "FrenchTarot", "FrenchTarotState", "FrenchTarotView", "PHASES", "SUIT", "TrickView",
           "card_points", "chien_shown", "count_deal", "describe", "illegal_reason", "label", "legal",
           "legal_actions", "observe", "public_discard", "rules", "settle", "settle_facts", "target",
           "trick_winner"]
