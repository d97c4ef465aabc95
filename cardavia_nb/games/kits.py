"""Each game's kit: where the house finds what a game is beyond its rules, and its review's unit and threshold.

A fourth game is a package under ``games/`` plus its line here. The kits name every part by module path, so that
reading them loads no game: a page of one game never loads the others.
"""

from cardavia_nb.core.kit import Kit

KITS = {
    "truco": Kit(
        engine="cardavia_nb.games.truco.engine:Truco",
        players="cardavia_nb.players.truco",
        sampler="cardavia_nb.players.truco_worlds:sample_worlds",
        reader="cardavia_nb.players.truco_reading:read_worlds",
        adapter="cardavia_nb.ui.table.adapters.truco",
        page="01-truco.ipynb",
        unit="match_chance",
        threshold=0.02,  # two points of match chance
        value="cardavia_nb.players.truco:match_chance",
        playout="cardavia_nb.players.truco:PlayingOn",
    ),
    "pao_de_kuai": Kit(
        engine="cardavia_nb.games.pao_de_kuai.engine:PaoDeKuai",
        players="cardavia_nb.players.pao_de_kuai",
        sampler="cardavia_nb.players.pao_de_kuai_worlds:sample_worlds",
        adapter="cardavia_nb.ui.table.adapters.pao_de_kuai",
        page="02-pao-de-kuai.ipynb",
        threshold=1.0,  # one point
    ),
    "french_tarot": Kit(
        engine="cardavia_nb.games.french_tarot.engine:FrenchTarot",
        players="cardavia_nb.players.french_tarot",
        sampler="cardavia_nb.players.french_tarot_worlds:sample_worlds",
        adapter="cardavia_nb.ui.table.adapters.french_tarot",
        page="03-french-tarot.ipynb",
        threshold=5.0,  # a tenth of a small contract, while the auction runs
        threshold_at="cardavia_nb.players.french_tarot:review_threshold",  # then two card points at the contract
    ),
}
