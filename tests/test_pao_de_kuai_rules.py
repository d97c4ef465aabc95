"""Every worked example of pao_de_kuai.md §13 (X deck/classification, Y comparison, O opening,
M must-beat, F round flow and settlement, P invariants) plus the words of illegal selections."""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import IllegalAction
from cardavia_nb.core.rng import rng
from cardavia_nb.games.pao_de_kuai import PASS, Combo, PaoDeKuai, beats, classify, settle

GAME = PaoDeKuai()


def sets(state):
    """Legal actions as a set of frozensets of cards, "pass" for a pass."""
    return {"pass" if a is PASS else frozenset(a.cards) for a in GAME.legal_actions(state)}


def fs(*groups):
    """Frozensets from space-separated card strings."""
    return {frozenset(g.split()) for g in groups}


def play(state, cards):
    """Apply the play of these cards (any order)."""
    return GAME.apply(state, "play:" + "+".join(cards.split()))


def respond(top, hand):
    """A fixture where seat 0 holds ``hand`` and must answer ``top`` played by seat 2."""
    return GAME.new(0, hands=[hand, "JC", "QC"], top=top, top_owner=2, to_act=0)


# --- 13.1 deck ------------------------------------------------------------------------------

def test_X1_deck():
    ids = [c.id for c in deck("pao_de_kuai48")]
    full = {c.id for c in deck("french54")} - {"BJ", "RJ"}
    assert len(ids) == 48 and full - set(ids) == {"AH", "2H", "2D", "2C"}
    counts = Counter(i[:-1] for i in ids)
    assert all(counts[r] == 4 for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    assert counts["A"] == 3 and counts["2"] == 1
    hands = GAME.new(5).hands
    assert sorted(c for h in hands for c in h) == sorted(ids) and all(len(h) == 16 for h in hands)


# --- 13.2 classification ----------------------------------------------------------------------

@pytest.mark.parametrize("case, cards, expected", [
    ("X2", "3H", Combo("single", 1, 3)),
    ("X3", "2S", Combo("single", 1, 15)),
    ("X4", "5C 5D", Combo("pair", 2, 5)),
    ("X5", "9S 9H 9D", Combo("triple", 3, 9)),
    ("X6", "3S 4H 5D 6C 7S", Combo("straight", 5, 7)),
    ("X7", "10S JH QD KC AS", Combo("straight", 5, 14)),
    ("X8", "3S 4H 5D 6C 7S 8D 9H 10C JS QH KD AC", Combo("straight", 12, 14)),
    ("X9", "JS QH KD AC 2S", None),
    ("X10", "AS 2S 3H 4D 5C", None),
    ("X11", "3S 4H 5D 6C", None),
    ("X12", "3S 3H 4D 4C", Combo("pair_run", 4, 4)),
    ("X13", "KS KH AS AD", Combo("pair_run", 4, 14)),
    ("X14", "QS QH KS KH AS AD", Combo("pair_run", 6, 14)),
    ("X15", "AS AD 2S", None),
    ("X16", "7S 7H 7D 7C", Combo("bomb", 4, 7)),
    ("X17", "AS AD AC", Combo("aces", 3, 14)),
    ("X19", "3S 3H 3D 4S 4H 4D", None),
    ("X20a", "5S 5H 5D 7C", None),
    ("X20b", "5S 5H 5D 7C 7D", None),
    ("X21", "6S 6H 6D 6C 4S", None),
    ("X22", "3S 3H 4D", None),
    ("X23", "5S 5H 6D 6C 8S 8H", None),
])
def test_X2_to_X23_classification(case, cards, expected):
    assert classify(cards) == expected, case


def test_X18_four_threes_heavenly_only_when_opening():
    assert classify("3S 3H 3D 3C", opening=True) == Combo("heavenly", 4, 3)
    assert classify("3S 3H 3D 3C") == Combo("bomb", 4, 3)


# --- 13.3 comparison --------------------------------------------------------------------------

@pytest.mark.parametrize("case, a, b, expected", [
    ("Y1", "2S", "AS", True),
    ("Y2", "AS AD", "KS KH", True),
    ("Y3", "4S 5H 6D 7C 8S", "3S 4H 5D 6C 7S", True),
    ("Y4", "3S 4H 5D 6C 7S 8D", "3S 4H 5D 6C 7C", False),
    ("Y5", "4S 4H 5S 5H", "3S 3H 4D 4C", True),
    ("Y6", "4S 4H 5S 5H 6S 6H", "3S 3H 4D 4C", False),
    ("Y7", "AS AD AC", "KS KH KD", True),
    ("Y8", "4S 4H 4D 4C", "3S 3H 3D 3C", True),
    ("Y9", "AS AD AC", "KS KH KD KC", True),
    ("Y10", "KS KH KD KC", "AS AD AC", False),
    ("Y11", "3S 3H 3D 3C", "10S JH QD KC AS", True),
    ("Y12", "5S 5H 5D", "4S 4H 4D 4C", False),
    ("Y14", "QS", "JS", True),
    ("Y15", "JH", "JS", False),
])
def test_Y1_to_Y15_comparison(case, a, b, expected):
    assert beats(a, b) is expected, case


def test_Y13_nothing_beats_the_heavenly_bomb():
    heavenly = classify("3S 3H 3D 3C", opening=True)
    assert not beats("AS AD AC", heavenly) and not beats("KS KH KD KC", heavenly)


# --- 13.4 opening -----------------------------------------------------------------------------

def opening_state(hand0="3H 3S 3D 4C 5D 6S 7H 4H 9C 9D 10C JC QC KC AS 2S"):
    """A full deal fixture where seat 0 holds 3♥ and opens."""
    rest = [c.id for c in deck("pao_de_kuai48") if c.id not in hand0.split()]
    return GAME.new(0, hands=[hand0, rest[:16], rest[16:]])


def test_O1_first_play_must_contain_three_of_hearts():
    state = opening_state()
    assert state.to_act == 0 and state.opening
    for bad in ("play:4H", "play:3S+3D", "pass"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, bad)
    for good in ("3H", "3H 4C 5D 6S 7H", "3S 3H"):
        assert frozenset(good.split()) in sets(state)
        play(state, good)
    assert all("3H" in a.cards for a in GAME.legal_actions(state))
    assert "3 of hearts" in GAME.why_illegal(state, "play:4H")
    assert "cannot pass" in GAME.why_illegal(state, "pass")


def test_O2_heavenly_bomb_cannot_be_answered_and_earns_nothing():
    state = GAME.new(0, hands=["3H 3S 3D 3C 9C", "AS AD AC 5D", "KS KH"], opening=True, to_act=0)
    state = play(state, "3H 3S 3D 3C")
    assert state.top.shape == "heavenly"
    assert sets(state) == {"pass"}
    state = GAME.apply(GAME.apply(state, "pass"), "pass")
    assert state.to_act == 0 and state.top is None and state.bonuses == ()
    assert "pass" not in sets(state)
    assert settle(state)[0] == (0, 0, 0)


def test_O3_threes_after_a_single_three_of_hearts_are_a_triple():
    state = GAME.new(0, hands=["3H 3S 3D 3C 9C", "4D 6D", "5D 7D"], opening=True, to_act=0)
    state = play(state, "3H")
    state = play(play(state, "4D"), "5D")
    assert sets(state) == fs("9C")
    state = GAME.apply(GAME.apply(play(state, "9C"), "pass"), "pass")
    assert state.to_act == 0 and frozenset("3S 3D 3C".split()) in sets(state)
    state = play(state, "3S 3D 3C")
    assert state.top.shape == "triple"


# --- 13.5 must-beat ---------------------------------------------------------------------------

@pytest.mark.parametrize("case, top, hand, expected", [
    ("M1", "9C", "4S 4H 4D 4C 10D 6C", fs("10D", "4S 4H 4D 4C")),
    ("M2", "9C", "5S 6H 8D", {"pass"}),
    ("M3", "6C 6D", "7S 7H 7D 8C KS", fs("7S 7H", "7S 7D", "7H 7D")),
    ("M4", "3S 4H 5D 6C 7S", "5H 6S 7D 8C 9H 10D", fs("5H 6S 7D 8C 9H", "6S 7D 8C 9H 10D")),
    ("M5", "7S 7H 7D 7C", "9S 9H 9D 9C 2S", fs("9S 9H 9D 9C")),
    ("M6", "AS AD AC", "KS KH KD KC", {"pass"}),
    ("M7", "KS KH KD", "AS AD AC 5D", fs("AS AD AC")),
    ("M8", "QH", "8S 8H 8D 8C 3C", fs("8S 8H 8D 8C")),
    ("M9", "5H", "8S 8H 8D 8C", fs("8S", "8H", "8D", "8C", "8S 8H 8D 8C")),
])
def test_M1_to_M9_must_beat_legal_sets(case, top, hand, expected):
    state = respond(top, hand)
    assert sets(state) == expected, case
    if expected != {"pass"}:
        assert "must" in GAME.why_illegal(state, "pass")


# --- 13.6 round flow and settlement -----------------------------------------------------------

def test_F1_ordinary_round_and_going_out():
    s = GAME.new(0, hands=["5S 5H 9D", "6C 6D 8S 8H 8D 8C KH 3D", "4S 4H JC 2S"], to_act=0)
    assert not s.opening and s.has_played == (True, True, True)
    s = play(s, "5S 5H")
    eights = ["8S", "8H", "8D", "8C"]
    pairs = {frozenset((a, b)) for i, a in enumerate(eights) for b in eights[i + 1:]}
    assert sets(s) == fs("6C 6D", "8S 8H 8D 8C") | pairs
    s = play(s, "6C 6D")
    assert sets(s) == {"pass"}
    s = GAME.apply(GAME.apply(s, "pass"), "pass")
    assert s.to_act == 1 and s.top is None
    s = play(s, "8S 8H 8D 8C")
    s = GAME.apply(GAME.apply(s, "pass"), "pass")
    assert s.bonuses == () and s.to_act == 1
    s = play(s, "3D")
    assert sets(s) == fs("4S", "4H", "JC", "2S")
    s = play(s, "JC")
    assert sets(s) == {"pass"}
    s = GAME.apply(s, "pass")
    assert sets(s) == fs("KH")
    s = play(s, "KH")
    assert s.to_act is None and s.winner == 1
    result = GAME.result(s)
    assert result.payoffs == (-1, 14, -13) and result.winners == (1,)
    assert any(e.kind == "out" and e.seat == 1 for e in s.events)


def test_F2_bomb_war_ending_the_deal():
    s = GAME.new(0, hands=["10S 10H QC QD QH QS", "JS JH 7C", "3C 5D 5S 5H 5C"], to_act=0)
    s = play(s, "10S 10H")
    s = play(s, "JS JH")
    assert sets(s) == fs("5D 5S 5H 5C")
    s = play(s, "5D 5S 5H 5C")
    assert sets(s) == fs("QC QD QH QS")
    s = play(s, "QC QD QH QS")
    assert s.winner == 0 and s.bonuses == (0,)
    assert GAME.result(s).payoffs == (22, -11, -11)
    bonus_points = [e.amount for e in s.events if e.kind == "points" and e.source == "bomb_bonus"]
    assert sorted(bonus_points) == [-10, -10, 20]


def test_F3_response_bomb_survives_the_round():
    s = GAME.new(0, hands=["KS QH JD", "2S 4C 4D 4H 4S 9C", "AS AD 7H"], to_act=0)
    s = play(s, "KS")
    assert sets(s) == fs("2S", "4C 4D 4H 4S")
    s = play(s, "4C 4D 4H 4S")
    s = GAME.apply(GAME.apply(s, "pass"), "pass")
    assert s.bonuses == (1,) and s.to_act == 1
    assert settle(s)[0] == (-10, 20, -10)


def test_F4_over_bombing():
    s = GAME.new(0, hands=["7S 8H 9D 10C JS 3C", "QS QH QD QC 5D", "AS AD AC 6H"], to_act=0)
    s = play(s, "7S 8H 9D 10C JS")
    s = play(s, "QS QH QD QC")
    s = play(s, "AS AD AC")
    assert sets(s) == {"pass"}
    s = GAME.apply(s, "pass")
    assert sets(s) == {"pass"}
    s = GAME.apply(s, "pass")
    assert s.bonuses == (2,) and settle(s)[0] == (-10, -10, 20) and s.to_act == 2


def test_F5_bombing_a_led_bomb():
    s = GAME.new(0, hands=["7S 7H 7D 7C 5C", "KS KH KD KC 6D", "9S 10H"], to_act=0)
    s = play(s, "7S 7H 7D 7C")
    s = play(s, "KS KH KD KC")
    s = GAME.apply(GAME.apply(s, "pass"), "pass")
    assert s.bonuses == (1,) and settle(s)[0] == (-10, 20, -10)


def test_F6_knock_out_on_the_first_play_doubles():
    s = GAME.new(0, hands=["3H 3D 4H 4D 5H 5D 6H 6D 7H 7D 8H 8D 9H 9D 10H 10D",
                           "JS JH JD JC QS QH QD QC AS AD AC 2S 3S 4S 5S 6S",
                           "KS KH KD KC 3C 4C 5C 6C 7S 7C 8S 8C 9S 9C 10S 10C"])
    assert s.opening and s.to_act == 0
    s = play(s, "3H 3D 4H 4D 5H 5D 6H 6D 7H 7D 8H 8D 9H 9D 10H 10D")
    result = GAME.result(s)
    assert result.payoffs == (114, -72, -42)
    assert {i.key.rsplit(".", 1)[1] for i in result.items if i.seat == 1} == {"cards", "two_of_spades", "bomb"}
    assert sum(i.amount for i in result.items if i.seat == 1) == -72


def test_F7_settlement_function():
    s1 = "2S 4S 4H 4D 4C 5S 6S 7S 8S 9S 10S QS KS AS 3H 5C"
    s = GAME.new(0, hands=["3S 5H 6D 9C 9D JS QH", s1, []], has_played=[True, False, True])
    assert s.to_act is None and s.winner == 2
    scores, items = settle(s)
    assert scores == (-7, -52, 59)
    for seat in range(3):
        assert sum(i.amount for i in items if i.seat == seat) == scores[seat]


# --- words of the selection check ---------------------------------------------------------------

def test_check_selection_speaks_in_shape_words():
    s = GAME.new(0, hands=["5S 6H 7D 8C 9S 9H 9D JS", "QH", "KH"], top="4C 4D", top_owner=2, to_act=0)
    action, msg = GAME.check_selection(s, ["5S", "6H", "7D", "8C"])
    assert action is None and "at least five cards" in str(msg)
    action, msg = GAME.check_selection(s, ["9S", "9H"])
    assert action is not None and msg is None and action.id == "play:9H+9S"
    s2 = GAME.new(0, hands=["5S 5H 6H", "QH", "KH"], top="9C 9S", top_owner=2, to_act=0)
    assert "does not beat a pair of 9s" in str(GAME.check_selection(s2, ["5S", "5H"])[1])
    assert "alone" in GAME.why_illegal(GAME.new(0, hands=["2S AS", "QH", "KH"], to_act=0), "play:AS+2S")


# --- 13.7 invariants ------------------------------------------------------------------------------

def random_deal(seed):
    """A random playout: the list of states from the deal to the end."""
    choose, state = rng("prop", seed), GAME.new(seed)
    states = [state]
    while state.to_act is not None:
        state = GAME.apply(state, choose.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_P1_to_P5_invariants(seed):
    states = random_deal(seed)
    final = states[-1]
    scores = GAME.result(final).payoffs
    assert sum(scores) == 0  # P1
    first = next(p for p in final.history if not p.is_pass)
    assert "3H" in first.cards  # P5
    for before, after in zip(states, states[1:]):
        points = [e for e in after.events if e.kind == "points" and e.source == "bomb_bonus"]
        if points:  # P2
            assert sorted(e.amount for e in points) == [-10, -10, 20]
        legal = GAME.legal_actions(before)
        if before.top is None:  # P4
            assert PASS not in legal
        else:
            assert (PASS in legal) == (legal == (PASS,))
        if before.top is not None and before.round_passed[before.to_act]:  # P3
            assert legal == (PASS,)


# --- UI helpers and view ----------------------------------------------------------------------

def test_combinations_in_and_view_fields():
    combos = GAME.combinations_in("3H 4S 5D 6C 7S 7H")
    assert (classify("3H 4S 5D 6C 7S"), ("3H", "4S", "5D", "6C", "7S")) in combos
    assert all("3H" in cards for _, cards in GAME.combinations_in("3H 3S 9C", opening=True))
    s = play(GAME.new(0, hands=["KS QH JD", "2S 9C", "AS AD 7H"], to_act=0), "KS")
    view = GAME.observe(s, 1)
    assert view.hand == ("9C", "2S") and view.counts == (2, 2, 3) and view.to_act == 1
    assert view.top.cards == ("KS",) and view.top.seat == 0 and view.leader == 0
    assert [p.cards for p in view.history] == [("KS",)] and view.has_played == (True, True, True)
    assert "AS" not in repr(view)
