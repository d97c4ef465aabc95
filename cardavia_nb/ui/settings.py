"""One shared settings object per page (language, contrast, grain, colour temperature, suit colours).

Every cardavia widget follows it: changing the language re-renders every word (Python rebuilds the
texts), and the look sliders act through CSS variables on the ``.cardavia`` root of each widget.
The page changes a setting with an intent, ``{"type": "set", "key": "lang", "value": "pt"}`` (keys
``lang``, ``contrast``, ``grain``, ``temperature``, ``suits``), checked here like a move; it writes no
trait. The bar's front end keeps the chosen values in the browser's storage and sends them again when
a page opens (widgets/settings.js). It sends the page's player token the same way,
``{"type": "token", "value": ...}``: the key of its games in the store (``ui/history/keeper.py``); a page
without one, or with a malformed one, is given a new token by the kernel. Where Python runs in the
browser (the static site), the token's intent also carries the games the page keeps in the browser's
storage, ``"games": [row, ...]``, and the kernel sends back ``{"type": "kept", "rows": [...], "gone": [id, ...]}``
after each save or deletion (``store/browser.py``).
"""

from __future__ import annotations

import os
import weakref
from typing import Any, Callable
from urllib.parse import parse_qs

import traitlets

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.store.browser import browser_edition, page_store
from cardavia_nb.store.tokens import check_token, new_token
from cardavia_nb.ui.assets import SHARED_CSS, Widget, asset, module, shared_module

LOOK = ("contrast", "grain", "temperature")
SUITS = ("two", "four")  # two-colour suits as printed, or one colour per suit (with a shape cue)


def query_lang(environ: dict[str, str] | None = None) -> str:
    """The language asked for in Voila's query string (``?lang=pt``), English when absent.

    Voila copies the page request's query string into the kernel's ``QUERY_STRING`` variable. A
    preheated kernel (class mode) runs the notebook before any request, so it draws English and the
    page's settings bar sends the address's language on connect (widgets/settings.js): waiting for
    the request here would leave the whole notebook to run after the student arrives.
    """
    query = (os.environ if environ is None else environ).get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("lang", [""])
    return i18n.normalise(values[0])


def ui_texts(prefix: str, lang: str) -> dict[str, str]:
    """Every ``ui.<prefix>.*`` text in ``lang`` (English where that language lacks a key)."""
    head = f"ui.{prefix}."
    return {key[len(head):]: i18n.translate(key, lang) for key in i18n.catalog("en") if key.startswith(head)}


Follower = Callable[[dict[str, Any], bool], None]
TokenFollower = Callable[[str, "str | None"], None]


class _CellWidgets:
    """Widgets by the notebook cell that made them: a cell run again closes the ones it made before.

    IPython tells the id of the cell about to run (JupyterLab sends it; Voila runs each cell once);
    without an IPython shell, or without cell ids, nothing is ever closed.
    """

    def __init__(self) -> None:
        self.running: str | None = None
        self.made: dict[str, list[weakref.ref]] = {}
        self.hooked = False

    def add(self, widget: Widget) -> None:
        """Remember ``widget`` as made by the cell running now."""
        self._hook()
        if self.running is not None:
            self.made.setdefault(self.running, []).append(weakref.ref(widget))

    def _hook(self) -> None:
        if self.hooked:
            return
        self.hooked = True
        try:
            from IPython import get_ipython
        except ImportError:
            return
        shell = get_ipython()
        if shell is not None:
            shell.events.register("pre_run_cell", self._before_cell)

    def _before_cell(self, info: Any) -> None:
        """Close what this cell made the last time it ran (their followers go with them)."""
        self.running = getattr(info, "cell_id", None)
        for ref in self.made.pop(self.running, []) if self.running is not None else []:
            widget = ref()
            if widget is not None and not isinstance(widget, Settings):
                widget.close()


CELLS = _CellWidgets()


class Settings(Widget):
    """The page's language and look: a header bar with a language menu, three sliders and a suit-colour menu."""

    _esm = module("settings.js")
    _shared_esm = traitlets.Unicode(shared_module()).tag(sync=True)
    _shared_css = traitlets.Unicode(asset(SHARED_CSS).read_text(encoding="utf-8")).tag(sync=True)

    lang = traitlets.Unicode(i18n.DEFAULT).tag(sync=True)
    contrast = traitlets.Int(50, min=0, max=100).tag(sync=True)
    grain = traitlets.Int(50, min=0, max=100).tag(sync=True)
    temperature = traitlets.Int(50, min=0, max=100).tag(sync=True)
    suits = traitlets.Enum(SUITS, "two").tag(sync=True)
    langs = traitlets.List(list(i18n.LANGS)).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)

    _shared: "Settings | None" = None

    def __init__(self, **kwargs: Any):
        kwargs["lang"] = i18n.normalise(kwargs.get("lang", i18n.DEFAULT))
        super().__init__(**kwargs)
        self._followers: list[tuple[weakref.ref, Callable[[Any], Follower | None]]] = []
        self.token: str | None = None  # the page's player token, server side only: never a trait, never logged
        self._token_followers: list[weakref.WeakMethod] = []
        self.settings = self  # the hub of the page is itself
        self.observe(self._changed, names=("lang", *LOOK, "suits"))
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
        """The values a widget's front end needs: language, the three look sliders and the suit colours."""
        return {"lang": self.lang, **{name: getattr(self, name) for name in LOOK}, "suits": self.suits}

    def follow(self, callback: Follower) -> None:
        """Call ``callback(look, lang_changed)`` now and on every change of a setting.

        ``callback`` is a method of the following widget, held weakly: the follower goes when its
        widget is closed or collected (a notebook cell run again closes the widgets it made before).
        """
        owner = callback.__self__  # type: ignore[attr-defined]
        self._followers.append((weakref.ref(owner), weakref.WeakMethod(callback)))
        if owner is not self:
            CELLS.add(owner)
        callback(self.current(), True)

    def followers(self) -> int:
        """How many widgets follow these settings now (closed and collected ones are dropped)."""
        self._followers = [(owner, call) for owner, call in self._followers
                           if owner() is not None and call() is not None and owner().comm is not None]
        return len(self._followers)

    def _changed(self, change: dict) -> None:
        """One observer for all followers: each live one hears the change."""
        self.followers()
        for _, call in list(self._followers):
            method = call()
            if method is not None:
                method(self.current(), change["name"] == "lang")

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The page's intent ``{"type": "set", "key": ..., "value": ...}``: checked, then applied.

        ``lang`` takes a supported code (``pt``, or ``pt-BR`` read as ``pt``); the look keys a whole
        number from 0 to 100; ``suits`` "two" or "four". Anything else is refused with a notice and
        changes nothing.
        """
        if isinstance(content, dict) and content.get("type") == "token":
            self._take_kept(content.get("games"))
            self._take_token(content.get("value"))
            return
        key = content.get("key") if isinstance(content, dict) and content.get("type") == "set" else None
        value = content.get("value") if isinstance(content, dict) else None
        if key == "lang" and isinstance(value, str) and len(value) <= 20 and value.strip().lower()[:2] in i18n.LANGS:
            self.notice = ""
            self.lang = value
        elif key in LOOK and isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
            self.notice = ""
            setattr(self, key, value)
        elif key == "suits" and value in SUITS:
            self.notice = ""
            self.suits = value
        else:
            self.tell(Msg.of("ui.notice.bad_setting"))

    def on_token(self, callback: TokenFollower) -> None:
        """Call ``callback(token, reason)`` when the page tells its token (at once if it has): ``reason``
        is None for the page's own token, "missing" or "malformed" when the kernel gave a new one.
        ``callback`` is a method, held weakly like a follower."""
        self._token_followers.append(weakref.WeakMethod(callback))
        if self.token is not None:
            callback(self.token, None)

    def _take_kept(self, rows: Any) -> None:
        """The games the page kept in the browser's storage, sent with its token. Only where Python runs
        in the browser (no database): they go into the page's store, which hands each row it saves or
        deletes back to the page to keep; rows it refuses are said. A server's store ignores them."""
        if not browser_edition():
            return
        store = page_store()
        refused = store.load(rows)
        store.mirror(self._keep_in_page)
        if refused:
            self.tell(Msg.of("site.store.refused", count=refused))

    def _keep_in_page(self, rows: list[dict[str, Any]], gone: list[int]) -> None:
        """Hand the page the games to keep (new or changed rows) and those to forget (by id)."""
        self.send({"type": "kept", "rows": rows, "gone": gone})

    def _take_token(self, value: Any) -> None:
        """The page's token; none or a malformed one is replaced by a new token sent back to the page."""
        try:
            token, reason = check_token(value), None
        except ValueError:
            token, reason = new_token(), "missing" if value in ("", None) else "malformed"
            self.send({"type": "token", "value": token})
        if token == self.token:
            return
        self.token = token
        for ref in list(self._token_followers):
            method = ref()
            if method is not None:
                method(token, reason)

    def _restyle(self, look: dict[str, Any], lang_changed: bool) -> None:
        """The bar follows its own look too; a new language relabels it."""
        self.look = look
        if lang_changed:
            self._relabel()

    def _relabel(self) -> None:
        """The header bar's own words in the current language."""
        names = {code: i18n.translate(f"ui.lang.{code}", code) for code in i18n.LANGS}
        self.texts = {**ui_texts("settings", self.lang), "langs": names}
