"""The store's errors, apart from the database code so that pages without SQLAlchemy can catch it."""


class StoreError(RuntimeError):
    """The database could not be read or written; the details are in the server log, not in the text."""


class Refused(ValueError):
    """A request the store's work refused in words (the class's ``ClassError`` is one): the store's guard
    lets it pass as it is, never as a StoreError."""
