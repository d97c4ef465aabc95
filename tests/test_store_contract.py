"""One contract, two stores: the checks that the SQL store, the table's keeper and the *Your games* panel
pass against a database run here again against the browser edition's ``PageStore`` (and SQLite), so that
"the same interface" is tested, not asserted. A new page finding its games again is checked here too: a
reopened database for the one, a new page's store fed the rows its page kept for the other.
"""

from __future__ import annotations

import pytest

from cardavia_nb.store import Store, new_token
from cardavia_nb.store.browser import PageStore
from tests.test_keeping import (  # noqa: F401  (collected here again, against both stores)
    test_a_finished_game_is_kept_with_its_outcome_and_the_next_one_is_new,
    test_a_kept_game_that_no_longer_replays_is_said_and_a_new_game_starts,
    test_a_one_deal_game_resumes_too,
    test_a_page_without_a_token_gets_one_and_a_malformed_one_is_replaced_and_said,
    test_a_token_resumes_only_its_own_game_and_not_another_games,
    test_every_move_is_kept_and_a_new_page_resumes_the_same_game,
)
from tests.test_store import (  # noqa: F401
    _save,
    test_a_game_in_progress_elsewhere_is_found_by_its_game_name,
    test_a_new_game_leaves_the_old_one_apart_and_uncounted,
    test_a_token_reads_and_writes_only_its_own_games,
    test_download_all_gives_every_record_oldest_first_and_delete_removes_them,
    test_history_counts_finished_games_per_game_and_level,
    test_the_last_class_deal_is_the_newest_in_play_or_finished_never_a_left_one_nor_the_pages_own,
)
from tests.test_store_history import (  # noqa: F401
    test_a_finished_game_is_counted_and_an_unfinished_one_kept_apart,
    test_a_game_page_panel_is_drawn_again_when_its_game_ends,
    test_a_token_sees_only_its_own_games,
    test_delete_my_history_asks_once_then_deletes_every_game_of_the_token,
    test_download_all_sends_one_json_record_a_line_and_never_the_token,
)


class KeptByPage:
    """What a page's storage holds: every row the store hands it, by id, and none it was told to forget."""

    def __init__(self, store: PageStore):
        self.rows: dict[int, dict] = {}
        store.mirror(self.keep)

    def keep(self, rows: list[dict], gone: list[int]) -> None:
        """widgets/settings.js's ``keepGames``."""
        self.rows.update((row["id"], row) for row in rows)
        for n in gone:
            self.rows.pop(n, None)


@pytest.fixture(params=["sqlite", "page"])
def store(request, tmp_path):
    """A fresh SQL store on SQLite, or a fresh browser store whose page keeps what it is handed."""
    if request.param == "page":
        opened = PageStore()
        opened.page = KeptByPage(opened)
        yield opened
        return
    opened = Store(f"sqlite:///{tmp_path / 'store' / 'games.sqlite'}")
    yield opened
    opened.close()


def reopen(store):
    """The same games as a new page's Python finds them: the database opened again, or a new browser
    store given the rows its page kept."""
    if isinstance(store, Store):
        return Store(store.url)
    again = PageStore()
    assert again.load(list(store.page.rows.values())) == 0
    again.page = KeptByPage(again)
    again.page.rows.update(store.page.rows)
    return again


def test_a_new_page_finds_every_game_kept_as_it_was_left(store):
    token, other = new_token(), new_token()
    playing = _save(store, token, record="r1")
    _save(store, token, record="r2", moves=2, game_id=playing)
    done = _save(store, token, game="pao_de_kuai", record="p", over=True, points=-3.5, outcome="lost")
    left = _save(store, token, game="french_tarot", record="t1")
    _save(store, token, game="french_tarot", record="t2")
    _save(store, other, record="theirs")
    again = reopen(store)
    for name in ("unfinished", "recent", "tally", "records"):
        assert list(getattr(again, name)(token)) == list(getattr(store, name)(token)), name
    assert again.get(token, playing) == store.get(token, playing) and again.get(other, done) is None
    assert (again.get(token, left).status, again.in_progress(token, "truco").record) == ("left", "r2")
    assert _save(again, token, record="r3", moves=3, game_id=playing) == playing  # play goes on in the same row
    assert again.in_progress(token, "truco").moves == 3
    again.delete_all(token)
    assert list(reopen(again).records(token)) == [] and list(reopen(again).records(other)) == ["theirs"]
