"""Panels: blocks of teaching content (text, cards, buttons, tables) drawn in the page's language.

A panel's Python side decides everything: ``render(lang)`` returns plain blocks and ``handle``
reacts to the learner's clicks; the front end (``renderPanel`` in widgets/shared/panels.js) only draws blocks and
sends intents. Rule steps, demos and quizzes of the notebooks are small subclasses.

Blocks (dicts):
``{"type": "md", "html": ...}`` Markdown rendered to HTML by ``ui.markdown`` (headings, lists, emphasis, links);
``{"type": "cards", "id": ..., "pack": ..., "cards": [{"id", "name", "selected", "mark"}], "pick": bool}``
a row of cards, clickable when ``pick`` (sends ``{"type": "pick", "block": id, "card": card}``);
``{"type": "buttons", "items": [{"id", "label", "pressed"}]}`` (sends ``{"type": "press", "id": ...}``);
``{"type": "note", "tone": "ok"|"bad"|"info", "html": ...}`` a feedback line (inline Markdown);
``{"type": "table", "head": [...], "rows": [[...]]}`` a small table of words and numbers;
``{"type": "number", "id", "label", "value", "min", "max"}`` a number field (sends
``{"type": "number", "id": ..., "value": n}``);
``{"type": "field", "id", "label", "value", "button", "max"}`` a line of text with its button (sends
``{"type": "text", "id": ..., "value": ...}``);
``{"type": "file", "id", "label", "accept", "max"}`` a file picker (sends each chosen file as
``{"type": "file", "id": ..., "name": ..., "text": ...}``, cut one character past ``max``);
``{"type": "image", "src": "data:image/...", "alt"}`` a picture made in the kernel (a QR code);
``{"type": "link", "href", "text", "testid"}`` a link shown whole, labelled ``text`` (an invite link).
Python may send a panel ``{"type": "download", "name", "text", "mime"}``: the page saves it as a file.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Iterable

import traitlets

from cardavia_nb import i18n
from cardavia_nb.i18n import card_name
from cardavia_nb.ui.assets import Widget, module
from cardavia_nb.ui.markdown import inline_html, to_html
from cardavia_nb.ui.settings import Settings

INTENTS = ("pick", "press", "number", "text", "file")
MAX_TEXT = 2_000  # characters of a text field the kernel reads at most
MAX_FILE = 2_000_000  # characters of a file the kernel reads at most (a field's own limit may be lower)
IMAGE_TYPES = ("data:image/svg+xml;base64,", "data:image/png;base64,")


class Panel(Widget):
    """Base of every teaching block; subclasses override ``render`` and, if interactive, ``handle``."""

    _esm = module("panel_or_fan.js")
    _renderer = traitlets.Unicode("panel").tag(sync=True)
    blocks = traitlets.List().tag(sync=True)

    def __init__(self, settings: Settings | None = None, **kwargs: Any):
        self._drawing = threading.RLock()  # one drawing at a time: a background thread's and a handler's
        super().__init__(**kwargs)
        self.settings = settings or Settings.shared()
        self.settings.follow(self._on_settings)

    def render(self, lang: str) -> list[dict]:
        """The blocks to show in ``lang``."""
        raise NotImplementedError

    def handle(self, intent: str, content: dict) -> None:
        """React to a valid intent (``pick``, ``press``, ``number``); the default ignores them."""

    def bounded(self, value: int, low: int, high: int) -> int:
        """``value`` kept within ``low``..``high``; a number outside is brought in, and the notice says so."""
        kept = min(max(value, low), high)
        if kept != value:
            self.notice = i18n.translate("ui.panel.out_of_range", self.lang, asked=value, low=low, high=high, n=kept)
        return kept

    def refresh(self) -> None:
        """Draw the panel again from its current state. Drawings do not overlap, so the last one set reads
        the panel after every change made before it (work that ends in a thread while a handler draws)."""
        with self._drawing:
            self.blocks = self.render(self.lang)

    def _on_settings(self, look: dict[str, Any], lang_changed: bool) -> None:
        self.look = look
        if lang_changed:
            self.refresh()

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Check the message's shape, then let the subclass react; a bad message changes nothing."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind not in INTENTS or not _well_formed(kind, content):
            self.notice = i18n.translate("ui.panel.bad_message", self.lang)
            return
        self.notice = ""
        self.handle(kind, content)
        self.refresh()


def _well_formed(kind: str, content: dict) -> bool:
    if kind == "pick":
        return isinstance(content.get("card"), str)
    if kind == "press":
        return isinstance(content.get("id"), str)
    if kind == "text":
        return isinstance(content.get("id"), str) and isinstance(content.get("value"), str) \
            and len(content["value"]) <= MAX_TEXT
    if kind == "file":
        return isinstance(content.get("id"), str) and isinstance(content.get("name"), str) \
            and isinstance(content.get("text"), str) and len(content["name"]) <= 200 and len(content["text"]) <= MAX_FILE + 1
    value = content.get("value")
    return isinstance(content.get("id"), str) and isinstance(value, int) and not isinstance(value, bool)


# --- block builders: every panel uses these, so blocks have one shape everywhere ----------------

def md(text: str) -> dict:
    """A Markdown block, rendered to HTML in the kernel (the one renderer of every widget)."""
    return {"type": "md", "html": to_html(text)}


def text(key: str, lang: str, **params: Any) -> dict:
    """A Markdown block from a catalog key."""
    return md(i18n.translate(key, lang, **params))


def cards(ids: Iterable[str], pack: str, lang: str, *, block: str = "", pick: bool = False,
          selected: Iterable[str] = (), marks: dict[str, str] | None = None) -> dict:
    """A row of face-up cards named in words; ``marks`` puts a short label under chosen cards."""
    chosen, marks = set(selected), marks or {}
    return {
        "type": "cards", "id": block, "pack": pack, "pick": pick,
        "cards": [{"id": c, "name": card_name(c, pack, lang), "selected": c in chosen,
                   "mark": marks.get(c, "")} for c in ids],
    }


def buttons(items: Iterable[tuple[str, str]], pressed: str | None = None, named: bool = False) -> dict:
    """A row of buttons from (id, label) pairs; ``named``: each button's id is its test id too (``data-testid``)."""
    return {"type": "buttons", "items": [{"id": i, "label": label, "pressed": i == pressed, "testid": i if named else ""}
                                         for i, label in items]}


def link(href: str, text_: str, testid: str, follow: bool = False) -> dict:
    """A link to copy or follow, shown whole (the page draws a relative ``href`` as its full address); ``follow``:
    a link only to follow, shown as its words (an address nobody needs to read or send)."""
    return {"type": "link", "href": href, "text": text_, "testid": testid, "follow": follow}


def note(text_: str, tone: str = "info") -> dict:
    """A feedback line (``ok``, ``bad`` or ``info``), its Markdown rendered inline."""
    return {"type": "note", "tone": tone, "html": inline_html(text_)}


def table(head: list[str], rows: list[list[Any]]) -> dict:
    """A small table; cells are shown as text."""
    return {"type": "table", "head": head, "rows": [[str(c) for c in row] for row in rows]}


def number(id_: str, label: str, value: int, low: int, high: int) -> dict:
    """A number field the learner can change."""
    return {"type": "number", "id": id_, "label": label, "value": value, "min": low, "max": high}


def field(id_: str, label: str, button: str, value: str = "", max_length: int = 200) -> dict:
    """A line of text the reader types and sends with its button (or Enter)."""
    return {"type": "field", "id": id_, "label": label, "value": value, "button": button,
            "max": min(max_length, MAX_TEXT)}


def upload(id_: str, label: str, accept: str = ".json", max_chars: int = MAX_FILE) -> dict:
    """A file picker: each chosen file is sent as text (a longer one arrives cut past ``max_chars``)."""
    return {"type": "file", "id": id_, "label": label, "accept": accept, "max": min(max_chars, MAX_FILE)}


def image(src: str, alt: str) -> dict:
    """A picture the kernel made, as a ``data:`` address (nothing is fetched), with its words for readers."""
    if not src.startswith(IMAGE_TYPES):
        raise ValueError("An image block takes a base64 SVG or PNG data: address.")
    return {"type": "image", "src": src, "alt": alt}


class Prose(Panel):
    """Text from the catalogs, in the page's language: ``Prose("truco.lesson.intro")``."""

    def __init__(self, *keys: str, settings: Settings | None = None, **params: Any):
        self.text_keys, self.params = keys, params  # not ``keys``: ipywidgets uses that name
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """One Markdown block per key."""
        return [text(k, lang, **self.params) for k in self.text_keys]


class Quiz(Panel):
    """A question with answer buttons and feedback in words.

    ``choices`` are (id, label) pairs, a label being a catalog key, a function of the language (a
    seat's name) or a literal shown as is (numbers); ``answer`` is the right id; ``explain`` is the
    key of the sentence shown after any answer; ``extra(lang)`` may add blocks under the question
    (the cards asked about).
    """

    def __init__(self, question: str, choices: list[tuple[str, str | Callable[[str], str]]], answer: str, explain: str,
                 settings: Settings | None = None, extra: Callable[[str], list[dict]] | None = None,
                 **params: Any):
        if answer not in {c for c, _ in choices}:
            raise ValueError(f"The answer {answer!r} is not one of the choices.")
        self.question, self.choices, self.answer = question, choices, answer
        self.explain, self.params, self.extra = explain, params, extra or (lambda lang: [])
        self.given: str | None = None
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Question, optional extra blocks (e.g. the cards asked about), buttons, feedback."""
        def label(value: str | Callable[[str], str]) -> str:
            if callable(value):
                return value(lang)
            return i18n.translate(value, lang) if i18n.has(value) else value

        out = [text(self.question, lang, **self.params), *self.extra(lang),
               buttons([(c, label(v)) for c, v in self.choices], pressed=self.given)]
        if self.given is not None:
            right = self.given == self.answer
            verdict = i18n.translate("ui.quiz.right" if right else "ui.quiz.wrong", lang)
            out.append(note(f"{verdict} {i18n.translate(self.explain, lang, **self.params)}",
                            "ok" if right else "bad"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Record an answer that is one of the choices; anything else is a bad message."""
        if intent == "press" and content["id"] in {c for c, _ in self.choices}:
            self.given = content["id"]
        else:
            self.notice = i18n.translate("ui.panel.bad_message", self.lang)
