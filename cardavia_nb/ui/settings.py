"""One shared settings object per page (language, contrast, grain, colour temperature).

Every cardavia widget observes it: changing the language re-renders every word (Python rebuilds the
texts), and the look sliders act through CSS variables on the ``.cardavia`` root of each widget.
"""

from __future__ import annotations

import os
from typing import Any, Callable
from urllib.parse import parse_qs

import traitlets

from cardavia_nb import i18n
from cardavia_nb.ui.assets import Widget, asset, module

LOOK = ("contrast", "grain", "temperature")


def query_lang(environ: dict[str, str] | None = None) -> str:
    """The language asked for in Voila's query string (``?lang=pt``), English when absent.

    Voila copies the page request's query string into the kernel's ``QUERY_STRING`` variable; a
    preheated Voila kernel (``VOILA_PREHEAT``) runs the notebook before any request, so it first
    waits here for the request to arrive (everything above this call is already done by then).
    """
    if environ is None and os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request  # only inside a preheated Voila kernel

        wait_for_request()
    query = (os.environ if environ is None else environ).get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("lang", [""])
    return i18n.normalise(values[0])


def ui_texts(prefix: str, lang: str) -> dict[str, str]:
    """Every ``ui.<prefix>.*`` text in ``lang`` (English where that language lacks a key)."""
    head = f"ui.{prefix}."
    return {key[len(head):]: i18n.translate(key, lang) for key in i18n.catalog("en") if key.startswith(head)}


class Settings(Widget):
    """The page's language and look, shown as a header bar with a language menu and three sliders."""

    _esm = module("settings.js")
    _shared_esm = traitlets.Unicode(asset("shared.js").read_text(encoding="utf-8")).tag(sync=True)
    _shared_css = traitlets.Unicode(asset("cardavia.css").read_text(encoding="utf-8")).tag(sync=True)

    lang = traitlets.Unicode(i18n.DEFAULT).tag(sync=True)
    contrast = traitlets.Int(50, min=0, max=100).tag(sync=True)
    grain = traitlets.Int(50, min=0, max=100).tag(sync=True)
    temperature = traitlets.Int(50, min=0, max=100).tag(sync=True)
    langs = traitlets.List(list(i18n.LANGS)).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    _shared: "Settings | None" = None

    def __init__(self, **kwargs: Any):
        kwargs["lang"] = i18n.normalise(kwargs.get("lang", i18n.DEFAULT))
        super().__init__(**kwargs)
        self.settings = self  # the hub of the page is itself
        self.follow(self._restyle)

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict) -> str:
        """Any language code the browser sends becomes a supported one (unknown → English)."""
        return i18n.normalise(proposal["value"])

    @classmethod
    def shared(cls) -> "Settings":
        """The page's single settings object, created on first use with the query-string language."""
        if cls._shared is None:
            cls._shared = cls(lang=query_lang())
        return cls._shared

    def current(self) -> dict[str, Any]:
        """The values a widget's front end needs: language and the three look sliders."""
        return {"lang": self.lang, **{name: getattr(self, name) for name in LOOK}}

    def follow(self, callback: Callable[[dict[str, Any], bool], None]) -> None:
        """Call ``callback(look, lang_changed)`` now and on every change of a setting."""
        callback(self.current(), True)
        self.observe(lambda change: callback(self.current(), change["name"] == "lang"), names=("lang", *LOOK))

    def _restyle(self, look: dict[str, Any], lang_changed: bool) -> None:
        """The bar follows its own look too; a new language relabels it."""
        self.look = look
        if lang_changed:
            self._relabel()

    def _relabel(self) -> None:
        """The header bar's own words in the current language."""
        names = {code: i18n.translate(f"ui.lang.{code}", code) for code in i18n.LANGS}
        self.texts = {**ui_texts("settings", self.lang), "langs": names}
