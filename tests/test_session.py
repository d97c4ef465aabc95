"""The game in play as a value: people at one or more seats, computers at the rest, its record, its resumption."""

from __future__ import annotations

import pytest

from cardavia_nb import i18n
from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Session
from cardavia_nb.ui import Settings
from cardavia_nb.ui.table import Table
from cardavia_nb.ui.table.adapters import adapter_for

GAMES = ["truco", "pao_de_kuai", "french_tarot"]


class Heard:
    """A watcher that writes down what it is told."""

    def __init__(self):
        self.said: list[tuple] = []

    def began(self, session):
        self.said.append(("began", len(session.moves)))

    def moved(self, session, moments):
        self.said.append(("moved", len(moments), session.state is moments[-1].state))


def session_of(name: str, humans: set[int], seed: int = 5) -> Session:
    """A session of ``name`` dealt from ``seed`` with people at ``humans`` and Low elsewhere."""
    game = get(name)
    players = {s: computer(name, "low", 100 + s) for s in range(game.num_players) if s not in humans}
    return Session(game, game.new(seed), players, frozenset(humans), seed=seed, pause=adapter_for(game).pause)


def first_moves(session: Session, count: int) -> None:
    """People play their first legal move ``count`` times (a pause's click when one waits)."""
    for _ in range(count):
        if session.state.to_act is None:
            return
        legal = session.game.legal_actions(session.state)
        pause = session.pause(legal)
        session.play(session.state.to_act, (pause or legal[0]).id)


@pytest.mark.parametrize("name", GAMES)
def test_computers_play_until_a_person_must_act_and_the_record_replays(name):
    session = session_of(name, {0})
    heard = Heard()
    session.watchers.append(heard)
    moments = session.start()
    assert heard.said[0] == ("began", 0) and heard.said[1] == ("moved", len(moments), True)
    first_moves(session, 12)
    assert session.state.to_act in (None, 0) or session.pause(session.game.legal_actions(session.state))
    record = session.record()
    assert replay(session.game, record) == session.state
    assert [p.kind for p in record.players] == ["human"] + ["low"] * (session.game.num_players - 1)


@pytest.mark.parametrize("name", GAMES)
def test_two_people_share_one_session_and_no_computer_moves_for_them(name):
    game = get(name)
    session = session_of(name, {0, 1})
    session.start()
    seen: set[int] = set()
    for _ in range(40):
        seat = session.state.to_act
        if seat is None:
            break
        legal = game.legal_actions(session.state)
        assert seat in (0, 1) or session.pause(legal) is not None, "a computer's turn was left to a person"
        seen.add(seat)
        session.play(seat, (session.pause(legal) or legal[0]).id)
    assert {0, 1} <= seen
    assert [p.kind for p in session.record().players][:2] == ["human", "human"]


@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_session_plays_on_exactly_as_the_first_would(name):
    first = session_of(name, {0})
    first.start()
    first_moves(first, 6)
    game = first.game
    again = Session.resumed(game, first.record(), {s: None for s in first.players}, pause=first.pause)
    assert again.state == first.state and again.moves == first.moves
    first_moves(first, 6)
    first_moves(again, 6)
    assert again.state == first.state and again.moves == first.moves


def test_two_tables_are_two_seats_of_one_game_and_each_shows_only_its_own_hand():
    """Two people at one Truco game, each at a table of their own: a move sent at one table is the game's, both
    tables draw it, each shows its own seat's hand only, and a move out of turn is refused in words."""
    from cardavia_nb.ui.settings import Settings
    from cardavia_nb.ui.table import Table
    from tests.support import send

    game = get("truco")
    session = Session(game, game.new(9), {}, frozenset({0, 1}), seed=9, pause=adapter_for(game).pause)
    tables = [Table(game, session=session, seat=s, settings=Settings(), delay=0) for s in (0, 1)]
    session.start()
    hands = [sorted(c["id"] for c in t.view["hand"]) for t in tables]
    assert hands == [sorted(game.observe(session.state, s).hand) for s in (0, 1)] and not set(hands[0]) & set(hands[1])
    for _ in range(30):
        seat = session.state.to_act
        if seat is None:
            break
        mover, other = tables[seat], tables[1 - seat]
        seq = other.seq
        moves, legal = list(session.moves), game.legal_actions(session.state)
        action = legal[0].id
        if session.pause(legal) is None:  # a pause ('Next deal') is a click either person may make
            send(other, {"type": "act", "id": action})
            assert other.notice == i18n.translate("core.not_your_turn", "en") and session.moves == moves
        send(mover, {"type": "act", "id": action})
        assert session.moves == moves + [action] and not mover.notice
        assert other.seq > seq, "the other table did not draw the move"
        for t in tables:  # each table shows its own hand, never the other's cards
            mine = set(game.observe(session.state, t.human).hand)
            assert {c["id"] for c in t.view["hand"]} == mine
    moves = list(session.moves)
    for intent in ({"type": "new"}, {"type": "level", "level": "high"}):
        send(tables[0], intent)
        assert tables[0].notice == i18n.translate("ui.notice.shared_game", "en") and session.moves == moves


@pytest.mark.parametrize("name", GAMES)
def test_a_table_brought_back_applies_each_recorded_move_once(name, monkeypatch):
    """Resuming walks the record once: the computers re-asked and the log rebuilt from the same states."""
    first = session_of(name, {0})
    first.start()
    first_moves(first, 4)
    record = first.record()
    game = get(name)
    applied = []
    real = type(game).apply
    monkeypatch.setattr(type(game), "apply", lambda self, state, action: applied.append(action) or real(self, state, action))
    table = Table(game, settings=Settings(), delay=0, players={s: p for s, p in first.players.items()})
    applied.clear()
    table.resume(record)
    assert table.moves == record.actions and len(applied) == len(record.actions)
