"""What the table's words depend on besides the turn record: the game, the seat, the language, the level."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_nb import i18n
from cardavia_nb.core.game import Game
from cardavia_nb.core.text import Msg
from cardavia_nb.ui.table.adapters import Adapter, t


@dataclass(frozen=True)
class RenderContext:
    """What the snapshot needs besides the record: the game, its adapter, the human's seat, the
    page language, the computer players' level, the hints used, and the deal code (told at the end)."""

    game: Game
    adapter: Adapter
    human: int
    lang: str
    level: str
    hints: int = 0
    code: str | None = None

    @property
    def reader(self) -> i18n.Readers:
        """Who reads the table: the human's seat, with the other people's seats at a shared table (the adapter's)."""
        return self.adapter.reader(self.human)

    def name(self, seat: int | None) -> str:
        """A seat's name in the page language: "You" for the human, "Computer n" for the computers, "Player X"
        for the other people at a shared table."""
        return "" if seat is None else str(i18n.seat_name(seat, self.lang, reader=self.reader))

    def hints_text(self) -> str:
        """'Hints used: n' in the page language."""
        return t("table.hints_used", self.lang, n=self.hints)

    def text(self, msg: Msg) -> str:
        """A message in the page language, for the human seat."""
        return msg.text(self.lang, reader=self.reader)


__all__ = ["RenderContext"]
