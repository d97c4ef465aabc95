"""The High player's fast simulation keeps its own rank-count encoding of beats, passes and the
settlement; these property tests check that encoding against the engine on random positions."""

import random

from hypothesis import given, settings, strategies as st

from cardavia_nb.games.pao_de_kuai import DECK_IDS, PASS, PaoDeKuai, classify, plays, settle
from cardavia_nb.games.pao_de_kuai.rules import BOMBS, RANK
from cardavia_nb.games.pao_de_kuai.scoring import bonus_amount
from cardavia_nb.players.pao_de_kuai_sim import (
    bombs_above, combo_move, counts_of, low_lead, low_respond, ordinary_beater, rollout, settle_counts, strength,
)

GAME = PaoDeKuai()
SEEDS = st.integers(min_value=0, max_value=2**40)


def lumpy_deal(r: random.Random, sizes: list[int]) -> list[list[str]]:
    """Hands of these sizes drawn rank by rank, so that pairs, runs and bombs are common."""
    by_rank: dict[int, list[str]] = {}
    for cid in DECK_IDS:
        by_rank.setdefault(RANK[cid], []).append(cid)
    pool = []
    for rank in r.sample(sorted(by_rank), len(by_rank)):
        cards = by_rank[rank]
        r.shuffle(cards)
        pool += cards
    cut = r.randrange(len(pool))
    pool = pool[cut:] + pool[:cut]
    hands, at = [], 0
    for size in sizes:
        hands.append(pool[at:at + size])
        at += size
    return hands


def answer_state(hand, top):
    """Seat 0 holding ``hand`` facing ``top`` led by seat 2 (seat 1 holds nothing relevant)."""
    left = [c for c in DECK_IDS if c not in hand and c not in top]
    return GAME.new(0, hands=[hand, left[:1], left[1:2]], top=list(top), top_owner=2, to_act=0)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_beaters_and_passes_on_counts_agree_with_the_engine(seed):
    r = random.Random(seed)
    hand, other = lumpy_deal(r, [r.randint(1, 16), r.randint(1, 16)])
    top = r.choice(plays(other))
    state = answer_state(hand, top)
    legal = GAME.legal_actions(state)
    combos = {combo_move(classify(a.cards)) for a in legal if a is not PASS}
    c, top_move = counts_of(hand), combo_move(classify(top))
    answer = low_respond(c, top_move)
    assert (answer is None) == (legal == (PASS,))  # a pass exactly when the engine forces one
    assert answer is None or answer in combos
    plain = ordinary_beater(c, top_move)
    assert plain is None or (plain in combos and plain[0] not in BOMBS)
    bombs = {m for m in combos if m[0] in BOMBS}
    assert set(bombs_above(c, strength(top_move))) == bombs


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_low_lead_on_counts_is_a_lead_the_engine_allows(seed):
    r = random.Random(seed)
    (hand,) = lumpy_deal(r, [r.randint(1, 16)])
    leads = {combo_move(classify(p)) for p in plays(hand)}
    assert low_lead(counts_of(hand)) in leads


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_settlement_on_counts_is_the_engine_s(seed):
    r = random.Random(seed)
    winner = r.randrange(3)
    sizes = [0 if s == winner else r.randint(1, 16) for s in range(3)]
    hands = lumpy_deal(r, sizes)
    played = [r.random() < 0.6 or s == winner for s in range(3)]
    state = GAME.new(0, hands=hands, has_played=played)
    owners = tuple(r.randrange(3) for _ in range(r.randrange(3)))
    scores, _ = settle(state._replace(bonuses=owners))
    bonus = [sum(bonus_amount(o, s) for o in owners) for s in range(3)]
    assert settle_counts([counts_of(h) for h in hands], played, winner, bonus) == list(scores)


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_a_rollout_ends_zero_sum_as_the_engine_s_deals_do(seed):
    r = random.Random(seed)
    hands = lumpy_deal(r, [r.randint(1, 16) for _ in range(3)])
    scores = rollout([counts_of(h) for h in hands], [True] * 3, None, 0, False, 0, r.randrange(3))
    assert sum(scores) == 0
