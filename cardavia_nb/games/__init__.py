"""The games, by name: look one up, rebuild the state a game record describes, or read a deal's end."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardavia_nb.core.game import Game
from cardavia_nb.core.record import Record, RecordError, replay
from cardavia_nb.core.text import Msg

# name -> "module:class"; imported on first use so loading one game does not load the others.
REGISTRY = {
    "truco": "cardavia_nb.games.truco:Truco",
    "pao_de_kuai": "cardavia_nb.games.pao_de_kuai:PaoDeKuai",
    "french_tarot": "cardavia_nb.games.french_tarot:FrenchTarot",
}


def get(name: str, **options: Any) -> Game:
    """The game called ``name`` with ``options``; a ValueError names the games that exist."""
    target = REGISTRY.get(name)
    if target is None:
        raise ValueError(f"There is no game {name!r}; the games are {', '.join(REGISTRY)}.")
    module, cls = target.split(":")
    return getattr(import_module(module), cls)(**options)


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


def deal_over(game: Game, state: Any) -> bool:
    """Whether the deal the state is in has ended (a Truco match goes on with the next deal)."""
    if game.name == "truco":
        from cardavia_nb.games.truco import DEAL_OVER, MATCH_OVER
        return state.phase in (DEAL_OVER, MATCH_OVER)
    return state.to_act is None


def deal_points(game: Game, state: Any) -> tuple[float, ...]:
    """Each seat's points in the finished deal: in Truco those made in this deal (not the match's
    score), elsewhere the deal's payoffs."""
    if game.name == "truco":
        return tuple(now - then for now, then in zip(state.scores, state.start_scores))
    return tuple(game.result(state).payoffs)
