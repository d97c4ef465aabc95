"""People at one room's table, each at a table of their own in a kernel of their own (a store each), over whole
games: every message each table sends is scanned for the cards the rules hide from its seat, the other
kernel hears each move from its listener (run on its own 'event loop', a queue drained here), and a move
another kernel beat is refused in words with the newer state drawn."""

from __future__ import annotations

import json
import queue
import time

import pytest

from cardavia_nb import i18n
from cardavia_nb.store import Store, new_token
from cardavia_nb.store.rooms import progress, room_seed
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.addresses import page_beside
from cardavia_nb.ui.classroom.qr import qr_svg
from cardavia_nb.ui.friends import Friends
from tests import databases
from tests.scanners import cards_shown
from tests.support import MOVES, PUBLIC, send
from tests.wire import Wire, custom, leaks, payload, seeds_shown

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures
ORIGIN = "http://127.0.0.1:8866/voila/render/notebooks/page.ipynb"  # each kernel's page, as its front end tells it


def invite_left_out(sent: list, game: str, code: str) -> list:
    """The frames without the room's invite, its code and its QR code: random URL-safe text, whose pieces between
    a "-" or "_" can read as a card id ("..._QS_..."); every other string is scanned as sent."""
    text = json.dumps(sent).replace(qr_svg(page_beside(ORIGIN, game, f"room={code}")), "")
    return json.loads(text.replace(code, ""))


class Kernel:
    """One person's page and kernel: a store, an event loop (the queue its room posts work to), the page's token,
    and the game page's table with its *Play with friends* panel; the room made here when ``code`` is None,
    else joined as the page of the invite link (its address's code, told by the front end)."""

    def __init__(self, url: str, game: str, code: str | None = None, token: str | None = None):
        self.store, self.loop, self.settings = Store(url), queue.SimpleQueue(), Settings()
        self.table = Table(game, settings=self.settings, delay=0)
        self.friends = Friends(self.table, store=self.store, post=self.loop.put)
        self.wire = Wire(self.table, self.friends)
        custom(self.settings, {"type": "token", "value": token or new_token()})
        custom(self.friends, {"type": "origin", "value": ORIGIN})
        if code is None:
            custom(self.friends, {"type": "press", "id": "room-create"})
        else:
            custom(self.friends, {"type": "room", "value": code})
        assert self.friends.play is not None, self.friends.problem
        self.room = self.friends.play

    def run(self) -> None:
        """Run the work posted to this kernel's loop so far (moves heard from the other kernels)."""
        while not self.loop.empty():
            self.loop.get()()

    def close(self) -> None:
        for play in {self.room, self.friends.play} - {None}:  # the room it joined, and the one after (same table)
            play.close()
        self.store.close()


def seated(url: str, game: str, people: int) -> list[Kernel]:
    """A room made by the first page's *Play with friends*, joined by ``people - 1`` pages of its invite link."""
    first = Kernel(url, game)
    return [first, *(Kernel(url, game, first.friends.code) for _ in range(people - 1))]


def heard(kernels, url: str, code: str) -> None:
    """Run each kernel's loop until it has applied every move in the store (its listener posts them)."""
    probe = Store(url)
    try:
        written = progress(probe, code)[0]
    finally:
        probe.close()
    end = time.monotonic() + 10
    for kernel in kernels:
        while len(kernel.table.session.moves) < written:
            assert time.monotonic() < end, "a kernel did not hear of a move"
            kernel.run()
            time.sleep(0.01)


def test_the_scan_reads_no_card_in_the_invite_and_still_reads_one_beside_it():
    """A room code is random: "…_QS_…" once failed the Tarot scan with a card seat 0 was never sent."""
    table = Table("french_tarot", delay=0)
    code = "A" * 10 + "_QS_" + "B" * 29
    href = page_beside(ORIGIN, "french_tarot", f"room={code}")
    sent = [{"type": "link", "href": href}, {"type": "image", "src": qr_svg(href)}]
    assert cards_shown(sent, table) >= {"QS"}  # what the scan read before
    assert cards_shown(invite_left_out(sent, "french_tarot", code), table) == set()
    assert cards_shown(invite_left_out([*sent, {"text": "KH"}], "french_tarot", code), table) == {"KH"}


# Every game and size on SQLite; on PostgreSQL (what the pages hear through LISTEN) two people and four.
SCANS = [("sqlite", "truco", 2), ("sqlite", "pao_de_kuai", 2), ("sqlite", "french_tarot", 2),
         ("sqlite", "french_tarot", 4), ("postgresql", "truco", 2), ("postgresql", "french_tarot", 4)]


@pytest.mark.parametrize("url, name, people", SCANS, indirect=["url"])
def test_each_page_of_a_room_is_sent_its_own_seat_only_over_a_whole_game(store, name, people):
    kernels = seated(store.url, name, people)
    code = kernels[0].friends.code
    try:
        custom(kernels[0].friends, {"type": "press", "id": "room-start"})
        assert kernels[0].room.room.started is not None, kernels[0].friends.notice
        heard(kernels, store.url, code)
        seed = room_seed(store, code)  # the kernels' own: never sent, not even at the end (a secret session)
        allowed = [PUBLIC[name](k.table.state, k.room.seat) for k in kernels]  # the seat the room gave
        theirs = PUBLIC[name](kernels[0].table.state, 1) - allowed[0]  # seat 1's cards, hidden from seat 0
        scanned = 0
        for turn in range(600):
            state = kernels[0].table.state
            if state.to_act is None:
                break
            mover = next(k for k in kernels if k.room.seat == state.to_act)
            send(mover.table, MOVES[name](mover.table, 1, turn))
            assert not mover.table.notice, mover.table.notice
            heard(kernels, store.url, code)
            for index, kernel in enumerate(kernels):
                table = kernel.table
                assert table.state == mover.table.state
                allowed[index] |= PUBLIC[name](table.state, table.human)
                sent = payload(kernel.wire.take())
                scanned += len(sent)
                hidden = cards_shown(invite_left_out(sent, name, code), table) - allowed[index]
                assert not hidden, f"{name}: seat {table.human} was sent the hidden cards {sorted(hidden)}"
                assert not leaks(sent) and not seeds_shown(sent, {seed}), f"{name}: the room's seed was sent"
                if name == "truco":  # two people and no computer: the other person is never called one
                    assert "Computer" not in json.dumps(sent), f"seat {table.human} was told of a computer"
        else:
            raise AssertionError(f"{name}: no end after 600 turns")
        assert scanned > 0 and all(k.table.view["over"] for k in kernels)
        names = [[seat["name"] for seat in k.table.view["seats"]] for k in kernels]
        seats = {"truco": 2, "pao_de_kuai": 3, "french_tarot": 4}[name]
        computers = [f"Computer {n}" for n in range(people, seats)]
        players = [f"Player {letter}" for letter in "ABCD"[:people]]
        assert names == [[*players[:k], "You", *players[k + 1:], *computers] for k in range(people)], names
        for kernel in kernels:  # each move heard is told once: no line of the log comes twice in a row
            lines = kernel.table._lines
            assert not [a for a, b in zip(lines, lines[1:]) if a == b], f"{name}: a line came twice in a row"
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
    first = Kernel(store.url, "truco")
    code, token = first.friends.code, first.settings.token
    first.room.beat = 3600.0  # no later sign of life: the second page does not take the seat over during the race
    again = Kernel(store.url, "truco", code, token)  # the same browser's second page: the same seat
    other = Kernel(store.url, "truco", code)
    pages = [first.table, again.table]
    try:
        assert again.room.seat == first.room.seat == 0 and other.room.seat == 1
        custom(first.friends, {"type": "press", "id": "room-start"})
        while True:  # until seat 0 leads the first or second trick: after its card, the turn is seat 1's
            for kernel in (first, other):
                kernel.room.catch_up()
            state = other.table.state
            if state.to_act == pages[0].human and len(state.played) in (0, 2):  # with two cards or three
                break
            mover = other.table if state.to_act == other.table.human else pages[0]
            send(mover, MOVES["truco"](mover, 0, 0))
        for kernel in (first, again):
            kernel.room.catch_up()
        moves = list(pages[0].session.moves)
        played = pages[1].view["hand"][0]["action"]
        send(pages[1], {"type": "act", "id": played})
        assert not pages[1].notice and len(pages[1].session.moves) == len(moves) + 1
        stale = next(c["action"] for c in pages[0].view["hand"] if c["action"] != played)  # page 0 still shows its turn
        send(pages[0], {"type": "act", "id": stale})
        assert pages[0].notice in (i18n.translate("store.room.stale", "en"), i18n.translate("store.room.not_your_turn", "en"))
        assert pages[0].session.moves == pages[1].session.moves == moves + [played]
        assert played.split(":")[1] not in {c["id"] for c in pages[0].view["hand"]}  # the newer state is drawn
    finally:
        for kernel in (first, again, other):
            kernel.close()
