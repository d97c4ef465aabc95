"""The Truco opponent model: habits learned from public views within one match, reset between matches."""

import copy

from cardavia_nb.core.arena import play
from cardavia_nb.games.truco import Truco
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from cardavia_nb.players.truco_model import Habit, OpponentModel

G = Truco()


class AlwaysEnvido(LowPlayer):
    """Low, but opens envido whenever it may."""

    def choose(self, game, view, legal):
        for a in legal:
            if a.id == "call:envido":
                return a
        return super().choose(game, view, legal)


def test_habit_reads_calls_on_every_hand_as_bluffs():
    habit = Habit("envido", (24, 27, 30), 0.05)
    fresh = habit.p_yes(5)
    habit.fit([(True, None)] * 8 + [(True, 7), (True, 4)])
    assert fresh < 0.3 < 0.8 < habit.p_yes(5)
    assert habit.bluff_rate() > 0.7


def test_habit_of_a_sound_caller_stays_sound():
    habit = Habit("envido", (24, 27, 30), 0.05)
    habit.fit([(True, 31), (False, 12), (False, 20), (True, 28), (False, None), (False, None)])
    assert habit.p_yes(10) < 0.15 < 0.8 < habit.p_yes(32)


def _model_after_match(opponent, seed):
    high = HighPlayer(seed)
    state, _ = play(G, [high, opponent], seed)
    return high, state


def test_high_learns_that_an_always_caller_bluffs_and_a_low_does_not():
    high, _ = _model_after_match(AlwaysEnvido(5), 3)
    seat_view = high.models[0].deals[max(high.models[0].deals)]
    assert high.models[0].habit(seat_view, "open").bluff_rate() > 0.5
    high, _ = _model_after_match(LowPlayer(5), 3)
    seat_view = high.models[0].deals[max(high.models[0].deals)]
    assert high.models[0].habit(seat_view, "open").bluff_rate() < 0.3


def test_model_forgets_the_previous_match():
    high, _ = _model_after_match(AlwaysEnvido(5), 4)
    assert len(high.models[0].deals) > 1
    first = G.observe(G.new(9), 0)
    high.models[0].observe(first)
    assert list(high.models[0].deals) == [first.deal_no]


def test_model_keeps_only_views_and_copies_cleanly():
    high, _ = _model_after_match(AlwaysEnvido(6), 5)
    twin = copy.deepcopy(high)
    view = G.observe(G.new(11), 0)
    legal = G.legal_actions(G.new(11))
    assert twin.choose(G, view, legal) == high.choose(G, view, legal)
    assert all(type(v).__name__ == "TrucoView" for v in high.models[0].deals.values())


def test_fresh_model_gives_every_hand_some_weight():
    model = OpponentModel()
    state = G.new(2)
    view = G.observe(state, state.to_act)
    assert model.call_weight(view, ("4C", "5O", "6B")) == 1.0
