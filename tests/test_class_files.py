"""The results file of a class without a shared server: written by a student, uploaded by the teacher,
believed only once replayed. Refusals are in words; the hypothesis test throws edited files at the check."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.i18n import LANGS
from cardavia_nb.store import new_token
from cardavia_nb.classroom.results_files import MAX_FILE, checked_file
from cardavia_nb.classroom import ClassError, Classes, open_code, parse_open, results_file
from tests import databases
from tests.classroom import student_record

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

TEACHER = "teacher-key-" + "c" * 20
CODE = open_code("truco", "low", 3)
FILE = results_file(parse_open(CODE), "Zoë", [student_record(parse_open(CODE), d, seed=7) for d in range(3)])


def _refused(key: str, work) -> None:
    """``work`` must be refused with ``classes.<key>``, a sentence in every language."""
    with pytest.raises(ClassError) as err:
        work()
    assert err.value.msg.key == f"classes.{key}"
    given = _texts(err.value.msg)  # what the file said (an edited move "{"), quoted back: not a placeholder
    assert all(err.value.text(lang) and "{" not in _without(err.value.text(lang), given) for lang in LANGS)


def _texts(msg) -> list[str]:
    """Every text parameter of a message and of the messages inside it."""
    out = []
    for _, value in msg.params:
        out += _texts(value) if hasattr(value, "params") else [value] if isinstance(value, str) else []
    return out


def _without(text: str, parts: list[str]) -> str:
    """``text`` with the given parameter texts taken out (what is left must hold no unfilled placeholder)."""
    for part in sorted(parts, key=len, reverse=True):
        text = text.replace(part, "")
    return text


def _edited(change) -> str:
    """FILE with ``change`` applied to its parsed JSON."""
    data = json.loads(FILE)
    change(data)
    return json.dumps(data)


def test_a_results_file_holds_the_code_the_name_and_each_deal_replayed_with_its_score():
    data = json.loads(FILE)
    assert (data["format"], data["code"], data["name"]) == ("cardavia-class-results/1", CODE, "Zoë")
    game = get("truco")
    records = [student_record(parse_open(CODE), d, seed=7) for d in range(3)]
    assert [r["score"] for r in data["results"]] == [game.deal_score(replay(game, r), 0) for r in records]
    name, checked = checked_file(parse_open(CODE), FILE)
    assert name == "Zoë" and [deal for deal, _ in checked] == [0, 1, 2]


def test_the_teacher_uploads_a_file_once_and_the_board_shows_it(store):
    classes = Classes(store)
    cls = classes.create(TEACHER, "truco", "low", 3, kind="open")
    text = results_file(cls, "Zoë", [student_record(cls, d, seed=7) for d in range(2)])
    assert classes.upload(TEACHER, cls.id, text) == 2
    _refused("file_duplicate", lambda: classes.upload(TEACHER, cls.id, text))
    assert classes.upload(TEACHER, cls.id, results_file(cls, "Zoë", [student_record(cls, d, seed=7)
                                                                   for d in range(3)])) == 1
    board = classes.board(TEACHER, cls.id)
    assert [s["state"] for s in board["students"]] == ["finished"] and board["totals"][0]["deals"] == 3
    token = new_token()
    classes.join(cls, token, "Ana")
    _refused("name_taken", lambda: classes.upload(TEACHER, cls.id, results_file(cls, "ana", [student_record(cls, 0)])))
    other = classes.create(TEACHER, "truco", "low", 3, kind="open")
    _refused("file_other_set", lambda: classes.upload(TEACHER, other.id, text))
    assert classes.board(TEACHER, other.id)["students"] == []


def test_an_open_set_is_played_and_finished_in_a_students_own_store(store):
    cls = parse_open(CODE)
    classes, token = Classes(store), new_token()
    assert classes.find(CODE) == cls
    assert classes.join(cls, token, "Zoë") == "Zoë"
    assert classes.finish(cls, token, 0, student_record(cls, 0, seed=7)) is True
    assert classes.student(cls, token) == {"name": "Zoë", "done": [0], "playing": None}
    assert classes.find(CODE).id is not None and classes.sets(TEACHER) == []


@pytest.mark.parametrize("text, key", [
    ("x" * (MAX_FILE + 1), "file_too_big"),
    ("{not json", "file_not_json"),
    ('{"format": "cardavia-record/2"}', "file_not_results"),
    (_edited(lambda d: d.update(code=open_code("truco", "low", 3))), "file_other_set"),
    (_edited(lambda d: d["results"][1].update(score=d["results"][1]["score"] + 1)), "file_forged"),
    (_edited(lambda d: d["results"].append(d["results"][0])), "file_repeats"),
    (_edited(lambda d: d["results"][0]["record"].update(actions=d["results"][0]["record"]["actions"][:-1])),
     "not_over"),
    (_edited(lambda d: [d["results"][0].update(deal=1), d["results"][1].update(deal=0)]), "other_deal"),
    (_edited(lambda d: d["results"][0].update(deal=3)), "file_bad"),
    (_edited(lambda d: d.update(name="\x00")), "bad_name"),
    (_edited(lambda d: d.update(results=[])), "file_bad"),
])
def test_a_wrong_file_is_refused_in_words(text, key):
    _refused(key, lambda: checked_file(parse_open(CODE), text))


def test_a_computer_move_edited_in_the_file_is_refused():
    game, data = get("truco"), json.loads(FILE)
    actions = data["results"][0]["record"]["actions"]
    state = replay(game, student_record(parse_open(CODE), 0, seed=7), upto=0)
    for step, move in enumerate(actions):  # the computer's first choice among several, changed by hand
        others = [a.id for a in game.legal_actions(state) if a.id != move]
        if state.to_act == 1 and others:
            actions[step] = others[0]
            break
        state = game.apply(state, move)
    _refused("bad_moves", lambda: checked_file(parse_open(CODE), json.dumps(data)))


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True),
                    st.text(max_size=12), st.lists(st.integers(0, 3), max_size=3),
                    st.sampled_from(["play:1E", "call:truco", "call:envido", "answer:quiero", "fold", "next_deal"]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_an_edited_file_is_either_refused_in_words_or_believed_only_as_replayed(data):
    parsed = json.loads(FILE)
    for _ in range(data.draw(st.integers(1, 3))):
        if not isinstance(parsed.get("results"), list) or not parsed["results"]:
            break
        entry = parsed["results"][data.draw(st.integers(0, len(parsed["results"]) - 1))]
        if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
            break
        where = data.draw(st.sampled_from(["top", "entry", "record", "action"]))
        value = data.draw(_VALUES)
        if where == "top":
            parsed[data.draw(st.sampled_from(["format", "code", "name", "results", "extra"]))] = value
        elif where == "entry":
            entry[data.draw(st.sampled_from(["deal", "score", "record"]))] = value
        elif where == "record":
            entry["record"][data.draw(st.sampled_from(["seed", "setup", "players", "actions", "result"]))] = value
        elif isinstance(entry["record"].get("actions"), list) and entry["record"]["actions"]:
            moves = entry["record"]["actions"]
            moves[data.draw(st.integers(0, len(moves) - 1))] = str(value)
    cls = parse_open(CODE)
    try:
        name, checked = checked_file(cls, json.dumps(parsed))
    except ClassError as err:
        assert all(err.text(lang) and "{" not in _without(err.text(lang), _texts(err.msg)) for lang in LANGS)
        return
    game = get("truco")
    stated = {e["deal"]: e["score"] for e in parsed["results"]}
    for deal, played in checked:
        assert played.score == stated[deal] == game.deal_score(replay(game, played.record), 0)
        assert played.record.seed == student_record(cls, deal, seed=7).seed
    assert isinstance(name, str) and 1 <= len(name) <= 40


@pytest.mark.parametrize("text", [
    "[" * 200_000,  # nested past any file (json's parser would hit the recursion limit)
    '{"format": "cardavia-class-results/1", "results": ' + "[" * 40 + "]" * 40 + "}",
    _edited(lambda d: d["results"][0].update(score=int("9" * 400))),  # a 400-digit score
    _edited(lambda d: d["results"][0].update(deal=int("9" * 400))),
    _edited(lambda d: d["results"][0]["record"].update(seed=int("9" * 4000))),
    FILE.replace('"score": ', '"score": 1e999 + ', 1).replace(" + ", "", 1),  # an infinity written as a number
    FILE.replace('"score": ', '"score": NaN, "x": ', 1),
])
def test_a_results_file_past_its_bounds_is_refused_in_words(text):
    _refused("file_bad", lambda: checked_file(parse_open(CODE), text))


def test_brackets_inside_the_files_texts_are_not_nesting():
    data = json.loads(FILE)
    data["name"] = "[" * 18 + "Zoë" + "{" * 18
    name, checked = checked_file(parse_open(CODE), json.dumps(data))
    assert name.startswith("[[[") and len(checked) == 3
