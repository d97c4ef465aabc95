"""Pao De Kuai passes the shared conformance suite; the High player's sampled worlds are real deals
under the engine's own rules (``core.testing.check_sampler``)."""

from cardavia_nb.core import testing
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer
from cardavia_nb.players.pao_de_kuai_worlds import sample_worlds

GAME = PaoDeKuai()
SEEDS = range(25)


def test_conformance_suite():
    testing.check_all(GAME, [lambda s: LowPlayer(s), lambda s: HighPlayer(s, rollouts=30)],
                      list(range(12)), [LowPlayer(1), HighPlayer(2, rollouts=30), RandomPlayer(3)])


def test_every_sampled_world_is_a_deal_the_engine_replays_to_the_same_view():
    assert testing.check_sampler(GAME, sample_worlds, SEEDS) > 0


def test_the_sampler_check_meets_passes_of_the_other_seats():
    """The views the sampler check visits hold passes by other seats, the sampler's hard rule."""
    constrained = 0
    for seed in SEEDS:
        for state, _ in testing.playout(GAME, seed)[:-1][:40]:
            constrained += any(p.is_pass and p.seat != state.to_act for p in state.history)
    assert constrained > 100
