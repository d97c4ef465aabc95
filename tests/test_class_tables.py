"""Tables in class (issue 44, item 5): the teacher's board seats a server set's students at tables of two to four,
each student's class panel links to their table, the table's game is played by the students' own pages (their
kernels, the room's store), and the board shows the tables' results apart from the set's deals. The store's part
runs on SQLite and PostgreSQL; the pages' on SQLite (as the other panels' tests)."""

from __future__ import annotations

import json

import pytest

from cardavia_nb.classroom import ClassError, Classes
from cardavia_nb.classroom.rooms import room_code
from cardavia_nb.store.seating import tables_of
from cardavia_nb.store.rooms import progress, room_seed, room_state, take_seat
from tests import databases
from tests.support import send
from tests import test_board, test_classplay
from tests.test_board import KEY, created, opened, press, words
from tests.test_classplay import Page
from tests.test_friends import to_the_end
from tests.test_room_table import Kernel
from tests.wire import leaks, payload, seeds_shown

postgresql, url, store = databases.postgresql, databases.url, databases.store  # both databases: the store's part
quick_high, quick_review = test_board.quick_high, test_classplay.quick_review  # High and the review, made quick
TOKENS = [letter * 43 for letter in "abcde"]
NAMES = ["Ana", "Ben", "Caro", "Dai", "Eli"]


def joined(classes: Classes, cls, count: int) -> None:
    """The first ``count`` students join the set, in order."""
    for token, name in zip(TOKENS[:count], NAMES[:count]):
        classes.join(cls, token, name)


def test_students_sit_in_the_order_they_joined_and_one_alone_joins_the_last_table_with_a_seat():
    assert tables_of(list("abcde"), 2, most=3) == ([["a", "b"], ["c", "d", "e"]], [])  # Pao De Kuai seats three
    assert tables_of(list("abcde"), 2, most=2) == ([["a", "b"], ["c", "d"]], ["e"])  # Truco seats two
    assert tables_of(list("abcde"), 4, most=4) == ([["a", "b", "c", "d"]], ["e"])  # a full table of four
    assert tables_of(list("abcdef"), 4, most=4) == ([["a", "b", "c", "d"], ["e", "f"]], [])
    assert tables_of(["a"], 2, most=4) == ([], ["a"])


def test_the_teacher_opens_tables_each_student_holds_a_seat_and_finds_the_code(store):
    classes = Classes(store)
    cls = classes.create(KEY, "pao_de_kuai", "low", 2)
    joined(classes, cls, 5)
    assert classes.open_rooms(KEY, cls.id, 2) == (2, [])
    codes = [classes.my_room(cls, token) for token in TOKENS]
    assert codes[0] == codes[1] == room_code(cls, 1) and codes[2] == codes[3] == codes[4] == room_code(cls, 2)
    first, second = room_state(store, codes[0]), room_state(store, codes[2])
    assert (len(first.seats), len(second.seats)) == (2, 3) and first.started and second.started
    assert (first.game, first.level) == ("pao_de_kuai", "low")
    assert [take_seat(store, codes[2], token) for token in TOKENS[2:]] == [0, 1, 2]  # in the order they joined
    with pytest.raises(Exception, match="full"):
        take_seat(store, codes[0], "z" * 43)  # a page without a seat there takes none
    assert classes.my_room(cls, "z" * 43) is None
    before = classes.stamp(cls.id)
    assert classes.open_rooms(KEY, cls.id, 3) == (2, [])  # tables of three: Ana, Ben, Caro; then Dai, Eli
    assert classes.stamp(cls.id) != before
    assert classes.my_room(cls, TOKENS[0]) == room_code(cls, 3)  # the newest table is the student's
    rooms = classes.board(KEY, cls.id)["rooms"]
    assert [(r["number"], [p["name"] for p in r["people"]]) for r in rooms] == [
        (1, ["Ana", "Ben"]), (2, ["Caro", "Dai", "Eli"]), (3, ["Ana", "Ben", "Caro"]), (4, ["Dai", "Eli"])]


@pytest.mark.parametrize("ask, said", [
    (dict(game="truco", size=3), "from 2 to 2"),
    (dict(game="french_tarot", size=5), "from 2 to 4"),
    (dict(game="french_tarot", size=True), "from 2 to 4"),
    (dict(game="truco", size=2, kind="open"), "shared server"),
    (dict(game="truco", size=2, students=1), "At least two"),
    (dict(game="truco", size=2, key="another-teacher-key-0123456789"), "no such class set"),
])
def test_tables_a_set_cannot_have_are_refused_in_words_and_make_nothing(store, ask, said):
    classes = Classes(store)
    cls = classes.create(KEY, ask["game"], "low", 1, kind=ask.get("kind", "server"))
    joined(classes, cls, ask.get("students", 4))
    with pytest.raises(ClassError, match=said):
        classes.open_rooms(ask.get("key", KEY), cls.id, ask["size"])
    assert classes.board(KEY, cls.id)["rooms"] == [] and classes.my_room(cls, TOKENS[0]) is None


@pytest.mark.parametrize("url", ["sqlite"], indirect=True)
def test_a_pair_seated_by_the_board_plays_its_table_and_the_board_shows_the_result_apart(store, quick_high,
                                                                                          quick_review):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "truco", 1)
    pages = [Page(store, "truco", cls.code, token, name) for token, name in zip(TOKENS[:2], NAMES[:2])]
    press(board, "tables:2")
    assert not board.notice and "1 table is ready" in words(board)
    code = room_code(cls, 1)
    for page in pages:  # each student's class panel finds the table (its look every few seconds, here by hand)
        page.panel._look_for_table()
        links = [b for b in page.panel.blocks if b["type"] == "link"]
        assert [(b["testid"], b["href"], b["follow"]) for b in links] == [
            ("class-table", f"01-truco.ipynb?tab=table&room={code}", True)]  # its words, not its address
    kernels = [Kernel(store.url, "truco", code, token) for token in TOKENS[:2]]  # the pages the links open
    try:
        assert [k.room.seat for k in kernels] == [0, 1] and kernels[0].room.room.started
        board.poll()
        assert "not begun" in words(board) and "Ana, Ben" in words(board)
        to_the_end(kernels)
        board.poll()
        shown = words(board)
        assert "over" in shown and ("Ana: won · Ben: lost" in shown or "Ana: lost · Ben: won" in shown), shown
        assert board.data["totals"] == []  # the table's game is never a result of the set's deals
        # no seed leaves: not the set's, not the room's, in anything the board or a student's panel sent
        sent = [board.get_state(), *(payload(p.wire.take()) for p in pages)]
        secrets = {cls.seed, room_seed(store, code)}
        assert not seeds_shown(sent, secrets) and not leaks(sent)
        assert str(cls.seed) not in json.dumps(sent, default=str)
    finally:
        for kernel in kernels:
            kernel.close()
    assert progress(store, code)[0] > 0


@pytest.mark.parametrize("url", ["sqlite"], indirect=True)
def test_a_forged_table_size_is_refused_in_words_and_opens_nothing(store, quick_high):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "truco", 1)
    for token, name in zip(TOKENS[:2], NAMES[:2]):
        classes.join(cls, token, name)
    for forged in ("tables:3", "tables:0", "tables:22", "tables:x", "tables:"):
        board.notice = ""
        press(board, forged)
        assert board.notice and classes.board(KEY, cls.id)["rooms"] == [], forged
    send(board, {"type": "press", "id": "tables:2"})
    assert [r["number"] for r in classes.board(KEY, cls.id)["rooms"]] == [1]
