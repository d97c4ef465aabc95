"""Plural forms, numbers, lists and seat names: the grammar Babel gives each of the five languages."""

from __future__ import annotations

import pytest

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import Seat


@pytest.fixture
def forms(monkeypatch):
    """A catalog entry with forms, put into every language for the test."""
    entry = {"zero": "no cards", "one": "{n} card", "many": "{n} many-cards", "other": "{n} cards"}
    seat_entry = {"you": "{seat} play.", "other": "{seat} plays."}
    for lang in i18n.LANGS:
        monkeypatch.setitem(i18n.catalog(lang), "test.cards", entry)
        monkeypatch.setitem(i18n.catalog(lang), "test.plays", seat_entry)
    return entry


def test_a_table_of_forms_is_one_entry_not_nested_keys():
    assert i18n._is_forms({"one": "a", "other": "b"})
    assert not i18n._is_forms({"one": "a"})  # "other" is required
    assert not i18n._is_forms({"low": "Low", "other": "x"})  # a key outside the forms: ordinary keys
    out: dict = {}
    i18n._flatten({"a": {"one": "x", "other": "y"}, "b": {"c": "z"}}, "", out)
    assert out == {"a": {"one": "x", "other": "y"}, "b.c": "z"}


@pytest.mark.parametrize(("lang", "n", "text"), [
    ("en", 1, "1 card"), ("en", 2, "2 cards"), ("en", 0, "no cards"), ("en", 1.5, "1.5 cards"),
    ("pt", 1, "1 card"), ("pt", 2, "2 cards"), ("pt", 1.5, "1,5 card"),  # CLDR pt: 0 ≤ n < 2 is "one"
    ("fr", 1, "1 card"), ("fr", 1000000, "1 000 000 many-cards"), ("fr", 13.5, "13,5 cards"),
    ("nl", 1, "1 card"), ("nl", 5, "5 cards"), ("es", 1, "1 card"), ("es", 5, "5 cards"),
])
def test_the_form_follows_the_language_plural_rules(forms, lang, n, text):
    assert i18n.translate("test.cards", lang, n=n).replace("\u202f", " ").replace("\xa0", " ") == text


def test_you_form_is_chosen_when_the_seat_is_the_reader(forms):
    assert i18n.translate("test.plays", "en", seat=Seat(0)) == "You play."
    assert i18n.translate("test.plays", "en", seat=Seat(2)) == "Computer 2 plays."
    assert i18n.translate("test.plays", "en", reader=2, seat=Seat(2)) == "You play."
    assert Msg.of("test.plays", seat=Seat(1)).text("pt") == "Computador 1 plays."


def test_seat_names_follow_one_scheme_for_any_reader():
    names = {r: [str(i18n.seat_name(s, "en", reader=r)) for s in range(4)] for r in (0, 2, None)}
    assert names[0] == ["You", "Computer 1", "Computer 2", "Computer 3"]
    assert names[2] == ["Computer 1", "Computer 2", "You", "Computer 3"]
    assert names[None] == ["Player A", "Player B", "Player C", "Player D"]
    you = i18n.seat_name(0, "es")
    assert (f"{you}", f"{you:obj}") == ("Tú", "ti")
    with pytest.raises(ValueError):
        format(you, "genitive")


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "a, b, and c"), ("pt", "a, b e c"), ("fr", "a, b et c"), ("nl", "a, b en c"), ("es", "a, b y c"),
])
def test_lists_are_joined_the_language_way(lang, text):
    assert i18n.join(["a", "b", "c"], lang) == text
    assert i18n.join(["a"], lang) == "a" and i18n.join([], lang) == ""


def test_numbers_are_written_the_language_way():
    assert [i18n.number(13.5, lang) for lang in i18n.LANGS] == ["13.5", "13,5", "13,5", "13,5", "13,5"]


# Singular and plural as each language says them, for the counts a player reads most.
AGREEMENT = {
    "ui.table.cards": {"en": ("1 card", "2 cards"), "pt": ("1 carta", "2 cartas"), "fr": ("1 carte", "2 cartes"),
                       "nl": ("1 kaart", "2 kaarten"), "es": ("1 carta", "2 cartas")},
    "ui.score.tricks": {"en": ("1 trick", "2 tricks"), "pt": ("1 vaza", "2 vazas"), "fr": ("1 pli", "2 plis"),
                        "nl": ("1 slag", "2 slagen"), "es": ("1 baza", "2 bazas")},
    "ui.tarot.score": {"en": ("1 point", "2 points"), "pt": ("1 ponto", "2 pontos"), "fr": ("1 point", "2 points"),
                       "nl": ("1 punt", "2 punten"), "es": ("1 punto", "2 puntos")},
    "pao_de_kuai.item.cards": {"en": ("1 card left", "2 cards left"), "pt": ("1 carta restante", "2 cartas restantes"),
                               "fr": ("1 carte restante", "2 cartes restantes"), "nl": ("1 kaart over", "2 kaarten over"),
                               "es": ("1 carta en la mano", "2 cartas en la mano")},
    "truco.score.buenas": {lang: ("1 buena", "2 buenas") for lang in i18n.LANGS},
}


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("key", AGREEMENT)
def test_singular_and_plural_agree(key, lang):
    one, two = AGREEMENT[key][lang]
    param = "count" if "{count}" in str(i18n.catalog("en")[key]) else "n"
    assert i18n.translate(key, lang, **{param: 1}) == one
    assert i18n.translate(key, lang, **{param: 2}) == two


def test_card_points_agree_with_halves():
    say = lambda points, lang: i18n.translate("french_tarot.count.card_points", lang, points=points)  # noqa: E731
    assert [say(1, "en"), say(4.5, "en"), say(0.5, "fr"), say(1.5, "pt")] == [
        "1 card point", "4.5 card points", "0,5 point de cartes", "1,5 ponto de carta"]
    assert i18n.translate("truco.score.malas", "pt", n=0) == "0 malas"
