"""Pao De Kuai players: legal, deterministic, explainable, Low clearly beats Random, rollout rules."""

import random

from cardavia_nb.core import arena
from cardavia_nb.core.record import replay
from cardavia_nb.games.pao_de_kuai import PaoDeKuai
from cardavia_nb.i18n import Signed, number
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.pao_de_kuai import HighPlayer, LowPlayer, combo_of
from cardavia_nb.games.pao_de_kuai.rules import can_beat
from cardavia_nb.players.pao_de_kuai_sim import combo_move, control_then_out, counts_of, low_lead, low_respond, whole_hand
from cardavia_nb.players.pao_de_kuai_worlds import held_now, play_constraints, sample_worlds, violations

GAME = PaoDeKuai()
# The deal seed 3 gave before the shuffle had its own key domain: the tests below were written on it.
DEAL3 = {"hands": ["4C 5C 5D 6H 8H 8S 9H JC QC QD QH KC KD KH AS 2S",
                   "3D 4D 4H 4S 6S 7C 7D 7H 9C 9D 10C 10D 10H 10S QS AC",
                   "3C 3H 3S 5H 5S 6C 6D 7S 8C 8D 9S JD JH JS KS AD"]}


def test_players_choose_legal_actions_deterministically_and_explain():
    for make in (lambda s: LowPlayer(s), lambda s: HighPlayer(s, rollouts=40)):
        state = GAME.new(3, **DEAL3)
        while state.to_act is not None:
            view, legal = GAME.observe(state, state.to_act), GAME.legal_actions(state)
            action = make(7).choose(GAME, view, legal)
            assert action in legal and make(7).choose(GAME, view, legal) == action
            notes = make(7).explain(GAME, view, legal)
            assert notes and notes[0]["id"] == action.id and all(n["reason"] for n in notes)
            state = GAME.apply(state, action)


def test_low_goes_out_and_bombs_only_when_forced():
    state = GAME.new(0, hands=["9S 9H 9D 9C 5D", "KH", "QH"], top="4C", top_owner=2, to_act=0)
    low = LowPlayer(0)
    assert low.choose(GAME, GAME.observe(state, 0), GAME.legal_actions(state)).id == "play:5D"
    state = GAME.new(0, hands=["9S 9H 9D 9C", "KH", "QH"], top="KC", top_owner=2, to_act=0)
    assert low.choose(GAME, GAME.observe(state, 0), GAME.legal_actions(state)).id == "play:9C+9D+9H+9S"


def test_high_goes_out_when_it_can():
    state = GAME.new(0, hands=["5S 6H 7D 8C 9S", "KH KS", "QH QS"], to_act=0)
    assert HighPlayer(0).choose(GAME, GAME.observe(state, 0), GAME.legal_actions(state)).id == "play:5S+6H+7D+8C+9S"


def test_low_beats_random():
    standings, _ = arena.play_seeds(GAME, [LowPlayer(1), RandomPlayer(2)], list(range(40)))
    low, rnd = standings
    assert low.win_rate > 0.55 and low.mean_payoff > rnd.mean_payoff


def test_rollout_hand_shapes_and_endgame_control():
    two_pairs = counts_of(["5S", "5H", "6D", "6C"])
    assert whole_hand(two_pairs) == ("pair_run", 4, 6)
    assert whole_hand(counts_of(["5S", "5H", "7D", "7C"])) is None
    assert whole_hand(counts_of(["AS", "AD", "AC"])) == ("aces", 3, 14)
    hands = [counts_of(["2S", "4S", "4H"]), counts_of(["KH", "9D"]), counts_of(["QH", "8D"])]
    assert control_then_out(hands, 0) == ("single", 1, 15)
    hands[0] = counts_of(["AS", "4S", "4H"])
    hands[1] = counts_of(["2S", "9D"])
    assert control_then_out(hands, 0) == ("pair", 2, 4)
    hands[2] = counts_of(["QH", "QD"])
    assert control_then_out(hands, 0) is None


def _positions(seeds, make):
    """(state, view) of every decision in games of the players ``make(seed)`` builds."""
    for seed in seeds:
        _, record = arena.play(GAME, make(seed), seed)
        for step in range(len(record.actions)):
            state = replay(GAME, record, step)
            yield state, GAME.observe(state, state.to_act)


def test_the_rollout_model_of_low_makes_low_s_very_choices():
    low, checked = LowPlayer(0), 0
    for state, view in _positions(range(12), lambda s: [RandomPlayer(s), LowPlayer(1), RandomPlayer(s + 50)]):
        if view.opening:
            continue
        action = low.choose(GAME, view, GAME.legal_actions(state))
        want = None if action.kind == "pass" else combo_move(combo_of(action, view))
        c = counts_of(view.hand)
        got = low_lead(c) if view.top is None else low_respond(c, (view.top.shape, view.top.size, view.top.key))
        assert got == want, (view.hand, view.top)
        checked += 1
    assert checked > 300


def test_sampled_worlds_respect_passes_and_the_true_hands_fit_the_low_model():
    checked = 0
    for state, view in _positions(range(4), lambda s: [HighPlayer(s, rollouts=30), LowPlayer(1), LowPlayer(2)]):
        if view.seat != 0:
            continue
        truth = {s: counts_of(state.hands[s]) for s in (1, 2)}
        constraints = play_constraints(view)
        assert violations(truth, constraints) == (0, 0)
        for world in held_now(view, sample_worlds(view, random.Random(checked), 4)):
            assert sorted(world[1] + world[2]) == sorted(state.hands[1] + state.hands[2])
            assert world[0] == list(state.hands[0])
            for seat, kind, top, _, since in constraints:
                then = [a + b for a, b in zip(counts_of(world[seat]), since)]
                assert kind != "pass" or not can_beat(then, top)
        checked += 1
    assert checked > 10


def test_high_reasons_give_the_mean_score_in_the_page_language():
    game = PaoDeKuai()
    state = game.new(3, **DEAL3)
    while state.to_act != 0:
        state = game.apply(state, game.legal_actions(state)[0])
    rows = HighPlayer(seed=0).explain(game, game.observe(state, 0), game.legal_actions(state))
    scored = [r for r in rows if r["message"].key == "pao_de_kuai.ai.mean"]
    assert scored
    for row in scored:
        mean = Signed(round(row["value"], 1))
        assert f"average deal score {number(mean, 'en')} over" in row["message"].text("en")
        assert f"score moyen de la donne {number(mean, 'fr')} sur" in row["message"].text("fr")
