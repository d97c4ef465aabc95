"""The class tables' one door: sets of deals a teacher hands out, the students who joined, their results.

Teacher-owned rows are keyed by the SHA-256 of the teacher key and students by their token's, never the
secrets themselves. Every result is the store's own replay of the kernel's record (the set's deal, the
set's computer players re-asked each decision), so no score is ever taken from a caller; unique
constraints make a doubled result impossible, whoever writes it and however often.
"""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from cardavia_nb.classroom.board_data import IDLE, beaten_shares, build, read_json
from cardavia_nb.classroom.deals import (
    ClassSet, Played, check_name, check_set, finite, open_code, parse_open, played, refused,
)
from cardavia_nb.classroom.names import name_key
from cardavia_nb.classroom.results_files import checked_file
from cardavia_nb.classroom.rooms import ClassRooms, stamp_parts
from cardavia_nb.classroom.teacher_key import teacher_id
from cardavia_nb.core.record import Record
from cardavia_nb.store.rows import OVER
from cardavia_nb.store.tables import (
    class_highs, class_results, class_sets, class_sets_for_students, class_students, games,
)
from cardavia_nb.store.tokens import token_key

MAX_MISTAKES = 40
MAX_STUDENTS = 500  # a class, even a large one; keeps a script with the code from flooding the board


def _now() -> datetime:
    """The current time in UTC."""
    return datetime.now(timezone.utc)


def _utc(moment: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite returns naive times)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _class_set(row: Any) -> ClassSet:
    """A ClassSet from a row of class_sets."""
    return ClassSet(row.id, row.code, row.game, row.level, row.deals, row.kind, row.seed, row.closed,
                    _utc(row.created))


def _check_deal(cls: ClassSet, deal: Any) -> int:
    """``deal`` if it is an index of the set's deals, else refused in words."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < cls.deals:
        raise refused("bad_deal", deals=cls.deals)
    return deal


def _result_values(deal: int, replayed: Played) -> dict[str, Any]:
    """The columns of a result row that come from the store's replay of the deal."""
    return {"deal": deal, "record": replayed.record.to_json(), "score": replayed.score,
            "first": json.dumps(list(replayed.first)), "steps": json.dumps(list(replayed.steps))}


def _mistakes(mistakes: Any) -> list[dict[str, Any]]:
    """The review's summary checked: at most MAX_MISTAKES of {step, played, best, loss}."""
    if not isinstance(mistakes, list) or len(mistakes) > MAX_MISTAKES:
        raise refused("bad_review")
    kept = []
    for m in mistakes:
        if (not isinstance(m, dict) or isinstance(m.get("step"), bool) or not isinstance(m.get("step"), int)
                or not isinstance(m.get("played"), str) or not isinstance(m.get("best"), str)
                or not finite(m.get("loss"))):
            raise refused("bad_review")
        kept.append({"step": m["step"], "played": m["played"][:40], "best": m["best"][:40], "loss": float(m["loss"])})
    return kept


class Classes(ClassRooms):
    """Class sets, students and results in the store's database; the tables a teacher opens (``ClassRooms``)."""

    def __init__(self, store: Any):
        """Work on ``store``'s database (its engine, and its transactions that turn failures into words)."""
        self.engine = store.engine
        self._run = store.run
        self._dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite

    # --- the teacher's sets -----------------------------------------------------------------
    def create(self, teacher_key: str, game: str, level: str, deals: int, kind: str = "server") -> ClassSet:
        """A new set of the teacher's: a server set's cards come from a secret seed, an open set's from its code."""
        teacher = teacher_id(teacher_key)
        check_set(game, level, deals, kind)
        if kind == "server":
            code, seed = secrets.token_urlsafe(16), secrets.randbits(63)
        else:
            code = open_code(game, level, deals)
            seed = parse_open(code).seed
        created = _now()
        new_id = self._run("create the class set", lambda c: c.execute(insert(class_sets).values(
            code=code, teacher=teacher, game=game, level=level, deals=deals, kind=kind, seed=seed, closed=False,
            created=created).returning(class_sets.c.id)).scalar_one())
        return ClassSet(new_id, code, game, level, deals, kind, seed, False, created)

    def sets(self, teacher_key: str) -> list[ClassSet]:
        """The teacher's sets, newest first."""
        query = (select(class_sets).where(class_sets.c.teacher == teacher_id(teacher_key))
                 .order_by(class_sets.c.created.desc(), class_sets.c.id.desc()))
        return self._run("read the class sets", lambda c: [_class_set(row) for row in c.execute(query)], reads=True)

    def _owned(self, connection: Any, teacher_key: str, set_id: Any) -> ClassSet:
        """The teacher's set ``set_id``; another teacher's (or none) is refused, and looks the same."""
        if isinstance(set_id, bool) or not isinstance(set_id, int):
            raise refused("no_set")
        row = connection.execute(select(class_sets).where(
            class_sets.c.id == set_id, class_sets.c.teacher == teacher_id(teacher_key))).first()
        if row is None:
            raise refused("no_set")
        return _class_set(row)

    def close(self, teacher_key: str, set_id: int) -> None:
        """Close the set: no more results, and every student sees every result."""
        def work(connection: Any) -> None:
            self._owned(connection, teacher_key, set_id)
            connection.execute(update(class_sets).where(class_sets.c.id == set_id).values(closed=True))
        self._run("close the class set", work)

    def find(self, code: Any) -> ClassSet | None:
        """A student's lookup: the set in this store with this code, else an open code's set, else None."""
        if not isinstance(code, str) or not 1 <= len(code) <= 120:
            return None
        row = self._run("find the class", lambda c: c.execute(
            select(*class_sets_for_students).where(class_sets.c.code == code)).first(), reads=True)
        return _class_set(row) if row is not None else parse_open(code)

    def _set_id(self, connection: Any, cls: ClassSet, create: bool = True) -> int | None:
        """The set's row id; an open set this store has not seen yet gets a row (no teacher) first,
        or without ``create`` has none (None)."""
        if cls.id is not None:
            return cls.id
        if not create:
            return connection.execute(select(class_sets.c.id).where(class_sets.c.code == cls.code)).scalar()
        connection.execute(self._dialect.insert(class_sets).values(
            code=cls.code, game=cls.game, level=cls.level, deals=cls.deals, kind=cls.kind,
            seed=cls.seed, closed=False, created=_now()).on_conflict_do_nothing())
        return connection.execute(select(class_sets.c.id).where(class_sets.c.code == cls.code)).scalar_one()

    # --- a student --------------------------------------------------------------------------
    def _student(self, connection: Any, cls: ClassSet, token: str, create: bool = True) -> Any:
        """The student row of ``token`` in the set, or None before it joined."""
        return connection.execute(select(class_students).where(
            class_students.c.set_id == self._set_id(connection, cls, create),
            class_students.c.player == token_key(token))).first()

    def join(self, cls: ClassSet, token: str, name: Any) -> str:
        """Join the set under ``name``; the name already kept for this token is returned unchanged.
        A name another token took in this set is refused in words."""
        key, kept = token_key(token), check_name(name)

        def work(connection: Any) -> str:
            set_id = self._set_id(connection, cls)
            now = _now()
            mine = self._student(connection, cls, token)
            if mine is not None:
                return mine.name
            joined = connection.execute(select(func.count()).where(class_students.c.set_id == set_id)).scalar()
            if joined >= MAX_STUDENTS:
                raise refused("full", most=MAX_STUDENTS)
            connection.execute(self._dialect.insert(class_students).values(
                set_id=set_id, player=key, name=kept, name_key=name_key(kept), joined=now, seen=now,
            ).on_conflict_do_nothing())
            mine = self._student(connection, cls, token)
            if mine is None:
                raise refused("name_taken", name=kept)
            return mine.name

        return self._run("join the class", work)

    def student(self, cls: ClassSet, token: str) -> dict[str, Any] | None:
        """This token's place in the set: its name, the deals it finished, the deal it is on (None before joining)."""
        def work(connection: Any) -> dict[str, Any] | None:
            mine = self._student(connection, cls, token, create=False)
            if mine is None:
                return None
            done = connection.execute(select(class_results.c.deal).where(class_results.c.student == mine.id)
                                      .order_by(class_results.c.deal)).scalars().all()
            return {"name": mine.name, "done": list(done), "playing": mine.playing}

        return self._run("read the class", work, reads=True)

    def started(self, cls: ClassSet, token: str, deal: int) -> None:
        """The student began deal ``deal``: shown as playing on the board."""
        _check_deal(cls, deal)

        def work(connection: Any) -> None:
            mine = self._student(connection, cls, token)
            if mine is None:
                raise refused("not_joined")
            connection.execute(update(class_students).where(class_students.c.id == mine.id)
                               .values(playing=deal, seen=_now()))

        self._run("mark the deal begun", work)

    def finish(self, cls: ClassSet, token: str, deal: int, record: Record) -> bool:
        """Keep the kernel's record of a finished deal, replayed here and scored here. Returns False when
        the token had already finished that deal (nothing changes); a record that is not the set's deal
        played against the set's players is refused in words."""
        _check_deal(cls, deal)
        place = self.student(cls, token)
        if place is None:
            raise refused("not_joined")
        if deal in place["done"]:
            return False
        values = _result_values(deal, played(cls, deal, record))

        def work(connection: Any) -> bool:
            set_id = self._set_id(connection, cls)
            if connection.execute(select(class_sets.c.closed).where(class_sets.c.id == set_id)).scalar_one():
                raise refused("closed")
            mine = self._student(connection, cls, token)
            now = _now()
            added = connection.execute(self._dialect.insert(class_results).values(
                set_id=set_id, student=mine.id, finished=now, **values,
            ).on_conflict_do_nothing().returning(class_results.c.id)).first() is not None
            connection.execute(update(class_students).where(class_students.c.id == mine.id).values(
                seen=now, playing=None if mine.playing == deal else mine.playing))
            return added

        return self._run("keep the class result", work)

    def reviewed(self, cls: ClassSet, token: str, deal: int, mistakes: list[dict]) -> None:
        """Add the review's summary of the token's finished deal: its mistakes (step, played, best, loss)."""
        _check_deal(cls, deal)
        kept = _mistakes(mistakes)

        def work(connection: Any) -> None:
            mine = self._student(connection, cls, token)
            if mine is None:
                raise refused("not_joined")
            connection.execute(update(class_results).where(
                class_results.c.student == mine.id, class_results.c.deal == deal,
            ).values(mistakes=json.dumps(kept), cost=sum(m["loss"] for m in kept)))

        self._run("keep the review", work)

    def results(self, cls: ClassSet, token: str, deal: int) -> list[dict[str, Any]] | None:
        """The class's results of a deal, best first, for a student who finished it (or once the set is
        closed); None otherwise, since the results would give the cards away. No record is included."""
        _check_deal(cls, deal)

        def work(connection: Any) -> list[dict[str, Any]] | None:
            set_id = self._set_id(connection, cls, create=False)
            mine = self._student(connection, cls, token, create=False)
            if set_id is None:
                return None
            closed = connection.execute(select(class_sets.c.closed).where(class_sets.c.id == set_id)).scalar_one()
            rows = connection.execute(
                select(class_results.c.student, class_results.c.score, class_students.c.name)
                .join(class_students, class_students.c.id == class_results.c.student)
                .where(class_results.c.set_id == set_id, class_results.c.deal == deal)).all()
            if not closed and (mine is None or all(row.student != mine.id for row in rows)):
                return None
            shares = beaten_shares({row.student: row.score for row in rows})
            return [{"name": row.name, "score": row.score, "beaten": shares[row.student],
                     "you": mine is not None and row.student == mine.id}
                    for row in sorted(rows, key=lambda r: (-r.score, r.name))]

        return self._run("read the class results", work, reads=True)

    def kept(self, token: str, game: str) -> list[str]:
        """The records of the token's finished class deals of ``game`` as the page's keeper kept them (rows
        kept apart), oldest first: a result the class could not take is written from them later."""
        query = (select(games.c.record).where(games.c.player == token_key(token), games.c.game == game,
                                              games.c.status == OVER, games.c.class_deal.is_(True))
                 .order_by(games.c.id))
        return self._run("read the kept class deals", lambda c: list(c.execute(query).scalars()), reads=True)

    def forget(self, token: str, game_id: int) -> None:
        """Delete the token's class deal row ``game_id``: a page's keeper copied it under a token that did not
        play it (the page changed its token mid-class), and no later page of that token may deal it."""
        self._run("forget the copied class deal", lambda c: c.execute(delete(games).where(
            games.c.id == game_id, games.c.player == token_key(token), games.c.class_deal.is_(True))))

    # --- the board --------------------------------------------------------------------------
    def board(self, teacher_key: str, set_id: int) -> dict[str, Any]:
        """Everything the teacher's board shows of one set (see ``board_data.build``)."""
        def work(connection: Any) -> dict[str, Any]:
            cls = self._owned(connection, teacher_key, set_id)
            students = [{"id": s.id, "name": s.name, "playing": s.playing, "seen": _utc(s.seen)}
                        for s in connection.execute(select(class_students).where(class_students.c.set_id == set_id))]
            results = [{"id": r.id, "student": r.student, "deal": r.deal, "score": r.score,
                        "first": json.loads(r.first), "steps": json.loads(r.steps),
                        "mistakes": read_json(r.mistakes), "cost": r.cost}
                       for r in connection.execute(select(
                           class_results.c.id, class_results.c.student, class_results.c.deal, class_results.c.score,
                           class_results.c.first, class_results.c.steps, class_results.c.mistakes,
                           class_results.c.cost).where(class_results.c.set_id == set_id))]
            highs = dict(connection.execute(select(class_highs.c.deal, class_highs.c.value)
                                            .where(class_highs.c.set_id == set_id)).all())
            head = {"code": cls.code, "game": cls.game, "level": cls.level, "deals": cls.deals, "kind": cls.kind,
                    "closed": cls.closed}
            return {**build(head, students, results, highs, _now()), "rooms": self._rooms_of(connection, set_id)}

        return self._run("read the board", work, reads=True)

    def stamp(self, set_id: int) -> tuple:
        """A cheap marker of the set's state: it changes whenever the board would."""
        of_results, of_students = class_results.c.set_id == set_id, class_students.c.set_id == set_id
        idle = func.sum(case((class_students.c.seen < _now() - IDLE, 1), else_=0))
        query = select(*(select(value).where(where).scalar_subquery() for value, where in [
            (func.count(class_results.c.id), of_results), (func.max(class_results.c.id), of_results),
            (func.count(class_results.c.cost), of_results), (func.count(class_students.c.id), of_students),
            (func.max(class_students.c.seen), of_students), (func.sum(class_students.c.playing), of_students),
            (func.count(class_students.c.playing), of_students), (idle, of_students),
            (func.count(class_highs.c.deal), class_highs.c.set_id == set_id),
            (class_sets.c.closed, class_sets.c.id == set_id), *stamp_parts(set_id)]))
        return self._run("read the board", lambda c: tuple(c.execute(query).one()), reads=True)

    def high(self, teacher_key: str, set_id: int, deal: int, value: float) -> None:
        """Keep High's score on a set deal (the board computes it on the same cards)."""
        def work(connection: Any) -> None:
            cls = self._owned(connection, teacher_key, set_id)
            _check_deal(cls, deal)
            if not finite(value):
                raise refused("bad_high")
            connection.execute(self._dialect.insert(class_highs).values(set_id=set_id, deal=deal, value=value)
                               .on_conflict_do_update(index_elements=["set_id", "deal"], set_={"value": value}))
        self._run("keep High's score", work)

    def record(self, teacher_key: str, result_id: int) -> Record:
        """The record of one result of the teacher's sets (to open the replay at a mistake)."""
        if isinstance(result_id, bool) or not isinstance(result_id, int):
            raise refused("no_result")
        query = (select(class_results.c.record).join(class_sets, class_sets.c.id == class_results.c.set_id)
                 .where(class_results.c.id == result_id, class_sets.c.teacher == teacher_id(teacher_key)))
        text = self._run("read the result", lambda c: c.execute(query).scalar(), reads=True)
        if text is None:
            raise refused("no_result")
        return Record.from_json(text)

    def upload(self, teacher_key: str, set_id: int, text: Any) -> int:
        """Add a student's results file to an open set's board: parsed, every record replayed and scored here,
        refused in words for a server set (its students' results are written as they play), when it is
        another set's, a duplicate, its name is a student's who joined here, or its moves do not give its
        scores. Returns the number of deals added."""
        cls = self._run("read the class set", lambda c: self._owned(c, teacher_key, set_id))
        if cls.kind != "open":
            raise refused("file_server_set")
        name, checked = checked_file(cls, text)

        def work(connection: Any) -> int:
            now = _now()
            connection.execute(self._dialect.insert(class_students).values(
                set_id=set_id, player=None, name=name, name_key=name_key(name), joined=now, seen=now,
            ).on_conflict_do_nothing())
            student = connection.execute(select(class_students).where(
                class_students.c.set_id == set_id, class_students.c.name_key == name_key(name))).one()
            if student.player is not None:
                raise refused("name_taken", name=name)
            added = 0
            for deal, replayed in checked:
                added += connection.execute(self._dialect.insert(class_results).values(
                    set_id=set_id, student=student.id, finished=now, **_result_values(deal, replayed),
                ).on_conflict_do_nothing().returning(class_results.c.id)).first() is not None
            if not added:
                raise refused("file_duplicate", name=name)
            connection.execute(update(class_students).where(class_students.c.id == student.id).values(seen=now))
            return added

        return self._run("add the results file", work)
