"""French Tarot passes the shared conformance suite; the High player's sampled worlds fit its view."""

from cardavia_nb.core import testing
from cardavia_nb.core.rng import rng
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.rules import ActionList
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from cardavia_nb.players.french_tarot_worlds import (Guess, consistent, model_misses, other_plays, sample_world,
                                                     sample_worlds, to_world)
from tests.support import quick_tarot_high

G = get("french_tarot")


def test_conformance_suite():
    testing.check_all(G, [lambda s: LowPlayer(s), quick_tarot_high], list(range(8)),
                      [LowPlayer(1), quick_tarot_high(2), LowPlayer(3), LowPlayer(4)])


def short_of_ordinary_cards():
    """A taker at Prise (seat 1) whose 24 cards hold only three ordinary cards: its discard is those
    three and any three of its sixteen trumps from 2 to 17, 560 sets in all."""
    mine = ["KS", "KH", "KD", "KC"] + [f"T{n}" for n in range(1, 15)]
    chien = ["2S", "3S", "4S", "T15", "T16", "T17"]
    rest = [c for c in R.CARDS if c not in mine + chien]
    state = G.new(0, hands=[rest[0::3], mine, rest[1::3], rest[2::3]], chien=chien, dealer=0)
    for bid in ("bid:prise", "bid:pass", "bid:pass", "bid:pass"):
        state = G.apply(state, bid)
    return state


def test_whole_set_lists_are_exact():
    """Every listed discard is valid, distinct, and the list's length is the number of valid sets."""
    state = short_of_ordinary_cards()
    legal = G.legal_actions(state)
    assert isinstance(legal, ActionList) and state.phase == "discard" and len(legal) == 560
    listed = list(legal)
    assert len({a.id for a in listed}) == len(listed) == len(legal)
    assert all(G.why_illegal(state, a) is None for a in listed)
    assert all(legal[i] == a for i, a in enumerate(listed[:50]))


def test_every_sampled_world_replays_to_the_same_view():
    """The engine judges the sampler: each world, dealt and replayed, gives the seat its very view, and
    some worlds put cards elsewhere than the real deal."""
    assert testing.check_sampler(G, sample_worlds, range(12)) > 0


def replays_to(view, world) -> bool:
    """Whether ``world``, dealt by the engine and its moves replayed, gives ``view``'s seat that view."""
    state = G.new(1, **world.setup)
    for move in world.moves:
        state = G.apply(state, move)
    return G.observe(state, view.seat) == view


def test_the_real_deal_is_consistent_with_each_view():
    for seed in range(10):
        for state, _ in testing.playout(G, seed)[:-1]:
            for seat in range(4):
                view = G.observe(state, seat)
                taken = R.chien_shown(state.contract)
                real = Guess(state.hands, state.chien, state.discard if taken else ())
                assert consistent(view, real), (seed, seat, state.phase)


def _low_game(seed: int) -> list:
    """Every state of a deal four Low players play."""
    players, state, out = [LowPlayer(4 * seed + s) for s in range(4)], G.new(seed), []
    while not G.is_over(state):
        out.append(state)
        seat = G.to_act(state)
        state = G.apply(state, players[seat].choose(G, G.observe(state, seat), G.legal_actions(state)))
    return out


def _misreadings(view, plays, world: Guess) -> int:
    """How many of the other seats' plays ``low_play`` would not have made with ``world``'s hands."""
    return sum(len(model_misses(world.hands[s], plays[s], view.taker)) for s in plays)


def test_worlds_read_low_plays_and_stay_consistent():
    """Against Low players the real deal agrees with every card they played; repaired worlds stay
    replay to the view in the engine and disagree with those plays far less often than unrepaired ones."""
    misses = {0: 0, 40: 0}
    checked = 0
    for seed in range(6):
        for state in _low_game(seed)[::7]:
            view = G.observe(state, 0)
            plays = other_plays(view)
            if view.phase != "play" or not view.history:
                continue
            assert not any(model_misses(state.hands[s], plays[s], view.taker) for s in plays), seed
            for steps in misses:
                world = sample_world(view, rng("read", seed, len(view.history)), read_steps=steps)
                assert world is not None and replays_to(view, to_world(view, world))
                misses[steps] += _misreadings(view, plays, world)
            checked += 1
    assert checked > 30 and misses[40] * 4 < misses[0], (checked, misses)


def test_high_plays_on_worlds_that_read_the_others_plays():
    """High's own worlds (the ones its card choice is played out on) come repaired, unless told not to."""
    state = next(s for s in _low_game(2) if s.phase == "play" and len(s.history) == 6 and s.to_act == 0)
    view = G.observe(state, 0)
    plays = other_plays(view)
    counts = {}
    for steps in (0, HighPlayer.read_steps):
        high = HighPlayer(7)
        high.read_steps = steps
        worlds = high._worlds(view, 24)
        counts[steps] = sum(_misreadings(view, plays, w) for w in worlds)
    assert HighPlayer.read_steps > 0 and counts[HighPlayer.read_steps] * 4 < counts[0], counts
