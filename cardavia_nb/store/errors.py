"""The store's one error, apart from the database code so that pages without SQLAlchemy can catch it."""


class StoreError(RuntimeError):
    """The database could not be read or written; the details are in the server log, not in the text."""
