"""Truco against the shared conformance suite, plus the High player's sampler checked by the engine, and I1."""

import random

from cardavia_nb.core import testing
from cardavia_nb.core.game import jsonable
from cardavia_nb.games.truco import Truco, envido_value
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from cardavia_nb.players.truco_worlds import hand_pool, sample_worlds, unseen_cards, worlds_of

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


def test_every_sampled_world_deals_and_replays_to_the_view():
    """The engine itself checks each world: dealt by new(), its moves legal, the seat's view identical."""
    assert testing.check_sampler(G, sample_worlds, range(25)) > 0


def test_the_true_hand_is_always_a_world_the_sampler_can_draw():
    """The real opponent hand is in the sampler's pool (or any unseen three are possible), and built
    as a world it deals to the very view and to the real game's cards."""
    truth = {}

    def true_world(view, rand, n):
        return worlds_of(view, [truth[view]])

    for seed in range(25):
        for state, _ in testing.playout(G, seed)[:-1]:
            view = G.observe(state, state.to_act)
            held = state.hands[1 - state.to_act]
            pool = hand_pool(view)
            assert set(held) <= set(unseen_cards(view))
            assert pool is None or set(held) in [set(h) for h in pool]
            truth[view] = held
    assert testing.check_sampler(G, true_world, range(25), n=1) == 0


def test_sampler_uses_announced_envido_values():
    """An announced 33 means a 7 and a 6 of one suit: every sampled world must hold them."""
    state = G.new(0, hands=[["7E", "6E", "1B"], ["4C", "5B", "6O"]], dealer=1)
    for action_id in ("call:envido", "answer:quiero"):
        state = G.apply(state, action_id)
    view = G.observe(state, 1)
    worlds = sample_worlds(view, random.Random(1))
    assert worlds and all(envido_value(w.setup["hands"][0]) == 33 for w in worlds)
    for world in worlds:
        dealt = world.setup["hands"][0]
        suits = {c[-1] for c in dealt if c[:-1] == "7"} & {c[-1] for c in dealt if c[:-1] == "6"}
        assert suits


def test_I1_decisions_ignore_hidden_cards():
    for make in (LowPlayer, HighPlayer, RandomPlayer):
        assert testing.check_hidden_invariance(G, make, [3, 4, 5]) > 0
