"""Seeded, local randomness: every random choice comes from an RNG derived from explicit keys."""

from __future__ import annotations

import hashlib
import random

MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a whole number from 0 to 2**63-1, else raise a ValueError in words."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"A seed must be a whole number, not {type(seed).__name__} {seed!r}.")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"A seed must be between 0 and {MAX_SEED}; {seed} is outside.")
    return seed


def derive(*keys: object) -> int:
    """A 64-bit integer that depends only on ``keys`` (their repr), never on process state."""
    digest = hashlib.blake2b(repr(keys).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def rng(*keys: object) -> random.Random:
    """A fresh ``random.Random`` seeded from ``keys``: same keys, same sequence, in any process."""
    return random.Random(derive(*keys))
