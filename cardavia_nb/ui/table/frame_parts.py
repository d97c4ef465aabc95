"""The parts of a table's one ``frame`` trait, read by name (kernel side), and the one way to change them."""

from __future__ import annotations

from typing import Any


class FrameParts:
    """``view``, ``log``, ``steps``, ``seq`` and ``selection`` of the table's frame (mixed into ``Table``)."""

    frame: dict[str, Any]

    @property
    def view(self) -> dict[str, Any]:
        """The human seat's snapshot now (the frame's ``view``)."""
        return self.frame.get("view", {})

    @property
    def log(self) -> list[str]:
        """The last log lines in the page language."""
        return self.frame.get("log", [])

    @property
    def steps(self) -> list[dict[str, Any]]:
        """The snapshots the page animates for the last update (empty when there is nothing to animate)."""
        return self.frame.get("steps", [])

    @property
    def seq(self) -> int:
        """The commit counter: bumped once per new table state (the page animates when it changes)."""
        return self.frame.get("seq", 0)

    @property
    def selection(self) -> dict[str, Any]:
        """The engine's verdict on the cards the player picked (``{cards, ok, action, text}``)."""
        return self.frame.get("selection", {})

    def _commit(self, **parts: Any) -> None:
        """Replace parts of the frame in one trait change (the page's one commit signal)."""
        self.frame = {**self.frame, **parts}
