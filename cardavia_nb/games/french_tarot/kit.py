"""French Tarot's kit: its parts, and a review in the deal's points."""

from cardavia_nb.core.kit import Kit

KIT = Kit(
    engine="cardavia_nb.games.french_tarot.engine:FrenchTarot",
    players="cardavia_nb.players.french_tarot",
    sampler="cardavia_nb.players.french_tarot_worlds:sample_worlds",
    adapter="cardavia_nb.ui.adapters.french_tarot",
    page="03-french-tarot.ipynb",
    threshold=5.0,  # a tenth of a small contract
)
