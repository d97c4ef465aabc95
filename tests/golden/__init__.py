"""Golden games: recorded whole games replayed by ``tests/test_golden.py`` (regenerate with
``python -m tests.golden.regenerate``)."""
