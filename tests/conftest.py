"""What every unit test shares: tables do not play each finished deal again with High unless a test is
marked ``same_cards`` (the play-out runs in a thread that would outlive the test and slow the others);
the browser tests serve the pages as they ship, with it on."""

import pytest

from cardavia_nb.ui.same_cards import ENV


@pytest.fixture(autouse=True)
def _same_cards_only_where_asked(request, monkeypatch):
    """``CARDAVIA_SAME_CARDS=0`` for this test unless it is marked ``same_cards`` or drives a browser."""
    if request.node.get_closest_marker("same_cards") is None and "browser" not in request.node.keywords:
        monkeypatch.setenv(ENV, "0")
