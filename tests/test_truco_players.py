"""Truco players: legal, deterministic, explainable, and Low clearly beats Random."""

from cardavia_nb.core import testing
from cardavia_nb.core.arena import tournament
from cardavia_nb.games.truco import Truco
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.truco import HighPlayer, LowPlayer, equity
from cardavia_nb.players.truco_worlds import solve

G = Truco()


def _positions(seeds):
    """(view, legal) pairs from random playouts, every seat to act."""
    for seed in seeds:
        for state, _ in testing.playout(G, seed)[:-1]:
            yield G.observe(state, state.to_act), G.legal_actions(state)


def test_players_choose_legal_actions_deterministically_and_explain_them():
    for make in (LowPlayer, HighPlayer):
        for view, legal in _positions(range(8)):
            action = make(5).choose(G, view, legal)
            assert action in legal and make(5).choose(G, view, legal) == action
            rows = make(5).explain(G, view, legal)
            assert sorted(r["id"] for r in rows) == sorted(a.id for a in legal) or len(legal) == 1
            values = [r["value"] for r in rows]
            assert values == sorted(values, reverse=True), "explain lists the best move first"
            if make is LowPlayer:  # no memory: the first row is what choose plays
                assert rows[0]["id"] == action.id or len(legal) == 1
            assert all(r["reason"] and not r["reason"].startswith("truco.") for r in rows)


def test_solver_knows_pardas_and_mano():
    # I am mano holding two 4s against two 4s after a parda: all pardas go to mano.
    assert solve((1, 1), (1, 1), (-1,), True, None, True) == 1
    assert solve((1, 1), (1, 1), (-1,), True, None, False) == 0
    # Leading 1E then 1B against 7E, 3: two tricks won.
    assert solve((13, 14), (10, 12), (), True, None, False) == 1


def test_equity_is_monotone():
    assert equity(29, 0) > equity(20, 0) > equity(0, 0) > equity(0, 20) > equity(0, 29)
    assert 0.5 < equity(10, 10) < 0.8 and equity(30, 5) == 1.0 and equity(5, 30) == 0.0


def test_high_keeps_its_strong_card_when_a_weak_one_wins():
    state = G.new(0, hands=[["4C", "5B", "6O"], ["1E", "3O", "6C"]], dealer=1)
    state = G.apply(state, "play:4C")
    rows = {r["id"]: r["value"] for r in HighPlayer(0).explain(G, G.observe(state, 1), G.legal_actions(state))}
    assert rows["play:6C"] > rows["play:3O"] > rows["play:1E"]


def test_low_beats_random_clearly():
    standings, _ = tournament(G, [LowPlayer(1), RandomPlayer(2)], list(range(20)))
    assert standings[0].win_rate >= 0.7
