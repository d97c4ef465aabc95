"""Truco worlds that read the calls (``players.truco_reading``): the worlds a review judges on agree with what the
opponent's moves of the deal revealed, are reproducible, and never read the cards the seat cannot see."""

from __future__ import annotations

import random
from statistics import mean

from cardavia_nb.core import testing
from cardavia_nb.games import get
from cardavia_nb.games.truco import envido_value
from cardavia_nb.players.truco import LowPlayer
from cardavia_nb.players.truco_model import top_two
from cardavia_nb.players.truco_reading import read_worlds
from cardavia_nb.players.truco_worlds import sample_worlds

GAME = get("truco")
LOW = [None, LowPlayer(5)]  # seat 1 a Low player, seat 0 the one whose worlds are read


def view_after(hands, moves=(), dealer=0, scores=(22, 21)):
    """Seat 0's view once ``moves`` (ids, or None for Low's own choice in seat 1) are made on an explicit deal."""
    state = GAME.new(1, hands=hands, dealer=dealer, scores=scores, deal_no=9)
    for move in moves:
        state = GAME.apply(state, move or LOW[1].choose(GAME, GAME.observe(state, 1), GAME.legal_actions(state)))
    return state, GAME.observe(state, 0)


def opponent_envido(worlds):
    """The opponent's envido value in each world."""
    return [envido_value(w.setup["hands"][1]) for w in worlds]


def test_a_low_falta_envido_is_read_as_thirty_three():
    """Low opens falta envido only with 33 of envido: the read worlds give it 33 nearly always, where plain
    sampling gives it far less (a refusal with 28 would otherwise be judged on the wrong hands)."""
    state, view = view_after([["7C", "1C", "4O"], ["7E", "6E", "3O"]], [None])
    assert view.envido_value == 28 and state.moves == ("call:falta_envido",)
    read = [x for seed in range(3) for x in opponent_envido(read_worlds(GAME, view, random.Random(seed), 16, LOW))]
    plain = [x for seed in range(3) for x in opponent_envido(sample_worlds(view, random.Random(seed), 16))]
    assert len(read) == 48 and sum(x >= 33 for x in read) >= 42, read
    assert sum(x < 33 for x in plain) >= 42, plain


def test_the_same_rand_gives_the_same_worlds():
    """Worlds are drawn with the given rand only: the review's judgement is reproducible from its seed."""
    _, view = view_after([["7C", "1C", "4O"], ["7E", "6E", "3O"]], [None])
    for opponents in (LOW, [None, None]):
        first = read_worlds(GAME, view, random.Random(11), 16, opponents)
        assert first == read_worlds(GAME, view, random.Random(11), 16, opponents)


def test_no_opponent_move_yet_is_plain_sampling():
    """Before the opponent has moved in the deal there is nothing to read: the worlds are the sampler's own."""
    _, view = view_after([["7C", "1C", "4O"], ["7E", "6E", "3O"]], dealer=1)
    assert view.to_act == 0 and not view.moves
    for opponents in (LOW, [None, None]):
        assert read_worlds(GAME, view, random.Random(4), 16, opponents) == sample_worlds(view, random.Random(4), 16)


def test_a_persons_truco_call_reads_as_a_stronger_hand():
    """An unknown opponent who called truco is read with a sound player's habits: stronger hands than uniform."""
    _, view = view_after([["7C", "1C", "4O"], ["5E", "4B", "12O"]], ["call:truco"])
    read = [top_two(w.setup["hands"][1]) for w in read_worlds(GAME, view, random.Random(2), 200, [None, None])]
    plain = [top_two(w.setup["hands"][1]) for w in sample_worlds(view, random.Random(2), 200)]
    assert mean(read) > mean(plain) + 0.5, (mean(read), mean(plain))


def test_the_opponents_real_cards_are_never_read():
    """Two deals that differ only in the opponent's unseen cards give the same view, hence the same worlds."""
    moves = ["play:3O", "play:4O"]
    _, one = view_after([["7C", "1C", "4O"], ["3O", "7E", "6E"]], moves)
    _, other = view_after([["7C", "1C", "4O"], ["3O", "5B", "12C"]], moves)
    assert one == other
    for opponents in (LOW, [None, None]):
        assert read_worlds(GAME, one, random.Random(8), 16, opponents) == \
            read_worlds(GAME, other, random.Random(8), 16, opponents)


def test_every_read_world_is_a_real_deal_giving_the_same_view():
    """Read worlds pass the samplers' conformance check: dealt and replayed by the engine, each gives the view."""
    for opponents in ([LowPlayer(1), LowPlayer(2)], [None, None]):
        reader = lambda view, rand, n: read_worlds(GAME, view, rand, n, opponents)  # noqa: E731
        assert testing.check_sampler(GAME, reader, range(4), max_states=12) > 0
