"""Seeded, local randomness: every random choice comes from an RNG derived from explicit keys."""

from __future__ import annotations

import hashlib
import random
import secrets

MAX_SEED = 2**64 - 1
_DERIVED_MASK = 2**63 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a whole number from 0 to 2**64-1, else raise a ValueError in words."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"A seed must be a whole number, not {type(seed).__name__} {seed!r}.")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"A seed must be a whole number from 0 to {MAX_SEED:,}; {seed:,} is outside.")
    return seed


def fresh_seed() -> int:
    """A new 64-bit seed from the operating system: no player can guess a deal from its own cards."""
    return secrets.randbits(64)


def derive(*keys: object) -> int:
    """A 63-bit integer that depends only on ``keys`` (their repr), never on process state."""
    digest = hashlib.blake2b(repr(keys).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & _DERIVED_MASK


def rng(*keys: object) -> random.Random:
    """A fresh ``random.Random`` seeded from ``keys``: same keys, same sequence, in any process."""
    return random.Random(derive(*keys))
