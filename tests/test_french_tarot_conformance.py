"""French Tarot passes the shared conformance suite; the High player's sampled worlds fit its view."""

from cardavia_nb.core import testing
from cardavia_nb.core.rng import rng
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot.actions import ActionList
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from cardavia_nb.players.french_tarot_sampler import World, consistent, sample_world

G = get("french_tarot")


def test_conformance_suite():
    testing.check_all(G, [lambda s: LowPlayer(s), lambda s: HighPlayer(s)], list(range(8)),
                      [LowPlayer(1), HighPlayer(2), LowPlayer(3), LowPlayer(4)])


def test_whole_set_lists_are_exact():
    """Every listed discard is valid, distinct, and the list's length is the number of valid sets."""
    for seed in range(30):
        for state, _ in testing.playout(G, seed)[:-1]:
            legal = G.legal_actions(state)
            if isinstance(legal, ActionList) and state.phase == "discard" and len(legal) < 3000:
                listed = list(legal)
                assert len({a.id for a in listed}) == len(listed) == len(legal)
                assert all(G.why_illegal(state, a) is None for a in listed)
                assert all(legal[i] == a for i, a in enumerate(listed[:50]))
                return
    raise AssertionError("no small discard list met")


def test_every_sampled_world_is_consistent():
    checked = 0
    for seed in range(25):
        for state, _ in testing.playout(G, seed)[:-1]:
            view = G.observe(state, state.to_act)
            for k in range(2):
                world = sample_world(view, rng("world", seed, k))
                assert world is not None and consistent(view, world), (seed, state.phase)
                checked += 1
    assert checked > 1000


def test_the_real_deal_is_consistent_with_each_view():
    for seed in range(10):
        for state, _ in testing.playout(G, seed)[:-1]:
            for seat in range(4):
                view = G.observe(state, seat)
                taken = state.contract in ("prise", "garde")
                real = World(state.hands, state.chien, state.discard if taken else ())
                assert consistent(view, real), (seed, seat, state.phase)
