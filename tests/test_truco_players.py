"""Truco players: legal, deterministic, explainable, and Low clearly beats Random."""

from hypothesis import given, settings, strategies as st

from cardavia_nb.core import testing
from cardavia_nb.core.arena import play_seeds
from cardavia_nb.games.truco import CARDS, Truco
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.truco import HighPlayer, LowPlayer, equity
from cardavia_nb.players.truco_worlds import Position, powers, solve

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


def _engine_value(state, me):
    """1 if ``me`` wins the deal when both seats play only cards, perfectly, with open hands: the
    engine's own tricks and deal end decide (the points of the ending move name the winner)."""
    if state.phase != "AWAIT_PLAY":
        return int(next(e.seat for e in state.events if e.kind == "points") == me)
    values = [_engine_value(G.apply(state, a), me) for a in G.legal_actions(state) if a.kind == "play"]
    return max(values) if state.to_act == me else min(values)


FEW_POWERS = tuple(c for c in CARDS if c[:-1] in ("4", "5", "6"))  # 12 cards of 3 powers: many pardas
TWINS = st.builds(  # both seats hold the same three ranks (no top card): every trick may be a parda
    lambda ranks, suits: [r + s[0] for r, s in zip(ranks, suits)] + [r + s[1] for r, s in zip(ranks, suits)],
    st.permutations(("2", "3", "4", "5", "6", "10", "11", "12")).map(lambda r: r[:3]),
    st.lists(st.permutations("EBOC"), min_size=3, max_size=3))


@settings(max_examples=200, deadline=None)
@given(st.permutations(CARDS) | st.permutations(FEW_POWERS) | TWINS, st.integers(0, 1),
       st.lists(st.integers(0, 2), max_size=5))
def test_the_solver_agrees_with_the_engine_on_random_deals(order, dealer, picks):
    """The solver's power encoding (results from my side, parda, the leader after a parda, mano
    taking the all-parda deal) gives the engine's outcome, now and after each card I may play."""
    state = G.new(0, hands=[order[:3], order[3:6]], dealer=dealer)
    for pick in picks:
        cards = [a for a in G.legal_actions(state) if a.kind == "play"]
        nxt = G.apply(state, cards[pick % len(cards)])
        if nxt.phase != "AWAIT_PLAY":
            break
        state = nxt
    me = state.to_act
    view = G.observe(state, me)
    position, theirs = Position(view), powers(state.hands[1 - me])
    assert position.value(theirs) == _engine_value(state, me)
    for card in view.hand:
        assert position.after_card(card, theirs) == _engine_value(G.apply(state, "play:" + card), me)


def test_equity_is_monotone():
    assert equity(29, 0) > equity(20, 0) > equity(0, 0) > equity(0, 20) > equity(0, 29)
    assert 0.5 < equity(10, 10) < 0.8 and equity(30, 5) == 1.0 and equity(5, 30) == 0.0


def test_high_keeps_its_strong_card_when_a_weak_one_wins():
    state = G.new(0, hands=[["4C", "5B", "6O"], ["1E", "3O", "6C"]], dealer=1)
    state = G.apply(state, "play:4C")
    rows = {r["id"]: r["value"] for r in HighPlayer(0).explain(G, G.observe(state, 1), G.legal_actions(state))}
    assert rows["play:6C"] > rows["play:3O"] > rows["play:1E"]


def test_low_beats_random_clearly():
    standings, _ = play_seeds(G, [LowPlayer(1), RandomPlayer(2)], list(range(20)))
    assert standings[0].win_rate >= 0.7
