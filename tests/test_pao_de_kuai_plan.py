"""The Pao De Kuai planning playout policy: fewest plays, whole groups, control kept for the lead."""

from cardavia_nb.players.pao_de_kuai_plan import plan, plan_lead, plan_respond
from cardavia_nb.players.pao_de_kuai_sim import counts_of, rollout


def test_plan_splits_into_few_plays():
    assert sorted(plan(counts_of("3S 4H 5D 6C 7S 9S 9H".split()))) == [("pair", 2, 9), ("straight", 5, 7)]
    assert sorted(plan(counts_of("5S 5H 6S 6H 7S 7H KS".split()))) == [("pair_run", 6, 7), ("single", 1, 13)]
    assert ("bomb", 4, 8) in plan(counts_of("8S 8H 8D 8C 9S".split()))


def test_answer_leaves_the_fewest_plays_and_saves_the_two():
    counts = [counts_of("6S 6H 9D".split()), counts_of("3C 4C".split()), counts_of("5C 5D".split())]
    assert plan_respond(counts, 0, ("single", 1, 4), False) == ("single", 1, 9)
    assert plan_respond(counts, 0, ("single", 1, 4), True) == ("single", 1, 9)
    counts[0] = counts_of("6S 6H 9D 2S".split())
    assert plan_respond(counts, 0, ("single", 1, 4), False) == ("single", 1, 9)
    counts[0] = counts_of("6S 6H 7D 7C 8S 9D".split())
    assert plan_respond(counts, 0, ("single", 1, 4), False) == ("single", 1, 8)


def test_lead_cashes_control_when_one_loose_play_is_left():
    counts = [counts_of("2S 4S 4H".split()), counts_of("5C 5D 7D".split()), counts_of("8C 9C 10D".split())]
    assert plan_lead(counts, 0, False) == ("single", 1, 15)
    counts[0] = counts_of("3S 4S 4H 9D".split())
    assert plan_lead(counts, 0, False) == ("single", 1, 3)


def test_planning_rollouts_finish_and_are_zero_sum():
    from cardavia_nb.players.pao_de_kuai_plan import PlanPolicy
    hands = ["3H 4S 5D 6C 7S 8S 8H 9D 10C JS QS QH KD AS 2S 3D",
             "3S 4H 5C 6D 7H 8D 9S 9H 10D JH QC KS KH AD 4D 5S",
             "3C 4C 5H 6S 7D 7C 8C 9C 10S 10H JD JC QD KC AC 6H"]
    scores = rollout([counts_of(h.split()) for h in hands], [False] * 3, None, 0, False, 0, 0, PlanPolicy())
    assert sum(scores) == 0 and max(scores) > 0
