"""Pao De Kuai (Run Fast), spec pao_de_kuai.md: ``rules`` (pack, combinations, state, settlement),
``view`` (what a seat sees), ``words`` (shapes, labels, log lines), ``engine`` (the ``Game``)."""

from cardavia_nb.games.pao_de_kuai.engine import PASS, PaoDeKuai, play_action
from cardavia_nb.games.pao_de_kuai.rules import (
    ACE, DECK_IDS, RANK, SHAPES, TWO, Combo, PdkState, Play, beats, bombs_in, canonical, classify,
    combinations_in, plays, settle,
)
from cardavia_nb.games.pao_de_kuai.view import PdkView
from cardavia_nb.games.pao_de_kuai.words import shape_text

__all__ = [
    "ACE", "Combo", "DECK_IDS", "PASS", "PaoDeKuai", "PdkState", "PdkView", "Play", "RANK", "SHAPES",
    "TWO", "beats", "bombs_in", "canonical", "classify", "combinations_in", "play_action", "plays",
    "settle", "shape_text",
]
