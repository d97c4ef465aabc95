"""Game records: (game, options, seed, setup, action ids) as JSON, replayed to the identical state."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cardavia_nb.core.game import Game, IllegalAction
from cardavia_nb.core.rng import check_seed

FORMAT = "cardavia-record/1"


class RecordError(ValueError):
    """A record that is malformed, belongs to another game, or contains a move that is not legal."""


@dataclass(frozen=True)
class Record:
    """Everything needed to reproduce a game exactly; the unit of saving and sharing a deal."""

    game: str
    seed: int
    actions: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] | None = None

    def to_json(self) -> str:
        """The record as a JSON text (stable key order)."""
        data = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "actions": list(self.actions),
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """Parse a record, saying in words what is wrong with a corrupt one."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise RecordError(f"This is not a game record: it is not valid JSON ({err}).") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"This is not a game record: it lacks \"format\": \"{FORMAT}\".")
        game, actions = data.get("game"), data.get("actions")
        options, setup = data.get("options", {}), data.get("setup")
        if not isinstance(game, str):
            raise RecordError("The record does not say which game it is (\"game\" must be a name).")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("The record's \"actions\" must be a list of action ids (strings).")
        if not isinstance(options, dict) or not (setup is None or isinstance(setup, dict)):
            raise RecordError("The record's \"options\" and \"setup\" must be JSON objects.")
        try:
            seed = check_seed(data.get("seed"))
        except ValueError as err:
            raise RecordError(f"The record's seed is unusable: {err}") from None
        return cls(game, seed, tuple(actions), options, setup)


def replay(game: Game, record: Record, upto: int | None = None) -> Any:
    """The state after the record's first ``upto`` actions (all by default) under ``game``."""
    if record.game != game.name:
        raise RecordError(f"This record is a {record.game} game; it cannot be replayed as {game.name}.")
    if record.options != game.options:
        raise RecordError(
            f"The record was played with options {record.options}, not {game.options}."
        )
    try:
        state = game.new(record.seed, **(record.setup or {}))
    except (TypeError, ValueError) as err:
        raise RecordError(f"The record's setup is unusable: {err}") from None
    for step, action_id in enumerate(record.actions[:upto], start=1):
        try:
            state = game.apply(state, action_id)
        except IllegalAction as err:
            raise RecordError(f"Move {step} ({action_id!r}) cannot be replayed: {err}") from None
    return state
