"""Whole games and a whole class set of each game, scanned at the kernel-to-browser boundary of every panel
that sends records, reviews and history lines: the table, *Your games*, the class panel and the teacher's board.

One page plays a game of its own to the end, pressing *Download all* before every move: while the game goes
on, nothing sent names a card the player has not seen. It then joins a class set and plays its deal, pressing
*Download all* again at every move: no hidden card, and none of the set's seeds (the set's, the deal's, the
computers'). Once the deal is over the page downloads its record, reviews it, downloads all its games and asks
for the class row by ``review:<id>``; the teacher's board opens the student's deal at a mistake and moves its
replay: none of it carries a seed of the set. A positive control plants a
hidden card and a seed in a copy of the messages and checks that each scan catches it.
"""

from __future__ import annotations

import json

import pytest

from cardavia_nb.core.record import Record
from cardavia_nb.review import Review
from cardavia_nb.store import Store, new_token
from cardavia_nb.classroom import HASH_ENV, Classes, deal_seed, set_players, teacher_id
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.classroom.teacher_page import Board
from cardavia_nb.ui.classroom.student import ClassPlay
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
from tests.scanners import cards_shown, exposed_cards
from tests.support import MOVES, PUBLIC, recording, send
from tests.wire import Wire, custom, payload, seeds_shown

KEY = "teacher-key-for-the-boundary-0123456789"


def no_review(record, **_):
    """A review that finds nothing at once: this file scans what leaves, not the judging."""
    yield from ()
    return Review(record.game, 0, "points", (), ())


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """No judging and no play-out of High on the same cards: what is scanned is what the panels send."""
    monkeypatch.setattr("cardavia_nb.ui.classroom.student.reviewing", no_review)
    monkeypatch.setattr("cardavia_nb.ui.review.reviewing.reviewing", no_review)
    monkeypatch.setattr("cardavia_nb.ui.review.same_cards.wanted", lambda: False)
    monkeypatch.setattr("cardavia_nb.ui.classroom.high_scores.high_score", lambda game, cls, index: 1.5)


class StudentPage:
    """A game page: settings, a kept table, *Your games* and the class panel, every message they send recorded."""

    def __init__(self, store: Store, name: str):
        self.engine, self.states = recording(name)
        self.settings, self.keeper = Settings(), Keeper(store=store)
        self.table = Table(self.engine, settings=self.settings, keeper=self.keeper, delay=0)
        self.history = History(name, keeper=self.keeper, settings=self.settings)
        self.panel = ClassPlay(self.table, keeper=self.keeper)
        self.wire = Wire(self.table, self.history, self.panel, self.settings)
        self.settings._on_msg(self.settings, {"type": "token", "value": new_token()}, [])
        self.allowed: set[str] = set()

    def sent(self) -> list:
        """Everything sent since the last look, and the synced state of each panel now."""
        return payload(self.wire.take()) + [w.get_state() for w in (self.table, self.history, self.panel)]

    def hidden(self, sent: list) -> set[str]:
        """The cards ``sent`` names that the player has not seen in the deal at the table."""
        for state in self.states:
            self.allowed |= PUBLIC[self.table.game.name](state)
        self.states.clear()
        return (cards_shown(sent, self.table) | exposed_cards(self.table)) - self.allowed



def files(sent: list) -> tuple[list[Record], list]:
    """The records of every file in ``sent``, and the rest of what was sent."""
    records, rest = [], []
    for message in sent:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, dict) and content.get("type") == "download":
            records += [Record.from_json(line) for line in content["text"].splitlines()]
        else:
            rest.append(message)
    return records, rest


def play_on(page: StudentPage, done, secrets: set[int], finished: list[Record], what: str) -> None:
    """Move until ``done()``, pressing *Download all* before each move: until then it sends the ``finished``
    games only, and nothing else any panel sent names a card the player has not seen or a seed of the class."""
    for turn in range(600):
        send(page.history, {"type": "press", "id": "download"})
        sent = page.sent()
        downloaded, rest = files(sent)
        over = done()
        assert over or downloaded == finished, f"{what}: Download all sent a game in progress"
        hidden = page.hidden(rest)
        assert not hidden, f"{what}: hidden cards {sorted(hidden)} reached the page"
        assert not seeds_shown(sent, secrets), f"{what}: a seed of the class reached the page"
        if over:
            return
        send(page.table, MOVES[page.table.game.name](page.table, 1, turn))
    raise AssertionError(f"{what}: no end after 600 moves")


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_no_hidden_card_nor_seed_leaves_over_a_whole_game_and_a_class_set(tmp_path, name):
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite'}")
    classes = Classes(store)
    cls = classes.create(KEY, name, "low", 1)
    secrets = {cls.seed, deal_seed(cls, 0), *(p.seed for p in set_players(cls, 0)[1:])}
    page = StudentPage(store, name)
    play_on(page, lambda: page.table.turn.over, set(), [], f"{name}, a game of one's own")
    own = [page.table.record()]
    page.allowed.clear()
    send(page.panel, {"type": "class", "code": cls.code})
    page.states.clear()
    send(page.panel, {"type": "text", "id": "name", "value": "Ana"})
    play_on(page, lambda: page.panel.over, secrets, own, f"{name}, the class deal")
    page.panel.wait()

    row = page.keeper.game_id  # the class deal's row, kept apart
    for intent in ({"type": "download"}, {"type": "review"}, {"type": "replay", "step": 1, "faceup": True}):
        send(page.table, intent)
    page.table.reviewing.wait()
    send(page.history, {"type": "press", "id": "download"})
    send(page.history, {"type": "press", "id": f"review:{row}"})
    sent = page.sent()
    downloaded, _ = files(sent)
    assert len(downloaded) == 2 and downloaded[1] == own[0] and downloaded[0].setup != own[0].setup
    assert page.table.review.get("open") and "not among" in page.table.notice
    assert not seeds_shown(sent, secrets), f"{name}: a seed of the class left with the deal's record or review"

    classes.reviewed(cls, page.settings.token, 0, [{"step": 0, "played": "x", "best": "y", "loss": 1.0}])
    board = Board(classes=classes, environ={HASH_ENV: teacher_id(KEY)}, settings=Settings())
    custom(board, {"type": "key", "value": KEY})
    send(board, {"type": "press", "id": f"set:{cls.id}"})
    send(board, {"type": "press", "id": "replay:0:0"})
    [replayed] = board.replays.children
    wire = Wire(board, replayed)
    send(replayed, {"type": "replay", "step": 0, "faceup": True})
    sent = payload(wire.take()) + [board.get_state(), replayed.get_state()]
    assert not board.notice and replayed.review.get("open"), board.notice
    assert not seeds_shown(sent, secrets), f"{name}: a seed of the class reached the teacher's page"


def test_the_scans_catch_a_planted_card_and_a_planted_seed(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite'}")
    page = StudentPage(store, "pao_de_kuai")
    sent = page.sent()
    assert not page.hidden(sent) and not seeds_shown(sent, {123456789012345678})
    unseen = sorted({c for h in page.table.state.hands[1:] for c in h})[0]
    assert page.hidden([*sent, {"text": f"a card {unseen}"}]) == {unseen}
    assert seeds_shown([*sent, {"text": json.dumps({"seed": 123456789012345678})}], {123456789012345678})
