"""What the class tests and benchmark share: a student's finished set deal, as the student's kernel writes it.

The student's seat is played by a Low computer with the student's own seed (so thirty students make
thirty different games on the same cards); the record names seat 0 "human", as a table's record does.
"""

from __future__ import annotations

from cardavia_nb.core.record import Record, SeatPlayer, result_data
from cardavia_nb.games import get
from cardavia_nb.players.seats import computer, seat_of
from cardavia_nb.store.class_deals import deal_over, deal_seed, set_deal, set_players
from cardavia_nb.store.classes import ClassSet


def student_record(cls: ClassSet, index: int, seed: int = 0) -> Record:
    """Deal ``index`` of the set played to its end by a Low player at seat 0 and the set's players elsewhere."""
    game = get(cls.game)
    state = set_deal(game, cls, index)
    setup = game.deal_setup(state)
    players = set_players(cls, index)
    players[0] = computer(cls.game, "low", seed)
    moves = []
    while not deal_over(game, state):
        mover = state.to_act
        moves.append(players[mover].choose(game, game.observe(state, mover), game.legal_actions(state)).id)
        state = game.apply(state, moves[-1])
    seats = (SeatPlayer("human"),) + tuple(seat_of(cls.game, p) for p in players[1:])
    return Record(cls.game, deal_seed(cls, index), tuple(moves), dict(game.options), setup, seats,
                  result=result_data(game, state))
