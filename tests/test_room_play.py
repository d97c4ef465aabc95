"""Several people's kernels at one room's table, on SQLite and PostgreSQL: whole games where every kernel ends on
the same state, computers' moves made once by whichever kernel handed them the turn (or took over from one
gone), a stale move refused and shown, a person away played for and marked helped, and bad moves refused in
words with nothing written. Each kernel here is a ``RoomPlay`` on a store of its own, as in its own process."""

from __future__ import annotations

import queue
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import update

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.players.seats import computer
from cardavia_nb.store import Store, new_token
from cardavia_nb.rooms import RoomPlay, play
from cardavia_nb.store import room_watch
from cardavia_nb.store.rooms import (
    RoomError, StaleMove, append_move, create_room, progress, room_seed, room_state,
)
from cardavia_nb.store.tables import room_seats
from tests import databases

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures
QUIET = {"grace": 60.0, "away": 3600.0}  # kernels that take nothing over: the test drives every move


def seated(store, code: str, people: int, **options):
    """``people`` kernels, each on a store of its own, each holding the next seat of the room."""
    stores = [Store(store.url) for _ in range(people)]
    return stores, [RoomPlay(s, code, new_token(), **{**QUIET, **options}) for s in stores]


def closed(stores, kernels) -> None:
    """Close the kernels, then their stores."""
    for kernel in kernels:
        kernel.close()
    for opened in stores:
        opened.close()


def until(check, seconds: float = 10.0) -> None:
    """Wait until ``check()`` holds (a kernel hears of moves from a thread of its own)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the kernels did not get there in time"
        time.sleep(0.02)


def people_play(kernels, chooser_seed: int = 7) -> int:
    """The people play the whole game, each from their own kernel's view (a Low player chooses for them):
    the kernel of the seat to act catches up first, as the page's click would find it. Returns the moves."""
    choosers = [computer(kernels[0].game.name, "low", chooser_seed + k.seat) for k in kernels]
    by_seat = {k.seat: k for k in kernels}
    moves = 0
    while True:
        for kernel in kernels:
            kernel.catch_up()
        state = kernels[0].session.state
        if state.to_act is None:
            return moves
        kernel = by_seat[state.to_act]
        legal = kernel.game.legal_actions(kernel.session.state)
        kernel.play(choosers[kernel.seat].choose(kernel.game, kernel.view, legal).id)
        moves += 1


@pytest.mark.parametrize("name, people", [("truco", 2), ("pao_de_kuai", 2), ("french_tarot", 2), ("french_tarot", 4)])
def test_a_whole_game_ends_on_the_same_state_in_every_kernel_and_replays_from_the_store(store, name, people):
    code = create_room(store, name, {}, people, "low")
    stores, kernels = seated(store, code, people)
    try:
        assert sorted(k.seat for k in kernels) == list(range(people))
        kernels[0].start()
        assert people_play(kernels) > 0
        for kernel in kernels:
            kernel.catch_up()
        final = kernels[0].session
        assert final.state.to_act is None  # the game is over
        assert all(k.session.moves == final.moves and k.session.state == final.state for k in kernels)
        written = room_state(store, code).moves
        assert [m.action for m in written] == final.moves and [m.seq for m in written] == list(range(1, len(written) + 1))
        assert not any(m.helped for m in written)
        # the store alone replays it: the deal from the room's seed, every move, computers' ones included
        again = final.game.new(room_seed(store, code))
        for move in written:
            if move.seat >= people:  # a computer's move is the one its seat's player makes from its view
                player = computer(name, "low", move.seat)
                assert player.choose(final.game, final.game.observe(again, move.seat),
                                     final.game.legal_actions(again)).id == move.action
            again = final.game.apply(again, move.action)
        assert again == final.state
    finally:
        closed(stores, kernels)


def test_a_kernel_hears_of_the_other_kernels_move_without_asking(store):
    code = create_room(store, "truco", {}, 2, "low")
    heard = queue.Queue()
    stores = [Store(store.url) for _ in range(2)]
    first = RoomPlay(stores[0], code, new_token(), **QUIET)
    second = RoomPlay(stores[1], code, new_token(), moved=heard.put, **QUIET)
    try:
        first.start()
        mover = first if first.session.to_act == first.seat else second
        legal = mover.game.legal_actions(mover.session.state)
        mover.play(legal[0].id)
        if mover is first:  # the second kernel hears of it from its listener, not from a call of the test
            moments = heard.get(timeout=10)
            while not moments:  # the room's own changes (the start) come as no moments
                moments = heard.get(timeout=10)
            assert moments[-1].state == first.session.state
        assert progress(store, code)[0] == 1
        until(lambda: second.session.moves == first.session.moves)
    finally:
        closed(stores, [first, second])


def test_a_move_refused_in_words_writes_nothing(store):
    code = create_room(store, "pao_de_kuai", {}, 2, "low")
    stores, (one, two) = seated(store, code, 2)
    try:
        with pytest.raises(RoomError, match="not started") as early:
            one.play("pass")
        assert "sala" in early.value.text("pt")
        one.start()  # the computer's seat may lead: then it has played already, and a person is to act
        mover, other = (one, two) if one.session.to_act == one.seat else (two, one)
        mover.catch_up()
        with pytest.raises(RoomError, match="not your turn"):
            other.play(mover.game.legal_actions(mover.session.state)[0].id)
        before = progress(store, code)[0]
        with pytest.raises(IllegalAction):
            mover.play("play:ZZ")
        assert progress(store, code)[0] == before and len(mover.session.moves) == before
    finally:
        closed(stores, [one, two])


def going_on(kernel) -> str:
    """The first legal move of ``kernel``'s seat that leaves the game going: the first legal move could accept a
    falta envido (Low, playing for a person away, opens one with 33), and a game over has nobody to act (fc57)."""
    game, state = kernel.game, kernel.session.state
    legal = game.legal_actions(state)
    return next((a for a in legal if game.result(game.apply(state, a.id)) is None), legal[0]).id


def to_seat(kernels, seat: int) -> None:
    """The people play (their kernels' own moves, ``going_on``) until ``seat`` is to act."""
    by_seat = {k.seat: k for k in kernels}
    while (to_act := kernels[0].session.state.to_act) != seat:
        mover = by_seat[to_act]
        mover.play(going_on(mover))
        for kernel in kernels:
            kernel.catch_up()


def test_two_pages_of_one_seat_moving_at_once_write_one_move_and_end_alike(store, monkeypatch):
    """One person with two pages (one seat token, two kernels) clicks two moves at once: both kernels read the
    same state and pass the rules (the store's write waits for both), one move is written, the other page is
    told in words that another move came first, and every kernel ends on the same moves."""
    code = create_room(store, "truco", {}, 2, "low")
    token = new_token()
    stores = [Store(store.url) for _ in range(3)]
    # two pages of one seat (the later would take the seat over at the earlier's next sign of life: none here,
    # so that both stay in the race for as long as the test runs, as they are until that sign)
    pages = [RoomPlay(stores[i], code, token, **QUIET, beat=3600.0) for i in range(2)]
    other = RoomPlay(stores[2], code, new_token(), **QUIET)
    try:
        other.start()
        to_seat([other, *pages], pages[0].seat)
        moves = [a.id for a in pages[0].game.legal_actions(pages[0].session.state)][:2]
        both_read, written = threading.Barrier(2), play.append_move

        def racing(*args, **kwargs):
            both_read.wait(timeout=10)
            return written(*args, **kwargs)

        monkeypatch.setattr(play, "append_move", racing)
        outcomes = []

        def click(page, action):
            try:
                page.play(action)
                outcomes.append("written")
            except StaleMove as err:
                outcomes.append(err.text("en"))

        threads = [threading.Thread(target=click, args=pair) for pair in zip(pages, moves)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["Another player's move came first: the table shows it now.", "written"]
        for kernel in (*pages, other):
            kernel.catch_up()
        assert pages[0].session.moves == pages[1].session.moves == other.session.moves
        assert [m.action for m in room_state(store, code).moves] == other.session.moves
        assert other.session.moves[-1] in moves
    finally:
        closed(stores, [*pages, other])


def test_the_computer_plays_once_when_the_kernel_that_should_have_is_gone(store):
    """Seat 1's kernel writes its move and dies before the computer's move it handed the turn to: the other
    kernel plays it after the grace, the very move the computer makes, and only once."""
    code = create_room(store, "pao_de_kuai", {}, 2, "low")
    stores, kernels = seated(store, code, 2, grace=0.3)
    try:
        kernels[0].start()
        to_seat(kernels, 1)
        alive, gone = sorted(kernels, key=lambda k: k.seat)
        gone.close()
        state = alive.session.state
        action = gone.game.legal_actions(state)[0].id
        seq = len(alive.session.moves) + 1
        append_move(stores[gone.seat], code, seq, 1, action)  # written by the dying kernel, nothing after it
        after = alive.game.apply(state, action)
        expected = computer("pao_de_kuai", "low", 2).choose(alive.game, alive.game.observe(after, 2),
                                                            alive.game.legal_actions(after)).id
        until(lambda: progress(store, code)[0] >= seq + 1)
        written = room_state(store, code).moves
        assert (written[seq].seat, written[seq].action) == (2, expected)
        until(lambda: alive.session.moves == [m.action for m in room_state(store, code).moves])
    finally:
        closed(stores, kernels)


def test_a_person_away_on_their_turn_is_played_for_and_marked_helped_until_the_page_is_back(store):
    code = create_room(store, "truco", {}, 2, "low")
    tokens = [new_token(), new_token()]
    stores = [Store(store.url) for _ in range(3)]
    here = RoomPlay(stores[0], code, tokens[0], grace=60.0, away=0.5, beat=0.1, gone=0.3)
    away = RoomPlay(stores[1], code, tokens[1], **QUIET)
    try:
        here.start()
        to_seat([here, away], away.seat)
        away.close()  # the page is closed: no sign of life from now on
        with stores[0].engine.begin() as connection:  # and its last one long ago
            connection.execute(update(room_seats).where(room_seats.c.seat == away.seat)
                               .values(seen=datetime.now(timezone.utc) - timedelta(hours=1)))
        until(lambda: here.session.state.to_act != away.seat)
        moves = room_state(store, code).moves
        first = next(i for i, m in enumerate(moves) if m.helped)
        assert all(m.helped and m.seat == away.seat for m in moves[first:]) and here.helped[-1]
        helped = len(moves) - first
        back = RoomPlay(stores[2], code, tokens[1], **{**QUIET, "beat": 0.1})  # the page again: its seat, seen now
        try:
            assert back.seat == away.seat
            to_seat([here, back], back.seat)
            time.sleep(1.5)  # three times ``away``: nobody plays for a person who is there
            assert here.session.state.to_act == back.seat
            assert sum(m.helped for m in room_state(store, code).moves) == helped
        finally:
            back.close()
    finally:
        here.close()
        for opened in stores:
            opened.close()


def moved_by_the_people(kernels, moves: int) -> None:
    """``moves`` moves of the people, each made by the kernel of the seat to act; the others must hear of each from
    their listener (the test never asks them to catch up)."""
    by_seat = {k.seat: k for k in kernels}
    for _ in range(moves):
        mover = by_seat[kernels[0].session.state.to_act]
        mover.play(going_on(mover))
        until(lambda: all(k.session.moves == mover.session.moves for k in kernels))


def through_a_failure(store, fail) -> None:
    """Two kernels at a Truco table play two moves, ``fail()`` happens to the database, they play four more: no
    move lost, none doubled, both on the same state, each having heard the other's moves by itself."""
    code = create_room(store, "truco", {}, 2, "low")
    stores, kernels = seated(store, code, 2)
    try:
        kernels[0].start()
        until(lambda: all(k.room.started for k in kernels))
        moved_by_the_people(kernels, 2)
        fail()
        moved_by_the_people(kernels, 4)
        written = room_state(store, code).moves
        assert [m.seq for m in written] == list(range(1, len(written) + 1))  # none lost, none doubled
        assert all(k.session.moves == [m.action for m in written] for k in kernels)
        assert kernels[0].session.state == kernels[1].session.state
    finally:
        closed(stores, kernels)


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_a_database_restarted_mid_deal_loses_no_move_doubles_none_and_the_kernels_hear_on(store):
    """PostgreSQL restarted under two kernels in the middle of a deal: every connection drops, the notifications
    sent meanwhile are lost; each kernel's listener connects again and reads what it missed."""
    through_a_failure(store, lambda: databases.restart_postgresql(store.url))


@pytest.mark.parametrize("url", ["sqlite"], indirect=True)
def test_a_database_that_fails_a_moment_mid_deal_loses_no_move_and_the_kernels_hear_on(store, monkeypatch):
    """SQLite has no server to restart: its file failing a few reads (locked, on a network share gone a moment)
    is the same for the listeners, which poll it."""
    failures = iter([True] * 4)
    real = room_watch.progress

    def failing(*args):
        if next(failures, False):
            raise OSError("the database file is not there just now")
        return real(*args)

    through_a_failure(store, lambda: monkeypatch.setattr(room_watch, "progress", failing))
    assert next(failures, False) is False  # every failure happened
