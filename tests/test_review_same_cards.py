"""High on the same cards in the deal's summary (issue 27, item 7), and the words for a loss that every
judged world agreed on (never "± 0")."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import LANGS
from cardavia_nb.review import review
from cardavia_nb.review import report
from cardavia_nb.review.report import high_on_same_cards
from cardavia_nb.ui import Table
from cardavia_nb.ui.review import same_cards
from cardavia_nb.review.words import loss_words
from cardavia_nb.ui.review.reviewing import deal_record
from cardavia_nb.ui.table.summary import signed
from tests.support import counted_steps, quick_tarot_high_here, send  # noqa: F401 (an autouse fixture)
from tests.test_table_review import GAMES, _judged, _shown, _table

pytestmark = pytest.mark.same_cards

PLAYING = "High is playing these cards in your seat…"


def _ended(name: str, seed: int = 3) -> Table:
    """A table whose deal has just ended (nothing of the line before that)."""
    table = _table(name, seed)
    for _ in range(400):
        if table.turn.over or table.turn.pause is not None:
            return table
        assert table.review == {} and table.reviewing.same.record is None
        send(table, {"type": "act", "id": table.turn.legal[0].id})
    raise AssertionError("the deal did not end")


def _held(monkeypatch) -> threading.Event:
    """High's play-out on the same cards waits for the returned event before its first move, so a test sees
    the "playing" line however fast the deal is played again (a Truco deal can be over before the test looks)."""
    go = threading.Event()
    real = same_cards.playing_same_cards

    def held(*args, **kwargs):
        assert go.wait(60), "the test never let High play"
        return (yield from real(*args, **kwargs))
    monkeypatch.setattr(same_cards, "playing_same_cards", held)
    return go


@pytest.mark.parametrize("name", GAMES)
def test_the_summary_says_what_high_scored_on_the_same_cards_as_the_review_does(name, monkeypatch):
    go = _held(monkeypatch)
    table = _ended(name)
    assert table.review == {"same": PLAYING}
    go.set()
    table.reviewing.wait()
    line = table.review["same"]
    record = deal_record(table)
    judged = review(record, worlds=1, hindsight=0)
    high = high_on_same_cards(record)
    assert high.value == judged.high_score and high == table.reviewing.same.high
    if name == "truco":  # the points each side made in the deal, not the match chance
        you = [now - then for now, then in zip(table.state.scores, table.state.start_scores)]
        mine, theirs = high.points
        assert line == (f"On these cards High in your seat made {mine} point{'s' * (mine != 1)} in this deal to "
                        f"your opponent's {theirs}; you made {you[0]} to {you[1]}.")
    else:
        assert line == (f"On these cards High in your seat scored {signed(judged.high_score, 'en')}; "
                        f"you scored {signed(judged.score, 'en')}.")
    assert table.reviewing.same.thread is not None and not table.reviewing.same.thread.is_alive()


def test_the_review_takes_high_s_deal_from_the_summary_and_gives_the_same_score(monkeypatch):
    table = _ended("pao_de_kuai")
    table.reviewing.wait()
    record, shown = deal_record(table), table.reviewing.same.high
    expected = review(record, worlds=1, hindsight=0).high_score  # played again by the review itself
    played: list = []
    monkeypatch.setattr(report, "playing_same_cards", counted_steps(played, report.playing_same_cards))
    send(table, {"type": "review"})
    table.reviewing.wait()
    assert played == [] and table.reviewing.done.high_score == shown.value == expected


def test_a_new_game_or_the_next_deal_drops_the_line_and_stops_high(monkeypatch):
    go = _held(monkeypatch)
    table = _ended("french_tarot")
    thread = table.reviewing.same.thread
    assert thread.is_alive() and table.review == {"same": PLAYING}
    pushed: list[dict] = []
    table.observe(lambda change: pushed.append(change["new"]), names="review")
    send(table, {"type": "new"})
    assert table.review == {}
    go.set()
    thread.join(60)
    assert not thread.is_alive() and table.review == {} and table.reviewing.same.high is None
    assert all("same" not in p for p in pushed), pushed  # the stale result never reached the page
    assert high_on_same_cards(deal_record(_ended("truco", 5)), going=lambda: False) is None
    truco = _ended("truco", 5)
    truco.reviewing.wait()
    assert truco.review["same"].startswith("On these cards")
    send(truco, {"type": "act", "id": truco.turn.pause.id})  # the next deal
    assert truco.review == {} and truco.reviewing.same.record is None
    assert not any(t.is_alive() for t in (thread, truco.reviewing.same.thread))  # no thread left running


def test_the_line_follows_the_page_language():
    table = _ended("pao_de_kuai")
    table.settings.lang = "fr"
    assert table.review["same"] in ("Le joueur Fort joue ces cartes à votre place…",
                                    table.reviewing.same.line(table._words()))
    table.reviewing.wait()
    assert table.review["same"].startswith("Avec ces cartes, le joueur Fort à votre place a marqué")
    table.settings.lang = "es"
    assert table.review["same"].startswith("Con estas cartas el jugador Alto en tu lugar marcó")


def test_a_practice_deal_shows_no_line_and_back_gives_it_again():
    table = _ended("truco", 7)
    send(table, {"type": "review"})
    table.reviewing.wait()
    before = _shown(table)
    assert table.review["same"].startswith("On these cards")
    send(table, {"type": "take_over", "step": table.reviewing.done.decisions[0].step})
    assert table.reviewing.practising and "same" not in table.review
    for _ in range(50):
        if table.turn.over or table.turn.pause is not None:
            break
        send(table, {"type": "act", "id": table.turn.legal[0].id})
    assert table.turn.over or table.turn.pause is not None
    assert set(table.review) == {"practice"} and table.reviewing.same.record is None
    send(table, {"type": "back_to_review"})
    assert _shown(table) == before


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("unit", "kind", "loss", "margin", "shown"),
                         [("match_chance", "chance", 0.05, 0.02, (5, 3, 7)), ("points", "points", 3.0, 2.0, (3, 1, 5))])
def test_a_loss_is_about_its_95_interval_and_never_plus_or_minus_zero(lang, unit, kind, loss, margin, shown):
    n, low, high = shown  # the judgement's own margin (half its 95 % interval) either side, in the unit as written
    assert loss_words(unit, loss, margin) == Msg.of(f"review.loss.{kind}", n=float(n), low=float(low), high=float(high))
    for nothing in (0.0, 0.0001):  # every world agreed, or as good as: one number, "in every deal judged"
        text = loss_words(unit, loss, nothing).text(lang)
        assert text == Msg.of(f"review.loss.{kind}_exact", n=n).text(lang) and "±" not in text


def test_the_table_says_in_every_deal_judged_where_every_world_agreed():
    table = _judged("truco", 7)
    done = table.reviewing.done
    assert done.mistakes
    table.reviewing.done = replace(done, mistakes=tuple(replace(m, error=0.0) for m in done.mistakes))
    table.reviewing.render()
    for row in table.judge["mistakes"]:
        assert row["loss"].endswith("in every deal judged") and "between" not in row["loss"], row
    step = done.mistakes[0].step
    table.reviewing.tried[step] = (done.mistakes[0].played, "losing", 0.0, 0.05, 0.0)
    table.reviewing.render()
    tried = table.judge["mistakes"][0]["tried"]
    assert tried.endswith("in every deal judged.") and "between" not in tried
