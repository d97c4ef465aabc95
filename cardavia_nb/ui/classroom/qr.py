"""A QR code of a link, made in the kernel (segno, pure Python) as a data: address: a class's phones
read the student link off the projector, and the page fetches nothing to show it."""

from __future__ import annotations

import base64
import io
from functools import lru_cache

SCALE = 8  # pixels per module of the SVG's own size (the page scales it to the screen)


@lru_cache(maxsize=32)
def qr_svg(text: str) -> str:
    """The QR code of ``text`` as a base64 SVG ``data:`` address (error correction M, the usual quiet zone);
    remembered, as the board draws the same set's code again at every change."""
    import segno  # here: a page that never shows a set (the browser edition) needs no segno

    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=SCALE, border=4, xmldecl=False,
                                                  dark="#000", light="#fff")
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode("ascii")
