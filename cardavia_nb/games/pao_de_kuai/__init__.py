"""Pao De Kuai (Run Fast): the engine, its combinations and its words (spec pao_de_kuai.md)."""

from cardavia_nb.games.pao_de_kuai.combos import (
    Combo, beats, bombs_in, canonical, classify, combinations_in, plays,
)
from cardavia_nb.games.pao_de_kuai.game import PASS, PaoDeKuai, play_action, settle
from cardavia_nb.games.pao_de_kuai.state import PdkState, PdkView, Play
from cardavia_nb.games.pao_de_kuai.words import shape_text

__all__ = [
    "Combo", "PASS", "PaoDeKuai", "PdkState", "PdkView", "Play", "beats", "bombs_in", "canonical",
    "classify", "combinations_in", "play_action", "plays", "settle", "shape_text",
]
