"""Messages as (key, parameters) so every sentence the engine says can be shown in any language."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_nb import i18n


@dataclass(frozen=True, slots=True)
class Msg:
    """A translatable sentence: a catalog key and its named parameters."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **params: object) -> "Msg":
        """Build a message from keyword parameters (kept sorted so equal messages compare equal)."""
        return cls(key, tuple(sorted(params.items())))

    def text(self, lang: str = "en", reader: "i18n.Readers" = 0) -> str:
        """The sentence in ``lang`` for the player at seat ``reader`` (an ``i18n.Reader`` at a table other people
        share; English when a key is missing)."""
        return i18n.translate(self.key, lang, reader=reader, **dict(self.params))

    def __str__(self) -> str:
        return self.text("en")
