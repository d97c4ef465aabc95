"""Rooms in the store, on SQLite and PostgreSQL: seats by hashed token, numbered moves that one writer only
gets, a room read back whole by a new store, and neither tokens nor the seed where they must not be."""

from __future__ import annotations

import queue
import threading

import pytest
from sqlalchemy import select, text

from cardavia_nb.store import Store, new_token
from cardavia_nb.store.room_watch import listen
from cardavia_nb.store.rooms import (
    RoomError, StaleMove, TakenOver, again, append_move, create_room, finish_room, followed, forget_seats,
    moves_since, next_code, progress, room_games, room_seed, room_state, seen, start_room, take_seat,
)
from cardavia_nb.store.tables import room_moves, room_seats, rooms
from tests import databases

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures


def test_people_take_the_free_seats_a_reload_comes_back_and_a_full_room_is_refused_in_words(store):
    code = create_room(store, "truco", {}, 2, "low")
    first, second, third = new_token(), new_token(), new_token()
    assert (take_seat(store, code, first), take_seat(store, code, second)) == (0, 1)
    assert take_seat(store, code, second) == 1 and take_seat(store, code, first) == 0  # reloads
    with pytest.raises(RoomError, match="full: its 2 seats"):
        take_seat(store, code, third)
    with pytest.raises(RoomError, match="no room with this code") as unknown:
        take_seat(store, new_token(), first)
    assert "sala" in unknown.value.text("pt")
    with pytest.raises(RoomError, match="no room"):
        take_seat(store, "not a code", first)
    with pytest.raises(RoomError, match="no seat"):
        seen(store, code, third)
    assert [s.taken for s in room_state(store, code).seats] == [True, True]


def test_a_room_is_refused_with_too_many_people_or_an_unknown_level(store):
    with pytest.raises(RoomError, match="2 to 2 seats"):
        create_room(store, "truco", {}, 3, "low")
    with pytest.raises(RoomError, match="2 to 4 seats"):
        create_room(store, "french_tarot", {}, 1, "low")
    with pytest.raises(RoomError, match="Low or High"):
        create_room(store, "french_tarot", {}, 2, "random")
    code = create_room(store, "french_tarot", {}, 3, "high")
    assert len(code) >= 22 and [s.taken for s in room_state(store, code).seats] == [False] * 3


def test_moves_are_kept_in_order_and_a_stale_or_skipping_one_is_refused(store):
    code = create_room(store, "pao_de_kuai", {}, 2, "low")
    for seq, (seat, action) in enumerate([(0, "play:3E"), (1, "pass"), (2, "pass")], start=1):
        append_move(store, code, seq, seat, action)
    assert progress(store, code)[0] == 3
    assert [(m.seq, m.seat, m.action) for m in moves_since(store, code, 1)] == [(2, 1, "pass"), (3, 2, "pass")]
    with pytest.raises(StaleMove, match="came first"):
        append_move(store, code, 3, 0, "play:4E")
    with pytest.raises(RoomError, match="not the room's next") as skipping:
        append_move(store, code, 5, 0, "play:4E")
    assert not isinstance(skipping.value, StaleMove)
    assert [m.action for m in room_state(store, code).moves] == ["play:3E", "pass", "pass"]
    assert progress(store, create_room(store, "truco", {}, 2, "low")) == (0, False)


def test_two_kernels_writing_the_same_move_number_at_once_one_wins_and_nothing_is_doubled(store):
    code = create_room(store, "truco", {}, 2, "low")
    kernels = [store, Store(store.url)]
    for n in range(1, 9):
        go, outcomes = threading.Barrier(2), []

        def write(kernel, seat):
            go.wait()
            try:
                append_move(kernel, code, n, seat, f"move-{seat}")
                outcomes.append(("won", seat))
            except StaleMove:
                outcomes.append(("stale", seat))

        threads = [threading.Thread(target=write, args=(k, seat)) for seat, k in enumerate(kernels)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(kind for kind, _ in outcomes) == ["stale", "won"], outcomes
        winner = next(seat for kind, seat in outcomes if kind == "won")
        assert moves_since(kernels[1 - winner], code, n - 1)[0].action == f"move-{winner}"
    kernels[1].close()
    with store.engine.connect() as connection:
        assert connection.execute(select(room_moves.c.seq).order_by(room_moves.c.seq)).scalars().all() == list(range(1, 9))


def test_the_start_gives_the_seats_nobody_took_to_the_computers_and_wants_two_people(store):
    code = create_room(store, "french_tarot", {}, 4, "high")
    tokens = [new_token() for _ in range(3)]
    take_seat(store, code, tokens[0])
    with pytest.raises(RoomError, match="two people at least"):
        start_room(store, code)
    take_seat(store, code, tokens[1])
    start_room(store, code)
    room = room_state(store, code)
    assert room.started is not None and [s.taken for s in room.seats] == [True, True]  # seats 2 and 3: computers
    with pytest.raises(RoomError, match="full"):  # a latecomer finds no person's seat left
        take_seat(store, code, tokens[2])
    start_room(store, code)  # again: nothing changes
    assert room_state(store, code) == room


def test_the_last_page_to_take_a_seat_holds_it_and_an_earlier_page_is_told_in_words(store):
    code, token = create_room(store, "truco", {}, 2, "low"), new_token()
    assert take_seat(store, code, token, "page-one") == take_seat(store, code, token, "page-two") == 0
    seen(store, code, token, "page-two")
    with pytest.raises(TakenOver, match="another page") as over:
        seen(store, code, token, "page-one")
    assert "página" in over.value.text("pt")
    seen(store, code, token)  # a caller that names no page (a store-level check) is not refused


def test_the_same_table_again_is_one_room_whoever_asks_with_the_same_seats_and_a_new_deal(store):
    code, tokens = create_room(store, "pao_de_kuai", {}, 3, "high"), [new_token() for _ in range(2)]
    for token in tokens:
        take_seat(store, code, token)
    with pytest.raises(RoomError, match="not started"):
        again(store, code)
    start_room(store, code)
    assert not followed(store, code)
    following = again(store, code)
    assert again(store, code) == following == next_code(code) != code and followed(store, code)
    room = room_state(store, following)
    assert (room.game, room.level, len(room.seats), room.started is not None) == ("pao_de_kuai", "high", 2, True)
    assert [take_seat(store, following, token) for token in reversed(tokens)] == [1, 0]  # each person's own seat
    assert room_seed(store, following) != room_seed(store, code)


def test_a_new_store_on_the_same_database_reads_the_room_back_whole(store):
    code = create_room(store, "french_tarot", {}, 2, "high")
    first, second = new_token(), new_token()
    take_seat(store, code, first)
    take_seat(store, code, second)
    start_room(store, code)
    for seq, action in enumerate(["pass", "bid:prise", "pass"], start=1):
        append_move(store, code, seq, seq % 4, action)
    before, seed = room_state(store, code), room_seed(store, code)
    store.close()
    again = Store(store.url)  # the server restarted, or another kernel
    try:
        assert room_state(again, code) == before and room_seed(again, code) == seed
        assert (before.game, before.level, before.started is not None) == ("french_tarot", "high", True)
        assert take_seat(again, code, second) == 1  # the seat comes back to its token after the restart
        append_move(again, code, 4, 0, "pass")
        assert [m.seq for m in moves_since(again, code, 0)] == [1, 2, 3, 4]
    finally:
        again.close()


def test_presence_is_the_time_a_seat_was_last_seen(store):
    code = create_room(store, "truco", {}, 2, "low")
    token = new_token()
    take_seat(store, code, token)
    joined = room_state(store, code).seats[0].seen
    seen(store, code, token)
    seats = room_state(store, code).seats
    assert seats[0].seen > joined and seats[0].seen.tzinfo is not None and (seats[1].taken, seats[1].seen) == (False, None)


def test_neither_seat_tokens_nor_room_codes_are_stored_in_clear_and_the_seed_stays_in_the_store(store):
    code, tokens = create_room(store, "pao_de_kuai", {}, 3, "low"), [new_token() for _ in range(3)]
    for token in tokens:
        take_seat(store, code, token)
    append_move(store, code, 1, 0, "pass")
    with store.engine.connect() as connection:
        raw = " ".join(str(value) for table in (rooms, room_seats, room_moves)
                       for row in connection.execute(text(f"SELECT * FROM {table.name}")) for value in row)
        seed = connection.execute(select(rooms.c.seed)).scalar_one()
    assert all(t not in raw for t in tokens) and code not in raw
    assert seed == room_seed(store, code)
    state = room_state(store, code)
    assert str(seed) not in repr(state) and hex(seed)[2:] not in repr(state)
    assert "seed" not in {f for f in type(state).__dataclass_fields__}


def test_a_kernel_hears_at_once_of_a_move_another_kernel_writes_in_its_room_only(store):
    code, elsewhere = create_room(store, "truco", {}, 2, "low"), create_room(store, "truco", {}, 2, "low")
    heard = queue.Queue()
    listening = listen(store, code, heard.put)
    other = Store(store.url)  # another kernel
    try:
        append_move(other, elsewhere, 1, 0, "pass")  # another room's move is not this room's news
        for seq in (1, 2):
            append_move(other, code, seq, seq % 2, "pass")
            assert heard.get(timeout=5) == seq
        assert heard.empty()
    finally:
        listening.stop()
        other.close()
    append_move(store, code, 3, 1, "pass")
    assert heard.empty() and not listening._thread.is_alive()


def test_a_room_game_a_computer_helped_in_is_marked_so(store):
    code = create_room(store, "truco", {}, 2, "low")
    tokens = [new_token(), new_token()]
    for token in tokens:
        take_seat(store, code, token)
    start_room(store, code)
    append_move(store, code, 1, 0, "call:truco", helped=True)
    mine, theirs = (room_games(store, token) for token in tokens)
    assert [(g.game, g.people, g.started, g.outcome, g.helped) for g in mine] == [("truco", 2, True, None, True)]
    assert [g.helped for g in theirs] == [False]  # the computer played for seat 0 only
    finish_room(store, code, {0: (-1.0, "lost"), 1: (1.0, "won")})
    finish_room(store, code, {0: (9.0, "won"), 1: (-9.0, "lost")})  # a later kernel's write changes nothing
    assert [(g.points, g.outcome) for g in room_games(store, tokens[1])] == [(1.0, "won")]
    assert forget_seats(store, tokens[0]) == 1 and room_games(store, tokens[0]) == []
