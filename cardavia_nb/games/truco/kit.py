"""Truco's kit: its parts, and a review that judges a deal by the change in the chance of winning the match."""

from cardavia_nb.core.kit import Kit

KIT = Kit(
    engine="cardavia_nb.games.truco.engine:Truco",
    players="cardavia_nb.players.truco",
    sampler="cardavia_nb.players.truco_worlds:sample_worlds",
    adapter="cardavia_nb.ui.adapters.truco",
    page="01-truco.ipynb",
    unit="match_chance",
    threshold=0.02,  # two points of match chance
    value="cardavia_nb.players.truco:match_chance",
)
