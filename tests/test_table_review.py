"""The table after a deal: the record file, a record opened from the page, the replay's frames and the
review streamed into the page; every review intent refused in words before the deal is over."""

from __future__ import annotations

import json

import pytest

from cardavia_nb.core.record import MAX_BYTES, Record, RecordError, replay
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get
from cardavia_nb.review.units import threshold_at
from cardavia_nb.ui import Settings, Table
from cardavia_nb.review import review
from cardavia_nb.ui.review.reviewing import deal_record, file_name
from tests.support import quick_tarot_high_here, send  # noqa: F401 (an autouse fixture)
from tests.wire import Wire

GAMES = ["truco", "pao_de_kuai", "french_tarot"]


def _table(name: str, seed: int = 21) -> Table:
    """A table whose review samples few worlds (the judgements' quality is tests/test_review.py's)."""
    table = Table(name, seed=seed, settings=Settings(), delay=0)
    table.reviewing.worlds = 2
    return table


def _shown(table: Table) -> str:
    """What the page has of the review: the replay and the judgements."""
    return json.dumps([table.review, table.judge], sort_keys=True)


def _to_deal_end(table: Table) -> None:
    """The human plays its first legal move until the deal is over (Truco: the summary's 'Next deal')."""
    for _ in range(400):
        if table.turn.over or table.turn.pause is not None:
            return
        send(table, {"type": "act", "id": table.turn.legal[0].id})
    raise AssertionError("the deal did not end")


def _downloaded(table: Table) -> dict:
    """The file the table sends the page on 'Download the record'."""
    sent: list[dict] = []
    table.send = lambda content, buffers=None: sent.append(content)
    send(table, {"type": "download"})
    assert len(sent) == 1 and sent[0]["type"] == "download"
    return sent[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_review_intent_is_refused_in_words_while_the_deal_goes_on(name):
    table = _table(name)
    sent: list = []
    table.send = lambda content, buffers=None: sent.append(content)
    for intent in ({"type": "download"}, {"type": "review"}, {"type": "replay", "step": 0},
                   {"type": "open_record", "text": Table(name, settings=Settings()).record().to_json()}):
        before = (table.state, dict(table.frame))
        send(table, intent)
        assert table.notice and "nothing changed" in table.notice, intent
        assert table.review == table.judge == {} and sent == [] and (table.state, dict(table.frame)) == before


@pytest.mark.parametrize("name", GAMES)
def test_the_finished_deal_downloads_as_a_record_that_replays(name):
    table = _table(name)
    _to_deal_end(table)
    sent = _downloaded(table)
    assert sent["name"].startswith(f"cardavia-{name}-") and sent["name"].endswith(".json")
    record = Record.from_json(sent["text"])
    game = get(name)
    final = replay(game, record)
    assert record.players[0].kind == "human" and record.setup["hands"]
    if name == "truco":  # the deal alone, without the seed that would tell the match's next deals
        assert record.seed == 0 and record.actions == table.state.moves
        assert final.scores == table.state.scores and final.phase == table.state.phase
    else:
        assert final == table.state


def test_file_names_carry_the_game_and_the_date():
    from datetime import datetime, timezone
    assert file_name("truco", datetime(2026, 12, 2, 9, 5, tzinfo=timezone.utc)) == "cardavia-truco-2026-12-02-0905.json"


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_steps_through_the_deal_without_a_control_and_with_hands_on_request(name):
    table = _table(name)
    _to_deal_end(table)
    frame_before = dict(table.frame)
    send(table, {"type": "review"})
    review = table.review
    last = review["replay"]["last"]
    assert review["open"] and review["replay"]["step"] == 0 and last == len(table.reviewing.replay.record.actions)
    assert len(review["lines"]) == last + 1 and review["jumps"]
    for step in (1, last // 2, last):
        send(table, {"type": "replay", "step": step})
        r = table.review["replay"]
        assert r["step"] == step and not table.notice
        view = r["view"]
        assert view["actions"] == [] and not view["mine"] and view["select"] is None
        assert all(card["action"] is None for card in view["hand"]) and r["hands"] == []
    send(table, {"type": "replay", "step": 1, "faceup": True})
    hands = table.review["replay"]["hands"]
    assert [h["seat"] for h in hands] == list(range(1, get(name).num_players))
    assert sum(len(h["cards"]) for h in hands) > 0
    assert table.frame == frame_before  # the game's own frame is untouched by the replay
    send(table, {"type": "close_review"})
    assert table.review["open"] is False


FORGED_STEPS = [{"type": "replay", "step": -1}, {"type": "replay", "step": 10**9}, {"type": "replay", "step": "3"},
                {"type": "replay", "step": True}, {"type": "replay", "step": 1.0},
                {"type": "replay", "step": 1, "faceup": "yes"}]


def test_a_forged_replay_step_is_refused_and_changes_nothing():
    table = _table("pao_de_kuai")  # one judged review for every forgery: each costs a whole deal's judging
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    before = _shown(table)
    for intent in FORGED_STEPS:
        table.notice = ""
        send(table, intent)
        assert "nothing changed" in table.notice and _shown(table) == before, intent


def _forged(good: str) -> dict[str, str]:
    """Bad record texts, each with the record sentence it must be refused with."""
    data = json.loads(good)
    other = dict(data, game="french_tarot")
    newer = dict(data, format="cardavia-record/9")
    bad_hands = dict(data, setup={**data["setup"], "hands": [data["setup"]["hands"][0]] * 4})
    illegal = dict(data, actions=["pass", "pass", "play:ZZ"] + data["actions"])
    stopped = dict(data, actions=data["actions"][:3], result=None)
    return {"not_json": "{oops", "newer": json.dumps(newer), "other_game": json.dumps(other),
            "bad_deal": json.dumps(bad_hands), "illegal_move": json.dumps(illegal),
            "too_big": " " * (MAX_BYTES + 1), "not_record": "[1, 2]", "unfinished": json.dumps(stopped)}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_record_gets_one_sentence_in_the_page_language_and_changes_nothing(lang):
    table = _table("pao_de_kuai")
    _to_deal_end(table)
    good = _downloaded(table)["text"]
    table.settings.lang = lang
    for why, text in _forged(good).items():
        before = (table.state, _shown(table), json.dumps(table.frame))
        send(table, {"type": "open_record", "text": text})
        assert table.notice, why
        if why == "unfinished":
            assert table.notice == Msg.of("ui.review.unfinished").text(lang)
        else:
            with pytest.raises(RecordError) as err:
                replay(get("pao_de_kuai"), Record.from_json(text))
            assert table.notice == err.value.text(lang), why
        assert (table.state, _shown(table), json.dumps(table.frame)) == before, why
    send(table, {"type": "open_record", "text": 12})
    assert table.notice and "open" not in table.review  # no review: only the summary's line of High on the same cards


def test_a_good_record_opens_in_the_review_and_is_judged():
    table = _table("pao_de_kuai")
    _to_deal_end(table)
    good = _downloaded(table)["text"]
    other = _table("pao_de_kuai", seed=5)
    _to_deal_end(other)
    send(other, {"type": "open_record", "text": good})
    assert not other.notice and other.review["open"]
    other.reviewing.wait()
    send(table, {"type": "review"})
    table.reviewing.wait()
    assert other.review["lines"] == table.review["lines"] and other.review["jumps"] == table.review["jumps"]
    assert other.judge["done"] and other.judge["summary"]
    assert other.frame["view"] == other.view and other.state != table.state  # the table's own game is untouched


@pytest.mark.parametrize("name", GAMES)
def test_the_review_streams_its_judgements_then_the_summary_and_high_on_the_same_cards(name):
    table = _table(name, seed=3)
    _to_deal_end(table)
    table.reviewing.wait()  # High's line on the same cards is in: nothing of the replay changes from here
    wire = Wire(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    judge = table.judge
    assert judge["done"] and judge["summary"] and judge["high"].startswith("On these cards High in your seat")
    opened, *judged = [m["state"] for m in wire.take() if m.get("method") == "update"]
    assert opened["review"] == table.review and opened["judge"]["progress"].startswith("Judging your decisions: 0 of")
    assert not opened["judge"]["done"] and len(judged) >= 2  # the replay at once, then the judgements one by one
    assert all(set(state) == {"judge"} for state in judged), judged  # a judgement sends itself, not the replay again
    assert judged[-1]["judge"] == judge
    losses = [table.reviewing.done.mistakes[i].loss for i in range(len(judge["mistakes"]))]
    assert losses == sorted(losses, reverse=True)
    for row in judge["mistakes"]:
        assert row["played"] != row["best"] and (row["loss"].startswith("cost about")
                                                 or row["loss"].endswith("in every deal judged")), row
    for line in judge["hindsight"]:
        assert line.startswith("On these cards (known only afterwards)")


def test_the_review_follows_the_page_language_and_a_new_game_forgets_it():
    table = _table("french_tarot")
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    english = table.review["replay"]["where"]
    table.settings.lang = "fr"
    assert table.review["replay"]["where"] != english and table.review["replay"]["where"].startswith("Coup")
    send(table, {"type": "new"})
    assert table.review == {}
    send(table, {"type": "replay", "step": 1})
    assert table.review == {} and table.notice


def test_truco_next_deal_closes_the_review_of_the_last_one():
    table = _table("truco")
    _to_deal_end(table)
    assert not table.turn.over
    send(table, {"type": "review"})
    table.reviewing.wait()
    send(table, {"type": "act", "id": table.turn.pause.id})
    assert table.review == {}
    send(table, {"type": "review"})
    assert "nothing changed" in table.notice and table.review == {}


def _judged(name: str, seed: int) -> Table:
    """A deal played by the first card or answer, then reviewed: it must hold a mistake or a move worth a look
    (with few worlds the judge is seldom sure)."""
    table = _table(name, seed)
    table.reviewing.worlds = 8
    for _ in range(400):
        if table.turn.over or table.turn.pause is not None:
            break
        legal = [a.id for a in table.turn.legal]
        answers = [a for a in legal if a.startswith("answer:")]
        send(table, {"type": "act", "id": answers[0] if answers else legal[0]})
    send(table, {"type": "review"})
    table.reviewing.wait()
    assert table.judge["mistakes"] or table.judge["looks"]
    return table


def _listed(table: Table) -> list[tuple[dict, object]]:
    """The panel's rows of mistakes, then of moves worth a look, each with its judgement."""
    done = table.reviewing.done
    return [*zip(table.judge["mistakes"], done.mistakes), *zip(table.judge["looks"], done.looks)]


def _row(table: Table, step: int) -> dict:
    """The panel's row (a mistake's or a move worth a look's) at ``step``."""
    return next(r for r in [*table.judge["mistakes"], *table.judge["looks"]] if r["step"] == step)


@pytest.mark.parametrize(("name", "seed"), [("truco", 8), ("french_tarot", 21)])
def test_find_it_yourself_first_before_high_s_move_is_shown(name, seed):
    table = _judged(name, seed)
    # the worst mistake (else move worth a look) that has a move to try besides High's (a two-way choice has none)
    row, mistake = next((r, m) for r, m in _listed(table) if len({o["id"] for o in r["options"]} - {m.best}) > 0)
    assert row["best"] == "" and row["reason"] == "" and row["tried"] == ""  # High's move not shown yet
    ids = [o["id"] for o in row["options"]]
    assert mistake.played not in ids and mistake.best in ids
    for forged in ({"step": mistake.step + 1, "id": mistake.best}, {"step": mistake.step, "id": "nonsense"},
                   {"step": str(mistake.step), "id": mistake.best}, {"step": mistake.step, "id": mistake.played * 50}):
        before = _shown(table)
        send(table, {"type": "try", **forged})
        assert "nothing changed" in table.notice and _shown(table) == before, forged
    others = [i for i in ids if i != mistake.best]
    send(table, {"type": "try", "step": mistake.step, "id": others[-1]})
    row = _row(table, mistake.step)
    assert not table.notice and row["tried"] and row["best"] and row["options"] == []
    kind = table.reviewing.tried[mistake.step][1]
    gain, loss = table.reviewing.tried[mistake.step][2:4]
    assert kind in ("good", "better", "losing") and row["tried"].startswith(
        {"good": "as good as", "better": "better than", "losing": "still losing"}[kind])
    threshold = threshold_at(table.game, table.game.observe(table.reviewing.replay.states[mistake.step], 0))
    assert (kind == "losing") == (loss > 0 and gain <= threshold and kind != "good")
    send(table, {"type": "try", "step": mistake.step, "id": mistake.best})
    assert _row(table, mistake.step)["tried"] == "that is the best move found."


def test_a_try_that_no_sampled_world_can_weigh_is_refused_in_words(monkeypatch):
    """Find it yourself draws its own worlds; where the reader or sampler keeps none (its contract allows it) the try
    is refused in a sentence and nothing changes, rather than failing in the kernel."""
    from cardavia_nb.review import judge

    table = _judged("truco", 8)

    def others(m) -> list[str]:
        """The moves at mistake ``m`` besides the one played and High's."""
        legal = table.game.legal_actions(table.reviewing.replay.states[m.step])
        return sorted({a.id for a in legal} - {m.best, m.played})

    mistake = next(m for _, m in _listed(table) if others(m))
    other = others(mistake)[0]
    monkeypatch.setattr(judge, "drawn_worlds", lambda game, view, rand, n, players: [])  # reader or sampler
    before = _shown(table)
    send(table, {"type": "try", "step": mistake.step, "id": other})
    assert table.notice == Msg.of("ui.review.unweighed").text("en")
    assert _shown(table) == before and mistake.step not in table.reviewing.tried


def test_high_s_move_can_be_shown_without_trying():
    table = _judged("truco", 7)
    step = table.reviewing.done.mistakes[0].step
    send(table, {"type": "reveal", "step": step})
    row = table.judge["mistakes"][0]
    assert row["best"] and row["reason"] and row["tried"] == "" and not table.notice
    send(table, {"type": "reveal", "step": -1})
    assert "nothing changed" in table.notice


def test_the_table_and_the_notebook_say_each_mistake_s_cost_alike():
    """One formatter: a mistake's row at the table and its paragraph in the notebook's report give the same
    loss and the same 95 % interval, in the page's language (English, then French on the same judged deal)."""
    from cardavia_nb.review.words import lines

    table = _judged("french_tarot", 21)
    for lang, verb in (("en", "cost "), ("fr", "a coûté ")):
        table.settings.lang = lang
        report = lines(table.reviewing.done, lang)
        costs = [row["loss"].removeprefix(verb) for row in table.judge["mistakes"]]
        assert any("(" in cost for cost in costs), costs  # an interval, not only losses every world agreed on
        for rank, cost in enumerate(costs, 1):
            paragraph = next(line for line in report if line.startswith(f"**{rank}."))
            assert cost in paragraph and f"{verb}{cost}" == table.judge["mistakes"][rank - 1]["loss"], paragraph


@pytest.mark.parametrize(("name", "seed"), [("truco", 7), ("pao_de_kuai", 21)])
def test_take_over_from_a_move_is_practice_and_back_gives_the_review_and_the_game_again(name, seed):
    table = _judged(name, seed) if name == "truco" else _table(name, seed)
    if name != "truco":
        _to_deal_end(table)
        send(table, {"type": "review"})
        table.reviewing.wait()
    state, frame, record = table.state, dict(table.frame), table.record()
    review = _shown(table)
    step = table.reviewing.done.decisions[0].step
    send(table, {"type": "take_over", "step": step})
    assert not table.notice and table.reviewing.practising and table.review["practice"].startswith("Practice from move")
    assert table.turn.mine and table.turn.state != state  # the human's move at that step, on the same cards
    game = get(name)
    assert game.deal_setup(table.state) == game.deal_setup(table.reviewing.kept["review"]["replay"].states[step])
    for forged in ({"type": "review"}, {"type": "download"}, {"type": "replay", "step": 0},
                   {"type": "take_over", "step": 0}, {"type": "open_record", "text": record.to_json()}):
        send(table, forged)
        assert "practice deal" in table.notice, forged
    send(table, {"type": "act", "id": table.turn.legal[-1].id})  # another move than the one played
    assert table.reviewing.practising and table.review["practice"]
    send(table, {"type": "back_to_review"})
    assert table.state is state and table.frame["view"] == frame["view"] and table.frame["log"] == frame["log"]
    assert table.record() == record and _shown(table) == review
    send(table, {"type": "back_to_review"})
    assert "nothing changed" in table.notice


def test_take_over_is_refused_during_play_at_the_end_and_out_of_range():
    table = _table("pao_de_kuai")
    send(table, {"type": "take_over", "step": 0})
    assert "nothing changed" in table.notice and not table.reviewing.practising
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    last = table.reviewing.replay.last
    for step in (last, last + 1, -1, "0", None):
        before = _shown(table)
        send(table, {"type": "take_over", "step": step})
        assert "nothing changed" in table.notice and _shown(table) == before
        assert not table.reviewing.practising
    send(table, {"type": "close_review"})  # the page offers Take over in the open review only
    before = _shown(table)
    send(table, {"type": "take_over", "step": 0})
    assert "Open the review first" in table.notice and _shown(table) == before
    assert not table.reviewing.practising


def test_without_threads_the_review_is_judged_before_the_intent_returns(monkeypatch):
    table = _table("truco", 7)
    _to_deal_end(table)

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr("threading.Thread.start", no_threads)
    send(table, {"type": "review"})
    assert table.reviewing.thread is None and table.judge["done"] and table.review["open"]


@pytest.mark.parametrize("name, seeds", [("truco", range(1, 7)), ("pao_de_kuai", (2, 5)), ("french_tarot", (3,))])
def test_a_player_who_follows_the_tables_hint_plays_the_reviews_high_move_at_every_decision(name, seeds):
    """One adviser: the table's hint and the review ask the same High for the same view, so the review never
    calls a followed hint a mistake (with the review's High seeded apart, 16 of 127 Truco decisions differed).
    Tarot's High plays on few plays here, the hint's and the review's alike."""
    for seed in seeds:
        table = Table(name, seed=seed, delay=0, settings=Settings())
        while not table.game.deal_over(table.state):
            table.send_intent({"type": "hint"})
            table.send_intent({"type": "act", "id": table.frame["hint"][0]["id"]})
        record = deal_record(table)
        judged = review(record, 0, worlds=4, hindsight=0, duplicate=False).decisions
        assert judged and all(j.played == j.best for j in judged), [(j.step, j.played, j.best) for j in judged]


def test_the_panel_lists_moves_worth_a_look_apart_and_shows_high_s_move_only_once_tried_or_asked():
    """A move worth a look (a loss above the threshold whose interval reaches below it) streams in its own list,
    never among the mistakes nor counted as one, and hides High's move as a mistake does until tried or asked."""
    from dataclasses import replace

    table = _table("pao_de_kuai")
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    reviewing, game = table.reviewing, table.game
    done = reviewing.done
    # a decision with two moves besides the one played: one to be the best, one to try
    first = next(d for d in done.decisions if len(game.legal_actions(reviewing.replay.states[d.step])) >= 3)
    others = [a.id for a in game.legal_actions(reviewing.replay.states[first.step]) if a.id != first.played]
    look = replace(first, best=others[0], played_value=0.0, best_value=3.0, loss=3.0, error=1.2, worlds=30,
                   threshold=1.0)
    assert look.verdict == "look"
    reviewing.done, reviewing.judged = None, [look]  # streamed while the review is judging
    reviewing.render()
    assert table.judge["mistakes"] == [] and [r["step"] for r in table.judge["looks"]] == [look.step]
    assert not table.judge["done"] and table.judge["looks"][0]["best"] == ""
    reviewing.done = replace(done, decisions=(look,), mistakes=(), looks=(look,), hindsight=())
    reviewing.render()
    judge = table.judge
    assert judge["mistakes"] == [] and judge["summary"] == (
        "No sure mistake. 1 move is worth a look, without being a sure mistake.")
    row = judge["looks"][0]
    assert row["best"] == "" and row["reason"] == "" and row["tried"] == ""
    assert row["loss"] == "may have cost about 3 points (between 0.5 and 5.5)"  # its own 95 % interval (30 worlds)
    assert look.best in {o["id"] for o in row["options"]} and look.played not in {o["id"] for o in row["options"]}
    send(table, {"type": "reveal", "step": look.step})
    assert not table.notice and table.judge["looks"][0]["best"] and table.judge["looks"][0]["options"] == []
    reviewing.revealed.clear()
    reviewing.render()
    send(table, {"type": "try", "step": look.step, "id": others[-1]})
    row = table.judge["looks"][0]
    assert not table.notice and row["tried"] and row["best"] and table.judge["mistakes"] == []
    table.settings.lang = "fr"
    assert table.judge["looks"][0]["loss"].startswith("a pu coûter environ 3 points")


def test_a_move_tried_is_weighed_on_the_reviews_own_worlds():
    """Find it yourself draws the worlds the review drew for the decision (its seed, batch by batch, the record's
    players): tried there, the move played loses to the best what the review said it lost."""
    from cardavia_nb.players.seats import rebuilt
    from cardavia_nb.ui.review.find_it_yourself import verdict

    table = _table("pao_de_kuai", seed=3)
    table.reviewing.worlds = 20  # two batches, the second short
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    reviewing, game = table.reviewing, table.game
    weighed = [j for j in reviewing.done.decisions if j.loss > 0]
    assert weighed
    for j in weighed:
        view = game.observe(reviewing.replay.states[j.step], reviewing.replay.seat)
        kind, gain, loss, margin = verdict(game, view, j, j.played, reviewing.worlds, reviewing.replay.record.seed,
                                           rebuilt(reviewing.replay.record))
        assert (gain, loss, margin) == (pytest.approx(0.0), pytest.approx(j.loss), pytest.approx(j.margin)), j
        assert kind == ("good" if j.verdict != "mistake" else "losing")


@pytest.mark.parametrize(("name", "playout"), [("truco", "High in every seat"), ("pao_de_kuai", "Low in every seat")])
def test_the_panel_says_who_played_the_worlds_on(name, playout):
    """The table's review says, as the notebook's does, whether the worlds were played on by High or, for
    speed, by Low (which never bluffs): a learner reads a Low play-out's verdict knowing its limits."""
    table = _table(name)
    _to_deal_end(table)
    send(table, {"type": "review"})
    assert playout in table.judge["method"]  # while judging
    table.reviewing.wait()
    assert playout in table.judge["method"] and table.judge["done"]


def test_review_asked_again_for_the_same_deal_opens_what_was_judged(monkeypatch):
    """Review, close, Review again: the replay opens at its first move with the judgements, the tried move and
    High's move shown as they were, and nothing is judged a second time (a review is seconds of the server's
    time; a restless click must not cost it again)."""
    import cardavia_nb.ui.review.reviewing as module

    judged = []
    real = module.reviewing
    monkeypatch.setattr(module, "reviewing", lambda *args, **kwargs: judged.append(1) or real(*args, **kwargs))
    table = _table("pao_de_kuai", seed=2)  # a deal with mistakes listed
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    done, step = table.reviewing.done, table.reviewing.done.mistakes[0].step
    send(table, {"type": "reveal", "step": step})
    assert step in table.reviewing.revealed
    send(table, {"type": "replay", "step": 4})
    send(table, {"type": "close_review"})
    send(table, {"type": "review"})
    table.reviewing.wait()
    assert judged == [1] and table.reviewing.done is done and not table.notice
    assert (table.reviewing.step, table.reviewing.open) == (0, True) and step in table.reviewing.revealed
    send(table, {"type": "new"})  # another deal: its review is judged anew
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    assert judged == [1, 1] and table.reviewing.done is not done


def test_hindsight_names_the_best_move_found_which_high_only_plays_on():
    """The hindsight line plays the best move found from the mistake on: it is the short list's best, not always
    High's own pick, so the line does not call it High's choice."""
    table = _table("pao_de_kuai", seed=2)  # a deal with mistakes
    _to_deal_end(table)
    send(table, {"type": "review"})
    table.reviewing.wait()
    lines = table.judge["hindsight"]
    assert lines and all(line.startswith("On these cards (known only afterwards), the best move found at move")
                         and "played on by High" in line for line in lines), lines
