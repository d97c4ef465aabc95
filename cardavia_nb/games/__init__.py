"""The games, by name: look one up, or rebuild the state a game record describes."""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.core.kit import Kit
from cardavia_nb.core.record import Record, RecordError, replay
from cardavia_nb.core.text import Msg
from cardavia_nb.games.kits import KITS

# name -> the game's kit (``games/kits.py``); its parts are imported on first use, so loading one game does not
# load the others.
REGISTRY = KITS


def kit(name: str) -> Kit:
    """The kit of the game called ``name``; a ValueError names the games that exist."""
    found = REGISTRY.get(name)
    if found is None:
        raise ValueError(f"There is no game {name!r}; the games are {', '.join(REGISTRY)}.")
    return found


def get(name: str, **options: Any) -> Game:
    """The game called ``name`` with ``options``; a ValueError names the games that exist."""
    found = kit(name)
    return found.part(found.engine)(**options)


def load(record: Record | str) -> tuple[Game, Any]:
    """The game and final state of a record (a Record or its JSON text)."""
    if isinstance(record, str):
        record = Record.from_json(record)
    if record.game not in REGISTRY:
        raise RecordError(Msg.of("record.unknown_game", game=record.game))
    try:
        game = get(record.game, **record.options)
    except ValueError:
        raise RecordError(Msg.of("record.other_options")) from None
    return game, replay(game, record)
