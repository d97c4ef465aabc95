"""French Tarot lesson panels: oudlers and targets, the pack, the auction, the discard, poignées, legal
cards, the Excuse, counting a pile, the settlement and the High player's view.

Every rule a demo shows comes from the engine (``cardavia_nb.games.french_tarot``): legal actions,
``check_discard`` / ``check_poignee`` / ``poignee_offers``, the refusal reasons, trick winners, the
Excuse's fate, card points, targets and ``settle_facts``. The panels only set up positions (real engine
states built from fixture deals), keep the learner's choices and put the engine's answers into words.
"""

from cardavia_nb.ui.lessons.french_tarot.common import GAME, Intro, step, words
from cardavia_nb.ui.lessons.french_tarot.declarations import DiscardDemo, PoigneeDemo, discard_quiz, poignee_quiz
from cardavia_nb.ui.lessons.french_tarot.explain import EXPLAIN_SEAT, ExplainDemo, play_text
from cardavia_nb.ui.lessons.french_tarot.scoring import EXAMPLE_PILE, PileDemo, SettleDemo, bonuses, pile_quiz
from cardavia_nb.ui.lessons.french_tarot.setup import AuctionDemo, PackDemo, TargetDemo, auction_quiz, target_quiz
from cardavia_nb.ui.lessons.french_tarot.tricks import TRICKS, ExcuseDemo, TrickDemo, excuse_quiz, trick_quiz

__all__ = [
    "GAME", "Intro", "step", "words", "TargetDemo", "target_quiz", "PackDemo", "AuctionDemo", "auction_quiz",
    "DiscardDemo", "discard_quiz", "PoigneeDemo", "poignee_quiz", "TRICKS", "TrickDemo", "trick_quiz",
    "ExcuseDemo", "excuse_quiz", "EXAMPLE_PILE", "PileDemo", "pile_quiz", "bonuses", "SettleDemo",
    "EXPLAIN_SEAT", "ExplainDemo", "play_text",
]
