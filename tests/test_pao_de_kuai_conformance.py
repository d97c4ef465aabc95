"""Pao De Kuai passes the shared conformance suite; the High player's sampled worlds respect the view."""

from cardavia_nb.core import testing
from cardavia_nb.core.rng import rng
from cardavia_nb.games.pao_de_kuai import PaoDeKuai, plays
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from cardavia_nb.players.pao_de_kuai_sim import sample_worlds

GAME = PaoDeKuai()


def test_conformance_suite():
    testing.check_all(GAME, [lambda s: LowPlayer(s), lambda s: HighPlayer(s, rollouts=30)],
                      list(range(12)), [LowPlayer(1), HighPlayer(2, rollouts=30), RandomPlayer(3)])


def consistent(view, world):
    """Independent check of a sampled world with the engine: sizes, cards, and every pass."""
    others = [s for s in range(3) if s != view.seat]
    if any(len(world[s]) != view.counts[s] for s in others):
        return False
    seen = set(view.hand) | set(view.out_of_play) | {c for p in view.history for c in p.cards}
    dealt = [c for s in others for c in world[s]]
    if len(set(dealt)) != len(dealt) or seen & set(dealt) or len(seen) + len(dealt) != 48:
        return False
    top, passes = None, 0
    for i, p in enumerate(view.history):
        if not p.is_pass:
            top, passes = p.combo, 0
            continue
        if p.seat != view.seat:
            later = [c for q in view.history[i + 1:] if q.seat == p.seat for c in q.cards]
            if plays(world[p.seat] + later, top):
                return False
        passes += 1
        if passes == 2:
            top, passes = None, 0
    return True


def test_every_sampled_world_is_consistent_with_the_view():
    checked = constrained = 0
    for seed in range(25):
        choose, state = rng("worlds", seed), GAME.new(seed)
        while state.to_act is not None:
            view = GAME.observe(state, state.to_act)
            worlds = sample_worlds(view, 4, rng("sample", seed, len(view.history)))
            true = {s: list(state.hands[s]) for s in range(3) if s != view.seat}
            assert consistent(view, true)
            for world in worlds:
                assert consistent(view, world)
                checked += 1
            constrained += any(p.is_pass and p.seat != view.seat for p in view.history)
            state = GAME.apply(state, choose.choice(GAME.legal_actions(state)))
    assert checked > 1000 and constrained > 100
