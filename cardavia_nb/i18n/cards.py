"""Card names in words, for screen readers, logs and messages ("Ace of swords", "Ás de Espadas")."""

from __future__ import annotations

from cardavia_nb.i18n import translate

_SPECIAL = frozenset({"JO1", "JO2", "BJ", "RJ", "EX"})


def card_name(card_id: str, pack: str, lang: str = "en") -> str:
    """The name of a card of ``pack`` ("spanish", "french" or "tarot") in words."""
    if card_id in _SPECIAL:
        return translate(f"cards.{pack}.{card_id}", lang)
    if pack == "tarot" and card_id.startswith("T"):
        return translate("cards.tarot.trump", lang, n=card_id[1:])
    rank, suit = card_id[:-1], card_id[-1]
    return translate(
        f"cards.{pack}.name",
        lang,
        rank=translate(f"cards.{pack}.rank.{rank}", lang),
        suit=translate(f"cards.{pack}.suit.{suit}", lang),
    )
