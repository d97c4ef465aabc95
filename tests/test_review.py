"""The review: each decision judged from the player's own view, planted mistakes found, hidden cards unread."""

from __future__ import annotations

import random

import pytest

from cardavia_nb.core.record import Record, SeatPlayer
from cardavia_nb.games import get
from cardavia_nb.players import seats
from cardavia_nb.review import review
from cardavia_nb.review.judge import paired_values
from tests.support import quick_tarot_high_here  # noqa: F401 (an autouse fixture: the adviser on a small budget)

LOW_SEED = 40


def deal_record(name: str, setup: dict, plant, seed: int = 1) -> Record:
    """A deal with seat 0 a person who plays ``plant(game, state, legal)`` where it returns a move id and
    Low's move elsewhere, the other seats Low players; stops at the end of the deal."""
    game = get(name)
    others = [None] + [seats.computer(name, "low", LOW_SEED + s) for s in range(1, game.num_players)]
    person = seats.computer(name, "low", 7)
    state, moves = game.new(seed, **setup), []
    while not game.deal_over(state):
        legal = game.legal_actions(state)
        seat = state.to_act
        view = game.observe(state, seat)
        if seat == 0:
            action = plant(game, state, legal) or person.choose(game, view, legal).id
        else:
            action = others[seat].choose(game, view, legal).id
        moves.append(action)
        state = game.apply(state, action)
    players = (SeatPlayer("human"),) + tuple(seats.seat_of(name, p) for p in others[1:])
    return Record(name, seed, tuple(moves), dict(game.options), setup, players)


def _first(prefix: str):
    """A plant that plays the first legal move starting with ``prefix`` whenever there is one."""
    def plant(game, state, legal):
        return next((a.id for a in legal if a.id.startswith(prefix)), None)
    return plant


def test_truco_refusing_an_envido_that_cannot_lose_is_the_top_mistake():
    # Seat 0 is mano with 33 of envido (7 and 6 of swords), the most there is: it wins any envido.
    setup = {"hands": [["7E", "6E", "3O"], ["5C", "4C", "12O"]], "dealer": 1}
    done = []

    def plant(game, state, legal):
        """Lead the 3 of coins, then refuse the first envido the opponent calls."""
        ids = [a.id for a in legal]
        move = "play:3O" if not done else "answer:no_quiero" if len(done) == 1 and "answer:no_quiero" in ids else None
        if move:
            done.append(move)
        return move

    record = deal_record("truco", setup, plant)
    step = record.actions.index("answer:no_quiero")
    found = review(record, worlds=16)
    assert found.mistakes and found.mistakes[0].step == step, found.mistakes
    top = found.mistakes[0]
    assert top.best.startswith("answer:quiero") or top.best.startswith("call:"), top
    assert top.loss > found.threshold and top.reason is not None
    assert all(d.step != step or d.played == "answer:no_quiero" for d in found.decisions)


def test_every_judged_decision_is_a_real_choice_of_the_reviewed_seat():
    record = deal_record("truco", {"dealer": 0}, lambda g, s, legal: None, seed=3)
    found = review(record, worlds=8)
    game, state = get("truco"), None
    choices = []
    state = game.new(record.seed, **record.setup)
    for step, move in enumerate(record.actions):
        if state.to_act == 0 and len(game.legal_actions(state)) > 1:
            choices.append(step)
        state = game.apply(state, move)
    assert [d.step for d in found.decisions] == choices
    assert all(d.loss == 0 for d in found.decisions if d.played == d.best)
    assert all(d.loss == 0 and d.played_value is None for d in found.decisions if d.worlds == 0)


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_a_judgement_reads_only_the_view(name):
    game = get(name)
    state = game.new(5)
    for _ in range(6):  # a few moves in, so there is something public
        state = game.apply(state, game.legal_actions(state)[0])
    seat = state.to_act
    other = game.shuffle_hidden(state, seat, random.Random(1))
    assert other != state or name == "truco"
    legal = game.legal_actions(state)
    moves = list(legal[:2])
    first = paired_values(game, game.observe(state, seat), moves, 6, seed=3)
    second = paired_values(game, game.observe(other, seat), moves, 6, seed=3)
    assert first == second


def jacks_not_played_out() -> Record:
    """Pao De Kuai seed 16: the first time seat 0 could play out its last three cards (three jacks) at once, it
    leads one jack instead."""
    planted = []

    def plant(game, state, legal):
        hand = state.hands[0]
        if not planted and len(hand) >= 3 and any(len(a.cards) == len(hand) for a in legal):
            planted.append(legal[0].id)
            return legal[0].id
        return None

    record = deal_record("pao_de_kuai", {}, plant, seed=16)
    assert planted == ["play:JC"], planted
    return record


def test_pao_de_kuai_not_going_out_with_the_whole_hand_is_the_top_mistake():
    record = jacks_not_played_out()
    step = record.actions.index("play:JC")
    found = review(record, worlds=24)
    assert found.mistakes and found.mistakes[0].step == step, found.mistakes
    assert found.mistakes[0].best == "play:JC+JD+JS" and found.mistakes[0].loss > found.threshold


def test_french_tarot_passing_with_a_monster_hand_is_the_top_mistake():
    from cardavia_nb.games.french_tarot.engine import fill_deal

    monster = ["T1"] + [f"T{n}" for n in range(9, 22)] + ["EX", "KS", "KH", "KD"]  # no petit sec elsewhere
    hands, chien = fill_deal({0: monster})
    game = get("french_tarot")
    dealer = next(d for d in range(4) if game.new(1, hands=hands, chien=chien, dealer=d).to_act == 0)
    record = deal_record("french_tarot", {"hands": hands, "chien": chien, "dealer": dealer},
                         lambda game, state, legal: "bid:pass" if not state.bids else None)
    assert record.actions[0] == "bid:pass" and sorted(game.new(1, **record.setup).hands[0]) == sorted(monster)
    found = review(record, worlds=12, hindsight=1, duplicate=False)  # High on these cards: test_review_same_cards
    top = found.mistakes[0]
    assert top.step == 0 and top.best.startswith("bid:garde") and top.loss > 10 * found.threshold, top
    assert found.hindsight[0].step == 0


def test_judgements_are_heard_one_by_one_as_they_are_made():
    record = deal_record("truco", {"dealer": 0}, lambda g, s, legal: None, seed=3)
    heard = []
    found = review(record, worlds=4, on_judged=heard.append)
    assert heard == list(found.decisions) and heard


def test_a_review_says_its_mistakes_in_every_language_with_hindsight_apart():
    from cardavia_nb import i18n
    from cardavia_nb.review.deals import played_deal

    record = played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100)
    found = review(record, seat=0, worlds=16, hindsight=1)
    assert found.mistakes and found.hindsight and found.high_score is not None
    game, top = get("pao_de_kuai"), found.mistakes[0]
    for lang in i18n.LANGS:
        words = found.text(lang)
        assert game.label(top.best, lang) in words and top.reason.text(lang) in words, lang
        apart = words.index(i18n.translate("review.hindsight.title", lang))
        assert apart > words.index(game.label(top.best, lang)), lang  # hindsight after the judged mistakes
    assert found._repr_markdown_() == found.text("en")


def test_a_review_without_computer_opponents_leaves_out_what_needs_them():
    from cardavia_nb.ui.lessons import truco as lesson

    example = lesson.worked_example("deal")
    assert example.players == (SeatPlayer("human"),) * 2 and Record.from_json(example.to_json()) == example
    found = review(example, seat=0, worlds=4)
    assert found.high_score is None and found.hindsight == () and found.decisions
    assert "High's result on the same cards needs computer players" in found.text("en")


def test_a_played_deal_is_a_v2_record_that_replays_to_its_result():
    from cardavia_nb.core.record import Record, replay
    from cardavia_nb.review.deals import played_deal

    record = played_deal("french_tarot", 3, ["high", "low", "random", "low"], seats_seed=10)
    again = Record.from_json(record.to_json())
    assert again == record and [p.kind for p in again.players] == ["high", "low", "random", "low"]
    assert get("french_tarot").deal_over(replay(get("french_tarot"), again)) and record.result is not None


def test_french_tarot_letting_the_petit_be_caught_at_the_last_trick_is_the_top_mistake():
    from cardavia_nb.games.french_tarot.engine import fill_deal

    # Seat 0 takes a garde sans with the 21, the Excuse, two more trumps and the Petit, then keeps the
    # Petit to the last trick, where a defender's higher trump takes it.
    hand = ["T1", "T21", "EX", "T18", "T16", "KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC", "JS", "JH", "10S",
            "10H", "9S"]
    hands, chien = fill_deal({0: hand})
    peek = seats.computer("french_tarot", "low", 7)

    def keep_petit(game, state, legal):
        """Low's card, but never the Petit while another card may be played."""
        if len(legal) < 2 or "play:T1" not in [a.id for a in legal]:
            return None
        chosen = peek.choose(game, game.observe(state, 0), legal).id
        return chosen if chosen != "play:T1" else next(a.id for a in legal if a.id != "play:T1")

    setup = {"hands": [list(h) for h in hands], "chien": list(chien), "dealer": 2}
    record = deal_record("french_tarot", setup, keep_petit)
    game = get("french_tarot")
    final = game.new(record.seed, **setup)
    for move in record.actions:
        final = game.apply(final, move)
    leader, cards, winner = final.history[-1]
    assert final.taker == 0 and "T1" in cards and winner != 0 and cards.index("T1") == (0 - leader) % 4
    found = review(record, worlds=16, hindsight=0, duplicate=False)
    top = found.mistakes[0]
    assert top.best == "play:T1" and top.played != "play:T1" and top.loss > 10 * found.threshold, top


def test_judging_stops_early_once_the_verdict_is_clear_but_never_before_the_floor():
    from cardavia_nb.review.deals import played_deal
    from cardavia_nb.review.judge import BATCH, FLOOR

    record = played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100)
    found = review(record, seat=0, worlds=FLOOR + 3 * BATCH, hindsight=0, duplicate=False)
    drawn = [d.worlds for d in found.decisions if d.worlds]
    assert drawn and all(n % BATCH == 0 and FLOOR <= n <= FLOOR + 3 * BATCH for n in drawn)
    assert min(drawn) == FLOOR < max(drawn)  # a clear verdict needs only the floor's worlds, a close one more


def test_a_verdict_is_a_mistake_only_when_its_whole_interval_clears_the_threshold():
    from cardavia_nb.review.judge import Judgement, t95

    def judged(loss, error, worlds=48):
        return Judgement(0, "a", "b", 0.0, loss, loss, error, worlds, None, 1.0)

    assert [round(t95(df), 3) for df in (10, 30, 47, 95)] == [2.228, 2.042, 2.012, 1.985]  # Student's t tables
    assert judged(1.5, 0.2).verdict == "mistake"  # 1.5 - 2.012 * 0.2 > 1
    assert judged(1.5, 0.3).verdict == "look"  # above the threshold, but its interval reaches below
    assert judged(1.5, 0.0).verdict == "mistake" and judged(0.9, 0.0).verdict == ""
    assert judged(1.5, 0.2, worlds=4).verdict == "look"  # four worlds: t is 3.18, the interval wider
    assert judged(0.8, 0.1).verdict == ""


def test_a_move_as_poor_as_highs_pick_is_judged_against_the_best_of_the_short_list():
    """The loss is measured against the best move weighed, not one High pick: with a pick as poor as the move
    played (another single jack), leading one jack of three is still the mistake it is (the pair or the three
    jacks lead on to going out)."""
    from cardavia_nb.core.record import replay
    from cardavia_nb.core.steps import drained
    from cardavia_nb.review.judge import judging

    record = jacks_not_played_out()
    game = get("pao_de_kuai")
    step = record.actions.index("play:JC")
    state = replay(game, record, upto=step)
    legal = game.legal_actions(state)
    view = game.observe(state, 0)
    found = drained(judging(game, view, legal, game.action("play:JC"), game.action("play:JD"), [], step, 16, 7))
    assert found.verdict == "mistake" and found.loss > 10 and found.best.startswith("play:JC+JD"), found


def test_a_sampler_short_of_worlds_still_ends_the_judging(monkeypatch):
    from cardavia_nb.review import judge as judging
    from cardavia_nb.review.deals import played_deal

    real = judging.sampler

    def scarce(game):
        """The game's sampler, finding a single world however many are asked for."""
        return lambda view, rand, n: real(game)(view, rand, n)[:1]

    monkeypatch.setattr(judging, "sampler", scarce)
    monkeypatch.setattr(judging, "SETTLED", float("inf"))  # no verdict is ever clear: every batch is drawn
    record = played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100)
    found = review(record, seat=0, worlds=48, hindsight=0, duplicate=False)
    drawn = [d.worlds for d in found.decisions if d.played != d.best]
    assert drawn and all(n == 48 // judging.BATCH for n in drawn)


def test_a_view_no_sampled_world_agrees_with_is_judged_as_no_mistake(monkeypatch):
    """A sampler may find no world at all for a tightly constrained view (seen in a class's Pao De Kuai deal):
    that decision is left unweighed, never a mistake, and the rest of the deal is judged as usual."""
    from cardavia_nb.review import judge as judging
    from cardavia_nb.review.deals import played_deal

    real, asked = judging.sampler, []

    def none_for_the_first_view(game):
        """The game's sampler, finding nothing for the first decision it is asked about."""
        def sample(view, rand, n):
            asked.append(repr(view))
            return [] if repr(view) == asked[0] else real(game)(view, rand, n)
        return sample

    monkeypatch.setattr(judging, "sampler", none_for_the_first_view)
    record = played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100)
    found = review(record, seat=0, worlds=16, hindsight=0, duplicate=False)
    weighed = [d for d in found.decisions if d.played != d.best]
    unweighed = [d for d in weighed if d.worlds == 0]
    assert len(unweighed) == 1 and unweighed[0].loss == 0 and unweighed[0].played_value is None
    assert unweighed[0] not in found.mistakes and any(d.worlds > 0 for d in weighed)


def test_mistakes_are_ranked_once_costliest_first_for_the_report_and_the_table():
    from cardavia_nb.review.judge import Judgement, worst_first

    def judged(step, loss, error):
        return Judgement(step, "a", "b", 0.0, loss, loss, error, 16, None, 1.0)

    decisions = [judged(0, 2.0, 0.1), judged(1, 0.5, 0.1), judged(2, 6.0, 4.0), judged(3, 3.5, 1.0), judged(4, 2.0, 0.4)]
    assert [j.step for j in worst_first(decisions)] == [3, 0, 4]  # too small, too noisy: no mistake
    assert [j.step for j in worst_first(decisions, "look")] == [2]  # above the threshold, not clear of it
    record = deal_record("truco", {"dealer": 0}, lambda g, s, legal: None, seed=3)
    found = review(record, worlds=4)
    assert found.mistakes == worst_first(found.decisions) and found.looks == worst_first(found.decisions, "look")



def test_french_tarot_thresholds_are_two_card_points_at_the_contract_for_the_seat():
    """A King given to the taker at a prise (4.5 card points) is above a defender's threshold; the taker's is three
    times a defender's, and a garde doubles both; while the auction runs the game's nominal threshold holds."""
    from cardavia_nb.core.record import replay
    from cardavia_nb.review.deals import played_deal
    from cardavia_nb.review.units import THRESHOLDS, threshold_at

    game = get("french_tarot")
    record = played_deal("french_tarot", 5, ["low"] * 4, seats_seed=1)
    states = [replay(game, record, upto=n) for n in (0, len(record.actions) - 1)]
    assert threshold_at(game, game.observe(states[0], 0)) == THRESHOLDS["french_tarot"] == 5
    late = states[1]
    multiplier = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[late.contract]
    for seat in range(4):
        expected = 2 * multiplier * (3 if seat == late.taker else 1)
        assert threshold_at(game, game.observe(late, seat)) == expected < 4.5 * multiplier * (3 if seat == late.taker else 1)


def test_refusing_a_low_falta_envido_with_twenty_eight_is_judged_on_worlds_that_read_the_call(monkeypatch):
    """Low opens falta envido only with 33: the judge's worlds read that call (the kit's reader), so refusing it
    with 28 is no mistake. On worlds blind to the call it was flagged as costing some 22 points of match chance."""
    from dataclasses import replace

    from cardavia_nb.games import kits

    def refuse(game, state, legal):
        if state.to_act == 0 and "call:falta_envido" in state.moves and "answer:no_quiero" in [a.id for a in legal]:
            return "answer:no_quiero"
        return None

    setup = {"hands": [["7C", "1C", "4O"], ["7E", "6E", "3O"]], "dealer": 0, "scores": [22, 21], "deal_no": 9}
    record = deal_record("truco", setup, refuse)
    assert record.actions[:2] == ("call:falta_envido", "answer:no_quiero")
    read = review(record, 0, 48, hindsight=0, duplicate=False).decisions[0]
    assert read.step == 1 and read.worlds and read.verdict == "", read
    monkeypatch.setitem(kits.KITS, "truco", replace(kits.KITS["truco"], reader=""))
    blind = review(record, 0, 48, hindsight=0, duplicate=False).decisions[0]
    assert blind.verdict == "mistake" and blind.best == "answer:quiero", blind


def test_a_king_given_to_the_taker_at_a_prise_where_a_small_card_could_follow_is_a_mistake():
    """Seat 0 defends a prise; the taker has trumped a suit seat 0 still holds, and seat 0, last to play, gives its
    King where its Ace could follow: the King, which would have won a later trick, costs it five or six points, a
    mistake clear of its threshold (two card points at a prise) under the review's own seed and under another."""
    from cardavia_nb.core.record import replay
    from cardavia_nb.core.steps import drained
    from cardavia_nb.games.french_tarot import rules as R
    from cardavia_nb.review.judge import decision_seed, judging
    from cardavia_nb.review.report import WORLDS

    def king_to_the_taker(game, state, legal):
        trick = game.observe(state, 0).trick  # (seat, card) in the order played
        if state.contract != "prise" or state.taker in (None, 0) or len(trick) != 3 or R.SUIT[trick[0][1]] == "T":
            return None
        if not any(s == state.taker and R.SUIT[c] == "T" for s, c in trick):
            return None
        return next((a.id for a in legal if a.id == "play:K" + R.SUIT[trick[0][1]]), None)

    game = get("french_tarot")
    record = deal_record("french_tarot", {}, king_to_the_taker, seed=92)
    step = record.actions.index("play:KS")
    state = replay(game, record, upto=step)
    legal, view = game.legal_actions(state), game.observe(state, 0)
    assert state.contract == "prise" and state.taker != 0 and "play:1S" in {a.id for a in legal}
    for salt in (0, 1):
        found = drained(judging(game, view, legal, game.action("play:KS"), game.action("play:1S"),
                                [{"id": "play:1S", "value": 0.0}], step, WORLDS,
                                decision_seed(record.seed, step, salt)))
        assert found.threshold == 2 and found.best == "play:1S" and found.verdict == "mistake", found
