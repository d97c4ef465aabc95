"""*Play with friends* under a game page's table: the room it makes, the invite link and its QR code, the seats,
who starts; refusals in words that leave the table as it was; room games kept out of *Your games*."""

from __future__ import annotations

import re
import time

from cardavia_nb import i18n
from cardavia_nb.store import new_token
from cardavia_nb.store.rooms import room_seed, room_state
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.friends import Friends
from cardavia_nb.ui.classroom.student import ClassPlay
from cardavia_nb.ui.history.keeper import Keeper
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.panel import Prose
from tests import databases
from tests.support import MOVES, send
from tests.test_room_table import Kernel, seated
from tests.wire import custom

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both
PAGE = "http://127.0.0.1:8866/voila/render/notebooks/01-truco.ipynb"


def block(panel, kind: str) -> list[dict]:
    """The panel's blocks of one type."""
    return [b for b in panel.blocks if b["type"] == kind]


def words(panel) -> str:
    """Everything the panel shows, as text."""
    return " ".join(str(b) for b in panel.blocks)


def to_the_end(kernels) -> None:
    """The room's whole game, each person moving on their own table when it is their turn."""
    for turn in range(400):
        for kernel in kernels:
            kernel.room.catch_up()
        state = kernels[0].table.state
        if state.to_act is None:
            return
        mover = next(k for k in kernels if k.table.human == state.to_act)
        send(mover.table, MOVES[mover.table.game.name](mover.table, 1, turn))
        assert not mover.table.notice, mover.table.notice
    raise AssertionError("the room's game did not end")


def test_the_invite_link_carries_a_long_code_the_next_page_takes_the_next_seat_and_only_the_creator_starts(store):
    first = Kernel(store.url, "french_tarot")
    try:
        links = block(first.friends, "link")
        assert [(b["testid"], b["href"].split("room=")[0]) for b in links] == [
            ("room-link", PAGE.replace("01-truco", "page").rsplit("/", 1)[0] + "/03-french-tarot.ipynb?tab=table&")]
        code = links[0]["href"].split("room=")[1]
        assert code == first.friends.code and len(code) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", code)  # ≥ 128 bits
        assert block(first.friends, "image")[0]["src"].startswith("data:image/svg+xml;base64,")  # its QR code
        custom(first.friends, {"type": "press", "id": "room-start"})  # alone: a room starts with two people
        assert first.room.room.started is None
        assert i18n.translate("store.room.alone", "en") in words(first.friends)
        second = Kernel(store.url, "french_tarot", code)
        try:
            assert (second.room.seat, second.table.human) == (1, 1)
            custom(second.friends, {"type": "press", "id": "room-start"})
            assert second.friends.notice == i18n.translate("rooms.creator_starts", "en")
            assert first.room.room.started is None
            custom(first.friends, {"type": "press", "id": "room-start"})
            assert i18n.translate("store.room.alone", "en") not in words(first.friends)  # said before, not now
            second.room.catch_up()
            rows = block(second.friends, "table")[0]["rows"]
            assert [row[0] for row in rows] == ["Player A", "You", "Computer (Low)", "Computer (Low)"]
            assert not block(second.friends, "link"), "the invite is gone once the game started"
            assert second.table.session.humans == first.table.session.humans == frozenset({0, 1})
            settings = Settings()  # a third page, after the start, finds the room full, in words
            table = Table("french_tarot", settings=settings, delay=0)
            friends = Friends(table, store=first.store, post=lambda work: work())
            custom(settings, {"type": "token", "value": new_token()})
            custom(friends, {"type": "room", "value": code})
            assert friends.play is None and "This room is full" in words(friends) and table.human == 0
        finally:
            second.close()
    finally:
        first.close()


def test_a_wrong_code_or_a_failing_store_is_said_in_words_and_the_table_plays_on(store, monkeypatch):
    settings = Settings()
    table = Table("truco", settings=settings, delay=0, seed=5)
    friends = Friends(table, store=store, post=lambda work: work())
    custom(settings, {"type": "token", "value": new_token()})
    custom(friends, {"type": "room", "value": "no-such-room-" + "x" * 30})
    assert friends.play is None and i18n.translate("store.room.unknown", "en") in words(friends)
    for forged in ({"type": "room", "value": 7}, {"type": "room", "value": "x" * 500}):
        custom(friends, forged)
        assert friends.play is None
    custom(friends, {"type": "origin", "value": "javascript:alert(1)"})
    assert friends.notice and friends.origin is None

    def broken(*args, **kwargs):
        raise RuntimeError("the database is gone")

    monkeypatch.setattr("cardavia_nb.store.rooms.create_room", broken)
    custom(friends, {"type": "press", "id": "room-create"})
    assert friends.play is None and i18n.translate("rooms.no_store", "en") in words(friends)
    first = table.view["hand"][0]["action"]
    custom(table, {"type": "act", "id": first})  # the game against the computer goes on
    assert not table.notice and table.moves[0] == first


def test_a_room_game_is_not_kept_among_the_persons_own_games_and_a_reload_comes_back_to_the_seat(store):
    kernels = seated(store.url, "truco", 2)
    keeper = Keeper(store=kernels[1].store)  # the game page's keeper of the person's own games
    kernels[1].table.attach(keeper)
    try:
        assert keeper.token == kernels[1].settings.token
        custom(kernels[0].friends, {"type": "press", "id": "room-start"})
        for kernel in kernels:
            kernel.room.catch_up()
        mover = next(k for k in kernels if k.table.human == k.table.state.to_act)
        custom(mover.table, {"type": "act", "id": mover.table.view["hand"][0]["action"]})
        assert not mover.table.notice
        token = kernels[1].settings.token
        # the room's game is the room's, not a row of the person's own games (whose record, every hand in it,
        # the history panel would offer mid-game)
        assert store.in_progress(token, "truco") is None and store.recent(token) == [] and keeper.game_id is None
        again = Kernel(store.url, "truco", kernels[0].friends.code, token)  # the same page reloaded
        try:
            again.room.catch_up()
            assert again.table.human == kernels[1].table.human and again.table.state == mover.table.state
        finally:
            again.close()
    finally:
        for kernel in kernels:
            kernel.close()


def listed(history) -> str:
    """What the *Your games* panel says once drawn again now, as one text."""
    history.refresh()
    return words(history)


def test_your_games_lists_room_games_apart_with_each_person_s_result_and_never_counts_them(store):
    kernels = seated(store.url, "pao_de_kuai", 2)
    keeper = Keeper(store=kernels[0].store)  # the first page's: its panel is drawn again when the game ends
    kernels[0].table.attach(keeper)
    histories = [History("pao_de_kuai", keeper=keeper, settings=kernels[0].settings),
                 History("pao_de_kuai", store=kernels[1].store, settings=kernels[1].settings)]
    try:
        custom(kernels[0].friends, {"type": "press", "id": "room-start"})
        for history in histories:
            assert "With friends" in listed(history) and "2 people: <strong>not over</strong>" in listed(history)
        to_the_end(kernels)
        for kernel in kernels:
            kernel.room.catch_up()
        assert "not over" not in words(histories[0]), "the game page's panel was not drawn again at the end"
        winners = kernels[0].room.session.record().result["winners"]
        for kernel, history in zip(kernels, histories):
            text = listed(history)
            mine = "won" if kernel.table.human in winners else "lost"  # Pao De Kuai: one winner of three
            assert f"2 people: <strong>{mine}</strong>" in text, text
            assert "No finished games yet" in text and "played" not in text  # counted nowhere in the tally
            assert "played for you" not in text
        assert {k.room.finished for k in kernels} == {True}
        # *Delete my history* takes the first person's room game off their list, not off the other's
        send(histories[0], {"type": "press", "id": "delete"})
        send(histories[0], {"type": "press", "id": "delete-yes"})
        assert "With friends" not in listed(histories[0]) and "With friends" in listed(histories[1])
    finally:
        for kernel in kernels:
            kernel.close()


def test_a_seat_is_seen_only_while_its_page_gives_signs_of_life(store):
    """A closed page's kernel runs on until the server culls it: its seat counts as here only while the page
    says so (a sign every few seconds), so that the others play for it once it is gone."""
    kernels = seated(store.url, "truco", 2)
    try:
        page = kernels[1]
        assert page.friends.seated and page.friends.here()
        page.friends.beat -= 60  # no sign for a minute: the page was closed
        assert not page.friends.here()
        before = room_state(store, page.friends.code).seats[1].seen
        page.room.beat = 0.05  # the kernel's watch looks again at once
        time.sleep(0.5)
        assert room_state(store, page.friends.code).seats[1].seen == before
        custom(page.friends, {"type": "beat"})  # the page is back
        assert page.friends.here()
        deadline = time.monotonic() + 10
        while room_state(store, page.friends.code).seats[1].seen == before:
            assert time.monotonic() < deadline, "the seat was not marked seen again"
            time.sleep(0.05)
    finally:
        for kernel in kernels:
            kernel.close()


def test_a_second_page_of_the_same_token_takes_the_seat_over_and_the_first_says_so(store):
    kernels = seated(store.url, "truco", 2)
    first = kernels[1]
    try:
        custom(kernels[0].friends, {"type": "press", "id": "room-start"})
        first.room.beat = 0.05  # the kernel's watch looks again at once
        again = Kernel(store.url, "truco", kernels[0].friends.code, first.settings.token)  # the same browser's tab
        try:
            assert again.room.seat == first.room.seat
            deadline = time.monotonic() + 10
            while not first.room.taken_over:
                assert time.monotonic() < deadline, "the first page was not told that its seat was taken over"
                time.sleep(0.05)
            first.run()  # the first kernel's loop draws the panel
            assert i18n.translate("store.room.taken_over", "en") in words(first.friends)
            assert not first.friends.seated  # no more signs of life from it
            other = kernels[0]
            while True:  # the other person plays until this seat is to act
                for kernel in (other, again):
                    kernel.room.catch_up()
                if again.table.state.to_act == again.table.human:
                    break
                custom(other.table, {"type": "act", "id": other.table.view["hand"][0]["action"]})
            first.room.catch_up()
            custom(first.table, {"type": "act", "id": first.table.view["hand"][0]["action"]})  # the old page: refused
            assert first.table.notice == i18n.translate("store.room.taken_over", "en")
            custom(again.table, {"type": "act", "id": again.table.view["hand"][0]["action"]})  # the new one plays
            assert not again.table.notice
            assert again.friends.seated and not again.room.taken_over
        finally:
            again.close()
    finally:
        for kernel in kernels:
            kernel.close()


def test_same_table_again_deals_a_new_game_to_the_same_people_in_the_same_seats(store):
    kernels = seated(store.url, "pao_de_kuai", 2)  # two people and a computer: one deal is the game
    first, second = kernels
    try:
        custom(first.friends, {"type": "press", "id": "room-start"})
        code = first.friends.code
        to_the_end(kernels)
        assert second.table.state.to_act is None
        assert [b["items"][0]["id"] for b in block(second.friends, "buttons")] == ["room-again"]
        second.room.beat = 0.05  # the second kernel's watch looks again at once
        custom(first.friends, {"type": "press", "id": "room-again"})
        assert first.friends.code != code and first.table.state.to_act is not None
        deadline = time.monotonic() + 10
        while second.friends.code == code:
            assert time.monotonic() < deadline, "the second page did not follow to the same table again"
            time.sleep(0.05)
            second.run()
        assert second.friends.code == first.friends.code
        assert (first.table.human, second.table.human) == (0, 1) and second.table.state.to_act is not None
        assert room_state(store, first.friends.code).started is not None  # no lobby: the same people go on
        assert room_seed(store, first.friends.code) != room_seed(store, code)  # a new deal
    finally:
        for kernel in kernels:
            kernel.close()


def test_each_person_s_review_of_a_room_s_deal_judges_their_own_decisions(store):
    kernels = seated(store.url, "pao_de_kuai", 2)
    try:
        custom(kernels[0].friends, {"type": "press", "id": "room-start"})
        to_the_end(kernels)
        for kernel in kernels:
            send(kernel.table, {"type": "review"})
            reviewing = kernel.table.reviewing
            reviewing.thread.join(timeout=120)
            assert reviewing.done is not None, kernel.table.judge
            movers = [s.to_act for s in reviewing.replay.states[:-1]]
            assert reviewing.replay.seat == kernel.table.human
            assert {movers[j.step] for j in reviewing.judged} == {kernel.table.human}, "another seat's moves judged"
    finally:
        for kernel in kernels:
            kernel.close()


def test_a_room_s_table_hides_the_bar_and_the_words_about_playing_alone_whatever_redraws_the_page(store):
    """The game page's class panel and friends' panel both follow the table; in a room neither shows the level
    switch, the deal code, New game, or the lesson's words about a game against the computer, even when the
    language changes (each panel draws again)."""
    settings, keeper = Settings(), Keeper(store=store)
    table = Table("truco", settings=settings, keeper=keeper, delay=0)
    play = Prose("truco.lesson.play.text")
    ClassPlay(table, keeper=keeper, free_play=[play])
    friends = Friends(table, keeper=keeper, free_play=[play], post=lambda work: work())
    custom(settings, {"type": "token", "value": new_token()})
    assert table.bar and play.layout.display is None  # alone: the bar and the words are there
    other = Kernel(store.url, "truco")
    try:
        custom(friends, {"type": "room", "value": other.friends.code})
        assert friends.play is not None and friends.play.seat == 1
        for lang in ("pt", "en"):
            settings.lang = lang
            assert not table.bar and play.layout.display == "none", lang
    finally:
        friends.play.close()
        other.close()
