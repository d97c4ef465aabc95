"""The one rule for what leaves a kernel (ui/disclosure.py), path by path, on SQLite and PostgreSQL: *Download
all* sends finished games of one's own only, a class deal's record leaves without the set's seeds, a class
row never opens from *Your games*, a practice deal is never kept nor sent, and a record rebased off its seed
still replays to the same end."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardavia_nb.core.record import Record, replay
from cardavia_nb.games import get as get_game
from cardavia_nb.review import Review
from cardavia_nb.store import new_token
from cardavia_nb.classroom import Classes, deal_seed, set_players
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.classroom.student import ClassPlay
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
from cardavia_nb.ui.refusal import Refusal
from tests import databases
from tests.classroom import student_record
from tests.support import send

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

TEACHER = "teacher-key-" + "d" * 20


def page(store, game="pao_de_kuai", seed=5):
    """A game page with its token told: settings, a kept table, *Your games*, and what the panel sent."""
    settings, keeper = Settings(), Keeper(store=store)
    table = Table(game, settings=settings, keeper=keeper, seed=seed, delay=0)
    history = History(game, keeper=keeper, settings=settings)
    sent: list = []
    history.send = sent.append
    settings._on_msg(settings, {"type": "token", "value": new_token()}, [])
    return settings, table, history, sent


def to_the_end(table: Table) -> None:
    """The human's first legal move until the deal is over."""
    while not table.turn.over:
        send(table, {"type": "act", "id": table.turn.legal[0].id})


def downloaded(history: History, sent: list) -> list[Record]:
    """The records *Download all* sends now."""
    send(history, {"type": "press", "id": "download"})
    return [Record.from_json(line) for line in sent.pop()["text"].splitlines()]


def secrets_of(cls, index: int) -> set[int]:
    """The seeds of deal ``index`` of a class set: the set's, the deal's and each computer's."""
    return {cls.seed, deal_seed(cls, index), *(p.seed for p in set_players(cls, index)[1:])}


def seeds_in(record: Record) -> set[int]:
    """Every seed a record carries."""
    return {record.seed, *(p.seed for p in record.players if p.seed is not None)}


def no_review(record, **_):
    """A class review that finds nothing at once (this file checks what leaves, not the judging)."""
    yield from ()
    return Review(record.game, 0, "points", (), ())


# --- Download all, Your games, review:<id> -----------------------------------------------------------

def test_download_all_sends_finished_games_of_ones_own_never_one_in_progress_or_a_class_deal(store):
    settings, table, history, sent = page(store)
    to_the_end(table)
    finished = table.record()
    send(table, {"type": "new"})  # a new deal, in progress
    send(table, {"type": "act", "id": table.turn.legal[0].id})
    in_play = table.record()
    token = settings.token
    cls = Classes(store).create(TEACHER, "pao_de_kuai", "low", 1)
    store.save(token, "pao_de_kuai", student_record(cls, 0).to_json(), level="low", seat=0, moves=9, deals=1,
               over=True, points=1.0, outcome="won", class_deal=True)  # a class deal, kept apart
    assert downloaded(history, sent) == [finished]
    assert in_play.setup not in [r.setup for r in downloaded(history, sent)]


def test_a_class_row_never_opens_from_your_games(store):
    settings, table, history, sent = page(store)
    cls = Classes(store).create(TEACHER, "pao_de_kuai", "low", 1)
    row = store.save(settings.token, "pao_de_kuai", student_record(cls, 0).to_json(), level="low", seat=0, moves=9,
                     deals=1, over=True, points=1.0, outcome="won", class_deal=True)
    before = table.state
    send(history, {"type": "press", "id": f"review:{row}"})
    assert table.state is before and table.review == {} and "not among this browser's games" in table.notice


def test_a_practice_deal_taken_over_is_never_kept_nor_sent(store, monkeypatch):
    monkeypatch.setattr("cardavia_nb.ui.review.reviewing.reviewing", no_review)
    settings, table, history, sent = page(store)
    to_the_end(table)
    finished = table.record()
    send(table, {"type": "review"})
    table.reviewing.wait()
    send(table, {"type": "take_over", "step": 1})
    assert table.reviewing.practising, table.notice
    send(table, {"type": "act", "id": table.turn.legal[-1].id})
    table_sent: list = []
    table.send = table_sent.append
    send(table, {"type": "download"})
    assert "practice deal" in table.notice and table_sent == []
    assert downloaded(history, sent) == [finished] and store.unfinished(settings.token) == []


# --- the table's record after a class deal --------------------------------------------------------

@pytest.mark.parametrize("game", ["truco", "pao_de_kuai"])
def test_a_class_deals_record_leaves_the_table_without_the_sets_seeds(store, game, monkeypatch):
    monkeypatch.setattr("cardavia_nb.ui.classroom.student.reviewing", no_review)
    cls = Classes(store).create(TEACHER, game, "low", 1)
    settings, keeper = Settings(), Keeper(store=store)
    table = Table(game, settings=settings, keeper=keeper, delay=0)
    panel = ClassPlay(table, keeper=keeper)
    sent: list = []
    table.send = sent.append
    settings._on_msg(settings, {"type": "token", "value": new_token()}, [])
    send(panel, {"type": "class", "code": cls.code})
    send(panel, {"type": "text", "id": "name", "value": "Ana"})
    for _ in range(400):
        if panel.over:
            break
        legal = [a.id for a in table.turn.legal]
        send(table, {"type": "act", "id": "answer:no_quiero" if "answer:no_quiero" in legal else legal[0]})
    panel.wait()
    send(table, {"type": "download"})
    [message] = [m for m in sent if m.get("type") == "download"]
    record = Record.from_json(message["text"])
    assert not seeds_in(record) & secrets_of(cls, 0), "a class deal's record carries the set's seeds"
    engine = get_game(game)
    assert replay(engine, record) is not None and record.setup == engine.deal_setup(replay(engine, record, upto=0))


# --- the rule itself ----------------------------------------------------------------------------------

def tarot_dealt_again(seed: int = 11) -> Record:
    """A French Tarot record whose first deal everybody passed, so that its second deal came from the seed."""
    game = get_game("french_tarot")
    state = game.new(seed)
    moves = ["bid:pass"] * 4
    for move in moves:
        state = game.apply(state, move)
    assert state.deal_no == 1
    while state.to_act is not None:
        move = game.legal_actions(state)[-1].id  # not a pass: one redeal is enough
        moves.append(move)
        state = game.apply(state, move)
    setup = game.deal_setup(game.new(seed))
    return Record("french_tarot", seed, tuple(moves), dict(game.options), setup,
                  result={"payoffs": list(game.result(state).payoffs), "winners": list(game.result(state).winners)})


def test_a_record_without_its_seed_starts_at_its_last_deal_and_replays_to_the_same_end():
    from cardavia_nb.ui.disclosure import unseeded

    record = tarot_dealt_again()
    bare = unseeded(record)
    game = get_game("french_tarot")
    assert bare.seed == 0 and bare.actions == record.actions[4:] and bare.setup["deal_no"] == 1
    assert bare.result == record.result and game.result(replay(game, bare)) == game.result(replay(game, record))


def test_the_rule_refuses_a_game_in_progress_and_a_practice_deal_and_tells_seeds_only_when_known(store):
    from cardavia_nb.ui.disclosure import class_record, leaving

    cls = Classes(store).create(TEACHER, "pao_de_kuai", "low", 1)
    record = student_record(cls, 0)
    with pytest.raises(Refusal):
        leaving(record, over=False)
    with pytest.raises(Refusal):
        leaving(record, over=True, practice=True)
    assert leaving(record) == record  # one's own finished game: everything
    assert not seeds_in(leaving(record, apart=True)) & secrets_of(cls, 0)
    assert class_record(cls, record).seed == 0
    assert class_record(replace(cls, closed=True), record) == record


def test_a_kept_row_leaves_only_finished_and_ones_own(store):
    from cardavia_nb.ui.disclosure import listed, stored

    cls = Classes(store).create(TEACHER, "pao_de_kuai", "low", 1)
    token, text = new_token(), student_record(cls, 0).to_json()
    common = dict(level="low", seat=0, moves=9, deals=1)
    own = store.save(token, "pao_de_kuai", text, over=True, points=1.0, outcome="won", **common)
    playing = store.save(token, "truco", text, **common)
    apart = store.save(token, "french_tarot", text, over=True, points=1.0, outcome="won", class_deal=True, **common)
    rows = {s.id: s for s in (store.get(token, n) for n in (own, playing, apart))}
    assert stored(rows[own]) == text and stored(rows[playing]) is None and stored(rows[apart]) is None
    assert listed(rows[own]) and not listed(rows[apart])
    assert json.loads(text)["seed"] == deal_seed(cls, 0)
