"""What the class tests and benchmark share: a student's finished set deal, as the student's kernel writes it.

The student's seat is played by a Low computer with the student's own seed (so thirty students make
thirty different games on the same cards); the record names seat 0 "human", as a table's record does.
"""

from __future__ import annotations

from cardavia_nb.core.record import Record, SeatPlayer, result_data
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer, seat_of
from cardavia_nb.classroom.deals import deal_seed, set_deal, set_players
from cardavia_nb.classroom import ClassSet


def student_record(cls: ClassSet, index: int, seed: int = 0, cheat: bool = False) -> Record:
    """Deal ``index`` of the set played to its end by a Low player at seat 0 and the set's players elsewhere;
    with ``cheat``, the first computer decision among several is made otherwise (every move stays legal)."""
    game = get(cls.game)
    state = set_deal(game, cls, index)
    setup = game.deal_setup(state)
    players = set_players(cls, index)
    players[0] = computer(cls.game, "low", seed)
    moves = []
    while not game.deal_over(state):
        mover, legal = state.to_act, game.legal_actions(state)
        move = players[mover].choose(game, game.observe(state, mover), legal).id
        if cheat and mover != 0 and len(legal) > 1:
            move, cheat = next(a.id for a in legal if a.id != move), False
        moves.append(move)
        state = game.apply(state, move)
    seats = (SeatPlayer("human"),) + tuple(seat_of(cls.game, p) for p in players[1:])
    return Record(cls.game, deal_seed(cls, index), tuple(moves), dict(game.options), setup, seats,
                  result=result_data(game, state))
