"""The teacher's page without a browser, on SQLite and PostgreSQL: the key, the sets, the board and its
live updates, High's scores, the export, results files, names as text, and forged intents."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from pathlib import Path

import pytest

from cardavia_nb import i18n
from cardavia_nb.classroom.server import ROOM_ENV
from cardavia_nb.core.record import Record, SeatPlayer, result_data
from cardavia_nb.games import get as get_game
from cardavia_nb.players.seats import seat_of
from cardavia_nb.classroom.deals import deal_seed
from cardavia_nb.classroom import door
from cardavia_nb.classroom import HASH_ENV, Classes, results_file, set_deal, set_players, teacher_id
from cardavia_nb.ui import Settings
from cardavia_nb.ui.classroom.teacher_page import Board
from cardavia_nb.ui.classroom.high_scores import high_score
from cardavia_nb.ui.addresses import student_link
from cardavia_nb.ui.home import Home
from cardavia_nb.ui.table import Table
from tests.blocks import block_text
from tests import databases
from tests.support import send
from tests.wire import Wire, custom

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both

KEY = "teacher-key-for-the-tests-0123456789"
SEED = 2  # a server set's secret seed, fixed: its Pao De Kuai deal gives the student eight choices (some give none)
OTHER = "another-teacher-key-0123456789abcdef"
ENV = {HASH_ENV: teacher_id(KEY)}
ORIGIN = "http://192.168.1.20:8866/voila/render/notebooks/05-class.ipynb"
NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "05-class.ipynb"


def kinds(board: Board) -> list[str]:
    """The board's block types, in order."""
    return [b["type"] for b in board.blocks]


def words(board: Board) -> str:
    """Every word the board shows (Markdown and notes as read, table cells and button labels as they are)."""
    out = []
    for b in board.blocks:
        if b["type"] in ("md", "note"):
            out.append(block_text(b))
        elif b["type"] == "table":
            out += b["head"] + [cell for row in b["rows"] for cell in row]
        elif b["type"] == "buttons":
            out += [item["label"] for item in b["items"]]
    return "\n".join(out)


def opened(classes: Classes, **kwargs) -> Board:
    """A board that was given the right key, at a known address."""
    board = Board(classes=classes, environ=ENV, settings=Settings(), **kwargs)
    custom(board, {"type": "origin", "value": ORIGIN})
    custom(board, {"type": "key", "value": KEY})
    assert board.teacher and not board.notice
    return board


def press(board: Board, id_: str) -> None:
    """A button of the board, pressed."""
    send(board, {"type": "press", "id": id_})


def played(cls, index: int, pick: int = 0) -> Record:
    """A student's record of deal ``index`` of the set: the ``pick``-th legal move at every decision,
    against the set's own computer players."""
    game = get_game(cls.game)
    state, players, moves = set_deal(game, cls, index), set_players(cls, index), []
    while not game.deal_over(state):
        seat, legal = state.to_act, game.legal_actions(state)
        action = legal[pick % len(legal)] if seat == 0 else players[seat].choose(game, game.observe(state, seat), legal)
        moves.append(action.id)
        state = game.apply(state, action)
    seats = (SeatPlayer("human"), *(seat_of(cls.game, p) for p in players[1:]))
    return Record(cls.game, deal_seed(cls, index), tuple(moves), dict(game.options),
                  game.deal_setup(set_deal(game, cls, index)), seats, result=result_data(game, state))


def created(board: Board, game: str = "pao_de_kuai", deals: int = 2, kind: str = "server"):
    """A set made through the board's own buttons; High's scores computed."""
    press(board, f"game:{game}")
    send(board, {"type": "number", "id": "deals", "value": deals})
    press(board, f"kind:{kind}")
    press(board, "create")
    assert not board.notice, board.notice
    board.high_thread.join(120)
    board.poll()
    return next(s for s in board.classes.sets(KEY) if s.id == board.chosen)


@pytest.fixture
def quick_high(monkeypatch):
    """High's score as a constant, for tests about something else (playing High takes seconds a deal)."""
    monkeypatch.setattr("cardavia_nb.ui.classroom.high_scores.high_score", lambda game, cls, index: 1.5)


def one_result(store, game: str = "pao_de_kuai", deals: int = 1, name: str = "Ana", token: str = "a" * 43):
    """A board showing a new set of ``game`` where one student finished deal 0: (classes, board, set, record)."""
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, game, deals)
    record = played(cls, 0)
    classes.join(cls, token, name)
    assert classes.finish(cls, token, 0, record)
    board.poll()
    return classes, board, cls, record


# --- the key ---------------------------------------------------------------------------------------

def test_without_class_mode_the_page_says_how_to_start_it_and_nothing_else():
    board = Board(classes=None, environ={}, settings=Settings())
    assert kinds(board) == ["note"] and "make class" in block_text(board.blocks[0])
    custom(board, {"type": "key", "value": KEY})
    assert not board.teacher and kinds(board) == ["note"]


def test_without_the_right_key_the_page_shows_only_the_request(store):
    classes = Classes(store)
    board = Board(classes=classes, environ=ENV, settings=Settings())
    assert kinds(board) == ["md", "field"] and board.blocks[1]["id"] == "key"
    for wrong in (OTHER, KEY + "x", KEY[:-1], "", " " * 3):
        custom(board, {"type": "key", "value": wrong})
        assert not board.teacher and kinds(board) == ["md", "field", "note"]
        assert block_text(board.blocks[-1]) == i18n.translate("board.wrong_key")
    for forged in ({"type": "press", "id": "create"}, {"type": "press", "id": "set:1"},
                   {"type": "file", "id": "results", "name": "r.json", "text": "{}"}):
        send(board, forged)
        assert board.notice == i18n.translate("board.ask_key") and kinds(board)[:2] == ["md", "field"]
    assert classes.sets(KEY) == [] and classes.sets(OTHER) == []


def test_the_key_field_opens_the_page_too_and_a_wrong_key_closes_it(store):
    board = Board(classes=Classes(store), environ=ENV, settings=Settings())
    send(board, {"type": "text", "id": "key", "value": f"  {KEY} "})
    assert board.teacher and "field" not in kinds(board)
    custom(board, {"type": "key", "value": OTHER})
    assert not board.teacher and kinds(board) == ["md", "field", "note"]


# --- sets and the board ----------------------------------------------------------------------------

def test_a_new_set_shows_its_code_its_link_large_and_as_a_qr_code(store, quick_high):
    board = opened(Classes(store))
    cls = created(board, "truco", 3)
    link = student_link(ORIGIN, "truco", cls.code)
    assert link == f"http://192.168.1.20:8866/voila/render/notebooks/01-truco.ipynb?tab=table&class={cls.code}"
    shown = words(board)
    assert cls.code in shown and link in shown
    qr = next(b for b in board.blocks if b["type"] == "image")
    assert qr["alt"] == link and qr["src"].startswith("data:image/svg+xml;base64,")
    assert b"<svg" in base64.b64decode(qr["src"].split(",", 1)[1])
    assert (cls.game, cls.deals, cls.level, cls.kind) == ("truco", 3, "low", "server")


def test_student_links_beside_the_page_and_on_a_hub_to_each_students_own_server():
    assert student_link(None, "french_tarot", "C0de") == "03-french-tarot.ipynb?tab=table&class=C0de"
    hub = "https://hub.school.org/user/ms.silva/voila/render/notebooks/05-class.ipynb"
    assert student_link(hub, "truco", "C0de") == \
        "https://hub.school.org/hub/user-redirect/voila/render/notebooks/01-truco.ipynb?tab=table&class=C0de"


@pytest.mark.parametrize("room", [None, "http://192.168.1.20:8866/"])
def test_the_teachers_page_on_loopback_gives_students_the_rooms_address(store, quick_high, room):
    board = Board(classes=Classes(store), environ={**ENV, **({ROOM_ENV: room} if room else {})}, settings=Settings())
    custom(board, {"type": "origin", "value": "http://127.0.0.1:8866/voila/render/notebooks/05-class.ipynb"})
    custom(board, {"type": "key", "value": KEY})
    cls = created(board, "truco", 1)
    shown = words(board)
    if room:  # class mode told the kernels the room's address: the link and QR code reach the students
        assert f"http://192.168.1.20:8866/voila/render/notebooks/01-truco.ipynb?tab=table&class={cls.code}" in shown
        assert "127.0.0.1" not in shown
    else:  # no address known: the board says its link reaches this machine only
        assert i18n.translate("board.loopback") in shown


def test_high_plays_each_deal_once_in_the_background_and_the_board_shows_its_score(store):
    board = opened(Classes(store))
    cls = created(board, "pao_de_kuai", 2)
    game = get_game("pao_de_kuai")
    expected = [high_score(game, cls, i) for i in range(2)]
    assert [d["high"] for d in board.data["deals"]] == expected
    for value in expected:
        assert i18n.translate("board.high", score=i18n.number(value)) in words(board)


def test_a_finished_result_shows_with_its_score_beside_highs_and_the_share_beaten(store):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "pao_de_kuai", 2)
    for pick, (token, name) in enumerate([("a" * 43, "Ana"), ("b" * 43, "Bea")]):
        classes.join(cls, token, name)
        classes.started(cls, token, 0)
        assert classes.finish(cls, token, 0, played(cls, 0, pick))
    assert board.poll() and not board.poll()  # drawn again once, then not while nothing changes
    rows = board.data["deals"][0]["rows"]
    assert {r["name"] for r in rows} == {"Ana", "Bea"} and all(r["status"] == "over" for r in rows)
    table = next(b for b in board.blocks if b["type"] == "table" and i18n.translate("board.head.vs_high") in b["head"])
    high = board.data["deals"][0]["high"]
    for row, data in zip(table["rows"], rows):
        assert row[0] == data["name"] and row[1] == i18n.number(data["score"])
        assert row[2] == (i18n.number(i18n.Signed(data["score"] - high)) if data["score"] != high else "0")
    assert i18n.translate("board.state.playing") in words(board)  # one deal of two done


def test_first_decisions_are_shown_in_the_games_words(store, quick_high):
    _, board, _, _ = one_result(store, "truco")
    first = board.data["deals"][0]["first"]
    assert first
    game = get_game("truco")
    from cardavia_nb.ui.table.adapters import adapter_for
    label = adapter_for(game).label(game.action(next(iter(first[0]["moves"]))), "en")
    assert f"{label}: 1" in words(board)


def test_choosing_a_set_that_is_not_yours_is_refused_and_changes_nothing(store, quick_high):
    classes = Classes(store)
    theirs = classes.create(OTHER, "truco", "low", 2)
    board = opened(classes)
    mine = created(board, "pao_de_kuai", 1)
    before = (classes.board(KEY, mine.id), classes.board(OTHER, theirs.id))
    for forged in (f"set:{theirs.id}", "set:", "set:-1", "set:99999", f"set:{theirs.id}.0", "set:1e3"):
        press(board, forged)
        assert board.notice == i18n.translate("board.not_yours") and board.chosen == mine.id, forged
    assert (classes.board(KEY, mine.id), classes.board(OTHER, theirs.id)) == before
    assert [s.closed for s in classes.sets(OTHER)] == [False]


@pytest.mark.parametrize("forged", [
    {"type": "press", "id": "replay:5:0"}, {"type": "press", "id": "replay:0:9"}, {"type": "press", "id": "replay:-1:0"},
    {"type": "press", "id": "replay:x"}, {"type": "result", "deal": 0, "score": 99, "name": "Ana"},
    {"type": "finish", "deal": 0, "score": 1e9}, {"type": "text", "id": "key", "value": "k" * 10_000},
    {"type": "text", "id": "name", "value": "x"}, {"type": "press", "id": "game:poker"}, {"type": "press", "id": "level:god"},
    {"type": "number", "id": "deals", "value": "12"}, {"type": "key", "value": ["x"]}, {"type": "origin", "value": "javascript:x"},
    {"type": "file", "id": "other", "name": "r.json", "text": "{}"}, {"type": "", "id": "create"}, None, [], "create"])
def test_forged_intents_are_refused_in_words_and_change_nothing_in_the_store(store, quick_high, forged):
    classes, board, cls, _ = one_result(store, deals=2)
    before, stamp, form = classes.board(KEY, cls.id), classes.stamp(cls.id), dict(board.form)
    wire = Wire(board)
    custom(board, forged)
    assert board.notice and board.teacher, forged
    assert classes.board(KEY, cls.id) == before and classes.stamp(cls.id) == stamp and board.form == form
    assert len(classes.sets(KEY)) == 1 and not board.replays.children
    assert KEY not in json.dumps(wire.take(), default=str)


def test_a_deal_count_outside_one_to_twelve_is_brought_in_and_said(store):
    board = opened(Classes(store))
    send(board, {"type": "number", "id": "deals", "value": 40})
    assert board.form["deals"] == 12 and board.notice
    send(board, {"type": "number", "id": "deals", "value": 0})
    assert board.form["deals"] == 1


def test_closing_a_set_says_so_and_a_second_close_is_refused(store, quick_high):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "pao_de_kuai", 1)
    press(board, "close")
    assert classes.sets(KEY)[0].closed and i18n.translate("board.closed") in words(board)
    assert i18n.translate("board.close") not in words(board)
    press(board, "close")
    assert board.notice == i18n.translate("board.already_closed") and cls.id == board.chosen


def test_export_sends_the_board_as_a_csv_download(store, quick_high):
    _, board, cls, _ = one_result(store, name="=cmd|' /C calc'!A0")
    sent = []
    board.send = sent.append
    press(board, "export")
    assert len(sent) == 1 and sent[0]["type"] == "download" and sent[0]["mime"] == "text/csv"
    assert sent[0]["name"] == f"cardavia-class-pao_de_kuai-{cls.id}.csv"
    lines = sent[0]["text"].splitlines()
    assert len(lines) >= 3 and "'=cmd" in sent[0]["text"] and KEY not in sent[0]["text"]


def test_results_files_are_checked_in_the_background_then_refused_in_words_or_added(store, quick_high, monkeypatch):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "pao_de_kuai", 2, kind="open")
    assert cls.kind == "open" and cls.code.startswith("pao_de_kuai.low.2.")
    assert i18n.translate("board.kind.open") in words(board)
    qr = next(b for b in board.blocks if b["type"] == "image")
    assert qr["alt"] == cls.code

    checked, replaying = classes.upload, threading.Event()

    def held(*args):
        """The store's check, held until the test has seen what the board says meanwhile."""
        assert replaying.wait(10)
        return checked(*args)

    monkeypatch.setattr(classes, "upload", held)

    def upload(name, text):
        replaying.clear()
        send(board, {"type": "file", "id": "results", "name": name, "text": text})
        assert block_text(board.blocks[0]) == i18n.translate("board.checking", name=name)  # the page is not held
        replaying.set()
        board.upload_thread.join()
        return block_text(board.blocks[0])

    said = upload("junk.json", "not json at all")
    assert said.startswith(i18n.translate("board.refused", name="junk.json", reason="").rstrip()) and board.blocks[0]["tone"] == "bad"
    other = classes.create(KEY, "pao_de_kuai", "low", 2, kind="open")
    said = upload("other.json", results_file(other, "Eva", [played(other, 0)]))
    assert board.blocks[0]["tone"] == "bad" and "other.json" in said
    assert classes.board(KEY, cls.id)["totals"] == []
    said = upload("ana.json", results_file(cls, "Ana", [played(cls, 0), played(cls, 1, 1)]))
    assert board.blocks[0]["tone"] == "ok" and said == i18n.translate("board.uploaded", name="ana.json", count=2)
    board.poll()
    assert [t["name"] for t in board.data["totals"]] == ["Ana"] and board.data["totals"][0]["deals"] == 2
    upload("ana.json", results_file(cls, "Ana", [played(cls, 0), played(cls, 1, 1)]))
    assert board.blocks[0]["tone"] == "bad" and classes.board(KEY, cls.id)["totals"][0]["deals"] == 2


def test_a_results_file_whose_check_breaks_is_refused_in_words_and_logged(store, quick_high, monkeypatch, caplog):
    classes = Classes(store)
    board = opened(classes)
    cls = created(board, "pao_de_kuai", 1, kind="open")

    def broken(*args):
        raise RecursionError("deep in /srv/cardavia/store/class_files.py")

    monkeypatch.setattr(classes, "upload", broken)
    wire = Wire(board)
    send(board, {"type": "file", "id": "results", "name": "ana.json", "text": results_file(cls, "Ana", [played(cls, 0)])})
    board.upload_thread.join()
    said = block_text(board.blocks[0])
    assert board.blocks[0]["tone"] == "bad" and said != i18n.translate("board.checking", name="ana.json")
    assert "ana.json" in said and "/srv/" not in json.dumps(wire.take(), default=str)
    assert "RecursionError" in caplog.text  # the server's log has what went wrong


def test_a_check_that_ends_while_the_page_is_drawn_is_not_drawn_over(store, quick_high, monkeypatch):
    # fc7: the upload's thread ended before the message handler had drawn "checking"; the handler's drawing,
    # read before the thread's outcome and set after it, left "checking" on the page for good
    classes = Classes(store)
    board = opened(classes)
    created(board, "pao_de_kuai", 1, kind="open")
    monkeypatch.setattr(classes, "upload", lambda *args: (_ for _ in ()).throw(RuntimeError("broken")))
    render, handler = board.render, threading.get_ident()

    def slow(lang):
        """The handler's drawing reads the panel, then is slow to hand its blocks over (a busy kernel)."""
        blocks = render(lang)
        if threading.get_ident() == handler and board.upload_thread is not None:
            board.upload_thread.join(1)  # the check ends meanwhile, unless it must wait for this drawing
        return blocks

    monkeypatch.setattr(board, "render", slow)
    send(board, {"type": "file", "id": "results", "name": "ana.json", "text": "{}"})
    board.upload_thread.join()
    assert board.blocks[0]["tone"] == "bad" and "ana.json" in block_text(board.blocks[0])


def test_names_are_shown_as_text_never_as_html_or_markdown(store, quick_high):
    name = "<b>x</b> **y** [z](http://e.x)"
    classes, board, cls, record = one_result(store, name=name)
    classes.reviewed(cls, "a" * 43, 0, [a_mistake(cls, record, 3.0)])
    board.poll()
    cells = [cell for b in board.blocks if b["type"] == "table" for row in b["rows"] for cell in row]
    assert name in cells
    html = [b["html"] for b in board.blocks if b["type"] in ("md", "note")]
    assert not any("<b>x" in h or "x</b>" in h or "e.x" in h for h in html)
    labels = [i["label"] for b in board.blocks if b["type"] == "buttons" for i in b["items"]]
    assert any(name in label for label in labels)  # the Replay button names the student, as text


def test_replay_opens_the_students_deal_at_the_mistake_below_the_board(store, quick_high, monkeypatch):
    monkeypatch.setattr(door.secrets, "randbits", lambda bits: SEED)  # a set whose deal gives the student choices
    classes, board, cls, record = one_result(store)
    mistake = a_mistake(cls, record, 2.5, nth=1)
    step = mistake["step"]
    classes.reviewed(cls, "a" * 43, 0, [mistake])
    board.poll()
    press(board, "replay:0:0")
    assert not board.notice, board.notice
    (table,) = board.replays.children
    assert isinstance(table, Table) and table.review["open"] and table.review["replay"]["step"] == step
    assert block_text(board.blocks[0]) == i18n.translate("board.replaying", deal=1, step=step + 1)
    table.reviewing.wait(60)
    sent = []
    table.send = sent.append
    send(table, {"type": "download"})  # the student's record, as the teacher's page may have it: no seeds yet
    assert not table.notice, table.notice
    (file,) = sent
    kept = Record.from_json(file["text"])
    assert kept.actions == record.actions and kept.seed == 0 and str(deal_seed(cls, 0)) not in file["text"]
    press(board, f"set:{cls.id}")  # showing the set again closes the replay
    assert board.replays.children == () and table.comm is None


def a_mistake(cls, record: Record, loss: float, nth: int = 0) -> dict:
    """A review's mistake at the student's ``nth`` decision of deal 0 that had a choice: the move played
    and, as High's, another legal move there."""
    game = get_game(cls.game)
    state, found = set_deal(game, cls, 0), []
    for step, move in enumerate(record.actions):
        legal = [a.id for a in game.legal_actions(state)]
        if state.to_act == 0 and len(legal) > 1:
            found.append({"step": step, "played": move, "best": next(a for a in legal if a != move), "loss": loss})
        state = game.apply(state, move)
    return found[nth]


def test_the_teacher_key_never_appears_in_a_trait_or_a_message(store, quick_high):
    classes = Classes(store)
    board = Board(classes=classes, environ=ENV, settings=Settings())
    wire = Wire(board)
    custom(board, {"type": "key", "value": KEY})
    cls = created(board, "pao_de_kuai", 1)
    classes.join(cls, "a" * 43, "Ana")
    classes.finish(cls, "a" * 43, 0, played(cls, 0))
    board.poll()
    sent = []
    board.send = sent.append
    press(board, "export")
    press(board, "close")
    everything = json.dumps([wire.take(), sent, board.get_state(), board.replays.get_state()], default=str)
    assert KEY not in everything and teacher_id(KEY) not in everything
    assert str(cls.seed) not in everything


def test_the_board_polls_on_the_kernels_loop_and_stops_when_closed(store, quick_high):
    classes = Classes(store)

    async def lesson():
        board = opened(classes)
        cls = created(board, "pao_de_kuai", 1)
        assert board._ticker.timer is not None  # a timer on the running loop, not a thread
        classes.join(cls, "a" * 43, "Ana")
        classes.finish(cls, "a" * 43, 0, played(cls, 0))
        for _ in range(50):  # the result appears without any call from here
            await asyncio.sleep(0.1)
            if board.data["deals"][0]["rows"]:
                break
        assert [r["name"] for r in board.data["deals"][0]["rows"]] == ["Ana"]
        board.close()
        assert board._ticker.timer is None
        classes.join(cls, "b" * 43, "Bea")
        await asyncio.sleep(1.5)
        assert [s["name"] for s in board.data["students"]] == ["Ana"]  # closed: no longer read

    asyncio.run(lesson())


# --- the page ------------------------------------------------------------------------------------

def test_the_notebook_is_the_class_page_with_the_board_in_its_main_part():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert nb["metadata"]["cardavia"] == {"page": "class"}
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] and c["execution_count"] is None for c in code)
    assert code[0]["metadata"].get("tags") is None and "Settings.shared()" in "".join(code[0]["source"])
    assert code[1]["metadata"]["tags"] == ["page-main"] and "Board()" in "".join(code[1]["source"])


def test_the_home_page_links_the_board_quietly_in_every_language():
    for lang in i18n.LANGS:
        last = Home(settings=Settings(lang=lang)).blocks[-1]
        assert last["type"] == "md" and f'href="05-class.ipynb?lang={lang}"' in last["html"]
