"""What attaches to a table: the review, the store's keeper, the class panel. Each is a ``Companion`` the table
tells of its game through four calls and whose own intents it routes, so that no part reaches into another's
attributes, and a table has no hooks of its own for any of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Mapping

if TYPE_CHECKING:  # the table imports this module: only its type is named here
    from cardavia_nb.ui.table.widget import Table

Handler = Callable[[dict], None]


class Companion:
    """A part that follows one table: ``Table.attach(part)``. The table calls ``began`` when a game of the
    player's begins (a new deal or a class deal, not a game brought back), ``moved`` after every committed
    move (a game brought back included), ``deal_ended`` after the move that ended a deal, ``gate`` with
    every intent before it is handled, and ``attached`` once, first. A practice deal taken over from the
    review is told only to the parts that say ``follows_practice``: it is never kept, written to a class or
    counted."""

    follows_practice: ClassVar[bool] = False

    def attached(self, table: "Table") -> None:
        """Attached to ``table`` (``Table.attach``): from now on it is told of the table's games."""

    def intents(self) -> Mapping[str, Handler]:
        """The intents this part owns, by type: the table routes them here."""
        return {}

    def gate(self, kind: str, content: dict) -> bool:
        """See an intent first: raise ``Refusal`` to refuse it in words, return True once handled here."""
        return False

    def began(self, table: "Table") -> None:
        """A new game of the player's is on the table (its first state drawn next, by ``moved``)."""

    def moved(self, table: "Table") -> None:
        """The table's game moved (a person's move and the computers' answers), or came back."""

    def deal_ended(self, table: "Table") -> None:
        """The last move ended a deal (Truco: one deal of the match; the others: the game)."""


__all__ = ["Companion", "Handler"]
