"""The full rules of a game as a panel of its own, for the page's "Full rules" tab."""

from __future__ import annotations

from cardavia_nb import i18n
from cardavia_nb.ui.panel import Panel, md
from cardavia_nb.ui.settings import Settings


def rules_text(game: str, lang: str) -> str:
    """The full rules of ``game`` (``<game>.rules.full``) in ``lang``, as Markdown."""
    key = f"{game}.rules.full"
    return i18n.translate(key, lang) if i18n.has(key) else i18n.translate("ui.rules.missing", lang)


class Rules(Panel):
    """The whole rules text of one game, in the page's language."""

    def __init__(self, game: str, settings: Settings | None = None):
        if not i18n.has(f"{game}.rules.full"):
            raise ValueError(f"{game!r} has no full rules; games: truco, pao_de_kuai, french_tarot.")
        self.game = game
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """One Markdown block: the rules."""
        return [md(rules_text(self.game, lang))]
