"""A player's games on the page: the store's link that keeps a table's games (``keeper``) and *Your games*
(``panel``)."""
