"""Truco against the shared conformance suite, plus the High player's sampler consistency and I1."""

import random

from cardavia_nb.core import testing
from cardavia_nb.core.game import jsonable
from cardavia_nb.games.truco import Truco, envido_value
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from cardavia_nb.players.truco_worlds import consistent, sample_worlds

G = Truco()


def test_conformance_suite():
    testing.check_all(G, [lambda s: LowPlayer(s), lambda s: HighPlayer(s)], list(range(40)),
                      [LowPlayer(1), HighPlayer(2)])


def test_views_are_plain_json_and_hide_the_opponent_hand():
    for state, _ in testing.playout(G, 11):
        for seat in (0, 1):
            data = jsonable(G.observe(state, seat))
            hidden = set(state.hands[1 - seat])
            assert not hidden & set(str(data).replace("'", " ").replace(",", " ").split())


def test_every_sampled_world_is_consistent_with_the_view():
    checked = 0
    for seed in range(25):
        for state, _ in testing.playout(G, seed):
            if state.to_act is None:
                continue
            view = G.observe(state, state.to_act)
            worlds = sample_worlds(view, random.Random(seed))
            assert worlds, "the sampler found no world at all"
            assert all(consistent(view, w) for w in worlds)
            assert consistent(view, state.hands[1 - state.to_act]), "the true hand must be possible"
            checked += len(worlds)
    assert checked > 1000


def test_sampler_uses_announced_envido_values():
    """An announced 33 means a 7 and a 6 of one suit: every sampled world must hold them."""
    state = G.new(0, hands=[["7E", "6E", "1B"], ["4C", "5B", "6O"]], dealer=1)
    for action_id in ("call:envido", "answer:quiero"):
        state = G.apply(state, action_id)
    worlds = sample_worlds(G.observe(state, 1), random.Random(1))
    assert worlds and all(envido_value(w) == 33 for w in worlds)
    for world in worlds:
        suits = {c[-1] for c in world if c[:-1] == "7"} & {c[-1] for c in world if c[:-1] == "6"}
        assert suits


def test_I1_decisions_ignore_hidden_cards():
    for make in (LowPlayer, HighPlayer, RandomPlayer):
        assert testing.check_hidden_invariance(G, make, [3, 4, 5]) > 0
