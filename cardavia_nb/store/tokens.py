"""The keys a page holds: random tokens of 256 bits, and the hash under which the store keeps them.

The database never holds a token itself, only its SHA-256, so a copy of the file lets nobody resume
another player's games; a malformed token is refused before any query.
"""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 32
_FORMAT = re.compile(r"[A-Za-z0-9_-]{43}")


def new_token() -> str:
    """A fresh token: 256 random bits from the operating system, URL-safe text of 43 characters."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def check_token(token: object) -> str:
    """``token`` if it has the shape ``new_token`` gives, else a ValueError in words."""
    if not isinstance(token, str) or not _FORMAT.fullmatch(token):
        raise ValueError("This is not a player token: a token is 43 letters, digits, '-' or '_'.")
    return token


def token_key(token: str) -> str:
    """The store's key for a token: its SHA-256 in hexadecimal."""
    return hashlib.sha256(check_token(token).encode()).hexdigest()
