"""The checks each game's page module runs last, on the page it opened once (``module_page``): the story of a
deal, the review by keyboard, and (Truco) the contrast at the slider extremes. A page open is most of a short test's time, and a
fresh page's first table, first axe run and first sizes cost more than its load: each module assigns these
tests (``test_x = story_test(...)``) so that they run on its page, in the order assigned."""

from __future__ import annotations

from typing import Callable

from tests.browser.reviewing import CASES, reviewed_by_keyboard
from tests.browser.story import felt_tells_the_story
from tests.browser.test_a11y import contrast_kept


def story_test(notebook: str, game: str) -> Callable:
    """The deal told at both sizes in two languages, to its summary (``story.felt_tells_the_story``)."""
    def test(module_page):
        page, watch = module_page(notebook)
        felt_tells_the_story(page, game)
        watch.assert_clean()
    test.__doc__ = story_test.__doc__
    return test


def review_test(notebook: str, game: str) -> Callable:
    """A deal to its end, its record, the review stepped through by keyboard (``reviewing.reviewed_by_keyboard``)."""
    def test(module_page):
        page, watch = module_page(notebook)
        reviewed_by_keyboard(page, *CASES[game])
        watch.assert_clean()
    test.__doc__ = review_test.__doc__
    return test


def contrast_test(notebook: str) -> Callable:
    """Text, suit colours and focus rings keep their contrast at the slider extremes, light and dark
    (``test_a11y.contrast_kept``); assigned last, as it leaves the sliders at their extremes."""
    def test(module_page):
        page, watch = module_page(notebook)
        contrast_kept(page, watch)
    test.__doc__ = contrast_test.__doc__
    return test
