"""Pao De Kuai's kit: its parts, and a review in the deal's points."""

from cardavia_nb.core.kit import Kit

KIT = Kit(
    engine="cardavia_nb.games.pao_de_kuai.engine:PaoDeKuai",
    players="cardavia_nb.players.pao_de_kuai",
    sampler="cardavia_nb.players.pao_de_kuai_worlds:sample_worlds",
    adapter="cardavia_nb.ui.adapters.pao_de_kuai",
    page="02-pao-de-kuai.ipynb",
    threshold=1.0,  # one point
)
