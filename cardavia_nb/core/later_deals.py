"""The deals a game deals after its first one (Tarot's after four passes, each deal of a Truco match after the
first): a record gives them to ``Game.new`` so that no change of shuffle changes them; once the given ones
run out, the seed deals as before. The engines keep the ones still to come in their state.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

Deal = TypeVar("Deal")


def checked(given: Any, key: str, most: int, form: Mapping[str, str], check: Callable[..., Deal]) -> tuple[Deal, ...]:
    """``new``'s ``key`` argument as deals: at most ``most`` dicts of ``form``'s keys, each ``check``-ed; else a ValueError."""
    if not isinstance(given, (list, tuple)) or len(given) > most:
        raise ValueError(f"The {key} are a list of at most {most} deals.")
    if not all(isinstance(deal, dict) and set(deal) == set(form) for deal in given):
        shape = ", ".join(f'"{name}": {what}' for name, what in form.items())
        raise ValueError(f"Each of the {key} is {{{shape}}}.")
    return tuple(check(*(deal[name] for name in form)) for deal in given)


def next_deal(given: tuple, shuffled: Callable[[], Deal]) -> tuple[Deal, tuple]:
    """The next deal, the first of the ``given`` ones while any are left, else ``shuffled()``; and those left."""
    return (given[0], given[1:]) if given else (shuffled(), ())


def dealt_after(given: tuple, count: int, shuffled: Callable[[int], Deal]) -> list[Deal]:
    """The ``count`` deals dealt after the first: the ``given`` ones in turn, then ``shuffled(k)`` for the k-th (from 1)."""
    return [given[k] if k < len(given) else shuffled(k + 1) for k in range(count)]


def with_deals(setup: dict[str, Any], key: str, deals: Sequence[Deal],
               write: Callable[[Deal], dict[str, Any]]) -> dict[str, Any]:
    """``setup`` with ``deals`` written under ``key`` (each by ``write``), or as it is when there are none."""
    return {**setup, key: [write(deal) for deal in deals]} if deals else setup


__all__ = ["checked", "dealt_after", "next_deal", "with_deals"]
