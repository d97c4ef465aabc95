"""What every French Tarot lesson panel shares: the engine, its words, seat names and fixture deals.

Positions are real engine states built from fixture deals: the cards a lesson needs are placed, the
rest are dealt by a shuffle of the lessons' own key domain (``kit.demo_rng``).
"""

from __future__ import annotations

from functools import reduce
from typing import Callable

from cardavia_nb import i18n
from cardavia_nb.games.french_tarot import FrenchTarot, FrenchTarotState
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.engine import fill_deal
from cardavia_nb.ui.lessons import kit
from cardavia_nb.ui.lessons.kit import LessonTexts, demo_rng, seat_name
from cardavia_nb.ui.panel import Prose
from cardavia_nb.ui.settings import Settings

GAME = FrenchTarot()
PACK = "tarot"
YOU = 0  # the learner's seat in the demos: "You", the others "Computer n"
say = LessonTexts("french_tarot.lesson.{}")


def contract_name(contract: str, lang: str) -> str:
    """A contract's name (Prise, Garde ...)."""
    return i18n.translate(f"french_tarot.contract.{contract}", lang)


def played_by(trick, leader: int, taker: int | None, lang: str) -> dict[str, str]:
    """Marks under the cards of a trick: who played each, and which of them is the taker."""
    marks = {}
    for i, card in enumerate(trick):
        seat = (leader + i) % 4
        marks[card] = seat_name(seat, lang, YOU) + (f" · {say('taker', lang)}" if seat == taker else "")
    return marks


def fixture(fixed: dict[int, tuple[str, ...]], chien: tuple[str, ...] = (),
            allow: dict[int, Callable[[str], bool]] | None = None, key: str = "") -> tuple:
    """Four hands and a chien holding the ``fixed`` cards, the rest dealt by a demo shuffle.

    ``allow[seat](card)`` says which extra cards a seat may receive (to keep a void or a trump limit);
    the first shuffle ``fill_deal`` makes a whole deal of, with nobody holding a Petit sec, is used.
    """
    taken = {c for cs in fixed.values() for c in cs} | set(chien)
    rest = [c for c in R.CARDS if c not in taken]
    for attempt in range(200):
        order = list(rest)
        demo_rng("french_tarot", key, attempt).shuffle(order)
        deal = fill_deal(fixed, chien, order, allow)
        if deal is not None and not any(R.is_petit_sec(h) for h in deal[0]):
            return deal
    raise ValueError(f"No fixture deal fits {key!r}.")


def run(state: FrenchTarotState, *action_ids: str) -> FrenchTarotState:
    """The state after the given actions, each applied by the engine."""
    return reduce(GAME.apply, action_ids, state)


def auction(dealer: int, taker: int, contract: str) -> tuple[str, ...]:
    """The bids of an auction in which only ``taker`` bids (``contract``)."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    return tuple(f"bid:{contract}" if s == taker else "bid:pass" for s in order)


def words(*keys: str, settings: Settings | None = None) -> Prose:
    """Lesson text (keys under ``french_tarot.lesson.``) in the page's language."""
    return say.prose(*keys, settings=settings)


class Intro(kit.Intro):
    """Title, what the game is, its card tradition, players and length, and a glossary."""

    def __init__(self, settings: Settings | None = None):
        super().__init__("french_tarot", PACK, ("title", "intro", "glossary"), settings)


def step(n: int, settings: Settings | None = None) -> Prose:
    """The explanation of seed section ``n`` (1-8)."""
    return words(f"step{n}.text", settings=settings)


def pack_groups() -> list[tuple[str, tuple[str, ...]]]:
    """The 78 cards of the engine's pack by group: the four suits, the trumps, the Excuse."""
    groups = [(s, tuple(c for c in R.CARDS if R.SUIT[c] == s)) for s in R.SUITS]
    groups.append(("T", tuple(c for c in R.CARDS if R.SUIT[c] == "T")))
    groups.append(("X", (R.EX,)))
    return [(g, R.sort_cards(ids)) for g, ids in groups]


def group_title(group: str, lang: str) -> str:
    """The heading of a group of the pack."""
    if group in R.SUITS:
        suit = i18n.translate(f"cards.tarot.suit.{group}", lang)
        return say("step2.pack_suit", lang, suit=suit[:1].upper() + suit[1:])
    return say("step2.pack_trumps" if group == "T" else "step2.pack_excuse", lang)
