"""Pao De Kuai (Run Fast), spec pao_de_kuai.md: ``rules`` (pack, combinations, phases, legality),
``state`` (the deal, a seat's view, ``observe``), ``scoring`` (the settlement and its amounts),
``words`` (shapes, labels, log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.pao_de_kuai.engine import PaoDeKuai
from cardavia_nb.games.pao_de_kuai.rules import (
    ACE, DEAL_DOMAIN, DECK_IDS, PASS, PHASES, RANK, SHAPES, TWO, Combo, Play, beats, bombs_in, canonical, classify,
    combinations_in, illegal_reason, legal_actions, play_action, plays,
)
from cardavia_nb.games.pao_de_kuai.scoring import settle
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiState, PaoDeKuaiView, observe
from cardavia_nb.games.pao_de_kuai.words import describe, label, shape_text

__all__ = [
    "ACE", "Combo", "DEAL_DOMAIN", "DECK_IDS", "PASS", "PHASES", "PaoDeKuai", "PaoDeKuaiState", "PaoDeKuaiView",
    "Play", "RANK", "SHAPES", "TWO", "beats", "bombs_in", "canonical", "classify", "combinations_in", "describe",
    "illegal_reason", "label", "legal_actions", "observe", "play_action", "plays", "settle", "shape_text",
]
