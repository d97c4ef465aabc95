"""The game in play as a value: people at one or more seats, computers at the rest, its record, its resumption."""

from __future__ import annotations

import pytest

from cardavia_nb.core.record import replay
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Session
from cardavia_nb.ui.adapters import adapter_for

GAMES = ["truco", "pao_de_kuai", "french_tarot"]


class Heard:
    """A watcher that writes down what it is told."""

    def __init__(self):
        self.said: list[tuple] = []

    def began(self, session):
        self.said.append(("began", len(session.moves)))

    def moved(self, session, states):
        self.said.append(("moved", len(states), session.state is states[-1]))


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
    states = session.start()
    assert heard.said[0] == ("began", 0) and heard.said[1] == ("moved", len(states), True)
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
