"""The store's errors, apart from the database code so that pages without SQLAlchemy can catch it."""

from cardavia_nb.core.text import Msg


class StoreError(RuntimeError):
    """The database could not be read or written; the details are in the server log, not in the text."""


class Refused(ValueError):
    """A request the store's work refused in words (the class's ``ClassError``, a room's ``RoomError``): the
    store's guard lets it pass as it is, never as a StoreError."""

    def __init__(self, msg: Msg):
        """The reason as a message; ``str()`` is its English sentence."""
        self.msg = msg
        super().__init__(msg.text("en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.msg.text(lang)
