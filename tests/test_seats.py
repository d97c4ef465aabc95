"""Computer players are reproducible: a record names them, and replaying it asks them again move by move."""

from __future__ import annotations

import pytest

from cardavia_nb.core.record import Record, RecordError, SeatPlayer
from cardavia_nb.core.rng import rng
from cardavia_nb.games import get
from cardavia_nb.players import seats
from cardavia_nb.players.base import RandomPlayer

# (game, computer level, moves of the record checked): High's searches are slow, so its Tarot and
# Pao De Kuai records are checked over their first moves (every computer decision among them).
CASES = [("truco", "low", None), ("truco", "high", None), ("pao_de_kuai", "low", None),
         ("pao_de_kuai", "high", 12), ("french_tarot", "low", None), ("french_tarot", "high", 14)]


def _record(name: str, level: str, upto: int | None, seed: int = 5) -> tuple[Record, list]:
    """A record of ``name`` with seat 0 a person (random moves) and the other seats at ``level``."""
    game = get(name)
    players = [None] + [seats.computer(name, level, 100 + s) for s in range(1, game.num_players)]
    person = rng("person", seed)
    state, moves = game.new(seed), []
    while state.to_act is not None and (upto is None or len(moves) < upto):
        legal = game.legal_actions(state)
        player = players[state.to_act]
        action = person.choice(legal) if player is None else player.choose(game, game.observe(state, state.to_act), legal)
        moves.append(action.id)
        state = game.apply(state, action)
    named = tuple(seats.seat_of(name, p) for p in players)
    return Record(name, seed, tuple(moves), dict(game.options), None, named), state


@pytest.mark.parametrize("name, level, upto", CASES)
def test_rebuilt_players_make_every_recorded_decision_again(name, level, upto):
    record, state = _record(name, level, upto)
    assert record.players[0] == SeatPlayer("human") and record.players[1].kind == level
    game = get(name)
    again = Record.from_json(record.to_json())
    assert seats.walk(game, again, seats.rebuilt(again)) == state


def test_a_move_the_computer_would_not_make_is_named():
    record, _ = _record("truco", "low", None)
    game = get("truco")
    state = game.new(record.seed)
    for step, action_id in enumerate(record.actions):
        if state.to_act == 1 and len(game.legal_actions(state)) > 1:
            break
        state = game.apply(state, action_id)
    other = next(a.id for a in game.legal_actions(state) if a.id != record.actions[step])
    forged = Record(record.game, record.seed, record.actions[:step] + (other,), players=record.players)
    with pytest.raises(RecordError) as err:
        seats.walk(game, forged, seats.rebuilt(forged))
    assert err.value.msg.key == "record.not_reproduced" and f"Move {step + 1}" in str(err.value)


def test_seats_name_people_levels_and_bots():
    assert seats.seat_of("truco", None) == SeatPlayer("human")
    assert seats.seat_of("truco", RandomPlayer(3)) == SeatPlayer("random", 3, "Random")
    high = seats.computer("pao_de_kuai", "high", 9)
    assert seats.seat_of("pao_de_kuai", high) == SeatPlayer("high", 9, high.name)
    cheaper = type(high)(seed=9, rollouts=30)  # another budget: not what "high" rebuilds
    assert seats.seat_of("pao_de_kuai", cheaper) == SeatPlayer("bot", None, high.name)
    with pytest.raises(ValueError, match="no computer level"):
        seats.computer("truco", "grandmaster", 1)
    assert seats.rebuilt(Record("truco", 1, players=(SeatPlayer("human"), SeatPlayer("bot", None, "x")))) == [None, None]
