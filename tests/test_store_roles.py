"""Least privilege on PostgreSQL (``store.roles``): the owner's start-up job migrates the schema and grants two login
roles, and each role does what its kernels' pages do and nothing else. The store's own tests of a student's flows run
here again on the students' role; the class door's run with each method on the role of the kernel that calls it."""

from __future__ import annotations

import logging

import pytest
from alembic import command
from psycopg import sql
from psycopg.errors import InsufficientPrivilege
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError

from cardavia_nb.classroom import Classes, open_code, results_file
from cardavia_nb.store import Store, StoreError, new_token
from cardavia_nb.store.engine import _config, head, make_engine
from cardavia_nb.store.roles import GRANTS, STUDENT, TEACHER, Login, grant_roles, main, role_url
from cardavia_nb.store.rooms import append_move, moves_since, take_seat
from cardavia_nb.store.tables import metadata
from cardavia_nb.ui.history.keeper import Keeper
from tests import databases
from tests.classroom import student_record
from tests.test_class_store import (  # noqa: F401  (collected here again: each method on its kernel's role)
    TEACHER as KEY,
    _joined,
    test_a_set_is_created_found_by_its_code_and_closed_by_its_teacher,
    test_a_token_reads_no_other_students_records,
    test_another_teacher_key_sees_nothing,
    test_finish_replays_the_record_and_computes_the_score_itself,
    test_names_of_any_script_one_per_token_and_one_token_per_name,
    test_results_are_hidden_until_the_token_finished_the_deal_or_the_set_is_closed,
    test_the_board_counts_first_decisions_and_the_mistakes_most_students_made,
    test_the_board_ranks_finished_deals_only_and_says_who_plays_and_who_left,
    test_the_stamp_changes_whenever_the_board_would,
)
from tests.test_keeping import test_every_move_is_kept_and_a_new_page_resumes_the_same_game  # noqa: F401
from tests.test_rooms_store import (  # noqa: F401  (collected here again, on the students' role)
    test_a_kernel_hears_at_once_of_a_move_another_kernel_writes_in_its_room_only,
    test_a_room_game_a_computer_helped_in_is_marked_so,
    test_moves_are_kept_in_order_and_a_stale_or_skipping_one_is_refused,
    test_people_take_the_free_seats_a_reload_comes_back_and_a_full_room_is_refused_in_words,
    test_presence_is_the_time_a_seat_was_last_seen,
    test_the_last_page_to_take_a_seat_holds_it_and_an_earlier_page_is_told_in_words,
    test_the_same_table_again_is_one_room_whoever_asks_with_the_same_seats_and_a_new_deal,
    test_the_start_gives_the_seats_nobody_took_to_the_computers_and_wants_two_people,
)
from tests.test_store import (  # noqa: F401  (collected here again, on the students' role)
    _save,
    test_a_game_in_progress_elsewhere_is_found_by_its_game_name,
    test_a_game_is_kept_after_every_move_and_found_again,
    test_a_new_game_leaves_the_old_one_apart_and_uncounted,
    test_a_token_reads_and_writes_only_its_own_games,
    test_download_all_gives_every_record_oldest_first_and_delete_removes_them,
    test_history_counts_finished_games_per_game_and_level,
    test_the_last_class_deal_is_the_newest_in_play_or_finished_never_a_left_one_nor_the_pages_own,
)
from tests.test_store_failing import plays_on_unkept
from tests.test_store_history import (  # noqa: F401  (collected here again, on the students' role)
    test_a_finished_game_is_counted_and_an_unfinished_one_kept_apart,
    test_delete_my_history_asks_once_then_deletes_every_game_of_the_token,
)

postgresql, url = databases.postgresql, databases.url  # a fresh database per test, PostgreSQL's only (below)
pytestmark = pytest.mark.parametrize("url", ["postgresql"], indirect=True)  # login roles are PostgreSQL's

STUDENTS = Login('students\' "kernels"', "s3cret 'quoted' \\ ; --")  # names and passwords that need quoting
BOARD = Login("teacher's board", "an0ther:/@%secret")
# which kernel calls each public method of the class door: the teacher's board, or a student's page
TEACHERS_METHODS = {"create", "sets", "close", "board", "stamp", "high", "record", "upload", "open_rooms"}
STUDENTS_METHODS = {"find", "join", "student", "started", "finish", "reviewed", "results", "kept", "forget", "my_room"}
DML = {"SELECT", "INSERT", "UPDATE", "DELETE"}
PRIVILEGES = text(  # each privilege on a table, a column or a sequence of the schema: (relation, column, privilege, role)
    "SELECT c.relname, NULL, a.privilege_type, r.rolname FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a "
    "JOIN pg_roles r ON r.oid = a.grantee WHERE c.relnamespace = CAST('public' AS regnamespace) "
    "UNION ALL SELECT c.relname, t.attname, a.privilege_type, r.rolname FROM pg_class c "
    "JOIN pg_attribute t ON t.attrelid = c.oid CROSS JOIN LATERAL aclexplode(t.attacl) a "
    "JOIN pg_roles r ON r.oid = a.grantee WHERE c.relnamespace = CAST('public' AS regnamespace)")


@pytest.fixture
def owner(url):
    """A fresh database that the owner's start-up job migrated and granted: the owner's URL."""
    grant_roles(url, STUDENTS, BOARD)
    return url


@pytest.fixture
def store(owner):
    """A store on the students' role, as a student's kernel opens it."""
    opened = Store(role_url(owner, STUDENTS))
    yield opened
    opened.close()


@pytest.fixture
def teachers_store(owner):
    """A store on the teacher's role, as the teacher's server opens it."""
    opened = Store(role_url(owner, BOARD))
    yield opened
    opened.close()


class Deployed:
    """The class door as a hub runs it: the board's methods in the teacher's server, the others in a student's
    kernel, each on its role; ``engine`` (which tests read raw rows with) is the teacher's."""

    def __init__(self, teacher: Classes, student: Classes):
        self._teacher, self._student, self.engine = teacher, student, teacher.engine

    def __getattr__(self, name: str):
        """The method ``name`` of the kernel that calls it."""
        if name in TEACHERS_METHODS:
            return getattr(self._teacher, name)
        if name in STUDENTS_METHODS:
            return getattr(self._student, name)
        raise AttributeError(f"which kernel calls Classes.{name}? Say so in TEACHERS_METHODS or STUDENTS_METHODS")


@pytest.fixture
def classes(store, teachers_store):
    """The class door of a fresh database, each method on its kernel's role."""
    return Deployed(Classes(teachers_store), Classes(store))


def granted(owner_url: str, student: Login = STUDENTS, teacher: Login = BOARD) -> set[tuple]:
    """Every privilege the two roles hold on the schema's tables, columns and sequences."""
    engine = create_engine(owner_url)
    with engine.connect() as connection:
        rows = connection.execute(PRIVILEGES).all()
    engine.dispose()
    return {tuple(row) for row in rows if row[3] in (student.name, teacher.name)}


def decided(student: Login = STUDENTS, teacher: Login = BOARD) -> set[tuple]:
    """The privileges ``GRANTS`` gives, as ``granted`` lists them: a serial id's sequence to each role that inserts."""
    names, out = {STUDENT: student.name, TEACHER: teacher.name}, set()
    for table, roles in GRANTS.items():
        serial = metadata.tables[table].autoincrement_column if table in metadata.tables else None
        for kind, privileges in roles.items():
            for privilege, columns in privileges.items():
                out |= {(table, column, privilege, names[kind]) for column in (columns or [None])}
            if serial is not None and "INSERT" in privileges:
                out.add((f"{table}_{serial.name}_seq", None, "USAGE", names[kind]))
    return out


def refused(url: str, *statements: str) -> None:
    """Each statement, in a transaction of its own on ``url``, is refused by PostgreSQL for want of privilege."""
    engine = create_engine(url)
    for statement in statements:
        with pytest.raises(ProgrammingError) as err, engine.begin() as connection:
            connection.execute(text(statement))
        assert isinstance(err.value.orig, InsufficientPrivilege), statement
    engine.dispose()


def downgrade(url: str, revision: str) -> None:
    """Take the schema of ``url``'s database down to ``revision`` with Alembic, as the role ``url`` logs in as."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            config = _config()
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def test_every_table_and_class_method_is_decided_and_the_job_grants_exactly_that_each_time(owner):
    engine = create_engine(owner)
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
    engine.dispose()
    assert tables == set(GRANTS) == set(metadata.tables) | {"alembic_version"}, "a table without a decision"
    for table, roles in GRANTS.items():
        assert set(roles) == {STUDENT, TEACHER} and all(set(p) <= DML for p in roles.values()), table
        known = {c.name for c in metadata.tables[table].c} if table in metadata.tables else {"version_num"}
        assert all(set(columns or ()) <= known for p in roles.values() for columns in p.values()), table
    public = {name for name in dir(Classes) if not name.startswith("_")}
    assert public == TEACHERS_METHODS | STUDENTS_METHODS and not TEACHERS_METHODS & STUDENTS_METHODS
    assert granted(owner) == decided()
    extra = create_engine(owner)
    with extra.begin() as connection:  # what someone granted by hand is taken back by the next run
        connection.connection.driver_connection.execute(
            sql.SQL("GRANT DELETE ON rooms TO {}").format(sql.Identifier(BOARD.name)))
        connection.execute(text("GRANT CREATE ON SCHEMA public TO PUBLIC"))
    extra.dispose()
    assert grant_roles(owner, STUDENTS, BOARD) == head()  # the second run: roles altered, nothing doubled
    assert granted(owner) == decided()
    refused(role_url(owner, BOARD), "CREATE TABLE notes (line text)")


def test_the_students_role_may_not_change_the_schema_read_the_teachers_hash_nor_write_what_it_does_not(owner):
    students = role_url(owner, STUDENTS)
    refused(students, "CREATE TABLE notes (line text)", "CREATE TEMPORARY TABLE notes (line text)",
            "CREATE SCHEMA notes", "CREATE INDEX ON games (seat)", "ALTER TABLE games ADD COLUMN note text",
            "DROP TABLE room_moves", "TRUNCATE games", "TRUNCATE class_results",
            "SELECT teacher FROM class_sets", "SELECT * FROM class_sets", "SELECT record FROM class_results",
            "INSERT INTO class_sets (code, teacher, game, level, deals, kind, seed, closed, created) "
            "VALUES ('c', 'h', 'truco', 'low', 1, 'server', 1, false, now())",
            "UPDATE class_sets SET closed = true", "UPDATE class_results SET score = 99",
            "INSERT INTO class_highs VALUES (1, 0, 1.0)", "DELETE FROM rooms", "DELETE FROM class_students",
            "UPDATE alembic_version SET version_num = '0001'")
    with pytest.raises(ProgrammingError) as err:  # a migration, run by hand
        downgrade(students, "0006")
    assert isinstance(err.value.orig, InsufficientPrivilege)
    refused(role_url(owner, BOARD), "CREATE TABLE notes (line text)", "DROP TABLE class_sets", "TRUNCATE class_sets",
            "ALTER TABLE class_sets ADD COLUMN note text", "SELECT * FROM games", "DELETE FROM class_sets")


def test_a_students_kernel_behind_the_schema_says_why_in_the_log_plays_on_and_the_next_job_grants_the_new_table(
        owner, caplog):
    downgrade(owner, "0006")  # the database as the job before the upgrade left it: class_rooms is 0007's table
    students = role_url(owner, STUDENTS)
    with caplog.at_level(logging.ERROR, logger="cardavia_nb.store"), pytest.raises(StoreError):
        Store(students)
    assert f"revision 0006, this Cardavia's is {head()}, and this database role may not change the schema: the " \
           "owner's start-up job upgrades it (python -m cardavia_nb.store.roles)" in caplog.text
    plays_on_unkept(Keeper(url=students), caplog)
    grant_roles(owner, STUDENTS, BOARD)  # the start-up job after the upgrade
    assert granted(owner) == decided()
    store = Store(students)
    classes = Classes(store)
    assert classes.my_room(classes.find(open_code("truco", "low", 1)), new_token()) is None  # reads class_rooms
    store.close()


def test_open_sets_results_files_and_class_tables_each_run_on_their_kernels_role(classes, store):
    code, token = open_code("truco", "low", 2), new_token()
    cls = classes.find(code)
    assert classes.join(cls, token, "Zoë") == "Zoë"  # a student's kernel copies the open set in
    assert classes.finish(cls, token, 0, student_record(cls, 0, seed=7))
    assert classes.find(code).id is not None and classes.student(cls, token)["done"] == [0]
    kept = _save(store, token, over=True, points=1.0, outcome="won", class_deal=True)
    assert classes.kept(token, "truco") == ['{"moves": 1}']
    classes.forget(token, kept)
    assert classes.kept(token, "truco") == []
    mine = classes.create(KEY, "truco", "low", 2, kind="open")  # the teacher's own open set and a file for it
    assert classes.upload(KEY, mine.id, results_file(mine, "Ana", [student_record(mine, 0, seed=1)])) == 1
    server = classes.create(KEY, "truco", "low", 1)
    tokens = _joined(classes, server, 2)
    assert classes.open_rooms(KEY, server.id, 2) == (1, [])  # the board seats the pair, each finds their table
    room = classes.my_room(server, tokens[0])
    assert room == classes.my_room(server, tokens[1]) and take_seat(store, room, tokens[1]) == 1
    append_move(store, room, 1, 0, "call:truco")
    assert [m.action for m in moves_since(store, room, 0)] == ["call:truco"]
    assert classes.board(KEY, server.id)["rooms"][0]["moves"] == 1
    classes.close(KEY, server.id)
    assert classes.find(server.code).closed and [s.id for s in classes.sets(KEY)] == [server.id, mine.id]


def test_the_command_line_as_an_owner_who_is_no_superuser_reads_the_passwords_from_the_environment_and_prints_no_secret(
        url, monkeypatch, capsys, caplog):
    owner, student, teacher = Login("class owner", "0wner"), Login("hub students", "s-pw"), Login("hub teacher", "t-pw")
    admin = create_engine(url)  # the database's owner may create roles, nothing more
    with admin.begin() as connection:
        connection.connection.driver_connection.execute(sql.SQL("CREATE ROLE {} LOGIN CREATEROLE; ALTER DATABASE {} OWNER TO {}").format(
            sql.Identifier(owner.name), sql.Identifier(make_url(url).database), sql.Identifier(owner.name)))
    admin.dispose()
    args = ["--owner", role_url(url, owner), "--student-role", student.name, "--teacher-role", teacher.name]
    monkeypatch.setenv("CARDAVIA_STUDENT_PASSWORD", student.password)
    monkeypatch.delenv("CARDAVIA_TEACHER_PASSWORD", raising=False)
    with pytest.raises(SystemExit):
        main(args)
    assert "CARDAVIA_TEACHER_PASSWORD" in capsys.readouterr().err
    monkeypatch.setenv("CARDAVIA_TEACHER_PASSWORD", teacher.password)
    with caplog.at_level(logging.DEBUG), caplog.at_level(logging.INFO, logger="sqlalchemy.engine"):  # its statements
        main(args)
    said = capsys.readouterr()
    assert said.out == f"Schema at revision {head()}; roles {student.name} (the students' kernels) and " \
                       f"{teacher.name} (the teacher's server) granted.\n"
    assert granted(url, student, teacher) == decided(student, teacher)
    for wrong, why in [(["--owner", "sqlite:///games.sqlite"], "PostgreSQL's"),
                       (["--teacher-role", student.name], "two roles"), (["--student-role", owner.name], "owner's role")]:
        with pytest.raises(SystemExit):
            main(args + wrong)
        assert why in capsys.readouterr().err
    everything = said.out + said.err + caplog.text + repr(student)
    assert "pg_roles" in caplog.text and student.password not in everything and teacher.password not in everything
    assert make_url(role_url(url, teacher)).password == teacher.password
    Store(role_url(url, student)).close()
