"""A class without a store (the browser edition has no database): an open set's deals played in this page only.

It answers the few questions of ``classroom.Classes`` that a student's page asks, from memory: the
open code alone deals the set, each finished deal is replayed and scored by ``classroom.deals.played`` exactly as
the store would, and the results file (``results_file``) carries them to the teacher's board.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.core.record import Record
from cardavia_nb.classroom.deals import ClassSet, check_name, parse_open, played, refused


class LocalClasses:
    """The student's side of ``Classes`` for open sets, kept in this kernel's memory (one student)."""

    def __init__(self, store: Any = None) -> None:
        """Nobody has joined yet; ``store`` is the page's own (the browser edition's), if any."""
        self.store = store
        self.name: str | None = None
        self.playing: int | None = None
        self.scores: dict[int, float] = {}

    def find(self, code: Any) -> ClassSet | None:
        """An open code's set; a server set's code means nothing without its store."""
        return parse_open(code)

    def join(self, cls: ClassSet, token: str, name: Any) -> str:
        """Take ``name`` (checked as the store checks it); the first name given is kept."""
        if self.name is None:
            self.name = check_name(name)
        return self.name

    def student(self, cls: ClassSet, token: str) -> dict[str, Any] | None:
        """This page's place in the set, None before it joined."""
        if self.name is None:
            return None
        return {"name": self.name, "done": sorted(self.scores), "playing": self.playing}

    def started(self, cls: ClassSet, token: str, deal: int) -> None:
        """The deal begun."""
        self.playing = deal

    def finish(self, cls: ClassSet, token: str, deal: int, record: Record, high: float | None = None) -> bool:
        """Replay the kernel's record as the set's deal and keep its score; False when already finished."""
        if self.name is None:
            raise refused("not_joined")
        if deal in self.scores:
            return False
        self.scores[deal] = played(cls, deal, record).score
        self.playing = None
        return True

    def reviewed(self, cls: ClassSet, token: str, deal: int, mistakes: list[dict]) -> None:
        """The review's summary stays on this page (there is no board to give it to)."""

    def results(self, cls: ClassSet, token: str, deal: int) -> list[dict[str, Any]] | None:
        """This student's own result of a finished deal (nobody else's is known here), else None."""
        if deal not in self.scores:
            return None
        return [{"name": self.name, "score": self.scores[deal], "beaten": None, "you": True}]

    def kept(self, token: str, game: str) -> list[str]:
        """The records the page's own store keeps under the token (the panel keeps the set's finished deals)."""
        return [] if self.store is None else list(self.store.records(token))

    def forget(self, token: str, game_id: int) -> None:
        """Nothing to forget: the page's own store holds this browser's games only, under its one token."""
