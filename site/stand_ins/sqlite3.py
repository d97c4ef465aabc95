"""Stand-in for the standard library's sqlite3, which only Pyodide's full release carries.

IPython imports sqlite3 at start-up and names a few of its classes; the Pyodide kernel turns IPython's
history off, so no database is ever opened. Opening one says plainly that there is none.
"""

PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


class Error(Exception):
    """Base of the errors below, as in the real module."""


class DatabaseError(Error):
    """Raised for any database problem."""


class OperationalError(DatabaseError):
    """Raised when a database cannot be opened."""


class IntegrityError(DatabaseError):
    """Raised when a constraint fails."""


class Connection:
    """The type IPython checks its history database against; never created here."""


def connect(*args, **kwargs):
    """There is no SQLite in this browser build."""
    raise OperationalError("SQLite is not part of this in-browser Python.")
