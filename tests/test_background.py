"""Work after the deal where Python has no threads (the static site): the review and High's deal on the same
cards run in steps on the page's event loop, each click is answered between them, the results are the same,
and a new game stops them."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cardavia_nb.core.steps import drained
from cardavia_nb.review import review
from cardavia_nb.review.report import high_on_same_cards
from cardavia_nb.ui import background
from tests.support import send
from tests.test_table_review import _table, _to_deal_end
from cardavia_nb.ui.review.reviewing import deal_record

pytestmark = pytest.mark.same_cards  # tables play each finished deal again with High, as pages do


def counting(n: int, seen: list[int]):
    """Steps that note each of ``n`` pieces of work, then give ``n``."""
    for i in range(n):
        seen.append(i)
        yield
    return n


def test_steps_give_their_result_or_stop_when_nobody_wants_them():
    seen: list[int] = []
    assert drained(counting(5, seen)) == 5 and seen == [0, 1, 2, 3, 4]
    seen.clear()
    assert drained(counting(5, seen), going=lambda: len(seen) < 2) is None and seen == [0, 1]


@pytest.fixture
def no_threads(monkeypatch):
    """Python as in the browser: a thread cannot start."""
    def refused(self):
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(threading.Thread, "start", refused)


def _ended():
    """A Pao De Kuai table whose deal is over; with no thread and no loop, High's deal on the same cards for
    the summary was played at once."""
    table = _table("pao_de_kuai", seed=11)
    table.reviewing.worlds = 8
    _to_deal_end(table)
    assert table.reviewing.same.high is not None and table.reviewing.same.thread is None
    return table


def test_without_threads_every_click_is_answered_while_the_review_is_judged(no_threads):
    table = _ended()
    last = len(table.record().actions)

    async def page() -> list[tuple[bool, str]]:
        send(table, {"type": "review"})
        assert not table.judge["done"]  # the click came back before anything was judged
        answered: list[tuple[bool, str]] = []
        while not table.judge["done"]:
            await asyncio.sleep(0)  # the page's next message
            step = (len(answered) + 1) % last
            send(table, {"type": "replay", "step": step})
            answered.append((table.review["replay"]["step"] == step, table.judge["progress"]))
        return answered

    answered = asyncio.run(page())
    assert len(answered) > 3 and all(shown for shown, _ in answered) and not background._tasks
    assert len({progress for _, progress in answered}) > 2  # the judgements came one by one
    expected = review(deal_record(table), worlds=8, duplicate=False)
    assert table.reviewing.done.decisions == expected.decisions  # the same judgements as in a thread


def test_without_threads_a_new_game_stops_the_review(no_threads, monkeypatch):
    monkeypatch.setattr(background, "SLICE", 0)  # the loop is handed back after every step
    table = _ended()

    async def page() -> tuple[bool, bool]:
        send(table, {"type": "review"})
        for _ in range(3):
            await asyncio.sleep(0)
        running = bool(background._tasks)
        send(table, {"type": "new"})
        for _ in range(3):  # the review's task ends at its next step
            await asyncio.sleep(0)
        return running, bool(background._tasks)  # (asyncio.run cancels whatever still runs after this)

    assert asyncio.run(page()) == (True, False)
    assert table.reviewing.done is None and table.reviewing.judged == [] and table.judge == {}


def test_without_threads_or_a_loop_the_review_is_judged_at_once(no_threads):
    table = _ended()
    send(table, {"type": "review"})
    assert table.judge["done"] and table.reviewing.thread is None


def test_without_threads_high_plays_the_same_cards_between_the_page_s_clicks(no_threads, monkeypatch):
    monkeypatch.setattr(background, "SLICE", 0)
    table = _table("pao_de_kuai", seed=11)

    async def page() -> list[str]:
        _to_deal_end(table)  # the last move's click comes back before High has played the deal
        lines = [table.review.get("same")]
        while background._tasks:
            await asyncio.sleep(0)
            lines.append(table.review.get("same"))
        return lines

    lines = asyncio.run(page())
    expected = table.reviewing.same.high
    assert expected is not None and lines.count(lines[0]) > 3 and lines[-1] != lines[0]  # "High is playing", then its score
    assert expected == high_on_same_cards(deal_record(table))  # as a thread would have found it
