"""What a panel block reads as on the page: its HTML without tags (the tests' view of teaching text)."""

from __future__ import annotations

from html.parser import HTMLParser


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        label = dict(attrs).get("aria-label")
        if label:  # a word drawn as SVG reads as its label
            self.parts.append(label)


def visible_text(html: str) -> str:
    """The words some HTML shows (entities decoded, tags dropped, drawn words by their label)."""
    parser = _Text()
    parser.feed(html)
    return "".join(parser.parts)


def block_text(block: dict) -> str:
    """The visible words of a ``md`` or ``note`` block."""
    return visible_text(block["html"]).strip()
