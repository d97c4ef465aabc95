"""Where the front-end files (ES modules and CSS) live, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

import cardavia_nb


def asset(name: str) -> Path:
    """The path of ``widgets/<name>``: inside the installed package first, else at the repo root.

    The wheel ships ``widgets/`` as ``cardavia_nb/widgets``; a source checkout keeps it beside the
    package. A missing file raises FileNotFoundError naming both places looked at.
    """
    package = Path(cardavia_nb.__file__).parent
    places = (package / "widgets" / name, package.parent / "widgets" / name)
    for place in places:
        if place.is_file():
            return place
    raise FileNotFoundError(f"Front-end file {name!r} not found in {places[0].parent} or {places[1].parent}.")


class Widget(anywidget.AnyWidget):
    """Base of every cardavia widget: the shared CSS, the card-drawing module and the look.

    The ES module of a widget cannot import a sibling file by a relative path (anywidget loads it
    from memory), so ``cards.js`` travels as text in ``_cards_esm`` and the front end imports it.
    """

    _css = asset("cardavia.css")
    _cards_esm = traitlets.Unicode(asset("cards.js").read_text(encoding="utf-8")).tag(sync=True)
    look = traitlets.Dict().tag(sync=True)
