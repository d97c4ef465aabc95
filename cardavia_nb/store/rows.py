"""What every store hands out, with no database code: a stored game (``Saved``) and its statuses, so that
the SQL store and the browser's store give the same rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

PLAYING, OVER, LEFT = "playing", "over", "left"
OUTCOMES = ("won", "lost", "drawn")


@dataclass(frozen=True)
class Saved:
    """One stored game as its owner may see it."""

    id: int
    game: str
    level: str
    seat: int
    status: str
    class_deal: bool  # a class's deal, kept apart from the player's own games
    record: str
    moves: int
    deals: int
    points: float | None
    outcome: str | None
    started: datetime
    updated: datetime

    @property
    def over(self) -> bool:
        """Whether the game was finished (only a finished game is counted, or reviewed)."""
        return self.status == OVER


def check_outcome(outcome: str | None) -> None:
    """A ValueError in words unless ``outcome`` is None or one of OUTCOMES."""
    if outcome is not None and outcome not in OUTCOMES:
        raise ValueError(f"An outcome is one of {', '.join(OUTCOMES)}, not {outcome!r}.")
