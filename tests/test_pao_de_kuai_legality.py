"""Pao De Kuai's package shape and legality: frozen states with phases, explicit deals checked in
words, and one statement of legality (``illegal_reason``) that the generated moves agree with."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.games.pao_de_kuai import (
    DEAL_DOMAIN, DECK_IDS, PASS, PHASES, PaoDeKuai, PaoDeKuaiState, PaoDeKuaiView, canonical, illegal_reason,
    legal_actions, observe, play_action, plays,
)
from cardavia_nb.games.pao_de_kuai.rules import LEAD, OVER, RESPOND

GAME = PaoDeKuai()


def test_states_are_frozen_values_with_a_phase_the_view_repeats():
    state = GAME.new(4)
    assert isinstance(state, PaoDeKuaiState) and isinstance(state, tuple)
    with pytest.raises(AttributeError):
        state.to_act = 1
    before = tuple(state)
    GAME.legal_actions(state)
    GAME.why_illegal(state, "pass")
    assert tuple(state) == before, "asking for the moves leaves the state as it was"
    assert DEAL_DOMAIN == "pao_de_kuai-deal" and PHASES == (LEAD, RESPOND, OVER)
    seen = set()
    choose = random.Random(4)
    while True:
        view = observe(state, 0)
        assert isinstance(view, PaoDeKuaiView) and view.phase == state.phase
        assert view.counts == tuple(len(h) for h in state.hands)
        assert state.phase == (OVER if state.winner is not None else LEAD if state.top is None else RESPOND)
        seen.add(state.phase)
        if state.to_act is None:
            break
        state = GAME.apply(state, choose.choice(GAME.legal_actions(state)))
    assert seen == set(PHASES)


def test_an_explicit_deal_is_the_deal_it_names():
    dealt = GAME.new(5)
    assert GAME.new(9, hands=[" ".join(h) for h in dealt.hands]) == dealt
    assert GAME.new(9, hands=dealt.hands).phase == LEAD and not any(dealt.has_played)


@pytest.mark.parametrize("hands, words", [
    (lambda d: [d[:17], d[17:32], d[32:]], "16 cards; these hands hold 17, 15, 16"),
    (lambda d: [d[:16], d[16:32], d[31:47]], "The card"),
    (lambda d: [d[:16], d[16:32], d[32:47] + ("AH",)], "'AH' is not a card"),
    (lambda d: [d[:16], d[16:32]], "three hands"),
    (lambda d: [d[:17], d[17:30], d[30:40]], "at most 16 cards"),
])
def test_a_deal_that_is_not_real_is_refused_in_words(hands, words):
    with pytest.raises(ValueError, match=words):
        GAME.new(0, hands=hands(DECK_IDS))


def test_illegal_reason_is_the_engine_s_own_check():
    state = GAME.new(0, hands=["5S 6H 7D 8C 9S 9H 9D JS", "QH", "KH"], top="4C 4D", top_owner=2, to_act=0)
    for action in (PASS, play_action(("9H", "9S")), play_action(("5S",)), play_action(("QH",))):
        assert GAME.explain_illegal(state, action) == illegal_reason(state, action)
    assert illegal_reason(state, PASS).key == "pao_de_kuai.illegal.must_beat"
    assert illegal_reason(state, play_action(("QH",))).key == "pao_de_kuai.illegal.not_in_hand"
    with pytest.raises(IllegalAction):
        GAME.apply(state, "play:5S")


def random_position(seed: int) -> PaoDeKuaiState:
    """A position of a random playout, or a fixture: a random part of the pack in hand and a play
    of one seat's hand to beat (its owner out when that play was its last card)."""
    r = random.Random(seed)
    if r.random() < 0.5:
        state = GAME.new(seed % 100_000)
        for _ in range(r.randrange(60)):
            if state.to_act is None:
                break
            state = GAME.apply(state, r.choice(GAME.legal_actions(state)))
        return state
    order = list(DECK_IDS)
    r.shuffle(order)
    sizes = [r.randint(1, 16) for _ in range(3)]
    hands = [order[sum(sizes[:s]):sum(sizes[:s + 1])] for s in range(3)]
    owner = r.randrange(3)
    top = r.choice(plays(hands[owner]))
    hands[owner] = [c for c in hands[owner] if c not in top]
    return GAME.new(0, hands=hands, top=list(top), top_owner=owner, top_response=r.random() < 0.5,
                    opening=False)


def candidates(state: PaoDeKuaiState, r: random.Random) -> list:
    """Moves to judge: pass, random sets of the hand (some with a card of another hand), the legal ones
    each with one card swapped."""
    hand = state.hands[state.to_act]
    others = [c for s, h in enumerate(state.hands) if s != state.to_act for c in h]
    found = [PASS]
    for _ in range(150):
        cards = r.sample(hand, r.randint(1, min(len(hand), 8)))
        if others and r.random() < 0.1:
            cards[0] = r.choice(others)
        found.append(play_action(canonical(cards)))
    for action in legal_actions(state):
        if action.cards and len(hand) > len(action.cards):
            swap = r.choice([c for c in hand if c not in action.cards])
            found.append(play_action(canonical((swap,) + action.cards[1:])))
    return found


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_generated_moves_are_exactly_those_illegal_reason_allows(seed):
    state = random_position(seed)
    legal = legal_actions(state)
    if state.to_act is None:
        assert legal == () and illegal_reason(state, PASS) is not None
        return
    assert len(set(legal)) == len(legal)
    assert all(illegal_reason(state, a) is None for a in legal)
    allowed = set(legal)
    for action in candidates(state, random.Random(seed)):
        assert (illegal_reason(state, action) is None) == (action in allowed), (state.hands[state.to_act], action.id)


def test_the_package_exports_the_names_every_game_package_exports():
    from cardavia_nb.games import pao_de_kuai

    shared = {"PaoDeKuai", "PaoDeKuaiState", "PaoDeKuaiView", "observe", "illegal_reason", "legal_actions",
              "settle", "label", "describe", "PHASES", "DEAL_DOMAIN"}
    assert shared <= set(pao_de_kuai.__all__) and all(hasattr(pao_de_kuai, n) for n in shared)
    assert not {"PdkState", "PdkView"} & set(dir(pao_de_kuai))
