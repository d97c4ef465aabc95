"""What every unit test shares: tables do not play each finished deal again with High unless a test is
marked ``same_cards`` (the play-out runs in a thread that would outlive the test and slow the others), and
their reviews judge on few worlds; the browser tests serve the pages as they ship. The longest files start
first (below)."""

import pytest

from cardavia_nb.ui.review.same_cards import ENV

# The files that take longest, started first: `make test` hands whole files to two workers (--dist loadfile),
# and one of these begun last kept one core busy alone for a minute or more after the other had finished.
LONGEST_FIRST = (
    "tests/test_packaging.py", "tests/browser/test_page_french_tarot.py",
    "tests/browser/test_page_pao_de_kuai.py", "tests/browser/test_a11y.py",
    "tests/test_ui_fuzz.py", "tests/test_board.py", "tests/test_classplay.py",
    "tests/test_table_review.py", "tests/browser/test_pages.py", "tests/test_review.py", "tests/test_keeping.py",
    "tests/test_french_tarot_conformance.py", "tests/test_pao_de_kuai_conformance.py", "tests/test_store_history.py",
)


def pytest_collection_modifyitems(items):
    """Put the tests of ``LONGEST_FIRST`` files first, in that order; the others keep theirs."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.fixture(autouse=True)
def _same_cards_only_where_asked(request, monkeypatch):
    """``CARDAVIA_SAME_CARDS=0`` for this test unless it is marked ``same_cards`` or drives a browser."""
    if request.node.get_closest_marker("same_cards") is None and "browser" not in request.node.keywords:
        monkeypatch.setenv(ENV, "0")


UNIT_REVIEW_WORLDS = 8  # the table's and the class's reviews in unit tests: what pages show, not how well they judge
JUDGE_TESTS = ("tests/test_review.py", "tests/test_table_review.py", "tests/test_review_view.py")


@pytest.fixture(autouse=True)
def _few_review_worlds(request, monkeypatch):
    """The table's and the class's reviews draw ``UNIT_REVIEW_WORLDS`` worlds a decision in the unit tests (the
    pages ship 64), and outside the judge's own test files Truco's worlds are played on by Low, not High (a
    review at every deal's end costs the suite minutes; what is judged is those files' and the benchmarks')."""
    if "browser" in request.node.keywords:
        return
    from dataclasses import replace

    from cardavia_nb.games import kits
    from cardavia_nb.ui.classroom.student import ClassPlay
    from cardavia_nb.ui.review.reviewing import Reviewing

    monkeypatch.setattr(Reviewing, "worlds", UNIT_REVIEW_WORLDS)
    monkeypatch.setattr(ClassPlay, "worlds", UNIT_REVIEW_WORLDS)
    if request.node.nodeid.split("::", 1)[0] not in JUDGE_TESTS:
        monkeypatch.setitem(kits.KITS, "truco", replace(kits.KITS["truco"], playout=""))
