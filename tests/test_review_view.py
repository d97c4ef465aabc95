"""The review panel: a finished review in the page's language, redrawn when the language changes."""

import dataclasses

import pytest

from cardavia_nb.review.deals import played_deal
from cardavia_nb.review import review
from cardavia_nb.ui.review.view import ReviewView
from cardavia_nb.ui.settings import Settings


def test_the_panel_shows_the_review_in_the_page_language_and_follows_it():
    found = review(played_deal("pao_de_kuai", 11, ["low"] * 3, seats_seed=100), seat=0, worlds=8, hindsight=1)
    hub = Settings()
    view = ReviewView(found, settings=hub)
    english = " ".join(b["html"] for b in view.blocks)
    assert "Where the points went" in english and "High" in english
    hub.lang = "fr"
    french = " ".join(b["html"] for b in view.blocks)
    assert "Où sont passés les points" in french and french != english


def test_a_deal_still_in_play_is_not_shown():
    record = played_deal("truco", 4, ["low", "low"], seats_seed=2)
    cut = dataclasses.replace(record, actions=record.actions[:-1], result=None)
    found = review(cut, seat=0, worlds=4)
    with pytest.raises(ValueError, match="finished deal"):
        ReviewView(found, settings=Settings())
