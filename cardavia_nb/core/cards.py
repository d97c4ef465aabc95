"""Cards and the packs of the three traditions, with parsing of the card ids used in the rules."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SPANISH_SUITS = ("E", "B", "O", "C")  # espadas, bastos, oros, copas
SPANISH_RANKS_40 = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
SPANISH_RANKS_48 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
SPANISH_JOKERS = ("JO1", "JO2")

FRENCH_SUITS = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs
FRENCH_RANK_IDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FRENCH_JOKERS = ("BJ", "RJ")  # small (black) and big (red) joker

TAROT_RANK_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
TAROT_TRUMPS = tuple(f"T{n}" for n in range(1, 22))
EXCUSE = "EX"

PACKS = ("spanish", "french", "tarot")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its id as written in the rules, its pack, suit letter and numeric rank.

    ``rank`` is the face number for Spanish cards (1-12), 2-14 for French cards (J=11, Q=12, K=13,
    A=14), 1-14 for Tarot suit cards (J=11, N=12, Q=13, K=14), 1-21 for trumps (suit ``T``) and 0
    for jokers and the Excuse (suit ``J`` and ``X``).
    """

    id: str
    pack: str
    suit: str
    rank: int

    def __str__(self) -> str:
        return self.id


def _spanish(ranks: tuple[int, ...], jokers: bool) -> tuple[Card, ...]:
    cards = [Card(f"{r}{s}", "spanish", s, r) for s in SPANISH_SUITS for r in ranks]
    if jokers:
        cards += [Card(j, "spanish", "J", 0) for j in SPANISH_JOKERS]
    return tuple(cards)


def _french(jokers: bool) -> tuple[Card, ...]:
    cards = [
        Card(f"{r}{s}", "french", s, i + 2)
        for s in FRENCH_SUITS
        for i, r in enumerate(FRENCH_RANK_IDS)
    ]
    if jokers:
        cards += [Card(j, "french", "J", 0) for j in FRENCH_JOKERS]
    return tuple(cards)


def _tarot() -> tuple[Card, ...]:
    cards = [
        Card(f"{r}{s}", "tarot", s, i + 1) for s in FRENCH_SUITS for i, r in enumerate(TAROT_RANK_IDS)
    ]
    cards += [Card(t, "tarot", "T", int(t[1:])) for t in TAROT_TRUMPS]
    cards.append(Card(EXCUSE, "tarot", "X", 0))
    return tuple(cards)


_PAO_DE_KUAI_REMOVED = frozenset({"AH", "2H", "2D", "2C"})


@lru_cache(maxsize=None)
def deck(name: str) -> tuple[Card, ...]:
    """The cards of a named pack, in a fixed order (suit by suit).

    Names: ``spanish40`` (Truco), ``spanish50`` (the full South American Catalan pack: 48 cards and
    two jokers), ``french54`` (with two jokers), ``pao_de_kuai48`` and ``tarot78``.
    """
    if name == "spanish40":
        return _spanish(SPANISH_RANKS_40, jokers=False)
    if name == "spanish50":
        return _spanish(SPANISH_RANKS_48, jokers=True)
    if name == "french54":
        return _french(jokers=True)
    if name == "pao_de_kuai48":
        return tuple(c for c in _french(jokers=False) if c.id not in _PAO_DE_KUAI_REMOVED)
    if name == "tarot78":
        return _tarot()
    raise ValueError(
        f"There is no pack called {name!r}; the packs are spanish40, spanish50, french54, "
        "pao_de_kuai48 and tarot78."
    )


def family(deck_name: str) -> str:
    """The pack family (``spanish``, ``french`` or ``tarot``) of a deck name such as ``spanish40``."""
    return deck(deck_name)[0].pack


@lru_cache(maxsize=None)
def _index(pack: str) -> dict[str, Card]:
    full = {"spanish": "spanish50", "french": "french54", "tarot": "tarot78"}[pack]
    return {c.id: c for c in deck(full)}


def card(card_id: str, pack: str) -> Card:
    """The card of ``pack`` with this id, or a ValueError that says which ids exist."""
    if pack not in PACKS:
        raise ValueError(f"Unknown pack {pack!r}; use one of {', '.join(PACKS)}.")
    found = _index(pack).get(card_id)
    if found is None:
        raise ValueError(f"{card_id!r} is not a card of the {pack} pack.")
    return found


def parse(text: str, pack: str | None = None) -> tuple[Card, ...]:
    """Cards from space-separated ids such as ``"1E 7O 12C"``; the pack is guessed when not given.

    Ids are written as in the rules: Spanish ``7O``, French ``10S`` or ``AS``, Tarot ``NC``, ``T21``,
    ``EX``. A guess must be unique: ``10S`` exists in the French and the Tarot pack, so such text
    needs ``pack=``.
    """
    ids = text.split()
    if pack is not None:
        return tuple(card(i, pack) for i in ids)
    fitting = [p for p in PACKS if all(i in _index(p) for i in ids)]
    if len(fitting) != 1:
        where = "no pack" if not fitting else "several packs (" + ", ".join(fitting) + ")"
        raise ValueError(f"Cannot tell the pack of {text!r}: it fits {where}; pass pack=.")
    return tuple(_index(fitting[0])[i] for i in ids)
