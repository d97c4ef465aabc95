"""People at one room's table, each at a table of their own in a kernel of their own (a store each), over whole
games: every message each table sends is scanned for the cards the rules hide from its seat, the other
kernel hears each move from its listener (run on its own 'event loop', a queue drained here), and a move
another kernel beat is refused in words with the newer state drawn."""

from __future__ import annotations

import queue
import time

import pytest

from cardavia_nb import i18n
from cardavia_nb.store import Store, new_token
from cardavia_nb.store.rooms import create_room, room_seed, version
from cardavia_nb.ui import Settings
from cardavia_nb.ui.room_table import room_table
from tests import databases
from tests.scanners import cards_shown
from tests.support import MOVES, PUBLIC, send
from tests.wire import Wire, leaks, payload, seeds_shown

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures


class Kernel:
    """One person's kernel: a store, an event loop (the queue its room posts work to), and the room's table."""

    def __init__(self, url: str, code: str):
        self.store, self.loop = Store(url), queue.SimpleQueue()
        self.table = room_table(self.store, code, new_token(), post=self.loop.put, settings=Settings(), delay=0)
        self.wire = Wire(self.table)

    def run(self) -> None:
        """Run the work posted to this kernel's loop so far (moves heard from the other kernels)."""
        while not self.loop.empty():
            self.loop.get()()

    def close(self) -> None:
        self.table.room.close()
        self.store.close()


def heard(kernels, url: str, code: str) -> None:
    """Run each kernel's loop until it has applied every move in the store (its listener posts them)."""
    probe = Store(url)
    try:
        written = version(probe, code)
    finally:
        probe.close()
    end = time.monotonic() + 10
    for kernel in kernels:
        while len(kernel.table.session.moves) < written:
            assert time.monotonic() < end, "a kernel did not hear of a move"
            kernel.run()
            time.sleep(0.01)


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_each_page_of_a_room_is_sent_its_own_seat_only_over_a_whole_game(store, name):
    code = create_room(store, name, {}, 2, "low")
    kernels = [Kernel(store.url, code) for _ in range(2)]
    try:
        kernels[0].table.room.start()
        heard(kernels, store.url, code)
        seed = room_seed(store, code)  # the kernels' own: never sent, not even at the end (a secret session)
        allowed = [PUBLIC[name](k.table.state, k.table.room.seat) for k in kernels]  # the seat the room gave
        theirs = PUBLIC[name](kernels[0].table.state, 1) - allowed[0]  # seat 1's cards, hidden from seat 0
        scanned = 0
        for turn in range(600):
            state = kernels[0].table.state
            if state.to_act is None:
                break
            mover = next(k for k in kernels if k.table.room.seat == state.to_act)
            send(mover.table, MOVES[name](mover.table, 1, turn))
            assert not mover.table.notice, mover.table.notice
            heard(kernels, store.url, code)
            for index, kernel in enumerate(kernels):
                table = kernel.table
                assert table.state == mover.table.state
                allowed[index] |= PUBLIC[name](table.state, table.room.seat)
                sent = payload(kernel.wire.take())
                scanned += len(sent)
                hidden = cards_shown(sent, table) - allowed[index]
                assert not hidden, f"{name}: seat {table.room.seat} was sent the hidden cards {sorted(hidden)}"
                assert not leaks(sent) and not seeds_shown(sent, {seed}), f"{name}: the room's seed was sent"
        else:
            raise AssertionError(f"{name}: no end after 600 turns")
        assert scanned > 0 and all(k.table.view["over"] for k in kernels)
        for kernel in kernels:  # nor in the finished game's record file, the page's to download
            send(kernel.table, {"type": "download"})
            sent = payload(kernel.wire.take())
            assert [m for m in sent if m.get("content", {}).get("type") == "download"], kernel.table.notice
            assert not seeds_shown(sent, {seed}), "the room's seed left in the record file"
        # the positive control: seat 1's dealt hand, had it been sent to seat 0, would have been caught
        assert theirs and cards_shown([{"text": " ".join(sorted(theirs))}], kernels[0].table) == theirs
    finally:
        for kernel in kernels:
            kernel.close()


def test_a_move_another_kernel_wrote_first_is_refused_in_words_and_the_newer_state_drawn(store):
    """Seat 0's person has two pages: the second plays first; the first page, not yet told, sends its own move."""
    code = create_room(store, "truco", {}, 2, "low")
    token = new_token()
    stores = [Store(store.url) for _ in range(2)]
    loops = [queue.SimpleQueue() for _ in range(2)]
    pages = [room_table(s, code, token, post=loop.put, settings=Settings(), delay=0) for s, loop in zip(stores, loops)]
    other = Kernel(store.url, code)
    try:
        other.table.room.start()
        while True:  # until seat 0 leads the first or second trick: after its card, the turn is seat 1's
            for table in (pages[0], other.table):
                table.room.catch_up()
            state = other.table.state
            if state.to_act == pages[0].human and len(state.played) in (0, 2):  # with two cards or three
                break
            mover = other.table if state.to_act == other.table.human else pages[0]
            send(mover, MOVES["truco"](mover, 0, 0))
        for page in pages:
            page.room.catch_up()
        moves = list(pages[0].session.moves)
        first = pages[1].view["hand"][0]["action"]
        send(pages[1], {"type": "act", "id": first})
        assert not pages[1].notice and len(pages[1].session.moves) == len(moves) + 1
        stale = next(c["action"] for c in pages[0].view["hand"] if c["action"] != first)  # page 0 still shows its turn
        send(pages[0], {"type": "act", "id": stale})
        assert pages[0].notice in (i18n.translate("store.room.stale", "en"), i18n.translate("store.room.not_your_turn", "en"))
        assert pages[0].session.moves == pages[1].session.moves == moves + [first]
        assert first.split(":")[1] not in {c["id"] for c in pages[0].view["hand"]}  # the newer state is drawn
    finally:
        for page in pages:
            page.room.close()
        for opened in stores:
            opened.close()
        other.close()
