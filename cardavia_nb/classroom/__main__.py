"""``python -m cardavia_nb.classroom``: class mode's server command (``classroom.server``), what `make class` runs."""

from cardavia_nb.classroom.server import main

main()
