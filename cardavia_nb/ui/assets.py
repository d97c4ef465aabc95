"""Where the front-end files (ES modules and CSS) live, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

from typing import Any

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


def module(name: str) -> str:
    """A widget's ES module: ``widgets/boot.js`` (finds the page's shared module) then ``widgets/<name>``."""
    return asset("boot.js").read_text(encoding="utf-8") + "\n" + asset(name).read_text(encoding="utf-8")


class Widget(anywidget.AnyWidget):
    """Base of every cardavia widget: its look, and the id of the page's hub (its ``Settings``).

    The ES module of a widget cannot import a sibling file (anywidget loads it from memory), and
    sending the shared module and CSS with every widget made a page with 36 widgets carry a
    megabyte of state. So the hub alone carries ``widgets/shared.js`` and ``widgets/cardavia.css``
    as text; every other widget's front end finds the hub's model by ``_hub`` and imports the
    module from it (once per page) — see ``widgets/boot.js``, prepended to each widget's module.
    """

    _hub = traitlets.Unicode("").tag(sync=True)
    look = traitlets.Dict().tag(sync=True)

    @property
    def settings(self) -> Any:
        """The page's Settings this widget follows."""
        return self._settings

    @settings.setter
    def settings(self, hub: Any) -> None:
        self._settings = hub
        self._hub = hub.model_id
