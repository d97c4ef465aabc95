"""Every catalog message rendered in every language, as a player reads it: with sample parameters
(counts 0, 1, 2, 5; each seat as "You" and as a computer; cards; nested messages) through the real
renderers (``i18n.translate`` for the words, ``ui.markdown`` for Markdown), and checked for leftovers
of the machinery: Markdown markers, braces, catalog keys, "Seat N", English words in another language."""

from __future__ import annotations

import re
import string

import pytest

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import Cards, Seat
from cardavia_nb.ui.markdown import to_html
from tests.blocks import visible_text as visible

CARD_OF = {"truco": "1E", "pao_de_kuai": "9H", "french_tarot": "T21"}
NESTED = {  # parameters that hold a message of their own
    "first": Msg.of("truco.event.envido_value", seat=Seat(0), value=27),
    "second": Msg.of("truco.event.envido_value", seat=Seat(1), value=30),
    "shape": Msg.of("pao_de_kuai.shape.pair", rank="9", low="9", size=2, pairs=1),
    "source": Msg.of("french_tarot.source.contract"),
    "contract": Msg.of("french_tarot.contract.garde"),
    "level": Msg.of("french_tarot.level.simple"),
    "answer": Msg.of("truco.label.quiero"),
    "call": Msg.of("truco.label.envido"),
}
COUNTS = (0, 1, 2, 5)
SEATS = (Seat(0), Seat(1))  # the reader ("You") and a computer
NAMES = set(i18n.COUNTS)


def fields(entry: str | dict) -> set[str]:
    """The placeholders of an entry, all forms together."""
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def samples(key: str, names: set[str]):
    """Parameter sets that cover a message: every count and both seats."""
    domain = key.split(".", 1)[0]
    card = CARD_OF.get(domain, "1E")
    base: dict[str, object] = {}
    for name in names:
        if name.startswith("card"):
            base[name] = card if name != "cards" else (card,) if domain in CARD_OF else Cards((card,), "spanish")
        elif name == "letter":
            base[name] = "A"
        elif name in NESTED:
            base[name] = NESTED[name]
        elif name in ("seat", "taker", "dealer", "mano"):
            base[name] = SEATS[1]
        else:
            base[name] = 3
    for count in COUNTS:
        for seat in SEATS:
            yield {**base, **{n: count for n in names & NAMES}, **({"seat": seat} if "seat" in names else {})}


MARKERS = re.compile(r"\*|`|(?<![\w/])_(?=\w)|(?<=\w)_(?![\w/])")
KEY = re.compile(r"\b[a-z_]+\.[a-z_]+\.[a-z0-9_.]+\b")
SEAT_N = re.compile(r"\b(Seat|Lugar|Siège|Plaats|Asiento|Player|Jogador|Joueur|Speler|Jugador) \d")
# Words that betray an English sentence left in another language (each is no word of pt, fr, nl or es).
ENGLISH = {"the", "and", "you", "your", "with", "card", "cards", "trick", "tricks", "wins", "plays", "seat",
           "player", "which", "this", "that", "from", "have", "has", "not", "are", "deal", "points", "score"}
# Per language: English-looking words that are that language's own.
OWN = {"fr": {"points", "score"}, "nl": {"score", "has"}, "pt": set(), "es": set()}


def rendered(lang: str):
    """(key, visible text) for every message of ``lang`` with every sample."""
    for key, entry in i18n.catalog(lang).items():
        for params in samples(key, fields(entry)):
            yield key, visible(to_html(i18n.translate(key, lang, **params)))


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_renders_clean_in(lang):
    problems = []
    for key, text in rendered(lang):
        for what, pattern in (("markdown", MARKERS), ("catalog key", KEY), ("seat number", SEAT_N)):
            if pattern.search(text):
                problems.append((key, what, text[:120]))
        if "{" in text or "}" in text:
            problems.append((key, "brace", text[:120]))
        if lang != "en":
            words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
            english = words & ENGLISH - OWN[lang]
            if english:
                problems.append((key, f"English {sorted(english)}", text[:120]))
    assert not problems, "\n".join(map(str, sorted(set(problems))[:40]))


def test_the_checks_catch_what_they_look_for():
    assert MARKERS.search(visible(to_html("a *b* c"))) is None and MARKERS.search("raw *b*")
    assert MARKERS.search("the _malas_ here") and not MARKERS.search("a snake_case/id")
    assert KEY.search("see truco.lesson.step1") and SEAT_N.search("Seat 1 plays")
