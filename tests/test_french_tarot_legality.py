"""French Tarot's legal moves are generated directly for speed; on random positions they are exactly
the moves ``illegal_reason`` (the one statement of legality) finds nothing against."""

from hypothesis import given, settings, strategies as st

from cardavia_nb.core.testing import playout
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.rules import ActionList, illegal_reason, legal_actions

G = get("french_tarot")


def candidates(state, rand) -> list:
    """Every fixed action (each card, bid and chelem choice), a sample of the listed sets, and random
    six-card discards and poignées of the seat's own cards (mostly invalid ones)."""
    out = [*R.PLAYS.values(), *R.BIDS.values(), R.CHELEM_YES, R.CHELEM_NO]
    legal = legal_actions(state)
    if isinstance(legal, ActionList):
        out += [legal[rand.randrange(len(legal))] for _ in range(20)]
    seat = state.to_act
    if seat is not None:
        hand = state.hands[seat]
        for size in (6, 10, 13, 15):
            if len(hand) >= size:
                out += [R.set_action("discard" if size == 6 else "poignee", tuple(rand.sample(hand, size)))
                        for _ in range(10)]
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), step=st.one_of(st.integers(0, 7), st.integers(0, 100)),
       pick=st.randoms(use_true_random=False))
def test_generated_moves_are_exactly_the_legal_ones(seed, step, pick):
    """Positions of random deals, the auction and the discard as often as the play."""
    steps = playout(G, seed)
    state = steps[min(step, len(steps) - 1)][0]
    legal = legal_actions(state)
    for action in candidates(state, pick):
        assert (illegal_reason(state, action) is None) == (action in legal), (seed, state.phase, action.id)
    assert all(illegal_reason(state, a) is None for a in (legal.head if isinstance(legal, ActionList) else legal))
