"""The card traditions the games come from: where each pack is played, its size, and its games."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_nb.core.cards import deck
from cardavia_nb.i18n import translate


@dataclass(frozen=True)
class Tradition:
    """A pack and its home: ``key`` names its i18n texts, ``pack`` is a deck name of core.cards."""

    key: str
    pack: str
    card_count: int
    links: dict[str, str]
    games: tuple[str, ...]
    sample: tuple[str, ...]

    def name(self, lang: str = "en") -> str:
        """The tradition's name in ``lang``."""
        return translate(f"traditions.{self.key}.name", lang)

    def place(self, lang: str = "en") -> str:
        """Where the pack is played, in ``lang``."""
        return translate(f"traditions.{self.key}.place", lang)

    def link(self, lang: str = "en") -> str:
        """The Wikipedia article on the pack in ``lang`` where one is known, the English one otherwise."""
        return self.links.get(lang, self.links["en"])

    def description(self, lang: str = "en") -> str:
        """One line on the pack, in ``lang``."""
        return translate(f"traditions.{self.key}.description", lang)


TRADITIONS: tuple[Tradition, ...] = (
    Tradition(
        key="south_american_catalan",
        pack="spanish50",
        card_count=50,
        links={"en": "https://en.wikipedia.org/wiki/Spanish-suited_playing_cards",
               "es": "https://es.wikipedia.org/wiki/Baraja_española",
               "pt": "https://pt.wikipedia.org/wiki/Baralho_espanhol"},
        games=("truco",),
        sample=("1E", "1B", "7E", "7O", "12C"),
    ),
    Tradition(
        key="french_tarot",
        pack="tarot78",
        card_count=78,
        links={"en": "https://en.wikipedia.org/wiki/French_tarot",
               "fr": "https://fr.wikipedia.org/wiki/Tarot_français"},
        games=("french_tarot",),
        sample=("T1", "T21", "EX", "KH", "NS"),
    ),
    Tradition(
        key="chinese_french_suited",
        pack="french54",
        card_count=54,
        links={"en": "https://en.wikipedia.org/wiki/Standard_52-card_deck",
               "fr": "https://fr.wikipedia.org/wiki/Jeu_de_52_cartes",
               "es": "https://es.wikipedia.org/wiki/Baraja_francesa"},
        games=("pao_de_kuai",),
        sample=("3H", "3S", "AS", "2S", "RJ"),
    ),
)


def by_game(game: str) -> Tradition:
    """The tradition whose pack a game uses."""
    for tradition in TRADITIONS:
        if game in tradition.games:
            return tradition
    raise ValueError(f"No card tradition lists the game {game!r}.")


def _check() -> None:
    """Each tradition's card count is its pack's size and its sample cards belong to that pack."""
    for tradition in TRADITIONS:
        ids = {c.id for c in deck(tradition.pack)}
        assert len(ids) == tradition.card_count, tradition.key
        assert set(tradition.sample) <= ids, tradition.key


_check()
