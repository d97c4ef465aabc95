"""Reviews of fixed records kept on disk: a lesson's worked example is judged once per version of the code,
not again at every page load (a Tarot page opened 3 s sooner, a class of 30 spared 30 such reviews).

The key is the record, the options and a digest of the package's own source, so any change to a rule, a
player or the judge gives a new key and the review is judged again. ``$CARDAVIA_CACHE`` names the folder
(default: the user's cache folder); ``off`` keeps nothing, and neither does the browser edition. A folder
that cannot be read or written only costs the time: the review is judged as if nothing were kept.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

from cardavia_nb.core.record import Record
from cardavia_nb.review.report import Review, review

ENV = "CARDAVIA_CACHE"
PACKAGE = Path(__file__).resolve().parents[1]


def folder() -> Path | None:
    """Where kept reviews live, or None when ``$CARDAVIA_CACHE`` is ``off`` or in the browser edition."""
    where = os.environ.get(ENV, "")
    if where == "off" or sys.platform == "emscripten":  # the browser edition's disk lasts one page
        return None
    if where:
        return Path(where)
    import platformdirs  # Jupyter's own dependency; not needed unless a review is kept

    return Path(platformdirs.user_cache_dir("cardavia_nb"))


@functools.cache
def code_digest() -> str:
    """A digest of every Python file of the package: a new version of the code never reads an old review."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def kept_review(record: Record, seat: int | None = None, **options) -> Review:
    """``review(record, seat, **options)``, read from disk when this code has judged it before, else
    judged and written there."""
    where = folder()
    if where is None:
        return review(record, seat, **options)
    key = hashlib.sha256(f"{code_digest()}\0{record.to_json()}\0{seat!r}\0{sorted(options.items())!r}".encode())
    path = where / "reviews" / f"{key.hexdigest()}.pickle"
    try:
        found = pickle.loads(path.read_bytes())
        if isinstance(found, Review):
            return found
    except Exception:  # noqa: BLE001 - missing, cut short or unreadable: judge it again
        pass
    judged = review(record, seat, **options)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".part", delete=False) as out:
            out.write(pickle.dumps(judged))
        os.replace(out.name, path)  # whole or not at all, even with 30 kernels writing at once
    except OSError:
        pass
    return judged
