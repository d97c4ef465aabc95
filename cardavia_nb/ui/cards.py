"""A small card widget: a fan of face-up cards drawn with the table's own SVG (for pages and demos)."""

from __future__ import annotations

from typing import Any, Iterable

import traitlets

from cardavia_nb.core.cards import parse
from cardavia_nb.i18n import card_name
from cardavia_nb.ui.assets import Widget, module
from cardavia_nb.ui.settings import Settings


class CardFan(Widget):
    """Cards shown side by side: ``CardFan("1E 7O 12C")`` or ``CardFan(["10S", "T21"], pack="tarot")``.

    ``pack`` is ``spanish``, ``french`` or ``tarot`` (guessed from the ids when omitted);
    ``backs`` adds that many face-down cards; ``caption`` is a line of text under the cards.
    Names in words (for screen readers) follow the shared ``Settings`` language.
    """

    _esm = module("panel_or_fan.js")
    _renderer = traitlets.Unicode("fan").tag(sync=True)

    cards = traitlets.List().tag(sync=True)
    pack = traitlets.Unicode("").tag(sync=True)
    backs = traitlets.Int(0, min=0, max=78).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(self, cards: str | Iterable[str] = (), pack: str | None = None, *, backs: int = 0,
                 caption: str = "", settings: Settings | None = None, **kwargs: Any):
        text = cards if isinstance(cards, str) else " ".join(cards)
        found = parse(text, pack) if text.strip() else ()
        pack = pack or (found[0].pack if found else "spanish")
        super().__init__(pack=pack, backs=backs, caption=caption, **kwargs)
        self._ids = tuple(c.id for c in found)
        self.settings = settings or Settings.shared()
        self.settings.follow(self._on_settings)

    def _on_settings(self, look: dict[str, Any], lang_changed: bool) -> None:
        """Follow the look; name the cards in the new language."""
        self.look = look
        if lang_changed:
            self.cards = [{"id": c, "name": card_name(c, self.pack, look["lang"])} for c in self._ids]
