"""The teacher key: the hash the store keys a teacher's sets by, and the check against the hash that
class mode put in the kernels' environment (the key itself is never kept, logged or sent to a page).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from typing import Any, Mapping

from cardavia_nb.classroom.deals import ClassError, refused

HASH_ENV = "CARDAVIA_TEACHER_HASH"


def teacher_id(key: Any) -> str:
    """The store's key for a teacher key: its SHA-256 in hexadecimal (a malformed key is refused)."""
    if not isinstance(key, str) or not 16 <= len(key) <= 200 or not key.isprintable():
        raise refused("bad_key")
    return hashlib.sha256(key.encode()).hexdigest()


def teacher_ok(key: Any, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``key`` is the teacher key class mode was started with (its hash is in the environment)."""
    expected = environ.get(HASH_ENV, "")
    try:
        given = teacher_id(key)
    except ClassError:
        return False
    return bool(expected) and hmac.compare_digest(given, expected.strip().lower())
