"""The review panel: a finished review in the page's language, redrawn when the language changes; its words for
the moves only worth a look, apart from the mistakes, and for who plays the judge's worlds on."""

import dataclasses

import pytest

from cardavia_nb.core.text import Msg
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


def _judgement(step: int, played: str, best: str, loss: float, error: float, threshold: float = 1.0):
    """A decision judged on 30 worlds: a mistake when its whole 95 % interval is above ``threshold``, one worth a
    look when only the loss is."""
    from cardavia_nb.review import Judgement

    return Judgement(step, played, best, 0.0, loss, loss, error, 30, None, threshold)


def _review(playout: str = "low", looks: bool = True, mistakes: bool = True):
    """A Truco review (Truco's moves need no cards to be named) with a mistake and a move worth a look, as asked."""
    from cardavia_nb.review import Review

    mistake = _judgement(2, "call:envido", "play:1E", 0.08, 0.005, 0.02)
    look = _judgement(5, "answer:no_quiero", "answer:quiero", 0.05, 0.02, 0.02)
    assert (mistake.verdict, look.verdict) == ("mistake", "look")
    plain = _judgement(0, "play:4C", "play:4C", 0.0, 0.0, 0.02)
    return Review("truco", 0, "match_chance", (plain, mistake, look), (mistake,) if mistakes else (), score=0.5,
                  threshold=0.02, looks=(look,) if looks else (), playout=playout)


def test_a_move_worth_a_look_is_said_apart_from_the_mistakes_and_never_counted_as_one():
    from cardavia_nb.review.words import lines

    found = _review()
    look = found.looks[0]
    english = lines(found, "en")
    assert english[1].startswith("1 mistake in 3 decisions judged") and "1 decision is worth a look" in english[1]
    title = english.index("#### Worth a look (not sure)")
    mistake = next(i for i, line in enumerate(english) if line.startswith("**1. Move 3**"))
    assert mistake < title and not any(line.startswith("**2.") for line in english)  # one mistake, ranked alone
    said = english[title + 1]
    assert said.startswith("**Move 6**: you played *No quiero*; the best move found: *Quiero*.") and "could not tell" in said
    low, high = (round(100 * (look.loss + sign * look.margin), 1) for sign in (-1, 1))
    assert f"(between {low} and {high})" in said and "Move 6" not in " ".join(english[:title])
    for lang in ("pt", "fr", "nl", "es"):  # every language: the section apart, the loss with its interval
        words = lines(found, lang)
        title = words.index(Msg.of("review.look.title").text(lang))
        assert words[title + 1].count("*") >= 4 and str(low).replace(".", ",") in words[title + 1], (lang, words)
    alone = lines(_review(mistakes=False), "en")[1]
    assert alone == "3 decisions judged: no sure mistake. 1 decision is worth a look, without being a sure mistake."
    assert lines(_review(looks=False), "en")[1].startswith("1 mistake") and "worth a look" not in " ".join(
        lines(_review(looks=False), "en"))


def test_the_method_line_says_who_plays_the_worlds_on():
    from cardavia_nb import i18n
    from cardavia_nb.review.words import lines

    for lang in i18n.LANGS:
        high, low = (lines(_review(playout), lang)[2] for playout in ("high", "low"))
        assert high == i18n.translate("review.method.high", lang) and low == i18n.translate("review.method.low", lang)
        assert high != low
    english = lines(_review("high"), "en")[2]
    assert "by High in every seat" in english and "bluffs" in english
    english = lines(_review("low"), "en")[2]
    assert "by Low in every seat" in english and "never bluffs" in english


def test_the_clean_summary_names_a_threshold_no_decision_went_above():
    """A decision's threshold may be above the game's (French Tarot's follows the contract): the clean line names
    the largest a decision had, so it stays true."""
    from cardavia_nb.review import Review
    from cardavia_nb.review.words import lines

    calm = (_judgement(0, "pass", "pass", 0.0, 0.0, 5.0), _judgement(4, "pass", "pass", 4.0, 0.5, 10.0))
    assert [j.verdict for j in calm] == ["", ""]
    found = Review("french_tarot", 0, "points", calm, (), score=1.0, threshold=5.0)
    assert lines(found, "en")[1] == "2 decisions judged: no mistake costing more than 10 points."


def test_the_class_panel_counts_the_mistakes_only_never_the_moves_worth_a_look():
    """The student's line and the board's "mistakes most students made" (``ui.classroom``) read ``mistakes``."""
    from cardavia_nb import i18n
    from cardavia_nb.ui.classroom.student_view import review_line

    def t(key: str, **params) -> str:
        return i18n.translate(key, "en", **params)

    assert review_line(_review(mistakes=False), "en", t).startswith(t("classplay.review_clean"))
    both = review_line(_review(), "en", t)
    assert both.startswith("Review: 1 mistake") and "8 points of match chance" in both
