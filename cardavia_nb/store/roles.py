"""Least privilege on PostgreSQL for a class on a hub: a start-up job, as the schema's owner, brings the schema to
head and gives the students' kernels and the teacher's server a login role each, allowed what their pages do.

Neither role may change the schema (no CREATE, ALTER, DROP or TRUNCATE, no CREATE in the schema, no temporary
tables): only this job migrates, as the owner (who needs CREATEROLE too). The students' role may not read a set's
teacher (the hash of the teacher key). ``GRANTS`` decides table by table; running the job again (after an upgrade
brought new tables) makes each role's grants exactly these. Each kernel's ``CARDAVIA_STORE`` is ``role_url``.
Command line: ``python -m cardavia_nb.store.roles --owner URL --student-role NAME --teacher-role NAME``, with the
passwords in ``CARDAVIA_STUDENT_PASSWORD`` and ``CARDAVIA_TEACHER_PASSWORD``.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field
from typing import Any

from psycopg import sql
from sqlalchemy import text
from sqlalchemy.engine import make_url

from cardavia_nb.store.engine import head, make_engine, migrate
from cardavia_nb.store.tables import class_sets_for_students

STUDENT, TEACHER = "student", "teacher"
PASSWORDS = {STUDENT: "CARDAVIA_STUDENT_PASSWORD", TEACHER: "CARDAVIA_TEACHER_PASSWORD"}
WHOLE = None  # a privilege on the whole table rather than on some of its columns
OPEN_SET = tuple(column.name for column in class_sets_for_students)  # class_sets but its teacher (the key's hash)

# Per table, per role: each privilege, on the whole table or on the columns named. A kernel updates some columns only.
GRANTS: dict[str, dict[str, dict[str, tuple[str, ...] | None]]] = {
    # opening a store reads the schema's revision (``engine.migrate``, nothing more at head); this job writes it
    "alembic_version": {STUDENT: {"SELECT": WHOLE}, TEACHER: {"SELECT": WHOLE}},
    # a player's own games: kept after every move, resumed, counted, downloaded, deleted (*Delete my history*)
    "players": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE, "DELETE": WHOLE}, TEACHER: {}},
    "games": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE, "DELETE": WHOLE,
                        "UPDATE": ("status", "record", "moves", "deals", "points", "outcome", "updated")},
              TEACHER: {}},
    # a student finds a set by its code and copies an open set in; the teacher makes, lists and closes sets
    "class_sets": {STUDENT: {"SELECT": OPEN_SET, "INSERT": OPEN_SET},
                   TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE, "UPDATE": ("closed",)}},
    # a student joins and is seen playing; the teacher adds the name of an uploaded results file
    "class_students": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE, "UPDATE": ("playing", "seen")},
                       TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE, "UPDATE": ("seen",)}},
    # a student writes a result and its review's summary, and reads the class's scores, never another's record
    "class_results": {STUDENT: {"SELECT": ("id", "set_id", "student", "deal", "score"), "INSERT": WHOLE,
                                "UPDATE": ("mistakes", "cost")},
                      TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE}},
    # High's scores are the board's alone
    "class_highs": {STUDENT: {}, TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE, "UPDATE": ("value",)}},
    # the teacher opens a set's tables; a student finds their own
    "class_rooms": {STUDENT: {"SELECT": WHOLE}, TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE}},
    # rooms are played by the students' kernels; the teacher's opens them seated and shows them on the board
    "rooms": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE, "UPDATE": ("started", "humans")},
              TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE}},
    "room_seats": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE,
                             "UPDATE": ("player", "seen", "page", "points", "outcome")},
                   TEACHER: {"SELECT": WHOLE, "INSERT": WHOLE}},
    "room_moves": {STUDENT: {"SELECT": WHOLE, "INSERT": WHOLE}, TEACHER: {"SELECT": WHOLE}},
}

_SEQUENCES = text(  # the sequences a table's serial columns draw from
    "SELECT n.nspname, s.relname FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S' "
    "JOIN pg_namespace n ON n.oid = s.relnamespace WHERE d.classid = CAST('pg_class' AS regclass) "
    "AND d.refobjid = CAST(:table AS regclass) AND d.deptype IN ('a', 'i')")


@dataclass(frozen=True)
class Login:
    """A login role: its name, and its password (never shown by ``repr``)."""

    name: str
    password: str = field(repr=False)


def role_url(owner_url: str, login: Login) -> str:
    """The owner's URL with the role's name and password: what that role's kernels hold as ``CARDAVIA_STORE``."""
    return make_url(owner_url).set(username=login.name, password=login.password).render_as_string(hide_password=False)


def _run(connection: Any, statement: sql.Composable) -> None:
    """Run a statement composed with psycopg's quoting, in the connection's transaction (SQLAlchemy logs none)."""
    connection.connection.driver_connection.execute(statement)


def _check(owner_url: str, student: Login, teacher: Login) -> None:
    """Refuse in words what the job cannot do: another database than PostgreSQL, one role for both, no password."""
    if make_url(owner_url).get_backend_name() != "postgresql":
        raise ValueError("Login roles are PostgreSQL's: a SQLite store is a file only its server's user reads.")
    if student.name == teacher.name:
        raise ValueError("The students' kernels and the teacher's server need two roles, not one.")
    if not (student.password and teacher.password):
        raise ValueError("Each role needs a password.")


def _login(connection: Any, login: Login) -> None:
    """Create the login role, or set its password if it exists. The server is sent the password's verifier, which
    libpq computes as the server asks (SCRAM), never the password: no server log can hold it."""
    exists = connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :name"), {"name": login.name}).first()
    pgconn = connection.connection.driver_connection.pgconn
    verifier = pgconn.encrypt_password(login.password.encode(), login.name.encode()).decode()
    _run(connection, sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(
        sql.SQL("ALTER" if exists else "CREATE"), sql.Identifier(login.name), sql.Literal(verifier)))


def _both(names: dict[str, str]) -> sql.Composable:
    """The two roles, as a GRANT or a REVOKE lists them."""
    return sql.SQL(", ").join(sql.Identifier(name) for name in names.values())


def _grant_place(connection: Any, names: dict[str, str]) -> None:
    """CONNECT on the database and USAGE on the tables' schema for both roles; for nobody else CONNECT or temporary
    tables, and for nobody CREATE in the schema."""
    database, schema = (sql.Identifier(name) for name in
                        connection.execute(text("SELECT current_database(), current_schema()")).one())
    roles = _both(names)
    for statement in ("REVOKE ALL ON DATABASE {database} FROM PUBLIC, {roles}",
                      "GRANT CONNECT ON DATABASE {database} TO {roles}",
                      "REVOKE CREATE ON SCHEMA {schema} FROM PUBLIC, {roles}",
                      "GRANT USAGE ON SCHEMA {schema} TO {roles}"):
        _run(connection, sql.SQL(statement).format(database=database, schema=schema, roles=roles))


def _columns(columns: tuple[str, ...] | None) -> sql.Composable:
    """The column list of a grant: nothing for the whole table."""
    if columns is WHOLE:
        return sql.SQL("")
    return sql.SQL(" ({})").format(sql.SQL(", ").join(sql.Identifier(column) for column in columns))


def _grant_table(connection: Any, table: str, names: dict[str, str]) -> None:
    """Make the roles' privileges on ``table`` exactly ``GRANTS[table]``: all revoked, then granted (column grants
    with them), in the job's one transaction; a role that inserts may draw the table's serial ids."""
    sequences = [sql.Identifier(*row) for row in connection.execute(_SEQUENCES, {"table": table})]
    _run(connection, sql.SQL("REVOKE ALL ON TABLE {} FROM {}").format(sql.Identifier(table), _both(names)))
    for sequence in sequences:
        _run(connection, sql.SQL("REVOKE ALL ON SEQUENCE {} FROM {}").format(sequence, _both(names)))
    for kind, privileges in GRANTS[table].items():
        role = sql.Identifier(names[kind])
        for privilege, columns in privileges.items():
            _run(connection, sql.SQL("GRANT {}{} ON TABLE {} TO {}").format(
                sql.SQL(privilege), _columns(columns), sql.Identifier(table), role))
        for sequence in sequences if "INSERT" in privileges else ():
            _run(connection, sql.SQL("GRANT USAGE ON SEQUENCE {} TO {}").format(sequence, role))


def grant_roles(owner_url: str, student: Login, teacher: Login) -> str:
    """As the owner of ``owner_url``: the schema brought to head, then both roles created or updated and given
    exactly ``GRANTS``, in one transaction. The schema's revision."""
    _check(owner_url, student, teacher)
    names = {STUDENT: student.name, TEACHER: teacher.name}
    engine = make_engine(owner_url)
    try:
        migrate(engine)
        with engine.begin() as connection:
            if connection.execute(text("SELECT current_user")).scalar() in names.values():
                raise ValueError("The owner's role cannot be one of the kernels' roles: they may not change the schema.")
            for login in (student, teacher):
                _login(connection, login)
            _grant_place(connection, names)
            for table in GRANTS:
                _grant_table(connection, table, names)
    finally:
        engine.dispose()
    return head()


def main(argv: list[str] | None = None) -> None:
    """The start-up job's command line: passwords from the environment; it prints the roles and the revision only."""
    parser = argparse.ArgumentParser(prog="python -m cardavia_nb.store.roles",
                                     description="Migrate the store and grant its two login roles (PostgreSQL).")
    parser.add_argument("--owner", required=True, help="the schema owner's database URL (its password may be left "
                                                       "out of it and set in PGPASSWORD instead)")
    parser.add_argument("--student-role", required=True, help="the login role of the students' kernels")
    parser.add_argument("--teacher-role", required=True, help="the login role of the teacher's server")
    args = parser.parse_args(argv)
    missing = [variable for variable in PASSWORDS.values() if not os.environ.get(variable)]
    if missing:
        parser.error(f"set {' and '.join(missing)} to the roles' passwords")
    try:
        revision = grant_roles(args.owner, Login(args.student_role, os.environ[PASSWORDS[STUDENT]]),
                               Login(args.teacher_role, os.environ[PASSWORDS[TEACHER]]))
    except ValueError as err:
        parser.error(str(err))
    print(f"Schema at revision {revision}; roles {args.student_role} (the students' kernels) and "
          f"{args.teacher_role} (the teacher's server) granted.")


if __name__ == "__main__":
    main()
