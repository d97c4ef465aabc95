"""Teaching and rules text from Markdown to HTML, in the kernel, with a CommonMark library.

One renderer for every widget: markdown-it-py's CommonMark with raw HTML off, so a catalog text can
never inject markup. Headings move one level down (a text's ``#`` sits under the page's ``h1``),
links leave the page only for http(s) addresses, in a new tab, and the Chinese name of Pao De Kuai is
drawn from outlines shipped with the package (``DRAWN_WORDS``), with the text kept for screen readers.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import MD_ASCII_PUNCT

_GLYPHS = Path(__file__).parent / "glyphs"
# Words in scripts a reader's machine may have no font for, drawn as SVG shipped with the package.
DRAWN_WORDS = {"跑得快": "pao_de_kuai.svg"}


def _heading(self, tokens, idx, options, env):
    token = tokens[idx]
    token.tag = f"h{min(int(token.tag[1]) + 1, 6)}"
    return self.renderToken(tokens, idx, options, env)


def _link_open(self, tokens, idx, options, env):
    token = tokens[idx]
    if str(token.attrGet("href") or "").startswith(("http://", "https://")):
        token.attrSet("target", "_blank")
        token.attrSet("rel", "noopener noreferrer")
    return self.renderToken(tokens, idx, options, env)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False})
    for rule in ("heading_open", "heading_close"):
        md.add_render_rule(rule, _heading)
    md.add_render_rule("link_open", _link_open)
    return md


@lru_cache(maxsize=None)
def _drawn(word: str) -> str:
    svg = (_GLYPHS / DRAWN_WORDS[word]).read_text(encoding="utf-8")
    return svg[svg.index("<svg"):].strip()


def _draw_words(html: str) -> str:
    for word in DRAWN_WORDS:
        html = html.replace(word, _drawn(word))
    return html


@lru_cache(maxsize=4096)
def to_html(text: str) -> str:
    """The HTML of a Markdown text (cached: the same catalog texts are drawn again and again)."""
    return _draw_words(_parser().render(text))


@lru_cache(maxsize=4096)
def inline_html(text: str) -> str:
    """The HTML of one line of Markdown (emphasis, links), without a paragraph around it."""
    return _draw_words(_parser().renderInline(text))


def literal(text: str) -> str:
    """``text`` as Markdown that shows exactly ``text``: student text (a display name, a file's name) quoted in
    a sentence can never become an image, a link, emphasis or a block. Every character markdown-it-py counts as
    ASCII punctuation (``MD_ASCII_PUNCT``: CommonMark lets a backslash escape each of them) is escaped and a
    line break becomes a space. Hand-work over the library's own list: markdown-it-py renders but does not escape."""
    return "".join("\\" + c if ord(c) in MD_ASCII_PUNCT else " " if c in "\r\n" else c for c in text)
