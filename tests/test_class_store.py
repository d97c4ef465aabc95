"""Class sets in the store, against SQLite and a real PostgreSQL: sets, students, results and who reads what."""

from __future__ import annotations

import dataclasses
import json
import threading
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import insert, select, text, update

from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.i18n import LANGS
from cardavia_nb.store import Store, StoreError, new_token
from cardavia_nb.classroom import (
    ClassError, Classes, board_csv, open_code, parse_open, set_deal, teacher_id, teacher_ok,
)
from cardavia_nb.store.engine import _config, head, make_engine
from cardavia_nb.store.tokens import token_key
from cardavia_nb.store.tables import class_results, class_sets, class_students, games, players
from tests import databases
from tests.classroom import student_record

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

TEACHER, OTHER_TEACHER = "teacher-key-" + "a" * 20, "teacher-key-" + "b" * 20


@pytest.fixture
def classes(store):
    """The class door of a fresh store."""
    return Classes(store)


def _refused(key: str, work) -> ClassError:
    """Run ``work``; it must be refused with ``classes.<key>`` (or the given full key), in every language."""
    with pytest.raises(ClassError) as err:
        work()
    assert err.value.msg.key == (key if "." in key else f"classes.{key}")
    assert all(err.value.text(lang) and "{" not in err.value.text(lang) for lang in LANGS)
    return err.value


def _joined(classes, cls, count: int) -> list[str]:
    """``count`` students who joined the set as Student 0, 1, ..."""
    tokens = [new_token() for _ in range(count)]
    for n, token in enumerate(tokens):
        classes.join(cls, token, f"Student {n}")
    return tokens


def test_a_set_is_created_found_by_its_code_and_closed_by_its_teacher(classes):
    first = classes.create(TEACHER, "truco", "low", 4)
    second = classes.create(TEACHER, "pao_de_kuai", "high", 12)
    assert [s.id for s in classes.sets(TEACHER)] == [second.id, first.id]
    assert classes.find(first.code) == first and len(first.code) >= 22 and first.kind == "server"
    assert "seed" not in repr(first) and str(first.seed) not in repr(first)
    classes.close(TEACHER, first.id)
    assert classes.find(first.code).closed and not classes.find(second.code).closed
    with classes.engine.connect() as connection:  # keyed by the key's hash, never the key
        rows = connection.execute(select(class_sets)).all()
    assert {row.teacher for row in rows} == {teacher_id(TEACHER)} and TEACHER not in str(rows)


WRONG_CODES = ["", "nope", "x" * 22, "truco.low.4.short", "truco.low.13." + "a" * 22, "truco.low.04." + "a" * 22,
               "chess.low.4." + "a" * 22, "truco.random.4." + "a" * 22, None, 12, "a" * 500]


def test_a_wrong_code_finds_nothing(classes):
    cls = classes.create(TEACHER, "truco", "low", 4)
    assert [classes.find(code) for code in WRONG_CODES + [cls.code[:-1], cls.code.upper()]] == [None] * 13


def test_a_bad_set_is_refused_in_words(classes):
    _refused("bad_game", lambda: classes.create(TEACHER, "chess", "low", 4))
    _refused("bad_level", lambda: classes.create(TEACHER, "truco", "random", 4))
    _refused("bad_deals", lambda: classes.create(TEACHER, "truco", "low", 13))
    _refused("bad_deals", lambda: classes.create(TEACHER, "truco", "low", 0))
    _refused("bad_kind", lambda: classes.create(TEACHER, "truco", "low", 4, kind="public"))
    _refused("bad_key", lambda: classes.create("short", "truco", "low", 4))
    assert classes.sets(TEACHER) == []


def test_an_open_code_deals_the_same_everywhere_and_a_server_set_not_by_its_code(store, tmp_path):
    code = open_code("pao_de_kuai", "low", 3)
    here, elsewhere = parse_open(code), parse_open(code)  # two machines with nothing in common but the code
    game = get("pao_de_kuai")
    assert [game.deal_setup(set_deal(game, here, i)) for i in range(3)] == \
           [game.deal_setup(set_deal(game, elsewhere, i)) for i in range(3)]
    assert len({str(game.deal_setup(set_deal(game, here, i))) for i in range(3)}) == 3
    classes = Classes(store)
    server = classes.create(TEACHER, "pao_de_kuai", "low", 3)
    twin = classes.create(TEACHER, "pao_de_kuai", "low", 3)
    assert parse_open(server.code) is None and server.seed != twin.seed
    other = Store(f"sqlite:///{tmp_path / 'another' / 'games.sqlite'}")  # another server: the code alone is nothing
    assert Classes(other).find(server.code) is None
    other.close()
    with_code_only = dataclasses.replace(server, seed=0)
    assert game.deal_setup(set_deal(game, server, 0)) != game.deal_setup(set_deal(game, with_code_only, 0))


def test_names_of_any_script_one_per_token_and_one_token_per_name(classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    ana, bo, chen = new_token(), new_token(), new_token()
    assert classes.join(cls, ana, "  Ana Lúcia  ") == "Ana Lúcia"
    assert classes.join(cls, ana, "Someone Else") == "Ana Lúcia"  # a token keeps its first name
    _refused("name_taken", lambda: classes.join(cls, bo, "ANA LÚCIA"))
    _refused("name_taken", lambda: classes.join(cls, bo, "Ａｎａ Ｌúcia"))  # full-width letters are the same name
    assert classes.join(cls, chen, "陈静 <b>") == "陈静 <b>"
    for bad in ["", "   ", "x" * 41, "bell\x07", "line\nbreak", "rtl\u202eoverride", "\u200d\u200c", None, 7]:
        _refused("bad_name", lambda bad=bad: classes.join(cls, bo, bad))
    assert classes.join(cls, bo, "علی\u200cرضا") == "علی\u200cرضا"  # Persian writes names with a non-joiner
    assert classes.student(cls, new_token()) is None
    other_set = classes.create(TEACHER, "truco", "low", 2)
    assert classes.join(other_set, bo, "Ana Lúcia") == "Ana Lúcia"  # names are per set


def test_a_full_class_takes_no_more_names(classes, monkeypatch):
    monkeypatch.setattr("cardavia_nb.classroom.door.MAX_STUDENTS", 3)
    cls = classes.create(TEACHER, "truco", "low", 1)
    first, *_ = _joined(classes, cls, 3)
    _refused("full", lambda: classes.join(cls, new_token(), "One too many"))
    assert classes.join(cls, first, "Student 0") == "Student 0"  # a student already in comes back


def test_finish_replays_the_record_and_computes_the_score_itself(classes):
    cls = classes.create(TEACHER, "truco", "low", 3)
    token, = _joined(classes, cls, 1)
    record = student_record(cls, 0, seed=5)
    game = get("truco")
    expected = game.deal_score(replay(game, record), 0)
    classes.started(cls, token, 0)
    assert classes.student(cls, token) == {"name": "Student 0", "done": [], "playing": 0}
    assert classes.finish(cls, token, 0, record) is True
    assert classes.finish(cls, token, 0, record) is False
    assert classes.student(cls, token) == {"name": "Student 0", "done": [0], "playing": None}
    assert classes.results(cls, token, 0)[0]["score"] == expected
    other_deal = student_record(cls, 1, seed=5)
    computer_move = next(i for i in range(len(other_deal.actions)) if replay(game, other_deal, upto=i).to_act == 1)
    for forged, key in [
        (dataclasses.replace(other_deal, actions=other_deal.actions[:-1]), "not_over"),
        (dataclasses.replace(other_deal, actions=other_deal.actions + ("next_deal",)), "not_over"),
        (dataclasses.replace(other_deal, seed=other_deal.seed + 1), "other_deal"),
        (dataclasses.replace(other_deal, players=(other_deal.players[0],
                                                  dataclasses.replace(other_deal.players[1], seed=1))),
         "other_players"),
        (dataclasses.replace(other_deal, game="pao_de_kuai"), "other_game"),
        (record, "other_deal"),
        (student_record(cls, 1, seed=5, cheat=True), "bad_moves"),  # legal moves, not the set's computer's
    ]:
        _refused(key, lambda forged=forged: classes.finish(cls, token, 1, forged))
    moves = list(other_deal.actions)
    legal = [a.id for a in game.legal_actions(replay(game, other_deal, upto=computer_move))]
    moves[computer_move] = next(a for a in legal if a != moves[computer_move])  # a computer move it would not play
    _refused("bad_moves", lambda: classes.finish(cls, token, 1, dataclasses.replace(other_deal, actions=tuple(moves))))
    _refused("bad_deal", lambda: classes.finish(cls, token, 3, other_deal))
    _refused("not_joined", lambda: classes.finish(cls, new_token(), 1, other_deal))
    assert classes.student(cls, token)["done"] == [0]
    assert classes.finish(cls, token, 1, other_deal) is True


def _finish(classes, cls, token, records, outcomes, errors, barrier):
    """One student's kernel (or its twin sending the same results again): wait for all, then finish every deal."""
    try:
        barrier.wait()
        for deal, record in enumerate(records):
            outcomes.append(classes.finish(cls, token, deal, record))
    except Exception as err:  # noqa: BLE001 - every failure is counted, none may happen
        errors.append(repr(err))


def test_thirty_students_finishing_the_same_deals_at_once_keep_exactly_one_result_each(classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    tokens = _joined(classes, cls, 30)
    records = [[student_record(cls, deal, seed=n % 3) for deal in range(2)] for n in range(30)]
    outcomes, errors, barrier = [], [], threading.Barrier(60)
    threads = [threading.Thread(target=_finish, args=(classes, cls, t, r, outcomes, errors, barrier))
               for t, r in zip(tokens + tokens, records + records)]  # each result sent twice at the same moment
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert outcomes.count(True) == 60 and outcomes.count(False) == 60
    with classes.engine.connect() as connection:
        rows = connection.execute(select(class_results.c.student, class_results.c.deal)).all()
    assert len(rows) == len(set(rows)) == 60
    assert [len(deal["rows"]) for deal in classes.board(TEACHER, cls.id)["deals"]] == [30, 30]


def test_results_are_hidden_until_the_token_finished_the_deal_or_the_set_is_closed(classes):
    cls = classes.create(TEACHER, "truco", "low", 3)
    early, late = _joined(classes, cls, 2)
    assert classes.results(cls, early, 0) is None
    classes.finish(cls, early, 0, student_record(cls, 0, seed=1))
    assert classes.results(cls, late, 0) is None and classes.results(cls, early, 1) is None
    assert classes.results(cls, new_token(), 0) is None
    mine = classes.results(cls, early, 0)
    assert [(r["name"], r["you"], r["beaten"]) for r in mine] == [("Student 0", True, None)]
    classes.finish(cls, late, 0, student_record(cls, 0, seed=2))
    assert {r["name"] for r in classes.results(cls, early, 0)} == {"Student 0", "Student 1"}
    classes.close(TEACHER, cls.id)
    assert classes.results(cls, late, 2) == [] and classes.results(cls, new_token(), 0) is not None
    _refused("closed", lambda: classes.finish(cls, late, 1, student_record(cls, 1)))


def test_a_token_reads_no_other_students_records(classes):
    cls = classes.create(TEACHER, "truco", "low", 1)
    mine, theirs = _joined(classes, cls, 2)
    record = student_record(cls, 0, seed=3)
    classes.finish(cls, theirs, 0, record)
    classes.finish(cls, mine, 0, student_record(cls, 0, seed=4))
    shown = json.dumps(classes.results(cls, mine, 0))
    assert set(json.loads(shown)[0]) == {"name", "score", "beaten", "you"}
    assert not any(move in shown for move in record.actions if move.startswith("play"))
    assert classes.student(cls, mine)["name"] == "Student 0"
    with classes.engine.connect() as connection:
        stored = str(connection.execute(select(class_students)).all())
    assert mine not in stored and theirs not in stored


def test_another_teacher_key_sees_nothing(classes):
    cls = classes.create(TEACHER, "truco", "low", 1)
    token, = _joined(classes, cls, 1)
    classes.finish(cls, token, 0, student_record(cls, 0))
    result = classes.board(TEACHER, cls.id)["deals"][0]["rows"][0]["result"]
    assert classes.record(TEACHER, result).game == "truco"
    assert classes.sets(OTHER_TEACHER) == []
    for work in [lambda: classes.board(OTHER_TEACHER, cls.id), lambda: classes.close(OTHER_TEACHER, cls.id),
                 lambda: classes.high(OTHER_TEACHER, cls.id, 0, 1.0), lambda: classes.upload(OTHER_TEACHER, cls.id, "{}"),
                 lambda: classes.board(TEACHER, cls.id + 1), lambda: classes.board(TEACHER, "1")]:
        _refused("no_set", work)
    _refused("no_result", lambda: classes.record(OTHER_TEACHER, result))
    assert not classes.find(cls.code).closed


def test_the_teacher_key_is_checked_against_the_hash_class_mode_gave(classes):
    environ = {"CARDAVIA_TEACHER_HASH": teacher_id(TEACHER)}
    assert teacher_ok(TEACHER, environ)
    assert not teacher_ok(OTHER_TEACHER, environ) and not teacher_ok(TEACHER, {})
    assert not teacher_ok(None, environ) and not teacher_ok("", {"CARDAVIA_TEACHER_HASH": ""})


def _age(classes, name: str, minutes: int) -> None:
    """Make a student's last sign of life ``minutes`` old."""
    with classes.engine.begin() as connection:
        connection.execute(update(class_students).where(class_students.c.name == name).values(
            seen=datetime.now(timezone.utc) - timedelta(minutes=minutes)))


def test_the_board_ranks_finished_deals_only_and_says_who_plays_and_who_left(classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    tokens = _joined(classes, cls, 5)
    for n, token in enumerate(tokens[:3]):
        classes.finish(cls, token, 0, student_record(cls, 0, seed=n))
        classes.finish(cls, token, 1, student_record(cls, 1, seed=n))
    classes.started(cls, tokens[3], 0)
    classes.started(cls, tokens[4], 0)
    _age(classes, "Student 4", 11)
    classes.high(TEACHER, cls.id, 0, 2.0)
    stamp = classes.stamp(cls.id)
    board = classes.board(TEACHER, cls.id)
    assert {s["name"]: s["state"] for s in board["students"]} == {
        "Student 0": "finished", "Student 1": "finished", "Student 2": "finished",
        "Student 3": "playing", "Student 4": "left"}
    first = board["deals"][0]
    over = [r for r in first["rows"] if r["status"] == "over"]
    assert [r["score"] for r in over] == sorted((r["score"] for r in over), reverse=True)
    for row in over:
        assert row["beaten"] == sum(o["score"] < row["score"] for o in over if o is not row) / 2
    assert [(r["name"], r["status"], r["score"], r["beaten"]) for r in first["rows"][3:]] == [
        ("Student 3", "playing", None, None), ("Student 4", "left", None, None)]
    assert first["high"] == 2.0 and board["deals"][1]["high"] is None
    assert sum(first["first"][0]["moves"].values()) == 3
    totals = {t["name"]: t for t in board["totals"]}
    assert set(totals) == {"Student 0", "Student 1", "Student 2"}
    assert all(t["deals"] == 2 and t["high"] is None for t in totals.values())
    classes.finish(cls, tokens[3], 0, student_record(cls, 0, seed=9))
    assert classes.stamp(cls.id) != stamp


def test_the_board_counts_first_decisions_and_the_mistakes_most_students_made(classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 1)
    tokens = _joined(classes, cls, 3)
    records = [student_record(cls, 0, seed=n) for n in range(3)]
    for token, record in zip(tokens, records):
        classes.finish(cls, token, 0, record)
    game = get("pao_de_kuai")
    steps = [[i for i in range(len(r.actions)) if replay(game, r, upto=i).to_act == 0] for r in records]
    for token, record, mine in zip(tokens[:2], records, steps):
        classes.reviewed(cls, token, 0, [{"step": mine[1], "played": record.actions[mine[1]], "best": "pass",
                                          "loss": 1.5}])
    _refused("bad_review", lambda: classes.reviewed(cls, tokens[2], 0, [{"step": "1"}]))
    deal = classes.board(TEACHER, cls.id)["deals"][0]
    assert deal["first"][0]["decision"] == 1
    assert sum(deal["first"][0]["moves"].values()) == 3
    assert {m: c for m, c in deal["first"][0]["moves"].items()} == \
           {m: sum(r.actions[s[0]] == m for r, s in zip(records, steps)) for m in deal["first"][0]["moves"]}
    top = deal["mistakes"][0]
    assert top["decision"] == 2 and top["best"] == "pass" and top["count"] >= 1
    assert top["result"] in {r["result"] for r in deal["rows"]} and top["step"] in (steps[0][1], steps[1][1])
    reviewed = {r["name"]: (r["mistakes"], r["cost"]) for r in deal["rows"]}
    assert reviewed == {"Student 0": (1, 1.5), "Student 1": (1, 1.5), "Student 2": (None, None)}


def test_the_board_exports_as_csv_with_names_kept_as_text(classes):
    cls = classes.create(TEACHER, "truco", "low", 1)
    token = new_token()
    classes.join(cls, token, "=HYPERLINK(\"x\")")
    classes.finish(cls, token, 0, student_record(cls, 0))
    exported = board_csv(classes.board(TEACHER, cls.id), "fr").splitlines()
    assert exported[0].startswith("Nom,Donne,")
    assert exported[1].startswith("\"'=HYPERLINK") and ",finie," in exported[1]
    assert exported[2].split(",")[1] == "Total général"


def _at_revision(url: str, revision: str, *rows: str, key: str = "k" * 64) -> None:
    """Build ``url``'s database as the migrations to ``revision`` (before 0003) left it, with the player ``key``
    and ``rows``, each the VALUES of a games row (player, game, level, seat, status, practice, record, moves,
    deals) under that revision's own column names."""
    from alembic import command
    engine = make_engine(url)
    with engine.begin() as connection:
        config = _config()
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        now = datetime.now(timezone.utc)
        connection.execute(insert(players).values(key=key, created=now))
        for row in rows:
            connection.execute(text(
                "INSERT INTO games (player, game, level, seat, status, practice, record, moves, deals, started, updated)"
                f" VALUES ({row}, :now, :now)"), {"now": now})
    engine.dispose()


def test_a_database_at_the_first_revision_upgrades_and_keeps_its_games(url):
    _at_revision(url, "0001", f"'{'k' * 64}', 'truco', 'low', 0, 'over', false, 'r', 1, 1")
    upgraded = Store(url)
    with upgraded.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
        assert connection.execute(select(games.c.record)).scalars().all() == ["r"]
    assert Classes(upgraded).sets(TEACHER) == []
    upgraded.close()


def test_a_class_deal_kept_before_the_column_was_renamed_is_still_a_class_deal(url):
    """Revision 0003 renames ``games.practice`` to ``class_deal``: a class's deal kept apart at 0002 is found
    under the new name, still apart from the player's own games, and the player's own game is still theirs."""
    token = new_token()
    key = token_key(token)
    _at_revision(url, "0002", f"'{key}', 'truco', 'low', 0, 'over', true, 'class', 1, 1",
                 f"'{key}', 'truco', 'low', 0, 'over', false, 'own', 1, 1", key=key)
    upgraded = Store(url)
    with upgraded.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
        rows = connection.execute(select(games.c.record, games.c.class_deal).order_by(games.c.id)).all()
    assert [tuple(row) for row in rows] == [("class", True), ("own", False)]
    assert Classes(upgraded).kept(token, "truco") == ["class"]
    assert [saved.record for saved in upgraded.recent(token)] == ["own"]
    upgraded.close()


def test_a_broken_database_says_so_in_words(classes, caplog):
    classes.engine.dispose()
    with classes.engine.begin() as connection:
        connection.execute(text("DROP TABLE class_highs"))
    cls = classes.create(TEACHER, "truco", "low", 1)
    with pytest.raises(StoreError) as err:
        classes.high(TEACHER, cls.id, 0, 1.0)
    assert str(err.value) == "The game store could not keep High's score."


def test_the_stamp_changes_whenever_the_board_would(classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    token = new_token()
    stamps = [classes.stamp(cls.id)]
    for change in [lambda: classes.join(cls, token, "Ana"), lambda: classes.started(cls, token, 0),
                   lambda: classes.finish(cls, token, 0, student_record(cls, 0)),
                   lambda: classes.reviewed(cls, token, 0, []), lambda: classes.high(TEACHER, cls.id, 1, 3.0),
                   lambda: _age(classes, "Ana", 11), lambda: classes.close(TEACHER, cls.id)]:
        change()
        stamps.append(classes.stamp(cls.id))
    assert len(set(stamps)) == len(stamps)
