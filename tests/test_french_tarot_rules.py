"""Every worked example of the French Tarot spec (§15) as a test, named after its id."""

import pytest

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.core.rng import rng
from cardavia_nb.core.testing import playout
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.engine import fill_deal
from cardavia_nb.games.french_tarot.rules import card_points, legal, target
from cardavia_nb.games.french_tarot.scoring import count_deal, excuse_fate, settle_facts

G = get("french_tarot")


def fixture(seat_cards=None, chien=(), dealer=0):
    """A fixture deal: chosen cards for some seats, the chien completed with the first ordinary cards
    left, the rest dealt by the engine's ``fill_deal`` in pack order."""
    seat_cards = {s: list(c) for s, c in (seat_cards or {}).items()}
    used = {c for cs in seat_cards.values() for c in cs} | set(chien)
    spare = (c for c in R.CARDS if c not in used and R.SUIT[c] in R.SUITS and c not in R.KINGS)
    chien = list(chien) + [next(spare) for _ in range(6 - len(chien))]
    deal = fill_deal(seat_cards, chien)
    assert deal is not None
    hands, chien = deal
    return G.new(1, hands=hands, chien=chien, dealer=dealer)


def run(state, *ids):
    """Apply action ids in order."""
    for i in ids:
        state = G.apply(state, i)
    return state


def ids(actions):
    return [a.id for a in actions]


# --- 15.1 cards and counting -------------------------------------------------------------------
def test_C1_deck_has_78_cards_worth_91():
    assert len(set(R.CARDS)) == 78 and card_points(R.CARDS) == 91


def test_C2_card_points_and_oudlers():
    cards = ["T21", "T1", "EX", "KS", "KH", "QD", "NC", "JS", "7H", "T5"]
    assert card_points(cards) == 31 and R.oudlers(cards) == 3


def test_C3_targets():
    assert [target(n) for n in range(4)] == [56, 51, 41, 36]


# --- 15.2 deal checks and bidding ---------------------------------------------------------------
def test_B1_highest_bid_takes():
    s = run(fixture(), "bid:pass", "bid:prise", "bid:pass", "bid:garde")
    assert (s.taker, s.contract, s.phase) == (0, "garde", "discard")


def test_B2_only_higher_bids():
    s = run(fixture(), "bid:garde")
    assert ids(G.legal_actions(s)) == ["bid:pass", "bid:garde_sans", "bid:garde_contre"]
    for bad in ("bid:prise", "bid:garde"):
        with pytest.raises(IllegalAction):
            G.apply(s, bad)


def test_B3_garde_contre_leaves_only_passes():
    s = run(fixture(), "bid:garde_contre")
    for _ in range(3):
        assert ids(G.legal_actions(s)) == ["bid:pass"]
        s = G.apply(s, "bid:pass")
    assert (s.taker, s.contract, s.phase) == (1, "garde_contre", "chelem")


def test_B4_four_passes_redeal_with_next_dealer():
    s = run(fixture(), *["bid:pass"] * 4)
    assert (s.deal_no, s.dealer, s.to_act, s.phase) == (1, 1, 2, "bid")
    assert any(e.kind == "cancel" and e.source == "all_pass" for e in s.events)


def test_B5_petit_sec_cancels_the_deal():
    assert R.is_petit_sec(["T1", "KS"]) and not R.is_petit_sec(["T1", "EX"])
    assert not R.is_petit_sec(["KS", "QS"]) and not R.is_petit_sec(["T1", "T2"])
    suits = [c for c in R.CARDS if R.SUIT[c] in R.SUITS]
    s = fixture({2: ["T1"] + suits[:17]})
    assert s.deal_no == 1 and s.dealer == 1
    assert any(e.kind == "cancel" and e.source == "petit_sec" and e.seat == 2 for e in s.events)
    assert not any(e.kind == "bid" for e in s.events)


def test_B6_first_bidder_and_chelem_leader():
    s = fixture(dealer=2)
    assert s.to_act == 3
    s = run(s, "bid:pass", "bid:pass", "bid:pass", "bid:garde_sans")
    s = run(s, "chelem:no")
    assert s.to_act == 3
    s = run(fixture(dealer=0), "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "chelem:yes")
    assert s.taker == 1 and s.to_act == 1 and s.chelem


# --- 15.3 discard -------------------------------------------------------------------------------
def _garde_taker(hand18, chien):
    return run(fixture({1: hand18}, chien), "bid:garde", "bid:pass", "bid:pass", "bid:pass")


def test_D1_nine_ordinary_cards_no_trump_in_discard():
    ords = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    hand = ords + ["KS", "KH"] + [f"T{n}" for n in range(2, 11)]
    s = _garde_taker(hand, ["2H", "3H", "T11", "T12", "T13", "T14"])
    ordinary = R.ordinary(s.hands[1])
    assert len(ordinary) == 9
    assert G.check_discard(s, ["2S", "3S", "4S", "5S", "6S", "T2"])[1].key == "french_tarot.illegal.discard_no_trump"
    assert G.check_discard(s, ordinary[3:])[0] is not None
    assert len(G.legal_actions(s)) == 84  # C(9, 6)


def test_D2_protected_cards_never_discarded():
    hand = ["KS", "T21", "T1", "EX"] + ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] + [f"T{n}" for n in range(2, 8)]
    s = _garde_taker(hand, ["2H", "3H", "4H", "5H", "6H", "7H"])
    for card in ("KS", "T21", "T1", "EX"):
        action, msg = G.check_discard(s, [card, "2S", "3S", "4S", "5S", "6S"])
        assert action is None and msg.key == "french_tarot.illegal.discard_protected"


def _d3_state():
    hand = ["KS", "KH", "KD", "KC"] + [f"T{n}" for n in range(1, 13)] + ["EX", "2S"]
    chien = ["T13", "T14", "T21", "3S", "4H", "5D"]
    return _garde_taker(hand, chien)


def test_D3_short_of_ordinary_cards_fill_with_trumps():
    s = _d3_state()
    assert len(s.hands[1]) == 24
    assert G.check_discard(s, ["2S", "3S", "4H", "5D", "T2", "T21"])[0] is None
    assert G.check_discard(s, ["3S", "4H", "5D", "T2", "T3", "T4"])[1].key == "french_tarot.illegal.discard_all_ordinary"
    action, msg = G.check_discard(s, ["2S", "3S", "4H", "5D", "T2", "T3"])
    assert msg is None and action in G.legal_actions(s)
    s2 = G.apply(s, action)
    assert s2.events[0].cards == ("T3", "T2")
    assert len(s2.hands[1]) == 18 and R.KINGS <= set(s2.hands[1]) and len(R.hand_trumps(s2.hands[1])) == 13
    assert G.observe(s2, 0).discard == ("T3", "T2") and len(G.observe(s2, 1).discard) == 6


def test_D4_four_kings_triple_poignee():
    s = run(_d3_state(), "discard:2S+3S+4H+5D+T3+T2", "chelem:yes")
    offers = dict((lvl, a) for lvl, a in G.poignee_offers(s))
    assert set(offers) == {"simple", "double", "triple"}
    triple = offers["triple"]
    assert set(triple.cards) == set(R.hand_trumps(s.hands[1])) | {"T2", "T3"}
    assert triple in G.legal_actions(s)
    s2 = G.apply(s, triple)
    assert s2.poignees == ((1, triple.cards),)
    plain = G.check_poignee(s, list(R.hand_trumps(s.hands[1])) + ["EX"])
    assert plain[0] is None


# --- 15.4 poignée validity ----------------------------------------------------------------------
def _player_with(trumps, ex=False):
    """A state where seat 1 (first to play, no taker rules) holds ``trumps`` (+ EX) and may declare."""
    suits = [c for c in R.CARDS if R.SUIT[c] in R.SUITS and c not in R.KINGS]
    hand = [f"T{n}" for n in trumps] + (["EX"] if ex else [])
    hand += suits[:18 - len(hand)]
    s = run(fixture({1: hand}), "bid:pass", "bid:pass", "bid:pass", "bid:garde_sans", "chelem:no")
    assert s.to_act == 1
    return s


def _valid(state, cards):
    action, msg = G.check_poignee(state, cards)
    assert (action is None) == (msg is not None)
    if action is not None:
        assert action in G.legal_actions(state)
    return action is not None


T = lambda *ns: [f"T{n}" for n in ns]  # noqa: E731


def test_P1_ten_trumps_simple():
    assert _valid(_player_with(range(2, 12)), T(*range(2, 12)))


def test_P2_nine_trumps_and_excuse():
    assert _valid(_player_with(range(2, 11), ex=True), T(*range(2, 11)) + ["EX"])


def test_P3_eleven_trumps_show_any_ten():
    s = _player_with(range(2, 13))
    assert _valid(s, T(*range(3, 13))) and _valid(s, T(*range(2, 12)))


def test_P4_eleven_trumps_cannot_show_eleven():
    assert not _valid(_player_with(range(2, 13)), T(*range(2, 13)))


def test_P5_twelve_trumps_and_excuse_double():
    assert _valid(_player_with(range(2, 14), ex=True), T(*range(2, 14)) + ["EX"])


def test_P6_fourteen_trumps_and_excuse_triple():
    assert _valid(_player_with(range(2, 16), ex=True), T(*range(2, 16)) + ["EX"])


def test_P7_excuse_only_if_all_trumps_shown():
    s = _player_with(range(2, 12), ex=True)
    assert not _valid(s, T(*range(2, 11)) + ["EX"])
    assert G.check_poignee(s, T(*range(2, 11)) + ["EX"])[1].key == "french_tarot.illegal.poignee_excuse"


def test_P8_nine_trumps_no_excuse_nothing():
    s = _player_with(range(2, 11))
    assert G.poignee_offers(s) == () and isinstance(G.legal_actions(s), tuple)
    assert not _valid(s, T(*range(2, 11)))


def test_P9_not_after_first_card():
    s = _player_with(range(2, 12))
    s = G.apply(s, G.legal_actions(s)[0])
    while s.to_act != 1:
        s = G.apply(s, G.legal_actions(s)[0])
    assert G.check_poignee(s, T(*range(2, 12)))[1].key == "french_tarot.illegal.poignee_late"
    with pytest.raises(IllegalAction):
        G.apply(s, "poignee:" + "+".join(T(*range(2, 12))))


def test_poignee_offer_is_lowest_trumps_high_to_low():
    s = _player_with(range(2, 14))
    offers = dict((lvl, a.cards) for lvl, a in G.poignee_offers(s))
    assert offers["simple"] == tuple(T(*range(11, 1, -1)))
    assert len(G.legal_actions(s)) == len(R.legal(s.hands[1], ())) + 66  # 18 plays + C(12, 10) simple sets


# --- 15.5 legal cards ---------------------------------------------------------------------------
@pytest.mark.parametrize("name, trick, hand, expected", [
    ("L1", "7H", "2H KH T3 EX 5S", "2H KH EX"),
    ("L2", "7H T10", "T4 T12 9S EX", "T12 EX"),
    ("L3", "7H T15", "T4 T12 9S", "T4 T12"),
    ("L4", "T8 T14", "T3 T16 KS", "T16"),
    ("L5", "T8", "KS QH", "KS QH"),
    ("L6", "EX", "KS T3 2H", "KS T3 2H"),
    ("L7", "EX 9C", "2C T5", "2C"),
    ("L8", "EX 9C 2C", "T3 T7 4D", "T3 T7"),
    ("L9", "7H", "T1 3S", "T1"),
    ("L10", "KD 3D T2", "T1 5S", "T1"),
])
def test_L_legal_cards(name, trick, hand, expected):
    assert set(legal(tuple(hand.split()), tuple(trick.split()))) == set(expected.split()), name


# --- 15.6 trick winners -------------------------------------------------------------------------
@pytest.mark.parametrize("name, trick, winner", [
    ("W1", "7H KH T2 QH", 2), ("W2", "5S KS 10H QS", 1), ("W3", "EX 9C KC T1", 3),
    ("W4", "EX 9C 10C 2C", 2), ("W5", "4C EX 2C 3C", 0),
])
def test_W_trick_winners(name, trick, winner):
    assert R.trick_winner(tuple(trick.split()), 0) == winner, name


def test_W6_slam_excuse_lead_wins_trick_18():
    trick = ("EX", "2S", "3S", "4S")
    assert R.excuse_slam_lead(trick, 18, 0, 0, (0,) * 17)
    assert R.trick_winner(trick, 0, True) == 0
    assert not R.excuse_slam_lead(trick, 18, 0, 0, (0,) * 16 + (1,))


# --- 15.7 Excuse ownership ------------------------------------------------------------------------
def test_E1_taker_excuse_lost_trick_stays_with_taker_and_pays_half():
    assert excuse_fate(("EX", "2S", "KS", "3S"), 0, 2, 0, 4, False) == (True, -0.5)


def test_E2_defender_excuse_taker_wins_gets_half():
    assert excuse_fate(("2S", "EX", "KS", "3S"), 3, 1, 1, 7, False) == (False, 0.5)


def test_E3_defenders_excuse_within_defence_no_transfer():
    assert excuse_fate(("EX", "2S", "KS", "3S"), 1, 3, 0, 9, False) == (False, 0.0)


def test_E4_taker_excuse_to_last_trick_changes_side():
    assert excuse_fate(("2S", "EX", "KS", "3S"), 3, 1, 0, 18, False) == (False, 0.0)


def test_E5_defender_excuse_last_trick_taker_wins_all_four():
    assert excuse_fate(("2S", "EX", "KS", "3S"), 1, 3, 3, 18, False) == (True, 0.0)


def test_E6_half_point_in_last_trick():
    discard = ("2H", "3H", "4H", "5H", "6H", "7H")
    history = [(0, ("T21", "KS", "KH", "KD"), 0), (0, ("KC", "QS", "QH", "QD"), 0)]
    used = set(discard) | {c for _, t, _ in history for c in t} | {"EX", "T20", "2S", "3S"}
    rest = [c for c in R.CARDS if c not in used and c != "T1"] + ["T1"]
    for i in range(15):
        history.append((1, tuple(rest[4 * i:4 * i + 4]), 1))
    history.append((1, ("EX", "T20", "2S", "3S"), 2))
    t = count_deal(tuple(history), 0, "prise", discard, ())
    assert (t.points, t.n_oudlers) == (40.5, 2)
    st = settle_facts("prise", t.n_oudlers, t.points, t.pab)
    assert (st.made, st.diff, st.d) == (False, 1, -26)


# --- 15.8 settlement ----------------------------------------------------------------------------
@pytest.mark.parametrize("name, contract, o, p, kw, d", [
    ("S1", "garde", 2, 45, {}, 58), ("S2", "prise", 1, 49, {}, -27),
    ("S3", "garde_sans", 3, 36, {}, 100), ("S4", "garde_contre", 0, 60, {}, 174),
    ("S5", "garde", 2, 50, {"pab": "taker"}, 88), ("S6", "garde", 2, 50, {"pab": "defence"}, 48),
    ("S7", "garde", 2, 41, {"pab": "defence"}, 30), ("S8", "prise", 1, 45, {"poignees": (20,)}, -51),
    ("S9", "garde", 1, 48, {"poignees": (30,)}, -86), ("S10", "prise", 0, 36, {"poignees": (20, 40)}, -105),
    ("S11", "garde", 1, 55, {"chelem_announced": True}, -142),
    ("S12", "prise", 1, 46, {"chelem_announced": True}, -230),
    ("S13", "prise", 2, 40.5, {}, -26), ("S14", "prise", 2, 41.5, {}, 26),
])
def test_S_settlement(name, contract, o, p, kw, d):
    assert settle_facts(contract, o, p, **kw).d == d, name


def _slam_history(specials, winners, leaders=None, exclude=()):
    """18 tricks: trick n starts with ``specials[n]`` and is filled from the remaining cards."""
    used = {c for cs in specials.values() for c in cs} | set(exclude)
    pool = [c for c in R.CARDS if c not in used]
    history = []
    for n in range(1, 19):
        cards = list(specials.get(n, ()))
        while len(cards) < 4:
            cards.append(pool.pop(0))
        leader = (leaders or {}).get(n, winners[n - 1])
        history.append((leader, tuple(cards), winners[n - 1]))
    assert not pool
    return tuple(history)


def _score(history, taker, contract, discard=(), chien=(), announced=False):
    t = count_deal(history, taker, contract, discard, chien)
    st = settle_facts(contract, t.n_oudlers, t.points, t.pab, (), announced, t.taker_all, t.defence_all)
    return t, st


DISCARD = ("2H", "3H", "4H", "5H", "6H", "7H")


def test_S15_announced_slam_with_excuse_lead():
    h = _slam_history({9: ("2S", "T1"), 18: ("EX",)}, [0] * 18, exclude=DISCARD)
    t, st = _score(h, 0, "garde", DISCARD, announced=True)
    assert (t.points, t.n_oudlers, t.pab) == (91, 3, None)
    assert 3 * st.d == 1680


def test_S16_defender_excuse_kept_by_defence():
    h = _slam_history({5: ("2S", "EX"), 9: ("3S", "T1")}, [0] * 18, leaders={n: 0 for n in range(1, 19)},
                      exclude=DISCARD)
    t, st = _score(h, 0, "garde", DISCARD, announced=True)
    assert (t.points, t.n_oudlers) == (87, 2) and 3 * st.d == 1626


def test_S17_garde_sans_slam_pab_on_trick_17():
    chien = ("2H", "3H", "4H", "5H", "6H", "7H")
    h = _slam_history({17: ("2S", "T1"), 18: ("EX",)}, [0] * 18, exclude=chien)
    t, st = _score(h, 0, "garde_sans", (), chien, announced=True)
    assert (t.points, t.n_oudlers, t.pab) == (91, 3, "taker")
    assert st.d == 760 and 3 * st.d == 2280


def test_S18_defenders_slam_at_garde_contre():
    chien = ("2H", "3H", "4H", "5H", "6H", "7H")
    h = _slam_history({3: ("2S", "EX"), 4: ("3S", "T1")}, [1] * 18, leaders={3: 1, 4: 1}, exclude=chien)
    t, st = _score(h, 0, "garde_contre", (), chien)
    assert (t.points, t.n_oudlers, t.pab) == (0, 0, None)
    assert st.d == -686 and 3 * st.d == -2058


def test_S19_unannounced_slam():
    h = _slam_history({5: ("2S", "EX")}, [0] * 18, leaders={n: 0 for n in range(1, 19)}, exclude=DISCARD)
    t, st = _score(h, 0, "prise", DISCARD)
    assert (t.points, t.n_oudlers) == (87, 2) and st.d == 271 and 3 * st.d == 813


# --- 15.9 invariants over random deals ---------------------------------------------------------
def test_I1_to_I4_invariants_over_random_deals():
    for seed in range(40):
        steps = playout(G, seed)
        for state, action in steps[:-1]:
            if state.phase == "play":
                lg = R.legal(state.hands[state.to_act], state.trick)
                assert lg and ("EX" not in state.hands[state.to_act] or "EX" in lg)
        final = steps[-1][0]
        res = G.result(final)
        taker = final.taker
        d = [res.payoffs[s] for s in range(4) if s != taker]
        assert len(set(d)) == 1 and res.payoffs[taker] + 3 * d[0] == 0
        t = count_deal(final.history, final.taker, final.contract, final.discard, final.chien)
        defence = [c for c in R.CARDS if c not in t.taker_pile]
        moved = t.points - card_points(t.taker_pile)
        assert t.points + card_points(defence) - moved == 91
        assert not (set(final.discard) & (R.KINGS | R.OUDLERS))


def test_seed_example_through_the_engine_items():
    st = settle_facts("garde", 2, 45)
    assert (st.made, st.diff, st.base, st.d) == (True, 4, 58, 58)
    keys = [i.key.split(".")[-1] for i in st.items]
    assert keys[:5] == ["card_points", "target", "oudlers", "multiplier", "base"]


def petit_kept_to_the_end() -> list:
    """A deal played at random (seat 1 takes a Prise) in which seat 0, holding the Petit among ten
    trumps, keeps it back while it has another legal card: the Petit falls in the last trick."""
    rand, state, steps = rng("petit", 0), fixture({0: [f"T{n}" for n in range(1, 11)]}), []
    while state.to_act is not None:
        legal = G.legal_actions(state)
        if state.phase == "bid":
            action = G.action("bid:prise" if state.to_act == 1 else "bid:pass")
        elif state.phase == "play":
            action = rand.choice([a for a in legal if a.id != "play:T1"] or list(legal))
        else:
            action = rand.choice(legal)
        steps.append((state, action))
        state = G.apply(state, action)
    return steps + [(state, None)]


def test_point_events_add_up_to_the_payoffs_over_random_deals():
    """Every scoring source reaches the log: per seat, the "points" events sum to the payoff."""
    game = get("french_tarot")
    sources = set()
    for steps in [playout(game, seed) for seed in range(60)] + [petit_kept_to_the_end()]:
        final = steps[-1][0]
        totals = [0.0] * 4
        state = steps[0][0]
        for _, action in steps[:-1]:
            state = game.apply(state, action)
            for event in state.events:
                if event.kind == "points":
                    totals[event.seat] += event.amount
                    sources.add(event.source)
        assert state == final
        assert totals == list(game.result(final).payoffs), steps[0][0].seed
    assert {"contract", "petit_au_bout"} <= sources


def test_an_explicit_deal_must_be_a_real_deal():
    """§4.1: new() takes the hands and the chien a fixture gives, and refuses anything but a real deal."""
    s = G.new(3)
    same = G.new(9, hands=s.hands, chien=s.chien, dealer=s.dealer, deal_no=2)
    assert (same.hands, same.chien, same.dealer, same.deal_no) == (s.hands, s.chien, s.dealer, 2)
    swapped = [s.hands[0][:17] + s.chien[:1]] + list(s.hands[1:])
    for bad, words in ((dict(hands=s.hands[:3], chien=s.chien), "four hands, not 3"),
                       (dict(hands=[s.hands[0][:17]] + list(s.hands[1:]), chien=s.chien), "seat 0's holds 17"),
                       (dict(hands=s.hands, chien=s.chien[:5]), "not 5"),
                       (dict(hands=swapped, chien=s.chien), f"{s.chien[0]} is dealt twice"),
                       (dict(hands=s.hands), "needs the chien"),
                       (dict(hands=s.hands, chien=s.chien, deal_no=-1), "0 or more")):
        with pytest.raises(ValueError, match=words):
            G.new(1, **bad)
