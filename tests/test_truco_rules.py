"""Every worked example of the Truco spec §14 (truco.md) as a test, named after its id."""

import pytest

from cardavia_nb.core import testing
from cardavia_nb.core.game import IllegalAction
from cardavia_nb.games.truco import PARDA, POWER, Truco, envido_value, malas_buenas, trick_winner

G = Truco()
MANO, PIE = 0, 1  # fixtures use dealer=1, so seat 0 is mano (seat A of the spec) and seat 1 pie (B)


def start(mano_hand, pie_hand, scores=(0, 0)):
    """A fixture deal: seat 0 is mano with ``mano_hand``, seat 1 deals and holds ``pie_hand``."""
    return G.new(0, hands=[mano_hand.split(), pie_hand.split()], dealer=1, scores=list(scores))


def run(state, *ids):
    """Apply action ids one after another."""
    for action_id in ids:
        state = G.apply(state, action_id)
    return state


def ids(state):
    """The legal action ids of a state, in order."""
    return [a.id for a in G.legal_actions(state)]


def points(state):
    """The point events of the last transition as (seat, amount, source)."""
    return [(e.seat, e.amount, e.source) for e in state.events if e.kind == "points"]


# --- 14.1 envido values ----------------------------------------------------------------------
@pytest.mark.parametrize("vid, hand, value", [
    ("V1", "7E 6E 1B", 33), ("V2", "12O 11O 5C", 20), ("V3", "4C 5B 6O", 6),
    ("V4", "12E 11B 10O", 0), ("V5", "7C 5C 3C", 32), ("V6", "1E 12E 11E", 21),
    ("V7", "7B 1B 12O", 28), ("V8", "3O 2O 7E", 25), ("V9", "10C 11C 7O", 20),
    ("V10", "7E 7O 7B", 7), ("V11", "1E 5C 3O", 5),
])
def test_V1_to_V11_envido_values(vid, hand, value):
    assert envido_value(tuple(hand.split())) == value, vid


def test_envido_tie_goes_to_mano_27_27():
    state = run(start("7E 10E 4B", "7O 11O 4C"), "call:envido", "answer:quiero")
    values = [e for e in state.events if e.kind == "envido_values"][0]
    assert values.get("values") == (27, 27)
    assert points(state) == [(MANO, 2, "envido")]


def test_envido_pie_21_beats_mano_20():
    state = run(start("12E 11E 4B", "1O 11O 4C"), "call:envido", "answer:quiero")
    assert state.envido_values == (20, 21)
    assert points(state) == [(PIE, 2, "envido")]


# --- 14.2 trick comparisons ------------------------------------------------------------------
@pytest.mark.parametrize("kid, a, b, winner", [
    ("K1", "1E", "1B", "a"), ("K2", "7E", "7O", "a"), ("K3", "7O", "3C", "a"),
    ("K4", "3B", "3O", "parda"), ("K5", "1C", "1O", "parda"), ("K6", "7C", "7B", "parda"),
    ("K7", "12E", "12B", "parda"), ("K8", "7B", "6E", "a"), ("K9", "1O", "12E", "a"),
    ("K10", "2C", "1O", "a"), ("K11", "4E", "4B", "parda"),
])
def test_K1_to_K11_trick_comparisons(kid, a, b, winner):
    expected = {"a": 0, "parda": PARDA}[winner]
    assert trick_winner((0, a), (1, b)) == expected, kid
    swapped = {"a": 0, "parda": PARDA}[winner]
    assert trick_winner((1, b), (0, a)) == swapped, kid
    assert (POWER[a] > POWER[b]) if winner == "a" else POWER[a] == POWER[b]


# --- 14.3 deal resolution with pardas ----------------------------------------------------------
def _deal_result(state):
    """(winner, amount) of the deal that just ended."""
    (seat, amount, source), = points(state)
    assert source == "truco"
    return seat, amount


def test_R1_two_tricks_to_mano():
    state = run(start("1E 3C 4O", "2O 12B 4B"), "play:1E", "play:2O")
    assert state.trick_leader == MANO and state.to_act == MANO
    state = run(state, "play:3C", "play:12B")
    assert state.phase == "DEAL_OVER" and _deal_result(state) == (MANO, 1)


def test_R2_parda_then_decisive_ends_at_once_and_mano_leads_again():
    state = run(start("3O 7E 4O", "3C 1B 4B"), "play:3O", "play:3C")
    assert state.results == (PARDA,) and state.to_act == MANO and state.trick_leader == MANO
    state = run(state, "play:7E", "play:1B")
    assert state.phase == "DEAL_OVER" and _deal_result(state) == (PIE, 1)


def test_R3_decisive_then_parda():
    state = run(start("1E 12B 4O", "2O 12E 4B"), "play:1E", "play:2O", "play:12B", "play:12E")
    assert state.results == (MANO, PARDA) and _deal_result(state) == (MANO, 1)


def test_R4_first_decisive_trick_wins_after_x_y_parda():
    state = run(start("4O 7B 2C", "5C 6E 2E"), "play:4O", "play:5C")
    assert state.to_act == PIE and state.trick_leader == PIE
    state = run(state, "play:6E", "play:7B")
    assert state.to_act == MANO and state.trick_leader == MANO
    state = run(state, "play:2C", "play:2E")
    assert state.results == (PIE, MANO, PARDA) and _deal_result(state) == (PIE, 1)


def test_R5_parda_parda_then_mano_wins():
    state = run(start("1C 10E 7O", "1O 10B 3B"), "play:1C", "play:1O")
    assert state.to_act == MANO
    state = run(state, "play:10E", "play:10B")
    assert state.to_act == MANO and state.results == (PARDA, PARDA)
    state = run(state, "play:7O", "play:3B")
    assert _deal_result(state) == (MANO, 1)


def test_R6_three_pardas_go_to_mano():
    state = run(start("4E 5O 6E", "4B 5C 6C"), "play:4E", "play:4B", "play:5O", "play:5C",
                "play:6E", "play:6C")
    assert state.results == (PARDA, PARDA, PARDA) and _deal_result(state) == (MANO, 1)


def test_R7_x_y_y():
    state = run(start("6O 4C 12O", "5O 3E 1B"), "play:6O", "play:5O", "play:4C", "play:3E")
    assert state.to_act == PIE
    state = run(state, "play:1B", "play:12O")
    assert state.results == (MANO, PIE, PIE) and _deal_result(state) == (PIE, 1)


def test_R8_x_y_x():
    state = run(start("5O 3E 12O", "6O 4C 1B"), "play:5O", "play:6O")
    assert state.to_act == PIE
    state = run(state, "play:4C", "play:3E")
    assert state.to_act == MANO
    state = run(state, "play:12O", "play:1B")
    assert state.results == (PIE, MANO, PIE) and _deal_result(state) == (PIE, 1)


# --- 14.4 envido chains at scores 10 (A, mano) - 18 (B) ------------------------------------------
A_HAND, B_HAND = "7E 6E 1B", "4C 5B 6O"  # A's 33 beats B's 6
CHAINS = [  # id, chain (A opens, calls alternate), accepted points, refused points, refused to
    ("C1", ["envido"], 2, 1, MANO),
    ("C2", ["envido", "envido"], 4, 2, PIE),
    ("C3", ["envido", "real_envido"], 5, 2, PIE),
    ("C4", ["envido", "envido", "real_envido"], 7, 4, MANO),
    ("C5", ["real_envido"], 3, 1, MANO),
    ("C6", ["falta_envido"], 12, 1, MANO),
    ("C7", ["envido", "falta_envido"], 12, 2, PIE),
    ("C8", ["real_envido", "falta_envido"], 12, 3, PIE),
    ("C9", ["envido", "real_envido", "falta_envido"], 12, 5, MANO),
    ("C10", ["envido", "envido", "real_envido", "falta_envido"], 12, 7, PIE),
    ("C11", ["envido", "envido", "falta_envido"], 12, 4, MANO),
]


@pytest.mark.parametrize("cid, chain, accepted, refused, last", CHAINS)
def test_C1_to_C11_envido_chains(cid, chain, accepted, refused, last):
    base = run(start(A_HAND, B_HAND, (10, 18)), *[f"call:{c}" for c in chain])
    assert base.phase == "AWAIT_ENVIDO_RESPONSE" and base.to_act == 1 - last
    yes = run(base, "answer:quiero")
    assert points(yes) == [(MANO, accepted, "envido")], cid
    no = run(base, "answer:no_quiero")
    assert points(no) == [(last, refused, "envido")], cid
    assert no.envido_values is None and yes.envido_values == (33, 6)
    for after in (yes, no):
        assert after.phase == "AWAIT_PLAY" and after.to_act == MANO and after.envido_state == 2


def test_C12_illegal_chains_are_rejected():
    after_r = run(start(A_HAND, B_HAND, (10, 18)), "call:real_envido")
    for bad in ("call:envido", "call:real_envido"):
        with pytest.raises(IllegalAction):
            G.apply(after_r, bad)
        assert "nvido" in G.why_illegal(after_r, bad)
    for chain in (["falta_envido"], ["envido", "falta_envido"], ["real_envido", "falta_envido"]):
        state = run(start(A_HAND, B_HAND, (10, 18)), *[f"call:{c}" for c in chain])
        assert ids(state) == ["answer:quiero", "answer:no_quiero"]
        assert "Falta" in G.why_illegal(state, "call:envido")
    after_ee = run(start(A_HAND, B_HAND, (10, 18)), "call:envido", "call:envido")
    with pytest.raises(IllegalAction):
        G.apply(after_ee, "call:envido")


def test_C13_falta_at_zero_decides_the_match():
    state = run(start("7C 3C 12O", "7O 4O 11E"), "play:12O", "call:falta_envido", "answer:quiero")
    assert state.envido_values == (30, 31)
    assert state.scores == (0, 30) and state.phase == "MATCH_OVER" and state.to_act is None
    result = G.result(state)
    assert result.payoffs == (-1.0, 1.0) and result.winners == (1,) and result.scores == (0.0, 30.0)


def test_C14_falta_is_thirty_minus_the_leader():
    state = run(start("7C 10C 1E", "7O 3O 12B", (25, 20)), "play:1E", "call:falta_envido",
                "answer:quiero")
    assert points(state) == [(PIE, 5, "envido")]
    assert state.scores == (25, 25) and state.phase == "AWAIT_PLAY" and state.to_act == PIE


# --- 14.5 reaching 30 through envido ----------------------------------------------------------
def test_M1_envido_before_truco_ends_the_match():
    state = run(start("7O 6O 1E", "5B 4B 3C", (26, 20)), "call:truco", "call:falta_envido",
                "answer:quiero")
    assert state.envido_values == (33, 29)
    assert state.scores == (30, 20) and state.phase == "MATCH_OVER"
    assert [e.source for e in state.events if e.kind == "points"] == ["envido"]


def test_M2_truco_resumes_after_the_envido():
    state = run(start("7O 5O 1E", "7B 6B 2C", (26, 20)), "call:truco", "call:falta_envido",
                "answer:quiero")
    assert state.scores == (26, 24)
    assert state.phase == "AWAIT_TRUCO_RESPONSE" and state.to_act == PIE
    assert ids(state) == ["answer:quiero", "answer:no_quiero"]


def test_M3_refused_envido_reaches_thirty():
    state = run(start(A_HAND, B_HAND, (29, 12)), "call:envido", "answer:no_quiero")
    assert state.scores == (30, 12) and state.phase == "MATCH_OVER" and not state.played


def test_M4_accepted_envido_reaches_exactly_thirty():
    state = run(start(A_HAND, B_HAND, (28, 5)), "call:envido", "answer:quiero")
    assert state.scores == (30, 5) and state.phase == "MATCH_OVER"


def test_M5_scores_are_capped_at_thirty():
    state = run(start(A_HAND, B_HAND, (29, 5)), "call:envido", "answer:quiero")
    assert state.scores == (30, 5) and state.phase == "MATCH_OVER"
    assert G.result(state).scores == (30.0, 5.0)


# --- 14.6 truco stakes --------------------------------------------------------------------------
S_MANO, S_PIE = "1E 1B 7E", "4C 5B 6O"  # mano wins every trick


def test_S1_no_calls_mano_wins_one():
    state = run(start(S_MANO, S_PIE), "play:1E", "play:4C", "play:1B", "play:5B")
    assert points(state) == [(MANO, 1, "truco")]


def test_S2_refused_truco():
    state = run(start(S_MANO, S_PIE), "call:truco", "answer:no_quiero")
    assert points(state) == [(MANO, 1, "refusal")] and state.phase == "DEAL_OVER"


def _to_retruco():
    """A truco, B quiero, A plays, B calls retruco on its turn."""
    return run(start(S_MANO, S_PIE), "call:truco", "answer:quiero", "play:1E", "call:retruco")


def test_S3_refused_retruco():
    assert points(run(_to_retruco(), "answer:no_quiero")) == [(PIE, 2, "refusal")]


def test_S4_refused_vale_cuatro():
    state = run(_to_retruco(), "answer:quiero", "play:4C", "call:vale_cuatro", "answer:no_quiero")
    assert points(state) == [(MANO, 3, "refusal")]


def test_S5_accepted_vale_cuatro_won_on_tricks():
    state = start("4C 5B 6O", "1E 1B 7E")
    state = run(state, "call:truco", "answer:quiero", "play:4C", "call:retruco", "answer:quiero",
                "play:1E", "play:1B", "call:vale_cuatro", "answer:quiero")
    assert state.truco_level == 4
    state = run(state, "play:5B")
    assert points(state) == [(PIE, 4, "truco")]


def test_S6_caller_cannot_raise_its_own_accepted_call():
    state = run(start(S_MANO, S_PIE), "call:truco", "answer:quiero")
    assert state.raise_holder == PIE
    with pytest.raises(IllegalAction):
        G.apply(state, "call:retruco")
    assert "accepted" in G.why_illegal(state, "call:retruco")


def test_S7_no_direct_counter_raise():
    state = run(start(S_MANO, S_PIE), "call:truco")
    with pytest.raises(IllegalAction):
        G.apply(state, "call:retruco")


def test_S8_fold_without_calls():
    assert points(run(start(S_MANO, S_PIE), "fold")) == [(PIE, 1, "fold")]


def test_S9_fold_at_level_three_in_trick_two():
    state = run(start(S_MANO, S_PIE), "call:truco", "answer:quiero", "play:1E", "call:retruco",
                "answer:quiero", "play:4C")
    assert state.trick_no == 2 and state.truco_level == 3 and state.to_act == MANO
    assert points(run(state, "fold")) == [(PIE, 3, "fold")]


def test_S10_nothing_after_vale_cuatro():
    state = run(start("1E 5B 6O", "4C 1B 7E"), "call:truco", "answer:quiero", "play:1E",
                "call:retruco", "answer:quiero", "play:4C", "call:vale_cuatro", "answer:quiero")
    assert state.truco_level == 4 and state.raise_holder == PIE
    for seat_state in (state, run(state, "play:5B")):
        assert ids(seat_state)[-1] == "fold"
        assert not [i for i in ids(seat_state) if i.startswith("call:")]
    assert "highest" in G.why_illegal(run(state, "play:5B"), "call:vale_cuatro")


def test_S11_no_fold_while_a_call_waits():
    state = run(start(S_MANO, S_PIE), "call:truco")
    with pytest.raises(IllegalAction):
        G.apply(state, "fold")
    assert "No quiero" in G.why_illegal(state, "fold")


# --- 14.7 legal action sets ---------------------------------------------------------------------
ENVIDOS = ["call:envido", "call:real_envido", "call:falta_envido"]


def test_L1_mano_first():
    assert ids(start(S_MANO, S_PIE)) == ["play:1E", "play:1B", "play:7E", *ENVIDOS, "call:truco", "fold"]


def test_L2_pie_after_mano_played():
    state = run(start(S_MANO, S_PIE), "play:1E")
    assert ids(state) == ["play:4C", "play:5B", "play:6O", *ENVIDOS, "call:truco", "fold"]


def test_L3_pie_facing_truco():
    assert ids(run(start(S_MANO, S_PIE), "call:truco")) == ["answer:quiero", "answer:no_quiero", *ENVIDOS]


def test_L4_mano_played_facing_truco():
    state = run(start(S_MANO, S_PIE), "play:1E", "call:truco")
    assert ids(state) == ["answer:quiero", "answer:no_quiero"]


def test_L5_to_L8_envido_answers():
    base = start(S_MANO, S_PIE)
    answers = ["answer:quiero", "answer:no_quiero"]
    assert ids(run(base, "call:envido")) == answers + ENVIDOS
    assert ids(run(base, "call:envido", "call:envido")) == answers + ENVIDOS[1:]
    assert ids(run(base, "call:real_envido")) == answers + ["call:falta_envido"]
    assert ids(run(base, "call:envido", "call:real_envido")) == answers + ["call:falta_envido"]
    assert ids(run(base, "call:envido", "call:envido", "call:falta_envido")) == answers


def test_L9_caller_after_accepted_truco():
    state = run(start(S_MANO, S_PIE), "call:truco", "answer:quiero")
    assert state.to_act == MANO and ids(state) == ["play:1E", "play:1B", "play:7E", "fold"]


def test_L10_acceptor_may_raise():
    state = run(start(S_MANO, S_PIE), "call:truco", "answer:quiero", "play:1E")
    assert ids(state) == ["play:4C", "play:5B", "play:6O", "call:retruco", "fold"]


def test_L11_trick_two_without_calls():
    state = run(start(S_MANO, S_PIE), "play:1E", "play:4C")
    assert state.trick_no == 2 and ids(state) == ["play:1B", "play:7E", "call:truco", "fold"]
    assert "first trick" in G.why_illegal(state, "call:envido")


# --- 14.8 a complete deal -----------------------------------------------------------------------
def _complete_deal_until_vale_cuatro():
    """§14.8 steps 1-5 up to M's Vale cuatro, checking every intermediate fact."""
    state = start("1E 7C 5C", "3O 3B 12C", (12, 9))
    assert envido_value(state.original[0]) == 32 and envido_value(state.original[1]) == 3
    state = run(state, "call:envido", "answer:quiero")
    assert state.scores == (14, 9) and state.envido_values == (32, 3) and state.to_act == MANO
    state = run(state, "call:truco", "answer:quiero")
    assert state.truco_level == 2 and state.raise_holder == PIE
    state = run(state, "play:5C", "call:retruco", "answer:quiero")
    assert state.truco_level == 3 and state.raise_holder == MANO and state.to_act == PIE
    state = run(state, "play:3O")
    assert state.results == (PIE,) and state.to_act == PIE
    state = run(state, "play:3B", "play:1E")
    assert state.results == (PIE, MANO) and state.to_act == MANO
    return run(state, "call:vale_cuatro")


def test_complete_deal_14_8():
    state = run(_complete_deal_until_vale_cuatro(), "answer:no_quiero")
    assert points(state) == [(MANO, 3, "refusal")] and state.scores == (17, 9)
    assert state.phase == "DEAL_OVER" and state.to_act == state.dealer == PIE
    nxt = run(state, "next_deal")
    assert nxt.dealer == MANO and nxt.mano == PIE and nxt.to_act == PIE and nxt.scores == (17, 9)
    assert nxt.deal_no == 2 and all(len(h) == 3 for h in nxt.hands)


def test_complete_deal_14_8_had_pie_accepted():
    state = run(_complete_deal_until_vale_cuatro(), "answer:quiero", "play:7C", "play:12C")
    assert points(state) == [(PIE, 4, "truco")] and state.scores == (14, 13)


# --- display helper, dealer alternation, setup checks ---------------------------------------------
def test_malas_buenas():
    assert malas_buenas(12) == "12 malas" and malas_buenas(15) == "15 malas"
    assert malas_buenas(18) == "3 buenas" and malas_buenas(30) == "15 buenas"


def test_dealer_alternates_and_first_dealer_comes_from_the_seed():
    dealers = {G.new(seed).dealer for seed in range(20)}
    assert dealers == {0, 1}
    state = G.new(3)
    first = state.dealer
    for expected in (1 - first, first, 1 - first):
        state = run(state, "fold", "next_deal")
        assert state.dealer == expected and state.to_act == 1 - expected


def test_bad_setup_is_refused_in_words():
    for bad in ({"hands": [["1E", "1E", "2E"], ["3E", "4E", "5E"]]}, {"dealer": 2},
                {"scores": [30, 0]}, {"hands": [["1E", "2E"], ["3E", "4E", "5E"]]},
                {"hands": [["1E", "2E", "3E"], ["4E", "5E", "ZZ"]]}, {"hands": [["1E", "2E", "3E"]]},
                {"hands": [["1E", "2E", "3E"], ["4E", "5E", "6E"], ["7E", "1B", "2B"]]},
                {"deal_no": 0}, {"deal_no": "2"}, {"deal_no": True}):
        with pytest.raises(ValueError) as err:
            G.new(0, **bad)
        assert str(err.value).endswith(".") and " " in str(err.value)


def test_a_deal_is_set_up_by_its_number_scores_dealer_and_hands():
    """What a sampled world needs: the deal, its number and the scores it starts from; the deals
    after it are shuffled from the seed as usual."""
    state = G.new(5, hands=[["1E", "2E", "3E"], ["4E", "5E", "6E"]], dealer=0, scores=[7, 12], deal_no=4)
    assert (state.deal_no, state.dealer, state.scores, state.start_scores) == (4, 0, (7, 12), (7, 12))
    assert state.hands == state.original == (("1E", "2E", "3E"), ("4E", "5E", "6E")) and state.to_act == 1
    later = run(state, "fold", "next_deal")
    assert later.deal_no == 5 and later.hands == run(G.new(5, dealer=0, deal_no=4), "fold", "next_deal").hands
    assert later.hands != run(G.new(5, dealer=0), "fold", "next_deal").hands


def test_the_view_holds_the_deal_moves_in_order_and_its_starting_scores():
    state = start("7E 6E 1B", "4C 5B 6O", scores=(3, 4))
    state = run(state, "play:1B", "call:envido", "answer:quiero", "play:4C", "call:truco")
    for seat in (0, 1):
        view = G.observe(state, seat)
        assert view.moves == ("play:1B", "call:envido", "answer:quiero", "play:4C", "call:truco")
        assert view.start_scores == (3, 4) and view.scores == (5, 4)
    state = run(state, "answer:no_quiero", "next_deal")
    assert G.observe(state, 0).moves == () and G.observe(state, 1).start_scores == state.scores == (6, 4)


def test_legality_is_one_rule_legal_iff_no_reason():
    """Over many random states, every action of the game is legal exactly when the rule gives no reason."""
    import random

    from cardavia_nb.games.truco.rules import ACTIONS, illegal_reason

    game, rand = Truco(), random.Random(12)
    checked = 0
    for seed in range(60):
        state = game.new(seed)
        while state.to_act is not None:
            legal = set(game.legal_actions(state))
            for action in ACTIONS.values():
                reason = illegal_reason(state, action)
                assert (action in legal) == (reason is None), (action.id, state.phase, reason)
                assert game.explain_illegal(state, action) == reason
                checked += 1
            state = game.apply(state, rand.choice(sorted(legal, key=str)))
        assert not game.legal_actions(state)
        assert all(illegal_reason(state, a) is not None for a in ACTIONS.values())
    assert checked > 10_000


def test_a_reason_carries_the_call_as_a_message_not_as_english_words():
    """The call a player may make now is data in the reason (the reader's language names it)."""
    from cardavia_nb.core.text import Msg
    from cardavia_nb.games.truco import illegal_reason

    state = start("4C 5B 6O", "1E 3O 6C")
    reason = illegal_reason(state, G.action("call:retruco"))
    assert reason.key == "truco.illegal.wrong_call"
    assert dict(reason.params)["call"] == Msg.of("truco.label.truco")


def test_the_package_offers_the_shared_names_and_they_agree_with_the_engine():
    import cardavia_nb.games.truco as truco

    for name in ("Truco", "TrucoState", "TrucoView", "observe", "illegal_reason", "legal_actions",
                 "settle", "label", "describe", "PHASES", "DEAL_DOMAIN"):
        assert name in truco.__all__ and hasattr(truco, name), name
    assert truco.DEAL_DOMAIN == "truco-deal"
    seen, final = set(), None
    for seed in range(6):
        for state, action in testing.playout(G, seed):
            seen.add(state.phase)
            assert truco.legal_actions(state) == G.legal_actions(state)
            assert truco.observe(state, 0) == G.observe(state, 0)
            assert truco.observe(state, 1).counts == (len(state.hands[0]), len(state.hands[1]))
            if action is not None:
                assert truco.label(action) == G.label(action)
            final = state
        scores, items = truco.settle(final)
        assert scores == final.scores == tuple(int(x) for x in G.result(final).scores)
        assert [sum(i.amount for i in items if i.seat == seat) for seat in (0, 1)] == list(scores)
    assert seen == set(truco.PHASES)
