"""Card names in words: the import path the UI modules use for ``card_name`` (defined in
``cardavia_nb.i18n`` beside ``translate``, which needs it; importing it from there keeps one-way imports)."""

from cardavia_nb.i18n import card_name

__all__ = ["card_name"]
