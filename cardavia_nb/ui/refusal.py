"""The one exception of a turned-down intent: the table and its review both raise it, the table shows it."""

from __future__ import annotations

from cardavia_nb.core.text import Msg


class Refusal(Exception):
    """An intent the table turns down: carries the message shown as the table's notice."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


__all__ = ["Refusal"]
