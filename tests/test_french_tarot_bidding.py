"""French Tarot bidding from the shipped table: stable, sensible, and only above the highest bid."""

from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.players.french_tarot import HighPlayer
from cardavia_nb.players.french_tarot_bidding import BIDS, bid_values, predict, table

G = get("french_tarot")
STRONG = ("T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13", "T12", "T1", "EX",
          "KS", "KH", "KD", "KC", "QS", "QH")
WEAK = ("T2", "T3", "1S", "2S", "3S", "4S", "5S", "1H", "2H", "3H", "4H", "1D", "2D", "3D", "4D",
        "1C", "2C", "3C")


def test_table_ships_every_contract_with_probabilities():
    t = table()
    assert t["deals"] >= 1000 and set(t["overcall"]) == set(BIDS)
    for row in t["cells"].values():
        assert all(0.0 <= row[c][2] <= 1.0 for c in row)


def test_strong_hands_bid_and_weak_hands_pass():
    assert set(STRONG) <= set(R.CARDS) and set(WEAK) <= set(R.CARDS)
    assert predict(STRONG, "garde")[1] > 0.8 > 0.2 > predict(WEAK, "prise")[1]
    assert max(v for _, v, _ in bid_values(STRONG, "pass", 3)) > 0 > max(v for _, v, _ in bid_values(WEAK, "pass", 0))


def test_only_bids_above_the_highest():
    assert [c for c, _, _ in bid_values(STRONG, "garde", 1)] == ["garde_sans", "garde_contre"]
    assert bid_values(STRONG, "garde_contre", 0) == []


def test_high_bids_the_same_whatever_its_seed():
    for seed in range(25):
        state = G.new(seed)
        view, legal = G.observe(state, state.to_act), G.legal_actions(state)
        bids = {HighPlayer(s).choose(G, view, legal).id for s in range(4)}
        assert len(bids) == 1
